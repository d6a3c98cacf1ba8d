"""iPoker XML: pinned values read by hand from real hands, and the whole corpus parses."""

from __future__ import annotations

import pytest
from _site_corpus import findings, reviewed
from xmlcorpus import check_corpus, hand

import hhaudit
from hhaudit.engine.auditor import Auditor
from hhaudit.formats._xml import amount
from hhaudit.model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    Limit,
    Post,
    PostEvent,
    ShowEvent,
    Status,
    StreetEvent,
)
from hhaudit.parsing import parse

SITE = "iPoker (XML)"


def acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def test_every_corpus_hand_parses() -> None:
    check_corpus(SITE, "ipoker")


def test_amounts_in_every_locale() -> None:
    assert amount("1 480", 0) == 1480
    assert amount("368,55", 2) == 36855
    assert amount("0,05€", 2) == 5
    assert amount("£6.50", 2) == 650
    assert amount("141,301.13", 2) == 14130113
    assert amount("21,127", 0) == 21127
    assert amount("RSD8", 2) == 800
    assert amount("$2,473.97", 2) == 247397


def test_cash_hand_raise_to_all_in_call_and_uncalled_in_win() -> None:
    h = hand("cash/iPoker/Flop/NLHE-GBP-0.05-0.10-201307.uncalled.2nd.winner.xml", "4988874195")
    assert h.status is Status.AUDITED
    assert (h.site, h.game, h.limit, h.kind, h.currency, h.scale) == ("iPoker", "NLHE", Limit.NO_LIMIT, "cash", "GBP", 2)
    assert (h.sb, h.bb, h.button_seat, h.table_name) == (5, 10, 10, "Gelofo, 754744691")
    assert [(s.seat, s.player, s.stack) for s in h.seats][:3] == [(1, "Certusjr", 1066), (3, "SudenUniMC", 1000), (5, "gortaleva", 722)]
    assert [s.player for s in h.seats if s.sitting_out] == ["RotozeyIV"]
    posts = [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("Certusjr", Post.SMALL_BLIND, 5), ("SudenUniMC", Post.BIG_BLIND, 10)]
    # the site lists actions grouped by player; `no` gives the order
    assert acts(h) == [
        ("gortaleva", Act.RAISE, None, 40, False),
        ("P0k3rkIng2k", Act.RAISE, None, 120, False),
        ("TtheFish", Act.FOLD, None, None, False),
        ("Certusjr", Act.FOLD, None, None, False),
        ("SudenUniMC", Act.FOLD, None, None, False),
        ("gortaleva", Act.RAISE, None, 650, False),
        ("P0k3rkIng2k", Act.CALL, 484, None, True),  # type 7: all-in for 4.84 more
    ]
    deal = [e for e in h.events if isinstance(e, DealEvent)]
    assert [(d.player, d.cards) for d in deal] == [("gortaleva", ("Ac", "Qh"))]
    boards = [e.board for e in h.events if isinstance(e, StreetEvent)]
    assert boards[-1] == ("5d", "7c", "9d", "Jd", "Qd")
    shows = {e.player: e.cards for e in h.events if isinstance(e, ShowEvent)}
    assert shows == {"gortaleva": ("Ac", "Qh"), "P0k3rkIng2k": ("Kd", "Ks")}
    # win="£0.46" of gortaleva is his uncalled 6.50 - 6.04: no collection
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("P0k3rkIng2k", 1142)]
    assert h.implicit_uncalled
    assert h.summary.rake == 1223 - 1142


def test_decimal_comma_format_2022() -> None:
    h = hand("cash/iPoker/Flop/NLHE-6max-EUR-0.05-0.10-202210.new.format.txt", "6170875590")
    assert (h.currency, h.scale, h.sb, h.bb, h.button_seat, h.max_seats) == ("EUR", 2, 5, 10, 3, 6)
    assert [(s.player, s.stack) for s in h.seats if s.player == "Hero"] == [("Hero", 1217)]
    a = acts(h)
    assert a[3:] == [
        ("Hero", Act.RAISE, None, 30, False), ("Player1", Act.FOLD, None, None, False),
        ("Player2", Act.CALL, 20, None, False),
        ("Player2", Act.BET, 30, None, False), ("Hero", Act.CALL, 30, None, False),
        ("Player2", Act.BET, 60, None, False), ("Hero", Act.CALL, 60, None, False),
        ("Player2", Act.BET, 60, None, False), ("Hero", Act.RAISE, None, 240, False),
        ("Player2", Act.CALL, 180, None, False),
    ]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player2", 677)]
    assert h.summary.rake == 725 - 677


