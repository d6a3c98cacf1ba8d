"""Duplicate hands across units: each copy's rows are dropped from its part after every unit
is written, and recorded in the `duplicates` table. Every copy is then compared with its
first (`copies`): one that differs is kept out of the tables all the same (the hand is
audited once, as its first says it), marked in `duplicates` (`differs_at`), and reported
as an AC07 finding on its first's hand, whose part is rewritten with it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .copies import Span, digests, first_difference, texts
from .options import Totals
from .parts import PART, read_part, release_arrow_memory, write_atomic

if TYPE_CHECKING:
    from ..reading import Source

DUPLICATES = "duplicates"
LOCAL_IDS = frozenset({"live"})
"""Sites whose hand ids are only unique within one source (a live log's `hand 1` is the
first hand of that session, not a room-wide id): a hand is a copy only if the same source
holds it twice."""


def dup_schema() -> Any:
    import pyarrow as pa

    s, i = pa.string(), pa.int64()
    return pa.schema([("site", s), ("hand_id", s), ("source", s), ("line", i),
                      ("first_source", s), ("first_line", i), ("end_line", i), ("format", s), ("differs_at", i),
                      ("compared", pa.bool_())])



def scope(site: str, source: str) -> str:
    """What besides its site makes a hand id unique: its source for LOCAL_IDS sites."""
    return source if site in LOCAL_IDS else ""


def scopes(t: Any) -> Any:
    """The scope of each row of a table with site and source columns, as an Arrow array."""
    import pyarrow as pa

    return pa.array([scope(site, src) for site, src in zip(t["site"].to_pylist(), t["source"].to_pylist())],
                    pa.string())


def dedupe(tmp: Path, per_file: dict[int, Totals], names: dict[int, str],
           sources: Sequence[Source] | None = None) -> None:
    """Drop the rows of hands already in an earlier part; record them in `duplicates`;
    compare every copy with its first (read again from `sources`, by name)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    from ..tables import TABLES, with_metadata

    parts = sorted(p.name for p in (tmp / "hands").glob("part-*.parquet") if PART.match(p.name))
    if not parts:
        return
    _strip_conflicts(tmp, parts, per_file)
    # first places of every key named in a unit's duplicates (their first may be in an earlier part)
    dup_files = sorted((tmp / DUPLICATES).glob("part-*.parquet"))
    old_dups = {p.name: read_part(p) for p in dup_files}
    named = None
    if old_dups:
        named = pa.concat_tables([pa.table({"site": d["site"], "hand_id": d["hand_id"], "scope": scopes(d)})
                                  for d in old_dups.values()]).group_by(["site", "hand_id", "scope"]).aggregate([])
    firsts_found: list[Any] = []
    copies: dict[int, set[str]] = {}
    """Per part: the hand ids of the copies it holds (rows of a key that are not its first)."""
    for bucket in _buckets(tmp, parts):
        firsts_found.extend(_places(bucket, named, copies))
        del bucket
        release_arrow_memory()
    if not firsts_found:
        return
    # where each wanted key first is: (source, line) from its part
    firsts = pa.concat_tables(firsts_found)
    first_at: dict[tuple[str, str, str], tuple[str, int, int, str, str]] = {}
    """Per key: the first's source, line, end line, format and part."""
    by_part: dict[int, list[tuple[int, str, str, str]]] = {}
    for part, row, site, hid, key_scope in zip(firsts["part"].to_pylist(), firsts["row"].to_pylist(),
                                               firsts["site"].to_pylist(), firsts["hand_id"].to_pylist(),
                                               firsts["scope"].to_pylist()):
        by_part.setdefault(part, []).append((row, site, hid, key_scope))
    for part, items in by_part.items():
        t = read_part(tmp / "hands" / parts[part], columns=["source", "line", "end_line", "format"])
        src, line, end, fmt = (t[c].to_pylist() for c in ("source", "line", "end_line", "format"))
        for row, site, hid, key_scope in items:
            first_at[(site, hid, key_scope)] = (src[row], line[row], end[row] or 0, fmt[row], parts[part])
    # rewrite the parts holding copies; collect their duplicates rows
    new_dups: dict[str, list[dict[str, Any]]] = {}

    for part, hids in sorted(copies.items()):
        name = parts[part]
        index = int(PART.match(name).group(1))  # type: ignore[union-attr]
        tot = per_file[index]
        mask_ids = pa.array(sorted(hids), pa.string())
        for t in TABLES:
            path = tmp / t / name
            table = read_part(path)
            drop = pc.is_in(table["hand_id"], value_set=mask_ids)
            if t == "hands":
                gone = table.filter(drop)
                for site, hid, src, line, end, fmt, status in zip(
                        gone["site"].to_pylist(), gone["hand_id"].to_pylist(), gone["source"].to_pylist(),
                        gone["line"].to_pylist(), gone["end_line"].to_pylist(), gone["format"].to_pylist(),
                        gone["status"].to_pylist()):
                    fs, fl = first_at[(site, hid, scope(site, src))][:2]
                    new_dups.setdefault(name, []).append(
                        {"site": site, "hand_id": hid, "source": src, "line": line,
                         "first_source": fs, "first_line": fl, "end_line": end or 0, "format": fmt,
                         "differs_at": None, "compared": None})
                    tot.hands -= 1
                    tot.duplicates += 1
                    tot.statuses[status] -= 1
                for reasons in gone["not_judged"].to_pylist() if "not_judged" in gone.column_names else ():
                    tot.not_judged.subtract(reasons or ())
            elif t == "findings":
                gone = table.filter(drop)
                for cat, sev, code in zip(gone["category"].to_pylist(), gone["severity"].to_pylist(),
                                          gone["rule"].to_pylist()):
                    tot.categories[cat] -= 1
                    tot.severities[sev] -= 1
                    if code == "PA02":
                        tot.faults -= 1
            kept = table.filter(pc.invert(drop))
            write_atomic(with_metadata(kept.replace_schema_metadata(None), t), path)
        for c in (tot.statuses, tot.categories, tot.severities, tot.not_judged):
            for key in [key for key, v in c.items() if v <= 0]:
                del c[key]
    # duplicates parts: each unit's own copies plus the new ones, with the first places
    schema = dup_schema()
    all_rows: dict[str, list[dict[str, Any]]] = {}
    for name in sorted(set(old_dups) | set(new_dups)):
        rows = old_dups[name].to_pylist() if name in old_dups else []
        for r in rows:
            first = first_at.get((r["site"], r["hand_id"], scope(r["site"], r["source"])))
            if first is not None:
                r["first_source"], r["first_line"] = first[:2]
        rows += new_dups.get(name, [])
        rows.sort(key=lambda r: (r["source"], r["line"]))  # an archive's part holds several members
        all_rows[name] = rows
    conflicts = _compare(all_rows, first_at, sources or [])
    for name, rows in all_rows.items():
        table = pa.Table.from_pylist(rows, schema=schema)
        if name in old_dups and table.equals(old_dups[name]):
            continue
        write_atomic(table, tmp / DUPLICATES / name)
    _add_conflicts(tmp, conflicts, per_file)


