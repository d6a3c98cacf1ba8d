"""Duplicate hands across units: each copy's rows are dropped from its part after every unit
is written, and recorded in the `duplicates` table. Every copy is then compared with its
first (`copies`): one that differs is kept out of the tables all the same (the hand is
audited once, as its first says it), marked in `duplicates` (`differs_at`), and reported
as an AC07 finding on its first's hand, whose part is rewritten with it.

What makes two hands copies is `hhaudit.identity`: the same site, hand id and scope key
(`hands.id_key`: where the format's ids are unique; null for an id that names nothing, a
placeholder) and the same table, time and seats (`hands.fingerprint`). Hands that share the
id and scope but not the fingerprint are different hands: all are kept, and each one after
the id's first gets an AC08 finding (the id is reused), added here as AC07's are."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .copies import Span, differences, digests, digests_in_order
from .options import Totals
from .parts import PART, read_part, release_arrow_memory, write_atomic

if TYPE_CHECKING:
    from ..reading import Source

DUPLICATES = "duplicates"
LOCAL_IDS = frozenset({"live"})
"""Sites whose hand ids are only unique within one source (a live log's `hand 1` is the
first hand of that session, not a room-wide id): their sessions' ids name the source
(`sessions.passes`). Copies follow each format's `id_scope` (`hhaudit.identity`)."""
KEY = ("site", "hand_id", "id_key", "fingerprint")
"""What a copy shares with its first (`hhaudit.identity`)."""
ID = KEY[:3]
"""What hands sharing an id share: the id and the scope it is unique in."""
Key = tuple[str, str, str, str]


def dup_schema() -> Any:
    import pyarrow as pa

    s, i = pa.string(), pa.int64()
    return pa.schema([("site", s), ("hand_id", s), ("source", s), ("line", i),
                      ("first_source", s), ("first_line", i), ("end_line", i), ("format", s), ("differs_at", i),
                      ("compared", pa.bool_()), ("id_key", s), ("fingerprint", s)])


def scope(site: str, source: str) -> str:
    """What besides its site makes a session's first hand id unique: its source for
    LOCAL_IDS sites."""
    return source if site in LOCAL_IDS else ""


class _First:
    """Where a key's first hand is: source, line, end line, format, part name and row."""

    __slots__ = ("end", "format", "line", "part", "row", "source")

    def __init__(self, source: str, line: int, end: int, format: str, part: str, row: int) -> None:
        self.source, self.line, self.end, self.format, self.part, self.row = source, line, end, format, part, row


