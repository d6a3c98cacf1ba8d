"""Fault injection for every registered format (issue 8): the faults tests/faults.py puts
into PokerStars text, put here into the parsed `Hand` of each format's clean corpus hands.

For every format, the corpus hands (HANDS.tsv, read with `hhaudit.parsing.parse`) that audit
with status `audited` and no finding are taken; one fault at a time is injected at the
event level (a copy of the hand with one event list or summary changed,
`dataclasses.replace` on the frozen events) and the audit of the copy must report the
expected category, at the line the fault is on:

- swap: two adjacent actions of different players on one street change places; the first
  of them is now out of turn (action_order, at one of the two lines);
- call_to_check: a call becomes a check while facing a bet (illegal_action, at its line);
- shrink_raise: a raise (not all-in) becomes a raise of half a big blind over the current
  bet (NL/PL: min_raise, rules.md 2b), or, in fixed limit, half a small bet short of the
  size it was (fixed_limit), at its line;
- move_chips: chips move from one paid seat's collection to another's, the total paid
  unchanged, by more than the rake and fees plus one chip (so no share of the rake or odd
  chip explains it): the pot is split against the pots the betting built (side_pot, the
  auditor's SP01 "split does not follow the pots", or SP01 "paid more than the pots the
  seat is eligible for" when the taker was not in the pot it now gets), at one of the two
  collection lines;
- pay_folded: a collection is paid to a seat that folded, which is eligible for no pot
  (TDA 21: side_pot, at that collection's line; not winner, since the seat holds no hand
  that could have won);
- change_total: the stated total pot is one big blind more than was put in (a chip more
  while that would match the pot read after the rake or with an unmatched bet the log
  gives back silently, which the auditor rightly accepts) (accounting, at the summary line);
- change_rake: the stated rake grows by a tenth of a big blind (at least one chip), so the
  collections plus the rake no longer make the pot (accounting, at the summary line or the
  last collection line).

Where a fault needs the betting (the bet a raise is over, a player's street total) this
module follows the hand's own events with the rulebook's arithmetic, not hhaudit.engine.replay.

Each format and fault sees at most SAMPLE hands (seeded shuffle); recall must be 100% for
every format and fault that applies. `pytest -s` prints the table.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from hhaudit.engine.auditor import Auditor
from hhaudit.formats import FORMATS
from hhaudit.model import (
    Act,
    ActionEvent,
    CollectEvent,
    FeeEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    ShowEvent,
    Status,
    Street,
    StreetEvent,
)
from hhaudit.parsing import parse

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / ".." / "shared" / "corpus"
LIVE_SAMPLES = REPO / "sample_histories" / "live"
SAMPLE = 40
"""Hands per format and fault (seeded)."""


@dataclass(frozen=True)
class Injected:
    hand: Hand
    categories: frozenset[str]
    lines: frozenset[int] | None
    """Lines where the finding may be; None: anywhere (the format states no such line)."""


Injector = Callable[[Hand, random.Random], Injected | None]


# --------------------------------------------------------------------------- helpers


def _with_events(hand: Hand, events: list) -> Hand:
    return replace(hand, events=events)


def _actions(hand: Hand) -> list[tuple[int, ActionEvent]]:
    return [(i, e) for i, e in enumerate(hand.events) if isinstance(e, ActionEvent)]


def _street_bets(hand: Hand) -> list[tuple[int, ActionEvent, int, int]]:
    """(index, action, bet to match before it, the actor's street total before it) for every
    action, from the events alone: live posts count toward the pre-flop bet (antes and dead
    blind parts do not), pre-flop the bet to match is at least the big blind; a call adds
    its amount, a bet or raise makes the street total its `to`, or the chips put in plus
    what was in, or the increment over the bet."""
    out: list[tuple[int, ActionEvent, int, int]] = []
    street = Street.PREFLOP
    bets: dict[int, int] = defaultdict(int)
    cur = 0
    bb_posted = False
    for i, ev in enumerate(hand.events):
        if isinstance(ev, PostEvent):
            if ev.kind is not Post.ANTE:
                bets[ev.seat] += ev.amount
                cur = max(cur, bets[ev.seat])
            bb_posted |= ev.kind is Post.BIG_BLIND
        elif isinstance(ev, StreetEvent):
            if ev.street is not Street.SHOWDOWN and ev.run <= 1 and ev.street is not street:
                street, bets, cur = ev.street, defaultdict(int), 0
        elif isinstance(ev, ActionEvent):
            facing = max(cur, hand.bb) if street is Street.PREFLOP and bb_posted else cur
            mine = bets[ev.seat]
            out.append((i, ev, facing, mine))
            if ev.act is Act.CALL:
                bets[ev.seat] = mine + (ev.amount or 0)
            elif ev.act in (Act.BET, Act.RAISE):
                if ev.to is not None:
                    bets[ev.seat] = ev.to
                elif ev.amount is not None:
                    bets[ev.seat] = mine + ev.amount
                elif ev.by is not None:
                    bets[ev.seat] = facing + ev.by
            cur = max(cur, bets[ev.seat])
    return out


def _put_in(hand: Hand) -> dict[int, int]:
    """Chips each seat put in (posts, calls, bets, raises), less what the log returned."""
    total: dict[int, int] = defaultdict(int)
    for ev in hand.events:
        if isinstance(ev, PostEvent):
            total[ev.seat] += ev.amount + ev.dead
        elif type(ev).__name__ == "UncalledEvent":
            total[ev.seat] -= ev.amount  # type: ignore[union-attr]
    for _, ev, facing, mine in _street_bets(hand):
        if ev.act is Act.CALL:
            total[ev.seat] += ev.amount or 0
        elif ev.act in (Act.BET, Act.RAISE):
            if ev.to is not None:
                total[ev.seat] += ev.to - mine
            elif ev.amount is not None:
                total[ev.seat] += ev.amount
            elif ev.by is not None:
                total[ev.seat] += facing + ev.by - mine
    return total


def _unmatched(hand: Hand) -> int:
    """The bet nobody matched (0 when the log returned it or every bet was called)."""
    amounts = sorted(_put_in(hand).values(), reverse=True) + [0, 0]
    return amounts[0] - amounts[1]


def _collects(hand: Hand) -> list[tuple[int, CollectEvent]]:
    return [(i, e) for i, e in enumerate(hand.events) if isinstance(e, CollectEvent)]


def _summary_lines(hand: Hand) -> frozenset[int] | None:
    return frozenset({hand.summary.line}) if hand.summary.line else None


# --------------------------------------------------------------------------- the faults


def swap(hand: Hand, rng: random.Random) -> Injected | None:
    # not a fold on a fast-fold table: it is logged when clicked, its place is no fault
    from hhaudit.sites import is_fast_fold

    evs = hand.events
    fast = is_fast_fold(hand.table_name)
    if any("ALL" in rules or "action_order" in rules for _, rules in hand.abstained):
        return None  # the action order is not judged in this hand (a seat the reader assumed)
    pairs = [i for i in range(len(evs) - 1)
             if isinstance(evs[i], ActionEvent) and isinstance(evs[i + 1], ActionEvent)
             and evs[i].seat != evs[i + 1].seat
             and not (fast and Act.FOLD in (evs[i].act, evs[i + 1].act))]
    if not pairs:
        return None
    i = rng.choice(pairs)
    new = list(evs)
    new[i], new[i + 1] = new[i + 1], new[i]
    return Injected(_with_events(hand, new), frozenset({"action_order"}),
                    frozenset({evs[i].line, evs[i + 1].line}))


def call_to_check(hand: Hand, rng: random.Random) -> Injected | None:
    calls = [(i, e) for i, e in _actions(hand) if e.act is Act.CALL]
    if not calls:
        return None
    i, ev = rng.choice(calls)
    new = list(hand.events)
    new[i] = replace(ev, act=Act.CHECK, amount=None, to=None, by=None, all_in=False)
    return Injected(_with_events(hand, new), frozenset({"illegal_action"}), frozenset({ev.line}))


def shrink_raise(hand: Hand, rng: random.Random) -> Injected | None:
    fixed = hand.limit is Limit.FIXED_LIMIT
    cut = max(1, (hand.small_bet or hand.bb) // 2) if fixed else hand.bb // 2
    if cut < 1:
        return None
    candidates = []
    for i, ev, facing, mine in _street_bets(hand):
        if ev.act is not Act.RAISE or ev.all_in or facing <= 0:
            continue
        if ev.to is not None:
            to = ev.to
        elif ev.amount is not None:
            to = mine + ev.amount
        elif ev.by is not None:
            to = facing + ev.by
        else:
            continue
        new_to = to - cut if fixed else facing + cut
        if facing < new_to < to and new_to > mine:
            candidates.append((i, ev, facing, mine, new_to))
    if not candidates:
        return None
    i, ev, facing, mine, new_to = rng.choice(candidates)
    if ev.to is not None:
        changed = replace(ev, to=new_to)
    elif ev.amount is not None:
        changed = replace(ev, amount=new_to - mine)
    else:
        changed = replace(ev, by=new_to - facing)
    new = list(hand.events)
    new[i] = changed
    return Injected(_with_events(hand, new), frozenset({"fixed_limit" if fixed else "min_raise"}),
                    frozenset({ev.line}))


def move_chips(hand: Hand, rng: random.Random) -> Injected | None:
    last: dict[int, tuple[int, CollectEvent]] = {}
    for i, c in _collects(hand):
        last[c.seat] = (i, c)
    if len(last) < 2:
        return None
    fees = sum(e.amount for e in hand.events if isinstance(e, FeeEvent) and e.amount > 0)
    k = (hand.summary.rake or 0) + (hand.summary.jackpot or 0) + fees + max(2, hand.bb // 2)
    shown = {e.seat for e in hand.events if isinstance(e, ShowEvent) and not e.muck and len(e.cards) >= 2}
    if not set(last) <= shown:
        return None  # the split can only be judged against the cards of the seats paid
    givers = [s for s in sorted(last) if last[s][1].amount > k]
    if not givers:
        return None
    giver = rng.choice(givers)
    taker = rng.choice([s for s in sorted(last) if s != giver])
    (gi, g), (ti, t) = last[giver], last[taker]
    new = list(hand.events)
    new[gi] = replace(g, amount=g.amount - k)
    new[ti] = replace(t, amount=t.amount + k)
    return Injected(_with_events(hand, new), frozenset({"side_pot"}), frozenset({g.line, t.line}))


def pay_folded(hand: Hand, rng: random.Random) -> Injected | None:
    paid = {c.seat for _, c in _collects(hand)}
    folded = sorted({(e.seat, e.player) for _, e in _actions(hand) if e.act is Act.FOLD and e.seat not in paid})
    cs = _collects(hand)
    if not folded or not cs:
        return None
    i, target = rng.choice(cs)
    seat, player = rng.choice(folded)
    new = list(hand.events)
    new[i] = replace(target, seat=seat, player=player)
    return Injected(_with_events(hand, new), frozenset({"side_pot"}), frozenset({target.line}))


def change_total(hand: Hand, rng: random.Random) -> Injected | None:
    if hand.summary.total_pot is None:
        return None
    # A log may state the pot before or after the rake and, when it never writes uncalled
    # bets back, with the unmatched bet in it: the change must match none of those readings.
    e, r = _unmatched(hand), (hand.summary.rake or 0) + (hand.summary.jackpot or 0)
    delta = max(hand.bb, 1)
    while delta in {e, r, e + r, abs(e - r)}:
        delta += 1
    summary = replace(hand.summary, total_pot=hand.summary.total_pot + delta)
    return Injected(replace(hand, summary=summary), frozenset({"accounting"}), _summary_lines(hand))


def change_rake(hand: Hand, rng: random.Random) -> Injected | None:
    cs = _collects(hand)
    if hand.summary.rake is None or not cs:
        return None
    summary = replace(hand.summary, rake=hand.summary.rake + max(1, hand.bb // 10))
    lines = _summary_lines(hand)
    if lines is not None:
        lines = lines | {cs[-1][1].line}
    return Injected(replace(hand, summary=summary), frozenset({"accounting"}), lines)


FAULTS: dict[str, Injector] = {
    "swap": swap,
    "call_to_check": call_to_check,
    "shrink_raise": shrink_raise,
    "move_chips": move_chips,
    "pay_folded": pay_folded,
    "change_total": change_total,
    "change_rake": change_rake,
}


# --------------------------------------------------------------------------- the corpus


def _corpus_files() -> list[str]:
    files: set[str] = set()
    for row in (CORPUS / "HANDS.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        parts = row.split("\t")
        if len(parts) >= 5:
            files.add(parts[0])
    return sorted(files)


@pytest.fixture(scope="module")
def clean_by_format() -> dict[str, list[Hand]]:
    if not (CORPUS / "HANDS.tsv").exists():
        pytest.skip("corpus not present at ../shared/corpus")
    auditor = Auditor("online")
    out: dict[str, list[Hand]] = defaultdict(list)
    paths = [str(CORPUS / rel) for rel in _corpus_files()]
    paths += [str(p) for p in sorted(LIVE_SAMPLES.glob("*.live"))]
    for path in paths:
        for hand in parse(path):
            if hand.status is Status.AUDITED and not auditor.audit(hand).findings:
                out[hand.format].append(hand)
    return dict(out)


def test_faults_are_found_in_every_format(clean_by_format):
    auditor = Auditor("online")
    applied: dict[tuple[str, str], int] = defaultdict(int)
    found: dict[tuple[str, str], int] = defaultdict(int)
    misses: list[str] = []
    for fmt in sorted(FORMATS):
        hands = clean_by_format.get(fmt, [])
        for kind, inject in FAULTS.items():
            rng = random.Random(f"{fmt}/{kind}")
            order = list(range(len(hands)))
            rng.shuffle(order)
            for i in order:
                if applied[fmt, kind] >= SAMPLE:
                    break
                hand = hands[i]
                fault = inject(hand, rng)
                if fault is None:
                    continue
                applied[fmt, kind] += 1
                got = [(f.category, f.line, f.rule) for f in auditor.audit(fault.hand).findings]
                if any(c in fault.categories and (fault.lines is None or line in fault.lines)
                       for c, line, _ in got):
                    found[fmt, kind] += 1
                else:
                    misses.append(f"{fmt} {kind} {hand.source}:{hand.line} #{hand.hand_id}: want "
                                  f"{sorted(fault.categories)} at {sorted(fault.lines or [])}; got {got}")
    kinds = list(FAULTS)
    print("\nformat (clean hands)     " + "".join(f"{k:>15}" for k in kinds))
    for fmt in sorted(FORMATS):
        cells = []
        for k in kinds:
            n = applied[fmt, k]
            cells.append(f"{found[fmt, k]}/{n} {100 * found[fmt, k] // n:3d}%" if n else "n/a")
        print(f"{fmt + f' ({len(clean_by_format.get(fmt, []))})':<25}" + "".join(f"{c:>15}" for c in cells))
    assert not misses, f"{len(misses)} faults missed:\n" + "\n".join(misses[:30])
    # Every format with clean hands took part; the faults every hand allows applied widely.
    for fmt in sorted(FORMATS):
        if clean_by_format.get(fmt):
            assert applied[fmt, "swap"] + applied[fmt, "call_to_check"] > 0, fmt
    for kind in kinds:
        assert sum(applied[fmt, kind] for fmt in FORMATS) >= 100, kind


PARTY_NO_COMMAS = ("ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/cash/PartyPoker/Flop/"
                   "NLHE-6max-USD-0.50-1.00-201301.partial.player.names.txt")


def test_party_summary_cards_without_commas_are_shown():
    """PartyPoker summary lines write shown cards with or without commas ('[ Ad 5d ]')."""
    path = CORPUS / PARTY_NO_COMMAS
    if not path.exists():
        pytest.skip("corpus not present at ../shared/corpus")
    (hand,) = [h for h in parse(str(path)) if h.hand_id == "12566995177"]
    # Read from the hand: "Hero Name balance $100.57, ... [ Ad 5d ]" (seat 2) and
    # "Player2 balance $95.56, ... [ As Th ]" (seat 4): both show, a pair of nines each.
    shown = {e.seat: e.cards for e in hand.events if isinstance(e, ShowEvent) and not e.muck}
    assert shown == {2: ("Ad", "5d"), 4: ("As", "Th")}
