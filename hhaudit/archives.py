"""Compressed and archived histories, read as streams: nothing is extracted to disk.

What a file is comes from its first bytes, not its name: gzip, bzip2 and xz streams are
decompressed as they are read; a tar archive (plain or in any of them: `.tar.gz`, `.tgz`,
`.tar.bz2`, `.tar.xz`) is read member after member in one pass; a zip archive member by
member from its directory. Each member is a source of its own named `archive!inner/path`
(`archive.zip!day1/table.txt`), and archives inside archives are read the same way up to
`MAX_DEPTH` layers (`outer.tar!inner.tar.gz!x.txt`), except a zip inside another archive or a
compressed stream (reading a zip needs random access: extract the outer one). `.7z` is not
read (the README says why): such a file is reported as a format hhaudit does not read.

Members are chosen as a folder's files are: hidden ones (`.name`, `__MACOSX/`) and folders
are passed over (`.` and `..` are steps of a path, not hidden names: nothing is extracted, so
`../x.txt` is read and named as written), and members whose names are not hand-history or archive names are reported
as skipped by name; a member that is not a regular file (a link, a device) is reported.

Bombs are bounded, each bound documented in the README:
- a member (or a compressed file) whose declared or actual size passes `MAX_MEMBER_BYTES`, or
  that expands past `MAX_RATIO` times its compressed size (past the `RATIO_ALLOWANCE` every
  stream may use), is reported; what was read before the bound stays read;
- an input file's layers together may not expand past `MAX_RATIO` times its size on disk
  (plus the allowance): past that, the rest of it is reported as not read.

A corrupt archive or member is one report (its error) and the other members are read; a
member cut short by corruption keeps the hands read before the damage (the hand it cuts is a
`parse_error` like any cut hand).
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import os
import stat
import tarfile
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO, Self, cast

from .paths import NOT_A_HISTORY_NAME, is_read_name, kind_of
from .reading import InputError, Source

MAX_MEMBER_BYTES = 4 << 30
"""No member or compressed file is read past 4 GiB of decompressed bytes."""
MAX_RATIO = 250
"""Decompressed bytes per compressed byte (real hand histories compress 9-35 times)."""
RATIO_ALLOWANCE = 64 << 20
"""Every stream may expand to 64 MiB whatever its ratio (a small file of few distinct lines
compresses far better than a large one)."""
MAX_DEPTH = 4
"""Compressed streams and archives inside one another (`.tar.gz` is two layers)."""

_HEAD = 512
_ERRORS: tuple[type[BaseException], ...] = (OSError, EOFError, ValueError, zlib.error, lzma.LZMAError,
                                             zipfile.BadZipFile, tarfile.TarError, NotImplementedError,
                                             RuntimeError)
"""What a damaged stream raises when read (zipfile: RuntimeError for an encrypted member,
NotImplementedError for an unknown compression method)."""


def size_text(n: int) -> str:
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):.3g} {unit}"
    return f"{n} bytes"


def ratio_bound(compressed: int) -> int:
    return min(MAX_MEMBER_BYTES, max(RATIO_ALLOWANCE, MAX_RATIO * compressed))


class _Reader:
    """A forward-only binary stream (what the layers below read through)."""

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return False

    def close(self) -> None:
        """The layers are closed by the archive's reader when it moves on."""


class Budget:
    """What an input file's layers may still expand to, together: `MAX_RATIO` times its
    size (or, for a stream of unknown size, the bytes read from it so far)."""

    def __init__(self, name: str, size: int, counted: _Counted | None = None) -> None:
        self.size, self.counted, self.used = size, counted, 0
        self.reason = (f"{name} expands past {MAX_RATIO} times its size "
                       f"(the bound on an archive's ratio)")

    @property
    def left(self) -> int:
        size = self.counted.count if self.counted is not None else self.size
        return max(RATIO_ALLOWANCE, MAX_RATIO * size) - self.used


