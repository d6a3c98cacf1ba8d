"""Corpus coverage: per format, every file of the corpus and what hhaudit made of its hands.

    python benchmarks/coverage.py [--corpus ../shared/corpus] [--markdown] [--files FORMAT]
                                  [--rules]

Every file of the corpus (old and new: the folder is walked as `hhaudit audit` walks it) is
read; its hands are counted under the format that read the file: hands read, audited,
unsupported game, parse error, findings (per rule with `--rules`), and findings not in the
reviewed lists of `tests/reviewed/*.tsv` (each reviewed row names a file, a hand and a rule
with the reason the hand is wrong; PA04, a line a reader kept unread, is not a finding on the
log and is left to the format's tests). A file no format reads is counted under `(not read)`.

Each file's hands are also counted without the parser (`expected`):
- the files `HANDS.tsv` lists: its rows for the file (a heuristic header count);
- the files added later (MANIFEST lines with `"added"`): the lines that start a complete
  hand in any site's layout (`HAND_START`, one per hand: for PartyPoker and 888 the
  `***** ... Hand History for Game N *****` line, which a hand whose history the site did not
  write, "Game #N starts." then "Connection Lost", has not), or iPoker's `<game gamecode=`
  elements;
- other files (the PHH folder): not counted (`expected` is None).

`complete` is what the target is measured on, per file: its hands (the larger of the expected
count and the hands read: a hand the count misses is still a hand) less those of an
unsupported game and those whose log is incomplete. A log is incomplete by the reader's one
rule, `ParseProblem.incomplete`: it stops before its end, it is a fragment (its first line
cannot start a hand, or it is a header and summary only), a line of it is cut off and the
next hand run into it, another hand's lines run on after it without their first line, it
lists no seats, an action names nobody the seat lines list (or a
name two seats share), or the site wrote no history for it. A hand whose reader did not
find its own id is named `FILE:N` (the file's name and the hand's first line) in the reviewed
lists. A hand a reader failed for
any other reason counts against the format; each incomplete hand of the corpus has its row,
with the reason, in `tests/reviewed/parse.tsv` (`tests/test_coverage.py` checks both ways).
`audited / complete` should be at least `TARGET` for every format.
`--files FORMAT` lists that format's files whose hands read differ from the expected count,
or that have parse errors. Other formats' readers use the same tables: nothing here is
specific to one site but the hand-start patterns.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from hhaudit.engine.auditor import Auditor
from hhaudit.parsing import ParseLog, parse_source
from hhaudit.reading import iter_sources

REPO = Path(__file__).resolve().parents[1]
TARGET = 0.995
NOT_READ = "(not read)"

# One pattern per site layout; a line matches at most once, so a hand is counted once.
HAND_START = re.compile(
    r"^\s*(?:\ufeff)?(?:"
    r"\*{5} .*?Hand History [Ff]or Game \S+ \*{5}"  # PartyPoker, 888 / Pacific (and Betfair)
    r"|PokerStars (?:[\w.]+ )*?(?:Hand|Game) #"  # PokerStars (cash, zoom, home games, tournaments)
    r"|Poker Hand #"  # GGPoker
    r"|(?:Game )?Hand #\d+ - "  # WPN / ACR (tournaments "Game Hand #N - ", cash "Hand #N - ")
    r"|(?:Bovada|Ignition|Bodog) Hand #"  # Bovada / Ignition
    r"|Winamax Poker - "  # Winamax
    r")"
)
XML_GAME = re.compile(r"<game gamecode=")


def decode(data: bytes) -> str:
    """A file's text for counting (not the reader's decoding: UTF-16 by its BOM, else UTF-8
    with cp1252's bytes replaced)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16", errors="replace")
    return data.decode("utf-8", errors="replace")


def count_starts(path: Path) -> int:
    """Hands of a file counted from its text alone: lines that start a hand, or XML games."""
    text = decode(path.read_bytes())
    xml = len(XML_GAME.findall(text))
    if xml:
        return xml
    return sum(1 for line in text.splitlines() if HAND_START.match(line))


