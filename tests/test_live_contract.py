"""Live logs written from the outside contract (section 6) and docs/live-format.md by
someone other than the authors: each test is a small log that hhaudit misread before.
"""

from __future__ import annotations

from pathlib import Path

import hhaudit
from hhaudit.engine.auditor import Auditor
from hhaudit.model import ActionEvent, Status, StreetEvent
from hhaudit.parsing import parse


def hands(text: str):
    return list(parse(text))


def rows(text: str, profile: str = "tda-2024"):
    auditor = Auditor(profile)
    return [(f.line, f.rule) for h in hands(text) for f in auditor.audit(h).findings]


# ----------------------------------------------------------------- hand numbers per session

SESSION = """\
# hhaudit live log
game NL 1/2

hand 1
button 1
seat 1 Ann 100
seat 2 Ben 100
seat 3 Cy 100
Ann raise 6
Ben fold
Cy fold
pay Ann 5
"""


def test_two_sessions_numbering_their_hands_from_1_are_not_duplicates(tmp_path: Path):
    # Every dealer starts at `hand 1`: the second table's hand 1 is another hand, and the
    # contract wants every hand of the input in `hands` exactly once.
    a = tmp_path / "table1.live"
    b = tmp_path / "table2.live"
    a.write_text(SESSION, encoding="utf-8")
    b.write_text(SESSION.replace("Ann raise 6", "Ann raise 8"), encoding="utf-8")
    out = tmp_path / "out"
    from hhaudit.cli import main

    assert main(["audit", str(tmp_path / "*.live"), "-o", str(out), "--fail-on", "never", "--quiet", "--jobs", "1"]) == 0
    t = hhaudit.read(out)
    assert sorted(Path(s).name for s in t.hands.source) == ["table1.live", "table2.live"]
    assert list(t.hands.status) == ["audited", "audited"]


def test_a_hand_repeated_in_the_same_file_is_still_one_hand(tmp_path: Path):
    a = tmp_path / "t.live"
    a.write_text(SESSION + "\n" + SESSION.split("game NL 1/2\n", 1)[1], encoding="utf-8")
    b = tmp_path / "copy.live"
    b.write_text(SESSION, encoding="utf-8")
    out = tmp_path / "out"
    from hhaudit.cli import main

    main(["audit", str(a), str(b), "-o", str(out), "--fail-on", "never", "--quiet", "--jobs", "1"])
    t = hhaudit.read(out)
    assert len(t.hands) == 2  # t.live hand 1 once, copy.live hand 1 once


# ----------------------------------------------------------------- big-blind ante


BBA_HEADS_UP = """\
game NL 300/600 bbante 600
hand 4
button 5
seat 1 Ann 9875
seat 5 Eve 8550
Eve raise 1500
Ann call
flop Tc 4d 4s
Ann check
Eve bet 2000
Ann fold
pay Eve 3600
"""


def test_big_blind_ante_is_dead_money_not_a_call_of_the_last_bet():
    # Pot 1500 + 1500 + the 600 ante; Eve's 2000 flop bet is uncalled. The BB's ante does
    # not "call" 600 of it (TDA RP-11: the ante is dead money).
    assert rows(BBA_HEADS_UP) == []


def test_tournament_on_the_game_line_sets_the_kind():
    # hands.kind is cash or tournament (contract section 2); a live log needs a way to say it
    (h,) = hands(BBA_HEADS_UP.replace("bbante 600", "bbante 600 tournament"))
    assert h.status is Status.AUDITED, h.problem
    assert h.kind == "tournament"
    (h,) = hands(BBA_HEADS_UP)
    assert h.kind == "cash"


def test_big_blind_ante_when_the_big_blind_folds_to_a_raise():
    # The most common BBA hand: UTG raises to 1500, the blinds fold. The BB's 600 blind
    # matches 600 of the raise, the other 900 is uncalled: the pot is SB 300 + BB 600 +
    # ante 600 + 600 = 2100 (before the fix the ante "called" 600 more: AC02).
    text = """\
game NL 300/600 bbante 600
hand 1
button 3
seat 1 Ann 20000
seat 2 Ben 20000
seat 3 Cat 20000
Cat raise 1500
Ann fold
Ben fold
pay Cat 2100
"""
    assert rows(text) == []


