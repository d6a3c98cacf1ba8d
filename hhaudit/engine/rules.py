"""The rules: one small class each, with a stable code, registered in `RULES`.

A betting rule looks at one action against the replay state *before* it is applied and
returns a `Violation` (what the rules expected, what the log did) or None. Pot rules live in
`pots.py` and use the same registry for their metadata. Codes are never reused:

    AO  action order        IA  illegal action     BS  bet size
    MR  minimum raise       RO  reopening          PL  pot limit
    FL  fixed limit         SP  side pots          WN  winners
    OC  odd chips           AC  accounting         SB  string bets (live)
    PA  parse
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar, Final

from mypy_extensions import mypyc_attr

from .._native import docstring
from ..model import Act, ActionEvent, Category, Limit, Severity, Street
from ..money import to_text
from .replay import ActionResult, State

# Enum members as module constants: on Python 3.11 reading `Limit.FIXED_LIMIT` from the enum
# class costs about 0.2 µs, and the checks run per action. Final: compiled, a C static.
_PREFLOP: Final = Street.PREFLOP
_BET: Final = Act.BET
_CALL: Final = Act.CALL
_NO_LIMIT: Final = Limit.NO_LIMIT
_POT_LIMIT: Final = Limit.POT_LIMIT
_FIXED_LIMIT: Final = Limit.FIXED_LIMIT


@dataclass(frozen=True, slots=True)
class Violation:
    expected: str
    actual: str
    message: str = ""
    expected_amount: int | None = None
    """The amount the rules expected, in the hand's units, where the rule compares amounts."""
    actual_amount: int | None = None
    """The amount the log shows, in the same units."""


@mypyc_attr(native_class=False)  # compiled, a rule is still a plain class `register` can take
class Rule:
    """Base class: subclasses set the metadata and, for betting rules, `check`."""

    code: ClassVar[str]
    name: ClassVar[str]
    category: ClassVar[Category]
    severity: ClassVar[Severity] = Severity.ERROR
    citation: ClassVar[str]
    acts: ClassVar[tuple[Act, ...]] = ()
    """Actions this rule looks at (empty: not a per-action rule)."""
    limits: ClassVar[tuple[Limit, ...]] = ()
    """Betting structures this rule looks at (empty: all); `check` finds nothing in others."""
    default: ClassVar[bool] = True
    """In the default selection (what runs when `select` is not given): only rules whose
    findings on the real corpus are reviewed genuine mistakes of the log
    (`docs/precision.md`)."""
    default_live: ClassVar[bool | None] = None
    """In the default selection for live logs, where it differs from `default` (None: the
    same). A dealer's or a session's mistake is the log's own where a site's software would
    have done it right, so some session rules are default live only."""
    default_reason: ClassVar[str] = ""
    """One sentence: why the rule is, or is not, in the default selection."""
    standalone: ClassVar[bool] = False
    """Judged from the log alone, not from the replay's state: never the follow-on of an
    earlier finding, nor the cause of a later one (`auditor.link_causes`)."""

    @classmethod
    def summary(cls) -> str:
        """The docstring's first paragraph as written, on one line (compiled, or under
        `python -OO`, the class has none at run time: it is read from the source)."""
        return doc_parts(docstring(cls))[0] or cls.name

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        return None


def doc_parts(doc: str) -> tuple[str, str]:
    """A rule's docstring as its summary and the rest: the summary is the first paragraph,
    joined on one line (a long first sentence wraps in the source), never its first line
    alone; the rest is the examples and notes after the blank line."""
    head, _, body = doc.strip().partition("\n\n")
    return " ".join(line.strip() for line in head.splitlines()), body.strip()


RULES: Final[dict[str, type[Rule]]] = {}


def register(cls: type[Rule]) -> type[Rule]:
    if cls.code in RULES:
        raise ValueError(f"rule code {cls.code} used twice")
    RULES[cls.code] = cls
    return cls


def amt(state: State, value: int) -> str:
    return to_text(value, state.hand.scale)


def who(ev: ActionEvent) -> str:
    """The acting player as a message names them: `Hugo (seat 7)`."""
    return f"{ev.player} (seat {ev.seat})"


# ============================================================== parse
@register
class ParseFailure(Rule):
    """A line that could not be read as part of a hand of the detected format.

    Bad: `Player1: raises to` (no amount). Good: `Player1: raises 200 to 400`.
    """

    code = "PA01"
    name = "unreadable-line"
    category = Category.PARSE
    citation = "the site's hand-history format"
    standalone = True
    default_reason = ("Shown so that no hand is lost unsaid: a hand the reader cannot read is a parse error, "
                      "accounted for in the summary.")


@register
class InternalError(Rule):
    """The hand could not be read or judged: an error inside hhaudit (please report it).

    Bad: reading, replaying, judging or tabling the hand raised an exception (its type and
    message are the finding's `actual`). Good: every hand is read and judged; a hand that
    is not is this finding, and the run goes on with the next hand.
    """

    code = "PA02"
    name = "internal-error"
    category = Category.PARSE
    citation = "every hand accounted for"
    standalone = True
    default_reason = ("An error inside hhaudit on one hand is always shown, so that it is reported and fixed.")


