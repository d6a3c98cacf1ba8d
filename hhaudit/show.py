"""`hhaudit show`: one hand replayed event by event, with the state and findings inline.

`replay()` is the one replay behind both `hhaudit show` (the terminal) and the HTML
report's hand pages: after each event, who is to act, the bet, the minimum raise, the pot,
every seat's stack by name, the board; the pots as recomputed beside what the log paid.

`PATH` may be a history file or a dataset written by `hhaudit audit`: the hand is then found
through the dataset's `hands` table (its source and line), so the id the report prints is
enough."""

from __future__ import annotations

import os
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine.audited import AuditedHand, Finding
from .model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    FeeEvent,
    Hand,
    Post,
    PostEvent,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from .money import to_text
from .output.safe import safe
from .paths import to_open


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    player: str
    stack: int
    bet: int
    """Chips in front of the seat this street."""
    folded: bool
    all_in: bool


@dataclass(slots=True)
class Step:
    """The state after one event."""

    seq: int
    line: int
    text: str
    to_act: str | None
    bet: int
    min_raise_to: int
    pot: int
    seats: list[SeatView]
    board: list[str]
    findings: list[Finding] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class PotView:
    label: str
    amount: int
    eligible: list[str]
    paid: list[tuple[str, int]]
    expected: list[tuple[str, int]]
    ok: bool | None

    @property
    def verdict(self) -> str:
        return {True: "ok", False: "WRONG", None: "not judged"}[self.ok]


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A seat's cards at a showdown, with the hand they make on the board: the category and
    the five cards that play (`evaluator.describe_hand`), and whether it is the best."""

    seat: int
    player: str
    position: str
    cards: tuple[str, ...]
    rank: str
    """`two pair (Ks Kc 9h 9c Qd)`; "" where the cards or the board do not make a hand."""
    best: bool


@dataclass(frozen=True, slots=True)
class Showdown:
    """One board's showdown (`run` 0: the only board)."""

    run: int
    board: tuple[str, ...]
    hands: list[ShownHand]


@dataclass(slots=True)
class Replay:
    hand: Hand
    profile: str
    steps: list[Step]
    pots: list[PotView]
    findings: list[Finding]
    """Every finding of the hand, in the order the audit gave them."""
    hand_findings: list[Finding]
    """Findings of the hand as a whole (no event: seq -1)."""
    button: int | None
    positions: dict[int, str] = field(default_factory=dict)
    """Each dealt-in seat's position: BTN, SB, BB, UTG, UTG+1, ..., MP, HJ, CO."""
    showdowns: list[Showdown] = field(default_factory=list)

    def money(self, value: int) -> str:
        return to_text(value, self.hand.scale)


