"""Live-only rules: declarations, chip motions, oversized chips, undercalls, out-of-turn
actions and the dealer's rulings, judged against TDA-2024 40-46, 51, 53, 56 (rules.md §1d, §4).

A live log (`hhaudit/formats/live/`) records, beside the action the table accepted (an
ordinary `ActionEvent`), what the player said and each forward motion of chips
(`LiveAction`), and actions made out of turn (`OutOfTurn`). They are carried on
`Hand.live`. `required()` works out what the rules make of the words and chips; the format
uses it for the accepted action when the log has no ruling, and `check_live()` (called once
per hand by the auditor) compares every recorded ruling with it. A misruling is reported
once, at the ruling's line; the hand goes on being audited as it happened (the ruling).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from ..model import (
    Act,
    ActionEvent,
    Category,
    CollectEvent,
    FeeEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from ..profiles import Profile
from .replay import State
from .rules import RULES, Rule, register

if TYPE_CHECKING:
    from .audited import AuditedHand, Judge


# ============================================================== records


@dataclass(slots=True)
class Said:
    """A verbal declaration: `kind` is fold, check, call, bet, raise, allin or amount
    (an amount alone, "fourteen hundred"); `to` the stated street total, if any."""

    line: int
    kind: str
    to: int | None = None


@dataclass(slots=True)
class Motion:
    """One forward motion of chips. `chips` are the denominations when the log lists them
    (`1000+100+100`), else one number for the whole motion; `single` for one chip."""

    line: int
    chips: tuple[int, ...]
    single: bool = False
    listed: bool = False

    @property
    def amount(self) -> int:
        return sum(self.chips)


@dataclass(slots=True)
class Ruling:
    """What the dealer ruled (or the action the log wrote right after the details)."""

    line: int
    act: str
    to: int | None = None
    returned: int | None = None


@dataclass(slots=True)
class LiveAction:
    """Everything the log says about one action by one player."""

    line: int
    seat: int
    player: str
    said: Said | None = None
    said_first: bool = False
    motions: list[Motion] = field(default_factory=list)
    ruling: Ruling | None = None
    seq: int = -1
    """Index in `Hand.events` of the `ActionEvent` the table accepted."""


@dataclass(slots=True)
class OutOfTurn:
    """An action taken out of turn (backed up; TDA 53)."""

    line: int
    seat: int
    player: str
    act: str
    to: int | None = None
    before_seq: int = -1
    """Index in `Hand.events` of the first event after the out-of-turn action."""


@dataclass(slots=True)
class EndStack:
    line: int
    seat: int
    player: str
    stack: int


@dataclass(slots=True)
class RakeRule:
    """The session's rake: `percent` of the pot, rounded down to `unit`, at most `cap`;
    none when the hand ends before the flop unless `preflop`, none on pots under `min_pot`."""

    percent: float = 0.0
    cap: int | None = None
    unit: int = 1
    preflop: bool = False
    min_pot: int = 0

    def due(self, pot: int, saw_flop: bool) -> int:
        if not saw_flop and not self.preflop or pot < self.min_pot:
            return 0
        raw = int(pot * self.percent // 100)
        raw -= raw % max(self.unit, 1)
        return min(raw, self.cap) if self.cap is not None else raw


@dataclass(frozen=True, slots=True)
class DropRule:
    """A fixed drop the house takes from the pot besides the rake (`jackpot 1 at 20` on
    the game line: 1 from every pot of 20 or more; `promo 2 at 40` for a promotion): `amount`
    from a pot of at least `min_pot`, none when the hand ends before the flop unless
    `preflop` ("no flop, no drop", as for the rake). The pot is counted like the rake's: every
    chip in the middle but the bet nobody called, before the rake or any drop comes out."""

    kind: str
    """`jackpot` or `promotion`: the `FeeEvent.kind` of the hand's `jackpot` or `promo` lines."""
    amount: int
    min_pot: int = 0
    preflop: bool = False

    def due(self, pot: int, saw_flop: bool) -> int:
        if not saw_flop and not self.preflop or pot < self.min_pot:
            return 0
        return min(self.amount, pot)


@dataclass(frozen=True, slots=True)
class KillRule:
    """The house's kill blind (`kill 2x` on the game line, a full kill; `kill 1.5x`, a half
    kill): `num / den` times the big blind, posted by the player who won the last two pots
    in a row (with `at`: a pot of `at` or more). The kill blind acts last pre-flop like a
    straddle; in fixed limit the hand is played at the kill's stakes (20/40 with a full kill:
    40/80)."""

    num: int
    den: int
    at: int = 0

    def amount(self, bb: int) -> int:
        return bb * self.num // self.den