@register
class OutOfBounds(Rule):
    """A value or a hand past hhaudit's limits (the docs' Inputs reference, "Limits").

    An amount, seat number, table size or scale beyond the sane bounds, or a hand longer
    than the most lines or characters one hand may have.

    Bad: `Seat 3: Player1 (92233720368547758.08 in chips)`, `Seat 99999999999: ...`, a hand
    of 2,000,000 lines. Good: amounts of at most 10**12 units, seats 0 to 1000, hands of at most
    20,000 lines and 4 MiB.
    """

    code = "PA03"
    name = "out-of-bounds"
    category = Category.PARSE
    citation = "hhaudit docs, Inputs: Limits"
    standalone = True
    default_reason = ("A value past hhaudit's limits is always shown: the hand is not judged, and says why.")


@register
class GameMislabelled(Rule):
    """A hand whose header names another game than the cards dealt: read as the game the
    cards say.

    Bad: `Hold'em Pot Limit ($10/$20)` and every player dealt four cards
    (`Dealt to brian [5h 2s 6h Td]`). Good: the header says `Omaha Pot Limit`. The hand is
    judged as the Omaha game its cards say (one finding per file, on its first such hand).
    """

    code = "PA05"
    name = "game-mislabelled"
    category = Category.PARSE
    severity = Severity.INFO
    citation = "the site's hand-history format"
    standalone = True
    default_reason = ("A note that the site names the wrong game, once per file: the hands are judged as "
                      "the game their cards say, never as dead Hold'em hands.")


@register
class UnknownLine(Rule):
    """A line the hand's format does not know (kept, not a parse error): the reader names it.

    Formats that list every line kind their site writes (`LineFormat.reads_unknown_lines`)
    keep a line outside that list; a line of a site feature the audit does not model yet
    (PartyPoker's disconnect protection) is named the same way, and its hand not judged. The hand is judged when the line cannot change what the
    audit reads (a table notice, a chat line broken over two lines); when it may (it begins
    with a seated player's name, or shows an amount or cards), no other rule judges the hand
    and the finding says so.

    Bad: `Player1 adds a rabbit [$0.05]` (a line kind the reader does not know).
    Good: every line of the hand is a line kind of its format.
    """

    code = "PA04"
    name = "unknown-line"
    category = Category.PARSE
    severity = Severity.WARNING
    citation = "the site's hand-history format (the line kinds its format module lists)"
    standalone = True
    default = False
    default_reason = ("Not in the default set: an unknown line is the reader's gap, not the log's mistake (on "
                      "the corpus, chat lines broken over two lines and client notices). Where it may matter the "
                      "hand is not judged, and its `not_judged` reason is counted in the summary whatever is "
                      "selected; `--extend-select PA04` names every such line.")


# ============================================================== action order
@register
class OutOfTurn(Rule):
    """An action by a seat that was not the next to act.

    Bad: seats 4, 5, 6 to act pre-flop and seat 6 acts before seat 4.
    Good: each seat acts in turn, clockwise from the first seat left of the big blind.
    """

    code = "AO01"
    name = "out-of-turn"
    category = Category.ACTION_ORDER
    citation = "TDA-2024 53; Robert's Button & Blind"
    default_reason = ("Site software enforces the turn, so an action out of turn in a site's log is a mistake of "
                      "the log; folds of fast-fold tables (logged when clicked) are not judged.")


@register
class FoldedSeatActs(Rule):
    """An action by a seat that has already folded.

    Bad: `Player3: folds` then `Player3: calls 200`. Good: a folded seat never acts again.
    """

    code = "AO02"
    name = "action-by-folded-seat"
    category = Category.ACTION_ORDER
    citation = "TDA-2024 58"
    default_reason = ("A folded seat cannot act on any site or table: its one corpus finding is reviewed genuine.")


@register
class AllInSeatActs(Rule):
    """An action by a seat that is already all-in.

    Bad: `Player3: calls 500 and is all-in` then `Player3: bets 100`. Good: no further action.
    """

    code = "AO03"
    name = "action-by-all-in-seat"
    category = Category.ACTION_ORDER
    citation = "TDA-2024 16"
    default_reason = ("An all-in seat cannot act: its corpus findings are reviewed genuine, and those that follow"
                      " a misread stack name their cause (caused_by).")


@register
class ActionAfterClose(Rule):
    """An action after the betting round was closed (or the hand was over).

    Bad: every seat has matched the bet and acted, and another seat still acts.
    Good: the next card is dealt.
    """

    code = "AO04"
    name = "action-after-round-closed"
    category = Category.ACTION_ORDER
    citation = "Robert's Button & Blind; WSOP-T 90"
    default_reason = ("An action after the round closed is a mistake of the log; its corpus findings are reviewed"
                      " genuine or follow a cause they name.")


