"""Which hands are the same hand (`hhaudit.identity`): a copy shares the site, the id, the
scope the format's ids are unique in, and the table, time and seats; a different hand with
the same id is audited too (AC08 on the later one); a placeholder id names no hand; PHH hand
numbers count within their event."""

from __future__ import annotations

import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest

import hhaudit
from hhaudit.identity import IdScope, is_placeholder, scope_key
from hhaudit.model import Hand
from hhaudit.pipeline import DUPLICATES, Options, run
from hhaudit.reading import iter_sources

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_histories" / "pokerstars" / "clean-cash.txt").read_text(
    encoding="utf-8")


def hand(number: str, *, alice: int = 200, clock: str = "20:00:00") -> str:
    """The sample hand numbered `number`, Alice's stack and the start time changed."""
    text = re.sub(r"Hand #\d+", f"Hand #{number}", SAMPLE, count=1).rstrip("\n") + "\n\n\n"
    text = text.replace("Seat 1: Alice ($200 in chips)", f"Seat 1: Alice (${alice} in chips)", 1)
    return text.replace("20:00:00 ET", f"{clock} ET", 1)


def audit(tmp: Path, files: dict[str, str], jobs: int = 1, batch: int = 5000):
    paths = []
    for name, text in files.items():
        (tmp / name).write_text(text, encoding="utf-8")
        paths.append(str(tmp / name))
    out = tmp / f"out-{jobs}-{batch}"
    totals = run(list(iter_sources(paths)), out, Options(), jobs=jobs, batch=batch, split_bytes=0)
    return totals, hhaudit.read(out), out


def codes(tables, *wanted: str) -> list[tuple[str, str, int]]:
    f = tables.findings
    f = f[f["rule"].isin(wanted)]
    return sorted((r, Path(s).name, int(line)) for r, s, line in zip(f["rule"], f["source"], f["line"]))


@pytest.mark.parametrize(("jobs", "batch", "one_file"), [(1, 5000, False), (2, 5000, False), (1, 5000, True),
                                                        (2, 1, True)])
def test_a_different_hand_with_the_same_id_is_audited_and_marked(tmp_path: Path, jobs: int, batch: int,
                                                                 one_file: bool) -> None:
    """Hand 7 twice: the second has other stacks a minute later, so it is another hand.
    Both are audited; the second gets AC08 (not AC07); an identical copy is still skipped."""
    first, other, copy = hand("7"), hand("7", alice=180, clock="20:01:00"), hand("7")
    files = {"a.txt": first + other + copy} if one_file else {"a.txt": first, "b.txt": other, "c.txt": copy}
    t, tables, out = audit(tmp_path, files, jobs, batch)
    assert (t.hands, t.duplicates, t.conflicts, t.shared_ids) == (2, 1, 0, 1)
    assert sorted(tables.hands["hand_id"]) == ["7", "7"]
    second = 1 + first.count("\n") if one_file else 1
    assert codes(tables, "AC07", "AC08") == [("AC08", "a.txt" if one_file else "b.txt", second)]
    f = tables.findings[tables.findings["rule"] == "AC08"].iloc[0]
    assert f["severity"] == "info" and f["category"] == "accounting"
    assert f"{tmp_path / 'a.txt'}:1" in f["message"]
    hands = tables.hands.sort_values("line" if one_file else "source")
    assert (hands["n_findings"] - hands["n_session_findings"]).tolist()[:2] == [0, 1]
    (d,) = pq.read_table(out / DUPLICATES).to_pylist()
    assert Path(d["source"]).name == ("a.txt" if one_file else "c.txt") and d["differs_at"] is None


def test_an_edited_copy_is_still_ac07(tmp_path: Path) -> None:
    """Same table, time and seats, an action changed: the same hand edited."""
    edited = hand("7").replace("Alice: raises $4 to $6", "Alice: raises $5 to $7", 1)
    t, tables, _ = audit(tmp_path, {"a.txt": hand("7"), "b.txt": edited})
    assert (t.hands, t.duplicates, t.conflicts, t.shared_ids) == (1, 1, 1, 0)
    assert [c[0] for c in codes(tables, "AC07", "AC08")] == ["AC07"]


