"""Site features modelled as rules of the site, each with the worked numbers of a real corpus
hand (`docs/precision.md`).

All-in protection (`model.ProtectionEvent`): a seat that disconnects or times out stays in
the hand for the chips it has put in and acts no more; the pots past its chips are the
others' (side pots follow). Where a site adds a rule of its own the log does not state, the
rules it touches abstain (`Hand.abstain`) and the hand says why (`not_judged`)."""

from __future__ import annotations

from conftest_corpus import CORPUS, find_hand

from hhaudit.engine.auditor import Auditor

FPDB = CORPUS / "ChazDazzle" / "fpdb-chaz" / "pyfpdb" / "regression-test-files"


def audited(path: str, hand_id: str):  # type: ignore[no-untyped-def]
    return Auditor("online").audit(find_hand(FPDB / path, hand_id))


def protected(out) -> list[tuple[int, str, str]]:  # type: ignore[no-untyped-def]
    return [(a.seat, a.player, a.action) for a in out.actions if a.action.startswith("protected")]


def pots(out) -> list[tuple[int, list[int]]]:  # type: ignore[no-untyped-def]
    return [(p.amount, p.eligible) for p in out.pots]


def test_absolute_time_out_all_in_keeps_the_seat_in_for_its_50() -> None:
    # $25/$50 limit: HOLDINGQUADS (seat 1) has $50 in when "All-In (Timeout)" on the turn;
    # STEVE89 (seat 3) bets $50 that nobody calls and is returned, and seat 4 folded its
    # $25: the pot is 50 + 50 + 25 = $125, raked $3, $122 paid to STEVE89
    out = audited("cash/Absolute/Flop/LHE-USD-25-50-200708.timeout.allin.txt", "736583015")
    assert protected(out) == [(1, "HOLDINGQUADS", "protected_timeout")]
    assert pots(out) == [(12500, [1, 3])]
    assert out.pots[0].paid == out.pots[0].expected == [12200]
    assert out.findings == []  # no "street dealt with seats to act" (AO05) any more


def test_ipoker_disconnect_protection_sum_dp_makes_a_side_pot() -> None:
    # 0.10/0.20 limit: Player7 (seat 8) is protected (type 7, sum="DP") with 0.20 in. The main
    # pot is every seat's chips up to his 0.20: 0.20 (seat 4) + 0.20 (seat 5's 0.30, folded)
    # + 0.05 + 0.10 (the folded blinds) + 0.20 = 0.75, between seats 4 and 8; past it seat 4's
    # 0.30 and seat 5's 0.10 less the 0.20 returned uncalled leave a 0.20 side pot for seat 4
    out = audited("cash/iPoker/Flop/LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml", "2855472319")
    assert protected(out) == [(8, "Player7", "protected_disconnection")]
    assert pots(out) == [(75, [4, 8]), (20, [4])]
    assert {seat: s.total for seat, s in out.state.seats.items() if s.total} == {4: 50, 5: 30, 6: 5, 7: 10, 8: 20}
    assert out.findings == []  # AO05, AO01 and SP01 were the replay waiting for Player7


def test_everest_disconnected_small_blind_is_all_in_for_its_050() -> None:
    # 0.50/1.00: Player26 "has been disconnected, and is allin" with his 0.50 small blind in:
    # the main pot is 6 x 0.50 = 3.00 (seats 1, 2, 10 still in), the other 26.50 is the side
    # pot of seats 2 and 10
    out = audited("cash/PokerTracker/Flop/NLHE-USD-0.50-1.00-201101.Everest.txt", "6474571169")
    assert protected(out) == [(1, "Player26", "protected_disconnection")]
    assert pots(out) == [(300, [1, 2, 10]), (2650, [2, 10])]
    assert out.findings == []


def test_pkr_disconnection_protection_and_its_limited_win_abstain() -> None:
    # 0.02/0.04: Player5 (seat 10) calls 0.04 and is protected facing Player1's raise to 0.22;
    # the 0.18 is returned and the 0.18 pot (Hero 0.02, four seats 0.04) is contested by
    # seats 5 and 10. PKR pays Player5 "$0.04, disconnection protection limited from $0.17"
    # and 0.13 to Player1: a cap of PKR's own the log does not state, so the winner and
    # side-pot rules do not judge the hand, and the hand says so
    out = audited("cash/PKR/Flop/NLHE-10max-USD-0.02-0.04-201208.disconnected.won.txt", "2138526544")
    assert protected(out) == [(10, "Player5", "protected_disconnection")]
    assert pots(out) == [(18, [5, 10])]
    assert out.findings == []
    (reason,) = out.hand.not_judged
    assert reason.startswith("PKR disconnection protection limits") and reason.endswith("(winner, side_pot, odd_chip)")


