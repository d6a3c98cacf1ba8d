"""The report's plots, drawn by matplotlib (its object API: no pyplot state, no display) and
written as SVG with the text kept as text, so that the HTML page holds them inline and works
offline; in a notebook the same functions give Figures.

- findings per 1,000 hands by site and category, and over time (UTC days), stacked bars in
  one fixed colour-blind-safe colour per category (`CATEGORY_COLORS`);
- net won per player over the player's hands, one panel per unit (a currency, or one
  tournament's chips: never added together);
- pot sizes, one panel per currency and one for tournament chips, on a log scale (pots
  run from a few cents to thousands)."""

from __future__ import annotations

import io
import re
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MaxNLocator

from ..model import Category
from ..output.safe import safe
from .figures import NO_CURRENCY, normalised, seat_figures

_RC: Any = {"svg.fonttype": "none", "svg.hashsalt": "hhaudit", "font.size": 9,
       "axes.spines.top": False, "axes.spines.right": False}


def _figure(width: float, height: float) -> Figure:
    import matplotlib

    with matplotlib.rc_context(_RC):
        return Figure(figsize=(width, height), layout="constrained")


def svg(fig: Figure, title: str) -> str:
    """A figure as an inline `<svg>` element (no XML prolog), with a title for readers."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context(_RC):
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": "hhaudit (matplotlib)"})
    text = buf.getvalue()
    text = text[text.index("<svg"):]
    from html import escape

    return re.sub(r"<svg ", f"<svg role='img' aria-label='{escape(title, quote=True)}' ", text, count=1)


# One colour per category, the same in every plot: the Okabe-Ito palette (made to be told
# apart with the common colour-vision deficiencies) for the first eight, then Paul Tol's
# muted scheme, its bars hatched as well so that no two categories look alike.
_OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000")
_TOL_MUTED = ("#332288", "#88CCEE", "#44AA99", "#999933", "#CC6677", "#882255", "#DDCC77", "#AA4499")
CATEGORY_COLORS: dict[str, tuple[str, str]] = {
    c.value: ((_OKABE_ITO + _TOL_MUTED)[i], "" if i < len(_OKABE_ITO) else "//")
    for i, c in enumerate(Category)
}
"""Each category's colour and hatch."""


def _style(category: str) -> dict[str, Any]:
    color, hatch = CATEGORY_COLORS.get(category, ("#999999", ".."))
    return {"color": color, "hatch": hatch, "edgecolor": "#ffffff" if not hatch else "#333333", "linewidth": 0.3}


def _rates(tables: dict[str, pd.DataFrame], by: str) -> pd.DataFrame:
    """Findings per 1,000 hands, per value of the hands' column `by` (rows) and category
    (columns), for the values with findings."""
    h = tables["hands"]
    f = tables["findings"]
    col = h[by] if by != "day" else h["started_at"].dt.strftime("%Y-%m-%d")
    hands = col.value_counts()
    fh = f.merge(pd.DataFrame({"hand_id": h["hand_id"], "source": h["source"], "_by": col}),
                 on=["hand_id", "source"], how="left")
    counts = fh.dropna(subset=["_by"]).groupby(["_by", "category"], observed=True).size().unstack(fill_value=0)
    counts = counts.loc[:, counts.sum() > 0]
    return counts.mul(1000).div(hands.reindex(counts.index), axis=0)


def findings_by_site(tables: dict[str, pd.DataFrame]) -> Figure | None:
    """Findings per 1,000 hands per site, each bar split by category: sites of very
    different sizes compared by rate."""
    if tables["findings"].empty:
        return None
    r = _rates(tables, "site")
    if r.empty:
        return None
    r = r.loc[r.sum(axis=1).sort_values().index]
    # as tall as its bars, or as its legend (a row a category) where that is taller: a few
    # sites with many categories would otherwise leave the axes no height at all
    fig = _figure(8, max(0.9 + 0.28 * len(r), 0.7 + 0.2 * len(r.columns)))
    ax = fig.add_subplot()
    y = np.arange(len(r))
    left = np.zeros(len(r))
    for cat in r.columns:
        values = r[cat].to_numpy(dtype=float)
        ax.barh(y, values, left=left, label=safe(cat), height=0.7, **_style(str(cat)))
        left += values
    ax.set_yticks(y, [safe(s) for s in r.index])
    ax.set_xlabel("findings per 1,000 hands")
    ax.set_title("Findings per 1,000 hands, by site and category")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    return fig


