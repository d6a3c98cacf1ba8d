"""What the XML hand-history formats share (iPoker, Merge, Boss, Microgaming, Everest).

These files are not line-based text, so they have no Lark grammar: each format class has the
same interface as `LineFormat` (name, sites, grammar = "", detect, split, parse_hand) and
reads each hand with a real XML parser (expat through `xml.etree.ElementTree.TreeBuilder`).

- `split` cuts the file into hand elements by their start and end tags, line by line, so that
  every hand keeps its source line; text before a hand (a session header shared by many
  hands) is kept on the chunk as `chunk.header` so the session's stakes and currency reach
  every hand. One malformed hand makes only that hand a `parse_error`.
- `parse_hand` parses the chunk into an element tree in which every element knows its source
  line (`XmlHand.line_of`), then calls the format's `build`.
- `Betting` tracks each seat's street commitment so that sites that write an all-in as
  "chips put in" or a call as a street total become the event semantics of `model.py`.
- `contradicted_stakes`: a cash hand whose blinds are both posted, in full, at other amounts
  than its header's stakes is not judged on its bet sizes and order.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Sequence
from typing import ClassVar
from xml.parsers import expat

from ..chunks import HandLines
from ..identity import IdScope
from ..model import Act, ActionEvent, Hand, ParseProblem, Post, PostEvent, Status, UnknownLine
from ..money import AmountError, FinerAmount, finer
from .base import LineError, UnsupportedGame, fallback_id

RANKS = "23456789TJQKA"
SUITS = "cdhs"


_BETWEEN = 1000
"""Lines kept of the text between two hands, where a session header is looked for."""


class Chunk(HandLines):
    """The lines of one hand element, with the session header text that precedes it
    (past the limits, counted and not kept)."""

    header: str = ""
    unterminated: bool = False


class XmlError(Exception):
    """A hand whose XML is well-formed but does not read as a hand of the format."""

    def __init__(self, element: ET.Element | None, message: str) -> None:
        super().__init__(message)
        self.element = element
        self.message = message


def parse_tree(text: str, first_line: int) -> tuple[ET.Element, dict[ET.Element, int]]:
    """Parse XML text into elements and the 1-based source line of each element."""
    parser = expat.ParserCreate()
    parser.buffer_text = True
    builder = ET.TreeBuilder()
    lines: dict[ET.Element, int] = {}
    offset = first_line - 1

    def start(tag: str, attrs: dict[str, str]) -> None:
        lines[builder.start(tag, attrs)] = offset + parser.CurrentLineNumber

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.Parse(text, True)
    return builder.close(), lines


_CACHE_MAX = 8192
"""Answers of `amount` kept per layout and scale; the cache starts again empty when full."""
_AMOUNTS: dict[tuple[bool, int], dict[str, int]] = {}


def amount(text: str | None, scale: int, *, grouped: bool = True) -> int:
    """A printed amount in 10**-scale units, whatever the locale: "$1,480.50", "368,55 €",
    "1 480", "0,05€", "RSD8". Every amount of an XML hand, stakes included, is read here, so
    that a hand read again at a finer scale (`money.reading_finer`: a tied pot paid 673.5 each
    at a table of whole chips) has every amount rescaled alike; an amount finer than the
    scale is a `FinerAmount` (the hand is read again), never rounded.

    The last of `.`/`,` is the decimal mark when both appear. A lone mark followed by exactly
    three digits is a thousands separator only in a format that groups thousands (`grouped`:
    iPoker writes "1,500" and, in Italian, "1.500" for 1,500 chips) and only after a whole
    part that could start a grouped number (1 to 3 digits, not 0): "0.025" is a fortieth.
    Merge, Boss and Microgaming write plain digits with a decimal point ("1500.00"), so a
    lone mark there is always a decimal mark (`grouped=False`)."""
    if text is None:
        raise AmountError("amount missing")
    scale += finer()
    cache = _AMOUNTS.get((grouped, scale))
    if cache is None:
        cache = _AMOUNTS[grouped, scale] = {}
    value = cache.get(text)
    if value is None:
        value = _amount(text, scale, grouped)
        if len(cache) >= _CACHE_MAX:
            cache.clear()
        cache[text] = value
    return value


def plain_amount(text: str | None, scale: int) -> int:
    """`amount` in a format that never groups thousands (Merge, Boss, Microgaming, Everest)."""
    return amount(text, scale, grouped=False)


def _amount(text: str, scale: int, grouped: bool) -> int:
    s = text.strip()
    digits = re.sub(r"[^\d.,'\u00a0\u202f -]", "", s).strip()
    if not digits or not any(ch.isdigit() for ch in digits):
        raise AmountError(f"not an amount: {text!r}")
    negative = digits.startswith("-")
    body = re.sub(r"[^\d.,]", "", digits)
    whole, frac = _split(body, grouped)
    whole = whole.replace(",", "").replace(".", "") or "0"
    if not whole.isdigit() or (frac and not frac.isdigit()):
        raise AmountError(f"not an amount: {text!r}")
    if len(frac) > scale:
        if frac[scale:].strip("0"):
            raise FinerAmount(f"{text!r} has more than {scale} decimal places", len(frac.rstrip("0")), scale)
        frac = frac[:scale]
    value: int = int(whole) * 10**scale + (int(frac.ljust(scale, "0")) if scale else 0)
    return -value if negative else value


def _split(body: str, grouped: bool) -> tuple[str, str]:
    """The whole and decimal digits of an amount's digits and marks (see `amount`)."""
    comma, dot = body.rfind(","), body.rfind(".")
    mark = max(comma, dot)
    if mark < 0:
        return body, ""
    if comma >= 0 and dot >= 0:
        return body[:mark], body[mark + 1 :]
    if body.count(body[mark]) > 1:
        return body, ""  # "1,234,567": every mark groups thousands
    head, tail = body[:mark], body[mark + 1 :]
    if grouped and len(tail) == 3 and 1 <= len(head) <= 3 and not head.startswith("0"):
        return body, ""
    return head, tail


