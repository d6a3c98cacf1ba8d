"""888 / Pacific Poker (Cassava network) text hand histories.

Grammar: `grammars/pacific.lark`. 888 writes every amount in brackets and in the player's
locale ("1 430", "368,55", "3.000 $", "$1,728.25"; a no-break space read from a re-saved
file as "Â\u00a0" still groups thousands); a bet, call or raise is the chips the
player puts in with that action ("raises [$450]" after a $150 small blind makes $600). There
are no uncalled-bet lines, no pot or rake lines: only what each player collected.

Every line kind 888 writes (from the corpus's files of every client locale, fpdb's
PacificPokerToFpdb.py notes and the grammar; `docs/formats/pacific.md` gives examples):
`#Game No : N`, the `***** ... Hand History for Game N *****` header, the stakes line
("$0.06/$0.12 Blinds Fix Limit Holdem - *** 05 03 2014 12:00:00"), the table or tournament
line, the button, `Total number of players`, seat lines; posts (small blind, big blind, dead
blind "[0.50 + 1]", ante, "and is all-in"); `** Dealing down cards **`, `Dealt to`, actions
(folds, checks, calls, bets, raises), streets; `** Summary **`, shows, mucks (cards listed as
mucked are in play where the player is all in or 888 pays him), "did not show his hand",
"(Lo: ...)" best hands, collected. A line of none of these kinds is kept unread: a PA04
warning names it, and the hand is not judged when the line may matter (`unknown_matters`).
A hand 888 wrote without its `** Dealing down cards **` line (an observed hand) has its
betting start right after the posts: the folds before it are then folds of the betting, not
players declining their blinds (`_dealt`, `_declined`). A file that ends on a bare
`#Game No : N` line (the next hand's first line, nothing after it) holds no hand there, and a
hand whose summary has no `collected` line is cut off (a parse error that says so).
Fixed-limit big bets are taken from the hand's own turn or river bet where 888 rounds them
(`_big_bet`), and a call to the blind as posted over a short all-in big blind is read as the
chips it matches (`_over_calls`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import ClassVar

from ..chunks import HandLines
from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    Seat,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from ..money import currency_of, parse_amount
from ._sitekit import SiteFormat
from .base import Fields, LineError, LineFormat, LogIncomplete, NotSeated, UnsupportedGame
from .common import ACT_VERBS, card, game_code, omaha_of, set_omaha, to_utc

_POSTS = {"small blind": Post.SMALL_BLIND, "big blind": Post.BIG_BLIND, "ante": Post.ANTE, "the ante": Post.ANTE}
_STREETS = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}
_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "Fix Limit": Limit.FIXED_LIMIT,
           "Limit": Limit.FIXED_LIMIT}
_WHEN = re.compile(r"(?P<d>\d{2}) (?P<m>\d{2}) (?P<y>\d{4}) (?P<t>\d{1,2}:\d{2}:\d{2})")
_GAME_NO = re.compile(r"\s*\ufeff?#Game No : \d+")
_HEADER = re.compile(r"\s*\ufeff?\*{5} .+? Hand History for Game \d+ \*{5}")
# German suit words, the Russian client's rank letters (as Cyrillic and as the cp1252
# mojibake of cp1251 bytes) and the Spanish client's suit letters (picas, treboles).
_SUIT_WORDS = (("Kreuz", "c"), ("Karo", "d"), ("Pik", "s"), ("Herz", "h"))
# The Dutch client's ranks (Heer, Vrouw, Boer) and the Swedish one's (Kung, Dam, Knekt, Ess).
_RANKS = {"В": "J", "Â": "J", "Д": "Q", "Ä": "Q", "К": "K", "Ê": "K", "Т": "A", "Ò": "A",
          "H": "K", "V": "Q", "B": "J", "D": "Q", "Kn": "J", "E": "A"}
_SUITS = {"p": "s", "t": "c"}
_SEPARATORS = re.compile(r"[.,\u00a0\u202f ']")


def card888(text: str) -> str:
    t = text.strip()
    for word, suit in _SUIT_WORDS:
        if t.endswith(word):
            t = t[: -len(word)] + suit
            break
    rank, suit = t[:-1], t[-1:]
    return card(_RANKS.get(rank, rank) + _SUITS.get(suit, suit))


def cards888(text: str | None) -> tuple[str, ...]:
    if not text:
        return ()
    return tuple(card888(p) for p in text.split(",") if p.strip())


@lru_cache(maxsize=4096)
def amount888(text: str | None, scale: int) -> int:
    """An amount in any of 888's locales. A separator followed by exactly three digits
    groups thousands; the last separator followed by one or two digits is the decimal mark."""
    if text is None:
        raise ValueError("amount missing")
    # "3Â\u00a0023,50 $": a no-break space grouping thousands whose UTF-8 bytes were read
    # as cp1252 (a file re-saved in another encoding) is still that space
    s = text.replace("$", "").replace("€", "").replace("£", "").replace("\u00c2\u00a0", "\u00a0").strip()
    m = re.search(r"\d[\d.,\u00a0\u202f ']*", s)
    if m is None:
        raise ValueError(f"not an amount: {text!r}")
    num = m.group(0).rstrip(" .,'\u00a0\u202f")
    parts = _SEPARATORS.split(num)
    if len(parts) > 1 and 1 <= len(parts[-1]) <= 2:
        whole, frac = "".join(parts[:-1]), parts[-1]
    else:
        whole, frac = "".join(parts), ""
    return parse_amount(f"{whole}.{frac}" if frac else whole, scale)


def _holds_hand(chunk: list[str]) -> bool:
    """A chunk holds a hand when it has a line past its "#Game No : N" line: a file cut
    right after that line (888 writes it before each hand's header) holds no hand."""
    return any(x.strip() and not _GAME_NO.match(x) for x in chunk)


_BRACKETED = re.compile(r"\[[^\[\]\d]*\d[^\[\]]*\]|\[ ?[2-9TJQKA][cdhs]")


class PacificFormat(LineFormat):
    reads_unknown_lines = True
    name = "pacific"
    sites = ("888/Pacific",)
    grammar = "pacific"
    description = "888poker / Pacific Poker (Cassava) text histories, every client locale"
    start: ClassVar[re.Pattern[str]] = re.compile(
        r"\s*\ufeff?(?:#Game No : \d+|\*{5} .+? Hand History for Game \d+ \*{5})"
    )

    def detect(self, head: list[str]) -> bool:  # type: ignore[override]
        # Betfair's own client writes "***** Betfair Poker Hand History for Game N *****":
        # a layout of its own (formats/betfair.py)
        return any(_HEADER.match(line) and "Betfair Poker Hand History" not in line for line in head if line.strip())

    def split(self, lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """A hand starts at "#Game No : N", or at the "*****" header when that line is absent
        (the header right after a "#Game No" line belongs to the same hand)."""
        chunk: list[str] = HandLines()
        first = 1
        after_game_no = False
        for number, line in enumerate(lines, 1):
            is_game_no = bool(_GAME_NO.match(line))
            starts = is_game_no or (bool(_HEADER.match(line)) and not after_game_no)
            if line.strip():
                after_game_no = is_game_no
            if starts:
                if _holds_hand(chunk):
                    yield first, chunk
                chunk = HandLines([line])
                first = number
            else:
                if not chunk:
                    first = number
                chunk.append(line)
        if _holds_hand(chunk):
            yield first, chunk

    def unknown_matters(self, hand: Hand, text: str) -> bool:
        """An unknown line may matter when it could be a player's action or post (it begins
        with a seated player's name) or shows an amount or cards in 888's brackets."""
        if _BRACKETED.search(text):
            return True
        return any(text.startswith(s.player + " ") for s in hand.seats if s.player)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def amount(hand: Hand, text: str | None) -> int:
        return amount888(text, hand.scale)

    @staticmethod
    def seat(hand: Hand, player: str | None) -> int:
        name = player or ""
        found = [s.seat for s in hand.seats if s.player == name]
        if len(found) == 1:
            return found[0]
        if not found:
            raise NotSeated(name)
        raise LogIncomplete(f"{len(found)} seats are named {name!r}: the log does not say which one acts")

    # ------------------------------------------------------------------ header
    def on_GAME_NO(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[0] or ""

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand.hand_id = f[2] or hand.hand_id
        hand.implicit_uncalled = True
        self._dealing = False
        self._pending: list[tuple[int, ActionEvent]] = []
        self._summary = 0

    def on_STAKES(self, hand: Hand, f: Fields, line: int) -> None:
        self._stakes = (f[0] or "", f[1] or "")
        limit, game, when = f[2] or "", f[3] or "", f[5]
        hand.variant = "holdem" if game in ("Holdem", "Hold'em") else game.lower()
        omaha = omaha_of(game) if hand.variant != "holdem" else None
        if omaha is not None:
            set_omaha(hand, *omaha)  # "Omaha", "OmahaHL"
        if when:
            m = _WHEN.search(when)
            if m:
                hand.started_at, hand.tz = to_utc(f"{m['y']}/{m['m']}/{m['d']} {m['t']} ET")
        lim = _LIMITS.get(limit)
        if hand.variant not in ("holdem", "omaha") or lim is None:
            raise UnsupportedGame(game)
        hand.limit = lim
        hand.game = game_code(lim, hand.variant, hand.hole_cards, hand.hilo)
        hand.currency = currency_of(f"{f[0]} {f[1]}")

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        name, tournament, table, max_seats, money = f[0], f[1], f[3], f[4], f[5]
        if tournament:
            hand.kind = "tournament"
            hand.tournament_id = tournament
            hand.table_name = table or ""
            hand.currency, hand.scale = "", 0
        else:
            hand.kind = "cash"
            hand.table_name = name or ""
            hand.scale = 2
            if money == "Practice Play":
                hand.currency = "play"
            elif not hand.currency:
                hand.currency = "USD"
        hand.max_seats = int(max_seats) if max_seats else None
        low_text, high_text = self._stakes
        try:
            low, high = self.amount(hand, low_text), self.amount(hand, high_text)
        except ValueError:  # a BLAST tournament prints its prize pool where the blinds go
            low, high = 0, 0
        hand.sb, hand.bb = low, high
        if hand.limit is Limit.FIXED_LIMIT:  # 888 prints the blinds: the bets are BB and 2 BB
            hand.small_bet, hand.big_bet = high, 2 * high

    def on_BUTTON(self, hand: Hand, f: Fields, line: int) -> None:
        hand.button_seat = int(f[0] or 0)

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        hand.seats.append(Seat(int(f[0] or 0), f[1] or "", self.amount(hand, f[2]), False, line))

    # ------------------------------------------------------------------ betting
    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        self._declined(hand)  # a fold before a post: a player who declined his blind
        player, what, first, live, all_in = f[0] or "", f[1] or "", f[2], f[3], bool(f[4])
        seat = self.seat(hand, player)
        amount = self.amount(hand, first)
        if what == "dead blind":
            if live is not None:  # "[0.50 + 1]": the small blind dead, the big blind live
                hand.events.append(PostEvent(line, seat, player, Post.DEAD, self.amount(hand, live), amount, all_in))
            else:
                hand.events.append(PostEvent(line, seat, player, Post.DEAD, 0, amount, all_in))
            return
        kind = _POSTS[what]
        if kind is Post.ANTE:
            hand.ante = max(hand.ante, amount)
        hand.events.append(PostEvent(line, seat, player, kind, amount, 0, all_in))

    def on_DEALING(self, hand: Hand, f: Fields, line: int) -> None:
        self._declined(hand)
        self._dealing = True

    def _declined(self, hand: Hand) -> None:
        """The folds before the cards are dealt were players who declined to post the blind
        due from them: each sits this hand out, no cards, no action."""
        for _, e in self._pending:
            for s in hand.seats:
                if s.seat == e.seat:
                    s.sitting_out = True
        self._pending = []

    def _dealt(self, hand: Hand) -> None:
        """The cards were dealt where the log says so by a line of play only: a hand 888
        wrote without its "** Dealing down cards **" line (an observed hand) starts its
        betting after the posts, and the folds before the first bet, check or call are
        that betting's folds, each in its place."""
        for i, e in reversed(self._pending):
            hand.events.insert(i, e)
        self._pending = []
        self._dealing = True

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(DealEvent(line, self.seat(hand, player), player, cards888(f[1])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        player, act, amount, all_in = f[0] or "", ACT_VERBS[f[1] or ""], f[2], bool(f[3])
        seat = self.seat(hand, player)
        if act is Act.FOLD and not self._dealing:
            # A "fold" before the "Dealing down cards" line is a player who declines to post
            # the blind due from him (`_declined`), unless no such line follows: then it is
            # a fold of the betting (`_dealt`). Which, the next line of another kind says.
            self._pending.append((len(hand.events), ActionEvent(line, seat, player, act)))
            return
        if not self._dealing:
            self._dealt(hand)
        if act in (Act.CALL, Act.BET, Act.RAISE):
            hand.events.append(ActionEvent(line, seat, player, act, self.amount(hand, amount), None, all_in))
        else:
            hand.events.append(ActionEvent(line, seat, player, act))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        if not self._dealing:
            self._dealt(hand)
        SiteFormat.deal_street(hand, line, _STREETS[f[0] or ""], cards888(f[1]))

    # ------------------------------------------------------------------ summary
    def _showdown(self, hand: Hand, line: int) -> None:
        if not any(isinstance(e, StreetEvent) and e.street is Street.SHOWDOWN for e in hand.events):
            hand.events.append(StreetEvent(line, Street.SHOWDOWN, (), ()))

    def on_SUMMARY(self, hand: Hand, f: Fields, line: int) -> None:
        self._summary = line

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        self._showdown(hand, line)
        hand.events.append(ShowEvent(line, seat, player, cards888(f[1])))

    def on_MUCK(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        self._showdown(hand, line)
        hand.events.append(ShowEvent(line, seat, player, cards888(f[1]), muck=True))

    def on_NO_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, (), muck=True))

    def on_COLLECT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(CollectEvent(line, self.seat(hand, player), player, self.amount(hand, f[1])))

    # ------------------------------------------------------------------ after the last line
    @staticmethod
    def _over_calls(hand: Hand) -> None:
        """888 calls to the blind as posted, not to a big blind posted all-in for less: the
        small blind "calls [$100]" to a $200 big blind posted all-in for $125, and the
        summary pays the unmatched $75 back ("Hero collected [ $75 ]"). Such a call is read
        as the $25 it matches, and the collection of exactly its excess as part of it."""
        street: dict[int, int] = {}
        for i, e in enumerate(hand.events):
            if isinstance(e, StreetEvent):
                street = {}
            elif isinstance(e, PostEvent) and e.kind is not Post.ANTE:
                street[e.seat] = street.get(e.seat, 0) + e.amount
            elif isinstance(e, ActionEvent) and e.amount:
                facing = max((v for k, v in street.items() if k != e.seat), default=0)
                need = facing - street.get(e.seat, 0)
                if e.act is Act.CALL and not e.all_in and 0 < need < e.amount:
                    over = e.amount - need
                    back = next((c for c in hand.events if isinstance(c, CollectEvent) and c.seat == e.seat
                                 and c.amount == over), None)
                    if back is not None:
                        hand.events.remove(back)
                        hand.events[i] = ActionEvent(e.line, e.seat, e.player, Act.CALL, need, None, False)
                        street[e.seat] = facing
                        continue
                street[e.seat] = street.get(e.seat, 0) + e.amount

    @staticmethod
    def _big_bet(hand: Hand) -> None:
        """Fixed limit: 888 prints the blinds, and the big bet is twice the small bet
        (the big blind), rounded by the site to a coin it deals in: at $0.06/$0.12 blinds the
        turn and river bets are $0.25, not $0.24. The first bet of the turn or river that is
        not all-in says which: when it differs from twice the small bet by no more than a
        tenth of the small bet (a rounding, not another game), it is the big bet."""
        if hand.limit is not Limit.FIXED_LIMIT or not hand.small_bet:
            return
        street = Street.PREFLOP
        for e in hand.events:
            if isinstance(e, StreetEvent):
                street = e.street
            elif (isinstance(e, ActionEvent) and e.act is Act.BET and not e.all_in and e.amount
                  and street in (Street.TURN, Street.RIVER)):
                if e.amount != hand.big_bet and abs(e.amount - 2 * hand.small_bet) <= max(1, hand.small_bet // 10):
                    hand.big_bet = e.amount
                return

    def finish(self, hand: Hand) -> None:
        """888 writes neither uncalled bets nor rake. Every amount it writes is chips put in,
        so the pot is known here: the part of the top bet nobody matched is returned (older 888
        software pays it back inside the player's "collected" amount, newer software leaves
        it out), and in a cash game what the pot holds beyond
        what was collected is the rake. A summary that pays no one is a hand cut off: every
        hand 888 writes, a cancelled one too, ends with who collected the pot."""
        if self._summary and not any(isinstance(e, CollectEvent) for e in hand.events):
            raise LineError(self._summary, 1, "** Summary **", "the summary pays no one (no 'collected' line): "
                            "the hand stops before it is complete (cut off)", incomplete=True)
        if self._pending:
            # folds and then the summary, no "Dealing down cards" line: with the big blind
            # posted the cards were dealt and the folds were the betting (an observed hand);
            # without it the hand was cancelled, the folds declining the blind
            if any(isinstance(e, PostEvent) and e.kind is Post.BIG_BLIND for e in hand.events):
                self._dealt(hand)
            else:
                self._declined(hand)
        self._over_calls(hand)
        self._big_bet(hand)
        contrib: dict[int, int] = {}
        live: dict[int, int] = {}  # what counts toward matching bets (no dead blinds)
        for e in hand.events:
            if isinstance(e, PostEvent):
                contrib[e.seat] = contrib.get(e.seat, 0) + e.amount + e.dead
                live[e.seat] = live.get(e.seat, 0) + e.amount
            elif isinstance(e, ActionEvent) and e.amount:
                contrib[e.seat] = contrib.get(e.seat, 0) + e.amount
                live[e.seat] = live.get(e.seat, 0) + e.amount
        if not contrib:
            return
        stacks = {s.seat: s.stack for s in hand.seats}
        top = max(live, key=lambda k: live[k])
        second = max((v for k, v in live.items() if k != top), default=0)
        excess = live[top] - second
        collects = [e for e in hand.events if isinstance(e, CollectEvent)]
        pot = sum(contrib.values()) - max(excess, 0)
        paid = sum(e.amount for e in collects)
        own = [e for e in collects if e.seat == top]
        if excess > 0 and paid > pot and own and max(e.amount for e in own) >= excess:
            # More was collected than the pot holds without the unmatched bet: this
            # collection includes it (older 888 software paid it back that way).
            big = max(own, key=lambda e: e.amount)
            i = hand.events.index(big)
            rest = big.amount - excess
            returned = UncalledEvent(big.line, big.seat, big.player, excess)
            if rest:
                hand.events[i:i + 1] = [returned, CollectEvent(big.line, big.seat, big.player, rest, big.pot, big.run)]
            else:
                hand.events[i] = returned
            collects = [e for e in hand.events if isinstance(e, CollectEvent)]
        # An all-in player's cards are tabled: 888 writes "mucks [cards]" for an all-in
        # hand it did not show voluntarily, but the cards are in play and win pots. So are
        # the cards of a player 888 pays after writing "mucks [cards]" (a side pot beside
        # an all-in player, checked down): the site judged them, they were not given up.
        paid_seats = {e.seat for e in collects}
        for i, e in enumerate(hand.events):
            if isinstance(e, ShowEvent) and e.muck and e.cards and (
                    contrib.get(e.seat, 0) >= stacks.get(e.seat, 1) or e.seat in paid_seats):
                hand.events[i] = ShowEvent(e.line, e.seat, e.player, e.cards, False, e.run)
        if hand.kind == "cash" and collects:
            paid = sum(e.amount for e in collects)
            if pot >= paid:
                hand.summary.rake = pot - paid


FORMATS = [PacificFormat()]