def replay(hand: Hand, *, profile: str | None = None, options: dict[str, Any] | None = None,
           label: str = "") -> Replay:
    """Replay a parsed hand through the audit, recording the state after each event
    (`options`: profile options over the profile's, a house profile's among them; `label`:
    the profile's name as shown, a house profile's)."""
    from .engine.replay import State
    from .pipeline import HandAuditor, Options

    auditor = HandAuditor(Options(profile, tuple(sorted((options or {}).items())))).auditor_for(hand)
    full = auditor.audit(hand)
    by_seq: dict[int, list[Finding]] = defaultdict(list)
    for f in full.findings:
        by_seq[f.seq].append(f)
    names = {s.seat: s.player for s in hand.seats}
    out = Replay(hand, label or auditor.profile.name, [], [], list(full.findings), by_seq.get(-1, []), hand.button_seat)
    if full.state is None:
        return out
    from .tables import positions

    final = full.state
    out.positions = dict(positions([s for s in final.order if final.seats[s].dealt_in], final.button,
                                   final.sb_seat))
    out.showdowns = showdowns(hand, full, out.positions)

    def m(v: int) -> str:
        return to_text(v, hand.scale)

    state = State.start(hand, auditor.profile_for(hand))
    scratch = AuditedHand(hand)
    board: list[str] = []
    won: dict[int, int] = defaultdict(int)
    """Chips collected so far per seat: the replay's state bets, the pot audit pays; the
    stacks shown after a collection hold what it paid."""
    for seq in auditor.steps(hand, state, scratch):
        ev = hand.events[seq]
        if isinstance(ev, StreetEvent) and ev.street is not Street.SHOWDOWN and not ev.run:
            board = list(ev.board)
        if isinstance(ev, CollectEvent):
            won[ev.seat] += ev.amount
        nxt = state.to_act()
        seats = [SeatView(s.seat, s.player, s.stack + won.get(s.seat, 0), s.street_bet, s.folded, s.all_in)
                 for s in state.seats.values() if s.dealt_in]
        out.steps.append(Step(seq, ev.line, _describe(ev, m), state.seats[nxt].player if nxt is not None else None,
                              state.current_bet, state.min_raise_to(), state.pot, seats, board,
                              by_seq.get(seq, [])))

    def shares(seats: list[int], amounts: list[int]) -> list[tuple[str, int]]:
        return [(str(names.get(x, x)), a) for x, a in zip(seats, amounts)]

    split = {(p.index, p.run) for p in full.pots if p.half == "low"}
    for p in full.pots:
        label = ("main pot" if p.index == 0 else f"side pot {p.index}") + (f" (board {p.run})" if p.run else "")
        if p.half is not None:  # Hi/Lo: the half, or the whole pot when no low qualifies
            label += f" ({p.half} half)" if (p.index, p.run) in split else " (no low: the high hand scoops)"
        out.pots.append(PotView(label, p.amount, [str(names.get(x, x)) for x in p.eligible],
                                shares(p.winners, p.paid), shares(p.expected_winners, p.expected), p.ok))
    return out


def showdowns(hand: Hand, audited: AuditedHand, where: dict[int, str]) -> list[Showdown]:
    """Every showdown of the hand: per board, each seat whose cards the log shows (tabled,
    or revealed where they play) with its hand's rank, the best marked; mucked hands left
    out (they have no claim)."""
    from .engine import evaluator
    from .engine.pots import _boards

    streets = [e for e in hand.events if isinstance(e, StreetEvent)]
    boards = _boards(hand, streets)
    shown = {seat: k for seat, k in audited.cards.items() if not k.mucked and len(k.cards) >= 2}
    if len(shown) < 2 or not boards:
        return []
    names = {s.seat: s.player for s in hand.seats}
    variant = hand.variant
    out: list[Showdown] = []
    for run in sorted(boards):
        board = boards[run]
        if len(board) != 5:
            continue
        try:
            best = set(evaluator.best_hands({s: k.cards for s, k in shown.items()}, board, variant))
        except ValueError:
            best = set()
        seen = []
        for seat in sorted(shown):
            try:
                rank = evaluator.describe_hand(shown[seat].cards, board, variant)
            except ValueError:
                rank = ""
            seen.append(ShownHand(seat, str(names.get(seat, seat)), where.get(seat, ""), shown[seat].cards, rank,
                                  seat in best))
        out.append(Showdown(run, board, seen))
    return out


def find_in_dataset(out: str | os.PathLike[str], hand_id: str) -> list[tuple[str, int]]:
    """(source, line) of every hand of that id in a dataset."""
    import pyarrow.dataset as ds

    table = ds.dataset(Path(out) / "hands", format="parquet").to_table(
        columns=["source", "line"], filter=ds.field("hand_id") == hand_id)
    return list(zip(table.column("source").to_pylist(), table.column("line").to_pylist()))


def is_dataset(path: str) -> bool:
    return path != "-" and (Path(path) / "hands").is_dir() and (Path(path) / "findings").is_dir()


def find_hand(path: str, hand_id: str, line: int | None = None) -> Hand | None:
    """The hand of that id (and first line, if given) in a history file (`path` a file name,
    never history text, though it may hold a line break)."""
    from .parsing import parse

    for hand in parse(Path(path) if path != "-" else path):
        if hand.hand_id == hand_id and (line is None or hand.line == line):
            return hand
    return None


