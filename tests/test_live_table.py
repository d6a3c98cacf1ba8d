"""Live logs as card rooms keep them (docs/live-format.md): the short style against the same
session written in full, the writer's mistakes as parse findings with a hint, and the live
structures (chopped blinds, misdeals, dead button, straddles, bomb pots, jackpot drops),
each on the numbers of /work/shared/reference/rules.md."""

from __future__ import annotations

from pathlib import Path

import hhaudit
from hhaudit.engine.auditor import Auditor
from hhaudit.model import Status
from hhaudit.parsing import parse

ROOT = Path(__file__).resolve().parents[1]
EVENING = ROOT / "sample_histories" / "live" / "evening-1.live"
EVENING_FULL = ROOT / "tests" / "live" / "evening-1.full.live"


def hands(text: str):
    return list(parse(text))


def findings(text: str, profile: str = "tda-2024"):
    auditor = Auditor(profile)
    return [f for h in hands(text) for f in auditor.audit(h).findings]


def _digest(path: Path):
    """Every finding (session findings included) and every pot, without the line numbers
    (the full file has more lines)."""
    r = hhaudit.audit([str(path)])
    f = sorted(tuple(map(str, row)) for row in r.findings[["hand_id", "rule", "seat", "expected", "actual"]]
               .itertuples(index=False))
    pots = [tuple(map(str, row)) for row in r.pots.drop(columns=["source"]).itertuples(index=False)]
    stacks = [tuple(map(str, row)) for row in r.seats[["hand_id", "seat", "player", "stack_start", "added"]]
              .itertuples(index=False)]
    return f, pots, stacks


def test_the_short_style_audits_like_the_same_session_written_in_full(tmp_path: Path) -> None:
    short, full = _digest(EVENING), _digest(EVENING_FULL)
    assert short == full
    f, pots, stacks = short
    assert f == [] and len(pots) == 6
    # hand 5 by hand: 4 x 15 + 2 x 40 + 2 x 140 = 420 to Bob, 5 raked; hand 6's table starts
    # Alice 189, Bob 415, Frank 500, Dave 5 + 195 = 200, Erin 348
    assert ("5", "0", "0", "420") == pots[4][:4]
    assert [s[2:4] for s in stacks if s[0] == "6"] == [("Alice", "189"), ("Bob", "415"), ("Frank", "500"),
                                                      ("Dave", "200"), ("Erin", "348")]
    # the same mistakes in both, none of which moves a chip (a wrong payment would, and
    # the short style carries it on where the full file writes the stacks again): the game
    # line's cap written 4, so the rake of 5 taken in hands 2, 5 and 6 is SB07 each (10% of
    # 125, 420 and 72 is 12, 42 and 7, capped at 4), and hand 2's dealer announcing a pot of
    # 126 where 125 was in the middle (1 + 3 x 8 + 2 x 20 + 2 x 30)
    def spoil(text: str) -> str:
        return text.replace("max 5 from 20", "max 4 from 20").replace("pay Erin 120", "pot 126\npay Erin 120")
    paths = []
    for src in (EVENING, EVENING_FULL):
        p = tmp_path / src.name
        p.write_text(spoil(src.read_text(encoding="utf-8")), encoding="utf-8")
        paths.append(p)
    bad_short, bad_full = _digest(paths[0]), _digest(paths[1])
    assert bad_short == bad_full
    rules = sorted((h, rule, want) for h, rule, _, want, _ in bad_short[0])
    assert [r for r in rules if r[1] == "SB07"] == [("2", "SB07", "rake 4 (pot 125)"), ("5", "SB07", "rake 4 (pot 420)"),
                                                    ("6", "SB07", "rake 4 (pot 72)")]
    assert any(h == "2" and rule != "SB07" for h, rule, _ in rules)  # the announced pot


def test_a_seat_line_may_say_the_rebuy_its_stack_holds() -> None:
    (h,) = [x for x in hands(EVENING_FULL.read_text(encoding="utf-8")) if x.hand_id == "3"]
    bob = next(s for s in h.seats if s.player == "Bob")
    assert (bob.stack, bob.added) == (200, 59)


# ------------------------------------------------------------------ the writer's mistakes