@dataclass(slots=True)
class LiveHand:
    """Per-hand live settings that are not part of the shared model."""

    rake: RakeRule | None = None
    drops: tuple[DropRule, ...] = ()
    chopped: bool = False
    """`chop`: the blinds took their blinds back; no pot was made, nothing is raked or dropped."""
    ante: int = 0
    """The game's ante for every player (`ante 25`), its big-blind ante (`bbante 2000`) and its
    straddle (`straddle 4`): what `check_posts` requires of the posts."""
    bb_ante: int = 0
    straddle: int = 0
    antes_stated: bool = False
    """The game or level line states the antes (`no ante` too): only then is an ante it does
    not call for extra."""
    kill_owed: tuple[str, int] | None = None
    """(player, amount): the kill blind the house's kill rule makes due in this hand."""
    kill_line: int = 0
    """The line of the hand's `kill` post (a straddle in the replay; not one the house's
    `straddles` judge)."""


# ============================================================== what the rules require


@dataclass(slots=True)
class Decision:
    act: Act
    to: int
    """Street total after the action (for fold/check: the seat's street bet)."""
    chips: int
    """Chips this action puts in."""
    pushed: int
    """Chips the player pushed forward (all motions)."""
    all_in: bool
    code: str
    reason: str

    @property
    def returned(self) -> int:
        return max(0, self.pushed - self.chips)


def _make(state: State, seat: int, act: Act, to: int, pushed: int, code: str, reason: str) -> Decision:
    s = state.seats[seat]
    cap = s.street_bet + s.stack
    if act in (Act.FOLD, Act.CHECK):
        return Decision(act, s.street_bet, 0, pushed, False, code, reason)
    if act is Act.CALL:
        owed = state.call_amount(seat)
        return Decision(act, s.street_bet + owed, owed, pushed, owed >= s.stack, code, reason)
    to = min(to, cap)
    if to <= state.call_to(seat):
        owed = state.call_amount(seat)
        return Decision(Act.CALL, s.street_bet + owed, owed, pushed, owed >= s.stack, code, reason)
    act = Act.BET if state.current_bet == 0 else Act.RAISE
    return Decision(act, to, to - s.street_bet, pushed, to >= cap, code, reason)


def decide(state: State, seat: int, act: str, to: int | None, pushed: int = 0,
           code: str = "", reason: str = "") -> Decision:
    """An action as written (`call`, `raise 800`, `allin`) in chips, from the state."""
    s = state.seats[seat]
    cap = s.street_bet + s.stack
    if act == "fold":
        return _make(state, seat, Act.FOLD, 0, pushed, code, reason)
    if act == "check":
        return _make(state, seat, Act.CHECK, 0, pushed, code, reason)
    if act == "call":
        if state.call_amount(seat) == 0:
            return _make(state, seat, Act.CHECK, 0, pushed, code, reason)  # TDA 55: "call" = check
        return _make(state, seat, Act.CALL, 0, pushed, code, reason)
    if act == "allin":
        return _make(state, seat, Act.RAISE, cap, pushed, code, reason)
    target = to if to is not None else state.min_raise_to()
    return _make(state, seat, Act.RAISE, target, pushed, code, reason)


def required(state: State, rec: LiveAction, profile: Profile, opening: bool) -> Decision | None:
    """What TDA-2024 (or the profile) makes of the words and chips of `rec`, or None when
    the log records nothing to judge or the rules leave it to the floor.

    `opening`: the seat faces the opening bet of the round (the BB counts pre-flop)."""
    seat = rec.seat
    s = state.seats[seat]
    owed = state.call_amount(seat)
    cap = s.street_bet + s.stack
    pushed_all = sum(m.amount for m in rec.motions)
    said = rec.said
    if said is not None and (rec.said_first or not rec.motions) and said.kind != "amount":
        # TDA 40: the declaration came first and defines the action.
        if said.kind == "raise" and said.to is None or said.kind == "bet" and said.to is None:
            multi = profile.string_bet_multi_trip_after_raise and state.hand.limit is Limit.NO_LIMIT
            used = pushed_all if multi else (rec.motions[0].amount if rec.motions else 0)
            pushed = pushed_all
            if len(rec.motions) > 1 and not multi:
                code, why = "SB01", ("after \"raise\" only the first motion counts; the second trip to "
                                     "the stack is a string raise (TDA-2024 42, 56)")
            else:
                code, why = "SB05", "\"raise\" with the chips of one motion (TDA-2024 40, 42)"
            if state.hand.limit is Limit.FIXED_LIMIT:
                return decide(state, seat, "raise", None, pushed, code, why)
            target = max(s.street_bet + used, state.min_raise_to())
            return _make(state, seat, Act.RAISE, target, pushed, code, why)
        why = f"the declaration \"{said.kind}{'' if said.to is None else ' ' + str(said.to)}\" came first and is binding (TDA-2024 40, 51)"
        if said.kind in ("bet", "raise") and said.to is not None and state.current_bet and said.to < state.min_raise_to():
            # a declared raise below the minimum is made a full minimum raise (TDA 43-A)
            return _make(state, seat, Act.RAISE, state.min_raise_to(), pushed_all, "SB05", why)
        return decide(state, seat, said.kind, said.to, pushed_all, "SB05", why)
    if not rec.motions and said is not None and said.kind == "amount":
        return _chips(state, seat, said.to - s.street_bet if said.to is not None else 0, (), False,
                      0, owed, cap, opening, "SB03", declared_amount=True)
    if not rec.motions:
        return None
    first = rec.motions[0]
    code = "SB01" if len(rec.motions) > 1 else ""
    return _chips(state, seat, first.amount, first.chips if first.listed else (), first.single,
                  pushed_all, owed, cap, opening, code)


