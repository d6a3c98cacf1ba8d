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