def test_fixed_limit_flat_format_raise_as_chips_put_in() -> None:
    h = hand("cash/iPoker/Flop/LHE-HU-USD-20-40-201103.flat.format.txt", "2686565878")
    assert (h.game, h.sb, h.bb, h.small_bet, h.big_bet) == ("FLHE", 1000, 2000, 2000, 4000)
    assert acts(h) == [
        ("Hero", Act.RAISE, None, 4000, False),  # type 6, sum $30 put in over the $10 blind
        ("Player0", Act.CALL, 2000, None, False),
        ("Player0", Act.CHECK, None, None, False),
        ("Hero", Act.BET, 2000, None, False),
        ("Player0", Act.FOLD, None, None, False),
    ]
    # win $99 includes the uncalled $20 bet: 80 pot, 1 rake
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Hero", 7900)]
    assert h.summary.rake == 100


def test_tournament_antes_fractional_chips_and_all_in_raise() -> None:
    h = hand("tour/iPoker/Flop/NLHE-USD-MTT-5r-201112.Sample.xml", "3869611627")
    assert (h.kind, h.currency, h.scale, h.game) == ("tournament", "", 0, "NLHE")
    posts = [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)]
    assert len([p for p in posts if p[1] is Post.ANTE]) == 9 and h.ante == 100
    assert ("mli555", Post.SMALL_BLIND, 350) in posts and ("skyjack111", Post.BIG_BLIND, 700) in posts
    tail = acts(h)[-4:]
    assert tail == [
        ("Bazikuri", Act.BET, 2100, None, False),
        ("farfalla", Act.RAISE, None, 26505, True),
        ("skyjack111", Act.FOLD, None, None, False),
        ("Bazikuri", Act.FOLD, None, None, False),
    ]
    # win 34,055 less the uncalled 28,005 - 3,600
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("farfalla", 9650)]
    assert h.summary.rake is None
    frac = hand("tour/iPoker/Flop/NLHE-USD-MTT-5r-201112.Sample.xml", "3869858281")
    assert frac.scale == 2 and any(s.stack == 14130113 for s in frac.seats)


def test_file_cut_before_the_last_end_tag_still_reads() -> None:
    h = hand("cash/iPoker/Flop/LHE-USD-5-10-201204.post.both.txt", "3232378938")
    assert h.status is Status.AUDITED
    dead = [e for e in h.events if isinstance(e, PostEvent) and e.kind is Post.DEAD]
    assert [(e.amount, e.dead) for e in dead] == [(500, 250)]  # $7.50 = big blind + dead small


def test_malformed_hand_is_a_parse_error_and_the_next_hand_reads() -> None:
    text = """<session sessioncode="1">
<general><mode>real</mode><gametype>Holdem NL $1/$2</gametype><tablename>T, 1</tablename>
<currency>USD</currency><nickname>Hero</nickname></general>
<game gamecode="11"><general><startdate>2011-01-01 10:00:00</startdate><players>
<player seat="1" name="Hero" chips="$200" dealer="1" win="$0" bet="$1"/>
<player seat="2" name="V" chips="$200" dealer="0" win="$3" bet="$2"/>
</players></general>
<round no="0"><action no="1" player="Hero" type="1" sum="$1"/><action no="2" player="V" type="2" sum="$2"></round>
</game>
<game gamecode="12"><general><startdate>2011-01-01 10:01:00</startdate><players>
<player seat="1" name="Hero" chips="$199" dealer="0" win="$3" bet="$2"/>
<player seat="2" name="V" chips="$201" dealer="1" win="$0" bet="$1"/>
</players></general>
<round no="0"><action no="1" player="V" type="1" sum="$1"/><action no="2" player="Hero" type="2" sum="$2"/></round>
<round no="1"><cards type="Pocket" player="Hero">HA S10</cards><action no="3" player="V" type="0" sum="$0"/></round>
</game>
</session>
"""
    hands = list(parse(text))
    assert [h.hand_id for h in hands] == ["11", "12"]
    bad, good = hands
    assert bad.status is Status.PARSE_ERROR and bad.problem is not None and bad.problem.line == 8
    assert good.status is Status.AUDITED and good.sb == 100 and good.bb == 200
    assert [(e.player, e.cards) for e in good.events if isinstance(e, DealEvent)] == [("Hero", ("Ah", "Ts"))]


