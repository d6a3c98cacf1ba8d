"""BetOnline / Chico: values pinned by reading the hands, every corpus hand parses, and the
findings on the corpus hands are exactly the reviewed ones (tests/reviewed/betonline.tsv)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _site_corpus import acts, file_hand, file_hands, posts, rows, findings, reviewed

from hhaudit.model import (
    ActionEvent,
    CollectEvent,
    DealEvent,
    Limit,
    Post,
    PostEvent,
    ShowEvent,
    Status,
    StreetEvent,
    UncalledEvent,
)
from hhaudit.parsing import parse

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
REG = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITES = {"BetOnline/Chico"}
# Deliberately broken hands of the corpus: a hand that names an unseated "Unknown player"
# (who wins a pot no seat line pays) and a file cut off inside its last hand.
BROKEN = {
    "NLHE-10max-0.25-0.50-201203.unknown.player.wins.txt": "991142904",
    "NLHE-10max-USD-0.25-0.05-201108.txt": "900205887",
}


def corpus_files() -> dict[str, int]:
    return {rel: n for site in SITES for rel, n in rows(site).items()}


def hands_of(rel: str):
    return file_hands(REG / rel)


def hand_of(rel: str, hand_id: str):
    return file_hand(REG / rel, hand_id)


def test_post_dead_hand():
    (h,) = hands_of("cash/BetOnline/Flop/NLHE-10max-0.25-0.50-201204.post.dead.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.hand_id, h.format, h.site) == ("1002134798", "betonline", "BetOnline/Chico")
    assert (h.kind, h.currency, h.scale, h.sb, h.bb, h.limit) == ("cash", "USD", 2, 25, 50, Limit.NO_LIMIT)
    assert (h.table_name, h.max_seats, h.button_seat) == ("Blade Runner", 10, 5)
    # "GMT Daylight Time" is London summer time.
    assert h.started_at is not None and h.started_at.isoformat() == "2012-04-11T00:59:39+00:00"
    assert [(s.seat, s.player, s.stack) for s in h.seats][:3] == [(4, "Player9", 4342), (8, "Player6", 5654), (5, "Player3", 12609)]
    assert posts(h) == [
        ("Player1", Post.SMALL_BLIND, 25, 0, False), ("Player5", Post.BIG_BLIND, 50, 0, False),
        ("Player0", Post.DEAD, 50, 25, False),   # "post dead 0.50": big blind live, small blind dead
    ]
    assert acts(h)[5:] == [
        ("Player0", "check", None, None, False),
        ("Player9", "raise", None, 150, False),   # "raises 1.50 to 1.50"
        ("Player3", "fold", None, None, False),
        ("Player1", "call", 125, None, False),
        ("Player5", "call", 100, None, False),
        ("Player0", "call", 100, None, False),
        ("Player1", "check", None, None, False),
        ("Player5", "bet", 468, None, False),
        ("Player0", "call", 468, None, False),
        ("Player9", "fold", None, None, False),
        ("Player1", "fold", None, None, False),
        ("Player5", "bet", 1112, None, False),
        ("Player0", "fold", None, None, False),
    ]
    assert [(e.street.value, e.board) for e in h.events if isinstance(e, StreetEvent)] == [
        ("flop", ("6c", "7s", "Qc")), ("turn", ("6c", "7s", "Qc", "Td"))]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player5", 1112)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player5", 1483)]
    assert (h.summary.total_pot, h.summary.rake) == (1483, 78)


def test_gear_poker_seats_run_counter_clockwise():
    h = hands_of("cash/BetOnline/Flop/NLHE-10max-play-10-20-201204.GearPoker.txt")[0]
    assert h.status is Status.AUDITED, h.problem
    assert (h.currency, h.scale, h.sb, h.bb, h.limit) == ("play", 2, 1000, 2000, Limit.NO_LIMIT)
    # Button seat 9, small blind seat 8, big blind seat 7: numbers mirrored (10 - seat).
    assert h.button_seat == 1
    assert posts(h) == [("Player7", Post.SMALL_BLIND, 1000, 0, False), ("Player6", Post.BIG_BLIND, 2000, 0, False)]
    assert [e.seat for e in h.events if isinstance(e, PostEvent)] == [2, 3]
    assert [(e.player, e.cards) for e in h.events if isinstance(e, DealEvent)] == [("Hero", ("7s", "7h"))]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player6", 9000)]


@pytest.mark.parametrize("rel,count", sorted(corpus_files().items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    path = CORPUS / rel
    if not path.exists():
        pytest.skip("corpus not present at ../shared/corpus")
    hands = list(parse(str(path)))
    assert len(hands) == count
    errors = [h.hand_id for h in hands if h.status is Status.PARSE_ERROR]
    broken = BROKEN.get(Path(rel).name)
    assert errors == ([broken] if broken else []), [(h.hand_id, h.problem) for h in hands if h.problem]
    for h in hands:
        assert h.format == "betonline"


def collects(h):
    return [(e.player, e.amount, e.line) for e in h.events if isinstance(e, CollectEvent)]


def folds(h):
    return [(e.player, e.line) for e in h.events if isinstance(e, ActionEvent) and e.act.value == "fold"]


def test_side_pot_line_before_the_showdown_and_a_winner_of_both_pots():
    (h,) = hands_of("cash/BetOnline/Flop/NLHE-10max-USD-0.01-0.02-201605.3.way.allin.txt")
    assert h.status is Status.AUDITED, h.problem
    # Pre-flop 5 x 0.04 = 0.20; flop Player6 all-in 0.81, Player5 all-in 1.48, Player1 calls
    # 1.48: main pot 0.20 + 3 x 0.81 = 2.63, side pot 2 x 0.67 = 1.34, rake 0.22.
    # "Total pot 1.26 | Rake 0.22" before the showdown is the side pot after its rake (0.08),
    # the summary's "Total pot 2.49" the main pot after its rake (0.14): 3.97 - 0.22 = 3.75.
    assert (h.summary.total_pot, h.summary.rake) == (375, 22)
    # Player1's full house wins both; the seat line only says "won (2.49)".
    assert collects(h) == [("Player1", 249, 53), ("Player1", 126, 44)]


def test_side_pot_line_paid_to_another_player():
    (h,) = hands_of("cash/BetOnline/Flop/NLHE-10max-USD-0.01-0.02-201605.winner.no.show.txt")
    # Player4 all-in for 0.07: main pot 4 x 0.07 + 0.02 = 0.30, side pot 3 x 0.15 = 0.45;
    # "Total pot 0.42" (side, to Player2) and "Total pot 0.29" (main, to Player4), rake 0.04.
    assert (h.summary.total_pot, h.summary.rake) == (71, 4)
    assert [(p, a) for p, a, _ in collects(h)] == [("Player2", 42), ("Player4", 29)]


def test_player_who_leaves_the_table_is_folded_in_turn():
    (h,) = hands_of("cash/BetOnline/Flop/NLHE-10max-USD-0.01-0.02-201605.fold.blinds.antes.txt")
    assert h.status is Status.AUDITED, h.problem
    # Player7 (seat 0) posts the small blind and "has left the table" (line 25); the site
    # folds the hand: its turn comes after Player8 (seat 9), before Player6's check (seat 1).
    assert folds(h) == [("Player5", 30), ("Player3", 31), ("Player8", 35), ("Player7", 25),
                        ("Player2", 39), ("Player0", 40)]
    assert [e.player for e in h.events if isinstance(e, ActionEvent)][5] == "Player7"
    # "Dealt to Hero []" and "Seat 6: Hero collected (0.00)": Hero was not dealt in.
    assert [s.player for s in h.seats if s.sitting_out] == ["Player1", "Player4", "Hero"]
    assert not [e for e in h.events if isinstance(e, DealEvent)]


def test_player_who_leaves_after_calling_is_folded_when_the_raise_comes_round():
    hands = hands_of("cash/BetOnline/Flop/NLHE-10max-USD-0.25-0.05-201108.txt")
    (h,) = [h for h in hands if h.hand_id == "900204952"]
    # Player0 (seat 9) calls, Player3 raises to 5.00, "Player0 has left the table" comes
    # before Player9's (seat 8) fold; Player0's turn is after seat 8, before Player4 (seat 0).
    assert [(e.player, e.act.value) for e in h.events if isinstance(e, ActionEvent)][-3:] == [
        ("Player9", "fold"), ("Player0", "fold"), ("Player4", "fold")]


def test_tournament_seats_not_dealt_in_and_a_button_that_is_no_seat():
    hands = hands_of("tour/BetOnline/Flop/NLHE-10max-USD-MTT-2011-08.nobuyinfee.txt")
    (h,) = [h for h in hands if h.hand_id == "900219408"]
    # "Seat #2684684 is the button"; Player13 (seat 3) "Joined table during game", is dealt
    # "[]" and is "collected (0.00)" in the summary: the blinds are seats 2 and 4.
    assert h.button_seat is None
    assert 3 not in {s.seat for s in h.seats}
    (h,) = [h for h in hands if h.hand_id == "900221098"]
    # "Seat 0: Player17 (940.00 in chips) - Sitting out", just joined, no summary line.
    assert 0 not in {s.seat for s in h.seats}
    (h,) = [h for h in hands if h.hand_id == "900221545"]
    # The header keeps "$10.00/$20.00"; the posts are 15 and 30.
    assert (h.sb, h.bb) == (1500, 3000)


def test_nameless_seat_and_a_side_pot_line():
    (h,) = hands_of("tour/BetOnline/Flop/NLHE-10max-USD-MTT-201210.dead.stack.txt")
    assert h.status is Status.AUDITED, h.problem
    # "Seat 4:  (100.00 in chips)": the player's name is empty (": posts small blind 100.00",
    # " shows 8h 7s"). Blinds 100 (all of seat 4's chips) and 400, calls 400 x 2, Hero
    # raises to 1600 and gets 1200 back: main pot 5 x 100 = 500, side pot 4 x 300 = 1200.
    assert (h.sb, h.bb) == (20000, 40000)
    assert [(s.seat, s.player, s.stack) for s in h.seats if s.player == ""] == [(4, "", 10000)]
    assert [(e.player, e.cards) for e in h.events if isinstance(e, ShowEvent)] == [
        ("", ("8h", "7s")), ("Hero", ("Js", "Ad"))]
    assert h.summary.total_pot == 170000
    assert collects(h) == [("Hero", 50000, 41), ("Hero", 120000, 32)]


def test_findings_are_the_reviewed_ones():
    # tests/reviewed/betonline.tsv: each row a hand the site logged wrongly, with the numbers.
    assert findings("BetOnline/Chico") == reviewed("betonline")
