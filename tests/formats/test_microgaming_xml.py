"""Microgaming XML: pinned values read by hand from real hands (checked against each seat's
`endbalance`), the whole corpus parses, and the findings are the reviewed ones
(tests/reviewed/microgaming_xml.tsv)."""

from __future__ import annotations

from hhaudit.model import (
    Act, ActionEvent, CollectEvent, DealEvent, Post, PostEvent, ShowEvent, Status, StreetEvent,
)

from _site_corpus import findings, reviewed
from xmlcorpus import check_corpus, hand

SITE = "Microgaming (XML)"


def acts(h):
    return [(e.player, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]


def collects(h):
    return [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)]


def test_every_corpus_hand_parses() -> None:
    check_corpus(SITE, "microgaming_xml")


def test_call_is_street_total_raise_is_raise_to_all_in_is_chips_put_in() -> None:
    h = hand("cash/Microgaming/Flop/NLHE-EUR-0.05-0.10-2011011.multi.allin.txt", "4152594215")
    assert h.status is Status.AUDITED
    assert (h.site, h.game, h.kind, h.currency, h.scale, h.sb, h.bb, h.button_seat) == (
        "Microgaming", "NLHE", "cash", "EUR", 2, 5, 10, 3)
    assert [s.player for s in h.seats if s.sitting_out] == ["Player0", "Player1"]
    assert [(e.player, e.cards) for e in h.events if isinstance(e, DealEvent)] == [("Hero", ("2d", "2h"))]
    assert acts(h) == [
        ("Player4", Act.RAISE, None, 20, False),
        ("Player2", Act.FOLD, None, None, False),
        ("Player3", Act.FOLD, None, None, False),
        ("Hero", Act.CALL, 10, None, False),  # Call 0.20 from the big blind
        ("Hero", Act.BET, 30, None, False),
        ("Player4", Act.CALL, 30, None, False),
        ("Hero", Act.BET, 80, None, False),
        ("Player4", Act.RAISE, None, 160, False),
        ("Hero", Act.RAISE, None, 480, False),
        ("Player4", Act.RAISE, None, 1607, True),  # AllIn 14.47 put in over 1.60
        ("Hero", Act.CALL, 546, None, True),  # AllIn 5.46: his last chips
    ]
    assert [e.board for e in h.events if isinstance(e, StreetEvent)][2] == ("As", "Ts", "2c", "Kc", "Qh")
    shows = [(e.player, e.cards, e.muck) for e in h.events if isinstance(e, ShowEvent)]
    assert shows == [("Hero", ("2d", "2h"), False), ("Player4", ("Kd", "Ac"), True)]
    # 10.76 x 2 + 0.05 = 21.57, less 1.07 rake: Hero's endbalance 20.50
    assert collects(h) == [("Hero", 2050)] and h.summary.rake == 107


def test_posted_to_play_with_dead_small_blind_and_win_including_the_uncalled_bet() -> None:
    h = hand("cash/Microgaming/Flop/NLHE-0.05-0.10-201111.posted.to.play.txt", "4160087729")
    # player1's endbalance is 0.15 lower: the big blind posted and a dead small blind
    assert [(e.player, e.kind, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)] == [
        ("hero", Post.SMALL_BLIND, 5, 0), ("player4", Post.BIG_BLIND, 10, 0), ("player1", Post.DEAD, 10, 5)]
    # Win 0.39 = 0.30 pot - 0.01 rake + player4's uncalled 0.10 bet
    assert collects(h) == [("player4", 29)] and h.summary.rake == 1


def test_posted_to_play_big_blind_walk_and_dead_small_blind() -> None:
    w = hand("cash/Microgaming/Flop/NLHE-0.10-0.20-201111.Walk.in.second.bb.txt", "4155596174")
    assert [(e.player, e.kind, e.amount) for e in w.events if isinstance(e, PostEvent)][2] == ("Player1", Post.BIG_BLIND, 20)
    assert collects(w) == [("Player1", 50)]
    d = hand("cash/Microgaming/Flop/PLO-EUR-0.05-0.10-201208.v2.secondsb.txt", "4519810163")
    assert d.variant == "holdem" and d.status is Status.AUDITED  # named PLO, a Hold'em hand
    # Hero's 0.10 out of position is live (test_posted_to_play_short_of_the_big_blind_is_live);
    # here he folds at once, so the pot is the same either way
    assert [(e.player, e.kind, e.amount, e.dead) for e in d.events if isinstance(e, PostEvent)][2] == ("Hero", Post.DEAD, 10, 0)
    # Win 0.40 holds the big blind's own unmatched 0.10 (endbalance +0.20): 0.30 is the pot
    assert collects(d) == [("Player1", 30)]


