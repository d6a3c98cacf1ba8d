"""The report in the terminal: each section a rich table, every cell plain text (names from
the logs are never read as markup, and their control characters are escaped)."""

from __future__ import annotations

from typing import Any, Literal

import pandas as pd
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..output.safe import safe

_TERMINAL_ROWS = {"worst hands": 20, "players": 25, "findings by table": 15, "sessions": 20}
_TERMINAL_DROP = {"worst hands": ("expected", "actual")}
"""Columns the terminal leaves to `hhaudit show` and the HTML report (the message names the
amounts at issue)."""
HTML_ROWS = 500
"""Rows of a table the HTML index shows (its findings table shows every finding)."""
_IN_HTML_WHOLE = {"worst hands": "the HTML report's findings table lists every finding"}
"""Tables the HTML index replaces by one that holds every row."""
_IDS = {"hand_id", "hand", "first hand", "last hand", "session", "session_id"}
"""Columns of ids, printed whole on one line (to paste into `hhaudit show`)."""
_PATHS = {"file", "source"}
"""Columns of paths, printed from the common root of the table's paths."""


def more_rows(title: str, total: int, shown: int) -> str | None:
    """The note under a table cut at `shown` rows: how many more there are and where to see
    them, no more than the HTML report shows."""
    if total <= shown:
        return None
    more = total - shown
    if title in _IN_HTML_WHOLE:
        return f"{more:,} more rows: {_IN_HTML_WHOLE[title]}"
    if total <= HTML_ROWS:
        return f"{more:,} more rows in the HTML report"
    return f"{more:,} more rows; the HTML report shows {HTML_ROWS - shown:,} of them"


def common_root(paths: list[str]) -> str:
    """The folder every path is under ("" when they share none, or there is one file)."""
    import os

    folders = {os.path.dirname(p) for p in paths if p}
    if not folders:
        return ""
    try:
        root = os.path.commonpath(sorted(folders))
    except ValueError:  # absolute and relative paths mixed
        return ""
    return "" if root in ("", ".") else root


def shortened(paths: pd.Series, root: str) -> pd.Series:
    if not root:
        return paths
    cut = len(root) + 1
    return paths.map(lambda p: p[cut:] if isinstance(p, str) and p.startswith(root + "/") else p)


def fmt(v: Any) -> str:
    if v is None or (not isinstance(v, (list, tuple)) and pd.isna(v)):
        return ""
    if isinstance(v, float):
        return f"{v:,.2f}"
    if isinstance(v, int) and not isinstance(v, bool):
        return f"{v:,}"
    if isinstance(v, pd.Timestamp):
        return str(v.strftime("%Y-%m-%d %H:%M"))
    return str(v)


def numeric(s: pd.Series) -> bool:
    return pd.api.types.is_numeric_dtype(s) and not pd.api.types.is_bool_dtype(s)


def _min_width(c: str, values: list[str], whole: bool) -> int:
    """A column's narrowest: its longest value when kept whole (ids, numbers), else its
    header's longest word (headers do not break inside a word), at most 12."""
    if whole:
        return max([len(w) for w in str(c).split()] + [len(v) for v in values])
    return min(12, max([len(w) for w in str(c).split()] + [1]))


def _short_path(path: str, most: int = 36) -> str:
    """A path cut to its last components when longer than `most` (the file name whole)."""
    if len(path) <= most:
        return path
    parts = path.split("/")
    out = parts[-1]
    for part in reversed(parts[:-1]):
        if len(part) + 1 + len(out) + 2 > most:
            break
        out = part + "/" + out
    return ".../" + out


_WIDEST = {"message": 72}
"""Columns that may be wider than 40 characters when the console has room."""


def _allot(columns: list[Any], cells: dict[Any, list[str]], least: dict[Any, int], whole: dict[Any, bool],
           room: int) -> dict[Any, int]:
    """Each column's width: its least, then what room is left shared among the columns
    that fold, towards each one's widest cell (at most 40)."""
    want = {c: max(least[c], len(str(c))) if whole[c]
            else min(_WIDEST.get(str(c), 40), max([least[c], len(str(c))] + [len(v) for v in cells[c]]))
            for c in columns}
    widths = dict(least)
    spare = room - sum(least[c] for c in columns)
    while spare > 0:
        short = [c for c in columns if widths[c] < want[c]]
        if not short:
            break
        for c in short:
            if spare <= 0:
                break
            widths[c] += 1
            spare -= 1
    return widths


def print_report(parts: dict[str, pd.DataFrame], console: Console) -> None:
    """Each section a table as wide as the console at most: long text folds, ids and
    numbers never split (ids are pasted into `hhaudit show`), paths printed from their
    common root; the columns that do not fit are left out, and named."""
    width = console.width
    for title, df in parts.items():
        df = df.drop(columns=[c for c in _TERMINAL_DROP.get(title, ()) if c in df])
        limit = _TERMINAL_ROWS.get(title, 40)
        head = df.head(limit).copy()
        notes = [n for n in [more_rows(title, len(df), limit)] if n]
        for c in head.columns:
            if c in _PATHS and len(head):
                root = common_root([str(v) for v in head[c].dropna()])
                head[c] = shortened(head[c].astype(object), root).map(
                    lambda v: _short_path(v) if isinstance(v, str) else v)
                if root:
                    notes.append(f"{c}s under {safe(root)}/")
        cells = {c: [safe(fmt(v)) for v in head[c]] for c in head.columns}
        whole = {c: c in _IDS or numeric(df[c]) for c in head.columns}
        least = {c: _min_width(str(c), cells[c], whole[c]) for c in head.columns}
        columns = list(head.columns)
        left_out: list[str] = []
        while len(columns) > 2 and sum(least[c] for c in columns) + 3 * len(columns) + 1 > width:
            left_out.insert(0, str(columns.pop()))
        if left_out:
            notes.append("not shown at this width: " + ", ".join(left_out))
        widths = _allot(columns, cells, least, whole, width - 3 * len(columns) - 1)
        t = Table()
        for c in columns:
            right: Literal["right", "left"] = "right" if numeric(df[c]) else "left"
            # an id is never split (nor its header, as wide); a number's column is as wide
            # as its widest number, so only its header may wrap (between words)
            t.add_column(Text(str(c)), justify=right, width=widths[c], no_wrap=c in _IDS,
                         overflow="ellipsis" if c in _IDS else "fold")
        for i in range(len(head)):
            t.add_row(*(Text(cells[c][i]) for c in columns))
        if df.empty:
            t.add_row(*(["-"] * len(columns)))
        # the title and the notes as lines of their own: a table's title and caption wrap at
        # the table's width, however narrow
        console.print(Text(title, style="bold"))
        console.print(t)
        for note in notes:
            console.print(Text(note))
