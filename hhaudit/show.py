"""`hhaudit show`: one hand replayed event by event, with the state and findings inline."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from rich.console import Console

from .audit import AuditedHand, Finding
from .money import to_text
from .parsing import parse
from .pipeline import HandAuditor, Options
from .replay import State


def show(path: str, hand_id: str, *, profile: str | None = None, console: Console | None = None) -> int:
    con = console or Console(highlight=False)
    for hand in parse(path):
        if hand.hand_id != hand_id:
            continue
        auditor = HandAuditor(Options(profile)).auditor_for(hand)
        full = auditor.audit(hand)
        by_seq: dict[int, list[Finding]] = defaultdict(list)
        for f in full.findings:
            by_seq[f.seq].append(f)
        con.print(f"[bold]{hand.site} hand {hand.hand_id}[/bold]  {hand.game} {hand.kind}  "
                  f"{hand.source}:{hand.line}  status {hand.status.value}  profile {auditor.profile.name}")
        if full.state is None:
            for f in full.findings:
                con.print(f"  [red]{f.rule} {f.name}[/red] line {f.line}: {f.message}; expected {f.expected}; actual {f.actual}")
            return 0
        scale = hand.scale

        def m(v: int) -> str:
            return to_text(v, scale)

        state = State.start(hand, auditor.profile)
        scratch = AuditedHand(hand)
        for seq in auditor.steps(hand, state, scratch):
            ev = hand.events[seq]
            nxt = state.to_act()
            who = f"{state.seats[nxt].player}" if nxt is not None else "-"
            stacks = " ".join(f"{s.seat}:{m(s.stack)}" for s in state.seats.values() if s.dealt_in)
            con.print(f"[dim]{ev.line:>5}[/dim] {_describe(ev, m)}")
            con.print(f"       [cyan]to act {who}  bet {m(state.current_bet)}  min raise to "
                      f"{m(state.min_raise_to())}  pot {m(state.pot)}  stacks {stacks}[/cyan]")
            for f in by_seq.get(seq, []):
                con.print(f"       [red]{f.rule} {f.name}: expected {f.expected}; actual {f.actual}[/red]")
        for f in by_seq.get(-1, []):
            con.print(f"[red]{f.rule} {f.name}[/red] (line {f.line}): expected {f.expected}; actual {f.actual}")
        for p in full.pots:
            con.print(f"pot {p.index} run {p.run}: {m(p.amount)} eligible {p.eligible} paid {p.winners} "
                      f"{[m(x) for x in p.paid]} expected {p.expected_winners} {[m(x) for x in p.expected]}")
        return 0
    con.print(f"hhaudit: hand {hand_id} not found in {path}")
    return 2


def _describe(ev: object, m: Callable[[int], str]) -> str:
    name = type(ev).__name__.replace("Event", "").lower()
    fields = {k: getattr(ev, k) for k in getattr(ev, "__slots__", ()) if k != "line"}
    parts = [f"{k}={v}" for k, v in fields.items() if v not in (None, (), False, 0) or k in ("amount",)]
    return f"{name} " + " ".join(parts)
