"""Hostile inputs, third round: names that are not UTF-8 or hold a newline, lines far past the
line bound in every layout, input errors and users' files at OUT, killed runs' temporary
folders, archive members of every shape, deep globs, `-` given twice, `--jobs` past the cores,
terminal escapes in the csv layout, and odd amounts. Each case reads every hand or says why,
and never loses a file of the user's or the previous dataset."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import hhaudit
from hhaudit.outdir import MARKER

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_histories"
CLEAN = (SAMPLES / "pokerstars" / "clean-cash.txt").read_text(encoding="utf-8")  # one hand, no finding
HEAD = "PokerStars Hand #100000000001"


def stars(n: int, start: int = 1) -> str:
    """n copies of the clean PokerStars hand under hand numbers start, start+1, ..."""
    return "".join(CLEAN.replace(HEAD, f"PokerStars Hand #{start + k}", 1).rstrip("\n") + "\n\n\n"
                   for k in range(n))


def hh(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`hhaudit ARGS` in this process (`--jobs 1` for an audit unless ARGS say otherwise)."""
    from commands import in_process

    if args[:1] == ("audit",) and not any(a.startswith("--jobs") for a in args):
        args = (*args, "--jobs", "1")
    return in_process(*args, cwd=cwd)


def hh_process(*args: str, stdin: bytes | None = None, timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
    """`python -m hhaudit ARGS` in a process of its own (standard input, a UTF-8 terminal)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8", "LC_ALL": "C.UTF-8"}
    return subprocess.run([sys.executable, "-m", "hhaudit", *args], input=stdin, capture_output=True,
                          env=env, timeout=timeout, check=False)


def hand_ids(out: Path) -> list[str]:
    return sorted(hhaudit.read(out).hands["hand_id"])


def no_internal_error(r: subprocess.CompletedProcess[str]) -> None:
    assert r.returncode != 3 and "internal error" not in r.stderr and "Traceback" not in r.stderr, r.stderr


# --------------------------------------------------------------------------- names

LATIN1 = os.fsdecode(b"caf\xe9.txt")  # a Latin-1 e-acute: not UTF-8
NAMES = {
    "latin-1": b"caf\xe9.txt",
    "cp1252": b"\x93quoted\x94.txt",
    "shift-jis": "\u624b\u672d.txt".encode("shift_jis"),
    "a lone continuation byte": b"a\x80b.txt",
    "an overlong slash": b"x\xc0\xafy.txt",
    "utf-8": "caf\u00e9 \u624b.txt".encode(),
    "a newline": b"a\nb.txt",
    "an escape sequence": b"\x1b[2Jclear.txt",
    "a backslash x": b"back\\xe9slash.txt",
}


@pytest.mark.parametrize("raw", NAMES.values(), ids=NAMES.keys())
@pytest.mark.parametrize("how", ["folder", "file"])
def test_a_file_is_read_whatever_the_encoding_of_its_name_and_named_escaped(tmp_path: Path, raw: bytes,
                                                                            how: str) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    path = folder / os.fsdecode(raw)
    path.write_text(CLEAN, encoding="utf-8")
    out = tmp_path / "out"
    r = hh("audit", str(folder if how == "folder" else path), "-o", str(out), "-q")
    no_internal_error(r)
    assert r.returncode == 0, r.stderr
    sources = list(hhaudit.read(out).hands["source"])
    assert len(sources) == 1
    source = sources[0]
    source.encode("utf-8")  # a table holds text, never a lone surrogate
    assert source.endswith(raw.decode("utf-8", "backslashreplace"))
    # `show` finds the hand again through the dataset, and by the file's own path
    r = hh("show", str(out), "--hand", "100000000001")
    assert r.returncode == 0, r.stderr
    assert "100000000001" in r.stdout
    r = hh("show", str(path), "--hand", "100000000001")
    assert r.returncode == 0, r.stderr


def test_a_name_that_is_not_utf_8_is_printed_escaped(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / LATIN1).write_text("notes, not hands\n", encoding="utf-8")
    (folder / "ok.txt").write_text(CLEAN, encoding="utf-8")
    r = hh_process("audit", str(folder / LATIN1), str(folder / "ok.txt"), "-o", str(tmp_path / "out"),
                   "--jobs", "1")
    assert r.returncode == 0, r.stderr
    assert b"caf\\xe9.txt" in r.stderr and b"\xe9" not in r.stderr, r.stderr
    r = hh_process("audit", str(folder / os.fsdecode(b"gone\xff.txt")), "-o", str(tmp_path / "out"))
    assert r.returncode == 2 and b"gone\\xff.txt" in r.stderr and b"internal error" not in r.stderr, r.stderr


def test_a_tar_member_whose_name_is_not_utf_8_is_read(tmp_path: Path) -> None:
    data = CLEAN.encode()
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT, encoding="utf-8",
                      errors="surrogateescape") as tar:
        info = tarfile.TarInfo(os.fsdecode(b"dir\xe9/caf\xe9.txt"))
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    archive = tmp_path / "h.tar"
    archive.write_bytes(buf.getvalue())
    out = tmp_path / "out"
    r = hh("audit", str(archive), "-o", str(out), "-q")
    no_internal_error(r)
    assert r.returncode == 0, r.stderr
    [source] = list(hhaudit.read(out).hands["source"])
    assert source.endswith("h.tar!dir\\xe9/caf\\xe9.txt")
    r = hh("show", str(out), "--hand", "100000000001")
    assert r.returncode == 0, r.stderr


# --------------------------------------------------------------------------- OUT

def _dataset(tmp_path: Path) -> tuple[Path, Path]:
    good = tmp_path / "good.txt"
    good.write_text(stars(2), encoding="utf-8")
    out = tmp_path / "out"
    # the session rules (live only by default) find the two copies' stacks and button
    assert hh("audit", str(good), "-o", str(out), "-q", "--fail-on", "never",
              "--extend-select", "session").returncode == 0
    return good, out


@pytest.mark.parametrize("content", [b"meeting notes\n", b"", b"\x00\x01\x02\xff" * 500, b"\x00" * 4096],
                         ids=["notes", "empty", "binary", "nul bytes"])
def test_an_input_error_leaves_the_previous_dataset(tmp_path: Path, content: bytes) -> None:
    _, out = _dataset(tmp_path)
    bad = tmp_path / "notes.txt"
    bad.write_bytes(content)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    r = hh("audit", str(bad), "-o", str(out))
    assert r.returncode == 2, r.stderr
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert hand_ids(out) == ["1", "2"]
    assert "dataset written to" not in r.stdout + r.stderr
    assert "unchanged" in r.stdout + r.stderr


def test_an_input_error_writes_no_dataset_where_there_was_none(tmp_path: Path) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_bytes(b"meeting notes\n")
    out = tmp_path / "out"
    r = hh("audit", str(bad), "-o", str(out))
    assert r.returncode == 2
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out")]


@pytest.mark.parametrize("extra", ["my_analysis/x.parquet", "hands/my-extract.parquet",
                                   "my_analysis/part-00000.parquet", "sessions/notes.parquet"])
def test_a_users_parquet_file_inside_a_dataset_is_refused_and_kept(tmp_path: Path, extra: str) -> None:
    good, out = _dataset(tmp_path)
    import pyarrow as pa
    import pyarrow.parquet as pq

    mine = out / extra
    mine.parent.mkdir(exist_ok=True)
    pq.write_table(pa.table({"x": [1, 2, 3]}), mine)
    r = hh("audit", str(good), "-o", str(out), "--fail-on", "never")
    assert r.returncode == 2, r.stderr
    assert "refuse" in r.stderr or "other file" in r.stderr, r.stderr
    assert mine.exists()
    assert pq.read_table(mine).column("x").to_pylist() == [1, 2, 3]


def test_a_dataset_of_hhaudit_tables_only_is_replaced(tmp_path: Path) -> None:
    good, out = _dataset(tmp_path)
    assert hh("audit", str(good), "-o", str(out), "-q", "--fail-on", "never").returncode == 0
    assert hh("audit", str(good), "-o", str(out), "-q", "--fail-on", "never", "--incremental").returncode == 0
    assert hand_ids(out) == ["1", "2"]


KILLED = """
import os, sys
import hhaudit.sessions.passes as p
def session_pass(*a, **k):
    os._exit(9)
p.session_pass = session_pass
from hhaudit.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_killed_runs_temporary_dataset_is_swept_by_the_next_run(tmp_path: Path) -> None:
    good, out = _dataset(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-c", KILLED, "audit", str(good), "-o", str(out), "--jobs", "1", "-q",
                        "--fail-on", "never"],
                       env=env, capture_output=True, text=True, timeout=120, check=False)
    assert r.returncode == 9, r.stderr
    left = [p for p in tmp_path.iterdir() if p.name.startswith(".out.tmp-")]
    assert left, "the killed run left its temporary dataset"
    # a folder of the user's named like one, and another OUT's temporary dataset, are not ours to sweep
    theirs = tmp_path / ".out.tmp-mine"
    theirs.mkdir()
    (theirs / "keep.txt").write_text("mine", encoding="utf-8")
    other = tmp_path / ".other.tmp-abc"
    other.mkdir()
    (other / MARKER).write_text(json.dumps({"hhaudit_dataset": 1, "schema_version": 1}), encoding="utf-8")
    assert hh("audit", str(good), "-o", str(out), "-q", "--fail-on", "never").returncode == 0
    assert not any(p.exists() for p in left)
    assert (theirs / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert other.exists()
    assert hand_ids(out) == ["1", "2"]


def test_a_running_runs_temporary_dataset_is_not_swept(tmp_path: Path) -> None:
    from hhaudit.outdir import sweep
    from hhaudit.tables import DatasetWriter

    out = tmp_path / "out"
    writer = DatasetWriter(out)
    try:
        sweep(out)
        assert writer.tmp.exists()
    finally:
        writer.abort()


# --------------------------------------------------------------------------- lines past the bound

OHH = (SAMPLES / "ohh" / "sample.ohh").read_text(encoding="utf-8")
LONG = "N" * 70_000  # past the line bound (`hhaudit.reading.MAX_LINE`, 65,536 characters)


def _ohh_hands(one_line: bool) -> list[str]:
    """The sample's first hand under three numbers, the first with a 70,000-character name."""
    first = OHH.split("\n\n")[0].strip()
    hands = [first.replace('"O-1"', f'"O-{k}"') for k in (1, 2, 3)]
    hands[0] = hands[0].replace('"name": "Ann"', f'"name": "{LONG}"')
    if one_line:
        hands = [json.dumps(json.loads(h)) for h in hands]
    return hands


@pytest.mark.parametrize("layout", ["pretty", "one line per hand", "one line, no blank lines"])
def test_an_ohh_line_past_the_bound_loses_only_its_hand(tmp_path: Path, layout: str) -> None:
    hands = _ohh_hands(layout != "pretty")
    sep = "\n" if layout == "one line, no blank lines" else "\n\n"
    path = tmp_path / "h.ohh"
    path.write_text(sep.join(hands) + "\n", encoding="utf-8")
    read = list(hhaudit.parse(path))
    by_id = {h.hand_id: h for h in read}
    assert {"O-2", "O-3"} <= set(by_id), sorted(by_id)
    assert by_id["O-2"].status.value == "audited" and by_id["O-3"].status.value == "audited"
    assert len(read) == 3  # the first hand too, as a parse error that says why
    broken = [h for h in read if h.hand_id not in ("O-2", "O-3")]
    assert broken[0].status.value == "parse_error"
    assert "65,536" in broken[0].problem.message
    # the hands after it keep their own lines
    text = path.read_text(encoding="utf-8").split("\n")
    assert text[by_id["O-3"].line - 1].startswith("{")


def test_a_line_past_the_bound_between_ohh_hands_loses_nothing(tmp_path: Path) -> None:
    hands = _ohh_hands(True)[1:]
    path = tmp_path / "h.ohh"
    path.write_text(hands[0] + "\n" + '"' + LONG + "\n" + hands[1] + "\n", encoding="utf-8")
    ids = [h.hand_id for h in hhaudit.parse(path) if h.status.value == "audited"]
    assert ids == ["O-2", "O-3"]


def _site_files() -> dict[str, Path]:
    """For each site of the corpus, its smallest file of three hands or more."""
    from conftest_corpus import corpus, hands_tsv

    root = corpus()
    counts = hands_tsv(*{line.split("\t")[2] for line in (root / "HANDS.tsv").read_text(encoding="utf-8")
                         .splitlines()[1:]})
    sites: dict[str, tuple[int, Path]] = {}
    for line in (root / "HANDS.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        name, _, site = line.split("\t")[:3]
        path = root / name
        if counts[name] < 3 or not path.is_file():
            continue
        size = path.stat().st_size
        if size < 400_000 and (site not in sites or size < sites[site][0]):
            sites[site] = (size, path)
    return {site: p for site, (_, p) in sorted(sites.items())}


def _corpus_sites() -> list[str]:
    try:
        return list(_site_files())
    except pytest.skip.Exception:
        return ["(no corpus)"]


@pytest.mark.parametrize("where", ["middle", "start", "end"])
@pytest.mark.parametrize("site", _corpus_sites())
def test_a_line_past_the_bound_in_a_hand_loses_no_other_hand(tmp_path: Path, site: str, where: str) -> None:
    """Every format, every place in a line: a 70,000-character run in the first hand's longest
    line leaves every other hand read as it was."""
    files = _site_files()
    if site not in files:
        pytest.skip("the shared corpus is absent")
    from hhaudit.reading import iter_text

    with open(files[site], "rb") as fh:
        text = "".join(iter_text(fh))  # as hhaudit reads it, whatever the file's encoding
    original = tmp_path / "original.txt"
    original.write_text(text, encoding="utf-8", newline="")
    before = [(h.hand_id, h.status.value, h.line) for h in hhaudit.parse(original)]
    assert len(before) >= 2
    lines = text.split("\n")
    h1 = next(iter(hhaudit.parse(original)))
    span = range(h1.line - 1, min(h1.end_line, len(lines)))
    i = max(span, key=lambda k: len(lines[k]))
    line = lines[i]
    at = {"middle": len(line) // 2, "start": 0, "end": len(line.rstrip("\r"))}[where]
    lines[i] = line[:at] + "x" * 70_000 + line[at:]
    path = tmp_path / "long.txt"
    path.write_text("\n".join(lines), encoding="utf-8", newline="")
    after = [(h.hand_id, h.status.value, h.line) for h in hhaudit.parse(path)]
    # the first hand is read (perhaps as a parse error), or its first line is lost with its head
    assert [x for x in after if x[0] != before[0][0]][-len(before) + 1:] == before[1:]
    assert len(after) == len(before) or (where == "start" and i == h1.line - 1 and after == before[1:])


# --------------------------------------------------------------------------- archive members

MEMBER_SHAPES = ["../up.txt", "a/../b.txt", "../../far/away.txt", "./dot.txt", "/abs/olute.txt",
                 "dir//double.txt", "sp ace/x.txt", "caf\u00e9/\u624b.txt"]


def _tar(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def _zip(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in members.items():
            z.writestr(zipfile.ZipInfo(name), data)
    return buf.getvalue()


@pytest.mark.parametrize("kind", ["tar", "zip"])
def test_every_member_shape_is_read_or_said_never_dropped(tmp_path: Path, kind: str) -> None:
    members = {name: stars(1, start=k + 1).encode() for k, name in enumerate(MEMBER_SHAPES)}
    archive = tmp_path / f"h.{kind}"
    archive.write_bytes(_tar(members) if kind == "tar" else _zip(members))
    out = tmp_path / "out"
    r = hh("audit", str(archive), "-o", str(out), "-q", "--fail-on", "never")
    assert r.returncode == 0, r.stderr
    assert hand_ids(out) == sorted(str(k + 1) for k in range(len(MEMBER_SHAPES)))
    sources = set(hhaudit.read(out).hands["source"])
    assert f"{archive}!../up.txt" in sources and f"{archive}!a/../b.txt" in sources
    # each is found again by its name
    r = hh("show", str(out), "--hand", "1")
    assert r.returncode == 0, r.stderr
    r = hh("show", f"{archive}!../up.txt", "--hand", "1")
    assert r.returncode == 0, r.stderr


# --------------------------------------------------------------------------- paths

def test_a_deep_glob_over_a_thousand_nested_folders(tmp_path: Path) -> None:
    root = tmp_path / "deep"
    root.mkdir()
    levels = [str(root)]
    for _ in range(1000):  # os.makedirs (and shutil.rmtree) recurse once a level
        levels.append(os.path.join(levels[-1], "d"))
        os.mkdir(levels[-1])
    Path(levels[-1], "h.txt").write_text(CLEAN, encoding="utf-8")
    (root / "top.txt").write_text(stars(1, start=7), encoding="utf-8")
    out = tmp_path / "out"
    try:
        r = hh("audit", str(root) + "/**/*.txt", "-o", str(out), "-q", "--fail-on", "never")
        no_internal_error(r)
        assert r.returncode == 0, r.stderr
        assert hand_ids(out) == ["100000000001", "7"]
        r = hh("audit", str(root), "-o", str(out), "-q", "--fail-on", "never")  # the folder walked, as deep
        assert r.returncode == 0, r.stderr
        assert hand_ids(out) == ["100000000001", "7"]
    finally:
        os.remove(os.path.join(levels[-1], "h.txt"))
        for level in reversed(levels[1:]):
            os.rmdir(level)


def test_standard_input_given_twice_is_read_once(tmp_path: Path) -> None:
    out = tmp_path / "out"
    r = hh_process("audit", "-", "-", "-o", str(out), "--jobs", "1", "-q", stdin=CLEAN.encode())
    assert r.returncode == 0, r.stderr
    assert b"internal error" not in r.stderr
    assert hand_ids(out) == ["100000000001"]
    assert b"<stdin>" in r.stderr and b"once" in r.stderr, r.stderr


# --------------------------------------------------------------------------- --jobs

def test_jobs_are_capped_at_the_cores_this_process_may_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hhaudit.pipeline import pool

    started: list[int] = []
    monkeypatch.setattr(pool, "usable_cores", lambda: 2)
    real = pool.run_pool

    def counting(sources, todo, options, tmp, batch, split, jobs, done):  # type: ignore[no-untyped-def]
        started.append(jobs)
        return real(sources, todo, options, tmp, batch, split, jobs, done)

    import hhaudit.pipeline.runner as runner

    monkeypatch.setattr(runner, "run_pool", counting)
    folder = tmp_path / "in"
    folder.mkdir()
    for k in range(4):
        (folder / f"{k}.txt").write_text(stars(30, start=100 * k + 1), encoding="utf-8")
    for given, note in (("200", True), ("99999999999", True), ("2", False), ("0", False), ("auto", False)):
        started.clear()
        r = hh("audit", str(folder), "-o", str(tmp_path / "out"), "-q", "--fail-on", "never", "--jobs", given)
        assert r.returncode == 0, (given, r.stderr)
        assert all(j <= 2 for j in started), (given, started)
        assert ("may use 2 cores" in r.stderr) is note, (given, r.stderr)
    for bad in ("-1", "many", "2.5"):
        r = hh("audit", str(folder), "-o", str(tmp_path / "out"), "-q", "--jobs", bad)
        assert r.returncode == 2 and "--jobs" in r.stderr, (bad, r.stderr)


def test_the_cores_this_process_may_use_follow_its_affinity() -> None:
    from hhaudit.pipeline.pool import capped_jobs, usable_cores

    n = usable_cores()
    assert n == len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else n >= 1
    assert capped_jobs(n + 5) == (n, f"--jobs {n + 5}: this process may use {n} cores; running {n} workers")
    assert capped_jobs(0) == (n, None) and capped_jobs(1) == (1, None)
    assert hhaudit.audit(CLEAN, jobs=10**12).hands["hand_id"].tolist() == ["100000000001"]


# --------------------------------------------------------------------------- printed layouts

SHORT = (SAMPLES / "pokerstars" / "short-raise-odd-chip.txt").read_text(encoding="utf-8")  # MR01 and OC01


@pytest.mark.parametrize("fmt", ["text", "json", "jsonl", "csv", "sarif", "github"])
def test_no_layout_prints_a_terminal_escape_from_a_name(tmp_path: Path, fmt: str) -> None:
    import re

    name = "Hugo"  # the raiser MR01 names, and a player of OC01's expected and actual
    assert re.search(rf"Seat \d+: {name} ", SHORT)
    path = tmp_path / "h.txt"
    path.write_text(SHORT.replace(name, "\x1b]0;pwned\x07\x1b[2J" + name + "\u202e"), encoding="utf-8")
    r = hh("audit", str(path), "-o", str(tmp_path / "out"), "--fail-on", "never", "--output-format", fmt)
    assert r.returncode == 0, r.stderr
    assert "MR01" in r.stdout
    # JSON escapes control characters (the value stays exact); the others write them as text escapes
    for ch in ("\x1b", "\x07") if fmt in ("json", "jsonl", "sarif") else ("\x1b", "\x07", "\u202e"):
        assert ch not in r.stdout + r.stderr, (fmt, ch)


# --------------------------------------------------------------------------- smaller

@pytest.mark.parametrize("stack", ["$1e400", "$-5", "$\u0665\u0660\u0660", "$2\u0660\u0660", "$1e3", "$1E+3"])
def test_a_stack_that_is_not_an_amount_is_a_parse_error(stack: str) -> None:
    text = CLEAN.replace("Seat 1: Alice ($200 in chips)", f"Seat 1: Alice ({stack} in chips)")
    assert text != CLEAN
    [hand] = list(hhaudit.parse(text))
    assert hand.status.value == "parse_error", (stack, [(s.player, s.stack) for s in hand.seats])
    assert hand.problem is not None and hand.problem.line == 3


@pytest.mark.parametrize(("text", "units"), [("$1,234.50", 123450), ("1 480", 1480), ("$5 USD", 500),
                                             ("(\u20ac0.5)", 50), ("5.00$", 500)])
def test_amounts_as_sites_print_them_still_read(text: str, units: int) -> None:
    from hhaudit.money import parse_amount

    assert parse_amount(text, 2 if units != 1480 else 0) == units


@pytest.mark.parametrize("bad", ["1e400", "-5", "\u0665\u0660", "5\u0660", "1.5e2", "\uff15"])
def test_parse_amount_refuses_what_is_not_one_amount_in_ascii_digits(bad: str) -> None:
    from hhaudit.money import AmountError, parse_amount

    if bad == "-5":
        assert parse_amount(bad, 0) == -5  # a negative amount is an amount: a stack may not be one
        return
    with pytest.raises(AmountError):
        parse_amount(bad, 2)


def test_a_file_of_nul_bytes_is_not_called_empty(tmp_path: Path) -> None:
    nul = tmp_path / "nul.txt"
    nul.write_bytes(b"\x00" * 10_000)
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    r = hh("audit", str(nul), str(empty), "-o", str(tmp_path / "out"))
    assert r.returncode == 2
    assert f"{nul}: empty file" not in r.stderr
    assert f"{nul}: only NUL bytes" in r.stderr, r.stderr
    assert f"{empty}: empty file" in r.stderr


@pytest.mark.parametrize("content", [b"\x00\x01\x02\xff\xfe" * 300, b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4,
                                     bytes(range(256)) * 20])
def test_a_forced_format_on_binary_data_exits_2_as_detection_does(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "x.txt"
    path.write_bytes(content)
    detected = hh("audit", str(path), "-o", str(tmp_path / "a"))
    forced = hh("audit", str(path), "-o", str(tmp_path / "b"), "--format", "pokerstars")
    assert detected.returncode == 2
    assert forced.returncode == 2, forced.stdout + forced.stderr
    assert "pokerstars" in forced.stderr.lower()
    assert not (tmp_path / "b").exists()


def test_report_html_never_overwrites_a_file_it_did_not_write(tmp_path: Path) -> None:
    good, out = _dataset(tmp_path)
    mine = tmp_path / "X.html"
    mine.write_text("<p>my notes</p>", encoding="utf-8")
    r = hh("report", str(out), "--html", str(mine))
    assert r.returncode == 2, r.stdout + r.stderr
    assert "X.html" in r.stderr and mine.read_text(encoding="utf-8") == "<p>my notes</p>"
    assert not (tmp_path / "X_hands").exists()
    # the pages' folder holding a file of the user's
    report = tmp_path / "R.html"
    (tmp_path / "R_hands").mkdir()
    (tmp_path / "R_hands" / "notes.txt").write_text("mine", encoding="utf-8")
    r = hh("report", str(out), "--html", str(report))
    assert r.returncode == 2 and "R_hands" in r.stderr, r.stdout + r.stderr
    assert not report.exists() and (tmp_path / "R_hands" / "notes.txt").read_text(encoding="utf-8") == "mine"
    # a report hhaudit wrote, its index and its pages, is written again
    fresh = tmp_path / "F.html"
    assert hh("report", str(out), "--html", str(fresh)).returncode == 0
    assert any((tmp_path / "F_hands").iterdir())
    assert hh("report", str(out), "--html", str(fresh)).returncode == 0


# --------------------------------------------------------------------------- signals at each phase

SIGNAL_AT = """
import os, signal, sys
import hhaudit.pipeline.runner as runner
import hhaudit.sessions.passes as passes
PHASE, SIG = {phase!r}, {sig}
def at(module, name):
    real = getattr(module, name)
    def wrapper(*a, **k):
        os.kill(os.getpid(), SIG)
        return real(*a, **k)
    setattr(module, name, wrapper)
at(*{{"units": (runner, "audit_group"), "dedupe": (runner, "dedupe"),
      "sessions": (passes, "session_pass")}}[PHASE])
from hhaudit.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM", "SIGKILL"])
@pytest.mark.parametrize("phase", ["units", "dedupe", "sessions"])
def test_a_signal_at_each_phase_keeps_the_previous_dataset(tmp_path: Path, phase: str, sig: str) -> None:
    import signal

    good, out = _dataset(tmp_path)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    other = tmp_path / "other.txt"
    other.write_text(stars(1, start=50), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    code = SIGNAL_AT.format(phase=phase, sig=int(getattr(signal, sig)))
    r = subprocess.run([sys.executable, "-c", code, "audit", str(other), "-o", str(out), "--jobs", "1", "-q"],
                       env=env, capture_output=True, text=True, timeout=120, check=False)
    if sig == "SIGKILL":
        assert r.returncode == -9, r.stderr
    else:
        assert r.returncode == 130, r.stderr
        assert "interrupted" in r.stderr and "unchanged" in r.stderr and "Traceback" not in r.stderr
        assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out.tmp-")]
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert hh("audit", str(other), "-o", str(out), "-q", "--fail-on", "never").returncode == 0
    assert hand_ids(out) == ["50"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out.")]


@pytest.mark.parametrize("fmt", ["text", "json", "jsonl", "csv"])
def test_an_input_error_prints_no_finding_of_the_previous_dataset(tmp_path: Path, fmt: str) -> None:
    good, out = _dataset(tmp_path)  # two hands: session findings
    assert hh("audit", str(good), "-o", str(out), "--fail-on", "never",
              "--extend-select", "session").stdout.count(str(good)) > 0
    bad = tmp_path / "notes.txt"
    bad.write_text("meeting notes\n", encoding="utf-8")
    r = hh("audit", str(bad), "-o", str(out), "--output-format", fmt)
    assert r.returncode == 2
    assert str(good) not in r.stdout, r.stdout
    if fmt == "json":
        assert json.loads(r.stdout) == []


@pytest.mark.parametrize("how", ["walk", "glob", "api"])
def test_a_folder_whose_name_is_not_utf_8_is_walked_and_globbed(tmp_path: Path, how: str) -> None:
    sub = tmp_path / "in" / os.fsdecode(b"dossier \xe9t\xe9")
    sub.mkdir(parents=True)
    (sub / "h.txt").write_text(CLEAN, encoding="utf-8")
    given = {"walk": str(tmp_path / "in"), "glob": str(tmp_path / "in" / "**" / "*.txt"), "api": ""}[how]
    if how == "api":
        result = hhaudit.audit([tmp_path / "in"])
        sources = list(result.hands["source"])
    else:
        out = tmp_path / "out"
        r = hh("audit", given, "-o", str(out), "-q")
        assert r.returncode == 0, r.stderr
        sources = list(hhaudit.read(out).hands["source"])
    assert [s.rsplit("/", 2)[-2:] for s in sources] == [["dossier \\xe9t\\xe9", "h.txt"]]
