"""The text layout: one line a finding, ruff's `path:line: CODE message`, followed by what
the rules expected and what the log did, and the hand's id (for `hhaudit show`):

    hands.txt:11: MR01 A raise below the minimum. (expected minimum raise is to 750; actual raised to 600) [hand 100000000002]

With `show_source`, the log line follows, numbered, with a caret line under its text.

A finding that follows from an earlier one of the same hand (`caused_by`) is not printed
on a line of its own: its cause's line ends with how many follow it ("+6 follow-on
findings"); the dataset and the other layouts hold every finding."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import TextIO

from . import Row
from . import detail as expected_actual
from .safe import safe


def finding_line(r: Row) -> str:
    """A finding as one line of text (every field from the input escaped)."""
    where = f"{safe(r.source)}:{r.line}" if r.line is not None else safe(r.source)
    detail = safe(expected_actual(r.expected, r.actual))
    text = f"{where}: {safe(r.rule)} {safe(r.message or r.name)}"
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


def folded(rows: Iterator[Row]) -> Iterator[tuple[Row, int]]:
    """The root findings, each with the number of findings that follow from it (the rows of
    one hand come together: its follow-ons after their cause)."""
    hand: list[Row] = []
    for r in rows:
        if hand and (r.hand_id != hand[0].hand_id or r.source != hand[0].source):
            yield from _fold_hand(hand)
            hand = []
        hand.append(r)
    yield from _fold_hand(hand)


def _fold_hand(rows: list[Row]) -> Iterator[tuple[Row, int]]:
    roots = [r for r in rows if r.caused_by is None]
    counts = [0] * len(roots)
    for r in rows:
        if r.caused_by is not None:
            k = next((i for i, x in enumerate(roots) if x.seq == r.caused_by), None)
            if k is None:  # its cause was not kept (`--select`): a root of its own here
                roots.append(r)
                counts.append(0)
            else:
                counts[k] += 1
    yield from zip(roots, counts)


def write_text(rows: Iterator[Row], stream: TextIO, *, show_source: bool = False) -> int:
    n = 0
    lines: SourceLines | None = None
    for r, follow in folded(rows):
        n += 1
        more = f" (+{follow} follow-on finding{'s' if follow > 1 else ''})" if follow else ""
        stream.write(finding_line(r) + more + "\n")
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
