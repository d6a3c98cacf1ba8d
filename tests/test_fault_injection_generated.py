"""Fault injection over generated hands (issue 9): random legal hands from tests/generator.py,
seeded, each audited clean first; then one fault at a time of every category of the
contract, and the right category must be reported at the right line (for a reorder, at
one of the two lines involved):

| category         | faults (tests/faults.py, tests/live_faults.py)                    |
|------------------|-------------------------------------------------------------------|
| action_order     | swap: two adjacent actions of different players change places      |
| min_raise        | shrink_raise (NL/PL): a raise half a big blind over the bet         |
| fixed_limit      | shrink_raise (FL): half a unit short; fl_overcap: a fifth bet       |
| reopen           | raise_not_reopened: a raise by a seat that faced only short all-ins |
| illegal_action   | call_to_check: a check facing a bet                                 |
| bet_size         | wrong_call: a call one chip off; cap_overbet: a bet or raise past a  |
|                  | capped table's cap                                                  |
| pot_limit        | pot_limit_overbet: the first bet or raise one big blind over the pot |
| string_bet       | live logs: string bet, oversized chip, multiple chips ruled a raise |
| side_pot         | pay_ineligible, side_pot_to_short, move_chips                       |
| winner           | pay_loser: a pot paid to a shown losing hand                        |
| odd_chip         | odd_chip: the odd chip of a split to the other winner               |
| accounting       | change_total, change_rake                                           |

The generator is steered so that every fault applies often enough: fixed-limit hands at
full tables for the cap, pot-limit hands for the overbet, full no-limit tables for short
all-in raises (the reopening fault) and split pots (odd chips); capped no-limit tables and
heads-up fixed limit come first, each with every fault that applies to it. Recall per fault
and per category is printed (`pytest -s`) and must be 100%.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from faults import FAULTS, detected, parse_lines  # noqa: E402
from generator import GeneratedHand, generate_hand  # noqa: E402
from live_faults import LIVE_FAULTS, live_detected, live_text, parse_live  # noqa: E402

from hhaudit.engine.auditor import Auditor  # noqa: E402
from hhaudit.model import Status  # noqa: E402

MIN_APPLIED = 20
"""Every fault must apply to at least this many hands."""
CAP = 60
"""Hands per fault at most (the first that apply, in seed order), to keep the run short."""

POOLS: list[tuple[str, dict, int]] = [
    ("mixed", {}, 300),
    ("fl-full", {"limit": "FL", "n_seats": 9}, 250),
    ("pl", {"limit": "PL"}, 150),
    ("nl-full", {"limit": "NL", "n_seats": 9}, 900),
    ("nl-cap", {"limit": "NL", "cap": True}, 40),
    ("fl-heads-up", {"limit": "FL", "n_seats": 2}, 40),
]
"""(name, generator options, hands): seeded by pool and index."""
EVERY = frozenset({"nl-cap", "fl-heads-up"})
"""Pools whose hands get every fault that applies, past the `CAP` of hands per fault."""

RARE = {"raise_not_reopened": "all_in_raise", "odd_chip": "split", "side_pot_to_short": "side_pots",
        "move_chips": None, "fl_overcap": None, "cap_overbet": "cap"}
"""Faults tried on every pool (feature the hand needs, to skip the rest quickly); the others
see the mixed, fixed-limit and pot-limit pools only."""

CATEGORY = {
    "swap": "action_order", "shrink_raise": "min_raise / fixed_limit", "call_to_check": "illegal_action",
    "raise_not_reopened": "reopen", "pot_limit_overbet": "pot_limit", "wrong_call": "bet_size",
    "fl_overcap": "fixed_limit", "move_chips": "side_pot", "pay_ineligible": "side_pot",
    "side_pot_to_short": "side_pot", "pay_loser": "winner", "odd_chip": "odd_chip",
    "change_total": "accounting", "change_rake": "accounting", "cap_overbet": "bet_size",
    "string_bet": "string_bet", "oversized_chip": "string_bet", "multi_chip": "string_bet",
}


def _pool() -> list[tuple[str, GeneratedHand]]:
    out = []
    for p, (name, opts, n) in enumerate(POOLS):
        for i in range(n):
            out.append((name, generate_hand(random.Random(9_000_000 + 100_000 * p + i), **opts)))
    return out


@pytest.fixture(scope="module")
def pool() -> list[tuple[str, GeneratedHand]]:
    return _pool()


def test_fault_recall_on_generated_hands(pool: list[tuple[str, GeneratedHand]]) -> None:
    auditor = Auditor("online")
    applied: Counter[str] = Counter()
    found: Counter[str] = Counter()
    by_pool: Counter[str] = Counter()
    """Faults applied per pool (the capped and heads-up pools must get their share)."""
    misses: list[str] = []
    dirty: list[str] = []
    live_tried = 0
    for i, (pool_name, g) in enumerate(pool):
        lines = g.text.rstrip("\n").split("\n")
        hand = None
        for fault_name, make in FAULTS.items():
            if applied[fault_name] >= CAP and pool_name not in EVERY:
                continue
            if pool_name == "nl-full" and fault_name not in RARE:
                continue
            need = RARE.get(fault_name)
            if need is not None and need not in g.features:
                continue
            if hand is None:
                hand = parse_lines(lines, f"{pool_name}#{i}")
                if hand.status is not Status.AUDITED or auditor.audit(hand).findings:
                    dirty.append(f"{pool_name}#{i}")
                    break
            fault = make(hand, lines, i)
            if fault is None:
                continue
            applied[fault_name] += 1
            by_pool[pool_name] += 1
            ok, got = detected(fault, auditor)
            if ok:
                found[fault_name] += 1
            else:
                misses.append(f"{fault_name} {pool_name}#{i}: want {fault.category} at {sorted(fault.lines)}; "
                              f"got {got}\n" + "\n".join(fault.text))
        # live logs: the string-bet faults (mixed, fixed-limit and pot-limit pools)
        if pool_name in ("nl-full", *EVERY) or all(applied[f] >= CAP for f in LIVE_FAULTS):
            continue
        converted = live_text(g)
        if converted is None:
            continue
        stars, live_lines = converted
        live = parse_live(live_lines)
        live_tried += 1
        if live.status is not Status.AUDITED or auditor.audit(live).findings:
            dirty.append(f"live {pool_name}#{i}")
            continue
        for fault_name, make_live in LIVE_FAULTS.items():
            if applied[fault_name] >= CAP:
                continue
            fault = make_live(g, stars, live, live_lines, i)
            if fault is None:
                continue
            applied[fault_name] += 1
            ok, got = live_detected(fault, auditor)
            if ok:
                found[fault_name] += 1
            else:
                misses.append(f"{fault_name} live {pool_name}#{i}: want {fault.category} at {sorted(fault.lines)}; "
                              f"got {got}\n" + "\n".join(fault.text))
    names = [*FAULTS, *LIVE_FAULTS]
    print(f"\n{len(pool)} generated hands ({', '.join(f'{n} {k}' for n, _, k in POOLS)}); "
          f"{live_tried} written as live logs")
    print("fault               category                 applied  found  recall")
    for name in names:
        n = applied[name]
        print(f"{name:19s} {CATEGORY[name]:24s} {n:7d} {found[name]:6d}  "
              + (f"{100 * found[name] / n:5.1f}%" if n else "  n/a"))
    by_cat_applied: Counter[str] = Counter()
    by_cat_found: Counter[str] = Counter()
    for name in names:
        by_cat_applied[CATEGORY[name]] += applied[name]
        by_cat_found[CATEGORY[name]] += found[name]
    print("category                 applied  found  recall")
    for cat in sorted(by_cat_applied):
        n = by_cat_applied[cat]
        print(f"{cat:24s} {n:7d} {by_cat_found[cat]:6d}  " + (f"{100 * by_cat_found[cat] / n:5.1f}%" if n else "  n/a"))
    assert not dirty, f"generated hands that do not audit clean: {dirty[:10]}"
    assert not misses, f"{len(misses)} faults missed:\n" + "\n\n".join(misses[:5])
    for name in names:
        assert applied[name] >= MIN_APPLIED, f"{name} applied to only {applied[name]} hands"
    assert by_pool["nl-cap"] >= 150 and by_pool["fl-heads-up"] >= 150, by_pool


REVEALED_POOLS: list[tuple[str, dict, int]] = [
    ("dealt", {"reveal": "dealt", "limit": "NL", "n_seats": 6}, 400),
    ("summary", {"reveal": "summary", "limit": "NL", "n_seats": 6}, 400),
    ("raked", {"kind": "cash", "rake": True, "limit": "NL", "n_seats": 9}, 400),
]
"""Hands whose cards only dealt lines or the summary reveal, and raked cash hands (issue 18):
the payout faults must be caught there too, every one of them."""
REVEALED_FAULTS: dict[str, tuple[str, ...]] = {
    "dealt": ("pay_loser", "pay_ineligible", "move_chips", "odd_chip"),
    "summary": ("pay_loser", "pay_ineligible", "move_chips", "odd_chip"),
    "raked": ("pay_loser", "odd_chip", "change_rake", "move_chips"),
}
REVEALED_MIN = {"pay_loser": 20, "pay_ineligible": 20, "move_chips": 10, "odd_chip": 5, "change_rake": 20}
"""Faults each pool must apply at least (split pots are rarer than showdowns)."""


def test_fault_recall_on_revealed_and_raked_hands() -> None:
    auditor = Auditor("online")
    applied: Counter[tuple[str, str]] = Counter()
    found: Counter[tuple[str, str]] = Counter()
    misses: list[str] = []
    dirty: list[str] = []
    for p, (pool_name, opts, n) in enumerate(REVEALED_POOLS):
        for i in range(n):
            g = generate_hand(random.Random(7_000_000 + 100_000 * p + i), **opts)
            lines = g.text.rstrip("\n").split("\n")
            hand = parse_lines(lines, f"{pool_name}#{i}")
            if hand.status is not Status.AUDITED or auditor.audit(hand).findings:
                dirty.append(f"{pool_name}#{i}")
                continue
            for fault_name in REVEALED_FAULTS[pool_name]:
                if applied[pool_name, fault_name] >= CAP:
                    continue
                fault = FAULTS[fault_name](hand, lines, i)
                if fault is None:
                    continue
                applied[pool_name, fault_name] += 1
                ok, got = detected(fault, auditor)
                if ok:
                    found[pool_name, fault_name] += 1
                else:
                    misses.append(f"{fault_name} {pool_name}#{i}: want {fault.category} at {sorted(fault.lines)}; "
                                  f"got {got}\n" + "\n".join(fault.text))
    print("\npool     fault            applied  found  recall")
    for key in sorted(applied):
        print(f"{key[0]:8s} {key[1]:16s} {applied[key]:7d} {found[key]:6d}  {100 * found[key] / applied[key]:5.1f}%")
    assert not dirty, f"generated hands that do not audit clean: {dirty[:10]}"
    assert not misses, f"{len(misses)} faults missed:\n" + "\n\n".join(misses[:5])
    for pool_name, names in REVEALED_FAULTS.items():
        for name in names:
            assert applied[pool_name, name] >= REVEALED_MIN[name], f"{name} applied to only " \
                f"{applied[pool_name, name]} {pool_name} hands"


OMAHA_POOLS: list[tuple[str, dict, int]] = [
    ("omaha", {"variant": "omaha", "hilo": False}, 250),
    ("omaha-hilo", {"variant": "omaha", "hilo": True}, 350),
]
"""Omaha and Omaha Hi/Lo hands (4, 5 or 6 cards, every limit): every fault, betting and
pots, must be caught there too."""
OMAHA_MIN = {"pay_loser": 20, "pay_ineligible": 20, "move_chips": 20, "side_pot_to_short": 10, "odd_chip": 20,
             "pot_limit_overbet": 20, "swap": 20, "wrong_call": 20, "change_total": 20}
"""Faults each pool must apply at least (odd chips: the Hi/Lo pool only)."""


def test_fault_recall_on_omaha_hands() -> None:
    auditor = Auditor("online")
    applied: Counter[tuple[str, str]] = Counter()
    found: Counter[tuple[str, str]] = Counter()
    misses: list[str] = []
    dirty: list[str] = []
    for p, (pool_name, opts, n) in enumerate(OMAHA_POOLS):
        for i in range(n):
            g = generate_hand(random.Random(5_000_000 + 100_000 * p + i), **opts)
            lines = g.text.rstrip("\n").split("\n")
            hand = parse_lines(lines, f"{pool_name}#{i}")
            if hand.status is not Status.AUDITED or auditor.audit(hand).findings:
                dirty.append(f"{pool_name}#{i}")
                continue
            for fault_name, make in FAULTS.items():
                if applied[pool_name, fault_name] >= CAP:
                    continue
                fault = make(hand, lines, i)
                if fault is None:
                    continue
                applied[pool_name, fault_name] += 1
                ok, got = detected(fault, auditor)
                if ok:
                    found[pool_name, fault_name] += 1
                else:
                    misses.append(f"{fault_name} {pool_name}#{i}: want {fault.category} at {sorted(fault.lines)}; "
                                  f"got {got}\n" + "\n".join(fault.text))
    print("\npool        fault               applied  found  recall")
    for key in sorted(applied):
        print(f"{key[0]:11s} {key[1]:19s} {applied[key]:7d} {found[key]:6d}  {100 * found[key] / applied[key]:5.1f}%")
    assert not dirty, f"generated hands that do not audit clean: {dirty[:10]}"
    assert not misses, f"{len(misses)} faults missed:\n" + "\n\n".join(misses[:5])
    for pool_name, _, _ in OMAHA_POOLS:
        for name, least in OMAHA_MIN.items():
            if name == "odd_chip" and pool_name != "omaha-hilo":
                continue  # a tie for a high-only Omaha pot is rare: Hi/Lo's halves give the odd chips
            assert applied[pool_name, name] >= least, f"{name} applied to only {applied[pool_name, name]} " \
                f"{pool_name} hands"
