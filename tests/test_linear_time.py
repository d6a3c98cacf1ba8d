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

The line lexers' combined regexes (hhaudit/formats/base.py: the terminals a parser state
accepts in one alternation, those that start with a player's name sharing it as a lead) are
measured too, in every lexer a hand can meet.

The formats' own regexes (every compiled pattern of every module of hhaudit.formats: stakes,
side pots, dates, table names, the live log's lines) are held to the same bound, each in the
mode the package uses it in (read from the source: `_STAKES.search` is a search, which tries
every start; a pattern never called through its name is taken as searched). So are the
patterns written in the call that uses them (`re.findall(r"...", text)`), read from the source.

Lines are built at about n = N characters, with at least MIN_REPEATS of the repeated piece
so that a line is past the one that the pattern happens to match and past the start of a
bounded repeat; a piece of LONG_PIECE / MIN_LONG_REPEATS characters or more (a prefix of a
long pattern repeated) is a run of tokens, and MIN_LONG_REPEATS copies of it, at least
LONG_PIECE characters, are past both already. The long line is still 8 times the short one,
so a quadratic term shows as before; the self-tests below hold the measure to failing
quadratic and cubic patterns with short pieces and with long ones.

What it costs: each pattern is measured once a session (`superlinear` is cached on the
pattern, mode and flags: a pattern shared by grammars or modules is the same exact count),
and the matcher counts without a call what it can count without one (tests/regex_steps.py:
the same counts, fewer Python calls). On this machine, alone
(`pytest -p no:xdist tests/test_linear_time.py`), 223 s -> 153 s of user CPU at load 10-14;
then every run of this file compared between the two matchers, interleaved pattern by
pattern: 141 s -> 92 s of CPU, the same counts.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Iterator

import pytest
from regex_steps import Steps, TooManySteps, hostile_lines

from hhaudit.formats.base import grammar_dir, load_grammar

N = 24
"""About how long the short line is, in characters."""
MIN_REPEATS = 6
r"""The fewest copies of the repeated piece in the short line, so that the line is past the one
the pattern happens to match and past a bounded repeat's start (`(?: ++\S++){0,3}?` grows as
the square of the copies up to its bound, then linearly)..."""
LONG_PIECE = 4 * N
"""... unless MIN_LONG_REPEATS copies of the piece are already this long: a piece of 32
characters or more is a run of tokens, and a bounded repeat's start is spent within a copy."""
MIN_LONG_REPEATS = 3
C = 2
"""How much more than 8 times the work at n the work at 8n may be."""

GRAMMARS = sorted(p.stem for p in grammar_dir().glob("*.lark"))

NOT_YET_LINEAR: frozenset[str] = frozenset()
"""Terminals (grammar.TERMINAL) known to backtrack super-linearly, still to be tightened;
the test fails when one of them becomes linear, so that the list only shrinks."""


