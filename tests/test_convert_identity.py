"""`convert` keeps identity: what it writes reads back as the same hands, with ids that
cannot collide (a live log's hands numbered from 1 in every log, PHH's numbers within their
event), every hand written reads back with no parse error, and what the written text cannot
carry is said per hand."""

from __future__ import annotations

from pathlib import Path

import pytest

import hhaudit
from hhaudit.convert import convert
from hhaudit.convert.view import written_id
from hhaudit.model import Hand
from hhaudit.parsing import to_sources
from hhaudit.pipeline import Options, run
from hhaudit.reading import iter_sources

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("target", ["pokerstars", "phh", "ohh"])
def test_converting_the_samples_and_the_corpus_phh_audits_the_same_hands(tmp_path: Path, target: str) -> None:
    from conftest_corpus import corpus

    inputs = [str(REPO / "sample_histories"), str(corpus() / "phh")]
    source = run(list(iter_sources(inputs)), tmp_path / "source", Options(), jobs=1)
    assert source.statuses["audited"] == source.hands > 550
    rep = convert(list(to_sources(inputs, [])), target, tmp_path / "out", input_paths=inputs)
    # the one hand not written: the OHH sample's hand with no player (nothing to seat)
    assert [(Path(s).name, hid) for s, _, hid, _ in rep.skipped] == (
        [] if target == "ohh" else [("sample.ohh", "O-2")])
    assert rep.written == source.hands - len(rep.skipped)
    back = run(list(iter_sources([str(tmp_path / "out")])), tmp_path / "back", Options(), jobs=1)
    assert back.hands == rep.written and back.duplicates == 0
    assert dict(back.statuses) == {"audited": rep.written}
    f = hhaudit.read(tmp_path / "back").findings
    assert not f["rule"].isin(["AC07", "AC08", "PA01", "PA02", "PA03"]).any()
    ids = hhaudit.read(tmp_path / "back").hands["hand_id"]
    assert ids.is_unique
    # what the text cannot carry is said per hand: the live logs' string bets, the posts
    # against the live game line's structure (the kill-game sample's missing ante, FB01: the
    # other formats state no structure) and, in PHH, a payout against the rake, kept in a comment
    # (and, in PokerStars and OHH text, which state no stacks after the hand, the one corpus
    # PHH hand whose finishing_stacks contradict its winnings: AC06)
    lost = {code.split(" ")[0] for *_, what in rep.uncarried for code in what.split(", ")}
    assert lost and lost <= {"SB01", "SB02", "SB03", "SB04", "SB05", "SB06", "SB07", "FB01", "FB02", "FB03",
                             "AC02", "AC06"}
    phh = [(Path(s).name, hid, what) for s, _, hid, what in rep.uncarried if Path(s).suffix != ".live"]
    assert phh == ([] if target == "phh" else [("ONG_1000NL_5.phhs", "R5-1727002-362", "AC06")])
    if target == "phh":
        assert "# hhaudit: the log's payout against its rake is wrong (AC02" in "".join(
            p.read_text(encoding="utf-8") for p in (tmp_path / "out").rglob("*.phhs"))


def test_written_ids_cannot_collide() -> None:
    """Two live logs both number their hands from 1: written, the ids name the log and the
    table; a site's own ids are kept; placeholders and PHH numbers are qualified."""
    a = Hand("live", "live", "1", "club/monday.live", 3, table_name="T1")
    b = Hand("live", "live", "1", "other/monday.live", 3, table_name="T1")
    assert written_id(a) != written_id(b)
    assert written_id(a).startswith("monday-T1-1-")
    assert written_id(Hand("PokerStars", "pokerstars", "254021219416", "x.txt", 1)) == "254021219416"
    p1 = Hand("PartyPoker", "partypoker", "1111111111", "a.txt", 1)
    p2 = Hand("PartyPoker", "partypoker", "1111111111", "a.txt", 40)
    assert written_id(p1) != written_id(p2)
    e = Hand("PHH", "phh", "1", "wsop.phhs", 1, table_name="Final", id_scope="WSOP Main\x1f2024-7-16\x1fFinal")
    assert written_id(e).startswith("WSOPMain-2024716-Final-1-")
