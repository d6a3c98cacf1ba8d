"""Sources (what to read and how to open it), what became of each (`FileReport`), and their
bytes as text lines. Which files the paths given stand for is `hhaudit.paths`'s concern; the
members of compressed and archived files are `hhaudit.archives`'s.

Files are read in blocks and decoded incrementally, so memory does not grow with the size of
a file. Encodings are sniffed the way sites write them: a UTF-8 or UTF-16 byte-order mark
wins; otherwise UTF-8, falling back to cp1252 from the first block that is not UTF-8. Stray
NUL bytes are dropped and LF, CRLF, CR and mixed line endings all end a line. A line longer
than `MAX_LINE` characters is cut there (the rest of it is skipped) so that a file with no
line breaks cannot exhaust memory.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import stat
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from .paths import Finder, NotFound, not_regular, shown

BLOCK = 1 << 20
MAX_LINE = 1 << 16
_LINE_BREAK = re.compile(r"\r\n|\r|\n")

class InputError(Exception):
    """A path that cannot be read at all (missing, unreadable)."""


@dataclass(slots=True)
class FileReport:
    """What happened to one input file or archive member (for the summary and the API)."""

    source: str
    format: str = ""
    hands: int = 0
    error: str = ""
    """Why it could not be read, or not all of it (unreadable, corrupt, cut at a bound), or
    why nothing in it was read as hands (with `unsupported`)."""
    skipped: str = ""
    """Why it was not read at all, by hhaudit's choice (not a regular file, a symbolic link
    loop, already read through another path, not a hand-history file name)."""
    unsupported: bool = False
    """Read, but not a format hhaudit reads (or empty): `error` says which."""

    @property
    def outcome(self) -> str:
        """`read`, `damaged` (read up to an error), `unsupported`, `skipped` or `unreadable`."""
        if self.skipped:
            return "skipped"
        if self.unsupported:
            return "unsupported"
        if self.error:
            return "damaged" if self.format else "unreadable"
        return "read"


@dataclass(frozen=True, slots=True)
class Source:
    """One input: a name for messages and tables, and how to open it."""

    name: str
    path: Path | None = None
    data: bytes | None = None
    stream: BinaryIO | None = field(default=None, compare=False)
    """A stream read once, as it comes (standard input, an open file): never held whole."""
    member: str = ""
    """For a source named `archive.zip!inner/path.txt`: the member's path in the archive at
    `path` (`hhaudit.archives` reads it)."""

    def open(self) -> BinaryIO:
        """The file's bytes as stored (an archive's members are read by `hhaudit.archives`)."""
        if self.stream is not None:
            return self.stream
        if self.data is not None:
            return io.BytesIO(self.data)
        if self.path is None:
            raise InputError(f"{self.name}: nothing to read")
        return open_regular(self.path, self.name)


def open_regular(path: Path, name: str) -> BinaryIO:
    """Open a regular file for reading; anything else (a FIFO or device put in its place since
    it was found) is refused without blocking."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InputError(f"{name}: cannot open ({exc.strerror})") from exc
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise InputError(f"{name}: {not_regular(mode)}")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def iter_sources(paths: Iterable[str | os.PathLike[str]], skipped: list[FileReport] | None = None, *,
                 finder: Finder | None = None) -> Iterator[Source]:
    """Expand paths into sources: files as given, folders walked recursively, globs expanded,
    `archive.zip!inner/path` for one member, and `-` for standard input (`hhaudit.paths` says
    what is found and what not). What is not read is added to `skipped` with its reason."""
    finder = finder or Finder()
    for raw in paths:
        text = os.fspath(raw)
        if text == "-":
            if finder.took_stdin:  # a stream is read once: `-` given twice is one input
                if skipped is not None:
                    skipped.append(FileReport("<stdin>", skipped="- given more than once: standard input is read once"))
                continue
            finder.took_stdin = True
            yield Source("<stdin>", stream=sys.stdin.buffer)
            continue
        name = shown(text)
        try:
            for found in finder.expand(text):
                if found.reason:
                    if skipped is not None:
                        skipped.append(FileReport(shown(found.path), error=found.reason) if found.unreadable
                                       else FileReport(shown(found.path), skipped=found.reason))
                elif found.member:
                    yield Source(name, path=Path(found.path), member=found.member)
                else:
                    yield Source(shown(found.path), path=Path(found.path))
        except NotFound as exc:
            raise InputError(shown(str(exc))) from None


