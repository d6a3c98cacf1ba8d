"""Merge XML: pinned values read by hand from real hands, and the whole corpus parses."""

from __future__ import annotations

import collections
from datetime import datetime, timezone

from _site_corpus import findings, reviewed
from xmlcorpus import check_corpus, hand

from hhaudit.engine.auditor import Auditor
from hhaudit.model import (
    Act,
    ActionEvent,
    CollectEvent,
    Limit,
    Post,
    PostEvent,
    ShowEvent,
    Status,
    StreetEvent,
    UncalledEvent,
)

SITE = "Merge (XML)"


def audit(h):
    return [(f.rule, f.line) for f in Auditor("online").audit(h).findings]


def acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def test_every_corpus_hand_parses() -> None:
    check_corpus(SITE, "merge_xml")


def test_raise_to_and_all_in_as_chips_put_in() -> None:
    h = hand("cash/Merge/Flop/NLHE-6max-USD-1.00-2.00-201308.weird.all.in.line.txt", "71748131-1802")
    assert h.status is Status.AUDITED
    assert (h.game, h.limit, h.kind, h.currency, h.scale, h.sb, h.bb, h.button_seat, h.max_seats) == (
        "NLHE", Limit.NO_LIMIT, "cash", "USD", 2, 100, 200, 4, 6)
    assert h.table_name == "Grand VI"
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in h.seats][:3] == [
        (1, "Player0", 12981, False), (2, "Player1", 14087, False), (3, "Player2", 0, True)]
    assert [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)] == [
        ("Player0", Post.SMALL_BLIND, 100), ("Player1", Post.BIG_BLIND, 200)]
    assert acts(h) == [
        ("Player3", Act.RAISE, None, 600, False),
        ("Player0", Act.CALL, 500, None, False),
        ("Player1", Act.RAISE, None, 1950, False),
        ("Player3", Act.RAISE, None, 8092, True),  # ALL_IN 74.92 put in over his 6
        ("Player0", Act.FOLD, None, None, False),
        ("Player1", Act.CALL, 6142, None, False),
        ("Player2", Act.CHECK, None, None, False),  # the log's odd line: seat 3 (not dealt in) checks
    ]
    assert [e.board for e in h.events if isinstance(e, StreetEvent)][-1] == ("Ks", "Tc", "3c", "Qd", "Th")
    assert {e.player: e.cards for e in h.events if isinstance(e, ShowEvent)} == {
        "Player1": ("Jc", "Ac"), "Player3": ("As", "Kh")}
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("Player1", 16584, 0)]
    assert h.summary.rake == 600 + 8092 + 8092 - 16584


def test_tournament_balances_are_after_the_blinds() -> None:
    h = hand("tour/Merge/Flop/NLHE-USD-STT-201202.exported.txt", "50104125-26")
    assert (h.kind, h.scale, h.currency) == ("tournament", 0, "")
    assert (h.sb, h.bb) == (50, 100)  # SMALL_BLIND amount="50.00", BIG_BLIND amount="100.00"
    assert [(s.player, s.stack) for s in h.seats] == [("Player2", 1775), ("Player3", 1225)]
    assert acts(h) == [
        ("Player2", Act.RAISE, None, 200, False),
        ("Player3", Act.RAISE, None, 1225, True),
        ("Player2", Act.CALL, 1025, None, False),
    ]


def test_mixed_game_hands_other_than_holdem_and_omaha_are_unsupported() -> None:
    h = hand("tour/Merge/Mixed/HORSE-Tournament-Freeroll.201107.xml", "36487242-1")
    assert h.status is Status.AUDITED and h.limit is Limit.FIXED_LIMIT
    from xmlcorpus import FILES

    from hhaudit.parsing import parse
    games = collections.Counter(
        (x.game if x.status is Status.AUDITED else x.variant, x.status) for x in parse(str(FILES / "tour/Merge/Mixed/HORSE-Tournament-Freeroll.201107.xml")))
    # the <game>s' multigametype: 23 Hold'em (numholecards 2), 37 Omaha H/L8 (4); 49 razz,
    # 41 stud and 45 stud Hi/Lo (numholecards 7), read but not audited
    assert games == {("FLHE", Status.AUDITED): 10, ("FLO8", Status.AUDITED): 4, ("razz", Status.UNSUPPORTED_GAME): 4,
                     ("7-stud", Status.UNSUPPORTED_GAME): 4, ("7-stud h/l8", Status.UNSUPPORTED_GAME): 6}


