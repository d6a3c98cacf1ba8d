"""SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format), the log code-scanning
tools read: one run, hhaudit as its driver with every rule described (id, name, summary,
full description with the citation, default level), one result a finding with its file and
line. The results are written as they are read; `tests/test_output.py` validates the log
against the official JSON schema."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import PurePath
from typing import Any, TextIO
from urllib.parse import quote

from . import Row
from . import detail as expected_actual

LEVELS = {"error": "error", "warning": "warning", "info": "note"}
SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_PROPERTIES = ("hand_id", "category", "severity", "seat", "player", "expected", "actual", "expected_amount",
               "actual_amount", "caused_by", "site", "table_name", "started_at", "session_id", "citation")
"""The finding's fields a result carries as properties (its file, line, rule and message
are SARIF's own)."""


def _uri(source: str) -> str:
    """A source path as a URI reference: relative paths stay relative, absolute ones become
    `file:` URIs; every character outside the URI set is percent-encoded."""
    path = PurePath(source)
    text = path.as_posix()
    if path.is_absolute():
        return "file://" + quote(text, safe="/!")
    return quote(text, safe="/!")


def _rules() -> list[dict[str, Any]]:
    from ..engine.rules import RULES, Rule
    from ..ruledoc import load_all_rules

    load_all_rules()
    out: list[dict[str, Any]] = []
    for code in sorted(RULES):
        r: type[Rule] = RULES[code]
        out.append({
            "id": r.code,
            "name": r.name,
            "shortDescription": {"text": r.summary()},
            "fullDescription": {"text": f"{r.summary()} ({r.citation})"},
            "defaultConfiguration": {"level": LEVELS.get(r.severity.value, "error")},
            "properties": {"category": r.category.value, "citation": r.citation},
        })
    return out


def _result(r: Row, index: dict[str, int]) -> dict[str, Any]:
    detail = expected_actual(r.expected, r.actual)
    text = (r.message or r.name) + (f" ({detail})" if detail else "")
    physical: dict[str, Any] = {"artifactLocation": {"uri": _uri(r.source)}}
    if r.line is not None and r.line >= 1:
        physical["region"] = {"startLine": r.line}
    result: dict[str, Any] = {
        "ruleId": r.rule,
        "level": LEVELS.get(r.severity, "error"),
        "message": {"text": text},
        "locations": [{"physicalLocation": physical}],
        "partialFingerprints": {"hhauditFinding/v1": f"{r.source}#{r.hand_id}#{r.seq}#{r.rule}"},
        "properties": {k: v for k, v in r.as_dict().items()
                       if v is not None and k in _PROPERTIES},
    }
    if r.rule in index:
        result["ruleIndex"] = index[r.rule]
    return result


def write_sarif(rows: Iterator[Row], stream: TextIO) -> int:
    from .. import __version__

    rules = _rules()
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    driver = {"name": "hhaudit", "version": __version__, "semanticVersion": __version__,
              "rules": rules}
    head = json.dumps({"$schema": SCHEMA, "version": "2.1.0"}, ensure_ascii=False)[:-1]
    stream.write(head + ', "runs": [{"tool": {"driver": ' + json.dumps(driver, ensure_ascii=False)
                 + '}, "columnKind": "unicodeCodePoints", "results": [')
    n = 0
    for r in rows:
        stream.write(("\n" if n == 0 else ",\n") + json.dumps(_result(r, index), ensure_ascii=False))
        n += 1
    stream.write("\n]}]}\n")
    return n
