"""PHH reader: values worked out by hand from the sample and from real HandHQ hands, and the
whole PHH corpus read and audited against the reviewed list."""

from __future__ import annotations

import csv
from decimal import Decimal
from pathlib import Path

import pytest

from hhaudit import formats
from hhaudit.engine.auditor import Auditor
from hhaudit.formats.phh import parse_cards, to_units
from hhaudit.model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    Limit,
    Post,
    PostEvent,
    ShowEvent,
    Status,
    Street,
    StreetEvent,
)
from hhaudit.parsing import parse

ROOT = Path(__file__).parents[2]
SAMPLE = ROOT / "sample_histories" / "phh" / "sample.phhs"
CORPUS = ROOT / ".." / "shared" / "corpus" / "phh"
REVIEWED = ROOT / "tests" / "reviewed" / "phh.tsv"


def _hands(text: str) -> list:
    return list(parse(text if "\n" in text else text + "\n"))


def _sample() -> dict:
    return {h.hand_id: h for h in parse(str(SAMPLE))}


def test_amounts_are_exact() -> None:
    # 0.1 + 0.2 in floats is 0.30000000000000004; read as decimals it is 30 cents
    assert to_units(Decimal("0.1"), 2, "x") + to_units(Decimal("0.2"), 2, "x") == 30
    assert to_units(Decimal("0.50"), 2, "x") == 50
    assert to_units(7, 2, "x") == 700
    with pytest.raises(ValueError, match="more than 2 decimals"):
        to_units(Decimal("0.125"), 2, "x")
    with pytest.raises(ValueError, match="negative"):
        to_units(Decimal(-1), 0, "x")
    assert parse_cards("9dThQs") == ["9d", "Th", "Qs"]
    assert parse_cards("??Ad") == [None, "Ad"]


