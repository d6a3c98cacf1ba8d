"""What can stop a command, and the exit status and one sentence each gives (contract §1).

0 no finding at or above `--fail-on`, 1 such findings, 2 a usage or input error (a bad
option, rule or value, nothing readable, an OUT that is not hhaudit's, a folder that is not
a dataset), 3 an environment or internal error (disk full, permission, read-only file
system, a scheduler that cannot be reached, a bug), 130 after Ctrl-C. An error is one
sentence on stderr naming the file (and line) at fault; `HHAUDIT_DEBUG=1` adds the
traceback.
"""

from __future__ import annotations

import errno
import os
import sys
import traceback
from typing import Final

USAGE: Final = 2
ENVIRONMENT: Final = 3
INTERRUPTED: Final = 130


class HHAuditError(Exception):
    """An error that ends a command with `status` and its message as the one line."""

    status: int = ENVIRONMENT


class UsageError(HHAuditError, ValueError):
    """A usage or input error: a bad option, rule, value or path (status 2)."""

    status = USAGE


class OutputRefused(UsageError):
    """OUT is not absent, empty or an hhaudit dataset, or overlaps an input (status 2)."""


class NotADataset(UsageError, FileNotFoundError):
    """A folder given as a dataset that is not one (`hhaudit report`, `hhaudit.read`)."""


class EnvironmentProblem(HHAuditError, OSError):
    """The machine stopped the run: disk full, permission, read-only file system,
    unreachable scheduler, a missing optional dependency (status 3)."""

    status = ENVIRONMENT


class InternalError(HHAuditError, RuntimeError):
    """A bug (status 3); `detail` is the traceback where it happened, for HHAUDIT_DEBUG."""

    status = ENVIRONMENT

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


_REASONS: Final = {
    errno.ENOSPC: "no space left on the device",
    errno.EDQUOT: "disk quota exceeded",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted",
    errno.EROFS: "read-only file system",
    errno.ENOENT: "no such file or folder",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EEXIST: "already exists",
    errno.ENOTEMPTY: "folder not empty",
    errno.EIO: "input/output error",
    errno.EMFILE: "too many open files",
    errno.ENAMETOOLONG: "name too long",
}


def os_reason(exc: BaseException) -> str:
    """A short reason for an OSError, also for libraries (pyarrow) that put the errno only in
    their message."""
    if isinstance(exc, OSError) and exc.errno in _REASONS:
        return _REASONS[exc.errno]
    text = str(exc)
    for code, reason in _REASONS.items():
        if os.strerror(code).lower() in text.lower():
            return reason
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror[0].lower() + exc.strerror[1:]
    return text or type(exc).__name__


def debug() -> bool:
    return os.environ.get("HHAUDIT_DEBUG", "") not in ("", "0")


def sentence(exc: BaseException) -> tuple[str, int]:
    """The one line and the exit status for an exception that ends a command."""
    if isinstance(exc, HHAuditError):
        return str(exc), exc.status
    if isinstance(exc, OSError):
        where = exc.filename if exc.filename is not None else ""
        return (f"{where}: {os_reason(exc)}" if where else f"system error: {os_reason(exc)}"), ENVIRONMENT
    if isinstance(exc, MemoryError):
        return "out of memory", ENVIRONMENT
    name = type(exc).__name__
    return (f"internal error ({name}: {exc}); please report it with the command that caused it "
            f"(HHAUDIT_DEBUG=1 shows where it happened)"), ENVIRONMENT


def report(exc: BaseException) -> int:
    """Print the one line for an exception (and its traceback with HHAUDIT_DEBUG=1) and
    return the exit status."""
    text, status = sentence(exc)
    if debug():
        traceback.print_exception(exc, file=sys.stderr)
        detail = getattr(exc, "detail", "")
        if detail:
            print(detail, file=sys.stderr)
    from .output.safe import safe

    print(f"hhaudit: {safe(text)}", file=sys.stderr)
    return status
