"""iPoker network XML hand histories (and tools that export the same layout).

A file holds one or more `<session>` (or `<root>`) elements; each opens with a `<general>`
header (game type and stakes, table, currency, tournament) shared by the `<game>` elements
that follow, one per hand. A `<game>` lists the players (with stack, dealer flag, total bet
and total win) and `<round no="0..4">` elements: 0 the forced bets, 1 pre-flop, 2-4 flop,
turn and river, each with its board `<cards>` and `<action no=".." type=".." sum="..">`
elements, which the site does not always write in order: `no` gives the order.

Line kinds (elements of a `<game>`; `<action type=..>`: `sum` is the chips the action puts in,
unless noted; a type or element not listed here is kept, named by a PA04 warning
(`_xml.unknown_element`), and the hand is read but not judged):

- `<general>` of the session: game, stakes, table, currency, tournament, hero: read.
- `<general>` of a game: start date, `<players>` with `<player seat name chips dealer win
  bet [rebuy addon]>`: read (rebuy/addon flags: see below).
- `<round no="0..4">`, `<cards type="Flop|Turn|River|Pocket" player>`: streets, board and
  the hole cards: read.
- action 0 fold, 1 small blind, 2 big blind (more than the big blind: small and big blind
  posted together, the excess dead), 3 call, 4 check, 5 bet, 6 raise (chips put in), 15 ante,
  23 raise to (`sum` is the player's street total): read.
- action 7 all-in (the chips put in; `sum="DP"`: disconnect protection, the player treated as
  all-in without putting chips in): read.
- action 8 and 9, sitting out / joined without cards: the player is not in the hand (after
  posting: the posted chips stay in, read as a fold).
- action 16 bring-in: stud only, whose hands are not read (unsupported game).

The game type of the 2021 clients' five-card Omaha tables names no game, only the limit and
the stakes (`<gametype>PL €0.05/€0.10</gametype>`, `<startdate>18.05.2021 18:26:13`): a
pot-limit hand whose every pocket `<cards>` holds five cards (hidden ones, "X X X X X",
counted) is read as five-card Omaha (high only); any other game without a name is not read
(unsupported game).

The `win` attribute of a player includes the uncalled part of his bet in older clients'
files (those that write a `<client_version>`, 2019 on, leave it out: "bet 1,494kr" against
900, "win 1,790kr" of the 1,800 pot), which the site does not write separately: it is taken
off the collection (the pot auditor works out the
uncalled bet itself). The unmatched part is counted in live chips: the dead small blind of
a "post both" (type 2 for more than the big blind) matches no bet. Amounts carry currency symbols and locale marks ("0,05€", "£6.50").

A type 2 above the header's big blind is a "post both" only where the small blind was not
posted above the header's too: a cash hand whose blinds are both other than its
`<gametype>` stakes (`Holdem NL £0.10/£0.25` over posts of 0.25 and 0.50, test files that put
another table's header on a hand) plays its own blinds, and the rules its stakes judge (bet
and raise sizes, the order of action) abstain (`_xml.contradicted_stakes`).

A player's `rebuy="1"` and `addon="1"` (written for the hero only) state no amount and do
not mark the hand where the chips come: in NLHE-USD-MTT-5r-201112.Sample.xml none of the
hero's seven flagged hands starts with a stack other than the last hand's end, and the two
hands where chips did come (a rebuy of 1,500 after a bust, the 2,000 add-on of every player)
are not flagged (the flag is on the hand after, and on five hands where nothing came). So they
are not chips brought (`Seat.added`) and excuse no stack change between hands: a change the
log does not account for is still the session audit's finding. (Merge's XML writes amounts
there, `rebuy="10.00"`: another format.)
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import datetime
from typing import Final

from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    ProtectionEvent,
    Seat,
    ShowEvent,
    Street,
    StreetEvent,
)
from ._xml import (
    Betting,
    XmlError,
    XmlFormat,
    amount,
    attr,
    cards,
    contradicted_stakes,
    decimals,
    parse_tree,
    unknown_element,
)
from .base import UnsupportedGame
from .common import game_code, omaha_of, to_utc, wall_clock

_LIMITS = {
    "NL": Limit.NO_LIMIT, "SL": Limit.NO_LIMIT, "БЛ": Limit.NO_LIMIT, "LZ": Limit.NO_LIMIT,
    "No limit": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT, "LP": Limit.POT_LIMIT,
    "Pot limit": Limit.POT_LIMIT, "L": Limit.FIXED_LIMIT, "Limit": Limit.FIXED_LIMIT,
}
# The game ends at the first place the limit and the rest of the line can follow: a run of
# spaces in it is taken whole (atomic), as each of its spaces reaches the same limit word as
# its first; each blind and the ante is a whole run (a digit in it checked ahead), the spaces
# before a word taken at once.
_GAMETYPE = re.compile(
    r"^(?P<game>(?>[^\S\n]+|.)*?)\s*+(?P<limit>No limit|Pot limit|Limit|NL|SL|БЛ|LZ|PL|LP|L)"
    r"(?:\s++(?P<sb>(?=[^/\s]*\d)[^/\s]*+)/(?P<bb>(?=[^/\s]*\d)[^/\s]*+))?(?:\s++Ante\s++(?P<ante>\S++))?\s*+$"
)
_LH = re.compile(r"^LH\s+(?P<small>[\d.,]+)/(?P<big>[\d.,]+)\b.*?(?:(?P<sb>\S*\d\S*)/(?P<bb>\S*\d\S*))?\s*$")
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
# from the first digit of a run only (one later in it reads the same run): linear when searched
_MAX = re.compile(r"(?<!\d)(\d++)\s*+Max", re.IGNORECASE)
_TOUR_NO = re.compile(r"\(#(\d+)\)|(\d+)\s*$")


class Session:
    """The `<general>` header of a session, read once and shared by its hands."""

    __slots__ = ("variant", "limit", "kind", "currency", "scale", "stakes", "table", "max_seats",
                 "tournament_id", "hero", "error", "hole_cards", "hilo", "versioned")

    def __init__(self, general: ET.Element | None) -> None:
        self.error = ""
        self.variant, self.limit = "holdem", Limit.NO_LIMIT
        self.hole_cards, self.hilo = 2, False
        self.versioned = False
        self.kind, self.currency, self.scale = "cash", "", 2
        self.stakes: tuple[str | None, ...] = (None,) * 5
        self.table, self.max_seats, self.tournament_id, self.hero = "", None, "", ""
        if general is None:
            self.error = "no <general> session header before this game"
            return

        def get(tag: str) -> str:
            return (general.findtext(tag) or "").strip()

        gametype = get("gametype")
        self.versioned = bool(get("client_version"))
        self.table = get("tablename")
        self.hero = get("nickname")
        tour = bool(general.find("tournamentname") is not None or general.find("tournamentcode") is not None)
        money = get("mode").lower() not in ("", "real") or get("currency").lower() in ("fun", "play")
        size = get("tablesize")
        m = _MAX.search(self.table)
        self.max_seats = int(size) if size.isdigit() else (int(m.group(1)) if m else None)
        lh = _LH.match(gametype)
        g = _GAMETYPE.match(gametype) if lh is None else None
        if lh is None and g is None:
            self.error = f"unknown game type {gametype!r}"
            return
        sb_text = bb_text = None
        if lh is not None:
            self.variant, self.limit = "holdem", Limit.FIXED_LIMIT
            sb_text, bb_text = lh.group("sb"), lh.group("bb")
        elif g is not None:
            game = g.group("game").strip().lower()
            self.variant = "holdem" if game == "holdem" else (game or "unknown")
            omaha = omaha_of(game) if game != "holdem" else None
            if omaha is not None:  # "Omaha PL", "Omaha HiLow PL"
                self.variant = "omaha"
                self.hole_cards, self.hilo = omaha
            self.limit = _LIMITS[g.group("limit")]
            sb_text, bb_text = g.group("sb"), g.group("bb")
            sb_text = get("smallblind") or sb_text
            bb_text = get("bigblind") or bb_text
        if tour or not (sb_text and bb_text):
            self.kind, self.scale, self.currency = "tournament", 0, ""
            code = get("tournamentcode")
            t = _TOUR_NO.search(self.table)
            self.tournament_id = code or (next(x for x in t.groups() if x) if t else "")
        else:
            self.currency = get("currency") or get("tablecurrency")
            if money:
                self.currency, self.scale = "play", 0
        if self.kind == "cash" and sb_text and bb_text:
            # kept as written: every amount of a hand is read in the hand (`stakes`), at its scale
            self.stakes = (sb_text, bb_text, lh.group("small") if lh else None, lh.group("big") if lh else None,
                           g.group("ante") if g is not None else None)

    def read_stakes(self, hand: Hand) -> None:
        """The session's blinds, limits and ante as amounts of this hand (at its scale)."""
        sb_text, bb_text, small, big, ante = self.stakes
        if sb_text is None or bb_text is None:
            return
        low, high = amount(sb_text, self.scale), amount(bb_text, self.scale)
        if small is not None and big is not None:
            hand.sb, hand.bb = low, high
            hand.small_bet, hand.big_bet = amount(small, self.scale), amount(big, self.scale)
        elif self.limit is Limit.FIXED_LIMIT:
            hand.small_bet, hand.big_bet = low, high
            hand.bb, hand.sb = low, low // 2
        else:
            hand.sb, hand.bb = low, high
        if ante:
            hand.ante = amount(ante, self.scale)


