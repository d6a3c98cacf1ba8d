"""Rule profiles: the switches where rulebooks and rooms differ (rules.md, [CONFIG])."""

from __future__ import annotations

import difflib
import math
from dataclasses import dataclass, fields, replace
from typing import Any, Final


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    fl_cap: int = 3
    """Fixed limit: raises allowed after the bet (bet + 3 raises; Robert's B&R 3)."""
    fl_heads_up_uncapped: bool = True
    """Fixed limit: raising is unlimited whenever the pot is heads-up before the raising is
    capped on that round, at its start or after folds (Robert's Betting & Raising 4); once
    the round is capped a fold that leaves two players does not uncap it. TDA 48 keeps the
    cap until the event is heads-up."""
    fl_tournament_cap_heads_up: bool = False
    """Fixed limit, with `fl_heads_up_uncapped`: tournament tables still cap a heads-up pot
    (TDA 48 caps until the event is heads-up; PokerStars writes "Betting is capped" at four
    bets heads-up). Off by default: Everest's tournament tables raise past four bets
    heads-up, and a site's own rule is not a fault."""
    fl_reopen_half_bet: bool = True
    """Fixed limit: an all-in of at least half a bet reopens the betting (TDA 47-B)."""
    odd_chip: str = "button"
    """Who gets odd chips of a split pot, one each: "button" = the first tied seats left
    of the button (TDA-2024 20-A, Robert's Ties, WSOP-LA 152); "big_blind" = the first tied
    seats from the big blind on, clockwise (a house rule: the big blind first when it is
    tied); "high_suit" = the tied hands in the order of their highest hole card, by rank
    then by suit, spades > hearts > diamonds > clubs (TDA-2024 20-B's high card by suit,
    Robert's Ties: suits rank spades, hearts, diamonds, clubs), then by seat left of the
    button where that does not tell them apart."""
    hilo_odd_chip: str = "pot"
    """Hi/Lo: where the odd chips of a split go. "pot": the odd chip of the pot goes to the
    high half, and a tied half's own odd chips go among its tied winners by `odd_chip`
    (TDA-2024 20-C and 20-A; Robert's Rules, Ties: 101 chips are 51 high and 50 low, 103 with
    two tied lows 52 and 26/25); "low_to_high": the odd chips of a tied low half go to the
    high half too, which splits them with its own (Bovada/Ignition's software: the 103 are
    53 high and 25/25 low)."""
    run_odd_chip: str = "first_run"
    """Run it twice: the odd chip of a pot split between runs goes to the first run."""
    rake_from: str = "main"
    """Which pot pays the rake when pots are compared one by one (no rulebook says which):
    "main" (the main pot, then the next), "proportional" to pot sizes (each pot's part
    rounded down, the rest from the main pot: Winamax), or "proportional_rounded" (each
    pot's part rounded to the nearest unit, halves to even, what is left from the main pot:
    iPoker). Totals are checked either way, and a payment that follows another of these
    rules is no finding; the profile's rule is the one findings state their expected
    payments by."""
    rake_split: str = "pot"
    """How a raked pot is split among tied winners: "pot" (the rake comes out of the pot
    and what is left is split, the odd chips one each by `odd_chip`: TDA-2024 20 splits what
    is in the pot) or "shares" (the pot is split whole and each winner's share pays its part
    of the rake, the rake's odd chips charged one each by `odd_chip`: PKR's software; 0.32
    raked 0.03 is 0.14 to the first tied seat left of the button and 0.15 to the other,
    where the rule gives 0.15 and 0.14). High-only pots; a Hi/Lo pot is split by "pot"."""
    infer_sitting_out: bool = True
    """Online logs: a listed seat that never posts or acts before play passes it was not
    dealt in (sites list sitting-out players without saying so)."""
    string_bet_multi_trip_after_raise: bool = False
    """Robert's cash: after declaring "raise", chips may go in several trips (NL only)."""
    oot_binding: str = "tda"
    """Out-of-turn rule: "tda" (TDA-2024 53) or "roberts" (a check out of turn may not then
    bet or raise)."""
    pl_round_up: int = 0
    """Pot limit: the maximum may be rounded up to this many units (0 = exact)."""
    chip: int = 1
    """The smallest chip in play, in the site's smallest unit (1: a cent, or one tournament
    chip): odd chips of a split pot are whole chips of it (TDA-2024 20: "break the odd chips
    down to the smallest denomination in play"; a 41,300 chop with 100-chips is
    20,700/20,600), and a pot-limit maximum that is no whole number of chips rounds up to
    one (TDA-2024 54: no one can bet part of the smallest chip, so only a bet past the
    maximum by more than that chip is an overbet). A live
    game line's `chip N` sets it per game."""
    max_rake_share: float = 0.25
    """A rake above this share of the pot is reported as suspicious."""
    button_rule: str = "forward"
    """How the button moves between hands (`hhaudit.sessions`): "dead" (TDA-2024 32,
    Robert's Blinds 1(b): the big blind moves to the next player, the button to the seat
    the small blind was due on, even an empty one), "moving" (Robert's 1(a): the button moves
    to the next player dealt in), or "forward" (sites: to a seat after the last button, no
    further than the last big blind)."""
    missed_blinds: str = "post_or_wait"
    """A cash player who missed the big blind (or is new to the seat) comes back by posting
    (big blind live, small blind dead) or by waiting for the big blind ("post_or_wait",
    Robert's Button & Blind 3-5), only by waiting ("wait"), or only by posting ("post")."""
    session_gap: int = 30
    """Minutes without a hand at a table that end its session (a new sitting)."""
    nl_raise_cap: int = 0
    """No-limit and pot-limit: the most bets a betting round may hold, counting the opening
    bet (before the flop the big blind) and each full raise; 0 = no cap (TDA-2024 48: no cap
    in no-limit or pot-limit). A house rule: 4 is "bet, raise, re-raise, cap" (before the
    flop the big blind, the open raise, the 3-bet and the 4-bet); a raise past it, all-in
    or not, is IA04. A straddle is the bring-in, not a raise (Robert's NL); a short all-in
    that does not reopen the betting does not count (TDA-2024 47-A)."""
    showdown_order: bool = False
    """Check the order of the show lines at a showdown nobody is all-in in: the last
    aggressor of the final betting round shows first, otherwise the first seat still in
    left of the button (TDA-2024 17-A, Robert's Showdown 7); a hand shown out of that order
    is AO07 (info). Off by default: online logs write the show lines in their software's
    order."""
    allin_tabled: bool = False
    """Once a player is all-in and the betting is over, every hand still in is tabled face
    up and none may be mucked (TDA-2024 16, tournaments); a hand mucked or never shown is
    AO08. Off by default: cash games (WSOP-LA, Robert's) let players decline to show."""
    straddles: tuple[str, ...] = ("utg", "button", "mississippi", "re-straddle")
    """The straddles the house allows: "utg" (the seat after the big blind), "button",
    "mississippi" (any other seat), "re-straddle" (a straddle on top of a straddle: rooms
    limit how many). A straddle of a kind not listed is IA05; [] allows none."""
    max_rebuy: int = 0
    """The most chips one rebuy, addon or top-up may add, in the hand's units (a live log's
    `rebuy Carol 200`); 0 = no limit (Robert's Table Stakes: chips are added between hands,
    the house sets the buy-in). More is SE08."""
    max_rebuys: int = 0
    """The most rebuys (addons and top-ups alike) one player may make in one table session
    of a live log: a hand that adds chips to a player's stack counts one (`seats.added`,
    judged by the session audit); 0 = no limit. One more is SE08."""
    site_conventions: bool = False
    """Audit each site's histories by that site's own conventions where no rulebook decides
    (`SITE_CONVENTIONS`: which pot pays the rake, where a Hi/Lo split's odd chips go), for
    the options not set otherwise. On in the `online` profile (what the sites' software
    does), off in the rulebook profiles."""
    pinned: frozenset[str] = frozenset()
    """The options set by name over the base profile (a house profile, `--option`): a site's
    conventions never override them. Not an option."""


