"""The real Omaha hands of the corpus: `OMAHA.txt`'s files and the Omaha hands of the mixed
files (`HANDS.tsv` game `omaha`), read by every format that writes Omaha.

Each hand is read whole, named Omaha with its game code (PLO, PLO5, PLO6, PLO8, FLO8, NLO8,
...), and is `audited` once the auditor judges its game,
`unsupported_game` before (`games.is_audited`: Omaha high first, Hi/Lo later): never a
`parse_error`, but for the files cut on purpose.

What the reading gives the auditor (bets, uncalled bets, payments, stated totals) is checked
by replaying the hands: the findings must be the reviewed ones of `tests/reviewed/omaha.tsv`
(each with the reason the site's log is wrong). For a game the auditor does not judge yet
(Hi/Lo) the hand is replayed all the same, the showdown (winner, odd chip and side-pot
categories, which need the game's own hand values) left out.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from functools import cache
from pathlib import Path

from conftest_corpus import corpus

from hhaudit.engine.auditor import Auditor
from hhaudit.engine.games import is_audited
from hhaudit.model import Hand, Status
from hhaudit.parsing import parse

REVIEWED = Path(__file__).parent / "reviewed" / "omaha.tsv"

READ_FORMATS = frozenset({"pokerstars", "ggpoker", "winamax", "ipoker", "bovada", "everleaf", "fulltilt", "pacific", "partypoker", "wpn", "wpn2019",
                          "kingsclub", "pkr", "enet", "cake", "merge_xml", "microgaming_xml", "boss", "everest_xml",
                          "entraction", "ongame", "pt_microgaming", "absolute", "betfair", "swc"})
"""The formats that read Omaha; the files of the others are not checked yet."""

SHOWDOWN = frozenset({"winner", "odd_chip", "side_pot"})

CUT: dict[tuple[str, int], str] = {
    ("PLO-6max-USD-2.00-4.00-201403.2.partial.txt", 19): "the file's second hand stops inside its flop line",
    ("PLO-6max-USD-2.00-4.00-201403.2.partial.txt", 40): "a hand cut after a player's name, the next header on",
}
"""(file name, line) of the parse errors: files cut on purpose by the corpus' source."""

NOT_READ: dict[tuple[str, int], str] = {}
"""(file name, line) of the parse errors of layouts hhaudit does not read (README, Formats)."""


def _omaha_files() -> list[str]:
    with open(corpus() / "OMAHA.txt", encoding="utf-8") as fh:
        return [line.strip() for line in fh if line.strip()]


def _mixed_omaha() -> dict[str, set[str]]:
    """Mixed-game file -> ids of its hands `HANDS.tsv` lists as Omaha."""
    out: dict[str, set[str]] = {}
    with open(corpus() / "HANDS.tsv", encoding="utf-8") as fh:
        for row in csv.reader(fh, delimiter="\t"):
            if len(row) > 4 and row[4] == "omaha":
                out.setdefault(row[0], set()).add(row[3])
    return out


@cache
def read() -> list[tuple[str, Hand]]:
    """(file, hand) of every Omaha hand (and every parse error) of the files whose format
    reads Omaha."""
    root = corpus()
    out = []
    for rel in _omaha_files():
        hands = list(parse(str(root / rel)))
        if hands and hands[0].format in READ_FORMATS:
            out += [(rel, h) for h in hands]
    for rel, ids in sorted(_mixed_omaha().items()):
        hands = list(parse(str(root / rel)))
        if hands and hands[0].format in READ_FORMATS:
            out += [(rel, h) for h in hands if h.hand_id in ids or h.status is Status.PARSE_ERROR]
    return out


def test_no_parse_error_but_the_cut_files() -> None:
    errors = {(rel.split("/")[-1], h.problem.line) for rel, h in read() if h.problem is not None}
    assert errors == set(CUT) | set(NOT_READ)


def test_cut_hands_say_so_and_leave_the_others_whole() -> None:
    rel = "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/cash/Stars/Flop/PLO-6max-USD-2.00-4.00-201403.2.partial.txt"
    hands = list(parse(str(corpus() / rel)))
    # line 19 "*** FLOP *** [Js 3d " and line 40 "Player0": each the last line of its hand,
    # the next header after a blank line
    cut = [(h.hand_id, h.problem.line, h.problem.message) for h in hands if h.problem is not None]
    # (PokerStars keeps a line it does not know, so the cut line is named as the hand's last)
    assert cut == [(hid, line, "the hand stops here, before it is complete (cut off)")
                   for hid, line in (("112824228684", 19), ("112824184047", 40))]
    assert [h.status for h in hands[2:]] == [Status.AUDITED] * (len(hands) - 2) and len(hands) == 4


def _judged(h: Hand) -> bool:
    return is_audited(h.variant, h.hole_cards, h.hilo)


def test_every_hand_is_omaha_and_judged_as_the_auditor_can() -> None:
    hands = [(rel, h) for rel, h in read() if h.status is not Status.PARSE_ERROR]
    assert len(hands) > 130
    assert [(rel, h.hand_id) for rel, h in hands if h.variant != "omaha"] == []
    assert [(rel, h.hand_id) for rel, h in hands
            if h.status is not (Status.AUDITED if _judged(h) else Status.UNSUPPORTED_GAME)] == []


