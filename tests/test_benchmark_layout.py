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


def test_a_dataset_is_measured_again_only_when_its_files_differ(tmp_path: Path) -> None:
    # the read and report times of the first jobs' dataset are reused for another jobs' one
    # only if every file is the same, name and bytes
    a, b = tmp_path / "a", tmp_path / "b"
    for d in (a, b):
        (d / "hands").mkdir(parents=True)
        (d / "hands" / "part-000000-00000.parquet").write_bytes(b"PAR1 one")
        (d / "hhaudit.json").write_text("{}", encoding="utf-8")
    assert layout.digest(a) == layout.digest(b)
    (b / "hands" / "part-000000-00000.parquet").write_bytes(b"PAR1 onE")
    assert layout.digest(a) != layout.digest(b)
    (b / "hands" / "part-000000-00000.parquet").write_bytes(b"PAR1 one")
    (b / "hands" / "part-000000-00000.parquet").rename(b / "hands" / "part-000000-00001.parquet")
    assert layout.digest(a) != layout.digest(b)
    row = {"hands": 1000, "seconds": 2.0, "parts": 6, "rss_kb": 2048, "children_rss_kb": 1024,
           "read": 0.5, "report": 1.25, "query": 0.25}
    one, two = dict(row, read_of=1), dict(row, read_of=1)
    table = layout.markdown({("large", 1): one, ("large", 2): two}, {"large": 2}, 5000)
    # 1,000 hands in 2.0 s: 500 hands/s; bound 5 x (1000 / 5000 + jobs) = 6 and 11
    assert table[2] == "| 2 large | 1 | 2.0 | 500 | 6 | 6 | 2 MB | 0.50 | 1.25 | 0.25 |"
    assert table[3] == "| 2 large | 2 | 2.0 | 500 | 6 | 11 | 2 / 1 MB | same dataset as 1 job | | |"


def test_the_memory_benchmarks_shapes_lay_the_same_hands_out_otherwise(tmp_path: Path) -> None:
    import re

    import hhaudit

    n = 400
    for shape in ("tables", "one-table", "one-id"):
        write_hands(tmp_path / f"{shape}.txt", n, corpus(), shape)
    texts = {s: (tmp_path / f"{s}.txt").read_text(encoding="utf-8") for s in ("tables", "one-table", "one-id")}
    tables = {s: re.findall(r"^Table '([^']*)'", t, re.M) for s, t in texts.items()}
    # every hand's table line renamed (a few corpus hands name their table otherwise: as many in each)
    assert 190 < len(set(tables["tables"])) <= 200 and len(tables["tables"]) == len(tables["one-table"]) > n * 0.95
    assert set(tables["one-table"]) == {"Bench"}
    ids = [h.hand_id for h in hhaudit.parse(tmp_path / "one-id.txt")]
    assert len(ids) == n and set(ids) == {"9000000001"}
    assert len(set(h.hand_id for h in hhaudit.parse(tmp_path / "one-table.txt"))) == n