def show(path: str, hand_id: str, *, profile: str | None = None, console: object | None = None,
         options: dict[str, Any] | None = None, label: str = "") -> int:
    from rich.console import Console

    con = console if isinstance(console, Console) else Console(
        highlight=False, soft_wrap=not sys.stdout.isatty(), markup=False)
    if is_dataset(path):
        places = find_in_dataset(path, hand_id)
        if not places:
            print(f"hhaudit: hand {safe(hand_id)} is not in the dataset {safe(path)}", file=sys.stderr)
            return 2
        hands = [find_hand(to_open(src), hand_id, line) for src, line in places]
        missing = [f"{src}:{line}" for (src, line), h in zip(places, hands) if h is None]
        for where in missing:
            print(f"hhaudit: hand {safe(hand_id)} is no longer at {safe(where)} (the file changed "
                  "since it was audited)", file=sys.stderr)
        found = [h for h in hands if h is not None]
        for i, hand in enumerate(found):
            if i:
                con.print("")
            _print(replay(hand, profile=profile, options=options, label=label), con)
        return 0 if found and not missing else 2
    one = find_hand(path, hand_id)
    if one is None:
        print(f"hhaudit: hand {safe(hand_id)} not found in {safe(path)}", file=sys.stderr)
        return 2
    _print(replay(one, profile=profile, options=options, label=label), con)
    return 0


def _finding_text(f: Finding) -> str:
    from .output import detail

    return f"{f.rule} {f.name}: {detail(f.expected, f.actual)}"


def _print(r: Replay, con: object) -> None:
    """The replay, one line an event: the line number, the event, then only what it changed
    (the pot, the bet and the least raise, the actor's stack, who is next); a line at fault
    in bold red with its findings under it; then the showdown with each hand's rank, and the
    pots as recomputed beside what the log paid."""
    from rich.console import Console
    from rich.text import Text

    assert isinstance(con, Console)
    hand = r.hand
    con.print(Text(safe(f"{hand.site} hand {hand.hand_id}"), style="bold")
              + Text(safe(f"  {hand.game} {hand.kind}  {hand.source}:{hand.line}  status {hand.status.value}"
                          f"  profile {r.profile}")))
    if not r.steps:
        for f in r.findings:
            con.print(Text(safe(f"  {f.rule} {f.name} line {f.line}: {f.message}; "
                                f"expected {f.expected}; actual {f.actual}"), style="red"))
        return
    m = r.money
    first = r.steps[0]
    start = {s.seat: s.stack + s.bet for s in first.seats}
    con.print(Text("seats  ") + Text(safe("  ".join(
        f"{s.seat} {s.player}" + (f" {r.positions[s.seat]}" if r.positions.get(s.seat) else "") + f" {m(start[s.seat])}"
        for s in first.seats)), style="dim"))
    # a finding of the hand as a whole (a pot paid wrongly) under the last event of its line
    last_at = {st.line: i for i, st in enumerate(r.steps)}
    placed: dict[int, list[Finding]] = defaultdict(list)
    loose = []
    for f in r.hand_findings:
        if f.line in last_at:
            placed[last_at[f.line]].append(f)
        else:
            loose.append(f)
    before: Step | None = None
    for i, st in enumerate(r.steps):
        changed = _changes(before, st, m)
        at_fault = bool(st.findings or placed.get(i))
        line = Text(f"{st.line:>5} ", style="bold red" if at_fault else "dim")
        line += Text(safe(_with_position(st.text, r.positions)), style="bold red" if at_fault else "")
        if changed:
            line += Text("   " + safe(changed), style="cyan")
        con.print(line)
        for f in [*st.findings, *placed.get(i, [])]:
            con.print(Text("      ! " + safe(f"{f.rule} {f.severity}: {f.message} ({_finding_text(f)})"), style="red"))
        before = st
    for f in loose:
        con.print(Text(safe(f"      ! {f.rule} {f.severity} (line {f.line}): {f.message} ({_finding_text(f)})"),
                       style="red"))
    for sd in r.showdowns:
        con.print(Text("showdown" + (f" (board {sd.run})" if sd.run else "") + ", board " + " ".join(sd.board),
                       style="bold"))
        for h in sd.hands:
            pos = f", {h.position}" if h.position else ""
            text = f"  {h.player} (seat {h.seat}{pos}) {' '.join(h.cards)}: {h.rank or 'no hand on this board'}"
            con.print(Text(safe(text) + ("   best hand" if h.best else ""), style="green" if h.best else ""))

    def shares(xs: list[tuple[str, int]]) -> str:
        return ", ".join(f"{n} {m(a)}" for n, a in xs) or "-"

    for p in r.pots:
        con.print(Text(safe(f"{p.label} {m(p.amount)}, eligible {', '.join(p.eligible)}: paid {shares(p.paid)}; "
                            f"rules pay {shares(p.expected)} [{p.verdict}]"),
                       style="bold red" if p.ok is False else ""))


