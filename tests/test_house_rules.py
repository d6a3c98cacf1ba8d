"""House rules: a card room's own rules as a profile (a house-rules file or
`[tool.hhaudit.profiles.NAME]`), and the options rooms differ on, each with the rulebook's
numbers (rules.md; the arithmetic is in the comments)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hhaudit.config import Config, ConfigError, load, origins, read_house, resolve
from hhaudit.engine.audited import AuditedHand
from hhaudit.engine.auditor import Auditor
from hhaudit.parsing import parse
from hhaudit.profiles import get_profile

ROOT = Path(__file__).resolve().parents[1]


def live(body: str, game: str = "game NL 1/2") -> str:
    return "# hhaudit live log\n" + game + "\n" + textwrap.dedent(body).strip("\n") + "\n"


def audit_live(text: str, **options: object) -> AuditedHand:
    (hand,) = list(parse(text))
    assert hand.status.value == "audited", hand.problem
    return Auditor(get_profile("tda-2024", **options)).audit(hand)


def codes(out: AuditedHand) -> list[tuple[str, int]]:
    return [(f.rule, f.line) for f in out.findings]


def hh(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hhaudit", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


# --------------------------------------------------------------------------- the profile files

HOUSE = """\
# The Lucky Dragon's rules
name = "Lucky Dragon"
base = "tda-2024"
description = "NL cash: four bets a round"
nl_raise_cap = 4
odd_chip = "high_suit"
straddles = ["utg", "button"]
max_rebuy = 500
"""


def test_a_house_rules_file_is_a_base_profile_plus_options_each_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(HOUSE)
    house = read_house(path)
    assert (house.name, house.base, house.description) == ("Lucky Dragon", "tda-2024", "NL cash: four bets a round")
    assert house.options == {"nl_raise_cap": 4, "odd_chip": "high_suit", "straddles": ("utg", "button"),
                             "max_rebuy": 500}
    assert house.lines["odd_chip"] == f"{path}:6"
    res = resolve(Config(), str(path), ["chip=25"])
    assert res.profile == "tda-2024"
    rows = {name: (value, where) for name, value, where in origins(res)}
    assert rows["nl_raise_cap"] == (4, f"{path}:5")
    assert rows["chip"] == (25, "--option chip=25")
    assert rows["button_rule"] == ("dead", "base profile tda-2024")  # tda-2024 sets it
    assert rows["fl_cap"] == (3, "built-in")


@pytest.mark.parametrize(("text", "needles"), [
    ('base = "tda2024"\n', [":1:", "unknown profile 'tda2024'", "did you mean 'tda-2024'"]),
    ('base = "tda-2024"\nnl_raise_capp = 4\n', [":2:", "unknown key 'nl_raise_capp'", "did you mean 'nl_raise_cap'"]),
    ('base = "tda-2024"\nodd_chip = "bigblind"\n', [":2:", "odd_chip must be one of: button, big_blind, high_suit",
                                                     "did you mean 'big_blind'"]),
    ('base = "tda-2024"\nnl_raise_cap = "four"\n', [":2:", "nl_raise_cap must be a whole number"]),
    ('base = "tda-2024"\n\nnl_raise_cap = -1\n', [":3:", "nl_raise_cap must be a number at least 0"]),
    ('base = "tda-2024"\nstraddles = ["utg", "sleeper"]\n', [":2:", "straddles must be a list of", "'sleeper'"]),
    ('base = "tda-2024"\nshowdown_order = "yes please"\n', [":2:", "showdown_order must be true or false"]),
    ('nl_raise_cap = 4\n', ["no base profile", 'base = "tda-2024"']),
    ('base = "tda-2024"\nnl_raise_cap = \n', [":2:", "not valid TOML"]),
])
def test_house_rules_mistakes_name_the_file_and_line(tmp_path: Path, text: str, needles: list[str]) -> None:
    path = tmp_path / "house.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as err:
        read_house(path)
    assert str(err.value).startswith(str(path)), err.value
    for needle in needles:
        assert needle in str(err.value), (needle, str(err.value))


def test_pyproject_house_profiles_are_chosen_by_name(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(textwrap.dedent("""\
        [tool.hhaudit]
        options = { chip = 5 }

        [tool.hhaudit.profiles.dragon]
        base = "roberts-cash"
        nl_raise_cap = 4
        odd-chip = "big_blind"
    """))
    cfg = load(tmp_path)
    res = resolve(cfg, "dragon", ["nl_raise_cap=5"])
    assert res.profile == "roberts-cash"
    assert res.options == {"chip": 5, "nl_raise_cap": 5, "odd_chip": "big_blind"}
    rows = {name: (value, where) for name, value, where in origins(res)}
    assert rows["odd_chip"] == ("big_blind", f"{tmp_path / 'pyproject.toml'}:7")
    assert rows["chip"] == (5, f"{tmp_path / 'pyproject.toml'}:2")
    assert rows["oot_binding"] == ("roberts", "base profile roberts-cash")
    with pytest.raises(ConfigError, match="unknown profile 'dragn'; did you mean 'dragon'"):
        resolve(cfg, "dragn")
    # a profile chosen in [tool.hhaudit] itself, and a mistake inside a house table
    (tmp_path / "pyproject.toml").write_text('[tool.hhaudit]\nprofile = "dragon"\n\n[tool.hhaudit.profiles.dragon]\n'
                                             'base = "tda-2024"\nmax_rebuy = "lots"\n')
    with pytest.raises(ConfigError, match=r"pyproject.toml:6: max_rebuy must be a whole number"):
        load(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[tool.hhaudit]\nprofile = "dragon"\n\n[tool.hhaudit.profiles.dragon]\n'
                                             'base = "tda-2024"\nmax_rebuy = 200\n')
    assert resolve(load(tmp_path)).options == {"max_rebuy": 200}
    (tmp_path / "pyproject.toml").write_text('[tool.hhaudit.profiles.dragon]\nbase = "tda-2024"\n')
    assert resolve(load(tmp_path)).profile is None  # a house profile is used only when chosen
    # a house-rules file named in [tool.hhaudit], beside the pyproject.toml whatever the
    # folder the command runs in
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "house.toml").write_text(HOUSE)
    (tmp_path / "sub").mkdir()
    for key in ("rules", "profile"):
        (tmp_path / "pyproject.toml").write_text(f'[tool.hhaudit]\n{key} = "rules/house.toml"\n')
        res = resolve(load(tmp_path / "sub"))
        assert res.profile == "tda-2024" and res.options["nl_raise_cap"] == 4, key
        assert res.house is not None and res.house.lines["odd_chip"] == f"{tmp_path / 'rules' / 'house.toml'}:6"


def test_rules_command_prints_the_profile_and_where_each_value_came_from(tmp_path: Path) -> None:
    (tmp_path / "house.toml").write_text(HOUSE)
    r = hh("rules", "--profile", "house.toml", "--option", "chip=25", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "profile Lucky Dragon (house.toml), base tda-2024"
    table = {line.split()[0]: line.split(None, 2)[1:] for line in lines[3:] if line and not line.startswith("code")}
    assert table["nl_raise_cap"] == ["4", "house.toml:5"]
    assert table["straddles"] == ["utg,", "button             house.toml:7"] or "house.toml:7" in " ".join(
        table["straddles"])
    assert table["chip"] == ["25", "--option chip=25"]
    assert table["session_gap"] == ["240", "base profile tda-2024"]
    assert table["fl_cap"] == ["3", "built-in"]
    assert any(line.startswith("IA04  raise-past-house-cap") for line in lines)
    assert "  IA04 raise-past-house-cap: nl_raise_cap = 4" in lines
    assert "  OC01 odd-chip-wrong-seat: odd_chip = high_suit, chip = 25" in lines
    r = hh("rules", "--rules", "nowhere.toml", cwd=tmp_path)
    assert r.returncode == 2 and "nowhere.toml: no such house-rules file" in r.stderr
    r = hh("rules", "--profile", "tda-2024", "--rules", "house.toml", cwd=tmp_path)
    assert r.returncode == 2 and "give one" in r.stderr


def test_audit_with_rules_applies_the_house_options(tmp_path: Path) -> None:
    (tmp_path / "house.toml").write_text(HOUSE)
    (tmp_path / "s.live").write_text(CAPPED)
    r = hh("audit", "s.live", "-o", "out", "--rules", "house.toml", "--fail-on", "never", "--jobs", "1", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "s.live:12:1: IA04 error " in r.stdout, r.stdout
    r = hh("audit", "s.live", "-o", "out2", "--fail-on", "never", "--jobs", "1", cwd=tmp_path)
    assert "IA04" not in r.stdout  # off by default
    # the checks after the replay reach the command line's workers too
    (tmp_path / "t.live").write_text(_river(True, "Bob", "Dave"))
    r = hh("audit", "t.live", "-o", "out3", "--option", "showdown_order=true", "--fail-on", "never", "--jobs", "2",
           cwd=tmp_path)
    assert "t.live:27:1: AO07 " in r.stdout, r.stdout
    r = hh("show", "t.live", "--hand", "1", "--rules", "house.toml", "--option", "showdown_order=true", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "profile Lucky Dragon (base tda-2024)" in r.stdout.splitlines()[0]
    assert "AO07 showdown-out-of-order: expected Dave shows first (the last aggressor)" in r.stdout


# --------------------------------------------------------------------------- no-limit raise cap

# 1/2, four bets a round: the big blind (2) is the bet, raise to 6 (+4), re-raise to 18 (+12),
# raise to 54 (+36) is the cap; a raise to 150 is past it.
CAPPED = live("""
    hand 1
    button 1
    seat 1 Alice 500
    seat 2 Bob 500
    seat 3 Carol 500
    seat 4 Dave 500
    Dave raise 6
    Alice raise 18
    Bob raise 54
    Carol raise 150
    Dave fold
    Alice fold
    Bob call 150
    flop Kh 7d 2c
    Bob check
    Carol check
    turn 9s
    Bob check
    Carol check
    river 2d
    Bob check
    Carol check
    Bob shows Ks Qs
    Carol mucks
    pay Bob 324              # 6 + 18 + 150 + 150