class _Counted(_Reader):
    """A stream of unknown size (a pipe) that counts the bytes read from it."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream, self.count = stream, 0

    def read(self, n: int = -1) -> bytes:
        data = self.stream.read(n)
        self.count += len(data)
        return data


class Guarded(_Reader):
    """A stream that ends, instead of raising, where it is damaged or passes a bound: the
    bytes before are read, and `error` says why it ended early."""

    def __init__(self, stream: BinaryIO, *, limit: int | None = None, budget: Budget | None = None,
                 what: str = "") -> None:
        self.stream, self.limit, self.budget, self.what = stream, limit, budget, what
        self.count = 0
        self.error = ""
        self.said = False

    def read(self, n: int = -1) -> bytes:
        if self.error:
            return b""
        # piece by piece (read1), so that the bytes before the damage are given, not lost
        # with the read that meets it
        read1 = getattr(self.stream, "read1", self.stream.read)
        pieces: list[bytes] = []
        got = 0
        try:
            while n < 0 or got < n:
                piece = read1(n - got if n >= 0 else -1)
                if not piece:
                    break
                pieces.append(piece)
                got += len(piece)
        except _ERRORS as exc:
            self.error = describe(exc)
        data = b"".join(pieces)
        if self.limit is not None and self.count + len(data) > self.limit:
            data = data[:self.limit - self.count]
            self.error = (f"expands past {size_text(self.limit)} (the bound for {self.what}): "
                          f"read up to there, the rest not read")
        if self.budget is not None:
            left = self.budget.left
            if len(data) > left:
                data = data[:max(left, 0)]
                self.error = f"{self.budget.reason}: read up to there, the rest not read"
            self.budget.used += len(data)
        self.count += len(data)
        return data

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Prefixed(_Reader):
    """A stream whose first bytes were read to tell what it is, given back first."""

    def __init__(self, head: bytes, stream: BinaryIO) -> None:
        self.head, self.stream = head, stream

    def read(self, n: int = -1) -> bytes:
        if self.head:
            if n < 0:
                data, self.head = self.head + self.stream.read(), b""
                return data
            data, self.head = self.head[:n], self.head[n:]
            return data
        return self.stream.read(n)


def describe(exc: BaseException) -> str:
    if isinstance(exc, EOFError):
        return f"cut short ({exc or 'the compressed data ends too early'})"
    text = str(exc) or type(exc).__name__
    return f"corrupt ({text})"


@dataclass(slots=True)
class Entry:
    """One stream to read as a source (`stream`), or one that is not read and why."""

    name: str
    stream: BinaryIO | None = None
    skipped: str = ""
    error: str = ""
    unsupported: bool = False
    guards: tuple[Guarded, ...] = ()
    """The layers it is read through, outermost first."""

    def problem(self) -> str:
        """Why reading it ended early (after it was read), or ""."""
        for g in self.guards:
            if g.error:
                g.said = True
                return g.error
        return ""


def kind(head: bytes) -> str:
    """`gzip`, `bzip2`, `xz`, `zip`, `7z`, `tar` or `plain` from a stream's first bytes."""
    if head.startswith(b"\x1f\x8b"):
        return "gzip"
    if head.startswith(b"BZh") and head[3:4].isdigit():
        return "bzip2"
    if head.startswith(b"\xfd7zXZ\x00"):
        return "xz"
    if head.startswith((b"PK\x03\x04", b"PK\x05\x06")):
        return "zip"
    if head.startswith(b"7z\xbc\xaf\x27\x1c"):
        return "7z"
    if len(head) >= 512:
        try:
            tarfile.TarInfo.frombuf(head[:512], "utf-8", "surrogateescape")
        except tarfile.HeaderError:
            pass
        else:
            return "tar"
    return "plain"


def _decompress(what: str, stream: BinaryIO) -> BinaryIO:
    if what == "gzip":
        return cast(BinaryIO, gzip.GzipFile(fileobj=stream, mode="rb"))
    if what == "bzip2":
        return cast(BinaryIO, bz2.BZ2File(stream))
    return cast(BinaryIO, lzma.LZMAFile(stream))


_COMPRESSED = frozenset({"gzip", "bzip2", "xz"})


def _read_head(stream: BinaryIO) -> bytes:
    head = b""
    while len(head) < _HEAD:
        more = stream.read(_HEAD - len(head))
        if not more:
            break
        head += more
    return head


