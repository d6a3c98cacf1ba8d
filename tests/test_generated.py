"""Random legal hands (tests/generator.py) must parse, audit clean and split the same way.

The generator keeps its own betting and pot bookkeeping, written from the rulebook
(rules.md) and not from hhaudit, so every disagreement is a bug on one side:
- each generated hand parses as one `audited` hand with zero findings;
- the pots hhaudit rebuilds (amount, eligible seats, expected winners and shares, per
  board) equal the generator's, and the log's collections equal the generator's payouts;
- at every action the replay's answers (to_act, call_amount, can_raise, min_raise_to,
  max_raise_to for pot limit, capped) equal what the generator allowed the player;
- capped tables and heads-up fixed limit (before and after folds) are among them.

Runs with the `ci` Hypothesis profile by default (tests/conftest.py). For a soak run:
    HYPOTHESIS_PROFILE=long pytest tests/test_generated.py
To print generated hands: `python tests/generator.py SEED COUNT`.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))

from generator import GeneratedHand, generate_hand  # noqa: E402

from hhaudit.engine.auditor import Auditor  # noqa: E402
from hhaudit.engine.replay import State  # noqa: E402
from hhaudit.model import (  # noqa: E402
    ActionEvent,
    CollectEvent,
    Limit,
    PostEvent,
    Status,
    StreetEvent,
    UncalledEvent,
)
from hhaudit.parsing import parse  # noqa: E402
from hhaudit.profiles import get_profile  # noqa: E402

AUDITOR = Auditor("online")

seeds = st.integers(min_value=0, max_value=2**32 - 1)
options = st.fixed_dictionaries(
    {},
    optional={
        "limit": st.sampled_from(["NL", "PL", "FL"]),
        "kind": st.sampled_from(["cash", "tournament"]),
        "n_seats": st.integers(min_value=2, max_value=10),
        "reveal": st.sampled_from(["shows", "dealt", "summary"]),
        "rake": st.booleans(),
        "cap": st.booleans(),
    },
)


def _one_hand(g: GeneratedHand):
    hands = list(parse(g.text))
    assert len(hands) == 1, g.text
    hand = hands[0]
    assert hand.status is Status.AUDITED, f"{hand.problem}\n{g.text}"
    return hand


def check_hand(g: GeneratedHand) -> None:
    hand = _one_hand(g)
    audited = AUDITOR.audit(hand)
    assert not audited.findings, "\n".join(
        f"line {f.line} {f.rule}: expected {f.expected}; actual {f.actual}" for f in audited.findings
    ) + "\n" + g.text
    got = [(p.index, p.run, p.half, p.amount, tuple(p.eligible), tuple(p.expected_winners), tuple(p.expected))
           for p in audited.pots]  # type: ignore[attr-defined]
    want = [(p.index, p.run, p.half, p.amount, p.eligible, p.winners, p.shares) for p in g.pots]
    assert got == want, g.text
    paid: dict[int, int] = {}
    for ev in hand.events:
        if isinstance(ev, CollectEvent):
            paid[ev.seat] = paid.get(ev.seat, 0) + ev.amount
    assert paid == g.paid


def check_decisions(g: GeneratedHand) -> None:
    """Replay the parsed events and ask the State, before each action, what it allows."""
    hand = _one_hand(g)
    state = State.start(hand, get_profile("online"))
    started = False
    asked = []
    for ev in hand.events:
        if isinstance(ev, PostEvent):
            state.apply_post(ev)
        elif isinstance(ev, ActionEvent):
            if not started:
                state.begin_betting()
                started = True
            seat = ev.seat
            pl_max = state.max_raise_to(seat) if hand.limit is Limit.POT_LIMIT else None
            asked.append((state.to_act(), state.call_amount(seat), state.can_raise(seat),
                          state.min_raise_to(), pl_max, state.capped()))
            state.apply_action(ev, state.resolve_action(ev))
        elif isinstance(ev, StreetEvent):
            if not started:
                state.begin_betting()
                started = True
            state.apply_street(ev)
        elif isinstance(ev, UncalledEvent):
            state.apply_uncalled(ev)
    want = [(d.seat, d.call, d.reopened, d.least, d.most, d.capped) for d in g.decisions]
    assert len(asked) == len(want)
    for i, (a, w) in enumerate(zip(asked, want)):
        assert a == w, f"action {i}: replay says {a}, rules say {w}\n{g.text}"


@given(seeds, options)
def test_generated_hand_audits_clean(seed: int, opts: dict) -> None:
    check_hand(generate_hand(random.Random(seed), **opts))


@given(seeds, options)
def test_replay_answers_match_the_rules(seed: int, opts: dict) -> None:
    check_decisions(generate_hand(random.Random(seed), **opts))


@settings(max_examples=10)
@given(st.lists(seeds, min_size=2, max_size=8))
def test_files_of_many_generated_hands(seed_list: list[int]) -> None:
    gens = [generate_hand(random.Random(s)) for s in seed_list]
    hands = list(parse("".join(g.text for g in gens)))
    assert len(hands) == len(gens)
    for hand, g in zip(hands, gens):
        assert hand.status is Status.AUDITED
        assert not AUDITOR.audit(hand).findings, g.text


# The fixed seeds below also check that the generator really reaches every corner it
# claims to (a generator that never deals a side pot would make the tests above vacuous).
FIXED = range(600)


@pytest.fixture(scope="module")
def fixed_hands() -> list[GeneratedHand]:
    return [generate_hand(random.Random(seed)) for seed in FIXED]


def test_generator_covers_the_features(fixed_hands: list[GeneratedHand]) -> None:
    features = set().union(*(g.features for g in fixed_hands))
    for wanted in ("ante", "straddle", "side_pots", "split", "run_it_twice", "dead_button", "all_in",
                   "all_in_raise", "dealt_cards", "summary_cards", "raked", "raked_split"):
        assert wanted in features, wanted
    assert {g.limit for g in fixed_hands} == {"NL", "PL", "FL"}
    assert {g.kind for g in fixed_hands} == {"cash", "tournament"}
    sizes = {g.n_seats for g in fixed_hands}
    assert 2 in sizes and 9 in sizes
    three_pots = [g for g in fixed_hands if max(p.index for p in g.pots) >= 2]
    assert three_pots, "no hand with two side pots"
    assert "cap" in features, "no capped table"


def test_capped_tables_and_heads_up_fixed_limit() -> None:
    """Capped no-limit and pot-limit tables, and fixed limit dealt heads-up or made heads-up
    by folds (raising then unlimited, Robert's B&R 4): every hand audits clean and the replay
    agrees with the rules; players reach the cap and fifth bets are made heads-up."""
    gens = [generate_hand(random.Random(500_000 + i), **opts)
            for i in range(60) for opts in ({"limit": "NL", "cap": True}, {"limit": "PL", "cap": True})]
    gens += [generate_hand(random.Random(600_000 + i), limit="FL", n_seats=n) for i in range(150) for n in (2, 3)]
    for g in gens:
        check_hand(g)
        check_decisions(g)
    assert any("has reached the" in g.text for g in gens if g.limit == "NL")
    assert any("has reached the" in g.text for g in gens if g.limit == "PL")
    assert sum("fl_heads_up_uncapped" in g.features for g in gens if g.limit == "FL" and g.n_seats == 2) >= 3
    assert sum("fl_heads_up_uncapped" in g.features for g in gens if g.limit == "FL" and g.n_seats == 3) >= 3


def test_fixed_seeds_audit_clean(fixed_hands: list[GeneratedHand]) -> None:
    for g in fixed_hands[:300]:
        check_hand(g)
        check_decisions(g)


def test_generator_pots_match_a_hand_worked_by_hand() -> None:
    """The generator's own pot arithmetic against rules.md 7b's worked example, so that a
    shared mistake of generator and auditor cannot pass unseen."""
    from generator import _Game

    game = _Game(random.Random(1), limit="NL", kind="tournament", n_seats=5)
    seats = sorted(game.dealt)
    # A all-in 100, B all-in 300, C and D 500 each, E folded after 50 (rules.md 7b)
    totals = [100, 300, 500, 500, 50]
    for seat, total in zip(seats, totals):
        s = game.seats[seat]
        s.total = total
        s.all_in = total in (100, 300)
        s.folded = total == 50
    assert game.build_pots() == [(450, tuple(seats[:4])), (600, tuple(seats[1:4])), (400, tuple(seats[2:4]))]
    # odd chips: 8 seats, button on 7, seats 2 and 5 tie for 175 -> 88 to seat 2 (rules.md 7a)
    game.dealt = list(range(1, 9))
    game.button = 7
    assert game.split(175, [5, 2]) == [87, 88]
    # 101 three ways, button 7: seats 8 and 1 come first clockwise and get the 2 odd chips
    assert game.split(101, [1, 8, 4]) == [34, 34, 33]


omaha_options = st.fixed_dictionaries(
    {"variant": st.just("omaha")},
    optional={
        "limit": st.sampled_from(["NL", "PL", "FL"]),
        "kind": st.sampled_from(["cash", "tournament"]),
        "n_seats": st.integers(min_value=2, max_value=7),
        "reveal": st.sampled_from(["shows", "dealt", "summary"]),
        "rake": st.booleans(),
        "hole_cards": st.sampled_from([4, 5, 6]),
        "hilo": st.booleans(),
    },
)


@settings(max_examples=60)
@given(seeds, omaha_options)
def test_generated_omaha_hand_audits_clean(seed: int, opts: dict) -> None:
    # Omaha and Omaha Hi/Lo, 4-6 cards: the pots, halves, winners and shares the generator
    # works out (its own showdown, by phevaluator and a written-out low) are hhaudit's
    g = generate_hand(random.Random(seed), **opts)
    check_hand(g)
    check_decisions(g)


def test_generator_covers_omaha() -> None:
    gens = [generate_hand(random.Random(800_000 + i), variant="omaha", hole_cards=(4, 5, 6)[i % 3],
                          hilo=i % 2 == 1) for i in range(300)]
    for g in gens[:120]:
        check_hand(g)
    features = set().union(*(g.features for g in gens))
    for wanted in ("omaha", "omaha_hilo", "low", "split", "side_pots", "all_in", "run_it_twice"):
        assert wanted in features, wanted
    # run it twice in Hi/Lo: each run's half of the pot split high and low on its own
    twice = [g for g in gens if "run_it_twice" in g.features and any(p.half == "low" for p in g.pots)]
    assert twice
    for g in twice:
        check_hand(g)
        assert {p.run for p in g.pots} == {1, 2}
    halves = {p.half for g in gens for p in g.pots}
    assert halves == {None, "high", "low"}
    # a Hi/Lo pot split high and low, and one scooped (no low): both reached
    assert any(p.half == "low" for g in gens for p in g.pots)
    assert any(g.pots and all(p.half == "high" for p in g.pots) and "omaha_hilo" in g.features
               and any(len(p.eligible) > 1 for p in g.pots) for g in gens)
    for game in (" Omaha Pot Limit", " Omaha Hi/Lo Limit", " 5 Card Omaha ", " 6 Card Omaha Hi/Lo "):
        assert any(game in g.text.split("\n")[0] for g in gens), game
