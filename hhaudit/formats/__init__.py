"""The registry of input formats: each one a grammar plus a module, found by `detect()`."""

from __future__ import annotations

from collections.abc import Sequence

from .base import LineFormat
from .pokerstars import PokerStarsFormat

FORMATS: dict[str, LineFormat] = {}


def register(fmt: LineFormat) -> LineFormat:
    FORMATS[fmt.name] = fmt
    return fmt


register(PokerStarsFormat())


def detect(head: Sequence[str]) -> LineFormat | None:
    """The format whose detector accepts the first lines of a file, or None."""
    for fmt in FORMATS.values():
        if fmt.detect(head):
            return fmt
    return None


def get(name: str) -> LineFormat:
    try:
        return FORMATS[name]
    except KeyError:
        raise KeyError(f"unknown format {name!r}; known: {', '.join(sorted(FORMATS))}") from None