def findings_over_time(tables: dict[str, pd.DataFrame]) -> Figure | None:
    """Findings per 1,000 hands of each UTC day with hands, stacked by category (the days
    evenly spaced: a day without hands has no rate and no bar)."""
    if tables["findings"].empty:
        return None
    r = _rates(tables, "day").sort_index()
    if r.empty:
        return None
    days = list(r.index)
    fig = _figure(8, 3.2)
    ax = fig.add_subplot()
    x = np.arange(len(days))
    bottom = np.zeros(len(days))
    for cat in r.columns:
        values = r[cat].to_numpy(dtype=float)
        ax.bar(x, values, bottom=bottom, label=safe(cat), width=0.8, **_style(str(cat)))
        bottom += values
    step = max(1, len(days) // 10)
    ax.set_xticks(x[::step], [days[i] for i in range(0, len(days), step)], rotation=30, ha="right")
    ax.set_ylabel("findings per 1,000 hands")
    ax.set_title("Findings per 1,000 hands over time (UTC days with hands)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    return fig


def net_over_hands(tables: dict[str, pd.DataFrame], top: int = 6, panels: int = 4) -> Figure | None:
    """Cumulative net won against the player's n-th hand, for the players with most hands in
    each of the `panels` units with most seats (anonymised seat labels left out)."""
    d = seat_figures(tables)
    d = d[~d["label"]]
    if d.empty:
        return None
    d["net_u"] = (d["net"].astype("Float64") / (10 ** d["scale"].astype("Float64"))).fillna(0).astype(float)
    units = d["unit"].value_counts().index[:panels].tolist()
    fig = _figure(8, 2.6 * len(units))
    axes = fig.subplots(len(units), 1, squeeze=False)[:, 0]
    many_sites = d["site"].nunique() > 1
    for ax, unit in zip(axes, units):
        du = d[d["unit"] == unit]
        who = du["player"].map(safe) + ((" (" + du["site"].map(safe) + ")") if many_sites else "")
        sizes = who.value_counts()
        chosen = sorted(sizes.index, key=lambda w: (-sizes[w], w))[:top]
        for w in chosen:
            series = np.concatenate([[0.0], du.loc[who == w, "net_u"].cumsum().to_numpy()])
            ax.plot(np.arange(len(series)), series, label=w, linewidth=1.6,
                    marker="o" if len(series) <= 12 else None, markersize=3)
        ax.axhline(0, color="#999", linewidth=0.8)
        ax.set_title(f"Net won per player over hands: {unit}" + (" (cash)" if "chips" not in unit else ""))
        ax.set_xlabel("hands played")
        ax.set_ylabel(f"net won ({unit})")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    return fig


def pot_sizes(tables: dict[str, pd.DataFrame], panels: int = 3) -> Figure | None:
    """Histogram of pot amounts in printed units on log-spaced bins, one panel per cash
    currency and one for tournament chips (the panels with most pots)."""
    t = normalised(tables) if "unit" not in tables["hands"] else tables
    p = t["pots"].merge(t["hands"][["hand_id", "source", "scale", "kind", "currency"]],
                        on=["hand_id", "source"], how="left")
    if p.empty:
        return None
    cur = p["currency"].astype("string").fillna("").replace("", NO_CURRENCY)
    p["panel"] = cur.where(p["kind"].astype("string") != "tournament", "tournament chips")
    p["u"] = (p["amount"].astype("Float64") / (10 ** p["scale"].astype("Float64"))).astype(float)
    p = p[p["u"] > 0]
    if p.empty:
        return None
    names = p["panel"].value_counts().index[:panels].tolist()
    fig = _figure(8, 2.4 * len(names))
    axes = fig.subplots(len(names), 1, squeeze=False)[:, 0]
    for ax, name in zip(axes, names):
        vals = p.loc[p["panel"] == name, "u"].to_numpy()
        lo, hi = float(vals.min()), float(vals.max())
        bins = np.geomspace(lo, hi * 1.0001, 25) if hi > lo else np.array([lo / 1.5, lo * 1.5])
        ax.hist(vals, bins=bins, color="#4e79a7")
        ax.set_xscale("log")
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:,g}"))
        ax.xaxis.set_minor_formatter(FuncFormatter(lambda v, _pos: ""))
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(f"Pot sizes: {name} ({len(vals):,} pots)")
        ax.set_xlabel(f"pot ({name}, log scale)")
        ax.set_ylabel("pots")
    return fig
