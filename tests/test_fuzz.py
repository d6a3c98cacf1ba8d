"""Robustness: damaged, hostile and huge inputs never crash, hang or lose hands.

- Real corpus files, mutated by Hypothesis (lines deleted, duplicated, swapped, cut short;
  random bytes spliced in; the text re-encoded in a wrong encoding; enormous lines): parsing
  and auditing never raise, every hand comes out as a `Hand` with status audited,
  unsupported_game or parse_error, and the number of hands out equals the number of hand
  starts in the damaged text (hands in).
- An empty file, a file of blank lines, a 50 MB file without line breaks (read with bounded
  memory: the reader cuts lines at 64 KiB) and a folder of many tiny files.
- Adversarial lines for the grammars: every grammar in grammars/*.lark lexes long
  adversarial lines (runs of the characters its regexes repeat) or refuses them with a
  LineError, never another exception. Their cost is counted in regex steps, not timed, in
  tests/test_linear_time.py.

Runs with the `ci` Hypothesis profile by default (tests/conftest.py). Longer runs:
    HYPOTHESIS_PROFILE=long HHAUDIT_FUZZ_SCALE=5 pytest tests/test_fuzz.py
HHAUDIT_FUZZ_SCALE multiplies the bulk sizes: tiny files (1,000 at scale 1; 10,000 at 10) and
mutated examples. The adversarial lines are 64 KiB at every scale, the longest line the reader
passes on (the proof that the terminals are linear is tests/test_linear_time.py).
"""

from __future__ import annotations

import codecs
import io
import os
import random
import re
import tracemalloc
from pathlib import Path

import pytest
from generator import generate_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from hhaudit import formats
from hhaudit.engine.auditor import Auditor
from hhaudit.formats.base import LineError, LineFormat, grammar_dir, load_grammar
from hhaudit.model import Status
from hhaudit.parsing import HEAD_LINES, MAX_DETECT_LINES, ParseLog, parse, parse_source
from hhaudit.reading import MAX_LINE, Source, iter_lines

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
SCALE = float(os.environ.get("HHAUDIT_FUZZ_SCALE", "1") or 1)
STATUSES = {Status.AUDITED, Status.UNSUPPORTED_GAME, Status.PARSE_ERROR}
AUDITOR = Auditor("online")


def _corpus_files() -> list[Path]:
    """A fixed sample of text corpus files: up to two small files per site."""
    table = CORPUS / "HANDS.tsv"
    if not table.exists():
        return []
    per_site: dict[str, list[str]] = {}
    for row in table.read_text(encoding="utf-8").splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) < 3 or cols[2] == "site" or "XML" in cols[2]:
            continue
        files = per_site.setdefault(cols[2], [])
        if cols[0] not in files and len(files) < 2:
            path = CORPUS / cols[0]
            if path.is_file() and path.stat().st_size < 40_000:
                files.append(cols[0])
    return sorted(CORPUS / f for files in per_site.values() for f in files)


FILES = _corpus_files()
needs_corpus = pytest.mark.skipif(not FILES, reason=f"corpus not found at {CORPUS}")


# ----------------------------------------------------------------------------- helpers
def hands_in(data: bytes) -> tuple[str | None, int]:
    """The format a file is read as and how many hands it holds, counted independently of
    the splitter: hand-start lines, plus one for non-blank text before the first start
    (a chunk of its own, reported as a parse error)."""
    lines = list(iter_lines(io.BytesIO(data)))
    fmt = None
    for at in range(0, min(len(lines), MAX_DETECT_LINES), HEAD_LINES):  # as parse_source looks
        fmt = formats.detect(lines[at:at + HEAD_LINES])
        if fmt is not None:
            break
    if fmt is None:
        return None, 0
    if type(fmt).split is not LineFormat.split:
        # formats that join several header lines into one hand split their own way: count
        # their chunks (the check is then that parsing turns every chunk into one Hand)
        return fmt.name, sum(1 for _ in fmt.split(lines))
    start = fmt.start  # type: ignore[attr-defined]
    noise = getattr(fmt, "noise", None)
    starts = [i for i, line in enumerate(lines) if start.match(line)]
    before = lines[: starts[0]] if starts else lines
    junk = any(s.strip() and not (noise and noise.fullmatch(s.strip())) for s in before)
    return fmt.name, len(starts) + (1 if junk else 0)


