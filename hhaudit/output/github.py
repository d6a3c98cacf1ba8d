"""GitHub Actions workflow commands: one annotation a finding,

    ::error file=hands.txt,line=11,title=MR01 raise-below-minimum::A raise below ... (expected ...; actual ...)

with `error`, `warning` or `notice` from the finding's severity. Values are escaped as the
runner reads them: `%`, CR and LF in the message (`%25`, `%0D`, `%0A`), and in properties
also `:` and `,` (`%3A`, `%2C`); other control characters are escaped first (`\\x1b`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TextIO

from . import Row
from . import detail as expected_actual
from .safe import safe

LEVELS = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(safe(text)).replace(":", "%3A").replace(",", "%2C")


def annotation(r: Row) -> str:
    props = [f"file={escape_property(r.source)}"]
    if r.line is not None:
        props.append(f"line={r.line}")
    props.append(f"title={escape_property(f'{r.rule} {r.name}')}")
    detail = expected_actual(r.expected, r.actual)
    message = (r.message or r.name) + (f" ({detail})" if detail else "") + f" [hand {r.hand_id}]"
    return f"::{LEVELS.get(r.severity, 'error')} {','.join(props)}::{escape_data(safe(message))}"


def write_github(rows: Iterator[Row], stream: TextIO) -> int:
    n = 0
    for r in rows:
        stream.write(annotation(r) + "\n")
        n += 1
    return n
