"""PokerStars hand histories and the rooms and tools that copy the layout (PPPoker too).

Grammar: `grammars/pokerstars.lark`. One handler per terminal turns the line's fields into
events on the `Hand`. Every line kind the site writes is listed in docs/formats/pokerstars.md
(headers, seats, posts, deal, actions, streets and runs, shows and mucks, collections, All-in
Cash Out, rebuys and add-ons, summary lines, and the notices that change nothing: chat,
connections, sit-outs, table moves, finishes, bounties and split bounties, satellite
entries, and the seat and deposit notices a Bovada-to-PokerStars converter copies). A summary
seat line whose brackets hold no card list (a converter's "showed [Jh As-As Kd Jh Ts 4s]") is
kept as a PA04 line that may matter: the hand is read, not judged. A line of none of them is kept as a PA04 warning (`reads_unknown_lines`), the hand
judged unless the line may carry an action, an amount or cards (`unknown_may_matter`); a
line run into the next hand's header stays a parse error. A cashed-out player's share "not
awarded" is read as paid by the pot and kept by the room (`_not_awarded`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, Final

from mypy_extensions import mypyc_attr

from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    FeeEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    Seat,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
    UnknownLine,
)
from ..money import currency_of, parse_amount
from .base import Fields, LineError, LineFormat, NotSeated, UnsupportedGame
from .common import (
    ACT_VERBS,
    STREET_NAMES,
    bracketed_board,
    cards,
    chips_between_hands,
    game_code,
    game_of,
    omaha_of,
    summary_cards,
    to_utc,
    unknown_may_matter,
    wall_clock,
)

_NOT_AWARDED: Final = "(pot not awarded as player cashed out)"
_WON_SHARE: Final = re.compile(r" won \(([^()]+)\)")
_ROOMS: Final = {
    "pokerstars": "PokerStars",
    "pokerstars home": "PokerStars",
    "full tilt": "Full Tilt",
    "full tilt rush": "Full Tilt",
    "pokermaster": "PokerMaster",
    "pokerbros": "PokerBros",
    "mplpoker": "MPL",
    "supremapoker": "Suprema",
    "run it once poker": "Run It Once",
    "pppoker": "PPPoker",
}
# Each blind is read in one pass, never split again: the small blind is all up to the
# first `/` (with a digit in it), the big blind its whole run but for a currency closing
# the parenthesis ("$2USD)"), the ante and the cap their whole runs: the only splits the
# rest of the pattern could ever accept.
_STAKES: Final = re.compile(
    r"\((?:Button Blind\W*+)?(?P<sb>[^/()\d]*+\d[^/()]*+)/"
    r"(?P<bb>(?:Rs\. )?[^/()\s\d]*+\d(?:(?![A-Z]{3}\))[^/()\s])*+)"
    r"(?:\((?P<ante>[^/()\s\d]*+\d[^/()\s]*+)\))?"  # GGPoker ante tables: "($0.02/$0.05($0.01))"
    r"(?: - (?P<cap>\S++) Cap -)?\s*+(?P<cur>[A-Z]{3})?\)"
)
# the cap is a whole run with a digit in it, taken at once (not split at each digit)
_CAP: Final = re.compile(r" - (?P<cap>(?=[^\s()/]*\d)[^\s()/]*+) Cap\b")
"""Capped tables: "($0.25/$0.50 - $10 Cap -  USD)", also written "($0.25/$0.50 USD) - $80 Cap"."""
_LEVEL_STAKES: Final = re.compile(r"\((?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)\)")
_TOURNAMENT: Final = re.compile(r"(?i:Tournament) #(?P<id>\d+)")  # PT2 exports: "TOURNAMENT #"
_RUNS: Final = {None: 0, "FIRST": 1, "SECOND": 2, "THIRD": 3}
_POSTS: Final = {
    "small blind": Post.SMALL_BLIND,
    "big blind": Post.BIG_BLIND,
    "the ante": Post.ANTE,
    "straddle": Post.STRADDLE,
    "button blind": Post.BIG_BLIND,
}
# A pot whose amount is not found before the next `|` takes the rest up to it, its amount
# group None: no pot named further before that `|` has an amount either, and the text is
# read once, not once from each pot's name.
_SIDE_POT: Final = re.compile(r"(Main pot|Side pot(?:-(\d+))?|STP) (?:([^|]*?\d)(?=\.? |\.?$)|[^|]*+)")
_DATE_START: Final = re.compile(r"\d{4}[/.-]\d{1,2}[/.-]\d{1,2}")
_JACKPOT: Final = re.compile(r"Jackpot (?:contribution )?(\S+)")


@dataclass(frozen=True, slots=True)
class _HeaderFacts:
    """What a header's text before the date says: room, game, stakes, money."""

    site: str
    variant: str
    kind: str
    tournament_id: str
    currency: str
    scale: int
    limit: Limit | None = None
    sb: int = 0
    bb: int = 0
    small_bet: int = 0
    big_bet: int = 0
    cap: int = 0
    hole_cards: int = 2
    hilo: bool = False
    problem: str = ""
    """"unsupported" (neither Hold'em nor Omaha), "stakes" (none found) or "" (readable)."""


