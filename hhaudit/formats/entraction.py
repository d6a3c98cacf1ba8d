"""Entraction network hand histories ("Game # 2145163746 - Texas Hold'em Fixed Limit EUR
10/20 - Table "Lorient""), cash games and tournaments.

Grammar: `grammars/entraction.lark`. Points of the format:
- space-padded columns: "Hero                        Raise       (15.00)";
- every amount is the chips the action adds; "All-In (4.32)" is a bet, call or raise
  depending on what the player faces; "Payback (10.00)" returns an uncalled bet;
- games: "Texas Hold'em", "Omaha High", "5-Card Omaha High";
- blinds are "Small Blind: Hero (5.00)" lines (some hands list the big blind first),
  antes "Player0 Ante (20.00)"; "Small + Big Blind: Player2 (1.50)" is a live big blind
  and a dead small one, "Blind out of turn: X (1.00)" a big blind posted to come in;
- a street line writes the whole board ("Turn  3d - Ah - 8h - Jd"); a hand mucked at the
  showdown may be written with its cards ("didn't show hand (2c - 8c - 2d - 5c)");
- the hero's hole cards may be written with the name in lower case ("hero was dealt:");
- a name may be followed by a run of spaces before "was dealt:", "shows:", "didn't show
  hand" and "wins:" ("Hero   was dealt:  2h - 2s - Ah - As", "Player4    shows:", 2011);
- "X wins: EUR 59.25" is after the rake ("Rake: EUR 0.75"); a tournament hand has no
  currency and no rake line;
- the hand ends "Game ended 2011-03-26 13:19:18 GMT" (the time zone is written there).

Line kinds (entraction, `grammars/entraction.lark`; every line shape of the corpus's
files of this format is one of them: the corpus gives no PA04 on them):

- HEADER: `Game # <hand_id> - <game> <limit> (<cur> )<low>/<high>( and <ante> ante) - Ta...`:
  read
- OTHER_GAME: `Game # <hand_id> - <game>`: read
- PLAYERS: `Players(max <max>):`: read
- SEAT: `<player> ((<cur> )<stack> in seat <seat>)`: read
- DEALER: `Dealer: <player>`: read
- POST: `(<blind>: <player>|<player2> Ante) (<amount>)`: read
- DEALT: `<player> was dealt: <cards>`: read
- ACTION: `<player> <act>( (<amount>))`: read
- STREET: `<street> <cards>`: read
- SHOW: `<player> shows: <cards>...`: read
- NO_SHOW: `<player> didn't show hand( (<cards>))`: read
- WIN: `<player> wins: ([A-Z]{3} )<amount>( (<with>))`: read
- RAKE: `Rake: ([A-Z]{3} )<amount>`: read
- ENDED: `Game ended <date>`: read
- any other line: kept unread, a PA04 warning naming it; the hand is judged unless the line
  names a seated player first or shows a figure or a card (`common.unknown_may_matter`),
  where the rules abstain (`reads_unknown_lines`).
"""

from __future__ import annotations

import re
from typing import ClassVar

from ..model import (
    Act,
    ActionEvent,
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
from ._sitekit import Fields, SiteFormat
from .base import UnsupportedGame
from .common import cards, omaha_of, set_omaha, to_utc

_ACTS = {"Fold": Act.FOLD, "Check": Act.CHECK, "Call": Act.CALL, "Bet": Act.BET, "Raise": Act.RAISE}
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "Fixed Limit": Limit.FIXED_LIMIT,
           "Limit": Limit.FIXED_LIMIT}