def dedupe(tmp: Path, per_file: dict[int, Totals], names: dict[int, str],
           sources: Sequence[Source] | None = None) -> None:
    """Drop the rows of hands already in an earlier part; record them in `duplicates`;
    compare every copy with its first (read again from `sources`, by name); mark the hands
    whose id another hand has (AC08)."""
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
        named = pa.concat_tables([pa.table({c: pc.fill_null(d[c], "") for c in KEY})
                                  for d in old_dups.values()]).group_by(list(KEY)).aggregate([])
    firsts_found: list[Any] = []
    found = _Found()
    for bucket in _buckets(tmp, parts):
        firsts_found.extend(_places(bucket, named, found))
        del bucket
        release_arrow_memory()
    copies = {part: set(rows) for part, rows in found.copies.items()}
    first_at: dict[Key, list[_First]] = {}
    """Per key, its hands' firsts (one per start time, `identity.same_time`), in dataset order."""
    by_ord: dict[int, _First] = {}
    if firsts_found:
        firsts = pa.concat_tables(firsts_found).sort_by("ord")
        by_part: dict[int, list[tuple[int, int, Key]]] = {}
        for part, row, o, *values in zip(*(firsts[c].to_pylist() for c in ("part", "row", "ord", *KEY))):
            by_part.setdefault(part, []).append((row, o, (values[0], values[1], values[2], values[3])))
        for part, items in by_part.items():
            t = read_part(tmp / "hands" / parts[part], columns=["source", "line", "end_line", "format"])
            src, line, end, fmt = (t[c].to_pylist() for c in ("source", "line", "end_line", "format"))
            for row, o, first_key in items:
                by_ord[o] = _First(src[row], line[row], end[row] or 0, fmt[row], parts[part], row)
        for o, *values in zip(*(firsts[c].to_pylist() for c in ("ord", *KEY))):
            first_at.setdefault((values[0], values[1], values[2], values[3]), []).append(by_ord[o])
    new_first: dict[str, dict[int, _First]] = {}
    """Each copy found here (its source and line): its first."""

    def first_of(source: str, line: int, key: Key, named: tuple[str, int]) -> _First | None:
        f = new_first.get(source, {}).get(line)
        if f is not None:
            return f
        candidates = first_at.get(key, [])
        for c in candidates:  # a unit's own copy names its first's place
            if (c.source, c.line) == named:
                return c
        return candidates[0] if candidates else None
    # rewrite the parts holding copies; collect their duplicates rows
    new_dups: dict[str, _Rows] = {}
    schema = dup_schema()
    for part, rows_gone in sorted(copies.items()):
        name = parts[part]
        index = int(PART.match(name).group(1))  # type: ignore[union-attr]
        tot = per_file[index]
        hands = read_part(tmp / "hands" / name)
        drop_rows = pa.array([k in rows_gone for k in range(len(hands))], pa.bool_())
        gone = hands.filter(drop_rows)
        kept_pairs = set(zip(*(hands.filter(pc.invert(drop_rows))[c].to_pylist() for c in ("hand_id", "source"))))
        gone_pairs = set(zip(gone["hand_id"].to_pylist(), gone["source"].to_pylist())) - kept_pairs
        firsts = [by_ord[found.copies[part][k]] for k in sorted(rows_gone)]
        for src, line, f in zip(gone["source"].to_pylist(), gone["line"].to_pylist(), firsts):
            new_first.setdefault(src, {})[line] = f  # by source, then line: a (source, line) key a copy is 200 bytes
        n = len(gone)
        new_dups[name] = _Rows(pa.table({
            "site": gone["site"], "hand_id": gone["hand_id"], "source": gone["source"], "line": gone["line"],
            "first_source": pa.array([f.source for f in firsts], pa.string()),
            "first_line": pa.array([f.line for f in firsts], pa.int64()),
            "end_line": pc.fill_null(gone["end_line"], 0), "format": gone["format"],
            "differs_at": pa.nulls(n, pa.int64()), "compared": pa.nulls(n, pa.bool_()),
            "id_key": gone["id_key"], "fingerprint": gone["fingerprint"]}).cast(schema), firsts)
        tot.hands -= n
        tot.duplicates += n
        tot.statuses.subtract(gone["status"].to_pylist())
        if "not_judged" in gone.column_names:
            for reasons in gone["not_judged"].to_pylist():
                tot.not_judged.subtract(reasons or ())
        for t in TABLES:
            path = tmp / t / name
            table = hands if t == "hands" else read_part(path)
            if t == "hands":
                drop = drop_rows
            else:
                # a copy's other rows: by its hand id and source (a pair a kept hand of the
                # part also has keeps its rows: the tables cannot tell the two hands apart)
                pairs = [f"{h}\x1f{s}" for h, s in sorted(gone_pairs)]
                joined = pc.binary_join_element_wise(table["hand_id"], table["source"], "\x1f")
                drop = pc.fill_null(pc.is_in(joined, value_set=pa.array(pairs, pa.string())), False)
            gone = table.filter(drop)
            if t == "findings":
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
    all_rows: dict[str, _Rows] = {}
    for name in sorted(set(old_dups) | set(new_dups)):
        pieces = [_renamed(old_dups[name], first_of)] if name in old_dups else []
        if name in new_dups:
            pieces.append(new_dups.pop(name))
        all_rows[name] = _Rows.joined(pieces)  # sorted: an archive's part holds several members
    conflicts = _compare(all_rows, sources or [])
    for name, rows in all_rows.items():
        table = rows.table
        if name in old_dups and table.equals(old_dups[name]):
            continue
        write_atomic(table, tmp / DUPLICATES / name)
    del all_rows
    reuses: dict[str, list[tuple[int, int, str, str, int]]] = {}
    for item in found.shared:  # each part's AC08 findings are made as the part is rewritten
        reuses.setdefault(parts[item[0]], []).append(item)
    del found
    _add_conflicts(tmp, conflicts, per_file, copies, parts, reuses)


