"""Live-game logs: the format (one test per construct), the live-only rules on every
TDA-2024 worked example of rules.md §4 and §1d, and the sample session against the
findings worked out by hand in sample_histories/live/session-1.expected.tsv."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from hhaudit.engine.auditor import Auditor
from hhaudit.engine.live_rules import LiveAction, OutOfTurn
from hhaudit.model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    FeeEvent,
    Limit,
    Post,
    PostEvent,
    ShowEvent,
    Status,
    Street,
    StreetEvent,
)
from hhaudit.parsing import parse

ROOT = Path(__file__).resolve().parents[1]
SESSION = ROOT / "sample_histories" / "live" / "session-1.live"


def hands(text: str):
    return list(parse(text))


def one(text: str):
    (h,) = hands(text)
    assert h.status is Status.AUDITED, h.problem
    return h


def findings(text: str, profile: str = "tda-2024"):
    out = []
    auditor = Auditor(profile)
    for h in hands(text):
        out.extend(auditor.audit(h).findings)
    return out


def rows(text: str, profile: str = "tda-2024"):
    return [(f.line, f.rule) for f in findings(text, profile)]


def acts(h):
    return [(e.player, e.act.value, e.amount, e.to) for e in h.events if isinstance(e, ActionEvent)]


# --------------------------------------------------------------------------- the format

HEAD = "# hhaudit live log\ngame NL 100/200\n"


def test_detected_by_game_line_or_magic_comment():
    h = one("game NL 100/200\nhand 1\nbutton 1\nseat 1 A 1000\nseat 2 B 1000\nA sb 100\nB bb 200\nA fold\n")
    assert h.format == "live" and h.game == "NLHE" and (h.sb, h.bb) == (100, 200)
    h = one("# hhaudit live log\n\ngame PL 1/2\nhand 1\nbutton 1\nseat 1 A 100\nseat 2 B 100\nA sb 1\nB bb 2\nA fold\n")
    assert h.limit is Limit.POT_LIMIT and h.profile == ""


def test_game_line_options_and_fixed_limit():
    h = one("game FL 100/200 ante 10 rake 10% max 50 oddchip button profile roberts-cash table T7 seats 9\n"
            "hand 9\nbutton 2\nseat 1 A 1000\nseat 2 B 1000\nB sb 50\nA bb 100\nB fold\n")
    assert h.limit is Limit.FIXED_LIMIT and (h.small_bet, h.big_bet, h.sb, h.bb) == (100, 200, 50, 100)
    assert (h.ante, h.profile, h.table_name, h.max_seats, h.hand_id) == (10, "roberts-cash", "T7", 9, "9")


def test_level_changes_stakes_between_hands():
    text = HEAD + ("hand 1\nbutton 1\nseat 1 A 5000\nseat 2 B 5000\nA sb 100\nB bb 200\nA fold\n"
                   "level 200/400 bbante 400\n"
                   "hand 2\nbutton 2\nseat 1 A 4900\nseat 2 B 5100\nB sb 200\nA bb 400\nA bbante 400\nB fold\n")
    h1, h2 = hands(text)
    assert (h1.sb, h1.bb, h1.ante) == (100, 200, 0)
    assert (h2.sb, h2.bb, h2.ante) == (200, 400, 400)
    assert [(e.player, e.kind, e.amount) for e in h2.events if isinstance(e, PostEvent)] == [
        ("B", Post.SMALL_BLIND, 200), ("A", Post.BIG_BLIND, 400), ("A", Post.ANTE, 400)]


def test_case_spacing_and_comments_forgiven():
    h = one(HEAD + "HAND 1   # first hand\n  Button   2\nSEAT 1 Alice 1,000\nseat 2:  Bob 1.5k\n"
            "alice SB 100\nBOB Bb 200 # late\nAlice RAISES TO 600\nbob Calls\nFLOP ah KD 10c\nalice X\nbob x\n")
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [(1, "Alice", 1000), (2, "Bob", 1500)]
    assert acts(h) == [("Alice", "raise", None, 600), ("Bob", "call", 400, None),
                       ("Alice", "check", None, None), ("Bob", "check", None, None)]
    assert [e.board for e in h.events if isinstance(e, StreetEvent)] == [("Ah", "Kd", "Tc")]


def test_seats_empty_and_sitting_out():
    h = one(HEAD + "hand 1\nbutton 1\nseat 1 A 1000\nseat 2 empty\nseat 3 C 1000 out\nseat 4 D 1000\n"
            "D sb 100\nA bb 200\nD fold\n")
    assert [(s.seat, s.sitting_out) for s in h.seats] == [(1, False), (3, True), (4, False)]


def test_posts_straddle_dead_and_allin():
    h = one(HEAD + "hand 1\nbutton 1\nseat 1 A 1000\nseat 2 B 1000\nseat 3 C 1000\nseat 4 D 150\nseat 5 E 1000\n"
            "B sb 100\nC bb 200\nD straddle 150 allin\nE post 200 dead 100\nA ante 25\nA fold\n")
    assert [(e.player, e.kind, e.amount, e.dead, e.all_in) for e in h.events if isinstance(e, PostEvent)] == [
        ("B", Post.SMALL_BLIND, 100, 0, False), ("C", Post.BIG_BLIND, 200, 0, False),
        ("D", Post.STRADDLE, 150, 0, True), ("E", Post.DEAD, 200, 100, False), ("A", Post.ANTE, 25, 0, False)]


def test_automatic_posts_when_none_written():
    h = one("game NL 100/200 ante 25\nhand 1\nbutton 3\nseat 1 A 1000\nseat 2 B 1000\nseat 3 C 1000\nC fold\nA fold\n")
    assert [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)] == [
        ("A", Post.ANTE, 25), ("B", Post.ANTE, 25), ("C", Post.ANTE, 25),
        ("A", Post.SMALL_BLIND, 100), ("B", Post.BIG_BLIND, 200)]


def test_hole_cards_boards_show_muck_pay_rake_pot_jackpot():
    h = one(HEAD + "hand 1\nbutton 1\nseat 1 A 1000\nseat 2 B 1000\nA sb 100\nB bb 200\nA cards Ah Kh\n"
            "A call\nB check\nflop 2c 3d 4h\nturn 5s\nriver 9h\nB shows Qs Qd\nA mucks\n"
            "pay main B 380\nrake 10\njackpot 10\npot 400\n")
    assert [e.cards for e in h.events if isinstance(e, DealEvent)] == [("Ah", "Kh")]
    assert [(e.street, e.board) for e in h.events if isinstance(e, StreetEvent)][-1] == (
        Street.RIVER, ("2c", "3d", "4h", "5s", "9h"))
    assert [(e.player, e.cards, e.muck) for e in h.events if isinstance(e, ShowEvent)] == [
        ("B", ("Qs", "Qd"), False), ("A", (), True)]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("B", 380, 0)]
    assert [(e.kind, e.amount) for e in h.events if isinstance(e, FeeEvent)] == [("jackpot", 10)]
    assert (h.summary.rake, h.summary.total_pot) == (10, 400)
    assert rows(HEAD + "hand 1\nbutton 1\nseat 1 A 1000\nseat 2 B 1000\nA sb 100\nB bb 200\n"
                "A call\nB check\nflop 2c 3d 4h\nB x\nA x\nturn 5s\nB x\nA x\nriver 9h\nB x\nA x\nB shows Qs Qd\nA mucks\n"
                "pay main B 380\nrake 10\njackpot 10\npot 400\n") == []


def test_side_pot_names():
    h = one(HEAD + "hand 1\nbutton 1\nseat 1 A 100\nseat 2 B 1000\nseat 3 C 1000\nB sb 100\nC bb 200\n"
            "A allin\nB call\nC call\nflop 2c 3d 4h\nturn 5s\nriver 9h\nA shows As Ad\nB shows Ks Kd\nC mucks\n"
            "pay main A 300\npay side1 B 200\npay side 2 B 0\npay B 0\n")
    assert [(e.player, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [
        ("A", 0), ("B", 1), ("B", 2), ("B", None)]


def test_short_verbs_and_allin_resolve_from_the_state():
    h = one(HEAD + "hand 1\nbutton 3\nseat 1 A 1000\nseat 2 B 5000\nseat 3 C 5000\nA sb 100\nB bb 200\n"
            "C r 500\nA shove\nB f\nC c\n")
    assert acts(h) == [("C", "raise", None, 500), ("A", "raise", None, 1000), ("B", "fold", None, None),
                       ("C", "call", 500, None)]
    assert [e.all_in for e in h.events if isinstance(e, ActionEvent)] == [False, True, False, False]


def test_says_chips_chip_oot_ruling_and_end_are_recorded():
    h = one(HEAD + "hand 1\nbutton 1\nseat 1 A 5000\nseat 2 B 5000\nseat 3 C 5000\nB sb 100\nC bb 200\n"
            "A says raise\nA chips 1000\nA chips 500\nruling A raise 1000 returned 500\noot C call\nB fold\n"
            "C chip 1000\nflop 2c 3d 4h\nC check\nA chips 200+2x100\nC fold\nend A 6300 C 4000\n")
    live = [r for r in h.live if isinstance(r, LiveAction)]
    a, c, a2 = live
    assert a.said.kind == "raise" and a.said_first and [m.chips for m in a.motions] == [(1000,), (500,)]
    assert (a.ruling.act, a.ruling.to, a.ruling.returned, a.ruling.line) == ("raise", 1000, 500, 13)
    assert c.motions[0].single and c.motions[0].chips == (1000,) and c.ruling is None
    (o,) = [r for r in h.live if isinstance(r, OutOfTurn)]
    assert (o.player, o.act, o.line) == ("C", "call", 14)
    # accepted actions: the ruling; with no ruling, what the chips amount to
    assert acts(h) == [("A", "raise", None, 1000), ("B", "fold", None, None), ("C", "call", 800, None),
                       ("C", "check", None, None), ("A", "bet", None, 400), ("C", "fold", None, None)]
    assert a2.motions[0].chips == (200, 100, 100)


def test_malformed_lines_are_parse_findings_and_the_rest_is_audited():
    text = HEAD + ("hand 1\nbutton 1\nseat 1 A 1000\nseat 2 B 1000\nA sb 100\nB bb 200\nA raiz 600\n"
                   "hand 2\nbutton 2\nseat 1 A 1000\nseat 2 B 1000\nB sb 100\nA bb 200\nB raise 600\nA call\n"
                   "flop Ah Kd\n"
                   "hand 3\nbutton 1\nseat 1 A 1000\nseat 2 B 1000\nA sb 100\nB bb 200\nA fold\n"
                   "level 200/x00\n"
                   "hand 4\nbutton 1\nseat 1 A 1000\nseat 2 B 1000\nA sb 100\nB bb 200\nA fold\n")
    hs = hands(text)
    assert [h.status for h in hs] == [Status.PARSE_ERROR, Status.PARSE_ERROR, Status.AUDITED,
                                      Status.PARSE_ERROR, Status.AUDITED]
    fs = findings(text)
    assert [(f.line, f.rule, f.category) for f in fs] == [(9, "PA01", "parse"), (18, "PA01", "parse"),
                                                          (26, "PA01", "parse")]
    assert fs[0].actual == "column 3: A raiz 600"
    assert "3 cards expected" in fs[1].message
    assert fs[2].actual.startswith("column 1: level 200/x00") or "column" in fs[2].actual


# --------------------------------------------------------------------------- TDA-2024 §4

UTG_RAISE = ("game NL 250/500\nhand 1\nbutton 1\nseat 1 Btn 20000\nseat 2 Sb 20000\nseat 3 Bb 20000\n"
             "seat 4 Utg 20000\nseat 5 Dan 20000\nSb sb 250\nBb bb 500\nUtg raise 1100\n")


def one_finding(text, profile="tda-2024"):
    fs = [f for f in findings(text, profile) if f.rule.startswith("SB")]
    assert len(fs) == 1, [(f.rule, f.expected, f.actual) for f in fs]
    return fs[0]


def test_1000_plus_500_is_a_call():
    assert acts(one(UTG_RAISE + "Dan chips 1000+500\n"))[-1] == ("Dan", "call", 1100, None)
    f = one_finding(UTG_RAISE + "Dan chips 1000+500\nruling Dan raise 1500\n")
    assert (f.rule, f.line, f.category) == ("SB03", 13, "string_bet")
    assert f.expected == "call of 1100, 400 returned"
    assert f.actual == "ruled a raise to 1500"


def test_1000_plus_five_100s_is_a_forced_raise_to_1700():
    assert acts(one(UTG_RAISE + "Dan chips 1000+5x100\n"))[-1] == ("Dan", "raise", None, 1700)
    f = one_finding(UTG_RAISE + "Dan chips 1000+100+100+100+100+100\nruling Dan call\n")
    assert (f.rule, f.expected, f.actual) == ("SB03", "raise to 1700", "ruled a call of 1100, 400 returned")


def test_1000_plus_three_100s_is_a_call_with_200_returned():
    f = one_finding(UTG_RAISE + "Dan chips 1000+3x100\nruling Dan raise 1300\n")
    assert (f.rule, f.expected) == ("SB03", "call of 1100, 200 returned")
    assert [f.rule for f in findings(UTG_RAISE + "Dan chips 1000+3x100\nruling Dan call\n")] == []


def test_addendum_45_ex_4_opening_1400():
    base = ("game NL 250/500\nhand 1\nbutton 3\nseat 1 Sb 20000\nseat 2 Bb 20000\nseat 3 A 20000\nseat 4 B 2500\n"
            "seat 5 C 20000\nSb sb 250\nBb bb 500\n")
    # A opens 1400 after the BB: use a flop so 1400 is the opening bet
    post = ("game NL 250/500\nhand 1\nbutton 5\nseat 1 A 20000\nseat 2 B 20000\nseat 3 C 20000\n"
            "A sb 250\nB bb 500\nC call\nA call\nB check\nflop 2c 3d 4h\nA bet 1400\n")
    assert acts(one(post + "B chips 1000+3x500\n"))[-1] == ("B", "raise", None, 2800)
    assert acts(one(post + "B chips 1000+2x500\n"))[-1] == ("B", "call", 1400, None)
    assert base  # (the all-in variant is covered by test_last_chips_are_all_in)


def test_last_chips_are_all_in():
    text = ("game NL 250/500\nhand 1\nbutton 5\nseat 1 A 20000\nseat 2 B 2500\nseat 3 C 20000\n"
            "A sb 250\nB bb 500\nC call\nA call\nB check\nflop 2c 3d 4h\nA bet 1400\nB chips 1000+2x500\n")
    # 500 left behind after the preflop 500: the 2000 pushed are B's last chips
    assert acts(one(text))[-1] == ("B", "raise", None, 2000)


def test_525_overbet_for_change_is_a_raise_to_650():
    text = ("game NL 25/50\nhand 1\nbutton 3\nseat 1 A 5000\nseat 2 B 5000\nseat 3 C 5000\n"
            "A sb 25\nB bb 50\nC call\nA call\nB check\nflop 2c 3d 4h\nA bet 325\nB chips 500+25\n")
    assert acts(one(text))[-1] == ("B", "raise", None, 650)
    f = one_finding(text + "ruling B call\n")
    assert (f.rule, f.expected, f.actual) == ("SB03", "raise to 650", "ruled a call of 325, 200 returned")


def test_oversized_chip_is_a_call():
    text = HEAD + "hand 1\nbutton 1\nseat 1 A 5000\nseat 2 Bob 5000\nseat 3 C 5000\nBob sb 100\nC bb 200\nA fold\n"
    assert acts(one(text + "Bob chip 500\n"))[-1] == ("Bob", "call", 100, None)
    f = one_finding(text + "Bob chip 500\nruling Bob raise 600\n")
    assert (f.rule, f.name, f.expected, f.actual) == (
        "SB02", "oversized-chip-misruled", "call of 100, 400 returned", "ruled a raise to 600")
    # "raise" declared before the chip lands: the largest raise the chip allows
    assert acts(one(text + "Bob says raise\nBob chip 500\n"))[-1] == ("Bob", "raise", None, 600)
    # not facing a bet: a bet of the chip's full value
    flop = text + "Bob call\nC check\nflop 2c 3d 4h\nBob chip 1000\n"
    assert acts(one(flop))[-1] == ("Bob", "bet", None, 1000)


def test_string_bet_first_motion_decides():
    text = HEAD + ("hand 1\nbutton 3\nseat 1 A 5000\nseat 2 Bob 5000\nseat 3 C 5000\nA sb 100\nBob bb 200\n"
                   "C call\nA call\nBob check\nflop 2c 3d 4h\nA bet 500\nBob chips 500\nBob chips 1000\n")
    assert acts(one(text))[-1] == ("Bob", "call", 500, None)
    f = one_finding(text + "ruling Bob raise 1500\n")
    assert (f.rule, f.line, f.expected, f.actual) == (
        "SB01", 17, "call of 500, 1000 returned", "ruled a raise to 1500")


def test_multi_trip_after_raise_depends_on_the_profile():
    text = HEAD + ("hand 1\nbutton 3\nseat 1 A 5000\nseat 2 Bob 5000\nseat 3 C 5000\nA sb 100\nBob bb 200\n"
                   "C call\nA call\nBob check\nflop 2c 3d 4h\nA bet 500\n"
                   "Bob says raise\nBob chips 1000\nBob chips 500\nruling Bob raise 1500\n")
    f = one_finding(text)
    assert (f.rule, f.expected) == ("SB01", "raise to 1000, 500 returned")
    assert [f.rule for f in findings(text, "roberts-cash")] == []


def test_undercall_is_a_mandatory_full_call():
    text = HEAD + ("hand 1\nbutton 3\nseat 1 A 5000\nseat 2 B 5000\nseat 3 C 5000\nA sb 100\nB bb 200\n"
                   "C call\nA call\nB check\nflop 2c 3d 4h\nA bet 500\nB chips 300\n")
    assert acts(one(text))[-1] == ("B", "call", 500, None)
    f = one_finding(text + "ruling B fold returned 300\n")
    assert (f.rule, f.expected, f.actual) == ("SB04", "call of 500", "ruled fold, 300 returned")


def test_declaration_first_is_binding():
    text = HEAD + ("hand 1\nbutton 3\nseat 1 A 5000\nseat 2 B 5000\nseat 3 C 5000\nA sb 100\nB bb 200\n"
                   "C call\nA call\nB check\nflop 2c 3d 4h\nA bet 500\nB says call\nB chips 1500\n")
    assert acts(one(text))[-1] == ("B", "call", 500, None)
    f = one_finding(text + "ruling B raise 1500\n")
    assert (f.rule, f.expected, f.actual) == ("SB05", "call of 500, 1000 returned", "ruled a raise to 1500")
    # facing 1000, saying "fourteen hundred" is a call (43-A)
    t2 = HEAD + ("hand 1\nbutton 3\nseat 1 A 5000\nseat 2 B 5000\nseat 3 C 5000\nA sb 100\nB bb 200\n"
                 "C call\nA call\nB check\nflop 2c 3d 4h\nA bet 1000\nB says 1400\n")
    assert acts(one(t2))[-1] == ("B", "call", 1000, None)


# --------------------------------------------------------------------------- TDA-2024 §1d, 53-A

FLOP = ("game NL 50/100\nhand 1\nbutton 6\nseat 3 S3 10000\nseat 4 S4 10000\nseat 5 S5 10000\n"
        "seat 6 S6 10000\nS3 sb 50\nS4 bb 100\nS5 call\nS6 call\nS3 call\nS4 check\nflop 2c 7d Kh\n")


def test_53a_ex1_unchanged_action_binds_the_raise_to_800():
    text = FLOP + "S3 bet 300\nS4 fold\noot S6 raise 800\nS5 call\n"
    assert rows(text + "S6 raise 800\n") == []
    f = one_finding(text + "S6 call\n")
    assert (f.rule, f.category, f.line) == ("SB06", "action_order", 19)
    assert f.expected == "raise to 800 (out-of-turn action binding)"
    assert f.actual == "call of 300"


def test_53a_ex1_changed_action_gives_every_option():
    text = FLOP + "S3 bet 300\nS4 fold\noot S6 raise 800\nS5 raise 600\n"
    assert rows(text + "S6 call\n") == []
    assert rows(text + "S6 raise 900\n") == []
    f = one_finding(text + "S6 says call\nruling S6 raise 800\n")
    assert f.expected == ("any option: call 600, raise to at least 900, or fold "
                          "(the out-of-turn \"raise 800\" is not binding)")
    assert f.actual == "ruled bound to the out-of-turn raise to 800"


def test_53a_ex2_out_of_turn_check():
    text = FLOP + "S3 check\nS4 check\noot S6 check\n"
    assert rows(text + "S5 check\nS6 check\n") == []
    f = one_finding(text + "S5 check\nS6 bet 300\n")
    assert (f.rule, f.expected, f.actual) == ("SB06", "check (out-of-turn action binding)", "bet of 300")
    assert rows(text + "S5 bet 300\nS6 raise 600\nS3 fold\nS4 fold\nS5 call\n") == []


def test_out_of_turn_fold_is_always_binding():
    text = FLOP + "S3 bet 300\noot S5 fold\nS4 raise 900\n"
    f = one_finding(text + "S5 call\n")
    assert (f.rule, f.expected) == ("SB06", "fold (out-of-turn action binding)")


# --------------------------------------------------------------------------- the sample session


def expected_rows():
    with open(SESSION.with_name("session-1.expected.tsv"), encoding="utf-8") as fh:
        return sorted((r["hand"], int(r["line"]), r["rule"]) for r in csv.DictReader(fh, delimiter="\t"))


def test_sample_session_findings_are_exactly_the_expected_ones():
    if not SESSION.exists():
        pytest.fail("sample session missing")
    hs = list(parse(str(SESSION)))
    assert len(hs) >= 30
    assert all(h.status is Status.AUDITED for h in hs), [(h.hand_id, h.problem) for h in hs if h.problem]
    got = []
    for h in hs:
        for f in Auditor("tda-2024").audit(h).findings:
            got.append((h.hand_id, f.line, f.rule))
    assert sorted(got) == expected_rows()


def test_the_documented_session_reads_and_gives_the_documented_finding():
    doc = (ROOT / "docs" / "live-format.md").read_text(encoding="utf-8")
    start = doc.index("## A complete session")
    text = doc[doc.index("```text\n", start) + 8: doc.index("```", doc.index("```text\n", start) + 8)]
    hs = hands(text)
    assert len(hs) == 3 and all(h.status is Status.AUDITED for h in hs), [h.problem for h in hs]
    got = [(h.hand_id, f.rule, f.expected, f.actual) for h in hs for f in Auditor("tda-2024").audit(h).findings]
    assert got == [("2", "SB07", "rake 5 (pot 52)", "rake 1")]


def test_end_stacks_and_rake_rule_are_checked():
    text = ("game NL 1/2 rake 10% max 5\nhand 1\nbutton 1\nseat 1 A 100\nseat 2 B 100\nA sb 1\nB bb 2\n"
            "A raise 6\nB call\nflop 2c 3d 4h\nB check\nA bet 10\nB fold\npay A 11\nrake 1\nend A 106 B 94\n")
    # pot 12 (10 uncalled back to A): 10% is 1; A ends 100 - 6 + 11 = 105, B 94
    got = [(f.rule, f.line, f.expected, f.actual) for f in findings(text)]
    assert got == [("AC06", 16, "A ends with 105", "A ends with 106")]
    assert [f.rule for f in findings(text.replace("rake 1\n", "rake 0\n").replace("pay A 11", "pay A 12")
                                     .replace("A 106", "A 106"))] == ["SB07"]


def test_roberts_out_of_turn_call_may_not_become_a_raise():
    text = FLOP + "S3 bet 300\nS4 fold\noot S6 call\nS5 raise 600\nS6 raise 1500\n"
    assert rows(text) == []
    assert [f.rule for f in findings(text, "roberts-cash")] == ["SB06"]


# ------------------------------------------------------------------ carried tables (short style)

SHORT = """game NL 1/2
hand 1
button 1
seat 1 Alice 200
seat 2 Bob 250
seat 3 Carol 180
Alice raise 6
Bob fold
Carol call
flop Kh 7d 2c
Carol check
Alice bet 8
Carol fold
pay Alice 13
hand 2
join seat 5 Erin 300
rebuy Bob 50
color up
Erin fold
Alice fold
Bob fold
pay Carol 3
hand 3
leave Erin
seat 1 Alice 150
Bob fold
Carol fold
pay Alice 3
"""


def test_short_style_carries_stacks_seats_and_button():
    _, h2, h3 = hands(SHORT)
    assert h2.status is Status.AUDITED and h3.status is Status.AUDITED
    # hand 1: Alice 200 - 6 - 8 + 13 (pot: 6 + 6 + Bob's 1) + 8 (her uncalled bet) = 207;
    # Bob 250 - 1 = 249, + 50 rebuy = 299; Carol 180 - 6 = 174
    assert [(s.seat, s.player, s.stack) for s in h2.seats] == [(1, "Alice", 207), (2, "Bob", 299),
                                                              (3, "Carol", 174), (5, "Erin", 300)]
    assert h2.button_seat == 2  # moved from seat 1 to the next occupied seat
    assert h3.button_seat == 3  # and on again, from seat 2 to seat 3
    # hand 3: Alice recounted at 150; Erin gone
    assert (h3.seats[0].player, h3.seats[0].stack) == ("Alice", 150)
    assert "Erin" not in [s.player for s in h3.seats]


def test_short_style_errors_are_parse_findings_and_the_rest_is_read():
    bad = SHORT.replace("leave Erin", "leave Zed").replace("join seat 5 Erin 300", "join seat 3 Erin 300")
    h1, h2, h3 = hands(bad)
    assert h1.status is Status.AUDITED
    assert h2.status is Status.PARSE_ERROR and h2.problem.line == 16 and h2.problem.column > 1
    assert "seat 3 is taken by Carol" in h2.problem.message
    # hand 3 cannot carry from the hand that could not be read
    assert h3.status is Status.PARSE_ERROR and "cannot be carried from hand 2" in h3.problem.message


def test_short_style_unknown_name_and_first_hand():
    h = hands(SHORT.replace("leave Erin", "leave Zed"))[2]
    assert h.status is Status.PARSE_ERROR and "'Zed' is not at the table" in h.problem.message
    first = hands("game NL 1/2\nhand 1\nseat 1 A 100\nseat 2 B 100\nA fold\n")[0]
    assert first.status is Status.PARSE_ERROR and "first hand of a file" in first.problem.message


def test_golden_session_in_the_short_style_audits_the_same():
    """session-1 rewritten with only the changes (every stack is reset to 300 there, so
    the changes are `seat` recounts and `rebuy` lines): the same findings, rule by rule."""
    from live_convert import shorten
    text = SESSION.read_text(encoding="utf-8")
    full = hands(text)
    short = hands(shorten(text, full))
    auditor = Auditor("tda-2024")
    def digest(hs):
        return [(h.hand_id, str(h.status), sorted((f.rule, f.expected, f.actual) for f in auditor.audit(h).findings))
                for h in hs]
    assert digest(short) == digest(full)


# ------------------------------------------------------------------ saying what happened

CHECKED_DOWN = ("flop 2c 3d 4h\nA check\nB check\nC check\nturn 5s\nA check\nB check\nC check\n"
                "river 9h\nA check\nB check\nC check\nC shows Ah Ad\nA mucks\nB mucks\n")


def test_written_call_amount_is_what_the_dealer_accepted():
    # 100/200, C raises to 600. A (sb 100) calls 600: right. B (bb 200) is accepted at
    # 400, his street total: 200 more where 400 was owed (TDA-2024 49). Pot 600 + 400 + 600.
    t = (HEAD + "hand 1\nbutton 3\nseat 1 A 5000\nseat 2 B 5000\nseat 3 C 5000\n"
         "C raise 600\nA call 600\nB call 400\n" + CHECKED_DOWN + "pay C 1600\n")
    (f,) = findings(t)
    assert (f.rule, f.line, f.player, f.expected, f.actual) == ("BS01", 10, "B", "call 400", "called 200")
    right = t.replace("B call 400", "B call 600").replace("pay C 1600", "pay C 1800")
    assert findings(right) == []
    assert acts(one(right)) == acts(one(right.replace("call 600", "call")))


def test_long_and_short_verbs_read_the_same():
    long = (HEAD + "hand 1\nbutton 3\nseat 1 A 5000\nseat 2 B 5000\nseat 3 C 5000\n"
            "C raises to 600\nA calls\nB folds\nflop 2c 3d 4h\nA bets 300\nC raises 900\nA calls 900\n"
            "turn 5s\nA checks\nC checks\nriver 9h\nA checks\nC checks\nC shows Ah Ad\nA mucks\npay C 3200\n")
    short = long.replace("raises to", "r").replace("calls 900", "c").replace("calls", "c").replace(
        "folds", "f").replace("bets", "b").replace("raises", "r").replace("checks", "x")
    assert acts(one(long)) == acts(one(short))
    assert findings(long) == [] and findings(short) == []


def test_dealer_shift_and_date_on_the_game_and_hand_lines():
    text = ("game NL 1/2 dealer Maria shift evening date 2026-11-28\n"
            "hand 1 20:05\nbutton 1\nseat 1 A 100\nseat 2 B 100\nA fold\n"
            "hand 2 20:09 dealer \"Jo Ann\" shift late\nbutton 2\nseat 1 A 100\nseat 2 B 100\nB fold\n"
            "level 2/4 dealer Sam\n"
            "hand 3 date 2026-11-29 00:10\nbutton 1\nseat 1 A 100\nseat 2 B 100\nA fold\n")
    h1, h2, h3 = hands(text)
    assert (h1.dealer, h1.shift, h1.started_at.isoformat(), h1.tz) == (
        "Maria", "evening", "2026-11-28T20:05:00+00:00", "local")
    assert (h2.dealer, h2.shift) == ("Jo Ann", "late")  # the hand line's own, for that hand
    assert (h3.dealer, h3.shift, h3.started_at.isoformat()) == ("Sam", "evening", "2026-11-29T00:10:00+00:00")
    plain = one("game NL 1/2\nhand 1 21:05\nbutton 1\nseat 1 A 100\nseat 2 B 100\nA fold\n")
    assert (plain.dealer, plain.shift, plain.started_at, plain.tz) == ("", "", None, "")


def test_dealer_and_shift_are_hands_columns(tmp_path):
    import hhaudit
    src = tmp_path / "s.live"
    src.write_text("game NL 1/2 dealer Maria shift day\nhand 1\nbutton 1\nseat 1 A 100\nseat 2 B 100\nA fold\n"
                   "hand 2 dealer Sam\nbutton 2\nseat 1 A 100\nseat 2 B 100\nB fold\n")
    r = hhaudit.audit([str(src)])
    assert list(zip(r.hands["dealer"], r.hands["shift"])) == [("Maria", "day"), ("Sam", "day")]


EVENING = ROOT / "sample_histories" / "live" / "evening-1.live"


def test_evening_session_in_the_short_style_is_clean_and_its_stacks_carry():
    """docs/live-format.md's evening, worked by hand in its comments: six hands, every
    table change, the button moving by itself. The last hand's `end` line is the stacks
    worked out by hand from the start (Alice 200 -6 -5(bb) +15 -15 -35 = 154; Bob 200 -1
    -8 -20 -30 +59 -5 -195 +415 -2 = 413 ...): a carried stack one chip off would be AC06."""
    text = EVENING.read_text(encoding="utf-8")
    hs = hands(text)
    assert [h.status for h in hs] == [Status.AUDITED] * 6
    assert [h.button_seat for h in hs] == [1, 2, 3, 4, 5, 1]
    assert [h.dealer for h in hs] == ["Maria"] * 3 + ["Sam"] * 3
    assert findings(text) == []
    off = findings(text.replace("end Alice 154", "end Alice 155"))
    assert [(f.rule, f.expected) for f in off] == [("AC06", "Alice ends with 154")]


def test_names_of_several_words_in_quotes():
    text = (HEAD + 'hand 1\nbutton 1\nseat 1 "Big Al" 1000\nseat 2 Bob 1000\nseat 3 "Mary Lou" 1000\n'
            '"big al" raise 600\nBob fold\n"Mary Lou" call\nflop 2c 3d 4h\n"Mary Lou" check\n"Big Al" bet 500\n'
            '"Mary Lou" fold\npay "Big Al" 1300\nend "Big Al" 1700 "Mary Lou" 400\n')
    h = one(text)
    assert [s.player for s in h.seats] == ["Big Al", "Bob", "Mary Lou"]
    # Big Al: 1000 - 600 - 500 + 1300 (600 + 600 + Bob's 100) + 500 back = 1700; Mary Lou 400
    assert findings(text) == []
    assert acts(h)[0] == ("Big Al", "raise", None, 600)
