"""What is read from the paths given: regular files only, symlink loops detected, unreadable
files and folders reported, archives read as their members, and every hand accounted for."""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

import hhaudit
from hhaudit import archives
from hhaudit.parsing import ParseLog, parse, to_sources
from hhaudit.pipeline import Options, run
from hhaudit.reading import FileReport, iter_sources

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


# --------------------------------------------------------------------------- what is read

def found(*paths: Path | str) -> tuple[list[str], list[FileReport]]:
    """The sources the paths give, and what was not read (in order)."""
    skipped: list[FileReport] = []
    names = [s.name for s in to_sources([str(p) for p in paths], skipped)]
    return names, skipped


def cli(*args: str, cwd: Path | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The command line; a run that never returns fails here instead of hanging the suite."""
    return subprocess.run([sys.executable, "-m", "hhaudit", *args], check=False, capture_output=True,
                          text=True, cwd=cwd, timeout=timeout, stdin=subprocess.DEVNULL)


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    d = tmp_path / "in"
    d.mkdir()
    (d / "a.txt").write_text(CLEAN, encoding="utf-8")
    return d


def test_fifo_device_and_socket_in_a_folder_are_reported_and_skipped(folder: Path, tmp_path: Path) -> None:
    # Before, the FIFO was opened and the run waited for a writer forever; a link to /dev/zero
    # was read for ever (an endless stream of NULs).
    os.mkfifo(folder / "pipe.txt")
    os.symlink("/dev/zero", folder / "zero.txt")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(folder / "sock.txt"))
    try:
        names, skipped = found(folder)
        assert names == [str(folder / "a.txt")]
        assert [(Path(f.source).name, f.skipped) for f in skipped] == [
            ("pipe.txt", "not a regular file (a FIFO)"),
            ("sock.txt", "not a regular file (a socket)"),
            ("zero.txt", "not a regular file (a character device)")]
        r = cli("audit", str(folder), "-o", str(tmp_path / "out"), "--quiet", "--jobs", "1")
        api = hhaudit.audit(str(folder))
    finally:
        sock.close()
    assert [(Path(f.source).name, f.outcome) for f in api.totals.files] == [
        ("pipe.txt", "skipped"), ("sock.txt", "skipped"), ("zero.txt", "skipped"), ("a.txt", "read")]
    assert r.returncode == 0, r.stderr
    assert "1 hands read from 1 of 4 files" in r.stdout
    for name, what in (("pipe.txt", "a FIFO"), ("zero.txt", "a character device"), ("sock.txt", "a socket")):
        assert f"hhaudit: {folder / name}: skipped: not a regular file ({what})" in r.stderr.splitlines()


def test_a_fifo_given_by_its_own_path_is_skipped_not_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    names, skipped = found(tmp_path / "pipe")
    assert names == [] and [f.skipped for f in skipped] == ["not a regular file (a FIFO)"]
    r = cli("audit", str(tmp_path / "pipe"), "-o", str(tmp_path / "out"), "--quiet", "--jobs", "1")
    assert r.returncode == 2  # nothing readable
    assert "pipe: skipped: not a regular file (a FIFO)" in r.stderr


def test_a_glob_over_two_symlink_loops_returns_and_reads_each_file_once(folder: Path) -> None:
    # in/up -> .. and in/sub/back -> ../.. : before, glob('in/**') followed them without end
    (folder / "sub").mkdir()
    (folder / "sub" / "b.txt").write_text(SHORT, encoding="utf-8")
    os.symlink("..", folder / "up")
    os.symlink("../..", folder / "sub" / "back")
    names, skipped = found(f"{folder}/**")
    assert names == [str(folder / "a.txt"), str(folder / "sub" / "b.txt")]
    # `up` is the folder above `in`, walked once: its own `in` is the loop; `back` is that
    # folder again (a loop too when the pattern's `**` reaches its `in`)
    assert sorted((f.source, f.skipped) for f in skipped) == [
        (str(folder / "sub" / "back"), f"the same folder as {folder / 'up'}"),
        (str(folder / "sub" / "back" / "in"), "a symbolic link loop"),
        (str(folder / "up" / "in"), "a symbolic link loop")]
    names, skipped = found(f"{folder}/**/*.txt")
    assert names == [str(folder / "a.txt"), str(folder / "sub" / "b.txt")]
    assert sorted((f.source, f.skipped) for f in skipped) == [
        (str(folder / "sub" / "back" / "in"), "a symbolic link loop"),
        (str(folder / "up" / "in"), "a symbolic link loop")]


def test_links_to_a_folder_and_a_file_already_read_are_read_once_and_named(folder: Path) -> None:
    os.symlink(folder / "a.txt", folder / "again.txt")
    other = folder.parent / "other"
    other.mkdir()
    (other / "b.txt").write_text(SHORT, encoding="utf-8")
    os.symlink(other, folder / "linked")
    os.symlink(other, folder / "twice")
    names, skipped = found(folder)
    # the link to a folder outside is followed (once); a second link to it, and a link to a
    # file already read, are named as what they are
    assert names == [str(folder / "a.txt"), str(folder / "linked" / "b.txt")]
    assert [(Path(f.source).name, f.skipped) for f in skipped] == [
        ("again.txt", f"the same file as {folder / 'a.txt'}"),
        ("twice", f"the same folder as {folder / 'linked'}")]
    # a path given twice, or a file given after its folder, is read once too, silently
    names, skipped = found(folder / "a.txt", folder, folder / "a.txt")
    assert names == [str(folder / "a.txt"), str(folder / "linked" / "b.txt")]


def test_broken_links_and_a_loop_of_links_are_reported(folder: Path) -> None:
    os.symlink(folder / "nothing.txt", folder / "dangling.txt")
    os.symlink(folder / "l2.txt", folder / "l1.txt")
    os.symlink(folder / "l1.txt", folder / "l2.txt")
    _, skipped = found(folder)
    assert [(Path(f.source).name, f.skipped) for f in skipped] == [
        ("dangling.txt", "a symbolic link to nothing"), ("l1.txt", "a symbolic link loop"),
        ("l2.txt", "a symbolic link loop")]


def _as_another_user(fn: Callable[[], object]) -> object:
    """Run `fn` in a child process whose uid is `nobody`'s, so that file permissions really
    apply (root reads a file of mode 000). Everything it needs is imported before the fork."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(r)
        try:
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            out = json.dumps(fn())
        except BaseException as exc:  # noqa: BLE001 - the child reports whatever stopped it
            out = json.dumps({"child failed": repr(exc)})
        os.write(w, out.encode())
        os._exit(0)
    os.close(w)
    chunks = []
    while chunk := os.read(r, 1 << 16):
        chunks.append(chunk)
    os.close(r)
    os.waitpid(pid, 0)
    return json.loads(b"".join(chunks))


def test_unreadable_files_and_folders_are_reported_never_skipped_silently() -> None:
    # Permissions are checked by the kernel, not simulated: as root every mode-000 file is
    # readable, so the reading runs in a child process that drops to the `nobody` user (any
    # other user runs it as itself). Before, an unreadable subfolder was passed over by
    # os.walk without a word.
    root = Path(tempfile.mkdtemp(prefix="hhaudit-perm-", dir="/tmp"))
    try:
        root.chmod(0o755)
        (root / "ok.txt").write_text(CLEAN, encoding="utf-8")
        (root / "secret.txt").write_text(SHORT, encoding="utf-8")
        (root / "locked").mkdir()
        (root / "locked" / "x.txt").write_text(SHORT, encoding="utf-8")
        (root / "secret.txt").chmod(0)
        (root / "locked").chmod(0)

        def read() -> object:
            log = ParseLog()
            hands = [h.hand_id for h in parse(str(root), log=log)]
            return {"hands": hands, "files": [(f.source, f.outcome, f.error) for f in log.files]}

        got = _as_another_user(read) if os.geteuid() == 0 else read()
    finally:
        (root / "locked").chmod(0o755)
        shutil.rmtree(root)
    assert got == {"hands": ["100000000001"], "files": [
        [str(root / "ok.txt"), "read", ""],
        [str(root / "secret.txt"), "unreadable", "cannot open (Permission denied)"],
        [str(root / "locked"), "unreadable", "cannot open folder (Permission denied)"]]}, got


# --------------------------------------------------------------------------- archives

def corpus_sample() -> list[str]:
    """Corpus files of several formats (text and XML, a file opening with a cut-off tail),
    relative to the corpus: the first file of each of these sites."""
    from conftest_corpus import corpus

    wanted = {"PokerStars-format", "Bovada/Ignition", "iPoker (XML)", "PKR", "Merge (XML)", "Cake",
              "FullTilt", "Winamax", "Boss (XML)"}
    firsts: dict[str, str] = {}
    with open(corpus() / "HANDS.tsv", encoding="utf-8") as fh:
        next(fh)
        for row in fh:
            name, _, site = row.split("\t")[:3]
            if site in wanted and site not in firsts:
                firsts[site] = name
    return sorted(firsts.values())


def tables_without_source(result: hhaudit.AuditResult, source_of: Callable[[str], str]) -> dict[str, list[tuple]]:
    """Every table's rows with `source` (and a fallback hand id, which is made of it) mapped
    back to the plain file's path, in a fixed order."""
    out: dict[str, list[tuple]] = {}
    for name in ("hands", "seats", "actions", "pots", "findings"):
        df = result.tables[name].copy()
        src = [source_of(s) for s in df["source"]]
        df["hand_id"] = [source_of(h[:len(s)]) + h[len(s):] if h.startswith(s + ":") else h
                         for h, s in zip(df["hand_id"], df["source"])]
        df["source"] = src
        if "session_id" in df:
            # a session keyed by its file (hands without a time or a table) has an id made
            # of the file's name: name each session by its first hand instead, so that the
            # same hands grouped the same way compare equal
            first: dict[str, str] = {}
            for sid, s, h in zip(df["session_id"], df["source"], df["hand_id"]):
                k = f"{s}\x1f{h}"
                if sid not in first or k < first[sid]:
                    first[sid] = k
            df["session_id"] = [first.get(sid, sid) for sid in df["session_id"]]
        out[name] = sorted(tuple(r) for r in df.astype(str).itertuples(index=False))
    return out


def build_archives(root: Path, rels: list[str], tmp: Path) -> dict[str, Path]:
    """The corpus files as each kind of archive, members named by their corpus path."""
    made: dict[str, Path] = {}
    with zipfile.ZipFile(tmp / "h.zip", "w", zipfile.ZIP_DEFLATED) as z:
        for rel in rels:
            z.write(root / rel, rel)
    made["zip"] = tmp / "h.zip"
    for mode, suffix in (("w", ".tar"), ("w:gz", ".tar.gz"), ("w:bz2", ".tar.bz2"), ("w:xz", ".tar.xz")):
        with tarfile.open(tmp / f"h{suffix}", mode) as t:
            for rel in rels:
                t.add(root / rel, rel)
        made[suffix] = tmp / f"h{suffix}"
    return made


def test_archives_give_the_plain_files_hands_findings_and_pots(tmp_path: Path) -> None:
    from conftest_corpus import corpus

    root = corpus()
    rels = corpus_sample()
    assert len(rels) >= 8
    plain = hhaudit.audit([str(root / r) for r in rels])
    assert plain.totals.hands > 50
    expected = tables_without_source(plain, lambda s: s)
    for kind, archive in build_archives(root, rels, tmp_path).items():
        got = hhaudit.audit([str(archive)])
        prefix = f"{archive}!"
        assert set(got.tables.hands["source"]) == {prefix + r for r in rels}, kind
        assert tables_without_source(got, lambda s, p=prefix: str(root / s[len(p):]) if s.startswith(p) else s) \
            == expected, kind
        assert [(Path(f.source).name, f.hands) for f in got.totals.files] == \
            [(Path(f.source).name, f.hands) for f in plain.totals.files], kind
    # each file compressed alone (gzip, bzip2, xz) is read as itself, named as the file is
    for module, suffix in ((gzip, ".gz"), (bz2, ".bz2"), (lzma, ".xz")):
        packed = []
        for k, rel in enumerate(rels):
            p = tmp_path / f"{k}-{Path(rel).name}{suffix}"
            p.write_bytes(module.compress((root / rel).read_bytes()))  # type: ignore[attr-defined]
            packed.append(p)
        got = hhaudit.audit([str(p) for p in packed])
        names = {str(p): str(root / r) for p, r in zip(packed, rels)}
        assert tables_without_source(got, lambda s, n=names: n.get(s, s)) == expected, suffix


def test_archives_in_a_folder_are_read_like_its_other_files(tmp_path: Path) -> None:
    # Before: skipped without a word, "0 hands read from 0 of 0 files" beside the plain one
    d = tmp_path / "in"
    d.mkdir()
    (d / "a.txt").write_text(CLEAN, encoding="utf-8")
    with zipfile.ZipFile(d / "b.zip", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("day/short.txt", SHORT)
        z.writestr("notes.md", "not a history")
        z.writestr("__MACOSX/day/._short.txt", "resource fork")
    (d / "c.txt.gz").write_bytes(gzip.compress(CLEAN.replace("100000000001", "100000000003").encode()))
    r = cli("audit", str(d), "-o", str(tmp_path / "out"), "--quiet", "--jobs", "1", "--fail-on", "never")
    assert r.returncode == 0, r.stderr
    assert "3 hands read from 3 of 4 files" in r.stdout
    assert f"  skipped: {d / 'b.zip'}!notes.md (not a hand-history file name)" in r.stdout
    hands = hhaudit.read(tmp_path / "out").hands
    assert sorted(zip(hands["source"], hands["hand_id"])) == [
        (str(d / "a.txt"), "100000000001"), (f"{d / 'b.zip'}!day/short.txt", "100000000002"),
        (str(d / "c.txt.gz"), "100000000003")]


def test_show_reads_an_archive_member_by_its_source_name(tmp_path: Path) -> None:
    with zipfile.ZipFile(tmp_path / "a.zip", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("x/clean.txt", CLEAN)
        z.writestr("x/short.txt", SHORT)
    with tarfile.open(tmp_path / "b.tar.gz", "w:gz") as t:
        t.add(tmp_path / "a.zip", "inner/a.zip")
        info = tarfile.TarInfo("inner/short.txt.gz")
        data = gzip.compress(SHORT.encode())
        info.size = len(data)
        t.addfile(info, io.BytesIO(data))
    r = cli("show", "a.zip!x/short.txt", "--hand", "100000000002", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "min raise to 750" in r.stdout and "a.zip!x/short.txt:1" in r.stdout
    # a compressed member of a compressed tar; a zip inside it cannot be read (no random access)
    r = cli("show", f"{tmp_path / 'b.tar.gz'}!inner/short.txt.gz", "--hand", "100000000002")
    assert r.returncode == 0 and "MR01" in r.stdout, r.stderr
    names, _ = found(f"{tmp_path / 'a.zip'}!x/short.txt")
    assert names == [f"{tmp_path / 'a.zip'}!x/short.txt"]
    log = ParseLog()
    assert [h.hand_id for h in parse(str(tmp_path / "b.tar.gz"), log=log)] == ["100000000002"]
    assert [(f.source, f.outcome) for f in log.files] == [
        (f"{tmp_path / 'b.tar.gz'}!inner/a.zip", "skipped"), (f"{tmp_path / 'b.tar.gz'}!inner/short.txt.gz", "read")]
    log = ParseLog()
    assert list(parse(f"{tmp_path / 'a.zip'}!x/none.txt", log=log)) == []
    assert log.files[0].error == f"no member x/none.txt in {tmp_path / 'a.zip'}"


def test_a_corrupt_archive_or_member_is_one_line_and_the_rest_is_read(tmp_path: Path) -> None:
    two = CLEAN + "\n\n" + SHORT
    # a gzip file cut in the middle of its second hand (stored, not compressed, so that the
    # cut falls where it is meant to): the first hand is read, the second is a cut hand
    text = (two + "\n\n" + CLEAN.replace("100000000001", "100000000005")).encode()
    whole = gzip.compress(text, compresslevel=0)
    (tmp_path / "cut.txt.gz").write_bytes(whole[:len(CLEAN) + len(SHORT) // 2])
    # a zip whose second member's compressed bytes are damaged (its CRC no longer agrees)
    with zipfile.ZipFile(tmp_path / "bad.zip", "w", zipfile.ZIP_STORED) as z:
        z.writestr("a.txt", CLEAN.replace("100000000001", "100000000006"))
        z.writestr("b.txt", SHORT.replace("100000000002", "100000000007"))
    data = bytearray((tmp_path / "bad.zip").read_bytes())
    at = data.index(b"100000000007") + 300
    data[at:at + 4] = b"XXXX"
    (tmp_path / "bad.zip").write_bytes(bytes(data))
    # a zip that ends half-way (no directory): nothing in it can be found
    (tmp_path / "half.zip").write_bytes(bytes(data[:len(data) // 2]))
    (tmp_path / "ok.txt").write_text(SHORT.replace("100000000002", "100000000008"), encoding="utf-8")
    r = cli("audit", *(str(tmp_path / n) for n in ("cut.txt.gz", "bad.zip", "half.zip", "ok.txt")),
            "-o", str(tmp_path / "out"), "--quiet", "--jobs", "1", "--fail-on", "never")
    assert r.returncode == 0, r.stderr
    err = r.stderr.splitlines()
    assert [line.split(": ", 2)[1] for line in err] == [str(tmp_path / "cut.txt.gz"), f"{tmp_path / 'bad.zip'}!b.txt",
                                                         str(tmp_path / "half.zip")], err
    assert "cut short" in err[0] and "CRC" in err[1] and "not a readable zip archive" in err[2]
    hands = hhaudit.read(tmp_path / "out").hands
    status = dict(zip(hands["hand_id"], hands["status"]))
    assert status["100000000001"] == "audited" and status["100000000002"] == "parse_error"
    assert status["100000000006"] == "audited" and status["100000000008"] == "audited"
    assert "100000000005" not in status


def test_bombs_are_bounded_by_ratio_and_size_and_the_rest_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Smaller bounds for the test (the real ones, 64 MiB of allowance and 250:1, would need
    # a 64 MiB bomb): 64 KiB allowance, 20:1.
    monkeypatch.setattr(archives, "RATIO_ALLOWANCE", 64 << 10)
    monkeypatch.setattr(archives, "MAX_RATIO", 20)
    filler = b"x" * 79 + b"\n"
    bomb = CLEAN.encode() + filler * 20_000  # 1.6 MB that compress about 300 times
    with zipfile.ZipFile(tmp_path / "b.zip", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("bomb.txt", bomb)
        z.writestr("short.txt", SHORT)
    (tmp_path / "b.txt.gz").write_bytes(gzip.compress(bomb))
    log = ParseLog()
    hands = list(parse([str(tmp_path / "b.zip"), str(tmp_path / "b.txt.gz")], log=log))
    # zip: the member declares its size; 1.6 MB from ~5 KB is over max(64 KiB, 20 x 5 KB), so
    # it is not read, and the next member is
    assert [(Path(f.source).name, f.outcome) for f in log.files] == [
        ("b.zip!bomb.txt", "unreadable"), ("b.zip!short.txt", "read"), ("b.txt.gz", "damaged")]
    assert "over the bound" in log.files[0].error
    # gzip declares nothing reliable: it is read up to max(64 KiB, 20 x its size), then cut;
    # the hand before the filler was read
    assert "expands past" in log.files[2].error and "read up to there" in log.files[2].error
    assert [h.hand_id for h in hands] == ["100000000002", "100000000001"]


def test_nested_archives_are_read_to_a_depth_and_named_by_their_path(tmp_path: Path) -> None:
    inner = io.BytesIO()
    with tarfile.open(fileobj=inner, mode="w:gz") as t:
        info = tarfile.TarInfo("d/clean.txt")
        info.size = len(CLEAN.encode())
        t.addfile(info, io.BytesIO(CLEAN.encode()))
    with zipfile.ZipFile(tmp_path / "outer.zip", "w") as z:
        z.writestr("inner.tar.gz", inner.getvalue())
    hands = list(parse(str(tmp_path / "outer.zip")))
    assert [(h.source, h.hand_id) for h in hands] == [(f"{tmp_path / 'outer.zip'}!inner.tar.gz!d/clean.txt", "100000000001")]
    # a gzip of a gzip of ... (a quine never ends): read MAX_DEPTH layers deep, no further
    data = CLEAN.encode()
    for _ in range(archives.MAX_DEPTH + 1):
        data = gzip.compress(data)
    (tmp_path / "deep.gz").write_bytes(data)
    log = ParseLog()
    assert list(parse(str(tmp_path / "deep.gz"), log=log)) == []
    assert "nested more than" in log.files[0].skipped


def test_a_7z_archive_is_named_as_a_format_not_read(tmp_path: Path) -> None:
    (tmp_path / "h.7z").write_bytes(b"7z\xbc\xaf\x27\x1c\x00\x04" + bytes(40))
    log = ParseLog()
    assert list(parse(str(tmp_path / "h.7z"), log=log)) == []
    assert log.files[0].outcome == "unsupported" and "7z archive" in log.files[0].error


def test_incremental_reuses_an_unchanged_archive_and_reaudits_a_changed_one(tmp_path: Path) -> None:
    def make(path: Path, texts: dict[str, str]) -> None:
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for name, text in texts.items():
                z.writestr(name, text)

    a, plain = tmp_path / "a.zip", tmp_path / "p.txt"
    make(a, {"x.txt": CLEAN, "y.txt": SHORT})
    plain.write_text(CLEAN.replace("100000000001", "100000000009"), encoding="utf-8")
    out, fresh = tmp_path / "out", tmp_path / "fresh"
    # unit_bytes=0: every file a group of its own (grouped, the plain file would be audited
    # again with the archive it is grouped with)
    first = run(list(iter_sources([str(a), str(plain), f"{a}!y.txt"])), out, Options(), incremental=True, unit_bytes=0)
    assert first.reused == 0 and first.hands == 3 and first.duplicates == 1  # y.txt given twice
    again = run(list(iter_sources([str(a), str(plain), f"{a}!y.txt"])), out, Options(), incremental=True, unit_bytes=0)
    assert again.reused == 3 and again.hands == 3
    assert [(f.source, f.hands) for f in again.files] == [(f.source, f.hands) for f in first.files]
    # the archive changes (a member added): it is audited again, whole, and so is the member
    # given by its name (its file changed); the plain file is reused
    make(a, {"x.txt": CLEAN, "y.txt": SHORT, "z.txt": CLEAN.replace("100000000001", "100000000004")})
    third = run(list(iter_sources([str(a), str(plain), f"{a}!y.txt"])), out, Options(), incremental=True, unit_bytes=0)
    assert third.reused == 1 and third.hands == 4
    run(list(iter_sources([str(a), str(plain), f"{a}!y.txt"])), fresh, Options())
    t1, t2 = hhaudit.read(out), hhaudit.read(fresh)
    for name in ("hands", "seats", "actions", "pots", "findings"):
        assert t1[name].astype(str).equals(t2[name].astype(str)), name


# --------------------------------------------------------------------------- the summary

def test_the_summary_counts_and_names_files_read_unsupported_and_skipped(tmp_path: Path) -> None:
    d = tmp_path / "in"
    d.mkdir()
    (d / "a.txt").write_text(CLEAN, encoding="utf-8")
    (d / "notes.txt").write_text("shopping list\neggs\n", encoding="utf-8")
    (d / "empty.log").write_text("", encoding="utf-8")
    for k in range(7):
        (d / f"scan{k}.pdf").write_bytes(b"%PDF")
    os.mkfifo(d / "pipe.txt")
    (d / ".hidden.txt").write_text(SHORT, encoding="utf-8")  # hidden: passed over, as git does
    r = cli("audit", str(d), "-o", str(tmp_path / "out"), "--quiet", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    # 1 read + 2 read but not histories + 8 skipped (7 by name, the FIFO) = 11 files
    assert out[0] == "1 hands read from 1 of 11 files: 1 audited, 0 unsupported game, 0 parse error"
    assert out[1] == "files: 1 read (1 files with hands), 2 not hand histories hhaudit reads, 8 skipped"
    assert out[2] == (f"  not hand histories hhaudit reads: {d / 'empty.log'} (empty file); "
                      f"{d / 'notes.txt'} (not a hand-history format hhaudit reads)")
    assert out[3] == ("  skipped: " + "; ".join([f"{d / 'pipe.txt'} (not a regular file (a FIFO))"]
                                                + [f"{d / f'scan{k}.pdf'} (not a hand-history file name)"
                                                   for k in range(4)]) + " and 3 more")
    # on stderr one line per file that could not be read or is not a regular file; the
    # folder's other files are only in the summary
    assert sorted(r.stderr.splitlines()) == [
        f"hhaudit: {d / 'empty.log'}: empty file", f"hhaudit: {d / 'notes.txt'}: not a hand-history format hhaudit reads",
        f"hhaudit: {d / 'pipe.txt'}: skipped: not a regular file (a FIFO)"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_compressed_and_archived_standard_input_is_read_as_it_comes(tmp_path: Path, jobs: str) -> None:
    tar = io.BytesIO()
    with tarfile.open(fileobj=tar, mode="w:xz") as t:
        for name, text in (("a.txt", CLEAN), ("b.txt", SHORT)):
            info = tarfile.TarInfo(name)
            info.size = len(text.encode())
            t.addfile(info, io.BytesIO(text.encode()))
    zipped = io.BytesIO()
    with zipfile.ZipFile(zipped, "w") as z:
        z.writestr("a.txt", CLEAN)
    for data, hands, sources in ((gzip.compress(CLEAN.encode()), 1, {"<stdin>"}),
                                 (tar.getvalue(), 2, {"<stdin>!a.txt", "<stdin>!b.txt"})):
        out = tmp_path / f"out{hands}"
        r = subprocess.run([sys.executable, "-m", "hhaudit", "audit", "-", "-o", str(out), "--quiet", "--jobs", jobs,
                            "--fail-on", "never"], input=data, capture_output=True, timeout=120, check=False)
        assert r.returncode == 0, r.stderr
        assert set(hhaudit.read(out).hands["source"]) == sources
    # a zip cannot be read from a pipe (its directory is at its end): said, not guessed at
    r = subprocess.run([sys.executable, "-m", "hhaudit", "audit", "-", "-o", str(tmp_path / "z"), "--quiet",
                        "--jobs", jobs], input=zipped.getvalue(), capture_output=True, timeout=120, check=False)
    assert r.returncode == 2 and b"<stdin>: skipped: a zip archive from a pipe" in r.stderr
