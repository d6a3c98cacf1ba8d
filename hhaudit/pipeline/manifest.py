"""`--incremental`: the manifest of the files a dataset was made from, checking it, and reusing
the parts of the files that did not change.

`OUT/manifest.json` lists, per group of files audited together (`plan.groups`; a large file
is a group of its own): its files (by absolute path, each with its size, mtime and sha256),
its first file's position in the input list (`index`, which names its parts), its summary
counts, and each of its part files (table folder and name, size, sha256, rows). Nothing in
it is taken on trust. A group's parts are reused only when the run makes the same group (the
same files, in order) and none of its files changed, and every part is there with its size
and hash, and the rows they hold agree with the counts (hands, findings, copies); otherwise
the group is audited again, and a note says why. A group ends where its files say
(`plan`), so a changed file re-audits its own group and no other. A manifest that cannot be read, of another version or
other settings, or with entries that contradict each other, is not used at all: every file is
audited, with a note. Either way the dataset is the one a full run would write.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..reading import FileReport, Source
from .dedupe import DUPLICATES
from .options import Options
from .parts import PART, part_name

MANIFEST = "manifest.json"
MANIFEST_VERSION = 4
_SHA256 = re.compile(r"^[0-9a-f]{64}$")


def fingerprint(options: Options) -> str:
    from .. import __version__
    from ..tables import SCHEMA_VERSION

    return f"hhaudit {__version__} schema {SCHEMA_VERSION} {options!r}"


def sha256(path: Path) -> str:
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def file_state(path: Path) -> dict[str, Any]:
    st = path.stat()
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "sha256": sha256(path)}


@dataclass(slots=True)
class Previous:
    """What the previous dataset's manifest says, once checked: its entries by path, and the
    notes (one line each) about what could not be trusted."""

    units: dict[tuple[str, ...], dict[str, Any]] = field(default_factory=dict)
    """Entries by their files' paths, in order."""
    notes: list[str] = field(default_factory=list)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _counts(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and _int(v) for k, v in value.items())


_REPORT = {f.name: f.type for f in dataclasses.fields(FileReport)}


def _report(r: Any) -> bool:
    """Whether a manifest's file report has `FileReport`'s fields with their types."""
    return (isinstance(r, dict) and set(r) == set(_REPORT)
            and all(_int(v) if k == "hands" else isinstance(v, bool) if k == "unsupported" else isinstance(v, str)
                    for k, v in r.items()))


def key(source: Source) -> str:
    """A source's key in the manifest: its file's absolute path (and the member's, for
    `archive.zip!member`). An archive is one file there, audited again whole when it changes."""
    path = str(source.path.resolve()) if source.path is not None else source.name
    return f"{path}!{source.member}" if source.member else path


def reports_json(reports: list[FileReport]) -> list[dict[str, Any]]:
    """What a file (every member, for an archive) gave, as the manifest keeps it."""
    return [dataclasses.asdict(r) for r in reports]


def reports_of(rec: dict[str, Any]) -> list[FileReport]:
    """The reports a manifest entry keeps (checked by `entry_problem`)."""
    return [FileReport(**r) for r in rec["reports"]]


def unit_name(names: list[str]) -> str:
    """How a group is named in notes: its file, or its first file and how many more."""
    if len(names) == 1:
        return names[0]
    return f"{names[0]} (and the {len(names) - 1} other files audited with it)"


def _file_problem(f: Any) -> str | None:
    if not isinstance(f, dict):
        return "a file of it is not an object"
    for key in ("path", "source", "sha256"):
        if not isinstance(f.get(key), str):
            return f"its file's {key} is not a text"
    if not _SHA256.match(f["sha256"]):
        return "its file's sha256 is not a hash"
    if not _int(f.get("size")):
        return f"its file's size is not a whole number of at least 0 ({f.get('size')!r})"
    return None


def entry_problem(rec: Any) -> str | None:
    """What is wrong with one entry of the manifest's `units` (types and ranges), or None."""
    if not isinstance(rec, dict):
        return "it is not an object"
    if not isinstance(rec.get("source"), str):
        return "its source is not a text"
    files = rec.get("files")
    if not isinstance(files, list) or not files:
        return "it lists no files"
    for f in files:
        why = _file_problem(f)
        if why is not None:
            return why
    if not _int(rec.get("index")):
        return f"its index is not a whole number of at least 0 ({rec.get('index')!r})"
    t = rec.get("totals")
    if not isinstance(t, dict) or not _int(t.get("hands")) or not _int(t.get("duplicates")) or not all(
            _counts(t.get(k)) for k in ("statuses", "categories", "severities")) or not _int(t.get("faults", 0)):
        return "its totals are not counts"
    if sum(t["statuses"].values()) != t["hands"]:
        return f"its statuses add up to {sum(t['statuses'].values())}, not its {t['hands']} hands"
    if sum(t["categories"].values()) != sum(t["severities"].values()):
        return "its findings by category and by severity differ"
    reports = rec.get("reports")
    if not isinstance(reports, list) or not reports or not all(_report(r) for r in reports):
        return "its file reports are not valid"
    parts = rec.get("parts")
    if not isinstance(parts, list):
        return "it lists no parts"
    for p in parts:
        if not (isinstance(p, list) and len(p) == 5 and all(isinstance(x, str) for x in p[:2])
                and _int(p[2]) and isinstance(p[3], str) and _SHA256.match(p[3]) and _int(p[4])):
            return f"its part {p!r} is not [table, name, size, sha256, rows]"
        m = PART.match(p[1])
        if not re.fullmatch(r"[a-z_]+", p[0]) or m is None or int(m.group(1)) != rec["index"]:
            return f"its part {p[0]}/{p[1]} is not one of its own"
    return None