def test_sample_side_pot_hand() -> None:
    h = _sample()["K-1"]
    assert (h.site, h.format, h.game, h.limit, h.currency, h.scale) == ("Home game", "phh", "NLHE",
                                                                       Limit.NO_LIMIT, "", 0)
    assert (h.table_name, h.max_seats, h.button_seat, h.sb, h.bb) == ("Kitchen", 9, 1, 1, 2)
    # 20:15 in Toronto on 9 March 2024 is EST (UTC-5; DST starts on the 10th): 01:15 UTC
    assert h.started_at is not None and h.started_at.isoformat() == "2024-03-10T01:15:00+00:00"
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (2, "Ann", 200), (3, "Bob", 150), (5, "Cyd", 80), (6, "Dee", 300), (8, "Eve", 250), (1, "Fox", 120)]
    posts = [(e.seat, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [(2, Post.SMALL_BLIND, 1), (3, Post.BIG_BLIND, 2)]
    acts = [(e.seat, e.act, e.amount, e.to, e.all_in) for e in h.events if isinstance(e, ActionEvent)]
    assert acts[:4] == [(5, Act.RAISE, None, 6, False), (6, Act.FOLD, None, None, False),
                        (8, Act.CALL, 6, None, False), (1, Act.FOLD, None, None, False)]
    # Ann calls 6 - 1 = 5; Bob raises to 20; Cyd all-in to 80 (his whole 80 stack)
    assert acts[4:7] == [(2, Act.CALL, 5, None, False), (3, Act.RAISE, None, 20, False),
                         (5, Act.RAISE, None, 80, True)]
    # Ann calls 80 - 6 = 74, Bob 80 - 20 = 60; flop bet 50 (a bet: nobody had bet), called;
    # turn 20 called by Bob with his last 20 (150 - 80 - 50)
    assert acts[8:] == [(2, Act.CALL, 74, None, False), (3, Act.CALL, 60, None, False),
                        (2, Act.BET, 50, None, False), (3, Act.CALL, 50, None, False),
                        (2, Act.BET, 20, None, False), (3, Act.CALL, 20, None, True)]
    streets = [(e.street, e.board) for e in h.events if isinstance(e, StreetEvent)]
    assert streets[-1] == (Street.SHOWDOWN, ())
    assert streets[2] == (Street.RIVER, ("Ad", "7s", "2d", "Kc", "4h"))
    deals = {e.seat: e.cards for e in h.events if isinstance(e, DealEvent)}
    assert deals[5] == ("7c", "7d")
    shows = [(e.seat, e.cards) for e in h.events if isinstance(e, ShowEvent)]
    assert shows == [(2, ("Ah", "Kh")), (3, ("Qs", "Qd")), (5, ("7c", "7d"))]  # `sm -`: the dealt 7c7d
    collects = [(e.seat, e.amount) for e in h.events if isinstance(e, CollectEvent)]
    assert collects == [(2, 140), (5, 246)]
    out = Auditor().audit(h)
    assert out.findings == []
    # main pot 3 x 80 + Eve's 6 = 246 to Cyd's trip sevens; side pot 2 x (50 + 20) = 140 to
    # Ann's aces and kings over Bob's queens
    assert [(p.amount, p.expected_winners, p.expected, p.ok) for p in out.pots] == [
        (246, [5], [246], True), (140, [2], [140], True)]
    assert h.summary.rake == 0  # 386 put in, 386 paid


def test_sample_heads_up_blinds_are_reverse_assigned() -> None:
    h = _sample()["K-2"]
    # p2 (Bob, the button) posts the first entry, 1; p1 (Ann) the big blind 2
    assert [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)] == [
        ("Bob", Post.SMALL_BLIND, 1), ("Ann", Post.BIG_BLIND, 2)]
    assert h.button_seat == 2
    out = Auditor().audit(h)
    assert out.findings == []
    # 6 + 6 in the pot, Bob's flop bet of 8 returned: he is paid the 12
    assert [(p.amount, p.expected_winners) for p in out.pots] == [(12, [2])]


def test_sample_fixed_limit_and_pot_limit() -> None:
    h = _sample()["K-3"]
    assert (h.game, h.small_bet, h.big_bet) == ("FLHE", 2, 4)
    out = Auditor().audit(h)
    assert out.findings == []
    # 1 + 6 + 18 + 18 = 43 in the pot, 42 paid: a rake of 1
    assert h.summary.rake == 1
    assert [(p.amount, p.expected_winners) for p in out.pots] == [(43, [4])]
    h = _sample()["K-4"]
    assert (h.game, h.scale, h.sb, h.bb) == ("PLHE", 2, 1, 2)
    # a pot-sized raise to 0.07 and a pot-sized flop bet of 0.16 (0.07 + 0.07 + 0.02)
    assert Auditor().audit(h).findings == []


def test_omaha_is_read() -> None:
    h = _sample()["K-5"]
    # variant 'PO': pot-limit Omaha, four unknown cards each ('d dh p1 ????????'); p3 and
    # p1 fold to p2's big blind, which takes the 3 of the blinds back
    assert (h.status, h.game, h.variant, h.hole_cards, h.hilo) == (Status.AUDITED, "PLO", "omaha", 4, False)
    assert Auditor().audit(h).findings == []


def test_other_variants_are_counted_not_dropped(tmp_path: Path) -> None:
    stud = tmp_path / "stud.phh"
    stud.write_text("variant = 'F7S'\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n"
                    "starting_stacks = [50, 50]\nactions = []\n", encoding="utf-8")
    (h,) = list(parse(str(stud)))
    assert (h.status, h.game) == (Status.UNSUPPORTED_GAME, "F7S")


def test_single_hand_file_and_errors(tmp_path: Path) -> None:
    one = tmp_path / "one.phh"
    one.write_text("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.5, 1]\nmin_bet = 1\n"
                   "starting_stacks = [50, 50]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']\n"
                   "[_extra]\nnote = 'a table of the hand itself'\n")
    (h,) = list(parse(str(one)))
    assert (h.status, h.hand_id, h.scale, h.sb, h.bb) == (Status.AUDITED, f"{one}:1", 1, 5, 10)
    bad = tmp_path / "bad.phhs"
    bad.write_text("[1]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
                   "starting_stacks = [50, 50]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'p3 f']\n\n"
                   "[2]\nvariant = 'NT'\nantes = [0, 0\n\n"
                   "[3]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
                   "starting_stacks = [50, 50]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'p2 xx']\n")
    hands = list(parse(str(bad)))
    assert [h.status for h in hands] == [Status.PARSE_ERROR] * 3
    p1, p2, p3 = (h.problem for h in hands)
    assert p1 is not None and p1.line == 7 and "no player p3" in p1.message
    assert p2 is not None and p2.line == 11 and p2.message.startswith("not TOML")
    assert p3 is not None and p3.line == 19 and "action 3 ('p2 xx')" in p3.message


def test_detect() -> None:
    fmt = formats.detect(["[1]", "variant = 'NT'", "antes = [0, 0]"])
    assert fmt is not None and fmt.name == "phh"
    assert formats.detect(["[tool.hhaudit]", "profile = 'online'"]) is None


def _need_corpus() -> None:
    if not (CORPUS / "MANIFEST.tsv").is_file():
        pytest.skip("the PHH corpus (../shared/corpus/phh) is not present")


def test_real_hand_dead_post_and_rake() -> None:
    """ONG 400NL R5-1718664-219: `blinds_or_straddles = [2, 4, 0, -2, 0]`, p4 posts 2 dead."""
    _need_corpus()
    (h,) = [h for h in parse(str(CORPUS / "ONG_400NL_5.phhs")) if h.hand_id == "R5-1718664-219"]
    posts = [(e.player[:4], e.kind, e.amount, e.dead) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("3U6K", Post.SMALL_BLIND, 200, 0), ("nFSU", Post.BIG_BLIND, 400, 0),
                     ("96vO", Post.DEAD, 0, 200)]
    # pot: 2 dead + 3 x 4 pre-flop + 2 x 10 on the flop = 34; paid 32.30: rake 1.70 (5%).
    # The file's finishing stacks agree: p4 735.90 - 16 = 719.90, p1 544.80 - 14 + 32.30 = 563.10
    assert h.summary.rake == 170
    assert Auditor().audit(h).findings == []


def test_corpus_reads_and_audits_every_hand() -> None:
    _need_corpus()
    with open(CORPUS / "MANIFEST.tsv", encoding="utf-8") as fh:
        listed = {r["file"]: int(r["hands"]) for r in csv.DictReader(fh, delimiter="\t")}
    with open(REVIEWED, encoding="utf-8") as fh:
        reviewed = {(r["file"], r["hand_id"], rule) for r in csv.DictReader(fh, delimiter="\t")
                    for rule in r["rule"].split(",")}
    auditor = Auditor("online")
    found = set()
    for name, count in sorted(listed.items()):
        hands = list(parse(str(CORPUS / name)))
        assert len(hands) == count, name
        assert all(h.status is Status.AUDITED for h in hands), name
        for h in hands:
            found |= {(name, h.hand_id, f.rule) for f in auditor.audit(h).findings}
    assert found == reviewed


_HEADS_UP = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
             "starting_stacks = [50, 50]\n"
             "actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cc', 'p1 cc', 'd db 2c3d4h', 'p1 cc', 'p2 cbr 2',"
             " 'p1 cc', 'd db 5s', 'p1 cc', 'p2 cc', 'd db 9h', 'p1 cc', 'p2 cc', 'p1 sm AsAd', 'p2 sm KsKd']\n"
             "winnings = [7, 0]\n")