def _with_position(text: str, where: dict[int, str]) -> str:
    """`Carol (seat 3)` as `Carol (seat 3, UTG)` where the seat's position is known."""
    for seat, pos in where.items():
        if pos:
            text = text.replace(f"(seat {seat})", f"(seat {seat}, {pos})", 1)
    return text


def _changes(before: Step | None, st: Step, m: Callable[[int], str]) -> str:
    """What an event changed, in a few words: the pot, the bet and the least raise, the
    stacks that moved, and who acts next."""
    parts = []
    if before is None or st.pot != before.pot:
        parts.append(f"pot {m(st.pot)}")
    if before is None or st.bet != before.bet or st.min_raise_to != before.min_raise_to:
        parts.append(f"bet {m(st.bet)}, min raise to {m(st.min_raise_to)}")
    if before is not None:
        old = {s.seat: s.stack for s in before.seats}
        moved = [f"{s.player} {m(s.stack)}" for s in st.seats if s.seat in old and old[s.seat] != s.stack]
        if moved:
            parts.append("stack " + ", ".join(moved))
    if before is None or st.to_act != before.to_act:
        parts.append(f"next {st.to_act}" if st.to_act else "round closed")
    return "; ".join(parts)


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


def carry_lines(path: str, *, profile: str | None = None, options: dict[str, Any] | None = None) -> list[str]:
    """`hhaudit show LOG --carry`: each hand of a live log with the table it starts from as
    the carry holds it (the button, each seat's player and stack, `out` for a player sitting
    out), then the stacks the last hand leaves, so that a dealer can write the next hand in
    the short style. The end stacks are the audit's own (`live_rules.final_stacks`: what the
    log played, the pay lines as written), the same the next hand is carried from."""
    from .engine.auditor import Auditor
    from .engine.live_rules import final_stacks
    from .model import Status
    from .parsing import parse
    from .profiles import get_profile

    out: list[str] = []
    last: tuple[Hand, dict[int, int]] | None = None
    for hand in parse(path):
        if hand.format != "live":
            raise ValueError(f"{path}: --carry shows a live log's carried table; this is a {hand.format} history")
        if hand.status is not Status.AUDITED:
            p = hand.problem
            out.append(f"line {hand.line}: not read ({p.message if p is not None else hand.status.value})")
            last = None
            continue
        seats = ", ".join(f"{s.seat} {s.player} {to_text(s.stack, hand.scale)}" + (" out" if s.sitting_out else "")
                          for s in hand.seats)
        void = " (voided: the next hand is dealt again)" if hand.hand_id.startswith("misdeal-") else ""
        out.append(f"hand {hand.hand_id} (line {hand.line}){void}: button {hand.button_seat}; {seats}")
        name = profile or hand.profile or "tda-2024"
        audited = Auditor(get_profile(name, **(options or {}))).audit(hand)
        if audited.state is not None:
            last = (hand, final_stacks(hand, audited.state))
    if last is not None:
        hand, ends = last
        names = {s.seat: s.player for s in hand.seats}
        out.append("after hand " + hand.hand_id + ": " + ", ".join(
            f"{seat} {names.get(seat, '?')} {to_text(v, hand.scale)}" for seat, v in sorted(ends.items())))
    return out
