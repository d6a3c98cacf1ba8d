"""String-bet faults for live logs (docs/live-format.md, hhaudit/engine/live_rules.py).

A generated hand (tests/generator.py) is written as a live log with tests/live_convert.py;
one call that faced a bet is then replaced by what a dealer might have misruled, and the
ruling is always a raise to the rules' minimum raise-to (the generator's own `Decision`,
worked out from the rulebook and not from hhaudit):

- `string_bet`: two silent motions, the first exactly the call, a return to the stack, then
  the rest: only the first motion counts, a call (TDA-2024 56; SB01);
- `oversized_chip`: one silent chip worth the whole raise: a call (TDA-2024 44; SB02);
- `multi_chip`: several chips in one motion that the rules make a call, either because
  every chip is needed (removing one of the smallest leaves less than the call, TDA 45) or
  because the excess is under half the minimum raise (50% standard, TDA 43-A) (SB03).

Each must be reported in the `string_bet` category at the line of the ruling.
"""

from __future__ import annotations

from collections.abc import Callable

from faults import Fault, _Betting, _replay, parse_lines
from generator import GeneratedHand
from live_convert import Unconvertible, to_live

from hhaudit.model import Act, ActionEvent, Hand, Status
from hhaudit.parsing import parse


def live_text(g: GeneratedHand) -> tuple[Hand, list[str]] | None:
    """The generated hand as a one-hand live log (its parsed PokerStars `Hand` and the live
    lines), or None when the live format cannot write it (run it twice, a capped table)."""
    hand = parse_lines(g.text.rstrip("\n").split("\n"))
    if hand.cap:
        return None
    try:
        text = to_live(hand)
    except Unconvertible:
        return None
    return hand, text.rstrip("\n").split("\n")


def parse_live(lines: list[str]) -> Hand:
    (hand,) = list(parse("\n".join(lines) + "\n"))
    return hand


def _calls(g: GeneratedHand, stars: Hand, live: Hand) -> list[tuple[ActionEvent, int, int, int, int]]:
    """Calls that faced a bet and whose player could raise without going all-in, as
    (live action, chips owed, chips already in this street, stack behind, minimum raise-to)."""
    before: list[tuple[int, int]] = []

    def visit(b: _Betting, ev: ActionEvent) -> bool:
        before.append((b.bet.get(ev.seat, 0), b.stack.get(ev.seat, 0)))
        return False

    _replay(stars, visit)
    acts = [e for e in live.events if isinstance(e, ActionEvent)]
    if not (len(acts) == len(before) == len(g.decisions)):
        return []
    out = []
    for ev, (mine, stack), d in zip(acts, before, g.decisions):
        if ev.act is not Act.CALL or ev.all_in or d.call <= 0 or d.min_to is None:
            continue
        if d.seat != ev.seat or d.min_to - mine >= stack:
            continue
        out.append((ev, d.call, mine, stack, d.min_to))
    return out


def _replace(lines: list[str], line: int, new: list[str], name: str) -> Fault:
    out = lines[: line - 1] + new + lines[line:]
    return Fault(name, "string_bet", frozenset({line + len(new) - 1}), out)


def string_bet(g: GeneratedHand, stars: Hand, live: Hand, lines: list[str], key: int) -> Fault | None:
    calls = _calls(g, stars, live)
    if not calls:
        return None
    ev, owed, mine, _, to = calls[key % len(calls)]
    who = ev.player
    return _replace(lines, ev.line, [f"{who} chips {owed}", f"{who} chips {to - mine - owed}",
                                     f"ruling {who} raise {to}"], "string_bet")


def oversized_chip(g: GeneratedHand, stars: Hand, live: Hand, lines: list[str], key: int) -> Fault | None:
    calls = _calls(g, stars, live)
    if not calls:
        return None
    ev, owed, mine, _, to = calls[key % len(calls)]
    who = ev.player
    return _replace(lines, ev.line, [f"{who} chip {to - mine}", f"ruling {who} raise {to}"], "oversized_chip")


def multi_chip(g: GeneratedHand, stars: Hand, live: Hand, lines: list[str], key: int) -> Fault | None:
    calls = _calls(g, stars, live)
    if not calls:
        return None
    ev, owed, mine, stack, to = calls[key % len(calls)]
    who = ev.player
    full = to - (mine + owed)  # the minimum raise increment over the bet
    if key % 2 == 0 and owed >= 3 and owed + max(1, owed // 4) < stack:
        # every chip is needed: a chip short of the call plus one that covers it
        u = max(1, owed // 4)
        chips = f"{owed - u}+{2 * u}"
    elif full >= 5:
        # the call plus two small chips, together under half the minimum raise
        c = (full - 1) // 4
        chips = f"{owed}+{c}+{c}"
    else:
        return None
    return _replace(lines, ev.line, [f"{who} chips {chips}", f"ruling {who} raise {to}"], "multi_chip")


LIVE_FAULTS: dict[str, Callable[[GeneratedHand, Hand, Hand, list[str], int], Fault | None]] = {
    "string_bet": string_bet,
    "oversized_chip": oversized_chip,
    "multi_chip": multi_chip,
}


def live_detected(fault: Fault, auditor) -> tuple[bool, list[tuple[str, int, str]]]:
    hand = parse_live(fault.text)
    if hand.status is not Status.AUDITED:
        return False, [("parse", hand.problem.line if hand.problem else 0, hand.status.value)]
    got = [(f.category, f.line, f.rule) for f in auditor.audit(hand).findings]
    return any(c == fault.category and line in fault.lines for c, line, _ in got), got
