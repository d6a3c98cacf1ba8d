"""The default rule set (ruff's model): `Rule.default`, `Rule.default_live` and
`Rule.default_reason` on every rule; `--select` replaces the default set, `--extend-select`
adds to it, `--ignore` takes off (`rules.select`, `[tool.hhaudit]`, the API)."""

from __future__ import annotations

from pathlib import Path

import hhaudit
from hhaudit import config
from hhaudit.engine.rules import RULES, default_text, select
from hhaudit.ruledoc import load_all_rules, rule_doc

load_all_rules()
SAMPLE = Path(__file__).resolve().parents[1] / "sample_histories" / "pokerstars"


def test_every_rule_says_whether_it_is_default_and_why() -> None:
    for code, rule in RULES.items():
        assert "default_reason" in vars(rule) and rule.default_reason.strip(), code
        assert default_text(rule) in ("yes", "no", "live only", "online only"), code
    assert {c for c, r in RULES.items() if default_text(r) == "live only"} == {"SE01", "SE02", "SE03", "SE04", "SE05"}
    assert {c for c, r in RULES.items() if default_text(r) == "no"} == {"PA04", "SE06", "WN02"}  # PA04: the reader's gap, not the log's mistake
    assert "In the default set: live logs only" in rule_doc("SE05")
    assert "In the default set: yes" in rule_doc("MR01")


def test_select_replaces_the_default_set_and_extend_select_adds_to_it() -> None:
    online, live = select(RULES), select(RULES, live=True)
    assert "SE05" not in online and "SE05" in live and "SE06" not in live
    assert "MR01" in online and "PA01" in online
    assert select(RULES, ["ALL"]) == set(RULES) == select(RULES, ["all"])
    assert select(RULES, ["MR01"]) == {"MR01"}
    assert select(RULES, extend_select=["SE05"]) == online | {"SE05"}
    assert select(RULES, ["MR01"], extend_select=["session"]) == {"MR01"} | {c for c in RULES if c.startswith("SE")}
    assert select(RULES, ["ALL"], ["SE"]) == {c for c in RULES if not c.startswith("SE")}


def test_extend_select_in_pyproject(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.hhaudit]\nextend-select = ["SE05", "hand-order"]\n',
                                             encoding="utf-8")
    assert config.load(tmp_path).extend_select == ["SE05", "hand-order"]
    (tmp_path / "pyproject.toml").write_text('[tool.hhaudit]\nextend-select = ["SE99"]\n', encoding="utf-8")
    try:
        config.load(tmp_path)
    except config.ConfigError as exc:
        assert "unknown rule 'SE99'" in str(exc) and "pyproject.toml:2" in str(exc)
    else:
        raise AssertionError("an unknown rule in extend-select is an error")


def test_the_api_takes_extend_select() -> None:
    # short-raise-odd-chip: MR01 and OC01 in the default set; selecting MR01 alone drops
    # OC01, extending it again by OC01 brings it back
    path = str(SAMPLE / "short-raise-odd-chip.txt")
    assert sorted(hhaudit.audit([path]).findings["rule"]) == ["MR01", "OC01"]
    assert list(hhaudit.audit([path], select=["MR01"]).findings["rule"]) == ["MR01"]
    assert sorted(hhaudit.audit([path], select=["MR01"], extend_select=["OC01"]).findings["rule"]) == ["MR01", "OC01"]