def test_mixed_files_name_their_omaha_hands() -> None:
    mixed = _mixed_omaha()
    got = Counter((rel.split("/")[-1], h.game) for rel, h in read() if rel in mixed and h.status is not Status.PARSE_ERROR)
    assert got == Counter({
        # PokerStars' 8-Game: 17 hands of "Omaha Hi/Lo Limit" and one of "Omaha Pot Limit"
        ("8-Game-2max-STT-play-100-201306.homeGame.shootout.txt", "FLO8"): 17,
        ("8-Game-2max-STT-play-100-201306.homeGame.shootout.txt", "PLO"): 1,
        # Full Tilt's 10-Game: ten "Pot Limit Omaha Hi" and one "Limit Omaha Hi/Lo"
        ("10Game-6max-USD-2.50-5.201104.Sample.txt", "PLO"): 10,
        ("10Game-6max-USD-2.50-5.201104.Sample.txt", "FLO8"): 1,
        # Merge's HORSE (stakes "Limit"): the four <game multigametype="37" numholecards="4">
        ("HORSE-Tournament-Freeroll.201107.xml", "FLO8"): 4,
    })


_NAMED: dict[str, str] = {
    "PLO-6-max-USD-30-60-201703.converted.secondsb.txt": "FLO",  # header: "Omaha Fixed Limit"
    "LO8-6max-USD-0.05-0.10-20090315.Hand-cancelled.txt": "PLO",  # header: "Omaha Pot Limit"
    "5-Card-PLO-6max-USD-15-30-201905.PokerMaster.txt": "PLO5",  # "Omaha Pot Limit", five cards dealt
    "PLO-NLO-6max-MTT-USD-8.40-202104.KO.txt": "NLO",
    "AOF-PLO-USD-100-200-202308.txt": "PLO",  # KingsClub's all-in-or-fold "Pot Limit Omaha"
    "PLO8-2max-USD-30-60-200912.txt": "FLO8",  # Absolute's "Omaha Hi/Lo (1 on 1)  Normal $30/$60"
    "5-Card-PLO-6max-EUR-2.00-4.00-201611.raiseTo.txt": "PLO5-8",
    "888-FLOHL-PM-30-60.txt": "FLO8",
    "LO8-6max-USD-0.05-0.10-202302.forward.slash.txt": "PLO8",
    # Winning's old layout names no limit: no-limit sizes unless the bets are fixed ones
    "PLO-USD-2.50-5.00-201505.no.hero.HH00000000 G0.txt": "NLO",
    "PLO8-6max-USD-0.10-0.25-201608.HH00000000 G0.txt": "NLO8",
    "PLO8-6max-USD-3-6-201701.short.HH20170115 G31084891.txt": "NLO8",  # a 402.40 raise into 21
    "PLO8-6max-USD-40-80-201610.disconnected.allin.HH00000000 G0.txt": "FLO8",  # bets of 40 and 80  # "Omaha Hi/Lo Game Table (PL)"  # "Fix Limit OmahaHL": the name's "HL" is Hi/Lo  # "5 Card Omaha Hi/Lo pot limit"  # "Omaha (NL postflop)": PL pre-flop, NL after
}
"""Files whose name does not say the game their headers name (the header is right)."""


def _code_of_name(name: str) -> str:
    """The game code a corpus file's name gives: "5-Card-PLO8-" is PLO5-8, "LO8-" fixed-limit
    Omaha Hi/Lo (FLO8), "NLO8-" no-limit Omaha Hi/Lo."""
    m = re.match(r"(?:888-)?(?:(?P<count>[56])-?Card-)?(?P<limit>PL|NL|FL|L|)O(?P<count2>[56])?(?P<hilo>8)?-", name)
    assert m is not None, name
    count = m.group("count") or m.group("count2") or ""
    limit = {"": "FL", "L": "FL"}.get(m.group("limit"), m.group("limit"))
    return f"{limit}O{count}" + (("-8" if count else "8") if m.group("hilo") else "")


def test_game_codes_are_the_file_names_games() -> None:
    wrong = []
    mixed = _mixed_omaha()
    for rel, h in read():
        if rel in mixed or h.status is Status.PARSE_ERROR:
            continue
        name = rel.split("/")[-1]
        want = _NAMED.get(name) or _code_of_name(name)
        if h.game != want:
            wrong.append((name, h.hand_id, h.game, want))
    assert wrong == []


@cache
def findings() -> set[tuple[str, str, str]]:
    """(file name, hand id, rule) of every finding on the hands read: judged whole where the
    auditor judges the game, else replayed for everything but the showdown."""
    auditor = Auditor("online")
    out = set()
    for rel, h in read():
        if h.status is Status.PARSE_ERROR:
            continue
        judged = _judged(h)
        if not judged:
            h.status = Status.AUDITED
        try:
            for f in auditor.audit(h).findings:
                if judged or f.category not in SHOWDOWN:
                    out.add((rel.split("/")[-1], h.hand_id, f.rule))
        finally:
            if not judged:
                h.status = Status.UNSUPPORTED_GAME
    return out


ENGINE: dict[tuple[str, str, str], str] = {}
"""Findings that are the auditor's, not the log's: reported, to be fixed there (the test fails
when one is no longer reported, so that the list is kept short)."""


def test_no_finding_except_reviewed() -> None:
    with open(REVIEWED, encoding="utf-8") as fh:
        reviewed = {(r["file"], r["hand_id"], r["rule"]) for r in csv.DictReader(fh, delimiter="\t")}
    files_read = {rel.split("/")[-1] for rel, _ in read()}
    reviewed = {r for r in reviewed if r[0] in files_read}
    found = findings()
    assert set(ENGINE) <= found, "an auditor issue is fixed: take it off ENGINE"
    found -= set(ENGINE)
    assert found - reviewed == set(), "new findings on real hands (bugs until proven otherwise)"
    # the showdown's findings of a game not judged yet are listed for the day it is
    assert {r for r in reviewed - found if not r[2].startswith(("WN", "OC", "SP"))} == set()
