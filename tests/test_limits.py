"""One bad hand never stops a run: the fault barrier (PA02), the sane bounds and the limits of
one hand's size (PA03), and the crashers they were found with."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

import hhaudit
from hhaudit import formats
from hhaudit.chunks import HandLines
from hhaudit.limits import MAX_AMOUNT, MAX_HAND_CHARS, MAX_HAND_LINES
from hhaudit.model import Status
from hhaudit.parsing import read_hand
from hhaudit.pipeline import Options, audit_file
from hhaudit.reading import Source
from hhaudit.splitting import split_hands
from hhaudit.tables import Rows as ROWS

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = (ROOT / "sample_histories" / "pokerstars" / "clean-cash.txt").read_text()
CORPUS = ROOT.parent / "shared" / "corpus" / "ChazDazzle" / "fpdb-chaz" / "pyfpdb" / "regression-test-files"


def three_hands() -> str:
    """The sample hand three times, ids ...01, ...02, ...03."""
    return "\n\n".join(SAMPLE.replace("100000000001", f"10000000000{i}") for i in (1, 2, 3))


def statuses(result: hhaudit.api.AuditResult) -> list[tuple[str, str]]:
    return [tuple(r) for r in result.hands[["hand_id", "status"]].values.tolist()]


def rules(result: hhaudit.api.AuditResult) -> list[tuple[str, str]]:
    return [tuple(r) for r in result.findings[["hand_id", "rule"]].values.tolist()]


# ----------------------------------------------------------------------------- the barrier
class Faulty:
    """The PokerStars format, except that reading hand ...02 raises (a bug in a format)."""

    name = "faulty"

    def __init__(self) -> None:
        self.inner = formats.get("pokerstars")

    def __getattr__(self, name: str):
        return getattr(self.inner, name)

    def parse_hand(self, lines: list[str], first_line: int, source: str):
        if "100000000002" in lines[0]:
            raise KeyError(3)
        return self.inner.parse_hand(lines, first_line, source)


def test_an_exception_reading_a_hand_makes_it_a_parse_error_and_the_file_goes_on(monkeypatch) -> None:
    monkeypatch.setitem(formats.FORMATS, "faulty", Faulty())
    totals, [tables] = audit_file(0, Source("<text>", data=three_hands().encode()), Options(format="faulty"), None)
    hands = tables["hands"].to_pylist()
    assert [(h["hand_id"], h["status"]) for h in hands] == [
        ("100000000001", "audited"), ("<text>:38", "parse_error"), ("100000000003", "audited")]
    (f,) = tables["findings"].to_pylist()
    assert (f["rule"], f["category"], f["line"], f["actual"]) == ("PA02", "parse", 38, "KeyError: 3")
    assert "internal error while reading the hand (KeyError: 3)" in f["message"]
    assert totals.faults == 1 and totals.statuses["parse_error"] == 1 and totals.hands == 3


def test_an_exception_judging_a_hand_makes_it_a_parse_error(monkeypatch) -> None:
    from hhaudit.pipeline.options import HandAuditor

    judge = HandAuditor.audit

    def audit(self, hand):
        if hand.hand_id == "100000000002" and hand.status is Status.AUDITED:
            raise ZeroDivisionError("division by zero")
        return judge(self, hand)

    monkeypatch.setattr(HandAuditor, "audit", audit)
    result = hhaudit.audit(three_hands())
    assert statuses(result) == [("100000000001", "audited"), ("100000000002", "parse_error"),
                                ("100000000003", "audited")]
    assert rules(result) == [("100000000002", "PA02")]
    assert result.findings["actual"].tolist() == ["ZeroDivisionError: division by zero"]
    assert "while judging" in result.findings["message"][0]
    # nothing of the failed hand is left in the other tables
    assert set(result.seats["hand_id"]) == set(result.actions["hand_id"]) == {"100000000001", "100000000003"}
    assert result.totals.faults == 1


class FailingRows:
    """Rows that raise after adding hand ...02 whole (a bug while writing the tables)."""

    def __init__(self) -> None:
        self.inner = ROWS()

    def __getattr__(self, name: str):
        return getattr(self.inner, name)

    def add(self, audited, ident=None) -> None:
        self.inner.add(audited, ident)
        if audited.hand.hand_id == "100000000002" and audited.hand.status is Status.AUDITED:
            raise OverflowError("Python int too large to convert to C long")


def test_an_exception_writing_a_hand_rolls_its_rows_back(monkeypatch) -> None:
    import hhaudit.tables

    monkeypatch.setattr(hhaudit.tables, "Rows", FailingRows)
    _, [tables] = audit_file(0, Source("<text>", data=three_hands().encode()), Options(), None)
    assert [(h["hand_id"], h["status"]) for h in tables["hands"].to_pylist()] == [
        ("100000000001", "audited"), ("100000000002", "parse_error"), ("100000000003", "audited")]
    assert [(f["hand_id"], f["rule"]) for f in tables["findings"].to_pylist()] == [("100000000002", "PA02")]
    # each clean hand has its 5 seats and 22 actions (posts, actions, return, collect,
    # streets); the failed hand none
    assert sorted(set(tables["seats"]["hand_id"].to_pylist())) == ["100000000001", "100000000003"]
    assert tables["seats"].num_rows == 10
    per_hand = tables["actions"].num_rows // 2
    assert tables["actions"]["hand_id"].to_pylist() == ["100000000001"] * per_hand + ["100000000003"] * per_hand


def test_merge_description_with_an_end_tag_or_a_quoted_angle_bracket(tmp_path: Path) -> None:
    path = CORPUS / "cash" / "Merge" / "Flop" / "FLHE-9max-USD-0.02-0.04.20110416.xml"
    if not path.exists():
        pytest.skip("corpus not present")
    text = path.read_text(encoding="utf-8")
    plain = hhaudit.audit(text)
    assert len(plain.hands) == 10 and set(plain.hands["status"]) == {"audited"}
    desc = re.search(r"<description ([^>]*)/>", text)
    assert desc is not None
    for variant in (f"<description {desc.group(1)}></description>",  # ET.ParseError before
                    f'<description note="a>b" {desc.group(1)}/>'):
        result = hhaudit.audit(text.replace(desc.group(0), variant))
        assert statuses(result) == statuses(plain)
        assert result.hands["bb"].tolist() == plain.hands["bb"].tolist() == [2] * 10  # $0.02/$0.04 limit


def test_boss_seat_acting_without_its_deal_is_dealt_in() -> None:
    path = CORPUS / "cash" / "Boss" / "Flop" / "NLHE-CAD-0.02-0.04.Sample.espacejeux.com.txt"
    if not path.exists():
        pytest.skip("corpus not present")
    text = path.read_text(encoding="utf-8")
    # bbfern (seat 3) folds pre-flop in hand 9318553: without his HAND_DEAL the replay
    # raised KeyError: 3 and the run died
    damaged = re.sub(r'<ACTION TYPE="HAND_DEAL" PLAYER="bbfern">.*?</ACTION>\n', "", text, count=1, flags=re.DOTALL)
    result = hhaudit.audit(damaged)
    assert statuses(result) == statuses(hhaudit.audit(text))
    seats = result.seats[result.seats["hand_id"] == "9318553"]
    assert seats[seats["seat"] == 3]["position"].tolist() != ["out"]


# ----------------------------------------------------------------------------- sane bounds
@pytest.mark.parametrize(("old", "new", "line", "what"), [
    ("Alice ($200 in chips)", "Alice ($92233720368547758.08 in chips)", 3, "stack of 9,223,372,036,854,775,808"),
    ("Alice ($200 in chips)", f"Alice (${MAX_AMOUNT // 100 + 1} in chips)", 3, "stack of"),
    ("Seat 1: Alice", "Seat 99999999999999999999: Alice", 3, "seat 99999999999999999999"),
    ("Seat 1: Alice", "Seat 1001: Alice", 3, "seat 1001"),
    ("6-max", "99999999999999999999-max", 1, "a table of 99999999999999999999 seats"),
    ("Alice: bets $25", "Alice: bets $92233720368547758.08", 23, "bet of"),
])
def test_values_past_the_sane_bounds_are_a_parse_finding(old: str, new: str, line: int, what: str) -> None:
    # 2**63 cents = $92,233,720,368,547,758.08: an OverflowError writing the tables lost the run
    assert old in SAMPLE
    bad = SAMPLE.replace(old, new)
    result = hhaudit.audit(bad + "\n\n" + SAMPLE.replace("100000000001", "100000000002"))
    assert statuses(result) == [("100000000001", "parse_error"), ("100000000002", "audited")]
    (f,) = result.findings.to_dict("records")
    assert (f["rule"], f["category"], f["line"]) == ("PA03", "parse", line)
    assert what in f["message"] and "past hhaudit's limits" in f["message"]


def test_values_at_the_bounds_are_read() -> None:
    edge = SAMPLE.replace("Seat 1: Alice ($200", "Seat 1000: Alice ($200")
    assert statuses(hhaudit.audit(edge)) == [("100000000001", "audited")]


# ----------------------------------------------------------------------------- huge hands
def huge_hand(extra: int, line: str = "Alice said, \"hello\"") -> str:
    """The sample hand with `extra` chat lines after its hole cards."""
    head, tail = SAMPLE.split("*** HOLE CARDS ***\n")
    return head + "*** HOLE CARDS ***\n" + (line + "\n") * extra + tail


@pytest.mark.parametrize("crlf", [False, True])
def test_a_hand_past_the_line_limit_is_a_parse_error_not_kept_whole(crlf: bool) -> None:
    text = huge_hand(MAX_HAND_LINES) + "\n\n" + SAMPLE.replace("100000000001", "100000000002")
    if crlf:
        text = text.replace("\n", "\r\n")
    fmt = formats.get("pokerstars")
    blocks = [text[i:i + 65536] for i in range(0, len(text), 65536)]
    hands = list(split_hands(fmt, blocks))
    # the sample's 35 lines and the extra ones, two blank lines, then the next hand
    assert [first for first, _ in hands] == [1, MAX_HAND_LINES + 38]
    big = hands[0][1]
    assert isinstance(big, HandLines) and big.over and list(big) == [SAMPLE.splitlines()[0]]
    assert big.n_lines == MAX_HAND_LINES + 37
    h = read_hand(fmt, big, 1, "<text>")
    assert h.status is Status.PARSE_ERROR and h.problem is not None
    assert (h.problem.rule, h.problem.line, h.end_line) == ("PA03", 1, MAX_HAND_LINES + 37)
    assert h.problem.text.startswith("PokerStars Hand #100000000001")
    assert f"{MAX_HAND_LINES:,} lines" in h.problem.message
    assert read_hand(fmt, hands[1][1], hands[1][0], "<text>").status is Status.AUDITED


def test_a_hand_past_the_character_limit_is_a_parse_error() -> None:
    long_line = "Alice said, \"" + "x" * 60000 + "\""
    text = huge_hand(MAX_HAND_CHARS // 60000 + 1, long_line) + "\n\n" + SAMPLE.replace("100000000001", "100000000002")
    result = hhaudit.audit(text)
    assert statuses(result) == [("100000000001", "parse_error"), ("100000000002", "audited")]
    assert rules(result) == [("100000000001", "PA03")]
    assert result.hands["line"].tolist() == [1, 38 + MAX_HAND_CHARS // 60000 + 1]


def test_the_line_splitters_count_a_huge_hand_without_keeping_it() -> None:
    # LineFormat.split (files read line by line) and a format with its own split (PKR)
    fmt = formats.get("pokerstars")
    text = huge_hand(MAX_HAND_LINES + 5) + "\n\n" + SAMPLE
    got = list(fmt.split(iter(text.splitlines())))
    assert len(got) == 2 and isinstance(got[0][1], HandLines) and len(got[0][1]) == 1
    assert got[1][0] == MAX_HAND_LINES + 5 + 38


def test_stdin_is_read_as_a_stream(monkeypatch) -> None:
    import sys

    from hhaudit.reading import iter_sources

    class Stdin:
        buffer = io.BytesIO(three_hands().encode())

    monkeypatch.setattr(sys, "stdin", Stdin)
    (source,) = iter_sources(["-"])
    assert source.data is None  # not read into memory first
    assert [h.hand_id for h in hhaudit.parse(source.open())] == ["100000000001", "100000000002", "100000000003"]