def test_uncalled_all_in_not_in_the_win_and_tournament_chips() -> None:
    h = hand("cash/Microgaming/Flop/NLHE-EUR-1.00-2.00-200911.2allins.txt", "2979859578")
    assert h.currency == "USD"
    assert acts(h)[1] == ("Player3", Act.RAISE, None, 1765, True)
    assert acts(h)[4] == ("Player0", Act.RAISE, None, 4360, True)  # SB 1.00 + AllIn 42.60
    assert collects(h) == [("Player0", 3544)] and h.summary.rake == 186
    t = hand("tour/Microgaming/Flop/NLHE-Freeroll-MTT-201112.txt", "4214232887")
    assert (t.kind, t.scale, t.sb, t.bb, t.tournament_id, t.button_seat) == ("tournament", 0, 50, 100, "4685921", 7)
    assert not any(s.sitting_out for s in t.seats if s.player == "Hero")  # dealt in and folds
    assert acts(t)[3:] == [
        ("Player1", Act.CALL, 100, None, False),
        ("Player2", Act.RAISE, None, 5825, True),
        ("Player3", Act.FOLD, None, None, False),
        ("Player4", Act.FOLD, None, None, False),
        ("Player5", Act.CALL, 2705, None, True),
        ("Player6", Act.FOLD, None, None, False),
        ("Player1", Act.FOLD, None, None, False),
    ]
    assert collects(t) == [("Player2", 5710)] and t.summary.rake is None


def test_findings_are_the_reviewed_ones() -> None:
    assert findings(SITE) == reviewed("microgaming_xml")


SHORT_POST_V5 = """\
<Game hhversion="5" id="5900000101" date="2016-02-10 21:00:00" tablename="Breeze - €1K Max" stakes="5|10" betlimit="PL" tabletype="Cash Game" gametypeid="50" gametype="Omaha" realmoney="true" currencysymbol="rCA=" playerseat="0" betamount="0" istournament="0" tablesize="6" rake="0">
<Seats>
<Seat num="1" alias="Ann" balance="100.00" endbalance="65.00" dealer="true" />
<Seat num="2" alias="Ben" balance="100.00" endbalance="95.00" />
<Seat num="3" alias="Cat" balance="100.00" endbalance="175.00" />
<Seat num="4" alias="Dan" balance="100.00" endbalance="65.00" />
</Seats>
<Gameplay>
<Action seq="1" type="SmallBlind" seat="2" value="5.00" />
<Action seq="2" type="BigBlind" seat="3" value="10.00" />
<Action seq="3" type="PostedToPlay" seat="4" value="5.00" />
<Action seq="4" type="Raise" seat="4" value="30.00" />
<Action seq="5" type="Call" seat="1" value="35.00" />
<Action seq="6" type="Fold" seat="2" />
<Action seq="7" type="Call" seat="3" value="25.00" />
<Action seq="8" type="DealFlop">
<Card value="7" suit="c" id="19" />
<Card value="2" suit="s" id="1" />
<Card value="10" suit="h" id="48" />
</Action>
<Action seq="9" type="Bet" seat="3" value="50.00" />
<Action seq="10" type="Fold" seat="4" />
<Action seq="11" type="Fold" seat="1" />
<Action seq="12" type="MoneyReturned" seat="3" value="50.00" />
<Action type="Win">
<Seat num="3" amount="110.00" pot="0" type="" lowhandwin="0" />
</Action>
</Gameplay>
</Game>
"""


def test_posted_to_play_short_of_the_big_blind_is_live() -> None:
    # Dan posts 5.00 out of position and raises 30.00 onto it: 35, which Ann calls with 35.00
    # and the big blind with 25.00 more (every endbalance agrees): Ben's 5 + 3 x 35 = 110.
    import hhaudit

    r = hhaudit.audit(SHORT_POST_V5)
    assert r.hands.iloc[0]["status"] == "audited"
    assert r.findings.empty, r.findings[["rule", "message"]].to_string()
    seats = r.seats.set_index("player")
    assert [seats.loc[p, "contributed"] for p in ("Ann", "Ben", "Cat", "Dan")] == [3500, 500, 3500, 3500]
    assert r.pots["amount"].tolist() == [11000]