def _chips(state: State, seat: int, amount: int, listed: tuple[int, ...], single: bool, pushed: int,
           owed: int, cap: int, opening: bool, code: str, declared_amount: bool = False) -> Decision | None:
    """One silent motion of `amount` chips (TDA 41, 43-A, 44, 45, 51)."""
    s = state.seats[seat]
    string = code == "SB01"
    lead = ("chips in several motions with a return to the stack and no declaration first: "
            "only the first motion counts (TDA-2024 56, WSOP-T 103); ") if string else ""
    if amount >= s.stack:
        return _make(state, seat, Act.RAISE, cap, pushed, code or "SB03",
                     lead + "the player's last chips are all-in (TDA-2024 45)")
    to = s.street_bet + amount
    if owed == 0 and (state.current_bet == 0 or to <= state.current_bet or single):
        # Not facing a bet: nothing bet yet, or the big blind's (straddle's) own option,
        # where one silent chip is a raise of its full value, not a "call" of nothing (44).
        if amount == 0:
            return None
        return _make(state, seat, Act.RAISE, to, pushed, code or ("SB02" if single else "SB03"),
                     lead + ("a silent chip not facing a bet is a bet of its full value (TDA-2024 44)"
                             if single else "chips not facing a bet are a bet of their amount (TDA-2024 40-C)"))
    if amount < owed:
        if not opening:
            return None  # TDA 51: the floor decides
        return _make(state, seat, Act.CALL, 0, pushed, code or "SB04",
                     lead + f"an undercall of {amount} facing the opening bet (or heads-up) is a mandatory "
                            "full call (TDA-2024 51)")
    if single and amount > owed:
        return _make(state, seat, Act.CALL, 0, pushed, code or "SB02",
                     lead + "one oversized chip without a declaration is a call (TDA-2024 44)")
    if len(listed) > 1 and amount - min(listed) < owed:
        return _make(state, seat, Act.CALL, 0, pushed, code or "SB03",
                     lead + "every chip was needed to make the call: removing one of the smallest chips "
                            "leaves less than the call (TDA-2024 45)")
    least = state.min_raise_to()
    increment = to - state.current_bet
    full = least - state.current_bet
    if state.hand.limit is Limit.FIXED_LIMIT:
        if increment * 2 >= full:
            return _make(state, seat, Act.RAISE, least, pushed, code or "SB03",
                         lead + "at least half a bet more than the call is a raise (limit)")
        return _make(state, seat, Act.CALL, 0, pushed, code or "SB03",
                     lead + "less than half a bet more than the call is a call")
    if to >= least:
        return _make(state, seat, Act.RAISE, to, pushed, code or "SB03",
                     lead + "a full raise in one motion (TDA-2024 42)")
    if increment * 2 >= full:
        return _make(state, seat, Act.RAISE, least, pushed, code or "SB03",
                     lead + f"{increment} over the bet is at least 50% of the minimum raise of {full}: "
                            "a full minimum raise is forced (TDA-2024 43-A, 45)")
    return _make(state, seat, Act.CALL, 0, pushed, code or "SB03",
                 lead + f"{increment} over the bet is less than 50% of the minimum raise of {full}: "
                        "a call (TDA-2024 43-A, 45)")


def describe(state: State, act: Act, to: int, chips: int, returned: int) -> str:
    back = f", {returned} returned" if returned > 0 else ""
    if act is Act.FOLD:
        return "fold" + back
    if act is Act.CHECK:
        return "check" + back
    if act is Act.CALL:
        return f"call of {chips}{back}"
    if act is Act.BET:
        return f"bet of {chips}{back}"
    return f"raise to {to}{back}"


def _same(dec: Decision, act: Act, to: int) -> bool:
    kind = {Act.BET: Act.RAISE}
    if kind.get(dec.act, dec.act) != kind.get(act, act):
        return False
    return dec.act not in (Act.BET, Act.RAISE) or dec.to == to


# ============================================================== rules


