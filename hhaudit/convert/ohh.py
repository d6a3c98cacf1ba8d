"""Hands as Open Hand History (hh-specs.handhistory.org, spec 1.4.7): one `{"ohh": {...}}`
JSON object per hand, the objects separated by one blank line (the spec's storage format).

Amounts are JSON numbers in printed units, written from the integers (never through a
float). Rounds are Preflop (the posts, the "Dealt Cards" the log reveals and the pre-flop
betting), Flop, Turn and River with their new cards, and Showdown (shows and mucks). A
raise's `amount` is the chips the raise put in (the spec's own example: raised to 20
after betting 2 is 18). The pots are the log's payments: one pot with every payment when
the log names no pots, else one per pot it names, with the hand's rake on the main pot. A
dead blind is a "Post Dead" (its live part, if any, a "Post Extra Blind" just before).

The pot's `amount` is the log's stated total pot when it states one (so a wrong total, AC01,
reads back wrong), and a seat the log marks sitting out is `is_sitting_out` even when it
posts or acts.

Omaha is `game_type` "Omaha" and Omaha Hi/Lo "OmahaHiLo" (the spec's names); the count of
hole cards is the cards dealt (the reader's rule), so a five- or six-card Omaha hand is
written when the log reveals some seat's whole hand.

What OHH cannot state, and so is refused with the reason: more than one board, a fixed-limit
big bet other than twice the small bet, a hand whose uncalled bet is wrong (AC03: OHH
writes no uncalled-bet return, the unmatched bet comes back implicitly), and a five- or
six-card Omaha hand that reveals no seat's whole hand.
"""

from __future__ import annotations

import json
from decimal import Decimal

from .. import __version__
from ..model import (
    ActionEvent,
    CollectEvent,
    FeeEvent,
    Limit,
    Post,
    PostEvent,
    ShowEvent,
    Street,
    StreetEvent,
)
from ..money import to_text
from .view import HandView, Unexpressible

name = "ohh"
separator = "\n"  # one blank line between two hands (the spec's storage format)
suffix = ".ohh"
SPEC_VERSION = "1.4.7"
_LIMITS = {Limit.NO_LIMIT: "NL", Limit.POT_LIMIT: "PL", Limit.FIXED_LIMIT: "FL"}
_POSTS = {Post.SMALL_BLIND: "Post SB", Post.BIG_BLIND: "Post BB", Post.ANTE: "Post Ante",
          Post.STRADDLE: "Straddle"}
