"""Lines no line kind of a format reads: skipped and named (PA04, a warning); the hand is
judged where the line names no seated player first and holds no figure or card, and is not
judged where it may (`formats.common.unknown_may_matter`). A hand
cut off inside its last line is still a parse error (PA01)."""

from __future__ import annotations

import textwrap

import hhaudit

# A WPN hand, checked by hand: 0.05 + 0.10, Alfa raises to 0.30, Bravo calls 0.20 (0.60),
# flop checked, Alfa collects 0.60 with no rake.
HAND = """
Hand #1 - Holdem (No Limit) - $0.05/$0.10 - 2025/06/18 11:59:33 UTC
Quartz 6-max Seat #1 is the button
Seat 1: Alfa ($10.00)
Seat 2: Bravo ($10.00)
Alfa posts the small blind $0.05
Bravo posts the big blind $0.10
*** HOLE CARDS ***
Alfa raises $0.25 to $0.30
Bravo calls $0.20
*** FLOP *** [6s Ac Kd]
{extra}Bravo checks
Alfa checks
*** SHOW DOWN ***
Alfa shows [As Ad] (three of a kind, Aces)
Bravo shows [2c 3c] (high card Ace)
Alfa collected $0.60 from main pot
*** SUMMARY ***
Total pot {total} | Rake $0.00
Board [6s Ac Kd]
Seat 1: Alfa (button) showed [As Ad] and won $0.60 with three of a kind, Aces
Seat 2: Bravo showed [2c 3c] and lost with high card Ace
"""


def run(extra: str, total: str = "$0.60", *, select: tuple[str, ...] = ("PA04",)) -> hhaudit.api.AuditResult:
    # PA04 is not in the default set (an unknown line is the reader's gap, not the log's
    # mistake): selected here to see it named
    return hhaudit.audit(textwrap.dedent(HAND).lstrip("\n").format(extra=extra, total=total),
                         extend_select=list(select))


def test_clean_hand_has_no_finding():
    r = run("")
    assert r.hands["status"].tolist() == ["audited"] and r.findings.empty


def test_a_notice_without_figures_is_named_and_the_hand_judged():
    # the total pot is misstated (0.70 for 0.60): judged, so AC01 stands beside the PA04
    r = run("Table closing soon, please finish your hands\n", total="$0.70")
    assert r.hands["status"].tolist() == ["audited"]
    got = r.findings[["rule", "severity", "line", "actual"]].values.tolist()
    assert ["PA04", "warning", 11, "Table closing soon, please finish your hands"] in got
    assert "AC01" in r.findings["rule"].tolist()


def test_a_line_with_figures_makes_the_rules_abstain():
    # the unknown line may move chips: the AC01 of the misstated total is withdrawn
    r = run("Cash bonus to Bravo $0.10\n", total="$0.70")
    assert r.hands["status"].tolist() == ["audited"]
    assert r.findings["rule"].tolist() == ["PA04"]
    assert "not judged" in r.findings["message"].iloc[0]
    # with the default set the line is not named, but the hand still says it was not judged
    d = run("Cash bonus to Bravo $0.10\n", total="$0.70", select=())
    assert d.findings.empty
    assert any("may carry an action, an amount or cards" in r for r in d.hands["not_judged"].iloc[0])


def test_a_line_that_begins_with_a_player_may_be_an_action():
    # no figure, but it may be an action in a wording the reader does not know
    r = run("Bravo goes all in\n", total="$0.70")
    assert r.findings["rule"].tolist() == ["PA04"]


def test_a_hand_cut_inside_its_last_line_is_still_a_parse_error():
    text = textwrap.dedent(HAND).lstrip("\n").format(extra="", total="$0.60")
    cut = text[: text.index("Bravo checks")] + "Bravo chec"
    r = hhaudit.audit(cut)
    assert r.hands["status"].tolist() == ["parse_error"]
    assert r.findings["rule"].tolist() == ["PA01"]