def load_manifest(out: Path, options: Options) -> Previous:
    """The previous dataset's manifest, checked entry by entry (see the module's docstring)."""
    prev = Previous()
    path = out / MANIFEST
    if not path.exists():
        if (out / "hands").is_dir():
            prev.notes.append(f"{path} is missing (the dataset was written without --incremental): "
                              f"every file is audited")
        return prev
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        prev.notes.append(f"{path} cannot be read ({exc}): every file is audited")
        return prev
    if not isinstance(data, dict) or not isinstance(data.get("units"), list):
        prev.notes.append(f"{path} is not a manifest hhaudit wrote: every file is audited")
        return prev
    if data.get("version") != MANIFEST_VERSION:
        prev.notes.append(f"{path} was written by another version of hhaudit: every file is audited")
        return prev
    if data.get("options") != fingerprint(options):
        prev.notes.append("the settings (profile, options, rules, format) or hhaudit's version changed "
                          "since the previous run: every file is audited")
        return prev
    seen: dict[int, str] = {}
    paths: set[str] = set()
    for n, rec in enumerate(data["units"]):
        why = entry_problem(rec)
        if why is not None:
            name = rec.get("source") if isinstance(rec, dict) and isinstance(rec.get("source"), str) else f"entry {n}"
            prev.notes.append(f"{name}: audited again: its entry in {MANIFEST} is not valid ({why})")
            continue
        files = [f["path"] for f in rec["files"]]
        if rec["index"] in seen or paths.intersection(files) or len(set(files)) < len(files):
            prev.notes.append(f"{path} lists one file or position twice ({rec['source']}, {seen.get(rec['index'])}): "
                              f"every file is audited")
            return Previous(notes=prev.notes)
        seen[rec["index"]] = rec["source"]
        paths.update(files)
        prev.units[tuple(files)] = rec
    return prev


def part_problem(old_out: Path, rec: dict[str, Any]) -> str | None:
    """Why an unchanged group's parts cannot be reused as they are, or None: each listed part
    must be in the previous dataset with its size and hash, and hold the rows the counts say."""
    rows: dict[str, int] = {}
    for table, name, size, digest, n in rec["parts"]:
        p = old_out / table / name
        try:
            st = p.stat()
        except OSError:
            return f"its part {table}/{name} is missing from the previous dataset"
        if st.st_size != size or sha256(p) != digest:
            return f"its part {table}/{name} changed since it was written"
        rows[table] = rows.get(table, 0) + n
    t = rec["totals"]
    want = {"hands": t["hands"], "findings": sum(t["categories"].values()), DUPLICATES: t["duplicates"]}
    for table, count in want.items():
        if rows.get(table, 0) != count:
            return f"{MANIFEST} counts {count} rows of {table} but its parts hold {rows.get(table, 0)}"
    return None


def link(src: Path, dst: Path) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def reuse(old_out: Path, rec: dict[str, Any], new_index: int, tmp: Path) -> None:
    """Link a group's (checked) parts of the previous dataset into the new one under its new
    index."""
    for table, name, *_ in rec["parts"]:
        m = PART.match(name)
        assert m is not None  # entry_problem checked it
        (tmp / table).mkdir(exist_ok=True)
        link(old_out / table / name, tmp / table / part_name(new_index, int(m.group(2))))


def first_sources(old_out: Path, rec: dict[str, Any]) -> set[str]:
    """The sources of the first copies of the hands this group held only copies of."""
    import pyarrow.parquet as pq

    out: set[str] = set()
    for table, name, *_ in rec["parts"]:
        if table == DUPLICATES:
            out.update(pq.read_table(old_out / table / name, columns=["first_source"]).column(0).to_pylist())
    return out


def parts_of(tmp: Path, index: int) -> list[list[Any]]:
    """Every part of the group at `index` in the dataset being written, for its manifest entry."""
    import pyarrow.parquet as pq

    found: list[list[Any]] = []
    for folder in sorted(p for p in tmp.iterdir() if p.is_dir()):
        for p in sorted(folder.glob(f"part-{index:06d}-*.parquet")):
            if PART.match(p.name):
                found.append([folder.name, p.name, p.stat().st_size, sha256(p), pq.read_metadata(p).num_rows])
    return found
