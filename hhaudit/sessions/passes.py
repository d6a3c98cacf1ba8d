"""The session pass: after every unit is written (and duplicates removed), read the columns
the session rules need from the parts, cut the hands into table sessions, judge each, and
write the results.

Memory: the needed columns of `hands`, `seats` and the posts of `actions` are read as Arrow
arrays (a few dozen bytes a seat); hands are sorted by session key with pyarrow, and Python
objects are built for one table's run of hands at a time, then dropped.

Writes:
- `sessions/part-sessions-NNNNN.parquet`: one row per session;
- `findings/part-sessions-NNNNN.parquet`: the session findings (hand-level rows, `seq` -1);
- every `hands` part again, with `session_id`, `session_seq`, `n_session_findings` and
  `n_findings` (the hand's own findings plus its session findings) filled in.

The names `part-sessions-*` do not match the units' `part-<file>-<unit>` pattern, so
`--incremental` never reuses them: every run judges every session again from the parts,
which makes the result the same whatever `--jobs`, the order of the paths or which files
were audited again.
"""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..pipeline.dedupe import scope
from ..pipeline.options import LIVE_FORMATS, Options, Totals
from ..pipeline.parts import PART, write_atomic
from ..profiles import Profile, get_profile
from ..rules import RULES, select
from .judge import (
    ADD_ACTIONS,
    REMOVE_ACTIONS,
    HandView,
    Judged,
    Posted,
    SeatView,
    SessionJudge,
    anonymous,
    seated_at_two_tables,
)
from .rules import SESSION_RULES

SESSIONS_PART = "part-sessions-{:05d}.parquet"
ROWS_PER_PART = 100_000
_POSTS = ("post_sb", "post_bb", "post_dead", "post_straddle", "post_ante")
_HAND_COLUMNS = ["hand_id", "site", "format", "source", "line", "kind", "scale", "sb", "bb",
                 "started_at", "table_name", "max_seats", "button_seat", "status", "tournament_id", "game", "room"]


