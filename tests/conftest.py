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
import signal
import threading
from collections.abc import Iterator
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


def pytest_configure(config: pytest.Config) -> None:
    # pytest-xdist declares it too; declared here for a run without it
    config.addinivalue_line("markers", "xdist_group(name): run on the worker that runs the group's other tests")


_WIDTH = {"session": 3, "package": 2, "module": 1}


def pytest_itemcollected(item: pytest.Item) -> None:
    """Under pytest-xdist (`-n auto --dist loadgroup`, the README's command) the tests that share
    a module- or session-scoped fixture of the project's run on one worker, so that the fixture
    (a corpus audit, a built wheel) is made once and not once per worker: a test using such
    fixtures joins the group of the widest (session before module; a module fixture built on a
    session one goes with it; a module's fixtures are one group, so a wheel fixture built on a build
    fixture is not built again on the other worker). An explicit `xdist_group` mark wins. Every other test is handed
    out on its own, to whichever worker is free. (Marked as each test is collected: xdist reads
    the marks before other hooks see the whole collection.)"""
    info = getattr(item, "_fixtureinfo", None)
    if info is None or item.get_closest_marker("xdist_group") is not None:
        return
    best: tuple[int, str] | None = None
    for name in info.names_closure:
        defs = info.name2fixturedefs.get(name)
        # the last definition is the one in force; baseid "" is pytest's or a plugin's own
        if defs and defs[-1].scope in _WIDTH and defs[-1].baseid:
            width = _WIDTH[defs[-1].scope]
            # a module's fixtures are one group (a wheel fixture built on a build fixture is
            # not a second build on the other worker); a session fixture is its own group
            group = f"{defs[-1].baseid}::{name}" if defs[-1].scope == "session" else defs[-1].baseid
            if best is None or width > best[0]:
                best = (width, group)
    if best is not None:
        item.add_marker(pytest.mark.xdist_group(best[1]))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The group in the test's id, as `--dist loadgroup` reads it (`test_x.py::test_y@group`),
    where xdist's own hook has not put it: pytest-xdist 3.8 sets `item._nodeid`, and pytest 9
    reads a node's id from `item._id`, so its workers sent the ids without the group and a
    group's tests went to both workers (each building the shared fixture).

    Then the groups go first, the corpus's first of all, and the tests handed out one by one
    after them: a worker that draws a group runs it whole, and one drawn last (the corpus's is
    about two minutes of tests) ran on one worker while the other had nothing left to do; the
    single tests at the end fill both workers until the last. (Both workers sort alike: the
    order is the collection's, which `--dist loadgroup` hands out in.)"""
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                        for m in item.iter_markers("xdist_group")})
        if names and "@" not in item.nodeid:
            nodeid = f"{item.nodeid}@{'_'.join(names)}"
            if hasattr(item, "_id"):
                from _pytest.nodeid import NodeId

                item._id = NodeId.parse(nodeid)
            else:  # pytest 8
                item._nodeid = nodeid

    def first(item: pytest.Item) -> int:
        groups = [str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in item.iter_markers("xdist_group")]
        return 2 if not groups else 0 if any(g.endswith("::corpus_dataset") for g in groups) else 1

    items.sort(key=first)  # stable: each kind in the collection's order


@pytest.fixture(scope="session")
def corpus_dataset(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Totals]:
    """The whole corpus and the bundled samples audited once, with one job, every rule
    (`select=ALL`: the session rules that leave the default online too) and the default
    options and units, for the tests that read what it says about real hands
    (tests/test_pipeline.py, tests/test_sessions_corpus.py). Read it, never write into it."""
    from conftest_corpus import corpus_and_samples

    from hhaudit.pipeline import Options, run
    from hhaudit.reading import iter_sources

    srcs = list(iter_sources([str(p) for p in corpus_and_samples()]))
    out = tmp_path_factory.mktemp("corpus") / "out"
    return out, run(srcs, out, Options(select=("ALL",)), jobs=1)


@pytest.fixture(autouse=True)
def _sigint_as_it_was() -> Iterator[None]:
    """Each test starts with SIGINT not ignored, and leaves its handler as it found it. A
    handler left ignored in this process (by a library a test or a fixture drives here) would
    be inherited by every later test's child processes, and Python installs no
    KeyboardInterrupt in a process that starts with SIGINT ignored: the tests that press
    Ctrl-C on a command would then see it finish instead."""
    main = threading.current_thread() is threading.main_thread()
    before = signal.getsignal(signal.SIGINT)
    if main and before is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    if main and signal.getsignal(signal.SIGINT) is not before:
        signal.signal(signal.SIGINT, before)
