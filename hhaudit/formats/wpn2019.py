"""Winning Poker Network hand histories in the layout used since 2019 ("Hand #N - Holdem(No
Limit) - $0.05/$0.10 - 2019/06/28 02:38:17 UTC"; tournaments "Game Hand #N - ... Tournament
#T - Holdem(No Limit) - Level L (sb/bb)- ..."). The older layout is `wpn.py`.

Grammar: `grammars/wpn2019.lark`. Points of the format:
- no colon after player names; "raises X to Y": `to` = Y (X is the chips added);
- "posts dead $0.07": a returning player's small and big blind together: the big blind is
  live, the rest dead; "posts dead $0.05", a missed small blind alone (less than the big
  blind), is all dead (the player then calls the whole big blind); "posts $0.10" (no kind),
  a player coming in before the big blind reaches them, is a live big blind;
- "caps $0.55" on capped tables: the chips put in; a bet, call or raise depending on what the
  player faces, and all-in for the rest of the hand (a capped player can put in no more);
- tournament chips are printed with two zero decimals ("posts ante 65.00") and read whole;
- a pot won without a showdown has no "collected" line: the summary's "did not show and won
  $0.25" is the collection;
- a walk (everyone folds to the big blind) has no "Uncalled bet" line: "Total pot" and the
  big blind's "won" count the unmatched part of the big blind; it is read as returned (the
  hand's `notes` say so) and the total pot as the rest;
- "Total pot $1.19 | Rake $0.04 | JP Fee $0.02": JP Fee is the jackpot drop;
- a side pot only the bettor can win (a player all-in for less, and a folded blind above
  that) is returned with the uncalled bet and left out of "Total pot": read as the side pot
  won (`_side_pot_returned`);
- run it twice: "*** FLOP 1 ***" ... "*** SHOW DOWN 2 ***" (runs 1/2), "collected $x from main
  pot 1", "Board 1 [...]".
- "Seat 2: Flat will be allowed to play after the button": a seated player waiting to come
  in: no stack, not dealt in; "X waits for big blind" changes nothing;
- "X shows [7d -]": a folded player shows one card (recorded, no showdown).
Every line kind the site writes is listed in docs/formats/wpn2019.md; a line of none of them
is kept as a PA04 warning (`reads_unknown_lines`), the hand judged unless the line may carry
an action, an amount or cards. Stud and other games are unsupported.
"""

from __future__ import annotations

import re
from typing import ClassVar

from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from ..money import currency_of
from ._settle import contributions, split_returned, unmatched
from ._sitekit import Fields, SiteFormat
from .base import UnsupportedGame
from .common import ACT_VERBS, STREET_NAMES, bracketed_board, cards, omaha_of, set_omaha, to_utc

_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "Limit": Limit.FIXED_LIMIT,
           "Fixed Limit": Limit.FIXED_LIMIT}
_WON = re.compile(r" won (\S*\d\S*)")
_POSTS = {"the small blind": Post.SMALL_BLIND, "the big blind": Post.BIG_BLIND, "ante": Post.ANTE,
          "straddle": Post.STRADDLE}


