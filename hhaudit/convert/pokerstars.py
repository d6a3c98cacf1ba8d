"""Hands as PokerStars text, the layout every tracker imports (PokerTracker 4, Holdem
Manager, fpdb) and the one hhaudit's `pokerstars` format reads.

Cash hands with a currency print amounts with cents and the currency's sign ("$0.25",
"€1.50") and its code in the header; tournament and play-chip hands print whole chips. The
times are written in UTC. Every hole card the log reveals is a "Dealt to" line; the
uncalled bet is returned in its own line and the collections are net of it, as PokerStars
writes them; the summary states the log's total pot and rake (the computed pot where the
log states none).

Omaha is named as PokerStars names it ("Omaha Pot Limit", "Omaha Hi/Lo Limit", "5 Card Omaha
Pot Limit"). The text names no site: a hand of a site whose conventions decide its pots
(`profiles.SITE_CONVENTIONS`) reads back judged by the `online` profile's defaults.

What PokerStars text cannot state, and so is refused with the reason: amounts finer than
cents (or than whole chips without a currency), a hand id with other characters than
letters, digits and dashes, a dead blind that is not "small & big blinds" or a "dead blind",
more than one board, fees other than room money added to the pot ("STP added").
"""

from __future__ import annotations

import re

from ..model import (
    ActionEvent,
    CollectEvent,
    DealEvent,
    FeeEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from ..money import to_text
from .view import HandView, Unexpressible

name = "pokerstars"
separator = "\n\n"
suffix = ".txt"
_SIGNS = {"USD": "$", "EUR": "€", "GBP": "£"}
_CODES = ("USD", "EUR", "GBP", "INR", "CNY", "CAD", "SEK", "CHF")
"""The currencies hhaudit's PokerStars reader knows by their code."""
_ID = re.compile(r"[0-9A-Za-z-]+")
_LIMITS = {Limit.NO_LIMIT: "No Limit", Limit.POT_LIMIT: "Pot Limit", Limit.FIXED_LIMIT: "Limit"}


def _game(hand: Hand) -> str:
    """The game as PokerStars names it: "Hold'em No Limit", "Omaha Hi/Lo Limit", "5 Card
    Omaha Pot Limit"."""
    if hand.variant != "omaha":
        return f"Hold'em {_LIMITS[hand.limit]}"
    count = f"{hand.hole_cards} Card " if hand.hole_cards != 4 else ""
    return f"{count}Omaha{' Hi/Lo' if hand.hilo else ''} {_LIMITS[hand.limit]}"
_POSTS = {Post.SMALL_BLIND: "small blind", Post.BIG_BLIND: "big blind", Post.ANTE: "the ante",
          Post.STRADDLE: "straddle"}
_STREETS = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}


def header() -> str:
    return ""


def footer() -> str:
    return ""