@dataclass
class FileRow:
    path: str
    format: str
    expected: int | None
    read: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    error: str = ""
    problems: list[str] = field(default_factory=list)
    """`line: text | message` of each parse error."""
    incomplete: list[str] = field(default_factory=list)
    """The ids of the hands whose log is incomplete (`ParseProblem.incomplete`)."""
    games: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(game family, status) -> hands read: `family` of the hand's game; the status
    `incomplete` for a hand whose log is incomplete."""


@dataclass
class FormatRow:
    files: int = 0
    expected: int = 0
    read: int = 0
    hands: int = 0
    """Per file the larger of the expected count and the hands read, summed."""
    incomplete: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    findings: int = 0
    unreviewed: int = 0
    rules: Counter[str] = field(default_factory=Counter)
    not_read_files: int = 0

    @property
    def complete(self) -> int:
        """Hands the target counts: the files' hands (`hands`) less those of an unsupported
        game and those whose log is incomplete."""
        return self.hands - self.statuses["unsupported_game"] - self.incomplete

    @property
    def rate(self) -> float:
        return self.statuses["audited"] / self.complete if self.complete else 1.0


def family(game: str) -> str:
    """A game code's family for the per-game rates: Hold'em (NLHE, PLHE, FLHE), Omaha (NLO,
    PLO, FLO, PLO5, PLO6), Hi/Lo (an Omaha code ending in 8), or the code itself."""
    if game.endswith("HE"):
        return "hold'em"
    if "O" in game:
        return "hi/lo" if game.endswith("8") else "omaha"
    return game


def game_rates(files: list[FileRow]) -> dict[str, tuple[int, int]]:
    """Per game family: (audited, complete) over the hands read, where complete is the hands
    read less an unsupported game's and the incomplete ones (a hand a reader never read has
    no game, so this rate is over the hands read)."""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for f in files:
        for (fam, status), n in f.games.items():
            if status in ("audited", "parse_error"):
                out[fam][1] += n
            if status == "audited":
                out[fam][0] += n
    return {k: (v[0], v[1]) for k, v in out.items()}


def review_id(hand_id: str, source: str) -> str:
    """A hand's id as the reviewed lists name it: its own, or `FILE:N` for the id of its place
    (`formats.base.fallback_id`, which holds the whole source path)."""
    head, _, line = hand_id.rpartition(":")
    return f"{Path(source).name}:{line}" if head == source and line.isdigit() else hand_id


def reviewed() -> set[tuple[str, str, str]]:
    out: set[tuple[str, str, str]] = set()
    for path in sorted((REPO / "tests" / "reviewed").glob("*.tsv")):
        with open(path, encoding="utf-8") as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                f = (row.get("file") or "").split("/")[-1]
                for rule in (row.get("rule") or "").split(","):
                    out.add((f, row.get("hand_id") or "", rule.strip()))
    return out


def expected_counts(corpus: Path) -> dict[str, int]:
    """file (relative to the corpus) -> hands counted without the parser."""
    counts: dict[str, int] = defaultdict(int)
    with open(corpus / "HANDS.tsv", encoding="utf-8") as fh:
        next(fh)
        for line in fh:
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 5:
                counts[parts[0]] += 1
    with open(corpus / "MANIFEST.jsonl", encoding="utf-8") as fh:
        for line in fh:
            entry = json.loads(line)
            if entry.get("added") and (corpus / entry["file"]).is_file():
                counts[entry["file"]] = count_starts(corpus / entry["file"])
    return dict(counts)


def measure(corpus: Path) -> tuple[dict[str, FormatRow], list[FileRow]]:
    """Every file of the corpus read and audited: the rows per format, and per file."""
    expected = expected_counts(corpus)
    ok = reviewed()
    auditor = Auditor("online")
    rows: dict[str, FormatRow] = defaultdict(FormatRow)
    files: list[FileRow] = []
    for source in iter_sources([corpus]):
        log = ParseLog()
        rel = Path(str(source.name)).resolve().relative_to(corpus.resolve()).as_posix()
        hands = list(parse_source(source, log=log))
        report = log.files[0] if log.files else None
        fmt = (report.format if report is not None else "") or NOT_READ
        file = FileRow(rel, fmt, expected.get(rel), error=(report.error or "") if report is not None else "")
        files.append(file)
        row = rows[fmt]
        row.files += 1
        if fmt == NOT_READ:
            row.not_read_files += 1
        row.expected += file.expected if file.expected is not None else len(hands)
        name = rel.split("/")[-1]
        for hand in hands:
            file.read += 1
            file.statuses[hand.status.value] += 1
            row.read += 1
            row.statuses[hand.status.value] += 1
            if hand.problem is not None and hand.problem.incomplete:
                file.incomplete.append(review_id(hand.hand_id, hand.source))
                row.incomplete += 1
                file.games[(family(hand.game), "incomplete")] += 1
            else:
                file.games[(family(hand.game), hand.status.value)] += 1
            if hand.problem is not None:
                file.problems.append(f"{hand.problem.line}: {hand.problem.text[:80]} | {hand.problem.message[:80]}")
            for f in auditor.audit(hand).findings:
                if f.rule == "PA01":
                    continue
                row.findings += 1
                row.rules[f.rule] += 1
                # PA04 names a line the reader kept unread, not a mistake of the log: the
                # format's tests check which (tests/formats/test_partypoker.py)
                if f.rule != "PA04" and (name, review_id(hand.hand_id, hand.source), f.rule) not in ok:
                    row.unreviewed += 1
        row.hands += max(file.expected if file.expected is not None else 0, file.read)
    return dict(rows), files


def coverage(corpus: Path) -> dict[str, FormatRow]:
    """Per format: files, expected and read hands, statuses, findings (reviewed or not)."""
    return measure(corpus)[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=str(REPO.parent / "shared" / "corpus"))
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--rules", action="store_true", help="findings per rule for each format")
    ap.add_argument("--files", metavar="FORMAT", help="list the files of FORMAT whose count or reading is off")
    args = ap.parse_args()
    corpus = Path(args.corpus)
    rows, files = measure(corpus)
    if args.files:
        for f in files:
            if f.format != args.files:
                continue
            if f.statuses["parse_error"] or (f.expected is not None and f.read != f.expected) or f.error:
                print(f"{f.path}\texpected {f.expected}\tread {f.read}\t{dict(f.statuses)}\t{f.error}")
                for p in f.problems:  # incomplete logs are marked by the reader's message
                    print(f"    {p}")
        return
    cols = ["format", "files", "expected", "read", "audited", "unsupported", "parse_error", "incomplete", "audited %",
            "findings", "unreviewed"]
    table = []
    for fmt, r in sorted(rows.items(), key=lambda kv: -kv[1].read):
        table.append([fmt, r.files, r.expected, r.read, r.statuses["audited"], r.statuses["unsupported_game"],
                      r.statuses["parse_error"], r.incomplete, f"{100 * r.rate:.2f}", r.findings, r.unreviewed])
    if args.markdown:
        print("| " + " | ".join(cols) + " |")
        print("|" + "---|" * len(cols))
        for t in table:
            print("| " + " | ".join(str(x) for x in t) + " |")
    else:
        widths = [max(len(str(x)) for x in [c] + [t[i] for t in table]) for i, c in enumerate(cols)]
        print("  ".join(c.ljust(w) for c, w in zip(cols, widths)))
        for t in table:
            print("  ".join(str(x).ljust(w) for x, w in zip(t, widths)))
    print("audited per game (over the hands read): " + ", ".join(
        f"{g} {a}/{c}" for g, (a, c) in sorted(game_rates(files).items())))
    if args.rules:
        for fmt, r in sorted(rows.items()):
            if r.rules:
                print(f"{fmt}: " + ", ".join(f"{k} {v}" for k, v in sorted(r.rules.items())))


if __name__ == "__main__":
    main()
