"""House rules judged once a hand is replayed: the showdown's order (TDA-2024 17-A), all-in
hands tabled (TDA-2024 16), the straddles the house allows and its rebuy limits. Each is a
profile option a room sets in its house rules (`hhaudit/profiles.py`; off or unlimited in
the built-in profiles, so they find nothing unless a room asks).

`check_house()` is called by the auditor after the pot audit when `is_on(profile)`. The
no-limit raise cap (`nl_raise_cap`, IA04) is a betting rule in `rules.py`.

A straddle's kind comes from where it was posted (`straddle_kind`): the first straddle from
the seat after the big blind is "utg", from the button "button", from any other seat
"mississippi"; a straddle on top of a straddle is "re-straddle". Formats that read the kind
from the log (a live log's `button straddle`) post it from that seat, so the seat says it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import (
    Act,
    ActionEvent,
    Category,
    Hand,
    Post,
    PostEvent,
    Severity,
    ShowEvent,
    Street,
    StreetEvent,
)
from ..profiles import Profile
from .replay import State
from .rules import RULES, Rule, register

if TYPE_CHECKING:
    from .audited import AuditedHand, Judge

ALL_STRADDLES = ("utg", "button", "mississippi", "re-straddle")


@dataclass(slots=True)
class Rebuy:
    """Chips a player added between hands (a live log's `rebuy`, `addon` or `top up` line),
    kept on `Hand.live` for the rebuy limits."""

    line: int
    seat: int
    player: str
    chips: int
    kind: str = "rebuy"


# ============================================================== rules


@register
class ShowdownOrder(Rule):
    """A hand shown before the hand that had to show first (TDA-2024 17-A).

    At a showdown with nobody all-in, the last aggressor of the final betting round shows
    first; with no bet in that round, the first seat still in left of the button. The
    others follow clockwise, or muck. Judged with `showdown_order = true`.

    Bad: river, Dave bets 40 and Bob calls; Bob shows first. Good: Dave shows first, then
    Bob shows or mucks.
    """

    code = "AO07"
    name = "showdown-out-of-order"
    category = Category.ACTION_ORDER
    severity = Severity.INFO
    citation = "TDA-2024 17; Robert's Showdown 7"
    default_reason = "Judged only when the house sets showdown_order: a rule the user chose."


@register
class AllInNotTabled(Rule):
    """A hand still in after an all-in, with the betting over, not tabled face up (TDA-2024 16).

    Once a player is all-in and every other player's betting is complete, every hand still
    in is turned face up and none may be mucked. Judged with `allin_tabled = true`
    (tournaments; cash games may let players decline).

    Bad: Carol is all-in, Bob calls; Carol shows and Bob mucks. Good: both hands are tabled.
    """

    code = "AO08"
    name = "all-in-hand-not-tabled"
    category = Category.ACTION_ORDER
    citation = "TDA-2024 16"
    default_reason = "Judged only when the house sets all_in_tabled: a rule the user chose."


@register
class StraddleNotAllowed(Rule):
    """A straddle of a kind the house does not allow (`straddles`).

    The kinds: "utg" (the seat after the big blind), "button", "mississippi" (any other
    seat), "re-straddle" (a straddle on top of a straddle). Rooms differ: Mississippi and
    button straddles are house rules, and rooms limit re-straddles.

    Bad: `straddles = ["utg"]` and the button straddles. Good: only the seat after the big
    blind straddles, once.
    """

    code = "IA05"
    name = "straddle-not-allowed"
    category = Category.ILLEGAL_ACTION
    citation = "house rule (straddles); Robert's NL (straddle)"
    default_reason = "Judged only when the house sets straddles: a rule the user chose."


@register
class RebuyPastLimit(Rule):
    """A rebuy past the house's limits: more chips than one rebuy may add (`max_rebuy`), or
    more rebuys than one player may make in a table session (`max_rebuys`).

    Live logs: `rebuy`, `addon` and `top up` lines count alike; the count is judged by the
    session audit, one rebuy for each hand that adds chips to the player's stack.

    Bad: `max_rebuy = 500` and `rebuy Carol 800`; `max_rebuys = 1` and Carol's second
    rebuy of the evening. Good: `rebuy Carol 500`, once.
    """

    code = "SE08"
    name = "rebuy-past-limit"
    category = Category.SESSION
    citation = "house rebuy limits (max_rebuy, max_rebuys); Robert's Table Stakes"
    standalone = True
    default_reason = "Judged only when the house sets rebuy limits: a rule the user chose."


# ============================================================== judging


def is_on(profile: Profile) -> bool:
    """Whether any house rule of this module has something to judge with `profile`."""
    return (profile.showdown_order or profile.allin_tabled or profile.max_rebuy > 0
            or set(profile.straddles) != set(ALL_STRADDLES))


def check_house(auditor: Judge, hand: Hand, state: State, out: AuditedHand) -> None:
    profile = state.profile
    if profile.showdown_order or profile.allin_tabled:
        _judge_showdown(auditor, hand, state, out)
    if set(profile.straddles) != set(ALL_STRADDLES):
        _judge_straddles(auditor, hand, state, out)
    if profile.max_rebuy > 0:
        _judge_rebuys(auditor, hand, state, out)


def first_to_show(hand: Hand, state: State) -> int | None:
    """The seat that shows first at the showdown (TDA-2024 17-A): the last seat that bet or
    raised in the final betting round, else the first seat still in left of the button."""
    street: Street = Street.PREFLOP
    aggressor: tuple[int, Street] | None = None
    for ev in hand.events:
        if isinstance(ev, StreetEvent) and ev.street is not Street.SHOWDOWN and ev.run <= 1:
            street = ev.street
        elif isinstance(ev, ActionEvent) and ev.act in (Act.BET, Act.RAISE):
            aggressor = (ev.seat, street)
    live = {s.seat for s in state.live()}
    if aggressor is not None and aggressor[1] is street and aggressor[0] in live:
        return aggressor[0]
    if state.button is None:
        return None
    return next((seat for seat in state.next_after(state.button, include=True) if seat in live), None)


def _judge_showdown(auditor: Judge, hand: Hand, state: State, out: AuditedHand) -> None:
    live = state.live()
    if len(live) < 2:
        return  # no showdown
    shows = [ev for ev in hand.events if isinstance(ev, ShowEvent) and ev.run <= 1]
    if any(s.all_in for s in live):
        if state.profile.allin_tabled:
            end = next((ev.line for ev in reversed(hand.events) if isinstance(ev, StreetEvent)), hand.line)
            for s in sorted(live, key=lambda s: s.seat):
                k = out.cards.get(s.seat)
                if k is not None and k.tabled:
                    continue
                muck = next((ev for ev in shows if ev.seat == s.seat and ev.muck), None)
                auditor.finding(out, RULES["AO08"], muck.line if muck else end, -1,
                                f"{s.player} tables the hand face up (a player is all-in)",
                                f"{s.player} mucked" if muck else f"{s.player}'s hand never tabled",
                                f"{s.player} (seat {s.seat}) " + ("mucked" if muck else "never tabled the hand")
                                + " with a player all-in (the house tables every hand)",
                                seat=s.seat, player=s.player)
        return
    if not state.profile.showdown_order or not shows:
        return
    first = first_to_show(hand, state)
    if first is None:
        return
    names = {s.seat: s.player for s in live}
    for ev in shows:
        if ev.seat == first:
            return
        if ev.seat in names and not ev.muck:
            why = "the last aggressor" if _aggressor(hand) == first else "the first seat still in left of the button"
            auditor.finding(out, RULES["AO07"], ev.line, -1, f"{names[first]} shows first ({why})",
                            f"{ev.player} showed first", f"{ev.player} (seat {ev.seat}) showed before "
                            f"{names[first]}, who shows first ({why})", seat=ev.seat, player=ev.player)
            return


def _aggressor(hand: Hand) -> int | None:
    last = None
    for ev in hand.events:
        if isinstance(ev, ActionEvent) and ev.act in (Act.BET, Act.RAISE):
            last = ev.seat
    return last


def straddle_kind(state: State, seat: int, index: int) -> str:
    """The kind of the `index`-th straddle of a hand (0: the first), posted from `seat`."""
    if index > 0:
        return "re-straddle"
    if seat == state.button:
        return "button"
    bb = state.bb_seat
    if bb is not None:
        after = next((s for s in state.next_after(bb) if state.seats[s].dealt_in), None)
        if seat == after:
            return "utg"
    return "mississippi"


def _judge_straddles(auditor: Judge, hand: Hand, state: State, out: AuditedHand) -> None:
    allowed = state.profile.straddles
    kill = next((getattr(r, "kill_line", 0) for r in hand.live if hasattr(r, "kill_line")), 0)
    # a live log's kill blind is posted like a straddle but is the house's kill rule, not a straddle
    posts = [(i, ev) for i, ev in enumerate(hand.events) if isinstance(ev, PostEvent) and ev.kind is Post.STRADDLE
             and not (kill and ev.line == kill)]
    for n, (seq, ev) in enumerate(posts):
        kind = straddle_kind(state, ev.seat, n)
        if kind not in allowed:
            auditor.finding(out, RULES["IA05"], ev.line, seq,
                            "straddles allowed: " + (", ".join(allowed) if allowed else "none"),
                            f"{kind} straddle of {to_units(hand, ev.amount)} by {ev.player}",
                            f"{ev.player} (seat {ev.seat}) posted a {kind} straddle of {to_units(hand, ev.amount)}; "
                            "the house allows " + (", ".join(allowed) if allowed else "none"),
                            seat=ev.seat, player=ev.player)


def _judge_rebuys(auditor: Judge, hand: Hand, state: State, out: AuditedHand) -> None:
    most = state.profile.max_rebuy
    for r in hand.live:
        if isinstance(r, Rebuy) and most and r.chips > most:
            auditor.finding(out, RULES["SE08"], r.line, -1, f"at most {to_units(hand, most)} in one {r.kind}",
                            f"{r.kind} of {to_units(hand, r.chips)} by {r.player}",
                            f"{r.player} (seat {r.seat}) took a {r.kind} of {to_units(hand, r.chips)}, over the "
                            f"house's {to_units(hand, most)}", seat=r.seat, player=r.player,
                            expected_amount=most, actual_amount=r.chips)


def to_units(hand: Hand, value: int) -> str:
    from ..money import to_text

    return to_text(value, hand.scale)