def _reuses(shared: list[tuple[int, int, str, str, int]], parts: list[str],
            copies: dict[int, set[int]]) -> list[Conflict]:
    """The AC08 findings of the hands whose id an earlier, different hand has (`shared`:
    hands of one part, or of many), made a part at a time (an id of 200,000 different hands
    would hold 200,000 findings rows at once)."""
    from ..engine.rules import RULES

    rule = RULES["AC08"]
    out: list[Conflict] = []
    for part, row, hid, first_source, first_line in shared:
        if row in copies.get(part, ()):
            continue
        message = (f"hand id {hid} is also the id of another hand, at {first_source}:{first_line} "
                   f"(another table, time or seats): both are audited")
        out.append((parts[part], row, {
            "hand_id": hid, "source": None, "line": None, "seq": -1, "rule": rule.code, "name": rule.name,
            "category": rule.category.value, "severity": rule.severity.value, "seat": None, "player": None,
            "expected": "a hand id of its own", "actual": f"the id of the hand at {first_source}:{first_line}",
            "message": message, "citation": rule.citation}))
    return out


BUCKET_ROWS = 100_000
"""Hands' keys the duplicate check holds at once (a few megabytes). A dataset of more hands
has its keys spread over buckets on disk by a hash of the hand id (a hand and its copies
share a bucket), and each bucket is checked alone: memory stays that of one bucket whatever
the input. The buckets are as few as hold at most BUCKET_ROWS each (on average), so they
are as large at 1,000,000 hands (10 of 100,000) as the one table at 100,000: one more
bucket than that (`total // BUCKET_ROWS + 1`) made them 50,000 keys at 100,000 hands and
91,000 at 1,000,000, memory growing with the input again."""
_KEYS = ".keys"


UNREAD = 1 << 40
"""Added to a hand's `ord` for its `rank` when it did not read whole (a parse error): of a
hand's copies, the first is the first that reads whole, else the first (`_places`)."""


def _part_keys(tmp: Path, parts: list[str]) -> Iterator[Any]:
    """Each part's keys: site, hand_id, id_key, fingerprint, part, row, ord (the row's
    place in the dataset), rank (ord, plus UNREAD for a parse error), source and line,
    without the hands whose id names nothing (no id, or a null `id_key`: a placeholder)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    start = 0
    for k, name in enumerate(parts):
        t = read_part(tmp / "hands" / name, columns=[*KEY, "source", "line", "started_at", "status"])
        n = len(t)
        order = pa.array(range(start, start + n), pa.int64())
        unread = pc.cast(pc.fill_null(pc.equal(t["status"], "parse_error"), False), pa.int64())
        keys = pa.table({"site": pc.fill_null(t["site"], ""), "hand_id": t["hand_id"], "id_key": t["id_key"],
                         "fingerprint": pc.fill_null(t["fingerprint"], ""),
                         "part": pa.array([k] * n, pa.int32()), "row": pa.array(range(n), pa.int64()),
                         "ord": order, "rank": pc.add(order, pc.multiply(unread, UNREAD)),
                         "source": t["source"], "line": t["line"], "started_at": t["started_at"]})
        start += n
        ok = pc.and_kleene(pc.and_kleene(pc.invert(pc.is_null(keys["hand_id"])), pc.not_equal(keys["hand_id"], "")),
                           pc.is_valid(keys["id_key"]))
        yield keys.filter(ok)


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


class _Found:
    """What the buckets' keys show: the copies and the hands sharing an id."""

    def __init__(self) -> None:
        self.copies: dict[int, dict[int, int]] = {}
        """Per part: each copy's row, and its first's `ord`."""
        self.shared: list[tuple[int, int, str, str, int]] = []
        """Hands whose id an earlier, different hand has: (part, row, hand id, the first's
        source and line)."""