PROFILES: dict[str, Profile] = {
    "online": Profile("online", site_conventions=True),
    "tda-2024": Profile(
        "tda-2024", fl_heads_up_uncapped=False, infer_sitting_out=False, rake_from="main",
        button_rule="dead", session_gap=240,
    ),
    "roberts-cash": Profile(
        "roberts-cash",
        infer_sitting_out=False,
        string_bet_multi_trip_after_raise=True,
        oot_binding="roberts",
        button_rule="dead",
        session_gap=240,
    ),
}


SITE_CONVENTIONS: dict[str, dict[str, Any]] = {
    # Bovada PLO8: a 4.81 low half tied two ways is paid 2.40 + 2.40 and its odd cent goes to
    # the high half (4.82), the 0.95 pot of another hand 0.49 high and 0.23 + 0.23 low
    # (tests/test_site_conventions.py)
    "Bovada/Ignition": {"hilo_odd_chip": "low_to_high"},
    # iPoker: a 10.32 pot of a 2.28 main and an 8.04 side pot raked 0.68 takes 0.15 and 0.53
    # (0.1502 and 0.5298 of the 0.68 by pot size, rounded), each rest split on its own
    "iPoker": {"rake_from": "proportional_rounded"},
    # Winamax: 0.22 of the 3.56 main and 0.92 side pot is 0.18 and 0.04 (0.1748 and 0.0452,
    # rounded down, the cent left from the main pot)
    "Winamax": {"rake_from": "proportional"},
    # PKR: a 0.32 pot tied two ways and raked 0.03 pays 0.15 and 0.14, the 0.14 to the first
    # tied seat left of the button (0.16 each less 0.02 and 0.01); a 1.02 side pot raked 0.17
    # 0.43 and 0.42 (0.51 each less 0.08 and 0.09)
    "PKR": {"rake_split": "shares"},
}
"""The conventions of each site's software where the rulebooks are silent or rooms differ,
by `hands.site`; the `online` profile audits the site's hands by them (`for_site`). Each is
set only where every hand of the site in the corpus that shows it follows it."""

