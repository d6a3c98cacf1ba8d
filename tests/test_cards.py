"""Hole cards from wherever the log reveals them (dealt lines for every seat, the summary's
`showed [..]` and `mucked [..]`), the pot judged from them, a mucked winner reported (WN02,
info), unknown cards never guessed, and `seats.cards_from`.

The table: button on seat 5 (Bob), Carol the small blind on seat 7, Alice the big blind on
seat 2; everyone limps and checks down a board of 2c 7d 9h Js 3s, a 300 pot. Alice's Ah Ad
(a pair of aces) beats Bob's Kh Kd and Carol's Qh Qc: cards speak, so the 300 is Alice's.
"""

from __future__ import annotations

from builders import CHECKDOWN, CHECKDOWN_SEATS, audit_text, line_of, stars

import hhaudit

SEATS, PLAY = CHECKDOWN_SEATS, CHECKDOWN
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


# ------------------------------------------------------------------ real hands
# Cards each format used to drop, read by hand from the corpus hands.

FLOP = "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/{}/Flop/{}"


def _audited(kind: str, site: str, name: str, hand_id: str):  # type: ignore[no-untyped-def]
    from conftest_corpus import corpus, find_hand

    from hhaudit.engine.auditor import Auditor

    hand = find_hand(corpus() / FLOP.format(f"{kind}/{site}", name), hand_id)
    return hand, Auditor("online").audit(hand)


def _cards_of(hand, out, player: str):  # type: ignore[no-untyped-def]
    k = out.cards[hand.seat_of(player)]
    return k.cards, k.source, k.tabled, k.mucked


def test_pkr_one_bracket_shows_judge_the_pot() -> None:
    # "Player3 shows [2h 3d]", "Player4 shows [4d 9c]" on 9s Ac 5s 4s 2c: Player3's wheel
    # (A-2-3-4-5) beats Player4's two pair, nines and fours; Player3 was paid
    hand, out = _audited("cash", "PKR", "NLHE-2max-USD-0.02-0.04-200903.All-in.on.turn.txt", "746382000")
    assert _cards_of(hand, out, "Player3") == (("2h", "3d"), "shown", True, False)
    assert [(p.ok, p.expected_winners) for p in out.pots] == [(True, [hand.seat_of("Player3")])]


def test_betonline_board_completed_from_the_summary() -> None:
    # the river is written only in the summary ("Board [3d 7d 6c 10h Jc]"): Player5's Ah Jh
    # pairs the jack and beats Player8's Qh Ks (king high), and Player5 was paid
    hand, out = _audited("cash", "BetOnline", "NLHE-10max-USD-0.25-0.05-201108.txt", "900202587")
    assert [(p.ok, p.expected_winners) for p in out.pots] == [(True, [hand.seat_of("Player5")])]


def test_betonline_summary_cards_follow_the_renumbered_seats() -> None:
    # "Seat 9: Player9 (Big Blind)  showed [5S 4H ] and lost.", Player9 sits at seat 1 once
    # the seats are numbered clockwise; "showed [10S 6D 6C 10C KC ]" is a best five, not
    # hole cards, and stays unread
    hand, out = _audited("cash", "BetOnline", "NLHE-10max-USD-1.00-2.00-201204.ActionPoker.txt", "1012408051")
    assert _cards_of(hand, out, "Player9") == (("5s", "4h"), "summary", True, False)
    assert hand.seat_of("Player5") not in out.cards


def test_fulltilt_summary_mucked_cards() -> None:
    hand, out = _audited("cash", "FTP", "NLHE-6max-USD-0.50-1.00-200605.HM2.archive.txt", "656001515")
    assert _cards_of(hand, out, "Player0") == (("8s", "2s"), "summary", False, True)


def test_absolute_summary_mucked_cards() -> None:
    name = "IHH20101207 Montego Dr - Hold'em Normal $0.25-$0.50(Real Money) Table 26747256.txt"
    hand, out = _audited("cash", "Absolute", name, "C282012441")
    assert _cards_of(hand, out, "Player4") == (("Kd", "6c"), "summary", False, True)


def test_ipoker_uncontested_winner_pocket_element() -> None:
    # <cards type="Pocket" player="Player24">C10 CK</cards>, a pot nobody contested
    hand, out = _audited("tour", "iPoker", "NLHE-USD-MTT-5r-201112.Sample.xml", "3869572814")
    assert _cards_of(hand, out, "Player24") == (("Tc", "Kc"), "dealt", False, False)


def test_ongame_side_pot_judged_on_its_own() -> None:
    # The main pot's third contender (seat 2) never shows; the side pot is between seats 6
    # (Qd 5s) and 10 (Qh 9s) on Jh Tc Qs 6h 5h: seat 6's two pair, queens and fives, beats
    # seat 10's pair of queens, and the log pays "Side pot: 30364 won by" seat 6's player
    from conftest_corpus import corpus, find_hand

    from hhaudit.engine.auditor import Auditor

    path = corpus() / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/tour/OnGame/R-274-110.txt"
    out = Auditor("online").audit(find_hand(path, "T5-18949637-60"))
    assert [(p.eligible, p.ok) for p in out.pots] == [([2, 6, 10], None), ([6, 10], True)]
    assert out.pots[1].expected_winners == [6] and out.pots[1].expected == [30364]


LIVE = """\
# hhaudit live log
game NL 1/2

hand 1
button 7
seat 2 Ann 200
seat 5 Ben 200
seat 7 Cal 200
Cal call
Ann call
Ben check
flop 2c 7d 9h
Ann check
Ben check
Cal check
turn Js
Ann check
Ben check
Cal check
river 3s
Ann check
Ben check
Cal check
Ben shows Kh Kd
Cal shows Qh Qc
Ann mucks Ah Ad
pay Ben 6
"""


def test_live_muck_with_cards_that_would_have_won() -> None:
    # the dealer wrote the mucked cards: Ann's aces beat Ben's kings, but a mucked hand has
    # no claim (TDA-2024 13): the 6 is Ben's, and the floor is told
    from hhaudit.engine.auditor import Auditor
    from hhaudit.parsing import parse

    (live,) = parse(LIVE)
    out = Auditor("tda-2024").audit(live)
    assert [(f.rule, f.severity, f.player, f.actual) for f in out.findings] == [
        ("WN02", "info", "Ann", "Ann mucked Ah Ad, the best hand")]
    k = out.cards[2]
    assert (k.cards, k.source, k.mucked) == (("Ah", "Ad"), "mucked", True)
    assert [p.ok for p in out.pots] == [True]