TABLE = "game NL 1/2\nhand 1\nbutton 1\nseat 1 Alice 100\nseat 2 Bob 100\nseat 3 Carol 100\n"


def _problem(body: str):
    hs = hands(TABLE + body + "\nhand 2\nbutton 2\nseat 1 Alice 100\nseat 2 Bob 100\nAlice fold\n")
    assert len(hs) == 2 and hs[1].status is Status.AUDITED  # the rest of the file is read
    assert hs[0].status is Status.PARSE_ERROR
    p = hs[0].problem
    return p.line, p.column, p.message


def test_a_misspelt_verb_points_at_it_with_the_nearest_verb() -> None:
    assert _problem("Alice raiz 8") == (7, 7, "`raiz` is not an action or a line of a player (did you mean `raise`?)")
    assert _problem("Alice calll")[2].endswith("(did you mean `call`?)")
    line, col, msg = _problem("Alice foo 3")
    assert (line, col) == (7, 7) and "fold, check, call" in msg


def test_an_unknown_name_points_at_it_with_the_nearest_seated_names() -> None:
    assert _problem("Alcie fold") == (7, 1, "'Alcie' is not seated in this hand (did you mean `Alice`?)")
    assert _problem("Alice fold\nBob fold\npay Carl 3") == (
        9, 5, "'Carl' is not seated in this hand (did you mean `Carol`?)")
    assert _problem("Zed fold")[2] == "'Zed' is not seated in this hand (seated: Alice, Bob, Carol)"


def test_a_misspelt_keyword_and_a_keyword_line_written_wrong() -> None:
    assert _problem("flpo Kh 7d 2c") == (7, 1, "`flpo` starts no line (did you mean `flop`?)")
    assert _problem("Alice fold\nBob fold\npya Carol 3")[1:] == (1, "`pya` starts no line (did you mean `pay`?)")
    assert _problem("Alice fold\nBob fold\npay Carol") == (9, 1, "a `pay` line reads `pay [main|side1] Alice 120`")


def test_a_street_out_of_order_points_at_the_street() -> None:
    line, col, msg = _problem("turn 5s")
    assert (line, col) == (7, 1) and msg.startswith("turn dealt before the flop (the streets come flop, turn, river")
    line, col, msg = _problem("Alice fold\nflop Kh 7d 2c\nflop 2c 3c 4c")
    assert (line, col) == (9, 1) and msg.startswith("the flop was already dealt (Kh 7d 2c)")


def test_a_short_style_stack_that_does_not_carry_is_a_session_finding() -> None:
    # hand 1: Bob (sb 1) folds, Carol wins 3: Alice 100, Bob 99, Carol 101; hand 2 recounts
    # Bob at 120 with no rebuy line: SE05 at the seat line, expected the carried 99
    text = (TABLE + "Alice fold\nBob fold\npay Carol 3\nhand 2\nseat 2 Bob 120\nBob fold\nCarol fold\npay Alice 3\n")
    r = hhaudit.audit([text])
    got = [(f.rule, f.hand_id, f.expected, f.actual) for f in r.findings.itertuples()]
    assert got == [("SE05", "2", "Bob starts with 99 (the last hand's end stack)", "starts with 120")]


# ------------------------------------------------------------------ jackpot and promotion drops

DROP_HAND = """game NL 1/2 rake 10% max 5 jackpot 1 at 20 promo 1 at 40
hand 1
button 1
seat 1 A 200
seat 2 B 200
seat 3 C 200
A raise 15
B fold
C call
flop Kh 7d 2c
C check
A check
turn 2s
C check
A check
river 3d
C check
A check
A shows As Ad
C mucks
"""


def _drops(tail: str):
    return [(f.rule, f.line, f.expected, f.actual) for f in findings(DROP_HAND + tail)]


