"""One cause, one finding: follow-on findings name their root cause (`Finding.caused_by`,
`auditor.link_causes`), the text output folds them under it."""

from __future__ import annotations

from conftest_corpus import CORPUS, find_hand

from hhaudit.engine.audited import Finding
from hhaudit.engine.auditor import Auditor, link_causes
from hhaudit.output import Row
from hhaudit.output.text import folded


def f(rule: str, seq: int, category: str) -> Finding:
    return Finding("1", "x.txt", 10 + seq, seq, rule, rule.lower(), category, "error", None, None, "", "", "", "")


def test_a_misread_stack_is_the_cause_of_what_follows_a_short_raise_of_nothing() -> None:
    got = link_causes([
        f("MR01", 2, "min_raise"),        # a short raise: nothing in doubt, a root
        f("BS03", 4, "bet_size"),         # more than the stack: chips and turn in doubt
        f("AO03", 6, "action_order"),     # the all-in seat acts again: follows BS03
        f("AO06", 1, "action_order"),     # blind order, judged from the log alone
        f("AC01", -1, "accounting"),      # the pots: follow BS03
        f("SP01", -1, "side_pot"),
    ])
    assert [(x.rule, x.caused_by) for x in got] == [("MR01", None), ("BS03", None), ("AO03", 4), ("AO06", None),
                                                     ("AC01", 4), ("SP01", 4)]


def test_an_action_out_of_turn_explains_the_order_not_the_pots() -> None:
    got = link_causes([f("AO01", 3, "action_order"), f("AO05", 5, "action_order"), f("BS01", 6, "bet_size"),
                       f("AC01", -1, "accounting"), f("AC02", -1, "accounting"), f("WN01", -1, "winner")])
    # BS01 rests on the chips, which AO01 leaves alone; AC01 follows BS01 (the chips), AC02
    # too; WN01 (who is still in) follows the turn's first doubt
    assert [(x.rule, x.caused_by) for x in got] == [("AO01", None), ("AO05", 3), ("BS01", None), ("AC01", 6),
                                                     ("AC02", 6), ("WN01", 3)]


def test_the_pot_audit_first_finding_is_the_cause_of_the_later_pot_findings() -> None:
    got = link_causes([f("AC01", -1, "accounting"), f("AC02", -1, "accounting"), f("SP01", -1, "side_pot")])
    assert [x.caused_by for x in got] == [None, -1, -1]


def test_the_corpus_hand_of_25_findings_shows_one() -> None:
    # PartyPoker tournament with seat lines missing: the first call is of the wrong size for
    # the stack read (BS01 at the first action), and the findings after it rest on that
    # misread. The seats the reader had to assume leave the action order unjudged (16 of
    # the 25 were order findings: abstained); the other 8 follow the BS01
    path = (CORPUS / "ChazDazzle" / "fpdb-chaz" / "pyfpdb" / "regression-test-files" / "tour" / "PartyPoker" / "Flop"
            / "NLHE-1-EUR-STT-201211.tourno.missing.txt")
    out = Auditor("online").audit(find_hand(path, "12359566781"))
    roots = [x for x in out.findings if x.caused_by is None]
    assert len(out.findings) == 9 and [x.rule for x in roots] == ["BS01"]
    assert out.hand.not_judged == ["a player no seat line lists acts: their seat is assumed (action_order)"]
    assert {x.caused_by for x in out.findings[1:]} == {roots[0].seq}
    rows = [Row(x.hand_id, x.source, x.line, x.seq, x.rule, x.name, x.category, x.severity, x.seat, x.player,
                x.expected, x.actual, x.message, x.citation, x.caused_by) for x in out.findings]
    assert [(r.rule, len(after)) for r, after in folded(rows)] == [("BS01", 8)]
