"""`benchmarks/layout.py` writes the hands `benchmarks/memory.py` writes, cut into files in order."""

from __future__ import annotations

import sys
from pathlib import Path

from conftest_corpus import corpus

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks import layout
from benchmarks.memory import write_hands


def test_layouts_are_the_memory_benchmarks_hands_cut_in_order(tmp_path: Path) -> None:
    # 3,000 hands: more than the corpus's distinct PokerStars-layout hands (about 1,240), so
    # later copies (hand numbers ...0001, ...0002 and tables ' c0001', ' c0002') are in it
    n = 3_000
    size = write_hands(tmp_path / "one.txt", n, corpus())
    whole = (tmp_path / "one.txt").read_text(encoding="utf-8")
    assert " c0002'" in whole
    base = layout.templates(corpus())
    hands = list(layout.hand_texts(n, base))
    assert "".join(hands) == whole
    written = layout.write_layouts(n, base, {tmp_path / "seven": 7, tmp_path / "many": 1_000})
    assert written == size
    for name, files, per in (("seven", 7, 429), ("many", 1_000, 3)):  # 3,000 / 7 = 428.6, rounded up
        parts = sorted((tmp_path / name).iterdir())
        assert [p.name for p in parts] == [f"table-{k:06d}.txt" for k in range(files)]
        texts = [p.read_text(encoding="utf-8") for p in parts]
        assert "".join(texts) == whole
        # 6 files of 429 hands and the last of 3,000 - 6 * 429 = 426; 999 of 3 and the last of 3
        assert texts == ["".join(hands[k * per:(k + 1) * per]) for k in range(files)]
