"""WPN (layout until 2019): values pinned by reading the hands, and every corpus hand parses."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from hhaudit.model import ActionEvent, CollectEvent, DealEvent, Post, PostEvent, Status, UncalledEvent
from hhaudit.parsing import parse

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
REG = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITES = {"WPN/ACR (old)"}
# Files whose hands have a player the site left unnamed ("Player  has big blind (2)") and
# did not seat: those hands cannot be replayed and stay parse errors.
UNNAMED_PLAYER = {"NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 G30997753.txt",
                  "NLHE-NA-0-0 HH00000000 T1-G0-201601.unknown.player.acts.txt"}


def corpus_files() -> dict[str, int]:
    if not (CORPUS / "HANDS.tsv").exists():
        return {}
    rows: collections.Counter[str] = collections.Counter()
    for line in (CORPUS / "HANDS.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        parts = line.split("\t")
        if parts[2] in SITES:
            rows[parts[0]] += 1
    return dict(rows)


def hands_of(rel: str):
    path = REG / rel
    if not path.exists():
        pytest.skip("corpus not present at ../shared/corpus")
    return list(parse(str(path)))


def acts(hand):
    return [(e.player, e.act.value, e.amount, e.to, e.all_in) for e in hand.events if isinstance(e, ActionEvent)]


def test_utf16_cash_hand_with_summary_collects():
    hands = hands_of("cash/Winning/Flop/NLHE-6max-USD-0.01-0.02-201608.Cap.HH00000000 G0.txt")
    h = hands[0]
    assert h.status is Status.AUDITED, h.problem
    assert (h.hand_id, h.kind, h.scale, h.sb, h.bb, h.button_seat) == ("698338917", "cash", 2, 1, 2, 3)
    assert [(s.seat, s.stack) for s in h.seats] == [(1, 200), (2, 202), (3, 212), (5, 80), (6, 80)]
    assert [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)] == [
        ("rt1501", Post.SMALL_BLIND, 1), ("ChazDazzle", Post.BIG_BLIND, 2)]
    assert [e.cards for e in h.events if isinstance(e, DealEvent)] == [("Ad", "8s")]
    assert acts(h) == [
        ("shadex47", "fold", None, None, False), ("busmanstc", "raise", 4, None, False),
        ("unregpre", "fold", None, None, False), ("rt1501", "fold", None, None, False),
        ("ChazDazzle", "call", 2, None, False), ("ChazDazzle", "check", None, None, False),
        ("busmanstc", "bet", 6, None, False), ("ChazDazzle", "fold", None, None, False),
    ]
    assert [e.amount for e in h.events if isinstance(e, UncalledEvent)] == [6]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("busmanstc", 9)]
    assert (h.summary.total_pot, h.summary.rake) == (9, 0)


@pytest.mark.parametrize("rel,count", sorted(corpus_files().items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = list(parse(str(CORPUS / rel)))
    assert len(hands) == count
    bad = [h for h in hands if h.status is Status.PARSE_ERROR]
    if Path(rel).name in UNNAMED_PLAYER:
        assert all("'' is not seated" in (h.problem.message if h.problem else "") for h in bad)
    else:
        assert not bad
    assert all(h.format == "wpn" for h in hands)


FL_FILE = "cash/Winning/Flop/LHE-2max-USD-2.00-4.00-201608.HH00000000 G0.txt"


def test_fixed_limit_inferred_from_half_blinds_and_bet_sizes():
    # "Game ID: 693968595 2/4 Airavata 2 (Hold'em)": blinds posted 1 and 2 (half the
    # stakes), "raises (3)" puts the small blind at 4 (one 2 bet over the big blind),
    # "bets (2)" on the flop is one small bet: a $2/$4 fixed-limit table.
    (h,) = hands_of(FL_FILE)
    assert (h.limit, h.game, h.small_bet, h.big_bet, h.sb, h.bb) == ("FL", "FLHE", 200, 400, 100, 200)
    assert acts(h) == [("only_luck", "raise", 300, None, False), ("ChazDazzle", "call", 200, None, False),
                       ("ChazDazzle", "check", None, None, False), ("only_luck", "bet", 200, None, False),
                       ("ChazDazzle", "fold", None, None, False)]


def test_ambiguous_sizes_stay_no_limit():
    path = REG / FL_FILE
    if not path.exists():
        pytest.skip("corpus not present at ../shared/corpus")
    text = path.read_bytes().decode("utf-16")
    # a flop bet of 3 is no fixed-limit bet at this table: nothing proves fixed limit
    (h,) = list(parse(text.replace("bets (2)", "bets (3)")))
    assert (h.limit, h.sb, h.bb) == ("NL", 200, 400)
    # blinds posted in full as the header states them: no limit
    (h,) = list(parse(text.replace("small blind (1)", "small blind (2)").replace("big blind (2)", "big blind (4)")))
    assert h.limit == "NL"


def test_findings_are_the_reviewed_ones():
    from _site_corpus import findings, reviewed
    assert findings("WPN/ACR (old)") == reviewed("wpn")


def _rules(h) -> list[str]:
    from hhaudit.engine.auditor import Auditor
    return [f.rule for f in Auditor("online").audit(h).findings]


def _wpn(game: str, body: str, summary: str) -> str:
    return ("Game started at: 2014/4/2 18:10:5\n" f"Game ID: 270000001 1/2 {game}\n" "Seat 1 is the button\n"
            "Seat 1: Ann (150).\nSeat 2: Ben (90.50).\nSeat 3: Cid (40).\n" + body
            + "------ Summary ------\n" + summary + "Game ended at: 2014/4/2 18:11:0\n")


def test_dealt_cards_written_with_a_card_and_a_card_without_a():
    body = ("Player Ben has small blind (1)\nPlayer Cid has big blind (2)\n"
            "Player Ben received card.\nPlayer Ben received card.\n"
            "Player Cid received a card: [Ah]\nPlayer Cid received a card: [Kd]\n"
            "Player Ann received a card.\nPlayer Ann received a card.\n"
            "Player Ann folds\nPlayer Ben folds\nUncalled bet (1) returned to Cid\nPlayer Cid mucks cards\n")
    summary = ("Pot: 2. Rake 0\nPlayer Ann does not show cards.Bets: 0. Collects: 0. Wins: 0.\n"
               "Player Ben does not show cards.Bets: 1. Collects: 0. Loses: 1.\n"
               "*Player Cid mucks (does not show cards). Bets: 1. Collects: 2. Wins: 1.\n")
    (h,) = list(parse(_wpn("Wolframite (Hold'em)", body, summary)))
    assert h.status is Status.AUDITED, h.problem
    assert [(e.player, e.cards) for e in h.events if isinstance(e, DealEvent)] == [("Cid", ("Ah", "Kd"))]
    assert not h.not_judged
    assert _rules(h) == []


def test_big_blind_all_in_among_the_blinds_and_the_full_call_returned():
    body = ("Player Ben has small blind (1)\nPlayer Cid allin (1.50)\n"
            "Player Ben received a card.\nPlayer Ben received a card.\n"
            "Player Cid received a card.\nPlayer Cid received a card.\n"
            "Player Ann received a card.\nPlayer Ann received a card.\n"
            "Player Ann folds\nPlayer Ben calls (1)\nUncalled bet (0.50) returned to Ben\n"
            "*** FLOP ***: [2c 7d Jh]\n*** TURN ***: [2c 7d Jh] [4s]\n*** RIVER ***: [2c 7d Jh 4s] [9c]\n")
    summary = ("Pot: 2.85. Rake 0.15\nBoard: [2c 7d Jh 4s 9c]\n"
               "Player Ann does not show cards.Bets: 0. Collects: 0. Wins: 0.\n"
               "Player Ben shows: High card A [As 3d]. Bets: 1.50. Collects: 0. Loses: 1.50.\n"
               "*Player Cid shows: One pair of Js [Jc 5c]. Bets: 1.50. Collects: 2.85. Wins: 1.35.\n")
    (h,) = list(parse(_wpn("Wolframite (Hold'em)", body, summary)))
    assert h.status is Status.AUDITED, h.problem
    assert [(e.player, e.kind, e.amount, e.all_in) for e in h.events if isinstance(e, PostEvent)] == [
        ("Ben", Post.SMALL_BLIND, 100, False), ("Cid", Post.BIG_BLIND, 150, True)]
    assert acts(h) == [("Ann", "fold", None, None, False), ("Ben", "call", 50, None, False)]
    assert not [e for e in h.events if isinstance(e, UncalledEvent)]
    assert _rules(h) == []


def _jackpot_hand(game: str) -> str:
    # 4 + 4 put in; "Pot: 7.35. Rake 0.40": the table's 0.25 drop is nowhere written
    body = ("Player Ben has small blind (1)\nPlayer Cid has big blind (2)\n"
            "Player Ben received a card.\nPlayer Ben received a card.\n"
            "Player Cid received a card.\nPlayer Cid received a card.\n"
            "Player Ann received a card.\nPlayer Ann received a card.\n"
            "Player Ann folds\nPlayer Ben raises (3)\nPlayer Cid calls (2)\n*** FLOP ***: [2c 7d Jh]\n"
            "Player Ben bets (3)\nPlayer Cid folds\nUncalled bet (3) returned to Ben\nPlayer Ben mucks cards\n")
    summary = ("Pot: 7.35. Rake 0.40\nBoard: [2c 7d Jh]\n"
               "Player Ann does not show cards.Bets: 0. Collects: 0. Wins: 0.\n"
               "*Player Ben mucks (does not show cards). Bets: 4. Collects: 7.35. Wins: 3.35.\n"
               "Player Cid does not show cards.Bets: 4. Collects: 0. Loses: 4.\n")
    return _wpn(game, body, summary)


@pytest.mark.parametrize("game", ["Tantalite   (JP) (Hold'em)", "Barstowite   (Short, JP) - 2 (Hold'em)",
                                  "Braunite ( Beast ) (Hold'em)"])
def test_a_jackpot_tables_unstated_drop_makes_the_pot_accounts_abstain(game: str):
    (h,) = list(parse(_jackpot_hand(game)))
    assert h.status is Status.AUDITED, h.problem
    assert h.not_judged == ["a jackpot table's drop the log does not state (JP / Beast table) (AC01, AC02)"]
    assert _rules(h) == []


def test_no_jackpot_note_keeps_the_pot_accounts_judged():
    (h,) = list(parse(_jackpot_hand("Wolframite (Hold'em)")))
    assert not h.not_judged
    assert "AC01" in _rules(h)
