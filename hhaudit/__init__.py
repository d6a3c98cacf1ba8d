"""hhaudit: Texas Hold'em hand-history parser and pot auditor.

>>> import hhaudit
>>> result = hhaudit.audit("sample_histories/")        # doctest: +SKIP
>>> result.findings.groupby("category").size()          # doctest: +SKIP

The API's names are imported on first use (module `__getattr__`), so that the command line's
quick answers (`--version`, `rules`, `rule`, `formats`) never import pandas.
"""

from __future__ import annotations

import os as _os
import sys as _sys


def _interrupted_while_starting(signum: int, frame: object) -> None:
    _os.write(2, b"hhaudit: interrupted\n")
    _os._exit(130)  # nothing has been written yet: there is nothing to clean up


def _guard_start() -> None:
    """Ctrl-C while the command line starts (its imports take a good part of a second) exits
    130 with one line, not a traceback: installed first thing when this process is the
    `hhaudit` command (the console script or `python -m hhaudit`), until `cli.main` puts
    Python's own handler back. Imported as a library, nothing changes."""
    argv = getattr(_sys, "orig_argv", [])
    script = bool(_sys.argv) and _os.path.basename(_sys.argv[0]).removesuffix(".exe") == "hhaudit"
    module = any(argv[i] == "-m" and argv[i + 1] == "hhaudit" for i in range(len(argv) - 1))
    if script or module:
        import _signal  # built in: `signal` imports enum, a tenth of the start-up

        if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
            _signal.signal(_signal.SIGINT, _interrupted_while_starting)


_guard_start()

from typing import TYPE_CHECKING, Any

from . import _native

_native.select()  # compiled modules or their sources: decided before any of them loads

if TYPE_CHECKING:
    from .api import AuditResult, audit, read, units
    from .interop import to_pokerkit
    from .parsing import parse

__all__ = ["AuditResult", "__version__", "audit", "parse", "read", "to_pokerkit", "units"]
__version__ = "0.1.0"

_LAZY = {"AuditResult": "api", "audit": "api", "read": "api", "units": "api", "parse": "parsing",
         "to_pokerkit": "interop"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'hhaudit' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
