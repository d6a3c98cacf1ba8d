"""Write small PokerStars-format hands for tests, and ask the replay questions mid-hand.

`stars()` renders a hand from a compact description (seats, button, blinds, the lines
after the seats). Amounts are play-money chips (scale 0), so "5600" in a finding means
5600 chips. `probe()` audits the text and records, just before each chosen action line is
applied, what the replay state answers for the acting seat.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any

from hhaudit.engine.audited import AuditedHand
from hhaudit.engine.auditor import Auditor
from hhaudit.engine.replay import State
from hhaudit.model import ActionEvent
from hhaudit.parsing import parse
from hhaudit.profiles import Profile


def stars(
    body: str,
    *,
    seats: dict[int, tuple[str, int]],
    button: int,
    blinds: tuple[int, int] = (50, 100),
    limit: str = "No Limit",
    max_seats: int = 9,
    summary: str = "",
    hand_id: str = "1000001",
) -> str:
    """A PokerStars hand. `body` holds everything between the seat lines and the summary
    (posts, `*** HOLE CARDS ***`, actions, streets, showdown, collections)."""
    head = [
        f"PokerStars Hand #{hand_id}:  Hold'em {limit} ({blinds[0]}/{blinds[1]}) - 2024/03/01 20:00:00 ET",
        f"Table 'Rulebook' {max_seats}-max (Play Money) Seat #{button} is the button",
    ]
    head += [f"Seat {n}: {name} ({stack} in chips)" for n, (name, stack) in sorted(seats.items())]
    lines = head + textwrap.dedent(body).strip("\n").splitlines()
    lines.append("*** SUMMARY ***")
    lines += textwrap.dedent(summary).strip("\n").splitlines() if summary.strip() else []
    return "\n".join(line.rstrip() for line in lines) + "\n"


def hand_of(text: str):
    (hand,) = list(parse(text))
    assert hand.status.value == "audited", hand.problem
    return hand


def line_of(text: str, start: str, nth: int = 1) -> int:
    """1-based number of the `nth` line that starts with `start`."""
    seen = 0
    for i, line in enumerate(text.splitlines(), 1):
        if line.startswith(start):
            seen += 1
            if seen == nth:
                return i
    raise AssertionError(f"no line {nth} starting with {start!r}")


CHECKDOWN_SEATS = {2: ("Alice", 10000), 5: ("Bob", 10000), 7: ("Carol", 10000)}
CHECKDOWN = """\
Carol: posts small blind 50
Alice: posts big blind 100
*** HOLE CARDS ***
{dealt}Bob: calls 100
Carol: calls 50
Alice: checks
*** FLOP *** [2c 7d 9h]
Carol: checks
Alice: checks
Bob: checks
*** TURN *** [2c 7d 9h] [Js]
Carol: checks
Alice: checks
Bob: checks
*** RIVER *** [2c 7d 9h Js] [3s]
Carol: checks
Alice: checks
Bob: checks
*** SHOW DOWN ***
{shows}{winner} collected 300 from pot
"""
"""Three players limp and check down 2c 7d 9h Js 3s, a 300 pot (with `CHECKDOWN_SEATS` and
`stars(..., button=5)`): button on seat 5 (Bob), Carol the small blind on seat 7, Alice the
big blind on seat 2. `{dealt}` and `{shows}` take dealt and show lines, `{winner}` the name
paid."""


@dataclass(frozen=True)
class Answers:
    """The state's answers for the seat about to act (asked before the action applies)."""

    seat: int
    to_act: int | None
    call_amount: int
    min_raise_to: int
    max_raise_to: int
    can_raise: bool
    capped: bool
    pot: int


class _Probe(Auditor):
    def __init__(self, profile: Profile | str, lines: set[int]) -> None:
        super().__init__(profile)
        self.lines = lines
        self.answers: dict[int, Answers] = {}

    def _action(self, state: State, ev: ActionEvent, seq: int, out: AuditedHand) -> None:
        if ev.line in self.lines:
            self.answers[ev.line] = Answers(
                ev.seat,
                state.to_act(),
                state.call_amount(ev.seat),
                state.min_raise_to(),
                state.max_raise_to(ev.seat),
                state.can_raise(ev.seat),
                state.capped(),
                state.pot,
            )
        super()._action(state, ev, seq, out)


@dataclass
class Probed:
    audited: AuditedHand
    answers: dict[int, Answers]

    @property
    def findings(self) -> list[Any]:
        return self.audited.findings

    def at(self, line: int) -> Answers:
        return self.answers[line]

    def codes(self) -> list[tuple[str, int]]:
        return [(f.rule, f.line) for f in self.audited.findings]


def probe(text: str, *lines: int, profile: Profile | str = "online") -> Probed:
    p = _Probe(profile, set(lines))
    out = p.audit(hand_of(text))
    missing = set(lines) - set(p.answers)
    assert not missing, f"no action at lines {sorted(missing)}"
    return Probed(out, p.answers)


def audit_text(text: str, profile: Profile | str = "online") -> AuditedHand:
    return Auditor(profile).audit(hand_of(text))
