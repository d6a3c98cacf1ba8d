"""What `hhaudit audit` prints: every finding in each `--output-format`, parsed back with the
format's own reader (json, csv), validated (SARIF against the official 2.1.0 schema in
tests/schemas/), or matched against its syntax (GitHub workflow commands); the summary,
`--quiet`, `-qq`, `--statistics`, `--show-source`; and names that are not markup."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
import subprocess
from pathlib import Path

import pytest

import hhaudit
from hhaudit.output import Row
from hhaudit.output.github import annotation
from hhaudit.output.safe import safe

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "sample_histories"
SHORT = SAMPLES / "pokerstars" / "short-raise-odd-chip.txt"
SCHEMA = Path(__file__).resolve().parent / "schemas" / "sarif-schema-2.1.0.json"

# short-raise-odd-chip.txt, worked by hand: Gina opens to 450 over the 150 big blind (a raise
# of 300), so the least re-raise is to 450 + 300 = 750; Hugo raises to 600 on line 11. The
# pot of 1425 is split 712/713: the odd chip goes to the first tied seat left of the button
# (seat 7 Hugo): Gina's seat 5 is next after seat 8 and 2, so Gina gets 713, Hugo 712; the
# log paid Gina 712 and Hugo 713 (line 27, Hugo's collect).
MR01 = ("sample_histories/pokerstars/short-raise-odd-chip.txt:11:1: MR01 error Hugo (seat 7) raised to 600; the least "
        "raise was to 750 "
        "(expected minimum raise is to 750; actual raised to 600) [hand 100000000002]")


def _cli(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    """`hhaudit ARGS` in this process, in `cwd`, with stdout and stderr captured."""
    from hhaudit.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess(["hhaudit", *args], code, out.getvalue(), err.getvalue())


PLANTED = ("sample_histories/live", "sample_histories/pokerstars")
"""The samples with planted mistakes: a live session (32 hands) and three PokerStars hands."""


def _audit(tmp: Path, *extra: str, paths: tuple[str, ...] = PLANTED) -> subprocess.CompletedProcess[str]:
    return _cli("audit", *paths, "-o", str(tmp / "out"), "--jobs", "1", "--fail-on", "never", *extra)


@pytest.fixture(scope="module")
def expected() -> list[dict[str, object]]:
    """The findings of the samples as the API gives them, in the dataset's order."""
    with contextlib.chdir(REPO):
        r = hhaudit.audit(list(PLANTED))
    rows = r.findings.astype(object).where(r.findings.notna(), None).to_dict("records")
    for row in rows:  # the hand's time as the machine layouts write it: ISO 8601, UTC
        if row["started_at"] is not None:
            row["started_at"] = row["started_at"].isoformat().replace("+00:00", "Z")
    assert len(rows) == 14  # 10 in the live session's expected.tsv, 2 in the kill game's, 2 in short-raise-odd-chip
    return rows


def test_text_lists_each_finding_then_the_summary(tmp_path: Path, expected: list[dict[str, object]]) -> None:
    r = _audit(tmp_path)
    lines = r.stdout.splitlines()
    assert MR01 in lines
    pattern = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<code>[A-Z]{2}\d{2}) "
                         r"(?P<severity>error|warning|info) .+ \[hand (?P<hand>[^\]]+)\]$")
    found = [m for m in map(pattern.match, lines) if m]
    assert [(m["path"], int(m["line"]), m["code"], m["severity"], m["hand"]) for m in found] == \
        [(str(Path(str(e["source"])).as_posix()), e["line"], e["rule"], e["severity"], e["hand_id"])
         for e in expected]
    # by file, then line
    assert [(m["path"], int(m["line"])) for m in found] == sorted((m["path"], int(m["line"])) for m in found)
    # files in input order: the live logs (sample_histories/live, the kill game first) before pokerstars
    assert found[0]["path"].endswith("kill-game.live") and found[-1]["path"].endswith("short-raise-odd-chip.txt")
    # the summary follows the last finding
    last = lines.index(found[-1].group(0))
    # 8 files found: the live session's 32 hands, the kill game's 4 (a voided deal among them),
    # the clean evening's 6, the three PokerStars samples' 3; the two expected.tsv files beside
    # them are named as skipped by name
    assert lines[last + 1] == "45 hands read from 6 of 8 files: 45 audited, 0 unsupported game, 0 parse error"
    assert lines[last + 2] == "files: 6 read (6 files with hands), 2 skipped"
    assert "14 findings (14 errors):" in lines  # counted by severity, as printed


