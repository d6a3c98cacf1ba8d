"""The session pass: after every unit is written (and duplicates removed), gather each
table's hands, cut them into table sessions, judge each, and write the results.

Most tables' hands are all in one part (a site's file of one table, or one unit of a large
file): the unit that wrote the part judged those sessions already, from the tables it held,
with the code the pass would run (`judge_unit`, calling `_judge_bucket`), and handed them
over with the part's inputs (`handoff`). The pass reads every part's table keys
(`_open_hands`), takes what the units judged of the tables no other part holds
(`_take_judged`), and judges itself the rest: the tables whose hands more than one part
holds (a table over two units of a file, or over two files), the live tables (SE07 compares
them with each other) and every table of a part its unit judged nothing of (reused by
`--incremental`, or changed by `dedupe`). Either way a table's sessions are judged from the
same hands in the same order by the same code, so the result is the same whatever `--jobs`,
the order of the paths, the units or which files were audited again
(`tests/test_sessions_handoff.py` compares a run with a pass that judges everything).

Memory is bounded whatever the input: the needed columns of the hands the pass judges, their
seats and posts, are read a part at a time (the unit's inputs, or the part's Parquet columns)
and written into buckets on disk by ranges of the hands' table key (`BUCKET_HANDS` hands a
bucket; every hand of a table in one bucket, the buckets in key order), a table of more hands
than a bucket cut further by time (`_time_splits`: its buckets one after another, the session
a bucket ends in carried over to the next, `_Carry`, and the table's rhythm taken from all of
them, `_rhythms`); each bucket is then read back alone, sorted into session order with
pyarrow, turned into Python objects a window of hands at a time (`_Lazy`), judged and
dropped: memory is bounded by a bucket and the longest session, not by a table. Each hand's session id, place and session findings
go to disk again (`_Results`), by the hand's row, and are read back in row order to write the
hands parts. The live sessions are written last, once a player seated at two tables of one
room at once is known (SE07): what is kept of them until then is their rows and their
players' runs, not their hands.

Writes:
- `sessions/part-sessions-00000.parquet`: one row per session (those the units judged, in the
  order of their parts, then the pass's own in table order, the live ones last);
- `findings/part-sessions-00000.parquet`: the session findings (hand-level rows, `seq` -1),
  in the order of their sessions;
- every `hands` part again, with `session_id`, `session_seq`, `n_session_findings` and
  `n_findings` (the hand's own findings plus its session findings) filled in.

The names `part-sessions-*` do not match the units' `part-<file>-<unit>` pattern, so
`--incremental` never reuses them: every run writes every session again.
"""

from __future__ import annotations

import gc
import hashlib
import itertools
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from ..pipeline.bulk import paused_gc
from ..pipeline.dedupe import scope
from ..pipeline.options import LIVE_FORMATS, Options, Totals
from ..pipeline.parts import PART, PartWriter, read_part, release_arrow_memory, write_atomic
from ..profiles import Profile, get_profile
from . import handoff
from . import screen as screening
from .handoff import flat as _flat
from .judge import (
    ADD_ACTIONS,
    REMOVE_ACTIONS,
    Found,
    HandView,
    Judged,
    Run,
    Screen,
    SessionJudge,
    attach_posts,
    fill_seats,
    hand_views,
    hidden,
    overlapping,
    player_runs,
)
from .rules import SESSION_RULES, SeatedTwice

IN_UNITS = True
"""Whether each unit hands the pass its part's inputs and sessions (`judge_unit`); the tests
turn it off to compare with a pass that reads and judges everything."""
SESSIONS_PART = "part-sessions-00000.parquet"
"""The one part of `sessions`, and of the session findings in `findings`, a run writes."""
ROWS_PER_GROUP = 10_000
"""Rows of a row group of the sessions and session-findings parts (the rows wait in memory
until their group is written, so this bounds them)."""
BUCKET_HANDS = 10_000
"""Hands judged at a time: the dataset's session columns are partitioned into buckets of
about this many hands, each judged alone. The largest bucket sets the pass's peak, and the
more buckets a run has, the likelier one of them holds the densest tables (most seats and
posts a hand): the pass alone on 100,000 and 300,000 hands peaked at 273 and 297 MB with
buckets of 20,000, 235 and 250 MB with buckets of 10,000, in slightly less CPU time (4.1
and 12.2 s against 4.3 and 14.2: the sorts and lookups of a smaller bucket stay in cache)."""
IN_MEMORY_BUCKETS = 2
"""A dataset of at most this many buckets' hands is partitioned in memory, not on disk: its
tables, and the hands parts `_rewrite` writes again, are no larger than one bucket of 20,000
hands was."""
MAX_BUCKETS = 200
"""At most this many buckets (each keeps three files open while the dataset is partitioned):
above MAX_BUCKETS * BUCKET_HANDS hands the buckets grow."""
_SPILL = ".sessions"
_SAMPLE = 1_024
"""Keys sampled per bucket to place the buckets' bounds. The largest bucket sets the pass's
peak memory, and the more buckets, the further the largest strays from BUCKET_HANDS when the
sample is thin: with 32 keys a bucket (each sampled key standing for some 600 hands of
tables of every size) the largest of 50 buckets (1,000,000 hands) held markedly more hands
than the largest of 5 (100,000), so memory grew with the input. 1,024 keep every bucket
within a few percent of BUCKET_HANDS; the sample (an Arrow array, 50,000 keys at 1,000,000
hands, at most MAX_BUCKETS * _SAMPLE) is dropped before any bucket is judged."""
_KEY_COLUMNS = ["site", "kind", "tournament_id", "table_name", "source", "format", "started_at"]


def session_pass(tmp: Path, options: Options) -> Totals:
    """Judge every session of the dataset in `tmp` (the run's temporary folder)."""
    with paused_gc():
        return _session_pass(tmp, options)