BUCKET_ROWS = 100_000
"""Hands' keys the duplicate check holds at once (a few megabytes). A dataset of more hands
has its keys spread over buckets on disk by a hash of the hand id (a hand and its copies
share a bucket), and each bucket is checked alone: memory stays that of one bucket whatever
the input. The buckets are as few as hold at most BUCKET_ROWS each (on average), so they
are as large at 1,000,000 hands (10 of 100,000) as the one table at 100,000: one more
bucket than that (`total // BUCKET_ROWS + 1`) made them 50,000 keys at 100,000 hands and
91,000 at 1,000,000, memory growing with the input again."""
_KEYS = ".keys"


def _part_keys(tmp: Path, parts: list[str]) -> Iterator[Any]:
    """Each part's keys: site, hand_id, scope, part, row and ord (the row's place in the
    dataset), without the rows that have no hand id."""
    import pyarrow as pa
    import pyarrow.compute as pc

    start = 0
    for k, name in enumerate(parts):
        t = read_part(tmp / "hands" / name, columns=["site", "hand_id", "source"])
        n = len(t)
        keys = pa.table({"site": t["site"], "hand_id": t["hand_id"], "scope": scopes(t),
                         "part": pa.array([k] * n, pa.int32()), "row": pa.array(range(n), pa.int64()),
                         "ord": pa.array(range(start, start + n), pa.int64())})
        start += n
        yield keys.filter(pc.and_kleene(pc.invert(pc.is_null(keys["hand_id"])), pc.not_equal(keys["hand_id"], "")))