def test_a_jackpot_drop_is_checked_like_the_rake() -> None:
    # pot 15 + 15 + B's 1 = 31 after the flop: rake 10% = 3 (under the cap of 5); the
    # jackpot 1 is due (31 >= 20), the promotion is not (31 < 40); 31 - 3 - 1 = 27 to A
    assert _drops("pay A 27\nrake 3\njackpot 1\n") == []
    assert _drops("pay A 28\nrake 3\n") == [("SB08", 22, "jackpot 1 (pot 31)", "jackpot 0")]  # at the rake line
    assert _drops("pay A 26\nrake 3\njackpot 2\n") == [("SB08", 23, "jackpot 1 (pot 31)", "jackpot 2")]
    assert _drops("pay A 26\nrake 3\njackpot 1\npromo 1\n") == [("SB08", 24, "promotion 0 (pot 31)", "promotion 1")]


def test_no_flop_no_drop_and_small_pots() -> None:
    # everyone folds to A's raise: the hand ends before the flop, no jackpot is due. A's
    # 15 is called by nobody: 13 come back, the pot is B's 1 + C's 2 + A's 2 = 5
    pre = "game NL 1/2 jackpot 1 at 20\nhand 1\nbutton 1\nseat 1 A 200\nseat 2 B 200\nseat 3 C 200\n" \
          "A raise 15\nB fold\nC fold\npay A 5\n"
    assert findings(pre) == []
    assert [(f.rule, f.expected) for f in findings(pre.replace("pay A 5", "pay A 4\njackpot 1"))] == [
        ("SB08", "jackpot 0 (pot 5)")]
    assert findings(pre.replace("jackpot 1 at 20", "jackpot 1 at 2 preflop").replace("pay A 5", "pay A 4\njackpot 1")) == []


# ------------------------------------------------------------------ posts, straddles, the button

SIX = ("game NL 1/2\nhand 1\nbutton 1\nseat 1 A 200\nseat 2 B 200\nseat 3 C 200\nseat 4 D 200\nseat 5 E 200\n"
       "seat 6 F 200\nB sb 1\nC bb 2\n")


def _order(text: str):
    return [(f.rule, f.line, f.expected) for f in findings(text)]


def test_mississippi_straddle_left_of_the_straddler_acts_first() -> None:
    # rules.md 9b, Lee Jones's first variant: the player left of the straddler acts first
    # and the straddler last. F (seat 6) straddles 4: A (the button, seat 1) opens, then
    # B, C, D, E; F last. All fold: F's 4 is called to 2 by C, 2 come back; pot 1 + 2 + 2 = 5
    assert _order(SIX + "F straddle 4\nA fold\nB fold\nC fold\nD fold\nE fold\npay F 5\n") == []
    # the dealer let D (left of the big blind) act first
    assert _order(SIX + "F straddle 4\nD fold\nE fold\nA fold\nB fold\nC fold\npay F 5\n")[0] == (
        "AO01", 13, "A (seat 1) to act")


def test_button_straddle_the_small_blind_acts_first_and_the_button_last() -> None:
    assert _order(SIX + "A straddle 4\nB fold\nC fold\nD fold\nE fold\nF fold\npay A 5\n") == []
    assert _order(SIX + "A straddle 4\nD fold\nE fold\nF fold\nB fold\nC fold\npay A 5\n")[0] == (
        "AO01", 13, "B (seat 2) to act")


def test_re_straddles_each_set_the_bring_in() -> None:
    # D straddles 4, E re-straddles 8: F (left of the last straddle) acts first, and a raise
    # must go to at least 16 (the straddle is the new bring-in, Robert's NL; rules.md 9b:
    # "1/2 with a 4 straddle: call 4 or raise to >= 8"). Pot after F's 16 stands alone:
    # 1 + 2 + 4 + 8 + 8 (F's other 8 come back) = 23
    ok = SIX + "D straddle 4\nE straddle 8\nF raise 16\nA fold\nB fold\nC fold\nD fold\nE fold\npay F 23\n"
    assert _order(ok) == []
    assert _order(ok.replace("F raise 16", "F raise 12")) == [  # 12 - 8 = 4 back: still 23
        ("MR01", 14, "minimum raise is to 16")]
    assert _order(ok.replace("F raise 16\nA fold", "A fold\nF raise 16"))[0] == ("AO01", 14, "F (seat 6) to act")