def test_big_blind_ante_does_not_make_the_big_blind_alone_eligible_for_the_pot():
    # rules.md 9a, TDA RP-11: the big-blind ante is dead money for the table. Eve raises to
    # 1500 and Ann (the big blind, who also antes 600) calls: both put 1500 in play, and the
    # pot of 3600 is theirs to contest. Counting the ante as Ann's bet made her alone
    # eligible, and Eve's winning hand an SP01 ("paid more than the pots she is eligible for").
    text = BBA_HEADS_UP.replace("Eve bet 2000\nAnn fold\npay Eve 3600\n", """\
Eve check
turn 2h
Ann check
Eve check
river 7c
Ann check
Eve check
Ann shows Kd Qd
Eve shows Ah Ac
pay Eve 3600
""")
    assert rows(text) == []
    assert rows(text.replace("pay Eve 3600", "pay Ann 3600")) == [(19, "WN01")]  # the pay line


def test_a_big_blind_all_in_for_less_than_a_call_plays_for_its_bet_and_the_ante():
    # Ann, the big blind, antes 600 for the table and has 1100 behind: she calls Eve's raise
    # to 1500 all in for 1100 (her 600 blind and 500 more). The main pot is 1100 from each and
    # the ante, 2800; Eve's other 400 is uncalled. Counting the ante as Ann's bet made the
    # main pot 1700 from each, with Ann alone eligible for it.
    text = """\
game NL 300/600 bbante 600
hand 4
button 5
seat 1 Ann 1700
seat 5 Eve 8550
Eve raise 1500
Ann call
Ann shows Kd Kh
Eve shows Qd Qh
flop Tc 4d 4s
turn 2h
river 7c
pay Ann 2800
"""
    assert rows(text) == []
    eve_wins = text.replace("Eve shows Qd Qh", "Eve shows Ad Ah").replace("pay Ann 2800", "pay Eve 2800")
    assert rows(eve_wins) == []


def test_big_blind_ante_written_as_a_post_line():
    text = BBA_HEADS_UP.replace("Eve raise 1500", "Eve sb 300\nAnn bb 600\nAnn bbante 600\nEve raise 1500")
    assert rows(text) == []


# ----------------------------------------------------------------- end stacks


def test_end_stacks_when_the_pay_line_hands_back_the_uncalled_bet():
    # The pot audit accepts a payment that includes the uncalled raise (1000 - 30 + 45);
    # the end-stack check must not add the uncalled bet a second time.
    text = """\
game NL 5/10
hand 1
button 1
seat 1 Ann 1000
seat 2 Ben 1000
seat 3 Cat 1000
seat 4 Dan 1000
Dan raise 30
Ann fold
Ben fold
Cat fold
pay Dan 45
end Dan 1015 Ben 995 Cat 990
"""
    assert rows(text) == []
    assert rows(text.replace("pay Dan 45", "pay Dan 25")) == []
    assert rows(text.replace("end Dan 1015", "end Dan 1045")) == [(13, "AC06")]


# ----------------------------------------------------------------- run it twice, repeated streets

RIT = """\
game NL 5/10
hand 2
button 2
seat 1 Ann 1498
seat 2 Ben 995
seat 3 Cat 502
Ben fold
Cat allin
Ann call
Ann shows Ah Kh
Cat shows Qs Qd
flop 8c 7d 2s
turn 9h
river 3c
flop 5c 6d Jh
turn 4c
river Td
pay Cat 502
pay Ann 502
"""


