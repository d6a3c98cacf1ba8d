"""Counting a regex's backtracking steps, and the lines that make a backtracking engine work.

`Steps(pattern)` runs a pattern the way Python's `re` engine (sre) does, a backtracking
matcher over the pattern as `re._parser` parses it, and counts its steps: one for each node
tried at a position, one for each character a single-character repeat reads and one for
each length it gives back. The count is exact and the same on every machine, so a test can
compare it between a line of n characters and one of 8n (see tests/test_linear_time.py).

The matcher follows sre's semantics where they decide how much work is done: greedy, lazy
and possessive repeats, atomic groups, alternatives tried in order, lookarounds, and an
iteration that matches empty ending a repeat. It does not copy sre's constant-factor short
cuts (checking the literal after a repeat before trying the rest): they change the count by
a factor bounded by the pattern's size, not how the count grows with the line.

`hostile_lines(pattern)` builds lines from the pattern's own pieces (its literal words,
a character of each class, what each repeat repeats) that make such a matcher try many
splits: a piece repeated, a matching prefix with one of its pieces (or a run of two or
three) pumped, a prefix repeated. Each is a function of a repeat count, so the same line can be built at n and 8n.

The matcher is written for its speed where the count does not change: a character class is
a table filled as characters come (a dictionary look-up, not a call), where a
single-character run ends is one `find` in the line written as 1s and 0s for its class
(worked out once a line), and the limit is checked in line in the nodes where work grows
(repeats, branches, atomic groups). A literal or a single character calls what follows it
directly, a group's nodes join the sequence around it, and `(...)?` runs what follows it
without a continuation made for it. Where a node's first character cannot start it (a
literal, a character, a one-character repeat of at least one), the one step it takes to fail
is counted without calling it: a branch keeps, for each character, which of its
alternatives may start there (`_Plan`), a repeat's body and a search's start are not tried.
Every one of these gives the count step for step, with the limit checked at the same steps
(the 22,000-odd runs of tests/test_linear_time.py were compared with the plain matcher's:
the same counts, and the same runs stopped at the same step).
"""

from __future__ import annotations

import re
import re._constants as C
import re._parser as sre_parse
from collections.abc import Callable
from typing import Any

Cont = Callable[[int], bool]
Node = Callable[[int, Cont], bool]

_SINGLE = (C.LITERAL, C.NOT_LITERAL, C.ANY, C.IN)
_CANDIDATES = "a1 .:,$-/()[]#*x9A_'\"@!?+=%&<>|\\{}\t"
"""Characters tried, in order, for a class's representative."""


class TooManySteps(Exception):
    """The count passed the limit set for the run."""


def _is_word(c: str) -> bool:
    return c.isalnum() or c == "_"