@functools.cache
def superlinear(pattern: str, mode: str = "fullmatch", flags: int = 0) -> str | None:
    """The first hostile line on which the pattern's work grows faster than the line, as
    a description with the counts, or None (once a session for each pattern, mode and
    flags: the count is exact, so a pattern shared by grammars or modules has one answer)."""
    steps = Steps(pattern, flags)
    for description, line in hostile_lines(steps).items():
        per = max(1, len(line(2)) - len(line(1)))
        k = max(N // per, MIN_LONG_REPEATS if MIN_LONG_REPEATS * per >= LONG_PIECE else MIN_REPEATS)
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


# ----------------------------------------------------------------------------- the line lexers
_GROUP_NAME = re.compile(r"\(\?P<[^>]*>")


def _shared_leads(grammar: str) -> list[str]:
    """Each part of the grammar's line lexers where terminals share their leading group,
    `(?P<leadN>...)(?:rest|rest|...)`, once (group names aside)."""
    parts: dict[str, str] = {}
    for lexer in load_grammar(grammar).lexers():
        for alternation in (lexer.any, *lexer.by_char.values()):
            for part in alternation.parts:
                if part.startswith("(?P<lead"):
                    parts.setdefault(_GROUP_NAME.sub("(", part), part)
    return list(parts.values())


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_every_shared_lead_is_linear(grammar: str) -> None:
    """The line lexers' combined regexes (hhaudit/formats/base.py) do linear work too, in
    every lexer a hand can meet (the whole grammar's, each parser state's, and the one of
    what a state does not accept). A combined regex is an alternation matched once from the
    line's start, so its work is the sum of its alternatives': a terminal on its own (tested
    above) or a leading group that terminals share with their rests after it, where the
    combining could add work (each place the lead ends, every rest is tried): measured here."""
    slow = {}
    for pattern in _shared_leads(grammar):
        found = superlinear(pattern)
        if found is not None:
            slow[pattern[:120]] = found
    assert not slow, "\n".join(f"{part}...: {why}" for part, why in slow.items())


def test_the_shared_leads_are_found() -> None:
    """The enumeration sees PokerStars' shared player name, with a rest for each line a
    player's name starts ("Bob: folds", "Bob collected 10 from pot", ...)."""
    leads = _shared_leads("pokerstars")
    assert leads and all(p.startswith("(?P<lead") for p in leads)
    assert any("collected" in p and "folds" in p for p in leads)


# ----------------------------------------------------------------------------- the measure
QUADRATIC = [r"(?P<player>.+?) shows \[(?P<cards>[^\]]*)\]",  # the scan to the end, per name
             r"a*a*b",
             # PartyPoker's game line before bbb2a94 (pairs of game words), and after it
             # (the gap after the first game word against the spaces before the dash)
             r"(?P<text>.*?(?:Hold'?em|Holdem).*?)\s*-\s*(?P<date>[^-]*?\d\d?:\d\d:\d\d.*?\d{4})",
             r"(?P<text>(?>.*?(?:Hold'?em|Holdem)).*?)\s*-\s*(?P<date>[^-]*?\d\d?:\d\d:\d\d.*?\d{4})",
             # a line lexer's shared lead with a rest that scans to the end from each name
             r"(?P<lead1>.[^ \n]*+(?: [^ \n]*+)*?)(?: shows \[(?P<a>[^\]]*)\](?P<T1>)| folds(?P<T2>))",
             # long pieces (one copy 13 characters, the short line MIN_REPEATS copies): a run
             # of seats split in two, and in three
             r"(?:Seat 1: Bob )+(?:Seat 1: Bob )+\(x\)",
             r"(?:Seat 1: Bob )+(?:Seat 1: Bob )+(?:Seat 1: Bob )+\(x\)",
             # a piece of LONG_PIECE / MIN_LONG_REPEATS characters or more: three copies
             r"(?:Seat 1: Bob \(1500 in chips\) is sitting out )+(?:Seat 1: Bob \(1500 in chips\) is sitting out )+\(x\)"]
LINEAR = [r"(?P<player>.+?) shows \[(?P<cards>[^\[\]]*)\]",
          r"a*+a*b",
          r"(?P<player>.+?) collected (?P<amount>\S+) from pot",
          r"Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>[^()]*)\)",
          r"(?P<lead1>.[^ \n]*+(?: [^ \n]*+)*?)(?: shows \[(?P<a>[^\[\]]*)\](?P<T1>)| folds(?P<T2>))",
          r"(?:Seat 1: Bob )++(?:Seat 1: Bob )*+\(x\)"]


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


# ----------------------------------------------------------------------------- the formats' own regexes
def _format_modules() -> list[str]:
    import pkgutil

    import hhaudit.formats

    return sorted(m.name for m in pkgutil.walk_packages(hhaudit.formats.__path__, "hhaudit.formats."))


_SEARCHING = {"search": "search", "finditer": "search", "findall": "search", "sub": "search",
              "subn": "search", "split": "search", "match": "match", "fullmatch": "fullmatch"}
_STRICTNESS = ("fullmatch", "match", "search")
"""From the least work a pattern can be asked for to the most (search tries every start)."""


def _modes() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The modes each name is called in anywhere in the package: as a name (`_STAKES.search`:
    a module's pattern, also where another module imports it) and as an attribute
    (`self.start.match`: a class's)."""
    import ast
    from pathlib import Path

    import hhaudit

    names: dict[str, set[str]] = {}
    attributes: dict[str, set[str]] = {}
    for path in Path(hhaudit.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            # a call or a bound method kept for later (`noise = self.noise.fullmatch`)
            if isinstance(node, ast.Attribute) and node.attr in _SEARCHING:
                target, how = node.value, _SEARCHING[node.attr]
                if isinstance(target, ast.Name):
                    names.setdefault(target.id, set()).add(how)
                elif isinstance(target, ast.Attribute):
                    attributes.setdefault(target.attr, set()).add(how)
    return names, attributes


def _format_patterns(module_name: str) -> Iterator[tuple[str, re.Pattern[str], str]]:
    """Every compiled pattern of a formats module (module-level, in its module-level tuples,
    lists and dicts, and its classes' attributes), by name, with the most demanding mode it
    is used in: a pattern never called through its own name (kept in a table, handed to a
    function) is taken as searched, the most work."""
    import importlib
    import inspect

    module = importlib.import_module(module_name)
    names, attributes = _MODES

    def mode(name: str) -> str:
        base = name.split("[")[0]
        used = attributes.get(base.rsplit(".", 1)[-1]) if "." in base else names.get(base)
        return max(used or {"search"}, key=_STRICTNESS.index)

    def walk(name: str, value: object, depth: int = 0) -> Iterator[tuple[str, re.Pattern[str], str]]:
        if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
            yield name, value, mode(name)
        elif depth < 2 and isinstance(value, (tuple, list)):
            for n, item in enumerate(value):
                yield from walk(f"{name}[{n}]", item, depth + 1)
        elif depth < 2 and isinstance(value, dict):
            for key, item in value.items():
                yield from walk(f"{name}[{key!r}]", item, depth + 1)

    for name, value in vars(module).items():
        if inspect.isclass(value) and value.__module__ == module_name:
            for attr, member in vars(value).items():
                yield from walk(f"{name}.{attr}", member)
        else:
            yield from walk(name, value)


FORMAT_MODULES = _format_modules()
_MODES = _modes()


PATTERNS_NOT_YET_LINEAR: frozenset[str] = frozenset()
"""Format patterns (module.name, below hhaudit.formats) known to backtrack super-linearly in
the mode they are used in, still to be tightened; the test fails when one of them becomes
linear, so that the list only shrinks."""


@pytest.mark.parametrize("module", FORMAT_MODULES)
def test_every_format_pattern_is_linear(module: str) -> None:
    """The hand-written regexes of every formats module (game lines, stakes, side pots, table
    names, the live log's lines) are held to the same bound as the terminals, in the mode
    the code uses them in; a new super-linear one fails here."""
    seen: set[tuple[str, int]] = set()
    slow = {}
    for name, pattern, mode in _format_patterns(module):
        key = (pattern.pattern, pattern.flags)
        if key in seen:
            continue
        seen.add(key)
        found = superlinear(pattern.pattern, mode, pattern.flags)
        listed = f"{module.removeprefix('hhaudit.formats.')}.{name}" in PATTERNS_NOT_YET_LINEAR
        if (found is not None) != listed:
            slow[f"{name} ({mode})"] = found or "linear now: take it off PATTERNS_NOT_YET_LINEAR"
    assert not slow, "\n".join(f"{name}: {why}" for name, why in slow.items())


def test_the_format_patterns_are_found() -> None:
    """The enumeration sees the patterns this test exists for, each in its mode."""
    found = {(m, n): mode for m in FORMAT_MODULES for n, _p, mode in _format_patterns(m)}
    assert found[("hhaudit.formats.ongame", "_WINNER")] in _STRICTNESS
    assert ("hhaudit.formats.pt_ipoker", "_REST") in found
    assert ("hhaudit.formats.pt_ipoker", "_TOURNEY_TABLE") in found
    assert ("hhaudit.formats.pokerstars", "_SIDE_POT") in found
    assert ("hhaudit.formats.common", "_GAME") in found
    assert ("hhaudit.formats.live.reader", "_LEVEL_LINE") in found
    assert ("hhaudit.formats.pokerstars_intl", "_HEADER_WORDS[0][0]") in found
    assert found[("hhaudit.formats.pokerstars", "PokerStarsFormat.start")] == "match"


# ----------------------------------------------------------------------------- patterns written in a call
def _flags(node: object) -> int:
    """The value of flags written as `re.X` or `re.X | re.Y`; 0 for anything else."""
    import ast

    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "re":
        value = getattr(re, node.attr, 0)
        return value if isinstance(value, int) else 0
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _flags(node.left) | _flags(node.right)
    return 0


def _inline_patterns(module_name: str) -> Iterator[tuple[int, str, int, str]]:
    """The patterns written in the call that uses them (`re.search(r"...", text)`) in a
    formats module's source: line, pattern, flags and the call's mode."""
    import ast
    import importlib
    from pathlib import Path

    # the source beside the module: a compiled module's __file__ is its extension (.so)
    module = importlib.import_module(module_name)
    source = Path(str(module.__file__))
    source = source.with_name(source.name.split(".", 1)[0] + ".py")
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"
                and node.func.attr in _SEARCHING and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            flags = node.args[2] if len(node.args) > 2 else next(
                (k.value for k in node.keywords if k.arg == "flags"), None)
            yield node.lineno, node.args[0].value, _flags(flags), _SEARCHING[node.func.attr]


INLINE_NOT_YET_LINEAR: frozenset[str] = frozenset()
"""Patterns written in a call (`module: pattern`) known to backtrack super-linearly in the
call's mode, still to be tightened; the test fails when one of them becomes linear, so that
the list only shrinks."""


@pytest.mark.parametrize("module", FORMAT_MODULES)
def test_every_pattern_written_in_a_call_is_linear(module: str) -> None:
    """The regexes written in the call that uses them (`re.findall(r"\\[([^\\]]*)\\]", text)`),
    which no module-level name holds, are held to the same bound in the call's mode."""
    slow = {}
    short = module.removeprefix("hhaudit.formats.")
    for line, pattern, flags, mode in _inline_patterns(module):
        found = superlinear(pattern, mode, flags)
        listed = f"{short}: {pattern}" in INLINE_NOT_YET_LINEAR
        if (found is not None) != listed:
            slow[f"line {line}: {pattern} ({mode})"] = found or "linear now: take it off INLINE_NOT_YET_LINEAR"
    assert not slow, "\n".join(f"{name}: {why}" for name, why in slow.items())


def test_the_patterns_written_in_calls_are_found() -> None:
    """The enumeration sees calls with a pattern written in them, with their modes and flags."""
    found = {(m.removeprefix("hhaudit.formats."), p): (mode, flags) for m in FORMAT_MODULES
             for _line, p, flags, mode in _inline_patterns(m)}
    assert found[("wpn", r"\(([^()]*)\)\s*(?:\d+-max)?$")] == ("search", 0)  # re.search
    assert found[("swc", r"(?<!\d)(\d+)max|\bHU\b")][0] == "search"
    assert all(key.split(": ", 1)[0] in {m for m, _p in found} for key in INLINE_NOT_YET_LINEAR)


# ----------------------------------------------------------------------------- a header run into a line
RUN_IN_BOUNDED_BY_THE_TAIL: frozenset[str] = frozenset({
    "PokerStarsFormat", "PacificFormat", "WPN2019Format", "CakeFormat", "EnetFormat", "UnibetFormat", "EverleafFormat"})
"""Formats whose first-line pattern, searched inside an unknown line (`base.run_in`), backtracks
super-linearly on its own (a lead such as `Full Tilt` repeated, each copy scanning the rest of
the line for `Hand #`): `base.run_in_search` searches only a line's last `RUN_IN_TAIL`
characters, so the work on one line is bounded whatever its length (the next test). The test
fails when one of them becomes linear, so the list only shrinks."""


def test_the_run_in_headers_are_linear() -> None:
    """`LineFormat.unknown_line` searches every unknown line for a next hand's first line run
    into it (`run_in_search`), which the name-based modes above do not see: the formats that
    read unknown lines are held to the bound in search mode here, but for those whose search
    is bounded by the line's tail."""
    import importlib

    from hhaudit.formats.base import LineFormat, run_in

    for module in FORMAT_MODULES:
        importlib.import_module(module)

    def formats(cls: type) -> Iterator[type]:
        for sub in cls.__subclasses__():
            yield sub
            yield from formats(sub)

    slow = {}
    for cls in {c for c in formats(LineFormat) if c.reads_unknown_lines}:
        pattern = run_in(cls.start)
        found = superlinear(pattern.pattern, "search", pattern.flags)
        if (found is not None) != (cls.__name__ in RUN_IN_BOUNDED_BY_THE_TAIL):
            slow[cls.__name__] = found or "linear now: take it off RUN_IN_BOUNDED_BY_THE_TAIL"
    assert not slow, "\n".join(f"{name}: {why}" for name, why in slow.items())


def test_a_run_in_header_is_searched_in_the_lines_tail_only() -> None:
    """The work of the run-in search is bounded by `RUN_IN_TAIL`: on a hostile 64 KiB line
    (the PokerStars lead repeated) the pattern's steps on the tail are those of a line of the
    tail's length; a header that begins within the tail is found, one that begins before it
    (not a first line run into the line's end: what follows it would be a header too long for
    any site) is not, and a header at the line's start is the line itself, not a run-in."""
    from hhaudit.formats.base import RUN_IN_TAIL, run_in, run_in_search
    from hhaudit.formats.pokerstars import PokerStarsFormat

    start = PokerStarsFormat.start
    header = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/01 12:00:00 ET"
    cut = "Seat 3: Alice (1.50 in chips"
    assert run_in_search(start, cut + header)
    assert run_in_search(start, "x" * 60_000 + header)
    assert not run_in_search(start, header)
    # the header at index 1 of a line of RUN_IN_TAIL + 2 characters begins before the tail
    assert not run_in_search(start, "x" + header + "y" * (RUN_IN_TAIL - len(header) + 1))
    assert run_in_search(start, "x" + header + "y" * (RUN_IN_TAIL - len(header)))

    pattern = run_in(start)
    steps = Steps(pattern.pattern, pattern.flags)
    hostile = "Full Tilt " * 6_500  # 65,000 characters: no '#', every copy a start
    _, on_tail = steps.run(hostile[-RUN_IN_TAIL:], "search")
    _, on_double = steps.run(hostile[-2 * RUN_IN_TAIL:], "search")
    assert on_double > 3 * on_tail  # the pattern alone is super-linear on this line...
    assert len(hostile) > 60 * RUN_IN_TAIL  # ...which is 65 tails long: searched whole, 65**2 times the work
