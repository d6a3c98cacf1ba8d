"""One deck: a card the log shows in two places at once (WN04, Robert's Irregularities 4: two
cards of the same rank and suit void the hand, every chip back to the player who put it in)
and a summary board other than the board dealt (WN05). Either makes the showdown's rules
abstain, so the hand gets one finding, its cause, and never a WN01 built on impossible cards.

The table: button on seat 5 (Bob), Carol the small blind on seat 7, Alice the big blind on
seat 2; everyone limps and checks down a board of 2c 7d 9h Js 3s, a 300 pot. Alice's Ah Ad
beats Bob's Kh Kd and Carol's Qh Qc.
"""

from __future__ import annotations

from builders import CHECKDOWN, CHECKDOWN_SEATS, audit_text, line_of, stars

SEATS, PLAY = CHECKDOWN_SEATS, CHECKDOWN
SHOWS = "Alice: shows [Ah Ad] (a pair of Aces)\nBob: shows [Kh Kd] (a pair of Kings)\nCarol: mucks hand\n"


def hand(winner: str = "Alice", *, dealt: str = "", shows: str = SHOWS,
         board: str = "2c 7d 9h Js 3s") -> str:
    return stars(PLAY.format(dealt=dealt, shows=shows, winner=winner), seats=SEATS, button=5,
                 summary=f"Total pot 300 | Rake 0\nBoard [{board}]\n")


def test_a_clean_deck_gives_no_finding() -> None:
    out = audit_text(hand())
    assert out.findings == [] and [p.ok for p in out.pots] == [True]
    assert out.hand.not_judged == []


def test_a_hole_card_that_is_on_the_board_voids_the_showdown() -> None:
    # Bob shows Kh Js: the jack of spades is the turn card too
    text = hand("Bob", shows="Alice: shows [Ah Ad] (a pair of Aces)\nBob: shows [Kh Js] (a pair of Jacks)\n"
                       "Carol: mucks hand\n")
    out = audit_text(text)
    (f,) = out.findings  # one cause: the pot paid to Bob is not also a WN01
    assert (f.rule, f.category, f.severity) == ("WN04", "winner", "error")
    assert f.expected == "each card once (one deck)"
    assert f.actual == "Js on the board and in Bob's hand"
    assert f.line == line_of(text, "Bob: shows")
    assert f.citation == "Robert's Irregularities 4"
    assert out.hand.not_judged == ["a card the log shows twice: the showdown is not judged on its cards "
                                   "(WN01, WN02, SP01, OC01)"]


def test_two_hands_holding_one_card() -> None:
    text = hand(dealt="Dealt to Alice [Ah Ad]\nDealt to Bob [Kh Ad]\n", shows="")
    (f,) = audit_text(text).findings
    assert f.rule == "WN04" and f.actual == "Ad in Alice's hand and in Bob's hand"
    assert f.line == line_of(text, "Dealt to Bob")


def test_the_same_card_twice_on_the_board() -> None:
    text = hand().replace("*** RIVER *** [2c 7d 9h Js] [3s]", "*** RIVER *** [2c 7d 9h Js] [7d]")
    (f,) = audit_text(text.replace("Board [2c 7d 9h Js 3s]", "Board [2c 7d 9h Js 7d]")).findings
    assert f.rule == "WN04" and f.actual == "7d twice on the board"


def test_a_summary_board_that_contradicts_the_streets() -> None:
    # the streets deal 2c 7d 9h Js 3s; the summary says the river was 3d. Bob paid: on the
    # summary's board nobody's hand changes, but which board is true the log cannot say
    text = hand("Bob", board="2c 7d 9h Js 3d")
    out = audit_text(text)
    (f,) = out.findings
    assert (f.rule, f.category) == ("WN05", "winner")
    assert f.expected == "the board dealt, 2c 7d 9h Js 3s" and f.actual == "summary board 2c 7d 9h Js 3d"
    assert f.line == line_of(text, "Total pot")  # the summary's line
    assert [r.split(" (")[0] for r in out.hand.not_judged] == [
        "the summary's board contradicts the board dealt: neither the summary's totals and rake nor the "
        "showdown are judged on it"]


def test_a_summary_board_in_another_order_or_completing_the_streets_is_no_contradiction() -> None:
    assert audit_text(hand(board="7d 2c 9h 3s Js")).findings == []
    # a log that stops writing streets after the turn and gives the river in its summary
    cut = hand().replace("*** RIVER *** [2c 7d 9h Js] [3s]\nCarol: checks\nAlice: checks\nBob: checks\n", "")
    out = audit_text(cut)
    assert out.findings == [] and [p.ok for p in out.pots] == [True]


def test_another_hands_summary_is_one_finding() -> None:
    # the summary of another hand: another board, another total (57 where 300 went in) and
    # a rake (paid 300 + rake 2 is more than the 300 pot): the board is the cause, the total
    # and the rake it states are not judged (no AC01 nor AC02 beside it)
    text = hand(board="Ad 3d 7h Qc 4d").replace("Total pot 300 | Rake 0", "Total pot 57 | Rake 2")
    assert [f.rule for f in audit_text(text).findings] == ["WN05"]
    # the same total on this hand's board is an AC01
    assert "AC01" in [f.rule for f in audit_text(hand().replace("Total pot 300 | Rake 0", "Total pot 57 | Rake 0"))
                      .findings]