def session_pass(tmp: Path, options: Options) -> Totals:
    """Judge every session of the dataset in `tmp` (the run's temporary folder)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from ..tables import SCHEMAS, SESSIONS, with_metadata

    totals = Totals()
    (tmp / SESSIONS).mkdir(exist_ok=True)
    parts = sorted(p.name for p in (tmp / "hands").glob("part-*.parquet") if PART.match(p.name))
    hands_t, seats_t, posts_t, bounds = _read(tmp, parts)
    n = len(hands_t)
    session_of: list[str | None] = [None] * n
    seq_of = np.full(n, -1, dtype=np.int64)
    found_of = np.zeros(n, dtype=np.int64)
    writer = _Writer(tmp)
    live: list[tuple[str, list[HandView], Judged]] = []

    def record(sid: str, session: list[HandView], judged: Judged) -> None:
        for k, v in enumerate(session):
            session_of[v.index] = sid
            seq_of[v.index] = k
        for f in judged.findings:
            found_of[f.hand.index] += 1
            totals.categories[f.rule.category.value] += 1
            totals.severities[f.severity] += 1
        writer.session(sid, session[0], session[-1], session, judged)
        writer.findings(judged)

    if n:
        judges = _Judges(options)
        order, keys = _order(hands_t)
        rank = np.empty(n, dtype=np.int64)
        rank[np.asarray(order)] = np.arange(n)
        hands_s = hands_t.take(pa.array(order)).select(_HAND_COLUMNS + ["h"])
        seats_s, seat_at = _by_rank(seats_t, rank, "seat", n)
        posts_s, post_at = _by_rank(posts_t, rank, "seq", n)
        cuts = _cuts(hands_s, keys, judges)
        for lo, hi, runs in _batches(cuts, n):
            views = _views(hands_s, lo, hi, seats_s, seat_at, posts_s, post_at)
            for r_lo, r_hi in runs:
                for session in _split(views[r_lo - lo:r_hi - lo]):
                    first = session[0]
                    judged = judges.judge(first.format, session)
                    sid = _session_id(first.site, keys[first.index], first.hand_id, first.source)
                    if first.live:
                        live.append((sid, session, judged))  # judged across tables below
                    else:
                        record(sid, session, judged)
            del views
        # live sessions last: a player at two tables of one room at once (SE07)
        owner = {v.index: judged for _, session, judged in live for v in session}
        for f in seated_at_two_tables([session for _, session, _ in live], judges.enabled):
            owner[f.hand.index].findings.append(f)
        for sid, session, judged in live:
            record(sid, session, judged)
    writer.close()
    # the hands parts again, with the session columns and the counts
    # (a part reused by --incremental already counts its earlier session findings in
    # n_findings: n_session_findings says how many to take off)
    ids = pa.array(session_of, pa.string())
    for k, name in enumerate(parts):
        lo, hi = bounds[k], bounds[k + 1]
        path = tmp / "hands" / name
        table = pq.read_table(path)
        earlier = pc.fill_null(table["n_session_findings"], 0) if "n_session_findings" in table.column_names else 0
        n_own = pc.subtract(pc.fill_null(table["n_findings"], 0), earlier).to_numpy()
        new = found_of[lo:hi]
        table = _set(table, "session_id", ids.slice(lo, hi - lo))
        table = _set(table, "session_seq", pa.array(seq_of[lo:hi], pa.int64(),
                                                    mask=seq_of[lo:hi] < 0))
        table = _set(table, "n_session_findings", pa.array(new, pa.int64()))
        table = _set(table, "n_findings", pa.array(n_own + new, pa.int64()))
        write_atomic(with_metadata(table.cast(SCHEMAS["hands"]).replace_schema_metadata(None), "hands"), path)
    return totals


# ------------------------------------------------------------------------ reading


def _read(tmp: Path, parts: list[str]) -> tuple[Any, Any, Any, list[int]]:
    """The needed columns of every part, each row with `h`: the hand's row in all hands."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from ..tables import SCHEMAS

    hands, seats, posts, bounds = [], [], [], [0]
    for name in parts:
        h = pq.read_table(tmp / "hands" / name, columns=_HAND_COLUMNS)
        lo = bounds[-1]
        bounds.append(lo + len(h))
        idx = pa.array(range(lo, lo + len(h)), pa.int64())
        hands.append(h.append_column("h", idx))
        keys = pa.table({"hand_id": h["hand_id"], "source": h["source"], "h": idx})
        s = pq.read_table(tmp / "seats" / name, columns=["hand_id", "source", "seat", "player", "position",
                                                            "stack_start", "net", "added"])
        seats.append(s.join(keys, ["hand_id", "source"], join_type="inner", use_threads=False)
                     .drop_columns(["hand_id", "source"]))
        a = pq.read_table(tmp / "actions" / name, columns=["hand_id", "source", "seq", "line", "seat", "action",
                                                              "amount", "to_amount"])
        wanted = pa.array([*_POSTS, *ADD_ACTIONS, *REMOVE_ACTIONS], pa.string())
        a = a.filter(pc.is_in(a["action"].cast(pa.string()), value_set=wanted))
        posts.append(a.join(keys, ["hand_id", "source"], join_type="inner", use_threads=False)
                     .drop_columns(["hand_id", "source"]))
    if not hands:
        empty = SCHEMAS["hands"].empty_table().select(_HAND_COLUMNS).append_column("h", pa.array([], pa.int64()))
        return empty, None, None, bounds
    return (pa.concat_tables(hands).combine_chunks(), pa.concat_tables(seats).combine_chunks(),
            pa.concat_tables(posts).combine_chunks(), bounds)


