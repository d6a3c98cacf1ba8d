"""`hhaudit report`: summary tables of a dataset (terminal), and a self-contained HTML page."""

from __future__ import annotations

import html as _html
import os

import pandas as pd
from rich.console import Console
from rich.table import Table

from .api import read


def player_stats(tables: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """Per player: hands, VPIP, PFR, went to showdown, won at showdown, net won, findings."""
    seats = tables["seats"]
    hands = tables["hands"][["hand_id", "source", "scale", "rake"]]
    dealt = seats[seats["position"] != "out"].merge(hands, on=["hand_id", "source"], how="left")
    if dealt.empty:
        return pd.DataFrame(columns=["player", "hands", "vpip", "pfr", "wtsd", "wsd", "net", "findings"])
    dealt = dealt.assign(wtsd=dealt["showed"].astype(bool), wsd=dealt["showed"].astype(bool) & (dealt["net"] > 0),
                         net_units=dealt["net"].astype("Float64") / (10 ** dealt["scale"].astype("Float64")))
    g = dealt.groupby("player", observed=True)
    out = pd.DataFrame({
        "hands": g.size(),
        "vpip": (g["vpip"].mean() * 100).round(1),
        "pfr": (g["pfr"].mean() * 100).round(1),
        "wtsd": (g["wtsd"].mean() * 100).round(1),
        "wsd": g["wsd"].sum(),
        "net": g["net_units"].sum().round(2),
    })
    f = tables["findings"]
    involved = f.dropna(subset=["player"]).groupby("player", observed=True).size() if not f.empty else pd.Series(dtype=int)
    out["findings"] = involved.reindex(out.index).fillna(0).astype(int)
    return out.reset_index().sort_values("hands", ascending=False)


def summaries(tables: dict[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    h, f, p = tables["hands"], tables["findings"], tables["pots"]
    out: dict[str, pd.DataFrame] = {}
    out["hands by status"] = h.groupby(["site", "status"], observed=True).size().rename("hands").reset_index()
    if not f.empty:
        fh = f.merge(h[["hand_id", "source", "site", "table_name", "started_at"]], on=["hand_id", "source"], how="left")
        out["findings by category"] = f.groupby("category", observed=True).size().rename("findings").reset_index()
        out["findings by rule"] = f.groupby(["rule", "name"], observed=True).size().rename("findings").reset_index()
        out["findings by site"] = fh.groupby("site", observed=True).size().rename("findings").reset_index()
        out["findings by table"] = fh.groupby("table_name", observed=True).size().rename("findings").reset_index() \
            .sort_values("findings", ascending=False).head(20)
        day = fh["started_at"].dt.date if "started_at" in fh else None
        if day is not None:
            out["findings by day"] = fh.assign(day=day).groupby("day").size().rename("findings").reset_index()
        first = f.sort_values(["hand_id", "line"]).groupby(["hand_id", "source"], observed=True).first().reset_index()
        worst = f.groupby(["hand_id", "source"], observed=True).size().rename("findings").reset_index() \
            .merge(first[["hand_id", "source", "rule", "message", "expected", "actual"]], on=["hand_id", "source"]) \
            .sort_values("findings", ascending=False).head(20)
        out["worst hands"] = worst
    if not p.empty:
        out["pots audited"] = pd.DataFrame({
            "pots": [len(p)], "judged": [int(p["ok"].notna().sum())],
            "ok": [int((p["ok"] == True).sum())], "wrong": [int((p["ok"] == False).sum())],  # noqa: E712
        })
    out["players"] = player_stats(tables)
    return out


def report(out_dir: str | os.PathLike[str], *, html: str | None = None, console: Console | None = None) -> int:
    tables = read(out_dir)
    con = console or Console()
    parts = summaries(tables)
    for title, df in parts.items():
        t = Table(title=title, title_justify="left")
        for c in df.columns:
            t.add_column(str(c))
        for row in df.head(30).itertuples(index=False):
            t.add_row(*("" if pd.isna(v) else str(v) for v in row))
        con.print(t)
    if html:
        write_html(parts, tables, html)
        con.print(f"HTML report written to {html}")
    return 0


def write_html(parts: dict[str, pd.DataFrame], tables: dict[str, pd.DataFrame], path: str) -> None:
    """One self-contained page: tables and inline SVG plots, no network needed."""
    body = ["<h1>hhaudit report</h1>"]
    body.append(_bar_svg("Findings by category", parts.get("findings by category")))
    body.append(_hist_svg("Pot sizes (printed units)", tables))
    for title, df in parts.items():
        body.append(f"<h2>{_html.escape(title)}</h2>")
        body.append(df.head(200).to_html(index=False, na_rep="", border=0, classes="t"))
    page = ("<!doctype html><html><head><meta charset='utf-8'><title>hhaudit report</title><style>"
            "body{font-family:sans-serif;margin:2em}table.t{border-collapse:collapse}"
            "table.t td,table.t th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left}"
            "</style></head><body>" + "\n".join(body) + "</body></html>")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page)


def _bar_svg(title: str, df: pd.DataFrame | None) -> str:
    if df is None or df.empty:
        return f"<h2>{_html.escape(title)}</h2><p>No findings.</p>"
    rows = list(df.itertuples(index=False))
    top = max(int(r[1]) for r in rows) or 1
    bars = []
    for i, r in enumerate(rows):
        w = 400 * int(r[1]) / top
        bars.append(f"<text x='0' y='{i * 22 + 15}' font-size='12'>{_html.escape(str(r[0]))}</text>"
                    f"<rect x='130' y='{i * 22 + 3}' width='{w:.0f}' height='16' fill='#4a7'/>"
                    f"<text x='{135 + w:.0f}' y='{i * 22 + 15}' font-size='12'>{int(r[1])}</text>")
    return (f"<h2>{_html.escape(title)}</h2><svg role='img' width='600' height='{len(rows) * 22 + 10}'>"
            + "".join(bars) + "</svg>")


def _hist_svg(title: str, tables: dict[str, pd.DataFrame]) -> str:
    p = tables["pots"].merge(tables["hands"][["hand_id", "source", "scale"]], on=["hand_id", "source"])
    if p.empty:
        return ""
    vals = (p["amount"].astype("Float64") / (10 ** p["scale"].astype("Float64"))).dropna()
    if vals.empty:
        return ""
    counts, edges = pd.cut(vals, bins=20, retbins=True)[0].value_counts(sort=False), None
    top = int(counts.max()) or 1
    bars = "".join(f"<rect x='{i * 25}' y='{150 - 140 * int(c) / top:.0f}' width='22' height='{140 * int(c) / top:.0f}' fill='#47a'/>"
                   for i, c in enumerate(counts))
    del edges
    return f"<h2>{_html.escape(title)}</h2><svg role='img' width='520' height='160'>{bars}</svg>"