def is_plain(source: Source) -> bool:
    """Whether a source is a plain (uncompressed, unarchived) file or stream (a stream is
    looked at without being read: `peek`)."""
    if source.member:
        return False
    if source.stream is not None:
        peek = getattr(source.stream, "peek", None)
        return peek is None or kind(peek(_HEAD)[:_HEAD]) == "plain"
    try:
        with source.open() as raw:
            return kind(_read_head(raw)) == "plain"
    except (InputError, OSError):
        return True  # its reader reports it


def entries(source: Source) -> Iterator[Entry]:
    """The streams of one source: itself, decompressed, or its archive's members."""
    try:
        raw = source.open()
    except InputError as exc:
        message = str(exc)
        yield Entry(source.name, error=message.removeprefix(f"{source.name}: "))
        return
    with raw:
        base = source.name[:len(source.name) - len(source.member) - 1] if source.member else source.name
        want = source.member.split("!") if source.member else None
        seekable = raw.seekable()
        flow: BinaryIO = raw
        size = len(source.data) if source.data is not None else _file_size(raw) if seekable else None
        if size is not None:
            budget = Budget(base, size)
        else:  # a pipe: its size is what has come through it so far
            counted = _Counted(raw)
            flow, budget, seekable = cast(BinaryIO, counted), Budget(base, 0, counted), False
        yielded = 0
        for entry in _unpack(base, flow, (), budget, 0, want, seekable):
            yielded += 1
            yield entry
        if not yielded:
            if want:
                yield Entry(source.name, error=f"no member {source.member} in {base}")
            else:
                yield Entry(source.name, error="an empty archive", unsupported=True)


def _file_size(raw: BinaryIO) -> int | None:
    try:
        return os.fstat(raw.fileno()).st_size
    except (OSError, ValueError, io.UnsupportedOperation):
        return None


def _unpack(name: str, stream: BinaryIO, guards: tuple[Guarded, ...], budget: Budget, depth: int,
            want: list[str] | None, seekable: bool) -> Iterator[Entry]:
    start = stream.tell() if seekable else 0
    head = _read_head(stream)
    if seekable:
        stream.seek(start)
        flow: BinaryIO = stream
    else:
        flow = cast(BinaryIO, _Prefixed(head, stream))
    what = kind(head)
    if what != "plain" and depth >= MAX_DEPTH:
        yield Entry(name, skipped=f"archives or compressed streams nested more than {MAX_DEPTH} deep")
        return
    if what in _COMPRESSED:
        decompressed = _decompress(what, flow)
        g = Guarded(decompressed, limit=MAX_MEMBER_BYTES, budget=budget, what="one member's size")
        try:
            yield from _unpack(name, cast(BinaryIO, g), (*guards, g), budget, depth + 1, want, False)
        finally:
            decompressed.close()
    elif what == "tar":
        yield from _tar(name, flow, guards, budget, depth, want)
    elif what == "zip":
        if not seekable and depth == 0:
            yield Entry(name, skipped="a zip archive from a pipe (a zip needs random access: give its path)")
        elif not seekable:
            yield Entry(name, skipped="a zip archive inside another archive or a compressed file "
                                      "(a zip needs random access: extract the outer one first)")
        else:
            yield from _zip(name, stream, guards, budget, depth, want)
    elif what == "7z":
        yield Entry(name, error="a 7z archive, which hhaudit does not read (extract it, or pipe "
                                "`7z x -so` into `hhaudit audit -`)", unsupported=True)
    elif want:
        yield Entry(f"{name}!{'!'.join(want)}", error=f"{name} is not an archive")
    else:
        yield Entry(name, flow, guards=guards)


def _member_name(name: str) -> str:
    while name.startswith(("./", "/")):
        name = name[2:] if name.startswith("./") else name[1:]
    return name.rstrip("/")


def _hidden(member: str) -> bool:
    """A hidden part (`.name`, `__MACOSX`); `.` and `..` are steps of the path, not names:
    a member is never extracted, so `../x.txt` is read and named as written."""
    return any(part.startswith(".") and part not in (".", "..") or part == "__MACOSX"
               for part in member.split("/"))


def _chosen(member: str, want: list[str] | None) -> bool:
    return member == want[0] if want else not _hidden(member)


