"""The text layout: one line a finding, ruff's `path:line:col: CODE` then the severity and
the message, followed by what the rules expected and what the log did, and the hand's id
(for `hhaudit show`):

    hands.txt:11:1: MR01 error Hugo (seat 7) raised to 600; the least raise was to 750 (expected minimum raise is to 750; actual raised to 600) [hand 100000000002]

The column is that of the text at fault where the reader knows it (an unreadable line's),
else 1. The rows come sorted by file, then line (`sorted_by_line`). A finding that follows
from another of its hand (`caused_by`) is counted under its cause rather than printed:

    hands.txt:25:1: AC03 error ... [hand 7]
        +2 follow-on findings: AC02 error, WN01 error

With `show_source`, the log line follows, numbered, with a caret line under its text.

A finding that follows from an earlier one of the same hand (`caused_by`) is not printed
on a line of its own: its cause's line ends with how many follow it ("+6 follow-on
findings"); the dataset and the other layouts hold every finding."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator
from typing import TextIO

from . import Row
from . import detail as expected_actual
from .safe import safe

_COLUMN = re.compile(r"column (\d+)\b")


def column(r: Row) -> int:
    """The column of the text at fault: an unreadable line's (`column N: ...` in PA01's
    `actual`), else 1 (the finding is about the whole line)."""
    if r.rule == "PA01" and r.actual:
        m = _COLUMN.match(r.actual)
        if m:
            return max(1, int(m.group(1)))
    return 1


def finding_line(r: Row) -> str:
    """A finding as one line of text (every field from the input escaped)."""
    where = f"{safe(r.source)}:{r.line}:{column(r)}" if r.line is not None else safe(r.source)
    detail = safe(expected_actual(r.expected, r.actual))
    text = f"{where}: {safe(r.rule)} {safe(r.severity)} {safe(r.message or r.name)}"
    if detail:
        text += f" ({detail})"
    return text + f" [hand {safe(r.hand_id)}]"


class SourceLines:
    """Lines of one input file, read forward with a window of recent lines kept, so that a
    file of any size costs bounded memory; a line before the window reopens the file."""

    WINDOW = 4096

    def __init__(self, path: str) -> None:
        self.path = path
        self._lines: Iterator[str] | None = None
        self._recent: deque[tuple[int, str]] = deque(maxlen=self.WINDOW)
        self._at = 0
        self.readable = True

    def _open(self) -> None:
        from ..reading import iter_lines

        try:
            stream = open(self.path, "rb")  # noqa: SIM115 (closed when the iterator is)
        except OSError:
            self.readable = False
            return
        self._lines = iter_lines(stream)
        self._recent.clear()
        self._at = 0

    def get(self, number: int) -> str | None:
        if not self.readable or number < 1:
            return None
        if self._lines is None or number <= self._at - self.WINDOW:
            self._open()
            if self._lines is None:
                return None
        if number <= self._at:
            for n, text in self._recent:
                if n == number:
                    return text
            return None
        for text in self._lines:
            self._at += 1
            self._recent.append((self._at, text))
            if self._at == number:
                return text
        return None


def source_block(line: int, text: str, rule: str) -> list[str]:
    """The log line, numbered, with carets under its text and the rule's code after them."""
    shown = safe(text.rstrip())
    lead = len(shown) - len(shown.lstrip())
    width = len(str(line))
    pad = " " * width
    carets = " " * lead + "^" * max(1, len(shown) - lead)
    return [f"{pad} |", f"{line} | {shown}", f"{pad} | {carets} {rule}", f"{pad} |"]


def by_hand(rows: Iterator[Row]) -> Iterator[list[Row]]:
    """The rows of each hand together (a hand's rows are consecutive)."""
    group: list[Row] = []
    for r in rows:
        if group and (r.source != group[0].source or r.hand_id != group[0].hand_id):
            yield group
            group = []
        group.append(r)
    if group:
        yield group


def folded(hand: list[Row]) -> list[tuple[Row, list[Row]]]:
    """A hand's findings, each root finding with the follow-on findings it caused folded
    under it (`caused_by`: the `seq` of the cause, the first root finding at that `seq`; the
    pot audit's findings all have `seq` -1); a follow-on finding whose cause is not among
    them (`--select` left it out) stands alone."""
    first_at: dict[int, int] = {}
    for i, r in enumerate(hand):
        if r.caused_by is None and r.seq is not None:
            first_at.setdefault(r.seq, i)
    follow: dict[int, list[Row]] = {}
    alone: set[int] = set()
    for i, r in enumerate(hand):
        if r.caused_by is not None:
            k = first_at.get(r.caused_by)
            if k is None or k == i:
                alone.add(i)
            else:
                follow.setdefault(k, []).append(r)
    return [(r, follow.get(i, [])) for i, r in enumerate(hand) if r.caused_by is None or i in alone]


def write_text(rows: Iterator[Row], stream: TextIO, *, show_source: bool = False) -> int:
    """One line a finding; the follow-on findings of a cause counted under it, each code
    with its severity (`    +2 follow-on findings: AC02 error, WN01 error`). Returns the
    findings written, folded ones included."""
    n = 0
    lines: SourceLines | None = None
    for hand in by_hand(rows):
        for r, after in folded(hand):
            n += 1 + len(after)
            stream.write(finding_line(r) + "\n")
            if after:
                codes = ", ".join(dict.fromkeys(f"{safe(a.rule)} {safe(a.severity)}" for a in after))
                stream.write(f"    +{len(after)} follow-on finding{'s' if len(after) > 1 else ''}: {codes}\n")
            if not show_source or r.line is None:
                continue
            if lines is None or lines.path != r.source:
                lines = SourceLines(r.source)
            text = lines.get(r.line)
            if text is not None:
                stream.write("\n".join(source_block(r.line, text, safe(r.rule))) + "\n")
    return n


def columns(header: list[str], rows: list[list[str]]) -> str:
    """Rows as plain text columns, each as wide as its widest cell (the last one unpadded),
    every cell escaped: for the listings that must start fast (no rich)."""
    cells = [[safe(c) for c in header]] + [[safe(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    out = []
    for r in cells:
        out.append("  ".join(c.ljust(w) for c, w in zip(r[:-1], widths)) + ("  " if len(r) > 1 else "") + r[-1])
    return "\n".join(line.rstrip() for line in out) + "\n"
