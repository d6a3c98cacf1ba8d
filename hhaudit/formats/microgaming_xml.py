"""Microgaming (MPN) XML hand histories.

Each hand is a `<Game id date="YYYY-MM-DD hh:mm:ss" tablename stakes="sb|bb" betlimit="NL|PL|FL"
tabletype gametype="Hold'em|..." realmoney istournament rake="cents">` element; files carry
junk text around it ("----PRIMA.DAT----", "ExtendedTableName: ..."), which the splitter
leaves out. `<Seats>` lists `<Seat num alias balance endbalance [dealer] [sittingout]>`
(`endbalance=""` in some 2016 files: the end stack is then not known);
`<Gameplay>` the `<Action seq type seat value>` elements in order, and a final
`<Action type="Win">` with one `<Seat num amount pot>` per payment.

Line kinds (`<Action type=..>` of `<Gameplay>`, amounts as written: the one hand worked
through shows it, and `endbalance` confirms it; a type or element not listed here is kept, named by a PA04 warning (`_xml.unknown_element`),
and the hand is read but not judged):
- SmallBlind, BigBlind: the blind; PostedToPlay: a new or returning player's post (the big
  blind; a missed-blinds "big + small" post is written as the big blind only, and the dead
  small blind shows in `endbalance`). A PostedToPlay of less than the big blind (the small
  blind's amount, out of position) is live: in a 2016 `hhversion="5"` PLO hand at 5/10 the
  poster's "PostedToPlay 5.00" then "Raise 30.00" make 35, which the next player calls with
  "Call 35.00" and the big blind with "Call 25.00" (every `endbalance` agrees).
- Call: the player's street total; Raise: the street total (raise to); Bet: chips put in;
  AllIn: the chips put in (a call, bet or raise from the state). From `hhversion="2"`
  (2012) Call and Raise are the chips the action puts in too: the 2012 PLO hands' calls
  ("Call 0.30" by the 0.05 small blind facing 0.35; `endbalance` agrees) and a 2014
  `hhversion="4"` hand's raises show it (no version-2 hand raises with chips already in).
- An AllIn before the big blind is posted is a blind posted all-in.
- BadBeatContribution: the bad-beat jackpot drop, taken from the stack, not put in the pot;
  MoneyReturned: an uncalled bet given back.
- ShowCards / MuckCards with `<Card value suit>` children; DealFlop/DealTurn/DealRiver the
  new board cards; DealCards the hero's hole cards.
- Win amount: the pot paid; the uncalled bet is not written. In some hands the winner's
  `amount` includes his own uncalled bet: `endbalance` (= balance - chips put in + paid)
  tells which, and the uncalled part is taken off the collection.

The date is the site's clock (taken as UTC: the files do not say).

A cash hand whose blinds are both posted, in full, at other amounts than its `stakes`
(`stakes="3|6"` over posts of 1.00 and 2.00: test files that put another table's header on a
hand) is not judged by the rules its stakes judge (bet and raise sizes, the order of action;
`_xml.contradicted_stakes`).
"""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from datetime import datetime, timezone

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
from ._xml import Betting, XmlError, XmlFormat, attr, contradicted_stakes, tag_id, unknown_element
from ._xml import plain_amount as amount
from .base import UnsupportedGame
from .common import game_code, omaha_of, set_omaha

_LIMITS = {"NL": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT, "FL": Limit.FIXED_LIMIT, "L": Limit.FIXED_LIMIT}
_STREETS = {"DealFlop": Street.FLOP, "DealTurn": Street.TURN, "DealRiver": Street.RIVER}
_SKIP = {"SitOut", "SitIn", "Chat", "TimeOut", "Leave", "Join", "Disconnect", "Reconnect"}


def _cards(e: ET.Element) -> tuple[str, ...]:
    out = []
    for c in e.iter("Card"):
        v, s = c.get("value", ""), c.get("suit", "").lower()
        r = {"10": "T", "1": "A"}.get(v, v.upper())
        if r and s:
            if r not in "23456789TJQKA" or s not in "cdhs":
                raise XmlError(c, f"not a card: {v}{s}")
            out.append(r + s)
    return tuple(out)