"""Heads-up 1/2, 4 in each, p1's aces paid 7."""


def test_a_stated_rake_is_compared(tmp_path: Path) -> None:
    # Heads-up 1/2: p2 (button) completes to 2, p1 checks; on the flop p2 bets 2, p1 calls:
    # 4 each, 8 in all. Paid 7 to p1's aces: with `rake = 1` it adds up; with `rake = 0` the
    # payment is 1 short (AC02); without the field the rake is the 1 the pot kept.
    base = _HEADS_UP
    results = []
    for extra in ("rake = 1\n", "rake = 0\n", ""):
        f = tmp_path / "r.phh"
        f.write_text(base + extra)
        (h,) = parse(str(f))
        results.append((h.summary.rake, sorted({x.rule for x in Auditor().audit(h).findings})))
    assert results == [(1, []), (0, ["AC02"]), (1, [])]


def test_finishing_stacks_beside_winnings_are_checked(tmp_path: Path) -> None:
    # The hand above: 4 in each, p1 paid 7 (rake 1). p1 ends with 50 - 4 + 7 = 53, p2 with
    # 50 - 4 = 46. The stacks the file states after the hand are checked against that (AC06),
    # one finding for the one array, naming every seat it has wrong.
    base = _HEADS_UP + "finishing_stacks = {ends}\n"
    got = []
    for ends in ("[53, 46]", "[53, 47]", "[46, 53]"):
        f = tmp_path / "e.phh"
        f.write_text(base.format(ends=ends))
        (h,) = parse(str(f))
        got.append([(x.rule, x.line, x.expected, x.actual, x.expected_amount, x.actual_amount)
                    for x in Auditor().audit(h).findings])
    assert got == [[], [("AC06", 8, "p2 ends with 46", "p2 ends with 47", 46, 47)],
                   [("AC06", 8, "p1 ends with 53, p2 ends with 46", "p1 ends with 46, p2 ends with 53", 53, 46)]]


_SHORT_ANTE = """variant = 'NT'
ante_trimming_status = {status}
antes = [5, 5, 5]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [1000, 1000, 3]
actions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'd dh p3 AsAc', 'p1 cc', 'p2 cc',
           'd db 2h3s4d', 'p1 cc', 'p2 cc', 'd db 9s', 'p1 cc', 'p2 cc', 'd db Tc', 'p1 cc', 'p2 cc',
           'p3 sm AsAc', 'p1 sm AhKh', 'p2 sm QsQd']
winnings = [0, {p2}, {p3}]
"""


