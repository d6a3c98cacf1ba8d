"""Live logs as card rooms keep them (docs/live-format.md): the short style against the same
session written in full, the writer's mistakes as parse findings with a hint, and the live
structures (chopped blinds, misdeals, dead button, straddles, bomb pots, jackpot drops),
each on the numbers of /work/shared/reference/rules.md."""

from __future__ import annotations

from pathlib import Path

import hhaudit
from hhaudit.auditor import Auditor
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
