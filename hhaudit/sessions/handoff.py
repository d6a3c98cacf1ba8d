"""What a unit hands the session pass, for the part it writes: the pass's inputs (the
columns of its hands the session rules read, their seats and their posts, each row with its
hand's row `h`) and the part's own sessions, judged by the unit.

The unit writes them (`write`, from the tables it holds) as small Arrow IPC files in the
run's `HANDOFF` folder, so the pass (`read`) neither decodes the part's Parquet columns again
nor matches its seats and actions to their hands, and judges again only the tables whose
hands more than one part holds (`passes`). A part the pass finds nothing for, or whose hands
changed after its unit wrote them (a copy dropped by `dedupe`: the count differs), is read
from its Parquet files (`from_parquet`) and judged by the pass, as is every part reused by
`--incremental`: the result is the same either way (`tests/test_sessions_handoff.py`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..pipeline.parts import read_part
from .judge import ADD_ACTIONS, REMOVE_ACTIONS

HANDOFF = ".sessions-handoff"
"""The folder of the run's temporary dataset that holds what the units hand the pass (the
pass removes it)."""
HAND_COLUMNS = ["hand_id", "site", "format", "source", "line", "kind", "scale", "sb", "bb",
                "started_at", "table_name", "max_seats", "button_seat", "status", "tournament_id", "game", "room"]
SEAT_COLUMNS = ["hand_id", "source", "seat", "player", "position", "stack_start", "net", "added"]
ACTION_COLUMNS = ["hand_id", "source", "seq", "line", "seat", "action", "amount", "to_amount"]
POSTS = ("post_sb", "post_bb", "post_dead", "post_straddle", "post_ante")
KINDS = ("hands", "seats", "posts")
"""The inputs' tables."""
JUDGED = ("results", "sessions", "findings")
"""The tables of a part's sessions judged by its unit: per hand (`h`) its session id, place
and session findings; the sessions rows; the session findings, each with its session id."""
_ROWS = b"hhaudit.hands"
"""The schema metadata key of a handed-over file: how many hands its part held."""


def flat(values: Any) -> Any:
    """One Arrow array of a column's chunks."""
    return values.combine_chunks() if hasattr(values, "chunks") else values


