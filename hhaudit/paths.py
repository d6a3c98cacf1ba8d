"""Finding the files to read under the paths given: folders walked, globs matched, symbolic
links followed without looping, and whatever is not read said with its reason.

Only regular files are read: a FIFO, a device (a link to `/dev/zero`) or a socket would block
or never end, so it is reported and skipped, never opened. Folders are walked recursively in
name order (a folder's files, then its subfolders), hidden entries (a name starting with a
dot) skipped; symbolic links to folders are followed, a link back to a folder being walked
(a loop) is reported and not followed, and a file or folder reached twice (through links,
hard links, or a path given twice) is read once. In a folder only files whose names look like
hand histories or archives are read (`READ_SUFFIXES`); the others are reported as skipped by
name. A file given by its own path is read whatever its name.

File names are bytes on POSIX: Python holds the bytes that are not UTF-8 as lone surrogates
(`os.fsdecode`), which open the file but which no table, JSON file or terminal takes. A file
is opened by that name, and named everywhere else as `shown` writes it (each such byte as
`\\xNN`: `caf\\xe9.txt`); `stored` turns a shown name back into the name to open.

`**` in a glob matches any depth of folders (and the links to folders, without looping), `*`,
`?` and `[...]` one name, never a hidden one unless the pattern's name starts with a dot.
"""

from __future__ import annotations

import errno
import fnmatch
import glob
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass

HISTORY_SUFFIXES = frozenset({".txt", ".log", ".hh", ".xml", ".live", ".phh", ".phhs", ".ohh", ""})
"""Names of hand histories in a folder (a file given by its own path is read whatever its name)."""
ARCHIVE_SUFFIXES = frozenset({".gz", ".bz2", ".xz", ".zip", ".tar", ".tgz", ".tbz", ".tbz2", ".txz", ".7z"})
"""Names of compressed and archived histories in a folder (`hhaudit.archives` reads them)."""
READ_SUFFIXES = HISTORY_SUFFIXES | ARCHIVE_SUFFIXES

NOT_A_HISTORY_NAME = "not a hand-history file name"


_UNDECODED = re.compile("[\udc80-\udcff]")
_SHOWN_BYTE = re.compile(r"\\x([89a-f][0-9a-f])")


def shown(name: str) -> str:
    """A file name as text every table and terminal takes: each byte that is not UTF-8
    written `\\xNN`."""
    if not _UNDECODED.search(name):
        return name
    return _UNDECODED.sub(lambda m: f"\\x{ord(m.group()) - 0xDC00:02x}", name)


def stored(name: str) -> str:
    """The name to open for a name `shown` wrote (the name itself when it holds no `\\xNN`
    of a byte that is not ASCII)."""
    return _SHOWN_BYTE.sub(lambda m: chr(0xDC00 + int(m.group(1), 16)), name)


def to_open(name: str) -> str:
    """The path to open for a source name a dataset holds: the name itself if it exists,
    otherwise the name `stored` gives for it (for `archive.tar!member`, the member's name too:
    a tar member's name may hold bytes that are not UTF-8 where the archive's does not)."""
    if os.path.lexists(name):
        return name
    raw = stored(name)
    return raw if raw != name and os.path.lexists(raw.split("!", 1)[0]) else name


def is_read_name(name: str) -> bool:
    """Whether a file of this name, found in a folder or an archive, is read."""
    return os.path.splitext(name)[1].lower() in READ_SUFFIXES


def is_hidden(name: str) -> bool:
    return name.startswith(".")


@dataclass(frozen=True, slots=True)
class Found:
    """A path found: a regular file to read (`reason` empty), or what is not read and why."""

    path: str
    reason: str = ""
    unreadable: bool = False
    """The reason is an error (a folder or file that cannot be opened), not hhaudit's choice."""
    member: str = ""
    """For `archive.zip!inner/path.txt`: the member's path inside the file at `path`."""


class NotFound(Exception):
    """A path given that names nothing (no file, folder, archive member or glob match)."""


def kind_of(mode: int) -> str:
    """What a file that is not regular is, in words."""
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def not_regular(mode: int) -> str:
    return f"not a regular file ({kind_of(mode)})"


