"""From sources to `Hand`s, lazily: detect the format, split, parse one hand at a time."""

from __future__ import annotations

import io
import itertools
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO, BinaryIO

from . import formats, zones
from .archives import entries
from .chunks import HandLines
from .engine.games import unaudited_reason
from .formats import Format
from .formats.base import fallback_id
from .formats.common import settle_omaha
from .limits import MAX_HAND_CHARS, MAX_HAND_LINES, out_of_bounds
from .model import Hand, ParseProblem, Status
from .money import reading_finer
from .paths import Finder, shown
from .reading import FileReport, Seen, Source, iter_sources, iter_text, lines_of_blocks, pieces
from .splitting import split_hands

HEAD_LINES = 40
MAX_DETECT_LINES = 4000
KEEP_FOR_DETECTION = 4 << 20
"""Text kept while the format is detected, to be split again; past it the file is read on
line by line."""
HEAD_PIECE = 8 << 10
"""Characters split into lines at a time while the format is detected (`HEAD_LINES` lines
of most sites' files)."""


@dataclass(slots=True)
class ParseLog:
    files: list[FileReport] = field(default_factory=list)


NOT_A_FORMAT = "not a hand-history format hhaudit reads"
EMPTY = "empty file"
ONLY_NULS = "only NUL bytes, no text (a file whose blocks were never written, or not a history)"


def parse_source(source: Source, *, format: str = "auto", log: ParseLog | None = None,
                 timezones: Mapping[str, str] | None = None) -> Iterator[Hand]:
    """Hands of one source (of each member, for an archive), with a `FileReport` in `log`
    for each: unknown formats, unreadable and corrupt files, members not read. A time the
    log wrote with no zone is read in the site's zone (`timezones`, else its default:
    `hhaudit.zones`)."""
    for hand in _parse_source(source, format, log):
        zones.place(hand, timezones)
        yield hand


def _parse_source(source: Source, format: str, log: ParseLog | None) -> Iterator[Hand]:
    for entry in entries(source):
        name = shown(entry.name)  # a tar member's name may hold bytes that are not UTF-8
        report = FileReport(name, error=entry.error, skipped=entry.skipped, unsupported=entry.unsupported)
        if log is not None:
            log.files.append(report)
        if entry.stream is None:
            continue
        yield from _parse_stream(entry.stream, name, format, report)  # entries() closes it
        problem = entry.problem()
        if problem:
            report.error = problem


def _parse_stream(stream: BinaryIO, name: str, format: str, report: FileReport) -> Iterator[Hand]:
    seen = Seen()
    blocks = iter_text(stream, seen)
    read: list[str] = []  # the blocks format detection reads, split again with the rest
    kept = 0

    def reading() -> Iterator[str]:
        nonlocal kept
        for block in blocks:
            if kept <= KEEP_FOR_DETECTION:
                read.append(block)
                kept += len(block)
            yield block

    # the first lines are split from the first pieces of text only; the hands are split from
    # the whole blocks below (a small file was otherwise split into lines twice)
    lines = lines_of_blocks(pieces(reading(), HEAD_PIECE))
    head = list(itertools.islice(lines, HEAD_LINES))
    fmt: Format | None
    if format == "auto":
        fmt = formats.detect(head)
        # A damaged first hand must not hide the rest of the file: look further on,
        # a window at a time, before giving up on the file.
        while fmt is None and len(head) < MAX_DETECT_LINES:
            more = list(itertools.islice(lines, HEAD_LINES))
            if not more:
                break
            fmt = formats.detect(more)
            head.extend(more)
        if fmt is None:
            report.error = (NOT_A_FORMAT if any(line.strip() for line in head)
                            else ONLY_NULS if seen.nuls and seen.nuls == seen.bytes else EMPTY)
            report.unsupported = True
            return
    else:
        fmt = formats.get(format)
        wrong = formats.mismatch(fmt, head)
        if wrong:
            report.error = wrong
            report.unsupported = True
            return
    report.format = fmt.name
    if kept > KEEP_FOR_DETECTION:
        # detection read a great deal (lines that never end): go on line by line
        hands = fmt.split(itertools.chain(head, lines))
    else:
        hands = split_hands(fmt, itertools.chain(read, blocks))
    for first, chunk in hands:
        report.hands += 1
        yield read_hand(fmt, chunk, first, name)


MAX_FINER = 4
"""Decimals past its unit an amount of a hand may show and still be read (more is a
`parse_error`: no site writes ten-thousandths of its unit)."""


def _read_finer(fmt: Format, lines: list[str], first: int, source: str, hand: Hand) -> Hand:
    """A hand with an amount finer than its unit (a tied pot paid `collected 674.5` each at a
    table of whole chips) read again at the finer scale, every amount rescaled so that money
    stays exact integers; `hand.fine` says by how many decimals. The pot audit then reports a
    fraction of the smallest chip as an odd-chip finding. The first reading stands when the
    second fails too."""
    assert hand.problem is not None
    fine = hand.problem.finer
    while fine <= MAX_FINER:
        with reading_finer(fine):
            again = fmt.parse_hand(lines, first, source)
        if again.problem is None or again.problem.finer == 0:
            if again.status is not Status.PARSE_ERROR:
                again.scale += fine
                again.fine = fine
                return again
            return hand
        fine += again.problem.finer
    return hand