@register
class RoundNotClosed(Rule):
    """The next street was dealt while seats still had to act.

    Bad: the flop comes with the big blind still facing a raise. Good: every active seat
    has acted and matched the bet before the next card.
    """

    code = "AO05"
    name = "street-before-round-closed"
    category = Category.ACTION_ORDER
    citation = "Robert's Button & Blind (round ends when all have acted and matched)"
    default_reason = ("A street dealt with seats still to act is a mistake of the log; disconnection and time-out"
                      " protection, which legitimately skip a seat, are modelled.")


@register
class BlindOrder(Rule):
    """Blinds posted by the wrong seats for the button.

    Bad: button on seat 6, seat 2 posts the small blind while seat 1 is dealt in.
    Good: small blind on the first seat left of the button (the button itself heads-up),
    big blind on the next seat.
    """

    code = "AO06"
    name = "wrong-blind-order"
    category = Category.ACTION_ORDER
    severity = Severity.WARNING
    citation = "Robert's Button & Blind; TDA-2024 34-B"
    standalone = True
    default_reason = ("A warning: blinds from the wrong seats for the button; its corpus findings are reviewed "
                      "genuine (wrong dealer lines).")


# ============================================================== illegal actions
@register
class CheckFacingBet(Rule):
    """A check when there is a bet to call.

    Bad: `Player2: bets 300` then `Player3: checks`. Good: `Player3: calls 300` or folds.
    """

    code = "IA01"
    name = "check-facing-bet"
    category = Category.ILLEGAL_ACTION
    citation = "TDA-2024 55"
    default_reason = ("A check facing a bet is illegal everywhere; its corpus findings are reviewed genuine.")
    acts = (Act.CHECK,)

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        owed = state.call_amount(ev.seat)
        if owed > 0:
            return Violation(f"call {amt(state, owed)} or fold", "checked",
                             f"{who(ev)} checked with {amt(state, owed)} to call (the bet is "
                             f"{amt(state, state.current_bet)})", owed, 0)
        return None


@register
class BetIntoBet(Rule):
    """A bet when a bet already stands (it must be a call or a raise).

    Bad: `Player2: bets 300` then `Player3: bets 600`. Good: `Player3: raises 300 to 600`.
    """

    code = "IA02"
    name = "bet-facing-bet"
    category = Category.ILLEGAL_ACTION
    citation = "TDA-2024 40, 43"
    default_reason = ("A bet into a standing bet is illegal everywhere; its corpus findings are reviewed genuine.")
    acts = (Act.BET,)

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        if state.current_bet > 0 and state.street is not _PREFLOP:
            return Violation(f"call {amt(state, state.call_amount(ev.seat))}, raise or fold",
                             f"bet {amt(state, res.chips)}",
                             f"{who(ev)} bet {amt(state, res.chips)} into a standing bet of "
                             f"{amt(state, state.current_bet)}", state.call_amount(ev.seat), res.chips)
        return None


@register
class CallNothing(Rule):
    """A call with nothing to call.

    Bad: first to act on the flop, `Player2: calls 100`. Good: `Player2: checks`.
    """

    code = "IA03"
    name = "call-with-nothing-to-call"
    category = Category.ILLEGAL_ACTION
    citation = "TDA-2024 55"
    default_reason = ("A call with nothing to call is illegal everywhere; its corpus findings are reviewed "
                      "genuine.")
    acts = (Act.CALL,)

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        if state.current_bet - state.seats[ev.seat].street_bet <= 0:
            return Violation("check", f"called {amt(state, res.chips)}",
                             f"{who(ev)} called {amt(state, res.chips)} with nothing to call", 0, res.chips)
        return None


@register
class RaiseWhenCapped(Rule):
    """A fixed-limit raise after the betting was capped.

    Bad: 10/20, A bets 10, B 20, C 30, D 40 (capped), A raises to 50.
    Good: A calls 40 or folds.
    """

    code = "FL02"
    name = "raise-past-cap"
    category = Category.FIXED_LIMIT
    citation = "Robert's Betting & Raising 3-4; TDA-2024 48"
    default_reason = "A raise past the fixed-limit cap; its corpus findings are reviewed genuine."
    acts = (Act.RAISE,)
    limits = (Limit.FIXED_LIMIT,)

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        if state.hand.limit is _FIXED_LIMIT and state.capped() and not res.all_in:
            return Violation(f"call {amt(state, state.call_amount(ev.seat))} or fold (capped at "
                             f"{amt(state, state.current_bet)})", f"raised to {amt(state, res.to)}",
                             f"{who(ev)} raised to {amt(state, res.to)} after the betting was capped at "
                             f"{amt(state, state.current_bet)}", state.current_bet, res.to)
        return None


