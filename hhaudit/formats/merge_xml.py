"""Merge Gaming Network XML hand histories (Carbon Poker and the other Merge skins).

Each hand is a `<game id=".." starttime="YYYYMMDDhhmmss" numholecards=".." ...>` element,
preceded by a `<description type="Holdem" stakes="No Limit ($1/$2)"/>` line giving the game
and stakes. Players are listed by seat (`balance`, `dealtin`); events name the player by
seat number. Rounds: BLINDS, PREFLOP, POSTFLOP, POSTTURN, POSTRIVER, SHOWDOWN, END_OF_GAME
(or END_OF_FOLDED_GAME) with `<winner amount=".." uncalled="true|false" potnumber="..">`.

Line kinds (`<round id=..>` and its `<event type=..>`; a type or element not listed here is
kept, named by a PA04 warning (`_xml.unknown_element`), and the hand is read but not judged):

- rounds BLINDS, PREFLOP, POSTFLOP, POSTTURN, POSTRIVER, SHOWDOWN, END_OF_GAME /
  END_OF_FOLDED_GAME (with `<winner amount uncalled potnumber [pottype]>`): read.
- events SMALL_BLIND, BIG_BLIND, ANTE, INITIAL_BLIND and RETURN_BLIND (a new or returning
  player's post), FOLD, CHECK, CALL, BET, RAISE, COMPLETE, ALL_IN: read.
- SIT_OUT: read as a fold.
- SHOW, MUCK: the cards follow as `<cards type="SHOWN|MUCKED">`, read there; `<cards
  type="HOLE">` the hole cards, `<cards type="COMMUNITY">` the board (in a street's round).
- CHAT, PLAYER_OUT, SIT_OUT_NEXT, LEAVE, JOIN, DISCONNECTED, RECONNECTED, SIT_IN, TIMEOUT,
  GAME_CANCELLED (a hand called off before the deal): change nothing, skipped.
- RABBIT (`<event type="RABBIT" player=".." text="Jh,Js">` in END_OF_FOLDED_GAME): rabbit
  hunting once everyone else folded; the board it deals there (`<cards type="COMMUNITY">`
  after the hand is over) is no street of the hand and is not read: skipped.

Amounts: BET, CALL and ALL_IN are the chips the action puts in; RAISE is the player's street
total since 2010-09-08 (ET) and the chips put in before (the site changed the format). An
ALL_IN without an amount only repeats that the player is all-in; an ALL_IN in the BLINDS
round is a blind posted all-in. In tournaments of the unversioned format the listed balance
is the stack after the blinds and antes were posted; from the versioned format (2012-08,
`version="1"`, `"2.1"`) it is the stack before them, and each `<game>` carries the stakes of
its own level. A `winner` with `uncalled="true"` is the uncalled bet returned beside an
all-in; a bet nobody called when everyone folds comes back inside the `uncalled="false"`
amount. `starttime` is the client's local time (a zone only from 2012-08): the events'
epoch-millisecond timestamps date the hand when present.

Omaha: `<description type="Omaha">` (high), `"Omaha H/L8"` (Hi/Lo), `numholecards` the cards
dealt; in a mixed game (HORSE) each `<game>`'s `multigametype` names its round (23 Hold'em,
37 Omaha H/L8; stud, razz and draw rounds are unsupported). A Hi/Lo winner's `pottype` is
`h` or `l` for a half, `n` for the whole pot. A tournament's stakes may name no level ("No
Limit", "Pot Limit"): the blinds posted are the hand's.

A BIG_BLIND above the stakes' big blind is a "post both" (the big blind live, the rest dead),
unless the small blind too was posted above the stakes' small blind: a cash hand whose
blinds are both other than its `stakes` (`No Limit ($0.50/$1)` over posts of 1.00 and 2.00,
test files that put another table's description on a hand) plays its own blinds, and the
rules its stakes judge (bet and raise sizes, the order of action) abstain
(`_xml.contradicted_stakes`).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

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
from ..money import currency_of
from ._xml import Betting, XmlError, XmlFormat, attr, cards, contradicted_stakes, unknown_element
from ._xml import plain_amount as amount
from .base import UnsupportedGame
from .common import game_code, omaha_of

# each blind is a whole run with a digit in it, taken at once (not split at each digit)
_STAKES = re.compile(r"(?P<limit>No Limit|Pot Limit|Limit)\s*\(?"
                     r"(?:(?P<sb>(?=[^/()\s]*\d)[^/()\s]*+)/(?P<bb>(?=[^/()\s]*\d)[^/()\s]*+))?")
_START_TAG = re.compile(r"""(<description(?:[^<>"']|"[^"]*"|'[^']*')*?)/?>""")
"""A start tag up to its `>` or `/>`, quoted attribute values read whole."""
_STREETS = {"POSTFLOP": Street.FLOP, "POSTTURN": Street.TURN, "POSTRIVER": Street.RIVER}
_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "Limit": Limit.FIXED_LIMIT}
_NEW_RAISE = datetime(2010, 9, 8, tzinfo=ZoneInfo("America/New_York"))
_ET = ZoneInfo("America/New_York")
_HALVES = {"h": "high", "l": "low"}
"""A winner's `pottype` in Hi/Lo games: the high or the low half of its pot; `"n"` is the
whole pot (a high-only game's, or a Hi/Lo pot with no qualifying low)."""


_MIXED_GAMES: dict[str, tuple[str, int, bool]] = {
    "1": ("holdem", 2, False), "2": ("holdem", 2, False), "23": ("holdem", 2, False),
    "4": ("omaha", 4, False), "34": ("omaha", 4, True), "35": ("omaha", 4, True), "37": ("omaha", 4, True),
}
"""The game of a mixed game's hand (`multigametype`) where it is Hold'em or Omaha: 23 and 37
are the Hold'em and Omaha H/L8 rounds of the corpus' HORSE tournament (two and four hole
cards, 37's pots paid `pottype="h"` and `"l"`); the others as other readers of the format
list them (fpdb's Merge reader). The other codes are stud, razz and draw games."""
_MIXED_OTHER = {"38": "7-stud", "39": "7-stud", "41": "7-stud", "42": "7-stud", "43": "7-stud h/l8",
                "45": "7-stud h/l8", "46": "razz", "47": "razz", "49": "razz"}
"""The stud and razz rounds of a mixed game (the same readers' list), named in Merge's own
words ("7-Stud", "7-Stud H/L8", "Razz"): read, not audited."""


def _game_of(gtype: str, mixed: str | None, holes: str | None) -> tuple[str, int, bool] | None:
    """(variant, hole cards, Hi/Lo) of a hand from its `<description type>` ("Holdem",
    "Omaha", "Omaha H/L8 Tournament", "HORSE Tournament"), its `multigametype` (a mixed game's
    round) and its `numholecards`, which must agree; None for a game not read."""
    if mixed is not None:
        game = _MIXED_GAMES.get(mixed)
        return game if game is not None and str(game[1]) == holes else None
    name = gtype.removesuffix(" Tournament").strip()
    if "Holdem" in name or "HORSE" in name or "Mixed" in name:
        return ("holdem", 2, False) if holes == "2" else None
    omaha = omaha_of(name)
    if omaha is None or holes not in ("4", "5", "6") or omaha[0] not in (0, int(holes)):
        return None
    return "omaha", int(holes), omaha[1]


class MergeFormat(XmlFormat):
    name = "merge_xml"
    sites = ("Merge",)
    description = "Merge Gaming Network XML (<description .../><game id=...>)"
    hand_start = re.compile(r"<game[\s>]")
    hand_end = re.compile(r"</game\s*>")
    closing = "</game>"
    marker = re.compile(r"<description type=|<game id=\"[^\"]*\" starttime=")
    table_sequence = re.compile(r"\d+-(\d+)")
    """`<game id="33325037-507">`: the table's id and the hand's number at the table."""

    def detect(self, head: list[str]) -> bool:  # type: ignore[override]
        return any(self.marker.search(line) for line in head) and not any(
            "<session" in line or "<gametype>" in line for line in head)

    def session_header(self, text: str, previous: str) -> str:
        """The last `<description ...>` start tag before the hand, as an empty element
        (written `<description .../>` or `<description ...></description>`; a `>` may stand
        inside a quoted attribute)."""
        i = text.rfind("<description")
        if i < 0:
            return previous
        m = _START_TAG.match(text, i)
        if m is None:
            return previous
        return m.group(1) + "/>"

    def guess_id(self, text: str) -> str:
        m = re.search(r'<game id="([^"]*)"', text)
        return m.group(1) if m else ""

    def build(self, hand: Hand, root: ET.Element, header: str, where: dict[ET.Element, int]) -> None:
        hand.hand_id = attr(root, "id")

        def line(e: ET.Element) -> int:
            return where.get(e, hand.line)

        try:
            desc = ET.fromstring(header) if header else None
        except ET.ParseError as exc:
            raise XmlError(root, f"the session's <description> does not read as XML ({exc})") from None
        gtype = desc.get("type", "") if desc is not None else ""
        stakes = desc.get("stakes", "") if desc is not None else ""
        # from version 2.1 each <game> repeats the stakes of its own level; the session's
        # <description> keeps those of the level the file started in
        stakes = root.get("stakes") or stakes
        version = root.get("version") or (desc.get("version") if desc is not None else None)
        hand.kind = "tournament" if "Tournament" in gtype else "cash"
        stamps = [int(t) for e in root.iter("event") if (t := e.get("timestamp") or "").isdigit()]
        start = root.get("starttime", "")
        digits = re.sub(r"\D", "", start)[:14]
        offset = re.search(r"([+-])(\d\d):?(\d\d)\s*$", start)
        if stamps:
            # the events carry epoch milliseconds; `starttime` is in the client's local time,
            # with no zone before 2012-08 (the corpus shows offsets of -5, -7 hours, ...)
            hand.started_at, hand.tz = datetime.fromtimestamp(min(stamps) // 1000, timezone.utc), "UTC"
        elif len(digits) == 14:
            local = datetime.strptime(digits, "%Y%m%d%H%M%S")
            if offset:
                sign = -1 if offset.group(1) == "-" else 1
                zone = timezone(sign * timedelta(hours=int(offset.group(2)), minutes=int(offset.group(3))))
                hand.started_at, hand.tz = local.replace(tzinfo=zone).astimezone(timezone.utc), offset.group(0).strip()
            else:
                hand.started_at, hand.tz = local.replace(tzinfo=_ET).astimezone(timezone.utc), "ET"
        data = root.get("data", "").replace(":", "|").split("|")
        hand.table_name = data[1].strip() if len(data) > 1 else ""
        if hand.kind == "tournament" and len(data) > 2:
            hand.tournament_id = data[2].split("-")[0]
        seats_attr = root.get("seats")
        hand.max_seats = int(seats_attr) if seats_attr and seats_attr.isdigit() else None
        m = _STAKES.search(stakes)
        game = _game_of(gtype, root.get("multigametype"), root.get("numholecards"))
        if game is None:
            # named by the site's game ("Omaha Hi-Lo ...", "7-Stud"), not read as Hold'em
            hand.variant = _MIXED_OTHER.get(root.get("multigametype") or "") or (
                "omaha" if "Omaha" in gtype else (gtype.lower() or "unknown"))
            raise UnsupportedGame(gtype)
        hand.variant, hand.hole_cards, hand.hilo = game
        if m is None:
            raise XmlError(root, f"no limit in the stakes {stakes!r}")
        hand.limit = _LIMITS[m.group("limit")]
        hand.game = game_code(hand.limit, hand.variant, hand.hole_cards, hand.hilo)
        players = root.find("players")
        if players is None:
            raise XmlError(root, "<game> without <players>")
        if hand.kind == "cash":
            hand.currency = currency_of(stakes) or ("USD" if root.get("realmoney") == "true" else "play")
            hand.scale = 2 if hand.currency != "play" else 0
        else:
            values = [e.get("amount") or e.get("balance") or "" for e in root.iter()]
            fractional = any("." in v and v.rsplit(".", 1)[1].strip("0") for v in values)
            hand.scale = 2 if fractional else 0
        scale = hand.scale
        if m.group("sb") and m.group("bb"):
            low, high = amount(m.group("sb"), scale), amount(m.group("bb"), scale)
            if hand.limit is Limit.FIXED_LIMIT:
                hand.small_bet, hand.big_bet, hand.bb, hand.sb = low, high, low, low // 2
            else:
                hand.sb, hand.bb = low, high
        lvl = re.search(r"Blinds\s+(\d+)/(\d+)", stakes)
        if lvl:
            hand.sb, hand.bb = amount(lvl.group(1), scale), amount(lvl.group(2), scale)
        dealer = players.get("dealer") or ""
        hand.button_seat = int(dealer) if dealer.isdigit() else None
        names: dict[int, str] = {}
        for p in players.iter("player"):
            seat = int(attr(p, "seat"))
            names[seat] = attr(p, "nickname")
            hand.seats.append(Seat(seat, names[seat], amount(p.get("balance") or "0", scale),
                                   p.get("dealtin") == "false", line(p)))
        seat_state = {s.seat: s for s in hand.seats}
        unlisted: set[int] = set()
        chose: set[int] = set()  # seats with an action other than ALL_IN: not all-in then
        new_raise = hand.started_at is None or hand.started_at >= _NEW_RAISE

        def who(e: ET.Element) -> tuple[int, str]:
            s = int(attr(e, "player"))
            if s not in names:
                # the site sometimes leaves a player out of <players>: seat him with the
                # chips the hand shows him putting in as his stack (the least he had)
                names[s] = f"Seat {s}"
                seat_state[s] = Seat(s, names[s], 0, False, line(e))
                hand.seats.append(seat_state[s])
                unlisted.add(s)
            return s, names[s]

        ev = hand.events
        bet = Betting()
        sb_over = False  # a small blind above the header's: its stakes are not this hand's
        board: tuple[str, ...] = ()
        shown: dict[int, tuple[tuple[str, ...], bool]] = {}
        for rnd in root.iter("round"):
            rid = rnd.get("id", "")
            if rid in _STREETS:
                bet.new_street()
                for c in rnd.iter("cards"):
                    if c.get("type") == "COMMUNITY":
                        full = cards(c.get("cards"))
                        new = full[len(board):]
                        board = full
                        ev.append(StreetEvent(line(c), _STREETS[rid], new, board))
                        break
            if rid == "SHOWDOWN":
                ev.append(StreetEvent(line(rnd), Street.SHOWDOWN, (), ()))
            for c in rnd.iter("cards"):
                kind = c.get("type")
                if kind == "HOLE" and c.get("player", "-1") in {str(s) for s in names}:
                    s, n = who(c)
                    got = cards(c.get("cards"))
                    if got:
                        ev.append(DealEvent(line(c), s, n, got))
                elif kind in ("SHOWN", "MUCKED") and c.get("player", "-1") in {str(s) for s in names}:
                    s, _ = who(c)
                    shown[s] = (cards(c.get("cards")), kind == "MUCKED")
            events = list(rnd.iter("event"))
            blinds_seen: list[str] = []
            for i, e in enumerate(events):
                kind = e.get("type", "")
                if kind in ("CHAT", "PLAYER_OUT", "SIT_OUT_NEXT", "LEAVE", "JOIN", "DISCONNECTED",
                            "RECONNECTED", "SIT_IN", "TIMEOUT", "GAME_CANCELLED", "RABBIT"):
                    # GAME_CANCELLED (no player): a hand called off before the deal; RABBIT:
                    # rabbit hunting once the hand is over, no chips and no action
                    continue
                s, n = who(e)
                ln = line(e)
                if kind in ("FOLD", "CHECK", "CALL", "BET", "RAISE", "COMPLETE"):
                    chose.add(s)
                raw = e.get("amount")
                chips = amount(raw, scale) if raw else 0
                if kind in ("INITIAL_BLIND", "RETURN_BLIND"):
                    # a new player's blind ("INITIAL_BLIND", live: he checks when the action
                    # comes back to him) and a returning player's small and big blind at once
                    # ("RETURN_BLIND"): a big blind out of position, what passes it dead
                    kind = "BIG_BLIND"
                blind_all_in = rid == "BLINDS" and kind == "ALL_IN" and raw is not None
                if blind_all_in:
                    # a blind posted all-in is written as ALL_IN: the small blind when no
                    # blind is posted yet and a big blind follows, else the big blind
                    later = {x.get("type") for x in events[i + 1:]}
                    kind = "SMALL_BLIND" if not blinds_seen and "BIG_BLIND" in later else "BIG_BLIND"
                if kind in ("SMALL_BLIND", "BIG_BLIND"):
                    blinds_seen.append(kind)
                if kind in ("SMALL_BLIND", "BIG_BLIND", "ANTE"):
                    if hand.kind == "tournament" and version is None:
                        # before the versioned format (2012-08) tournament balances are the
                        # stacks after the blinds and antes; from then on, before them
                        seat_state[s].stack += chips
                    if kind == "ANTE":
                        bet.put(s, chips, live=False)
                        hand.ante = max(hand.ante, chips)
                        ev.append(PostEvent(ln, s, n, Post.ANTE, chips))
                        continue
                    # after a small blind above the header's, a big blind above its big
                    # blind is the hand's own, not a "post both"
                    if kind == "BIG_BLIND" and hand.bb and chips > hand.bb and not blind_all_in and not sb_over:
                        bet.put(s, hand.bb)
                        bet.put(s, chips - hand.bb, live=False)
                        ev.append(PostEvent(ln, s, n, Post.DEAD, hand.bb, chips - hand.bb))
                        continue
                    bet.put(s, chips)
                    post = Post.SMALL_BLIND if kind == "SMALL_BLIND" else Post.BIG_BLIND
                    ev.append(PostEvent(ln, s, n, post, chips, all_in=blind_all_in))
                    sb_over = sb_over or (post is Post.SMALL_BLIND and hand.kind == "cash" and chips > hand.sb > 0)
                elif kind in ("FOLD", "SIT_OUT"):
                    ev.append(ActionEvent(ln, s, n, Act.FOLD))
                elif kind == "CHECK":
                    ev.append(ActionEvent(ln, s, n, Act.CHECK))
                elif kind == "CALL":
                    ev.append(bet.added(ln, s, n, chips, False, Act.CALL))
                elif kind == "BET":
                    ev.append(bet.added(ln, s, n, chips, False))
                elif kind == "RAISE" or kind == "COMPLETE":
                    if new_raise or kind == "COMPLETE":
                        ev.append(bet.raise_to(ln, s, n, chips, False))
                    else:
                        ev.append(bet.added(ln, s, n, chips, False))
                elif kind == "ALL_IN":
                    if raw is None:
                        continue  # repeats that the player is all-in
                    ev.append(bet.added(ln, s, n, chips, True))
                elif kind == "SHOW":
                    pass  # the cards follow as <cards type="SHOWN">
                elif kind == "MUCK":
                    pass
                else:
                    unknown_element(hand, e, ln)
            if rid in ("END_OF_GAME", "END_OF_FOLDED_GAME"):
                end_line = line(rnd)
                for s, (got, muck) in shown.items():
                    ev.append(ShowEvent(end_line, s, names[s], got, muck))
                shown = {}
                for w in rnd.iter("winner"):
                    s, n = who(w)
                    won = amount(attr(w, "amount"), scale)
                    if w.get("uncalled") == "true":
                        ev.append(UncalledEvent(line(w), s, n, won))
                    else:
                        pot = w.get("potnumber")
                        number = int(pot) - 1 if pot and pot.isdigit() else None
                        ev.append(CollectEvent(line(w), s, n, won, number, half=_HALVES.get(w.get("pottype", ""))))
        for s, (got, muck) in shown.items():
            ev.append(ShowEvent(hand.end_line, s, names[s], got, muck))
        if hand.limit is Limit.FIXED_LIMIT and not hand.small_bet:
            # tournament limit stakes are not written: the big blind is the small bet
            bbs = [e.amount for e in ev if isinstance(e, PostEvent) and e.kind is Post.BIG_BLIND]
            hand.bb = hand.small_bet = max(bbs, default=0)
            hand.big_bet, hand.sb = 2 * hand.small_bet, hand.small_bet // 2
        elif not hand.bb:
            # a tournament's "No Limit" or "Pot Limit" without its level: the blinds posted
            # (a blind posted all-in is short of the level's)
            bbs = [e.amount for e in ev if isinstance(e, PostEvent) and e.kind is Post.BIG_BLIND and not e.all_in]
            sbs = [e.amount for e in ev if isinstance(e, PostEvent) and e.kind is Post.SMALL_BLIND and not e.all_in]
            hand.sb = sbs[0] if sbs else max(bbs, default=0) // 2
            hand.bb = max(bbs, default=2 * hand.sb)
        # a bet nobody called is written as uncalled="true" only beside an all-in; when the
        # others fold it comes back inside the winner's uncalled="false" amount
        hand.implicit_uncalled = not any(isinstance(e, UncalledEvent) for e in ev)
        paid = sum(e.amount for e in ev if isinstance(e, CollectEvent))
        returned = sum(e.amount for e in ev if isinstance(e, UncalledEvent))
        if hand.kind == "cash" and paid:
            # no rake is written: it is what the pot did not pay out
            rake = sum(bet.total.values()) - returned - paid
            hand.summary.rake = rake if rake >= 0 else None
        for s in unlisted:
            # an unlisted seat that folds, checks, calls or bets without ALL_IN had more
            # than it put in: one chip more is the least it can have had
            seat_state[s].stack = bet.total.get(s, 0) + (1 if s in chose else 0)
        hand.seats.sort(key=lambda x: x.seat)
        contradicted_stakes(hand)


FORMATS = [MergeFormat()]