class Steps:
    """A pattern compiled for the step-counting matcher."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        parsed = sre_parse.parse(pattern, flags)
        self.s = ""
        self.steps = 0
        self.limit = 1 << 62
        self._predicates: dict[tuple[str, str, bool], Callable[[str], bool]] = {}
        self._tables: dict[int, _Table] = {}
        self._runs: dict[int, int] = {}
        """For each single-character repeat's predicate, its slot in `_masks`."""
        self._masks: list[str | None] = []
        """Per slot, the line with each character written 1 where the predicate holds and 0
        where not (the run from a position ends at the next 0): worked out once a line,
        when a repeat first needs it."""
        self._chars: set[str] | None = None
        """The line's distinct characters."""
        self._heads: dict[int, tuple[Node, Head]] = {}
        """The nodes that fail in one step where their first character cannot start them (a
        one-character repeat of at least one), by id, each kept with its node (an id is
        only a node's while the node lives)."""
        self._optionals: dict[int, tuple[Node, Node, Head | None]] = {}
        """`(...)?` nodes, by id: the node, its body, and the body's head."""
        top = self._links(list(parsed), bool(parsed.state.flags & re.IGNORECASE))
        self._top = self._chain(top)
        self._top_head = self._head(top)

    # -- running
    def run(self, text: str, mode: str = "fullmatch", limit: int | None = None) -> tuple[bool, int]:
        """(matched, steps) of `re.<mode>(pattern, text)`; mode is fullmatch, match or
        search. Raises TooManySteps past `limit`."""
        self.s = text
        self.steps = 0
        self.limit = (1 << 62) if limit is None else limit
        self._masks = [None] * len(self._runs)
        self._chars = None
        end = len(text)
        if mode == "fullmatch":
            return self._top(0, lambda j: j == end), self.steps
        if mode == "match":
            return self._top(0, lambda j: True), self.steps
        top, anywhere = self._top, lambda j: True
        for start in range(end + 1):
            self._tick()
            if self._fails_at_head(self._top_head, start):
                continue
            if top(start, anywhere):
                return True, self.steps
        return False, self.steps

    def _past_limit(self, gap: int, checks: tuple[int, ...]) -> None:
        """After `gap` alternatives counted failing in their first node's one step, past the
        limit: raises where the first of those whose step checks the limit (`checks`, 1 for
        the first alternative) saw it passed, as the nodes would have."""
        base = self.steps - gap
        for at in checks:
            if base + at > self.limit:
                self.steps = base + at
                raise TooManySteps(self.steps)

    def _fails_at_head(self, head: Head | None, i: int) -> bool:
        """Whether a sequence with this head fails at i in its first node's one step; if so,
        that step is counted (and the limit checked where the node checks it)."""
        if head is None:
            return False
        lit, table, checks = head
        s = self.s
        if s.startswith(lit, i) if lit is not None else i < len(s) and table[s[i]]:  # type: ignore[index]
            return False
        self.steps += 1
        if checks and self.steps > self.limit:
            raise TooManySteps(self.steps)
        return True

    def _tick(self, n: int = 1) -> None:
        self.steps += n
        if self.steps > self.limit:
            raise TooManySteps(self.steps)

    def _line_mask(self, slot: int, table: _Table) -> str:
        """The line as 1 where the table's characters are and 0 elsewhere, so that where the
        run from a position ends is one `find` (a repeat's scan is still counted a step a
        character)."""
        s = self.s
        if self._chars is None:
            self._chars = set(s)
        mask = s.translate({ord(c): "1" if table[c] else "0" for c in self._chars})
        self._masks[slot] = mask
        return mask

    # -- compiling
    def predicate(self, op: Any, av: Any, icase: bool) -> Callable[[str], bool]:
        """What one character must be for a single-character node (one function for each
        class, so that its runs are worked out once a line)."""
        key = (str(op), repr(av), icase)
        found = self._predicates.get(key)
        if found is None:
            found = self._predicates[key] = self._predicate(op, av, icase)
        return found

    def table(self, op: Any, av: Any, icase: bool) -> _Table:
        """The predicate as a table from a character to whether it matches (filled as the
        characters come: a dictionary look-up instead of a call)."""
        pred = self.predicate(op, av, icase)
        found = self._tables.get(id(pred))
        if found is None:
            found = self._tables[id(pred)] = _Table(pred)
        return found

    def _predicate(self, op: Any, av: Any, icase: bool) -> Callable[[str], bool]:
        if op is C.ANY:
            return lambda c: c != "\n"
        if op is C.LITERAL or op is C.NOT_LITERAL:
            want = chr(av)
            if icase:
                low = want.lower()
                test: Callable[[str], bool] = lambda c: c.lower() == low
            else:
                test = lambda c: c == want
            return test if op is C.LITERAL else (lambda c: not test(c))
        items = list(av)
        negate = bool(items) and items[0][0] is C.NEGATE
        if negate:
            items = items[1:]
        tests: list[Callable[[str], bool]] = []
        for sub_op, sub_av in items:
            if sub_op is C.LITERAL:
                tests.append(self._predicate(C.LITERAL, sub_av, icase))
            elif sub_op is C.RANGE:
                lo, hi = sub_av
                if icase:
                    tests.append(lambda c, lo=lo, hi=hi: any(lo <= ord(x) <= hi for x in (c, c.lower(), c.upper())))
                else:
                    tests.append(lambda c, lo=lo, hi=hi: lo <= ord(c) <= hi)
            elif sub_op is C.CATEGORY:
                tests.append(_CATEGORIES[sub_av])
            else:
                raise NotImplementedError(f"class item {sub_op}")
        memo: dict[str, bool] = {}

        def member(c: str) -> bool:
            found = memo.get(c)
            if found is None:
                found = memo[c] = any(t(c) for t in tests) != negate
            return found

        return member

    def _seq(self, items: list[Any], icase: bool) -> Node:
        return self._chain(self._links(items, icase))

    def _links(self, items: list[Any], icase: bool) -> list[Link]:
        """A sequence's nodes in order: a run of literal characters, a single character's
        table, or any other node. A group's nodes are spliced in (a group counts no step
        of its own: it only runs its sequence), so its literals join the chain below."""
        links: list[Link] = []
        run: list[str] = []
        for n, (op, av) in enumerate(items):
            if op is C.LITERAL and not icase:
                run.append(chr(av))
                continue
            if run:
                links.append("".join(run))
                run = []
            after = items[n + 1] if n + 1 < len(items) else None
            if op in (C.MAX_REPEAT, C.MIN_REPEAT) and after is not None and after[0] is C.LITERAL and not icase:
                links.append(self._repeat(op, av, icase, chr(after[1])))
            elif op in _SINGLE:
                links.append(self.table(op, av, icase))
            elif op is C.SUBPATTERN:
                _group, add, delete, sub = av
                inner = (icase or bool(add & re.IGNORECASE)) and not delete & re.IGNORECASE
                links.extend(self._links(list(sub), inner))
            else:
                links.append(self._node(op, av, icase))
        if run:
            links.append("".join(run))
        return links

    def _head(self, links: list[Link]) -> Head | None:
        """How a sequence fails in one step at a position its first character cannot start:
        a literal or a single character (one step, as every node of theirs: no limit check),
        or a one-character repeat of at least one (one step, and the limit checked)."""
        if not links:
            return None
        first = links[0]
        if isinstance(first, str):
            return first, None, False
        if isinstance(first, _Table):
            return None, first, False
        found = self._heads.get(id(first))
        return None if found is None else found[1]

    def _chain(self, links: list[Link]) -> Node:
        """The nodes run one after the other. A literal or a single character, which can go
        on in one way only, calls what follows it directly (the same steps, without a
        continuation made for it)."""
        if not links:
            return lambda i, k: k(i)
        node: Node | None = None
        for link in reversed(links):
            node = self._link(link, node)
        assert node is not None
        return node

    def _link(self, link: Link, rest: Node | None) -> Node:
        if isinstance(link, str):
            lit, size = link, len(link)
            if rest is None:

                def literal(i: int, k: Cont) -> bool:
                    self.steps += 1  # the limit is checked where work can grow: repeats, branches
                    return self.s.startswith(lit, i) and k(i + size)

                return literal
            after = rest

            def literal_then(i: int, k: Cont) -> bool:
                self.steps += 1
                return self.s.startswith(lit, i) and after(i + size, k)

            return literal_then
        if isinstance(link, _Table):
            table = link
            if rest is None:

                def single(i: int, k: Cont) -> bool:
                    self.steps += 1
                    s = self.s
                    return i < len(s) and table[s[i]] and k(i + 1)

                return single
            then = rest

            def single_then(i: int, k: Cont) -> bool:
                self.steps += 1
                s = self.s
                return i < len(s) and table[s[i]] and then(i + 1, k)

            return single_then
        if rest is None:
            return link
        optional = self._optionals.get(id(link))
        if optional is not None:
            return self._optional_then(optional[1], optional[2], rest)
        first, tail = link, rest
        head = self._heads.get(id(link))
        if head is not None:
            table = head[1][1]
            assert table is not None

            def repeat_then(i: int, k: Cont) -> bool:
                # a one-character repeat of at least one fails in one step (the limit checked)
                # where its character is not: counted without the call
                s = self.s
                if i < len(s) and table[s[i]]:
                    return first(i, lambda j: tail(j, k))
                self.steps += 1
                if self.steps > self.limit:
                    raise TooManySteps(self.steps)
                return False

            return repeat_then
        return lambda i, k: first(i, lambda j: tail(j, k))

    def _optional_then(self, body: Node, head: Head | None, rest: Node) -> Node:
        """`(...)?` and what follows it, as the repeat and the chain run them (a step for
        the repeat, its body tried, a step for the repeat's second round, then the rest;
        else the rest from where the repeat started), without a continuation for the chain."""
        lit, table, checks = head if head is not None else (None, None, False)

        def once(j: int, k: Cont) -> bool:
            self.steps += 1
            if self.steps > self.limit:
                raise TooManySteps(self.steps)
            return rest(j, k)

        def optional_then(i: int, k: Cont) -> bool:
            self.steps += 1
            if self.steps > self.limit:
                raise TooManySteps(self.steps)
            s = self.s
            if head is None or (s.startswith(lit, i) if lit is not None else i < len(s) and table[s[i]]):
                if body(i, lambda j: j != i and once(j, k)):
                    return True
            else:  # the body's first node fails, in its one step
                self.steps += 1
                if checks and self.steps > self.limit:
                    raise TooManySteps(self.steps)
            return rest(i, k)

        return optional_then

    def _node(self, op: Any, av: Any, icase: bool) -> Node:
        tick = self._tick
        if op in _SINGLE:
            table = self.table(op, av, icase)

            def single(i: int, k: Cont) -> bool:
                self.steps += 1
                s = self.s
                return i < len(s) and table[s[i]] and k(i + 1)

            return single
        if op is C.SUBPATTERN:
            _group, add, delete, sub = av
            inner = (icase or bool(add & re.IGNORECASE)) and not delete & re.IGNORECASE
            return self._seq(list(sub), inner)
        if op is C.BRANCH:
            alts: list[tuple[Node, str | None, _Table | None, bool]] = []
            for a in av[1]:
                links = self._links(list(a), icase)
                head = self._head(links)
                alts.append((self._chain(links), *(head if head is not None else (None, None, False))))

            plans: dict[str, _Plan] = {}

            def branch(i: int, k: Cont) -> bool:
                self.steps += 1
                if self.steps > self.limit:
                    raise TooManySteps(self.steps)
                s = self.s
                c = s[i] if i < len(s) else ""
                plan = plans.get(c)
                if plan is None:
                    plan = plans[c] = _plan(alts, c)
                for a, lit, gap, checks in plan.tries:
                    if gap:
                        self.steps += gap
                        if checks and self.steps > self.limit:
                            self._past_limit(gap, checks)
                    if lit is not None and not s.startswith(lit, i):
                        self.steps += 1  # the literal's one step, failing
                        continue
                    if a(i, k):
                        return True
                if plan.gap:
                    self.steps += plan.gap
                    if plan.checks and self.steps > self.limit:
                        self._past_limit(plan.gap, plan.checks)
                return False

            return branch
        if op is C.ATOMIC_GROUP:
            return self._atomic(self._seq(list(av), icase))
        if op in (C.ASSERT, C.ASSERT_NOT):
            direction, sub = av
            inner = self._seq(list(sub), icase)
            width = sub.getwidth()[0]
            want = op is C.ASSERT

            def look(i: int, k: Cont) -> bool:
                tick()
                if direction == 1:
                    found = inner(i, lambda j: True)
                else:
                    found = i - width >= 0 and inner(i - width, lambda j: j == i)
                return k(i) if found == want else False

            return look
        if op is C.AT:
            return self._at(av)
        if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            return self._repeat(op, av, icase)
        raise NotImplementedError(f"regex node {op}")

    def _atomic(self, inner: Node) -> Node:
        def atomic(i: int, k: Cont) -> bool:
            self.steps += 1
            if self.steps > self.limit:
                raise TooManySteps(self.steps)
            end: list[int] = []
            if inner(i, lambda j: end.append(j) is None):
                return k(end[0])
            return False

        return atomic

    def _at(self, where: Any) -> Node:
        tick = self._tick

        def test(i: int) -> bool:
            s = self.s
            if where in (C.AT_BEGINNING, C.AT_BEGINNING_STRING):
                return i == 0
            if where is C.AT_END:
                return i == len(s) or (i == len(s) - 1 and s[i] == "\n")
            if where is C.AT_END_STRING:
                return i == len(s)
            before = i > 0 and _is_word(s[i - 1])
            after = i < len(s) and _is_word(s[i])
            if where is C.AT_BOUNDARY:
                return before != after
            if where is C.AT_NON_BOUNDARY:
                return before == after
            raise NotImplementedError(f"anchor {where}")

        def at(i: int, k: Cont) -> bool:
            tick()
            return test(i) and k(i)

        return at

    def _repeat(self, op: Any, av: Any, icase: bool, follow: str = "") -> Node:
        """A repeat; `follow` is the literal character that comes next, if one does: where
        the line has another, the rest is not called and counted as the one step its
        literal takes to fail (the same count, without the call)."""
        lo, hi, sub = av
        tick = self._tick
        unbounded = hi == C.MAXREPEAT
        items = list(sub)
        if len(items) == 1 and items[0][0] in _SINGLE:
            table = self.table(items[0][0], items[0][1], icase)
            slot = self._runs.get(id(table))
            if slot is None:
                slot = self._runs[id(table)] = len(self._runs)
            line_mask = self._line_mask

            def run_end(i: int) -> int:
                """Where the run of the table's characters from i ends."""
                mask = self._masks[slot]
                end = (line_mask(slot, table) if mask is None else mask).find("0", i)
                return len(self.s) if end < 0 else end
            if op is C.MIN_REPEAT:

                def lazy_one(i: int, k: Cont) -> bool:
                    s = self.s
                    size = len(s)
                    end = min(run_end(i), size if unbounded else i + hi)  # the longest it can take
                    if end - i < lo:
                        tick(end - i + 1)
                        return False
                    j = i + lo
                    tick(lo)
                    while True:
                        if follow:  # to the next place the literal after can start
                            at = s.find(follow, j, end + 1)
                            stop = end if at < 0 else at
                            tick(2 * (stop - j))
                            j = stop
                            if at < 0:
                                tick(2)  # at the end: tried, the literal fails
                                return False
                        tick()
                        if k(j):
                            return True
                        if j >= end:
                            return False
                        j += 1

                if lo >= 1:
                    self._heads[id(lazy_one)] = (lazy_one, (None, table, True))
                return lazy_one

            def greedy_one(i: int, k: Cont) -> bool:
                s = self.s
                mask = self._masks[slot]
                j = (line_mask(slot, table) if mask is None else mask).find("0", i)
                if j < 0:
                    j = len(s)
                if not unbounded and j > i + hi:
                    j = i + hi
                self.steps += j - i + 1
                if self.steps > self.limit:
                    raise TooManySteps(self.steps)
                if op is C.POSSESSIVE_REPEAT:
                    return j - i >= lo and k(j)
                low = i + lo
                if follow:
                    # positions where the literal after cannot start: one step each, and one
                    # for the literal failing there (the same count, without the call)
                    while j >= low:
                        at = s.rfind(follow, low, j + 1)
                        if at < 0:
                            tick(2 * (j - low + 1))
                            return False
                        tick(2 * (j - at) + 1)
                        if k(at):
                            return True
                        j = at - 1
                    return False
                while j >= low:
                    self.steps += 1
                    if self.steps > self.limit:
                        raise TooManySteps(self.steps)
                    if k(j):
                        return True
                    j -= 1
                return False

            if lo >= 1:
                self._heads[id(greedy_one)] = (greedy_one, (None, table, True))
            return greedy_one

        links = self._links(items, icase)
        body = self._chain(links)
        head = self._head(links)
        lit, table, checks = head if head is not None else (None, None, False)

        def starts(i: int) -> bool:
            """Whether the body's first node can start at i; where it cannot, the body's one
            step is counted here (and the body not called: the same count)."""
            s = self.s
            if head is None or (s.startswith(lit, i) if lit is not None else i < len(s) and table[s[i]]):
                return True
            self.steps += 1
            if checks and self.steps > self.limit:
                raise TooManySteps(self.steps)
            return False

        def greedy(i: int, count: int, k: Cont) -> bool:
            self.steps += 1
            if self.steps > self.limit:
                raise TooManySteps(self.steps)
            if count < hi and starts(i) and body(i, lambda j: (j != i or count < lo) and greedy(j, count + 1, k)):
                return True
            return count >= lo and k(i)

        def lazy(i: int, count: int, k: Cont) -> bool:
            self.steps += 1
            if self.steps > self.limit:
                raise TooManySteps(self.steps)
            if count >= lo and k(i):
                return True
            return count < hi and starts(i) and body(i, lambda j: (j != i or count < lo) and lazy(j, count + 1, k))

        if op is C.MIN_REPEAT:
            return lambda i, k: lazy(i, 0, k)
        if op is C.POSSESSIVE_REPEAT:
            return self._atomic(lambda i, k: greedy(i, 0, k))
        def node(i: int, k: Cont) -> bool:
            return greedy(i, 0, k)

        if lo == 0 and hi == 1:
            self._optionals[id(node)] = (node, body, head)
        return node