def of_tables(hands: Any, seats: Any, actions: Any, start: int) -> tuple[Any, Any, Any]:
    """The inputs of a part whose hands, seats and actions tables are given (the part's
    first hand being row `start` of all hands): the hands' `HAND_COLUMNS` with `h`, their
    seats and their posts (and chips brought or taken off) with their hand's `h`."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    h = hands.select(HAND_COLUMNS).replace_schema_metadata(None)
    idx = pa.array(np.arange(start, start + len(h), dtype=np.int64))
    h = h.append_column("h", idx)
    of_hand = _Matcher(h, idx)
    s = of_hand.rows(seats.select(SEAT_COLUMNS), "seat")
    a = actions.select(ACTION_COLUMNS)
    wanted = pa.array([*POSTS, *ADD_ACTIONS, *REMOVE_ACTIONS], pa.string())
    action = flat(a["action"])
    if pa.types.is_dictionary(action.type):  # as `from_parquet` reads it: no string is made
        a = a.filter(pc.take(pc.is_in(action.dictionary, value_set=wanted), action.indices))
        a = a.set_column(a.schema.get_field_index("action"), "action", a["action"].cast(pa.string()))
    else:
        a = a.filter(pc.fill_null(pc.is_in(action, value_set=wanted), False))
    a = without_antes(of_hand.rows(a, "seq"), s, start, len(h))
    return h, s.replace_schema_metadata(None), a.replace_schema_metadata(None)


def from_parquet(tmp: Path, name: str, start: int, hands: Any = None) -> tuple[Any, Any, Any]:
    """The inputs of part `name` of the dataset in `tmp`, read from its Parquet files (the
    hands part already read whole may be given)."""
    if hands is None:
        hands = read_part(tmp / "hands" / name, columns=HAND_COLUMNS)
    seats = read_part(tmp / "seats" / name, columns=SEAT_COLUMNS, dictionary=["hand_id", "source"])
    actions = read_part(tmp / "actions" / name, columns=ACTION_COLUMNS, dictionary=["hand_id", "source", "action"])
    return of_tables(hands, seats, actions, start)


def _path(tmp: Path, name: str, kind: str) -> Path:
    return tmp / HANDOFF / f"{name.removesuffix('.parquet')}.{kind}.arrow"


def write(tmp: Path, name: str, tables: dict[str, Any], n: int) -> None:
    """Write the `tables` (by kind) the unit hands over for part `name` (of `n` hands), each
    file under a temporary name first, so a file of its name is whole."""
    import os

    import pyarrow as pa

    (tmp / HANDOFF).mkdir(exist_ok=True)
    rows = str(n).encode()
    for kind, table in tables.items():
        path = _path(tmp, name, kind)
        part = path.with_name(path.name + ".tmp")
        with pa.OSFile(str(part), "wb") as f, pa.ipc.new_file(f, table.schema.with_metadata({_ROWS: rows})) as w:
            w.write_table(table)
        os.replace(part, path)


def read(tmp: Path, name: str, start: int, n: int, kinds: tuple[str, ...] = KINDS) -> list[Any] | None:
    """The tables of `kinds` the unit handed over for part `name` (of `n` hands, the first
    being row `start`), `h` counted from `start`; None when there are none or the part's
    hands changed."""
    import pyarrow as pa
    import pyarrow.compute as pc

    paths = [_path(tmp, name, kind) for kind in kinds]
    if not all(p.exists() for p in paths):
        return None
    out = []
    for p in paths:
        with pa.memory_map(str(p)) as source:
            table = pa.ipc.open_file(source).read_all()
        meta = table.schema.metadata or {}
        if meta.get(_ROWS) != str(n).encode():
            return None
        table = table.replace_schema_metadata(None)
        at = table.schema.get_field_index("h")
        if start and at >= 0:
            table = table.set_column(at, "h", pc.add(table["h"], pa.scalar(start, pa.int64())))
        out.append(table)
    return out


def without_antes(posts: Any, seats: Any, start: int, n: int) -> Any:
    """A part's posts less the antes of the hands that pay someone (hands `start`..`start + n`
    by `h`). No session rule reads an ante but `judge.only_posts`, which only a hand paying
    no one (`judge.unpaid`) reaches; every other rule reads the blinds, dead posts and
    straddles (`HandView.posted` leaves antes out). A tournament's antes are most of its
    posts (one a seat a hand): dropping them here keeps them out of the buckets, their
    sorting and the views."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    from . import screen as screening

    if not len(posts):
        return posts
    ante = np.asarray(pc.fill_null(pc.equal(posts["action"], "post_ante"), False).to_numpy(zero_copy_only=False),
                      dtype=bool)
    if not ante.any():
        return posts
    at = seats["h"].to_numpy() - start
    net = np.asarray(pc.fill_null(seats["net"], 0).to_numpy(zero_copy_only=False), dtype=np.int64)
    seat = np.asarray(pc.fill_null(seats["seat"], -1).to_numpy(zero_copy_only=False), dtype=np.int64) + 1
    # a seat written twice counts its last row in `unpaid`: such a hand keeps its antes
    width = int(seat.max(initial=0)) + 1
    pairs = screening.distinct(at * width + seat) if len(at) else at
    twice = np.bincount(at, minlength=n) > np.bincount(pairs // width, minlength=n)
    keep = (np.bincount(at[net < 0], minlength=n) > 0) & ((np.bincount(at[net > 0], minlength=n) == 0) | twice)
    return posts.filter(pa.array(~ante | keep[posts["h"].to_numpy() - start]))


class _Matcher:
    """Rows of a part's seats or actions, given their hand's `h` (matched on hand id and
    source). Their hand ids and sources are read as the file's dictionaries, mapped to the
    hands' own codes and looked up as one integer a row: a part's strings are never made.

    Several hands of a part may share a hand id and source (different hands of one id in one
    file: AC08). The dataset's seats and actions rows name their hand by id and source only,
    but they are written hand by hand, each hand's in ascending order (seats by seat, actions
    by seq): the rows of such an id are cut where that order starts again, and when that
    gives as many runs as the id has hands, each run is its hand's, in order. Otherwise (a
    hand with no row, or two hands' rows in one ascending run) the rows cannot be told apart
    and are given to none of them (the pass judges those hands without seats or posts). An
    inner join gave each of the k hands the rows of all k, k * k times a hand's rows:
    50,000 hands of one id in one file passed 3.7 GB."""

    def __init__(self, hands: Any, h: Any) -> None:
        import numpy as np
        import pyarrow.compute as pc

        self.hands, self.h = hands, h
        self.h_np = np.asarray(h.to_numpy(zero_copy_only=False), dtype=np.int64)
        self.ids = pc.unique(flat(hands["hand_id"]))
        self.sources = pc.unique(flat(hands["source"]))
        self.width = len(self.ids) + 1
        key = self._key(flat(hands["hand_id"]), flat(hands["source"]))
        self.order = np.argsort(key, kind="stable")
        self.sorted = key[self.order]
        # a key several hands hold (at its leftmost place in `sorted`: the next is the same)
        self.shared = np.zeros(len(self.sorted), dtype=bool)
        if len(self.sorted) > 1:
            self.shared[:-1] = self.sorted[:-1] == self.sorted[1:]

    @staticmethod
    def _codes(values: Any, of: Any) -> Any:
        """Each value's place in `of` (numpy, -1 where none or null)."""
        import numpy as np
        import pyarrow as pa
        import pyarrow.compute as pc

        if pa.types.is_dictionary(values.type):
            mapped = np.asarray(pc.fill_null(pc.index_in(values.dictionary, value_set=of, skip_nulls=True), -1)
                                .to_numpy(zero_copy_only=False), dtype=np.int64)
            codes = np.asarray(pc.fill_null(values.indices, -1).to_numpy(zero_copy_only=False), dtype=np.int64)
            return np.where(codes >= 0, mapped[np.maximum(codes, 0)] if len(mapped) else -1, -1)
        return np.asarray(pc.fill_null(pc.index_in(values, value_set=of, skip_nulls=True), -1)
                          .to_numpy(zero_copy_only=False), dtype=np.int64)

    def _key(self, hand_id: Any, source: Any) -> Any:
        import numpy as np

        hid, src = self._codes(hand_id, self.ids), self._codes(source, self.sources)
        return np.where((hid >= 0) & (src >= 0), src * self.width + hid, -1)

    def rows(self, table: Any, order: str) -> Any:
        """The rows of `table` with their hand's `h` (`order`: the column each hand's rows
        ascend by)."""
        import numpy as np
        import pyarrow as pa
        import pyarrow.compute as pc

        table = table.combine_chunks()
        key = self._key(flat(table["hand_id"]), flat(table["source"]))
        at = np.searchsorted(self.sorted, key)  # the leftmost hand of the key
        inside = at < len(self.sorted)
        found = np.zeros(len(key), dtype=bool)
        found[inside] = (self.sorted[at[inside]] == key[inside]) & (key[inside] >= 0)
        shared = np.zeros(len(key), dtype=bool)
        shared[found] = self.shared[at[found]]
        if shared.any():
            sub = np.flatnonzero(shared)
            by_key = sub[np.argsort(key[sub], kind="stable")]  # each key's rows, in table order
            k = key[by_key]
            value = np.asarray(pc.fill_null(table[order], -1).to_numpy(zero_copy_only=False), dtype=np.int64)[by_key]
            first = np.ones(len(by_key), dtype=bool)
            first[1:] = k[1:] != k[:-1]
            new_run = first | np.append(True, value[1:] <= value[:-1])
            run = np.cumsum(new_run) - 1
            run -= run[np.flatnonzero(first)][np.cumsum(first) - 1]  # counted from each key's first run
            hands = np.searchsorted(self.sorted, k, side="right") - at[by_key]
            ends = np.append(np.flatnonzero(first)[1:], len(by_key)) - 1
            runs_of_key = run[ends] + 1
            runs = runs_of_key[np.cumsum(first) - 1]
            ok = runs == hands
            found[by_key[~ok]] = False
            at[by_key[ok]] += run[ok]
        out = table.drop_columns(["hand_id", "source"])
        if not found.all():
            out, at = out.filter(pa.array(found)), at[found]
        return out.append_column("h", pa.array(self.h_np[self.order[at]], pa.int64()))