def test_dead_button_the_small_blind_not_posted() -> None:
    # rules.md 1c (pkcore's reading): seats 1 and 2 gone, the button on empty seat 1, the
    # small blind (seat 2) is dead, C posts the big blind 200 only and D acts first; the
    # pre-flop pot is 200, not 300
    text = ("game NL 100/200\nhand 1\nbutton 1\nseat 3 C 5000\nseat 4 D 5000\nseat 5 E 5000\nseat 6 F 5000\n"
            "C bb 200\nD fold\nE fold\nF fold\npay C 200\n")
    (h,) = hands(text)
    assert h.button_seat == 1 and findings(text) == []
    assert _order(text.replace("D fold\nE fold", "E fold\nD fold"))[0] == ("AO01", 9, "D (seat 4) to act")


def test_a_returning_player_posts_live_and_dead_out_of_position() -> None:
    # rules.md 9c: 2/5, a returning player posts 5 live + 2 dead; in an unraised pot he owes
    # nothing more and may check. Everyone in for 5: 4 x 5 + 2 dead = 22 to A
    text = ("game NL 2/5\nhand 1\nbutton 1\nseat 1 A 500\nseat 2 B 500\nseat 3 C 500\nseat 4 D 500\nB sb 2\nC bb 5\n"
            "D post 5 dead 2\nD check\nA call 5\nB call\nC check\nflop 2c 3d 4h\nB check\nC check\nD check\nA check\n"
            "turn 5s\nB check\nC check\nD check\nA check\nriver 9h\nB check\nC check\nD check\nA check\n"
            "A shows Ah Ad\nB mucks\nC mucks\nD mucks\npay A 22\n")
    assert findings(text) == []
    assert [f.rule for f in findings(text.replace("pay A 22", "pay A 20"))] == ["AC02"]  # the dead 2 are in the pot


# ------------------------------------------------------------------ bomb pots, double boards

FOUR = "game NL 1/2\nhand 1\nbutton 1\nseat 1 A 200\nseat 2 B 200\nseat 3 C 200\nseat 4 D 200\n"
CHECKED = ("B check\nC check\nD check\nA check\n")
TWO_BOARDS = ("flop Kh 7d 2c\nflop2 9s 8s 3h\n" + CHECKED + "turn 5d\nturn2 2d\n" + CHECKED + "river 4c\nriver2 Jc\n"
              + CHECKED + "A shows Kd Ks\nB shows Ts 7h\nC mucks\nD mucks\n")


def test_bomb_pot_everyone_antes_and_the_flop_is_bet_from_left_of_the_button() -> None:
    # rules.md 9e: 4 players ante 10 = 40, no pre-flop betting, flop action from B (left
    # of the button); C's 20 is called by nobody and comes back: C is paid the 40
    text = FOUR + "bomb 10\nflop Kh 7d 2c\nB check\nC bet 20\nD fold\nA fold\nB fold\npay C 40\n"
    (h,) = hands(text)
    assert h.bomb_pot == 10 and findings(text) == []
    assert [(e.player, e.kind.value, e.amount) for e in h.events if hasattr(e, "kind") and e.kind.value == "post_ante"] \
        == [("A", "post_ante", 10), ("B", "post_ante", 10), ("C", "post_ante", 10), ("D", "post_ante", 10)]
    assert [(f.rule, f.line, f.expected) for f in findings(text.replace("B check\nC bet", "C bet"))] == [
        ("AO01", 10, "B (seat 2) to act")]


def test_double_board_bomb_pot_each_board_wins_half() -> None:
    # 40 in antes; board 1 (Kh 7d 2c 5d 4c): A's kings make a set; board 2 (9s 8s 3h 2d
    # Jc): B's T 7 makes the jack-high straight. Each board is half: A 20, B 20
    text = FOUR + "bomb 10 double\n" + TWO_BOARDS
    assert findings(text + "pay A 20\npay B 20\n") == []
    # the whole pot pushed to board 1's winner: a mis-split (WN01), each board's half named
    (f,) = findings(text + "pay A 40\n")
    assert (f.rule, f.expected, f.actual) == ("WN01", "expected A 20; B 20", "log paid A 40")