_ACTS = {"fold": "Fold", "check": "Check", "call": "Call", "bet": "Bet", "raise": "Raise"}
_ROUNDS = {Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River"}


def header() -> str:
    return ""


def footer() -> str:
    return ""


def _dump(value: object) -> str:
    """Compact JSON with Decimals written as the numbers they are."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {_dump(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_dump(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def write(v: HandView, number: int) -> str:
    hand = v.hand
    for f in v.audited.findings:
        if f.rule == "AC03":
            raise Unexpressible("the log's uncalled bet is wrong (AC03), and OHH writes no uncalled-bet return "
                                "(the unmatched bet comes back implicitly)")
    for ev in hand.events:
        if isinstance(ev, FeeEvent) and ev.kind == "room_added":
            raise Unexpressible(f"{v.money(-ev.amount)} the room adds to the pot (a splash): OHH has no field for "
                                "money that no player puts in")
    if hand.limit is Limit.FIXED_LIMIT and hand.small_bet and hand.big_bet != 2 * hand.small_bet:
        raise Unexpressible(f"fixed limit {v.money(hand.small_bet)}/{v.money(hand.big_bet)}: OHH states the "
                            "small bet (the big blind) and the big bet is twice it")

    game = "Holdem"
    if hand.variant == "omaha":
        game = "OmahaHiLo" if hand.hilo else "Omaha"
        if hand.hole_cards != 4 and not any(len(c) == hand.hole_cards for c in v.hole.values()):
            # OHH's game_type names no count: a reader takes it from the cards dealt
            raise Unexpressible(f"{hand.game}: OHH's game_type names no hole-card count, and no cards of the "
                                "hand say it is not four")

    def m(amount: int) -> Decimal:
        return Decimal(to_text(amount, hand.scale))

    seats = sorted(hand.seats, key=lambda s: s.seat)
    ids = {s.seat: i for i, s in enumerate(seats)}
    dealt = set(v.dealt)
    players = [{"id": ids[s.seat], "seat": s.seat, "name": s.player, "display": s.player,
                "starting_stack": m(s.stack), "player_bounty": Decimal(0),
                "is_sitting_out": s.sitting_out or s.seat not in dealt} for s in seats]
    rounds: list[dict[str, object]] = []
    actions: list[dict[str, object]] = []
    rounds.append({"id": 0, "street": "Preflop", "cards": [], "actions": actions})
    count = 0

    def add(seat: int, action: str, amount: int | None = None, all_in: bool = False,
            cards: tuple[str, ...] = ()) -> None:
        nonlocal count
        a: dict[str, object] = {"action_number": count, "player_id": ids[seat], "action": action}
        if amount is not None:
            a["amount"] = m(amount)
            a["is_allin"] = all_in
        if cards:
            a["cards"] = list(cards)
        actions.append(a)
        count += 1

    dealt_done = False
    showdown = False
    for seq, ev in enumerate(hand.events):
        if isinstance(ev, PostEvent):
            if ev.kind is Post.DEAD or (ev.dead and ev.kind is not Post.ANTE):
                if ev.amount:
                    add(ev.seat, "Post Extra Blind", ev.amount, False)
                add(ev.seat, "Post Dead", ev.dead, ev.all_in)
            else:
                add(ev.seat, _POSTS[ev.kind], ev.amount + ev.dead, ev.all_in)
            continue
        if not dealt_done and not isinstance(ev, PostEvent):
            dealt_done = True
            for seat in v.dealt:
                cards = v.hole.get(seat)
                if cards:
                    add(seat, "Dealt Cards", None, False, cards)
        if isinstance(ev, ActionEvent):
            row = v.rows.get(seq)
            if row is None or row.action not in _ACTS:
                continue
            amount = row.amount if row.action in ("call", "bet", "raise") else None
            add(ev.seat, _ACTS[row.action], amount, row.all_in)
        elif isinstance(ev, StreetEvent):
            if ev.street in _ROUNDS:
                actions = []
                rounds.append({"id": len(rounds), "street": _ROUNDS[ev.street], "cards": list(ev.cards),
                               "actions": actions})
            elif ev.street is Street.SHOWDOWN and not showdown:
                showdown = True
                actions = []
                rounds.append({"id": len(rounds), "street": "Showdown", "cards": [], "actions": actions})
        elif isinstance(ev, ShowEvent):
            if not showdown:
                showdown = True
                actions = []
                rounds.append({"id": len(rounds), "street": "Showdown", "cards": [], "actions": actions})
            if ev.muck:
                add(ev.seat, "Mucks Cards", None, False, ev.cards if len(ev.cards) == hand.hole_cards else ())
            elif len(ev.cards) != hand.hole_cards:
                add(ev.seat, "Shows Cards")  # shown, but the log does not say what
            else:
                add(ev.seat, "Shows Cards", None, False, ev.cards)
    won = v.winnings()
    rake = hand.summary.rake or 0
    collects = [e for e in hand.events if isinstance(e, CollectEvent)]
    named = sorted({e.pot for e in collects if e.pot is not None})
    pots: list[dict[str, object]] = []
    if not collects:
        pass  # the log states no payment
    elif not named:
        wins = [{"player_id": ids[s], "win_amount": m(a)} for s, a in sorted(won.items(), key=lambda kv: ids[kv[0]])
                if a > 0]
        jackpot = hand.summary.jackpot or 0
        paid = sum(a for a in won.values() if a > 0) + rake + jackpot
        stated = hand.summary.total_pot
        pots.append({"number": 0, "amount": m(stated if stated is not None else paid),
                     "rake": m(rake), "jackpot": m(hand.summary.jackpot or 0), "player_wins": wins})
    else:
        taken = {s: v.collected.get(s, 0) - won.get(s, 0) for s in v.collected}  # unmatched bet inside
        for k in named:
            wins = []
            total = 0
            for e in collects:
                if e.pot != k:
                    continue
                amount = e.amount - taken.get(e.seat, 0)
                taken[e.seat] = 0
                wins.append({"player_id": ids[e.seat], "win_amount": m(amount)})
                total += amount
            pot_rake = rake if k == named[0] else 0
            pot_jackpot = (hand.summary.jackpot or 0) if k == named[0] else 0
            pots.append({"number": k, "amount": m(total + pot_rake + pot_jackpot), "rake": m(pot_rake),
                         "jackpot": m(hand.summary.jackpot or 0) if k == named[0] else m(0),
                         "player_wins": wins})
    ohh: dict[str, object] = {
        "spec_version": SPEC_VERSION,
        "site_name": hand.site,
        "network_name": hand.site,
        "internal_version": __version__,
        "tournament": hand.kind == "tournament",
        "game_number": v.hand_id,
    }
    if hand.kind == "tournament":
        ohh["tournament_info"] = {"tournament_number": hand.tournament_id, "name": "", "start_date_utc": "",
                                  "currency": hand.currency, "buyin_amount": None, "fee_amount": None,
                                  "bounty_fee_amount": None, "initial_stack": None, "type": "MTT",
                                  "flags": [], "speed": {"type": "Normal", "round_time": 0}}
    if hand.started_at is not None:
        ohh["start_date_utc"] = hand.started_at.strftime("%Y-%m-%dT%H:%M:%S")
    ohh.update({
        "table_name": hand.table_name,
        "game_type": game,
        "bet_limit": {"bet_cap": Decimal(0), "bet_type": _LIMITS[hand.limit]},
        "table_size": hand.max_seats or max(s.seat for s in seats),
        "currency": "XPM" if hand.currency == "play" else hand.currency,
        "dealer_seat": v.button,
        "small_blind_amount": m(hand.sb),
        "big_blind_amount": m(hand.bb if hand.limit is not Limit.FIXED_LIMIT else (hand.small_bet or hand.bb)),
        "ante_amount": m(hand.ante),
        "flags": [],
        "players": players,
        "rounds": rounds,
        "pots": pots,
    })
    return _dump({"ohh": ohh}) + "\n"
