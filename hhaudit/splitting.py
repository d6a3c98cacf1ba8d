"""Cutting a file's text into hands without a loop over its lines.

A format whose `split` is the line format's own (a hand starts at every line its `start`
pattern matches) can be split on the decoded text itself: a search for a line break followed
by what a hand's first line starts with finds the candidates, each line a candidate covers
is checked with `start` as `split` checks lines, and the text between two hands' first lines
becomes that hand's lines. `split_hands` gives exactly what `fmt.split` gives on the same
text's lines, and falls back to it for the other formats.
"""

from __future__ import annotations

import itertools
import re
import re._parser as _sre_parse
from collections.abc import Iterable, Iterator
from typing import Any

from .chunks import HandLines, Oversized
from .formats.base import LineFormat
from .limits import MAX_HAND_CHARS, MAX_HAND_LINES
from .reading import MAX_LINE, count_lines, lines_of_blocks, split_lines


def hand_lines(text: str) -> list[str]:
    """The lines of a piece `hand_texts` gave (an oversized hand's `HandLines` for an
    `Oversized` piece)."""
    if isinstance(text, Oversized):
        return HandLines.oversized(str(text), text.lines, text.chars)
    return split_lines(text)


def is_oversized(chars: int, lines: int) -> bool:
    return chars > MAX_HAND_CHARS or lines > MAX_HAND_LINES


class Starter:
    """The candidate searches for a format's hand starts: after any line break, and after an
    LF only. Most texts have no CR, and for a pattern that starts with one literal character
    the regex engine scans for that character alone (about four times faster than for a set
    of two)."""

    __slots__ = ("any_break", "lf")

    def __init__(self, start: re.Pattern[str]) -> None:
        self.any_break = re.compile(f"[\\r\\n](?:{start.pattern})", start.flags)
        self.lf = re.compile(f"\\n(?:{start.pattern})", start.flags)


def text_starter(fmt: Any) -> Starter | None:
    """The candidate searches for a format's hand starts, or None if its text cannot be split
    this way (its own `split`, or a start pattern with anchors, which mean other things
    inside a whole text)."""
    if not isinstance(fmt, LineFormat) or type(fmt).split is not LineFormat.split:
        return None
    start = fmt.start
    if start in _STARTERS:
        return _STARTERS[start]
    starter: Starter | None = None
    if not _anchored(start):
        try:
            # the break first: the regex engine skips to candidate characters quickly
            starter = Starter(start)
        except re.error:
            pass
    _STARTERS[start] = starter
    return starter


_STARTERS: dict[re.Pattern[str], Starter | None] = {}
"""`text_starter`'s answer by start pattern, which is all it depends on: a site's folder of
small files asks it once per file, and parsing the pattern again cost a third of a
millisecond each time."""