def test_double_board_odd_chip_to_the_first_board() -> None:
    # three players ante 5 = 15: halves 8 and 7, the odd chip to the first board (as for a
    # board run twice: rules.md 9f leaves it open; hhaudit gives it to the first run)
    three = "game NL 1/2\nhand 1\nbutton 1\nseat 1 A 100\nseat 2 B 100\nseat 3 C 100\nbomb 5 double\n"
    chk = "B check\nC check\nA check\n"
    body = ("flop Kh 7d 2c\nflop2 9s 8s 3h\n" + chk + "turn 5d\nturn2 2d\n" + chk + "river 4c\nriver2 Jc\n" + chk
            + "A shows Kd Ks\nB shows Ts 7h\nC mucks\n")
    assert findings(three + body + "pay A 8\npay B 7\n") == []
    assert [f.rule for f in findings(three + body + "pay A 7\npay B 8\n")] == ["OC01"]  # the odd chip misplaced


def test_a_double_board_hand_writes_its_second_board() -> None:
    (h,) = hands(FOUR + "bomb 10 double\nflop Kh 7d 2c\n" + CHECKED + "pay A 40\n")
    assert h.status is Status.PARSE_ERROR and "flop2" in h.problem.message
    (h,) = hands(FOUR + "bomb 10 double\nflop Kh 7d 2c\nturn2 5d\n")
    assert h.status is Status.PARSE_ERROR and h.problem.message.startswith("turn of the second board dealt before")


# ------------------------------------------------------------------ chopped blinds, misdeals

CHOP = ("game NL 1/2 rake 10% max 5 preflop jackpot 1 at 2 preflop\nhand 1\nbutton 1\nseat 1 A 200\nseat 2 B 200\n"
        "seat 3 C 200\nA fold\nchop\nend A 200 B 200 C 200\n")


def test_chopped_blinds_take_their_posts_back_with_no_rake_and_no_finding() -> None:
    # everyone folds to the blinds, who chop: B takes back 1, C 2; even under a rake and a
    # jackpot taken pre-flop (`preflop`), the pot is never made: nothing is due
    (h,) = hands(CHOP)
    assert [(e.player, e.amount) for e in h.events if type(e).__name__ == "CollectEvent"] == [("B", 1), ("C", 2)]
    assert findings(CHOP) == []
    assert [(f.rule, f.expected, f.actual) for f in findings(CHOP.replace("chop\n", "chop\nrake 1\n"))
            if f.rule == "SB07"] == [("SB07", "rake 0 (pot 2)", "rake 1")]
    # the stacks carry unchanged into the next hand
    nxt = hands(CHOP + "hand 2\nB fold\nC fold\npay A 3\n")[1]
    assert nxt.status is Status.AUDITED and [s.stack for s in nxt.seats] == [200, 200, 200]


def test_a_chop_is_only_the_blinds_before_they_act() -> None:
    for played, why in (("A call\nchop", "every other player has folded"),
                        ("A fold\nB call\nchop", "before the blinds act"),
                        ("A fold\nchop\npay C 3", "no `pay` line")):
        (h,) = hands(CHOP.replace("A fold\nchop", played))
        assert h.status is Status.PARSE_ERROR and why in h.problem.message, (played, h.problem)


MISDEAL = """game NL 1/2
hand 1
button 1
seat 1 A 200
seat 2 B 200
seat 3 C 200
A fold
B fold
pay C 3
hand 2
C sb 1
A bb 2
misdeal        # a card flashed: every chip goes back
hand 2
B raise 6
C fold
A fold
pay B 9
end A 198 B 202 C 200
"""


def test_a_misdeal_voids_the_hand_and_the_redeal_starts_from_the_same_stacks_and_button() -> None:
    # hand 1: B posts 1, C 2, A and B fold: A 200, B 199, C 201. Hand 2 (button 2, C sb,
    # A bb) is misdealt: void, no chip moves. The redeal keeps the button on seat 2 and
    # the stacks: B raises to 6, C (sb 1) and A (bb 2) fold; the pot is 1 + 2 + 2 and B's
    # other 4 come back (the dealer's `pay B 9` hands them back with it): A 200 - 2 = 198,
    # B 199 - 6 + 9 = 202, C 201 - 1 = 200, as the end line says
    r = hhaudit.audit([MISDEAL])
    assert list(r.hands["hand_id"]) == ["1", "misdeal-2", "2"]
    assert list(r.hands["button_seat"]) == [1, 2, 2]
    void = r.seats[r.seats["hand_id"] == "misdeal-2"]
    assert list(void["stack_start"]) == [200, 199, 201] and list(void["contributed"]) == [0, 0, 0]
    redeal = r.seats[r.seats["hand_id"] == "2"]
    assert list(redeal["stack_start"]) == [200, 199, 201]
    assert [(f.hand_id, f.rule) for f in r.findings.itertuples()] == []