@register
class StringBet(Rule):
    """A string bet or raise ruled as the total of several motions.

    Bad: facing 500, silently 1000 into the pot, back to the stack, another 500: ruled a
    raise to 1500. Good: only the first motion counts: a call of 500, 1000 returned
    (TDA-2024 56; "raise" declared first, Robert's cash allows several trips).
    """

    code = "SB01"
    name = "string-bet-misruled"
    category = Category.STRING_BET
    citation = "TDA-2024 40, 42, 43-A, 56; WSOP-T 103; Robert's Betting & Raising (cash: several trips after \"raise\")"
    standalone = True
    default_reason = ("A live ruling against the rulebook: judged only in live logs, where the ruling is the "
                      "log's own.")


@register
class OversizedChip(Rule):
    """One oversized chip, put in silently, ruled a raise.

    Bad: 100-200, the SB drops one 500 chip on his posted 100: ruled a raise to 500.
    Good: a call (to 200), 400 returned; not facing a bet, a bet of the chip's value.
    """

    code = "SB02"
    name = "oversized-chip-misruled"
    category = Category.STRING_BET
    citation = "TDA-2024 44; Robert's Betting & Raising"
    standalone = True
    default_reason = ("A live ruling against the rulebook: judged only in live logs, where the ruling is the "
                      "log's own.")


@register
class MultipleChips(Rule):
    """Several chips in one motion misjudged by the smallest-chip test or the 50% standard.

    Bad: 250-500, facing a raise to 1100, 1000 + 500 ruled a raise. Good: a call (the 500 is
    needed); 1000 + five 100s is a forced raise to 1700; 1000 + three 100s a call, 200 back.
    """

    code = "SB03"
    name = "multiple-chips-misruled"
    category = Category.STRING_BET
    citation = "TDA-2024 41, 43-A, 45, 61"
    standalone = True
    default_reason = ("A live ruling against the rulebook: judged only in live logs, where the ruling is the "
                      "log's own.")


@register
class Undercall(Rule):
    """An undercall not made a full call where TDA 51 makes it mandatory.

    Bad: facing the opening bet of 500 multi-way, 300 pushed silently: ruled a fold, 300
    returned. Good: a mandatory full call of 500 (heads-up: facing any bet).
    """

    code = "SB04"
    name = "undercall-misruled"
    category = Category.STRING_BET
    citation = "TDA-2024 51"
    standalone = True
    default_reason = ("A live ruling against the rulebook: judged only in live logs, where the ruling is the "
                      "log's own.")


@register
class DeclarationIgnored(Rule):
    """A ruling that differs from a binding verbal declaration made first.

    Bad: says "call", then pushes 1500 facing 500: ruled a raise. Good: a call of 500, the
    rest returned ("raise" then one motion: a raise of that size, at least the minimum).
    """

    code = "SB05"
    name = "declaration-misruled"
    category = Category.STRING_BET
    citation = "TDA-2024 40, 42, 43-A, 51"
    standalone = True
    default_reason = ("A live ruling against the rulebook: judged only in live logs, where the ruling is the "
                      "log's own.")


@register
class OutOfTurnMisruled(Rule):
    """An out-of-turn action held binding (or released) against TDA 53.

    Bad: Ex 1, seat 6 says "raise to 800" out of turn, seat 5 calls, then seat 6 is allowed
    to just call. Good: seat 6 is bound to 800; had seat 5 raised, seat 6 has every option.
    An out-of-turn fold is always binding.
    """

    code = "SB06"
    name = "out-of-turn-misruled"
    category = Category.ACTION_ORDER
    citation = "TDA-2024 53-A, 58; Robert's (cash: a check or call out of turn may not become a raise)"
    standalone = True
    default_reason = ("A live ruling against the rulebook: judged only in live logs, where the ruling is the "
                      "log's own.")


@register
class RakeNotHouseRule(Rule):
    """Rake taken differs from the session's rake rule.

    Bad: "rake 10% max 500", pot 2000, rake taken 300. Good: rake 200.
    """

    code = "SB07"
    name = "rake-not-house-rule"
    category = Category.ACCOUNTING
    citation = "house rake rule in the log's game line"
    default_reason = "Judged only where the live log states its rake rule."


# ============================================================== the auditor's hook


@register
class DropNotHouseRule(Rule):
    """A jackpot or promotion drop differs from the game line's rule.

    Bad: "jackpot 1 at 20", a pot of 45 after the flop, no jackpot taken (or 2 taken).
    Good: jackpot 1. A pot of 19, or a hand over before the flop: no drop.
    """

    code = "SB08"
    name = "drop-not-house-rule"
    category = Category.ACCOUNTING
    citation = "house jackpot or promotion rule in the log's game line"
    default_reason = "Judged only where the live log states its jackpot or promotion rule."