""")


def test_no_limit_raise_cap_four_bets_a_round() -> None:
    out = audit_live(CAPPED, nl_raise_cap=4)
    assert codes(out) == [("IA04", 12)], out.findings
    f = out.findings[0]
    # Carol faces 54 with 2 in (the big blind): a call is 52
    assert f.expected == "call 52 or fold (the house caps a round at 4 bets: capped at 54)"
    assert f.actual == "raised to 150"
    assert codes(audit_live(CAPPED, nl_raise_cap=5)) == []   # a fifth bet is allowed
    assert codes(audit_live(CAPPED)) == []                   # TDA-2024 48: no cap in no-limit


def test_the_cap_counts_full_raises_not_short_all_ins_nor_straddles() -> None:
    # Flop: Alice bets 10 (1), Bob raises to 30 (2: +20), Carol is all-in for 40 (+10, less
    # than a full raise: not counted, TDA-2024 47-A), Dave raises to 70 (3: +30 >= 20),
    # Alice to 120 (4: +50, the cap); Bob's raise to 200 is past it. Bob's 80 over Alice's
    # 120 comes back; main pot 4 x 42 = 168 to Carol (A-K beats K-Q), side pot 80 + 80 +
    # 30 = 190 to Bob.
    text = live("""
        hand 1
        button 4
        seat 1 Alice 500
        seat 2 Bob 500
        seat 3 Carol 42
        seat 4 Dave 500
        Carol call
        Dave call
        Alice call
        Bob check
        flop Kh 7d 2c
        Alice bet 10
        Bob raise 30
        Carol allin
        Dave raise 70
        Alice raise 120
        Bob raise 200
        Dave fold
        Alice fold
        turn 9s
        river 2d
        Bob shows Ks Qs
        Carol shows Ah Kd
        pay Carol 168
        pay Bob 190
    """)
    out = audit_live(text, nl_raise_cap=4)
    assert codes(out) == [("IA04", 19)], out.findings
    assert out.findings[0].actual == "raised to 200"
    assert codes(audit_live(text)) == []
    # with a 4 straddle (1/2), the straddle is the bring-in (1): raise to 8 (2), 16 (3),
    # 32 (4) is the cap, and Carol's raise to 64 is past it
    text = live("""
        hand 1
        button 1
        seat 1 Alice 500
        seat 2 Bob 500
        seat 3 Carol 500
        seat 4 Dave 500
        seat 5 Erin 500
        Bob sb 1
        Carol bb 2
        Dave straddle 4
        Erin raise 8
        Alice raise 16
        Bob raise 32
        Carol raise 64
        Dave fold
        Erin fold
        Alice fold
        Bob fold
        pay Carol 92             # 32 + 32 + 4 + 8 + 16: Carol's last 32 come back
    """)
    out = audit_live(text, nl_raise_cap=4)
    assert codes(out) == [("IA04", 16)], out.findings


# --------------------------------------------------------------------------- the odd chip

def _chop(pay8: int, pay2: int) -> str:
    # rules.md 7b's 175-chip split, 8 seats, button on seat 7: seat 8 (the small blind)
    # 25 + 25, seat 1 (the big blind) 50, seat 2 50, seat 3 a dead 25 = 175. Seats 8 and 2
    # tie (A-K-Q-J-7, the board A K 7 2 3): 87 each and one odd chip.
    seats = "\n".join(f"    seat {n} P{n} 1000" for n in range(1, 9))
    return live(f"""
    hand 1
    button 7
{seats}
    P8 sb 25
    P1 bb 50
    P3 dead 25
    P2 call
    P3 fold
    P4 fold
    P5 fold
    P6 fold
    P7 fold
    P8 call
    P1 check
    flop Ah Kd 7c
    P8 check
    P1 check
    P2 check
    turn 2s
    P8 check
    P1 check
    P2 check
    river 3h
    P8 check
    P1 check
    P2 check
    P8 shows Qh Jc
    P1 mucks
    P2 shows Qs Jd
    pay P8 {pay8}
    pay P2 {pay2}
    """, game="game NL 25/50 chip 1")  # the rulebook counts this pot in chips of 1 (every amount here is
    # a multiple of 25: with no `chip` line the smallest chip would be 25)


@pytest.mark.parametrize(("rule", "good", "bad"), [
    # the first tied seat left of the button (7): seat 8 (TDA-2024 20-A)
    ("button", (88, 87), (87, 88)),
    # from the big blind (seat 1) on: seat 2 comes before seat 8
    ("big_blind", (87, 88), (88, 87)),
    # the highest hole card by suit: seat 2's Qs beats seat 8's Qh (spades > hearts)
    ("high_suit", (87, 88), (88, 87)),
])
def test_odd_chip_rules(rule: str, good: tuple[int, int], bad: tuple[int, int]) -> None:
    assert codes(audit_live(_chop(*good), odd_chip=rule)) == []
    out = audit_live(_chop(*bad), odd_chip=rule)
    assert [f.rule for f in out.findings] == ["OC01"], out.findings
    assert out.findings[0].expected == f"expected P2 {good[1]}; P8 {good[0]}"


def test_high_suit_odd_chips_of_a_three_way_split_go_by_each_hand_s_highest_card() -> None:
    from hhaudit.engine.pots import odd_chip_order
    from hhaudit.engine.replay import State

    # 101 chips three ways (rules.md 7b): 33 each and 2 odd chips, one each to the first two
    # in the order: Ks (seat 5) > Kd (seat 2) > Qs (seat 8), whatever the button
    (hand,) = list(parse(_chop(88, 87)))
    state = State.start(hand, get_profile("tda-2024"))
    order = odd_chip_order("high_suit", state, [8, 1, 2, 3, 4, 5, 6, 7],
                           {2: ("Kd", "2c"), 5: ("3h", "Ks"), 8: ("Qs", "Js")})
    assert order[:3] == [5, 2, 8]
    from hhaudit.engine.pots import split_amount
    assert split_amount(101, [2, 5, 8], order) == {5: 34, 2: 34, 8: 33}


# --------------------------------------------------------------------------- the showdown

def _river(bet: bool, first: str, second: str) -> str:
    # 1/2, button on seat 1: Bob (2) and Carol (3) post 1 and 2; Dave (4) calls, Bob
    # completes; on the river Dave bets 40 and Bob calls (or all check). Pot 3 x 2 + 2 x 40
    # = 86 to Dave's kings (or 6 checked down).
    river = "Bob check\n    Carol check\n    Dave bet 40\n    Bob call\n    Carol fold" if bet else \
        "Bob check\n    Carol check\n    Dave check"
    shows = {"Dave": "Dave shows Ks Qs", "Bob": "Bob shows Jh Td"}
    return live(f"""
    hand 1
    button 1
    seat 1 Alice 500
    seat 2 Bob 500
    seat 3 Carol 500
    seat 4 Dave 500
    Dave call
    Alice fold
    Bob call
    Carol check
    flop Kh 7d 2c
    Bob check
    Carol check
    Dave check
    turn 9s
    Bob check
    Carol check
    Dave check
    river 3d
    {river}
    {shows[first]}
    {shows[second]}
    {"Carol mucks" if not bet else ""}
    pay Dave {86 if bet else 6}
    """)


def test_showdown_order_last_aggressor_first() -> None:
    # TDA-2024 17-A: Dave bet the river, so Dave shows first
    assert codes(audit_live(_river(True, "Dave", "Bob"), showdown_order=True)) == []
    out = audit_live(_river(True, "Bob", "Dave"), showdown_order=True)
    assert codes(out) == [("AO07", 27)], out.findings
    f = out.findings[0]
    assert (f.severity, f.expected, f.actual) == ("info", "Dave shows first (the last aggressor)", "Bob showed first")
    assert codes(audit_live(_river(True, "Bob", "Dave"))) == []  # off by default


def test_showdown_order_checked_down_first_seat_left_of_the_button() -> None:
    # no bet on the river: the first seat still in left of the button (1) shows first: Bob (2)
    assert codes(audit_live(_river(False, "Bob", "Dave"), showdown_order=True)) == []
    out = audit_live(_river(False, "Dave", "Bob"), showdown_order=True)
    assert codes(out) == [("AO07", 25)], out.findings
    assert out.findings[0].expected == "Bob shows first (the first seat still in left of the button)"


def _all_in(bob: str) -> str:
    # Carol (big blind) all-in for 100, Bob calls: 200 to Carol's aces
    return live(f"""
    hand 1
    button 1
    seat 1 Alice 500
    seat 2 Bob 500
    seat 3 Carol 100
    seat 4 Dave 500
    Dave fold
    Alice fold
    Bob call
    Carol allin
    Bob call
    flop Kh 7d 2c
    turn 9s
    river 3d
    Carol shows Ah Ad
    {bob}
    pay Carol 200
    """)


def test_all_in_hands_are_tabled() -> None:
    # TDA-2024 16: once Carol is all-in and the betting is over, Bob may not muck
    assert codes(audit_live(_all_in("Bob shows Jh Td"), allin_tabled=True)) == []
    out = audit_live(_all_in("Bob mucks"), allin_tabled=True)
    assert codes(out) == [("AO08", 18)], out.findings
    assert out.findings[0].actual == "Bob mucked"
    out = audit_live(_all_in(""), allin_tabled=True)
    assert [(f.rule, f.actual) for f in out.findings] == [("AO08", "Bob's hand never tabled")]
    assert codes(audit_live(_all_in("Bob mucks"))) == []  # cash games may let a player muck


# --------------------------------------------------------------------------- straddles, rebuys

RESTRADDLE = live("""
    hand 1
    button 1
    seat 1 Alice 500
    seat 2 Bob 500
    seat 3 Carol 500
    seat 4 Dave 500
    seat 5 Erin 500
    Bob sb 1
    Carol bb 2
    Dave straddle 4
    Erin straddle 8
    Alice fold
    Bob fold
    Carol fold
    Dave fold
    pay Erin 11              # 1 + 2 + 4 + 4: Erin's last 4 come back
