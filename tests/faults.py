"""Fault injection: take real PokerStars-format hands that audit clean, break one thing at
a time in the text, and say which finding category must appear at which line.

Where a fault needs to know what was legal (the minimum raise, the pot-limit maximum, who
has acted), this module works it out on its own from the log with the rulebook's
arithmetic (rules.md 2b, 3b, 5), not from `hhaudit.engine.replay`, so that the test can catch the
replay being wrong.

`corpus_hands(corpus)` yields (name, lines) of every clean hand; `FAULTS` maps a fault name
to a function (hand, lines) -> Fault | None (None: the fault does not apply to that hand).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from hhaudit.engine.auditor import Auditor
from hhaudit.formats import get as get_format
from hhaudit.model import (
    Act,
    ActionEvent,
    CollectEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    Status,
    Street,
    StreetEvent,
)
from hhaudit.money import parse_amount
from hhaudit.reading import iter_lines, iter_sources

STARS = get_format("pokerstars")


@dataclass(frozen=True)
class Fault:
    name: str
    category: str
    """The finding category the auditor must report."""
    lines: frozenset[int]
    """1-based lines of the changed text where the finding may be reported."""
    text: list[str]


def parse_lines(lines: list[str], name: str = "<fault>") -> Hand:
    """The hand as `hhaudit.parse` reads it (Omaha's hole-card count settled from the cards
    dealt, a game not audited made `unsupported_game`)."""
    from hhaudit.parsing import read_hand

    return read_hand(STARS, list(lines), 1, name)


def corpus_hands(corpus: Path) -> Iterator[tuple[str, list[str]]]:
    """Every PokerStars-format hand of the corpus that parses and audits with no finding,
    as its own lines (line 1 = the hand's first line)."""
    files: set[str] = set()
    for row in (corpus / "HANDS.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        parts = row.split("\t")
        if len(parts) > 2 and parts[2] == "PokerStars-format":
            files.add(parts[0])
    auditor = Auditor("online")
    for rel in sorted(files):
        (source,) = list(iter_sources([str(corpus / rel)]))
        with source.open() as stream:
            lines = list(iter_lines(stream))
        for first, chunk in STARS.split(iter(lines)):
            hand = parse_lines(chunk, rel)
            if hand.status is not Status.AUDITED:
                continue
            if auditor.audit(hand).findings:
                continue
            yield f"{rel}:{first}", list(chunk)


# --------------------------------------------------------------------------- helpers

AMT = r"((?:Rs\. )?[^\s|]*\d[\d,.]*)"
"""An amount token as the sites print it ("$0.50", "€2", "Rs. 12", "1500")."""


def money(hand: Hand, value: int, like: str) -> str:
    """`value` written like the token `like` ("$0.50", "€2", "1500")."""
    prefix = re.match(r"[^\d]*", like).group(0)  # type: ignore[union-attr]
    if hand.scale:
        q, r = divmod(value, 10**hand.scale)
        return f"{prefix}{q}.{r:0{hand.scale}d}"
    return f"{prefix}{value}"


def first_token(line: str, after: str) -> str:
    m = re.search(re.escape(after) + " " + AMT, line)
    return m.group(1) if m else "0"


def actions(hand: Hand) -> list[ActionEvent]:
    return [e for e in hand.events if isinstance(e, ActionEvent)]


def collects(hand: Hand) -> list[CollectEvent]:
    return [e for e in hand.events if isinstance(e, CollectEvent)]


def swap_lines(lines: list[str], a: int, b: int) -> list[str]:
    out = list(lines)
    out[a - 1], out[b - 1] = out[b - 1], out[a - 1]
    return out


def replace_line(lines: list[str], n: int, text: str) -> list[str]:
    out = list(lines)
    out[n - 1] = text
    return out


def _pick(items: list, key: int):
    """A deterministic choice that differs from hand to hand."""
    return items[key % len(items)] if items else None


@dataclass
class _Betting:
    """The rulebook's betting arithmetic, replayed from the log on its own (NL/PL)."""

    hand: Hand
    street: Street = Street.PREFLOP
    cur: int = 0
    last_full: int = 0

    def __post_init__(self) -> None:
        self.bet: dict[int, int] = {}
        self.stack = {s.seat: s.stack for s in self.hand.seats}
        self.acted: dict[int, int] = {}
        self.pot = 0
        self.last_full = self.hand.bb

    def post(self, ev: PostEvent) -> None:
        live = 0 if ev.kind is Post.ANTE else ev.amount
        self.stack[ev.seat] = self.stack.get(ev.seat, 0) - ev.amount - ev.dead
        self.pot += ev.amount + ev.dead
        self.bet[ev.seat] = self.bet.get(ev.seat, 0) + live
        self.cur = max(self.cur, self.bet[ev.seat])
        if ev.kind is Post.BIG_BLIND:
            self.cur = max(self.cur, self.hand.bb)  # a short big blind does not lower the stakes (rules.md 2c)

    def new_street(self, street: Street) -> None:
        self.street, self.cur, self.last_full = street, 0, self.hand.bb
        self.bet, self.acted = {}, {}

    def chips_to(self, ev: ActionEvent) -> tuple[int, int]:
        mine = self.bet.get(ev.seat, 0)
        if ev.act is Act.CALL:
            return ev.amount or 0, mine + (ev.amount or 0)
        if ev.act is Act.BET:
            return ev.amount or 0, mine + (ev.amount or 0)
        if ev.act is Act.RAISE:
            return (ev.to or 0) - mine, ev.to or 0
        return 0, mine

    def act(self, ev: ActionEvent) -> None:
        chips, to = self.chips_to(ev)
        self.stack[ev.seat] = self.stack.get(ev.seat, 0) - chips
        self.pot += chips
        self.bet[ev.seat] = to
        if to > self.cur:
            if to - self.cur >= self.last_full or self.cur == 0:
                self.last_full = to - self.cur
            self.cur = to
        self.acted[ev.seat] = self.cur


def _replay(hand: Hand, visit: Callable[[_Betting, ActionEvent], bool]) -> None:
    """Walk the betting, calling `visit(before, action)` until it returns True."""
    b = _Betting(hand)
    for ev in hand.events:
        if isinstance(ev, PostEvent):
            b.post(ev)
        elif isinstance(ev, StreetEvent) and ev.street is not Street.SHOWDOWN and ev.run <= 1:
            if ev.street is not b.street:
                b.new_street(ev.street)
        elif isinstance(ev, ActionEvent):
            if visit(b, ev):
                return
            b.act(ev)


def _normal_blinds(hand: Hand) -> bool:
    posts = [e for e in hand.events if isinstance(e, PostEvent)]
    kinds = [(e.kind, e.amount, e.dead) for e in posts if e.kind is not Post.ANTE]
    return kinds == [(Post.SMALL_BLIND, hand.sb, 0), (Post.BIG_BLIND, hand.bb, 0)] and not any(
        e.all_in for e in posts)


# --------------------------------------------------------------------------- the faults


def swap_actions(hand: Hand, lines: list[str], key: int) -> Fault | None:
    """Two adjacent actions of different players on the same street change places. Not a
    fold whose place the log does not fix: on a fast-fold table (`sites.FAST_FOLD`: a fold
    is logged when clicked), or the software's fold of an absent player already all-in."""
    from hhaudit.sites import is_fast_fold

    evs = hand.events
    all_in_posts = {e.seat for e in evs if isinstance(e, PostEvent) and e.all_in}
    fast = is_fast_fold(hand.table_name)

    def placed(e: ActionEvent) -> bool:
        return e.act is not Act.FOLD or not (fast or e.seat in all_in_posts)

    pairs = [(a, b) for a, b in zip(evs, evs[1:])
             if isinstance(a, ActionEvent) and isinstance(b, ActionEvent) and a.seat != b.seat
             and b.line == a.line + 1 and placed(a) and placed(b)]
    pair = _pick(pairs, key)
    if pair is None:
        return None
    a, b = pair
    return Fault("swap", "action_order", frozenset({a.line, b.line}), swap_lines(lines, a.line, b.line))


def shrink_raise(hand: Hand, lines: list[str], key: int) -> Fault | None:
    """A raise made smaller than the minimum (no-limit: by half a big blind over the bet;
    fixed limit: half a unit short of the right size)."""
    raises: list[tuple[ActionEvent, int]] = []

    def visit(b: _Betting, ev: ActionEvent) -> bool:
        if ev.act is Act.RAISE and not ev.all_in:
            raises.append((ev, b.cur))  # the bet the raise is over, from the log itself
        return False

    _replay(hand, visit)
    pick = _pick(raises, key)
    if pick is None:
        return None
    ev, cur = pick
    line = lines[ev.line - 1]
    m = re.search(r"raises " + AMT + " to " + AMT, line)
    if m is None:
        return None
    to = parse_amount(m.group(2), hand.scale)
    if hand.limit is Limit.FIXED_LIMIT:
        d = max(1, hand.small_bet // 2)
        new_by, new_to, category = to - d - cur, to - d, "fixed_limit"
    else:
        h = hand.bb // 2
        if h < 1:
            return None
        new_by, new_to, category = h, cur + h, "min_raise"
    if new_by <= 0 or new_to >= to or new_to <= cur:
        return None
    new = line[: m.start()] + f"raises {money(hand, new_by, m.group(1))} to {money(hand, new_to, m.group(2))}"
    return Fault("shrink_raise", category, frozenset({ev.line}), replace_line(lines, ev.line, new))


def call_to_check(hand: Hand, lines: list[str], key: int) -> Fault | None:
    calls = [e for e in actions(hand) if e.act is Act.CALL]
    ev = _pick(calls, key)
    if ev is None:
        return None
    return Fault("call_to_check", "illegal_action", frozenset({ev.line}),
                 replace_line(lines, ev.line, f"{ev.player}: checks"))


def raise_not_reopened(hand: Hand, lines: list[str], key: int) -> Fault | None:
    """A call by a seat that already acted and faces less than a full raise since (short
    all-ins only) becomes a minimum-size raise (TDA 47-A)."""
    if hand.limit is Limit.FIXED_LIMIT or any(isinstance(e, PostEvent) and e.kind is Post.STRADDLE
                                              for e in hand.events):
        return None
    found: list[tuple[ActionEvent, int, int]] = []

    def visit(b: _Betting, ev: ActionEvent) -> bool:
        if ev.act is Act.CALL and ev.seat in b.acted and b.cur - b.acted[ev.seat] < b.last_full:
            to = b.cur + b.last_full
            if to - b.bet.get(ev.seat, 0) < b.stack.get(ev.seat, 0):
                found.append((ev, b.last_full, to))
        return False

    _replay(hand, visit)
    pick = _pick(found, key)
    if pick is None:
        return None
    ev, inc, to = pick
    like = first_token(lines[ev.line - 1], "calls")
    new = f"{ev.player}: raises {money(hand, inc, like)} to {money(hand, to, like)}"
    return Fault("raise_not_reopened", "reopen", frozenset({ev.line}), replace_line(lines, ev.line, new))


def pot_limit_overbet(hand: Hand, lines: list[str], key: int) -> Fault | None:
    """The header says Pot Limit and the hand's first bet or raise goes one big blind past
    the pot-limit maximum (TDA 54: bet + pot after the call). A no-limit hand gets a Pot
    Limit header; a pot-limit hand keeps its own."""
    pot_limit = hand.limit is Limit.POT_LIMIT and "Pot Limit" in lines[0]
    if not (pot_limit or hand.limit is Limit.NO_LIMIT and "No Limit" in lines[0]) or not _normal_blinds(hand):
        return None
    found: list[tuple[ActionEvent, int, int, int]] = []

    def visit(b: _Betting, ev: ActionEvent) -> bool:
        if ev.act in (Act.BET, Act.RAISE):
            mine = b.bet.get(ev.seat, 0)
            cur = max(b.cur, hand.bb if b.street is Street.PREFLOP else 0)
            most = cur + b.pot + (cur - mine)
            found.append((ev, most + hand.bb, mine, b.cur))
            return True
        return False

    _replay(hand, visit)
    if not found:
        return None
    ev, to, mine, cur = found[0]
    stack = next(s.stack for s in hand.seats if s.seat == ev.seat)
    spent = sum(e.amount + e.dead for e in hand.events if isinstance(e, PostEvent) and e.seat == ev.seat)
    before = [e for e in actions(hand) if e.seat == ev.seat and e.line < ev.line]
    # chips behind before this action (posts and earlier calls on every street)
    behind = stack - spent - sum((e.amount or 0) for e in before if e.act is Act.CALL)
    if to - mine > behind:
        return None  # the stack does not allow an overbet
    like = first_token(lines[ev.line - 1], "bets" if ev.act is Act.BET else "raises")
    tail = " and is all-in" if to - mine == behind else ""
    if ev.act is Act.BET:
        new = f"{ev.player}: bets {money(hand, to - mine, like)}{tail}"
    else:
        new = f"{ev.player}: raises {money(hand, to - cur, like)} to {money(hand, to, like)}{tail}"
    out = replace_line(lines, ev.line, new)
    if not pot_limit:
        out[0] = out[0].replace("No Limit", "Pot Limit", 1)
    return Fault("pot_limit_overbet", "pot_limit", frozenset({ev.line}), out)


def wrong_call_amount(hand: Hand, lines: list[str], key: int) -> Fault | None:
    """A call that is not all-in puts in one chip (the smallest unit) less than it did, or
    one more when it was a single chip: whatever was owed, a clean call now differs from it
    (TDA 49, 51)."""
    calls = [e for e in actions(hand) if e.act is Act.CALL and not e.all_in and e.amount]
    ev = _pick(calls, key)
    if ev is None:
        return None
    line = lines[ev.line - 1]
    m = re.search(r"calls " + AMT, line)
    if m is None:
        return None
    value = ev.amount - 1 if ev.amount > 1 else ev.amount + 1
    new = line[: m.start(1)] + money(hand, value, m.group(1)) + line[m.end(1):]
    return Fault("wrong_call", "bet_size", frozenset({ev.line}), replace_line(lines, ev.line, new))


def fixed_limit_overcap(hand: Hand, lines: list[str], key: int) -> Fault | None:
    """Fixed limit: on a street where three or more players are in when the fourth bet
    caps it (the bet and three raises; pre-flop the big blind and three raises), a call
    becomes a fifth bet (Robert's Betting & Raising 3-4: a pot heads-up before the cap is
    uncapped). Only streets whose every bet and raise is one full unit and not all-in are
    used, so that the count is plain."""
    if hand.limit is not Limit.FIXED_LIMIT or not _normal_blinds(hand):
        return None
    found: list[tuple[ActionEvent, int, int]] = []
    state: dict = {"street": None, "bets": 0, "plain": True, "players": 0}
    folded: set[int] = set()
    dealt = {e.seat for e in hand.events if isinstance(e, PostEvent)} | {e.seat for e in actions(hand)}

    def visit(b: _Betting, ev: ActionEvent) -> bool:
        unit = hand.small_bet if b.street in (Street.PREFLOP, Street.FLOP) else hand.big_bet
        if state["street"] is not b.street:
            state.update(street=b.street, bets=1 if b.street is Street.PREFLOP else 0, plain=True,
                         players=len(dealt - folded))
        if ev.act in (Act.BET, Act.RAISE):
            _, to = b.chips_to(ev)
            if ev.all_in or to != b.cur + unit:
                state["plain"] = False
            state["bets"] += 1
            if state["bets"] == 4:
                state["players"] = len(dealt - folded)
        elif ev.act is Act.CALL and state["plain"] and state["bets"] == 4 and state["players"] >= 3:
            to = b.cur + unit
            if to - b.bet.get(ev.seat, 0) < b.stack.get(ev.seat, 0) and not ev.all_in:
                found.append((ev, unit, to))
        if ev.act is Act.FOLD:
            folded.add(ev.seat)
        return False

    _replay(hand, visit)
    pick = _pick(found, key)
    if pick is None:
        return None
    ev, unit, to = pick
    like = first_token(lines[ev.line - 1], "calls")
    new = f"{ev.player}: raises {money(hand, unit, like)} to {money(hand, to, like)}"
    return Fault("fl_overcap", "fixed_limit", frozenset({ev.line}), replace_line(lines, ev.line, new))


def _last_collect_lines(hand: Hand) -> dict[int, CollectEvent]:
    last: dict[int, CollectEvent] = {}
    for c in collects(hand):
        last[c.seat] = c
    return last


def _with_amount(hand: Hand, line: str, value: int) -> str:
    m = re.search(r"collected " + AMT, line)
    assert m is not None, line
    return line[: m.start(1)] + money(hand, value, m.group(1)) + line[m.end(1):]


def move_chips(hand: Hand, lines: list[str], key: int) -> Fault | None:
    """Chips move from one paid seat to another; the total paid stays the same."""
    last = _last_collect_lines(hand)
    if len(last) < 2:
        return None
    seats = sorted(last)
    giver = seats[key % len(seats)]
    taker = seats[(key + 1) % len(seats)]
    k = (hand.summary.rake or 0) + max(2, hand.bb // 2)
    g, t = last[giver], last[taker]
    if g.amount <= k:
        return None
    out = replace_line(lines, g.line, _with_amount(hand, lines[g.line - 1], g.amount - k))
    out = replace_line(out, t.line, _with_amount(hand, out[t.line - 1], t.amount + k))
    return Fault("move_chips", "side_pot", frozenset({g.line, t.line}), out)


def pay_ineligible(hand: Hand, lines: list[str], key: int) -> Fault | None:
    """A pot (a side pot when the hand has one) is paid to a seat that folded (and so is
    eligible for none)."""
    folded = [e for e in actions(hand) if e.act is Act.FOLD]
    cs = collects(hand)
    if not folded or not cs:
        return None
    side = [c for c in cs if c.pot]
    target = _pick(side or cs, key)
    who = _pick(folded, key)
    if who.seat == target.seat:
        return None
    line = lines[target.line - 1]
    if not line.startswith(target.player + " collected"):
        return None
    new = who.player + line[len(target.player):]
    return Fault("pay_ineligible", "side_pot", frozenset({target.line}), replace_line(lines, target.line, new))


def contributions(hand: Hand) -> dict[int, int]:
    """Chips each seat put in, less what the log returned uncalled (from the log alone)."""
    total: dict[int, int] = {}
    for ev in hand.events:
        if isinstance(ev, PostEvent):
            total[ev.seat] = total.get(ev.seat, 0) + ev.amount + ev.dead

    def visit(b: _Betting, ev: ActionEvent) -> bool:
        total[ev.seat] = total.get(ev.seat, 0) + b.chips_to(ev)[0]
        return False

    _replay(hand, visit)
    for ev in hand.events:
        if type(ev).__name__ == "UncalledEvent":
            total[ev.seat] -= ev.amount  # type: ignore[union-attr]
    return total


def side_pot_to_short_stack(hand: Hand, lines: list[str], key: int) -> Fault | None:
    """A side pot is paid to the live seat that put in least (all-in for the main pot
    only), who is never eligible for a side pot (TDA 21)."""
    side = [c for c in collects(hand) if c.pot]
    if not side:
        return None
    folded = {e.seat for e in actions(hand) if e.act is Act.FOLD}
    put_in = contributions(hand)
    live = {s: v for s, v in put_in.items() if s not in folded and v > 0}
    short = min(live, key=lambda s: (live[s], s))
    target = _pick(side, key)
    if short == target.seat or list(live.values()).count(live[short]) > 1:
        return None
    line = lines[target.line - 1]
    if not line.startswith(target.player + " collected"):
        return None
    name = next(x.player for x in hand.seats if x.seat == short)
    return Fault("side_pot_to_short", "side_pot", frozenset({target.line}),
                 replace_line(lines, target.line, name + line[len(target.player):]))


def _showdown_hands(hand: Hand) -> dict[int, str]:
    """Seats still in at the showdown whose cards the log reveals and that did not muck
    (shown, or only dealt face up or written in the summary): seat -> player."""
    from hhaudit.engine.pots import PotEvents, known_cards

    folded = {e.seat for e in actions(hand) if e.act is Act.FOLD}
    names = {s.seat: s.player for s in hand.seats}
    return {seat: names[seat] for seat, k in known_cards(hand, PotEvents.of(hand)).items()
            if len(k.cards) == hand.hole_cards and not k.mucked and seat not in folded and seat in names}


def pay_loser(hand: Hand, lines: list[str], key: int) -> Fault | None:
    """The main pot (or the only pot) goes to a seat that showed a losing hand."""
    paid = {c.seat for c in collects(hand)}
    shown = _showdown_hands(hand)
    losers = sorted(s for s in shown if s not in paid)
    mains = [c for c in collects(hand) if c.pot in (None, 0)]
    if not losers or not mains:
        return None
    target = _pick(mains, key)
    who = losers[key % len(losers)]
    line = lines[target.line - 1]
    if not line.startswith(target.player + " collected"):
        return None
    new = shown[who] + line[len(target.player):]
    return Fault("pay_loser", "winner", frozenset({target.line}), replace_line(lines, target.line, new))


def odd_chip(hand: Hand, lines: list[str], key: int) -> Fault | None:
    """A pot split with an odd chip (after the rake, when there is one): the chip goes to
    the other winner."""
    by_pot: dict[tuple[int | None, int], list[CollectEvent]] = {}
    for c in collects(hand):
        by_pot.setdefault((c.pot, c.run), []).append(c)
    for group in by_pot.values():
        amounts = sorted(c.amount for c in group)
        if len(group) >= 2 and amounts[-1] - amounts[0] == 1:
            hi = next(c for c in group if c.amount == amounts[-1])
            lo = next(c for c in group if c.amount == amounts[0])
            if hi.seat == lo.seat:
                continue  # one seat's high and low halves (Hi/Lo): moving the chip changes nothing
            out = replace_line(lines, hi.line, _with_amount(hand, lines[hi.line - 1], hi.amount - 1))
            out = replace_line(out, lo.line, _with_amount(hand, out[lo.line - 1], lo.amount + 1))
            return Fault("odd_chip", "odd_chip", frozenset({hi.line, lo.line}), out)
    return None


def _total_line(hand: Hand, lines: list[str]) -> int | None:
    n = hand.summary.line
    return n if n and lines[n - 1].startswith("Total pot") else None


def change_total(hand: Hand, lines: list[str], key: int) -> Fault | None:
    n = _total_line(hand, lines)
    if n is None or hand.summary.total_pot is None:
        return None
    line = lines[n - 1]
    m = re.match(r"Total pot " + AMT, line)
    if m is None:
        return None
    delta = max(hand.bb, 1)
    new = line[: m.start(1)] + money(hand, hand.summary.total_pot + delta, m.group(1)) + line[m.end(1):]
    return Fault("change_total", "accounting", frozenset({n}), replace_line(lines, n, new))


def change_rake(hand: Hand, lines: list[str], key: int) -> Fault | None:
    n = _total_line(hand, lines)
    cs = collects(hand)
    if n is None or hand.summary.rake is None or not cs:
        return None
    line = lines[n - 1]
    m = re.search(r"Rake " + AMT, line)
    if m is None:
        return None
    delta = max(1, hand.bb // 10)
    new = line[: m.start(1)] + money(hand, hand.summary.rake + delta, m.group(1)) + line[m.end(1):]
    return Fault("change_rake", "accounting", frozenset({n, cs[-1].line}), replace_line(lines, n, new))


def cap_overbet(hand: Hand, lines: list[str], key: int) -> Fault | None:
    """Capped tables: a bet or raise that puts the cap in ("and has reached the $10 cap")
    made one big blind larger, where the stack has the chips: past the cap (PokerStars CAP
    games: nobody wagers more than the cap in one hand)."""
    if not hand.cap:
        return None
    start = {s.seat: s.stack for s in hand.seats}
    found: list[tuple[ActionEvent, int, int]] = []

    def visit(b: _Betting, ev: ActionEvent) -> bool:
        if ev.act in (Act.BET, Act.RAISE) and "has reached the" in lines[ev.line - 1]:
            chips, to = b.chips_to(ev)
            left = b.stack.get(ev.seat, 0) - chips
            assert start[ev.seat] - left == hand.cap, lines[ev.line - 1]  # the log's own cap
            if left > hand.bb:
                found.append((ev, to + hand.bb, b.cur))
        return False

    _replay(hand, visit)
    pick = _pick(found, key)
    if pick is None:
        return None
    ev, to, cur = pick
    like = first_token(lines[ev.line - 1], "raises" if ev.act is Act.RAISE else "bets")
    if ev.act is Act.RAISE:
        new = f"{ev.player}: raises {money(hand, to - cur, like)} to {money(hand, to, like)}"
    else:
        new = f"{ev.player}: bets {money(hand, to, like)}"
    return Fault("cap_overbet", "bet_size", frozenset({ev.line}), replace_line(lines, ev.line, new))


FAULTS: dict[str, Callable[[Hand, list[str], int], Fault | None]] = {
    "swap": swap_actions,
    "shrink_raise": shrink_raise,
    "call_to_check": call_to_check,
    "raise_not_reopened": raise_not_reopened,
    "pot_limit_overbet": pot_limit_overbet,
    "wrong_call": wrong_call_amount,
    "fl_overcap": fixed_limit_overcap,
    "move_chips": move_chips,
    "pay_ineligible": pay_ineligible,
    "side_pot_to_short": side_pot_to_short_stack,
    "pay_loser": pay_loser,
    "odd_chip": odd_chip,
    "change_total": change_total,
    "change_rake": change_rake,
    "cap_overbet": cap_overbet,
}


def detected(fault: Fault, auditor: Auditor) -> tuple[bool, list[tuple[str, int, str]]]:
    """Whether the audit of the faulty text reports the fault's category at one of its lines."""
    hand = parse_lines(fault.text)
    if hand.status is not Status.AUDITED:
        return False, [("parse", hand.problem.line if hand.problem else 0, hand.status.value)]
    got = [(f.category, f.line, f.rule) for f in auditor.audit(hand).findings]
    return any(c == fault.category and line in fault.lines for c, line, _ in got), got
