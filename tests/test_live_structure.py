"""Live logs: what the game requires against what the dealer wrote (forced bets, misdeals,
missed blinds posted, the carry, the chip size, the dealer's syntax), each on the worked
numbers of ../shared/reference/rules.md (1c, 9a-9f; misdeals: TDA-2024 35)."""

from __future__ import annotations

from pathlib import Path

import hhaudit
from hhaudit.engine.auditor import Auditor
from hhaudit.model import Status
from hhaudit.parsing import parse


def hands(text: str):
    return list(parse(text))


def findings(text: str, profile: str = "tda-2024"):
    auditor = Auditor(profile)
    return [f for h in hands(text) for f in auditor.audit(h).findings]


def session(tmp_path: Path, text: str, name: str = "s.live"):
    """Every finding of the file, the session pass's with the hands' (rule, hand, expected, actual)."""
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    r = hhaudit.audit([str(p)])
    rows = sorted((str(a), str(b), str(c), str(d)) for a, b, c, d in
                  r.findings[["rule", "hand_id", "expected", "actual"]].itertuples(index=False))
    return r, rows


# --------------------------------------------------------------------------- one carry

UNCALLED_PUSHED = """game NL 1/2
hand 1
button 1
seat 1 A 200
seat 2 B 11
seat 3 C 200
A raise 6
B call
C fold
flop Kh 7d 2c
B check
A bet 50
B allin          # B's last 5: A's 45 are nobody's to win
A shows As Ks
B shows Qd Qc
pay B 69         # the dealer pushed B the pot (6 + 6 + 2 + 5 + 5 = 24) and A's 45
hand 2           # button B: C 1, A 2
B fold
C fold
"""


def test_the_carry_is_the_stacks_the_audit_ends_the_hand_with(tmp_path: Path) -> None:
    """The dealer pushed the bet nobody called (45) to the winner with the 24 pot: the pot
    audit reports it (SP01: B is eligible for 24), and B has the 69, not A. The next hand
    starts from the same account: A 200 - 56 = 144, B 11 - 11 + 69 = 69, C 198; no chip
    appears or vanishes between the hands (no SE05)."""
    r, rows = session(tmp_path, UNCALLED_PUSHED)
    assert [x[0] for x in rows] == ["SP01"]
    s = r.seats
    end1 = {row.player: row.stack_start + row.net for row in s[s.hand_id == "1"].itertuples()}
    start2 = {row.player: row.stack_start for row in s[s.hand_id == "2"].itertuples()}
    assert end1 == start2 == {"A": 144, "B": 69, "C": 198}


# --------------------------------------------------------------------------- misdeals (TDA-2024 35)

MISDEAL = """game NL 1/2
hand 1
button 1
seat 1 A 200
seat 2 B 200
seat 3 C 200
seat 4 D 200
D raise 6        # B 1, C 2
A fold
B fold
C fold
pay D 5          # 1 + 2 + D's 2 called (his other 4 come back): D 203, B 199, C 198
hand 2           # the button to B: C 1, D 2
C sb 1
D bb 2
misdeal          # a card flashed: the deal is void
hand 2           # the redeal{redeal}
A fold
B fold
C fold
pay D 3          # C 197, D 204
hand 3           # the button to C: D 1, A 2
B fold
C fold
D fold
pay A 3
end A 201 B 199 C 197 D 203
"""


def test_a_redeal_is_the_voided_deal_again(tmp_path: Path) -> None:
    """TDA-2024 35: the voided deal moves no chip and is no hand played: the redeal has its
    button (B), its blinds (C 1, D 2) and its stacks (A 200, B 199, C 198, D 203), and the
    hand after it moves the button on from there (to C)."""
    hs = hands(MISDEAL.format(redeal=""))
    assert [h.hand_id for h in hs] == ["1", "misdeal-2", "2", "3"]
    void, redeal, after = hs[1], hs[2], hs[3]
    assert void.events == [] and void.button_seat == redeal.button_seat == 2
    assert [s.stack for s in void.seats] == [s.stack for s in redeal.seats] == [200, 199, 198, 203]
    assert after.button_seat == 3
    _, rows = session(tmp_path, MISDEAL.format(redeal=""))
    assert rows == []


