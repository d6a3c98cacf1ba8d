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
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from lark import Lark, Token
from lark.parsers.lalr_analysis import Shift

try:
    import re._parser as _sre_parse  # Python 3.11+
except ImportError:  # pragma: no cover
    import sre_parse as _sre_parse  # type: ignore[no-redef]
from lark.lexer import Lexer

from ..model import Hand, ParseProblem, Status

_GROUP = re.compile(r"\(\?P<(\w+)>")


def grammar_dir() -> Path:
    """Where the .lark files are: inside the installed package (wheel), or the checkout's
    top-level `grammars/` (source tree and editable installs)."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "grammars", here.parent / "grammars"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("grammars folder not found next to the hhaudit package")


class LineError(Exception):
    def __init__(self, line: int, column: int, text: str, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.column = column
        self.text = text
        self.message = message


class CompiledGrammar:
    """A grammar's LALR parser and the combined line regex of its terminals."""

    def __init__(self, name: str) -> None:
        text = (grammar_dir() / f"{name}.lark").read_text(encoding="utf-8")
        holder: dict[str, Any] = {}

        class _Lexer(Lexer):
            def __init__(self, conf: Any) -> None:
                holder["terminals"] = conf.terminals
                holder["ignore"] = set(conf.ignore)

            def lex(self, *args: Any) -> Iterator[Token]:
                raise NotImplementedError("lines are lexed by CompiledGrammar.run")

        lark = Lark(
            text,
            parser="lalr",
            lexer=_Lexer,
            import_paths=[str(grammar_dir())],
            maybe_placeholders=False,
        )
        table = lark.parser.parser._parse_table
        self.states: dict[Any, dict[str, tuple[Any, Any]]] = table.states
        self.start_state = table.start_states["start"]
        self.end_state = table.end_states["start"]
        terminals = [t for t in holder["terminals"] if not t.name.startswith("__")]
        self.ignore: frozenset[str] = frozenset(holder["ignore"])
        ordered = sorted(terminals, key=lambda t: -t.priority)
        self.patterns = {t.name: t.pattern.to_regexp() for t in ordered}
        self.group_names = {n: tuple(_GROUP.findall(p)) for n, p in self.patterns.items()}
        # One alternation per possible first character: a line is only tried against the
        # terminals that can start with its first character (and those that can start with
        # anything), in priority order.
        firsts = {n: _first_chars(p) for n, p in self.patterns.items()}
        anywhere = [n for n in self.patterns if firsts[n] is None]
        chars = sorted({c for f in firsts.values() if f for c in f})
        self._any = _Alternation([(n, self.patterns[n]) for n in anywhere])
        self._by_char: dict[str, _Alternation] = {}
        for c in chars:
            names = [n for n in self.patterns if firsts[n] is None or c in firsts[n]]  # type: ignore[operator]
            self._by_char[c] = _Alternation([(n, self.patterns[n]) for n in names])

    def classify(self, text: str) -> tuple[str, tuple[str | None, ...]] | None:
        """(terminal, its groups) for one stripped line, or None."""
        alt = self._by_char.get(text[0], self._any) if text else self._any
        return alt.match(text)

    def run(
        self,
        lines: Sequence[str],
        first_line: int,
        on_token: Callable[[str, tuple[str | None, ...], int], None],
    ) -> None:
        """Lex and parse one hand's lines; raises LineError at the first bad line.

        The LALR automaton is Lark's, built from the grammar; it is driven here without
        building a tree, since the handlers have already turned each line into events."""
        states = self.states
        stack = [self.start_state]
        by_char = self._by_char
        any_alt = self._any
        ignore = self.ignore
        for i, line in enumerate(lines):
            text = line.strip()
            if not text:
                continue
            number = first_line + i
            found = by_char.get(text[0], any_alt).match(text)
            if found is None:
                raise LineError(number, 1, line, "no line of this format reads like this")
            kind, groups = found
            try:
                on_token(kind, groups, number)
            except LineError:
                raise
            except ValueError as exc:
                raise LineError(number, 1, line, str(exc)) from exc
            if kind in ignore:
                continue
            # shift/reduce with Lark's LALR table (no tree)
            while True:
                row = states[stack[-1]]
                step = row.get(kind)
                if step is None:
                    expected = sorted(k for k in row if k.isupper() and k != "$END")
                    raise LineError(number, 1, text,
                                    f"{kind} line out of place here (expected {', '.join(expected[:6])})")
                action, arg = step
                if action is Shift:
                    stack.append(arg)
                    break
                size = len(arg.expansion)
                if size:
                    del stack[-size:]
                stack.append(states[stack[-1]][arg.origin.name][1])
        # end of input
        while True:
            step = states[stack[-1]].get("$END")
            if step is None:
                last = len(lines) - 1
                while last > 0 and not lines[last].strip():
                    last -= 1
                raise LineError(first_line + max(last, 0), 1, lines[last] if lines else "",
                                "hand ends before it is complete")
            action, arg = step
            if action is Shift:
                return
            size = len(arg.expansion)
            if size:
                del stack[-size:]
            if arg.origin.name == "start":
                return
            stack.append(states[stack[-1]][arg.origin.name][1])


