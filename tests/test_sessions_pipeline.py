"""The session pass in the pipeline: a session cut over several files is judged as the same
session in one file, whatever `--jobs`, the order of the paths, the unit size, or which files
an `--incremental` run audits again."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest

import hhaudit
from hhaudit.parsing import to_sources
from hhaudit.pipeline import Options, run

CORPUS = Path(__file__).parents[1] / ".." / "shared" / "corpus"
STARS = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
FILES = [STARS / "cash/Stars/Flop/NLHE-6max-USD-0.05-0.10-200911.txt",
         STARS / "tour/Stars/Flop/NLHE-USD-MTT-5r-200710.txt"]
_START = re.compile(r"(?m)^(?=PokerStars (?:Game|Hand) #)")


def pieces(path: Path, n: int) -> list[str]:
    """The file's hands cut into n texts of consecutive hands."""
    text = path.read_text(encoding="utf-8-sig", errors="replace")
    hands = [h for h in _START.split(text) if h.strip()]
    size = -(-len(hands) // n)
    return ["".join(hands[i:i + size]) for i in range(0, len(hands), size)]


def judged(out: Path) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]], list[tuple[object, ...]]]:
    """The session findings, the sessions and the hands' session columns, without the
    file names (which differ between the whole file and its pieces)."""
    t = hhaudit.read(out)
    f = t.findings[t.findings["category"] == "session"]
    findings = sorted((r.hand_id, r.rule, r.seat, r.player, r.expected, r.actual, r.message)
                      for r in f.itertuples())
    s = t["sessions"]
    sessions = sorted((r.site, r.table_name, r.first_hand_id, r.last_hand_id, r.hands, r.pairs, r.pairs_judged,
                       r.players, r.n_findings) for r in s.itertuples())
    seq = dict(zip(s["session_id"], s["first_hand_id"]))
    h = t.hands
    hands = sorted((r.hand_id, seq.get(r.session_id), r.session_seq, r.n_findings) for r in h.itertuples())
    return findings, sessions, hands


def audit(paths: list[Path], out: Path, **kw: object) -> None:
    run(list(to_sources([str(p) for p in paths])), out, Options(), **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_session_cut_over_files_is_judged_as_in_one_file(path: Path, tmp_path: Path) -> None:
    if not path.exists():
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    audit([path], tmp_path / "whole")
    whole = judged(tmp_path / "whole")
    assert whole[1], "the file makes sessions"
    assert any(r[5] > 0 for r in whole[1]), "pairs of hands are judged"
    parts = []
    for k, text in enumerate(pieces(path, 3)):
        p = tmp_path / f"piece{k}.txt"
        p.write_text(text, encoding="utf-8")
        parts.append(p)
    audit(parts, tmp_path / "pieces")
    assert judged(tmp_path / "pieces") == whole
    audit(list(reversed(parts)), tmp_path / "reversed", jobs=2, batch=7)
    assert judged(tmp_path / "reversed") == whole
    # incremental: the first two pieces, then all three (the third is new)
    audit(parts[:2], tmp_path / "inc", incremental=True)
    audit(parts, tmp_path / "inc", incremental=True)
    assert judged(tmp_path / "inc") == whole
    # and again with nothing new: the reused hands parts do not count session findings twice
    audit(parts, tmp_path / "inc", incremental=True)
    assert judged(tmp_path / "inc") == whole


def test_totals_count_session_findings_once(tmp_path: Path) -> None:
    path = FILES[0]
    if not path.exists():
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    totals = run(list(to_sources([str(path)])), tmp_path / "o", Options())
    t = hhaudit.read(tmp_path / "o")
    assert sum(totals.categories.values()) == len(t.findings)
    assert int(t.hands["n_findings"].sum()) == len(t.findings)
    per = t.findings.groupby(["hand_id", "source"]).size()
    h = t.hands.set_index(["hand_id", "source"])["n_findings"]
    assert (h[h > 0].astype(int).sort_index() == per.sort_index()).all()
    assert isinstance(t["sessions"], pd.DataFrame)
