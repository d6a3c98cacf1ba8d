"""The game is what the cards say: Omaha hands under a Hold'em header (a site's mislabel, as
BetOnline's "Hold'em Pot Limit" PLO tables) are judged as the Omaha game their cards say,
with one info finding (PA05) per file, never as dead Hold'em hands (WN03)."""

from __future__ import annotations

from pathlib import Path

from conftest_corpus import CORPUS, corpus

import hhaudit

PLO = (CORPUS / "ChazDazzle" / "fpdb-chaz" / "pyfpdb" / "regression-test-files" / "cash" / "Stars" / "Flop"
       / "PLO-6max-USD-10-20-201703.converted.disconnected.folds.txt")


def test_omaha_cards_under_a_holdem_header_are_read_as_omaha(tmp_path: Path) -> None:
    corpus()
    text = PLO.read_text(encoding="utf-8")
    assert "Omaha Pot Limit ($10/$20)" in text
    relabelled = tmp_path / "mislabelled.txt"
    relabelled.write_text(text.replace("Omaha Pot Limit", "Hold'em Pot Limit"), encoding="utf-8")
    was, now = hhaudit.audit([str(PLO)]), hhaudit.audit([str(relabelled)])
    # brian is dealt [5h 2s 6h Td]: four cards, a PLO hand, judged as PLO
    assert list(now.hands["game"]) == list(was.hands["game"]) == ["PLO"] * len(was.hands)
    cols = ["pot", "amount", "eligible", "winners", "paid", "expected", "ok"]
    assert now.pots[cols].astype(str).equals(was.pots[cols].astype(str))
    pa04 = now.findings[now.findings["rule"] == "PA05"]
    assert len(pa04) == 1 and pa04["severity"].iloc[0] == "info"
    assert pa04["message"].iloc[0] == "the site labels PLO hands PLHE: read as PLO"
    rest = now.findings[now.findings["rule"] != "PA05"]
    assert sorted(rest["rule"]) == sorted(was.findings["rule"])  # no WN03 dead hands


def test_holdem_cards_under_a_holdem_header_stay_holdem() -> None:
    from hhaudit.engine.games import cards_say
    from hhaudit.model import DealEvent, Hand

    hand = Hand("PokerStars", "pokerstars", "1", "x", 1)
    hand.events.append(DealEvent(5, 1, "Ann", ("Ah", "Kd")))
    assert cards_say(hand) is None
    hand.events.append(DealEvent(6, 2, "Ben", ("Ah", "Kd", "Qs", "Jc")))
    assert cards_say(hand) is None  # counts that disagree: WN03's to judge
    hand.events.pop(0)
    assert cards_say(hand) == 4
