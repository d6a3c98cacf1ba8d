"""`hhaudit convert`: every hand hhaudit reads, written in an open format.

One module per target (`phh`, `ohh`, `pokerstars`), each with `name`, `suffix`, `separator`
(between two hands), `header()`, `footer()` and `write(view, number)` giving one hand's text. `convert` reads the sources
one hand at a time and writes one output file per source, in the source order and with no
time of the run inside, so the same input gives the same files. A hand the target cannot
state (an unsupported game, a parse error, or something the target has no words for) is
written nowhere, said once with the reason and counted.

The output folder is hhaudit's: it is written only when absent, empty, or already a folder
`convert` wrote (it holds `.hhaudit-convert`, the list of the files written there). A folder
holding anything else is refused unless `force`, and even then no file that is not on that
list is ever replaced. It may not be an input or lie inside an input folder, nor hold an
input. Each file is written under a temporary name and renamed into place when complete.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from ..engine.audited import AuditedHand
from ..model import Hand, Status
from ..parsing import parse_source
from ..pipeline.options import HandAuditor, Options
from ..reading import Source
from . import ohh, phh, pokerstars
from .view import HandView, Unexpressible, view

TARGETS: dict[str, ModuleType] = {m.name: m for m in (phh, ohh, pokerstars)}
MARKER = ".hhaudit-convert"

__all__ = ["MARKER", "TARGETS", "ConvertError", "Report", "Unexpressible", "convert", "hand_text"]


class ConvertError(Exception):
    """A usage problem: an output folder that is not ours, an unknown target."""


@dataclass(slots=True)
class Report:
    written: int = 0
    """Hands written."""
    skipped: list[tuple[str, int, str, str]] = field(default_factory=list)
    """(source, line, hand id, reason) of each hand not written."""
    files: list[str] = field(default_factory=list)
    """Output files, in the order written."""
    errors: list[str] = field(default_factory=list)
    """Inputs that could not be read."""
    uncarried: list[tuple[str, int, str, str]] = field(default_factory=list)
    """(source, line, hand id, what) of each hand written whose findings do not all read
    back from the written text (a live ruling, a string bet, a rake PHH has no field for):
    the rule codes the written hand no longer gives (`carried`)."""


def hand_text(target: str, hand: Hand, audited: AuditedHand, number: int = 1) -> str:
    """One hand in the target format; `Unexpressible` when the target cannot state it."""
    module = TARGETS[target]
    if hand.status is Status.UNSUPPORTED_GAME:
        raise Unexpressible(f"{hand.game or 'this game'} is not a game hhaudit audits")
    if hand.status is Status.PARSE_ERROR:
        p = hand.problem
        raise Unexpressible(f"the hand could not be read (line {p.line}: {p.message})" if p else
                            "the hand could not be read")
    v: HandView = view(hand, audited)
    text: str = module.write(v, number)
    return text


READ_BACK: dict[str, str] = {"phh": "phh", "ohh": "ohh", "pokerstars": "pokerstars"}
"""The input format each target's text is read back with."""


def carried(target: str, audited: AuditedHand, auditor: HandAuditor, text: str) -> str:
    """What of the hand's findings its written text does not give back, read with the
    target's format and audited again: "" when every finding reads back, else the rule
    codes lost ("SB01 x2, AC02"), or that the text does not read as one hand."""
    from collections import Counter

    from ..formats import get

    fmt = get(READ_BACK[target])
    lines = text.splitlines()
    try:
        chunks = list(fmt.split(lines))
        back = [fmt.parse_hand(chunk, first, "(written)") for first, chunk in chunks]
    except Exception as exc:  # noqa: BLE001 - any failure to read back is reported, not raised
        return f"the written text does not read back ({exc})"
    if len(back) != 1 or back[0].status is not Status.AUDITED:
        return "the written text does not read back as one audited hand"
    before = Counter(f.rule for f in audited.findings)
    after = Counter(f.rule for f in auditor.audit(back[0]).findings)
    lost = before - after
    return ", ".join(f"{code} x{n}" if n > 1 else code for code, n in sorted(lost.items()))