def read_hand(fmt: Format, lines: list[str], first: int, source: str) -> Hand:
    """One hand of a format, whatever its text holds: the reading side of the fault barrier.

    An exception while the format reads the hand (a bug: formats report bad lines as
    `parse_error` hands themselves) makes the hand a `parse_error` with a PA02 finding
    naming the exception; a value past the limits (`hhaudit.limits`) one with PA03."""
    if isinstance(lines, HandLines) and lines.over:
        return oversized_hand(fmt, source, first, lines[0] if lines else "", lines.n_lines, lines.n_chars)
    try:
        hand = fmt.parse_hand(lines, first, source)
        if hand.problem is not None and 0 < hand.problem.finer <= MAX_FINER:
            hand = _read_finer(fmt, lines, first, source, hand)
        settle_omaha(hand)
    except Exception as exc:  # noqa: BLE001  # the barrier: one hand's bug never stops the file
        return faulted(_blank_hand(fmt, source, first, lines), exc, "reading")
    if hand.status is Status.AUDITED and unaudited_reason(hand.variant, hand.hole_cards, hand.hilo):
        hand.status = Status.UNSUPPORTED_GAME  # read whole and named, not judged (`games`)
    if hand.status is not Status.PARSE_ERROR:
        bad = out_of_bounds(hand)
        if bad is not None:
            line, what, bound = bad
            i = line - first
            text = lines[i].strip() if 0 <= i < len(lines) else ""
            # only what cannot be out of bounds is kept: the tables must hold the row
            kept = _blank_hand(fmt, source, first, lines)
            for name in _KEPT:
                setattr(kept, name, getattr(hand, name))
            kept.status = Status.PARSE_ERROR
            kept.problem = ParseProblem(line, 1, text, f"{what} is past hhaudit's limits ({bound})",
                                        "PA03", bound)
            return kept
    return hand


_KEPT = ("hand_id", "site", "game", "variant", "limit", "kind", "currency", "started_at", "tz",
         "table_name", "tournament_id", "text")
"""What a hand past the limits keeps (its amounts, seats and events are dropped)."""


def faulted(hand: Hand, exc: BaseException, stage: str) -> Hand:
    """The hand as a `parse_error` whose PA02 finding names the exception `stage` raised."""
    hand.status = Status.PARSE_ERROR
    hand.events = []
    error = f"{type(exc).__name__}: {exc}"
    hand.problem = ParseProblem(hand.line, 1, error,
                                f"internal error while {stage} the hand ({error}); please report it",
                                "PA02", "the hand read, judged and written to the tables")
    return hand


def _blank_hand(fmt: Format, source: str, first: int, lines: list[str]) -> Hand:
    hand = Hand(site=fmt.sites[0] if fmt.sites else fmt.name, format=fmt.name,
                hand_id=fallback_id(source, first), source=source, line=first)
    hand.end_line = first + len(lines) - 1
    return hand


def oversized_hand(fmt: Format, source: str, first: int, head: str, lines: int, chars: int) -> Hand:
    """A hand longer than the limits, read no further than its first line: a `parse_error`
    with a PA03 finding giving its first line and the limit it passed."""
    hand = _blank_hand(fmt, source, first, [])
    try:  # its first line alone names the hand (its id, site, table and time)
        probe = fmt.parse_hand([head], first, source)
        for name in _KEPT:
            setattr(hand, name, getattr(probe, name))
    except Exception:  # noqa: BLE001, S110  # named by its place then
        pass
    hand.end_line = first + lines - 1
    hand.status = Status.PARSE_ERROR
    bound = f"at most {MAX_HAND_LINES:,} lines and {MAX_HAND_CHARS:,} characters"
    size = f"{lines:,} lines" if lines > MAX_HAND_LINES else f"more than {MAX_HAND_CHARS:,} characters"
    hand.problem = ParseProblem(first, 1, head.strip(), f"a hand of {size} is past hhaudit's limits ({bound}); "
                                "it is not read", "PA03", bound)
    return hand


def to_sources(inputs: str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[object],
               skipped: list[FileReport] | None = None, finder: Finder | None = None, *,
               text_allowed: bool = True) -> Iterator[Source]:
    """Accept paths, folders, globs, "-", open files or raw history text (a `str` holding a
    line break, unless `text_allowed` is False, as for the command line's arguments: a
    `Path` is always a path, and a file's name may hold a line break). What a path holds
    that is not read (with the reason) is added to `skipped`; a file reached by several of
    the paths is read once."""
    finder = finder or Finder()
    if isinstance(inputs, (str, os.PathLike)):
        text = os.fspath(inputs)
        if text_allowed and isinstance(inputs, str) and "\n" in text:
            yield Source("<text>", data=text.encode("utf-8"))
            return
        yield from iter_sources([text], skipped, finder=finder)
        return
    if hasattr(inputs, "read"):
        name = str(getattr(inputs, "name", "<stream>"))
        if isinstance(inputs, io.TextIOBase) or hasattr(inputs, "encoding"):
            yield Source(name, data=inputs.read().encode("utf-8"))
        else:
            yield Source(name, stream=inputs)  # type: ignore[arg-type]  # read as it comes
        return
    for item in inputs:
        yield from to_sources(item, skipped, finder, text_allowed=text_allowed)  # type: ignore[arg-type]


def parse(
    inputs: str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[object],
    *,
    format: str = "auto",
    log: ParseLog | None = None,
) -> Iterator[Hand]:
    """Lazily yield every hand of the inputs, one `Hand` with its events at a time."""
    for source in to_sources(inputs, log.files if log is not None else None):
        yield from parse_source(source, format=format, log=log)
