"""`hhaudit show`: one hand replayed event by event, with the state and findings inline."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from rich.console import Console

from .audit import AuditedHand, Finding
from .model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    FeeEvent,
    Post,
    PostEvent,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
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
        names = {s.seat: s.player for s in hand.seats}

        def shares(seats: list[int], amounts: list[int]) -> str:
            return ", ".join(f"{names.get(x, x)} {m(a)}" for x, a in zip(seats, amounts)) or "-"

        for p in full.pots:
            label = "main pot" if p.index == 0 else f"side pot {p.index}"
            run = f" (board {p.run})" if p.run else ""
            verdict = {True: "ok", False: "WRONG", None: "not judged"}[p.ok]
            con.print(f"{label}{run} {m(p.amount)}, eligible {', '.join(str(names.get(x, x)) for x in p.eligible)}: "
                      f"paid {shares(p.winners, p.paid)}; rules pay {shares(p.expected_winners, p.expected)}"
                      f" [{verdict}]")
        return 0
    con.print(f"hhaudit: hand {hand_id} not found in {path}")
    return 2


_POSTS = {
    Post.SMALL_BLIND: "posts the small blind", Post.BIG_BLIND: "posts the big blind",
    Post.ANTE: "posts an ante", Post.STRADDLE: "straddles", Post.DEAD: "posts",
}


def _describe(ev: object, m: Callable[[int], str]) -> str:
    """One event in a dealer's words, amounts in printed units."""
    if isinstance(ev, PostEvent):
        dead = f" ({m(ev.dead)} dead)" if ev.dead else ""
        return f"{ev.player} (seat {ev.seat}) {_POSTS[ev.kind]} {m(ev.amount)}{dead}" + (" all-in" if ev.all_in else "")
    if isinstance(ev, ActionEvent):
        who = f"{ev.player} (seat {ev.seat})"
        tail = " all-in" if ev.all_in else ""
        if ev.act is Act.RAISE:
            if ev.to is not None:
                return f"{who} raises to {m(ev.to)}{tail}"
            if ev.by is not None:
                return f"{who} raises by {m(ev.by)}{tail}"
            return f"{who} raises, putting in {m(ev.amount or 0)}{tail}"
        if ev.act in (Act.CALL, Act.BET):
            amount = ev.amount if ev.amount is not None else (ev.to or 0)
            return f"{who} {ev.act.value}s {m(amount)}{tail}"
        return f"{who} {ev.act.value}s{tail}"
    if isinstance(ev, StreetEvent):
        run = f" (board {ev.run})" if ev.run else ""
        if ev.street is Street.SHOWDOWN:
            return f"showdown{run}"
        return f"{ev.street.value} {' '.join(ev.cards)}{run}   board {' '.join(ev.board)}"
    if isinstance(ev, DealEvent):
        return f"dealt to {ev.player} (seat {ev.seat}): {' '.join(ev.cards)}"
    if isinstance(ev, ShowEvent):
        what = " ".join(ev.cards)
        return f"{ev.player} (seat {ev.seat}) " + (f"mucks {what}".rstrip() if ev.muck else f"shows {what}")
    if isinstance(ev, UncalledEvent):
        return f"uncalled {m(ev.amount)} returned to {ev.player} (seat {ev.seat})"
    if isinstance(ev, CollectEvent):
        pot = "the pot" if ev.pot is None else ("the main pot" if ev.pot == 0 else f"side pot {ev.pot}")
        run = f", board {ev.run}" if ev.run else ""
        return f"{ev.player} (seat {ev.seat}) collects {m(ev.amount)} from {pot}{run}"
    if isinstance(ev, FeeEvent):
        who = f" ({ev.player})" if ev.player else ""
        return f"{ev.kind.replace('_', ' ')} {m(ev.amount)}{who}"
    return type(ev).__name__