def test_a_redeal_that_moves_the_button_is_reported(tmp_path: Path) -> None:
    """The dealer moved the button to C for the redeal (blinds D 1, A 2; B acts first):
    SE01 against the voided deal's button (seat 2), once, not again against hand 1."""
    text = MISDEAL.format(redeal="\nbutton 3")
    text = text.replace("A fold\nB fold\nC fold\npay D 3          # C 197, D 204\n", "B fold\nC fold\nD fold\npay A 3\n")
    text = text[:text.index("hand 3")]
    r, rows = session(tmp_path, text)
    assert rows == [("SE01", "2", "the button stays on seat 2 (the redeal of the misdeal at line 13, TDA-2024 35)",
                     "the button on seat 3")]
    # the message says what moved and why it should not have (before: the rule's summary)
    assert list(r.findings["message"]) == ["the button moves from seat 2 to seat 3 for the redeal of the misdeal "
                                           "at line 13; a redeal keeps the button where it was"]


# --------------------------------------------------------------------------- forced bets (FB01-FB03)


def fb(text: str, profile: str = "tda-2024"):
    return [(f.rule, f.player, f.expected, f.actual) for f in findings(text, profile) if f.rule.startswith("FB")]


def test_a_big_blind_ante_not_posted_and_big_blind_first():
    """rules.md 9a, TDA-2024 RP-11: 1000/2000 with a big-blind ante of 2000. The big blind
    posts 2000 and no ante: FB01. With 3000 the big blind posts 2000 live and an ante of
    1000 (BB first): clean; 2000 and an ante of 500 there is short (FB02)."""
    head = ("game NL 1000/2000 tournament\nlevel 6 1000/2000 bbante 2000\nhand 1\nbutton 1\n"
            "seat 1 A 50000\nseat 2 B 50000\nseat 3 C {c}\n")
    play = "B sb 1000\nC bb 2000\n{ante}A fold\nB fold\n"
    assert fb(head.format(c=50000) + play.format(ante="")) == [
        ("FB01", "C", "C posts the big-blind ante 2000", "no big-blind ante posted")]
    assert fb(head.format(c=50000) + play.format(ante="C ante 2000\n")) == []
    assert fb(head.format(c=3000) + play.format(ante="C ante 1000 all-in\n")) == []
    assert fb(head.format(c=3000) + play.format(ante="C ante 500\n")) == [
        ("FB02", "C", "C posts the big-blind ante 1000", "big-blind ante 500 posted")]
    # with exactly 2000 the big blind posts the blind and no ante, all-in (RP-11, BB first)
    assert fb(head.format(c=2000) + play.format(ante="")) == []
    # an ante from every player at a big-blind-ante level: the others' are extra (FB03)
    got = fb(head.format(c=50000) + play.format(ante="A ante 2000\nC ante 2000\n"))
    assert got == [("FB03", "A", "no big-blind ante from A", "big-blind ante 2000 posted")]


FOUR = "hand 1\nbutton 1\nseat 1 A 200\nseat 2 B 200\nseat 3 C 200\nseat 4 D 200\n"


def test_a_bomb_pot_ante_not_collected_from_one_player():
    """rules.md 9e: every player antes the bomb (10): the dealer wrote three antes of four."""
    text = ("game NL 1/2\n" + FOUR + "bomb 10\nA ante 10\nB ante 10\nC ante 10\n"
            "flop Kh 7d 2c\nB check\nC check\nD check\nA check\nturn 5d\nB check\nC check\nD check\nA check\n"
            "river 4c\nB check\nC check\nD check\nA check\nA shows Kd Ks\nB mucks\nC mucks\nD mucks\npay A 30\n")
    assert fb(text) == [("FB01", "D", "D posts the bomb-pot ante 10", "no bomb-pot ante posted")]
    # written in full, or not written at all (posted from the bomb line): clean
    assert fb(text.replace("C ante 10\n", "C ante 10\nD ante 10\n").replace("pay A 30", "pay A 40")) == []
    assert fb(text.replace("A ante 10\nB ante 10\nC ante 10\n", "").replace("pay A 30", "pay A 40")) == []


