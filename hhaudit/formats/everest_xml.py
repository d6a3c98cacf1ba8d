"""Everest Poker XML hand histories.

A file holds a `<SESSION time tableName id type="ring|tournament" money="$|€|" screenName
game="hold-em|omaha-hi" gametype="no-limit|pot-limit|fixed-limit"/>` line, shared by the
`<HAND time id index blinds stakes>` elements that follow (tournaments end with `<PRIZE>`).

Players and actions name a seat (`position`). Amounts are integers in hundredths of the
printed unit (cents; tournament chips x 100), so the hand's scale is 2; the `blinds` and
`stakes` attributes are printed ("$0.50/$1", "0,01 €/0,02 €", "1 750/3 500") and tournament
ones may be a level behind: the posted blinds decide.

Line kinds (the elements of a `<HAND>`; a type or element not listed here is kept, named by a PA04 warning (`_xml.unknown_element`),
and the hand is read but not judged):

- SEAT position name balance; DEALER position; ANTE position amount;
  BLIND position amount penalty (penalty = dead part posted with it); XBLIND: no blind.
- HOLE: one hole card per element ("--" unknown). COMMUNITY: the new board cards (the
  flop, the turn, the river, or all five at once when no betting is left).
- BET position amount [allin="1"]: the chips the action puts in; 0 is a check; a call,
  bet or raise follows from the state. FOLD. PUSH amount: the uncalled bet returned.
- SWEEP rake: the pot gathered at the end of a street; the last one gives the rake.
- SHOW / MUCK position cards; XSHOW (does not show). WIN position amount pot.
- CHAT, and a tournament's PRIZE and PLACE: change nothing, skipped.
"""

from __future__ import annotations

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
from ..money import AmountError, FinerAmount, currency_of
from ._xml import Betting, XmlError, XmlFormat, attr, cards, tag_id, unknown_element
from ._xml import plain_amount as amount
from .base import UnsupportedGame
from .common import game_code, omaha_of, set_omaha

_LIMITS = {"no-limit": Limit.NO_LIMIT, "pot-limit": Limit.POT_LIMIT, "fixed-limit": Limit.FIXED_LIMIT,
           "limit": Limit.FIXED_LIMIT}
_STREETS = (Street.FLOP, Street.TURN, Street.RIVER)


