"""`hhaudit report`: a dataset's figures in the terminal (rich tables) and, with `--html`, an
audit report in one offline folder: an index of every finding and a page per flagged hand.

- `figures`: the sections and the per-player figures as DataFrames, and the filters;
- `terminal`: the sections as rich tables;
- `plots`: the plots, drawn by matplotlib;
- `html`: the index page; `hands`: the hand pages."""

from __future__ import annotations

import os
from pathlib import PurePath

from .figures import filter_tables, player_stats, seat_figures, summaries

__all__ = ["filter_tables", "player_stats", "report", "seat_figures", "summaries"]


TERMINAL_COLUMNS = {
    "seats": ["hand_id", "source", "seat", "player", "position", "contributed", "collected", "net", "vpip", "pfr"],
    "actions": ["hand_id", "source", "seat", "street", "action"],
    "pots": ["hand_id", "source", "amount", "ok"],
}
"""The columns of the large tables the terminal report's figures and filters use (the HTML
report's hand pages need every column)."""


def report(out_dir: str | os.PathLike[str], *, html: str | None = None, console: object | None = None,
           all_hands: bool = False, profile: str | None = None, **filters: list[str] | str | None) -> int:
    """Print the report of a dataset (restricted by `filters`, see `filter_tables`) and
    write the HTML report when `html` is given."""
    from rich.console import Console

    from ..api import read_columns
    from .terminal import print_report

    if html:
        from ..errors import OutputRefused
        from .html import refusal

        why = refusal(html)
        if why:
            raise OutputRefused(why)
    tables = read_columns(out_dir, None if html else TERMINAL_COLUMNS)
    given = {k: v for k, v in filters.items() if v}
    t = filter_tables(tables, **given)  # type: ignore[arg-type]
    con = console if isinstance(console, Console) else Console(width=None if os.isatty(1) else 160, markup=False,
                                                               highlight=False)
    parts = summaries(t)
    print_report(parts, con)
    if html:
        from .html import write_report

        described = "; ".join(f"{k} {', '.join(v) if isinstance(v, list) else v}" for k, v in given.items())
        index = write_report(t, parts, html, title=f"hhaudit report: {PurePath(str(out_dir)).name}",
                             all_hands=all_hands, profile=profile, filters=described)
        con.print(f"HTML report written to {index}")
    return 0
