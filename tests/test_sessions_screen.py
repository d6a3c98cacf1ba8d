"""The session pass's screen (hhaudit/sessions/screen.py) passes over the plain hands without
building their views: it must change nothing. The session pass is run again on the whole
corpus's dataset with the screen and without it, and every table it writes must be the
same; and on the corpus the screen must pass most hands, or it saves nothing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import hhaudit.sessions.screen as screening
from hhaudit.pipeline import Options, Totals
from hhaudit.sessions import handoff, passes

CORPUS = Path(__file__).parents[1] / ".." / "shared" / "corpus"


def _again(dataset: Path, to: Path, enabled: bool, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The session pass run again on a copy of `dataset` (its session outputs removed)."""
    shutil.copytree(dataset, to)
    for p in [*(to / "sessions").glob("*"), *(to / "findings").glob("part-sessions-*")]:
        p.unlink()
    monkeypatch.setattr(screening, "ENABLED", enabled)
    passes.session_pass(to, Options())
    return to


def _tables(out: Path) -> dict[str, object]:
    return {f"{t}/{p.name}": pq.read_table(p) for t in ("hands", "sessions", "findings")
            for p in sorted((out / t).glob("*.parquet"))}


@pytest.fixture
def dataset(corpus_dataset: tuple[Path, Totals]) -> Path:
    """The corpus's dataset (tests/conftest.py), which the tests copy before the pass runs."""
    if not (CORPUS / "HANDS.tsv").is_file():
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    return corpus_dataset[0]


def test_the_screen_changes_nothing_on_the_corpus(dataset: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    passed: list[int] = []
    screen = screening.screen

    def counted(*args: object) -> screening.Screened:
        s = screen(*args)
        passed.append(int(s.plain.sum()))
        return s

    monkeypatch.setattr(screening, "screen", counted)
    with_screen = _tables(_again(dataset, tmp_path / "on", True, monkeypatch))
    plain = sum(passed)
    without = _tables(_again(dataset, tmp_path / "off", False, monkeypatch))
    assert with_screen.keys() == without.keys()
    for name, table in with_screen.items():
        assert table.equals(without[name]), name
    sessions = with_screen["sessions/part-sessions-00000.parquet"]
    pairs = sum(sessions.column("pairs").to_pylist())
    # the corpus's sessions hold 5,784 pairs of hands, of which the screen passes 2,540 (44%;
    # Bovada/Ignition's, players hidden, need no view either and are not counted)
    assert pairs > 5000, pairs
    assert plain * 3 > pairs, (plain, pairs)


def test_the_pass_runs_with_garbage_collection_paused_and_restores_it() -> None:
    import gc

    from hhaudit.pipeline.bulk import paused_gc

    assert gc.isenabled()
    with pytest.raises(ZeroDivisionError), paused_gc():
        assert not gc.isenabled()
        _ = 1 // 0
    assert gc.isenabled()  # back on, though the block raised
    gc.disable()
    try:
        with paused_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()  # left off: it was off before
    finally:
        gc.enable()


def test_dropping_the_antes_changes_nothing_on_the_corpus(dataset: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # the pass drops the antes of every hand that pays someone (`handoff.without_antes`):
    # no session rule reads them there, so keeping them all gives the same tables
    dropped: list[int] = []
    drop = handoff.without_antes

    def counted(posts: pa.Table, *args: int) -> pa.Table:
        kept = drop(posts, *args)
        dropped.append(len(posts) - len(kept))
        return kept

    monkeypatch.setattr(handoff, "without_antes", counted)
    without_antes = _tables(_again(dataset, tmp_path / "dropped", True, monkeypatch))
    monkeypatch.setattr(handoff, "without_antes", lambda posts, *args: posts)
    with_antes = _tables(_again(dataset, tmp_path / "kept", True, monkeypatch))
    assert without_antes.keys() == with_antes.keys()
    for name, table in without_antes.items():
        assert table.equals(with_antes[name]), name
    assert sum(dropped) > 10_000  # the corpus's tournaments post thousands of antes


def test_antes_are_kept_only_where_a_hand_pays_no_one() -> None:
    # hand 10 pays seat 2; hand 11 pays no one (iPoker's partial XML: `judge.only_posts` reads
    # its antes); hand 12 writes seat 1 twice, its last row paying no one: kept as well
    posts = pa.table({"h": [10, 10, 10, 11, 11, 11, 12, 12],
                      "action": ["post_ante", "post_ante", "post_bb", "post_ante", "post_ante", "post_sb",
                                 "post_ante", "post_bb"],
                      "seat": [1, 2, 2, 1, 2, 1, 1, 2]})
    seats = pa.table({"h": [10, 10, 11, 11, 12, 12, 12], "seat": [1, 2, 1, 2, 1, 1, 2],
                      "net": [-5, 5, -6, -1, 5, -5, -5]})
    kept = handoff.without_antes(posts, seats, 10, 3)
    assert list(zip(kept["h"].to_pylist(), kept["action"].to_pylist(), strict=True)) == [
        (10, "post_bb"), (11, "post_ante"), (11, "post_ante"), (11, "post_sb"), (12, "post_ante"), (12, "post_bb")]
