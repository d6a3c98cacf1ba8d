"""The report in the terminal: each section a rich table, every cell plain text (names from
the logs are never read as markup, and their control characters are escaped)."""

from __future__ import annotations

from typing import Any

import pandas as pd
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..output.safe import safe

_TERMINAL_ROWS = {"worst hands": 20, "players": 25, "findings by table": 15, "sessions": 20}
_TERMINAL_DROP = {"worst hands": ("message",)}


def fmt(v: Any) -> str:
    if v is None or (not isinstance(v, (list, tuple)) and pd.isna(v)):
        return ""
    if isinstance(v, float):
        return f"{v:,.2f}"
    if isinstance(v, int) and not isinstance(v, bool):
        return f"{v:,}"
    return str(v)


def numeric(s: pd.Series) -> bool:
    return pd.api.types.is_numeric_dtype(s) and not pd.api.types.is_bool_dtype(s)


def print_report(parts: dict[str, pd.DataFrame], console: Console) -> None:
    for title, df in parts.items():
        df = df.drop(columns=[c for c in _TERMINAL_DROP.get(title, ()) if c in df])
        limit = _TERMINAL_ROWS.get(title, 40)
        caption = f"{len(df) - limit} more rows in the HTML report" if len(df) > limit else None
        t = Table(title=Text(title, style="bold"), title_justify="left", caption=caption,
                  caption_justify="left")
        for c in df.columns:
            t.add_column(Text(str(c)), justify="right" if numeric(df[c]) else "left",
                         overflow="fold", max_width=40)
        for row in df.head(limit).itertuples(index=False):
            t.add_row(*(Text(safe(fmt(v))) for v in row))
        if df.empty:
            t.add_row(*(["-"] * len(df.columns)))
        console.print(t)