class _Alternation:
    """Several whole-line terminals compiled into one regex.

    Terminals that begin with the same leading group (say `(?P<player>.+?)`, the name at
    the start of most lines) are factored: the lead is matched once and the rests are
    alternatives after it, so a line is scanned for the name once, not once per terminal.
    """

    def __init__(self, terms: list[tuple[str, str]]) -> None:
        groups: dict[str, list[tuple[str, str]]] = {}
        order: list[tuple[str, str | None]] = []
        for name, pattern in terms:
            lead = _leading_group(pattern)
            if lead is None:
                order.append((name, None))
                continue
            key = _GROUP.sub("(?P<>", lead, count=1)
            if key not in groups:
                groups[key] = []
                order.append((key, key))
            groups[key].append((name, pattern[len(lead):]))
        parts: list[str] = []
        self.index: dict[int, tuple[str, tuple[int, ...]]] = {}
        pos = 1
        patterns = dict(terms)
        for item, key in order:
            if key is None:
                name, pattern = item, patterns[item]
                renamed = _GROUP.sub(lambda m, t=name: f"(?P<{t}__{m.group(1)}>", pattern)
                parts.append(f"(?P<{name}>{renamed})")
                count = re.compile(pattern).groups
                self.index[pos] = (name, tuple(range(pos + 1, pos + 1 + count)))
                pos += 1 + count
                continue
            members = groups[key]
            lead_body = key.replace("(?P<>", "(?:", 1)
            lead_pos = pos
            pos += 1
            alts = []
            for name, rest in members:
                renamed = _GROUP.sub(lambda m, t=name: f"(?P<{t}__{m.group(1)}>", rest)
                alts.append(f"(?P<{name}>{renamed})")
                count = re.compile(rest).groups
                self.index[pos] = (name, (lead_pos,) + tuple(range(pos + 1, pos + 1 + count)))
                pos += 1 + count
            parts.append(f"(?P<lead{lead_pos}>{lead_body})(?:{'|'.join(alts)})")
        self.regex = re.compile("|".join(parts)) if parts else re.compile(r"(?!)")
        self._fullmatch = self.regex.fullmatch

    def match(self, text: str) -> tuple[str, tuple[str | None, ...]] | None:
        m = self._fullmatch(text)
        if m is None:
            return None
        name, wanted = self.index[m.lastindex or 0]
        # Only this terminal's groups: the whole alternation has a hundred of them.
        if len(wanted) > 1:
            return name, m.group(*wanted)
        if wanted:
            return name, (m.group(wanted[0]),)
        return name, ()


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