def test_quiet_prints_the_summary_only_and_qq_nothing(tmp_path: Path) -> None:
    q = _audit(tmp_path, "--quiet")
    assert "MR01" not in q.stdout and q.stdout.splitlines()[0].startswith("45 hands read")
    qq = _audit(tmp_path, "-qq", "--fail-on", "error")
    assert qq.stdout == "" and qq.stderr == "" and qq.returncode == 1


def test_show_source_prints_the_line_with_carets(tmp_path: Path) -> None:
    lines = _audit(tmp_path, "--show-source").stdout.splitlines()
    i = lines.index(MR01)
    assert lines[i + 1:i + 5] == ["   |", "11 | Hugo: raises 150 to 600",
                                  "   | " + "^" * len("Hugo: raises 150 to 600") + " MR01", "   |"]


def test_statistics_counts_per_rule(tmp_path: Path, expected: list[dict[str, object]]) -> None:
    out = _audit(tmp_path, "--statistics").stdout.splitlines()
    counts = {}
    for line in out:
        parts = line.split("\t")
        if len(parts) == 4:
            counts[parts[1]] = int(parts[0].strip())
    # OC01 and MR01 twice (the live session's hand 19, the kill game's hand 35 and the short-raise hand), every
    # other rule once
    assert counts["OC01"] == counts["MR01"] == 2 and sum(counts.values()) == 14
    assert counts == {r: sum(1 for e in expected if e["rule"] == r) for r in {str(e["rule"]) for e in expected}}
    assert {out[0].split("\t")[1], out[1].split("\t")[1]} == {"OC01", "MR01"}  # most frequent first


def test_json_jsonl_csv_parse_to_the_findings_table(tmp_path: Path, expected: list[dict[str, object]]) -> None:
    r = _audit(tmp_path, "--output-format", "json")
    assert json.loads(r.stdout) == expected
    assert "45 hands read" in r.stderr  # the summary beside a machine-readable layout
    r = _audit(tmp_path, "--output-format", "jsonl")
    assert [json.loads(line) for line in r.stdout.splitlines()] == expected
    r = _audit(tmp_path, "--output-format", "csv")
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    as_text = [{k: "" if v is None else str(v) for k, v in e.items()} for e in expected]
    assert rows == as_text


def test_json_of_no_findings_is_an_empty_array(tmp_path: Path) -> None:
    r = _audit(tmp_path, "--output-format", "json", paths=("sample_histories/pokerstars/clean-cash.txt",))
    assert json.loads(r.stdout) == []


