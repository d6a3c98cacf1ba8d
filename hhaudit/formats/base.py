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


class LineToken(Token):
    """A whole-line token with the regex groups of its terminal."""

    __slots__ = ("fields",)
    fields: tuple[str | None, ...]


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

        grammar = self

        class _Lexer(Lexer):
            def __init__(self, conf: Any) -> None:
                holder["terminals"] = conf.terminals
                holder["ignore"] = set(conf.ignore)

            def lex(self, *args: Any) -> Iterator[Token]:
                return grammar._lex()

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
        parts: list[str] = []
        self.spans: dict[str, tuple[int, int]] = {}
        self.group_names: dict[str, tuple[str, ...]] = {}
        index = 1
        for term in sorted(terminals, key=lambda t: -t.priority):
            pattern = term.pattern.to_regexp()
            names = tuple(_GROUP.findall(pattern))
            renamed = _GROUP.sub(lambda m, t=term.name: f"(?P<{t}__{m.group(1)}>", pattern)
            parts.append(f"(?P<{term.name}>{renamed})")
            group_count = re.compile(pattern).groups
            self.spans[term.name] = (index + 1, index + 1 + group_count)
            self.group_names[term.name] = names
            index += 1 + group_count
        self.regex = re.compile("|".join(parts))
        self._names = {self.regex.groupindex[t]: t for t in self.spans}
        self._lines: Sequence[str] = ()
        self._offset = 0
        self._on_token: Callable[[str, tuple[str | None, ...], int], None] | None = None

    def _lex(self) -> Iterator[Token]:
        match = self.regex.fullmatch
        names = self._names
        spans = self.spans
        ignore = self.ignore
        on_token = self._on_token
        offset = self._offset
        for i, line in enumerate(self._lines):
            if not line or line.isspace():
                continue
            text = line.strip()
            m = match(text)
            if m is None:
                raise LineError(offset + i, 1, line, "no line of this format reads like this")
            kind = names[m.lastindex or 0]
            a, b = spans[kind]
            groups = m.groups()[a - 1 : b - 1]
            if on_token is not None:
                try:
                    on_token(kind, groups, offset + i)
                except LineError:
                    raise
                except ValueError as exc:
                    raise LineError(offset + i, 1, line, str(exc)) from exc
            if kind in ignore:
                continue
            tok = LineToken(kind, text, 0, offset + i, 1)
            tok.fields = groups
            yield tok

    def run(
        self,
        lines: Sequence[str],
        first_line: int,
        on_token: Callable[[str, tuple[str | None, ...], int], None],
    ) -> None:
        """Lex and parse one hand's lines; raises LineError at the first bad line.

        The LALR automaton is Lark's, built from the grammar; it is driven here without
        building a tree, since the handlers have already turned each line into events."""
        self._lines = lines
        self._offset = first_line
        self._on_token = on_token
        states = self.states
        stack = [self.start_state]
        try:
            for tok in self._lex():
                self._feed(states, stack, tok.type, tok)
            self._feed(states, stack, "$END", None)
        finally:
            self._lines = ()
            self._on_token = None

    def _feed(self, states: Any, stack: list[Any], kind: str, tok: LineToken | None) -> None:
        while True:
            try:
                action, arg = states[stack[-1]][kind]
            except KeyError:
                expected = sorted(k for k in states[stack[-1]] if k.isupper() and k != "$END")
                if tok is None:
                    last = self._offset + len(self._lines) - 1
                    while last > self._offset and not self._lines[last - self._offset].strip():
                        last -= 1
                    text = self._lines[last - self._offset] if self._lines else ""
                    raise LineError(last, 1, text, "hand ends before it is complete") from None
                raise LineError(
                    int(tok.line), 1, str(tok),
                    f"{tok.type} line out of place here (expected {', '.join(expected[:6])})",
                ) from None
            if action is Shift:
                stack.append(arg)
                return
            size = len(arg.expansion)
            if size:
                del stack[-size:]
            if kind == "$END" and arg.origin.name == "start":
                return
            stack.append(states[stack[-1]][arg.origin.name][1])


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