class EverestFormat(XmlFormat):
    name = "everest_xml"
    sites = ("Everest",)
    description = "Everest Poker XML (<SESSION .../><HAND time= id= ...>)"
    hand_start = re.compile(r"<HAND[\s>]")
    hand_end = re.compile(r"</HAND\s*>")
    closing = "</HAND>"
    marker = re.compile(r"<SESSION\s+time=\"\d+\"\s+tableName=|<HAND\s+time=\"\d+\"\s+id=")

    def session_header(self, text: str, previous: str) -> str:
        i = text.rfind("<SESSION")
        if i < 0:
            return previous
        j = text.find(">", i)
        return text[i : j + 1] if j >= 0 else previous

    def guess_id(self, text: str) -> str:
        return tag_id(text, "HAND", last=True)

    def build(self, hand: Hand, root: ET.Element, header: str, where: dict[ET.Element, int]) -> None:
        hand.hand_id = attr(root, "id")

        def line(e: ET.Element) -> int:
            return where.get(e, hand.line)

        try:
            session = ET.fromstring(header) if header else None
        except ET.ParseError:
            session = None
        if session is None:
            raise XmlError(root, "no <SESSION> header before this hand")
        when = root.get("time", "")
        if when.isdigit():
            hand.started_at, hand.tz = datetime.fromtimestamp(int(when), timezone.utc), "UTC"
        hand.table_name = session.get("tableName", "")
        hand.kind = "tournament" if session.get("type") == "tournament" else "cash"
        if hand.kind == "tournament":
            hand.tournament_id = session.get("id", "")
        game = session.get("game", "")
        omaha = omaha_of(game) if game != "hold-em" else None
        if omaha is not None:  # "omaha-hi"; the count from the cards dealt
            set_omaha(hand, *omaha)
        elif game != "hold-em":
            raise UnsupportedGame(game)
        gametype = session.get("gametype", "")
        if gametype not in _LIMITS:
            raise XmlError(root, f"unknown game type {gametype!r}")
        hand.limit = _LIMITS[gametype]
        hand.game = game_code(hand.limit, hand.variant, hand.hole_cards, hand.hilo)
        money = session.get("money", "")
        hand.currency = (currency_of(money) or "play") if hand.kind == "cash" else ""
        hand.scale = 2  # every amount is written in hundredths
        blinds = root.get("blinds", "").split("/")
        stakes = root.get("stakes", "").split("/")
        if len(blinds) == 2:
            hand.sb, hand.bb = amount(blinds[0], 2), amount(blinds[1], 2)
        if hand.limit is Limit.FIXED_LIMIT and len(stakes) == 2:
            hand.small_bet, hand.big_bet = amount(stakes[0], 2), amount(stakes[1], 2)

        seats: dict[int, str] = {}
        stacks: dict[int, int] = {}
        for s in root.iter("SEAT"):
            pos = int(attr(s, "position"))
            seats[pos] = attr(s, "name")
            stacks[pos] = amount(attr(s, "balance"), 0)  # in hundredths
            hand.seats.append(Seat(pos, seats[pos], stacks[pos], False, line(s)))

        def who(e: ET.Element) -> tuple[int, str]:
            pos = int(attr(e, "position"))
            if pos not in seats:
                raise XmlError(e, f"no player in seat {pos}")
            return pos, seats[pos]

        def chips(e: ET.Element) -> int:
            v = attr(e, "amount")
            try:
                return amount(v, 0)  # in hundredths
            except FinerAmount:
                raise
            except AmountError:
                raise XmlError(e, f"not an amount: {v!r}") from None

        ev = hand.events
        bet = Betting()
        board: tuple[str, ...] = ()
        holes: dict[int, list[str]] = {}
        blinds_posted: list[tuple[int, int]] = []
        shown: dict[int, tuple[tuple[str, ...], bool]] = {}
        sweep_rake: int | None = None
        collected = False
        for e in root:
            tag = e.tag
            if tag in ("SEAT", "CHAT", "XBLIND", "XSHOW"):
                continue
            ln = line(e)
            if tag == "DEALER":
                hand.button_seat = int(attr(e, "position"))
            elif tag == "ANTE":
                st, name = who(e)
                c = chips(e)
                bet.put(st, c, live=False)
                hand.ante = max(hand.ante, c)
                ev.append(PostEvent(ln, st, name, Post.ANTE, c, 0, c >= stacks[st]))
            elif tag == "BLIND":
                st, name = who(e)
                c = chips(e)
                penalty = amount(e.get("penalty") or "0", 0)
                all_in = bet.total.get(st, 0) + c + penalty >= stacks[st]
                bet.put(st, c)
                if penalty:
                    bet.put(st, penalty, live=False)
                    ev.append(PostEvent(ln, st, name, Post.DEAD, c, penalty, all_in))
                    continue
                blinds_posted.append((st, c))
                # the first of two blinds is the small one; a lone blind is the big one
                # unless it is no more than the small blind
                kind = Post.BIG_BLIND
                n_blinds = sum(1 for x in root if x.tag == "BLIND" and not int(x.get("penalty") or "0"))
                if len(blinds_posted) == 1 and n_blinds >= 2:
                    kind = Post.SMALL_BLIND
                elif n_blinds == 1 and hand.sb and c <= hand.sb and c < hand.bb:
                    kind = Post.SMALL_BLIND
                ev.append(PostEvent(ln, st, name, kind, c, 0, all_in))
            elif tag == "HOLE":
                st, _ = who(e)
                text = (e.text or "").strip()
                if text and set(text) != {"-"}:
                    holes.setdefault(st, []).extend(cards(text))
            elif tag == "COMMUNITY":
                new = cards(e.text)
                i = 0
                while i < len(new):
                    street_no = {0: 0, 3: 1, 4: 2}.get(len(board))
                    if street_no is None:
                        raise XmlError(e, f"board {board} cannot take {new}")
                    take = 3 if street_no == 0 else 1
                    part = new[i : i + take]
                    board = board + part
                    bet.new_street()
                    ev.append(StreetEvent(ln, _STREETS[street_no], part, board))
                    i += take
            elif tag == "BET":
                st, name = who(e)
                c = chips(e)
                all_in = e.get("allin") == "1" or (c > 0 and bet.total.get(st, 0) + c >= stacks[st])
                if c == 0:
                    ev.append(ActionEvent(ln, st, name, Act.CHECK))
                else:
                    ev.append(bet.added(ln, st, name, c, all_in))
            elif tag == "FOLD":
                st, name = who(e)
                ev.append(ActionEvent(ln, st, name, Act.FOLD))
            elif tag == "PUSH":
                st, name = who(e)
                c = chips(e)
                bet.total[st] = bet.total.get(st, 0) - c
                ev.append(UncalledEvent(ln, st, name, c))
            elif tag == "SWEEP":
                sweep_rake = amount(e.get("rake") or "0", 0) + amount(e.get("tax") or "0", 0)
                hand.summary.total_pot = amount((e.text or "0").strip() or "0", 0)
                hand.summary.line = ln
            elif tag in ("SHOW", "MUCK"):
                st, _ = who(e)
                shown[st] = (cards(e.text), tag == "MUCK")
            elif tag == "WIN":
                if not collected:
                    if len([s for s in shown]) >= 2:
                        ev.append(StreetEvent(ln, Street.SHOWDOWN, (), ()))
                    for st, (got, muck) in shown.items():
                        ev.append(ShowEvent(ln, st, seats[st], got, muck))
                    collected = True
                st, name = who(e)
                pot = e.get("pot")
                ev.append(CollectEvent(ln, st, name, chips(e), int(pot) if pot and pot.isdigit() else None))
            elif tag in ("PRIZE", "PLACE"):
                continue
            else:
                unknown_element(hand, e, ln)
        if not collected:
            for st, (got, muck) in shown.items():
                ev.append(ShowEvent(hand.end_line, st, seats[st], got, muck))
        for st, hole in holes.items():
            if hole:
                i = next(k for k, x in enumerate(ev) if not isinstance(x, PostEvent)) if any(
                    not isinstance(x, PostEvent) for x in ev) else len(ev)
                ev.insert(i, DealEvent(ln_of_hole(root, st, where, hand.line), st, seats[st], tuple(hole)))
        # the posted blinds decide the stakes (a tournament's attributes may lag a level)
        posts = [p for p in ev if isinstance(p, PostEvent)]
        bbs = [p.amount for p in posts if p.kind is Post.BIG_BLIND and not p.all_in]
        sbs = [p.amount for p in posts if p.kind is Post.SMALL_BLIND and not p.all_in]
        if hand.kind == "tournament":
            if bbs:
                hand.bb = max(bbs)
                hand.sb = sbs[0] if sbs else hand.bb // 2
            elif sbs:
                hand.sb, hand.bb = sbs[0], 2 * sbs[0]
            if hand.limit is Limit.FIXED_LIMIT:
                hand.small_bet, hand.big_bet = hand.bb, 2 * hand.bb
        if hand.limit is Limit.FIXED_LIMIT and hand.kind == "cash" and hand.small_bet:
            hand.bb = hand.small_bet
        hand.summary.rake = sweep_rake
        if board:
            hand.summary.boards = [board]


def ln_of_hole(root: ET.Element, seat: int, where: dict[ET.Element, int], default: int) -> int:
    for e in root.iter("HOLE"):
        if e.get("position") == str(seat):
            return where.get(e, default)
    return default


FORMATS = [EverestFormat()]