def test_sarif_is_valid_against_the_2_1_0_schema(tmp_path: Path, expected: list[dict[str, object]]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    r = _audit(tmp_path, "--output-format", "sarif")
    log = json.loads(r.stdout)
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.validators.validator_for(schema)(schema, format_checker=jsonschema.FormatChecker()).validate(log)
    run = log["runs"][0]
    assert log["version"] == "2.1.0" and run["tool"]["driver"]["name"] == "hhaudit"
    results = run["results"]
    assert [x["ruleId"] for x in results] == [e["rule"] for e in expected]
    rules = run["tool"]["driver"]["rules"]
    mr = next(x for x in results if x["ruleId"] == "MR01" and "pokerstars" in json.dumps(x["locations"]))
    assert rules[mr["ruleIndex"]]["id"] == "MR01"
    loc = mr["locations"][0]["physicalLocation"]
    assert loc == {"artifactLocation": {"uri": "sample_histories/pokerstars/short-raise-odd-chip.txt"},
                   "region": {"startLine": 11}}
    assert mr["message"]["text"] == ("Hugo (seat 7) raised to 600; the least raise was to 750 "
                                     "(expected minimum raise is to 750; actual raised to 600)")
    # the amounts as numbers (the 750 and 600 worked above), the hand's context beside them
    props = mr["properties"]
    assert (props["expected_amount"], props["actual_amount"], props["severity"]) == (750, 600, "error")
    assert props["site"] == "PokerStars" and props["session_id"]
    # a schema check that can fail: a result without its message is refused
    broken = json.loads(r.stdout)
    del broken["runs"][0]["results"][0]["message"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validators.validator_for(schema)(schema).validate(broken)


ANNOTATION = re.compile(r"^::(?P<level>error|warning|notice) (?P<props>(?:[a-z]+=[^,:]*)(?:,[a-z]+=[^,:]*)*)::(?P<msg>.*)$")


def test_github_annotations(tmp_path: Path, expected: list[dict[str, object]]) -> None:
    lines = _audit(tmp_path, "--output-format", "github").stdout.splitlines()
    assert len(lines) == len(expected)
    for line, e in zip(lines, expected):
        m = ANNOTATION.match(line)
        assert m, line
        props = dict(p.split("=", 1) for p in m["props"].split(","))
        assert props["file"] == e["source"] and props["line"] == str(e["line"])
        assert props["title"] == f"{e['rule']} {e['name']}"
        assert m["level"] == "error"  # every sample finding is an error
    mr = next(line for line in lines if "MR01" in line and "short-raise" in line)
    assert mr.endswith("::Hugo (seat 7) raised to 600; the least raise was to 750 (expected minimum raise is to 750; "
                       "actual raised to 600) [hand 100000000002]")


def test_github_escapes_what_the_runner_reads() -> None:
    r = Row("h:1", "a,b:c.txt", 3, 0, "SB01", "string-bet-misruled", "string_bet", "warning", 1, "P",
            "50% of\nthe raise", "x\ry", None, None)
    line = annotation(r)
    assert line.startswith("::warning file=a%2Cb%3Ac.txt,line=3,title=SB01 string-bet-misruled::")
    assert "\n" not in line and "\r" not in line and "50%25" in line
    assert ANNOTATION.match(line)


def test_names_are_text_not_markup_nor_control_sequences(tmp_path: Path) -> None:
    hostile = "[/bold]\x1b[2J"
    hand = tmp_path / "hostile.txt"
    hand.write_text(SHORT.read_text(encoding="utf-8").replace("Hugo", hostile), encoding="utf-8")
    r = _audit(tmp_path, "--show-source", paths=(str(hand),))
    assert "\x1b" not in r.stdout and "\x1b" not in r.stderr
    assert "[/bold]\\x1b[2J: raises 150 to 600" in r.stdout   # the log line, escaped, not styled
    assert safe("a\tb\x00\u202e") == "a\\tb\\x00\\u202e"


@pytest.mark.parametrize("live_first", [True, False])
def test_session_findings_are_listed_with_their_file_in_input_order(tmp_path: Path, live_first: bool) -> None:
    # The evening sample with Bob's rebuy of 59 written as a bare recount of 200: hand 3
    # starts him with 200 where hand 2 left 141, a session finding (SE05) on the hand's line.
    text = (REPO / "sample_histories" / "live" / "evening-1.live").read_text(encoding="utf-8")
    assert "rebuy Bob 59" in text
    live = tmp_path / "evening.live"
    live.write_text(re.sub(r"(?m)^rebuy Bob 59.*$", "seat 2 Bob 200", text), encoding="utf-8")
    stars = str(REPO / "sample_histories" / "pokerstars")
    paths = (str(live), stars) if live_first else (stars, str(live))
    r = _audit(tmp_path, paths=paths)
    codes = [line.split(": ", 1)[1].split()[0] for line in r.stdout.splitlines() if re.match(r"^\S+:\d+:\d+: [A-Z]{2}\d\d ", line)]
    assert codes == (["SE05", "MR01", "OC01"] if live_first else ["MR01", "OC01", "SE05"])


def test_a_baseline_silences_the_findings_it_accepted_and_nothing_else(tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    first = _audit(tmp_path, "--write-baseline", str(baseline), "--fail-on", "error")
    assert first.returncode == 1 and MR01 in first.stdout.splitlines()
    accepted = json.loads(baseline.read_text(encoding="utf-8"))
    assert accepted["hhaudit_baseline"] == 1 and len(accepted["findings"]) == 14
    again = _audit(tmp_path, "--baseline", str(baseline), "--fail-on", "error")
    assert again.returncode == 0, again.stdout
    assert not [line for line in again.stdout.splitlines() if "[hand " in line]
    assert "14 accepted in the baseline " in again.stdout and "; 0 reported" in again.stdout
    # take short-raise-odd-chip's MR01 out of the baseline: it alone is reported again,
    # whatever line it is on (the kill game's MR01 stays accepted)
    kept = [e for e in accepted["findings"] if (e["rule"], e["hand_id"]) != ("MR01", "100000000002")]
    baseline.write_text(json.dumps({"hhaudit_baseline": 1, "findings": kept}), encoding="utf-8")
    moved = tmp_path / "moved.txt"
    moved.write_text("\n\n\n" + SHORT.read_text(encoding="utf-8"), encoding="utf-8")  # every line 3 lower
    r = _audit(tmp_path, "--baseline", str(baseline), "--fail-on", "error",
               paths=(*PLANTED[:1], str(moved)))
    reported = [line for line in r.stdout.splitlines() if "[hand " in line]
    assert len(reported) == 1 and ":14:1: MR01 error Hugo (seat 7)" in reported[0]
    assert r.returncode == 1


def test_a_baseline_that_is_not_one_is_a_usage_error(tmp_path: Path) -> None:
    bad = tmp_path / "b.json"
    bad.write_text('{"findings": 3}', encoding="utf-8")
    r = _audit(tmp_path, "--baseline", str(bad))
    assert r.returncode == 2 and "not a baseline" in r.stderr


def test_no_dataset_prints_the_findings_and_writes_nothing(tmp_path: Path) -> None:
    r = _cli("audit", *PLANTED, "-o", "-", "--jobs", "1", "--fail-on", "never", cwd=REPO)
    assert MR01 in r.stdout.splitlines() and "dataset written" not in r.stdout
    assert not (REPO / "-").exists()
    r = _cli("audit", str(SHORT), "--no-dataset", "--jobs", "1", "--output-format", "json", cwd=tmp_path)
    assert [f["rule"] for f in json.loads(r.stdout)] == ["MR01", "OC01"]
    assert list(tmp_path.iterdir()) == []


def test_follow_on_findings_are_folded_under_their_cause() -> None:
    from hhaudit.output.text import write_text

    def row(seq: int, rule: str, line: int, caused_by: int | None = None, hand: str = "7",
            severity: str = "error") -> Row:
        return Row(hand, "h.txt", line, seq, rule, "n", "accounting", severity, None, None, "e", "a", "m", None,
                   caused_by)

    rows = [row(3, "AC03", 25), row(-1, "AC02", 27, caused_by=3), row(-1, "WN01", 27, caused_by=3, severity="warning"),
            row(5, "AO01", 30, caused_by=9),  # its cause is not among the findings: printed
            row(1, "MR01", 11, hand="8")]
    out = io.StringIO()
    assert write_text(iter(rows), out) == 5
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("h.txt:25:1: AC03 error m")
    # a folded finding's severity is printed too: every code on the line with its own
    assert lines[1] == "    +2 follow-on findings: AC02 error, WN01 warning"
    assert lines[2].startswith("h.txt:30:1: AO01 error") and lines[3].startswith("h.txt:11:1: MR01 error")
    assert len(lines) == 4


def _finding(hand: str, rule: str, line: int, player: str | None = "Bob", table: str | None = "Alpha") -> Row:
    return Row(hand, "h.txt", line, 1, rule, "n", "action_order", "error", 2, player, "e", "a", "m", None,
               site="PokerStars", table_name=table)


def test_a_baseline_holds_back_each_finding_as_many_times_as_it_lists_it(tmp_path: Path) -> None:
    # Two AO04 of Bob in hand 7 accepted (the flop's and the turn's); a third on the river
    # is new and reported. Before, the baseline held a set of keys: one entry silenced every
    # AO04 of Bob in the hand, however many came after.
    from hhaudit.output.baseline import Filter, read_baseline, write_baseline

    path = tmp_path / "b.json"
    write_baseline(path, [_finding("7", "AO04", 10), _finding("7", "AO04", 14)])
    held = Filter(read_baseline(path))
    rows = [_finding("7", "AO04", 10), _finding("7", "AO04", 14), _finding("7", "AO04", 18)]
    assert [r.line for r in held(rows)] == [18] and held.accepted == 2


def test_a_baseline_tells_two_tables_hands_of_one_id_apart(tmp_path: Path) -> None:
    # AC08: two different hands under one id (another table). Accepting table Alpha's does not
    # silence table Beta's; a hand without a table is matched by an entry without one.
    from hhaudit.output.baseline import Filter, read_baseline, write_baseline

    path = tmp_path / "b.json"
    write_baseline(path, [_finding("7", "MR01", 10), _finding("9", "MR01", 3, table=None)])
    assert json.loads(path.read_text(encoding="utf-8"))["findings"][0]["table"] == "Alpha"
    held = Filter(read_baseline(path))
    rows = [_finding("7", "MR01", 10), _finding("7", "MR01", 40, table="Beta"), _finding("9", "MR01", 3, table=None)]
    assert [(r.hand_id, r.table_name) for r in held(rows)] == [("7", "Beta")] and held.accepted == 2


def test_a_baseline_of_the_corpus_silences_its_findings_and_nothing_else(
        corpus_dataset: tuple[Path, object], tmp_path: Path) -> None:
    # Every finding of the corpus (and the samples), with every rule, written as a baseline:
    # filtered by it, nothing is left. Without one hand per site in it, exactly those hands'
    # findings come back, every one of them.
    from hhaudit.output import iter_findings
    from hhaudit.output.baseline import Filter, read_baseline, write_baseline

    out, _ = corpus_dataset
    rows = list(iter_findings(out))
    assert len(rows) > 4000
    path = tmp_path / "all.json"
    assert write_baseline(path, rows) == len(rows)
    held = Filter(read_baseline(path))
    assert list(held(rows)) == [] and held.accepted == len(rows)
    left_out = {}
    for r in rows:
        left_out.setdefault(r.site, (r.source, r.hand_id))
    assert len(left_out) > 10
    kept = [r for r in rows if (r.source, r.hand_id) not in set(left_out.values())]
    write_baseline(path, kept)
    held = Filter(read_baseline(path))
    back = list(held(rows))
    assert sorted(map(id, back)) == sorted(id(r) for r in rows if (r.source, r.hand_id) in set(left_out.values()))
    assert held.accepted == len(kept)


def test_no_corpus_finding_is_worded_as_its_rule_summary(corpus_dataset: tuple[Path, object]) -> None:
    # Every message of the corpus (every rule) names what is at issue. Before: two SE01 said
    # "The button did not move as the button rule says.", 22 AC01/AC02 a signed difference
    # ("off by -42.50"), a WN01 "pot paid to the wrong seats" naming none.
    from hhaudit.engine.rules import RULES
    from hhaudit.output import iter_findings
    from hhaudit.ruledoc import load_all_rules

    load_all_rules()
    out, _ = corpus_dataset
    rows = list(iter_findings(out))
    generic = [(r.source, r.line, r.rule) for r in rows if (r.message or "") in (RULES[r.rule].summary(), r.name, "")]
    assert generic == []
    vague = [(r.rule, r.message) for r in rows
             if re.search(r"off by -|by -\d|the wrong seats", r.message or "")]
    assert vague == []