def _pocket_size(root: ET.Element) -> int:
    """How many hole cards every `<cards type="Pocket">` of a hand holds, hidden ones ("X")
    counted; 0 when none is written or they differ."""
    sizes = {len((c.text or "").split()) for c in root.iter("cards") if c.get("type") == "Pocket"}
    sizes.discard(0)
    return sizes.pop() if len(sizes) == 1 else 0


class IPokerFormat(XmlFormat):
    name = "ipoker"
    sites = ("iPoker",)
    description = "iPoker network XML (<session>/<general>/<game gamecode=...>)"
    hand_start = re.compile(r"<game[\s>]")
    hand_end = re.compile(r"</game\s*>")
    closing = "</game>"
    marker = re.compile(r"<session sessioncode=|<game gamecode=|<client_version>|<gametype>")
    priority = 1  # "<game" also starts Merge hands; iPoker's markers are checked first

    def detect(self, head: list[str]) -> bool:  # type: ignore[override]
        text = "\n".join(head)
        return ("<session" in text or "<root>" in text or "<game gamecode=" in text) and (
            "<gametype>" in text or "<game gamecode=" in text
        )

    def session_header(self, text: str, previous: str) -> str:
        i = text.rfind("<general")
        if i < 0:
            return previous
        j = text.find("</general>", i)
        return text[i : j + len("</general>")] if j >= 0 else previous

    def __init__(self) -> None:
        self._sessions: dict[str, Session] = {}

    def session(self, header: str) -> Session:
        s = self._sessions.get(header)
        if s is None:
            try:
                general = parse_tree(header, 1)[0] if header else None
            except Exception:
                general = None
            s = Session(general)
            if len(self._sessions) > 64:
                self._sessions.clear()
            self._sessions[header] = s
        return s

    def guess_id(self, text: str) -> str:
        m = re.search(r'gamecode="([^"]*)"', text)
        return m.group(1) if m else ""

    # ------------------------------------------------------------------ one hand
    def build(self, hand: Hand, root: ET.Element, header: str, where: dict[ET.Element, int]) -> None:
        hand.hand_id = root.get("gamecode", "")
        s = self.session(header)
        if s.error:
            raise XmlError(root, s.error)
        hand.variant, hand.limit, hand.kind = s.variant, s.limit, s.kind
        hand.currency, hand.scale = s.currency, s.scale
        hand.table_name, hand.max_seats, hand.tournament_id = s.table, s.max_seats, s.tournament_id
        s.read_stakes(hand)
        general = root.find("general")
        if general is None:
            raise XmlError(root, "<game> without <general>")
        when = (general.findtext("startdate") or "").strip()
        hand.started_at, hand.tz = to_utc(when)
        if hand.started_at is None and not hand.tz:
            hand.local_time = start_clock(when)  # the client's clock, no zone (`hhaudit.zones`)
        hole_cards = s.hole_cards
        if hand.variant == "unknown" and hand.limit is Limit.POT_LIMIT and _pocket_size(root) == 5:
            # 2021 clients name no game for five-card Omaha ("PL €0.05/€0.10")
            hand.variant, hole_cards = "omaha", 5
        if hand.variant not in ("holdem", "omaha"):
            raise UnsupportedGame(hand.variant)
        hand.hole_cards, hand.hilo = hole_cards, s.hilo
        hand.game = game_code(hand.limit, hand.variant, hand.hole_cards, hand.hilo)
        hand.implicit_uncalled = True  # the site never writes the uncalled bet
        if hand.kind == "tournament":
            # some tournaments print fractional chips ("141,301.13")
            hand.scale = max((decimals(v) for e in root.iter() for k, v in e.attrib.items()
                              if k in ("chips", "sum", "win", "bet")), default=0)
        scale = hand.scale

        def line(e: ET.Element) -> int:
            return where.get(e, hand.line)


        players = general.find("players")
        if players is None:
            raise XmlError(general, "<general> without <players>")
        seat_of: dict[str, int] = {}
        wins: dict[str, int] = {}
        bets: dict[str, int] = {}
        for p in players.iter("player"):
            name = p.get("name", "")
            if not name:
                continue  # an empty seat
            num = int(attr(p, "seat"))
            seat_of[name] = num
            hand.seats.append(Seat(num, name, amount(attr(p, "chips"), scale), False, line(p)))
            if p.get("dealer") == "1":
                hand.button_seat = num
            wins[name] = amount(p.get("win") or "0", scale)
            bets[name] = amount(p.get("bet") or "0", scale)
        stacks = {s.seat: s.stack for s in hand.seats}
        out: set[str] = set()

        def seat(e: ET.Element, name: str) -> int:
            try:
                return seat_of[name]
            except KeyError:
                raise XmlError(e, f"{name!r} is not seated at this table") from None

        bet = Betting()
        board: tuple[str, ...] = ()
        known: dict[str, tuple[str, ...]] = {}
        folded: set[str] = set()
        dealt: set[str] = set()
        acted: set[str] = set()
        ev = hand.events
        bb_posted = False
        sb_over = False  # a small blind above the header's: its stakes are not this hand's
        dead: dict[int, int] = {}  # the dead small blind of a "post both": it matches no bet
        rounds = sorted(root.iter("round"), key=lambda r: int(r.get("no", "0")))
        for rnd in rounds:
            no = int(rnd.get("no", "0"))
            if no >= 2:
                bet.new_street()
            for c in rnd.iter("cards"):
                kind = c.get("type", "")
                if kind in _STREETS:
                    new = cards(c.text)
                    board = board + new
                    ev.append(StreetEvent(line(c), _STREETS[kind], new, board))
                elif kind == "Pocket":
                    dealt.add(c.get("player", ""))
                    got = cards(c.text)
                    if got:
                        known[c.get("player", "")] = got
            if no == 1:
                for name, got in known.items():
                    if name == s.hero and name in seat_of:
                        ev.append(DealEvent(where.get(rnd, hand.line), seat_of[name], name, got))
            actions = sorted(rnd.iter("action"), key=lambda a: int(a.get("no", "0")))
            for a in actions:
                name = attr(a, "player")
                kind = attr(a, "type")
                ln = line(a)
                if kind in ("8", "9"):
                    out.add(name)
                    if name in seat_of and bet.total.get(seat_of[name], 0):
                        # sits out after posting: the posted chips stay in the pot
                        folded.add(name)
                        ev.append(ActionEvent(ln, seat_of[name], name, Act.FOLD))
                    continue
                st = seat(a, name)
                if kind not in ("1", "2", "15"):
                    acted.add(name)
                if a.get("sum") == "DP":
                    # disconnect protection: the site treats the player as all-in with
                    # what he has put in so far; no chips move (model.ProtectionEvent)
                    ev.append(ProtectionEvent(ln, st, name, "disconnection"))
                    continue
                chips = amount(a.get("sum") or "0", scale)
                all_in = bet.total.get(st, 0) + chips >= stacks[st] and chips > 0
                if kind == "1":
                    bet.put(st, chips)
                    ev.append(PostEvent(ln, st, name, Post.SMALL_BLIND, chips, 0, all_in))
                    sb_over = sb_over or (hand.kind == "cash" and chips > hand.sb > 0)
                elif kind == "2":
                    if hand.bb and chips > hand.bb and not all_in and not sb_over:
                        bet.put(st, hand.bb)
                        bet.put(st, chips - hand.bb, live=False)
                        dead[st] = dead.get(st, 0) + chips - hand.bb
                        ev.append(PostEvent(ln, st, name, Post.DEAD, hand.bb, chips - hand.bb, all_in))
                    else:
                        bet.put(st, chips)
                        ev.append(PostEvent(ln, st, name, Post.BIG_BLIND, chips, 0, all_in))
                        if not bb_posted and not all_in and hand.kind == "tournament":
                            hand.bb = chips
                        bb_posted = True
                elif kind == "15":
                    bet.put(st, chips, live=False)
                    hand.ante = max(hand.ante, chips)
                    ev.append(PostEvent(ln, st, name, Post.ANTE, chips, 0, all_in))
                elif kind == "0":
                    folded.add(name)
                    ev.append(ActionEvent(ln, st, name, Act.FOLD))
                elif kind == "4":
                    ev.append(ActionEvent(ln, st, name, Act.CHECK))
                elif kind == "3":
                    ev.append(bet.added(ln, st, name, chips, all_in, Act.CALL))
                elif kind in ("5", "6", "7"):
                    ev.append(bet.added(ln, st, name, chips, all_in or kind == "7"))
                elif kind == "23":
                    to = chips
                    all_in = bet.total.get(st, 0) + to - bet.committed(st) >= stacks[st]
                    ev.append(bet.raise_to(ln, st, name, to, all_in))
                else:
                    unknown_element(hand, a, ln)
        if hand.kind == "tournament" and not hand.sb:
            sbs = [e.amount for e in ev if isinstance(e, PostEvent) and e.kind is Post.SMALL_BLIND and not e.all_in]
            hand.sb = sbs[0] if sbs else hand.bb // 2
        for st_ in hand.seats:
            # no cards dealt and no action, or marked sitting out (perhaps after posting an
            # ante or a blind): not in this hand
            if st_.player not in acted and (st_.player in out or (dealt and st_.player not in dealt)):
                st_.sitting_out = True

        # Showdown: cards of the players still in at the end are known when they showed.
        end_line = hand.end_line
        live = [p for p in seat_of if p not in folded and p not in out and bet.total.get(seat_of[p], 0) > 0]
        if len(live) >= 2:
            for name in live:
                if name in known:
                    ev.append(ShowEvent(end_line, seat_of[name], name, known[name]))
        else:
            for name in live:  # a pot won uncontested: its winner's pocket element
                if name in known and name != s.hero:
                    hand.reveal(seat_of[name], known[name], "dealt", end_line)
        for name, got in known.items():
            if name != s.hero and name in seat_of and name not in live:
                ev.append(ShowEvent(end_line, seat_of[name], name, got))
        # the bet nobody matched, by live chips (a dead small blind matches nothing)
        live_in = sorted(((t - dead.get(k, 0), k) for k, t in bet.total.items()), reverse=True)
        top, excess = (live_in[0][1], live_in[0][0] - (live_in[1][0] if len(live_in) > 1 else 0)) if live_in else (None, 0)
        paid = 0
        # Older clients count the uncalled part in the `win` of the one who bet it; the
        # clients that write their `<client_version>` (2019 on) do not.
        holds_excess = not s.versioned
        for name, won in wins.items():
            st = seat_of[name]
            if st == top and excess and won >= excess and holds_excess:
                won -= excess
            if won > 0:
                paid += won
                ev.append(CollectEvent(end_line, st, name, won))
        if hand.kind == "cash" and paid:
            # no rake is written: it is what the pot (less the uncalled bet) did not pay out
            hand.summary.rake = sum(bet.total.values()) - excess - paid
        contradicted_stakes(hand)


_CLOCKS: Final = ("%d-%b-%Y %H:%M:%S", "%d/%m/%Y %H:%M:%S", "%d/%m/%Y %H:%M", "%d.%m.%Y %H:%M:%S")
"""The other layouts of `<startdate>` (year first is `wall_clock`'s): `22-Jan-2011 20:11:15`
(Holdem Manager's archives), `30/01/2012 02:30` (iPoker.it: day first), `18.05.2021 18:26:13`
(a 2021 client: day first, dots)."""


def start_clock(text: str) -> datetime | None:
    """A `<startdate>` as written (naive), in any of its layouts; None if none reads it."""
    found = wall_clock(text)
    if found is not None:
        return found
    for layout in _CLOCKS:
        try:
            return datetime.strptime(text.strip(), layout)
        except ValueError:
            continue
    return None


FORMATS = [IPokerFormat()]