class _Table(dict[str, bool]):
    """A character predicate as a dictionary: each character is worked out the first time
    it is looked up, then read back without a call."""

    def __init__(self, pred: Callable[[str], bool]) -> None:
        super().__init__()
        self.pred = pred

    def __missing__(self, c: str) -> bool:
        found = self[c] = self.pred(c)
        return found


class _Plan:
    """A branch's alternatives at a position whose character is c: the ones that may start
    there, in order, each with the alternatives before it that cannot (they fail in their
    first node's one step, counted without a call: `gap` of them, `checks` those of them
    whose step checks the limit), and those after the last."""

    def __init__(self) -> None:
        self.tries: list[tuple[Node, str | None, int, tuple[int, ...]]] = []
        """(alternative, the literal it starts with unless c settles it, gap, checks)."""
        self.gap = 0
        self.checks: tuple[int, ...] = ()


def _plan(alts: list[tuple[Node, str | None, _Table | None, bool]], c: str) -> _Plan:
    """The plan of a branch at a character c ("" at the end of the line)."""
    plan = _Plan()
    gap, checks = 0, []
    for node, lit, table, check in alts:
        if lit is not None and (not c or lit[0] != c):
            gap += 1
        elif table is not None and (not c or not table[c]):
            gap += 1
            if check:
                checks.append(gap)
        else:
            plan.tries.append((node, lit if lit is not None and len(lit) > 1 else None, gap, tuple(checks)))
            gap, checks = 0, []
    plan.gap, plan.checks = gap, tuple(checks)
    return plan