""")


def test_straddle_kinds_the_house_allows() -> None:
    assert codes(audit_live(RESTRADDLE)) == []  # every kind allowed by default
    assert codes(audit_live(RESTRADDLE, straddles=["utg", "re-straddle"])) == []
    out = audit_live(RESTRADDLE, straddles=["utg"])
    assert codes(out) == [("IA05", 13)], out.findings  # Erin's straddle on Dave's
    assert (out.findings[0].expected, out.findings[0].actual) == ("straddles allowed: utg",
                                                                  "re-straddle straddle of 8 by Erin")
    out = audit_live(RESTRADDLE, straddles=[])
    assert codes(out) == [("IA05", 12), ("IA05", 13)]


def test_straddle_kind_from_the_seat_posting_it() -> None:
    from hhaudit.engine.house_rules import straddle_kind
    from hhaudit.engine.replay import State

    (hand,) = list(parse(RESTRADDLE))
    st = State.start(hand, get_profile("tda-2024"))
    st.bb_seat = 3
    assert [straddle_kind(st, seat, 0) for seat in (4, 1, 5, 2)] == ["utg", "button", "mississippi", "mississippi"]
    assert straddle_kind(st, 4, 1) == "re-straddle"


def test_a_rebuy_past_the_house_limit() -> None:
    text = live("""
        hand 1
        button 1
        seat 1 Alice 200
        seat 2 Bob 200
        seat 3 Carol 200
        Alice fold
        Bob fold
        pay Carol 3

        hand 2
        rebuy Alice 300
        addon Bob 500
        Bob fold
        Carol fold
        pay Alice 3
    """)
    hands = list(parse(text))
    auditor = Auditor(get_profile("tda-2024", max_rebuy=400))
    assert [codes(auditor.audit(h)) for h in hands] == [[], [("SE08", 14)]]
    out = auditor.audit(hands[1])
    assert (out.findings[0].expected, out.findings[0].actual) == ("at most 400 in one addon", "addon of 500 by Bob")
    assert [codes(Auditor("tda-2024").audit(h)) for h in hands] == [[], []]


def test_the_documented_house_rules_file_reads_as_written(tmp_path: Path) -> None:
    doc = (ROOT / "docs" / "live-format.md").read_text(encoding="utf-8")
    section = doc[doc.index("## House rules"):]
    block = section[section.index("```toml\n") + 8:]
    path = tmp_path / "house.toml"
    path.write_text(block[:block.index("```")])
    house = read_house(path)
    assert house.base == "tda-2024" and house.options["nl_raise_cap"] == 4
    assert house.lines["odd_chip"] == f"{path}:15" and house.lines["chip"] == f"{path}:16"
    assert house.lines["nl_raise_cap"] == f"{path}:7"
    assert house.options["straddles"] == ("utg", "button")


@pytest.mark.parametrize(("straddler", "kind"), [("A", "button"), ("F", "mississippi"), ("D", "utg")])
def test_button_and_mississippi_straddles_as_live_logs_write_them(straddler: str, kind: str) -> None:
    # 1/2, button seat 1 (A), B sb 1, C bb 2, a straddle of 4 from the button (A), seat 6 (F)
    # or the seat after the big blind (D); everyone else folds: the straddler's 2 over the
    # big blind come back, pot 1 + 2 + 2 = 5
    seats = "\n".join(f"    seat {n} {name} 500" for n, name in enumerate("ABCDEF", 1))
    folds = "\n".join(f"    {n} fold" for n in "BCDEF" if n != straddler) if straddler == "A" else \
        "\n".join(f"    {n} fold" for n in ("EFAB" if straddler == "D" else "ABCDE") if n != straddler)
    text = live(f"""
    hand 1
    button 1
{seats}
    B sb 1
    C bb 2
    {straddler} straddle 4
{folds}
    pay {straddler} 5
    """)
    if straddler == "D":
        text = text.replace("    pay D 5", "    C fold\n    pay D 5")
    assert codes(audit_live(text)) == []
    out = audit_live(text, straddles=[k for k in ("utg", "button", "mississippi") if k != kind])
    assert codes(out) == [("IA05", 13)], out.findings
    assert out.findings[0].actual == f"{kind} straddle of 4 by {straddler}"


def test_rebuys_a_session_past_the_house_limit() -> None:
    import hhaudit

    # Bob rebuys in hand 2 and again in hand 3 (an addon): with one rebuy a session, the
    # second is reported by the session audit, at hand 3
    text = live("""
        hand 1
        button 1
        seat 1 Alice 200
        seat 2 Bob 200
        seat 3 Carol 200
        Alice fold
        Bob fold
        pay Carol 3

        hand 2
        rebuy Bob 100
        Bob fold
        Carol fold
        pay Alice 3

        hand 3
        addon Bob 50
        Carol fold
        Alice fold
        pay Bob 3
    """)
    found = hhaudit.audit([text], max_rebuys=1).findings
    rows = [(r.rule, r.hand_id, r.expected, r.actual) for r in found.itertuples()]
    assert rows == [("SE08", "3", "at most 1 rebuy a session", "rebuy 2 by Bob")], rows
    # the message names the player, the seat and the count (before: the rule's summary)
    assert list(found["message"]) == ["Bob (seat 2) makes rebuy 2 of the table session; the house allows 1"]
    assert len(hhaudit.audit([text], max_rebuys=2).findings) == 0
    assert len(hhaudit.audit([text]).findings) == 0


@pytest.mark.parametrize(("word", "good"), [("button", (88, 87)), ("left-of-button", (88, 87)),
                                             ("big-blind", (87, 88)), ("bb", (87, 88)),
                                             ("high-suit", (87, 88))])
def test_a_live_game_line_names_its_odd_chip_rule(word: str, good: tuple[int, int]) -> None:
    # the 175-chip split above, the rule written on the game line (it wins over the profile's)
    def text(pay: tuple[int, int]) -> str:
        return _chop(*pay).replace("game NL 25/50", f"game NL 25/50 oddchip {word}")

    bad = (good[1], good[0])
    assert codes(audit_live(text(good))) == []
    assert [f.rule for f in audit_live(text(bad)).findings] == ["OC01"]
    assert codes(audit_live(text(good), odd_chip="button" if good == (87, 88) else "high_suit")) == []