@register
class RaisePastHouseCap(Rule):
    """A no-limit or pot-limit raise past the house's cap on bets a round (`nl_raise_cap`).

    A house rule (TDA-2024 48 caps no-limit nowhere): with `nl_raise_cap = 4`, a round holds
    the bet (before the flop the big blind), a raise, a re-raise and the cap; after it the
    players may only call or fold, all-in or not. A straddle is the bring-in, not a raise;
    a short all-in that does not reopen the betting does not count.

    Bad: 1/2, cap 4: raise to 6, re-raise to 18, raise to 54 (the cap), then raise to 150.
    Good: after the raise to 54, call 54 or fold.
    """

    code = "IA04"
    name = "raise-past-house-cap"
    category = Category.ILLEGAL_ACTION
    citation = "house rule (nl_raise_cap); TDA-2024 48"
    default_reason = "Judged only when the house sets nl_raise_cap: a rule the user chose."
    acts = (Act.RAISE, Act.BET)
    limits = (Limit.NO_LIMIT, Limit.POT_LIMIT)

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        cap = state.profile.nl_raise_cap
        if cap and state.raises >= cap and res.to > state.current_bet:
            return Violation(f"call {amt(state, state.call_amount(ev.seat))} or fold (the house caps a round "
                             f"at {cap} bets: capped at {amt(state, state.current_bet)})",
                             f"raised to {amt(state, res.to)}" + (" all-in" if res.all_in else ""),
                             f"{who(ev)} raised to {amt(state, res.to)} past the house's cap of {cap} bets "
                             f"a round (capped at {amt(state, state.current_bet)})", state.current_bet, res.to)
        return None


# ============================================================== sizes
@register
class CallWrongAmount(Rule):
    """A call of the wrong size.

    Bad: facing 600 with 200 in, `calls 600`. Good: `calls 400` (or all of a shorter stack).
    """

    code = "BS01"
    name = "call-wrong-amount"
    category = Category.BET_SIZE
    citation = "TDA-2024 49, 51"
    default_reason = ("A call of the wrong size is a mistake of the log (site software calls exactly); its corpus"
                      " findings are reviewed genuine.")
    acts = (Act.CALL,)

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        owed = state.call_amount(ev.seat)
        if owed > 0 and res.chips != owed:
            # what was owed and why: the street total to match less what is in, or the
            # stack, when it is shorter (a call all in); the total to match is the bet, or
            # less when every other seat still in is all in below it
            s = state.seats[ev.seat]
            to = state.call_to(ev.seat)
            why = f"the bet is {amt(state, state.current_bet)}"
            if to < state.current_bet:
                why += f", the others all in for at most {amt(state, to)}"
            why += f", {amt(state, s.street_bet)} already in"
            if owed < to - s.street_bet:
                why += f", {amt(state, s.stack)} behind: a call all in"
            return Violation(f"call {amt(state, owed)}", f"called {amt(state, res.chips)}",
                             f"{who(ev)} called {amt(state, res.chips)} where {amt(state, owed)} was owed "
                             f"({why})", owed, res.chips)
        return None


@register
class BetBelowMinimum(Rule):
    """A bet smaller than the minimum bet (the big blind) that is not all-in.

    Bad: NL 100-200, flop, `bets 150` with chips behind. Good: `bets 200` or more.
    """

    code = "BS02"
    name = "bet-below-minimum"
    category = Category.BET_SIZE
    citation = "TDA-2024 43; WSOP-T VIII NL(b)"
    default_reason = "A bet below the minimum is a mistake of the log; no corpus finding."
    acts = (Act.BET,)
    limits = (Limit.NO_LIMIT, Limit.POT_LIMIT)

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        if state.hand.limit is _FIXED_LIMIT or res.all_in:
            return None
        if res.chips < state.min_bet():
            return Violation(f"a bet of at least {amt(state, state.min_bet())}",
                             f"bet {amt(state, res.chips)}",
                             f"{who(ev)} bet {amt(state, res.chips)} with chips behind; the least bet is "
                             f"{amt(state, state.min_bet())}", state.min_bet(), res.chips)
        return None


@register
class MoreThanStack(Rule):
    """More chips put in than the player had.

    Bad: 1500 behind, `calls 2000`. Good: `calls 1500 and is all-in`.
    """

    code = "BS03"
    name = "more-than-stack"
    category = Category.BET_SIZE
    citation = "TDA-2024 (table stakes)"
    default_reason = ("More chips than a stack held: its corpus findings are reviewed genuine, and it is the "
                      "cause the later findings of that seat name.")
    acts = (Act.CALL, Act.BET, Act.RAISE)

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        stack = state.seats[ev.seat].stack
        if res.chips > stack:
            return Violation(f"at most {amt(state, stack)} (all-in)", f"put in {amt(state, res.chips)}",
                             f"{who(ev)} put in {amt(state, res.chips)} with {amt(state, stack)} behind",
                             stack, res.chips)
        return None


