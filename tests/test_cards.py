"""Hole cards from wherever the log reveals them (dealt lines for every seat, the summary's
`showed [..]` and `mucked [..]`), the pot judged from them, a mucked winner reported (WN02,
info), unknown cards never guessed, and `seats.cards_from`.

The table: button on seat 5 (Bob), Carol the small blind on seat 7, Alice the big blind on
seat 2; everyone limps and checks down a board of 2c 7d 9h Js 3s, a 300 pot. Alice's Ah Ad
(a pair of aces) beats Bob's Kh Kd and Carol's Qh Qc: cards speak, so the 300 is Alice's.
"""

from __future__ import annotations

from builders import audit_text, line_of, stars

import hhaudit

SEATS = {2: ("Alice", 10000), 5: ("Bob", 10000), 7: ("Carol", 10000)}
PLAY = """\
Carol: posts small blind 50
Alice: posts big blind 100
*** HOLE CARDS ***
{dealt}Bob: calls 100
Carol: calls 50
Alice: checks
*** FLOP *** [2c 7d 9h]
Carol: checks
Alice: checks
Bob: checks
*** TURN *** [2c 7d 9h] [Js]
Carol: checks
Alice: checks
Bob: checks
*** RIVER *** [2c 7d 9h Js] [3s]
Carol: checks
Alice: checks
Bob: checks
*** SHOW DOWN ***
{shows}{winner} collected 300 from pot
"""
ALL_DEALT = "Dealt to Alice [Ah Ad]\nDealt to Bob [Kh Kd]\nDealt to Carol [Qh Qc]\n"


def hand(winner: str, *, dealt: str = "", shows: str = "", summary: str = "") -> str:
    return stars(PLAY.format(dealt=dealt, shows=shows, winner=winner), seats=SEATS, button=5,
                 summary="Total pot 300 | Rake 0\nBoard [2c 7d 9h Js 3s]\n" + summary)


def codes(text: str) -> list[str]:
    return [f.rule for f in audit_text(text).findings]


def test_every_seat_dealt_face_up_judges_the_pot() -> None:
    # an integrity export: every seat's cards on a dealt line, no show lines
    right = audit_text(hand("Alice", dealt=ALL_DEALT))
    assert [p.ok for p in right.pots] == [True] and right.findings == []
    assert right.pots[0].expected_winners == [2]
    wrong = hand("Bob", dealt=ALL_DEALT)
    found = audit_text(wrong).findings
    assert [f.rule for f in found] == ["WN01"]
    assert found[0].expected == "expected Alice 300" and found[0].actual == "log paid Bob 300"
    assert found[0].line == line_of(wrong, "Bob collected")


def test_summary_showed_lines_judge_the_pot() -> None:
    summary = ("Seat 2: Alice (big blind) showed [Ah Ad] and won (300) with a pair of Aces\n"
               "Seat 5: Bob (button) showed [Kh Kd] and lost with a pair of Kings\n"
               "Seat 7: Carol (small blind) showed [Qh Qc] and lost with a pair of Queens\n")
    assert [p.ok for p in audit_text(hand("Alice", summary=summary)).pots] == [True]
    assert codes(hand("Carol", summary=summary)) == ["WN01"]


def test_a_mucked_winner_is_reported_and_the_pot_stays_with_the_tabled_hand() -> None:
    # Alice mucks the best hand: only tabled hands have a claim (TDA-2024 13), so Bob's
    # kings win the 300, and the floor is told (info)
    shows = "Bob: shows [Kh Kd] (a pair of Kings)\nCarol: shows [Qh Qc] (a pair of Queens)\nAlice: mucks hand\n"
    summary = "Seat 2: Alice (big blind) mucked [Ah Ad]\n"
    text = hand("Bob", shows=shows, summary=summary)
    out = audit_text(text)
    assert [p.ok for p in out.pots] == [True] and out.pots[0].expected_winners == [5]
    (f,) = out.findings
    assert (f.rule, f.severity, f.category, f.player) == ("WN02", "info", "winner", "Alice")
    assert f.line == line_of(text, "Seat 2: Alice", 2)  # the summary line
    assert f.actual == "Alice mucked Ah Ad, the best hand"
    # paying the mucked hand is the wrong winner
    assert "WN01" in codes(hand("Alice", shows=shows, summary=summary))


def test_a_contender_whose_cards_are_nowhere_is_not_guessed() -> None:
    shows = "Alice: shows [Ah Ad] (a pair of Aces)\nBob: shows [Kh Kd] (a pair of Kings)\n"
    out = audit_text(hand("Bob", dealt="Dealt to Alice [Ah Ad]\n", shows=shows))
    assert [p.ok for p in out.pots] == [None] and out.findings == []


def test_seats_cards_from() -> None:
    shows = "Bob: shows [Kh Kd] (a pair of Kings)\n"
    summary = ("Seat 5: Bob (button) showed [Kh Kd] and won (300) with a pair of Kings\n"
               "Seat 7: Carol (small blind) mucked [Qh Qc]\n")
    text = hand("Bob", dealt="Dealt to Alice [Ah Ad]\n", shows=shows + "Alice: mucks hand\n", summary=summary)
    seats = hhaudit.audit([text]).seats.set_index("seat")
    assert seats.loc[5, "cards_from"] == "shown" and bool(seats.loc[5, "showed"])
    assert seats.loc[7, "cards_from"] == "summary" and not bool(seats.loc[7, "showed"])
    assert seats.loc[2, "cards_from"] == "dealt" and seats.loc[2, "hole_cards"] == "Ah Ad"
    assert not bool(seats.loc[2, "showed"])