def _places(keys: Any, named: Any, found: _Found) -> list[Any]:
    """In one bucket of keys: record in `found` the copies (a key's hands whose time can be
    an earlier one's, `identity.same_time`) and the hands sharing an id with an earlier,
    different hand (another fingerprint or time); return the first places (part, row, ord
    and KEY) of the keys held more than once or named in a unit's duplicates (`named`)."""
    import itertools

    import pyarrow as pa
    import pyarrow.compute as pc

    from ..identity import same_time

    on = list(KEY)
    groups = keys.group_by(on, use_threads=False).aggregate([("rank", "min"), ("ord", "count")])
    # a key's first: its first hand that reads whole, else its first hand
    groups = groups.append_column("ord_min", pc.bit_wise_and(groups["rank_min"], UNREAD - 1))
    multi = groups.filter(pc.greater(groups["ord_count"], 1))
    wanted: set[int] = set()
    if named is not None:
        wanted.update(groups.join(named, on, join_type="inner")["ord_min"].to_pylist())
    starts: dict[tuple[str, str, str], set[int]] = {}
    """Per id (ID), the first hand of each of its fingerprints and times (a set: an id of
    many hands, 200,000 differing copies of one id, is looked up once a hand, not scanned)."""
    ids = groups.group_by(list(ID), use_threads=False).aggregate([("ord_min", "count")])
    several = ids.filter(pc.greater(ids["ord_min_count"], 1)).select(list(ID))
    if len(several):
        lone = groups.join(several, list(ID), join_type="inner")
        for site, hid, scope_, o in zip(*(lone[c].to_pylist() for c in (*ID, "ord_min"))):
            starts.setdefault((site, hid, scope_), set()).add(o)
    if len(multi):
        joined = keys.join(multi.select(on), on, join_type="inner").sort_by([(c, "ascending") for c in on]
                                                                             + [("rank", "ascending")])
        rows = zip(*(joined[c].to_pylist() for c in (*on, "ord", "part", "row", "started_at")))
        for key, items in itertools.groupby(rows, key=lambda r: r[:4]):
            times: list[list[Any]] = []  # per start time: [the time, its first's ord]
            for *_, o, part, row, when in items:
                for c in times:
                    if same_time(c[0], when):
                        c[0] = c[0] or when
                        found.copies.setdefault(part, {})[row] = c[1]
                        break
                else:
                    times.append([when, o])
                    wanted.add(o)
            if len(times) > 1:
                starts.setdefault(key[:3], set()).update(c[1] for c in times)
    ordered = [sorted(os_) for os_ in starts.values()]
    del starts
    for os_ in ordered:
        wanted.update(os_)
    if not wanted:
        return []
    at = keys.take(pc.index_in(pa.array(sorted(wanted), pa.int64()), keys["ord"]))
    place = {o: (p, r, h, s, ln) for o, p, r, h, s, ln in zip(*(at[c].to_pylist() for c in (
        "ord", "part", "row", "hand_id", "source", "line")))}
    for os_ in ordered:
        first = place[os_[0]]
        for o in os_[1:]:
            part, row, hid = place[o][:3]
            found.shared.append((part, row, hid, first[3], first[4]))
    return [at.select(["part", "row", "ord", *on])]


Conflict = tuple[str, int, dict[str, Any]]
"""(the part of the hand it is on, the hand's row there before copies are dropped, the
findings row to add)."""


class _Rows:
    """One part's duplicates rows (`dup_schema`) and each row's first (None where no hand of
    the dataset is its first any longer). Held as columns: 200,000 copies of one hand are
    200,000 rows, as dicts a kilobyte each."""

    __slots__ = ("firsts", "table")

    def __init__(self, table: Any, firsts: list[_First | None]) -> None:
        self.table, self.firsts = table, firsts

    @staticmethod
    def joined(pieces: list[_Rows]) -> _Rows:
        """The pieces' rows in one, in source and line order."""
        import pyarrow as pa
        import pyarrow.compute as pc

        table = pa.concat_tables([p.table for p in pieces])
        firsts = [f for p in pieces for f in p.firsts]
        order = pc.sort_indices(table, [("source", "ascending"), ("line", "ascending")])
        return _Rows(table.take(order), [firsts[k] for k in order.to_pylist()])


def _renamed(table: Any, first_of: Callable[[str, int, Key, tuple[str, int]], _First | None]) -> _Rows:
    """A unit's duplicates rows with their firsts' places as the whole dataset has them."""
    import pyarrow as pa

    cols = [table[c].to_pylist() for c in ("source", "line", "site", "hand_id", "id_key", "fingerprint",
                                             "first_source", "first_line")]
    firsts = [first_of(src, line, (site, hid, key or "", fp or ""), (fs, fl))
              for src, line, site, hid, key, fp, fs, fl in zip(*cols)]
    fs = [f.source if f is not None else old for f, old in zip(firsts, cols[6])]
    fl = [f.line if f is not None else old for f, old in zip(firsts, cols[7])]
    del cols
    table = table.set_column(table.schema.get_field_index("first_source"), "first_source", pa.array(fs, pa.string()))
    table = table.set_column(table.schema.get_field_index("first_line"), "first_line", pa.array(fl, pa.int64()))
    return _Rows(table, firsts)


