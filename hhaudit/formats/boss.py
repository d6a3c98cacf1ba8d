"""Boss Media XML hand histories (Boss network skins: espacejeux, Svenska Spel, ...).

A file holds `<HISTORY ID=".." SESSION=".." TABLE=".." GAME="GAME_THM|GAME_OMA|GAME_OMAHL" GAMEKIND="GAMEKIND_CASH|
GAMEKIND_TOURNAMENT" TABLECURRENCY=".." LIMIT="NL|PL|FL" STAKES="sb/bb" DATE="unix time">`
elements, sometimes inside `<ROOT>`, sometimes one after the other with nothing around them.
Each lists `<PLAYER NAME SEAT AMOUNT [STATE DEALER]>` (STATE_EMPTY seats are empty chairs),
then `<ACTION>` elements in order and a closing `<SHOWDOWN POT RAKE>` with one `<RESULT
PLAYER WIN>` per player (cards shown as `<CARD>` children).

Cards are numbers `LINK="0".."51"` (unknown: "b"): rank = n % 13 (0 = ace, 1 = deuce, ...,
12 = king), suit = n // 13 in diamonds, clubs, hearts, spades.

Line kinds (`<ACTION TYPE=..>` elements, `VALUE` in the printed unit; a type or element not listed here is kept, named by a PA04 warning (`_xml.unknown_element`),
and the hand is read but not judged):
- HAND_BLINDS KIND=HAND_SB / HAND_BB / HAND_AB (small and big blind together: the big blind
  plays, the rest is dead) / HAND_DSB (dead small blind); a second HAND_SB in a hand is a
  dead small blind posted by a new player; HAND_ANTE antes.
- HAND_DEAL: hole cards (the hero's are known); the button is DEALER="Y" on the player when
  written, else the last player dealt to (the first is the small blind).
- ACTION_BET: chips put in (the first bet of a street, so also the street total);
  ACTION_RAISE: the street total; ACTION_ALLIN: the street total;
  ACTION_CALL: the chips put in, or the street total when that reading would put more than
  the bet (a blind calling a raise is written either way).
- HAND_BOARD VALUE=BOARD_FLOP/TURN/RIVER: the whole board so far.
- RESULT WIN: what the player was paid, already net of his uncalled bet (which the site
  does not write). SHOWDOWN POT is the pot after rake, RAKE the rake.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from datetime import datetime, timezone

from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    Event,
    Hand,
    Limit,
    Post,
    PostEvent,
    Seat,
    ShowEvent,
    Street,
    StreetEvent,
)
from ._xml import Betting, XmlError, XmlFormat, attr, unknown_element
from ._xml import plain_amount as amount
from .base import UnsupportedGame
from .common import game_code, set_omaha

_LIMITS = {"NL": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT, "FL": Limit.FIXED_LIMIT}
_BOARDS = {"BOARD_FLOP": Street.FLOP, "BOARD_TURN": Street.TURN, "BOARD_RIVER": Street.RIVER}
_OMAHA = {"GAME_OMA": False, "GAME_OMATU": False, "GAME_OMAHL": True}
"""The Omaha games (Hi/Lo or not): `GAME_OMA` and `GAME_OMATU` (Omaha high, as other readers
of the format take them too), `GAME_OMAHL` Omaha Hi/Lo; `GAME_THM` is Texas Hold'em."""
_HALVES = {"WINTYPE_HI": "high", "WINTYPE_LO": "low"}
"""A Hi/Lo `RESULT`'s `WINTYPE`: what it pays is the high or the low half (`WINTYPE_HILO`:
both, no `WINTYPE`: a high-only game)."""
_RANKS = "A23456789TJQK"
_SUITS = "dchs"


