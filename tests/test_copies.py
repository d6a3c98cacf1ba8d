"""Copies of a hand that differ from their first: an AC07 finding on the first, the copy
marked in `duplicates`; identical copies (whatever their line endings, encoding or trailing
spaces) stay plain duplicates. The same dataset with one job or two, within one unit or
across units, and after an incremental rerun."""

from __future__ import annotations

import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest

import hhaudit
from hhaudit.pipeline import DUPLICATES, Options, run
from hhaudit.reading import iter_sources
from hhaudit.tables import TABLES

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_histories" / "pokerstars" / "clean-cash.txt").read_text(
    encoding="utf-8")


def hand(number: int, edit: tuple[str, str] | None = None) -> str:
    text = re.sub(r"Hand #\d+", f"Hand #{number}", SAMPLE, count=1).rstrip("\n") + "\n\n\n"
    if edit is not None:
        assert edit[0] in text
        text = text.replace(edit[0], edit[1], 1)
    return text


def changed_line() -> tuple[str, str, int]:
    """A line of the sample hand to edit, its edit and its number within the hand."""
    lines = SAMPLE.splitlines()
    k = next(i for i, x in enumerate(lines) if re.search(r": (calls|bets|raises) ", x))
    old = lines[k]
    new = re.sub(r"\d+(?=\D*$)", lambda m: str(int(m.group(0)) + 1), old, count=1)
    assert new != old
    return old, new, k + 1


def run_on(tmp: Path, files: dict[str, tuple[str, str]], jobs: int = 1, batch: int = 5000,
           name: str = "out", incremental: bool = False, unit_bytes: int | None = None):
    """Write `files` (name: (text, newline)) and audit them; (totals, out)."""
    paths = []
    for fname, (text, newline) in files.items():
        p = tmp / fname
        with open(p, "w", encoding="utf-8", newline=newline) as fh:
            fh.write(text)
        paths.append(str(p))
    out = tmp / name
    totals = run(list(iter_sources(paths)), out, Options(), jobs=jobs, batch=batch, split_bytes=0,
                 incremental=incremental, unit_bytes=unit_bytes)
    return totals, out


def test_identical_copies_stay_plain_duplicates(tmp_path: Path) -> None:
    """CRLF line ends, a byte-order mark and trailing spaces are not differences."""
    copy = "\ufeff" + hand(7).replace("\n", "   \n")
    t, out = run_on(tmp_path, {"a.txt": (hand(7), "\n"), "b.txt": (copy, "\r\n")})
    assert (t.hands, t.duplicates, t.conflicts) == (1, 1, 0)
    assert hhaudit.read(out).findings.empty
    (d,) = pq.read_table(out / DUPLICATES).to_pylist()
    assert (d["compared"], d["differs_at"]) == (True, None)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_copy_in_another_file_that_differs_is_an_accounting_finding_on_the_first(tmp_path: Path,
                                                                                   jobs: int) -> None:
    old, new, k = changed_line()
    # b.txt: hand 8 first (lines 1..), then the edited copy of hand 7
    b = hand(8) + hand(7, (old, new))
    t, out = run_on(tmp_path, {"a.txt": (hand(7), "\n"), "b.txt": (b, "\n")}, jobs=jobs)
    assert (t.hands, t.duplicates, t.conflicts) == (2, 1, 1)
    # the made-up copies also make a table session, whose findings are not the point here
    assert {k: v for k, v in t.categories.items() if k != "session"} == {"accounting": 1}
    start = hand(8).count("\n") + 1  # the copy's first line in b.txt
    tables = hhaudit.read(out)
    (f,) = tables.findings[tables.findings["category"] != "session"].to_dict("records")
    assert (f["hand_id"], Path(f["source"]).name, f["line"], f["rule"], f["category"]) == (
        "7", "a.txt", k, "AC07", "accounting")
    assert f["message"] == (f"copy of hand 7 at {tmp_path / 'b.txt'}:{start} differs at line {start + k - 1}: "
                            f"{new!r} where this one has {old!r}")
    assert f["expected"] == f"line {k}: {old}"
    assert f["actual"] == f"{tmp_path / 'b.txt'}:{start + k - 1}: {new}"
    hands = tables.hands.set_index("hand_id")
    own = hands["n_findings"] - hands["n_session_findings"]
    assert own["7"] == 1 and own["8"] == 0
    (d,) = pq.read_table(out / DUPLICATES).to_pylist()
    assert (d["hand_id"], Path(d["source"]).name, d["line"], d["differs_at"], d["compared"]) == (
        "7", "b.txt", start, start + k - 1, True)


