"""Memory bounded by the unit, not by a table's or an id's number of hands (issue 38, item 5).

A table of many hands is one bucket of the session pass (a bucket is whole tables): its
sessions are judged and recorded a batch of whole sessions at a time (`passes.BATCH_HANDS`),
so what they found is not held to the end of the bucket. Hands sharing an id and a source
(different hands of one id in one file) get their own seats and actions rows where each
hand's rows start again in order, and none where they cannot be told apart
(`handoff._Matcher`), where a join gave each of k hands the rows of all k.
`benchmarks/memory.py --shapes tables one-table one-id` measures the memory; these tests
check the behaviour."""

from __future__ import annotations

import re
from pathlib import Path

import pyarrow as pa
import pytest
from test_sessions_pipeline import FILES, judged

from hhaudit.parsing import to_sources
from hhaudit.pipeline import Options, run
from hhaudit.sessions import handoff, passes

_START = re.compile(r"(?m)^(?=PokerStars (?:Hand|Game) #)")


def one_table(n_copies: int) -> list[str]:
    """A real cash table's 78 hands played again on `n_copies` days (each copy's hand numbers
    its own): one table of 78 * n_copies hands, in order."""
    path = FILES[0]
    if not path.exists():
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    text = path.read_text(encoding="utf-8-sig", errors="replace")
    hands = [h for h in _START.split(text) if h.strip()]
    assert len(hands) == 78
    out = []
    for c in range(n_copies):
        for h in hands:
            h = re.sub(r"#(\d+):", lambda m, c=c: f"#{m.group(1)}{c:03d}:", h, count=1)
            out.append(h.replace("2009/11/25", f"2009/10/{c + 1:02d}"))
    return out


def audit(paths: list[Path], out: Path, **kw: object) -> None:
    run(list(to_sources([str(p) for p in paths])), out, Options(select=("ALL",)), **kw)  # type: ignore[arg-type]


def test_a_table_of_many_hands_is_judged_the_same_in_one_file_or_many_in_small_batches(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hands = one_table(20)  # 1,560 hands of one table, twenty sessions of a day each
    whole = tmp_path / "whole.txt"
    whole.write_text("\n\n".join(hands), encoding="utf-8")
    audit([whole], tmp_path / "one")  # one part: its unit judges the table
    expected = judged(tmp_path / "one")
    assert len(expected[1]) >= 20 and sum(r[4] for r in expected[1]) == len(hands)
    assert expected[0], "the table's sessions give session findings"
    # the same hands in 13 files: the table is over 13 parts, so the pass judges it, here in
    # batches of 100 hands (whole sessions), from buckets of at most 50 hands' worth of keys
    paths = []
    for k in range(0, len(hands), 120):
        p = tmp_path / f"piece{k // 120:02d}.txt"
        p.write_text("\n\n".join(hands[k:k + 120]), encoding="utf-8")
        paths.append(p)
    recorded: list[int] = []
    real = passes._Results.add

    def add(self: passes._Results, hs: object, *a: object) -> None:
        recorded.append(len(hs))  # type: ignore[arg-type]
        real(self, hs, *a)

    with monkeypatch.context() as m:
        m.setattr(passes, "BATCH_HANDS", 100)
        m.setattr(passes, "BUCKET_HANDS", 50)
        m.setattr(passes._Results, "add", add)
        audit(paths, tmp_path / "many", unit_bytes=0)
    assert judged(tmp_path / "many") == expected
    # the pass recorded the table's sessions a batch at a time, never the table at once: a
    # batch is at most BATCH_HANDS hands or one longer session
    longest = max(r[4] for r in expected[1])
    assert sum(recorded) == len(hands)
    assert max(recorded) <= max(100, longest) < len(hands)


def test_hands_sharing_an_id_and_source_get_their_own_rows_or_none() -> None:
    # six hands of one file: three share the id 7 and two the id 9 (different hands of one id:
    # AC08), one is 8. Rows name their hand by id and source only, written hand by hand, each
    # hand's seats ascending: the 7s' rows start again at each hand (seats 1 2 | 1 3 | 2 4),
    # so each 7 gets its own; the 9s' run on (1 2 4 5): which are whose cannot be told, and
    # neither gets any. A join gave each hand of an id the rows of all its hands.
    ids = ["7", "8", "7", "9", "9", "7"]
    hands = pa.table({c: pa.array([None] * len(ids), pa.string()) for c in handoff.HAND_COLUMNS})
    hands = hands.set_column(hands.schema.get_field_index("hand_id"), "hand_id", pa.array(ids))
    hands = hands.set_column(hands.schema.get_field_index("source"), "source", pa.array(["f.txt"] * len(ids)))
    seat_rows = [("7", 1), ("7", 2), ("8", 1), ("8", 2), ("7", 1), ("7", 3), ("9", 1), ("9", 2), ("9", 4),
                 ("9", 5), ("7", 2), ("7", 4)]
    seats = pa.table({"hand_id": [i for i, _ in seat_rows], "source": ["f.txt"] * len(seat_rows),
                      "seat": [n for _, n in seat_rows], "player": [f"p{k}" for k in range(len(seat_rows))],
                      "position": ["btn"] * len(seat_rows), "stack_start": [100] * len(seat_rows),
                      "net": [0] * len(seat_rows), "added": [0] * len(seat_rows)})
    post_rows = [("7", 0), ("7", 1), ("8", 0), ("7", 0), ("9", 0), ("9", 0), ("7", 0)]
    actions = pa.table({"hand_id": [i for i, _ in post_rows], "source": ["f.txt"] * len(post_rows),
                        "seq": [q for _, q in post_rows], "line": list(range(len(post_rows))),
                        "seat": [1] * len(post_rows), "action": ["post_sb"] * len(post_rows),
                        "amount": [1] * len(post_rows), "to_amount": pa.array([None] * len(post_rows), pa.int64())})
    h, s, a = handoff.of_tables(hands, seats, actions, 100)
    assert h["h"].to_pylist() == [100, 101, 102, 103, 104, 105]
    got = sorted(zip(s["h"].to_pylist(), s["player"].to_pylist(), s["seat"].to_pylist()))
    assert got == [(100, "p0", 1), (100, "p1", 2), (101, "p2", 1), (101, "p3", 2), (102, "p4", 1), (102, "p5", 3),
                   (105, "p10", 2), (105, "p11", 4)]
    # the posts likewise: the 7s' seq starts again at each hand; the 9s' posts (0 | 0) are two
    # runs for two hands: each gets its own
    assert sorted(zip(a["h"].to_pylist(), a["line"].to_pylist())) == [
        (100, 0), (100, 1), (101, 2), (102, 3), (103, 4), (104, 5), (105, 6)]
