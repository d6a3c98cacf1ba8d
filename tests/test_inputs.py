"""What is read from the paths given: regular files only, symlink loops detected, unreadable
files and folders reported, archives read as their members, and every hand accounted for."""

from __future__ import annotations

from pathlib import Path

import hhaudit
from hhaudit.pipeline import Options, run
from hhaudit.reading import iter_sources

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories" / "pokerstars"
CLEAN = (SAMPLES / "clean-cash.txt").read_text(encoding="utf-8")  # hand 100000000001, no finding
SHORT = (SAMPLES / "short-raise-odd-chip.txt").read_text(encoding="utf-8")  # 100000000002: MR01, OC01


def tail(text: str) -> str:
    """A hand cut off before the file begins: its lines from the fourth on (no header)."""
    return "\n".join(text.splitlines()[3:]) + "\n\n\n"


def test_cut_off_tails_of_files_with_one_name_in_two_folders_are_two_hands(tmp_path: Path) -> None:
    # c/s.txt and d/s.txt each start with the tail of a hand (no id to read: the fallback id
    # is its place) and go on with a whole hand. Before, both tails got the id "s.txt:1":
    # d's was dropped as a copy of c's, and its parse finding with it.
    (tmp_path / "c").mkdir()
    (tmp_path / "d").mkdir()
    (tmp_path / "c" / "s.txt").write_text(tail(CLEAN) + CLEAN, encoding="utf-8")
    (tmp_path / "d" / "s.txt").write_text(tail(SHORT) + SHORT, encoding="utf-8")
    out = tmp_path / "out"
    totals = run(list(iter_sources([str(tmp_path / "c"), str(tmp_path / "d")])), out, Options())
    assert totals.duplicates == 0
    tables = hhaudit.read(out)
    c, d = str(tmp_path / "c" / "s.txt"), str(tmp_path / "d" / "s.txt")
    hands = sorted(zip(tables.hands["hand_id"], tables.hands["source"], tables.hands["status"]))
    assert hands == sorted([(f"{c}:1", c, "parse_error"), ("100000000001", c, "audited"),
                            (f"{d}:1", d, "parse_error"), ("100000000002", d, "audited")])
    parse = tables.findings[tables.findings.rule == "PA01"]
    assert sorted(parse["hand_id"]) == sorted([f"{c}:1", f"{d}:1"])