# ------------------------------------------------------------------ the second golden session

SESSION2 = ROOT / "tests" / "live" / "session-2.live"
HOUSE2 = ROOT / "tests" / "live" / "session-2.house.toml"


def test_second_golden_session_gives_exactly_its_expected_findings() -> None:
    """Five dealer mistakes in a session with a bomb pot on two boards, chopped blinds and
    a misdeal, worked out by hand in the file's comments and session-2.expected.tsv; the
    last `end` line is the stacks carried by hand from hand 1 (any slip would be AC06)."""
    import csv
    with open(SESSION2.with_name("session-2.expected.tsv"), encoding="utf-8") as fh:
        want = sorted((r["hand"], int(r["line"]), r["rule"]) for r in csv.DictReader(fh, delimiter="\t"))
    r = hhaudit.audit([str(SESSION2)], profile=str(HOUSE2))
    assert list(r.hands["status"]) == ["audited"] * 8
    assert list(r.hands["hand_id"]) == ["1", "2", "3", "4", "5", "misdeal-6", "6", "7"]
    got = sorted((f.hand_id, int(f.line), f.rule) for f in r.findings.itertuples())
    assert got == want
    # without the house's cap, Bob's raise to 150 is a legal raise
    plain = hhaudit.audit([str(SESSION2)])
    assert sorted((f.hand_id, int(f.line), f.rule) for f in plain.findings.itertuples()) == [
        w for w in want if w[2] != "IA04"]


# ------------------------------------------------------------------ rake with side pots

SIDE = ("game NL 1/2 rake 10% max 5\nhand 1\nbutton 3\nseat 1 A 20\nseat 2 B 300\nseat 3 C 300\n"
        "C raise 6\nA allin\nB call 20\nC call 20\nflop Kh 7d 2c\nB bet 40\nC call 40\nturn 9s\nB check\nC check\n"
        "river 3d\nB check\nC check\nA shows Ah Ac\nB shows Ks Qs\nC shows Kc Qc\n")


def _side(pays: str, **options: object):
    r = hhaudit.audit([SIDE + pays + "rake 5\n"], **options)
    return sorted(f.rule for f in r.findings.itertuples()), [list(e) for e in r.pots["expected"]]


def test_rake_with_a_side_pot_comes_from_the_pot_the_profile_names() -> None:
    # A all-in for 20, B and C 60 each: main 3 x 20 = 60 (A, B, C), side 2 x 40 = 80 (B,
    # C); 10% of 140 is 14, capped at 5. A's aces win the main; B and C tie for the side
    # (kings, queen kicker) and split it after its part of the rake (TDA-2024 20).
    # rake_from "main" (tda-2024's default): the main pays the 5: A 55, B 40, C 40
    assert _side("pay main A 55\npay side1 B 40\npay side1 C 40\n") == ([], [[55], [40, 40]])
    # rake_from "proportional": 5 x 60 // 140 = 2 and 5 x 80 // 140 = 2, the 1 left from
    # the main: A 60 - 3 = 57, the side 80 - 2 = 78: B 39, C 39
    assert _side("pay main A 57\npay side1 B 39\npay side1 C 39\n", rake_from="proportional") == (
        [], [[57], [39, 39]])
    # no rulebook says which pot pays (rules.md 7c): a payment that follows another rule
    # is accepted, the pots' `expected` are the profile's; one that follows none is not
    assert _side("pay main A 55\npay side1 B 40\npay side1 C 40\n", rake_from="proportional")[0] == []
    rules, _ = _side("pay main A 56\npay side1 B 40\npay side1 C 39\n")
    assert rules != []