@register
class OverTheCap(Rule):
    """More put in the hand than the table's cap (capped no-limit and pot-limit tables).

    A capped table limits what each player may wager in one hand, blinds included; a player
    who has put the cap in is treated as all-in for the rest of the hand.
    Bad: $0.25/$0.50, $10 cap, the small blind raises $7 to $10.50. Good: raises $6.50 to
    $10 and has reached the $10 cap.
    """

    code = "BS05"
    name = "over-the-cap"
    category = Category.BET_SIZE
    citation = "PokerStars Betting Structures: CAP games; 888poker CAP tables"
    default_reason = "Judged only on capped tables, from the cap the log states; no corpus finding."
    acts = (Act.CALL, Act.BET, Act.RAISE)
    limits = (Limit.NO_LIMIT, Limit.POT_LIMIT)

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        cap = state.hand.cap
        if not cap:
            return None
        s = state.seats[ev.seat]
        room = cap - s.total
        if res.chips <= room:
            return None
        if ev.act is _CALL:
            return Violation(f"call {amt(state, max(room, 0))} (the {amt(state, cap)} cap)",
                             f"called {amt(state, res.chips)}",
                             f"{who(ev)} called {amt(state, res.chips)} where the {amt(state, cap)} cap left "
                             f"{amt(state, max(room, 0))}", max(room, 0), res.chips)
        verb = "bet" if state.current_bet == 0 else "raise"
        return Violation(f"a {verb} to at most {amt(state, s.street_bet + max(room, 0))} "
                         f"(the {amt(state, cap)} cap)", f"{verb} to {amt(state, res.to)}",
                         f"{who(ev)} made a {verb} to {amt(state, res.to)} past the table's {amt(state, cap)} cap "
                         f"(at most {amt(state, s.street_bet + max(room, 0))})", s.street_bet + max(room, 0), res.to)


@register
class RaiseNotAboveBet(Rule):
    """A raise to no more than the current bet.

    Bad: facing 600, `raises to 600`. Good: `calls 600` or raises to at least the minimum.
    """

    code = "BS04"
    name = "raise-not-above-bet"
    category = Category.BET_SIZE
    citation = "TDA-2024 43"
    default_reason = ("A raise to no more than the bet is a mistake of the log; its corpus findings are reviewed "
                      "genuine.")
    acts = (Act.RAISE,)

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        if res.to <= state.current_bet and not res.all_in:
            return Violation(f"a raise to at least {amt(state, state.min_raise_to())}",
                             f"raised to {amt(state, res.to)}",
                             f"{who(ev)} raised to {amt(state, res.to)}, not above the bet of "
                             f"{amt(state, state.current_bet)}", state.min_raise_to(), res.to)
        return None


@register
class ShortRaise(Rule):
    """A raise smaller than the minimum raise that is not all-in (no-limit and pot-limit).

    The minimum is the current bet plus the last full bet or raise increment of the round;
    short all-ins do not move the increment.
    Bad: NL 100-200, A bets 600, B raises to 1600, C to 3600, D raises to 4000.
    Good: D raises to at least 5600.
    """

    code = "MR01"
    name = "raise-below-minimum"
    category = Category.MIN_RAISE
    citation = "TDA-2024 43-A"
    default_reason = ("A raise below the minimum that is not all-in; its corpus findings are reviewed genuine.")
    acts = (Act.RAISE, Act.BET)
    limits = (Limit.NO_LIMIT, Limit.POT_LIMIT)

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        if state.hand.limit is _FIXED_LIMIT or res.all_in or state.current_bet == 0:
            return None
        if ev.act is _BET and state.street is not _PREFLOP:
            return None
        least = state.min_raise_to()
        if state.current_bet < res.to < least:
            return Violation(f"minimum raise is to {amt(state, least)}", f"raised to {amt(state, res.to)}",
                             f"{who(ev)} raised to {amt(state, res.to)}; the least raise was to "
                             f"{amt(state, least)}", least, res.to)
        return None


@register
class NotReopened(Rule):
    """A raise by a seat whose betting was not reopened after short all-ins.

    A seat that has acted may raise again only when it faces at least a full raise since
    it last acted; short all-ins add up (TDA 47-A; limit 47-B: half a bet).
    Bad: 2000-4000, A limps 4000, C all-in 7500, BB calls, A raises.
    Good: A calls 3500 or folds; had the BB raised to 11,500, A could raise.
    """

    code = "RO01"
    name = "raise-not-reopened"
    category = Category.REOPEN
    citation = "TDA-2024 47-A, 47-B"
    default_reason = "A raise by a seat the short all-ins did not reopen; no corpus finding."
    acts = (Act.RAISE,)

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        if res.to <= state.current_bet or state.can_raise(ev.seat):
            return None
        s = state.seats[ev.seat]
        faced = state.current_bet - (s.acted_level or 0)
        return Violation(f"call {amt(state, state.call_amount(ev.seat))} or fold (betting not reopened: "
                         f"faced +{amt(state, faced)} since acting)", f"raised to {amt(state, res.to)}",
                         f"{who(ev)} raised to {amt(state, res.to)} facing +{amt(state, faced)} since acting, "
                         "short of a full raise: the betting was not reopened", state.current_bet, res.to)


