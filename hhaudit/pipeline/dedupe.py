"""Duplicate hands across units: each copy's rows are dropped from its part after every unit
is written, and recorded in the `duplicates` table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .options import Totals
from .parts import PART, write_atomic

DUPLICATES = "duplicates"
LOCAL_IDS = frozenset({"live"})
"""Sites whose hand ids are only unique within one source (a live log's `hand 1` is the
first hand of that session, not a room-wide id): a hand is a copy only if the same source
holds it twice."""


def dup_schema() -> Any:
    import pyarrow as pa

    s, i = pa.string(), pa.int64()
    return pa.schema([("site", s), ("hand_id", s), ("source", s), ("line", i),
                      ("first_source", s), ("first_line", i)])



def scope(site: str, source: str) -> str:
    """What besides its site makes a hand id unique: its source for LOCAL_IDS sites."""
    return source if site in LOCAL_IDS else ""


def scopes(t: Any) -> Any:
    """The scope of each row of a table with site and source columns, as an Arrow array."""
    import pyarrow as pa

    return pa.array([scope(site, src) for site, src in zip(t["site"].to_pylist(), t["source"].to_pylist())],
                    pa.string())


def dedupe(tmp: Path, per_file: dict[int, Totals], names: dict[int, str]) -> None:
    """Drop the rows of hands already in an earlier part; record them in `duplicates`."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from ..tables import TABLES, with_metadata

    parts = sorted(p.name for p in (tmp / "hands").glob("part-*.parquet") if PART.match(p.name))
    if not parts:
        return
    keys = []
    for k, name in enumerate(parts):
        t = pq.read_table(tmp / "hands" / name, columns=["site", "hand_id", "source"])
        n = len(t)
        keys.append(pa.table({"site": t["site"], "hand_id": t["hand_id"], "scope": scopes(t),
                              "part": pa.array([k] * n, pa.int32()), "row": pa.array(range(n), pa.int64())}))
    allkeys = pa.concat_tables(keys).combine_chunks()
    del keys
    allkeys = allkeys.append_column("ord", pa.array(range(len(allkeys)), pa.int64()))
    allkeys = allkeys.filter(pc.invert(pc.is_null(allkeys["hand_id"])))
    allkeys = allkeys.filter(pc.not_equal(allkeys["hand_id"], ""))
    groups = allkeys.group_by(["site", "hand_id", "scope"], use_threads=False).aggregate([("ord", "min"), ("ord", "count")])
    multi = groups.filter(pc.greater(groups["ord_count"], 1))
    # first places of every key named in a unit's duplicates (their first may be in an earlier part)
    dup_files = sorted((tmp / DUPLICATES).glob("part-*.parquet"))
    old_dups = {p.name: pq.read_table(p) for p in dup_files}
    wanted = multi.select(["site", "hand_id", "scope", "ord_min"])
    if old_dups:
        named = pa.concat_tables([pa.table({"site": d["site"], "hand_id": d["hand_id"], "scope": scopes(d)})
                                  for d in old_dups.values()])
        extra = groups.join(named.group_by(["site", "hand_id", "scope"]).aggregate([]), ["site", "hand_id", "scope"],
                            join_type="inner").select(["site", "hand_id", "scope", "ord_min"])
        wanted = pa.concat_tables([wanted, extra])
    if len(wanted) == 0:
        return
    # where each wanted key first is: (source, line) from its part
    firsts = allkeys.take(pc.index_in(wanted["ord_min"], allkeys["ord"]))
    first_at: dict[tuple[str, str, str], tuple[str, int]] = {}
    by_part: dict[int, list[tuple[int, str, str, str]]] = {}
    for part, row, site, hid, key_scope in zip(firsts["part"].to_pylist(), firsts["row"].to_pylist(),
                                               firsts["site"].to_pylist(), firsts["hand_id"].to_pylist(),
                                               firsts["scope"].to_pylist()):
        by_part.setdefault(part, []).append((row, site, hid, key_scope))
    for part, items in by_part.items():
        t = pq.read_table(tmp / "hands" / parts[part], columns=["source", "line"])
        src, line = t["source"].to_pylist(), t["line"].to_pylist()
        for row, site, hid, key_scope in items:
            first_at[(site, hid, key_scope)] = (src[row], line[row])
    # copies: rows of duplicated keys that are not the first
    copies: dict[int, set[str]] = {}
    if len(multi):
        joined = allkeys.join(multi, ["site", "hand_id", "scope"], join_type="inner")
        joined = joined.filter(pc.not_equal(joined["ord"], joined["ord_min"]))
        for part, hid in zip(joined["part"].to_pylist(), joined["hand_id"].to_pylist()):
            copies.setdefault(part, set()).add(hid)
    # rewrite the parts holding copies; collect their duplicates rows
    new_dups: dict[str, list[dict[str, Any]]] = {}
    for part, hids in sorted(copies.items()):
        name = parts[part]
        index = int(PART.match(name).group(1))  # type: ignore[union-attr]
        tot = per_file[index]
        mask_ids = pa.array(sorted(hids), pa.string())
        for t in TABLES:
            path = tmp / t / name
            table = pq.read_table(path)
            drop = pc.is_in(table["hand_id"], value_set=mask_ids)
            if t == "hands":
                gone = table.filter(drop)
                for site, hid, src, line, status in zip(gone["site"].to_pylist(), gone["hand_id"].to_pylist(),
                                                        gone["source"].to_pylist(), gone["line"].to_pylist(),
                                                        gone["status"].to_pylist()):
                    fs, fl = first_at[(site, hid, scope(site, src))]
                    new_dups.setdefault(name, []).append(
                        {"site": site, "hand_id": hid, "source": src, "line": line,
                         "first_source": fs, "first_line": fl})
                    tot.hands -= 1
                    tot.duplicates += 1
                    tot.statuses[status] -= 1
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
        for c in (tot.statuses, tot.categories, tot.severities):
            for k in [k for k, v in c.items() if v <= 0]:
                del c[k]
    # duplicates parts: each unit's own copies plus the new ones, with the first places
    schema = dup_schema()
    for name in sorted(set(old_dups) | set(new_dups)):
        rows = old_dups[name].to_pylist() if name in old_dups else []
        for r in rows:
            r["first_source"], r["first_line"] = first_at.get(
                (r["site"], r["hand_id"], scope(r["site"], r["source"])), (r["first_source"], r["first_line"]))
        rows += new_dups.get(name, [])
        rows.sort(key=lambda r: r["line"])
        table = pa.Table.from_pylist(rows, schema=schema)
        if name in old_dups and table.equals(old_dups[name]):
            continue
        write_atomic(table, tmp / DUPLICATES / name)