def test_run_it_twice_each_board_is_judged():
    # Cat's queens win both runs: paying Ann half is a winner error, not a silent 8-card board.
    assert rows(RIT) == [(19, "WN01")]
    (h,) = hands(RIT)
    runs = [(e.street.value, e.run, len(e.board)) for e in h.events if isinstance(e, StreetEvent)]
    assert runs == [("flop", 1, 3), ("turn", 1, 4), ("river", 1, 5), ("flop", 2, 3), ("turn", 2, 4), ("river", 2, 5)]
    right = RIT.replace("flop 5c 6d Jh\nturn 4c\nriver Td", "turn 4c\nriver Ad").replace(
        "pay Cat 502\npay Ann 502", "pay Cat 502\npay Ann 502   # Ann's aces win run 2")
    assert rows(right) == []


def test_a_street_written_twice_is_a_parse_finding_not_a_7_card_board():
    text = """\
game NL 1/2
hand 1
button 1
seat 1 A 100
seat 2 B 100
seat 3 C 100
A call
B call
C check
flop 2c 3d 4h
B check
C check
A check
turn 5s
turn 9s
river Kd
pay A 6
"""
    (h,) = hands(text)
    assert h.status is Status.PARSE_ERROR
    assert h.problem.line == 15 and "already dealt" in h.problem.message


# ----------------------------------------------------------------- what the docs show


def test_hand_number_with_hash_as_in_the_docs():
    # docs/live-format.md: `hand #A-204 21:05   # anything after the number is ignored`
    text = """\
game NL 1/2
hand #A-204 21:05   # first hand after the break
button 1
seat 1 Ann 100
seat 2 Ben 100
seat 3 Cy 100
Ann raise 6
Ben fold
Cy fold
pay Ann 5
"""
    (h,) = hands(text)
    assert h.status is Status.AUDITED, h.problem
    assert h.hand_id == "A-204"


def test_lines_outside_a_hand_are_one_parse_finding_not_one_per_line():
    text = """\
game NL 1/2
break, table moved to 7
new dealer: Sam
hand 1
button 1
seat 1 Ann 100
seat 2 Ben 100
Ann call
Ben check
flop 2c 3d 4h
Ben check
Ann check
turn 5s
Ben check
Ann check
river 9d
Ben check
Ann check
Ann shows As Ks
Ben shows 2h 2d
pay Ben 4
"""
    got = hands(text)
    assert [h.status for h in got] == [Status.PARSE_ERROR, Status.AUDITED]
    assert got[0].problem.line == 2


def test_quoted_table_name_with_spaces_on_the_game_line():
    (h,) = hands(SESSION.replace("game NL 1/2", 'game NL 1/2 table "Table 4" seats 9'))
    assert h.status is Status.AUDITED, h.problem
    assert h.table_name == "Table 4" and h.max_seats == 9


def test_suit_symbols_in_cards():
    text = SESSION.replace("Ann raise 6\nBen fold\nCy fold\npay Ann 5", """\
Ann call
Ben call
Cy check
flop 7♠ 7♥ 2♦
Ben check
Cy check
Ann check
turn Q♣
Ben check
Cy check
Ann check
river 10♦
Ben check
Cy check
Ann check
Ben shows A♠ Q♥
Cy mucks
Ann shows K♦ K♠
pay Ann 6""")
    assert rows(text) == []


# ----------------------------------------------------------------- big-blind option overchip


def test_big_blind_option_single_chip_is_a_raise_of_its_value_not_a_call_of_nothing():
    # TDA 44: not facing a bet, a silent oversized chip is a bet of its full value. The BB
    # with the option faces no bet: its 25 chip on top of its 2 is a raise to 27.
    text = """\
game NL 1/2
hand 4
button 1
seat 1 Ann 96
seat 2 Ben 107
seat 3 Cy 100
Ann call
Ben call
Cy chip 25
Ann fold
Ben fold
pay Cy 6
"""
    assert rows(text) == []
    (h,) = hands(text)
    acts = [(e.player, e.act.value, e.to) for e in h.events if isinstance(e, ActionEvent)]
    assert ("Cy", "raise", 27) in acts
    # ruled a check: the chip was a raise
    assert (10, "SB02") in rows(text.replace("Cy chip 25\n", "Cy chip 25\nruling Cy check\n"))