def split_hands(fmt: Any, texts: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """(first line number, lines) of each hand in consecutive text blocks, as
    `fmt.split(lines_of_blocks(texts))` gives them."""
    starter = text_starter(fmt)
    if starter is None:
        yield from fmt.split(lines_of_blocks(texts))
        return
    for first, text, leading in hand_texts(fmt, starter, texts):
        lines = hand_lines(text)
        if leading and not fmt.is_hand(lines):
            continue
        yield first, lines


def hand_texts(fmt: Any, starter: Starter, texts: Iterable[str]) -> Iterator[tuple[int, str, bool]]:
    """(first line number, text, leading) of each piece: the text before the first hand
    (`leading`, when there is any), then each hand from its first line to the next's.

    A piece longer than the limits (`hhaudit.limits`) is given as an `Oversized` text: once
    the piece read so far passes them, its text is counted and dropped block by block while
    the search for the next hand goes on, so memory stays bounded."""
    buf = ""  # the text read and not yet given out, from `cur` on
    over: Oversized | None = None  # the current piece, once it is past the limits
    cur = 0  # where the current piece starts in buf (always at the start of a line)
    first_line = 1  # the line number of the current piece's first line
    pos = 0  # where the search for hand starts goes on in buf
    leading = True
    first_checked = False
    skipping = False  # dropping the rest of an over-long line (lines are cut at MAX_LINE)
    search = starter.lf.search  # until a text with a CR comes
    lf_only = True
    for text in itertools.chain(texts, [None]):
        if text is not None:
            if lf_only and "\r" in text:
                search = starter.any_break.search
                lf_only = False
            if skipping:
                brk = _first_break(text)
                if brk < 0:
                    continue
                text = text[brk:]
                skipping = False
            buf = buf[cur:] + text
            pos -= cur
            cur = 0
            # The last line may be incomplete until the next block: it is searched then.
            tail = _line_start(buf, len(buf))
            if len(buf) - tail > MAX_LINE:
                buf = buf[:tail + MAX_LINE]
                skipping = True
        else:
            tail = len(buf) + 1
        while True:
            start = -1
            if not first_checked:
                if tail == 0 and text is not None:
                    break  # the first line is not complete yet
                first_checked = True
                # the file's first line has no line break before it
                if buf and fmt.start.match(_line_at(buf, 0)):
                    start = 0
            if start < 0:
                m = search(buf, pos)
                if m is None:
                    break
                last = _line_start(buf, m.end())
                if last >= tail:
                    break
                ls = m.start() + 1
                if buf[m.start()] == "\r" and buf.startswith("\n", ls):
                    ls += 1
                while ls <= last:
                    line = _line_at(buf, ls)
                    if fmt.start.match(line):
                        start = ls
                        break
                    ls = _next_line(buf, ls + len(line))
                if start < 0:
                    pos = m.start() + 1
                    continue
            if start > cur or over is not None:
                piece = buf[cur:start]
                n = piece.count("\n") if lf_only else count_lines(piece)
                if over is not None:
                    over.lines += n
                    over.chars += len(piece)
                    yield first_line, over, leading
                    first_line += over.lines
                    over = None
                elif len(piece) > MAX_HAND_LINES and is_oversized(len(piece), n):
                    yield first_line, Oversized(_line_at(piece, 0), n, len(piece)), leading
                    first_line += n
                else:
                    yield first_line, piece, leading
                    first_line += n
                cur = start
            leading = False
            pos = start + len(_line_at(buf, start))  # the line break that ends the hand's first line
        if text is not None:
            pos = max(pos, tail - 1, 0)  # from the break before the incomplete last line
            if tail - cur > MAX_HAND_LINES and first_checked:
                # the current piece's complete lines: past the limits, count and drop them
                done = buf[cur:tail]
                n = done.count("\n") if lf_only else count_lines(done)
                if over is None and is_oversized(len(done), n):
                    over = Oversized(_line_at(done, 0), 0, 0)
                if over is not None:
                    # the line break before the incomplete last line stays: the search for
                    # the next hand needs it (it is counted with the rest of the piece)
                    over.lines += n - 1
                    over.chars += len(done) - 1
                    buf = buf[tail - 1:]
                    pos = 0
                    cur = 0
    if over is not None:
        over.lines += count_lines(buf[cur:]) + (1 if buf[cur:] and buf[-1] not in "\r\n" else 0)
        over.chars += len(buf) - cur
        yield first_line, over, leading
    elif len(buf) > cur:
        piece = buf[cur:]
        if len(piece) > MAX_HAND_LINES:
            n = count_lines(piece) + (1 if piece[-1] not in "\r\n" else 0)
            if is_oversized(len(piece), n):
                yield first_line, Oversized(_line_at(piece, 0), n, len(piece)), leading
                return
        yield first_line, piece, leading


def _first_break(text: str) -> int:
    """Where the first line break of a text is, or -1."""
    lf, cr = text.find("\n"), text.find("\r")
    return lf if cr < 0 else cr if lf < 0 else min(lf, cr)


def _next_line(text: str, brk: int) -> int:
    """The start of the line after the line break at `brk` (CRLF counts as one break)."""
    return brk + (2 if text.startswith("\r\n", brk) else 1)


def _line_start(text: str, end: int) -> int:
    """Where the line holding text[end - 1] starts (each search stays within that line)."""
    lf = text.rfind("\n", 0, end) + 1
    return max(lf, text.rfind("\r", lf, end) + 1)


def _line_at(text: str, start: int) -> str:
    """The line that starts at `start`, without its line break."""
    lf = text.find("\n", start)
    end = len(text) if lf < 0 else lf
    cr = text.find("\r", start, end)
    return text[start:end if cr < 0 else cr]


def _anchored(pattern: re.Pattern[str]) -> bool:
    """Whether a pattern uses ^, $, \\A, \\Z, \\b, lookarounds or backreferences."""

    def walk(items: Any) -> bool:
        for op, av in items:
            if str(op) in ("AT", "GROUPREF", "GROUPREF_EXISTS", "ASSERT", "ASSERT_NOT"):
                return True
            for sub in av if isinstance(av, (list, tuple)) else (av,):
                if isinstance(sub, _sre_parse.SubPattern) and walk(sub):
                    return True
                if isinstance(sub, (list, tuple)):
                    for x in sub:
                        if isinstance(x, _sre_parse.SubPattern) and walk(x):
                            return True
        return False

    return walk(_sre_parse.parse(pattern.pattern, pattern.flags))