def test_six_plus_holdem_is_unsupported() -> None:
    h = hand("cash/iPoker/Flop/6+Holdem-EUR-0.25-0.50-201702.txt", "7423436714")
    assert h.status is Status.UNSUPPORTED_GAME


def test_post_both_dead_small_blind_is_not_part_of_the_uncalled_bet() -> None:
    # Player2 posts 7.50 = the 5 big blind live + the 2.50 small blind dead; Hero raises to
    # 10 and all fold: 5 of Hero's 10 is unmatched (the dead 2.50 matches nothing), so his
    # win of 25 is the 20 pot (2.50 + 5 + 7.50 + 5) and the 5 returned
    h = hand("cash/iPoker/Flop/LHE-USD-5-10-201204.post.both.txt", "3232378938")
    assert [(e.player, e.kind, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)] == [
        ("Player0", Post.SMALL_BLIND, 250, 0), ("Player1", Post.BIG_BLIND, 500, 0),
        ("Player2", Post.DEAD, 500, 250)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Hero", 2000)]
    assert h.summary.rake == 0
    assert not Auditor("online").audit(h).findings
    # Player8 posts 0.30 (0.20 live + 0.10 dead), checks the big blind's option, calls the
    # turn bet: both have 0.60 live in, nothing is unmatched; the 1.40 pot pays 1.33, rake 0.07
    h = hand("cash/iPoker/Flop/NLHE-USD-0.10-0.20.201112.post.both.txt", "3056022611")
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player6", 133)]
    assert h.summary.rake == 7
    assert not Auditor("online").audit(h).findings


def test_findings_are_the_reviewed_ones() -> None:
    assert findings(SITE) == reviewed("ipoker")


def test_rebuy_and_addon_flags_do_not_mark_the_hand_the_chips_come_in() -> None:
    """Why iPoker's rebuy="1" / addon="1" (the hero's only, no amount) are not chips brought:
    in this tournament the hero's seven flagged hands all start where the last hand ended
    (compared in cents: the file writes "1,500" and "1,500.00"), and the two hands where chips
    came, the rebuy after a bust (0 -> 1,500.00 at 3869388200) and the add-on (+2,000.00 for
    every player at 3869434500), are not flagged: the flag is on the hand after each. If a
    layout ever flags the hand the chips come in, this fails and the flags can be read."""
    import re

    from xmlcorpus import CORPUS

    import hhaudit

    path = (CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/tour/iPoker/Flop"
            / "NLHE-USD-MTT-5r-201112.Sample.xml")
    if not path.is_file():
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    text = path.read_text(encoding="utf-8")
    flagged = {g for g, body in re.findall(r'<game gamecode="(\d+)"(.*?)</game>', text, re.DOTALL)
               if re.search(r'name="Hero"[^>]*rebuy="0" addon="0"', body) is None}
    assert flagged == {"3869341870", "3869372100", "3869388300", "3869434600", "3869572756",
                       "3869734998", "3869863840"}
    t = hhaudit.audit([str(path)])
    scale = dict(zip(t.hands["hand_id"], t.hands["scale"]))
    s = t.seats[t.seats["player"] == "Hero"]
    came: dict[str, int] = {}
    last = None
    for h, stack, net, added in zip(s["hand_id"], s["stack_start"], s["net"], s["added"]):
        unit = 10 ** (2 - int(scale[h]))
        assert added == 0
        if last is not None and stack * unit != last:
            came[str(h)] = int(stack * unit - last)
        last = (stack + net) * unit
    # 3869734998 starts 240.00 below the last end and 3869735050 240.00 above: every
    # player of the table the same (the reviewed SE05s), not the hero's chips
    assert {h: c for h, c in came.items() if h not in ("3869734998", "3869735050")} == {
        "3869388200": 150000, "3869434500": 200000}
    assert not (set(came) - {"3869734998", "3869735050"}) & flagged


def test_an_unknown_action_type_is_named_and_the_hand_kept_but_not_judged() -> None:
    # A walk written by hand in iPoker's layout: V posts $1, Hero $2, V folds; Hero wins $3.
    # Between them an action type no iPoker client here writes (99): it may carry chips, so
    # the hand is read (not a parse error), the type is named, and the rules abstain.
    text = """<session sessioncode="1">
<general><mode>real</mode><gametype>Holdem NL $1/$2</gametype><tablename>T, 1</tablename>
<currency>USD</currency><nickname>Hero</nickname></general>
<game gamecode="12"><general><startdate>2011-01-01 10:01:00</startdate><players>
<player seat="1" name="Hero" chips="$199" dealer="0" win="$3" bet="$2"/>
<player seat="2" name="V" chips="$201" dealer="1" win="$0" bet="$1"/>
</players></general>
<round no="0"><action no="1" player="V" type="1" sum="$1"/><action no="2" player="Hero" type="2" sum="$2"/></round>
<round no="1"><cards type="Pocket" player="Hero">HA S10</cards><action no="3" player="V" type="99" sum="$0"/>
<action no="4" player="V" type="0" sum="$0"/></round>
</game>
</session>
"""
    (h,) = parse(text)
    assert h.status is Status.AUDITED
    assert [(u.line, u.text, u.matters) for u in h.unknown_lines] == [
        (9, '<action no="3" player="V" type="99" sum="$0">', True)]
    assert [(e.player, e.act) for e in h.events if isinstance(e, ActionEvent)] == [("V", Act.FOLD)]
    r = hhaudit.audit(text, extend_select=["PA04"])
    assert r.findings["rule"].tolist() == ["PA04"]
    assert "not judged" in r.findings["message"].iloc[0]


UNNAMED_FIVE_CARD = """\
<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="4049290001">
 <general>
  <client_version>21.1.1.9</client_version>
  <mode>real</mode>
  <gametype>PL €0.05/€0.10</gametype>
  <tablename>100BB Testville 11, 488780001</tablename>
  <tablecurrency>EUR</tablecurrency>
  <startdate>18.05.2021 18:26:13</startdate>
  <currency>EUR</currency>
  <nickname>Hero</nickname>
 </general>
 <game gamecode="3595390001">
  <general>
   <startdate>18.05.2021 18:26:20</startdate>
   <players>
    <player seat="1" name="Hero" chips="€10" dealer="1" win="€0" bet="€0.10" />
    <player seat="2" name="Villain" chips="€10" dealer="0" win="€0.19" bet="€0.10" />
   </players>
  </general>
  <round no="0">
   <action no="1" player="Hero" type="1" sum="€0.05" cards="" />
   <action no="2" player="Villain" type="2" sum="€0.10" cards="" />
  </round>
  <round no="1">
   <cards type="Pocket" player="Hero">S2 H7 D9 CJ C3</cards>
   <cards type="Pocket" player="Villain">X X X X X</cards>
   <action no="3" player="Hero" type="3" sum="€0.05" cards="" />
   <action no="4" player="Villain" type="4" sum="€0" cards="" />
  </round>
  <round no="2">
   <cards type="Flop" player="">SA SK SQ</cards>
   <action no="5" player="Villain" type="5" sum="€0.10" cards="" />
   <action no="6" player="Hero" type="0" sum="€0" cards="" />
  </round>
 </game>
</session>
"""


def test_unnamed_pot_limit_game_with_five_hole_cards_is_five_card_omaha() -> None:
    # A 2021 client's five-card Omaha table: "PL €0.05/€0.10", no game named, the start
    # date day first with dots. Villain's 0.10 bet is uncalled: the pot is 0.20, 0.19 paid
    # after 0.01 rake.
    (h,) = parse(UNNAMED_FIVE_CARD)
    assert (h.format, h.game, h.variant, h.hole_cards) == ("ipoker", "PLO5", "omaha", 5)
    when = h.local_time or h.started_at
    assert when is not None and (when.day, when.month, when.year) == (18, 5, 2021)
    r = hhaudit.audit(UNNAMED_FIVE_CARD)
    assert r.findings.empty, r.findings[["rule", "message"]].to_string()
    # with four hole cards the unnamed game is not guessed
    four = UNNAMED_FIVE_CARD.replace("S2 H7 D9 CJ C3", "S2 H7 D9 CJ").replace("X X X X X", "X X X X")
    (h4,) = parse(four)
    assert h4.status is Status.UNSUPPORTED_GAME


HEADER_NOT_THE_POSTS = """\
<session sessioncode="1">
<general><mode>real</mode><gametype>Holdem NL $1/$2</gametype><tablename>T, 1</tablename>
<currency>USD</currency><nickname>A</nickname></general>
<game gamecode="21"><general><startdate>2012-01-01 10:01:00</startdate><players>
<player seat="1" name="A" chips="$200" dealer="1" win="$0" bet="$4"/>
<player seat="2" name="B" chips="$200" dealer="0" win="$0" bet="$4"/>
<player seat="3" name="C" chips="$200" dealer="0" win="$16" bet="$8"/>
</players></general>
<round no="0"><action no="1" player="B" type="1" sum="$2"/><action no="2" player="C" type="2" sum="$4"/></round>
<round no="1"><cards type="Pocket" player="A">HA S10</cards><action no="3" player="A" type="3" sum="$4"/>
<cards type="Pocket" player="B">X X</cards><action no="4" player="B" type="3" sum="$2"/>
<cards type="Pocket" player="C">X X</cards><action no="5" player="C" type="4" sum="$0"/></round>
<round no="2"><cards type="Flop" player="">D2 C7 H9</cards><action no="6" player="B" type="4" sum="$0"/>
<action no="7" player="C" type="5" sum="$4"/><action no="8" player="A" type="0" sum="$0"/><action no="9" player="B" type="0" sum="$0"/></round>
</game>
</session>
"""


def test_blinds_above_the_headers_stakes_are_the_hands_own_not_a_post_both() -> None:
    # Written by hand in iPoker's layout: the header says $1/$2, B posts $2 and C $4 (a
    # test file that put another table's header on the hand). C's $4 is the big blind A and
    # B call, not a $2 big blind with $2 dead ("post both" reads a big blind above the
    # header's only when the small blind is the header's); the header cannot judge the
    # bets, so the bet-size and order rules abstain. Pot 4 + 4 + 4 = 12, C's flop bet of 4
    # uncalled (inside his win of $16 in this client).
    (h,) = parse(HEADER_NOT_THE_POSTS)
    assert [(e.player, e.kind, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)] == [
        ("B", Post.SMALL_BLIND, 200, 0), ("C", Post.BIG_BLIND, 400, 0)]
    r = hhaudit.audit(HEADER_NOT_THE_POSTS)
    assert r.findings.empty, r.findings[["rule", "message"]].to_string()
    assert list(r.hands.iloc[0]["not_judged"]) == ["the blinds posted are not the header's stakes (bet_size, min_raise, reopen, pot_limit, fixed_limit, action_order)"]
    assert r.pots["amount"].tolist() == [1200]
    # the header's own small blind: the big blind above it is a "post both", judged as ever
    own = HEADER_NOT_THE_POSTS.replace('sum="$2"/><action no="2"', 'sum="$1"/><action no="2"')
    (both,) = parse(own)
    assert [(e.kind, e.amount, e.dead) for e in both.events if isinstance(e, PostEvent)] == [
        (Post.SMALL_BLIND, 100, 0), (Post.DEAD, 200, 200)]
    assert list(hhaudit.audit(own).hands.iloc[0]["not_judged"]) == []