def decimals(text: str, *, grouped: bool = True) -> int:
    """How many decimal places an amount shows, by the rules of `amount`."""
    return len(_split(re.sub(r"[^\d.,]", "", text), grouped)[1])


def card(text: str) -> str:
    """One card from the XML sites' spellings: "CA", "D10", "Ah", "10s", "sT"."""
    t = text.strip()
    if len(t) < 2:
        raise ValueError(f"not a card: {text!r}")
    if t[0].lower() in SUITS and t[0].isupper() and len(t) in (2, 3):
        suit, rank = t[0].lower(), t[1:]  # iPoker: suit first, upper case
    elif t[-1].lower() in SUITS:
        rank, suit = t[:-1], t[-1].lower()
    else:
        suit, rank = t[0].lower(), t[1:]
    rank = {"10": "T", "1": "A"}.get(rank, rank.upper())
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card: {text!r}")
    return rank + suit


def cards(text: str | None, sep: str | None = None) -> tuple[str, ...]:
    """Known cards of a list; unknown ones ("X", "xx", "--", "b") are left out."""
    if not text:
        return ()
    out = []
    for piece in text.replace(",", " ").split(sep):
        p = piece.strip()
        if not p or set(p.lower()) <= {"x", "-", "?"} or p.lower() == "null":
            continue
        out.append(card(p))
    return tuple(out)


class Betting:
    """Street commitments per seat, to turn what a site writes into model events."""

    def __init__(self) -> None:
        self.street: dict[int, int] = {}
        self.total: dict[int, int] = {}
        self.current = 0

    def new_street(self) -> None:
        self.street = {}
        self.current = 0

    def put(self, seat: int, chips: int, live: bool = True) -> None:
        self.total[seat] = self.total.get(seat, 0) + chips
        if live:
            self.street[seat] = self.street.get(seat, 0) + chips
            self.current = max(self.current, self.street[seat])

    def committed(self, seat: int) -> int:
        return self.street.get(seat, 0)

    def added(self, line: int, seat: int, player: str, chips: int, all_in: bool,
              hint: Act | None = None) -> ActionEvent:
        """An action written as the chips it put in: call, bet or raise from the state."""
        before = self.street.get(seat, 0)
        to = before + chips
        if hint is Act.CALL or (hint is None and to <= self.current) or chips == 0:
            act = Act.CALL
        elif self.current == 0:
            act = Act.BET
        else:
            act = Act.RAISE
        self.put(seat, chips)
        if act is Act.RAISE:
            return ActionEvent(line, seat, player, act, None, to, all_in)
        return ActionEvent(line, seat, player, act, chips, None, all_in)

    def raise_to(self, line: int, seat: int, player: str, to: int, all_in: bool) -> ActionEvent:
        before = self.street.get(seat, 0)
        act = Act.BET if self.current == 0 else Act.RAISE
        if to <= self.current:  # a "raise" that only matches the bet is a call
            act = Act.CALL
        self.put(seat, to - before)
        if act is Act.RAISE:
            return ActionEvent(line, seat, player, act, None, to, all_in)
        return ActionEvent(line, seat, player, act, to - before, None, all_in)

    def uncalled(self) -> tuple[int | None, int]:
        """(seat, amount) of the bet nobody matched, from the hand's totals."""
        if len(self.total) < 2:
            return (next(iter(self.total)), 0) if self.total else (None, 0)
        ranked = sorted(self.total.items(), key=lambda kv: -kv[1])
        (top, a), (_, b) = ranked[0], ranked[1]
        return top, a - b