def test_untrimmed_short_ante_is_not_judged(tmp_path: Path) -> None:
    # phh-std "Ante Trimming Status": false (the default), p3, all-in for 3 of a 5 ante,
    # "can win all the antes" (5 + 5 + 3 = 13) though he paid 3 of each: a pot the audit does
    # not build, so who is paid what is not judged; true trims his win to 3 of each (9)
    untrimmed = tmp_path / "untrimmed.phh"
    untrimmed.write_text(_SHORT_ANTE.format(status="false", p2=40, p3=13))
    (h,) = list(parse(str(untrimmed)))
    assert h.status is Status.AUDITED
    assert h.not_judged == ["p3 is all-in for part of the ante and, untrimmed, may win all the antes "
                            "(winner, side_pot, odd_chip)"]
    assert not [f for f in Auditor().audit(h).findings if f.rule.startswith(("SP", "WN"))]
    trimmed = tmp_path / "trimmed.phh"
    trimmed.write_text(_SHORT_ANTE.format(status="true", p2=40, p3=13))
    (t,) = list(parse(str(trimmed)))
    assert t.not_judged == []
    assert "SP01" in {f.rule for f in Auditor().audit(t).findings}  # 13 paid where 9 is his pot
    trimmed.write_text(_SHORT_ANTE.format(status="true", p2=44, p3=9))
    (t,) = list(parse(str(trimmed)))
    assert [f.rule for f in Auditor().audit(t).findings] == []


def test_time_in_the_local_zone_of_the_place(tmp_path: Path) -> None:
    # phh-std "Time": no zone, but a city, region and country: the time is the place's local
    # time (Las Vegas, 12:00 PDT = 19:00 UTC), not UTC; hhaudit keeps it as written
    base = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
            "starting_stacks = [50, 50]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']\n"
            "time = 12:00:00\nday = 1\nmonth = 7\nyear = 2019\n")
    place = "city = 'Las Vegas'\nregion = 'Nevada'\ncountry = 'United States of America'\n"
    f = tmp_path / "vegas.phh"
    f.write_text(base + place)
    (h,) = list(parse(str(f)))
    assert h.started_at is None
    assert h.local_time is not None and h.local_time.isoformat() == "2019-07-01T12:00:00"
    f.write_text(base + place + "time_zone = 'America/Los_Angeles'\n")
    (h,) = list(parse(str(f)))
    assert h.started_at is not None and h.started_at.isoformat() == "2019-07-01T19:00:00+00:00"
    f.write_text(base + "city = 'Las Vegas'\n")  # not all three: UTC
    (h,) = list(parse(str(f)))
    assert h.started_at is not None and h.started_at.isoformat() == "2019-07-01T12:00:00+00:00"


def test_a_dead_post_is_not_returned_as_unmatched(tmp_path: Path) -> None:
    # p4 posts a dead small blind (-2: 2 dead) and raises to 16; all fold. His unmatched bet is
    # 16 - 4 = 12 (the dead 2 stays in the pot): the pot is 2 + 4 + 2 + 4 = 12, paid 12 (the
    # HandHQ conversion's `winnings` without the returned bet), so no rake, not 12 of 12
    f = tmp_path / "dead.phh"
    f.write_text("variant = 'NT'\nantes = [0, 0, 0, 0, 0]\nblinds_or_straddles = [2, 4, 0, -2, 0]\n"
                 "min_bet = 4\nstarting_stacks = [400, 400, 400, 150, 400]\n"
                 "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????',"
                 " 'p3 f', 'p4 cbr 16', 'p5 f', 'p1 f', 'p2 f']\n"
                 "winnings = [0, 0, 0, 12, 0]\nfinishing_stacks = [398, 396, 400, 156, 400]\n")
    (h,) = list(parse(str(f)))
    assert h.summary.rake == 0
    assert [x.rule for x in Auditor().audit(h).findings] == []
    # a big-blind ante is not returned either: a raise to 11 over a 5 blind returns 6, the
    # pot is 2 + 5 + 5 + 5 = 17, paid 17: no rake (not 5, as 11 over 10 put in would make it)
    f.write_text("variant = 'NT'\nantes = [0, 5, 0]\nblinds_or_straddles = [2, 5, 0]\nmin_bet = 5\n"
                 "starting_stacks = [100, 100, 100]\n"
                 "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 11', 'p1 f', 'p2 f']\n"
                 "winnings = [0, 0, 17]\n")
    (h,) = list(parse(str(f)))
    assert h.summary.rake == 0
    assert [x.rule for x in Auditor().audit(h).findings] == []
