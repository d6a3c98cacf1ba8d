"""From sources to `Hand`s, lazily: detect the format, split, parse one hand at a time."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO

from . import formats
from .formats import Format
from .model import Hand
from .reading import InputError, Source, iter_sources, iter_text, lines_of_blocks
from .splitting import split_hands

HEAD_LINES = 40
MAX_DETECT_LINES = 4000
KEEP_FOR_DETECTION = 4 << 20
"""Text kept while the format is detected, to be split again; past it the file is read on
line by line."""


@dataclass(slots=True)
class FileReport:
    """What happened to one input file (for the summary and the `files` table)."""

    source: str
    format: str = ""
    hands: int = 0
    error: str = ""


@dataclass(slots=True)
class ParseLog:
    files: list[FileReport] = field(default_factory=list)


def parse_source(source: Source, *, format: str = "auto", log: ParseLog | None = None) -> Iterator[Hand]:
    """Hands of one source. Unknown formats and unreadable files are recorded in `log`."""
    report = FileReport(source.name)
    if log is not None:
        log.files.append(report)
    try:
        stream = source.open()
    except InputError as exc:
        report.error = str(exc)
        return
    with stream:
        blocks = iter_text(stream)
        read: list[str] = []  # the blocks format detection reads, split again with the rest
        kept = 0

        def reading() -> Iterator[str]:
            nonlocal kept
            for block in blocks:
                if kept <= KEEP_FOR_DETECTION:
                    read.append(block)
                    kept += len(block)
                yield block

        lines = lines_of_blocks(reading())
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
                if any(line.strip() for line in head):
                    report.error = "not a hand-history format hhaudit reads"
                else:
                    report.error = "empty file"
                return
        else:
            fmt = formats.get(format)
        report.format = fmt.name
        if kept > KEEP_FOR_DETECTION:
            # detection read a great deal (lines that never end): go on line by line
            hands = fmt.split(itertools.chain(head, lines))
        else:
            hands = split_hands(fmt, itertools.chain(read, blocks))
        for first, chunk in hands:
            report.hands += 1
            yield fmt.parse_hand(chunk, first, source.name)


def to_sources(inputs: str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[object]) -> Iterator[Source]:
    """Accept paths, folders, globs, "-", open files or raw history text."""
    if isinstance(inputs, (str, os.PathLike)):
        text = os.fspath(inputs)
        if "\n" in text:
            yield Source("<text>", data=text.encode("utf-8"))
            return
        yield from iter_sources([text])
        return
    if hasattr(inputs, "read"):
        data = inputs.read()
        name = getattr(inputs, "name", "<stream>")
        yield Source(str(name), data=data.encode("utf-8") if isinstance(data, str) else data)
        return
    for item in inputs:
        yield from to_sources(item)  # type: ignore[arg-type]


def parse(
    inputs: str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[object],
    *,
    format: str = "auto",
    log: ParseLog | None = None,
) -> Iterator[Hand]:
    """Lazily yield every hand of the inputs, one `Hand` with its events at a time."""
    for source in to_sources(inputs):
        yield from parse_source(source, format=format, log=log)