CHOICES: dict[str, tuple[str, ...]] = {
    "odd_chip": ("button", "big_blind", "high_suit"),
    "hilo_odd_chip": ("pot", "low_to_high"),
    "run_odd_chip": ("first_run",),
    "rake_from": ("main", "proportional", "proportional_rounded"),
    "rake_split": ("pot", "shares"),
    "oot_binding": ("tda", "roberts"),
    "straddles": ("utg", "button", "mississippi", "re-straddle"),
}
"""The values a text option may take."""

BOUNDS: dict[str, tuple[float, float | None]] = {
    "fl_cap": (1, None),
    "pl_round_up": (0, None),
    "chip": (1, None),
    "max_rake_share": (0.0, 1.0),
    "nl_raise_cap": (0, None),
    "max_rebuy": (0, None),
    "max_rebuys": (0, None),
}
"""Smallest and largest value of a number option (None: no largest)."""

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


class OptionError(ValueError):
    """A profile option that does not exist, or a value it cannot take."""


_NOT_OPTIONS: Final = ("name", "pinned")


def option_types() -> dict[str, str]:
    """Each option's type, as written in `Profile` ("int", "bool", "str", "float")."""
    return {f.name: str(f.type) for f in fields(Profile) if f.name not in _NOT_OPTIONS}


def check_option(name: str, value: Any) -> Any:
    """The option's value, converted from text where given as text (`--option fl_cap=4`);
    OptionError naming the allowed values if it cannot be one."""
    kind = option_types().get(name)
    if kind is None:
        raise OptionError(f"unknown profile option {name!r}; options: {', '.join(option_names())}")
    text = value.strip() if isinstance(value, str) else None
    if kind.startswith("tuple"):
        return _check_list(name, value)
    if kind == "bool":
        if isinstance(value, bool):
            return value
        if text is not None and text.lower() in _TRUE + _FALSE:
            return text.lower() in _TRUE
        raise OptionError(f"{name} must be true or false (got {value!r})")
    if kind in ("int", "float"):
        number: Any = value
        if text is not None:
            try:
                number = int(text) if kind == "int" else float(text)
            except ValueError:
                number = None
        ok = (isinstance(number, int) and not isinstance(number, bool)) or (
            kind == "float" and isinstance(number, float) and math.isfinite(number))
        if not ok:
            what = "a whole number" if kind == "int" else "a number"
            raise OptionError(f"{name} must be {what} (got {value!r})")
        low, high = BOUNDS.get(name, (float("-inf"), None))
        if number < low or (high is not None and number > high):
            span = f"from {low:g} to {high:g}" if high is not None else f"at least {low:g}"
            raise OptionError(f"{name} must be a number {span} (got {value!r})")
        return float(number) if kind == "float" else number
    choices = CHOICES.get(name)
    if not isinstance(value, str) or (choices is not None and text not in choices):
        allowed = f"one of: {', '.join(choices)}" if choices else "a text"
        close = difflib.get_close_matches(str(value), choices or (), n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise OptionError(f"{name} must be {allowed} (got {value!r}){hint}")
    return text


def _check_list(name: str, value: Any) -> tuple[str, ...]:
    """A list option: a list of texts, or one text of them separated by commas
    (`--option straddles=utg,button`); "" or "none" is the empty list."""
    choices = CHOICES.get(name, ())
    if isinstance(value, str):
        text = value.strip()
        items = [] if text.lower() in ("", "none") else [x.strip() for x in text.split(",")]
    elif isinstance(value, (list, tuple)) and all(isinstance(x, str) for x in value):
        items = [x.strip() for x in value]
    else:
        raise OptionError(f"{name} must be a list of: {', '.join(choices)} (got {value!r})")
    items = [x.lower() for x in items]
    for x in items:
        if choices and x not in choices:
            raise OptionError(f"{name} must be a list of: {', '.join(choices)} (got {x!r})")
    return tuple(dict.fromkeys(items))


def get_profile(name: str, **overrides: Any) -> Profile:
    """A profile by name, with named options overridden (`fl_cap=4`)."""
    try:
        base = PROFILES[name]
    except KeyError:
        raise KeyError(f"unknown profile {name!r}; known: {', '.join(PROFILES)}") from None
    if not overrides:
        return base
    known = set(option_types())
    unknown = set(overrides) - known
    if unknown:
        raise KeyError(f"unknown profile option(s): {', '.join(sorted(unknown))}")
    return replace(base, pinned=base.pinned | frozenset(overrides),
                   **{k: check_option(k, v) for k, v in overrides.items()})


def for_site(profile: Profile, site: str) -> Profile:
    """The profile a hand of `site` is audited by: with `site_conventions` on, the site's
    `SITE_CONVENTIONS` for every option not pinned (set by a house profile or `--option`);
    otherwise the profile itself."""
    if not profile.site_conventions:
        return profile
    conventions = {k: v for k, v in SITE_CONVENTIONS.get(site, {}).items() if k not in profile.pinned}
    return replace(profile, **conventions) if conventions else profile


def option_names() -> list[str]:
    return [f.name for f in fields(Profile) if f.name not in _NOT_OPTIONS]