Link = str | _Table | Node
Head = tuple[str | None, _Table | None, bool]
"""A sequence's first node, where it fails in one step: a literal, or a character's table, and
whether that step checks the limit."""
"""A sequence's element: a run of literal characters, a single character's table, or a node."""


_CATEGORIES: dict[Any, Callable[[str], bool]] = {
    C.CATEGORY_DIGIT: str.isdecimal,
    C.CATEGORY_NOT_DIGIT: lambda c: not c.isdecimal(),
    C.CATEGORY_SPACE: str.isspace,
    C.CATEGORY_NOT_SPACE: lambda c: not c.isspace(),
    C.CATEGORY_WORD: _is_word,
    C.CATEGORY_NOT_WORD: lambda c: not _is_word(c),
}


# ----------------------------------------------------------------------------- hostile lines
Line = Callable[[int], str]


class _Pieces:
    """A pattern's witness (a line it matches, every optional part present) as a list of
    tokens, and the pieces a backtracking engine can split in many ways."""

    def __init__(self, steps: Steps, pattern: str) -> None:
        self.steps = steps
        self.tokens: list[str] = []
        """The witness, token by token (a literal word, a class's character, a repeat's body)."""
        self.pieces: set[str] = set()
        self.witnesses: list[list[str]] = []
        """Witnesses: the first alternative of every branch, then each other alternative of
        one branch in turn."""
        parsed = sre_parse.parse(pattern, steps.flags)
        icase = bool(parsed.state.flags & re.IGNORECASE)
        self._choice: dict[int, int] = {}
        self._alts: list[int] = []
        self._walk(list(parsed), icase, self.tokens)
        self.witnesses.append(self.tokens)
        for branch, alts in enumerate(list(self._alts)):
            for alt in range(1, alts):
                self._choice = {branch: alt}
                self._branch = 0
                tokens: list[str] = []
                self._walk(list(parsed), icase, tokens)
                self.witnesses.append(tokens)

    def _char(self, op: Any, av: Any, icase: bool) -> str:
        pred = self.steps.predicate(op, av, icase)
        for c in _CANDIDATES:
            if pred(c):
                return c
        return next(chr(c) for c in range(32, 0x3000) if pred(chr(c)))

    def _walk(self, items: list[Any], icase: bool, out: list[str]) -> None:
        run = ""
        for op, av in items:
            if op is C.LITERAL:
                run += chr(av)
                continue
            if run:
                out.append(run)
                self.pieces.add(run)
                run = ""
            if op in _SINGLE:
                c = self._char(op, av, icase)
                out.append(c)
                self.pieces.add(c)
            elif op is C.SUBPATTERN:
                self._walk(list(av[3]), icase or bool(av[1] & re.IGNORECASE), out)
            elif op is C.ATOMIC_GROUP:
                self._walk(list(av), icase, out)
            elif op is C.BRANCH:
                if not self.witnesses:  # the first walk: count the branches
                    self._alts.append(len(av[1]))
                    chosen = 0
                else:
                    chosen = self._choice.get(self._branch, 0)
                    self._branch += 1
                for n, alt in enumerate(av[1]):
                    tokens: list[str] = []
                    self._walk(list(alt), icase, tokens)
                    if tokens:
                        self.pieces.add("".join(tokens))
                    if n == chosen:
                        out.extend(tokens)
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
                lo, _hi, sub = av
                tokens = []
                self._walk(list(sub), icase, tokens)
                body = "".join(tokens)
                if body:
                    self.pieces.add(body)
                    out.extend(tokens * max(lo, 1) if len(tokens) > 1 else [body * max(lo, 1)])
            # anchors and lookarounds consume nothing
        if run:
            out.append(run)
            self.pieces.add(run)