@register
class PotLimitOverbet(Rule):
    """A pot-limit bet or raise above the size of the pot.

    The largest raise-to is the bet plus the pot after the call (pre-flop with full blinds).
    Bad: $1/$2 PL, UTG raises to 8. Good: UTG raises to at most 7.
    """

    code = "PL01"
    name = "pot-limit-overbet"
    category = Category.POT_LIMIT
    citation = "TDA-2024 54"
    default_reason = "A pot-limit bet above the pot; its corpus findings are reviewed genuine."
    acts = (Act.BET, Act.RAISE)
    limits = (Limit.POT_LIMIT,)

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        if state.hand.limit is not _POT_LIMIT:
            return None
        most = state.max_raise_to(ev.seat)
        if res.to > most:
            verb = "bet" if state.current_bet == 0 else "raise"
            return Violation(f"a {verb} to at most {amt(state, most)}", f"{verb} to {amt(state, res.to)}",
                             f"{who(ev)} made a {verb} to {amt(state, res.to)}; the pot allowed at most "
                             f"{amt(state, most)}", most, res.to)
        return None


@register
class FixedLimitIncrement(Rule):
    """A fixed-limit bet or raise that is not exactly one bet unit (and not all-in).

    Bad: $10/$20, turn, A bets 30. Good: A bets 20; raises go to 40, 60, 80.
    """

    code = "FL01"
    name = "fixed-limit-wrong-increment"
    category = Category.FIXED_LIMIT
    citation = "Robert's Betting & Raising; TDA-2024 47-B"
    default_reason = ("A fixed-limit bet of the wrong size; its corpus findings are reviewed genuine (each site's"
                      " own completion rule is a profile option).")
    acts = (Act.BET, Act.RAISE)
    limits = (Limit.FIXED_LIMIT,)

    @staticmethod
    def check(state: State, ev: ActionEvent, res: ActionResult) -> Violation | None:
        if state.hand.limit is not _FIXED_LIMIT or res.all_in:
            return None
        want = state.min_raise_to() if state.current_bet else state.bet_unit()
        if res.to != want:
            verb = "bet" if state.current_bet == 0 else "raise"
            return Violation(f"a {verb} to {amt(state, want)}", f"{verb} to {amt(state, res.to)}",
                             f"{who(ev)} made a {verb} to {amt(state, res.to)}; one fixed-limit unit makes it "
                             f"{amt(state, want)}", want, res.to)
        return None


# ============================================================== pots (checked in pots.py)
@register
class SidePotWrong(Rule):
    """A pot paid to a seat not eligible for it, or split in the wrong amounts.

    Bad: A all-in for 100 wins the 600 side pot she never covered.
    Good: each pot goes only to seats that put in its full level (TDA 21).
    """

    code = "SP01"
    name = "side-pot-misallocated"
    category = Category.SIDE_POT
    citation = "TDA-2024 21; Robert's Ties"
    default_reason = ("A pot paid to a seat not eligible for it; its corpus findings are reviewed genuine, and "
                      "those that follow a misread stack name their cause.")


@register
class WrongWinner(Rule):
    """A pot paid to a hand that does not win it (cards speak).

    Bad: two pair takes the pot from a shown flush. Good: the best eligible shown hand wins.
    """

    code = "WN01"
    name = "pot-to-wrong-hand"
    category = Category.WINNER
    citation = "TDA-2024 12; Robert's Showdown 2"
    default_reason = ("A pot paid to a hand that does not win it (cards speak); its corpus findings are reviewed "
                      "genuine.")


@register
class MuckedWinner(Rule):
    """A hand that would have won was mucked (cards speak only when tabled).

    Bad: Bob mucks Ah Kd, the log shows it, and Carol's tabled Qh Jh takes the pot on a
    board where Bob's hand is best. The pot is Carol's (TDA-2024 13: only a tabled hand has
    a claim), but the floor may want to know: a player misread a winner, or a dealer killed
    it. Good: the best hand is tabled and wins.
    """

    code = "WN02"
    name = "mucked-winner"
    category = Category.WINNER
    severity = Severity.INFO
    citation = "TDA-2024 12, 13; Robert's Showdown 2"
    default = False
    standalone = True
    default_reason = ("A note on a player's legitimate choice (a winner who mucks is no mistake of the log): "
                      "shown when selected.")


