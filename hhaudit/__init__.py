"""hhaudit: Texas Hold'em hand-history parser and pot auditor.

>>> import hhaudit
>>> result = hhaudit.audit("sample_histories/")        # doctest: +SKIP
>>> result.findings.groupby("category").size()          # doctest: +SKIP
"""

from __future__ import annotations

from . import _native

_native.select()  # compiled modules or their sources: decided before any of them loads

from .api import AuditResult, audit, read, units
from .parsing import parse

__all__ = ["AuditResult", "audit", "parse", "read", "units", "__version__"]
__version__ = "0.1.0"