def _first_chars(pattern: str) -> frozenset[str] | None:
    """The characters a regex's match can start with, or None when it could be anything."""
    try:
        parsed = _sre_parse.parse(pattern)
    except re.error:
        return None
    return _firsts(list(parsed))


def _firsts(items: list[Any]) -> frozenset[str] | None:
    if not items:
        return None
    op, av = items[0]
    name = str(op)
    if name == "LITERAL":
        return frozenset({chr(av)})
    if name == "IN":
        out: set[str] = set()
        for sub_op, sub_av in av:
            if str(sub_op) == "LITERAL":
                out.add(chr(sub_av))
            elif str(sub_op) == "RANGE" and sub_av[1] - sub_av[0] < 128:
                out.update(chr(c) for c in range(sub_av[0], sub_av[1] + 1))
            else:
                return None
        return frozenset(out)
    if name == "SUBPATTERN":
        group, add_flags, del_flags, sub = av
        if add_flags & re.IGNORECASE:
            return None
        return _firsts(list(sub))
    if name == "BRANCH":
        out2: set[str] = set()
        for alt in av[1]:
            f = _firsts(list(alt))
            if f is None:
                return None
            out2 |= f
        return frozenset(out2)
    if name in ("MAX_REPEAT", "MIN_REPEAT"):
        lo, hi, sub = av
        if lo == 0:
            return None
        return _firsts(list(sub))
    return None


@cache
def load_grammar(name: str) -> CompiledGrammar:
    return CompiledGrammar(name)


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

    def __init__(self) -> None:
        self._handlers: dict[str, Callable[[Hand, tuple[str | None, ...], int], None]] = {}
        for attr in dir(self):
            if attr.startswith("on_"):
                self._handlers[attr[3:]] = getattr(self, attr)

    # -- detection and splitting
    def detect(self, head: Sequence[str]) -> bool:
        return any(self.start.match(line) for line in head if line.strip())

    def split(self, lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """(first line number, lines) of each hand; lines before the first hand are dropped
        when blank and returned as a chunk of their own otherwise."""
        start = self.start.match
        noise = self.noise.fullmatch if self.noise is not None else None

        def is_hand(chunk: list[str]) -> bool:
            return any(s.strip() and not (noise and noise(s.strip())) for s in chunk)

        chunk: list[str] = []
        first = 1
        for number, line in enumerate(lines, 1):
            if start(line):
                if chunk and is_hand(chunk):
                    yield first, chunk
                chunk = [line]
                first = number
            else:
                if not chunk:
                    first = number
                chunk.append(line)
        if chunk and is_hand(chunk):
            yield first, chunk

    # -- parsing
    def new_hand(self, source: str, first_line: int) -> Hand:
        return Hand(site=self.sites[0] if self.sites else self.name, format=self.name,
                    hand_id="", source=source, line=first_line)

    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        hand = self.new_hand(source, first_line)
        hand.end_line = first_line + len(lines) - 1
        handlers = self._handlers

        def on_token(kind: str, fields: tuple[str | None, ...], line: int) -> None:
            handler = handlers.get(kind)
            if handler is not None:
                handler(hand, fields, line)

        try:
            load_grammar(self.grammar).run(lines, first_line, on_token)
            self.finish(hand)
        except LineError as err:
            if hand.status is not Status.UNSUPPORTED_GAME:
                hand.status = Status.PARSE_ERROR
                hand.problem = ParseProblem(err.line, err.column, err.text.strip(), err.message)
        except UnsupportedGame:
            hand.status = Status.UNSUPPORTED_GAME
        if not hand.hand_id:
            hand.hand_id = f"{Path(source).name}:{first_line}"
        return hand

    def finish(self, hand: Hand) -> None:
        """Called after a hand parsed cleanly: derive what the lines left implicit."""


class UnsupportedGame(Exception):
    """Raised by a header handler for a game hhaudit does not audit (Omaha, stud, ...)."""
