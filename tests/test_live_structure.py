"""Live logs: what the game requires against what the dealer wrote (forced bets, misdeals,
missed blinds posted, the carry, the chip size, the dealer's syntax), each on the worked
numbers of ../shared/reference/rules.md (1c, 9a-9f; misdeals: TDA-2024 35)."""

from __future__ import annotations

from pathlib import Path

import hhaudit
from hhaudit.auditor import Auditor
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
    _, rows = session(tmp_path, text)
    assert rows == [("SE01", "2", "the button stays on seat 2 (the redeal of the misdeal at line 13, TDA-2024 35)",
                     "the button on seat 3")]
