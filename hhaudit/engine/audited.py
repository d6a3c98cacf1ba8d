"""What the engine's modules share: the audited hand and what lands in it.

A rule module judges a hand and reports each finding through the `Judge` it is given (the
`Auditor`, which checks the rule is selected and not abstained, and fills in the rule's
metadata); it imports this module, never its caller. `AuditedHand` is one hand's result:
its findings, the actions as the replay applied them (the `actions` table), the final state
and the pots (the `pots` table).

Compiled (pyproject's `compile` list): an `ActionRow` is built for every event replayed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from ..model import Known, Severity

if TYPE_CHECKING:
    from ..model import Hand
    from .replay import State
    from .rules import Rule


@dataclass(frozen=True, slots=True)
class Finding:
    hand_id: str
    source: str
    line: int
    seq: int
    rule: str
    name: str
    category: str
    severity: str
    seat: int | None
    player: str | None
    expected: str
    actual: str
    message: str
    citation: str
    caused_by: int | None = None
    """The `seq` of the finding this one follows from, in the same hand (module docstring);
    None: a root finding."""
    expected_amount: int | None = None
    """What the rules expected, as an amount in the hand's units (rules that compare amounts)."""
    actual_amount: int | None = None
    """What the log shows, in the same units."""


@dataclass(slots=True, init=False)
class ActionRow:
    """One event as the replay applied it (the `actions` table)."""

    seq: int
    line: int
    street: str
    run: int
    seat: int | None
    player: str | None
    action: str
    amount: int | None
    to_amount: int | None
    all_in: bool

    def __init__(
        self,
        seq: int,
        line: int,
        street: str,
        run: int,
        seat: int | None,
        player: str | None,
        action: str,
        amount: int | None,
        to_amount: int | None,
        all_in: bool,
    ) -> None:
        self.seq = seq
        self.line = line
        self.street = street
        self.run = run
        self.seat = seat
        self.player = player
        self.action = action
        self.amount = amount
        self.to_amount = to_amount
        self.all_in = all_in


@dataclass(slots=True, init=False)
class Pot:
    index: int
    amount: int
    level: int
    eligible: list[int]
    run: int = 0
    winners: list[int] = field(default_factory=list)
    """Seats the log paid from this pot."""
    paid: list[int] = field(default_factory=list)
    expected_winners: list[int] = field(default_factory=list)
    expected: list[int] = field(default_factory=list)
    ok: bool | None = None
    """True/False when judged; None when the log's cards do not allow a judgement."""
    half: str | None = None
    """Hi/Lo games: the half of the pot (and run) this row is, "high" or "low"; a pot no low
    qualifies for (or one seat wins uncontested) is one "high" row. None in high-only games."""

    def __init__(
        self,
        index: int,
        amount: int,
        level: int,
        eligible: list[int],
        run: int = 0,
        winners: list[int] | None = None,
        paid: list[int] | None = None,
        expected_winners: list[int] | None = None,
        expected: list[int] | None = None,
        ok: bool | None = None,
        half: str | None = None,
    ) -> None:
        self.index = index
        self.amount = amount
        self.level = level
        self.eligible = eligible
        self.run = run
        self.winners = [] if winners is None else winners
        self.paid = [] if paid is None else paid
        self.expected_winners = [] if expected_winners is None else expected_winners
        self.expected = [] if expected is None else expected
        self.ok = ok
        self.half = half


@dataclass(slots=True, init=False)
class AuditedHand:
    hand: Hand
    findings: list[Finding] = field(default_factory=list)
    actions: list[ActionRow] = field(default_factory=list)
    state: State | None = None
    pots: list[Pot] = field(default_factory=list)
    cards: dict[int, Known] = field(default_factory=dict)
    """Each seat's hole cards as the log reveals them (`pots.known_cards`)."""
    unseen_returns: dict[int, int] = field(default_factory=dict)
    """Uncalled bets given back with no line for it, not even inside a collection (old
    layouts): per seat, chips to take off what the seat put in."""

    def __init__(self, hand: Hand, findings: list[Finding] | None = None, actions: list[ActionRow] | None = None,
                 state: State | None = None, pots: list[Pot] | None = None,
                 cards: dict[int, Known] | None = None) -> None:
        self.hand = hand
        self.findings = [] if findings is None else findings
        self.actions = [] if actions is None else actions
        self.state = state
        self.pots = [] if pots is None else pots
        self.cards = {} if cards is None else cards
        self.unseen_returns = {}


class Judge(Protocol):
    """What a rule module reports its findings through (the `Auditor`)."""

    def finding(self, out: AuditedHand, rule: type[Rule], line: int, seq: int, expected: str,
                actual: str, message: str = "", seat: int | None = None,
                player: str | None = None, *, expected_amount: int | None = None,
                actual_amount: int | None = None) -> None:
        """Record a finding of `rule` in `out` at `line` (and the event's `seq`, -1 for none),
        unless the rule is not selected or does not judge the hand."""


def severity_rank(severity: str) -> int:
    return {Severity.INFO.value: 0, Severity.WARNING.value: 1, Severity.ERROR.value: 2}.get(severity, 2)
