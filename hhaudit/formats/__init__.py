"""The registry of input formats: each one a grammar plus a module, found by `detect()`.

Every module of this package except `base` and `common` is a format module; it lists its
formats in a module-level `FORMATS` sequence. Adding a site touches nothing else. Formats
are asked to detect a file in descending `priority` order, then by name.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from ..model import Hand


class Format(Protocol):
    """What the pipeline needs of a format (LineFormat implements it for text formats)."""

    name: str
    sites: tuple[str, ...]
    grammar: str
    description: str
    priority: int

    def detect(self, head: Sequence[str]) -> bool: ...

    def split(self, lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]: ...

    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand: ...

_SKIP = {"base", "common"}


def _discover() -> dict[str, Format]:
    found: list[Format] = []
    for info in pkgutil.iter_modules(__path__):
        if info.name in _SKIP or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        found.extend(getattr(module, "FORMATS", ()))
    found.sort(key=lambda f: (-f.priority, f.name))
    return {f.name: f for f in found}


FORMATS: dict[str, Format] = _discover()


def detect(head: Sequence[str]) -> Format | None:
    """The format whose detector accepts the first lines of a file, or None."""
    for fmt in FORMATS.values():
        if fmt.detect(head):
            return fmt
    return None


def mismatch(fmt: Format, head: Sequence[str]) -> str | None:
    """Why a file whose first lines are `head` is not of the format it was given with
    (`--format`): it is binary data, or detected as another format. None when it may be `fmt`
    (also when no format recognises it: a damaged first hand is read as `fmt`, its lines as
    parse errors)."""
    if fmt.detect(head):
        return None
    if looks_binary(head):
        return (f"--format {fmt.name}: this file is not text (binary data), so not {fmt.name} text; "
                f"drop --format to see what hhaudit makes of it")
    other = detect(head)
    if other is None or other.name == fmt.name:
        return None
    sites = f" ({', '.join(other.sites[:3])})" if other.sites else ""
    return (f"--format {fmt.name}: this file is not {fmt.name} text, it looks like {other.name}{sites}; "
            f"drop --format or use --format {other.name}")


_NOT_TEXT = re.compile("[\x00-\x08\x0e-\x1f\x7f\ufffd]")
"""Characters no history holds: C0 controls but tab and line ends, DEL, and U+FFFD (bytes the
decoder could not read)."""


def looks_binary(head: Sequence[str]) -> bool:
    """Whether a file's first lines are binary data, not text: more than one character in
    ten is one no history holds."""
    text = "".join(head[:200])[:20_000]
    return bool(text) and len(_NOT_TEXT.findall(text)) * 10 > len(text)


def get(name: str) -> Format:
    try:
        return FORMATS[name]
    except KeyError:
        raise KeyError(f"unknown format {name!r}; known: {', '.join(sorted(FORMATS))}") from None
