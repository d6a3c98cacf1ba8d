"""Text from the input (player names, tables, file names, the log's own words) made safe to
print on a terminal: control characters (C0, DEL, C1, and the bidirectional overrides that
reorder what a reader sees) are written as escapes (`\\x1b`, `\\u202e`), so that a name like
`\\x1b[2J` cannot clear the screen or forge another line. The bytes of a file name that are
not UTF-8 (lone surrogates, as `os.fsdecode` holds them) are written `\\xNN`, as
`hhaudit.paths.shown` writes them in the tables: no terminal or pipe refuses them. The output
never goes through rich's markup: `[/bold]` in a name is printed as those eight characters."""

from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(m: re.Match[str]) -> str:
    ch = m.group()
    if ch == "\t":
        return "\\t"
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that is not UTF-8
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe(value: object) -> str:
    """`value` as text with every control character escaped ("" for None)."""
    if value is None:
        return ""
    text = str(value)
    return _CONTROL.sub(_escape, text) if _CONTROL.search(text) else text
