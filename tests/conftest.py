"""Shared test settings.

Hypothesis profiles (choose with the environment variable HYPOTHESIS_PROFILE):
- `ci` (default): few examples, no deadline, so the property tests stay within a minute;
- `long`: many more examples for a soak run, e.g.
  `HYPOTHESIS_PROFILE=long pytest tests/test_generated.py tests/test_fuzz.py`.
`HHAUDIT_FUZZ_SCALE` (a number, default 1) multiplies the size of the bulk fuzz inputs
(tests/test_fuzz.py).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from pathlib import Path

    from hhaudit.pipeline import Totals

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=False
)
settings.register_profile(
    "long", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist (`-n auto --dist loadgroup`, the README's command) the tests that share
    a module- or session-scoped fixture of the project's run on one worker, so that the fixture
    (a corpus audit, a built wheel) is made once and not once per worker: tests are joined into
    one group when they share such a fixture, directly or through another test (so a module
    fixture built on a session one stays with it). An explicit `xdist_group` mark wins. Every
    other test is handed out on its own, to whichever worker is free."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    parent: dict[str, str] = {}

    def root(key: str) -> str:
        while parent.setdefault(key, key) != key:
            key = parent[key]
        return key

    shared: dict[pytest.Item, list[str]] = {}
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        if info is None or item.get_closest_marker("xdist_group") is not None:
            continue
        keys = []
        for name in info.names_closure:
            defs = info.name2fixturedefs.get(name)
            # the last definition is the one in force; baseid "" is pytest's or a plugin's own
            if defs and defs[-1].scope in ("module", "package", "session") and defs[-1].baseid:
                keys.append(f"{defs[-1].baseid}::{name}")
        if keys:
            shared[item] = keys
            for key in keys[1:]:
                parent[root(key)] = root(keys[0])
    for item, keys in shared.items():
        item.add_marker(pytest.mark.xdist_group(root(keys[0])))


@pytest.fixture(scope="session")
def corpus_dataset(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Totals]:
    """The whole corpus and the bundled samples audited once, with one job and the default
    options and units, for the tests that read what it says about real hands
    (tests/test_pipeline.py, tests/test_sessions_corpus.py). Read it, never write into it."""
    from conftest_corpus import corpus_and_samples

    from hhaudit.pipeline import Options, run
    from hhaudit.reading import iter_sources

    srcs = list(iter_sources([str(p) for p in corpus_and_samples()]))
    out = tmp_path_factory.mktemp("corpus") / "out"
    return out, run(srcs, out, Options(), jobs=1)