class _Pairs:
    """The copies to compare with their firsts, as columns of integers (200,000 copies of one
    hand are 200,000 pairs: as tuples, with their spans and digests, they held 100 megabytes).
    Pair k is row `row[k]` of part `names[name[k]]`, its source `sources[source[k]]` from
    `line[k]` to `end[k]`, and its first `firsts[first[k]]`."""

    def __init__(self) -> None:
        from array import array

        self.names: list[str] = []
        self.sources: list[str] = []
        self.firsts: list[_First] = []
        self._source_at: dict[str, int] = {}
        self._first_at: dict[int, int] = {}
        self.name, self.row, self.source, self.line, self.end, self.first = (
            array("q") for _ in range(6))

    def __len__(self) -> int:
        return len(self.row)

    def add(self, name: int, row: int, first: _First, source: str, line: int, end: int) -> None:
        f = self._first_at.get(id(first))
        if f is None:
            f = self._first_at[id(first)] = len(self.firsts)
            self.firsts.append(first)
        src = self._source_at.get(source)
        if src is None:
            src = self._source_at[source] = len(self.sources)
            self.sources.append(source)
        for column, value in zip((self.name, self.row, self.source, self.line, self.end, self.first),
                                 (name, row, src, line, end, f)):
            column.append(value)

    def differing(self, by_name: Mapping[str, Source]) -> list[int]:
        """The pairs whose copy's text is not its first's (by digest), in pair order. The
        copies' digests are made as each source is read, never held."""
        wanted: dict[str, set[Span]] = {}
        for f in self.firsts:
            wanted.setdefault(f.source, set()).add((f.line, f.end))
        sums = {src: digests(by_name[src], spans) for src, spans in sorted(wanted.items())}
        first_sum = [sums[f.source].get((f.line, f.end)) for f in self.firsts]
        del sums, wanted
        of_source: list[list[int]] = [[] for _ in self.sources]
        for k, src in enumerate(self.source):
            of_source[src].append(k)
        out: list[int] = []
        for src, name in enumerate(self.sources):
            order = sorted(of_source[src], key=lambda k: (self.line[k], self.end[k]))
            of_source[src] = []
            read = bytearray(len(order))
            for i, digest in digests_in_order(by_name[name], _SpanView(order, self.line, self.end)):
                read[i] = 1
                if digest != first_sum[self.first[order[i]]]:
                    out.append(order[i])
            # a span past the end of the file: no text, a difference unless its first has none either
            out.extend(k for i, k in enumerate(order) if not read[i] and first_sum[self.first[k]] is not None)
        return sorted(out)


class _SpanView(Sequence[Span]):
    """The spans of some pairs, in the order given, made as they are asked for."""

    def __init__(self, order: list[int], line: Sequence[int], end: Sequence[int]) -> None:
        self.order, self.line, self.end = order, line, end

    def __len__(self) -> int:
        return len(self.order)

    def __getitem__(self, i: int) -> Span:  # type: ignore[override]
        k = self.order[i]
        return self.line[k], self.end[k]


