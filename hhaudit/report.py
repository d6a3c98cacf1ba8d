"""`hhaudit report`: summary tables of a dataset (terminal, with rich) and one self-contained
HTML page with the same tables and inline SVG plots (no network, no JavaScript).

Every money figure is shown in printed units (`amount / 10**scale`); the dataset keeps its
integers. Definitions of the player figures are in docs/dataset.md ("Report figures")."""

from __future__ import annotations

import html as _html
import math
import os
from pathlib import PurePath
from typing import Any

import pandas as pd
from rich.console import Console
from rich.table import Table

from .api import read

VOLUNTARY = ("fold", "check", "call", "bet", "raise")
NO_CURRENCY = "(none)"
PLAYER_COLUMNS = ["player", "site", "currency", "hands", "vpip", "pfr", "three_bet", "wtsd", "wsd",
                  "net", "rake_paid", "findings"]


def _units(values: pd.Series, scale: pd.Series) -> pd.Series:
    return values.astype("Float64") / (10 ** scale.astype("Float64"))


def _pct(num: pd.Series, den: pd.Series) -> pd.Series:
    den = den.astype("Float64")
    return (num.astype("Float64") * 100 / den.where(den > 0)).round(1)


def seat_figures(tables: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """One row per seat dealt in: the seats columns plus currency, scale, three_bet_opp,
    three_bet, went_to_showdown, won_at_showdown, rake_paid (chips, float: an attribution)."""
    seats = tables["seats"]
    hands = tables["hands"][["hand_id", "source", "site", "currency", "scale", "rake"]]
    key = ["hand_id", "source"]
    dealt = seats[seats["position"].astype("string") != "out"].merge(hands, on=key, how="left")
    a = tables["actions"]
    a = a[a["seat"].notna()]
    # 3-bet: the second pre-flop raise (the big blind counting as the first bet); a seat had
    # the chance when it acted pre-flop facing exactly one raise.
    pre = a[(a["street"].astype("string") == "preflop")
            & a["action"].astype("string").isin(VOLUNTARY)].copy()
    pre["raise"] = pre["action"].astype("string").isin(("raise", "bet")).astype(int)
    pre["before"] = pre.groupby(key, sort=False)["raise"].cumsum() - pre["raise"]
    pre["opp"] = pre["before"] == 1
    pre["three"] = pre["opp"] & (pre["raise"] == 1)
    tb = pre.groupby(key + ["seat"], sort=False)[["opp", "three"]].any().reset_index()
    folded = a[a["action"].astype("string") == "fold"][key + ["seat"]].drop_duplicates()
    folded = folded.assign(folded=True)
    dealt = dealt.merge(tb, on=key + ["seat"], how="left").merge(folded, on=key + ["seat"], how="left")
    dealt["three_bet_opp"] = dealt["opp"].fillna(False).astype(bool)
    dealt["three_bet"] = dealt["three"].fillna(False).astype(bool)
    dealt["folded"] = dealt["folded"].fillna(False).astype(bool)
    live = (~dealt["folded"]).groupby([dealt["hand_id"], dealt["source"]], sort=False).transform("sum")
    dealt["went_to_showdown"] = (~dealt["folded"]) & (live >= 2)
    dealt["won_at_showdown"] = dealt["went_to_showdown"] & (dealt["collected"].fillna(0) > 0)
    put = dealt.groupby(key, sort=False)["contributed"].transform("sum").astype("Float64")
    share = dealt["contributed"].astype("Float64") / put.where(put > 0)
    dealt["rake_paid"] = (dealt["rake"].fillna(0).astype("Float64") * share).fillna(0.0)
    return dealt.drop(columns=["opp", "three"])


def player_stats(tables: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """Per player, site and currency: hands dealt in; VPIP, PFR, 3-bet, WTSD and W$SD in percent;
    net won and rake paid in printed units; findings naming the player."""
    d = seat_figures(tables)
    if d.empty:
        return pd.DataFrame(columns=PLAYER_COLUMNS)
    d["currency"] = d["currency"].astype("string").fillna(NO_CURRENCY).replace("", NO_CURRENCY)
    d["net_u"] = _units(d["net"], d["scale"])
    d["rake_u"] = d["rake_paid"].astype("Float64") / (10 ** d["scale"].astype("Float64"))
    d["site"] = d["site"].astype("string").fillna("")
    g = d.groupby(["player", "site", "currency"], sort=False)
    out = pd.DataFrame({
        "hands": g.size(),
        "vpip": _pct(g["vpip"].sum(), g.size()),
        "pfr": _pct(g["pfr"].sum(), g.size()),
        "three_bet": _pct(g["three_bet"].sum(), g["three_bet_opp"].sum()),
        "wtsd": _pct(g["went_to_showdown"].sum(), g.size()),
        "wsd": _pct(g["won_at_showdown"].sum(), g["went_to_showdown"].sum()),
        "net": g["net_u"].sum().round(2),
        "rake_paid": g["rake_u"].sum().round(2),
    })
    f = tables["findings"]
    f = f[f["player"].notna()].merge(tables["hands"][["hand_id", "source", "site", "currency"]],
                                     on=["hand_id", "source"], how="left")
    f["currency"] = f["currency"].astype("string").fillna(NO_CURRENCY).replace("", NO_CURRENCY)
    f["site"] = f["site"].astype("string").fillna("")
    counts = f.groupby(["player", "site", "currency"]).size()
    out["findings"] = counts.reindex(out.index).fillna(0).astype(int)
    out = out.reset_index()
    return out.sort_values(["hands", "player"], ascending=[False, True], kind="stable").reset_index(drop=True)


def _count(df: pd.DataFrame, by: list[str], name: str = "findings") -> pd.DataFrame:
    out = df.groupby(by, observed=True, dropna=False).size().rename(name).reset_index()
    return out.sort_values(name, ascending=False, kind="stable").reset_index(drop=True)


def summaries(tables: dict[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    """The report's sections, each a DataFrame, in display order."""
    h, f, p = tables["hands"], tables["findings"], tables["pots"]
    key = ["hand_id", "source"]
    out: dict[str, pd.DataFrame] = {}
    out["hands by site and status"] = h.groupby(["site", "status"], observed=True).size() \
        .rename("hands").reset_index()
    pots = p.merge(h[key + ["currency", "scale"]], on=key, how="left")
    if not pots.empty:
        pots["currency"] = pots["currency"].astype("string").fillna(NO_CURRENCY).replace("", NO_CURRENCY)
        pots["amount_u"] = _units(pots["amount"], pots["scale"])
        hh = h[h["status"] == "audited"].copy()
        hh["currency"] = hh["currency"].astype("string").fillna(NO_CURRENCY).replace("", NO_CURRENCY)
        hh["pot_u"] = _units(hh["total_pot"].fillna(0), hh["scale"])
        hh["rake_u"] = _units(hh["rake"].fillna(0), hh["scale"])
        g = pots.groupby("currency", sort=True)
        ok = pots["ok"]
        t = pd.DataFrame({
            "pots": g.size(),
            "judged": g["ok"].count(),
            "ok": (ok == True).groupby(pots["currency"]).sum(),  # noqa: E712
            "wrong": (ok == False).groupby(pots["currency"]).sum(),  # noqa: E712
            "not judged": ok.isna().groupby(pots["currency"]).sum(),
            "pot total": g["amount_u"].sum().round(2),
        })
        hg = hh.groupby("currency")
        t["hands"] = hg.size().reindex(t.index).fillna(0).astype(int)
        t["stated pots"] = hg["pot_u"].sum().reindex(t.index).round(2)
        t["rake"] = hg["rake_u"].sum().reindex(t.index).round(2)
        out["pots audited"] = t.reset_index()
    if not f.empty:
        fh = f.merge(h[key + ["site", "table_name", "started_at"]], on=key, how="left")
        hands_of = fh.groupby(["category"], observed=True).apply(
            lambda x: len(x[key].drop_duplicates()), include_groups=False)
        cat = _count(f, ["category", "severity"])
        cat["hands"] = cat["category"].map(hands_of).astype(int)
        out["findings by category"] = cat
        out["findings by rule"] = _count(f, ["rule", "name", "category"])
        out["findings by site"] = _count(fh, ["site"])
        out["findings by table"] = _count(fh, ["site", "table_name"])
        day = fh["started_at"].dt.strftime("%Y-%m-%d").fillna("(no date)")
        days = fh.assign(day=day).groupby("day").size().rename("findings").reset_index()
        out["findings by day (UTC)"] = days
        first = f.sort_values(["line", "seq"], kind="stable", na_position="first") \
            .groupby(key, sort=False).head(1)
        order = h[key].reset_index(drop=True).reset_index().rename(columns={"index": "order"})
        worst = f.groupby(key, sort=False).size().rename("findings").reset_index() \
            .merge(first[key + ["rule", "line", "player", "expected", "actual", "message"]], on=key) \
            .merge(h[key + ["site"]], on=key, how="left").merge(order, on=key, how="left") \
            .sort_values(["findings", "order"], ascending=[False, True], kind="stable")
        worst["file"] = worst["source"].map(lambda s: PurePath(str(s)).name)
        out["worst hands"] = worst[["site", "hand_id", "file", "findings", "rule", "line", "player",
                                    "expected", "actual", "message"]].reset_index(drop=True)
    out["players"] = player_stats(tables)
    return out


# --------------------------------------------------------------------------- terminal

_TERMINAL_ROWS = {"worst hands": 20, "players": 25, "findings by table": 15}
_TERMINAL_DROP = {"worst hands": ("message",)}


def _fmt(v: Any) -> str:
    if v is None or (not isinstance(v, (list, tuple)) and pd.isna(v)):
        return ""
    if isinstance(v, float):
        return f"{v:,.2f}"
    if isinstance(v, int) and not isinstance(v, bool):
        return f"{v:,}"
    return str(v)


def _numeric(s: pd.Series) -> bool:
    return pd.api.types.is_numeric_dtype(s) and not pd.api.types.is_bool_dtype(s)


def print_report(parts: dict[str, pd.DataFrame], console: Console) -> None:
    for title, df in parts.items():
        df = df.drop(columns=[c for c in _TERMINAL_DROP.get(title, ()) if c in df])
        limit = _TERMINAL_ROWS.get(title, 40)
        caption = f"{len(df) - limit} more rows in the HTML report" if len(df) > limit else None
        t = Table(title=title, title_justify="left", title_style="bold", caption=caption,
                  caption_justify="left")
        for c in df.columns:
            t.add_column(str(c), justify="right" if _numeric(df[c]) else "left",
                         overflow="fold", max_width=40)
        for row in df.head(limit).itertuples(index=False):
            t.add_row(*(_fmt(v) for v in row))
        if df.empty:
            t.add_row(*(["-"] * len(df.columns)))
        console.print(t)


def report(out_dir: str | os.PathLike[str], *, html: str | None = None, console: Console | None = None) -> int:
    tables = read(out_dir)
    con = console or Console(width=None if os.isatty(1) else 160)
    parts = summaries(tables)
    print_report(parts, con)
    if html:
        write_html(parts, tables, html, title=f"hhaudit report: {PurePath(str(out_dir)).name}")
        con.print(f"HTML report written to {html}")
    return 0


# --------------------------------------------------------------------------- HTML + SVG

PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
           "#ff9da7", "#9c755f", "#bab0ac", "#1f77b4", "#8c564b", "#17becf"]


def _e(x: Any) -> str:
    return _html.escape(str(x), quote=True)


def nice_ticks(lo: float, hi: float, n: int = 5, integer: bool = False) -> list[float]:
    """Round tick values covering [lo, hi] (whole numbers only if `integer`)."""
    if not math.isfinite(lo) or not math.isfinite(hi):
        return [0.0]
    if hi == lo:
        hi = lo + 1
    raw = (hi - lo) / max(n, 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    if integer:
        step = max(1.0, math.ceil(step))
    start = math.floor(lo / step) * step
    ticks = []
    v = start
    while v <= hi + step * 1e-9:
        ticks.append(round(v, 10))
        v += step
    if ticks[-1] < hi:
        ticks.append(round(v, 10))
    return ticks


def _num(v: float) -> str:
    return f"{v:,.0f}" if abs(v) >= 100 or v == int(v) else f"{v:,.2f}".rstrip("0").rstrip(".")


class _Plot:
    """A plot area with axes: data coordinates to SVG pixels."""

    W, H, L, R, T, B = 760, 320, 70, 170, 20, 60

    def __init__(self, xlo: float, xhi: float, ylo: float, yhi: float, counts: bool = False) -> None:
        self.yt = nice_ticks(ylo, yhi, integer=counts)
        self.ylo, self.yhi = self.yt[0], self.yt[-1]
        self.xlo, self.xhi = xlo, xhi if xhi > xlo else xlo + 1
        self.parts: list[str] = []

    def x(self, v: float) -> float:
        return self.L + (v - self.xlo) / (self.xhi - self.xlo) * (self.W - self.L - self.R)

    def y(self, v: float) -> float:
        return self.H - self.B - (v - self.ylo) / (self.yhi - self.ylo) * (self.H - self.T - self.B)

    def axes(self, xlabel: str, ylabel: str, xticks: list[tuple[float, str]]) -> None:
        p = self.parts
        x0, x1 = self.L, self.W - self.R
        for t in self.yt:
            y = self.y(t)
            p.append(f"<line x1='{x0}' y1='{y:.1f}' x2='{x1}' y2='{y:.1f}' stroke='#e5e5e5'/>"
                     f"<text x='{x0 - 6}' y='{y + 4:.1f}' text-anchor='end'>{_e(_num(t))}</text>")
        y0 = self.H - self.B
        p.append(f"<line x1='{x0}' y1='{y0}' x2='{x1}' y2='{y0}' stroke='#333'/>"
                 f"<line x1='{x0}' y1='{self.T}' x2='{x0}' y2='{y0}' stroke='#333'/>")
        for v, label in xticks:
            x = self.x(v)
            p.append(f"<line x1='{x:.1f}' y1='{y0}' x2='{x:.1f}' y2='{y0 + 4}' stroke='#333'/>"
                     f"<text x='{x:.1f}' y='{y0 + 16}' text-anchor='middle'>{_e(label)}</text>")
        p.append(f"<text x='{(x0 + x1) / 2}' y='{self.H - 12}' text-anchor='middle'>{_e(xlabel)}</text>"
                 f"<text transform='translate(14 {(self.T + y0) / 2}) rotate(-90)' "
                 f"text-anchor='middle'>{_e(ylabel)}</text>")

    def legend(self, items: list[tuple[str, str]]) -> None:
        x = self.W - self.R + 12
        for i, (label, color) in enumerate(items[:14]):
            y = self.T + 6 + i * 18
            self.parts.append(f"<rect x='{x}' y='{y}' width='12' height='12' fill='{color}'/>"
                              f"<text x='{x + 18}' y='{y + 10}'>{_e(label[:26])}</text>")

    def svg(self, title: str) -> str:
        return (f"<svg xmlns='http://www.w3.org/2000/svg' role='img' aria-label='{_e(title)}' "
                f"width='{self.W}' height='{self.H}' viewBox='0 0 {self.W} {self.H}' "
                f"font-family='sans-serif' font-size='11'><title>{_e(title)}</title>"
                + "".join(self.parts) + "</svg>")


def findings_over_time_svg(tables: dict[str, pd.DataFrame]) -> str:
    """Stacked bars: findings per UTC day and category (hands without a date in one last bar)."""
    f = tables["findings"]
    title = "Findings per category over time (UTC days)"
    if f.empty:
        return f"<h2>{_e(title)}</h2><p class='none'>No findings.</p>"
    fh = f.merge(tables["hands"][["hand_id", "source", "started_at"]], on=["hand_id", "source"], how="left")
    fh["day"] = fh["started_at"].dt.strftime("%Y-%m-%d").fillna("(no date)")
    counts = fh.groupby(["day", "category"], observed=True).size().unstack(fill_value=0)
    days = sorted(d for d in counts.index if d != "(no date)")
    if "(no date)" in counts.index:
        days.append("(no date)")
    counts = counts.reindex(days)
    cats = [c for c in counts.columns if counts[c].sum() > 0]
    colors = {c: PALETTE[i % len(PALETTE)] for i, c in enumerate(cats)}
    plot = _Plot(-0.5, len(days) - 0.5, 0, float(counts.sum(axis=1).max()), counts=True)
    step = max(1, len(days) // 8)
    plot.axes("day", "findings", [(i, d) for i, d in enumerate(days) if i % step == 0])
    bw = max(2.0, min(40.0, (plot.W - plot.L - plot.R) / max(len(days), 1) * 0.7))
    for i, d in enumerate(days):
        base = 0.0
        for c in cats:
            n = float(counts.loc[d, c])
            if n <= 0:
                continue
            y1, y0 = plot.y(base + n), plot.y(base)
            plot.parts.append(f"<rect class='bar' x='{plot.x(i) - bw / 2:.1f}' y='{y1:.1f}' width='{bw:.1f}' "
                              f"height='{y0 - y1:.1f}' fill='{colors[c]}'><title>{_e(d)}: {_e(c)} {int(n)}"
                              f"</title></rect>")
            base += n
    plot.legend([(str(c), colors[c]) for c in cats])
    return f"<h2>{_e(title)}</h2>" + plot.svg(title)


def net_over_hands_svg(tables: dict[str, pd.DataFrame], top: int = 8) -> str:
    """Cumulative net won (printed units) per player against the player's n-th hand, for the
    players with most hands, one line each (site and currency in the legend)."""
    title = "Net won per player over hands"
    seats = tables["seats"]
    d = seats[seats["position"].astype("string") != "out"].merge(
        tables["hands"][["hand_id", "source", "scale", "currency", "site"]], on=["hand_id", "source"], how="left")
    if d.empty:
        return f"<h2>{_e(title)}</h2><p class='none'>No seats.</p>"
    cur = d["currency"].astype("string").fillna("")
    site = d["site"].astype("string").fillna("")
    many = site.nunique() > 1
    d["who"] = d["player"].astype("string") + [
        (f" ({s}{' ' if s and c else ''}{c})" if (s or c) else "")
        for s, c in zip(site if many else [""] * len(d), cur)]
    d["net_u"] = _units(d["net"], d["scale"]).fillna(0)
    sizes = d.groupby("who", sort=False).size()
    chosen = sorted(sizes.index, key=lambda w: (-sizes[w], w))[:top]
    series = {}
    for w in chosen:
        cum = d.loc[d["who"] == w, "net_u"].astype(float).cumsum().tolist()
        series[w] = [0.0] + cum
    ymin = min(min(v) for v in series.values())
    ymax = max(max(v) for v in series.values())
    nmax = max(len(v) - 1 for v in series.values())
    plot = _Plot(0, nmax, min(ymin, 0), max(ymax, 0))
    plot.axes("hands played", "net won (printed units)",
              [(t, _num(t)) for t in nice_ticks(0, nmax) if t <= nmax])
    zero = plot.y(0)
    plot.parts.append(f"<line x1='{plot.L}' y1='{zero:.1f}' x2='{plot.W - plot.R}' y2='{zero:.1f}' stroke='#999'/>")
    items = []
    for i, (w, vals) in enumerate(series.items()):
        color = PALETTE[i % len(PALETTE)]
        pts = " ".join(f"{plot.x(k):.1f},{plot.y(v):.1f}" for k, v in enumerate(vals))
        plot.parts.append(f"<polyline class='line' fill='none' stroke='{color}' stroke-width='2' "
                          f"points='{pts}'><title>{_e(w)}: {_num(vals[-1])} after {len(vals) - 1} hands"
                          f"</title></polyline>")
        items.append((str(w), color))
    plot.legend(items)
    return f"<h2>{_e(title)}</h2>" + plot.svg(title)


def pot_sizes_svg(tables: dict[str, pd.DataFrame], bins: int = 20) -> str:
    """Histogram of pot amounts (printed units), one per currency (the three with most pots)."""
    title = "Pot-size distribution"
    p = tables["pots"].merge(tables["hands"][["hand_id", "source", "scale", "currency"]],
                             on=["hand_id", "source"], how="left")
    if p.empty:
        return f"<h2>{_e(title)}</h2><p class='none'>No pots.</p>"
    p["currency"] = p["currency"].astype("string").fillna(NO_CURRENCY).replace("", NO_CURRENCY)
    p["u"] = _units(p["amount"], p["scale"])
    out = [f"<h2>{_e(title)}</h2>"]
    for cur in p["currency"].value_counts().index[:3]:
        vals = p.loc[p["currency"] == cur, "u"].dropna().astype(float)
        if vals.empty:
            continue
        edges = nice_ticks(0.0, float(vals.max()), bins)
        counts = pd.cut(vals, edges, include_lowest=True).value_counts(sort=False).tolist()
        plot = _Plot(edges[0], edges[-1], 0, float(max(counts) or 1), counts=True)
        xt = nice_ticks(edges[0], edges[-1], 6)
        plot.axes(f"pot ({cur})", "pots", [(t, _num(t)) for t in xt if t <= edges[-1]])
        for i, c in enumerate(counts):
            if c == 0:
                continue
            x0, x1 = plot.x(edges[i]), plot.x(edges[i + 1])
            y1 = plot.y(c)
            plot.parts.append(f"<rect class='bar' x='{x0 + 0.5:.1f}' y='{y1:.1f}' width='{max(x1 - x0 - 1, 1):.1f}' "
                              f"height='{plot.y(0) - y1:.1f}' fill='#4e79a7'><title>{_num(edges[i])} to "
                              f"{_num(edges[i + 1])}: {c} pots</title></rect>")
        t = f"{title}, {cur} ({len(vals)} pots)"
        out.append(f"<h3>{_e(cur)}: {len(vals):,} pots</h3>" + plot.svg(t))
    return "".join(out)


def _html_table(df: pd.DataFrame, limit: int = 500) -> str:
    head = "".join(f"<th>{_e(c)}</th>" for c in df.columns)
    nums = [_numeric(df[c]) for c in df.columns]
    rows = []
    for row in df.head(limit).itertuples(index=False):
        cells = "".join(f"<td class='n'>{_e(_fmt(v))}</td>" if n else f"<td>{_e(_fmt(v))}</td>"
                        for v, n in zip(row, nums))
        rows.append(f"<tr>{cells}</tr>")
    more = f"<p class='more'>{len(df) - limit:,} more rows not shown.</p>" if len(df) > limit else ""
    return f"<table class='t'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>{more}"


def write_html(parts: dict[str, pd.DataFrame], tables: dict[str, pd.DataFrame], path: str | os.PathLike[str],
               *, title: str = "hhaudit report") -> None:
    """One self-contained page: the report's tables and inline SVG plots (no network)."""
    body = [f"<h1>{_e(title)}</h1>"]
    h = tables["hands"]
    body.append(f"<p>{len(h):,} hands, {len(tables['findings']):,} findings, {len(tables['pots']):,} pots. "
                "Money in printed units (amount / 10<sup>scale</sup>).</p>")
    body.append(findings_over_time_svg(tables))
    body.append(net_over_hands_svg(tables))
    body.append(pot_sizes_svg(tables))
    for name, df in parts.items():
        body.append(f"<h2>{_e(name)}</h2>")
        body.append(_html_table(df) if not df.empty else "<p class='none'>None.</p>")
    page = ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{_e(title)}</title><style>"
            "body{font-family:sans-serif;margin:2em;color:#222}"
            "table.t{border-collapse:collapse;margin-bottom:1em}"
            "table.t td,table.t th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left;"
            "vertical-align:top;max-width:40em}"
            "table.t th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-nums}"
            "svg{display:block;margin-bottom:1em}"
            "</style></head><body>" + "\n".join(body) + "</body></html>")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page)
