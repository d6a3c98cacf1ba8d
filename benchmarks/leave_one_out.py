"""Leave one source out: read one source folder of the corpus as a reader meets files it was
not built from, and list what fails to read.

    python benchmarks/leave_one_out.py FOLDER [--corpus ../shared/corpus] [--format NAME]

FOLDER is a folder of the corpus (a repository's, such as `robevansuk` or
`ChazDazzle/fpdb-chaz`, or any folder under one). Nothing is built from it: the readers are
the ones of the package. Printed, for the files of FOLDER (of format NAME only, with
`--format`):
- files no format reads, with the reason;
- hands that are parse errors, grouped by the shape of the failing line (digits as N) with
  the message and the first place seen;
- lines a reader kept unread (PA04), grouped by shape, and whether they left their hand
  not judged;
- per format: hands read, audited, unsupported, parse errors, not judged.
A reader that holds on unseen files lists no parse error but the site's own "no history"
hands, and no unread line that leaves a hand not judged.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter, defaultdict
from pathlib import Path

from hhaudit.parsing import ParseLog, parse_source
from hhaudit.reading import iter_sources

REPO = Path(__file__).resolve().parents[1]


def shape(text: str) -> str:
    return re.sub(r"\d+", "N", text.strip())[:100]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--corpus", default=str(REPO.parent / "shared" / "corpus"))
    ap.add_argument("--format", default="")
    args = ap.parse_args()
    root = Path(args.corpus) / args.folder
    if not root.is_dir():
        raise SystemExit(f"{root}: not a folder of the corpus")
    not_read: list[str] = []
    errors: Counter[str] = Counter()
    unread: Counter[str] = Counter()
    first: dict[str, str] = {}
    per: dict[str, Counter[str]] = defaultdict(Counter)
    for source in iter_sources([root]):
        log = ParseLog()
        hands = list(parse_source(source, log=log))
        report = log.files[0] if log.files else None
        fmt = report.format if report is not None else ""
        if report is not None and report.unsupported and not fmt:
            if not args.format:
                not_read.append(f"{source.name}: {report.error}")
            continue
        if args.format and fmt != args.format:
            continue
        for h in hands:
            per[fmt][h.status.value] += 1
            if h.problem is not None:
                key = f"{shape(h.problem.text)} | {h.problem.message[:80]}"
                errors[key] += 1
                first.setdefault(key, f"{source.name}:{h.problem.line}")
            if any(u.matters for u in h.unknown_lines):
                per[fmt]["not judged"] += 1
            for u in h.unknown_lines:
                key = f"{'not judged' if u.matters else 'judged'}: {shape(u.text)}" + (f" ({u.reason})" if u.reason else "")
                unread[key] += 1
                first.setdefault(key, f"{source.name}:{u.line}")
    for fmt, c in sorted(per.items()):
        print(f"{fmt}: {sum(c[k] for k in ('audited', 'unsupported_game', 'parse_error'))} hands read, "
              f"{c['audited']} audited, {c['unsupported_game']} unsupported, {c['parse_error']} parse errors, "
              f"{c['not judged']} not judged")
    if not_read:
        print(f"\nfiles not read ({len(not_read)}):")
        for line in not_read:
            print(f"  {line}")
    if errors:
        print(f"\nparse errors by line shape ({sum(errors.values())}):")
        for key, n in errors.most_common():
            print(f"  {n:5d}  {key}\n         {first[key]}")
    if unread:
        print(f"\nlines kept unread (PA04) by shape ({sum(unread.values())}):")
        for key, n in unread.most_common(40):
            print(f"  {n:5d}  {key}\n         {first[key]}")


if __name__ == "__main__":
    main()