def test_a_rebuy_explains_its_own_hand_and_not_the_next_one_too() -> None:
    # heads-up, the button posts the small blind. Hand 1 (button B): B folds his 1, A (bb)
    # is paid 3: A 101, B 99. Hand 2 (button A): A rebuys 21 (101 + 21 = 122) and folds
    # his small blind: A 121; B (big blind 2) is paid 3: 99 - 2 + 3 = 100.
    # Hand 3 starts A at 121: the 21 are in hand 2's start, not again in hand 3's (142)
    text = ("game NL 1/2\nhand 1\nbutton 2\nseat 1 A 100\nseat 2 B 100\nB fold\npay A 3\n"
            "hand 2\nrebuy A 21\nA fold\npay B 3\nhand 3\nB fold\npay A 3\n")
    r = hhaudit.audit([text])
    assert list(r.seats[r.seats["player"] == "A"]["stack_start"]) == [100, 122, 121]
    assert [f.rule for f in r.findings.itertuples()] == []


def test_the_documented_evening_with_every_construct_audits_clean() -> None:
    doc = (ROOT / "docs" / "live-format.md").read_text(encoding="utf-8")
    start = doc.index("## A full evening in the short style, every construct")
    body = doc.index("```text\n", start) + 8
    text = doc[body: doc.index("```", body)]
    r = hhaudit.audit([text])
    assert list(r.hands["hand_id"]) == ["1", "2", "3", "misdeal-4", "4", "5", "6"]
    assert list(r.hands["status"]) == ["audited"] * 7
    assert list(r.hands["dealer"]) == ["Maria"] * 5 + ["Sam"] * 2
    assert list(r.hands["button_seat"]) == [1, 2, 3, 4, 4, 5, 1]
    assert r.findings.empty, r.findings[["hand_id", "line", "rule", "expected", "actual"]]
    # one chip off in the hand-worked end line would be AC06
    off = hhaudit.audit([text.replace("Erin 316", "Erin 317")])
    assert [(f.rule, f.expected) for f in off.findings.itertuples()] == [("AC06", "Erin ends with 316")]


def test_after_a_hand_that_cannot_be_read_a_hand_that_writes_each_stack_is_read() -> None:
    # hand 2 has a typo in its play: it is a parse finding. Hand 3 cannot carry its stacks;
    # written short with only Bob's stack it is a parse finding naming who is missing; with
    # each player's stack (the button moving on from hand 2's) it is read and audited, and
    # hand 4 carries from it again
    base = ("game NL 1/2\nhand 1\nbutton 1\nseat 1 Alice 100\nseat 2 Bob 100\nseat 3 Carol 100\n"
            "Alice fold\nBob fold\npay Carol 3\n"
            "hand 2\nCarol fold\nAlice raiz 8\n"
            "hand 3\n{stacks}Carol fold\nAlice fold\npay Bob 3\n"
            "hand 4\nAlice fold\nBob fold\npay Carol 3\n")
    hs = hands(base.format(stacks="seat 2 Bob 99\n"))
    assert [h.status for h in hs] == [Status.AUDITED, Status.PARSE_ERROR, Status.PARSE_ERROR, Status.PARSE_ERROR]
    assert "did you mean `raise`" in hs[1].problem.message
    assert hs[2].problem.message.endswith("(no stack written for Alice, Carol)")
    hs = hands(base.format(stacks="seat 1 Alice 100\nseat 2 Bob 99\nseat 3 Carol 101\n"))
    assert [h.status for h in hs] == [Status.AUDITED, Status.PARSE_ERROR, Status.AUDITED, Status.AUDITED]
    # hand 2's button was seat 2 (moved from 1), so hand 3's is seat 3 and hand 4's seat 1
    assert [hs[2].button_seat, hs[3].button_seat] == [3, 1]
    # hand 3 (button Carol: Alice sb 1, Bob bb 2): Carol and Alice fold, Bob is paid 3:
    # Alice 100 - 1 = 99, Bob 99 - 2 + 3 = 100, Carol 101, the stacks hand 4 starts from;
    # both hands are clean
    assert [s.stack for s in hs[3].seats] == [99, 100, 101]
    auditor = Auditor("tda-2024")
    assert [f.rule for h in hs[2:] for f in auditor.audit(h).findings] == []
