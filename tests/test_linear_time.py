"""Every terminal of every grammar does work linear in the line it reads.

The line lexer (hhaudit/formats/base.py) runs each line through the terminals of its
grammar; a terminal whose regex backtracks over pairs (or triples) of splits of a line
turns one hostile 64 KiB line into minutes of CPU. This test proves the opposite for every
terminal: on lines built from the terminal's own pieces (tests/regex_steps.py: its words,
separators, amounts and brackets repeated, pumped inside a prefix it matches (one piece or a
run of two or three), or a prefix repeated) of about n and 8n characters, the work at 8n is at most C times 8 the work at n.

Why a step count and not a clock: a wall-clock bound is either loose enough to pass on a
loaded machine (and then lets a quadratic regex through at 8,000 characters) or flaky. The
steps of a backtracking matcher run over the pattern as Python's own parser reads it
(`re._parser.parse`) are exact and the same everywhere: one per node tried at a position,
one per character a single-character repeat reads or gives back. sre does the same work up
to a factor bounded by the pattern (it checks a literal after a repeat before trying the
rest, and so on), so a count that grows linearly here grows linearly there, and a count
that grows as n² or n³ here does there too. A linear regex gives a ratio of at most 8 (less
when a fixed cost dominates); a quadratic one 64 once n is past its fixed cost, a cubic one
512. C = 2 leaves room for the fixed costs and none for a quadratic term; the 8n run stops
as soon as it passes its bound, so an offender costs no more than a passing terminal.

Lines are built at about n = N characters, with at least MIN_REPEATS of the repeated piece
so that a line is past the one that the pattern happens to match.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from regex_steps import Steps, TooManySteps, hostile_lines

from hhaudit.formats.base import grammar_dir, load_grammar

N = 24
"""About how long the short line is, in characters."""
MIN_REPEATS = 6
C = 2
"""How much more than 8 times the work at n the work at 8n may be."""

GRAMMARS = sorted(p.stem for p in grammar_dir().glob("*.lark"))

NOT_YET_LINEAR: frozenset[str] = frozenset()
"""Terminals (grammar.TERMINAL) known to backtrack super-linearly, still to be tightened;
the test fails when one of them becomes linear, so that the list only shrinks."""


def superlinear(pattern: str, mode: str = "fullmatch") -> str | None:
    """The first hostile line on which the pattern's work grows faster than the line, as
    a description with the counts, or None."""
    steps = Steps(pattern)
    for description, line in hostile_lines(steps).items():
        per = max(1, len(line(2)) - len(line(1)))
        k = max(MIN_REPEATS, N // per)
        short, long = line(k), line(8 * k)
        _, at_n = steps.run(short, mode)
        bound = C * 8 * at_n + 50  # the long line is at most 8 times as long
        try:
            steps.run(long, mode, limit=bound)
        except TooManySteps:
            return (f"{description}: {at_n} steps at {len(short)} characters, "
                    f"more than {bound} at {len(long)}")
    return None


def _terminals(grammar: str) -> Iterator[tuple[str, str]]:
    for name, pattern in load_grammar(grammar).patterns.items():
        yield f"{grammar}.{name}", pattern


@pytest.fixture(autouse=True)
def _deep_matches() -> Iterator[None]:
    # the matcher recurses once per node matched; a long line goes deep
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 100_000))
    yield
    sys.setrecursionlimit(old)


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_every_terminal_is_linear(grammar: str) -> None:
    slow = {}
    for name, pattern in _terminals(grammar):
        found = superlinear(pattern)
        if (found is not None) != (name in NOT_YET_LINEAR):
            slow[name] = found or "linear now: take it off NOT_YET_LINEAR"
    assert not slow, "\n".join(f"{name}: {why}" for name, why in slow.items())


# ----------------------------------------------------------------------------- the measure
QUADRATIC = [r"(?P<player>.+?) shows \[(?P<cards>[^\]]*)\]",  # the scan to the end, per name
             r"a*a*b",
             # PartyPoker's game line before bbb2a94 (pairs of game words), and after it
             # (the gap after the first game word against the spaces before the dash)
             r"(?P<text>.*?(?:Hold'?em|Holdem).*?)\s*-\s*(?P<date>[^-]*?\d\d?:\d\d:\d\d.*?\d{4})",
             r"(?P<text>(?>.*?(?:Hold'?em|Holdem)).*?)\s*-\s*(?P<date>[^-]*?\d\d?:\d\d:\d\d.*?\d{4})"]
LINEAR = [r"(?P<player>.+?) shows \[(?P<cards>[^\[\]]*)\]",
          r"a*+a*b",
          r"(?P<player>.+?) collected (?P<amount>\S+) from pot",
          r"Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>[^()]*)\)"]


@pytest.mark.parametrize("pattern", QUADRATIC)
def test_the_measure_finds_backtracking(pattern: str) -> None:
    assert superlinear(pattern) is not None


@pytest.mark.parametrize("pattern", LINEAR)
def test_the_measure_passes_linear_patterns(pattern: str) -> None:
    assert superlinear(pattern) is None


def test_the_matcher_agrees_with_re() -> None:
    """The step-counting matcher matches what `re` matches (every terminal, on its own
    hostile lines and on its witness)."""
    import re

    for grammar in GRAMMARS:
        for _name, pattern in _terminals(grammar):
            steps, real = Steps(pattern), re.compile(pattern)
            for line in list(hostile_lines(steps).values())[:3]:
                for k in (1, 2):
                    text = line(k)
                    assert steps.run(text)[0] == (real.fullmatch(text) is not None), (pattern, text)