@register
class ForcedBetMissing(Rule):
    """A post the game's structure requires was not written.

    The blinds, the ante, the big-blind ante, a bomb pot's ante, the game line's straddle or
    a kill blind owed.
    Bad: `level 400/800 bbante 800`, the big blind posts 800 and no ante; a bomb pot of 10
    where one of four players antes nothing (the pot is 30, not 40). Good: the big blind
    posts 800 and the ante 800 (BB first: with 1,200 behind, 800 and an ante of 400, TDA-2024
    RP-11); every player dealt in antes 10 (a bomb pot: the house rule).
    """

    code = "FB01"
    name = "forced-bet-missing"
    category = Category.BET_SIZE
    citation = ("the log's game line (its blinds, antes, straddle and kill); TDA-2024 RP-11; Robert's Button & Blind; "
                "Robert's NL (straddle)")
    default: ClassVar[bool] = True
    default_reason: ClassVar[str] = "a live log's posts against the structure its own game line states"


@register
class ForcedBetShort(Rule):
    """A post smaller than the structure's, the player not all-in.

    Bad: 1/2 with `ante 1`, a player with 200 antes nothing but posts the big blind 1. Good:
    the big blind 2 (a short stack posts what it has, all-in: not short; TDA-2024 RP-11,
    BB first: 1000/2000 with a 2000 BBA, a big blind of 3000 posts 2000 and an ante of 1000).
    """

    code = "FB02"
    name = "forced-bet-short"
    category = Category.BET_SIZE
    citation = ForcedBetMissing.citation
    default: ClassVar[bool] = True
    default_reason: ClassVar[str] = "a live log's posts against the structure its own game line states"


@register
class ForcedBetExtra(Rule):
    """A post the structure does not call for, or larger than it calls for.

    Bad: a `bbante` game where every player antes (the big blind antes for the table); a
    small blind of 2 at 1/2; a kill blind posted by a player who owes none. Good: only the
    big blind antes; the small blind posts 1. (Missed blinds and new players' posts are the
    session audit's: SE02-SE04; straddles the house allows are not extra: IA05.)
    """

    code = "FB03"
    name = "forced-bet-extra"
    category = Category.BET_SIZE
    citation = ForcedBetMissing.citation
    default: ClassVar[bool] = True
    default_reason: ClassVar[str] = "a live log's posts against the structure its own game line states"