def test_abstain_drops_the_findings_of_those_rules_only() -> None:
    # the same PKR hand judged as if PKR paid the pot by the rulebook: the pot paid 0.13 to
    # Player1, who lost the showdown, is a winner finding, held back by the abstention
    hand = find_hand(FPDB / "cash/PKR/Flop/NLHE-10max-USD-0.02-0.04-201208.disconnected.won.txt", "2138526544")
    hand.abstained.clear()
    assert {f.rule for f in Auditor("online").audit(hand).findings} == {"WN01"}
    hand.abstain("a test", ("WN01",))
    assert Auditor("online").audit(hand).findings == []
    hand.abstain("parse rules always speak", ("ALL",))
    assert hand.not_judged == ["a test (WN01)", "parse rules always speak (ALL)"]


def test_fast_fold_folds_out_of_seat_order_are_not_judged() -> None:
    # iPoker "Speed - Zone Poker - Texans", $1/$2: Hero (seat 1) posts the small blind, seat 3
    # the big blind; P2 (seat 5), first to act, clicks fold late: his fold is logged after
    # seats 6, 8, 10, 1 and 3 acted (line 18). On a fast-fold table that is where the site
    # writes it: no out-of-turn finding there. The calls written before the bets they call
    # (line 21, PokerTracker's export) are still found, the rest of the hand following them.
    from hhaudit.sites import is_fast_fold

    out = audited("cash/PokerTracker/Flop/NLHE-USD-1.00-2.00-201812.iPoker.Zone.txt", "3704959981")
    assert is_fast_fold(out.hand.table_name)
    root, *rest = out.findings
    assert (root.rule, root.line, root.caused_by) == ("AO01", 21, None)
    assert len(rest) == 6 and {f.caused_by for f in rest} == {root.seq}
    assert all(f.line != 18 for f in out.findings)
    assert not is_fast_fold("Tropicana - Fast II (80257431)") and is_fast_fold("RushAndCash10395846")


def test_a_walk_gives_the_big_blind_its_own_blind_back_written_or_not() -> None:
    # WPN $0.02/$0.05: everyone folds to Player5's 0.05 big blind; WPN writes no "Uncalled
    # bet ($0.03) returned" line and states "Total pot $0.07" (0.02 + 0.05, the unmatched
    # 0.03 counted), Player5 wins 0.07. The pot is 0.04 (0.02 + 0.02 matched) and the 0.03
    # is Player5's own: nothing to report
    # (the WPN reader also reads the stated total net of the 0.03 and says so in the hand's
    # notes; the pot audit accepts a walk's stated total either way, `pots.is_walk`)
    out = audited("cash/Winning/Flop/NLHE-9max-USD-0.02-0.05-202104.walk.txt", "784373412")
    assert out.hand.summary.total_pot in (4, 7)
    assert [(p.amount, p.eligible) for p in out.pots] == [(4, [7])]
    assert out.findings == []


def test_gg_cash_drop_before_the_blinds_is_money_the_room_adds() -> None:
    # GGPoker Rush & Cash $0.02/$0.05, "Cash Drop to Pot : total $0.5" written before the
    # blinds: the players put in 0.25 (e683cb83) + 0.25 (Hero, 2.00 less 1.75 uncalled) +
    # 0.25 (7731326b) + 0.05 (c1f22655) = 0.80, the room 0.50: "Total pot $1.3", rake 0.06,
    # Hero collects 1.24
    from hhaudit.model import FeeEvent

    path = (CORPUS / "LayorX" / "GGPoker-Hand-Analyzer" / "demo_data" / "10000_data"
            / "GG20250808-1932 - RushAndCash10539634 - 0.02 - 0.05 - 6max.txt")
    out = Auditor("online").audit(find_hand(path, "RC3793132008"))
    assert out.hand.status.value == "audited"
    (drop,) = [e for e in out.hand.events if isinstance(e, FeeEvent)]
    assert (drop.kind, drop.amount) == ("room_added", -50)
    assert sum(s.total for s in out.state.seats.values()) == 80
    assert (out.hand.summary.total_pot, out.hand.summary.rake) == (130, 6)
    assert out.findings == []