@register
class WrongCardCount(Rule):
    """A hand holding another number of hole cards than the game deals: a dead hand.

    Bad: in pot-limit Omaha (four cards), Bob shows Ah Kh Qd Jd 5c: five cards, a hand that
    cannot win (Robert's Rules: a hand without the proper number of cards for the game is
    dead). Good: four cards shown. A seat that shows fewer cards than it holds (one card of
    its hand) is not this: only a hand with more cards than the game deals, or a dealt line
    with fewer, is. Its pots are not judged on its cards.
    """

    code = "WN03"
    name = "wrong-hole-card-count"
    category = Category.WINNER
    severity = Severity.WARNING
    citation = "Robert's Dead Hands"
    standalone = True
    default_reason = ("A warning: a hand holding another number of cards than the game deals (a dead hand); a "
                      "game the cards contradict is read as the game the cards say.")


@register
class CardSeenTwice(Rule):
    """A card the log shows in two places at once: one deck holds each card once.

    Bad: the board runs 5d Ks 7c Jc 7d and Simpiwe shows Ks Qh: the king of spades twice, a
    defective deck or a log edited by hand. Robert's Rules void such a hand (two cards of the
    same rank and suit: all action is void, every chip back to the player who put it in);
    the log pays a winner instead. Good: every card of the board and of the hands the log
    shows is a different card. Each board of a hand run twice is a deal of its own, checked
    with the hole cards. The hand's showdown is not judged on its cards (who wins, the split,
    the odd chip): the finding is its one cause.
    """

    code = "WN04"
    name = "card-seen-twice"
    category = Category.WINNER
    citation = "Robert's Irregularities 4"
    standalone = True
    default_reason = ("A log no deck can deal; on no corpus hand, and on public parsers' fixtures only on hands "
                      "edited by hand (a card swapped in).")


@register
class BoardContradicted(Rule):
    """The summary's board differs from the board dealt on the streets.

    Bad: the flop is dealt 4s 7d Ad and the summary writes `Board [7h Qs 3c]`: the log
    contradicts itself on the cards that decide the pot. Good: the summary repeats the board
    dealt, or completes a board whose last streets the log does not write. A hand run twice
    is compared board by board, and not at all when the summary writes another number of
    boards than the streets deal. A summary that is not the hand's (another hand's, or a
    damaged one) is the one cause: neither its totals and rake (AC01, AC02, AC04, AC05) nor
    the showdown are judged on it, nor the cards of the board it contradicts checked again
    (WN04).
    """

    code = "WN05"
    name = "board-contradicted"
    category = Category.WINNER
    citation = "one hand, one board (integrity check)"
    standalone = True
    default_reason = ("A log that contradicts itself on the board: its two corpus findings are reviewed genuine "
                      "(another hand's summary, a damaged flop line), and on public parsers' fixtures it finds "
                      "only hands edited by hand.")


@register
class OddChip(Rule):
    """The odd chip of a split pot given to the wrong winner.

    Bad: button on 7, seats 2 and 5 split 175 and seat 5 gets 88.
    Good: seat 2, the first tied seat left of the button, gets 88.
    """

    code = "OC01"
    name = "odd-chip-wrong-seat"
    category = Category.ODD_CHIP
    citation = "TDA-2024 20-A; Robert's Ties"
    default_reason = ("The odd chip to the wrong winner; its corpus findings are reviewed genuine (a site's own "
                      "odd-chip convention is a profile option).")


@register
class TotalPotWrong(Rule):
    """The stated total pot differs from the chips the players put in.

    Bad: contributions 4.24, "Total pot $4.49". Good: "Total pot $4.24".
    """

    code = "AC01"
    name = "total-pot-mismatch"
    category = Category.ACCOUNTING
    citation = "accounting invariant"
    default_reason = ("The stated pot differs from the chips put in; its corpus findings are reviewed genuine.")


@register
class CollectedWrong(Rule):
    """The amounts paid plus rake and fees do not add up to the pot.

    Bad: pot 33, two players each collect 33. Good: 16.50 each (less rake).
    """

    code = "AC02"
    name = "collected-mismatch"
    category = Category.ACCOUNTING
    citation = "accounting invariant"
    default_reason = ("The amounts paid do not add up to the pot; its corpus findings are reviewed genuine.")


@register
class UncalledWrong(Rule):
    """An uncalled bet not returned, or returned with the wrong amount.

    Bad: A bets 300, all fold, log returns 200. Good: "Uncalled bet (300) returned to A".
    """

    code = "AC03"
    name = "uncalled-bet-mismatch"
    category = Category.ACCOUNTING
    citation = "TDA-2024 15-B, 65-A"
    default_reason = ("An uncalled bet returned wrong; a walk (the big blind's own blind back) is modelled, the "
                      "rest reviewed genuine.")


@register
class SidePotAmountWrong(Rule):
    """A main or side pot stated with the wrong size.

    Bad: A all-in 100, B all-in 300, C and D 500: "Main pot 500". Good: "Main pot 450".
    """

    code = "AC04"
    name = "pot-size-mismatch"
    category = Category.ACCOUNTING
    citation = "TDA-2024 21; side-pot construction"
    default_reason = ("A main or side pot stated with the wrong size; its corpus finding is reviewed genuine.")


