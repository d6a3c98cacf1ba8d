"""What every text format shares: grammar loading, the line lexer, hand splitting.

A format is a Lark grammar in `grammars/NAME.lark` plus one module with a `LineFormat`
subclass. In the grammar every terminal matches one whole line, with named groups for the
fields the format module needs. The line lexer matches each line against all terminals at
once (one compiled alternation), hands the fields to the format's handler for that
terminal, which appends events to the hand, and gives the token to Lark's LALR parser,
which checks that the lines come in an order the format allows. A line that matches no
terminal, or comes where the grammar does not allow it, makes the hand a `parse_error`
hand with the line, column and text.
"""

from __future__ import annotations

import re
import re._parser as _sre_parse
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Final

from lark import Lark, Token
from lark.lexer import Lexer
from lark.parsers.lalr_analysis import Shift
from mypy_extensions import mypyc_attr

from ..chunks import HandLines
from ..identity import IdScope
from ..limits import MAX_HAND_CHARS, MAX_HAND_LINES
from ..model import Hand, ParseProblem, Status, UnknownLine
from ..money import FinerAmount

_GROUP: Final = re.compile(r"\(\?P<(\w+)>")


def grammar_dir() -> Path:
    """Where the .lark files are: inside the installed package (wheel), or the checkout's
    top-level `grammars/` (source tree and editable installs)."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "grammars", here.parent / "grammars"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("grammars folder not found next to the hhaudit package")


class LineError(Exception):
    def __init__(self, line: int, column: int, text: str, message: str, finer: int = 0,
                 incomplete: bool = False) -> None:
        super().__init__(message)
        self.line = line
        self.column = column
        self.text = text
        self.message = message
        self.finer = finer
        """Decimals past the hand's scale of the amount that stopped the line (FinerAmount),
        carried here rather than read from `__cause__`, which compiled code does not keep."""
        self.incomplete = incomplete
        """The log is incomplete, not misread (`ParseProblem.incomplete`)."""


class LogIncomplete(ValueError):
    """Raised by a handler when the log lacks what the line needs (`ParseProblem.incomplete`)."""


class NotSeated(LogIncomplete):
    """An action, post or win names a player no seat line of the hand lists (an empty name,
    a site's "Unknown player"): the log does not say who acted, so the hand is not replayed."""

    def __init__(self, player: str | None) -> None:
        super().__init__(f"{player!r} is not seated at this table")


Fields = tuple[str | None, ...]
Handler = Callable[[Any, Fields, int], None]
class NotThisKind(ValueError):
    """Raised by a handler when its line only reads like its kind ("... wins then ill be
    gone in no time": no amount where the kind has one); a format that reads unknown lines
    keeps it as one."""


UNKNOWN = "?"
"""The handler key of a line no line kind reads (not a terminal name: never a line kind)."""


class _NoLexer(Lexer):
    """Lark needs a lexer class; lines are lexed by `CompiledGrammar.run` instead."""

    def __init__(self, conf: Any) -> None:
        pass

    def lex(self, *args: Any) -> Iterator[Token]:
        raise NotImplementedError("lines are lexed by CompiledGrammar.run")


class CompiledGrammar:
    """A grammar's LALR automaton, run as a lazily built DFA, and its line lexers.

    The automaton is Lark's LALR table for the grammar. Hand after hand the same few parser
    configurations (stacks) recur, so each one met becomes a `_Context` that remembers the
    context each terminal leads to: a line then costs one dictionary lookup instead of a
    run of shift/reduce steps. A context also carries the lexer of the terminals its state
    accepts (Lark's "contextual lexer"): a line is only tried against the kinds that may
    come there, plus the ignored ones. A line none of those match is tried against every
    terminal, and one they read as a line to ignore against the terminals the context does
    not accept, so that a known line in the wrong place is reported as such."""

    _MAX_CONTEXTS = 5000
    """Configurations remembered; past this (a grammar whose stack grows without bound)
    the new ones are still run, just not kept."""

    def __init__(self, name: str) -> None:
        text = (grammar_dir() / f"{name}.lark").read_text(encoding="utf-8")
        lark = Lark(
            text,
            parser="lalr",
            lexer=_NoLexer,
            import_paths=[str(grammar_dir())],
            maybe_placeholders=False,
        )
        table = lark.parser.parser._parse_table
        # Lark's table with plain keys: (True, next state) to shift, (False, number of
        # symbols, rule name) to reduce; gotos by rule name.
        self.states: dict[Any, dict[str, tuple[Any, ...]]] = {}
        for state, row in table.states.items():
            plain: dict[str, tuple[Any, ...]] = {}
            for key, (action, arg) in row.items():
                if action is Shift:
                    plain[str(key)] = (True, arg)
                else:
                    plain[str(key)] = (False, len(arg.expansion), str(arg.origin.name))
            self.states[state] = plain
        terminals = [t for t in lark.lexer_conf.terminals if not t.name.startswith("__")]
        self.ignore: frozenset[str] = frozenset(lark.lexer_conf.ignore)
        ordered = sorted(terminals, key=lambda t: -t.priority)
        self.patterns = {t.name: t.pattern.to_regexp() for t in ordered}
        self.rank = {name: i for i, name in enumerate(self.patterns)}
        """Terminals in the order the whole-grammar lexer tries them."""
        self.lexer = _LineLexer(list(self.patterns.items()))
        self._lexers: dict[frozenset[str], _LineLexer] = {}
        self._contexts: dict[tuple[Any, ...], _Context] = {}
        self.start = self._context((table.start_states["start"],))
        self._opening: frozenset[str] | None = None

    def opening(self) -> frozenset[str]:
        """The line kinds a hand's second line may be: those its first line leads to."""
        if self._opening is None:
            kinds: set[str] = set()
            for first in self.start.accepted - self.ignore:
                after = self._step(self.start.stack, first)
                if after is not None:
                    kinds |= self._accepted(after[-1])
            self._opening = frozenset(kinds - self.ignore)
        return self._opening

    def classify(self, text: str) -> tuple[str, Fields] | None:
        """(terminal, its groups) for one stripped line, or None."""
        return self.lexer.match(text)

    # -- the automaton
    def _context(self, stack: tuple[Any, ...]) -> _Context:
        ctx = self._contexts.get(stack)
        if ctx is not None:
            return ctx
        accepted = self._accepted(stack[-1])
        ctx = _Context(stack, accepted, self._lexer(accepted), self._accepts_end(stack))
        for kind in self.ignore:
            ctx.next[kind] = ctx
        if len(self._contexts) < self._MAX_CONTEXTS:
            self._contexts[stack] = ctx
        return ctx

    def _accepted(self, state: Any) -> frozenset[str]:
        """The terminals a line may be read as in a parser state: those its row shifts or
        reduces on, and the ignored ones."""
        return frozenset(k for k in self.states[state] if k in self.patterns) | self.ignore

    def lexers(self) -> Iterator[_LineLexer]:
        """Every line lexer a hand can meet (built here where not met yet): the whole
        grammar's, and for each parser state the lexer of the terminals it accepts and
        the one of those it does not (`run` tries a line it ignores against them)."""
        yield self.lexer
        everything = frozenset(self.patterns)
        for state in self.states:
            accepted = self._accepted(state)
            yield self._lexer(accepted)
            yield self._lexer(everything - accepted)

    def _lexer(self, kinds: frozenset[str]) -> _LineLexer:
        lexer = self._lexers.get(kinds)
        if lexer is None:
            lexer = self._lexers[kinds] = _LineLexer([(n, p) for n, p in self.patterns.items() if n in kinds])
        return lexer

    def _step(self, stack: tuple[Any, ...], kind: str) -> list[Any] | None:
        """The stack after shifting `kind` (reducing first as the table says), or None.
        For "$END", the stack once the whole input has reduced to `start`."""
        states = self.states
        work = list(stack)
        while True:
            step = states[work[-1]].get(kind)
            if step is None:
                return None
            if step[0]:
                work.append(step[1])
                return work
            if step[1]:
                del work[-step[1]:]
            if step[2] == "start":
                return work
            work.append(states[work[-1]][step[2]][1])

    def _accepts_end(self, stack: tuple[Any, ...]) -> bool:
        return self._step(stack, "$END") is not None

    def _advance(self, ctx: _Context, kind: str, number: int, text: str) -> _Context:
        after = self._step(ctx.stack, kind)
        if after is None:
            row = self.states[ctx.stack[-1]]
            expected = sorted(k for k in row if k.isupper() and k != "$END")
            message = f"{kind} line out of place here (expected {', '.join(expected[:6])})"
            if ctx is self.start:
                # the hand's first line read is a known line that cannot start a hand: the
                # lines are a hand's tail (a file begun inside a hand), not a hand
                message += "; a fragment of a hand, not a hand"
            elif ctx.end and kind in self.opening():
                # the hand could end before this line, and a line that opens a hand's body
                # (one read right after a first line) comes: another hand's lines run on
                # without that hand's first line (files joined, the next header lost). A
                # known line of another kind out of place after a hand's end (a trailer the
                # grammar does not place there) is the reader's to read, not damage.
                message += "; the hand could end before it: another hand's lines follow, without its first line"
            else:
                raise LineError(number, 1, text, message)
            raise LineError(number, 1, text, message, incomplete=True)
        nxt = self._context(tuple(after))
        if len(self._contexts) < self._MAX_CONTEXTS:
            ctx.next[kind] = nxt
        return nxt

    def run(self, lines: Sequence[str], first_line: int, handlers: Mapping[str, Handler], hand: Any) -> None:
        """Lex and parse one hand's lines, calling `handlers[kind](hand, fields, line)` for
        each line; raises LineError at the first bad line."""
        ctx = self.start
        full = self.lexer.match
        ignore = self.ignore
        rank = self.rank
        unknown = handlers.get(UNKNOWN)
        number = first_line - 1
        for line in lines:
            number += 1
            text = line.strip()
            if not text:
                continue
            # the context's lexer, inline (this loop runs once per line of every hand)
            alt = ctx.by_char.get(text[0], ctx.any)
            m = alt.fullmatch(text)
            fields: Fields | None = None
            if m is None:
                # Not a line that may come here: what the whole grammar reads it as decides
                # (a known line out of place is reported as such).
                found = full(text)
                if found is None and unknown is not None:
                    unknown(hand, (line,), number)  # kept, named by a PA04 warning
                    continue
                if found is None:
                    message = "no line of this format reads like this"
                    if not ctx.end and not any(x.strip() for x in lines[number - first_line + 1:]):
                        # the hand's last line, where the hand may not end: cut off inside it
                        message += "; the hand stops here, before it is complete (cut off)"
                    raise LineError(number, 1, line, message)
                kind, fields = found
            else:
                kind, wanted = alt.index[m.lastindex]  # type: ignore[index]
                if kind in ignore:
                    # A line to skip, unless a line kind that may not come here reads it first.
                    others = ctx.others
                    if others is None:  # built when first needed: most contexts never need it
                        others = ctx.others = self._lexer(frozenset(self.patterns) - ctx.accepted)
                    found = others.match(text)
                    if found is not None and rank[found[0]] < rank[kind]:
                        kind, fields = found
            nxt = ctx.next.get(kind)
            if nxt is None:
                try:
                    nxt = self._advance(ctx, kind, number, text)
                except LineError as err:
                    if unknown is None or err.incomplete:
                        # the damage signatures of `_advance` (a hand begun inside another, a
                        # hand's body run on after its end) are the log's, kept as such
                        raise
                    # a known kind out of place (a chat line broken over two lines that
                    # reads like a summary line): kept unread, as a line no kind reads
                    unknown(hand, (line,), number)
                    continue
            handler = handlers.get(kind)
            if handler is not None:
                if fields is None:
                    assert m is not None
                    fields = m.group(*wanted)  # only for the lines a handler reads
                try:
                    handler(hand, fields, number)
                except ValueError as exc:
                    if unknown is not None and isinstance(exc, NotThisKind):
                        # a line that reads like a known kind but is not one ("... wins then
                        # ill be gone", chat broken over two lines): kept unread
                        unknown(hand, (line,), number)
                        continue
                    finer = exc.decimals - exc.scale if isinstance(exc, FinerAmount) else 0
                    raise LineError(number, 1, line, str(exc), finer, isinstance(exc, LogIncomplete)) from exc
            ctx = nxt
        if not ctx.end:
            last = len(lines) - 1
            while last > 0 and not lines[last].strip():
                last -= 1
            raise LineError(first_line + max(last, 0), 1, lines[last] if lines else "",
                            "the hand stops here, before it is complete (cut off)", incomplete=True)


class _Context:
    """One parser configuration: its stack, the contexts each terminal leads to (filled
    as they are met), its lexers, and whether the hand may end here."""

    __slots__ = ("accepted", "any", "by_char", "end", "next", "others", "stack")

    def __init__(self, stack: tuple[Any, ...], accepted: frozenset[str], lexer: _LineLexer, end: bool) -> None:
        self.stack = stack
        self.accepted = accepted
        self.by_char = lexer.by_char
        self.any = lexer.any
        self.others: _LineLexer | None = None
        """The lexer of the terminals this context does not accept (built when first needed)."""
        self.end = end
        self.next: dict[str, _Context] = {}


class _LineLexer:
    """Whole-line terminals, tried in priority order: one compiled alternation per first
    character a line may start with (terminals that may start with anything are in each).

    Terminals that begin with the same leading group (the player name that starts most
    lines) share it: `(?P<lead>.+?)(?:rest|rest|...)`, so the line is scanned for the end
    of the name once, not once per terminal; the lead grows by runs of the characters no
    rest starts with, so only the positions where some rest can start try the rests."""

    def __init__(self, terms: list[tuple[str, str]]) -> None:
        firsts = {n: _first_chars(p) for n, p in terms}
        chars = sorted({c for f in firsts.values() if f for c in f})
        self.any = _alternation(tuple((n, p) for n, p in terms if firsts[n] is None))
        self.by_char = {
            c: _alternation(tuple((n, p) for n, p in terms if firsts[n] is None or c in firsts[n]))  # type: ignore[operator]
            for c in chars
        }

    def match(self, text: str) -> tuple[str, Fields] | None:
        return self.by_char.get(text[0], self.any).match(text)


class _Alternation:
    """Several whole-line terminals compiled into one regex; `match` gives the first
    terminal (in order) that matches the whole line, with its own groups only."""

    def __init__(self, terms: list[tuple[str, str]]) -> None:
        leads: dict[str, list[tuple[str, str]]] = {}
        order: list[tuple[str, str | None]] = []
        for name, pattern in terms:
            lead = _leading_group(pattern)
            key = None if lead is None else _GROUP.sub("(?P<>", lead, count=1)
            if key is None or len(terms) == 1:
                order.append((name, None))
                continue
            if key not in leads:
                leads[key] = []
                order.append((key, key))
            leads[key].append((name, pattern[len(lead):]))  # type: ignore[arg-type]
        patterns = dict(terms)
        parts: list[str] = []
        self.index: dict[int, tuple[str, tuple[int, ...]]] = {}
        pos = 1

        def add(name: str, pattern: str, lead_pos: int | None) -> str:
            nonlocal pos
            renamed = _GROUP.sub(lambda m: f"(?P<{name}__{m.group(1)}>", pattern)
            count = _group_count(pattern)
            wanted = tuple(range(pos, pos + count))
            if lead_pos is not None:
                wanted = (lead_pos, *wanted)
            # The terminal is named by an empty group after it, the last group a match of it
            # closes (m.lastindex): a group around it would make each alternative start by
            # saving a mark, and the regex engine skips an alternative at once only when its
            # first character cannot match.
            marker = pos + count
            # At least two group numbers, so that m.group(*wanted) is always a tuple; the
            # padding (the whole line, group 0) comes after the terminal's own fields.
            self.index[marker] = (name, wanted + (0,) * (2 - len(wanted)))
            pos = marker + 1
            return f"(?:{renamed})(?P<{name}>)"

        for item, key in order:
            if key is None:
                parts.append(add(item, patterns[item], None))
                continue
            lead_body = key[len("(?P<>"):-1]
            lead_pos = pos
            pos += 1
            members = leads[key]
            rests = "|".join(add(n, r, lead_pos) for n, r in members)
            starts = [_first_chars(r) for _, r in members]
            if lead_body in (".+?", ".*?") and all(s is not None for s in starts):
                # The lead can only end where some rest can start: it grows by whole runs of
                # the other characters (possessive), not one character at a time.
                chars = "".join(re.escape(c) for c in sorted({c for s in starts for c in s}))  # type: ignore[union-attr]
                run = f"[^{chars}\\n]*+"
                lead_body = ("." if lead_body == ".+?" else "") + f"{run}(?:[{chars}]{run})*?"
            parts.append(f"(?P<lead{lead_pos}>{lead_body})(?:{rests})")
        self.parts = tuple(parts)
        """The alternatives of `regex`: a terminal, or a shared lead and its terminals' rests."""
        self.regex = re.compile("|".join(parts) if parts else "(?!)")
        self.fullmatch = self.regex.fullmatch

    def match(self, text: str) -> tuple[str, Fields] | None:
        if not self.index:
            return None  # no terminal
        m = self.fullmatch(text)
        if m is None:
            return None
        name, wanted = self.index[m.lastindex]  # type: ignore[index]
        # Only this terminal's groups: the whole alternation may have a hundred of them.
        return name, m.group(*wanted)


@cache
def _alternation(terms: tuple[tuple[str, str], ...]) -> _Alternation:
    """The alternation of these terminals, compiled once a process: the lexers of a grammar's
    parser states hold the same lists of terminals again and again (1,227 distinct of the
    3,012 the 27 grammars' lexers hold), and each is immutable once built."""
    return _Alternation(list(terms))


@cache
def _group_count(pattern: str) -> int:
    return re.compile(pattern).groups


def _leading_group(pattern: str) -> str | None:
    """The source of a pattern's leading named group `(?P<x>...)` (balanced), or None."""
    if not pattern.startswith("(?P<"):
        return None
    depth = 0
    i = 0
    in_class = False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            if c == "]":
                in_class = False
        elif c == "[":
            in_class = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                lead = pattern[: i + 1]
                if len(_GROUP.findall(lead)) != 1:
                    return None  # nested named groups: keep the terminal whole
                return lead
        i += 1
    return None


_SPACES: Final = frozenset(chr(c) for c in range(0x3001) if chr(c).isspace())
"""What `\\s` matches in a str pattern (str.isspace; none lies above U+3000)."""


@cache
def _first_chars(pattern: str) -> frozenset[str] | None:
    """The characters a regex's match can start with, or None when it could be anything
    (remembered: every lexer of a grammar asks it of the same terminals, 593 distinct
    patterns of 15,057 calls over the 27 grammars' lexers)."""
    try:
        parsed = _sre_parse.parse(pattern)
    except re.error:
        return None
    firsts, nullable = _seq_firsts(list(parsed))
    return None if firsts is None or nullable else frozenset(firsts)


def _seq_firsts(items: list[Any]) -> tuple[set[str] | None, bool]:
    """(first characters, can be empty) of a parsed regex sequence."""
    acc: set[str] = set()
    for item in items:
        f, nullable = _item_firsts(item)
        if f is None:
            return None, False
        acc |= f
        if not nullable:
            return acc, False
    return acc, True


def _item_firsts(item: Any) -> tuple[set[str] | None, bool]:
    op, av = item
    name = str(op)
    if name == "LITERAL":
        return {chr(av)}, False
    if name == "IN":
        out: set[str] = set()
        for sub_op, sub_av in av:
            kind = str(sub_op)
            if kind == "LITERAL":
                out.add(chr(sub_av))
            elif kind == "RANGE" and sub_av[1] - sub_av[0] < 128:
                out.update(chr(c) for c in range(sub_av[0], sub_av[1] + 1))
            elif kind == "CATEGORY" and str(sub_av) == "CATEGORY_SPACE":
                out.update(_SPACES)
            else:
                return None, False
        return out, False
    if name == "SUBPATTERN":
        _group, add_flags, _del_flags, sub = av
        if add_flags & re.IGNORECASE:
            return None, False
        return _seq_firsts(list(sub))
    if name == "BRANCH":
        out2: set[str] = set()
        empty = False
        for alt in av[1]:
            f, nullable = _seq_firsts(list(alt))
            if f is None:
                return None, False
            out2 |= f
            empty = empty or nullable
        return out2, empty
    if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
        lo, _hi, sub = av
        f, nullable = _seq_firsts(list(sub))
        return f, nullable or lo == 0
    if name in ("AT", "ASSERT", "ASSERT_NOT"):
        # consumes nothing: the characters are those of what follows (a lookaround only
        # narrows them, so these are a superset, which is all a first-character set needs)
        return set(), True
    return None, False


def _bounded(chunk: list[str], count: int, chars: int) -> list[str]:
    """A chunk as split gathered it, or for a hand past the limits its first line and sizes."""
    if count > MAX_HAND_LINES or chars > MAX_HAND_CHARS:
        return HandLines.oversized(chunk[0], count, chars)
    return chunk


@cache
def load_grammar(name: str) -> CompiledGrammar:
    return CompiledGrammar(name)


RUN_IN_TAIL: Final = 1_000
"""How far from a line's end the next hand's first line, run into it, may begin. What follows
such a header on the line is the header's own line, and no site's first line is that long
(the longest in the corpus has 192 characters: a PokerStars tournament header with its
ADM ID and two clocks), so only the line's last RUN_IN_TAIL characters are searched. Some
first-line patterns backtrack over a run of their lead (`Full Tilt` repeated, each copy
reading the rest of the line for `Hand #`): on the tail that work is bounded, whatever the
line's length (`tests/test_linear_time.py`)."""


@cache
def run_in(start: re.Pattern[str]) -> re.Pattern[str]:
    """A format's first-line pattern as searched for inside another line (a line cut off and
    the next hand's header run into it): without its leading whitespace repeat. Searched,
    `\\s*` before the header tries every start of a run of spaces and reads the rest of the run
    from each, quadratic in the run; the header is found inside the line at the same places
    (a match of `\\s*header` from position p is one of `header` from p or later) without it."""
    pattern = re.sub(r"^\\s\*\+?", "", start.pattern)
    return re.compile(pattern, start.flags)


def run_in_search(start: re.Pattern[str], text: str) -> bool:
    """Whether a hand's first line (`start`) begins inside `text` after its first character:
    searched in the line's last `RUN_IN_TAIL` characters only."""
    tail = len(text) - RUN_IN_TAIL
    return run_in(start).search(text, max(1, tail)) is not None


@mypyc_attr(allow_interpreted_subclasses=True)
class LineFormat:
    """Base class of a line-based text format.

    Subclasses set `name`, `sites`, `grammar` and `start` (the regex of a hand's first line),
    implement `detect`, and provide one `on_TERMINAL(self, hand, fields, line)` handler per
    terminal that carries information. `new_hand` makes the empty Hand.
    """

    name: ClassVar[str] = ""
    sites: ClassVar[tuple[str, ...]] = ()
    grammar: ClassVar[str] = ""
    start: ClassVar[re.Pattern[str]]
    noise: ClassVar[re.Pattern[str] | None] = None
    """Lines that may stand between hands (separators); a chunk of only these is no hand."""
    description: ClassVar[str] = ""
    priority: ClassVar[int] = 0
    id_scope: ClassVar[str] = IdScope.SITE
    """Where the format's hand ids are unique (`identity.IdScope`): the site's own numbers
    unless the format says otherwise."""
    table_sequence: ClassVar[re.Pattern[str] | None] = None
    """For sites whose hand ids number the hands of a table one by one: a pattern whose
    first group, matched against the whole id, is that number (the session pass cuts a
    table's session where it skips: hands are missing there)."""

    reads_unknown_lines: ClassVar[bool] = False
    """A line no line kind of the format reads is kept (`unknown_line`: a PA04 warning names
    it) rather than making the hand a parse error. For formats whose module lists every line
    kind the site writes: a line outside that list is then the site's novelty, not damage."""

    def __init__(self) -> None:
        self._handlers: dict[str, Handler] = {}
        for attr in dir(self):
            if attr.startswith("on_"):
                self._handlers[attr[3:]] = getattr(self, attr)
        if self.reads_unknown_lines:
            self._handlers[UNKNOWN] = self.unknown_line

    def unknown_line(self, hand: Hand, f: Fields, line: int) -> None:
        text = (f[0] or "").strip()
        if run_in_search(self.start, text):
            # a hand's first line inside another line: the line was cut off and the next
            # hand's header run into it (a damaged file), not a line kind of the site
            raise LineError(line, 1, text, "no line of this format reads like this: a line cut off, "
                            "run into the next hand's first line", incomplete=True)
        hand.unknown_lines.append(UnknownLine(line, text, self.unknown_matters(hand, text)))

    def unknown_matters(self, hand: Hand, text: str) -> bool:
        """Whether an unknown line may change what the audit judges (then the hand is not
        judged): by default always; a format says which of its unknown lines cannot."""
        return True

    # -- detection and splitting
    def detect(self, head: Sequence[str]) -> bool:
        return any(self.start.match(line) for line in head if line.strip())

    def is_hand(self, lines: list[str]) -> bool:
        """Whether a chunk of lines is a hand: not only blank lines and noise (a chunk that
        is not starts a file, before its first hand)."""
        noise = self.noise.fullmatch if self.noise is not None else None
        return any(s.strip() and not (noise and noise(s.strip())) for s in lines)

    def split(self, lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """(first line number, lines) of each hand; lines before the first hand are dropped
        when blank and returned as a chunk of their own otherwise."""
        start = self.start.match
        # only lines that begin with a character a hand's first line can begin with are tried
        firsts = _first_chars(self.start.pattern) if not self.start.flags & re.IGNORECASE else None
        is_hand = self.is_hand
        chunk: list[str] = []
        first = 1
        count = chars = 0  # the current chunk's lines and characters, kept or not
        for number, line in enumerate(lines, 1):
            if (firsts is None or line[:1] in firsts) and start(line):
                if chunk and is_hand(chunk):
                    yield first, _bounded(chunk, count, chars)
                chunk = [line]
                first = number
                count, chars = 1, len(line)
            else:
                if not chunk:
                    first = number
                count += 1
                chars += len(line)
                if count <= MAX_HAND_LINES and chars <= MAX_HAND_CHARS:
                    chunk.append(line)  # past the limits the lines are only counted
        if chunk and is_hand(chunk):
            yield first, _bounded(chunk, count, chars)

    # -- parsing
    def new_hand(self, source: str, first_line: int) -> Hand:
        return Hand(site=self.sites[0] if self.sites else self.name, format=self.name,
                    hand_id="", source=source, line=first_line)

    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        hand = self.new_hand(source, first_line)
        hand.end_line = first_line + len(lines) - 1
        try:
            load_grammar(self.grammar).run(lines, first_line, self._handlers, hand)
            self.finish(hand)
        except LineError as err:
            if hand.status is not Status.UNSUPPORTED_GAME:
                hand.status = Status.PARSE_ERROR
                cause = err.__cause__
                finer = err.finer or (cause.decimals - cause.scale if isinstance(cause, FinerAmount) else 0)
                first = hand.unknown_lines[0] if hand.unknown_lines else None
                if first is not None and first.line < err.line and not finer:
                    # a line kept as unknown came first: the hand breaks there (a line cut off
                    # and run into the next hand's header, say), so that is the fault
                    hand.problem = ParseProblem(first.line, 1, first.text, "no line of this format reads like this; "
                                                f"the hand cannot be read on from here (line {err.line}: {err.message})")
                else:
                    message, incomplete = err.message, err.incomplete
                    if not incomplete and run_in_search(self.start, err.text.strip()):
                        # a hand's first line inside the bad line: it was cut off and the next
                        # hand run into it (a damaged file), whatever the line began as
                        message += "; a line cut off, run into the next hand's first line"
                        incomplete = True
                    hand.problem = ParseProblem(err.line, err.column, err.text.strip(), message, finer=finer,
                                                incomplete=incomplete)
        except UnsupportedGame:
            hand.status = Status.UNSUPPORTED_GAME
        if not hand.hand_id:
            hand.hand_id = fallback_id(source, first_line)
        return hand

    def finish(self, hand: Hand) -> None:
        """Called after a hand parsed cleanly: derive what the lines left implicit."""


def fallback_id(source: str, first_line: int) -> str:
    """The id of a hand whose own id could not be read: its place, the whole source name
    (two files of the same name in different folders, or members of different archives,
    must not give the same id) and its first line."""
    return f"{source}:{first_line}"


class UnsupportedGame(Exception):
    """Raised by a header handler for a game hhaudit does not audit (Omaha, stud, ...)."""