@lru_cache(maxsize=1024)
def _header_facts(room: str, rest: str) -> _HeaderFacts:
    base_room = room.replace(" Home", "").replace(" Game", "").strip().lower()
    if base_room.startswith("pokerstars"):
        base_room = "pokerstars"
    site = _ROOMS.get(base_room, room.strip() or "PokerStars")
    variant, limit = game_of(rest)
    t = _TOURNAMENT.search(rest)
    kind = "tournament" if t else "cash"
    stakes = _STAKES.search(rest)
    cur = currency_of(rest) if not t else ""
    if kind == "cash" and stakes is not None:
        cur = stakes.group("cur") or currency_of(stakes.group(0))
    scale = 2 if kind == "cash" and cur else 0
    omaha = omaha_of(variant) if variant != "holdem" else None
    if omaha is not None:
        variant = "omaha"
    head = (site, variant or "unknown", kind, t.group("id") if t else "", cur, scale)
    if variant not in ("holdem", "omaha") or limit is None:
        return _HeaderFacts(*head, problem="unsupported")
    count, hilo = omaha if omaha is not None else (2, False)
    if stakes is None and t is not None:
        stakes = _LEVEL_STAKES.search(rest)
    if stakes is None:
        return _HeaderFacts(*head, limit=limit, hole_cards=count, hilo=hilo, problem="stakes")
    low = parse_amount(stakes.group("sb"), scale)
    high = parse_amount(stakes.group("bb"), scale)
    if limit is Limit.FIXED_LIMIT:
        return _HeaderFacts(*head, limit=limit, sb=low // 2, bb=low, small_bet=low, big_bet=high,
                            hole_cards=count, hilo=hilo)
    capped = _CAP.search(rest)
    cap = parse_amount(capped.group("cap"), scale) if capped else 0
    return _HeaderFacts(*head, limit=limit, sb=low, bb=high, cap=cap, hole_cards=count, hilo=hilo)


