"""Sites' conventions where no rulebook decides, as profile options (`hilo_odd_chip`,
`rake_from`) and the `online` profile's `SITE_CONVENTIONS`: each site's hands judged by its
own software's rule, the rulebooks' profiles by the rulebook, an option set by name never
overridden.

The numbers are the corpus hands' that show each convention (tests/test_omaha_corpus.py
audits those hands whole): Bovada's PLO8 low halves, iPoker's and Winamax's raked side pots.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from builders import stars

from hhaudit.engine.audited import AuditedHand
from hhaudit.engine.auditor import Auditor
from hhaudit.engine.pots import rake_shares, split_run
from hhaudit.model import Hand
from hhaudit.parsing import parse
from hhaudit.profiles import (
    PROFILES,
    SITE_CONVENTIONS,
    OptionError,
    check_option,
    for_site,
    get_profile,
)

REPO = Path(__file__).resolve().parents[1]
RING = [2, 3, 5, 8]  # clockwise from the button on seat 8


def test_hilo_odd_chip_low_to_high_split_arithmetic() -> None:
    # Bovada hand 2902256725: 9.62 after the rake, high 4.81 to one seat, low 4.81 tied by
    # two. The rule (TDA-2024 20-C, 20-A; Robert's Ties): only the pot's odd chip goes high,
    # so 4.81 and 4.81, the low's odd cent to the first tied seat left of the button: 2.41 +
    # 2.40. Bovada: the low's odd cent to the high half too: 4.82, and 2.40 + 2.40.
    assert split_run(962, [5], [2, 8], RING) == [("high", 481, {5: 481}), ("low", 481, {2: 241, 8: 240})]
    assert split_run(962, [5], [2, 8], RING, hilo_odd="low_to_high") == [
        ("high", 482, {5: 482}), ("low", 480, {2: 240, 8: 240})]
    # hand 2902266598: 0.95: high 0.48, low 0.47 = 0.24 + 0.23; Bovada 0.49, 0.23 + 0.23
    assert split_run(95, [5], [2, 8], RING) == [("high", 48, {5: 48}), ("low", 47, {2: 24, 8: 23})]
    assert split_run(95, [5], [2, 8], RING, hilo_odd="low_to_high") == [
        ("high", 49, {5: 49}), ("low", 46, {2: 23, 8: 23})]
    # a low won alone, or tied evenly, is the same under both: 101 is 51 / 50
    for rule in ("pot", "low_to_high"):
        assert split_run(101, [5], [8], RING, hilo_odd=rule) == [("high", 51, {5: 51}), ("low", 50, {8: 50})]
        assert split_run(101, [5], [2, 8], RING, hilo_odd=rule) == [("high", 51, {5: 51}), ("low", 50, {2: 25, 8: 25})]
    # three tied lows of 50: 16 each and 2 odd chips, which go high: 53 and 16 x 3
    assert split_run(101, [5], [2, 3, 8], RING, hilo_odd="low_to_high") == [
        ("high", 53, {5: 53}), ("low", 48, {2: 16, 3: 16, 8: 16})]


def test_rake_from_arithmetic() -> None:
    # iPoker hand 2874218654: main 2.28, side 8.04, rake 0.68. By pot size 0.68 x 228/1032 =
    # 0.1502 and 0.68 x 804/1032 = 0.5298: rounded 0.15 and 0.53 (iPoker), rounded down 0.15
    # and 0.52 with the cent left from the main pot, 0.16 and 0.52
    assert rake_shares([228, 804], 68, "proportional_rounded") == [15, 53]
    assert rake_shares([228, 804], 68, "proportional") == [16, 52]
    assert rake_shares([228, 804], 68, "main") == [68, 0]
    # Winamax hand 270777-217-1284853532: main 3.56, side 0.92, rake 0.22: 0.1748 and 0.0452,
    # rounded down 0.17 and 0.04 and the cent left from the main pot: 0.18 and 0.04
    # (Winamax); rounded 0.17 and 0.05
    assert rake_shares([356, 92], 22, "proportional") == [18, 4]
    assert rake_shares([356, 92], 22, "proportional_rounded") == [17, 5]
    # halves to even: 3 over two equal pots is 1.5 and 1.5, rounded 2 and 2: one too many,
    # taken back from the main pot
    assert rake_shares([100, 100], 3, "proportional_rounded") == [1, 2]


def test_the_options_and_their_allowed_values() -> None:
    assert check_option("hilo_odd_chip", "low_to_high") == "low_to_high"
    assert check_option("rake_from", "proportional_rounded") == "proportional_rounded"
    with pytest.raises(OptionError, match=r"hilo_odd_chip must be one of: pot, low_to_high \(got 'low_to_hi'\); "
                                          r"did you mean 'low_to_high'\?"):
        check_option("hilo_odd_chip", "low_to_hi")
    with pytest.raises(OptionError, match="rake_from must be one of: main, proportional, proportional_rounded"):
        check_option("rake_from", "last")
    # the defaults are the rulebooks' (and "main" where no rulebook says)
    for name in PROFILES:
        assert (PROFILES[name].hilo_odd_chip, PROFILES[name].rake_from) == ("pot", "main")
    assert [n for n, p in PROFILES.items() if p.site_conventions] == ["online"]


def test_for_site_applies_the_site_s_conventions_under_what_is_set_by_name() -> None:
    online = get_profile("online")
    assert for_site(online, "Bovada/Ignition").hilo_odd_chip == "low_to_high"
    assert for_site(online, "iPoker").rake_from == "proportional_rounded"
    assert for_site(online, "Winamax").rake_from == "proportional"
    assert for_site(online, "PokerStars") is online
    # the rulebook profiles, or online with the conventions off: the rulebook everywhere
    assert for_site(get_profile("tda-2024"), "Bovada/Ignition").hilo_odd_chip == "pot"
    assert for_site(get_profile("online", site_conventions=False), "iPoker").rake_from == "main"
    # an option set by name (a house profile, --option) wins over the site's convention
    pinned = get_profile("online", hilo_odd_chip="pot")
    assert for_site(pinned, "Bovada/Ignition").hilo_odd_chip == "pot"
    assert for_site(pinned, "iPoker").rake_from == "proportional_rounded"
    assert set(SITE_CONVENTIONS) == {"Bovada/Ignition", "iPoker", "Winamax", "PKR"}


# ------------------------------------------------------------- hands judged by their site

HILO = """\
Dave: posts small blind 1
Alice: posts big blind 2
*** HOLE CARDS ***
Bob: raises 31 to 33
Carol: calls 33
Dave: calls 32
Alice: folds
*** FLOP *** [2c 4d 7h]
Dave: checks
Bob: checks
Carol: checks
*** TURN *** [2c 4d 7h] [Ks]
Dave: checks
Bob: checks
Carol: checks
*** RIVER *** [2c 4d 7h Ks] [Qd]
Dave: checks
Bob: checks
Carol: checks
*** SHOW DOWN ***
Dave: shows [As 3s Jh Jc]
Bob: shows [Kc Kh 9s 9d]
Carol: shows [Ah 3h Tc Td]
{paid}"""
SEATS = {2: ("Dave", 500), 3: ("Alice", 500), 5: ("Bob", 500), 8: ("Carol", 500)}


def hilo(paid: dict[str, int], site: str) -> Hand:
    # Omaha Hi/Lo, the 101 pot raked 2: 99. Bob's trip kings win the high, Dave's As 3s and
    # Carol's Ah 3h tie the low with 7-4-3-2-A. The rule: high 50 (the pot's odd chip),
    # low 49 = 25 to Dave (first left of the button on 8) + 24 to Carol. Bovada: the low's
    # odd chip goes high too: high 51, low 48 = 24 + 24.
    lines = "\n".join(f"{who} collected {amount} from pot" for who, amount in paid.items())
    text = stars(HILO.format(paid=lines), seats=SEATS, button=8, blinds=(1, 2), summary="Total pot 101 | Rake 2")
    (hand,) = list(parse(text))
    hand.variant, hand.hole_cards, hand.hilo, hand.game, hand.site = "omaha", 4, True, "NLO8", site
    return hand


RULE_PAID = {"Bob": 50, "Dave": 25, "Carol": 24}
BOVADA_PAID = {"Bob": 51, "Dave": 24, "Carol": 24}


def rules(out: AuditedHand) -> list[str]:
    return [f.rule for f in out.findings]


def test_bovada_hands_are_judged_by_bovada_s_low_half() -> None:
    online = Auditor("online")
    assert rules(online.audit(hilo(BOVADA_PAID, "Bovada/Ignition"))) == []
    out = online.audit(hilo(RULE_PAID, "Bovada/Ignition"))
    assert [(f.rule, f.expected) for f in out.findings] == [
        ("OC01", "expected high Bob 51; low Dave 24, Carol 24 (after 2 rake)")]
    # another site's hand, the rulebook's profile, or the option set by name: the rule
    assert rules(online.audit(hilo(RULE_PAID, "PokerStars"))) == []
    (f,) = online.audit(hilo(BOVADA_PAID, "PokerStars")).findings
    assert (f.rule, f.expected, f.message) == ("OC01", "expected high Bob 50; low Dave 25, Carol 24 (after 2 rake)",
                                               "odd chip to the wrong seat: Dave paid 24 where the split "
                                               "gives 25 (the low half)")
    assert rules(Auditor("tda-2024").audit(hilo(BOVADA_PAID, "Bovada/Ignition"))) == ["OC01"]
    assert rules(Auditor(get_profile("online", hilo_odd_chip="pot")).audit(hilo(BOVADA_PAID, "Bovada/Ignition"))) \
        == ["OC01"]
    assert rules(Auditor(get_profile("online", hilo_odd_chip="low_to_high")).audit(hilo(BOVADA_PAID, "PokerStars"))) \
        == []


SIDE = """\
Dave: posts small blind 1
Alice: posts big blind 2
*** HOLE CARDS ***
Bob: raises 74 to 76
Carol: calls 76
Dave: calls 75 and is all-in
Alice: folds
*** FLOP *** [Ah Kd Qs]
Bob: bets 402
Carol: calls 402
*** TURN *** [Ah Kd Qs] [7c]
Bob: checks
Carol: checks
*** RIVER *** [Ah Kd Qs 7c] [2d]
Bob: checks
Carol: checks
*** SHOW DOWN ***
Bob: shows [Jh Tc]
Carol: shows [Jd Th]
Dave: shows [9s 9c]
{paid}"""


def side_pots(bob: tuple[int, int], carol: tuple[int, int], site: str) -> Hand:
    # Dave all-in for 76: main pot 3 x 76 + Alice's 2 = 230; side pot 2 x 402 = 804; raked
    # 68. Bob and Carol tie with the same straight for both pots; Bob (seat 5) is the first
    # of them left of the button (seat 8).
    # iPoker (proportional_rounded): 68 x 230/1034 = 15.13 -> 15, 68 x 804/1034 = 52.87 -> 53:
    #   main 215 = Bob 108 + Carol 107, side 751 = 376 + 375: Bob 484, Carol 482.
    # Winamax (proportional): 15 and 52, the 1 left from the main pot: 16 and 52: main 214 =
    #   107 + 107, side 752 = 376 + 376: 483 each.
    # main first: main 162 = 81 + 81, side 804 = 402 + 402: 483 each.
    paid = (f"Bob collected {bob[1]} from side pot\nCarol collected {carol[1]} from side pot\n"
            f"Bob collected {bob[0]} from main pot\nCarol collected {carol[0]} from main pot")
    text = stars(SIDE.format(paid=paid), seats={2: ("Dave", 76), 3: ("Alice", 1000), 5: ("Bob", 1000),
                                                8: ("Carol", 1000)},
                 button=8, blinds=(1, 2), summary="Total pot 1034 Main pot 230. Side pot 804. | Rake 68")
    (hand,) = list(parse(text))
    hand.site = site
    return hand


def test_raked_side_pots_by_the_site_s_rule() -> None:
    online = Auditor("online")
    # each site's own split is right there, and (no rulebook says which pot pays the rake)
    # anywhere: a payment that follows one of the known rules is no finding
    for site in ("iPoker", "Winamax", "PokerStars"):
        assert rules(online.audit(side_pots((108, 376), (107, 375), site))) == [], site
        assert rules(online.audit(side_pots((107, 376), (107, 376), site))) == [], site
        assert rules(online.audit(side_pots((81, 402), (81, 402), site))) == [], site
    out = online.audit(side_pots((108, 376), (107, 375), "iPoker"))
    assert [(p.index, p.expected) for p in out.pots] == [(0, [108, 107]), (1, [376, 375])]
    # the odd chips to Carol: wrong under every rule; the finding states the site's split
    # (at iPoker two chips off each seat, one a pot: SP01; elsewhere one each way: OC01)
    wrong = ((107, 375), (108, 376))
    (f,) = online.audit(side_pots(*wrong, "iPoker")).findings
    assert (f.rule, f.expected) == ("SP01", "expected Bob 484; Carol 482 (after 68 rake)")
    out = online.audit(side_pots(*wrong, "Winamax"))
    assert (out.findings[0].rule, out.findings[0].expected) == ("OC01", "expected Bob 483; Carol 483 (after 68 rake)")
    assert [p.expected for p in out.pots] == [[107, 107], [376, 376]]
    out = online.audit(side_pots(*wrong, "PokerStars"))
    assert [p.expected for p in out.pots] == [[81, 81], [402, 402]]
    assert [p.expected for p in Auditor("tda-2024").audit(side_pots(*wrong, "iPoker")).pots] == [[81, 81], [402, 402]]


def test_rules_profile_lists_the_site_conventions() -> None:
    r = subprocess.run([sys.executable, "-m", "hhaudit", "rules", "--profile", "online", "--option",
                        "rake_from=main"], capture_output=True, text=True, timeout=120, check=False, cwd=REPO)
    assert r.returncode == 0, r.stderr
    assert "\nsite conventions (site_conventions = true; site histories):\n" \
           "  Bovada/Ignition  hilo_odd_chip = low_to_high\n" \
           "  iPoker           rake_from = proportional_rounded (not used: rake_from = main is set)\n" \
           "  PKR              rake_split = shares\n" \
           "  Winamax          rake_from = proportional (not used: rake_from = main is set)\n" in r.stdout
    assert "hilo_odd_chip                      pot" in r.stdout
    r = subprocess.run([sys.executable, "-m", "hhaudit", "rules", "--profile", "tda-2024"], capture_output=True,
                       text=True, timeout=120, check=False, cwd=REPO)
    assert r.returncode == 0 and "site conventions" not in r.stdout


def test_a_house_file_sets_them_checked_like_every_option(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('name = "Dragon"\nbase = "online"\nhilo_odd_chip = "low_to_hi"\n', encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "hhaudit", "rules", "--rules", str(house)], capture_output=True,
                       text=True, timeout=120, check=False, cwd=REPO)
    assert r.returncode != 0
    assert (f"{house}:3: hilo_odd_chip must be one of: pot, low_to_high (got 'low_to_hi'); "
            "did you mean 'low_to_high'?") in r.stderr
    house.write_text('name = "Dragon"\nbase = "online"\nsite_conventions = false\nhilo_odd_chip = "low_to_high"\n',
                     encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "hhaudit", "rules", "--rules", str(house)], capture_output=True,
                       text=True, timeout=120, check=False, cwd=REPO)
    assert r.returncode == 0, r.stderr
    assert f"site_conventions                   false                                  {house}:3" in r.stdout
    assert "site conventions (" not in r.stdout


def test_rake_split_shares_arithmetic() -> None:
    from hhaudit.engine.pots import rake_shares_of, split_amount

    ring = [8, 9, 1, 2]  # clockwise from the button on seat 7
    # PKR hand 2103807268: 0.32 tied by seats 9 and 8 (first left of the button: 8), raked
    # 0.03. The rule (TDA-2024 20): 0.29 split 0.15 / 0.14, the odd cent to seat 8. PKR:
    # 0.16 each, the 0.03 charged 0.02 / 0.01 from seat 8: 0.14 to seat 8, 0.15 to seat 9
    assert split_amount(29, [8, 9], ring) == {8: 15, 9: 14}
    assert rake_shares_of({8: 16, 9: 16}, 3, ring) == {8: 14, 9: 15}
    # hand 2147625245: side pot 1.02 tied by seats 1 and 5 (seat 1 first left of the button
    # on 9), raked 0.17: the rule 0.85 = 0.43 + 0.42; PKR 0.51 each less 0.09 and 0.08
    assert rake_shares_of({1: 51, 5: 51}, 17, [1, 2, 3, 4, 5]) == {1: 42, 5: 43}
    assert split_amount(85, [1, 5], [1, 2, 3, 4, 5]) == {1: 43, 5: 42}
    assert check_option("rake_split", "shares") == "shares"
    assert for_site(get_profile("online"), "PKR").rake_split == "shares"
    assert get_profile("tda-2024").rake_split == "pot"


TIE = """\
Carol: posts small blind 1
Alice: posts big blind 2
*** HOLE CARDS ***
Bob: raises 14 to 16
Carol: calls 15
Alice: folds
*** FLOP *** [Ah Kd Qs]
Carol: checks
Bob: checks
*** TURN *** [Ah Kd Qs] [7c]
Carol: checks
Bob: checks
*** RIVER *** [Ah Kd Qs 7c] [2d]
Carol: checks
Bob: checks
*** SHOW DOWN ***
Carol: shows [Jd Th]
Bob: shows [Jh Tc]
Bob collected {bob} from pot
Carol collected {carol} from pot"""


def tied(bob: int, carol: int, site: str) -> Hand:
    # 1/2: Carol (seat 2, first left of the button on seat 8) and Bob (seat 5) put in 16
    # each, Alice's big blind 2 folded: 34, raked 3. Both make the broadway straight. The
    # rule: 31 split 16 to Carol, 15 to Bob. PKR: 17 each less 2 (Carol) and 1 (Bob): 15 to
    # Carol, 16 to Bob.
    text = stars(TIE.format(bob=bob, carol=carol), seats={2: ("Carol", 500), 3: ("Alice", 500), 5: ("Bob", 500)},
                 button=8, blinds=(1, 2), summary="Total pot 34 | Rake 3")
    (hand,) = list(parse(text))
    hand.site = site
    return hand


def test_pkr_rakes_each_winner_s_share() -> None:
    online = Auditor("online")
    assert rules(online.audit(tied(16, 15, "PKR"))) == []
    (f,) = online.audit(tied(15, 16, "PKR")).findings
    assert (f.rule, f.expected) == ("OC01", "expected Carol 15; Bob 16 (after 3 rake)")
    assert rules(online.audit(tied(15, 16, "PokerStars"))) == []
    assert rules(online.audit(tied(16, 15, "PokerStars"))) == ["OC01"]
    assert rules(Auditor("tda-2024").audit(tied(16, 15, "PKR"))) == ["OC01"]