def check_posts(auditor: Judge, hand: Hand, final: State, out: AuditedHand) -> None:
    """FB01-FB03: the posts the game requires of this hand (`LiveHand`: the game line's
    blinds, ante, big-blind ante, straddle and kill; the hand's bomb pot) against the posts
    written. The blinds' seats come from the button: heads-up the button posts the small
    blind (TDA-2024 34-B), otherwise the first two players dealt in after it; under a dead
    button (rules.md 1c) or a site's forward button, with an empty seat after the button,
    the small blind may be dead and is not judged (a moving button always finds one). Who
    posts a blind from the wrong seat is AO06's; missed blinds owed are the session
    audit's (SE02, SE03)."""
    extra = next((r for r in hand.live if isinstance(r, LiveHand)), None)
    if extra is None or hand.button_seat is None:
        return
    posts = [(seq, e) for seq, e in enumerate(hand.events) if isinstance(e, PostEvent)]
    start = {s.seat: s.stack for s in hand.seats}
    names = {s.seat: s.player for s in hand.seats}
    dealt = sorted(s.seat for s in hand.seats if not s.sitting_out and s.stack > 0)
    if len(dealt) < 2 or not posts and not any(isinstance(e, ActionEvent) for e in hand.events):
        return
    left = dict(start)
    for _, e in posts:
        left[e.seat] = left.get(e.seat, 0) - e.amount - e.dead

    def all_in(seat: int) -> bool:
        return left.get(seat, 0) <= 0 or any(e.all_in for _, e in posts if e.seat == seat)

    def money(n: int) -> str:
        from ..money import to_text

        return to_text(n, hand.scale)

    def judge(seat: int, what: str, due: int, got: int, line: int, seq: int) -> None:
        name = names.get(seat, f"seat {seat}")
        due = min(due, start.get(seat, 0))
        if got == due or due <= 0 and got == 0:
            return
        if got == 0:
            if all_in(seat):
                return  # all in already (an ante took the last chips): nothing left to post
            auditor.finding(out, RULES["FB01"], line, seq, f"{name} posts the {what} {money(due)}",
                            f"no {what} posted", f"{name} (seat {seat}) posted no {what}; the game requires "
                            f"{money(due)}", seat=seat, player=name)
        elif got < due:
            if not all_in(seat):
                auditor.finding(out, RULES["FB02"], line, seq, f"{name} posts the {what} {money(due)}",
                                f"{what} {money(got)} posted", f"{name} (seat {seat}) posted a {what} of "
                                f"{money(got)}; the game requires {money(due)}", seat=seat, player=name)
        else:
            auditor.finding(out, RULES["FB03"], line, seq,
                            f"{name} posts the {what} {money(due)}" if due > 0 else f"no {what} from {name}",
                            f"{what} {money(got)} posted", f"{name} (seat {seat}) posted a {what} of "
                            f"{money(got)}; the game requires " + (money(due) if due > 0 else "none"),
                            seat=seat, player=name)

    def of(kind: Post, seat: int | None = None, kill: bool | None = None) -> list[tuple[int, PostEvent]]:
        return [(q, e) for q, e in posts if e.kind is kind and (seat is None or e.seat == seat)
                and (kill is None or (e.line == extra.kill_line) == kill)]

    line = hand.line
    antes = {seat: sum(e.amount + e.dead for _, e in of(Post.ANTE, seat)) for seat in start}
    ante_at = {e.seat: (e.line, q) for q, e in of(Post.ANTE)}
    if hand.bomb_pot:
        for seat in dealt:
            judge(seat, "bomb-pot ante", hand.bomb_pot, antes[seat], *ante_at.get(seat, (line, -1)))
        return
    btn = hand.button_seat
    ring = [s for s in dealt if s > btn] + [s for s in dealt if s <= btn]
    sb_seat: int | None
    if len(dealt) == 2:
        sb_seat = btn if btn in dealt else ring[-1]
        bb_seat = next(s for s in dealt if s != sb_seat)
    else:
        sb_seat, bb_seat = ring[0], ring[1]
        top = max(hand.max_seats or 0, *start, btn)
        after = btn % top + 1
        if final.profile.button_rule != "moving" and ring[0] != after:
            # a seat between the button and the first player: the small blind may be dead
            # (a dead button, rules.md 1c; sites' forward button: the dead small blind)
            sb_seat = None
    sbs, bbs = of(Post.SMALL_BLIND), of(Post.BIG_BLIND)
    if hand.sb:
        if sbs:
            q, e = sbs[0]
            judge(e.seat, "small blind", hand.sb, e.amount + e.dead, e.line, q)
        elif sb_seat is not None:
            judge(sb_seat, "small blind", hand.sb, 0, line, -1)
    bb_paid = 0
    if hand.bb:
        if bbs:
            q, e = bbs[0]
            bb_seat, bb_paid = e.seat, e.amount
            judge(e.seat, "big blind", hand.bb, e.amount, e.line, q)
        elif sb_seat is not None or len(dealt) == 2:
            judge(bb_seat, "big blind", hand.bb, 0, line, -1)
        else:
            bb_seat = -1  # dead button, no big blind: which seat owed it is not known here
    for seat in dealt:
        # a player sitting out is not judged: in a tournament the absent are anted and
        # blinded off (TDA-2024 30; rules.md 9c)
        if extra.ante:
            due = extra.ante
        elif extra.bb_ante:
            # big blind first (TDA-2024 RP-11): the ante is what the big blind has left, up to the ante
            due = max(0, min(extra.bb_ante, start.get(seat, 0) - bb_paid)) if seat == bb_seat else 0
        else:
            due = 0
        what = "big-blind ante" if extra.bb_ante and not extra.ante else "ante"
        if due or extra.antes_stated:
            judge(seat, what, due, antes[seat], *ante_at.get(seat, (line, -1)))
    if extra.straddle and len(dealt) > 2 and bb_seat in dealt:
        utg = next(s for s in dealt[dealt.index(bb_seat) + 1:] + dealt if s != bb_seat)
        mine = of(Post.STRADDLE, utg, kill=False)
        got = sum(e.amount for _, e in mine)
        judge(utg, "straddle", extra.straddle, got, *((mine[0][1].line, mine[0][0]) if mine else (line, -1)))
    kills = of(Post.STRADDLE, kill=True)
    owed = extra.kill_owed
    owner = next((s for s, n in names.items() if owed is not None and n.lower() == owed[0].lower()), None)
    if owed is not None and owner in dealt:
        mine = [(q, e) for q, e in kills if e.seat == owner]
        judge(owner, "kill blind", owed[1], sum(e.amount for _, e in mine),
              *((mine[0][1].line, mine[0][0]) if mine else (line, -1)))
    for q, e in kills:
        if e.seat != owner:
            judge(e.seat, "kill blind", 0, e.amount, e.line, q)


def walk(hand: Hand, profile: Profile, state: State | None = None) -> Iterator[tuple[int, object, State]]:
    """Apply `hand.events` to a fresh state, yielding (seq, event, state) *before* each
    betting action is applied (after it for every other event)."""
    st = state or State.start(hand, profile)
    started = False
    for seq, ev in enumerate(hand.events):
        if isinstance(ev, PostEvent):
            st.apply_post(ev)
        elif isinstance(ev, ActionEvent):
            if not started:
                st.begin_betting()
                started = True
            if ev.seat not in st.seats:
                continue
            yield seq, ev, st
            st.apply_action(ev, st.resolve_action(ev))
            continue
        elif isinstance(ev, StreetEvent):
            if not started:
                st.begin_betting()
                started = True
            st.apply_street(ev)
        elif isinstance(ev, UncalledEvent):
            st.apply_uncalled(ev)
        yield seq, ev, st