def test_antes_and_blinds_missing_short_or_extra():
    """1/2 with an ante of 1 from every player (rules.md 9a: dead money): the dealer wrote
    the blinds and three antes (FB01 for the fourth); a small blind of 2 (FB03); a big
    blind of 1 from a player with 199 behind (FB02)."""
    head = "game NL 1/2 ante 1\n" + FOUR
    tail = "D fold\nA fold\nB fold\n"
    antes = "A ante 1\nB ante 1\nC ante 1\nD ante 1\n"
    assert fb(head + antes + "B sb 1\nC bb 2\n" + tail) == []
    assert fb(head + antes.replace("D ante 1\n", "") + "B sb 1\nC bb 2\n" + tail) == [
        ("FB01", "D", "D posts the ante 1", "no ante posted")]
    assert fb(head + antes + "B sb 2\nC bb 2\n" + tail) == [
        ("FB03", "B", "B posts the small blind 1", "small blind 2 posted")]
    assert fb(head + antes + "B sb 1\nC bb 1\n" + tail) == [
        ("FB02", "C", "C posts the big blind 2", "big blind 1 posted")]
    # the small blind not written at all (the big blind and antes are)
    assert fb(head + antes + "C bb 2\n" + tail) == [("FB01", "B", "B posts the small blind 1", "no small blind posted")]
    # an ante in a game whose line says it has none (a game line silent on antes: the
    # antes written stand)
    assert fb("game NL 1/2\n" + FOUR + "A ante 1\nB sb 1\nC bb 2\n" + tail) == []
    assert fb("game NL 1/2 no ante\n" + FOUR + "A ante 1\nB sb 1\nC bb 2\n" + tail) == [
        ("FB03", "A", "no ante from A", "ante 1 posted")]


def test_a_short_stack_posting_all_it_has_is_not_short():
    text = ("game NL 1/2 ante 1\nhand 1\nbutton 1\nseat 1 A 200\nseat 2 B 1\nseat 3 C 200\n"
            "A ante 1\nB ante 1\nC ante 1\nC sb 1\nA bb 2\nC fold\nA shows As Ad\nB shows Kc Kd\n"
            "flop 2c 3d 9h\nturn Tc\nriver Jd\npay A 5\n")
    # B (1 chip) antes it all, all-in, and posts no blind: no FB finding for B
    assert [r for r in fb(text) if r[1] == "B"] == []


def test_a_lone_straddle_line_posts_the_blinds_as_the_dealer_means():
    """1/2, `D straddle 4` the only post line: the blinds are posted as usual (B 1, C 2),
    then D's straddle of 4; A acts first and must call 4 or raise to at least 8 (rules.md
    9b)."""
    (h,) = hands("game NL 1/2\n" + FOUR + "D straddle 4\nA raise 8\nB fold\nC fold\nD fold\n")
    assert h.status is Status.AUDITED
    from hhaudit.model import PostEvent
    posts = [(e.player, e.kind.value, e.amount) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("B", "post_sb", 1), ("C", "post_bb", 2), ("D", "post_straddle", 4)]
    assert [f.rule for f in Auditor("tda-2024").audit(h).findings] == []


def test_a_straddle_the_game_line_declares_is_required():
    head = "game NL 1/2 straddle 4\n" + FOUR
    assert fb(head + "B sb 1\nC bb 2\nD fold\nA fold\nB fold\n") == [
        ("FB01", "D", "D posts the straddle 4", "no straddle posted")]
    assert fb(head + "B sb 1\nC bb 2\nD straddle 4\nA fold\nB fold\nC fold\n") == []
    assert fb(head + "A fold\nB fold\nC fold\n") == []  # posted from the game line


def test_dead_small_blind_not_judged_under_a_dead_button():
    """rules.md 1c (pkcore's example): six seats, seats 1 and 2 gone, the button on seat 1:
    the small blind (seat 2, empty) is dead, seat 3 posts the big blind alone."""
    text = ("game NL 100/200\nhand 1\nbutton 1\nseat 3 C 5000\nseat 4 D 5000\nseat 5 E 5000\nseat 6 F 5000\n"
            "C bb 200\nD fold\nE fold\nF fold\n")
    assert fb(text) == []