class EntractionFormat(SiteFormat):
    name = "entraction"
    reads_unknown_lines = True
    sites = ("Entraction",)
    grammar = "entraction"
    description = "Entraction network (Game # N - Texas Hold'em ...)"
    start: ClassVar[re.Pattern[str]] = re.compile(r"\s*\ufeff?Game # \d+ - ")

    def seat(self, hand: Hand, player: str | None) -> int:  # type: ignore[override]
        try:
            return super().seat(hand, player)
        except ValueError:
            # "hero was dealt:" for the seated "Hero"
            matches = [s.seat for s in hand.seats if s.player.lower() == (player or "").lower()]
            if len(matches) == 1:
                return matches[0]
            raise

    def name_of(self, hand: Hand, seat: int) -> str:
        return next(s.player for s in hand.seats if s.seat == seat)

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand_id, game, limit, cur, low, high, ante, table = f
        hand.hand_id = hand_id or ""
        omaha = omaha_of(game or "")
        if omaha is not None:
            set_omaha(hand, *omaha)  # "Omaha High", "5-Card Omaha High"
        hand.table_name = table or ""
        if cur:
            hand.kind, hand.currency, hand.scale = "cash", cur, 2
        else:
            hand.kind, hand.scale = "tournament", 0
            m = re.search(r" (\d{6,}) \d+$", hand.table_name)
            hand.tournament_id = m.group(1) if m else ""
        self.set_stakes(hand, _LIMITS[limit or ""], self.amount(hand, low), self.amount(hand, high))
        if ante:
            hand.ante = self.amount(hand, ante)

    def on_OTHER_GAME(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[0] or ""
        hand.variant = (f[1] or "unknown").split(" - ")[0].lower()
        raise UnsupportedGame(f[1])

    def on_PLAYERS(self, hand: Hand, f: Fields, line: int) -> None:
        hand.max_seats = int(f[0] or 0) or None

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        self.add_seat(hand, int(f[3] or 0), f[0] or "", self.amount(hand, f[2]), False, line)

    def on_DEALER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.button_seat = self.seat(hand, f[0])

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        blind, player, player2, text = f
        seat = self.seat(hand, player or player2)
        name = self.name_of(hand, seat)
        amount = self.amount(hand, text)
        if blind is None:
            hand.ante = max(hand.ante, amount)
            kind = Post.ANTE
        elif blind == "Small + Big Blind":
            # "Small + Big Blind: Player2 (1.50)": a live big blind and a dead small one
            live = min(hand.bb, amount)
            hand.events.append(PostEvent(line, seat, name, Post.DEAD, live, amount - live))
            return
        elif blind == "Blind out of turn":
            hand.events.append(PostEvent(line, seat, name, Post.BIG_BLIND, amount))
            return
        else:
            kind = Post.SMALL_BLIND if blind == "Small Blind" else Post.BIG_BLIND
            if hand.limit is Limit.FIXED_LIMIT and kind is Post.SMALL_BLIND:
                hand.sb = amount
        event = PostEvent(line, seat, name, kind, amount)
        at = len(hand.events)
        if kind is Post.SMALL_BLIND:
            # some hands list "Big Blind:" before "Small Blind:"; the small blind goes in first
            while at and isinstance(before := hand.events[at - 1], PostEvent) and before.kind is Post.BIG_BLIND:
                at -= 1
        hand.events.insert(at, event)

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        seat = self.seat(hand, f[0])
        hand.events.append(DealEvent(line, seat, self.name_of(hand, seat), cards((f[1] or "").replace(" - ", " "))))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        verb, text = f[1] or "", f[2]
        seat = self.seat(hand, f[0])
        player = self.name_of(hand, seat)
        if verb == "Payback":
            hand.events.append(UncalledEvent(line, seat, player, self.amount(hand, text)))
        elif verb == "All-In":
            hand.events.append(self.all_in_action(hand, line, seat, player, self.amount(hand, text)))
        elif verb in ("Fold", "Check"):
            hand.events.append(ActionEvent(line, seat, player, _ACTS[verb]))
        else:
            hand.events.append(ActionEvent(line, seat, player, _ACTS[verb], amount=self.amount(hand, text)))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        # "Turn  3d - Ah - 8h - Jd": the whole board (a line with only the new card, as other
        # layouts of the site may write it, is added to the board)
        shown = cards((f[1] or "").replace(" - ", " "))
        board: tuple[str, ...] = ()
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent):
                board = e.board
                break
        if board and shown[:len(board)] == board:
            new = shown[len(board):]
        else:
            new = shown
        hand.events.append(StreetEvent(line, _STREETS[f[0] or ""], new, board + new))

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        seat = self.seat(hand, f[0])
        hand.events.append(ShowEvent(line, seat, self.name_of(hand, seat), cards((f[1] or "").replace(" - ", " "))))

    def on_NO_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        seat = self.seat(hand, f[0])
        mucked = cards((f[1] or "").replace(" - ", " "))
        hand.events.append(ShowEvent(line, seat, self.name_of(hand, seat), mucked, muck=True))

    def on_WIN(self, hand: Hand, f: Fields, line: int) -> None:
        seat = self.seat(hand, f[0])
        self.collect(hand, line, self.name_of(hand, seat), self.amount(hand, f[1]), None)

    def on_RAKE(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.rake = self.amount(hand, f[0])
        hand.summary.line = line

    def on_ENDED(self, hand: Hand, f: Fields, line: int) -> None:
        hand.started_at, hand.tz = to_utc((f[0] or "").replace("-", "/", 2))


FORMATS = [EntractionFormat()]
