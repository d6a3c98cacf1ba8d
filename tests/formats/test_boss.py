"""Boss Media XML: pinned values read by hand from real hands, the whole corpus parses, and
the audit's findings on it are exactly the reviewed ones (tests/reviewed/boss.tsv)."""

from __future__ import annotations

from hhaudit.formats.boss import boss_card
from hhaudit.model import (
    Act, ActionEvent, CollectEvent, DealEvent, Limit, Post, PostEvent, ShowEvent, Status, StreetEvent,
)

from _site_corpus import findings, reviewed
from xmlcorpus import check_corpus, hand

SITE = "Boss (XML)"


def acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def posts(h):
    return [(e.player, e.kind, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)]


def test_every_corpus_hand_parses() -> None:
    check_corpus(SITE, "boss")


def test_card_numbers() -> None:
    # n % 13: ace, deuce, ..., king; n // 13: diamonds, clubs, hearts, spades
    assert [boss_card(x) for x in ("0", "12", "13", "34", "51", "b")] == ["Ad", "Kd", "Ac", "9h", "Ks", None]


def test_cash_hand_blinds_listed_big_first_call_written_as_total() -> None:
    h = hand("cash/Boss/Flop/NLHE-USD-0.05-0.10-Date-unknown.Sample.txt", "2274477045")
    assert h.status is Status.AUDITED
    assert (h.site, h.game, h.limit, h.kind, h.currency, h.scale, h.sb, h.bb) == (
        "Boss", "NLHE", Limit.NO_LIMIT, "cash", "USD", 2, 5, 10)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [(1, "Player2", 1960), (2, "Villain", 993), (4, "Hero", 795)]
    assert h.button_seat == 1  # dealt last
    assert posts(h) == [("Villain", Post.SMALL_BLIND, 5, 0), ("Hero", Post.BIG_BLIND, 10, 0)]
    assert [(e.player, e.cards) for e in h.events if isinstance(e, DealEvent)] == [("Hero", ("9h", "7d"))]
    assert acts(h) == [
        ("Player2", Act.FOLD, None, None, False),
        ("Villain", Act.CALL, 5, None, False),  # "call 0.10" from the small blind
        ("Hero", Act.CHECK, None, None, False),
        ("Villain", Act.BET, 20, None, False),
        ("Hero", Act.CALL, 20, None, False),
        ("Villain", Act.BET, 20, None, False),
        ("Hero", Act.FOLD, None, None, False),
    ]
    boards = [e.board for e in h.events if isinstance(e, StreetEvent)]
    assert boards == [("Jh", "Js", "3h"), ("Jh", "Js", "3h", "5c")]
    # WIN 0.57 is net of the uncalled 0.20 and of the 0.03 rake
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Villain", 57)]
    assert (h.summary.total_pot, h.summary.rake) == (57, 3)


def test_raise_is_street_total_call_is_chips_added() -> None:
    h = hand("cash/Boss/Flop/NLHE-SEK-2.00-4.00-201307.add.call.txt", "1978259345")
    assert (h.currency, h.button_seat) == ("SEK", 1)
    assert acts(h)[2:] == [
        ("Player0", Act.RAISE, None, 900, False),
        ("Player1", Act.CALL, 700, None, False),
        ("Player2", Act.FOLD, None, None, False),
        ("Player1", Act.BET, 800, None, False),
        ("Player0", Act.RAISE, None, 2700, False),
        ("Player1", Act.CALL, 1900, None, False),
        ("Player1", Act.CHECK, None, None, False),
        ("Player0", Act.BET, 5700, None, False),
        ("Player1", Act.FOLD, None, None, False),
    ]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player0", 7411)]
    assert h.summary.rake == 189


def test_fixed_limit_post_both_and_file_cut_before_closing_tags() -> None:
    h = hand("cash/Boss/Flop/LHE-10-20-USD-201105.post.both.txt", "2575876940")
    assert h.status is Status.AUDITED
    assert (h.game, h.small_bet, h.big_bet, h.bb, h.sb) == ("FLHE", 1000, 2000, 1000, 500)
    assert posts(h) == [("Player1", Post.SMALL_BLIND, 500, 0), ("Player2", Post.BIG_BLIND, 1000, 0),
                        ("Player3", Post.DEAD, 1000, 500)]
    a = acts(h)
    assert a[2] == ("Hero", Act.RAISE, None, 2000, False)
    assert a[4] == ("Player2", Act.CALL, 1000, None, False)  # "call 20.00" = to 20
    assert a[5] == ("Player3", Act.CALL, 1000, None, False)
    shows = {e.player: e.cards for e in h.events if isinstance(e, ShowEvent)}
    assert shows == {"Player3": ("8c", "3s"), "Hero": ("Qh", "Jd")}  # LINK 37, 10
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Hero", 8700)]


def test_second_small_blind_is_dead() -> None:
    h = hand("cash/Boss/Flop/NLHE-SEK-5.00-10.00-201207.secondsb.txt", "1797085457")
    assert [s.player for s in h.seats] == ["LEPSTIKS", "SD", "Slickepot"]  # empty chairs left out
    assert h.button_seat == 5
    assert posts(h) == [("Slickepot", Post.SMALL_BLIND, 500, 0), ("SD", Post.DEAD, 0, 500),
                        ("LEPSTIKS", Post.BIG_BLIND, 1000, 0)]
    assert acts(h)[0] == ("SD", Act.RAISE, None, 3250, False)
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("SD", 3000)]


def test_old_tournament_antes_are_read_from_the_stated_pot() -> None:
    # 100/200: no ante written, the pot of 750 = 100 + 200 + 200 matched + 10 x 25
    h = hand("tour/Boss/Flop/NLHE-CAD-MTT-201101.txt", "5853323")
    assert (h.kind, h.scale, h.currency, h.sb, h.bb, h.ante, h.button_seat) == ("tournament", 0, "", 100, 200, 25, 6)
    assert [p for p in posts(h) if p[1] is Post.ANTE] == [(s.player, Post.ANTE, 25, 0) for s in
                                                          sorted(h.seats, key=lambda s: [7, 8, 9, 10, 1, 2, 3, 4, 5, 6].index(s.seat))]
    # the listed AMOUNT is after the ante: Player16 goes all-in for 3285 + 25
    assert h.seats[0].stack == 3310
    assert [a for a in acts(h) if a[1] is not Act.FOLD] == [("Player16", Act.RAISE, None, 3285, True)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player16", 750)]


def test_written_antes_and_all_in_as_street_total() -> None:
    h = hand("tour/Boss/Flop/NLHE-SEK-25-STT-201205.sitting-out.dealt.in.txt", "1756290414")
    assert h.button_seat == 6 and h.max_seats == 10
    assert not any(s.sitting_out for s in h.seats)  # STATE_SITOUT but dealt in: folds
    assert acts(h)[-2:] == [("Player5", Act.RAISE, None, 2617, True), ("Player6", Act.CALL, 617, None, False)]
    a = hand("tour/Boss/Flop/NLHE-SEK-STT-201301.ante.txt", "1884489856")
    assert a.ante == 75 and len([p for p in posts(a) if p[1] is Post.ANTE]) == 8
    assert a.table_name == "Söndagssteken"


def test_findings_are_the_reviewed_ones() -> None:
    assert findings(SITE) == reviewed("boss")