def opening_bet(events: Sequence[object], seq: int) -> bool:
    """True when, at event `seq`, the round's bet is its opening bet: no raise yet on this
    street (pre-flop the BB is the opening bet)."""
    for ev in reversed(events[:seq]):
        if isinstance(ev, StreetEvent):
            return True
        if isinstance(ev, ActionEvent) and ev.act is Act.RAISE:
            return False
    return True


def check_live(auditor: Judge, hand: Hand, final: State, out: AuditedHand) -> None:
    """Judge every ruling and out-of-turn action of a live hand (one call per hand)."""
    profile = final.profile
    recs = {r.seq: r for r in hand.live if isinstance(r, LiveAction)}
    oots = [r for r in hand.live if isinstance(r, OutOfTurn)]
    pending: dict[int, tuple[OutOfTurn, int, Street]] = {}
    for seq, ev, st in walk(hand, profile):
        for o in oots:
            if o.before_seq == seq and o.seat in st.seats:
                pending[o.seat] = (o, st.current_bet, st.street)
        if isinstance(ev, StreetEvent):
            pending.clear()
            continue
        if not isinstance(ev, ActionEvent):
            continue
        res = st.resolve_action(ev)
        rec = recs.get(seq)
        got_oot = pending.pop(ev.seat, None)
        if got_oot is not None and _judge_oot(auditor, out, st, seq, ev, res.to, rec, *got_oot):
            continue  # the out-of-turn rule decided this action (reported once)
        if rec is not None and rec.ruling is not None:
            heads_up = len(st.live()) == 2
            dec = required(st, rec, profile, opening_bet(hand.events, seq) or heads_up)
            if dec is not None and not _same(dec, ev.act, res.to):
                pushed = dec.pushed
                got = describe(st, ev.act, res.to, res.chips, max(0, pushed - res.chips))
                auditor.finding(out, RULES[dec.code], ev.line, seq,
                                describe(st, dec.act, dec.to, dec.chips, dec.returned),
                                "ruled a " + got if ev.act not in (Act.FOLD, Act.CHECK) else "ruled " + got,
                                f"{ev.player} (seat {ev.seat}): {dec.reason}", ev.seat, ev.player,
                                expected_amount=dec.to, actual_amount=res.to)
    check_posts(auditor, hand, final, out)
    _judge_rake(auditor, hand, final, out)
    _judge_end_stacks(auditor, hand, final, out)


def _judge_oot(auditor: Judge, out: AuditedHand, st: State, seq: int, ev: ActionEvent, to: int,
               rec: LiveAction | None, o: OutOfTurn, level: int, street: Street) -> bool:
    """Judge the in-turn action of a player who acted out of turn. True when the
    out-of-turn rule governs the action (binding), or a finding was made."""
    if street is not st.street:
        return False
    changed = st.current_bet > level
    bound = decide(st, o.seat, o.act, o.to)
    said = f"{o.act}{'' if o.to is None else ' ' + str(o.to)}"
    rule = RULES["SB06"]
    if o.act == "fold" or not changed:
        if not _same(bound, ev.act, to):
            why = ("an out-of-turn fold is always binding (TDA-2024 53-A, 58)" if o.act == "fold" else
                   f"the action to {o.player} did not change after the out-of-turn \"{said}\": it is binding "
                   "(TDA-2024 53-A)")
            auditor.finding(out, rule, ev.line, seq,
                            describe(st, bound.act, bound.to, bound.chips, 0) + " (out-of-turn action binding)",
                            describe(st, ev.act, to, st.resolve_action(ev).chips, 0), why, ev.seat, ev.player)
        return True
    # the action changed: the out-of-turn action is not binding; the player has every option
    call = st.call_amount(o.seat)
    options = f"any option: call {call}, raise to at least {st.min_raise_to()}, or fold"
    roberts = st.profile.oot_binding == "roberts"
    if roberts and o.act in ("check", "call") and ev.act in (Act.BET, Act.RAISE):
        auditor.finding(out, rule, ev.line, seq, f"call {call} or fold (Robert's: an out-of-turn {o.act} "
                        "may not become a bet or raise)", describe(st, ev.act, to, 0, 0),
                        "Robert's Rules: a player who checks or calls out of turn may not then raise",
                        ev.seat, ev.player)
        return True
    forced = rec is not None and rec.ruling is not None and _same(bound, ev.act, to) and (
        rec.said is not None or bool(rec.motions)) and (
        rec.said is None or rec.said.kind != o.act or rec.said.to != o.to)
    if forced:
        auditor.finding(out, rule, ev.line, seq, options + f" (the out-of-turn \"{said}\" is not binding)",
                        f"ruled bound to the out-of-turn {describe(st, ev.act, to, st.resolve_action(ev).chips, 0)}",
                        f"a bet or raise came in after the out-of-turn \"{said}\": it is not binding "
                        "(TDA-2024 53-A)", ev.seat, ev.player)
    return forced


