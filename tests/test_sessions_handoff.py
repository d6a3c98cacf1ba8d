"""What the units hand the session pass (`hhaudit.sessions.handoff`): inputs that are the
same tables as those read back from the parts, and sessions judged alone that are the pass's
own: a run that uses them writes the same dataset as one whose pass reads every part's
Parquet files and judges every session."""

from __future__ import annotations

import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from hhaudit.pipeline import Options, run
from hhaudit.reading import iter_sources
from hhaudit.sessions import handoff, passes

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
FILES = [
    # a tournament's antes (most of its posts), a cash game's players coming and going, an XML
    # site, a converted one, and the live logs (their sessions are judged whole)
    "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/tour/Stars/Flop/NLHE-USD-MTT-5r-200710.txt",
    "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/cash/Bovada/Flop/LHE-USD-8-16-201204.old.format.txt",
    "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/tour/iPoker/Flop/NLHE-USD-MTT-5r-201112.Sample.xml",
    "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/tour/PokerTracker/Flop/NLHE-USD-SNG-2-201106.iPoker.txt",
]


def _tables(out: Path) -> dict[str, object]:
    """Every hands part whole; the sessions and findings tables' rows, sorted (the sessions
    the units judged come first)."""
    got: dict[str, object] = {f"hands/{p.name}": pq.read_table(p) for p in sorted((out / "hands").glob("*.parquet"))}
    for t in ("sessions", "findings"):
        got[t] = sorted((tuple(r.values()) for r in pq.read_table(out / t).to_pylist()), key=repr)
    return got


@pytest.fixture
def paths(tmp_path: Path) -> list[str]:
    if not (CORPUS / "HANDS.tsv").is_file():
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    copy = tmp_path / "copy" / "again.txt"  # the tournament again: its copies' rows are dropped
    copy.parent.mkdir()
    shutil.copyfile(CORPUS / FILES[0], copy)
    return [*(str(CORPUS / f) for f in FILES), str(copy), str(ROOT / "sample_histories" / "live")]


def test_a_run_with_what_the_units_hand_over_is_one_without(paths: list[str], tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    read = handoff.read
    given: list[str] = []
    refused: list[str] = []
    taken: list[str] = []

    def compared(tmp: Path, name: str, start: int, n: int, kinds: tuple[str, ...] = handoff.KINDS) -> object:
        got = read(tmp, name, start, n, kinds)
        if kinds == handoff.KINDS:
            (given if got is not None else refused).append(name)
            if got is not None:  # each table as the part's own Parquet files give it
                for a, b in zip(got, handoff.from_parquet(tmp, name, start), strict=True):
                    assert a.equals(b), name
        if kinds == handoff.JUDGED and got is not None:
            taken.append(name)
        return got

    monkeypatch.setattr(handoff, "read", compared)
    # units of 200 hands (a group of small files: twice the batch): tables run over units
    run(list(iter_sources(paths)), tmp_path / "with", Options(), batch=100)
    assert len(given) >= 3  # the parts with a table another part holds too: their inputs
    assert refused  # the parts whose copies `dedupe` dropped: read from their Parquet files
    assert len(taken) >= 3  # the parts whose tables no other part holds: judged in the unit
    assert not (tmp_path / "with" / handoff.HANDOFF).exists()
    monkeypatch.setattr(passes, "IN_UNITS", False)
    given.clear()
    taken.clear()
    run(list(iter_sources(paths)), tmp_path / "without", Options(), batch=100)
    assert not given and not taken
    got, want = _tables(tmp_path / "with"), _tables(tmp_path / "without")
    assert got.keys() == want.keys()
    for name, table in got.items():
        assert table == want[name] if isinstance(table, list) else table.equals(want[name]), name  # type: ignore[attr-defined]
    assert len(got["sessions"]) > 20 and len(got["findings"]) > 10  # type: ignore[arg-type]