def _buckets(tmp: Path, parts: list[str]) -> Iterator[Any]:
    """The dataset's keys, in one table, or in several (by a hash of the hand id, through
    Parquet files in a folder removed at the end) when there are more than BUCKET_ROWS."""
    import shutil
    import zlib

    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    total = sum(pq.read_metadata(tmp / "hands" / name).num_rows for name in parts)
    n = -(-total // BUCKET_ROWS)
    if n <= 1:
        yield pa.concat_tables(list(_part_keys(tmp, parts))).combine_chunks()
        return
    folder = tmp / _KEYS
    folder.mkdir()
    try:
        writers: dict[int, Any] = {}
        for keys in _part_keys(tmp, parts):
            bucket = pa.array([zlib.crc32(h.encode("utf-8", "surrogatepass")) % n
                               for h in keys["hand_id"].to_pylist()], pa.int32())
            for b in range(n):
                sub = keys.filter(pc.equal(bucket, b))
                if len(sub):
                    if b not in writers:
                        writers[b] = pq.ParquetWriter(folder / f"{b:05d}.parquet", sub.schema)
                    writers[b].write_table(sub)
        for w in writers.values():
            w.close()
        for b in sorted(writers):
            yield pq.read_table(folder / f"{b:05d}.parquet")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _places(keys: Any, named: Any, copies: dict[int, set[str]]) -> list[Any]:
    """In one bucket of keys: add each part's copies to `copies`; return the first places
    (part, row, site, hand_id, scope) of the keys held more than once or named in a unit's
    duplicates (`named`)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    on = ["site", "hand_id", "scope"]
    groups = keys.group_by(on, use_threads=False).aggregate([("ord", "min"), ("ord", "count")])
    multi = groups.filter(pc.greater(groups["ord_count"], 1))
    wanted = multi.select([*on, "ord_min"])
    if named is not None:
        extra = groups.join(named, on, join_type="inner").select([*on, "ord_min"])
        wanted = pa.concat_tables([wanted, extra])
    if len(multi):
        joined = keys.join(multi, on, join_type="inner")
        joined = joined.filter(pc.not_equal(joined["ord"], joined["ord_min"]))
        for part, hid in zip(joined["part"].to_pylist(), joined["hand_id"].to_pylist()):
            copies.setdefault(part, set()).add(hid)
    if len(wanted) == 0:
        return []
    return [keys.take(pc.index_in(wanted["ord_min"], keys["ord"])).select(["part", "row", *on])]


Conflict = tuple[str, str, dict[str, Any]]
"""(the first's part, its hand id, the findings row to add there)."""


def _compare(all_rows: dict[str, list[dict[str, Any]]],
             first_at: dict[tuple[str, str, str], tuple[str, int, int, str, str]],
             sources: Sequence[Source]) -> list[Conflict]:
    """Compare each copy with its first (sets `differs_at` and `compared` on its row);
    the findings the copies that differ give."""
    from ..rules import RULES

    by_name = {s.name: s for s in sources}
    pairs: list[tuple[dict[str, Any], tuple[str, int, int, str, str]]] = []
    wanted: dict[str, set[Span]] = {}
    for rows in all_rows.values():
        for r in rows:
            r["end_line"] = r.get("end_line") or 0
            r["differs_at"] = None
            first = first_at.get((r["site"], r["hand_id"], scope(r["site"], r["source"])))
            ok = (first is not None and first[3] == r.get("format") and first[2] >= first[1]
                  and r["end_line"] >= r["line"] and first[0] in by_name and r["source"] in by_name)
            r["compared"] = bool(ok)
            if not ok:
                continue
            assert first is not None
            pairs.append((r, first))
            wanted.setdefault(first[0], set()).add((first[1], first[2]))
            wanted.setdefault(r["source"], set()).add((r["line"], r["end_line"]))
    if not pairs:
        return []
    sums = {src: digests(by_name[src], spans) for src, spans in sorted(wanted.items())}
    differ = [(r, f) for r, f in pairs
              if sums[f[0]].get((f[1], f[2])) != sums[r["source"]].get((r["line"], r["end_line"]))]
    if not differ:
        return []
    need: dict[str, set[Span]] = {}
    for r, f in differ:
        need.setdefault(f[0], set()).add((f[1], f[2]))
        need.setdefault(r["source"], set()).add((r["line"], r["end_line"]))
    lines = {src: texts(by_name[src], spans) for src, spans in sorted(need.items())}
    rule = RULES["AC07"]
    out: list[Conflict] = []
    for r, f in differ:
        d = first_difference(lines[f[0]].get((f[1], f[2]), []), lines[r["source"]].get((r["line"], r["end_line"]), []),
                             f[2], r["end_line"])
        if d is None:
            continue
        r["differs_at"] = d.copy_line
        here = d.first_text or "(end of the hand)"
        there = d.copy_text or "(end of the hand)"
        message = (f"copy of hand {r['hand_id']} at {r['source']}:{r['line']} differs at line {d.copy_line}: "
                   f"{there!r} where this one has {here!r}")
        out.append((f[4], r["hand_id"], {
            "hand_id": r["hand_id"], "source": f[0], "line": d.first_line, "seq": -1, "rule": rule.code,
            "name": rule.name, "category": rule.category.value, "severity": rule.severity.value, "seat": None,
            "player": None, "expected": f"line {d.first_line}: {here}",
            "actual": f"{r['source']}:{d.copy_line}: {there}", "message": message, "citation": rule.citation}))
    return out


def _add_conflicts(tmp: Path, conflicts: list[Conflict], per_file: dict[int, Totals]) -> None:
    """Write the AC07 findings into their first's parts (after the hand's other findings)
    and count them in the hand's `n_findings` and the file's totals."""
    import pyarrow as pa

    from ..tables import SCHEMAS, with_metadata

    by_part: dict[str, list[Conflict]] = {}
    for c in conflicts:
        by_part.setdefault(c[0], []).append(c)
    for name, items in sorted(by_part.items()):
        hands = read_part(tmp / "hands" / name)
        findings = read_part(tmp / "findings" / name)
        order = {hid: k for k, hid in enumerate(hands["hand_id"].to_pylist())}
        rows = findings.to_pylist()
        have = {(r["hand_id"], r["rule"], r["message"]) for r in rows}
        added = [c[2] for c in items if (c[1], "AC07", c[2]["message"]) not in have]
        if not added:
            continue
        rows = sorted(rows + added, key=lambda r: order.get(r["hand_id"], len(order)))  # stable: last of its hand
        extra: dict[str, int] = {}
        for r in added:
            extra[r["hand_id"]] = extra.get(r["hand_id"], 0) + 1
        n = [v + extra.get(h, 0) for h, v in zip(hands["hand_id"].to_pylist(), hands["n_findings"].to_pylist())]
        hands = hands.set_column(hands.schema.get_field_index("n_findings"), "n_findings", pa.array(n, pa.int64()))
        write_atomic(with_metadata(hands.replace_schema_metadata(None), "hands"), tmp / "hands" / name)
        table = pa.Table.from_pylist(rows, schema=SCHEMAS["findings"])
        write_atomic(with_metadata(table, "findings"), tmp / "findings" / name)
        tot = per_file[int(PART.match(name).group(1))]  # type: ignore[union-attr]
        for r in added:
            tot.categories[r["category"]] += 1
            tot.severities[r["severity"]] += 1
            tot.conflicts += 1


def _strip_conflicts(tmp: Path, parts: list[str], per_file: dict[int, Totals]) -> None:
    """Reused parts (`--incremental`) carry the AC07 findings of the run that wrote them:
    they are taken out (and counted out) to be found again against this run's copies."""
    import pyarrow as pa
    import pyarrow.compute as pc

    from ..tables import with_metadata

    for name in parts:
        index = int(PART.match(name).group(1))  # type: ignore[union-attr]
        tot = per_file.get(index)
        if tot is None or not tot.reused or not tot.conflicts:
            continue
        path = tmp / "findings" / name
        if not pc.any(pc.equal(read_part(path, columns=["rule"])["rule"], "AC07")).as_py():
            continue
        findings = read_part(path)
        mine = pc.equal(findings["rule"], "AC07")
        gone = findings.filter(mine)
        less: dict[str, int] = {}
        for hid, cat, sev in zip(gone["hand_id"].to_pylist(), gone["category"].to_pylist(),
                                 gone["severity"].to_pylist()):
            less[hid] = less.get(hid, 0) + 1
            tot.categories[cat] -= 1
            tot.severities[sev] -= 1
            tot.conflicts -= 1
        hands = read_part(tmp / "hands" / name)
        n = [v - less.get(h, 0) for h, v in zip(hands["hand_id"].to_pylist(), hands["n_findings"].to_pylist())]
        hands = hands.set_column(hands.schema.get_field_index("n_findings"), "n_findings", pa.array(n, pa.int64()))
        write_atomic(with_metadata(hands.replace_schema_metadata(None), "hands"), tmp / "hands" / name)
        write_atomic(with_metadata(findings.filter(pc.invert(mine)).replace_schema_metadata(None), "findings"), path)
        for c in (tot.categories, tot.severities):
            for k in [k for k, v in c.items() if v <= 0]:
                del c[k]