EMPTY_END_BALANCE = """\
<Game hhversion="5" id="5900000102" date="2016-01-01 22:00:00" unicodetablename="" tablename="Breeze" stakes="10|20" betlimit="NL" tabletype="Cash Game" unicodetabletype="" gametypeid="1" gametype="Hold&apos;em" realmoney="true" currencysymbol="rCA=" playerseat="2" betamount="0" istournament="0" tablesize="6" rake="0">
   <Seats>
      <Seat num="1" alias="Ann" unicodealias="" balance="500.00" endbalance="" dealer="true"/>
      <Seat num="2" alias="Ben" unicodealias="" balance="500.00" endbalance=""/>
      <Seat num="3" alias="Cat" unicodealias="" balance="500.00" endbalance=""/>
   </Seats>
   <Gameplay>
      <Action seq="1" type="SmallBlind" seat="2" value="10.00"/>
      <Action seq="2" type="BigBlind" seat="3" value="20.00"/>
      <Action seq="3" type="Raise" seat="1" value="60.00"/>
      <Action seq="4" type="Fold" seat="2"/>
      <Action seq="5" type="Fold" seat="3"/>
      <Action seq="6" type="MoneyReturned" seat="1" value="40.00"/>
      <Action type="Win">
         <Seat num="1" amount="50.00" pot="0" type="" lowhandwin="0"/>
      </Action>
   </Gameplay>
</Game>
"""


def test_an_empty_end_balance_is_not_known() -> None:
    # endbalance="" (no number) reads as an end stack not written, not as a malformed amount
    import hhaudit

    r = hhaudit.audit(EMPTY_END_BALANCE)
    assert r.hands.iloc[0]["status"] == "audited"
    assert r.findings.empty, r.findings[["rule", "message"]].to_string()
    assert r.pots["amount"].tolist() == [5000]


HEADER_NOT_THE_POSTS = """\
<Game hhversion="4" id="7000000001" date="2013-05-01 12:00:00" tablename="Testtafel - €200 Max" stakes="2|4" betlimit="NL" tabletype="Cash Game" gametypeid="1" gametype="Hold&apos;em" realmoney="true" currencysymbol="rCA=" playerseat="0" betamount="0" istournament="0" totalplayers="3" tablesize="6" badbeat="false" rake="0">
   <Seats>
      <Seat num="1" alias="Ann" balance="100.00" endbalance="99.50"/>
      <Seat num="2" alias="Ben" balance="100.00" endbalance="99.00"/>
      <Seat num="3" alias="Cat" balance="100.00" endbalance="101.50" dealer="true"/>
   </Seats>
   <Gameplay>
      <Action seq="1" type="SmallBlind" seat="1" value="0.50"/>
      <Action seq="2" type="BigBlind" seat="2" value="1.00"/>
      <Action seq="3" type="Raise" seat="3" value="3.00"/>
      <Action seq="4" type="Fold" seat="1"/>
      <Action seq="5" type="Fold" seat="2"/>
      <Action type="Win">
         <Seat num="3" amount="4.50" pot="0" type="" lowhandwin="0"/>
      </Action>
   </Gameplay>
</Game>
"""


def test_blinds_other_than_the_headers_stakes_make_the_bet_rules_abstain() -> None:
    # Written by hand: stakes="2|4" over blinds of 0.50 and 1.00 (a test file that put
    # another table's header on the hand). Cat's raise to 3.00 is judged by no big blind the
    # log agrees on: the bet-size and order rules abstain, the money is still audited (Cat
    # gets back his 2.00 nobody called and wins the 1.50 of blinds: endbalance 101.50).
    import hhaudit

    r = hhaudit.audit(HEADER_NOT_THE_POSTS)
    assert r.findings.empty, r.findings[["rule", "message"]].to_string()
    assert list(r.hands.iloc[0]["not_judged"]) == ["the blinds posted are not the header's stakes (bet_size, min_raise, reopen, pot_limit, fixed_limit, action_order)"]
    assert r.pots["amount"].tolist() == [250]