def parse_all(data: bytes, name: str = "fuzz.txt") -> tuple[list, ParseLog]:
    log = ParseLog()
    hands = list(parse_source(Source(name, data=data), log=log))
    for hand in hands:
        assert hand.status in STATUSES
        AUDITOR.audit(hand)  # must not raise
    return hands, log


def check_counts(data: bytes) -> None:
    fmt, expected = hands_in(data)
    hands, log = parse_all(data)
    if fmt is None:
        assert hands == [] and log.files[0].error
    else:
        # formats with a start line but an XML body can split differently; text formats cannot
        assert len(hands) == expected, (fmt, len(hands), expected)


# ----------------------------------------------------------------------------- mutations
mutation = st.one_of(
    st.tuples(st.just("delete"), st.floats(0, 1), st.integers(1, 5)),
    st.tuples(st.just("duplicate"), st.floats(0, 1), st.integers(1, 5)),
    st.tuples(st.just("swap"), st.floats(0, 1), st.floats(0, 1)),
    st.tuples(st.just("truncate"), st.floats(0, 1), st.just(0)),
    st.tuples(st.just("bytes"), st.floats(0, 1), st.binary(min_size=1, max_size=40)),
    st.tuples(st.just("long_line"), st.floats(0, 1), st.sampled_from(["x", " ", ":", "[", "9", "é"])),
    st.tuples(st.just("encoding"), st.just(0.0), st.sampled_from(["utf-16", "utf-16-le", "cp1252", "latin-1",
                                                                 "utf-8-sig", "utf-32", "cp437"])),
)


def mutate(data: bytes, ops: list[tuple]) -> bytes:
    for kind, where, arg in ops:
        if kind == "truncate":
            data = data[: int(len(data) * where)]
            continue
        if kind == "bytes":
            i = int(len(data) * where)
            data = data[:i] + arg + data[i:]
            continue
        if kind == "encoding":
            text = data.decode("utf-8", errors="replace")
            data = text.encode(arg, errors="replace")
            continue
        lines = data.split(b"\n")
        i = min(int(len(lines) * where), len(lines) - 1)
        if kind == "delete":
            del lines[i : i + arg]
        elif kind == "duplicate":
            lines[i:i] = lines[i : i + arg]
        elif kind == "swap":
            j = min(int(len(lines) * arg), len(lines) - 1)
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "long_line":
            lines.insert(i, (arg * 100_000).encode("utf-8"))
        data = b"\n".join(lines)
    return data


@needs_corpus
@settings(max_examples=max(15, int(25 * SCALE)))
@given(st.sampled_from(FILES or [Path("none")]), st.lists(mutation, min_size=1, max_size=4))
def test_mutated_corpus_files(path: Path, ops: list[tuple]) -> None:
    data = mutate(path.read_bytes(), ops)
    if any(kind == "encoding" for kind, _, _ in ops):
        parse_all(data)  # wrong encodings: no crash, every hand a Hand; counts may differ
        return
    check_counts(data)


@needs_corpus
def test_unmutated_corpus_sample_counts() -> None:
    """The hand counter above agrees with the parser on the undamaged files."""
    for path in FILES:
        check_counts(path.read_bytes())


@given(st.binary(max_size=3000))
def test_random_bytes(data: bytes) -> None:
    parse_all(data)


@given(st.text(alphabet=st.sampled_from(list("PokerStars Hand #1: Hold'em No Limit ($1/$2) \n\r*[]:.,0123456789")),
               max_size=2000))
def test_random_text_from_hand_words(text: str) -> None:
    check_counts(text.encode("utf-8"))


# ----------------------------------------------------------------------------- special files
def test_empty_and_blank_files(tmp_path: Path) -> None:
    for name, data in [("empty.txt", b""), ("blank.txt", b"\n\n   \r\n\t\n" * 1000), ("bom.txt", codecs.BOM_UTF8),
                       ("nul.txt", b"\x00" * 5000)]:
        p = tmp_path / name
        p.write_bytes(data)
        log = ParseLog()
        assert list(parse(str(p), log=log)) == []
        assert log.files[0].error


