"""hhaudit: Texas Hold'em hand-history parser and pot auditor.

>>> import hhaudit
>>> result = hhaudit.audit("sample_histories/")        # doctest: +SKIP
>>> result.findings.groupby("category").size()          # doctest: +SKIP

The API's names are imported on first use (module `__getattr__`), so that the command line's
quick answers (`--version`, `rules`, `rule`, `formats`) never import pandas.
"""

from __future__ import annotations

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
