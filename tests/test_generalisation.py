"""Readers hold on variants of the corpus's own hands that the sites may write and the corpus
does not show: the same hands with their players renamed to names holding the format's
separators, with the lines that change nothing removed (notices, the pot-so-far lines), and
with the summary's seat lines in another order. Each variant must read as the same hand:
same status, same posts, actions, returns and collections (as a multiset where the order
of the lines moved), same summary figures.

Formats: WPN 2019+, PokerStars, GGPoker (their line kinds are listed in docs/formats/). The
files of each format are those of the corpus (up to `FILES` per format, the first `HANDS`
hands of each, to keep the run short)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from conftest_corpus import corpus

from hhaudit.formats import FORMATS
from hhaudit.formats.base import load_grammar
from hhaudit.model import ActionEvent, CollectEvent, Hand, PostEvent, Status, UncalledEvent
from hhaudit.parsing import parse

FILES = 12
HANDS = 40

# Per format: the folders of the corpus holding its files, the line kinds that change nothing
# (removable), the line kind whose lines may come in any order within their block, and
# names holding the format's separators (WPN writes no colon after a name; PokerStars and GG
# write "Name: action", so their names may hold everything but a colon followed by a space).
SPECS: dict[str, tuple[tuple[str, ...], frozenset[str], str, tuple[str, ...]]] = {
    "wpn2019": (("chunseth", "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/cash/Winning",
                 "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/tour/Winning"),
                frozenset({"MISC", "POT_SO_FAR"}), "SUMMARY_SEAT",
                ("Mr. T (2) - x", "a|b [c]", "Seat 9 fan", "Dealt-to", "x's $5")),
    "pokerstars": (("santiweight", "anton-ju", "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/cash/Stars"),
                   frozenset({"MISC"}), "SUMMARY_SEAT",
                   ("Mr. T (2) - x", "a|b [c]", "Seat 9 fan", "said, hi", "x:y")),
    "ggpoker": (("LayorX", "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/cash/GGPoker"),
                frozenset({"MISC"}), "SUMMARY_SEAT",
                ("Mr. T (2) - x", "a|b [c]", "Seat 9 fan", "to me", "x:y")),
}


def _files(fmt: str) -> list[Path]:
    root = corpus()
    out: list[Path] = []
    for folder in SPECS[fmt][0]:
        base = root / folder
        if not base.is_dir():
            continue
        for p in sorted(base.rglob("*.txt")):
            head = p.read_bytes()[:4000].decode("utf-8", "replace").splitlines()
            if FORMATS[fmt].detect(head):
                out.append(p)
            if len(out) >= FILES * len(SPECS[fmt][0]):
                break
    return out[: FILES * 2]


def _chunks(path: Path, fmt: str) -> list[tuple[Hand, list[str]]]:
    text = path.read_text(encoding="utf-8-sig", errors="replace").splitlines()
    out = []
    for h in list(parse(str(path)))[:HANDS]:
        if h.format == fmt and h.status is Status.AUDITED:
            out.append((h, text[h.line - 1:h.end_line]))
    return out


def _signature(h: Hand) -> tuple[object, ...]:
    names = {s.seat: s.seat for s in h.seats}
    ev: Counter[tuple[object, ...]] = Counter()
    for e in h.events:
        if isinstance(e, PostEvent):
            ev[("post", e.seat, e.kind, e.amount, e.dead)] += 1
        elif isinstance(e, ActionEvent):
            ev[("act", e.seat, e.act, e.amount, e.to, e.all_in)] += 1
        elif isinstance(e, UncalledEvent):
            ev[("back", e.seat, e.amount)] += 1
        elif isinstance(e, CollectEvent):
            ev[("won", e.seat, e.amount, e.pot, e.run)] += 1
    s = h.summary
    return (h.status, h.hand_id, h.sb, h.bb, h.ante, sorted(names), [(x.seat, x.stack) for x in h.seats],
            sorted(ev.items(), key=repr), s.total_pot, s.rake, s.jackpot)


def _rename(lines: list[str], hand: Hand, names: tuple[str, ...]) -> list[str]:
    players = sorted((s.player for s in hand.seats if s.player), key=len, reverse=True)
    new = {p: f"{names[i % len(names)]}{i}" for i, p in enumerate(players)}
    pattern = re.compile("|".join(rf"(?<![\w]){re.escape(p)}(?![\w])" for p in players))
    return [pattern.sub(lambda m: new[m.group(0)], ln) for ln in lines]


def _variants(fmt: str, hand: Hand, lines: list[str]) -> dict[str, list[str]]:
    _, removable, movable, names = SPECS[fmt]
    grammar = load_grammar(FORMATS[fmt].grammar)

    def kind(ln: str) -> str | None:
        c = grammar.classify(ln.strip()) if ln.strip() else None
        return c[0] if c else None

    kinds = [kind(ln) for ln in lines]
    out = {"optional lines removed": [ln for ln, k in zip(lines, kinds) if k not in removable]}
    # the summary's seat lines reversed (a block of one kind; the summary comes last)
    at = [i for i, k in enumerate(kinds) if k == movable]
    tail = at[-1] + 1 if at else 0
    block = [i for i in at if i >= (lines.index("*** SUMMARY ***") if "*** SUMMARY ***" in lines else tail)]
    moved = list(lines)
    for i, j in zip(block, reversed(block)):
        moved[i] = lines[j]
    out["summary seat lines reordered"] = moved
    if hand.seats and all(s.player for s in hand.seats):
        out["names with separators"] = _rename(lines, hand, names)
    return out


@pytest.mark.parametrize("fmt", sorted(SPECS))
def test_variants_read_as_the_same_hands(fmt: str) -> None:
    files = _files(fmt)
    if not files:
        pytest.skip(f"no {fmt} file in the corpus folders")
    fmt_obj = FORMATS[fmt]
    failures: list[str] = []
    checked = 0
    for path in files:
        for hand, lines in _chunks(path, fmt):
            want = _signature(hand)
            for name, variant in _variants(fmt, hand, lines).items():
                got = fmt_obj.parse_hand(variant, hand.line, str(path))
                if name == "names with separators":
                    same = (got.status, [(s.seat, s.stack) for s in got.seats]) == (want[0], want[6]) and \
                        _signature(got)[7] == want[7]
                else:
                    same = _signature(got) == want
                checked += 1
                if not same:
                    failures.append(f"{path.name} {hand.hand_id} {name}: {got.status} "
                                    f"{got.problem.message if got.problem else ''}")
    assert checked > 0
    assert failures == [], "\n".join(failures[:20])