@mypyc_attr(allow_interpreted_subclasses=True)
class PokerStarsFormat(LineFormat):
    name = "pokerstars"
    sites: ClassVar[tuple[str, ...]] = (
        "PokerStars", "Full Tilt", "PokerMaster", "PokerBros", "MPL", "Suprema", "Run It Once", "PPPoker")
    grammar = "pokerstars"
    noise: ClassVar[re.Pattern[str] | None] = re.compile(r"\*{3,} # \d+ \*{3,}")
    description = "PokerStars layout, as PokerStars writes it and as other rooms copy it"
    reads_unknown_lines = True
    start: ClassVar[re.Pattern[str]] = re.compile(
        r"\s*\ufeff?(?:PokerStars|POKERSTARS|Full Tilt|PokerMaster|PokerBros|MPLPoker|SupremaPoker|"
        r"Run It Once Poker|PPPoker)[^#\n]* (?:Game|Hand|GAME|HAND) #[0-9A-Za-z-]+: "
    )

    def __init__(self) -> None:
        super().__init__()
        self._prefix = ""
        """The last header's text before its date: the hands of one table share it."""

    # ------------------------------------------------------------------ helpers
    def unknown_matters(self, hand: Hand, text: str) -> bool:
        return unknown_may_matter(hand, text)

    @staticmethod
    def amount(hand: Hand, text: str | None) -> int:
        if text is None:
            raise ValueError("amount missing")
        return parse_amount(text, hand.scale)

    @staticmethod
    def seat(hand: Hand, player: str | None) -> int:
        assert player is not None
        seat = hand.seat_numbers.get(player)
        if seat is None:
            raise NotSeated(player)
        return seat

    # ------------------------------------------------------------------ handlers
    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        room, hand_id, rest = f[0] or "", f[1] or "", f[2] or ""
        hand.hand_id = hand_id
        # What the header says of the game and stakes is the same for every hand of a table:
        # it is read once per distinct text before the date (the date changes every hand).
        prefix = self._prefix
        if prefix and rest.startswith(prefix) and _DATE_START.match(rest, len(prefix)):
            start = len(prefix)  # the same table as the hand before: no need to look for the date
        else:
            date = _DATE_START.search(rest)
            start = date.start() if date else -1
            self._prefix = rest[:start] if date else ""
        facts = _header_facts(room, rest[:start]) if start >= 0 else None
        if facts is None or facts.problem == "stakes":
            facts = _header_facts.__wrapped__(room, rest)
        hand.site = facts.site
        hand.variant = facts.variant
        hand.kind = facts.kind
        hand.tournament_id = facts.tournament_id
        hand.currency = facts.currency
        hand.scale = facts.scale
        when = rest[start:] if start >= 0 else rest
        hand.started_at, hand.tz = to_utc(when)
        if hand.started_at is None and not hand.tz:
            hand.local_time = wall_clock(when)  # GGPoker: no zone written (`hhaudit.zones`)
        if facts.problem == "unsupported":
            raise UnsupportedGame(rest)
        assert facts.limit is not None
        hand.limit = facts.limit
        hand.hole_cards, hand.hilo = facts.hole_cards, facts.hilo
        hand.game = game_code(facts.limit, facts.variant, facts.hole_cards, facts.hilo)
        if facts.problem == "stakes":
            raise LineError(line, 1, rest, "no stakes in the hand's first line")
        hand.sb, hand.bb, hand.small_bet, hand.big_bet = facts.sb, facts.bb, facts.small_bet, facts.big_bet
        hand.cap = facts.cap

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        name, max_seats, money, button = f[0], f[1], f[2], f[3]
        hand.table_name = name or ""
        hand.max_seats = int(max_seats) if max_seats else None
        hand.button_seat = int(button) if button else None
        if money == "Play Money":
            hand.currency = "play"
            hand.scale = 0

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        seat, player, note = int(f[0] or 0), f[1] or "", f[4]
        out = bool(note) and ("sitting out" in note or "out of hand" in note)  # type: ignore[operator]
        hand.seats.append(Seat(seat, player, self.amount(hand, f[2]), out, line))
        hand.seat_numbers.setdefault(player, seat)

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        player, what, amount, all_in = f[0], f[1] or "", self.amount(hand, f[2]), bool(f[3])
        seat = self.seat(hand, player)
        p = player or ""
        if what == "small & big blinds":
            live = hand.bb if hand.bb else amount
            hand.events.append(
                PostEvent(line, seat, p, Post.DEAD, min(live, amount), max(0, amount - live), all_in)
            )
            return
        if what == "dead blind":
            hand.events.append(PostEvent(line, seat, p, Post.DEAD, 0, amount, all_in))
            return
        kind = _POSTS[what]
        if kind is Post.ANTE:
            hand.ante = max(hand.ante, amount)
        elif kind is Post.SMALL_BLIND and hand.limit is Limit.FIXED_LIMIT:
            hand.sb = amount if not all_in else hand.sb
        elif (kind is Post.BIG_BLIND and hand.limit is Limit.FIXED_LIMIT and not all_in
              and not any(isinstance(e, PostEvent) and e.kind is Post.BIG_BLIND for e in hand.events)):
            hand.bb = amount
        hand.events.append(PostEvent(line, seat, p, kind, amount, 0, all_in))

    def on_DEALT(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        seat = self.seat(hand, player)
        hand.events.append(DealEvent(line, seat, player, cards(f[1]) + cards(f[2])))

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        # the most frequent line: lookups inline
        player = f[0] or ""
        act = ACT_VERBS[f[1]]  # type: ignore[index]
        seat = hand.seat_numbers.get(player)
        if seat is None:
            raise NotSeated(player)
        if act is Act.FOLD or act is Act.CHECK:
            hand.events.append(ActionEvent(line, seat, player, act))
            if f[4]:
                hand.events.append(ShowEvent(line, seat, player, cards(f[4])))
        elif act is Act.RAISE:
            if f[3] is None:
                raise ValueError("raise without a 'to' amount")
            hand.events.append(ActionEvent(line, seat, player, act, None, parse_amount(f[3], hand.scale), bool(f[5])))
        else:
            if f[2] is None:
                raise ValueError("amount missing")
            hand.events.append(ActionEvent(line, seat, player, act, parse_amount(f[2], hand.scale), None, bool(f[5])))
        if f[6] is not None and not hand.cap:
            # "and has reached the $10 cap": the table's cap, where the header does not say it
            hand.cap = parse_amount(f[6], hand.scale)

    def on_UNCALLED(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[1] or ""
        hand.events.append(UncalledEvent(line, self.seat(hand, player), player, self.amount(hand, f[0])))

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        run, street, text = f[0], f[1] or "", f[2] or ""
        new, board = bracketed_board(text)
        hand.events.append(StreetEvent(line, STREET_NAMES[street], new, board, _RUNS[run]))

    def on_SHOWDOWN(self, hand: Hand, f: Fields, line: int) -> None:
        hand.events.append(StreetEvent(line, Street.SHOWDOWN, (), (), _RUNS[f[0]]))

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, cards(f[1])))

    def on_MUCK(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, cards(f[1]), muck=True))

    def on_NO_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        player = f[0] or ""
        hand.events.append(ShowEvent(line, self.seat(hand, player), player, (), muck=True))

    def on_SUMMARY_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        rest = f[1] or ""
        if "[" in rest:
            try:
                summary_cards(hand, int(f[0] or 0), rest, line)
            except ValueError:
                # no card list in the brackets (a converter's "showed [Jh As-As Kd Jh Ts 4s]"):
                # what was shown is not known, so the showdown is not judged
                hand.unknown_lines.append(UnknownLine(line, f"Seat {f[0]}: {rest}", True))
        if rest.endswith(_NOT_AWARDED):
            self._not_awarded(hand, int(f[0] or 0), rest, line)

    def _not_awarded(self, hand: Hand, seat: int, rest: str, line: int) -> None:
        """"won ($26.62) with ... (pot not awarded as player cashed out)": the share the pot
        gives a player who took All-in Cash Out, kept by the room that paid the cash-out.
        Read as the pot paying the share (the split is judged as the site made it) and the
        room taking it back off the player's next stack."""
        m = _WON_SHARE.search(rest)
        player = next((s.player for s in hand.seats if s.seat == seat), None)
        if m is None or player is None:
            return
        share = self.amount(hand, m.group(1))
        hand.events.append(CollectEvent(line, seat, player, share, None, 0))
        chips_between_hands(hand, player, -share)
        hand.notes.append(f"seat {seat}'s share of {share} units, not awarded after its cash-out, is read "
                          "as paid by the pot and kept by the room")

    def on_COLLECT(self, hand: Hand, f: Fields, line: int) -> None:
        player, amount, pot, side = f[0] or "", f[1], f[2] or "", f[3]
        number: int | None
        if pot == "pot":
            number = None
        elif pot == "main pot":
            number = 0
        else:
            number = int(side) if side else 1
        run = 0
        for e in reversed(hand.events):
            if isinstance(e, StreetEvent):
                run = e.run
                break
        hand.events.append(
            CollectEvent(line, self.seat(hand, player), player, self.amount(hand, amount), number, run)
        )

    def on_CASHOUT(self, hand: Hand, f: Fields, line: int) -> None:
        """All-in Cash Out: "X cashed out the hand for $6.63 | Cash Out Fee $0.07". The room
        pays X the amount (the equity less the fee) outside the pot, whatever the board
        brings (the pot goes to the winner, or to no one if X wins it: "pot not awarded as
        player cashed out"): in X's next stack (`Seat.added`); the fee is a "cash_out_fee"."""
        player = f[0] or ""
        seat = self.seat(hand, player)
        hand.events.append(FeeEvent(line, "cash_out_fee", self.amount(hand, f[2]), seat, player))
        chips_between_hands(hand, player, self.amount(hand, f[1]))

    def on_ADD_CHIPS(self, hand: Hand, f: Fields, line: int) -> None:
        """A rebuy, add-on or top-up written after the play: in the player's next stack."""
        seat = hand.seat_numbers.get(f[0] or "")
        chips = self.amount(hand, f[1])
        for s in hand.seats:
            if s.seat == seat:
                s.added += chips

    def on_STP_ADDED(self, hand: Hand, f: Fields, line: int) -> None:
        hand.events.append(FeeEvent(line, "room_added", -self.amount(hand, f[0])))

    def on_TOTAL_POT(self, hand: Hand, f: Fields, line: int) -> None:
        total, pots, rake, extra = f[0], f[1] or "", f[2], f[3] or ""
        s = hand.summary
        s.line = line
        s.total_pot = self.amount(hand, total)
        s.rake = self.amount(hand, rake)
        splash = 0
        for m in _SIDE_POT.finditer(pots):
            if m.group(3) is None:
                continue
            value = self.amount(hand, m.group(3))
            if m.group(1) == "Main pot":
                s.main_pot = value
            elif m.group(1).startswith("Side pot"):
                s.side_pots.append(value)
            else:
                splash = value
        if splash and s.main_pot is not None:
            # Run It Once lists its splash ("STP") beside the main pot it goes to: "Main pot
            # 119.52 | Side pot 21.82 | STP 5.00", and the main pot's winner is paid 124.52
            s.main_pot += splash
        jackpot = _JACKPOT.search(extra) if extra else None
        if jackpot:
            s.jackpot = self.amount(hand, jackpot.group(1))

    def on_BOARD(self, hand: Hand, f: Fields, line: int) -> None:
        hand.summary.boards.append(cards(f[1]))


FORMATS = [PokerStarsFormat()]