def _uncalled(final: State) -> tuple[int | None, int]:
    """(seat, amount) of the bet nobody matched, counted as `pots.audit_pots` counts it."""
    from .pots import (
        unmatched_bet,  # here: the rule registry loads without the evaluator (`hhaudit rules`)
    )

    return unmatched_bet({k: s.total for k, s in final.seats.items() if s.total > 0}, final.seats)


def _judge_rake(auditor: Judge, hand: Hand, final: State, out: AuditedHand) -> None:
    extra = next((r for r in hand.live if isinstance(r, LiveHand)), None)
    if extra is None:
        return
    _, excess = _uncalled(final)
    pot = final.pot - excess
    saw_flop = any(isinstance(e, StreetEvent) and e.street is Street.FLOP for e in hand.events)
    for drop in extra.drops:
        # every hand under a drop rule is judged: no `jackpot` line is a drop of 0
        taken = sum(e.amount for e in hand.events if isinstance(e, FeeEvent) and e.kind == drop.kind)
        want = 0 if extra.chopped else drop.due(pot, saw_flop)
        if taken != want:
            line = next((e.line for e in hand.events if isinstance(e, FeeEvent) and e.kind == drop.kind),
                        hand.summary.line or hand.end_line)
            auditor.finding(out, RULES["SB08"], line, -1, f"{drop.kind} {want} (pot {pot})", f"{drop.kind} {taken}",
                            f"the {drop.kind} drop taken does not follow the game's rule ({drop.kind} {drop.amount}"
                            + (f" at {drop.min_pot}" if drop.min_pot else "") + f"): {taken} taken, {want} due",
                            expected_amount=want, actual_amount=taken)
    if extra.rake is None or hand.summary.rake is None:
        return
    due = 0 if extra.chopped else extra.rake.due(pot, saw_flop)
    if due != hand.summary.rake:
        auditor.finding(out, RULES["SB07"], hand.summary.line or hand.end_line, -1, f"rake {due} (pot {pot})",
                        f"rake {hand.summary.rake}", f"rake {hand.summary.rake} taken from a pot of {pot}; the "
                        f"game's rake rule takes {due}", expected_amount=due, actual_amount=hand.summary.rake)


def final_stacks(hand: Hand, final: State) -> dict[int, int]:
    """Each seat's chips when the hand is over, as the log says it went: chips behind after
    the betting, plus what the pay lines gave it, plus the bet nobody called (handed back by
    the dealer, unless the pay lines paid it out: then whoever they paid has it). This is
    the seats table's `stack_start + net` of the hand, chip for chip. The `end` line is checked against it (AC06), and the next hand of a live
    session that does not write its stacks starts from it."""
    paid: dict[int, int] = {}
    for e in hand.events:
        if isinstance(e, CollectEvent):
            paid[e.seat] = paid.get(e.seat, 0) + e.amount
    top, excess = _uncalled(final)
    if excess and top is not None:
        # The pay lines may hand the unmatched bet out with the pot (`pots.audit_pots` accepts
        # that when the payments come to the pot plus the bet, and judges who got it): then it
        # is in the stack of whoever the dealer paid, not back in its owner's. The seats table
        # counts it so (`stack_start + net`), and so the carry does: one account of the chips.
        deductions = (hand.summary.rake or 0) + (hand.summary.jackpot or 0) + sum(
            e.amount for e in hand.events if isinstance(e, FeeEvent))
        if sum(paid.values()) + deductions == final.pot:
            excess = 0
    return {k: s.stack + paid.get(k, 0) + (excess if k == top else 0) for k, s in final.seats.items()}


def _judge_end_stacks(auditor: Judge, hand: Hand, final: State, out: AuditedHand) -> None:
    ends = [r for r in hand.live if isinstance(r, EndStack)]
    if not ends:
        return
    stacks = final_stacks(hand, final)
    wrong: dict[int, list[tuple[EndStack, int]]] = {}
    """Per line, its stated stacks that differ from the replay's: one line (a live log's
    `end` line, a PHH file's `finishing_stacks`) is one statement, and one finding."""
    for r in ends:
        want = stacks.get(r.seat)
        if want is not None and want != r.stack:
            wrong.setdefault(r.line, []).append((r, want))
    from ..money import to_text

    def m(n: int) -> str:
        return to_text(n, hand.scale)

    for line, items in wrong.items():
        r, want = items[0]
        message = "; ".join(f"{e.player} (seat {e.seat}) ends with {m(e.stack)}; the hand leaves {m(w)}"
                            for e, w in items)
        auditor.finding(out, RULES["AC06"], line, -1, ", ".join(f"{e.player} ends with {m(w)}" for e, w in items),
                        ", ".join(f"{e.player} ends with {m(e.stack)}" for e, _ in items), message,
                        seat=r.seat, player=r.player, expected_amount=want, actual_amount=r.stack)