KILL = """game {game} kill {kill}
hand 1
button 1
seat 1 A 2000
seat 2 B 2000
seat 3 C 2000
seat 4 D 2000
seat 5 E 2000
B sb {sb}
C bb {bb}
D fold
E fold
A raise {r}
B fold
C fold
pay A {p}          # A's first pot
hand 2
C sb {sb}
D bb {bb}
E fold
A raise {r}
B fold
C fold
D fold
pay A {p}          # A's second pot in a row: A owes the kill blind in hand 3
hand 3
D sb {sb}
E bb {bb}
{hand3}"""


def kill_log(hand3: str, fixed: bool = False, kill: str = "2x") -> str:
    if fixed:  # 20/40 limit: blinds 10/20, a raise to 40
        return KILL.format(game="FL 20/40", kill=kill, sb=10, bb=20, r=40, p=10 + 20 + 20, hand3=hand3)
    return KILL.format(game="NL 1/2", kill=kill, sb=1, bb=2, r=6, p=1 + 2 + 2, hand3=hand3)


def test_a_kill_blind_owed_after_two_pots_in_a_row():
    """A full kill (`kill 2x`) at 1/2: A won hands 1 and 2 alone, so A posts a kill blind of
    4 in hand 3 and acts last pre-flop, like a straddle. Not posted: FB01; posted: clean;
    posted by B, who owes none, instead: FB01 for A and FB03 for B."""
    hs = hands(kill_log("A fold\nB fold\nC fold\nD fold\n"))
    assert [h.status for h in hs] == [Status.AUDITED] * 3
    assert fb(kill_log("A fold\nB fold\nC fold\nD fold\n")) == [
        ("FB01", "A", "A posts the kill blind 4", "no kill blind posted")]
    clean = kill_log("A kill 4\nB fold\nC fold\nD fold\nE fold\npay A 7\n")
    assert [f.rule for f in findings(clean)] == []
    assert fb(kill_log("B kill 4\nC fold\nD fold\nE fold\nA fold\npay B 7\n")) == [
        ("FB01", "A", "A posts the kill blind 4", "no kill blind posted"),
        ("FB03", "B", "no kill blind from B", "kill blind 4 posted")]
    # a kill blind with no amount written is the game line's
    assert [f.rule for f in findings(kill_log("A kill\nB fold\nC fold\nD fold\nE fold\npay A 7\n"))] == []


def test_a_fixed_limit_kill_plays_the_hand_at_the_kill_stakes():
    """20/40 limit, blinds 10/20. A full kill is 40 and the hand is played at 40/80: B
    raises to 80. A half kill (`kill 1.5x`) is 30, the hand 30/60: B raises to 60; a raise
    to 50 (the 20/40 increment) is the wrong size (FL01)."""
    full = kill_log("A kill 40\nB raise 80\nC fold\nD fold\nE fold\nA fold\npay B 150\n", fixed=True)
    assert [f.rule for f in findings(full)] == []
    half = "A kill 30\nB raise {to}\nC fold\nD fold\nE fold\nA fold\npay B {pot}\n"
    assert [f.rule for f in findings(kill_log(half.format(to=60, pot=10 + 20 + 30 + 60), True, "1.5x"))] == []
    got = [f.rule for f in findings(kill_log(half.format(to=50, pot=10 + 20 + 30 + 50), True, "1.5x"))]
    assert got == ["FL01"]
    (h,) = hands(kill_log(half.format(to=60, pot=120), True, "1.5x"))[2:]
    assert (h.small_bet, h.big_bet) == (30, 60)


# --------------------------------------------------------------------------- the dealer's syntax


def test_the_carry_moves_a_dead_button():
    """rules.md 1c (TDA-2024 32, Robert's 1(b)): seats 1-6, button 1, small blind 2, big blind
    3; seat 3 leaves. The next hand the button moves to seat 2 (where the small blind was),
    the small blind (seat 3, empty) is dead and seat 4 posts the big blind alone; seat 5
    acts first. No SE01, no FB finding."""
    text = ("game NL 100/200\nhand 1\nbutton 1\n" + "".join(f"seat {n} {p} 5000\n" for n, p in enumerate("ABCDEF", 1))
            + "D fold\nE fold\nF fold\nA fold\nB fold\npay C 300\n"
            + "hand 2\nleave C\nE fold\nF fold\nA fold\nB fold\n")
    h1, h2 = hands(text)
    assert h2.status is Status.AUDITED and h2.button_seat == 2
    from hhaudit.model import PostEvent
    assert [(e.player, e.kind.value, e.amount) for e in h2.events if isinstance(e, PostEvent)] == [
        ("D", "post_bb", 200)]
    assert [f.rule for f in findings(text)] == []