def write(v: HandView, number: int) -> str:
    hand = v.hand
    cash = hand.kind != "tournament" and hand.currency not in ("", "play")
    if cash and hand.currency not in _CODES:
        raise Unexpressible(f"the currency {hand.currency}: PokerStars text names {', '.join(_CODES)}")
    places = 2 if cash else 0
    sign = _SIGNS.get(hand.currency, "") if cash else ""
    unit = 10 ** max(hand.scale - places, 0)
    shift = 10 ** max(places - hand.scale, 0)

    def m(amount: int) -> str:
        if amount % unit:
            raise Unexpressible(f"the amount {v.money(amount)}: PokerStars prints "
                                + ("cents" if cash else "whole chips (no currency is known)"))
        return sign + to_text(amount // unit * shift, places)

    hand_id = v.hand_id
    if not _ID.fullmatch(hand_id):
        raise Unexpressible(f"hand id {hand_id!r}: PokerStars ids are letters, digits and dashes")
    if not v.dealt:
        raise Unexpressible("no player is dealt in: a PokerStars hand lists its seats")
    low, high = (hand.small_bet, hand.big_bet) if hand.limit is Limit.FIXED_LIMIT else (hand.sb, hand.bb)
    if hand.limit is Limit.FIXED_LIMIT and not low:
        low, high = hand.bb, 2 * hand.bb
    game = _game(hand)
    when = ""
    if hand.started_at is not None:
        t = hand.started_at
        when = f" - {t.year:04d}/{t.month:02d}/{t.day:02d} {t.hour}:{t.minute:02d}:{t.second:02d} UTC"
    if hand.kind == "tournament":
        tid = hand.tournament_id if _ID.fullmatch(hand.tournament_id or "") else "0"
        head = f"PokerStars Hand #{hand_id}: Tournament #{tid}, {game} - Level I ({m(low)}/{m(high)}){when}"
    else:
        code = f" {hand.currency}" if cash else ""
        head = f"PokerStars Hand #{hand_id}: {game} ({m(low)}/{m(high)}{code}){when}"
    out = [head]
    table = hand.table_name.replace("'", "") or "hhaudit"
    size = f" {hand.max_seats}-max" if hand.max_seats else ""
    play = " (Play Money)" if hand.currency == "play" else ""
    out.append(f"Table '{table}'{size}{play} Seat #{v.button} is the button")
    dealt = set(v.dealt)
    for s in sorted(hand.seats, key=lambda s: s.seat):
        note = "" if s.seat in dealt and not s.sitting_out else " is sitting out"
        out.append(f"Seat {s.seat}: {s.player} ({m(s.stack)} in chips){note}")
    events = hand.events
    first_action = next((i for i, e in enumerate(events) if not isinstance(e, PostEvent)), len(events))
    for ev in events[:first_action]:
        assert isinstance(ev, PostEvent)
        out.append(_post(v, ev, m))
    out.append("*** HOLE CARDS ***")
    for seat in v.dealt:
        cards = v.hole.get(seat)
        if cards:
            out.append(f"Dealt to {v.name(seat)} [{' '.join(cards)}]")
    board: list[str] = []
    top, excess = v.unmatched()
    won = v.winnings()
    # The unmatched bet gets its own line when the log's format never writes one (so the
    # return is implied); a log that could have written it and did not is kept as it is.
    returned_silently = bool(excess) and not v.returned and hand.implicit_uncalled
    showdown = False
    paid_written = False
    facing = max([e.amount for e in events[:first_action] if isinstance(e, PostEvent) and e.kind is not Post.ANTE]
                 + [hand.bb], default=0)  # a short big blind does not lower the stakes
    for seq, ev in enumerate(events[first_action:], first_action):
        if isinstance(ev, PostEvent):
            out.append(_post(v, ev, m))
            if ev.kind is not Post.ANTE:
                facing = max(facing, ev.amount)
        elif isinstance(ev, ActionEvent):
            row = v.rows.get(seq)
            if row is None:
                continue
            who = f"{ev.player}: "
            tail = " and is all-in" if row.all_in else ""
            if row.action in ("fold", "check"):
                out.append(f"{who}{row.action}s")
            elif row.action in ("call", "bet"):
                out.append(f"{who}{row.action}s {m(row.amount or 0)}{tail}")
            elif row.action == "raise":
                to = row.to_amount or 0
                out.append(f"{who}raises {m(to - facing)} to {m(to)}{tail}")
                facing = max(facing, to)
            if row.action == "bet" and row.to_amount is not None:
                facing = max(facing, row.to_amount)
        elif isinstance(ev, UncalledEvent):
            out.append(f"Uncalled bet ({m(ev.amount)}) returned to {ev.player}")
        elif isinstance(ev, StreetEvent):
            if ev.street in _STREETS:
                old = f" [{' '.join(board)}]" if board else ""
                board.extend(ev.cards)
                facing = 0
                new = f" [{' '.join(ev.cards)}]" if old else f" [{' '.join(board)}]"
                out.append(f"*** {_STREETS[ev.street]} ***{old}{new}")
            elif ev.street is Street.SHOWDOWN and not showdown:
                showdown = True
                out.append("*** SHOW DOWN ***")
        elif isinstance(ev, ShowEvent):
            if not showdown:
                showdown = True
                out.append("*** SHOW DOWN ***")
            if ev.muck:
                cards = ev.cards if len(ev.cards) == hand.hole_cards else ()
                out.append(f"{ev.player}: mucks hand [{' '.join(cards)}]" if cards else f"{ev.player}: mucks hand")
            elif len(ev.cards) != hand.hole_cards:
                out.append(f"{ev.player}: shows []")  # shown, but the log does not say what
            else:
                out.append(f"{ev.player}: shows [{' '.join(ev.cards)}]")
        elif isinstance(ev, CollectEvent):
            if not paid_written:
                paid_written = True
                if returned_silently and top is not None:
                    out.append(f"Uncalled bet ({m(excess)}) returned to {v.name(top)}")
                out.extend(_collections(v, won, m))
        elif isinstance(ev, FeeEvent):
            if ev.kind != "room_added":
                raise Unexpressible(f"a {ev.kind.replace('_', ' ')} of {v.money(ev.amount)} has no PokerStars line")
            out.append(f"STP added: {m(-ev.amount)}")
        elif isinstance(ev, DealEvent):
            continue
    if not paid_written:
        if returned_silently and top is not None:
            out.append(f"Uncalled bet ({m(excess)}) returned to {v.name(top)}")
        out.extend(_collections(v, won, m))
    summary = hand.summary
    total = v.pot()
    if summary.total_pot is not None:
        # The log's total, unless it is one PokerStars would write otherwise: with the
        # unmatched bet inside (formats that never return it) or after the rake.
        net = total - (summary.rake or 0) - (summary.jackpot or 0)
        if summary.total_pot in (total + excess, net + excess) and excess and hand.implicit_uncalled:
            total = summary.total_pot - excess
        elif summary.total_pot != net:
            total = summary.total_pot
    out.append("*** SUMMARY ***")
    out.append(f"Total pot {m(total)} | Rake {m(summary.rake or 0)}")
    if board:
        out.append(f"Board [{' '.join(board)}]")
    return "\n".join(out) + "\n"


def _post(v: HandView, ev: PostEvent, m: object) -> str:
    assert callable(m)
    tail = " and is all-in" if ev.all_in else ""
    if ev.kind is Post.DEAD or (ev.dead and ev.kind is not Post.ANTE):
        if ev.amount == 0:
            return f"{ev.player}: posts dead blind {m(ev.dead)}{tail}"
        if ev.amount == v.hand.bb:
            return f"{ev.player}: posts small & big blinds {m(ev.amount + ev.dead)}{tail}"
        if not ev.dead:  # a live blind out of position
            return f"{ev.player}: posts big blind {m(ev.amount)}{tail}"
        raise Unexpressible(f"{ev.player}'s post of {v.money(ev.amount)} live and {v.money(ev.dead)} dead "
                            "has no PokerStars line")
    return f"{ev.player}: posts {_POSTS[ev.kind]} {m(ev.amount + ev.dead)}{tail}"


def hand_implicit(v: HandView) -> bool:
    return v.hand.implicit_uncalled


def _collections(v: HandView, won: dict[int, int], m: object) -> list[str]:
    assert callable(m)
    pots = {e.pot for e in v.hand.events if isinstance(e, CollectEvent)}
    named = pots - {None}
    lines = []
    for e in v.hand.events:
        if not isinstance(e, CollectEvent):
            continue
        amount = e.amount
        if hand_implicit(v) and e.seat in won and won[e.seat] != v.collected.get(e.seat, 0):
            # the unmatched bet came back inside this collection: take it out (once)
            amount -= v.collected[e.seat] - won[e.seat]
            won = {**won, e.seat: v.collected[e.seat]}
        where = "pot" if not named or e.pot is None else "main pot" if e.pot == 0 else f"side pot-{e.pot}"
        lines.append(f"{e.player} collected {m(amount)} from {where}")
    return lines