def _by_rank(table: Any, rank: Any, second: str, n: int) -> tuple[Any, Any]:
    """`table`'s rows in session order (its hands' ranks, then `second`), and where each
    rank's rows start."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    r = rank[table["h"].to_numpy()] if len(table) else np.zeros(0, dtype=np.int64)
    t = table.append_column("rank", pa.array(r, pa.int64()))
    t = t.take(pc.sort_indices(t, sort_keys=[("rank", "ascending"), (second, "ascending")]))
    starts = np.searchsorted(t["rank"].to_numpy(), np.arange(n + 1))
    return t, starts


BATCH_HANDS = 20_000
"""Hands turned into Python objects at a time (whole runs of one table; a longer run is
one batch of its own)."""


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


def _views(hands: Any, lo: int, hi: int, seats: Any, seat_at: Any, posts: Any, post_at: Any) -> list[HandView]:
    """The hands of ranks lo..hi as HandViews, each column read once for the batch."""
    h = hands.slice(lo, hi - lo)
    cols = [h[c].to_pylist() for c in ("h", *_HAND_COLUMNS)]
    views = [HandView(x, hid or "", src, line or 0, kind or "", fmt in LIVE_FORMATS, status == "audited",
                      started, button, max_seats or 0, sb or 0, bb or 0, scale or 0, fmt or "", site or "", tid,
                      table, room or "")
             for (x, hid, site, fmt, src, line, kind, scale, sb, bb, started, table, max_seats, button, status,
                  tid, _game, room) in zip(*cols)]
    # a hand's seats are the rows seat_at[i]..seat_at[i + 1]: one dict per hand, built
    # from slices of the columns (a seat written twice keeps its last row, as assignment does)
    base = int(seat_at[lo])
    s = seats.slice(base, int(seat_at[hi]) - base)
    nums, players, positions, stacks, nets, adds = (s[c].to_pylist() for c in (
        "seat", "player", "position", "stack_start", "net", "added"))
    seat_views = [SeatView(seat, player or "", stack or 0, net or 0, pos != "out")
                  for seat, player, pos, stack, net in zip(nums, players, positions, stacks, nets)]
    starts = (seat_at[lo:hi + 1] - base).tolist()
    for v, a, b in zip(views, starts, starts[1:]):
        if a != b:
            v.seats = dict(zip(nums[a:b], seat_views[a:b]))
    if any(adds):
        ranks = s["rank"].to_pylist()
        for rk, seat, added in zip(ranks, nums, adds):
            if added:  # a rebuy or top-up the log wrote on its own line (seats.added)
                v = views[rk - lo]
                v.added[seat] = v.added.get(seat, 0) + added
    p = posts.slice(post_at[lo], post_at[hi] - post_at[lo])
    for rk, seat, action, amount, to, line in zip(*(p[c].to_pylist() for c in ("rank", "seat", "action", "amount",
                                                                               "to_amount", "line"))):
        if seat is None:
            continue
        v = views[rk - lo]
        if action in ADD_ACTIONS or action in REMOVE_ACTIONS:
            sign = 1 if action in ADD_ACTIONS else -1
            v.added[seat] = v.added.get(seat, 0) + sign * (amount or 0)
            continue
        live = 0 if action == "post_ante" else amount if action != "post_dead" else (to if to is not None else amount)
        v.posts.append(Posted(seat, action, amount or 0, live or 0, line or v.line))
    return views


# ------------------------------------------------------------------------ sessions


def _order(hands: Any) -> tuple[list[int], list[str]]:
    """The hands in session order, and each hand's table key.

    Online: by site, kind, tournament and table name, then time (hands without a time or a
    table name are keyed by their file too and kept in file order), hand id (digits aligned), file and line.
    Live logs: by file and table, in the order written."""
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
    micros = pc.cast(hands["started_at"], pa.int64())
    when = pc.if_else(by_file, hands["line"], pc.fill_null(micros, 0))
    idpad = pc.utf8_lpad(text("hand_id"), 32, "0")
    t = pa.table({"key": key, "when": when, "id": idpad, "source": text("source"), "line": hands["line"]})
    order = pc.sort_indices(t, sort_keys=[("key", "ascending"), ("when", "ascending"), ("id", "ascending"),
                                          ("source", "ascending"), ("line", "ascending")])
    return order.to_pylist(), key.to_pylist()


def _cuts(hands: Any, keys: list[str], judges: _Judges) -> list[int]:
    """Where, in session order, a new run of one table starts: a new table key, a table idle
    longer than the profile's `session_gap`, a cash game's new game or stakes, a new game."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    n = len(hands)
    if n == 0:
        return []
    key = np.asarray(pa.array([keys[h] for h in hands["h"].to_pylist()], pa.string())
                     .dictionary_encode().indices.to_numpy(zero_copy_only=False))
    micros = pc.cast(hands["started_at"], pa.int64())
    t = pc.fill_null(micros, 0).to_numpy()
    has_t = pc.is_valid(micros).to_numpy(zero_copy_only=False)
    live = pc.is_in(hands["format"], value_set=pa.array(sorted(LIVE_FORMATS), pa.string())).to_numpy(
        zero_copy_only=False)
    gap = np.where(live, judges.profile("live").session_gap, judges.profile("").session_gap) * 60_000_000
    cash = pc.equal(pc.fill_null(hands["kind"], ""), "cash").to_numpy(zero_copy_only=False)

    def codes(col: str) -> Any:
        return np.asarray(pc.fill_null(hands[col].cast(pa.string()), "").combine_chunks().dictionary_encode().indices)

    game, sb, bb = codes("game"), pc.fill_null(hands["sb"], -1).to_numpy(), pc.fill_null(hands["bb"], -1).to_numpy()
    new = np.zeros(n, dtype=bool)
    new[0] = True
    new[1:] = ((key[1:] != key[:-1])
               | (has_t[1:] & has_t[:-1] & (t[1:] - t[:-1] > gap[1:]))
               | (game[1:] != game[:-1])
               | (cash[1:] & ((sb[1:] != sb[:-1]) | (bb[1:] != bb[:-1]))))
    return [int(i) for i in np.flatnonzero(new)]