def test_version_2_1_stakes_of_the_game_and_balances_before_the_posts() -> None:
    # the file's <description> says Level 4 Blinds 40/80; this <game> says Level 5 Ante 10,
    # Blinds 50/100: the big blind of 100 is a plain big blind, not 80 live + 20 dead
    h = hand("tour/Merge/Flop/NLHE-USD-11-MTT-201503.v.2.1.txt", "81685504-33")
    assert (h.sb, h.bb, h.ante) == (50, 100, 10)
    # balances are before the posts: Player3 (seat 4) has 8190, posts 10 + 50, folds, and
    # the next hand lists him with 8130
    assert [(s.seat, s.stack) for s in h.seats][3:6] == [(3, 3520), (4, 8190), (5, 11765)]
    assert [(e.seat, e.kind, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)][-2:] == [
        (4, Post.SMALL_BLIND, 50, 0), (5, Post.BIG_BLIND, 100, 0)]
    assert acts(h)[:8] == [
        ("Player5", Act.CALL, 100, None, False), ("Player6", Act.FOLD, None, None, False),
        ("Hero", Act.FOLD, None, None, False), ("Player0", Act.FOLD, None, None, False),
        ("Player1", Act.FOLD, None, None, False), ("Player7", Act.FOLD, None, None, False),
        ("Player2", Act.RAISE, None, 225, False), ("Player3", Act.FOLD, None, None, False)]
    # 9 x 10 antes + 50 + 3 x 225 + 2 x 550 = 1915, all to Player4
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player4", 1915)]
    # started_at from the events' epoch milliseconds (1425343779000), not the local starttime
    assert h.started_at == datetime(2015, 3, 3, 0, 49, 39, tzinfo=timezone.utc)
    assert not audit(h)


def test_version_1_heads_up_balances_before_the_posts() -> None:
    h = hand("tour/Merge/Flop/NLHE-HU-USD-5.75-STT-201208.new.header.format.txt", "60139095-2")
    # hand 1: 1500 each; Hero's big blind of 20 is lost: 1480 / 1520 before hand 2's posts
    assert [(s.player, s.stack) for s in h.seats] == [("Hero", 1480), ("Player0", 1520)]
    assert h.started_at == datetime(2012, 8, 23, 5, 10, 7, tzinfo=timezone.utc)
    assert not audit(h)


def test_folded_to_bet_comes_back_inside_the_winners_amount() -> None:
    # Hero raises to 40, the small blind calls 30, the flop bet of 100 is not called and
    # the winner line pays 200 = 100 pot + the 100 returned (uncalled="false")
    h = hand("tour/Merge/Flop/NLHE-USD-Freeroll-201201.Sample.txt", "46289039-2")
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Hero", 200)]
    assert not any(isinstance(e, UncalledEvent) for e in h.events)
    assert h.implicit_uncalled
    assert not audit(h)


def test_blind_posted_all_in_is_written_all_in() -> None:
    # Hero (balance 0.00 after his posts) posts the big blind all-in for 900 behind a
    # small blind of 500: he had 900
    h = hand("tour/Merge/Flop/NLHE-USD-Unk-201105.Player.Big.blind.all.in.txt", "35428805-25")
    assert [(e.player, e.kind, e.amount, e.all_in) for e in h.events if isinstance(e, PostEvent)] == [
        ("Player0", Post.SMALL_BLIND, 500, False), ("Hero", Post.BIG_BLIND, 900, True)]
    assert [(s.player, s.stack) for s in h.seats] == [("Player0", 3000), ("Hero", 900), ("Player5", 2100)]
    # stakes="No Limit" names no level: the blinds are the posted ones, the big blind twice
    # the small where it is posted short
    assert (h.sb, h.bb) == (500, 1000)
    assert not audit(h)
    # the small blind posted all-in before the big blind (amount written 0.00)
    h = hand("tour/Merge/Flop/NLHE-USD-STT.201112.allin.blind.txt", "45133716-41")
    assert [(e.player, e.kind, e.amount, e.all_in) for e in h.events if isinstance(e, PostEvent)][-2:] == [
        ("Player4", Post.SMALL_BLIND, 0, True), ("Player1", Post.BIG_BLIND, 300, False)]


def test_player_missing_from_players_who_folds_had_more_than_he_posted() -> None:
    h = hand("cash/Merge/Flop/NLHE-6max-USD-0.10-0.25-201208.player.not.in.preamble.txt", "59766765-529")
    # seat 5 is not in <players>: posts the 0.25 big blind and folds, so had at least 0.26
    assert [(s.seat, s.player, s.stack) for s in h.seats][-1] == (5, "Seat 5", 26)
    assert h.started_at == datetime(2012, 8, 14, 17, 50, 1, tzinfo=timezone.utc)
    assert not audit(h)


def test_findings_are_the_reviewed_ones() -> None:
    assert findings(SITE) == reviewed("merge_xml")