def test_copy_findings_carry_their_hand_s_context(tmp_path: Path) -> None:
    """AC07 and AC08 are added after the hands' own findings, by the copy check: they carry
    the hand's site, table, time and session as every finding does (before: all null, so a
    record of them could not say which site or table it was about)."""
    edited = hand("7").replace("Alice: raises $4 to $6", "Alice: raises $5 to $7", 1)
    other = hand("7", alice=180, clock="20:01:00")
    _, tables, _ = audit(tmp_path, {"a.txt": hand("7"), "b.txt": edited, "c.txt": other})
    f = tables.findings[tables.findings["rule"].isin(["AC07", "AC08"])]
    h = tables.hands.set_index("source")
    assert sorted(f["rule"]) == ["AC07", "AC08"]
    for r in f.itertuples():
        hand_row = h.loc[r.source]
        assert (r.site, r.table_name, r.started_at, r.session_id) == (
            hand_row["site"], hand_row["table_name"], hand_row["started_at"], hand_row["session_id"]), r.rule
        assert r.site == "PokerStars" and r.started_at is not None and r.session_id


def test_placeholder_ids_name_no_hand(tmp_path: Path) -> None:
    """Converters number every hand 1111111111: different hands are audited, with no finding,
    and so is a hand written twice (the id cannot say it is the same hand)."""
    files = {"a.txt": hand("1111111111"), "b.txt": hand("1111111111", alice=180, clock="21:00:00"),
             "c.txt": hand("1111111111")}
    t, tables, _ = audit(tmp_path, files)
    assert (t.hands, t.duplicates, t.shared_ids) == (3, 0, 0)
    assert codes(tables, "AC07", "AC08") == []
    assert tables.hands["id_key"].isna().all()


def test_placeholders_and_scopes() -> None:
    assert is_placeholder("1111111111") and is_placeholder("0000000") and is_placeholder("0")
    assert not is_placeholder("11111") and not is_placeholder("1111111112") and not is_placeholder("100000000001")
    h = Hand("live", "live", "12", "club.log", 1, table_name="T1")
    assert scope_key(h, IdScope.FILE) == "club.log\x1fT1"
    assert scope_key(h, IdScope.SITE) == ""
    assert scope_key(h, IdScope.NONE) is None
    h.id_scope = "WSOP\x1f2024-7-1\x1fT"
    assert scope_key(h, IdScope.EVENT) == "WSOP\x1f2024-7-1\x1fT"


def _phh_hands(n: int) -> list[str]:
    """The first n hands of a real PHH file of the corpus (each `[k]` table's text)."""
    from conftest_corpus import corpus

    text = (corpus() / "phh" / "ABS_1000NL_5.phhs").read_text(encoding="utf-8")
    blocks = re.split(r"(?m)^\[\d+\]\n", text)[1:]
    assert len(blocks) >= n
    return blocks[:n]


def test_real_phh_hand_numbers_repeat_across_events_and_every_hand_is_audited(tmp_path: Path) -> None:
    """Four real PHH hands renumbered as two events would number them (`hand = 1`, `hand = 2`
    in each, same venue, table and day): four hands audited, none a copy, no AC08. The same
    hand twice in one event is a copy."""
    blocks = _phh_hands(4)
    out: list[str] = []
    for k, block in enumerate(blocks):
        block = re.sub(r"(?m)^hand = .*$", f"hand = {k % 2 + 1}", block)
        block = re.sub(r"(?m)^table = .*$", "table = 'Final'", block)
        block = f"event = '{'Event A' if k < 2 else 'Event B'}'\n" + block
        out.append(f"[{k + 1}]\n{block.rstrip()}\n\n")
    t, tables, _ = audit(tmp_path, {"events.phhs": "".join(out)})
    assert (t.hands, t.duplicates, t.shared_ids) == (4, 0, 0)
    assert (tables.hands["status"] == "audited").all()
    assert sorted(tables.hands["hand_id"]) == ["1", "1", "2", "2"]
    # the first hand again, in event A: the same hand
    again = out + [out[0].replace("[1]", "[5]", 1)]
    t2, _, _ = audit(tmp_path, {"again.phhs": "".join(again)})
    assert (t2.hands, t2.duplicates) == (4, 1)


def test_times_agree_when_they_are_one_clock_in_two_zones(tmp_path: Path) -> None:
    """Same table and seats: three hours apart to the second is one hand read in two zones
    (a copy, whose header line differs from its first's: AC07 says so); 30 seconds apart is
    another hand (AC08)."""
    files = {"a.txt": hand("7"), "b.txt": hand("7", clock="23:00:00"), "c.txt": hand("7", clock="20:00:30")}
    t, tables, _ = audit(tmp_path, files)
    assert (t.hands, t.duplicates, t.conflicts, t.shared_ids) == (2, 1, 1, 1)
    assert codes(tables, "AC07", "AC08") == [("AC07", "a.txt", 1), ("AC08", "c.txt", 1)]