def _split(views: list[HandView]) -> Iterator[list[HandView]]:
    """Cut a run where two consecutive hands share fewer than half the players of the
    smaller (a fast-fold pool's next table, or a table name used again): a new table."""
    session: list[HandView] = []
    a: set[str] = set()
    for v in views:
        b = {x.player for x in v.seats.values()}  # kept as the next hand's `a`
        if session and a and b and not anonymous(v) and len(a & b) * 2 < min(len(a), len(b)):
            yield session
            session = []
        session.append(v)
        a = b
    if session:
        yield session


def _session_id(site: str, key: str, hand_id: str, source: str) -> str:
    """A session's id: its site, table and first hand, and the source only where hand ids
    are the file's own (live logs), so the same hands read from an archive or another path
    give the same id."""
    digest = hashlib.sha1(f"{site}\x1f{key}\x1f{hand_id}\x1f{scope(site, source)}".encode()).hexdigest()
    return f"S{digest[:11]}"


class _Judges:
    def __init__(self, options: Options) -> None:
        self.options = options
        self.enabled = select(RULES, options.select, options.ignore) & {r.code for r in SESSION_RULES}
        self._profiles: dict[str, Profile] = {}
        self._judges: dict[str, SessionJudge] = {}

    def _name(self, fmt: str | None) -> str:
        return self.options.profile or ("tda-2024" if fmt in LIVE_FORMATS else "online")

    def profile(self, fmt: str | None) -> Profile:
        name = self._name(fmt)
        p = self._profiles.get(name)
        if p is None:
            p = self._profiles[name] = get_profile(name, **dict(self.options.overrides))
        return p

    def judge(self, fmt: str | None, session: list[HandView]) -> Judged:
        name = self._name(fmt)
        j = self._judges.get(name)
        if j is None:
            j = self._judges[name] = SessionJudge(self.profile(fmt), self.enabled)
        return j.judge(session)


# ------------------------------------------------------------------------ writing


class _Writer:
    """The sessions rows and the session findings, written in parts of ROWS_PER_PART."""

    def __init__(self, tmp: Path) -> None:
        from ..tables import SCHEMAS

        self.tmp = tmp
        self.rows: dict[str, list[dict[str, Any]]] = {"sessions": [], "findings": []}
        self.parts: Counter[str] = Counter()
        self.schemas = {t: SCHEMAS[t] for t in self.rows}

    def session(self, sid: str, first: HandView, last: HandView, session: list[HandView], judged: Judged) -> None:
        players = {s.player for v in session for s in v.seats.values()}
        self._add("sessions", {
            "session_id": sid, "site": first.site, "format": first.format, "kind": first.kind,
            "tournament_id": first.tournament_id, "table_name": first.table_name,
            "source": first.source, "first_hand_id": first.hand_id, "first_source": first.source,
            "last_hand_id": last.hand_id, "last_source": last.source, "started_at": first.started_at,
            "ended_at": last.started_at, "hands": len(session), "pairs": judged.pairs,
            "pairs_judged": judged.pairs_judged, "players": 0 if anonymous(first) else len(players),
            "n_findings": len(judged.findings)})

    def findings(self, judged: Judged) -> None:
        for f in judged.findings:
            r = f.rule
            self._add("findings", {
                "hand_id": f.hand.hand_id, "source": f.hand.source, "line": f.line or f.hand.line, "seq": -1,
                "rule": r.code, "name": r.name, "category": r.category.value, "severity": f.severity,
                "seat": f.seat, "player": f.player, "expected": f.expected, "actual": f.actual,
                "message": f.message or r.summary(), "citation": r.citation})

    def _add(self, table: str, row: dict[str, Any]) -> None:
        rows = self.rows[table]
        rows.append(row)
        if len(rows) >= ROWS_PER_PART:
            self._flush(table)

    def _flush(self, table: str) -> None:
        import pyarrow as pa

        from ..tables import with_metadata

        rows = self.rows[table]
        t = pa.Table.from_pylist(rows, schema=self.schemas[table])
        write_atomic(with_metadata(t, table), self.tmp / table / SESSIONS_PART.format(self.parts[table]))
        self.parts[table] += 1
        rows.clear()

    def close(self) -> None:
        for table, rows in self.rows.items():
            if rows or (table == "sessions" and not self.parts[table]):
                self._flush(table)


def _set(table: Any, name: str, values: Any) -> Any:
    i = table.schema.get_field_index(name)
    if i < 0:
        return table.append_column(name, values)
    return table.set_column(i, name, values)