def test_a_copy_in_the_same_unit_and_across_units_gives_the_same_dataset(tmp_path: Path) -> None:
    """One file: hand 7, hand 8, hand 7 edited. One unit (batch 5000) or one hand per unit."""
    old, new, k = changed_line()
    text = hand(7) + hand(8) + hand(7, (old, new))
    t1, one = run_on(tmp_path, {"a.txt": (text, "\n")}, name="one")
    t2, many = run_on(tmp_path, {"a.txt": (text, "\n")}, batch=1, name="many", jobs=2)
    assert (t1.duplicates, t1.conflicts, t2.duplicates, t2.conflicts) == (1, 1, 1, 1)
    a, b = hhaudit.read(one), hhaudit.read(many)
    for name in TABLES:
        assert a[name].astype(str).values.tolist() == b[name].astype(str).values.tolist(), name
    (f,) = a.findings[a.findings["category"] != "session"].to_dict("records")
    second = 1 + hand(7).count("\n") + hand(8).count("\n")
    assert (f["line"], f["message"].split(" differs")[0]) == (k, f"copy of hand 7 at {tmp_path / 'a.txt'}:{second}")


def test_a_copy_cut_short_differs_at_its_end(tmp_path: Path) -> None:
    lines = hand(7).rstrip("\n").splitlines()
    short = "\n".join(lines[:-2]) + "\n\n\n"
    t, out = run_on(tmp_path, {"a.txt": (hand(7), "\n"), "b.txt": (short, "\n")})
    assert t.conflicts == 1
    found = hhaudit.read(out).findings
    (f,) = found[found["category"] != "session"].to_dict("records")
    assert f["line"] == len(lines) - 1  # the first line the copy lacks
    assert f["actual"].endswith(": (end of the hand)")


def cut_off(number: int) -> str:
    """Hand `number` as a file cut inside it writes it: it stops after Alice's bet on the turn."""
    text = hand(number)
    return text[:text.index("Carol: folds\n")] + "\n\n"


def test_a_hand_cut_inside_is_a_parse_error(tmp_path: Path) -> None:
    t, out = run_on(tmp_path, {"a.txt": (cut_off(7), "\n")})
    assert t.statuses == {"parse_error": 1}
    assert hhaudit.read(out).findings["rule"].tolist() == ["PA01"]


@pytest.mark.parametrize("cut_first", [True, False])
@pytest.mark.parametrize(("jobs", "unit_bytes"), [(1, None), (2, 1)])  # one unit; a unit per file
def test_of_a_cut_copy_and_a_whole_one_the_whole_one_is_audited(tmp_path: Path, cut_first: bool, jobs: int,
                                                                 unit_bytes: int | None) -> None:
    # an interrupted download beside the whole file: whichever is read first, the hand that
    # reads whole is the one audited, and the cut copy is its copy that differs (one
    # finding, AC07, on the audited hand; the cut copy's PA01 goes with its rows)
    cut, whole = ("a.txt", "b.txt") if cut_first else ("b.txt", "a.txt")
    t, out = run_on(tmp_path, {"a.txt": (cut_off(7) if cut_first else hand(7), "\n"),
                               "b.txt": (hand(7) if cut_first else cut_off(7), "\n")},
                    jobs=jobs, unit_bytes=unit_bytes)
    assert (t.hands, t.duplicates, t.conflicts, dict(t.statuses)) == (1, 1, 1, {"audited": 1})
    tables = hhaudit.read(out)
    (h,) = tables.hands.to_dict("records")
    assert (Path(h["source"]).name, h["line"], h["status"]) == (whole, 1, "audited")
    (f,) = tables.findings[tables.findings["category"] != "session"].to_dict("records")
    stop = len(cut_off(7).rstrip("\n").splitlines()) + 1  # the first line the cut copy lacks
    assert (Path(f["source"]).name, f["rule"], f["line"]) == (whole, "AC07", stop)
    # the cut copy's text runs to the end of its file, its blank line included: it ends at the line after
    assert (f["expected"], f["actual"]) == (f"line {stop}: Carol: folds",
                                            f"{tmp_path / cut}:{stop + 1}: (end of the hand)")
    (d,) = pq.read_table(out / DUPLICATES).to_pylist()
    assert (Path(d["source"]).name, Path(d["first_source"]).name, d["differs_at"]) == (cut, whole, stop + 1)


def test_in_one_file_a_cut_first_stays_the_first(tmp_path: Path) -> None:
    # the tables join a hand's rows by its id and source: two hands of one id in one file
    # cannot be told apart there, so the first read stays the one kept
    t, out = run_on(tmp_path, {"a.txt": (cut_off(7) + hand(7), "\n")})
    assert (t.hands, t.duplicates, t.conflicts, dict(t.statuses)) == (1, 1, 1, {"parse_error": 1})
    (h,) = hhaudit.read(out).hands.to_dict("records")
    assert (h["line"], h["status"]) == (1, "parse_error")