def boss_card(link: str) -> str | None:
    """A card from its LINK number; None for a hidden card ("b")."""
    if not link.isdigit():
        return None
    n = int(link)
    if n > 51:
        raise ValueError(f"not a card number: {link!r}")
    return _RANKS[n % 13] + _SUITS[n // 13]


def _cards(e: ET.Element) -> tuple[str, ...]:
    out = []
    for c in e.iter("CARD"):
        got = boss_card(c.get("LINK", "b"))
        if got:
            out.append(got)
    return tuple(out)


class BossFormat(XmlFormat):
    name = "boss"
    sites = ("Boss",)
    description = "Boss Media XML (<HISTORY ID=.. SESSION=..>)"
    hand_start = re.compile(r"<HISTORY[\s>]")
    hand_end = re.compile(r"</HISTORY\s*>")
    closing = "</HISTORY>"
    marker = re.compile(r"<HISTORY\s+ID=\"[^\"]*\"\s+SESSION=")

    def closing_of(self, text: str) -> str:
        # a file cut after the last <RESULT> lacks </SHOWDOWN> as well as </HISTORY>
        return "</SHOWDOWN></HISTORY>" if ("<SHOWDOWN" in text and "</SHOWDOWN" not in text) else "</HISTORY>"

    def guess_id(self, text: str) -> str:
        m = re.search(r'<HISTORY\s+ID="([^"]*)"', text)
        return m.group(1) if m else ""

    def build(self, hand: Hand, root: ET.Element, header: str, where: dict[ET.Element, int]) -> None:
        hand.hand_id = attr(root, "ID")

        def line(e: ET.Element) -> int:
            return where.get(e, hand.line)

        game = root.get("GAME", "")
        kind = root.get("GAMEKIND", "")
        hand.kind = "tournament" if "TOURNAMENT" in kind else "cash"
        date = root.get("DATE", "")
        if date.isdigit():
            hand.started_at, hand.tz = datetime.fromtimestamp(int(date), timezone.utc), "UTC"
        hand.table_name = root.get("TABLE", "")
        if root.get("TABLETOURNEYID"):
            hand.tournament_id = root.get("TABLETOURNEYID", "")
        if game in _OMAHA:
            set_omaha(hand, 0, _OMAHA[game])  # four cards unless the cards dealt say otherwise
        elif game != "GAME_THM":
            raise UnsupportedGame(game)
        limit = root.get("LIMIT", "")
        if limit not in _LIMITS:
            raise XmlError(root, f"unknown limit {limit!r}")
        hand.limit = _LIMITS[limit]
        hand.game = game_code(hand.limit, hand.variant, hand.hole_cards, hand.hilo)
        hand.implicit_uncalled = True
        if hand.kind == "cash":
            hand.currency, hand.scale = root.get("TABLECURRENCY", ""), 2
            if root.get("GAMETYPE", "") not in ("", "GAMETYPE_REAL"):
                hand.currency, hand.scale = "play", 0
        else:
            # tournament chips: printed with ".00"; keep decimals only if some are used
            hand.scale = 2 if any("." in v and v.rsplit(".", 1)[1].strip("0")
                                  for e in root.iter() for k, v in e.attrib.items()
                                  if k in ("AMOUNT", "VALUE", "WIN", "POT")) else 0
        scale = hand.scale
        stakes = root.get("STAKES", "")
        if "/" in stakes:
            low, high = (amount(x, scale) for x in stakes.split("/", 1))
            if hand.limit is Limit.FIXED_LIMIT:
                hand.small_bet, hand.big_bet, hand.bb, hand.sb = low, high, low, low // 2
            else:
                hand.sb, hand.bb = low, high

        seat_of: dict[str, int] = {}
        stacks: dict[int, int] = {}
        listed = 0
        for p in root.iter("PLAYER"):
            listed += 1
            if p.get("STATE") == "STATE_EMPTY":
                continue
            name = attr(p, "NAME")
            num = int(attr(p, "SEAT"))
            seat_of[name] = num
            stacks[num] = amount(attr(p, "AMOUNT"), scale)
            hand.seats.append(Seat(num, name, stacks[num], p.get("STATE") == "STATE_SITOUT", line(p)))
            if p.get("DEALER") == "Y":
                hand.button_seat = num
        if any(p.get("STATE") for p in root.iter("PLAYER")):
            hand.max_seats = listed

        def seat(e: ET.Element) -> tuple[int, str]:
            name = attr(e, "PLAYER")
            if name not in seat_of:
                raise XmlError(e, f"{name!r} is not seated at this table")
            return seat_of[name], name

        actions = [e for e in root if e.tag == "ACTION"]
        # forced bets first, in the order they play (the site may list the big blind first)
        order = {"HAND_ANTE": 0, "HAND_SB": 1, "HAND_BB": 2}
        posts = sorted((e for e in actions if e.get("TYPE") in ("HAND_BLINDS", "HAND_ANTE")),
                       key=lambda e: order.get("HAND_ANTE" if e.get("TYPE") == "HAND_ANTE" else e.get("KIND", ""), 3))
        actions = posts + [e for e in actions if e.get("TYPE") not in ("HAND_BLINDS", "HAND_ANTE")]
        ev, bet, dealt, folded, board, bbs, preflop = self._play(hand, actions, seat, stacks, 0, line)
        showdown = root.find("SHOWDOWN")
        if showdown is None:
            raise XmlError(root, "<HISTORY> without <SHOWDOWN>")
        if not any(e.get("TYPE") == "HAND_ANTE" for e in actions) and dealt:
            # older tournament logs take antes without writing them: the pot the log
            # states after the pre-flop betting holds them, one equal ante per player dealt
            flop = next((e for e in actions if e.get("TYPE") == "HAND_BOARD"), None)
            if flop is not None and flop.get("POT"):
                stated = amount(flop.get("POT"), scale)
            else:
                stated = amount(showdown.get("POT") or "0", scale) + amount(showdown.get("RAKE") or "0", scale)
            diff = stated - preflop
            if diff > 0 and diff % len(dealt) == 0:
                ev, bet, dealt, folded, board, bbs, preflop = self._play(
                    hand, actions, seat, stacks, diff // len(dealt), line)
        hand.events = ev

        if hand.button_seat is None and dealt:
            sbs = [p.seat for p in ev if isinstance(p, PostEvent) and p.kind is Post.SMALL_BLIND]
            # heads-up, the button posts the small blind; otherwise it is dealt last
            hand.button_seat = sbs[0] if len(dealt) == 2 and sbs else dealt[-1]
        # a seat that acts was dealt in, even when the log leaves out its HAND_DEAL
        for e in ev:
            if isinstance(e, ActionEvent) and e.seat not in dealt:
                dealt.append(e.seat)
        dealt_set = set(dealt)
        if dealt_set:
            # a listed player who is dealt no cards and posts nothing is not in the hand
            # (older logs list empty chairs as "Unknown" with no chips)
            hand.seats = [s for s in hand.seats if s.seat in dealt_set or bet.total.get(s.seat)]
            for s in hand.seats:
                s.sitting_out = s.seat not in dealt_set
        if hand.kind == "tournament" and bbs:
            hand.bb = max(bbs)

        results = list(showdown.iter("RESULT"))
        live = [s for s in dealt if s not in folded]
        if len(live) >= 2:
            ev.append(StreetEvent(line(showdown), Street.SHOWDOWN, (), ()))
        for r in results:
            st, name = seat(r)
            got = _cards(r)
            if got and (st in live or len(live) < 2):
                muck = "STR_G_MUCK" in r.get("HAND", "")
                ev.append(ShowEvent(line(r), st, name, got, muck))
        for r in results:
            st, name = seat(r)
            won = amount(r.get("WIN") or "0", scale)
            if won > 0:
                ev.append(CollectEvent(line(r), st, name, won, half=_HALVES.get(r.get("WINTYPE", ""))))
        summary = hand.summary
        summary.line = line(showdown)
        if showdown.get("POT"):
            summary.total_pot = amount(showdown.get("POT"), scale)
        if showdown.get("RAKE"):
            summary.rake = amount(showdown.get("RAKE"), scale)
        if board:
            summary.boards = [board]
        hand.seats.sort(key=lambda x: x.seat)

    def _play(self, hand: Hand, actions: list[ET.Element], seat: Callable[[ET.Element], tuple[int, str]],
              stacks: dict[int, int], implied_ante: int, line: Callable[[ET.Element], int]
              ) -> tuple[list[Event], Betting, list[int], set[int], tuple[str, ...], list[int], int]:
        """The events of the actions; `implied_ante` is an unwritten ante each dealt player
        pays first. Returns the events, the betting state, the seats dealt and folded, the
        board, the big blinds posted and the pre-flop pot after any uncalled bet."""
        scale = hand.scale
        ev: list[Event] = []
        bet = Betting()
        dealt: list[int] = []
        folded: set[int] = set()
        board: tuple[str, ...] = ()
        sb_posted = False
        bbs: list[int] = []
        preflop: int | None = None
        if implied_ante:
            # the listed stacks are what was left after the unwritten ante
            hand.ante = implied_ante
            stacks = dict(stacks)
            for s in hand.seats:
                if s.seat in stacks:
                    s.stack = stacks[s.seat] = stacks[s.seat] + implied_ante
            for e in actions:
                if e.get("TYPE") == "HAND_DEAL":
                    st, name = seat(e)
                    if st not in dealt:
                        dealt.append(st)
                        bet.put(st, implied_ante, live=False)
                        ev.append(PostEvent(line(actions[0]), st, name, Post.ANTE, implied_ante))
            dealt = []

        def pot_now() -> int:
            live = sorted(bet.street.values(), reverse=True) + [0, 0]
            return sum(bet.total.values()) - (live[0] - live[1])

        for e in actions:
            kind = e.get("TYPE", "")
            ln = line(e)
            if kind == "HAND_BOARD":
                street = _BOARDS.get(e.get("VALUE", ""))
                if street is None:
                    raise XmlError(e, f"unknown board {e.get('VALUE')!r}")
                if preflop is None:
                    preflop = pot_now()
                full = _cards(e)
                new, board = full[len(board):], full
                bet.new_street()
                ev.append(StreetEvent(ln, street, new, board))
                continue
            st, name = seat(e)
            if kind == "HAND_DEAL":
                dealt.append(st)
                got = _cards(e)
                if got:
                    ev.append(DealEvent(ln, st, name, got))
                continue
            raw = e.get("VALUE")
            chips = amount(raw, scale) if raw else 0
            spent = bet.total.get(st, 0)
            left = stacks[st] - spent
            all_in = chips > 0 and chips >= left
            if kind == "HAND_ANTE":
                bet.put(st, chips, live=False)
                hand.ante = max(hand.ante, chips)
                ev.append(PostEvent(ln, st, name, Post.ANTE, chips, 0, all_in))
            elif kind == "HAND_BLINDS":
                blind = e.get("KIND", "")
                if chips > left:
                    # a short stack posts what it has: the site writes the full blind
                    chips, all_in = left, True
                if blind == "HAND_SB" and not sb_posted:
                    sb_posted = True
                    bet.put(st, chips)
                    ev.append(PostEvent(ln, st, name, Post.SMALL_BLIND, chips, 0, all_in))
                elif blind in ("HAND_SB", "HAND_DSB"):
                    bet.put(st, chips, live=False)
                    ev.append(PostEvent(ln, st, name, Post.DEAD, 0, chips, all_in))
                elif blind == "HAND_BB":
                    bet.put(st, chips)
                    if not all_in:
                        bbs.append(chips)
                    ev.append(PostEvent(ln, st, name, Post.BIG_BLIND, chips, 0, all_in))
                elif blind == "HAND_AB":
                    live = min(hand.bb, chips) if hand.bb else chips
                    bet.put(st, live)
                    bet.put(st, chips - live, live=False)
                    ev.append(PostEvent(ln, st, name, Post.DEAD, live, chips - live, all_in))
                else:
                    raise XmlError(e, f"unknown Boss blind kind {blind!r}")
            elif kind == "ACTION_FOLD":
                folded.add(st)
                ev.append(ActionEvent(ln, st, name, Act.FOLD))
            elif kind == "ACTION_CHECK":
                ev.append(ActionEvent(ln, st, name, Act.CHECK))
            elif kind == "ACTION_CALL":
                before = bet.committed(st)
                if before + chips > bet.current and chips <= bet.current:
                    chips = chips - before  # written as the street total
                all_in = chips > 0 and chips >= left
                ev.append(bet.added(ln, st, name, chips, all_in, Act.CALL))
            elif kind == "ACTION_BET":
                ev.append(bet.added(ln, st, name, chips, all_in))
            elif kind in ("ACTION_RAISE", "ACTION_ALLIN"):
                before = bet.committed(st)
                to = chips
                all_in = kind == "ACTION_ALLIN" or to - before >= left
                ev.append(bet.raise_to(ln, st, name, to, all_in))
            else:
                unknown_element(hand, e, ln)
        if preflop is None:
            preflop = pot_now()
        return ev, bet, dealt, folded, board, bbs, preflop


FORMATS = [BossFormat()]