class XmlFormat:
    """Base class of an XML format: the LineFormat interface over hand elements."""

    name: ClassVar[str] = ""
    sites: ClassVar[tuple[str, ...]] = ()
    grammar: ClassVar[str] = ""
    description: ClassVar[str] = ""
    priority: ClassVar[int] = 0
    id_scope: ClassVar[str] = IdScope.SITE
    """The site's game codes number every hand of the room (`identity.IdScope`)."""
    table_sequence: ClassVar[re.Pattern[str] | None] = None
    """As `LineFormat.table_sequence`."""
    hand_start: ClassVar[re.Pattern[str]]
    """The start tag of one hand element."""
    hand_end: ClassVar[re.Pattern[str]]
    """The end tag of one hand element."""
    marker: ClassVar[re.Pattern[str]]
    """What the first lines of a file of this format contain."""
    closing: ClassVar[str] = ""
    """The end tag of a hand; a file that stops right before it still gives the hand."""

    def detect(self, head: Sequence[str]) -> bool:
        return any(self.marker.search(line) for line in head)

    def split(self, lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        start, end = self.hand_start, self.hand_end
        chunk: Chunk | None = None
        first = 0
        between: list[str] = []
        header = ""
        for number, line in enumerate(lines, 1):
            pos = 0
            scan = 0  # where a nested start tag would be looked for
            while True:
                if chunk is None:
                    m = start.search(line, pos)
                    if m is None:
                        between.append(line[pos:])
                        if len(between) > 2 * _BETWEEN:
                            del between[:-_BETWEEN]  # a session header is near the hand
                        break
                    between.append(line[pos : m.start()])
                    header = self.session_header("\n".join(between), header)
                    between = []
                    chunk = Chunk()
                    chunk.header = header
                    first = number
                    pos, scan = m.start(), m.end()
                    continue
                e = end.search(line, pos)
                s = start.search(line, max(pos, scan))
                if s is not None and (e is None or s.start() < e.start()):
                    # a new hand starts before this one ended: this one is cut short
                    chunk.append(line[pos : s.start()])
                    yield first, chunk
                    chunk = None
                    pos = s.start()
                    continue
                if e is not None:
                    chunk.append(line[pos : e.end()])
                    yield first, chunk
                    chunk = None
                    pos = e.end()
                    continue
                chunk.append(line[pos:])
                break
        if chunk:
            chunk.unterminated = True
            yield first, chunk

    def session_header(self, text: str, previous: str) -> str:
        """The header to give the next hands, from the text between hands."""
        return previous

    # ------------------------------------------------------------------ parsing
    def new_hand(self, source: str, first_line: int) -> Hand:
        return Hand(site=self.sites[0] if self.sites else self.name, format=self.name,
                    hand_id="", source=source, line=first_line)

    def parse_hand(self, lines: list[str], first_line: int, source: str) -> Hand:
        hand = self.new_hand(source, first_line)
        hand.end_line = first_line + len(lines) - 1
        text = "\n".join(lines)
        hand.text = text
        header = getattr(lines, "header", "")
        fine = 0
        try:
            try:
                try:
                    root, where = parse_tree(text, first_line)
                except expat.ExpatError:
                    closing = self.closing_of(text)
                    if not (getattr(lines, "unterminated", False) and closing):
                        raise
                    # the file ends where only the hand's end tag is missing
                    root, where = parse_tree(text + closing, first_line)
            except expat.ExpatError as exc:
                line = first_line + exc.lineno - 1
                bad = lines[exc.lineno - 1] if 0 < exc.lineno <= len(lines) else ""
                hand.hand_id = self.guess_id(text)
                raise LineError(line, exc.offset + 1, bad, f"malformed XML: {expat.ErrorString(exc.code)}") from None
            self._where = where
            try:
                self.build(hand, root, header, where)
            except XmlError as exc:
                line = where.get(exc.element, first_line) if exc.element is not None else first_line
                raise LineError(line, 1, self._line_text(lines, first_line, line), exc.message) from None
            except (ValueError, KeyError) as exc:
                if isinstance(exc, FinerAmount):  # read again at the finer scale (parsing.read_hand)
                    fine = exc.decimals - exc.scale
                raise LineError(first_line, 1, lines[0] if lines else "", f"{type(exc).__name__}: {exc}") from None
        except LineError as err:
            if hand.status is not Status.UNSUPPORTED_GAME:
                hand.status = Status.PARSE_ERROR
                hand.problem = ParseProblem(err.line, err.column, err.text.strip(), err.message, finer=fine)
        except UnsupportedGame:
            hand.status = Status.UNSUPPORTED_GAME
        if not hand.hand_id:
            hand.hand_id = fallback_id(source, first_line)
        return hand

    @staticmethod
    def _line_text(lines: list[str], first_line: int, line: int) -> str:
        i = line - first_line
        return lines[i] if 0 <= i < len(lines) else ""

    def guess_id(self, text: str) -> str:
        """The hand id of a hand whose XML is broken (from its start tag), or ""."""
        return ""

    def closing_of(self, text: str) -> str:
        """The end tags that complete a hand's text cut off right before them: `closing`."""
        return self.closing

    def build(self, hand: Hand, root: ET.Element, header: str, where: dict[ET.Element, int]) -> None:
        raise NotImplementedError


_ID_ATTRIBUTE = re.compile(r'\bid="')


def tag_id(text: str, tag: str, *, last: bool) -> str:
    """The id="..." of the first `<tag ...>` of the text that has one: the tag's last id
    attribute when `last`, else its first; "" if none. The same as
    `re.search(rf'<{tag}\\s[^>]*\\bid="([^"]*)"', text)` (`[^>]*?` when not `last`), in
    time linear in the text: each tag's attributes are scanned once, where the search scans
    them again from every `<tag` inside them (the later `<tag`s' ids are among the first's,
    so skipping those starts loses no match)."""
    for span in re.finditer(rf"<{tag}\s[^>]*+", text):
        ids = [m.end() for m in _ID_ATTRIBUTE.finditer(text, span.start(), span.end())]
        for start in reversed(ids) if last else ids:
            end = text.find('"', start)  # at most up to the next id's own quote
            if end >= 0:
                return text[start:end]
        if ids:
            return ""  # no quote after the first id: none after any later one either
    return ""


def unknown_element(hand: Hand, element: ET.Element, line: int) -> None:
    """An element, or an action type, the reader does not know: kept, not a parse error; a PA04
    warning names it (its opening tag with its attributes) and, as it may carry an action or
    chips, the hand is not judged."""
    attrs = "".join(f' {k}="{v}"' for k, v in element.attrib.items())
    hand.unknown_lines.append(UnknownLine(line, f"<{element.tag}{attrs}>", True))


_STAKES_RULES = ("bet_size", "min_raise", "reopen", "pot_limit", "fixed_limit", "action_order")
"""What a hand's stakes judge: its bet and raise sizes (no-limit, pot-limit, fixed-limit), who
a raise reopens the betting to, and the order of action (a big blind's option)."""


def contradicted_stakes(hand: Hand) -> None:
    """A cash hand whose small and big blinds are both posted in full (neither player all-in)
    at other amounts than the header's stakes (`<gametype>Holdem NL £0.10/£0.25` over posts of
    0.25 and 0.50, `stakes="3|6"` over 1.00 and 2.00, `Limit $10/$20` over 1.00 and 2.00: test
    files that put another table's header on a hand): the header does not say this hand's
    stakes, and what it makes of the bets (a raise judged against the header's big blind, a
    "post both" read out of a big blind above it, a fixed-limit unit) is not the log's: the
    rules of `_STAKES_RULES` abstain. A "post both" or a dead blind
    changes one post, never both, so it does not come here."""
    if hand.kind != "cash" or not (hand.sb and hand.bb):
        return
    posts = [e for e in hand.events if isinstance(e, PostEvent)]
    small = next((i for i, e in enumerate(posts) if e.kind is Post.SMALL_BLIND), None)
    if small is None or posts[small].all_in:
        return
    big = next((e for e in posts[small + 1:] if e.kind in (Post.BIG_BLIND, Post.DEAD)), None)
    if big is None or big.all_in or big.seat == posts[small].seat:
        return
    sb, bb = posts[small].amount + posts[small].dead, big.amount + big.dead
    if sb != hand.sb and bb != hand.bb and sb < bb:
        hand.abstain("the blinds posted are not the header's stakes", _STAKES_RULES)


def attr(element: ET.Element, name: str) -> str:
    """A required attribute; a missing one is an XmlError on the element."""
    value = element.get(name)
    if value is None:
        raise XmlError(element, f"<{element.tag}> has no {name} attribute")
    return value