def _currency(symbol: str) -> str:
    """The currency of `currencysymbol`: base64 of the UTF-16LE symbol ("rCA=" is €)."""
    try:
        text = base64.b64decode(symbol).decode("utf-16-le").strip()
    except (ValueError, UnicodeDecodeError):
        return ""
    return currency_of(text)


class MicrogamingFormat(XmlFormat):
    name = "microgaming_xml"
    sites = ("Microgaming",)
    description = "Microgaming XML (<Game id=.. date=.. stakes=\"sb|bb\" betlimit=..>)"
    hand_start = re.compile(r"<Game[\s>]")
    hand_end = re.compile(r"</Game\s*>")
    closing = "</Game>"
    # a <Game tag's attributes are read up to its ">" or the next "<Game " (a betlimit after
    # that one is inside the later tag's own span): each tag is read once when searched
    marker = re.compile(r"<Game\s(?:[^<>]|<(?!Game\s))*\bbetlimit=|----PRIMA\.DAT----")

    def guess_id(self, text: str) -> str:
        return tag_id(text, "Game", last=False)

    def build(self, hand: Hand, root: ET.Element, header: str, where: dict[ET.Element, int]) -> None:
        hand.hand_id = attr(root, "id")

        def line(e: ET.Element) -> int:
            return where.get(e, hand.line)

        date = root.get("date", "")
        try:
            hand.started_at, hand.tz = datetime.strptime(date, "%Y-%m-%d %H:%M:%S").replace(tzinfo=timezone.utc), "UTC"
        except ValueError:
            pass
        hand.table_name = root.get("tablename", "")
        hand.kind = "tournament" if root.get("istournament") == "1" else "cash"
        if hand.kind == "tournament":
            m = re.search(r"\[(\d+)\]", hand.table_name)
            hand.tournament_id = m.group(1) if m else ""
        gametype = root.get("gametype", "")
        omaha = omaha_of(gametype) if "Hold'em" not in gametype else None
        if omaha is not None:  # "Omaha" (gametypeid 50), "Omaha H/L" (51)
            set_omaha(hand, *omaha)  # the count from the cards dealt where the name has none
        elif "Hold'em" not in gametype:  # "Hold'em" (gametypeid 1), "Multi Table Hold'em"
            hand.variant = "omaha" if "Omaha" in gametype else (gametype.lower() or "unknown")
            raise UnsupportedGame(gametype)
        limit = root.get("betlimit", "")
        if limit not in _LIMITS:
            raise XmlError(root, f"unknown bet limit {limit!r}")
        hand.limit = _LIMITS[limit]
        hand.game = game_code(hand.limit, hand.variant, hand.hole_cards, hand.hilo)
        version = root.get("hhversion", "")
        chips_added = version.isdigit() and int(version) >= 2  # Call/Raise: chips put in
        if hand.kind == "cash":
            hand.scale = 2
            hand.currency = _currency(root.get("currencysymbol", "")) if root.get("realmoney") == "true" else "play"
        else:
            values = [v for e in root.iter() for k, v in e.attrib.items() if k in ("balance", "value", "amount")]
            hand.scale = 2 if any("." in v and v.rsplit(".", 1)[1].strip("0") for v in values) else 0
        scale = hand.scale
        stakes = root.get("stakes", "").split("|")
        if len(stakes) == 2:
            low, high = amount(stakes[0], scale), amount(stakes[1], scale)
            if hand.limit is Limit.FIXED_LIMIT:
                hand.small_bet, hand.big_bet, hand.bb, hand.sb = low, high, low, low // 2
            else:
                hand.sb, hand.bb = low, high

        seats = root.find("Seats")
        play = root.find("Gameplay")
        if seats is None or play is None:
            raise XmlError(root, "<Game> without <Seats> or <Gameplay>")
        names: dict[int, str] = {}
        stacks: dict[int, int] = {}
        ends: dict[int, int] = {}
        for s in seats.iter("Seat"):
            num = int(attr(s, "num"))
            names[num] = attr(s, "alias")
            stacks[num] = amount(attr(s, "balance"), scale)
            end = (s.get("endbalance") or "").strip()
            if end:  # some files leave it empty (endbalance=""): not known, as when absent
                ends[num] = amount(end, scale)
            hand.seats.append(Seat(num, names[num], stacks[num], s.get("sittingout") == "true", line(s)))
            if s.get("dealer") == "true":
                hand.button_seat = num
        seat_of = {s.seat: s for s in hand.seats}

        def who(e: ET.Element) -> tuple[int, str]:
            num = int(attr(e, "seat"))
            if num not in names:
                raise XmlError(e, f"no player in seat {num}")
            return num, names[num]

        ev = hand.events
        bet = Betting()
        board: tuple[str, ...] = ()
        acted: set[int] = set()
        shows: list[ShowEvent] = []
        wins: list[tuple[int, int, int, int | None]] = []
        to_play: list[int] = []  # indexes in ev of PostedToPlay big blinds
        win_line = hand.end_line
        actions = [e for e in play if e.tag == "Action"]
        for i, e in enumerate(actions):
            kind = e.get("type", "")
            ln = line(e)
            if kind in _SKIP:
                continue
            if kind in _STREETS:
                new = _cards(e)
                board = board + new
                bet.new_street()
                ev.append(StreetEvent(ln, _STREETS[kind], new, board))
                continue
            if kind == "Win":
                win_line = ln
                for w in e.iter("Seat"):
                    num = int(attr(w, "num"))
                    if num not in names:
                        raise XmlError(w, f"no player in seat {num}")
                    pot_no = w.get("pot")
                    wins.append((where.get(w, ln), num, amount(attr(w, "amount"), scale),
                                 int(pot_no) if pot_no and pot_no.isdigit() else None))
                continue
            st, name = who(e)
            if kind == "DealCards":
                got = _cards(e)
                if got:
                    ev.append(DealEvent(ln, st, name, got))
                continue
            if kind in ("ShowCards", "MuckCards"):
                shows.append(ShowEvent(ln, st, name, _cards(e), kind == "MuckCards"))
                continue
            raw = e.get("value")
            chips = amount(raw, scale) if raw else 0
            left = stacks[st] - bet.total.get(st, 0)
            if kind == "SmallBlind":
                bet.put(st, chips)
                ev.append(PostEvent(ln, st, name, Post.SMALL_BLIND, chips, 0, chips >= left))
            elif kind == "BigBlind":
                bet.put(st, chips)
                ev.append(PostEvent(ln, st, name, Post.BIG_BLIND, chips, 0, chips >= left))
            elif kind == "PostedToPlay":
                if hand.bb and chips < hand.bb:
                    # a post of less than the big blind out of position plays: the others
                    # call to it and the poster's raise adds to it
                    bet.put(st, chips)
                    ev.append(PostEvent(ln, st, name, Post.DEAD, chips, 0, chips >= left))
                else:
                    bet.put(st, chips)
                    to_play.append(len(ev))
                    ev.append(PostEvent(ln, st, name, Post.BIG_BLIND, chips, 0, chips >= left))
            elif kind == "Ante":
                bet.put(st, chips, live=False)
                hand.ante = max(hand.ante, chips)
                ev.append(PostEvent(ln, st, name, Post.ANTE, chips, 0, chips >= left))
            elif kind == "Fold":
                acted.add(st)
                ev.append(ActionEvent(ln, st, name, Act.FOLD))
            elif kind == "Check":
                acted.add(st)
                ev.append(ActionEvent(ln, st, name, Act.CHECK))
            elif kind == "Call":
                acted.add(st)
                add = chips if chips_added else chips - bet.committed(st)
                ev.append(bet.added(ln, st, name, add, add >= left, Act.CALL))
            elif kind == "Bet":
                acted.add(st)
                ev.append(bet.added(ln, st, name, chips, chips >= left))
            elif kind == "Raise":
                acted.add(st)
                if chips_added:
                    ev.append(bet.added(ln, st, name, chips, chips >= left))
                else:
                    ev.append(bet.raise_to(ln, st, name, chips, chips - bet.committed(st) >= left))
            elif kind == "AllIn" and not any(isinstance(x, (ActionEvent, StreetEvent)) or (
                    isinstance(x, PostEvent) and x.kind is Post.BIG_BLIND) for x in ev):
                # a blind posted all-in: the small blind when no blind is posted yet and a
                # big blind follows, else the big blind
                later = {x.get("type") for x in actions[i + 1:]}
                small = "BigBlind" in later and not any(isinstance(x, PostEvent) and x.kind is Post.SMALL_BLIND for x in ev)
                bet.put(st, chips)
                ev.append(PostEvent(ln, st, name, Post.SMALL_BLIND if small else Post.BIG_BLIND, chips, 0, True))
            elif kind == "AllIn":
                acted.add(st)
                ev.append(bet.added(ln, st, name, chips, True))
            elif kind == "BadBeatContribution":
                stacks[st] -= chips
                seat_of[st].stack -= chips
            elif kind == "MoneyReturned":
                bet.total[st] = bet.total.get(st, 0) - chips
                ev.append(UncalledEvent(ln, st, name, chips))
            else:
                unknown_element(hand, e, ln)

        # a player marked sitting out who is dealt in and acts is in the hand
        for listed in hand.seats:
            if listed.sitting_out and (listed.seat in acted or bet.total.get(listed.seat)):
                listed.sitting_out = False

        # endbalance = balance - chips put in + chips received: what it says beyond the
        # written posts is a dead small blind posted with a PostedToPlay big blind
        received = {num: 0 for num in names}
        for _, num, won, _ in wins:
            received[num] += won
        for i in to_play:
            p = ev[i]
            assert isinstance(p, PostEvent)
            if p.seat in ends:
                extra = stacks[p.seat] - ends[p.seat] + received[p.seat] - bet.total.get(p.seat, 0)
                if 0 < extra < p.amount:
                    # only the chips put in are known here; an uncalled return would show
                    # as a negative extra, so a positive one is money the log left out
                    ev[i] = PostEvent(p.line, p.seat, p.player, Post.DEAD, p.amount, extra, p.all_in)
                    bet.total[p.seat] = bet.total.get(p.seat, 0) + extra
        # the bet nobody matched goes back to its owner; some hands count it in his Win
        dead = {e.seat: e.dead for e in ev if isinstance(e, PostEvent) and e.dead and e.kind is not Post.ANTE}
        ante = {e.seat: e.amount for e in ev if isinstance(e, PostEvent) and e.kind is Post.ANTE}
        live_total = {k: v - dead.get(k, 0) - ante.get(k, 0) for k, v in bet.total.items()}
        ranked = sorted(live_total.items(), key=lambda kv: -kv[1])
        top, excess = (ranked[0][0], ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else 0)) if ranked else (None, 0)
        if top is not None and excess > 0 and top in ends and received.get(top):
            got_back = ends[top] - stacks[top] + bet.total[top]  # everything paid to him
            if got_back == received[top]:
                # his Win includes the uncalled bet: only the rest is the pot's payment
                for i, (ln_, num, won, pot) in enumerate(wins):
                    if num == top and won >= excess:
                        wins[i] = (ln_, num, won - excess, pot)
                        break
        live = [s.seat for s in shows if not s.muck]
        if len({s.seat for s in shows}) >= 2 or len(live) >= 2:
            ev.append(StreetEvent(shows[0].line, Street.SHOWDOWN, (), ()))
        ev.extend(shows)
        paid = 0
        for ln_, num, won, pot in wins:
            if won > 0:
                paid += won
                ev.append(CollectEvent(ln_, num, names[num], won, pot))
        rake = root.get("rake")
        if rake is not None and rake.isdigit():
            hand.summary.rake = amount(rake, 0) // (1 if scale == 2 else 100)  # written in cents
        elif hand.kind == "cash" and paid:
            hand.summary.rake = sum(bet.total.values()) - excess - paid
        hand.summary.line = win_line
        hand.implicit_uncalled = not any(isinstance(e, UncalledEvent) for e in ev)
        if board:
            hand.summary.boards = [board]
        hand.seats.sort(key=lambda x: x.seat)
        contradicted_stakes(hand)


FORMATS = [MicrogamingFormat()]
