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
                if step[0]:
                    stack.append(step[1])
                    break
                if step[1]:
                    del stack[-step[1]:]
                stack.append(states[stack[-1]][step[2]][1])
        # end of input
        while True:
            step = states[stack[-1]].get("$END")
            if step is None:
                last = len(lines) - 1
                while last > 0 and not lines[last].strip():
                    last -= 1
                raise LineError(first_line + max(last, 0), 1, lines[last] if lines else "",
                                "hand ends before it is complete")
            if step[0]:
                return
            if step[1]:
                del stack[-step[1]:]
            if step[2] == "start":
                return
            stack.append(states[stack[-1]][step[2]][1])


class _Plain:
    """Whole-line terminals compiled into one regex, tried in order."""

    def __init__(self, terms: list[tuple[str, str]], lead: str | None = None) -> None:
        parts: list[str] = []
        self.index: dict[int, tuple[str, tuple[int, ...]]] = {}
        pos = 1
        lead_pos = 0
        if lead is not None:
            lead_pos = pos
            pos += 1
        for name, pattern in terms:
            renamed = _GROUP.sub(lambda m, t=name: f"(?P<{t}__{m.group(1)}>", pattern)
            parts.append(f"(?P<{name}>{renamed})")
            count = re.compile(pattern).groups
            wanted = tuple(range(pos + 1, pos + 1 + count))
            self.index[pos] = (name, ((lead_pos,) + wanted) if lead is not None else wanted)
            pos += 1 + count
        body = "|".join(parts) if parts else "(?!)"
        if lead is not None:
            body = f"(?P<lead>{lead})(?:{body})"
        self.regex = re.compile(body)
        self.fullmatch = self.regex.fullmatch

    def groups(self, m: re.Match[str]) -> tuple[str, tuple[str | None, ...]]:
        name, wanted = self.index[m.lastindex or 0]
        # Only this terminal's groups: the whole alternation may have a hundred of them.
        if len(wanted) > 1:
            return name, m.group(*wanted)
        if wanted:
            return name, (m.group(wanted[0]),)
        return name, ()

    def match(self, text: str) -> tuple[str, tuple[str | None, ...]] | None:
        m = self.fullmatch(text)
        return None if m is None else self.groups(m)


class _NameLed:
    """Terminals that all start with the same lazy "anything" lead, `(?P<player>.+?)`.

    Matching the lead lazily means: at each position, from the left, try every terminal's
    rest. A rest can only start at a character it may start with (": folds" at a colon), so
    only those positions are tried, found in one scan; the lead is the text before."""

    def __init__(self, lead: str, members: list[tuple[str, str]]) -> None:
        self.min_lead = 1 if lead.startswith(".+") else 0
        firsts: dict[str, frozenset[str]] = {}
        for name, rest in members:
            f = _first_chars(rest)
            if f is None:
                raise ValueError(name)
            firsts[name] = f
        chars = sorted({c for f in firsts.values() for c in f})
        self.by_char = {c: _Plain([(n, r) for n, r in members if c in firsts[n]]) for c in chars}
        self.finder = re.compile("[" + "".join(re.escape(c) for c in chars) + "]")

    def match(self, text: str) -> tuple[str, tuple[str | None, ...]] | None:
        by_char = self.by_char
        for hit in self.finder.finditer(text, self.min_lead):
            p = hit.start()
            alt = by_char[text[p]]
            m = alt.fullmatch(text, p)
            if m is not None:
                name, groups = alt.groups(m)
                return name, (text[:p],) + groups
        return None


class _Alternation:
    """Several whole-line terminals, tried in priority order.

    Terminals that begin with the same leading group (the name at the start of most lines)
    are factored so the line is scanned for the name once, not once per terminal."""

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
        patterns = dict(terms)
        self.units: list[_Plain | _NameLed] = []
        plain: list[tuple[str, str]] = []
        for item, key in order:
            if key is None:
                plain.append((item, patterns[item]))
                continue
            if plain:
                self.units.append(_Plain(plain))
                plain = []
            lead_body = key[len("(?P<>"):-1]
            members = groups[key]
            unit: _Plain | _NameLed
            if lead_body in (".+?", ".*?"):
                try:
                    unit = _NameLed(lead_body, members)
                except ValueError:
                    unit = _Plain(members, lead=lead_body)
            else:
                unit = _Plain(members, lead=lead_body)
            self.units.append(unit)
        if plain:
            self.units.append(_Plain(plain))

    def match(self, text: str) -> tuple[str, tuple[str | None, ...]] | None:
        for unit in self.units:
            found = unit.match(text)
            if found is not None:
                return found
        return None


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
    if name == "AT":
        return set(), True
    return None, False


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