def _names(sources: list[Source], suffix: str) -> list[str]:
    """An output name per source: its path below the inputs' common folder, with the
    target's suffix (archive members keep their path inside the archive)."""
    paths = [Path(s.name.replace("!", os.sep)) for s in sources]
    dirs = [str(p.parent.resolve()) if not p.is_absolute() else str(p.parent) for p in paths]
    try:
        root = os.path.commonpath(dirs) if dirs else ""
    except ValueError:
        root = ""
    out: list[str] = []
    seen: set[str] = set()
    for p, d in zip(paths, dirs):
        rel = os.path.relpath(os.path.join(d, p.name), root) if root else p.name
        base = rel[: -len(p.suffix)] if p.suffix else rel
        name = base + suffix
        k = 2
        while name in seen:
            name = f"{base}-{k}{suffix}"
            k += 1
        seen.add(name)
        out.append(name)
    return out


def _claim(out: Path, sources: list[Source], force: bool) -> set[str]:
    """Check the output folder is ours; the files written there before."""
    here = out.resolve()
    for s in sources:
        if s.path is None:
            continue
        src = s.path.resolve()
        if src == here or here in src.parents:
            raise ConvertError(f"{out}: the output folder holds an input ({s.name})")
    if out.exists() and not out.is_dir():
        raise ConvertError(f"{out}: exists and is not a folder")
    ours: set[str] = set()
    marker = out / MARKER
    if marker.is_file():
        ours = {line.strip() for line in marker.read_text(encoding="utf-8").splitlines() if line.strip()}
    elif out.is_dir() and any(out.iterdir()) and not force:
        raise ConvertError(f"{out}: a folder holding other files (not written by hhaudit convert); "
                           "give an empty or new folder, or --force to add to it")
    return ours


def convert(sources: Iterable[Source], target: str, out: str | os.PathLike[str], *, force: bool = False,
            format: str = "auto", input_paths: Iterable[str] = (),
            on_skip: Callable[[str, int, str, str], None] | None = None,
            on_uncarried: Callable[[str, int, str, str], None] | None = None) -> Report:
    """Write every hand of the sources in `target` to the folder `out`."""
    if target not in TARGETS:
        raise ConvertError(f"unknown target {target!r}; known: {', '.join(sorted(TARGETS))}")
    module = TARGETS[target]
    srcs = list(sources)
    folder = Path(out)
    here = folder.resolve()
    for raw in input_paths:
        p = Path(raw)
        if p.is_dir() and (p.resolve() == here or p.resolve() in here.parents):
            raise ConvertError(f"{folder}: the output folder is inside the input folder {raw}")
    ours = _claim(folder, srcs, force)
    names = _names(srcs, module.suffix)
    for name in names:
        if (folder / name).exists() and name not in ours:
            raise ConvertError(f"{folder / name}: exists and was not written by hhaudit convert; not replaced")
    folder.mkdir(parents=True, exist_ok=True)
    report = Report()
    auditor = HandAuditor(Options())
    marker = folder / MARKER
    for src, name in zip(srcs, names):
        from ..parsing import ParseLog

        log = ParseLog()
        dest = folder / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(f".{dest.name}.tmp")
        number = 0
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(module.header())
            for hand in parse_source(src, format=format, log=log):
                audited = auditor.audit(hand)
                try:
                    text = hand_text(target, hand, audited, number + 1)
                except Unexpressible as exc:
                    report.skipped.append((hand.source, hand.line, hand.hand_id, str(exc)))
                    if on_skip is not None:
                        on_skip(hand.source, hand.line, hand.hand_id, str(exc))
                    continue
                lost = carried(target, audited, auditor, text)
                if lost:
                    report.uncarried.append((hand.source, hand.line, hand.hand_id, lost))
                    if on_uncarried is not None:
                        on_uncarried(hand.source, hand.line, hand.hand_id, lost)
                if number:
                    fh.write(module.separator)
                fh.write(text)
                number += 1
            fh.write(module.footer())
        report.errors.extend(f"{f.source}: {f.error}" for f in log.files if f.error)
        if number == 0:
            tmp.unlink()
            continue
        os.replace(tmp, dest)
        report.written += number
        report.files.append(name)
        ours.add(name)
        marker.write_text("".join(f"{n}\n" for n in sorted(ours)), encoding="utf-8")
    if not marker.exists():
        marker.write_text("", encoding="utf-8")
    return report