def test_the_game_of_a_hand() -> None:
    from hhaudit.formats.merge_xml import _game_of

    # the description's game, numholecards agreeing
    assert _game_of("Omaha", None, "4") == ("omaha", 4, False)
    assert _game_of("Omaha H/L8 Tournament", None, "4") == ("omaha", 4, True)
    assert _game_of("Holdem Tournament", None, "2") == ("holdem", 2, False)
    assert _game_of("Omaha", None, "2") is None and _game_of("Holdem", None, "4") is None
    # a mixed game's round: its multigametype, numholecards agreeing
    assert _game_of("HORSE Tournament", "37", "4") == ("omaha", 4, True)
    assert _game_of("HORSE Tournament", "23", "2") == ("holdem", 2, False)
    assert _game_of("HORSE Tournament", "37", "2") is None  # the code and the cards disagree
    assert _game_of("HORSE Tournament", "41", "7") is None  # stud
    assert _game_of("7-Stud", None, "7") is None and _game_of("Badugi", None, "4") is None


RETURN_BLIND = """\
<description type="Omaha" stakes="Pot Limit ($0.10/$0.25)"/>
<game id="1-1" starttime="20110428130032" numholecards="4" gametype="9" realmoney="true" data="20110428|Krakatoa (1)|1|1-1|false">
	<players dealer="0">
		<player seat="0" nickname="Alice" balance="$10.00" dealtin="true" />
		<player seat="1" nickname="Bob" balance="$10.00" dealtin="true" />
		<player seat="2" nickname="Carol" balance="$10.00" dealtin="true" />
		<player seat="3" nickname="Dave" balance="$10.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1304013622828" player="1" amount="0.10"/>
		<event sequence="2" type="BIG_BLIND" timestamp="1304013623046" player="2" amount="0.25"/>
		<event sequence="3" type="RETURN_BLIND" timestamp="1304013623296" player="3" amount="0.35"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="4" type="CHECK" timestamp="1304013625640" player="3"/>
		<event sequence="5" type="FOLD" timestamp="1304013627468" player="0"/>
		<event sequence="6" type="FOLD" timestamp="1304013630718" player="1"/>
		<event sequence="7" type="CHECK" timestamp="1304013633046" player="2"/>
	</round>
	<round id="POSTFLOP" sequence="3">
		<event sequence="8" type="BET" timestamp="1304013642468" player="2" amount="0.50"/>
		<event sequence="9" type="FOLD" timestamp="1304013644843" player="3"/>
		<cards type="COMMUNITY" cards="Td,Ad,Kd" hand="Flush Ace High"/>
	</round>
	<round id="END_OF_FOLDED_GAME" sequence="4">
		<winner amount="1.15" uncalled="false" potnumber="1" player="2" pottype="n"/>
	</round>
</game>
"""


def test_a_returning_players_small_and_big_blind(tmp_path) -> None:
    # RETURN_BLIND 0.35: the big blind of 0.25 plays (Dave checks when the action comes
    # back to him), the 0.10 small blind is dead; 0.10 + 0.25 + 0.35 = 0.70 less 0.05 rake
    # is 0.65, with the 0.50 flop bet nobody called: 1.15
    path = tmp_path / "merge.xml"
    path.write_text(RETURN_BLIND, encoding="utf-8")
    from hhaudit.parsing import parse

    (h,) = list(parse(str(path)))
    assert (h.game, h.sb, h.bb) == ("PLO", 10, 25)
    assert [(e.player, e.kind, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)] == [
        ("Bob", Post.SMALL_BLIND, 10, 0), ("Carol", Post.BIG_BLIND, 25, 0), ("Dave", Post.DEAD, 25, 10)]
    assert h.summary.rake == 5 and 10 + 25 + 35 + 50 - 115 == 5
    assert not audit(h)


def test_show_names_the_halves() -> None:
    from hhaudit.show import replay

    split = replay(hand("tour/Merge/Mixed/HORSE-Tournament-Freeroll.201107.xml", "36487242-8"))
    assert [(p.label, p.paid, p.verdict) for p in split.pots] == [
        ("main pot (high half)", [("Player18", 240)], "ok"), ("main pot (low half)", [("Player12", 240)], "ok")]
    # the board Ks 2s Js 2c 5s holds two low cards: no low
    scoop = replay(hand("tour/Merge/Mixed/HORSE-Tournament-Freeroll.201107.xml", "36487242-9"))
    assert [(p.label, p.paid) for p in scoop.pots] == [("main pot (no low: the high hand scoops)", [("Player12", 1110)])]


