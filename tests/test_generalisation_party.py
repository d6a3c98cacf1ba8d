"""Generalisation of the PartyPoker and 888 readers: every corpus file of the format is read
again after changes the site may make without changing a hand, and the same hands and
amounts must come out:

- lines the format writes in any order put in another order (the seat lines of a hand, which
  Party writes in no fixed order, and the ante posts);
- every optional line removed (chat, notices, joins and leaves, the hand-ended time, players
  moved in, tournament finishes, blank lines): lines no rule needs;
- player names holding the format's separators (": ", " (", "[", "]", " - ").

`variants(fmt, text)` is all a format needs to give; the comparison is the same for every
format, so another format's test reuses `signature` and `check_format`."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pytest

from conftest_corpus import corpus
from hhaudit.formats import detect, get
from hhaudit.formats.base import load_grammar
from hhaudit.model import Hand, Post, PostEvent
from hhaudit.parsing import parse_source
from hhaudit.reading import Source, iter_sources, iter_text


def signature(hand: Hand, names: dict[str, str] | None = None) -> tuple[object, ...]:
    """What must not change: the hand's id and status, its stakes, each seat's stack, and
    each event's kind, seat, player and amounts (antes as a set: their order is free)."""
    back = {v: k for k, v in (names or {}).items()}

    def who(p: object) -> object:
        return back.get(p, p) if isinstance(p, str) else p

    events = []
    antes = set()
    for e in hand.events:
        fields = tuple(who(getattr(e, k, None)) for k in ("seat", "player", "kind", "act", "amount", "to", "dead",
                                                           "all_in", "cards", "board", "street", "pot"))
        if isinstance(e, PostEvent) and e.kind is Post.ANTE:
            antes.add(fields)
        else:
            events.append((type(e).__name__, fields))
    seats = sorted((s.seat, who(s.player), s.stack) for s in hand.seats)
    return (hand.hand_id, hand.status.value, hand.sb, hand.bb, hand.small_bet, hand.big_bet, hand.ante,
            tuple(seats), frozenset(antes), tuple(events), hand.summary.rake)


def read_text(fmt: str, text: str, name: str) -> list[Hand]:
    return list(parse_source(Source(name, data=text.encode("utf-8")), format=fmt))


@lru_cache(maxsize=None)
def corpus_files(fmt: str) -> tuple[tuple[str, str], ...]:
    """(path, text) of every corpus file whose first lines `fmt` detects (decoded as the
    reader decodes it)."""
    out = []
    for source in iter_sources([corpus()]):
        with source.open() as fh:
            text = "".join(iter_text(fh))
        head = text.splitlines()[:40]
        found = detect(head)
        if found is not None and found.name == fmt:
            out.append((str(source.name), text))
    return tuple(out)


def _kind(fmt: str, line: str) -> str:
    found = load_grammar(get(fmt).grammar).classify(line.strip())
    return found[0] if found else ""


OPTIONAL = {
    "partypoker": {"MISC", "NOTICE", "HAND_ENDED", "MOVED", "FINISHED", "CREATE_POT"},
    "pacific": set(),
}
FREE_ORDER = {"partypoker": {"SEAT", "POST_ANTE"}, "pacific": {"SEAT", "POST_ANTE"}}


def _kind_of(fmt: str, line: str) -> str:
    kind = _kind(fmt, line)
    if kind == "POST" and " ante" in line:
        return "POST_ANTE"
    return kind


def shuffled(fmt: str, text: str) -> str:
    """Each run of consecutive lines of a free-order kind, reversed."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    run: list[str] = []
    run_kind = ""
    for line in lines:
        k = _kind_of(fmt, line) if line.strip() else ""
        if k in FREE_ORDER[fmt] and k == run_kind:
            run.append(line)
            continue
        out.extend(reversed(run))
        run, run_kind = ([line], k) if k in FREE_ORDER[fmt] else ([], "")
        if not run:
            out.append(line)
    out.extend(reversed(run))
    return "".join(out)


def without_optional(fmt: str, text: str) -> str:
    """Every optional line removed, and blank lines inside a hand. Not optional: "sitting
    out" (who is dealt in), "There is no Small Blind" (who posts), and why a hand has no
    history ("Connection Lost", "Table Closed", "... not available here")."""
    keep = []
    needed = ("sitting out", " sits out", "Connection Lost", "Table Closed", "not available here")
    for line in text.splitlines(keepends=True):
        s = line.strip()
        if not s:
            continue
        if _kind(fmt, line) in OPTIONAL[fmt] and not any(n in s for n in needed):
            continue
        keep.append(line)
    return "".join(keep)


SEPARATORS = [": ", " (", "[", "]", " - "]


def renamed(text: str, hands: list[Hand], sep: str) -> tuple[str, dict[str, str]]:
    """Every seated player's name with `sep` inside it (where the name stands as a name:
    after "Seat N: ", "Dealt to ", "Player ", or at the start of a line)."""
    names: dict[str, str] = {}
    for h in hands:
        for s in h.seats:
            if s.player and s.player not in names and len(s.player) > 2:
                names[s.player] = s.player[:2] + sep + s.player[2:]
    if not names:
        return text, names
    alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    pattern = re.compile(rf"(^\s*|[Ss]eat ?\d+: |Dealt to |Player |\.|is sitting out)({alt})(?=[ .:]|$)", re.M)
    return pattern.sub(lambda m: m.group(1) + names[m.group(2)], text), names


def check(fmt: str, name: str, text: str, change: Callable[[str], str]) -> list[str]:
    """The hands whose signature differs once `change` is made to the file's text."""
    before = read_text(fmt, text, name)
    after = read_text(fmt, change(text), name)
    if len(before) != len(after):
        return [f"{len(before)} hands, {len(after)} after the change"]
    return [b.hand_id for b, a in zip(before, after) if signature(b) != signature(a)]


@pytest.mark.parametrize("fmt", ["partypoker", "pacific"])
def test_lines_in_another_legitimate_order(fmt: str) -> None:
    bad = {}
    for name, text in corpus_files(fmt):
        diff = check(fmt, name, text, lambda t: shuffled(fmt, t))
        if diff:
            bad[Path(name).name] = diff[:3]
    assert bad == {}


@pytest.mark.parametrize("fmt", ["partypoker", "pacific"])
def test_optional_lines_removed(fmt: str) -> None:
    bad = {}
    for name, text in corpus_files(fmt):
        diff = check(fmt, name, text, lambda t: without_optional(fmt, t))
        if diff:
            bad[Path(name).name] = diff[:3]
    assert bad == {}


@pytest.mark.parametrize("sep", SEPARATORS)
@pytest.mark.parametrize("fmt", ["partypoker", "pacific"])
def test_names_with_separators(fmt: str, sep: str) -> None:
    bad = {}
    for name, text in corpus_files(fmt):
        if "partial.player.names" in name:
            continue  # the seat lines cut the names short: no one renaming fits both
        before = read_text(fmt, text, name)
        new, names = renamed(text, before, sep)
        after = read_text(fmt, new, name)
        if len(before) != len(after):
            bad[Path(name).name] = f"{len(before)} hands, {len(after)} after renaming"
            continue
        diff = [b.hand_id for b, a in zip(before, after) if signature(b) != signature(a, names)]
        if diff:
            bad[Path(name).name] = diff[:3]
    assert bad == {}
