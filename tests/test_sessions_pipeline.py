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
    run(list(to_sources([str(p) for p in paths])), out, Options(select=("ALL",)), **kw)  # type: ignore[arg-type]


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


def tables(out: Path) -> dict[str, list[tuple[object, ...]]]:
    """The hands, sessions and findings tables whole, every column, rows sorted: for runs
    over the same files, which must agree to the byte."""
    t = hhaudit.read(out)
    got: dict[str, list[tuple[object, ...]]] = {}
    for name in ("hands", "sessions", "findings"):
        frame = t[name].astype(object).where(t[name].notna(), None)
        rows = (tuple(tuple(v) if hasattr(v, "tolist") else v for v in r)  # list columns (not_judged)
                for r in frame.itertuples(index=False))
        got[name] = sorted(rows, key=repr)
    return got


_STACK = re.compile(r"^(Seat \d+: (.+?) \(\$)([\d.]+)( in chips\))", re.MULTILINE)


def with_more_chips(text: str, hand_id: str, dollars: int) -> tuple[str, str]:
    """The text with `dollars` more in the first seat's stack of hand `hand_id` (a stack
    that does not carry from the hand before), and that seat's player."""
    start = text.index(f"#{hand_id}:")
    end = text.find("PokerStars ", start + 1)
    end = len(text) if end < 0 else end
    m = _STACK.search(text, start, end)
    assert m, hand_id
    new = f"{float(m.group(3)) + dollars:.2f}"
    return text[:m.start(3)] + new + text[m.end(3):], m.group(2)


def test_jobs_order_and_incremental_runs_judge_a_cut_session_exactly(tmp_path: Path) -> None:
    """A real 78-hand PokerStars cash table cut over three files, each a work unit of its own
    (the second file starting one hand later than a cut in three, so that its first hand is
    not one the table's rhythm shows hands missing before, `sessions.passes.gaps`): the
    three tables are the same with one job or two and with the paths in another order; an --incremental run after the second file changed audits that file again
    and judges again the sessions it touches (the hands before and after it are in the
    other, reused files), giving what a fresh audit of the changed files gives; changed back,
    the run gives the first dataset again."""
    path = FILES[0]
    if not path.exists():
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    parts = []
    texts = pieces(path, 3)
    first_hand = _START.search(texts[1])
    assert first_hand
    second = _START.search(texts[1], first_hand.end() + 1)
    assert second
    texts[0], texts[1] = texts[0] + texts[1][:second.start()], texts[1][second.start():]
    for k, text in enumerate(texts):
        p = tmp_path / f"piece{k}.txt"
        p.write_text(text, encoding="utf-8")
        parts.append(p)
    audit(parts, tmp_path / "one", jobs=1, unit_bytes=0)
    first = tables(tmp_path / "one")
    assert first["sessions"], "the pieces make a session"
    audit(parts, tmp_path / "two", jobs=2, unit_bytes=0)
    assert tables(tmp_path / "two") == first
    audit([parts[1], parts[2], parts[0]], tmp_path / "order", jobs=2, unit_bytes=0)
    assert tables(tmp_path / "order") == first
    whole = judged(tmp_path / "one")

    inc = tmp_path / "inc"
    audit(parts, inc, incremental=True, unit_bytes=0)
    assert tables(inc) == first
    # one more dollar in a stack of the second file's first hand: it does not carry from the
    # first file's last hand (SE05 at this hand), and the next hand starts a dollar short of
    # where this one leaves the player (SE05 there too, in the same file)
    original = parts[1].read_text(encoding="utf-8")
    hid = re.search(r"#(\d+):", original)
    assert hid
    changed, player = with_more_chips(original, hid.group(1), 1)
    parts[1].write_text(changed, encoding="utf-8")
    audit(parts, inc, incremental=True, unit_bytes=0)
    se05 = {(h, p) for h, rule, _, p, *_ in judged(inc)[0] if rule == "SE05"}
    assert (hid.group(1), player) in se05
    assert len(se05 - {(h, p) for h, rule, _, p, *_ in whole[0] if rule == "SE05"}) == 2
    audit(parts, tmp_path / "fresh", unit_bytes=0)
    assert tables(inc) == tables(tmp_path / "fresh")
    # changed back: the finding is gone, the dataset is the first one again
    parts[1].write_text(original, encoding="utf-8")
    audit(parts, inc, incremental=True, unit_bytes=0)
    assert tables(inc) == first
