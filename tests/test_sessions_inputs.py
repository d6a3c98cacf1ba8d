"""The session pass's inputs as the units write them (`hhaudit.sessions.inputs`): the same
tables as those read back from the parts, and a run that uses them the same dataset as one
that reads every part's Parquet files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from hhaudit.pipeline import Options, run
from hhaudit.reading import iter_sources
from hhaudit.sessions import inputs

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
    return {f"{t}/{p.name}": pq.read_table(p) for t in ("hands", "sessions", "findings")
            for p in sorted((out / t).glob("*.parquet"))}


@pytest.fixture
def paths(tmp_path: Path) -> list[str]:
    if not (CORPUS / "HANDS.tsv").is_file():
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    copy = tmp_path / "copy" / "again.txt"  # the tournament again: its copies' rows are dropped
    copy.parent.mkdir()
    shutil.copyfile(CORPUS / FILES[0], copy)
    return [*(str(CORPUS / f) for f in FILES), str(copy), str(ROOT / "sample_histories" / "live")]


def test_a_run_with_the_units_inputs_is_one_that_reads_the_parts(paths: list[str], tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    read = inputs.read
    used: list[str] = []
    refused: list[str] = []

    def compared(tmp: Path, name: str, start: int, n: int, kinds: tuple[str, ...] = inputs.KINDS) -> object:
        got = read(tmp, name, start, n, kinds)
        if kinds == inputs.KINDS:
            (used if got is not None else refused).append(name)
            if got is not None:  # each table as the part's own Parquet files give it
                for a, b in zip(got, inputs.from_parquet(tmp, name, start), strict=True):
                    assert a.equals(b), name
        return got

    monkeypatch.setattr(inputs, "read", compared)
    # units of 200 hands (a group of small files: twice the batch): the tables run over units
    run(list(iter_sources(paths)), tmp_path / "with", Options(), batch=100)
    assert len(used) >= 5
    assert refused  # the parts whose copies `dedupe` dropped: read from their Parquet files
    assert not (tmp_path / "with" / inputs.INPUTS).exists()
    monkeypatch.setattr(inputs, "write", lambda *args: None)
    used.clear()
    run(list(iter_sources(paths)), tmp_path / "without", Options(), batch=100)
    assert not used
    got, want = _tables(tmp_path / "with"), _tables(tmp_path / "without")
    assert got.keys() == want.keys()
    for name, table in got.items():
        assert table.equals(want[name]), name
