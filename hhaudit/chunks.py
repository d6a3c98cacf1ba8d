"""The lines of one hand as the splitters gather them, bounded by `hhaudit.limits`.

A hand longer than the limits is not kept: its lines are counted and dropped as they come,
and what goes on is its first line and its size, which `parsing.read_hand` turns into a
`parse_error` hand with a PA03 finding.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .limits import MAX_HAND_CHARS, MAX_HAND_LINES


class HandLines(list[str]):
    """A hand's lines as a format's `split` gathers them: past the limits the lines are
    counted and dropped, not kept (`over`), so one enormous hand cannot exhaust memory; such
    a hand becomes a `parse_error` with its first line (PA03)."""

    n_lines: int
    """Lines given to `append`, kept or not."""
    n_chars: int
    """Characters given to `append`, kept or not."""

    def __init__(self, lines: Iterable[str] = ()) -> None:
        super().__init__(lines)
        self.n_lines = len(self)
        self.n_chars = sum(len(x) for x in self)

    def append(self, line: str) -> None:
        self.n_lines += 1
        self.n_chars += len(line)
        if self.n_lines <= MAX_HAND_LINES and self.n_chars <= MAX_HAND_CHARS:
            list.append(self, line)

    @property
    def over(self) -> bool:
        return self.n_lines > MAX_HAND_LINES or self.n_chars > MAX_HAND_CHARS

    @classmethod
    def oversized(cls, head: str, lines: int, chars: int) -> HandLines:
        """The lines given for a hand past the limits: its first line and its sizes."""
        out = cls([head])
        out.n_lines, out.n_chars = lines, chars
        return out


class Oversized(str):
    """A hand longer than the limits, in place of its text: its first line, and how many
    lines and characters it has (the rest of its text was read and dropped)."""

    lines: int
    chars: int

    def __new__(cls, head: str, lines: int, chars: int) -> Oversized:  # noqa: PYI034
        self = super().__new__(cls, head)
        self.lines = lines
        self.chars = chars
        return self

    def __reduce__(self) -> Any:  # the attributes survive the trip to a worker process
        return Oversized, (str(self), self.lines, self.chars)
