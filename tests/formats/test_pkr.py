"""PKR: values pinned by reading the hands, and every corpus hand parses."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from hhaudit.model import ActionEvent, CollectEvent, Post, PostEvent, ShowEvent, Status, StreetEvent
from hhaudit.parsing import parse

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
REG = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITES = {"PKR"}
# Files that begin with the tail of a hand cut off before the file starts: that fragment
# is one extra parse_error hand at line 1.
CUT_AT_START = {"NLHE-10max-USD-0.02-0.04-201206.txt", "NLHE-USD-MTT-201205.txt"}


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


def test_multiple_side_pots_and_calls_as_totals():
    (h,) = hands_of("cash/PKR/Flop/NLHE-10max-USD-0.02-0.04-201208.multiple.side.pots.txt")
    assert h.status is Status.AUDITED, h.problem
    assert (h.hand_id, h.sb, h.bb, h.scale, h.currency, h.button_seat) == ("2147625245", 2, 4, 2, "USD", 9)
    assert h.table_name == "Hellenic Aquarium" and len(h.seats) == 10 and h.seats[3].stack == 6
    posts = [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("Player8", Post.SMALL_BLIND, 2), ("Player0", Post.BIG_BLIND, 4),
                     ("Player3", Post.BIG_BLIND, 4), ("Player6", Post.BIG_BLIND, 4)]
    assert acts(h)[1:4] == [("Player1", "call", 4, None, False), ("Player2", "raise", None, 6, True),
                            ("Player3", "call", 2, None, False)]  # "calls $0.06" after posting 0.04
    assert acts(h)[-4:] == [("Player0", "bet", 34, None, True), ("Player1", "fold", None, None, False),
                            ("Player3", "raise", None, 53, True), ("Player6", "call", 53, None, False)]
    assert [e.board for e in h.events if isinstance(e, StreetEvent)][-1] == ("4d", "3d", "6c", "7s", "Ks")
    assert [e.cards for e in h.events if isinstance(e, ShowEvent)][0] == ("Tc", "5c")
    assert h.summary.rake == 17
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [
        ("Player3", 38, 2), ("Player3", 43, 1), ("Player0", 42, 1), ("Player3", 16, 0), ("Player0", 16, 0)]
    assert h.implicit_uncalled


def test_post_both_and_dead_blind():
    (h,) = hands_of("cash/PKR/Flop/NLHE-USD-1.00-2.00-201108.post.both.txt")
    posts = [(e.player, e.kind, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("Player0", Post.SMALL_BLIND, 100, 0), ("Player1", Post.BIG_BLIND, 200, 0),
                     ("Player2", Post.BIG_BLIND, 200, 0), ("Player2", Post.DEAD, 0, 100)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player1", 570)]
    assert h.summary.rake == 30


def test_tournament_antes_all_in():
    hands = hands_of("tour/PKR/Flop/NLHE-USD-STT-201501.antes.only.txt")
    h = hands[0]
    assert (h.kind, h.tournament_id, h.scale, h.button_seat, h.ante) == ("tournament", "31130710", 0, 1, 10)
    assert [(e.player, e.kind, e.amount, e.all_in) for e in h.events if isinstance(e, PostEvent)] == [
        ("Hero", Post.ANTE, 10, True), ("Player0", Post.ANTE, 10, True)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Hero", 20)]


def test_bounty_seats_and_thousands():
    (h,) = hands_of("tour/PKR/Flop/NLHE-USD-MTT-201201.bounties.txt")
    assert h.status is Status.AUDITED, h.problem
    assert [(s.seat, s.player, s.stack) for s in h.seats][:2] == [(1, "Player0", 2940), (2, "Player1", 2840)]
    assert (h.sb, h.bb, h.button_seat) == (10, 20, 3)


@pytest.mark.parametrize("rel,count", sorted(corpus_files().items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = list(parse(str(CORPUS / rel)))
    if Path(rel).name in CUT_AT_START:
        head, hands = hands[0], hands[1:]
        assert head.status is Status.PARSE_ERROR and head.line == 1
    assert len(hands) == count
    assert not [(h.hand_id, h.problem) for h in hands if h.status is Status.PARSE_ERROR]
    assert all(h.format == "pkr" for h in hands)


def test_call_after_own_raise_adds_only_the_difference():
    # 2072798712, turn: Player2 bets 1,300, raises to 3,900; Player4 raises to 6,250 all in;
    # "Player2 calls 6,250" puts in 6,250 - 3,900 = 2,350 (not 6,250 - 1,300 - 3,900).
    h = next(x for x in hands_of("tour/PKR/Flop/NLHE-USD-STT-201205.txt") if x.hand_id == "2072798712")
    assert acts(h)[-6:] == [("Player2", "bet", 1300, None, False), ("Player4", "raise", None, 2600, False),
                            ("Player5", "fold", None, None, False), ("Player2", "raise", None, 3900, False),
                            ("Player4", "raise", None, 6250, True), ("Player2", "call", 2350, None, False)]
    assert acts(h)[-1] == ("Player2", "call", 2350, None, False)


def test_time_out_fold_is_one_fold():
    # "Player9 did not respond in time and is folded" then "Player9 folds": a single fold.
    h = next(x for x in hands_of("tour/PKR/Flop/NLHE-USD-STT-201205.txt") if x.hand_id == "2072796427")
    assert [a for a in acts(h) if a[0] == "Player9"] == [("Player9", "fold", None, None, False)]


def test_seat_that_takes_no_part_sits_out():
    # 2103763053: "Seat 3: Player6 - $3.44" never posts or acts; the big blind is seat 4.
    h = next(x for x in hands_of("cash/PKR/Flop/NLHE-10max-USD-0.02-0.04-201206.txt") if x.hand_id == "2103763053")
    assert [s.seat for s in h.seats if s.sitting_out] == [3]


def test_disconnection_protection_pay_out():
    # "Player5 wins $0.04, disconnection protection limited from $0.17 with: One Pair: 7s"
    (h,) = hands_of("cash/PKR/Flop/NLHE-10max-USD-0.02-0.04-201208.disconnected.won.txt")
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player5", 4), ("Player1", 13)]
    assert h.summary.rake == 1


def test_findings_are_the_reviewed_ones():
    from _site_corpus import findings, reviewed
    assert findings("PKR") == reviewed("pkr")


def test_rebuy_lines_after_the_last_hand_of_a_file_are_its_own(tmp_path: Path) -> None:
    """Made-up PKR hand in the layout of NLHE-10max-USD-0.02-0.04-201206.txt, followed by the
    "B rebuys $0.98" PKR writes between hands, the file ending there: one hand, no fragment
    after it, and the 0.98 in B's next stack (`Seat.added` 98). Written at the head of a
    file's first hand, the rebuy is in that hand's stack already: nothing added."""
    hand = ("Table #1 - Test\nStarting Hand #1\nStart time of hand: 11 Jun 2012 22:21:00\n"
            "Last Hand #0\nGame Type: HOLD'EM\nLimit Type: NO LIMIT\nTable Type: RING\n"
            "Money Type: REAL MONEY\nBlinds are now $0.02 / $0.04\nButton is at seat 1\n"
            "Seat 1: A - $1.00\nSeat 2: B - $1.00\nMoving Button to seat 1\n"
            "A posts small blind ($0.02)\nB posts big blind ($0.04)\nDealing Cards\nA folds\n"
            "Returning $0.02 to B uncalled\nB wins $0.04\nEnd of Hand #1\n")
    path = tmp_path / "pkr.txt"
    path.write_text(hand + "\nB rebuys $0.98\n\n", encoding="utf-8")
    (h,) = list(parse(str(path)))
    assert h.status is Status.AUDITED, h.problem
    assert {s.player: s.added for s in h.seats} == {"A": 0, "B": 98}
    path.write_text("B rebuys $0.98\n\n" + hand, encoding="utf-8")
    (h,) = list(parse(str(path)))
    assert h.status is Status.AUDITED, h.problem
    assert {s.player: s.added for s in h.seats} == {"A": 0, "B": 0}