@pytest.mark.parametrize("head", [b"", b"PokerStars Hand #1:  Hold'em No Limit ($1/$2 USD) - 2012/12/14 7:59:19 ET "])
def test_fifty_megabytes_without_line_breaks(tmp_path: Path, head: bytes) -> None:
    path = tmp_path / "huge.txt"
    block = b"abc: [Ah Kd] 12.50 " * 4000
    with path.open("wb") as out:
        out.write(head)
        while out.tell() < 50 * 1024 * 1024:
            out.write(block)
    tracemalloc.start()
    try:
        log = ParseLog()
        hands = list(parse(str(path), log=log))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # one block of 1 MiB read at a time, lines cut at 64 KiB: memory stays far below the file
    assert peak < 24 * 1024 * 1024, peak
    if head:
        assert len(hands) == 1 and hands[0].status is Status.PARSE_ERROR
        assert len(hands[0].problem.text) <= MAX_LINE  # type: ignore[union-attr]
    else:
        assert hands == [] and log.files[0].error


def test_folder_of_many_tiny_files(tmp_path: Path) -> None:
    count = int(1000 * SCALE)
    rng = random.Random(7)
    templates = [generate_hand(random.Random(seed)).text.encode("utf-8") for seed in range(25)]
    counted: dict[bytes, int] = {}
    expected = 0
    for i in range(count):
        kind = i % 10
        if kind == 0:
            data = b""
        elif kind == 1:
            data = bytes(rng.randrange(256) for _ in range(rng.randint(1, 60)))
        elif kind == 2:
            data = rng.choice(templates) + rng.choice(templates)  # two hands
        else:
            data = rng.choice(templates)
        if data not in counted:
            counted[data] = hands_in(data)[1]
        expected += counted[data]
        (tmp_path / f"h{i:05d}.txt").write_bytes(data)
    log = ParseLog()
    hands = list(parse(str(tmp_path), log=log))
    assert len(log.files) == count
    assert len(hands) == expected
    assert all(h.status in STATUSES for h in hands)
    assert sum(h.status is Status.AUDITED for h in hands) >= expected * 0.7


# ----------------------------------------------------------------------------- backtracking
GRAMMARS = sorted(p.stem for p in grammar_dir().glob("*.lark"))
RUN = MAX_LINE
"""Length of the adversarial lines: the longest the reader passes on (64 KiB)."""


def adversarial_lines(grammar: str) -> list[str]:
    """Long runs of the characters the grammars' regexes repeat (spaces inside a line,
    separators, brackets, digits, letters) and of a few words the grammar expects."""
    n = RUN
    text = (grammar_dir() / f"{grammar}.lark").read_text(encoding="utf-8")
    words = sorted(set(re.findall(r"(?<![\\?])\b([A-Za-z][a-z]{3,})\b", text)))
    picked = random.Random(grammar).sample(words, min(3, len(words)))
    lines = ["x" + " " * n + "x", ":" * n, "a: " * (n // 3), "[" * n, "a" * n, "0" * n, "." * n,
             "(" * n, "*** " * (n // 4), "x (" * (n // 3), "a [Ah Kd] " * (n // 10), "1,0" * (n // 3)]
    lines += [f"p: {w} " + f"{w} 1 " * (n // (len(w) + 3)) for w in picked]
    return lines


@pytest.mark.parametrize("grammar", GRAMMARS)
def test_grammar_lexes_or_refuses_adversarial_lines(grammar: str) -> None:
    """Each 64 KiB adversarial line is lexed or refused with a LineError, never another
    exception. How much work a line costs is counted, not timed, in tests/test_linear_time.py
    (every terminal, every shared lead of the line lexers, every format pattern)."""
    compiled = load_grammar(grammar)
    outcomes = {"lexed": 0, "refused": 0}
    for line in adversarial_lines(grammar):
        assert len(line) >= 60_000
        try:
            compiled.run([line], 1, {}, None)
            outcomes["lexed"] += 1
        except LineError:
            outcomes["refused"] += 1
    assert sum(outcomes.values()) == len(adversarial_lines(grammar)) > 0, outcomes