class WPN2019Format(SiteFormat):
    name = "wpn2019"
    sites = ("WPN/ACR",)
    grammar = "wpn2019"
    description = "Winning Poker Network, layout since 2019 ('Hand #N - Holdem(No Limit) - ...')"
    reads_unknown_lines = True
    start: ClassVar[re.Pattern[str]] = re.compile(
        r"\s*\ufeff?(?:Game )?Hand #\d+ - (?:.*Tournament #\d+ - )?[A-Za-z0-9'/ ]+\([A-Za-z ]+\) - ")

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand_id, _tname, tid, game, lsb, lbb, sb, bb, date = f
        hand.hand_id = hand_id or ""
        hand.started_at, hand.tz = to_utc(date or "")
        m = re.fullmatch(r"(?P<game>.+?)\((?P<limit>[^()]+)\)", game or "")
        if tid:
            hand.kind, hand.tournament_id, hand.scale = "tournament", tid, 0
        else:
            hand.kind, hand.scale = "cash", 2
            hand.currency = currency_of(sb or "") or "USD"
        name = m.group("game").strip() if m is not None else ""
        omaha = omaha_of(name) if name != "Holdem" else None
        if m is None or (name != "Holdem" and omaha is None) or m.group("limit") not in _LIMITS:
            hand.variant = (game or "unknown").lower()
            raise UnsupportedGame(game)
        if omaha is not None:
            set_omaha(hand, *omaha)  # "Omaha H/L(Pot Limit)", "5Card Omaha Reshuffle (Pot Limit)"
        low, high = (lsb, lbb) if tid else (sb, bb)
        self.set_stakes(hand, _LIMITS[m.group("limit")], self.amount(hand, low), self.amount(hand, high))

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.table_name = f[0] if f[0] is not None else (f[1] or "")
        hand.max_seats = int(f[2]) if f[2] else None
        hand.button_seat = int(f[3]) if f[3] else None

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        out = "sitting out" in (f[3] or "")
        self.add_seat(hand, int(f[0] or 0), f[1] or "", self.amount(hand, f[2]), out, line)

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, amount, all_in = f[0] or "", f[1] or "", self.amount(hand, f[2]), bool(f[3])
        seat = self.seat(hand, player)
        if what in ("dead", ""):
            # "posts dead $0.15" (a returning player's blinds) and "posts $0.10" (a player
            # coming in before the big blind reaches them): up to a big blind live, the rest dead
            # "posts dead $0.05" of a small blind alone (less than a big blind): all dead,
            # the player then calls the whole big blind
            live = hand.bb if amount >= hand.bb else 0
            hand.events.append(PostEvent(line, seat, player, Post.DEAD, live, amount - live, all_in))
            return
        kind = _POSTS[what]
        if kind is Post.ANTE:
            hand.ante = max(hand.ante, amount)
        hand.events.append(PostEvent(line, seat, player, kind, amount, 0, all_in))

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        if not any(isinstance(e, PostEvent) for e in hand.events) and len(cards(f[1])) == 1:
            return  # the draw for the button, before the antes and blinds: no hole card
        hand.events.append(DealEvent(line, seat, player, cards(f[1])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, verb, a, b, all_in = f[0] or "", f[1] or "", f[2], f[3], bool(f[4])
        seat = self.seat(hand, player)
        if verb == "caps":
            added = self.amount(hand, a)
            facing, mine = self.street_bet(hand), self.committed(hand, seat)
            act = Act.BET if facing == 0 else Act.CALL if mine + added <= facing else Act.RAISE
            # a capped player can put in nothing more this hand: all-in for the betting
            hand.events.append(ActionEvent(line, seat, player, act, amount=added, all_in=True))
            return
        act = ACT_VERBS[verb]
        if act is Act.RAISE:
            if b is None:
                raise ValueError("raise without a 'to' amount")
            hand.events.append(ActionEvent(line, seat, player, act, to=self.amount(hand, b), all_in=all_in))
        elif act in (Act.CALL, Act.BET):
            hand.events.append(ActionEvent(line, seat, player, act, amount=self.amount(hand, a), all_in=all_in))
        else:
            hand.events.append(ActionEvent(line, seat, player, act))

    def on_UNCALLED(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[1] or ""
        hand.events.append(UncalledEvent(line, self.seat(hand, player), player, self.amount(hand, f[0])))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        new, board = bracketed_board(f[2] or "")
        hand.events.append(StreetEvent(line, STREET_NAMES[f[0] or ""], new, board, int(f[1] or 0)))

    def on_SHOWDOWN(self, hand: Hand, f: Fields, line: int) -> None:
        hand.events.append(StreetEvent(line, Street.SHOWDOWN, (), (), int(f[0] or 0)))

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        shown = (f[1] or "").split()
        if "-" in shown:
            # "shows [7d -]": a player who folded shows one card; the other stays hidden
            hand.reveal(seat, cards(" ".join(c for c in shown if c != "-")), "shows", line)
            return
        hand.events.append(ShowEvent(line, seat, player, cards(f[1])))

    def on_MUCK(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, cards(f[1]), muck=True))

    def on_COLLECT(self, hand: Hand, f: Fields, line: int) -> None:
        player, text, pot, side = f[0] or "", f[1], f[2] or "", f[3]
        number = None if pot == "pot" else 0 if pot.startswith("main pot") else int(side or 1)
        self.collect(hand, line, player, self.amount(hand, text), number)

    def on_TOTAL_POT(self, hand: Hand, f: Fields, line: int) -> None:
        s = hand.summary
        s.line = line
        s.total_pot = self.amount(hand, f[0])
        s.rake = self.amount(hand, f[1]) if f[1] else 0
        if f[2]:
            s.jackpot = self.amount(hand, f[2])

    def on_SUMMARY_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        """A pot won without a showdown is written only here ("Seat 5: Player3 did not show
        and won $0.25"); a showdown win repeats the body's "collected" line and is skipped."""
        m = _WON.search(f[1] or "")
        if m is None:
            return
        seat = int(f[0] or 0)
        if any(isinstance(e, CollectEvent) and e.seat == seat for e in hand.events):
            return
        player = next((x.player for x in hand.seats if x.seat == seat), None)
        if player is None:
            raise ValueError(f"seat {seat} is not at this table")
        self.collect(hand, line, player, self.amount(hand, m.group(1)), None)

    def on_BOARD(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.boards.append(cards(f[0]))

    def finish(self, hand: Hand) -> None:
        returned = split_returned(hand)
        if returned:
            # a walk: no "Uncalled bet" line, the big blind's unmatched part counted in the
            # "Total pot" and in the winner's "won": the pot is the rest
            if hand.summary.total_pot is not None:
                hand.summary.total_pot -= returned
            hand.notes.append(f"the unmatched {returned} units the log counts in the total pot and the "
                              "win, with no uncalled-bet line, are read as returned to their owner")
        side = _side_pot_returned(hand)
        if side:
            hand.notes.append(f"the {side} units of a side pot only the bettor could win, which the log "
                              "returns with the uncalled bet, are read as that side pot won")
        seen = {e.seat for e in hand.events if isinstance(e, (PostEvent, ActionEvent))}
        for s in hand.seats:
            if s.sitting_out and s.seat in seen:
                s.sitting_out = False


def _side_pot_returned(hand: Hand) -> int:
    """WPN returns as "uncalled" every chip of the bettor's above what a player still in the
    hand can match, and with them the chips folded players put in above that level: a side
    pot only the bettor can win. 120000 raised, an all-in call of 24776 and a folded big
    blind of 40000: "Uncalled bet (110448.00)" (95224 of the bettor's and 15224 of the big
    blind's), "Total pot 139552" (without the bettor's 95224). Read as 80000 returned (what
    nobody matched) and a side pot of 30448 won, the total pot the whole 154776. Returns the
    side pot (0 when the hand is not of that shape)."""
    back = [e for e in hand.events if isinstance(e, UncalledEvent)]
    if len(back) != 1:
        return 0
    ret = back[0]
    total, live = contributions(hand)
    top, excess = unmatched(live)
    if top != ret.seat or ret.amount <= excess:
        return 0
    folded = {e.seat for e in hand.events if isinstance(e, ActionEvent) and e.act is Act.FOLD}
    level = max((v for k, v in live.items() if k != top and k not in folded), default=0)
    above = live[top] - level
    dead = sum(v - level for k, v in live.items() if k in folded and v > level)
    if ret.amount != above + dead:
        return 0
    side = ret.amount - excess
    # the summary's "won 44052" of a bettor who lost the main pot: the folded players' part
    # of that side pot, which the side pot read here pays
    hand.events = [e for e in hand.events if not (isinstance(e, CollectEvent) and e.seat == top
                                                  and e.amount == dead and e.line > hand.summary.line)]
    i = hand.events.index(ret)
    hand.events[i] = UncalledEvent(ret.line, ret.seat, ret.player, excess)
    hand.events.append(CollectEvent(ret.line, ret.seat, ret.player, side, 1))
    s = hand.summary
    if s.total_pot is not None and s.total_pot == sum(total.values()) - above:
        s.total_pot = sum(total.values()) - excess
    return side


FORMATS = [WPN2019Format()]