def test_two_copies_cut_alike_are_plain_duplicates(tmp_path: Path) -> None:
    t, out = run_on(tmp_path, {"a.txt": (cut_off(7), "\n"), "b.txt": (cut_off(7), "\n")}, jobs=2, unit_bytes=1)
    assert (t.hands, t.duplicates, t.conflicts, dict(t.statuses)) == (1, 1, 0, {"parse_error": 1})
    (h,) = hhaudit.read(out).hands.to_dict("records")
    assert Path(h["source"]).name == "a.txt"


def test_incremental_rerun_finds_the_conflict_once(tmp_path: Path) -> None:
    old, new, _ = changed_line()
    files = {"a.txt": (hand(7), "\n"), "b.txt": (hand(7, (old, new)), "\n")}
    t1, out = run_on(tmp_path, files, incremental=True)
    t2, _ = run_on(tmp_path, files, incremental=True)
    assert t2.reused == 2 and (t1.conflicts, t2.conflicts) == (1, 1)
    assert len(hhaudit.read(out).findings) == 1
    # the copy made identical: the finding goes
    files["b.txt"] = (hand(7), "\n")
    t3, _ = run_on(tmp_path, files, incremental=True)
    assert (t3.duplicates, t3.conflicts) == (1, 0) and hhaudit.read(out).findings.empty


def test_corpus_copies_that_differ_are_the_reviewed_ones(tmp_path: Path) -> None:
    """Every corpus file holding a hand number HANDS.tsv lists twice, through the pipeline:
    its AC07 and AC08 findings are `tests/reviewed/copies.tsv` (each with the reason the
    copies differ, or the hands sharing an id are different hands)."""
    import csv
    from collections import defaultdict

    from conftest_corpus import REPO, corpus

    root = corpus()
    files: dict[str, set[str]] = defaultdict(set)
    count: dict[str, int] = defaultdict(int)
    with open(root / "HANDS.tsv", encoding="utf-8") as fh:
        for r in csv.DictReader(fh, delimiter="\t"):
            files[r["hand_id"]].add(r["file"])
            count[r["hand_id"]] += 1
    chosen = sorted({f for hid, fs in files.items() if count[hid] > 1 for f in fs})
    assert chosen
    out = tmp_path / "out"
    run(list(iter_sources([str(root / f) for f in chosen])), out, Options(), jobs=1)
    f = hhaudit.read(out).findings
    found = {(str(Path(s).relative_to(root)), h, r) for s, h, r in zip(f["source"], f["hand_id"], f["rule"])
             if r in ("AC07", "AC08")}
    with open(REPO / "tests" / "reviewed" / "copies.tsv", encoding="utf-8") as fh:
        reviewed = {(r["file"], r["hand_id"], r["rule"]) for r in csv.DictReader(fh, delimiter="\t")}
    assert found == reviewed


def test_copies_of_more_firsts_than_a_batch_holds_give_the_same_findings(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Five hands, each with a copy that differs, one copy cut short, and two copies of one
    hand: the firsts' texts held two at a time (`copies.FIRSTS_AT_ONCE`) give the dataset
    that holding them all gives, and each copy's finding names its own first's line."""
    from hhaudit.pipeline import copies

    old, new, k = changed_line()
    firsts = "".join(hand(n) for n in range(1, 6))
    short = "\n".join(hand(3).rstrip("\n").splitlines()[:-2]) + "\n\n\n"
    edited = hand(5, (old, new)) + hand(1, (old, new)) + short + hand(2, (old, new)) + hand(4, (old, new))
    files = {"a.txt": (firsts, "\n"), "b.txt": (edited + hand(2, (old, new + " ")), "\n")}
    t1, whole = run_on(tmp_path, files, name="whole")
    monkeypatch.setattr(copies, "FIRSTS_AT_ONCE", 2)
    t2, batched = run_on(tmp_path, files, name="batched")
    assert (t1.hands, t1.duplicates, t1.conflicts) == (5, 6, 6)
    assert (t2.hands, t2.duplicates, t2.conflicts) == (5, 6, 6)
    a, b = hhaudit.read(whole), hhaudit.read(batched)
    for name in TABLES:
        assert a[name].astype(str).values.tolist() == b[name].astype(str).values.tolist(), name
    ours = a.findings[a.findings["rule"] == "AC07"]
    assert sorted(ours["hand_id"]) == ["1", "2", "2", "3", "4", "5"]
    size = hand(1).count("\n")  # every hand of a.txt has as many lines
    edits = ours[ours["hand_id"] != "3"]
    assert list(edits["line"]) == [(int(h) - 1) * size + k for h in edits["hand_id"]]  # its first's edited line
    dups = pq.read_table(whole / DUPLICATES).to_pylist()
    assert [d["hand_id"] for d in dups] == ["5", "1", "3", "2", "4", "2"]  # in the copies' file order
    assert all(d["compared"] and d["differs_at"] is not None for d in dups)