@register
class RakeSuspicious(Rule):
    """Rake taken where none is due, or suspiciously large.

    Bad: rake 50 from a pot of 175. Good: a few percent, none in tournaments.
    """

    code = "AC05"
    name = "rake-suspicious"
    category = Category.ACCOUNTING
    severity = Severity.WARNING
    citation = "house rake policy"
    standalone = True
    default_reason = "A warning: rake where none is due; its corpus finding is reviewed genuine."


@register
class StackMismatch(Rule):
    """A stack stated at the end of the hand differs from the replay.

    Bad: started 1000, lost 300, "ends with 800". Good: "ends with 700".
    """

    code = "AC06"
    name = "end-stack-mismatch"
    category = Category.ACCOUNTING
    citation = "accounting invariant"
    default_reason = ("A stated end stack that differs from the replay (a live log's end line, a PHH file's "
                      "finishing_stacks beside its winnings); one corpus finding, reviewed: a converted PHH "
                      "hand whose two arrays contradict each other.")


@register
class ConflictingCopy(Rule):
    """A copy of the hand (the same hand: same site, hand id, table, time and seats) whose
    text differs from this one.

    Identical copies are skipped as duplicates; a copy that says something else is an edited,
    damaged or tampered log (`hhaudit.identity` says which hands are copies). Bad: a.txt and b.txt both hold hand 1234 and b.txt has
    `Bob: calls 400` where a.txt has `Bob: calls 600`. Good: the copies agree line for line.
    """

    code = "AC07"
    name = "conflicting-copy"
    category = Category.ACCOUNTING
    citation = "one hand, one history (integrity check)"
    standalone = True
    default_reason = ("Two texts of the same hand that differ: an edited copy; its corpus findings are reviewed.")


@register
class ReusedHandId(Rule):
    """Another hand has this hand's id: both are audited.

    Two hands are one hand only when their format's ids say so (same site, id and the scope
    the format's ids are unique in, `hhaudit.identity`) and they agree on table, time and
    seats. Bad: an iPoker file holds gamecode 3869401800 at 16:40:12 and again at 16:41:21,
    with other stacks: two hands, one id (an edited sample). Good: every hand its own id.
    Placeholder ids (`1111111111`) and ids unique only within their event (PHH's `hand`)
    are not reported.
    """

    code = "AC08"
    name = "reused-hand-id"
    category = Category.ACCOUNTING
    severity = Severity.INFO
    citation = "one hand, one history (integrity check)"
    standalone = True
    default_reason = ("An info note, in the default set: on the corpus it marks only a sample whose hand "
                      "numbers were edited (two different iPoker hands with one gamecode); both hands are audited.")


def action_rules(act: Act, limit: Limit | None = None) -> list[type[Rule]]:
    """The rules that check `act` (in a hand of `limit`, when given)."""
    return [r for r in RULES.values() if act in r.acts and (limit is None or not r.limits or limit in r.limits)]


ALL: Final = "ALL"
"""`--select ALL`: every rule."""


def matches(rule: type[Rule], pattern: str) -> bool:
    """Whether a --select/--ignore pattern chooses a rule: `ALL`, a code or code prefix (any
    case), its name or its category (`-` and `_` alike)."""
    p = pattern.strip()
    return (p.upper() == ALL or rule.code.startswith(p.upper()) or rule.name == p.lower().replace("_", "-")
            or rule.category.value == p.lower().replace("-", "_"))


def is_default(rule: type[Rule], *, live: bool = False) -> bool:
    """Whether the rule is in the default selection of site histories (or, `live`, of live
    logs)."""
    if live and rule.default_live is not None:
        return rule.default_live
    return rule.default


def default_text(rule: type[Rule]) -> str:
    """`yes`, `no`, or where it differs between them, `live only` / `online only`."""
    online, live = is_default(rule), is_default(rule, live=True)
    if online == live:
        return "yes" if online else "no"
    return "live only" if live else "online only"


def select(rules: Iterable[str], select: Iterable[str] = (), ignore: Iterable[str] = (),
           extend_select: Iterable[str] = (), *, live: bool = False) -> set[str]:
    """Rule codes enabled by --select/--extend-select/--ignore (codes, code prefixes, names,
    categories or `ALL`), ruff's way: `select` replaces the default selection (the rules
    with `default`, or for `live` logs `default_live`), `extend_select` adds to it, and
    `ignore` takes rules off whatever is selected."""
    chosen = set(rules)
    sel = [p for p in select if p]
    ext = [p for p in extend_select if p]
    ign = [p for p in ignore if p]
    if sel:
        picked = {c for c in chosen if any(matches(RULES[c], p) for p in sel)}
    else:
        picked = {c for c in chosen if is_default(RULES[c], live=live)}
    if ext:
        picked |= {c for c in chosen if any(matches(RULES[c], p) for p in ext)}
    if ign:
        picked = {c for c in picked if not any(matches(RULES[c], p) for p in ign)}
    return picked


ActionCheck = Callable[[State, ActionEvent, ActionResult], Violation | None]