def _sniff(first: bytes) -> tuple[str, int]:
    """Encoding and BOM length from the first bytes of a file."""
    if first.startswith(codecs.BOM_UTF8):
        return "utf-8", 3
    if first.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le", 2
    if first.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be", 2
    # UTF-16 without BOM: every other byte NUL in ASCII text
    sample = first[:200]
    if len(sample) >= 8 and sample[1::2].count(0) > len(sample) * 0.4 and sample[0::2].count(0) == 0:
        return "utf-16-le", 0
    return "utf-8", 0


@dataclass(slots=True)
class Seen:
    """What `iter_text` read of a stream: bytes, and of them NULs (dropped from the text)."""

    bytes: int = 0
    nuls: int = 0


def iter_text(stream: BinaryIO, seen: Seen | None = None) -> Iterator[str]:
    """Decoded text of a binary stream, a block at a time: BOM dropped, NULs removed, and
    a block never ends between the CR and the LF of a CRLF. `seen` counts what was read."""
    first = stream.read(BLOCK)
    encoding, skip = _sniff(first)
    # UTF-8 is decoded strictly so that a cp1252 file is recognised; a BOM'd or sniffed
    # UTF-16 file that is damaged (an odd byte at a cut) keeps its hands, with U+FFFD.
    decoder = codecs.getincrementaldecoder(encoding)(errors="strict" if encoding == "utf-8" else "replace")
    fallback = encoding == "utf-8"
    carry = ""
    block: bytes = first[skip:]
    while True:
        final = not block
        try:
            text = decoder.decode(block, final=final)
        except UnicodeDecodeError:
            if not fallback:
                raise
            # Not UTF-8 after all: the rest of the file is cp1252 (the sites' Windows default).
            decoder = codecs.getincrementaldecoder("cp1252")(errors="replace")
            fallback = False
            text = decoder.decode(block, final=final)
        if seen is not None:
            seen.bytes += len(block)
        if "\x00" in text:
            if seen is not None:
                seen.nuls += text.count("\x00")
            text = text.replace("\x00", "")
        text = carry + text
        carry = ""
        if not final and text.endswith("\r"):
            text, carry = text[:-1], "\r"
        if text:
            yield text
        if final:
            break
        block = stream.read(BLOCK)


def iter_lines(stream: BinaryIO) -> Iterator[str]:
    """Decoded lines of a binary stream, without line terminators; a line is cut at
    MAX_LINE characters (the rest of it is dropped)."""
    return lines_of_blocks(iter_text(stream))


def lines_of_blocks(blocks: Iterable[str]) -> Iterator[str]:
    """The lines of consecutive text blocks (as `iter_text` gives them)."""
    pending = ""
    skipping = False  # inside an over-long line whose head was already yielded
    for text in blocks:
        parts = _LINE_BREAK.split(pending + text)
        pending = parts.pop()
        if skipping and parts:
            del parts[0]
            skipping = False
        if parts and len(max(parts, key=len)) > MAX_LINE:
            parts = [line[:MAX_LINE] for line in parts]
        yield from parts
        if len(pending) > MAX_LINE:
            if not skipping:
                yield pending[:MAX_LINE]
            skipping = True
            pending = ""
    if pending and not skipping:
        yield pending


def pieces(blocks: Iterable[str], size: int) -> Iterator[str]:
    """The text of consecutive blocks (as `iter_text` gives them) cut into pieces of about
    `size` characters, never between the CR and the LF of a CRLF: `lines_of_blocks` gives the
    same lines for them, and reading a file's first lines then splits only the pieces they
    are in, not the whole first block (all of a small file)."""
    for text in blocks:
        start = 0
        while len(text) - start > size:
            end = start + size
            if text[end - 1] == "\r" and text[end] == "\n":
                end += 1
            yield text[start:end]
            start = end
        yield text[start:] if start else text


def split_lines(text: str) -> list[str]:
    """The lines `iter_lines` gives for a text that starts at the start of a line."""
    lines = text.split("\n") if "\r" not in text else _LINE_BREAK.split(text)
    if not lines[-1]:
        lines.pop()
    if len(text) <= MAX_LINE:
        return lines
    return [line[:MAX_LINE] if len(line) > MAX_LINE else line for line in lines]


def count_lines(text: str) -> int:
    """Line breaks in a text (CRLF, CR or LF each count once)."""
    return text.count("\n") + text.count("\r") - text.count("\r\n")


def lines_of_text(text: str) -> list[str]:
    """Lines of an in-memory text, with the same line-ending rules as files."""
    return _LINE_BREAK.split(text.replace("\x00", "").lstrip("\ufeff"))