def _session_pass(tmp: Path, options: Options) -> Totals:
    import shutil

    import pyarrow.parquet as pq

    from ..tables import SESSIONS

    totals = Totals()
    (tmp / SESSIONS).mkdir(exist_ok=True)
    parts = sorted(p.name for p in (tmp / "hands").glob("part-*.parquet") if PART.match(p.name))
    bounds = [0]
    for name in parts:
        bounds.append(bounds[-1] + pq.read_metadata(tmp / "hands" / name).num_rows)
    n = bounds[-1]
    folder = tmp / _SPILL
    folder.mkdir()
    writer = _Writer(tmp)
    try:
        judged, open_ = _open_hands(tmp, parts, bounds)
        n_open = sum(int(o.sum()) for o in open_)
        buckets = min(MAX_BUCKETS, max(1, -(-n_open // BUCKET_HANDS)))
        spill = _Spill(folder, in_memory=n_open <= IN_MEMORY_BUCKETS * BUCKET_HANDS)
        splits: list[tuple[str, int]] = []
        times: dict[str, list[int]] = {}
        if buckets > 1:
            sample, whens = _sample(tmp, parts, bounds, open_, buckets)
            times = _time_splits(sample, whens, buckets)
            splits = _composite(_key_splits(sample, buckets), times)
            del sample, whens
            buckets = len(splits) + 1
        _partition(tmp, parts, bounds, open_, splits, spill)
        release_arrow_memory()
        results = _Results(folder, max(BUCKET_HANDS, -(-n // MAX_BUCKETS)), n)
        _take_judged(tmp, parts, bounds, judged, open_, writer, results, totals)
        del open_
        live = _Live()
        judges = _Judges(options)
        carry = _Carry(set(times), _rhythms(spill, buckets, set(times), judges)) if times else None
        for b in range(buckets):
            if carry is not None:
                carry.last = b + 1 == buckets
            _judge_bucket(spill.read("hands", b), spill.read("seats", b), spill.read("posts", b), judges,
                          writer, results, live, totals, carry)
            # garbage collection is paused; a cycle a bucket made (none is known) is freed
            # here, once its views are gone, by collecting what the bucket left (after the
            # last bucket, the collector does once the pass is over)
            if b + 1 < buckets:
                gc.collect(0)
            release_arrow_memory()
        extra = live.close(writer, judges.enabled_live, totals)
        writer.close()
        results.close()
        _rewrite(tmp, parts, bounds, results, extra, spill.hands_parts)
    finally:
        writer.abort()
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(tmp / handoff.HANDOFF, ignore_errors=True)
    return totals


def judge_unit(tmp: Path, name: str, tables: dict[str, Any], options: Options) -> None:
    """Hand the pass part `name`'s inputs and its sessions as judged alone (`handoff`): called
    by the unit that writes the part, with the tables it holds once they are written (the
    dict is emptied). The pass keeps the sessions
    of every table no other part holds (`_open_hands`), judged here exactly as it would
    judge them (the same hands in the same order, the same code: `_judge_bucket`); the live
    sessions it always judges itself (SE07 looks across them)."""
    if not IN_UNITS:
        return
    hands, seats, posts = handoff.of_tables(tables["hands"], tables["seats"], tables["actions"], 0)
    tables.clear()  # the unit's tables, written: only the inputs are judged (a worker's peak)
    release_arrow_memory()
    n = len(hands)
    handoff.write(tmp, name, dict(zip(handoff.KINDS, (hands, seats, posts), strict=True)), n)
    unit = _UnitJudged()
    with paused_gc():  # as the pass judges: its views hold no cycles
        _judge_bucket(hands, seats, posts, _Judges(options), unit, unit, _NoLive(), Totals())
    handoff.write(tmp, name, unit.tables(), n)
    del hands, seats, posts, unit
    release_arrow_memory()  # what the judging freed, back to the system before the next unit


class _UnitJudged:
    """What `_judge_bucket` records of one unit's sessions (as the pass's writer and results),
    as the tables of `handoff.JUDGED`."""

    def __init__(self) -> None:
        self.sessions: list[Any] = []
        self.findings: list[dict[str, Any]] = []
        self.results: list[Any] = []

    def add_table(self, table: str, rows: Any) -> None:
        assert table == "sessions"
        self.sessions.append(rows)

    def add_finding(self, row: dict[str, Any], session: str) -> None:
        self.findings.append({**row, "session_id": session})

    def add(self, hs: Any, sids: Any, seqs: Any, found: Any) -> None:
        self.results.append(_places(hs, sids, seqs, found))

    def tables(self) -> dict[str, Any]:
        import pyarrow as pa

        from ..tables import SCHEMAS

        schema = SCHEMAS["findings"]
        results = pa.concat_tables(self.results) if self.results else _places([], [], [], [])
        return {"results": results,
                "sessions": pa.concat_tables(self.sessions) if self.sessions else SCHEMAS["sessions"].empty_table(),
                "findings": pa.Table.from_pylist(self.findings, schema=schema)}


def _places(hs: Any, sids: Any, seqs: Any, found: Any) -> Any:
    """Hands' session ids, places and session findings, by their row `h`, as a table."""
    import pyarrow as pa

    return pa.table({"h": pa.array(hs, pa.int64()),
                     "sid": sids if isinstance(sids, pa.Array) else pa.array(sids, pa.string()),
                     "seq": pa.array(seqs, pa.int64()), "found": pa.array(found, pa.int64())})


class _NoLive:
    """The live sessions of a unit: the pass judges them (SE07 looks across them)."""

    def add(self, row: dict[str, Any], session: list[HandView], judged: Judged) -> None:
        pass


class _Rows(Protocol):
    """Where `_judge_bucket` writes its sessions rows and session findings."""

    def add_table(self, table: str, rows: Any) -> None: ...

    def add_finding(self, row: dict[str, Any], session: str) -> None: ...


class _Places(Protocol):
    """Where `_judge_bucket` records each hand's session id, place and session findings."""

    def add(self, hs: Any, sids: Any, seqs: Any, found: Any) -> None: ...


class _LiveSessions(Protocol):
    def add(self, row: dict[str, Any], session: list[HandView], judged: Judged) -> None: ...


def _open_hands(tmp: Path, parts: list[str], bounds: list[int]) -> tuple[list[bool], list[Any]]:
    """Which parts' sessions their units judged (`judge_unit`), and per part which of its
    hands the pass judges (numpy): every hand of a table that another part also holds, of a
    table that has a live hand, or of a part its unit judged nothing of (reused by
    `--incremental`, changed by `dedupe`). A table no other part holds has every hand in
    its unit, in the same order as the pass would put them: its unit judged it as the pass
    would."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    judged: list[bool] = []
    keys: list[Any] = []  # per part, its hands' table keys (dictionary-encoded: each distinct once)
    live_keys: list[Any] = []
    for k, name in enumerate(parts):
        n = bounds[k + 1] - bounds[k]
        judged.append(handoff.read(tmp, name, 0, n, handoff.JUDGED[:1]) is not None)
        given = handoff.read(tmp, name, 0, n, ("hands",))
        hands = given[0] if given is not None else read_part(tmp / "hands" / name, columns=_KEY_COLUMNS)
        key = _flat(_key(hands)[0]).dictionary_encode()
        keys.append(key)
        live = pc.fill_null(pc.is_in(hands["format"], value_set=pa.array(sorted(LIVE_FORMATS), pa.string())), False)
        if pc.any(live).as_py():
            live_keys.append(pc.unique(_flat(key.filter(live)).cast(pa.string())))
    # the keys more than one part holds: counted in Arrow, no Python string a table
    counts = pc.value_counts(pa.concat_arrays([key.dictionary for key in keys])) if keys else None
    shared = [counts.field("values").filter(pc.greater(counts.field("counts"), 1))] if counts is not None else []
    open_keys = pa.concat_arrays([*shared, *live_keys]) if shared or live_keys else pa.array([], pa.string())
    open_: list[Any] = []
    for k, key in enumerate(keys):
        if not judged[k]:
            open_.append(np.ones(len(key), dtype=bool))
            continue
        of_key = np.asarray(pc.is_in(key.dictionary, value_set=open_keys).to_numpy(zero_copy_only=False), dtype=bool)
        open_.append(of_key[key.indices.to_numpy(zero_copy_only=False)] if len(key) else np.zeros(0, dtype=bool))
    return judged, open_


def _take_judged(tmp: Path, parts: list[str], bounds: list[int], judged: list[bool], open_: list[Any],
                 writer: _Writer, results: _Results, totals: Totals) -> None:
    """The sessions the units judged of the hands the pass does not judge: their rows, their
    findings and each hand's session id, place and findings, as the units handed them over."""
    import pyarrow as pa
    import pyarrow.compute as pc

    for k, name in enumerate(parts):
        if not judged[k] or open_[k].all():
            continue
        start = bounds[k]
        given = handoff.read(tmp, name, start, bounds[k + 1] - start, handoff.JUDGED)
        assert given is not None  # `_open_hands` found them
        res, sessions, findings = given
        h = res["h"].to_numpy()
        kept = ~open_[k][h - start]
        rows = pa.array(kept)
        res = res.filter(rows)
        sids = _flat(res["sid"])
        results.add(h[kept], sids, res["seq"].to_numpy(), res["found"].to_numpy())
        ids = pc.unique(sids)
        writer.add_table("sessions", sessions.filter(pc.is_in(sessions["session_id"], value_set=ids)))
        findings = findings.filter(pc.is_in(findings["session_id"], value_set=ids))
        writer.add_table("findings", findings)
        for category, severity in zip(findings["category"].to_pylist(), findings["severity"].to_pylist(),
                                      strict=True):
            totals.categories[category] += 1
            totals.severities[severity] += 1


class _Carry:
    """What the buckets of a table of many hands (over several buckets, one after another in
    session order: `_time_splits`) pass on: those tables' keys and rhythms (`_rhythms`), and
    the session a bucket ended in at such a table, with why it started. That session's
    hands, seats and posts are judged with the next bucket's, as the first hands of its
    table there: a bucket ends between two hands of one session, never in a judged one, so
    every session is judged whole and only that session's rows are held over."""

    def __init__(self, keys: set[str], rhythms: dict[str, float]) -> None:
        self.keys = keys
        self.rhythms = rhythms
        self.tail: tuple[Any, Any, Any] | None = None
        self.reason: str | None = None
        self.last = False
        """Whether the bucket is the last (nothing is held over from it)."""


def _rhythms(spill: _Spill, buckets: int, keys: set[str], judges: _Judges) -> dict[str, float]:
    """The rhythm (`gaps`) of each table of `keys` (over several buckets), from its hands in
    every bucket: the median of the intervals between its consecutive hands, as `gaps` takes
    it from a table whose hands are all at hand (-1 with fewer than RHYTHM_PAIRS). What is
    held is the intervals, one integer a hand of the table, and one hand of each table."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    value_set = pa.array(sorted(keys), pa.string())
    intervals: dict[str, list[Any]] = {}
    last: dict[str, Any] = {}  # each table's last hand so far, its pair with the next bucket's first
    for b in range(buckets):
        hands = spill.peek("hands", b)
        if hands is None or not len(hands):
            continue
        hands = hands.select([*handoff.HAND_COLUMNS, "h"])
        mine = pc.fill_null(pc.is_in(_flat(_key(hands)[0]), value_set=value_set), False)
        if not pc.any(mine).as_py():
            continue
        hands = pa.concat_tables([*last.values(), hands.filter(mine)])
        order, key = _order(hands)
        hands, key = hands.take(order), _flat(key.take(order))
        enc = key.dictionary_encode()
        codes = np.asarray(enc.indices.to_numpy(zero_copy_only=False), dtype=np.int64)
        names = enc.dictionary.to_pylist()
        if len(hands) > 1:
            t, has_t, cash, idle, seq = _timing(hands, judges)
            _, d, usable = _pairs(codes, t, has_t, seq, idle, cash, np.zeros(len(hands), dtype=bool))
            for c in screening.distinct(codes[1:][usable]).tolist():
                intervals.setdefault(names[c], []).append(d[usable & (codes[1:] == c)])
        ends = np.flatnonzero(np.append(codes[1:] != codes[:-1], True))
        last = {names[codes[k]]: hands.slice(int(k), 1) for k in ends.tolist()}
    out: dict[str, float] = {}
    for key_ in keys:
        d = np.concatenate(intervals[key_]) if key_ in intervals else np.zeros(0, np.int64)
        out[key_] = float(np.median(d)) if len(d) >= RHYTHM_PAIRS else -1.0
    return out


def _judge_bucket(hands_t: Any, seats_t: Any, posts_t: Any, judges: _Judges, writer: _Rows,
                  results: _Places, live: _LiveSessions, totals: Totals, carry: _Carry | None = None) -> None:
    """Judge the sessions of one bucket (whole tables, or with `carry` pieces of a table of
    many hands in session order) and record them."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    first_reason = None
    if carry is not None and carry.tail is not None:
        # the session the bucket before ended in: its hands first (they come first in the
        # table's order), then this bucket's, in dataset order (`h`) as a bucket's are
        given = (hands_t, seats_t, posts_t)
        hands_t, seats_t, posts_t = (pa.concat_tables([held, t.select(held.column_names)]) if t is not None else held
                                     for held, t in zip(carry.tail, given, strict=True))
        hands_t = hands_t.take(pc.sort_indices(hands_t["h"]))
        first_reason, carry.tail, carry.reason = carry.reason, None, None
        del given
    m = len(hands_t) if hands_t is not None else 0
    if not m:
        return
    order, keys = _order(hands_t)
    rank = np.empty(m, dtype=np.int64)
    rank[order] = np.arange(m)
    hands_h = hands_t["h"].to_numpy()  # ascending: the bucket's hands in dataset order

    def ranks(table: Any) -> Any:
        return rank[np.searchsorted(hands_h, table["h"].to_numpy())] if len(table) else np.zeros(0, np.int64)

    take = pa.array(order)
    hands_s = hands_t.take(take).select([*handoff.HAND_COLUMNS, "h"])
    keys_s = keys.take(take)
    seats_s, seat_at = _by_rank(seats_t, ranks(seats_t), "seat", m)
    posts_s, post_at = _by_rank(posts_t, ranks(posts_t), "seq", m)
    del hands_t, seats_t, posts_t, keys, take  # only the sorted copies from here on
    changed, anon = _players(seats_s, m)
    cuts, cut_reasons = _cuts(hands_s, keys_s, judges, changed, carry.rhythms if carry is not None else None,
                              first_reason)
    if carry is not None and not carry.last and cuts and keys_s[cuts[-1]].as_py() in carry.keys:
        # the bucket ends in a session of a table the next bucket goes on with: held over
        lo = cuts[-1]
        carry.tail = (hands_s.slice(lo), seats_s.slice(int(seat_at[lo])).drop_columns(["rank"]),
                      posts_s.slice(int(post_at[lo])).drop_columns(["rank"]))
        carry.reason = cut_reasons[-1]
        if not lo:
            return
        m, cuts, cut_reasons = lo, cuts[:-1], cut_reasons[:-1]
        hands_s, keys_s = hands_s.slice(0, lo), keys_s.slice(0, lo)
        seats_s, seat_at = seats_s.slice(0, int(seat_at[lo])), seat_at[:lo + 1]
        posts_s, post_at = posts_s.slice(0, int(post_at[lo])), post_at[:lo + 1]
        changed, anon = changed[:lo], anon[:lo]
    scr = screening.screen(hands_s, seats_s, seat_at, posts_s, post_at)
    ends = np.asarray([*cuts[1:], m], dtype=np.int64)
    at_first, at_last = pa.array(cuts, pa.int64()), pa.array(ends - 1, pa.int64())
    # each session's first and last hand, and its players (a seat's last row, as a HandView)
    firsts = hands_s.select(["site", "format", "kind", "tournament_id", "table_name", "source", "hand_id",
                             "started_at"]).take(at_first)
    lasts = hands_s.select(["hand_id", "source", "started_at"]).take(at_last)
    sids = [_session_id(site or "", key, hand_id or "", source) for site, key, hand_id, source in zip(
        firsts["site"].to_pylist(), keys_s.take(at_first).to_pylist(), firsts["hand_id"].to_pylist(),
        firsts["source"].to_pylist(), strict=True)]
    formats = pc.fill_null(firsts["format"], "").to_pylist()
    of_session = np.searchsorted(np.asarray(cuts, dtype=np.int64), seats_s["rank"].to_numpy(), side="right") - 1 \
        if len(seats_s) else np.zeros(0, np.int64)
    width = int(scr.code.max()) + 1 if len(scr.code) else 1
    players = np.bincount(screening.distinct(of_session[scr.last] * width + scr.code[scr.last]) // width,
                          minlength=len(cuts)) if len(scr.code) else np.zeros(len(cuts), np.int64)
    fresh_sum = np.add.reduceat(scr.fresh.astype(np.int64), cuts) if cuts else np.zeros(0, np.int64)
    if cuts:
        fresh_sum -= scr.fresh[cuts].astype(np.int64)  # a session's first hand is no pair's second
    # the hands whose view the judge needs: all of a live session's, none of an anonymous
    # one's, else each hand the screen does not pass and the hand before it in its session
    start = np.zeros(m, dtype=bool)
    start[cuts] = True
    session_of = np.cumsum(start) - 1
    plain = np.where(start, scr.plain_first, scr.plain)
    judged_alone = ~plain
    need = judged_alone.copy()
    need[:-1] |= judged_alone[1:] & ~start[1:]
    whole = scr.live | (not screening.ENABLED)
    session_anon = anon[cuts][session_of]  # each hand's session hides its players
    need = np.where(whole, True, need & ~session_anon)
    lengths = ends - np.asarray(cuts, dtype=np.int64)
    resets = (lengths > 1) & (fresh_sum * 2 >= lengths - 1)
    bucket_screen = Screen(plain.tolist(), scr.sb.tolist(), scr.bb.tolist(), scr.ring.tolist(), scr.first.tolist(),
                           scr.cash.tolist(), scr.stacks_ok.tolist(), scr.order_ok.tolist(),
                           session_anon.tolist(), np.repeat(resets, lengths).tolist())
    # a session of one hand the screen passes has no pair and can give nothing: not judged
    alone = ((lengths == 1) & plain[cuts] & ~whole[cuts]).tolist()
    players = np.where(anon[cuts], 0, players)
    live_session = scr.live[cuts]
    hands_rank = hands_s["h"].to_numpy()  # each rank's row `h`
    del start, session_of, plain, judged_alone, whole, session_anon, fresh_sum, resets, scr
    # a batch of whole sessions at a time: judged, then its sessions rows, findings and
    # hands' places recorded and dropped (a table of many hands is one bucket: what its
    # sessions found is not held to the end of the bucket)
    i = 0
    for lo, hi, runs in _batches(cuts, m):
        views = _Lazy((hands_s, seats_s, seat_at, posts_s, post_at, anon), lo + np.flatnonzero(need[lo:hi]))
        first_session = i
        judged_of: dict[int, Judged] = {}  # by the session's place in the batch
        views_of: dict[int, list[HandView]] = {}  # the live sessions' (SE07 is judged across them)
        found_at: list[int] = []  # the row `h` of each session finding's hand
        for r_lo, r_hi in runs:
            if not alone[i]:
                judged = judged_of[i - first_session] = judges.judge(formats[i], r_hi - r_lo, views.__getitem__,
                                                                     None if bool(live_session[i]) or
                                                                     not screening.ENABLED else bucket_screen,
                                                                     r_lo, cut_reasons[i] == "gap")
                for f in judged.findings:
                    found_at.append(f.hand.index)
                    totals.categories[f.rule.category.value] += 1
                    totals.severities[f.severity] += 1
                if live_session[i]:
                    views_of[i - first_session] = [views[r] for r in range(r_lo, r_hi)]
            i += 1
        del views
        b = slice(first_session, i)
        rows = _sessions_rows(sids[b], firsts.slice(first_session, i - first_session),
                              lasts.slice(first_session, i - first_session), lengths[b], judged_of, players[b],
                              cut_reasons[b])
        live_b = live_session[b]
        writer.add_table("sessions", rows.filter(pa.array(~live_b)))
        for k in np.flatnonzero(live_b).tolist():
            live.add(rows.slice(k, 1).to_pylist()[0], views_of[k], judged_of[k])  # written last, with SE07
        for k in np.flatnonzero(~live_b).tolist():
            if k in judged_of:
                for f in judged_of[k].findings:
                    writer.add_finding(_Writer.finding_row(f), sids[first_session + k])
        del judged_of, views_of, rows
        found = np.bincount(rank[np.searchsorted(hands_h, np.asarray(found_at, dtype=np.int64))] - lo,
                            minlength=hi - lo)
        lens = lengths[b]
        starts = np.repeat(np.asarray(cuts[first_session:i], dtype=np.int64), lens)
        results.add(hands_rank[lo:hi], np.repeat(np.asarray(sids[b], dtype=object), lens).tolist(),
                    np.arange(lo, hi, dtype=np.int64) - starts, found)


def _sessions_rows(sids: list[str], firsts: Any, lasts: Any, lengths: Any, judged: dict[int, Judged],
                   players: Any, cut_reasons: list[str]) -> Any:
    """The `sessions` rows of a bucket's sessions, in order, as a table (`judged` by the
    session's place: a session not judged has no pair and no finding)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    from ..tables import SCHEMAS

    def counts(what: Callable[[Judged], int]) -> Any:
        out = np.zeros(len(sids), dtype=np.int64)
        for k, j in judged.items():
            out[k] = what(j)
        return pa.array(out, pa.int64())

    def text(table: Any, name: str) -> Any:
        return pc.fill_null(table[name], "")

    columns = {
        "session_id": pa.array(sids, pa.string()), "site": text(firsts, "site"), "format": text(firsts, "format"),
        "kind": text(firsts, "kind"), "tournament_id": firsts["tournament_id"], "table_name": firsts["table_name"],
        "source": firsts["source"], "first_hand_id": text(firsts, "hand_id"), "first_source": firsts["source"],
        "last_hand_id": text(lasts, "hand_id"), "last_source": lasts["source"],
        "started_at": firsts["started_at"], "ended_at": lasts["started_at"],
        "hands": pa.array(lengths, pa.int64()), "pairs": counts(lambda j: j.pairs),
        "pairs_judged": counts(lambda j: j.pairs_judged), "players": pa.array(players, pa.int64()),
        "n_findings": counts(lambda j: len(j.findings)), "cut_reason": pa.array(cut_reasons, pa.string())}
    schema = SCHEMAS["sessions"]
    return pa.table([pc.cast(columns[f.name], f.type) for f in schema], schema=schema)


def _rewrite(tmp: Path, parts: list[str], bounds: list[int], results: _Results, extra: Counter[int],
             read: dict[str, Any]) -> None:
    """Every hands part again, with the session columns and the counts (a part reused by
    --incremental already counts its earlier session findings in n_findings:
    n_session_findings says how many to take off); the parts in `read` are not read again."""
    import pyarrow as pa
    import pyarrow.compute as pc

    from ..tables import SCHEMAS, with_metadata

    for k, name in enumerate(parts):
        lo, hi = bounds[k], bounds[k + 1]
        path = tmp / "hands" / name
        table = read.pop(name) if name in read else read_part(path)
        ids, seq, new = results.slice(lo, hi)
        for h, c in extra.items():
            if lo <= h < hi:
                new[h - lo] += c
        earlier = pc.fill_null(table["n_session_findings"], 0) if "n_session_findings" in table.column_names else 0
        n_own = pc.subtract(pc.fill_null(table["n_findings"], 0), earlier).to_numpy()
        table = _set(table, "session_id", ids)
        table = _set(table, "session_seq", pa.array(seq, pa.int64(), mask=seq < 0))
        table = _set(table, "n_session_findings", pa.array(new, pa.int64()))
        table = _set(table, "n_findings", pa.array(n_own + new, pa.int64()))
        write_atomic(with_metadata(table.cast(SCHEMAS["hands"]).replace_schema_metadata(None), "hands"), path)
        _session_of_findings(tmp / "findings" / name, table)


def _session_of_findings(path: Path, hands: Any) -> None:
    """The findings part of a hands part again, each finding with its hand's session id."""
    import pyarrow as pa
    import pyarrow.compute as pc

    from ..tables import SCHEMAS, with_metadata

    if not path.exists():
        return
    findings = read_part(path)
    if not len(findings):
        return
    key = pc.binary_join_element_wise(hands["hand_id"], hands["source"], "\x1f")
    at = pc.index_in(pc.binary_join_element_wise(findings["hand_id"], findings["source"], "\x1f"), value_set=key)
    ids = pc.take(hands["session_id"], at)
    if "session_id" in findings.column_names:
        findings = findings.drop_columns(["session_id"])
    findings = findings.append_column("session_id", ids.cast(pa.string()))
    schema = SCHEMAS["findings"]
    for f in schema:  # a part written before the context columns (--incremental)
        if f.name not in findings.column_names:
            findings = findings.append_column(f.name, pa.nulls(len(findings), f.type))
    write_atomic(with_metadata(findings.select(schema.names).cast(schema).replace_schema_metadata(None), "findings"),
                 path)


# ------------------------------------------------------------------------ partitioning


def _key(hands: Any) -> tuple[Any, Any]:
    """Each hand's table key (an Arrow string array), and whether the hand is kept in file
    order (`by_file`). Online: site, kind, tournament and table name; hands without a time
    or a table name, and live logs, are keyed by their file too."""
    import pyarrow as pa
    import pyarrow.compute as pc

    live = pc.is_in(hands["format"], value_set=pa.array(sorted(LIVE_FORMATS), pa.string()))
    no_time = pc.is_null(hands["started_at"])
    no_table = pc.equal(pc.fill_null(hands["table_name"], ""), "")
    by_file = pc.or_(pc.or_(live, no_time), no_table)
    empty = pa.scalar("", pa.string())

    def text(col: str) -> Any:
        return pc.fill_null(hands[col].cast(pa.string()), empty)

    src = pc.if_else(by_file, text("source"), empty)
    key = pc.binary_join_element_wise(text("site"), text("kind"), text("tournament_id"), text("table_name"),
                                      src, "\x1f")
    return key, by_file


def _splits(tmp: Path, parts: list[str], bounds: list[int], open_: list[Any], buckets: int) -> list[str]:
    """The keys that start buckets 1, 2, ... (sorted), from a sample of the keys of the hands
    the pass judges (`open_`: one hand in every `step`). Where they fall decides only how
    full each bucket is, never a result: a bucket is a range of whole keys."""
    return _key_splits(_sample(tmp, parts, bounds, open_, buckets)[0], buckets)


def _sample(tmp: Path, parts: list[str], bounds: list[int], open_: list[Any], buckets: int) -> tuple[Any, Any]:
    """A sample of the hands the pass judges (`open_`: one hand drawn from every `step`):
    their table keys (Arrow strings) and their places in time (`_when`, numpy; None for a
    live log's hand, whose table is never cut into pieces)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    n = sum(int(o.sum()) for o in open_)
    step = max(1, n // (buckets * _SAMPLE))
    m = n // step
    # one hand drawn from each run of `step` hands (a fixed seed: the same bounds every run);
    # every `step`-th hand can fall in step with a pattern of the input (the same tables
    # copied again and again: at 1,000,000 hands of copies the largest of 50 buckets held
    # 80,000 hands, where the drawn ones keep it within 5% of BUCKET_HANDS)
    at = np.arange(m, dtype=np.int64) * step + np.random.default_rng(0).integers(0, step, m)
    chunks: list[Any] = []
    whens: list[Any] = []
    lo = 0
    for k, name in enumerate(parts):
        mine = open_[k]
        count = int(mine.sum())
        if not count:
            continue
        given = handoff.read(tmp, name, 0, bounds[k + 1] - bounds[k], ("hands",))
        t = given[0] if given is not None else read_part(tmp / "hands" / name, columns=[*_KEY_COLUMNS, "line"])
        if count < len(t):
            t = t.filter(pa.array(mine))
        a, b = np.searchsorted(at, [lo, lo + count])
        take = pa.array(at[a:b] - lo)
        key, by_file = _key(t)
        chunks.append(_flat(key).take(take))
        t = t.take(take)
        live = np.asarray(pc.fill_null(pc.is_in(t["format"], value_set=pa.array(sorted(LIVE_FORMATS), pa.string())),
                                       False).to_numpy(zero_copy_only=False), dtype=bool)
        w = _when(t, _flat(by_file).take(take)).astype(object)
        w[live] = None
        whens.append(w)
        lo += count
    sample = pa.concat_arrays(chunks) if chunks else pa.array([], pa.string())
    return sample, (np.concatenate(whens) if whens else np.zeros(0, dtype=object))


def _key_splits(sample: Any, buckets: int) -> list[str]:
    """The keys that start buckets 1, 2, ... (`_splits`), from the sampled keys."""
    import numpy as np
    import pyarrow.compute as pc

    if not len(sample):
        return []
    # UTF-8 byte order, which is the code point order `bisect` compares the bounds by; each
    # distinct key once with how often it was drawn
    counts = pc.value_counts(sample)
    order = pc.sort_indices(counts.field("values"))
    keys = counts.field("values").take(order).to_pylist()
    drawn = counts.field("counts").take(order).to_numpy()
    total = np.cumsum(drawn)
    # a bucket ends at the first key that fills it to its share of the sample, and the next
    # key starts the next one; a key drawn at least a bucket's share (one table of many
    # hands) is a bucket of its own. Quantiles would put several bounds inside such a key
    # (empty buckets), every key after it in its bucket, and the keys before it too: its
    # bucket would be its hands and a share of other tables' besides.
    splits: list[str] = []
    filled = 0  # the buckets' shares the keys so far fill
    for k in range(len(keys)):
        if len(splits) == buckets - 1:
            break
        alone = int(drawn[k]) * buckets >= len(sample)
        if alone and k and (not splits or splits[-1] != keys[k]):
            splits.append(keys[k])
            if len(splits) == buckets - 1:
                break
        reached = int(total[k]) * buckets // len(sample)
        if k + 1 < len(keys) and (reached > filled or alone):
            splits.append(keys[k + 1])
            filled = reached
    return splits


_EARLIEST = -(2 ** 63)
"""A place in time before any (`_when`): (key, _EARLIEST) is the bound that starts a key."""


def _when(hands: Any, by_file: Any) -> Any:
    """Each hand's place in its table's order after the key (`_order`): its line where the
    table is kept in file order (`_key`), else its time in microseconds (0 when none), as
    numpy int64 (a hand with neither last, as Arrow sorts nulls)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    micros = pc.cast(hands["started_at"], pa.int64())
    when = pc.if_else(by_file, hands["line"], pc.fill_null(micros, 0))
    return np.asarray(pc.fill_null(when, 2 ** 63 - 1).to_numpy(zero_copy_only=False), dtype=np.int64)


def _time_splits(sample: Any, whens: Any, buckets: int) -> dict[str, list[int]]:
    """Per table key drawn more than a bucket's share of the sample (one table of many
    hands), the places in time (`_when`) that cut it into pieces of about a bucket each, at
    the quantiles of its sampled hands. A live log's table is never cut (its sessions are
    judged whole, SE07 across them)."""
    import numpy as np
    import pyarrow.compute as pc

    out: dict[str, list[int]] = {}
    if not len(sample):
        return out
    counts = pc.value_counts(sample)
    big = [k for k, c in zip(counts.field("values").to_pylist(), counts.field("counts").to_pylist(), strict=True)
           if c * buckets > len(sample)]
    if not big:
        return out
    keys = np.asarray(sample.to_pylist(), dtype=object)
    for key in big:
        w = whens[keys == key]
        if any(x is None for x in w):
            continue
        w = np.sort(w.astype(np.int64))
        pieces = -(-len(w) * buckets // len(sample))  # pieces of at most a bucket's share
        cuts = sorted({int(w[len(w) * j // pieces]) for j in range(1, pieces)})
        if cuts:
            out[key] = cuts
    return out


def _composite(splits: list[str], times: dict[str, list[int]]) -> list[tuple[str, int]]:
    """The bounds that start buckets 1, 2, ...: each key split's start, and the places in time
    inside a table of many hands (`_time_splits`), as (key, place) in session order."""
    return sorted([(k, _EARLIEST) for k in splits] + [(k, w) for k, ws in times.items() for w in ws])


def _partition(tmp: Path, parts: list[str], bounds: list[int], open_: list[Any], splits: list[tuple[str, int]],
               spill: _Spill) -> None:
    """The needed columns of the hands the pass judges (`open_`, per part), into the
    buckets' files (`handoff`: as its unit wrote them, or read from the part): each hand
    with `h`, its row in all hands (parts in name order), its seats and posts with their
    hand's `h`. A hand's bucket is where its (table key, place in time) falls among the
    bounds `splits` (`_composite`): a table of many hands is in several buckets, one after
    another in its sessions' order."""
    import bisect

    import numpy as np
    import pyarrow as pa

    times: dict[str, Any] = {}
    for key, w in splits:
        if w != _EARLIEST:
            times.setdefault(key, []).append(w)
    times = {k: np.asarray(v, dtype=np.int64) for k, v in times.items()}
    for k, name in enumerate(parts):
        mine = open_[k]
        if not mine.any():
            continue
        start = bounds[k]
        written = handoff.read(tmp, name, start, bounds[k + 1] - start)
        if written is not None:
            tables = tuple(written)
        else:
            whole = None
            if spill.in_memory:  # the whole part, kept for `_rewrite`
                whole = spill.hands_parts[name] = read_part(tmp / "hands" / name)
            tables = handoff.from_parquet(tmp, name, start, whole)
        if not mine.all():
            tables = tuple(t.filter(pa.array(mine[t["h"].to_numpy() - start])) for t in tables)
        h = tables[0]
        if not splits:
            for kind, table in zip(handoff.KINDS, tables, strict=True):
                spill.write(kind, 0, table)
            continue
        key, by_file = _key(h)
        enc = _flat(key).dictionary_encode()
        values = enc.dictionary.to_pylist()
        of_key = np.array([bisect.bisect_right(splits, (v, _EARLIEST)) for v in values], dtype=np.int64)
        codes = enc.indices.to_numpy(zero_copy_only=False)
        bucket = of_key[codes] if len(h) else np.zeros(0, np.int64)
        cut = [(c, times[v]) for c, v in enumerate(values) if v in times]
        if cut:
            when = _when(h, by_file)
            for c, w in cut:
                of = codes == c
                bucket[of] += np.searchsorted(w, when[of], side="right")
        rank = np.full(bounds[k + 1] - start, -1, dtype=np.int64)
        rank[h["h"].to_numpy() - start] = np.arange(len(h))
        for kind, table in zip(handoff.KINDS, tables, strict=True):
            spill.schema(kind, table.schema)
            at = bucket[rank[table["h"].to_numpy() - start]] if len(table) else np.zeros(0, np.int64)
            for b in screening.distinct(at).tolist():
                spill.write(kind, b, table.filter(pa.array(at == b)))
    spill.close()


class _Spill:
    """Arrow IPC streams in the pass's folder, one per table and bucket, written a part's
    rows at a time and read back (then deleted) one bucket at a time; for a small dataset
    (`IN_MEMORY_BUCKETS`), the tables are kept in memory instead."""

    def __init__(self, folder: Path, in_memory: bool = False) -> None:
        self.folder = folder
        self.in_memory = in_memory
        self.writers: dict[tuple[str, int], Any] = {}
        self.kept: dict[tuple[str, int], list[Any]] = {}
        self.hands_parts: dict[str, Any] = {}
        """In memory, the hands parts as read whole (`_rewrite` writes them again)."""
        self.schemas: dict[str, Any] = {}

    def _path(self, kind: str, b: int) -> Path:
        return self.folder / f"{kind}-{b:05d}.arrow"

    def schema(self, kind: str, schema: Any) -> None:
        self.schemas.setdefault(kind, schema)

    def write(self, kind: str, b: int, table: Any) -> None:
        import pyarrow as pa

        self.schema(kind, table.schema)
        if self.in_memory:
            self.kept.setdefault((kind, b), []).append(table)
            return
        w = self.writers.get((kind, b))
        if w is None:
            w = self.writers[(kind, b)] = pa.ipc.new_stream(str(self._path(kind, b)), table.schema)
        w.write_table(table)

    def close(self) -> None:
        for w in self.writers.values():
            w.close()
        self.writers.clear()

    def peek(self, kind: str, b: int) -> Any:
        """Bucket b's rows of `kind`, left to be read (None when there are none)."""
        import pyarrow as pa

        kept = self.kept.get((kind, b))
        if kept is not None:
            return pa.concat_tables(kept)
        path = self._path(kind, b)
        if not path.exists():
            return None
        with pa.ipc.open_stream(str(path)) as r:
            return r.read_all()

    def read(self, kind: str, b: int) -> Any:
        """Bucket b's rows of `kind` (None when no part had any)."""
        import pyarrow as pa

        kept = self.kept.pop((kind, b), None)
        path = self._path(kind, b)
        if kept is not None:
            table = pa.concat_tables(kept)
        elif path.exists():
            with pa.ipc.open_stream(str(path)) as r:
                table = r.read_all()
            path.unlink()
        else:
            return self.schemas[kind].empty_table() if kind in self.schemas else None
        return table.combine_chunks()


class _Results:
    """Each hand's session id, place in its session and session findings, kept on disk in
    chunks of `chunk` hands by the hand's row `h` (a bucket adds to many), and read back in
    row order to write the hands parts."""

    def __init__(self, folder: Path, chunk: int, n: int) -> None:
        self.folder, self.chunk, self.n = folder, chunk, n
        self.writers: dict[int, Any] = {}
        self.loaded: tuple[int, Any, Any, Any] | None = None

    def _path(self, c: int) -> Path:
        return self.folder / f"results-{c:05d}.arrow"

    def add(self, hs: Any, sids: Any, seqs: Any, found: Any) -> None:
        import numpy as np
        import pyarrow as pa

        h = np.asarray(hs, dtype=np.int64)
        t = _places(h, sids, seqs, found)
        at = h // self.chunk
        for c in screening.distinct(at).tolist():
            w = self.writers.get(c)
            if w is None:
                w = self.writers[c] = pa.ipc.new_stream(str(self._path(c)), t.schema)
            w.write_table(t.filter(pa.array(at == c)))

    def close(self) -> None:
        for w in self.writers.values():
            w.close()
        self.writers.clear()

    def _load(self, c: int) -> tuple[int, Any, Any, Any]:
        import pyarrow as pa
        import pyarrow.compute as pc

        if self.loaded is None or self.loaded[0] != c:
            self.loaded = None
            with pa.ipc.open_stream(str(self._path(c))) as r:
                t = r.read_all()
            t = t.take(pc.sort_indices(t["h"]))
            size = min(self.chunk, self.n - c * self.chunk)
            if len(t) != size:
                raise AssertionError(f"the session pass placed {len(t)} of {size} hands in sessions")
            self.loaded = (c, t["sid"].combine_chunks(), t["seq"].to_numpy(), t["found"].to_numpy())
        return self.loaded

    def slice(self, lo: int, hi: int) -> tuple[Any, Any, Any]:
        """Rows lo..hi: their session ids (Arrow), places and session findings (numpy)."""
        import numpy as np
        import pyarrow as pa

        ids, seqs, found = [], [], []
        at = lo
        while at < hi:
            c = at // self.chunk
            base = c * self.chunk
            end = min(hi, base + self.chunk)
            _, sid, seq, n = self._load(c)
            ids.append(sid.slice(at - base, end - at))
            seqs.append(seq[at - base:end - base])
            found.append(n[at - base:end - base])
            at = end
        if not ids:
            return pa.array([], pa.string()), np.zeros(0, np.int64), np.zeros(0, np.int64)
        return (ids[0] if len(ids) == 1 else pa.concat_arrays(ids), np.concatenate(seqs),
                np.concatenate(found))


class _Live:
    """The live sessions, written after every other once a player seated at two tables of
    one room at once (SE07) is known: what is kept of each until then is its sessions row,
    its findings rows and its players' runs of hands (`player_runs`, with the first and last
    hand of each run stripped of their seats), not its hands."""

    def __init__(self) -> None:
        self.sessions: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
        self.runs: list[Run] = []

    def add(self, row: dict[str, Any], session: list[HandView], judged: Judged) -> None:
        light: dict[int, HandView] = {}

        def lite(v: HandView) -> HandView:
            x = light.get(id(v))
            if x is None:
                x = light[id(v)] = v.bare()
            return x

        for run in player_runs(session, len(self.sessions)):
            run.first, run.last = lite(run.first), lite(run.last)
            self.runs.append(run)
        self.sessions.append((row, [{**_Writer.finding_row(f), "session_id": row["session_id"]}
                                    for f in judged.findings]))

    def close(self, writer: _Writer, enabled: set[str], totals: Totals) -> Counter[int]:
        """Write the live sessions, each with its SE07 findings after its own; return the
        session findings each hand (by row) gained so."""
        extra: Counter[int] = Counter()
        more: dict[int, list[Found]] = {}
        if SeatedTwice.code in enabled:
            owner = {run.first.index: run.order for run in self.runs}
            for f in overlapping(self.runs):
                more.setdefault(owner[f.hand.index], []).append(f)
        for k, (row, findings) in enumerate(self.sessions):
            added = more.get(k, [])
            row["n_findings"] += len(added)
            writer.add("sessions", row)
            for r in findings:
                writer.add("findings", r)
            for f in added:
                writer.add("findings", {**_Writer.finding_row(f), "session_id": row["session_id"]})
                extra[f.hand.index] += 1
                totals.categories[f.rule.category.value] += 1
                totals.severities[f.severity] += 1
        self.sessions.clear()
        self.runs.clear()
        return extra


# ------------------------------------------------------------------------ views


def _by_rank(table: Any, ranks: Any, second: str, n: int) -> tuple[Any, Any]:
    """`table`'s rows in session order (their hands' `ranks`, then `second`), and where each
    rank's rows start."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    ranks = np.asarray(ranks, dtype=np.int64)
    then = np.asarray(pc.fill_null(table[second], -1).to_numpy(zero_copy_only=False), dtype=np.int64)
    if len(then):
        top = int(then.max()) + 1
        then = np.where(then < 0, top, then)  # nulls (and no value below 0 is written) last, as Arrow sorts
        order = np.argsort(ranks * (top + 1) + then, kind="stable")  # one integer key: a numpy sort
    else:
        order = np.zeros(0, dtype=np.int64)
    t = table.append_column("rank", pa.array(ranks, pa.int64())).take(pa.array(order, pa.int64()))
    starts = np.searchsorted(ranks[order], np.arange(n + 1))
    return t, starts


BATCH_HANDS = 5_000
"""Hands turned into Python objects at a time (whole runs of one table; a longer run is
one batch of its own). Which hands need a view depends on the tables (all of a live log's,
few of a quiet online table's), so a batch, not the bucket, bounds them: with batches of
20,000 the pass's peak at 300,000 hands was 355 MB against 294 at 100,000 (a bucket of a
site whose every hand needs its view), with 5,000 it was 306 against 282 (the pass alone,
in a fresh process)."""


def _batches(cuts: list[int], n: int) -> Iterator[tuple[int, int, list[tuple[int, int]]]]:
    """Runs (ranges of ranks between cuts) grouped into batches of about BATCH_HANDS."""
    bounds = [*cuts, n]
    lo = 0
    runs: list[tuple[int, int]] = []
    for a, b in itertools.pairwise(bounds):
        if runs and b - lo > BATCH_HANDS:
            yield lo, a, runs
            lo, runs = a, []
        runs.append((a, b))
    if runs:
        yield lo, n, runs


VIEW_WINDOW = 1_000
"""Ranks a `_Lazy` builds the views of at a time. The judge reads a session's hands in order,
each against the hand before, so the views of the window before the one it reads are the
oldest it keeps: a session of many hands (one table's hands, each needing its view) holds
two windows' views, not the session's."""


class _Lazy(dict[int, HandView]):
    """The HandViews of a batch by rank: those the judge is known to need (`ranks`), built a
    window of VIEW_WINDOW ranks at a time when the judge first reads one (`_views`: each
    column read once for the window), and any other when asked for (the judge reads them
    through the dict's own lookup: no Python call a hand). Reading a window drops the views
    of the windows before the one before it; a view read again after is built again (from
    the same rows: the same view)."""

    def __init__(self, columns: tuple[Any, Any, Any, Any, Any, Any], ranks: Any) -> None:
        super().__init__()
        self.columns = columns
        self.ranks = ranks
        self.built: set[int] = set()
        self.held: dict[int, list[int]] = {}  # per window, the ranks whose views are in the dict

    def _window(self, w: int) -> None:
        import numpy as np

        lo, hi = np.searchsorted(self.ranks, [w * VIEW_WINDOW, (w + 1) * VIEW_WINDOW])
        ranks = self.ranks[lo:hi]
        self.update(zip(ranks.tolist(), _views(*self.columns[:1], ranks, *self.columns[1:]), strict=True))
        self.held.setdefault(w, []).extend(ranks.tolist())
        self.built.add(w)
        for old in [x for x in self.held if x < w - 1]:
            for r in self.held.pop(old):
                self.pop(r, None)
            self.built.discard(old)

    def __missing__(self, r: int) -> HandView:
        import numpy as np

        w = r // VIEW_WINDOW
        if w not in self.built:
            self._window(w)
            v = self.get(r)
            if v is not None:
                return v
        # a hand the screen passed whose judging needs it after all
        v = self[r] = _views(*self.columns[:1], np.array([r], dtype=np.int64), *self.columns[1:])[0]
        self.held.setdefault(w, []).append(r)
        return v


def _rows(at: Any, ranks: Any) -> tuple[Any, Any]:
    """The rows of `ranks` (sorted) in a table whose rank r has rows at[r]..at[r + 1]: their
    positions, and where each rank's start among them."""
    import numpy as np

    lo, hi = at[ranks], at[ranks + 1]
    lengths = hi - lo
    starts = np.zeros(len(ranks) + 1, dtype=np.int64)
    np.cumsum(lengths, out=starts[1:])
    return np.repeat(lo - starts[:-1], lengths) + np.arange(starts[-1], dtype=np.int64), starts


def _views(hands: Any, ranks: Any, seats: Any, seat_at: Any, posts: Any, post_at: Any,
           anon: Any) -> list[HandView]:
    """The hands of `ranks` (sorted, numpy) as HandViews, each column read once for them
    all (nulls filled and flags worked out by pyarrow, the objects built by `hand_views`,
    `fill_seats` and `attach_posts`)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    if not len(ranks):
        return []
    h = hands.take(pa.array(ranks, pa.int64()))

    def col(name: str, default: object = None) -> list[Any]:
        c = h[name]
        return (c if default is None else pc.fill_null(c, default)).to_pylist()  # type: ignore[no-any-return]

    live = pc.fill_null(pc.is_in(h["format"], value_set=pa.array(sorted(LIVE_FORMATS), pa.string())), False)
    views = hand_views(col("h"), col("hand_id", ""), col("source"), col("line", 0), col("kind", ""), live.to_pylist(),
                       pc.fill_null(pc.equal(h["status"], "audited"), False).to_pylist(), _times(h["started_at"]),
                       col("button_seat"), col("max_seats", 0), col("sb", 0), col("bb", 0), col("scale", 0),
                       col("format", ""), col("site", ""), col("tournament_id"), col("table_name"), col("room", ""),
                       anon[ranks].tolist())
    # a hand's seats are the rows starts[i]..starts[i + 1] of s (`fill_seats`)
    rows, starts = _rows(seat_at, ranks)
    s = seats.take(pa.array(rows, pa.int64()))
    nums = s["seat"].to_pylist()
    fill_seats(views, starts.tolist(), nums, pc.fill_null(s["player"], "").to_pylist(),
               pc.fill_null(s["stack_start"], 0).to_pylist(), pc.fill_null(s["net"], 0).to_pylist(),
               pc.fill_null(pc.not_equal(s["position"], "out"), True).to_pylist())
    if pc.any(pc.fill_null(pc.not_equal(s["added"], 0), False)).as_py():
        at = np.searchsorted(ranks, s["rank"].to_numpy()).tolist()
        for i, seat, added in zip(at, nums, s["added"].to_pylist(), strict=True):
            if added:  # a rebuy or top-up the log wrote on its own line (seats.added)
                v = views[i]
                v.added[seat] = v.added.get(seat, 0) + added
    rows, _ = _rows(post_at, ranks)
    p = posts.take(pa.array(rows, pa.int64()))
    p = p.filter(pc.is_valid(p["seat"]))
    moves = pc.is_in(p["action"], value_set=pa.array(sorted(ADD_ACTIONS | REMOVE_ACTIONS), pa.string()))
    if pc.any(moves).as_py():
        q = p.filter(moves)
        at = np.searchsorted(ranks, q["rank"].to_numpy()).tolist()
        for i, seat, action, amount in zip(at, *(q[c].to_pylist() for c in ("seat", "action", "amount")),
                                           strict=True):
            v = views[i]
            sign = 1 if action in ADD_ACTIONS else -1
            v.added[seat] = v.added.get(seat, 0) + sign * (amount or 0)
        p = p.filter(pc.invert(moves))
    # the live part of a post: none of an ante, a dead post's `to_amount` (its amount when
    # not written), all of any other post
    amount = p["amount"]
    dead = pc.if_else(pc.is_valid(p["to_amount"]), p["to_amount"], amount)
    live_part = pc.if_else(pc.equal(p["action"], "post_ante"), 0,
                           pc.if_else(pc.equal(p["action"], "post_dead"), dead, amount))
    attach_posts(views, np.searchsorted(ranks, p["rank"].to_numpy()).tolist(), p["seat"].to_pylist(),
                 p["action"].to_pylist(), pc.fill_null(amount, 0).to_pylist(), pc.fill_null(live_part, 0).to_pylist(),
                 pc.fill_null(p["line"], 0).to_pylist())
    return views


# ------------------------------------------------------------------------ sessions


def _order(hands: Any) -> tuple[Any, Any]:
    """The hands in session order (an Arrow array of their positions), and each hand's
    table key (`_key`).

    Online: by site, kind, tournament and table name, then time (hands without a time or a
    table name are keyed by their file too and kept in file order), hand id (digits aligned),
    file and line. Live logs: by file and table, in the order written."""
    import pyarrow as pa
    import pyarrow.compute as pc

    key, by_file = _key(hands)
    text = pc.fill_null(hands["source"], pa.scalar("", pa.string()))
    when = _when(hands, by_file)  # the place in time the buckets are cut by (`_partition`)
    idpad = pc.utf8_lpad(pc.fill_null(hands["hand_id"], ""), 32, "0")
    t = pa.table({"key": key, "when": when, "id": idpad, "source": text, "line": hands["line"]})
    order = pc.sort_indices(t, sort_keys=[("key", "ascending"), ("when", "ascending"), ("id", "ascending"),
                                          ("source", "ascending"), ("line", "ascending")])
    return order, key


CUT_REASONS = ("table", "game", "stakes", "idle", "gap", "players")
"""Why a session starts (`sessions.cut_reason`), the first that holds in this order: the
table's first hand (its table key), a new game, a cash game's new stakes, the table idle past
`session_gap`, hands missing before it (`gaps`), the players changed."""
GAP_RHYTHM = 2.0
"""Hands are missing between two hands of a table when the time between them is more than
this many times the table's rhythm (the median time between its consecutive hands): time
for two hands or more. Used where the site numbers no table sequence."""
RHYTHM_PAIRS = 4
"""A table's rhythm is taken from at least this many intervals between its hands; a table
with fewer is not judged by time (nothing known is missing)."""


def sequence_numbers(formats: list[str], hand_ids: list[str]) -> list[int | None]:
    """Each hand's number in its table's sequence, where its format's ids carry one
    (`table_sequence`), else None."""
    from ..formats import FORMATS

    numbered: dict[str, Any] = {name: f for name, f in FORMATS.items() if getattr(f, "table_sequence", None) is not None}
    out: list[int | None] = []
    for fmt, hid in zip(formats, hand_ids):
        f = numbered.get(fmt or "")
        # fullmatch through the attribute's name: the linear-time test reads the mode from it
        m = f.table_sequence.fullmatch(hid or "") if f is not None else None
        out.append(int(m.group(1)) if m else None)
    return out


def gaps(key: Any, t: Any, has_t: Any, seq: list[int | None], idle: Any, cash: Any | None = None,
         fixed: dict[int, float] | None = None) -> Any:
    """Per hand (session order, numpy arrays): whether hands are missing between it and the
    hand before of its table key. Where both hands carry a table sequence number
    (`sequence_numbers`): when it does not go up by one. Elsewhere, at cash tables (`cash`;
    all when None): when the time between them is more than GAP_RHYTHM times the table's
    rhythm (`RHYTHM_PAIRS`; pauses past the idle cut left out of it). A tournament deals
    every seated player in, sitting out or not, so its history skips no hand of the table:
    a long pause there is a break or a slow hand, not hands missing.

    `fixed` gives the rhythm of the tables (by key code) whose hands are not all here (a
    table of many hands, over several buckets: `_rhythms` took it from all of them; -1 when
    it has too few pairs for one)."""
    import numpy as np

    n = len(key)
    out = np.zeros(n, dtype=bool)
    if n < 2:
        return out
    timed, d, usable = _pairs(key, t, has_t, seq, idle, cash, out)
    if not usable.any() and not fixed:
        return out
    # the table's rhythm: the median interval of its pairs
    pair_key = key[1:]
    rhythm = np.full(n, -1.0)
    idx = np.flatnonzero(usable)
    order = idx[np.argsort(pair_key[idx], kind="stable")]
    keys_sorted = pair_key[order]
    bounds = np.flatnonzero(np.diff(keys_sorted)) + 1
    for run in np.split(order, bounds):
        if len(run) >= RHYTHM_PAIRS:
            rhythm[run + 1] = float(np.median(d[run]))
    # every pair of a table gets its table's rhythm
    table_rhythm: dict[int, float] = {}
    for k, r in zip(key[1:][idx], rhythm[idx + 1]):
        if r > 0:
            table_rhythm[int(k)] = r
    for k, r in (fixed or {}).items():
        if r > 0:
            table_rhythm[k] = r
        else:
            table_rhythm.pop(k, None)
    if not table_rhythm:
        return out
    r_all = np.array([table_rhythm.get(int(k), -1.0) for k in key[1:]])
    out[1:] |= timed & (r_all > 0) & (d > GAP_RHYTHM * r_all)
    return out


def _pairs(key: Any, t: Any, has_t: Any, seq: list[int | None], idle: Any, cash: Any | None,
           out: Any) -> tuple[Any, Any, Any]:
    """`gaps` between each hand and the hand before (n >= 2): marks in `out` the hands after
    a table sequence number that does not go up by one; returns which pairs are judged by
    time (`timed`), the time between them (`d`) and which of them set the rhythm (`usable`)."""
    import numpy as np

    same = key[1:] == key[:-1]
    has_seq = np.array([s is not None for s in seq], dtype=bool)
    num = np.array([s if s is not None else 0 for s in seq], dtype=np.int64)
    both_seq = same & has_seq[1:] & has_seq[:-1]
    out[1:] |= both_seq & (num[1:] != num[:-1] + 1)
    timed = same & has_t[1:] & has_t[:-1] & ~both_seq
    if cash is not None:
        timed &= cash[1:] & cash[:-1]
    d = t[1:] - t[:-1]
    usable = timed & (d > 0) & ~idle[1:]
    return timed, d, usable


def _timing(hands: Any, judges: _Judges) -> tuple[Any, Any, Any, Any, list[int | None]]:
    """Of hands in session order: their times (microseconds, 0 when none), whether they
    have one, whether each is a cash game's, whether the table was idle before it (longer
    than the profile's `session_gap`), and their table sequence numbers."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    n = len(hands)
    micros = pc.cast(hands["started_at"], pa.int64())
    t = pc.fill_null(micros, 0).to_numpy()
    has_t = pc.is_valid(micros).to_numpy(zero_copy_only=False)
    live = pc.is_in(hands["format"], value_set=pa.array(sorted(LIVE_FORMATS), pa.string())).to_numpy(
        zero_copy_only=False)
    gap = np.where(live, judges.profile("live").session_gap, judges.profile("").session_gap) * 60_000_000
    cash = pc.equal(pc.fill_null(hands["kind"], ""), "cash").to_numpy(zero_copy_only=False)
    idle = np.zeros(n, dtype=bool)
    idle[1:] = has_t[1:] & has_t[:-1] & (t[1:] - t[:-1] > gap[1:])
    seq = sequence_numbers(pc.fill_null(hands["format"], "").to_pylist(), pc.fill_null(hands["hand_id"], "").to_pylist())
    return t, has_t, cash, idle, seq


def _cuts(hands: Any, keys: Any, judges: _Judges, changed: Any, rhythms: dict[str, float] | None = None,
          first_reason: str | None = None) -> tuple[list[int], list[str]]:
    """Where, in session order, a new session starts, and why (`CUT_REASONS`): a new table
    key, a new game, a cash game's new stakes, a table idle longer than the profile's
    `session_gap`, hands missing between two hands (`gaps`), or the players `changed`
    (`_players`). `rhythms` are the rhythms of the tables not all here (by key: `gaps`);
    `first_reason`, why the first hand's session started, where it started before these
    hands (a table's session carried over from the bucket before: `_Carry`)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    n = len(hands)
    if n == 0:
        return [], []
    enc = _flat(keys).dictionary_encode()
    key = np.asarray(enc.indices.to_numpy(zero_copy_only=False))
    fixed = None
    if rhythms:
        fixed = {c: rhythms[v] for c, v in enumerate(enc.dictionary.to_pylist()) if v in rhythms}
    t, has_t, cash, idle, seq = _timing(hands, judges)

    def codes(col: str) -> Any:
        return np.asarray(pc.fill_null(hands[col].cast(pa.string()), "").combine_chunks().dictionary_encode().indices)

    game, sb, bb = codes("game"), pc.fill_null(hands["sb"], -1).to_numpy(), pc.fill_null(hands["bb"], -1).to_numpy()
    missing = gaps(key, t, has_t, seq, idle, cash, fixed)
    reasons = np.zeros((len(CUT_REASONS), n), dtype=bool)
    reasons[0, 0] = True
    reasons[0, 1:] = key[1:] != key[:-1]
    reasons[1, 1:] = game[1:] != game[:-1]
    reasons[2, 1:] = cash[1:] & ((sb[1:] != sb[:-1]) | (bb[1:] != bb[:-1]))
    reasons[3] = idle
    reasons[4] = missing
    reasons[5] = changed
    new = reasons.any(axis=0)
    at = np.flatnonzero(new)
    why = [CUT_REASONS[int(w)] for w in reasons[:, at].argmax(axis=0)]
    if first_reason is not None:
        why[0] = first_reason
    return [int(i) for i in at], why


def _players(seats: Any, m: int) -> tuple[Any, Any]:
    """Per rank (numpy arrays of m): whether the hand shares fewer than half the players of
    the smaller of it and the hand before (a fast-fold pool's next table, or a table name
    used again: a new table, unless the hand hides its players), and whether it hides its
    players behind position names (`anonymous`). A hand's players are those of its seats,
    a seat written twice counting its last row (as the HandView's dict of seats does)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    changed = np.zeros(m, dtype=bool)
    if not len(seats):
        return changed, np.zeros(m, dtype=bool)
    rank = seats["rank"].to_numpy()
    seat = pc.fill_null(seats["seat"], -1).to_numpy()
    last = np.ones(len(rank), dtype=bool)
    last[:-1] = (rank[:-1] != rank[1:]) | (seat[:-1] != seat[1:])
    rank = rank[last]
    names = _flat(pc.fill_null(seats["player"], "")).filter(pa.array(last)).dictionary_encode()
    code = names.indices.to_numpy(zero_copy_only=False).astype(np.int64)
    hidden_name = np.array([hidden(x) for x in names.dictionary.to_pylist()], dtype=bool)
    n_seats = np.bincount(rank, minlength=m)
    anon = (n_seats > 0) & (np.bincount(rank, weights=hidden_name[code], minlength=m) * 2 >= n_seats)
    # each (rank, player) once; a pair shared with the hand before is (rank - 1, player)
    width = len(names.dictionary)
    pairs = screening.distinct(rank * width + code)
    at = pairs // width
    size = np.bincount(at, minlength=m)
    before = pairs - width
    shared = np.bincount(at[screening.member(before, pairs)], minlength=m)
    changed[1:] = ((size[:-1] > 0) & (size[1:] > 0) & ~anon[1:]
                   & (shared[1:] * 2 < np.minimum(size[:-1], size[1:])))
    return changed, anon


def _session_id(site: str, key: str, hand_id: str, source: str) -> str:
    """A session's id: its site, table and first hand, and the source only where hand ids
    are the file's own (live logs), so the same hands read from an archive or another path
    give the same id."""
    digest = hashlib.sha1(f"{site}\x1f{key}\x1f{hand_id}\x1f{scope(site, source)}".encode()).hexdigest()
    return f"S{digest[:11]}"


class _Judges:
    def __init__(self, options: Options) -> None:
        self.options = options
        codes = {r.code for r in SESSION_RULES}
        self._enabled = {live: options.enabled(live=live) & codes for live in (False, True)}
        self.enabled_live = self._enabled[True]
        """The session rules judged in live logs (SE07 across the tables of a live session)."""
        self._profiles: dict[str, Profile] = {}
        self._judges: dict[tuple[str, bool], SessionJudge] = {}

    def _name(self, fmt: str | None) -> str:
        return self.options.profile or ("tda-2024" if fmt in LIVE_FORMATS else "online")

    def profile(self, fmt: str | None) -> Profile:
        name = self._name(fmt)
        p = self._profiles.get(name)
        if p is None:
            p = self._profiles[name] = get_profile(name, **dict(self.options.overrides))
        return p

    def judge(self, fmt: str | None, n: int, view: Callable[[int], HandView], screen: Screen | None,
              base: int, after_gap: bool = False) -> Judged:
        name, live = self._name(fmt), fmt in LIVE_FORMATS
        j = self._judges.get((name, live))
        if j is None:
            j = self._judges[(name, live)] = SessionJudge(self.profile(fmt), self._enabled[live])
        return j.judge_screened(n, view, screen, base, after_gap)


# ------------------------------------------------------------------------ writing


class _Writer:
    """The sessions rows and the session findings, each table one part (`SESSIONS_PART`) a
    run, streamed a row group of ROWS_PER_GROUP rows at a time (`PartWriter`: put in place
    once whole)."""

    def __init__(self, tmp: Path) -> None:
        from ..tables import SCHEMAS

        self.tmp = tmp
        self.rows: dict[str, list[dict[str, Any]]] = {"sessions": [], "findings": []}
        self.tables: dict[str, list[Any]] = {t: [] for t in self.rows}  # rows waiting, as tables
        self.counted: Counter[str] = Counter()  # the rows in `tables`
        self.files = {t: PartWriter(tmp / t / SESSIONS_PART) for t in self.rows}
        self.schemas = {t: SCHEMAS[t] for t in self.rows}

    @staticmethod
    def finding_row(f: Found) -> dict[str, Any]:
        r = f.rule
        return {
            "hand_id": f.hand.hand_id, "source": f.hand.source, "line": f.line or f.hand.line, "seq": -1,
            "rule": r.code, "name": r.name, "category": r.category.value, "severity": f.severity,
            "seat": f.seat, "player": f.player, "expected": f.expected, "actual": f.actual,
            "message": f.message or r.summary(), "citation": r.citation, "caused_by": None,
            "expected_amount": f.expected_amount, "actual_amount": f.actual_amount,
            "site": f.hand.site or None, "table_name": f.hand.table_name, "started_at": f.hand.started_at}

    def add(self, table: str, row: dict[str, Any]) -> None:
        rows = self.rows[table]
        rows.append(row)
        if len(rows) >= ROWS_PER_GROUP:
            self._flush(table)

    def add_finding(self, row: dict[str, Any], session: str) -> None:
        self.add("findings", {**row, "session_id": session})

    def add_table(self, table: str, rows: Any) -> None:
        """Rows given as a table (after those given as dicts so far)."""
        if self.rows[table]:
            self._flush(table)
        self.tables[table].append(rows)
        self.counted[table] += len(rows)
        while self.counted[table] >= ROWS_PER_GROUP:
            self._write(table, ROWS_PER_GROUP)

    def _flush(self, table: str) -> None:
        """The dict rows into the tables waiting, and every whole row group written."""
        import pyarrow as pa

        rows = self.rows[table]
        if rows:
            self.tables[table].append(pa.Table.from_pylist(rows, schema=self.schemas[table]))
            self.counted[table] += len(rows)
            rows.clear()
        while self.counted[table] >= ROWS_PER_GROUP:
            self._write(table, ROWS_PER_GROUP)

    def _write(self, table: str, n: int) -> None:
        """A row group of the first n rows waiting."""
        import pyarrow as pa

        from ..tables import with_metadata

        waiting = pa.concat_tables(self.tables[table]) if self.tables[table] else self.schemas[table].empty_table()
        self.files[table].write(with_metadata(waiting.slice(0, n).combine_chunks(), table))
        rest = waiting.slice(n)
        self.tables[table] = [rest] if len(rest) else []
        self.counted[table] = len(rest)

    def close(self) -> None:
        """Write what is left and put the parts in place: the sessions part always (empty
        when there is no session), the findings part when there is a session finding."""
        for table in self.rows:
            self._flush(table)
            if self.counted[table] or (table == "sessions" and self.files[table].writer is None):
                self._write(table, self.counted[table])
            self.files[table].close()

    def abort(self) -> None:
        """Remove the parts not yet in place (the pass stopped)."""
        for f in self.files.values():
            f.abort()


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _times(column: Any) -> list[datetime | None]:
    """A timestamp column (UTC) as datetimes, built from its microseconds (pyarrow's own
    conversion costs six times as much)."""
    import pyarrow as pa

    micros = column.cast(pa.int64()).to_pylist()
    return [None if x is None else _EPOCH + timedelta(microseconds=x) for x in micros]


def _set(table: Any, name: str, values: Any) -> Any:
    i = table.schema.get_field_index(name)
    if i < 0:
        return table.append_column(name, values)
    return table.set_column(i, name, values)