HEADER_NOT_THE_POSTS = """\
<description type="Holdem" stakes="No Limit ($0.50/$1)"/>
<game id="70000001-1" starttime="20120601120000" numholecards="2" gametype="2" seats="6" realmoney="true" data="20120601|Testville (70000001)|70000001|70000001-1|false">
	<players dealer="0">
		<player seat="0" nickname="Ann" balance="$100.00" dealtin="true" />
		<player seat="1" nickname="Ben" balance="$100.00" dealtin="true" />
		<player seat="2" nickname="Cat" balance="$100.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1338552000000" player="1" amount="1.00"/>
		<event sequence="2" type="BIG_BLIND" timestamp="1338552000100" player="2" amount="2.00"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="CALL" timestamp="1338552001000" player="0" amount="2.00"/>
		<event sequence="4" type="CALL" timestamp="1338552002000" player="1" amount="1.00"/>
		<event sequence="5" type="CHECK" timestamp="1338552003000" player="2"/>
	</round>
	<round id="POSTFLOP" sequence="3">
		<event sequence="6" type="CHECK" timestamp="1338552004000" player="1"/>
		<event sequence="7" type="BET" timestamp="1338552005000" player="2" amount="2.00"/>
		<event sequence="8" type="FOLD" timestamp="1338552006000" player="0"/>
		<event sequence="9" type="FOLD" timestamp="1338552007000" player="1"/>
		<cards type="COMMUNITY" cards="2d,7c,9h"/>
	</round>
	<round id="END_OF_FOLDED_GAME" sequence="4">
		<winner amount="8.00" uncalled="false" potnumber="1" player="2" pottype="n"/>
	</round>
	<round id="END_OF_GAME" sequence="5">
	</round>
</game>
"""


def test_blinds_above_the_headers_stakes_are_the_hands_own_not_a_post_both() -> None:
    # Written by hand in Merge's layout: "No Limit ($0.50/$1)" over posts of 1.00 and 2.00.
    # Cat's 2.00 is the big blind Ann calls (not a 1.00 big blind with 1.00 dead); the bet
    # rules abstain, the header saying nothing of this hand's stakes. Pot 6.00, Cat's flop
    # bet of 2.00 uncalled (inside his 8.00).
    import hhaudit

    r = hhaudit.audit(HEADER_NOT_THE_POSTS)
    assert r.findings.empty, r.findings[["rule", "message"]].to_string()
    assert list(r.hands.iloc[0]["not_judged"]) == ["the blinds posted are not the header's stakes (bet_size, min_raise, reopen, pot_limit, fixed_limit, action_order)"]
    assert r.pots["amount"].tolist() == [600]


RABBIT_HUNT = """\
<description type="Holdem" stakes="No Limit ($1/$2)"/>
<game id="70000002-7" starttime="20120601120500" numholecards="2" gametype="2" seats="6" realmoney="true" data="20120601|Testville (70000002)|70000002|70000002-7|false">
	<players dealer="0">
		<player seat="0" nickname="Ann" balance="$200.00" dealtin="true" />
		<player seat="1" nickname="Ben" balance="$200.00" dealtin="true" />
		<player seat="2" nickname="Cat" balance="$200.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1338552300000" player="1" amount="1.00"/>
		<event sequence="2" type="BIG_BLIND" timestamp="1338552300100" player="2" amount="2.00"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="RAISE" timestamp="1338552301000" player="0" amount="6.00"/>
		<event sequence="4" type="FOLD" timestamp="1338552302000" player="1"/>
		<event sequence="5" type="FOLD" timestamp="1338552303000" player="2"/>
	</round>
	<round id="END_OF_FOLDED_GAME" sequence="3">
		<event sequence="6" type="RABBIT" timestamp="1338552304000" player="0" text="Ah,Kd"/>
		<cards type="COMMUNITY" cards="2c,7d,9h,Js,3s"/>
		<cards type="SHOWN" cards="Ah,Kd" player="0"/>
		<winner amount="9.00" uncalled="false" potnumber="1" player="0" pottype="n"/>
	</round>
	<round id="END_OF_GAME" sequence="4">
	</round>
</game>
"""


def test_rabbit_hunting_after_a_folded_hand_changes_nothing() -> None:
    # Written by hand in Merge's layout: Ann raises to 6.00, both blinds fold; once the hand
    # is over she rabbit-hunts (RABBIT) and the site deals the board that would have come
    # in END_OF_FOLDED_GAME. That board is no street of the hand; the 9.00 she takes holds
    # her 4.00 nobody called: a pot of 5.00.
    import hhaudit
    from hhaudit.parsing import parse

    (h,) = list(parse(RABBIT_HUNT))
    assert not h.unknown_lines
    assert not [e for e in h.events if isinstance(e, StreetEvent)]
    r = hhaudit.audit(RABBIT_HUNT, extend_select=["PA04"])
    assert r.findings.empty, r.findings[["rule", "message"]].to_string()
    assert list(r.hands.iloc[0]["not_judged"]) == []
    assert r.pots["amount"].tolist() == [500]