def _compare(all_rows: dict[str, _Rows], sources: Sequence[Source]) -> list[Conflict]:
    """Compare each copy with its first (sets `end_line`, `differs_at` and `compared` in its
    part's rows); the findings the copies that differ give."""
    import pyarrow as pa
    import pyarrow.compute as pc

    from ..engine.rules import RULES

    by_name = {s.name: s for s in sources}
    pairs = _Pairs()
    for n, (name, rows) in enumerate(all_rows.items()):
        pairs.names.append(name)
        t = rows.table
        ends = pc.fill_null(t["end_line"], 0)
        compared = []
        for k, (src, line, end, fmt, first) in enumerate(zip(t["source"].to_pylist(), t["line"].to_pylist(),
                                                              ends.to_pylist(), t["format"].to_pylist(), rows.firsts)):
            ok = (first is not None and first.format == fmt and first.end >= first.line
                  and end >= line and first.source in by_name and src in by_name)
            compared.append(bool(ok))
            if ok:
                assert first is not None
                pairs.add(n, k, first, src, line, end)
        t = t.set_column(t.schema.get_field_index("end_line"), "end_line", ends)
        t = t.set_column(t.schema.get_field_index("differs_at"), "differs_at", pa.nulls(len(t), pa.int64()))
        rows.table = t.set_column(t.schema.get_field_index("compared"), "compared", pa.array(compared, pa.bool_()))
        del compared
    if not len(pairs):
        return []
    differ = pairs.differing(by_name)
    if not differ:
        return []
    rule = RULES["AC07"]
    out: list[Conflict] = []
    differs_at: dict[str, dict[int, int]] = {}
    firsts = [pairs.firsts[pairs.first[k]] for k in differ]
    found = differences(by_name, [(f.source, (f.line, f.end), pairs.sources[pairs.source[k]],
                                   (pairs.line[k], pairs.end[k])) for f, k in zip(firsts, differ)])
    for i, d in sorted(found, key=lambda item: item[0]):
        if d is None:
            continue
        k, f = differ[i], firsts[i]
        name, row, src, line = pairs.names[pairs.name[k]], pairs.row[k], pairs.sources[pairs.source[k]], pairs.line[k]
        hid = all_rows[name].table["hand_id"][row].as_py()
        differs_at.setdefault(name, {})[row] = d.copy_line
        here = d.first_text or "(end of the hand)"
        there = d.copy_text or "(end of the hand)"
        message = (f"copy of hand {hid} at {src}:{line} differs at line {d.copy_line}: "
                   f"{there!r} where this one has {here!r}")
        out.append((f.part, f.row, {
            "hand_id": hid, "source": f.source, "line": d.first_line, "seq": -1, "rule": rule.code,
            "name": rule.name, "category": rule.category.value, "severity": rule.severity.value, "seat": None,
            "player": None, "expected": f"line {d.first_line}: {here}",
            "actual": f"{src}:{d.copy_line}: {there}", "message": message, "citation": rule.citation}))
    for name, at in differs_at.items():
        t = all_rows[name].table
        values = [at.get(k) for k in range(len(t))]
        all_rows[name].table = t.set_column(t.schema.get_field_index("differs_at"), "differs_at",
                                            pa.array(values, pa.int64()))
    return out


OURS = ("AC07", "AC08")
"""The findings the copy check adds (and takes out of reused parts, to find them again)."""


def _own_findings(hands: Any) -> list[int]:
    """Each hand row's own findings (its `n_findings` less the session findings a reused
    part still counts)."""
    import pyarrow.compute as pc

    n = pc.fill_null(hands["n_findings"], 0)
    if "n_session_findings" in hands.column_names:
        n = pc.subtract(n, pc.fill_null(hands["n_session_findings"], 0))
    return [int(x) for x in n.to_pylist()]


