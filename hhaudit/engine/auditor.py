"""Auditing one hand: replay its events through the rules, then audit its pots.

One cause, one finding: once the replay has applied an action the log got wrong, what it
judges later in the hand rests on that action. A stack too small for the bet, a call of the
wrong size or chips from a seat that could not act leave the replay's chips in doubt (every
later finding follows from it); an action out of turn, a check facing a bet or a street dealt
early leave the turn in doubt (later action-order findings follow); a fixed-limit raise of
the wrong size leaves the round's raise count in doubt (later fixed-limit findings follow); a
pot found wrong leaves the pot in doubt (later pot findings follow). A follow-on finding names its root cause:
`Finding.caused_by` is the cause's `seq` (-1: the pot audit's first finding), the hand's
first finding at that seq with no cause itself. A sizing mistake (a short raise, an
overbet) leaves nothing in doubt: the chips the log moved are still the table's. Rules
judged from the log alone (`Rule.standalone`: blind order, rake, card counts, copies, the
session rules) are never causes nor follow-ons. `link_causes` does it once the hand is
judged; the report ranks hands by their root findings, and the text output folds the
follow-ons under their cause.

Abstain rather than accuse: where the log shows something the audit does not model, the
rules that depend on it do not judge the hand. A format (or the auditor) calls
`hand.abstain(reason, rules)` (`model.Hand.abstain`: rules as `--select` takes them, codes,
prefixes, names or categories; `ALL` by default), and `Auditor.finding` drops every finding
of those rules in that hand; the hand's `not_judged` reasons (the `hands` table's column,
counted per reason in the summary) say what was not judged and why. Parse findings are never
held back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from enum import StrEnum
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    FeeEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    ProtectionEvent,
    ShowEvent,
    Status,
    Street,
    StreetEvent,
    UncalledEvent,
)
from ..money import to_text
from ..profiles import Profile, for_site, get_profile
from ..sites import is_fast_fold
from .audited import ActionRow, AuditedHand, Finding
from .games import cards_say, game_code, is_audited
from .house_rules import check_house, is_on
from .pots import PotEvents, audit_pots
from .replay import State
from .rules import RULES, Rule, action_rules

# Enum members as module constants and their texts: on Python 3.11 reading `Act.BET` from
# the enum class or `.value` from a member costs about 0.2 µs, and the replay asks per event.
# Module constants are Final: compiled, a Final name is a C static, any other name a look-up
# in the module's dictionary at every use.
_AUDITED: Final = Status.AUDITED
_PARSE_ERROR: Final = Status.PARSE_ERROR
_SHOWDOWN: Final = Street.SHOWDOWN
_FOLD: Final = Act.FOLD
_BET: Final = Act.BET
_RAISE: Final = Act.RAISE
_SB: Final = Post.SMALL_BLIND
_BB: Final = Post.BIG_BLIND
_POST_DEAD: Final = Post.DEAD
_TEXT: Final[dict[StrEnum, str]] = {m: m.value for e in (Street, Act, Post) for m in e}


def abstains(hand: Hand, rule: type[Rule]) -> bool:
    """Whether `rule` does not judge `hand` (`Hand.abstain`); never a parse rule."""
    from ..model import Category
    from .rules import matches

    if rule.category is Category.PARSE:
        return False
    return any(matches(rule, p) for _, patterns in hand.abstained for p in patterns)


_DOUBTS: Final[dict[str, tuple[str, ...]]] = {
    "BS03": ("chips", "turn"), "BS01": ("chips",), "AO02": ("chips", "turn"), "AO03": ("chips", "turn"),
    "AO04": ("chips", "turn"), "AO01": ("turn",), "AO05": ("turn",), "IA01": ("turn",),
    "AC01": ("pot",), "AC02": ("pot",), "AC03": ("pot",), "AC04": ("pot",), "FL01": ("limit",),
}
"""What a finding of the rule leaves in doubt for the rest of the hand: `chips` (a stack
too small for the bet, a call of the wrong size, chips from a seat that could not act: the
replay's chips are not the table's), `turn` (the replay's idea of who acts next), `pot` (the
pot's size, for the later pot findings), `limit` (a fixed-limit raise of the wrong size: the
round's bet level and raise count are not the site's, for the later fixed-limit findings)."""
_RESTS_ON: Final[dict[str, tuple[str, ...]]] = {
    "action_order": ("chips", "turn"), "illegal_action": ("chips", "turn"), "bet_size": ("chips",),
    "min_raise": ("chips",), "reopen": ("chips",), "pot_limit": ("chips",), "fixed_limit": ("chips", "limit"),
    "side_pot": ("chips", "pot"), "odd_chip": ("chips", "pot"), "accounting": ("chips", "pot"),
    "winner": ("chips", "turn"),
}
"""What the findings of each category rest on (the doubts of `_DOUBTS` that explain them)."""


def link_causes(findings: list[Finding]) -> list[Finding]:
    """The hand's findings, each follow-on given the `seq` of its root cause (module
    docstring): a finding whose category rests on something an earlier finding left in
    doubt (`_DOUBTS`, `_RESTS_ON`) follows from the first such finding."""
    from dataclasses import replace

    doubt: dict[str, int] = {}
    """What is in doubt, and the seq of the root finding that put it in doubt."""
    out: list[Finding] = []
    for f in findings:
        rule = RULES.get(f.rule)
        if rule is None or rule.standalone or f.caused_by is not None:
            out.append(f)
            continue
        causes = [doubt[k] for k in _RESTS_ON.get(f.category, ()) if k in doubt]
        at_actions = [c for c in causes if c >= 0]  # the earliest cause at an action, else the pots'
        cause = min(at_actions) if at_actions else (-1 if causes else None)
        root = f.seq if cause is None else cause
        for k in _DOUBTS.get(f.rule, ()):
            doubt.setdefault(k, root)
        out.append(replace(f, caused_by=cause) if cause is not None else f)
    return out


class _Run:
    """One hand's replay in progress: what the event handlers share."""

    __slots__ = ("betting", "hand", "log", "out", "rows", "state")

    def __init__(self, hand: Hand, state: State, out: AuditedHand) -> None:
        self.hand = hand
        self.state = state
        self.out = out
        self.rows = out.actions
        self.betting = False
        """The posts are done: `State.begin_betting` has run (first action or street)."""
        self.log = PotEvents()
        """The events the pot audit reads."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Auditor:
    """Audits hands with one profile and one rule selection."""

    def __init__(self, profile: Profile | str = "online", enabled: Iterable[str] | None = None) -> None:
        self.profile = get_profile(profile) if isinstance(profile, str) else profile
        self.enabled = set(enabled) if enabled is not None else set(RULES)
        self._by_limit = {limit: {act: [r for r in action_rules(act, limit) if r.code in self.enabled] for act in Act}
                          for limit in Limit}
        """The enabled rules per betting structure and action (only those that can find
        something there)."""
        self._house = is_on(self.profile)
        """A house rule of `house_rules` is set: judge it after the pots."""
        self._sites: dict[str, Profile] = {}
        """The profile per site (`profile_for`)."""
        self._mislabelled: set[str] = set()
        """The files a PA05 finding was made for (one per file and auditor)."""

    def profile_for(self, hand: Hand) -> Profile:
        """The profile the hand is judged by: this auditor's, with the conventions of the
        hand's site where the profile follows them (`profiles.for_site`)."""
        if not self.profile.site_conventions:
            return self.profile
        p = self._sites.get(hand.site)
        if p is None:
            p = self._sites[hand.site] = for_site(self.profile, hand.site)
        return p

    def finding(self, out: AuditedHand, rule: type[Rule], line: int, seq: int, expected: str,
                actual: str, message: str = "", seat: int | None = None,
                player: str | None = None, *, expected_amount: int | None = None,
                actual_amount: int | None = None) -> None:
        if rule.code not in self.enabled:
            return
        h = out.hand
        if h.abstained and abstains(h, rule):
            return
        out.findings.append(Finding(h.hand_id, h.source, line, seq, rule.code, rule.name,
                                    rule.category.value, rule.severity.value, seat, player,
                                    expected, actual, message or rule.summary(), rule.citation,
                                    None, expected_amount, actual_amount))

    def audit(self, hand: Hand) -> AuditedHand:
        out = AuditedHand(hand)
        if hand.status is not _AUDITED:
            if hand.status is _PARSE_ERROR:
                p = hand.problem
                if p is not None:
                    rule = p.rule
                    if rule == "PA01":
                        self.finding(out, RULES["PA01"], p.line, -1, "a line of the " + hand.format + " format",
                                     f"column {p.column}: {p.text}", p.message)
                    else:
                        self.finding(out, RULES[rule], p.line, -1, p.expected, p.text, p.message)
            return out
        if hand.unknown_lines and not self._unknown_lines(out):
            return out
        omaha = cards_say(hand)
        if omaha is not None:
            self._read_as_omaha(hand, omaha, out)
        if not is_audited(hand.variant, hand.hole_cards, hand.hilo):
            # a game no rule here judges (a format that left it `audited`): never judged as
            # another game (`games`)
            hand.status = Status.UNSUPPORTED_GAME
            return out
        state = State.start(hand, self.profile_for(hand))
        out.state = state
        log = self._replay(hand, state, out)
        audit_pots(self, hand, state, out, log)
        if self._house:
            check_house(self, hand, state, out)
        if hand.live:
            from .live_rules import check_live

            check_live(self, hand, state, out)
        if len(out.findings) > 1:
            out.findings = link_causes(out.findings)
        return out

    def _read_as_omaha(self, hand: Hand, hole_cards: int, out: AuditedHand) -> None:
        """The game is what the cards say (`games.cards_say`): the hand becomes the Omaha
        game of its limit, and the file's first such hand says the site mislabels it."""
        named = hand.game
        hand.variant, hand.hole_cards = "omaha", hole_cards
        hand.game = game_code(hand.limit, "omaha", hole_cards, False)
        if hand.source not in self._mislabelled:
            self._mislabelled.add(hand.source)
            self.finding(out, RULES["PA05"], hand.line, -1, f"{hand.game} (every hand shown holds {hole_cards} cards)",
                         f"the header names {named}",
                         f"the site labels {hand.game} hands {named}: read as {hand.game}")

    def _unknown_lines(self, out: AuditedHand) -> bool:
        """A PA04 warning for each line the format kept unread (when PA04 is selected: it is
        not in the default set); whether the hand is judged (no such line may change what the
        rules read). A hand that is not judged says why in `not_judged`, whatever is selected,
        so that the summary counts it."""
        hand = out.hand
        judged = not any(u.matters for u in hand.unknown_lines)
        for u in hand.unknown_lines:
            if u.matters or u.reason:
                hand.abstain(u.reason or f"a line the {hand.format} reader does not know, which may carry an "
                             "action, an amount or cards")
            why = ("may carry an action, an amount or cards: the hand is not judged" if u.matters
                   else "cannot change what is judged: the hand is judged without it")
            what = f"a line the {hand.format} reader does not know"
            if u.reason:
                what, why = f"a line the audit does not model ({u.reason})", "the hand is not judged"
            self.finding(out, RULES["PA04"], u.line, -1, "a line of the " + hand.format + " format",
                         u.text[:200], f"{what} ({why})" if not u.reason else f"{what}: {why}")
        return judged

    # ------------------------------------------------------------------ replay
    def _replay(self, hand: Hand, state: State, out: AuditedHand) -> PotEvents:
        """Apply every event; the events the pot audit reads."""
        run = _Run(hand, state, out)
        handlers = _HANDLERS
        for seq, ev in enumerate(hand.events):
            handler = handlers.get(type(ev)) or _handler(type(ev))
            if handler is not None:
                handler(self, run, seq, ev)
        self._check_blinds(hand, state, out)
        return run.log

    def steps(self, hand: Hand, state: State, out: AuditedHand) -> Iterator[int]:
        """Apply the hand's events one by one, yielding each event's index after it is
        applied (for `hhaudit show`)."""
        run = _Run(hand, state, out)
        handlers = _HANDLERS
        for seq, ev in enumerate(hand.events):
            handler = handlers.get(type(ev)) or _handler(type(ev))
            if handler is not None:
                handler(self, run, seq, ev)
                yield seq
        self._check_blinds(hand, state, out)

    # One handler per event type (`_HANDLERS`); each records the event's `actions` row.
    def _on_post(self, run: _Run, seq: int, ev: PostEvent) -> None:
        state = run.state
        state.apply_post(ev)
        run.rows.append(ActionRow(seq, ev.line, _TEXT[state.street], 0, ev.seat, ev.player,
                                  _TEXT[ev.kind], ev.amount + ev.dead,
                                  ev.amount if ev.kind is _POST_DEAD else None, ev.all_in))

    def _on_action(self, run: _Run, seq: int, ev: ActionEvent) -> None:
        state = run.state
        if not run.betting:
            state.begin_betting()
            run.betting = True
        self._action(state, ev, seq, run.out)

    def _on_street(self, run: _Run, seq: int, ev: StreetEvent) -> None:
        state = run.state
        if not run.betting:
            state.begin_betting()
            run.betting = True
        street = ev.street
        if street is not _SHOWDOWN and not (ev.run > 1 and street is state.street):
            nxt = state.to_act()
            if nxt is not None and street is not state.street:
                s = state.seats[nxt]
                self.finding(run.out, RULES["AO05"], ev.line, seq,
                             f"{s.player} (seat {nxt}) to act before the {_TEXT[street]}",
                             f"{_TEXT[street]} dealt", f"the {_TEXT[street]} was dealt while {s.player} "
                             f"(seat {nxt}) still had to act on the {_TEXT[state.street]}", seat=nxt, player=s.player)
        state.apply_street(ev)
        run.log.streets.append(ev)
        run.rows.append(ActionRow(seq, ev.line, _TEXT[street], ev.run, None, None,
                                  "deal_" + _TEXT[street] if street is not _SHOWDOWN else "showdown",
                                  None, None, False))

    def _on_uncalled(self, run: _Run, seq: int, ev: UncalledEvent) -> None:
        state = run.state
        state.apply_uncalled(ev)
        run.log.uncalled.append(ev)
        run.rows.append(ActionRow(seq, ev.line, _TEXT[state.street], 0, ev.seat, ev.player,
                                  "return_uncalled", ev.amount, None, False))

    def _on_show(self, run: _Run, seq: int, ev: ShowEvent) -> None:
        run.log.shows.append(ev)
        run.rows.append(ActionRow(seq, ev.line, "showdown", ev.run, ev.seat, ev.player,
                                  "muck" if ev.muck else "show", None, None, False))

    def _on_collect(self, run: _Run, seq: int, ev: CollectEvent) -> None:
        run.log.collects.append(ev)
        run.rows.append(ActionRow(seq, ev.line, "showdown", ev.run, ev.seat, ev.player,
                                  "collect", ev.amount, None, False))

    def _on_fee(self, run: _Run, seq: int, ev: FeeEvent) -> None:
        state = run.state
        if ev.kind == "room_added":
            state.room_added += -ev.amount
        run.log.fees.append(ev)
        run.rows.append(ActionRow(seq, ev.line, _TEXT[state.street], 0, ev.seat, ev.player,
                                  ev.kind, ev.amount, None, False))

    def _on_protection(self, run: _Run, seq: int, ev: ProtectionEvent) -> None:
        state = run.state
        if not run.betting:
            state.begin_betting()
            run.betting = True
        state.apply_protection(ev)
        run.rows.append(ActionRow(seq, ev.line, _TEXT[state.street], 0, ev.seat, ev.player,
                                  "protected_" + ev.kind, None, None, True))

    def _on_deal(self, run: _Run, seq: int, ev: DealEvent) -> None:
        run.log.deals.append(ev)
        dealt = run.state.seats.get(ev.seat)
        if dealt is not None:
            dealt.dealt_in = True
            run.state.changed()

    def _check_blinds(self, hand: Hand, state: State, out: AuditedHand) -> None:
        """AO06, once the hand is replayed (who was dealt in is then best known): heads-up the
        button posts the small blind (TDA-2024 34-B); otherwise the small blind is the first
        dealt-in seat left of the button (not judged in online logs, see below) and the big
        blind the next dealt-in seat. A seat that posts anything else (a dead blind, a new
        player's big blind) is coming in, not skipped; a dead small blind (none posted) is
        not judged."""
        sb, bb, button = state.sb_seat, state.bb_seat, state.button
        if sb is None or "AO06" not in self.enabled:
            return
        seats = state.seats
        dealt = [s for s in state.order if seats[s].dealt_in]
        if len(dealt) == 2:
            # online logs: a third seated player sitting out still counts in the site's
            # button rotation (PartyPoker: button on seat 6, seat 1 out, seat 3 posts the
            # small blind and the button the big blind), so only a table of two is judged
            seated_out = self.profile.infer_sitting_out and len(state.order) > 2
            if button in dealt and sb != button and not seated_out:
                self._wrong_blind(hand, state, out, sb, _SB, f"small blind from seat {button} (the button, "
                                  "heads-up)", f"small blind from seat {sb}")
            return
        if len(dealt) < 2:
            return
        if button is not None and not self.profile.infer_sitting_out:
            # online logs (`infer_sitting_out`): who was dealt in is inferred from play, and
            # sites seat the small blind by their own dead-button and new-player rules
            for seat in state.next_after(button):
                if seat == sb:
                    break
                s = seats[seat]
                if s.dealt_in and not s.posted:
                    self._wrong_blind(hand, state, out, sb, _SB, f"small blind from seat {seat}",
                                      f"small blind from seat {sb}")
                    return
        if bb is None:
            return
        for seat in state.next_after(sb):
            if seats[seat].dealt_in:
                if seat != bb:
                    self._wrong_blind(hand, state, out, bb, _BB, f"big blind from seat {seat}",
                                      f"big blind from seat {bb}")
                return

    def _wrong_blind(self, hand: Hand, state: State, out: AuditedHand, seat: int, kind: Post,
                     expected: str, actual: str) -> None:
        """An AO06 finding at the line of `seat`'s post of `kind`."""
        seq, line = -1, hand.line
        for i, ev in enumerate(hand.events):
            if isinstance(ev, PostEvent) and ev.seat == seat and ev.kind is kind:
                seq, line = i, ev.line
                break
        s = state.seats[seat]
        self.finding(out, RULES["AO06"], line, seq, expected, actual,
                     f"{s.player} (seat {seat}) posted the {'small' if kind is _SB else 'big'} blind; the rules give it to "
                     + expected.split(" from ", 1)[-1], seat=seat, player=s.player)

    def _action(self, state: State, ev: ActionEvent, seq: int, out: AuditedHand) -> None:
        """Check one betting action against the state before it, then apply it."""
        s = state.seats.get(ev.seat)
        if s is None:
            return  # a seat the hand does not list: the format reports it
        res = state.resolve_action(ev)
        act = ev.act
        if self._order_ok(state, ev, seq, out):
            for rule in self._by_limit[state.hand.limit][act]:
                v = rule.check(state, ev, res)
                if v is not None and rule.code in self.enabled:
                    self.finding(out, rule, ev.line, seq, v.expected, v.actual, v.message, ev.seat, ev.player,
                                 expected_amount=v.expected_amount, actual_amount=v.actual_amount)
        out.actions.append(ActionRow(seq, ev.line, _TEXT[state.street], 0, ev.seat, ev.player, _TEXT[act],
                                     res.chips, res.to if act is _BET or act is _RAISE else None, res.all_in))
        state.apply_action(ev, res)

    def _order_ok(self, state: State, ev: ActionEvent, seq: int, out: AuditedHand) -> bool:
        """Order rules; False when the action is so out of place that sizing checks would
        only repeat the problem."""
        s = state.seats[ev.seat]
        if s.folded:
            self.finding(out, RULES["AO02"], ev.line, seq, "no action (folded)", _TEXT[ev.act],
                         f"{ev.player} (seat {ev.seat}) acted ({_TEXT[ev.act]}) after folding",
                         seat=ev.seat, player=ev.player)
            return False
        if s.all_in and ev.act is _FOLD and s.sitting_out:
            return False  # the software folds an absent all-in player's hand
        if ev.act is _FOLD and not s.all_in and is_fast_fold(state.hand.table_name):
            # a fast-fold table: the fold is logged when clicked, out of seat order
            # (`sites.FAST_FOLD`): its order is not judged
            if not s.dealt_in or s.inferred_out:
                s.dealt_in, s.inferred_out = True, False
                state.changed()
            return True
        if s.inferred_out and not s.dealt_in:
            # a seat taken as not dealt in when a later seat acted acts after all: that
            # later seat acted before it, out of turn
            s.dealt_in, s.inferred_out = True, False
            state.changed()
            self.finding(out, RULES["AO01"], ev.line, seq, f"{ev.player} (seat {ev.seat}) to act in turn, "
                         "before the seats after it", f"{ev.player} (seat {ev.seat}) acted after them: "
                         f"{_TEXT[ev.act]}", f"{ev.player} (seat {ev.seat}) acted ({_TEXT[ev.act]}) after seats "
                         "that act after it", seat=ev.seat, player=ev.player)
            return True
        if not s.dealt_in:
            s.dealt_in = True  # the log says this seat plays
            state.changed()
        if s.all_in:
            self.finding(out, RULES["AO03"], ev.line, seq,
                         "no action (has reached the cap)" if s.capped else "no action (all-in)",
                         _TEXT[ev.act], f"{ev.player} (seat {ev.seat}) acted ({_TEXT[ev.act]}) after "
                         + ("reaching the cap" if s.capped else "going all-in"), seat=ev.seat, player=ev.player)
            return False
        expected = state.to_act_after()
        if expected is None:
            if ev.act is _FOLD and state.street is not _SHOWDOWN and not state.hand_over:
                return True
            self.finding(out, RULES["AO04"], ev.line, seq, "no further action this round",
                         f"{_TEXT[ev.act]} by {ev.player}", f"{ev.player} (seat {ev.seat}) acted "
                         f"({_TEXT[ev.act]}) after the {_TEXT[state.street]} round had closed",
                         seat=ev.seat, player=ev.player)
            return False
        if expected == ev.seat:
            return True
        if self.profile.infer_sitting_out and self._skip_unseen(state, expected, ev.seat):
            return True
        exp = state.seats[expected]
        self.finding(out, RULES["AO01"], ev.line, seq, f"{exp.player} (seat {expected}) to act",
                     f"{ev.player} (seat {ev.seat}) acted: {_TEXT[ev.act]}",
                     f"{ev.player} (seat {ev.seat}) acted ({_TEXT[ev.act]}) before {exp.player} (seat {expected}), "
                     "whose turn it was", seat=ev.seat, player=ev.player)
        return True

    @staticmethod
    def _skip_unseen(state: State, expected: int, actual: int) -> bool:
        """Online logs: seats between the expected and the actual actor that never posted,
        acted or were dealt cards were not dealt in."""
        between: list[int] = []
        for seat in state.next_after(expected, include=False):
            if seat == actual:
                break
            between.append(seat)
        candidates = [expected] + between
        for seat in candidates:
            s = state.seats[seat]
            if s.has_acted_in_hand or s.folded or s.posted and not (s.sitting_out and state.hand.kind == "tournament"):
                # (a tournament seat the log marks as away pays its blinds and antes, and
                # the software folds its hand without a line for it)
                return False
        for seat in candidates:
            state.seats[seat].dealt_in = False
        state.changed()
        if state.to_act() != actual:
            return False
        for seat in candidates:
            state.seats[seat].inferred_out = True
        return True


_Handler = Callable[[Auditor, _Run, int, Any], None]
_HANDLERS: Final[dict[type, _Handler | None]] = {
    PostEvent: Auditor._on_post,
    ActionEvent: Auditor._on_action,
    StreetEvent: Auditor._on_street,
    UncalledEvent: Auditor._on_uncalled,
    ShowEvent: Auditor._on_show,
    CollectEvent: Auditor._on_collect,
    FeeEvent: Auditor._on_fee,
    DealEvent: Auditor._on_deal,
    ProtectionEvent: Auditor._on_protection,
}
"""The replay's handler per event type (None: the replay skips events of that type)."""


def _handler(cls: type) -> _Handler | None:
    """The handler of a type `_HANDLERS` does not list: that of its first listed base
    class (in the order above), or None; remembered in `_HANDLERS`."""
    if cls not in _HANDLERS:
        _HANDLERS[cls] = next((h for base, h in list(_HANDLERS.items()) if h is not None and issubclass(cls, base)),
                              None)
    return _HANDLERS[cls]


def money(hand: Hand, value: int) -> str:
    return to_text(value, hand.scale)
