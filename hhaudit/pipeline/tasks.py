"""Tasks for worker processes: a whole file or group of small files, or one unit of a large\nfile cut here."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .. import zones
from ..model import Hand
from ..parsing import EMPTY, HEAD_LINES, NOT_A_FORMAT, read_hand
from ..reading import FileReport, InputError, Source, iter_text, lines_of_blocks, split_lines
from ..splitting import Starter, hand_lines, hand_texts, text_starter
from .bulk import bulk
from .options import HandAuditor, Options, Totals
from .units import Unit, audit_group

SPLIT_BYTES = 8 << 20
"""With more than one job, files at least this large are split into units across the workers."""


@dataclass(slots=True)
class Result:
    index: int
    totals: Totals
    last: bool
    findings: int = 0
    files: int = 1
    """Input files finished with this result (when `last`)."""


@dataclass(frozen=True, slots=True)
class FileTask:
    """A whole file, or a group of small files (`plan.groups`), named after its first
    position `index`."""

    index: int
    sources: tuple[Source, ...]
    options: Options
    out_dir: str
    batch: int


@dataclass(frozen=True, slots=True)
class ChunkTask:
    index: int
    chunk: int
    format: str
    source: str
    hands: list[tuple[int, list[str]]]
    options: Options
    out_dir: str
    last: bool
    report: FileReport | None
    texts: list[tuple[int, str]] = field(default_factory=list)
    """The unit's hands as text (instead of `hands`): each hand's first line number in the
    file and its text, whole lines from its first line to the next hand's."""


@bulk
def run_task(task: FileTask | ChunkTask, progress: Callable[[int, int], None] | None = None) -> Result:
    """Run one task; `progress(hands, findings)` is told of a group of files' hands as they
    are audited (every few hundred), before the result counts them all."""
    if isinstance(task, FileTask):
        totals, _ = audit_group(task.index, task.sources, task.options, task.out_dir, progress, batch=task.batch)
        return Result(task.index, totals, True, sum(totals.categories.values()), len(task.sources))
    from .. import formats

    unit = Unit(task.index, task.chunk, HandAuditor(task.options), task.out_dir)
    findings = 0
    chosen = dict(task.options.timezones)

    def placed(hand: Hand) -> Hand:
        # a time written with no zone read in the site's zone, as parse_source does for a file's hands
        zones.place(hand, chosen)
        return hand

    if task.texts:
        fmt = formats.get(task.format)
        for first, text in task.texts:
            findings += unit.add(placed(read_hand(fmt, hand_lines(text), first, task.source)))
        unit.write()
    elif task.hands:
        fmt = formats.get(task.format)
        for first, lines in task.hands:
            findings += unit.add(placed(read_hand(fmt, lines, first, task.source)))
        unit.write()
    totals = unit.totals
    if task.report is not None:
        totals.files.append(task.report)
    return Result(task.index, totals, task.last, findings)


def chunk_tasks(index: int, source: Source, options: Options, out_dir: str, batch: int) -> Iterator[ChunkTask]:
    """Read and split a large file here; its hands go to the workers `batch` at a time.

    For a format that starts a new hand at every line its `start` pattern matches (the
    common case), the file is only searched for those lines, and each unit goes out as one
    piece of text that the worker splits into lines and hands itself: this process then
    does little per hand, so the workers keep every core busy. Other formats are split into
    hands here."""
    from .. import formats

    report = FileReport(source.name)
    try:
        stream = source.open()
    except InputError as exc:
        report.error = str(exc).removeprefix(f"{source.name}: ")
        yield ChunkTask(index, 0, "", source.name, [], options, out_dir, True, report)
        return
    with stream:
        blocks = iter_text(stream)
        first_block = next(blocks, "")
        head = split_lines(first_block)[:HEAD_LINES] if first_block else []
        if options.format == "auto":
            fmt = formats.detect(head)
            if fmt is None:
                report.error = NOT_A_FORMAT if any(x.strip() for x in head) else EMPTY
                report.unsupported = True
                yield ChunkTask(index, 0, "", source.name, [], options, out_dir, True, report)
                return
        else:
            fmt = formats.get(options.format)
            wrong = formats.mismatch(fmt, head)
            if wrong:
                report.error = wrong
                yield ChunkTask(index, 0, "", source.name, [], options, out_dir, True, report)
                return
        report.format = fmt.name
        texts = itertools.chain([first_block], blocks)
        starter = text_starter(fmt)
        if starter is not None:
            yield from text_units(index, source, options, out_dir, batch, fmt, starter, texts, report)
            return
        chunk = 0
        pending: list[tuple[int, list[str]]] = []
        for first, hand in fmt.split(lines_of_blocks(texts)):
            report.hands += 1
            if len(pending) >= batch:
                yield ChunkTask(index, chunk, fmt.name, source.name, pending, options, out_dir, False, None)
                chunk += 1
                pending = []
            pending.append((first, hand))  # as split made it (XML chunks carry their header)
    yield ChunkTask(index, chunk, fmt.name, source.name, pending, options, out_dir, True, report)


def text_units(index: int, source: Source, options: Options, out_dir: str, batch: int, fmt: Any,
                starter: Starter, texts: Iterable[str], report: FileReport) -> Iterator[ChunkTask]:
    """Cut a file's text before every `batch`-th hand: the same units `audit_file` makes."""
    chunk = 0
    hands = 0
    unit: list[tuple[int, str]] = []
    for first, text, leading in hand_texts(fmt, starter, texts):
        if leading and not fmt.is_hand(hand_lines(text)):
            continue
        if hands and hands % batch == 0:
            yield ChunkTask(index, chunk, fmt.name, source.name, [], options, out_dir, False, None, unit)
            chunk += 1
            unit = []
        unit.append((first, text))
        hands += 1
    report.hands = hands
    yield ChunkTask(index, chunk, fmt.name, source.name, [], options, out_dir, True, report, unit)


def source_size(source: Source) -> int:
    try:
        return source.path.stat().st_size if source.path is not None else len(source.data or b"")
    except OSError:
        return 0