def test_a_button_line_with_one_seat_line_is_a_carried_hand():
    """`button 3` and one recount (`seat 2 B 199`): the rest of the table carries over."""
    text = ("game NL 1/2\n" + FOUR + "D fold\nA fold\nB fold\npay C 3\n"
            "hand 2\nbutton 3\nseat 2 B 199\nA fold\nB fold\nC fold\n")
    h2 = hands(text)[1]
    assert h2.status is Status.AUDITED, h2.problem
    assert [(s.player, s.stack) for s in h2.seats] == [("A", 200), ("B", 199), ("C", 201), ("D", 200)]


def test_a_dealer_line_between_hands_and_five_cards_tabled_in_plo(tmp_path: Path):
    """`dealer Sam` on its own line between hands: the dealer of the hands after it, the
    hand before it unharmed. A PLO player who tables five cards holds a dead hand (WN03)."""
    text = ("game PLO 1/2 dealer Maria\n" + FOUR + "D call\nA call\nB call\nC check\nflop Kh 7d 2c\n"
            + "B check\nC check\nD check\nA check\n" * 0
            + "B check\nC check\nD check\nA check\nturn 9s\nB check\nC check\nD check\nA check\n"
              "river 3d\nB check\nC check\nD check\nA check\n"
              "A shows As Ks Qd Jd Tc\nB shows Kc Kd 5h 6h\nC mucks\nD mucks\npay B 8\n"
              "\ndealer Sam\n\nhand 2\nA fold\nB fold\nC fold\n")
    r, rows = session(tmp_path, text)
    assert [x[:2] for x in rows] == [("WN03", "1")]
    assert list(r.hands["dealer"]) == ["Maria", "Sam"]
    # a `dealer` line before any game line says what to write
    (h,) = hands("# hhaudit live log\ndealer Sam\ngame NL 1/2\n" + FOUR + "D fold\nA fold\nB fold\n")[:1]
    assert h.status is Status.PARSE_ERROR and "write the `game` line first" in h.problem.message


# --------------------------------------------------------------------------- the smallest chip

CHOP = """game NL 100/200 tournament{chip}
hand 1
button 1
seat 1 A 20000
seat 2 B 20000
seat 3 C 20600
seat 4 D 20600
D allin
A fold
B fold
C call
C shows As Kc
D shows Ah Kd
flop 2c 5d 9h
turn Jc
river Qs
pay C {c}          # 2 x 20,600 + B's 100 = 41,300, a chop
pay D {d}
"""


def test_the_smallest_chip_is_inferred_from_the_session():
    """The issue's chop (TDA-2024 20): 41,300 between C and D with T100 chips is 413 chips:
    20,700 to C (the first of them left of the button) and 20,600 to D. No `chip` line: every
    amount of the log is a multiple of 100, so the smallest chip is 100 and 20,700 / 20,600
    is right, 20,650 each breaks a chip (OC01). `chip 50` wins over the inference: 20,650
    each is then right."""
    right = CHOP.format(chip="", c=20700, d=20600)
    assert hands(right)[0].chip == 100
    assert [f.rule for f in findings(right)] == []
    assert "OC01" in [f.rule for f in findings(CHOP.format(chip="", c=20650, d=20650))]
    stated = CHOP.format(chip=" chip 50", c=20650, d=20650)
    assert hands(stated)[0].chip == 50
    assert [f.rule for f in findings(stated)] == []


# --------------------------------------------------------------------------- show --carry