def hostile_lines(steps: Steps) -> dict[str, Line]:
    """Lines built from the pattern's pieces, by a description; each takes a repeat count."""
    found = _Pieces(steps, steps.pattern)
    lines: dict[str, Line] = {}

    seen: set[tuple[str, str]] = set()

    def add(name: str, line: Line) -> None:
        key = (line(1), line(2))  # the same line under two descriptions is tried once
        if key not in seen:
            seen.add(key)
            lines[name] = line

    for p in sorted(found.pieces):
        add(f"{p!r} repeated", lambda k, p=p: p * k)
    for tokens in found.witnesses:
        for i, token in enumerate(tokens):
            head = "".join(tokens[:i])
            tail = "".join(tokens[i:])
            # the pattern read to here, then one of its pieces pumped: with the rest missing,
            # with the rest short of its last character, and the prefix with it repeated
            add(f"{head!r} + {token!r} repeated", lambda k, h=head, t=token: h + t * k)
            add(f"{head!r} + {token!r} repeated + {tail[:-1]!r}",
                lambda k, h=head, t=token, r=tail[:-1]: h + t * k + r)
            add(f"({head + token!r}) repeated", lambda k, h=head + token: h * k)
            # a run of two or three of its pieces pumped, before the rest short of its last
            # character: each copy of the run starts a reading that goes past the others to
            # fail at the end (a run of 'fee: ' before a stray '(')
            for size in (2, 3):
                if i + size <= len(tokens):
                    run = "".join(tokens[i:i + size])
                    rest = "".join(tokens[i + size:])[:-1]
                    add(f"{head!r} + {run!r} repeated + {rest!r}",
                        lambda k, h=head, t=run, r=rest: h + t * k + r)
        witness = "".join(tokens)
        add(f"({witness!r}) repeated", lambda k, w=witness: w * k)
    return lines