def _tar(name: str, flow: BinaryIO, guards: tuple[Guarded, ...], budget: Budget, depth: int,
         want: list[str] | None) -> Iterator[Entry]:
    try:
        archive = tarfile.open(fileobj=flow, mode="r|")  # noqa: SIM115 (closed below)
    except _ERRORS as exc:
        yield Entry(name, error=f"not a readable tar archive: {describe(exc)}")
        return
    with archive:
        yield from _tar_members(name, archive, guards, budget, depth, want)


def _tar_members(name: str, archive: tarfile.TarFile, guards: tuple[Guarded, ...], budget: Budget, depth: int,
                 want: list[str] | None) -> Iterator[Entry]:
    last = ""
    while True:
        try:
            info = archive.next()
        except _ERRORS as exc:
            if not any(g.said for g in guards):
                cause = next((g.error for g in guards if g.error), "") or describe(exc)
                where = f" after {name}!{last}" if last else ""
                yield Entry(name, error=f"{cause}; the archive not read{where}")
            return
        if info is None:
            return
        member = _member_name(info.name)
        if info.isdir() or not member or not _chosen(member, want):
            continue
        last = member
        full = f"{name}!{member}"
        if not info.isfile():
            what = ("a symbolic link" if info.issym() else "a hard link" if info.islnk()
                    else kind_of({tarfile.FIFOTYPE: stat.S_IFIFO, tarfile.CHRTYPE: stat.S_IFCHR,
                                  tarfile.BLKTYPE: stat.S_IFBLK}.get(info.type, 0)))
            yield Entry(full, skipped=f"not a regular file ({what})")
        elif not want and not is_read_name(member):
            yield Entry(full, skipped=NOT_A_HISTORY_NAME)
        elif info.size > MAX_MEMBER_BYTES:
            yield Entry(full, error=f"{size_text(info.size)}, over the bound of {size_text(MAX_MEMBER_BYTES)} "
                                    f"for one member: not read")
        else:
            data = archive.extractfile(info)
            if data is None:
                continue
            g = Guarded(cast(BinaryIO, data))
            yield from _unpack(full, cast(BinaryIO, g), (*guards, g), budget, depth + 1,
                               want[1:] if want else None, False)
        if want:
            return


def _zip(name: str, file: BinaryIO, guards: tuple[Guarded, ...], budget: Budget, depth: int,
         want: list[str] | None) -> Iterator[Entry]:
    try:
        archive = zipfile.ZipFile(file)
    except _ERRORS as exc:
        yield Entry(name, error=f"not a readable zip archive: {describe(exc)}")
        return
    with archive:
        for info in archive.infolist():
            member = _member_name(info.filename)
            if info.is_dir() or not member or not _chosen(member, want):
                continue
            full = f"{name}!{member}"
            mode = info.external_attr >> 16  # st_mode where a Unix zip wrote one (type bits 0 otherwise)
            bound = ratio_bound(info.compress_size)
            if budget.left <= 0:
                yield Entry(full, error=f"{budget.reason}: not read")
            elif stat.S_IFMT(mode) and not stat.S_ISREG(mode):
                yield Entry(full, skipped=f"not a regular file ({'a symbolic link' if stat.S_ISLNK(mode) else kind_of(mode)})")
            elif not want and not is_read_name(member):
                yield Entry(full, skipped=NOT_A_HISTORY_NAME)
            elif info.flag_bits & 0x1:
                yield Entry(full, error="encrypted: not read")
            elif info.file_size > bound:
                yield Entry(full, error=f"declares {size_text(info.file_size)} from {size_text(info.compress_size)}, "
                                        f"over the bound of {size_text(bound)} for its size: not read")
            else:
                try:
                    data = archive.open(info)
                except _ERRORS as exc:
                    yield Entry(full, error=describe(exc))
                    continue
                g = Guarded(cast(BinaryIO, data), limit=bound, budget=budget, what="one member's size and ratio")
                try:
                    yield from _unpack(full, cast(BinaryIO, g), (*guards, g), budget, depth + 1,
                                       want[1:] if want else None, False)
                finally:
                    data.close()
            if want:
                return