def test_show_carry_prints_the_table_each_hand_starts_from(tmp_path: Path, capsys) -> None:
    """The misdeal session above: hand 1 from the table written; the voided deal and its
    redeal from the same stacks and button; hand 3 with the button on C; and the stacks the
    last hand leaves (A 2 + 1 from D's small blind: 201; D 204 - 1 = 203)."""
    from hhaudit.cli import main

    p = tmp_path / "m.live"
    p.write_text(MISDEAL.format(redeal=""), encoding="utf-8")
    assert main(["show", str(p), "--carry"]) == 0
    got = capsys.readouterr().out.splitlines()
    assert got == [
        "hand 1 (line 2): button 1; 1 A 200, 2 B 200, 3 C 200, 4 D 200",
        "hand misdeal-2 (line 13) (voided: the next hand is dealt again): button 2; 1 A 200, 2 B 199, 3 C 198, 4 D 203",
        "hand 2 (line 17): button 2; 1 A 200, 2 B 199, 3 C 198, 4 D 203",
        "hand 3 (line 22): button 3; 1 A 200, 2 B 199, 3 C 197, 4 D 204",
        "after hand 3: 1 A 201, 2 B 199, 3 C 197, 4 D 203",
    ]


# --------------------------------------------------------------------------- the sample kill game

KILL_GAME = Path(__file__).resolve().parents[1] / "sample_histories" / "live" / "kill-game.live"


def test_the_sample_kill_game_gives_exactly_the_findings_worked_out_by_hand() -> None:
    """sample_histories/live/kill-game.live: a missing ante (FB01), a misdeal and its redeal
    (clean: the same button, blinds and stacks), a kill blind owed and posted (clean) and a
    raise below the minimum over the kill (MR01); the session audit adds nothing (no SE01
    for the redeal, no SE05: the end line is the stacks worked out by hand)."""
    import csv

    with open(KILL_GAME.with_name("kill-game.expected.tsv"), encoding="utf-8") as fh:
        want = sorted((r["hand"], int(r["line"]), r["rule"]) for r in csv.DictReader(fh, delimiter="\t"))
    r = hhaudit.audit([str(KILL_GAME)])
    got = sorted((str(h), int(n), str(c)) for h, n, c in r.findings[["hand_id", "line", "rule"]].itertuples(index=False))
    assert got == want == [("33", 8, "FB01"), ("35", 37, "MR01")]
    assert list(r.hands["hand_id"]) == ["33", "34", "misdeal-35", "35"]


# --------------------------------------------------------------------------- house FILE and --rules

ROOM_LOG = """game NL 1/2{house}
hand 1
button 1
seat 1 A 200
seat 2 B 200
seat 3 C 200
A raise 6
B raise 18       # a third bet: past a cap of two bets a round (IA04), within three
C fold
A fold
"""


def test_a_log_names_its_house_rules_next_to_it_and_rules_is_the_default(tmp_path: Path) -> None:
    """Two rooms in one folder, one run: a.live names `house lucky.toml` (two bets a round),
    found next to the log; b.live names none and takes `--rules other.toml` (three bets)."""
    room = tmp_path / "rooms"
    room.mkdir()
    (room / "lucky.toml").write_text('name = "Lucky"\nbase = "tda-2024"\nnl_raise_cap = 2\n', encoding="utf-8")
    other = tmp_path / "other.toml"
    other.write_text('name = "Other"\nbase = "tda-2024"\nnl_raise_cap = 3\n', encoding="utf-8")
    (room / "a.live").write_text(ROOM_LOG.format(house=" house lucky.toml"), encoding="utf-8")
    (room / "b.live").write_text(ROOM_LOG.format(house=""), encoding="utf-8")
    r = hhaudit.audit([str(room / "a.live"), str(room / "b.live")], profile=str(other))
    assert [(Path(s).name, c) for s, c in r.findings[["source", "rule"]].itertuples(index=False)] == [("a.live", "IA04")]
    # an option given by itself reaches the log with its own house rules too
    r = hhaudit.audit([str(room / "a.live"), str(room / "b.live")], profile=str(other), nl_raise_cap=2)
    assert sorted(Path(s).name for s in r.findings["source"]) == ["a.live", "b.live"]
    # a house file that is not there: the hand says so, naming the line to write
    (room / "c.live").write_text(ROOM_LOG.format(house=" house missing.toml"), encoding="utf-8")
    (h,) = hands(str(room / "c.live"))
    assert h.status is Status.PARSE_ERROR and "missing.toml" in h.problem.message
    assert "`house lucky.toml`" in h.problem.message