def _add_conflicts(tmp: Path, conflicts: list[Conflict], per_file: dict[int, Totals],
                   copies: dict[int, set[int]], parts: list[str],
                   reuses: dict[str, list[tuple[int, int, str, str, int]]] | None = None) -> None:
    """Write the AC07 and AC08 findings into their hands' parts (after each hand's other
    findings) and count them in the hand's `n_findings` and the file's totals; `reuses`,
    per part, the hands whose AC08 findings `_reuses` makes there (after the AC07s)."""
    import pyarrow as pa

    from ..tables import SCHEMAS, with_metadata

    by_part: dict[str, list[Conflict]] = {}
    for c in conflicts:
        by_part.setdefault(c[0], []).append(c)
    reuses = reuses or {}
    index_of = {name: k for k, name in enumerate(parts)}
    for name in sorted(set(by_part) | set(reuses)):
        items = by_part.pop(name, [])
        items += _reuses(reuses.pop(name, []), parts, copies)
        hands = read_part(tmp / "hands" / name)
        findings = read_part(tmp / "findings" / name)
        gone = sorted(copies.get(index_of[name], ()))
        rows = findings.to_pylist()
        # each finding's hand row, from the hands' own counts (the findings are in hand order)
        own = _own_findings(hands)
        hand_of = [k for k, n in enumerate(own) for _ in range(n)]
        if len(hand_of) != len(rows):  # not in step: place them by hand id
            first = {h: k for k, h in reversed(list(enumerate(hands["hand_id"].to_pylist())))}
            hand_of = [first.get(r["hand_id"], len(own)) for r in rows]
        have = {(r["hand_id"], r["rule"], r["message"]) for r in rows}
        src, line = hands["source"].to_pylist(), hands["line"].to_pylist()
        # the hand's context, as every finding carries it (the session id: the session pass)
        context = {col: hands[col].to_pylist() for col in ("site", "table_name", "started_at")
                   if col in hands.column_names}
        added: list[tuple[int, dict[str, Any]]] = []
        for _, row, finding in items:
            at = row - _before(gone, row)  # its row once the part's copies are dropped
            if finding["source"] is None:
                finding["source"], finding["line"] = src[at], line[at]
            for col, values in context.items():
                finding.setdefault(col, values[at])
            if (finding["hand_id"], finding["rule"], finding["message"]) not in have:
                added.append((at, finding))
        if not added:
            continue
        keyed = [((h, 0, k), r) for k, (h, r) in enumerate(zip(hand_of, rows))]
        keyed += [((at, 1, k), r) for k, (at, r) in enumerate(added)]
        rows = [r for _, r in sorted(keyed, key=lambda x: x[0])]
        extra: dict[int, int] = {}
        for at, _ in added:
            extra[at] = extra.get(at, 0) + 1
        n = [v + extra.get(k, 0) for k, v in enumerate(hands["n_findings"].to_pylist())]
        hands = hands.set_column(hands.schema.get_field_index("n_findings"), "n_findings", pa.array(n, pa.int64()))
        write_atomic(with_metadata(hands.replace_schema_metadata(None), "hands"), tmp / "hands" / name)
        table = pa.Table.from_pylist(rows, schema=SCHEMAS["findings"])
        write_atomic(with_metadata(table, "findings"), tmp / "findings" / name)
        tot = per_file[int(PART.match(name).group(1))]  # type: ignore[union-attr]
        for _, r in added:
            tot.categories[r["category"]] += 1
            tot.severities[r["severity"]] += 1
            if r["rule"] == "AC07":
                tot.conflicts += 1
            else:
                tot.shared_ids += 1


def _before(sorted_rows: list[int], row: int) -> int:
    """How many of `sorted_rows` come before `row`."""
    import bisect

    return bisect.bisect_left(sorted_rows, row)


def _strip_conflicts(tmp: Path, parts: list[str], per_file: dict[int, Totals]) -> None:
    """Reused parts (`--incremental`) carry the AC07 and AC08 findings of the run that wrote
    them: they are taken out (and counted out) to be found again against this run's hands."""
    import pyarrow as pa
    import pyarrow.compute as pc

    from ..tables import with_metadata

    value_set = pa.array(OURS, pa.string())
    for name in parts:
        index = int(PART.match(name).group(1))  # type: ignore[union-attr]
        tot = per_file.get(index)
        if tot is None or not tot.reused or not (tot.conflicts or tot.shared_ids):
            continue
        path = tmp / "findings" / name
        if not pc.any(pc.is_in(read_part(path, columns=["rule"])["rule"], value_set=value_set)).as_py():
            continue
        findings = read_part(path)
        hands = read_part(tmp / "hands" / name)
        own = _own_findings(hands)
        hand_of = [k for k, n in enumerate(own) for _ in range(n)]
        mine = pc.is_in(findings["rule"], value_set=value_set)
        less: dict[int, int] = {}
        first = {h: k for k, h in reversed(list(enumerate(hands["hand_id"].to_pylist())))}
        for k, (hid, cat, sev, code, is_mine) in enumerate(zip(
                *(findings[c].to_pylist() for c in ("hand_id", "category", "severity", "rule")), mine.to_pylist())):
            if not is_mine:
                continue
            at = hand_of[k] if len(hand_of) == len(findings) else first.get(hid, -1)
            less[at] = less.get(at, 0) + 1
            tot.categories[cat] -= 1
            tot.severities[sev] -= 1
            if code == "AC07":
                tot.conflicts -= 1
            else:
                tot.shared_ids -= 1
        n = [v - less.get(k, 0) for k, v in enumerate(hands["n_findings"].to_pylist())]
        hands = hands.set_column(hands.schema.get_field_index("n_findings"), "n_findings", pa.array(n, pa.int64()))
        write_atomic(with_metadata(hands.replace_schema_metadata(None), "hands"), tmp / "hands" / name)
        write_atomic(with_metadata(findings.filter(pc.invert(mine)).replace_schema_metadata(None), "findings"), path)
        for c in (tot.categories, tot.severities):
            for empty in [k for k, v in c.items() if v <= 0]:
                del c[empty]
