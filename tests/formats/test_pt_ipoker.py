"""PokerTracker exports of iPoker and Merge hands (pt_ipoker, pt_merge): values read by hand
from real hands, and every corpus hand of these dialects parses."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from _pt_corpus import CASH, TOUR, check_file, hand, rows

from hhaudit.model import (
    Act, ActionEvent, CollectEvent, DealEvent, Limit, Post, PostEvent, ShowEvent, Street,
    StreetEvent, UncalledEvent,
)


def _acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def _posts(h):
    return [(e.player, e.kind, e.amount, e.dead, e.all_in) for e in h.events if isinstance(e, PostEvent)]


def _collects(h):
    return [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)]


@pytest.mark.parametrize("marker,fmt", [("iPoker", "pt_ipoker"), ("Merge", "pt_merge")])
def test_every_corpus_hand_parses(marker: str, fmt: str) -> None:
    found = rows(marker)
    assert found
    for rel, count in sorted(found.items()):
        hands = check_file(rel, count, fmt)
        assert all(h.variant == "holdem" for h in hands)


def test_new_version_uncalled_y_cash() -> None:
    h = hand(CASH + "NLHE-EUR-0.05-0.10-201901.iPoker.new.version.txt", "4402349920")
    assert (h.site, h.format, h.kind, h.currency, h.scale) == ("iPoker", "pt_ipoker", "cash", "EUR", 2)
    assert (h.game, h.limit, h.sb, h.bb) == ("NLHE", Limit.NO_LIMIT, 5, 10)
    assert h.started_at == datetime(2019, 1, 3, 11, 56, 34, tzinfo=timezone.utc)
    assert h.table_name == "Boggstown" and h.button_seat == 1
    assert [(s.seat, s.player, s.stack) for s in h.seats][:3] == [
        (1, "openmind1", 1000), (3, "ghigliettigol", 1405), (5, "ov3rthinking", 1000)]
    assert _posts(h) == [("ghigliettigol", Post.SMALL_BLIND, 5, 0, False),
                         ("ov3rthinking", Post.BIG_BLIND, 10, 0, False)]
    deal = [e for e in h.events if isinstance(e, DealEvent)]
    assert deal[0].cards == ("Ah", "Ac")
    assert _acts(h) == [
        ("nasiluigi", Act.FOLD, None, None, False), ("lereggine", Act.FOLD, None, None, False),
        ("Nik0laT3sla", Act.RAISE, None, 25, False), ("openmind1", Act.FOLD, None, None, False),
        ("ghigliettigol", Act.FOLD, None, None, False), ("ov3rthinking", Act.RAISE, None, 100, False),
        ("Nik0laT3sla", Act.CALL, 75, None, False),
        ("ov3rthinking", Act.CHECK, None, None, False), ("Nik0laT3sla", Act.CHECK, None, None, False),
        ("ov3rthinking", Act.BET, 120, None, False), ("Nik0laT3sla", Act.CALL, 120, None, False),
        ("ov3rthinking", Act.CHECK, None, None, False), ("Nik0laT3sla", Act.BET, 180, None, False),
        ("ov3rthinking", Act.CALL, 180, None, False),
    ]
    river = [e for e in h.events if isinstance(e, StreetEvent)][-1]
    assert river.street is Street.RIVER and river.board == ("Jd", "Qs", "8c", "3s", "Tc")
    shows = [(e.player, e.cards, e.muck) for e in h.events if isinstance(e, ShowEvent)]
    assert shows == [("Nik0laT3sla", ("Qd", "Td"), False), ("ov3rthinking", ("Ah", "Ac"), True)]
    # "Total pot €7.52 Rake €0.53": 7.52 is after the rake; the pot is 8.05
    assert (h.summary.total_pot, h.summary.rake) == (805, 53)
    assert _collects(h) == [("Nik0laT3sla", 752, None)]


def test_old_export_counts_uncalled_in_pot_and_wins() -> None:
    rel = CASH + "NLHE-USD-0.05-0.10-201110.iPoker.txt"
    h = hand(rel, "2978860249")  # raise to 0.40, all fold: "Total pot $0.55", "wins $0.55"
    # a time with no zone: read as UTC, and `tz` says the zone was assumed (hhaudit.zones)
    assert h.started_at == datetime(2011, 10, 12, 2, 53, 50, tzinfo=timezone.utc) and h.tz == "UTC (assumed)"
    assert _acts(h)[1] == ("Player7", Act.RAISE, None, 40, False)
    assert h.implicit_uncalled
    assert (h.summary.total_pot, h.summary.rake) == (25, 0)  # 0.55 less the 0.30 returned
    assert _collects(h) == [("Player7", 25, None)]
    # all-in call for less on the flop: "Allin $1.55" facing a 1.90 bet; the 0.35 returned
    # to the bettor was written as "Player5: wins $0.35"
    h = hand(rel, "2978874670")
    allin = [a for a in _acts(h) if a[0] == "Player2"][-1]
    assert allin == ("Player2", Act.CALL, 155, None, True)
    assert _collects(h) == [("Player2", 518, None)]
    assert (h.summary.total_pot, h.summary.rake) == (555, 37)
    # a missed-blinds post: "Post BB $1.50" at 0.50/1
    h = hand(CASH + "NLHE-USD-0.50-1.00-201101.iPoker.post.both.txt", "2607756372")
    assert _posts(h)[2] == ("Player4", Post.DEAD, 100, 50, False)
    # "Raise $31.10" below the 112.70 faced: the chips added, a call
    assert _acts(h)[-1] == ("Player3", Act.CALL, 3110, None, False)


def test_idle_seat_and_absent_seats_sit_out() -> None:
    h = hand(CASH + "NLHE-USD-0.05-0.10-201110.iPoker.txt", "2978867256")
    out = {s.player for s in h.seats if s.sitting_out}
    assert {"Player8", "Player1"} <= out  # "Player8:" with no action


def test_tournament_allin_and_chip_scale() -> None:
    h = hand(TOUR + "NLHE-10max-MTT-USD-5.00-202104.tiPoker.xt", "9041315698")
    assert (h.kind, h.currency, h.scale, h.sb, h.bb, h.ante) == ("tournament", "", 0, 800, 1600, 128)
    assert h.tournament_id == "998818966"
    acts = _acts(h)
    assert acts[-4:] == [
        ("Hero", Act.BET, 8512, None, False), ("Ads51", Act.RAISE, None, 26624, False),
        ("Hero", Act.RAISE, None, 102492, False), ("Ads51", Act.CALL, 34964, None, True),
    ]
    assert (h.summary.total_pot, h.summary.rake) == (140200, 0)
    assert _collects(h) == [("Hero", 140200, None)]
    # fractional tournament chips keep two decimals
    h = hand(TOUR + "NLHE-USD-SNG-2-201106.iPoker.txt", "3616765274")
    assert h.scale == 2 and h.seats[2].stack == 119250 and (h.sb, h.bb) == (2000, 4000)
    # a short big blind all-in without "Allin": the blinds are 600/1200
    h = hand(TOUR + "NLHE-USD-SNG-2-201106.iPoker.txt", "3616964206")
    assert _posts(h)[-1] == ("Player48", Post.BIG_BLIND, 65, 0, True)
    assert (h.sb, h.bb) == (600, 1200)


def test_merge_cash_and_v2() -> None:
    h = hand(CASH + "NLHE-USD-0.50-1.00-201101.Merge.txt", "3047310402798")
    assert (h.site, h.format, h.sb, h.bb, h.button_seat) == ("Merge", "pt_merge", 50, 100, 1)
    assert h.table_name == "Bad Beat - Rue St Catherine (30473104)"
    assert _acts(h)[-8:] == [
        ("Player6", Act.BET, 200, None, False), ("Player0", Act.RAISE, None, 400, False),
        ("Player8", Act.FOLD, None, None, False), ("Player6", Act.CALL, 200, None, False),
        ("Player6", Act.CHECK, None, None, False), ("Player0", Act.BET, 575, None, False),
        ("Player6", Act.RAISE, None, 1725, False), ("Player0", Act.CALL, 1150, None, False),
    ]
    h = hand(CASH + "NLHE-USD-0.10-0.25-201201.Merge-post-both.txt", "46893440-366")
    assert _posts(h)[2] == ("DontTapTheGlass0", Post.DEAD, 25, 10, False)
    assert h.summary.rake == 3  # not written: 0.70 pot, 0.67 paid
    h = hand(CASH + "NLHE-USD-0.10-0.20-201204.PT4.Merge.txt", "53094604-134")
    assert _collects(h) == [("Player0", 95, None)]  # "wins $1.45" less the 0.50 uncalled bet
    h = hand(CASH + "NLHE-6max-USD-0.02-0.04-201412.Merge.v2.post.sb.txt", "80256693-236")
    assert h.started_at == datetime(2014, 12, 5, 22, 8, 49, tzinfo=timezone.utc)
    assert _posts(h)[2] == ("Hero", Post.DEAD, 2, 0, False)
    assert _collects(h) == [("Hero", 10, None)]
    unc = [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)]
    assert unc == [("Hero", 4)] and not h.implicit_uncalled


def test_merge_tournament_stacks_before_posts() -> None:
    h = hand(TOUR + "NLHE-USD-SNG-2-201111.Merge.txt", "4290961700035")
    assert (h.kind, h.scale, h.sb, h.bb, h.ante) == ("tournament", 0, 125, 250, 25)
    assert h.tournament_id == "42862423" and h.table_name == "$2 Bounty Turbo"
    stacks = {s.player: s.stack for s in h.seats}
    assert stacks["Player2"] == 1275 + 25 + 125 and stacks["Player0"] == 8109 + 25 + 250
    assert stacks["Player9"] == 6679 + 25
    assert _acts(h)[-2:] == [("Player2", Act.RAISE, 1275, None, True), ("Player0", Act.CALL, 1150, None, False)]
    assert _collects(h) == [("Player2", 1513, None), ("Player0", 1512, None)]


ARCHIVE_OMAHA = """\
GAME #4900000001: Omaha 5/10 - 2013-08-02 21:00:00
Table Testville (No DP Heads Up)
Server poker9.ipoker.com

Seat 2: Ann ($1,000.00 in chips)
Seat 7: Ben ($1,000.00 in chips)

Ann: SB $5.00
Ben: BB $10.00
*** HOLE CARDS ***
Dealt to Ann [C2 S9 HT DK]
Ann: Raise to $25.00
Ben: Fold 
*** SUMMARY ***
Total pot $40.00 Rake $0.00
Ann: wins $40.00
"""


def test_archive_export_header_without_limit_is_a_game_not_read() -> None:
    # The 2013 archive export: no limit word and a dash before the date. Its Omaha hand is a
    # game pt_ipoker does not read (unsupported), not a header it fails to parse.
    import hhaudit

    r = hhaudit.audit(ARCHIVE_OMAHA)
    got = r.hands.iloc[0]
    assert (got["hand_id"], got["format"], got["status"]) == ("4900000001", "pt_ipoker", "unsupported_game")
    assert r.findings.empty