class Finder:
    """Expands paths into `Found`s, remembering every file and folder already reached so that
    none is read twice, whichever of the paths given reaches it."""

    def __init__(self) -> None:
        self._files: dict[tuple[int, int], str] = {}
        self._folders: dict[tuple[int, int], str] = {}
        self._said: set[str] = set()
        self._glob_errors: list[Found] = []
        self._reached: set[str] = set()
        """Absolute paths of the folders walked or reported (a glob's matches inside are theirs)."""
        self.took_stdin = False
        """Whether `-` (standard input) was given already."""

    def expand(self, text: str) -> Iterator[Found]:
        """What one path given stands for; `NotFound` if nothing. A reason is said once."""
        for found in self._expand(text):
            if found.reason:
                if found.path in self._said:
                    continue
                self._said.add(found.path)
            yield found

    def _expand(self, text: str) -> Iterator[Found]:
        try:
            st = os.stat(text)
        except OSError as exc:
            if os.path.lexists(text):  # a link to nothing, or a loop of links
                yield self._broken(text, exc)
                return
            member = split_member(text)
            if member is not None:
                yield Found(member[0], member=member[1])
                return
            if glob.has_magic(text):
                self._glob_errors = []
                matches = sorted(set(self._glob(text)))
                yield from self._glob_errors
                if not matches and not self._glob_errors:
                    raise NotFound(f"{text}: no file matches this pattern") from None
                for match in matches:
                    if not self._covered(match):
                        yield from self._one(match, named=False)
                return
            if exc.errno in (errno.EACCES, errno.EPERM):
                yield Found(text, f"cannot open ({exc.strerror})", unreadable=True)
                return
            raise NotFound(f"{text}: no such file or folder") from None
        yield from self._one(text, named=True, st=st)

    def _covered(self, path: str) -> bool:
        """Whether a glob's match lies in a folder already walked or reported."""
        p = os.path.dirname(os.path.abspath(path))
        while True:
            if p in self._reached:
                return True
            parent = os.path.dirname(p)
            if parent == p:
                return False
            p = parent

    def _one(self, path: str, *, named: bool, st: os.stat_result | None = None) -> Iterator[Found]:
        if st is None:
            try:
                st = os.stat(path)
            except OSError as exc:
                yield self._broken(path, exc)
                return
        if stat.S_ISDIR(st.st_mode):
            yield from self._walk(path, st)
        elif stat.S_ISREG(st.st_mode):
            if not named and not is_read_name(os.path.basename(path)):
                return  # a glob's match of a file that is not a history: as a walk skips it
            yield from self._file(path, st)
        else:
            yield Found(path, not_regular(st.st_mode))

    def _file(self, path: str, st: os.stat_result) -> Iterator[Found]:
        key = (st.st_dev, st.st_ino)
        first = self._files.get(key)
        if first is None:
            self._files[key] = path
            yield Found(path)
        elif os.path.normpath(first) != os.path.normpath(path):
            yield Found(path, f"the same file as {first}")

    def _walk(self, root: str, st: os.stat_result) -> Iterator[Found]:
        """A folder's files in name order, then its subfolders, depth first (as `os.walk`)."""
        key = (st.st_dev, st.st_ino)
        if key in self._folders:
            first = self._folders[key]
            if os.path.normpath(first) != os.path.normpath(root) and not _inside(root, first):
                yield Found(root, f"the same folder as {first}")
            return
        self._folders[key] = root
        self._reached.add(os.path.abspath(root))
        stack: list[tuple[str, frozenset[tuple[int, int]]]] = [(root, frozenset({key}))]
        while stack:
            folder, ancestors = stack.pop()
            try:
                with os.scandir(folder) as it:
                    names = sorted(e.name for e in it)
            except OSError as exc:
                yield Found(folder, f"cannot open folder ({exc.strerror})", unreadable=True)
                continue
            subfolders: list[tuple[str, frozenset[tuple[int, int]]]] = []
            for name in names:
                if is_hidden(name):
                    continue
                path = os.path.join(folder, name)
                try:
                    sub = os.stat(path)
                except OSError as exc:
                    yield self._broken(path, exc)
                    continue
                if stat.S_ISDIR(sub.st_mode):
                    k = (sub.st_dev, sub.st_ino)
                    self._reached.add(os.path.abspath(path))
                    if k in ancestors:
                        yield Found(path, f"a symbolic link loop (back to {self._folders.get(k, folder)})")
                    elif k in self._folders:
                        yield Found(path, f"the same folder as {self._folders[k]}")
                    else:
                        self._folders[k] = path
                        subfolders.append((path, ancestors | {k}))
                elif not stat.S_ISREG(sub.st_mode):
                    yield Found(path, not_regular(sub.st_mode))
                elif not is_read_name(name):
                    yield Found(path, NOT_A_HISTORY_NAME)
                else:
                    yield from self._file(path, sub)
            stack.extend(reversed(subfolders))

    def _glob(self, pattern: str) -> Iterator[str]:
        """Paths matching a pattern, `**` over folders and links to folders without looping."""
        drive, rest = os.path.splitdrive(pattern)
        absolute = rest.startswith(os.sep)
        parts = [p for p in rest.split(os.sep) if p]
        base = drive + (os.sep if absolute else "")
        yield from self._match(base, parts, frozenset())

    def _match(self, base: str, parts: list[str], ancestors: frozenset[tuple[int, int]]) -> Iterator[str]:
        """The matches of `parts` under `base`, from a stack of what is left to match (not a
        recursion: `**` over a thousand nested folders is a thousand entries, not frames)."""
        todo = [(base, parts, ancestors)]
        while todo:
            base, parts, ancestors = todo.pop()
            if not parts:
                if base and os.path.lexists(base):
                    yield base
                continue
            head, rest = parts[0], parts[1:]
            if head == "**":
                # zero folders, or one more folder (not a loop) and `**` again
                try:
                    here = os.stat(base or ".")
                except OSError:
                    continue
                ancestors = ancestors | {(here.st_dev, here.st_ino)}
                todo.append((base, rest, ancestors))
                for name in self._names(base, hidden=False):
                    path = os.path.join(base, name) if base else name
                    try:
                        st = os.stat(path)
                    except OSError:
                        continue
                    if not stat.S_ISDIR(st.st_mode):
                        if not rest:
                            yield path
                        continue
                    key = (st.st_dev, st.st_ino)
                    if key in ancestors:
                        self._glob_errors.append(Found(path, "a symbolic link loop"))
                        continue
                    todo.append((path, parts, ancestors | {key}))
            elif glob.has_magic(head):
                for name in fnmatch.filter(self._names(base, hidden=is_hidden(head)), head):
                    todo.append((os.path.join(base, name) if base else name, rest, ancestors))
            else:
                todo.append((os.path.join(base, head) if base else head, rest, ancestors))

    def _names(self, folder: str, *, hidden: bool) -> list[str]:
        try:
            with os.scandir(folder or ".") as it:
                return sorted(e.name for e in it if hidden or not is_hidden(e.name))
        except (NotADirectoryError, FileNotFoundError):
            return []
        except OSError as exc:
            self._glob_errors.append(Found(folder, f"cannot open folder ({exc.strerror})", unreadable=True))
            return []

    def _broken(self, path: str, exc: OSError) -> Found:
        if exc.errno == errno.ELOOP:
            return Found(path, "a symbolic link loop")
        if exc.errno == errno.ENOENT:
            return Found(path, "a symbolic link to nothing")
        return Found(path, f"cannot open ({exc.strerror})", unreadable=True)


def _inside(path: str, folder: str) -> bool:
    """Whether `path` lies in `folder` (a glob's match inside a folder its walk already read)."""
    p, f = os.path.abspath(path), os.path.abspath(folder)
    return p.startswith(f.rstrip(os.sep) + os.sep)


def split_member(text: str) -> tuple[str, str] | None:
    """`archive.zip!inner/path.txt` as (archive, member) when the part before a `!` is a file."""
    start = 0
    while True:
        at = text.find("!", start)
        if at < 0:
            return None
        head = text[:at]
        if head and os.path.isfile(head):
            member = text[at + 1:]
            return (head, member) if member else None
        start = at + 1
