"""The dataset: explicit Arrow schemas for the five tables, rows from audited hands, and an
atomic Parquet writer (temporary folder, then rename)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from .engine.audited import ActionRow, AuditedHand
from .identity import identity
from .model import Act, ActionEvent, CollectEvent, Status, Street, StreetEvent

SCHEMA_VERSION: Final = "1.6"
"""Dataset schema version, `MAJOR` or `MAJOR.MINOR`, stored as `hhaudit.schema_version` in
every part file's metadata. A new MINOR only adds columns; a new MAJOR changes or removes
one, and `hhaudit.read` refuses datasets of a newer major version than its own."""
TABLES: Final = ("hands", "seats", "actions", "pots", "findings")

# The columns the contract (/shared/spec/contract.md section 2) requires, per table.
CONTRACT_COLUMNS: Final[dict[str, tuple[str, ...]]] = {
    "hands": ("hand_id", "site", "format", "source", "line", "game", "kind", "currency", "scale",
              "sb", "bb", "ante", "started_at", "tz", "table_name", "max_seats", "button_seat",
              "n_players", "total_pot", "rake", "board", "status", "n_findings", "session_id",
              "session_seq"),
    "seats": ("hand_id", "source", "seat", "player", "position", "stack_start", "contributed",
              "collected", "net", "hole_cards", "showed", "vpip", "pfr"),
    "actions": ("hand_id", "source", "seq", "line", "street", "run", "seat", "player", "action",
                "amount", "to_amount", "all_in"),
    "pots": ("hand_id", "source", "pot", "run", "amount", "eligible", "winners",
             "expected_winners", "paid", "expected", "ok", "half"),
    "findings": ("hand_id", "source", "line", "seq", "rule", "name", "category", "severity",
                 "seat", "player", "expected", "actual", "message", "citation"),
    "sessions": ("session_id", "site", "table_name", "first_hand_id", "last_hand_id", "started_at",
                 "ended_at", "hands", "players", "n_findings"),
}

_I64: Final = pa.int64()
_STR: Final = pa.string()

SCHEMAS: Final[dict[str, pa.Schema]] = {
    "hands": pa.schema([
        ("hand_id", _STR), ("site", _STR), ("format", _STR), ("source", _STR), ("line", _I64),
        ("game", _STR), ("kind", _STR), ("currency", _STR), ("scale", pa.int8()),
        ("sb", _I64), ("bb", _I64), ("ante", _I64), ("started_at", pa.timestamp("us", tz="UTC")),
        ("tz", _STR), ("table_name", _STR), ("max_seats", _I64), ("button_seat", _I64),
        ("n_players", _I64), ("total_pot", _I64), ("rake", _I64), ("board", _STR),
        ("status", _STR), ("n_findings", _I64), ("tournament_id", _STR), ("end_line", _I64),
        ("cap", _I64), ("dealer", _STR), ("shift", _STR),
        ("session_id", _STR), ("session_seq", _I64), ("n_session_findings", _I64), ("room", _STR),
        ("id_key", _STR), ("fingerprint", _STR),
        ("not_judged", pa.list_(_STR)),
    ]),
    "seats": pa.schema([
        ("hand_id", _STR), ("source", _STR), ("seat", _I64), ("player", _STR), ("position", _STR),
        ("stack_start", _I64), ("contributed", _I64), ("collected", _I64), ("net", _I64),
        ("hole_cards", _STR), ("showed", pa.bool_()), ("vpip", pa.bool_()), ("pfr", pa.bool_()),
        ("cards_from", _STR), ("added", _I64),
    ]),
    "actions": pa.schema([
        ("hand_id", _STR), ("source", _STR), ("seq", _I64), ("line", _I64), ("street", _STR),
        ("run", _I64), ("seat", _I64), ("player", _STR), ("action", _STR), ("amount", _I64),
        ("to_amount", _I64), ("all_in", pa.bool_()),
    ]),
    "pots": pa.schema([
        ("hand_id", _STR), ("source", _STR), ("pot", _I64), ("run", _I64), ("amount", _I64),
        ("eligible", pa.list_(_I64)), ("winners", pa.list_(_I64)),
        ("expected_winners", pa.list_(_I64)), ("paid", pa.list_(_I64)),
        ("expected", pa.list_(_I64)), ("ok", pa.bool_()), ("half", _STR),
    ]),
    "findings": pa.schema([
        ("hand_id", _STR), ("source", _STR), ("line", _I64), ("seq", _I64), ("rule", _STR),
        ("name", _STR), ("category", _STR), ("severity", _STR), ("seat", _I64), ("player", _STR),
        ("expected", _STR), ("actual", _STR), ("message", _STR), ("citation", _STR),
        ("caused_by", _I64), ("expected_amount", _I64), ("actual_amount", _I64),
        # the hand's context, so that a finding needs no join to say where and when
        ("site", _STR), ("table_name", _STR), ("started_at", pa.timestamp("us", tz="UTC")),
        ("session_id", _STR),
    ]),
    # written by the session pass (hhaudit/sessions), one row per table session
    "sessions": pa.schema([
        ("session_id", _STR), ("site", _STR), ("format", _STR), ("kind", _STR),
        ("tournament_id", _STR), ("table_name", _STR), ("source", _STR),
        ("first_hand_id", _STR), ("first_source", _STR), ("last_hand_id", _STR),
        ("last_source", _STR), ("started_at", pa.timestamp("us", tz="UTC")),
        ("ended_at", pa.timestamp("us", tz="UTC")), ("hands", _I64), ("pairs", _I64),
        ("pairs_judged", _I64), ("players", _I64), ("n_findings", _I64), ("cut_reason", _STR),
    ]),
}
SESSIONS: Final = "sessions"
"""The table of table sessions, written after the units by `hhaudit.sessions`."""


_POSITIONS: Final[dict[tuple[tuple[int, ...], int | None, int | None], dict[int, str]]] = {}
"""positions' answers: a table's seats and button repeat from hand to hand."""


def positions(order: list[int], button: int | None, sb: int | None) -> dict[int, str]:
    """Position names clockwise from the button: BTN, SB, BB, UTG, UTG+1, ..., MP, HJ, CO.
    Cached: the dictionary returned is shared, and must not be changed."""
    key = (tuple(order), button, sb)
    names = _POSITIONS.get(key)
    if names is None:
        if len(_POSITIONS) >= 4096:
            _POSITIONS.clear()
        names = _POSITIONS[key] = _positions(order, button, sb)
    return names


def _positions(order: list[int], button: int | None, sb: int | None) -> dict[int, str]:
    if not order:
        return {}
    if button is None or button not in order:
        if sb is not None and sb in order:
            i = order.index(sb)
            button = order[i - 1] if len(order) > 2 else sb
        else:
            return {}
    i = order.index(button)
    ring = order[i:] + order[:i]
    names: dict[int, str] = {}
    if len(ring) == 2:
        names[ring[0]] = "BTN"
        names[ring[1]] = "BB"
        return names
    names[ring[0]] = "BTN"
    rest = ring[1:]
    late = ["CO", "HJ", "MP"]
    for k, seat in enumerate(rest):
        if k == 0:
            names[seat] = "SB"
        elif k == 1:
            names[seat] = "BB"
        else:
            names[seat] = ""
    middle = [s for s in rest[2:]]
    tail = list(reversed(middle))
    for k, seat in enumerate(tail):
        if k < len(late) and len(middle) - k > 1:
            names[seat] = late[k]
    utg = [s for s in middle if not names[s]]
    for k, seat in enumerate(utg):
        names[seat] = "UTG" if k == 0 else f"UTG+{k}"
    return names


_FINDING_FIELDS: Final = SCHEMAS["findings"].names[:SCHEMAS["findings"].names.index("site")]
"""The `findings` columns a `Finding` holds; the hand's context follows them."""


class Rows:
    """The five tables' columns, as one list per column in schema order, filled hand by hand;
    `tables()` turns each list into an Arrow array once per batch."""

    def __init__(self) -> None:
        self.columns: dict[str, list[list[Any]]] = {t: [[] for _ in SCHEMAS[t]] for t in TABLES}
        # the actions table, the largest, gets hand_id and source once per hand, with the
        # hand's number of rows: tables() repeats them
        self.action_hands: list[tuple[str, str, int]] = []
        self.count = 0

    def mark(self) -> tuple[int, ...]:
        """Where the rows stand: `rollback` to it drops what one failed `add` appended."""
        c = self.columns
        # the actions' first two columns are filled by `tables()`: count the third
        return (self.count, len(self.action_hands), len(c["hands"][0]), len(c["seats"][0]),
                len(c["actions"][2]), len(c["pots"][0]), len(c["findings"][0]))

    def rollback(self, mark: tuple[int, ...]) -> None:
        self.count = mark[0]
        del self.action_hands[mark[1]:]
        for t, n in zip(TABLES, mark[2:]):
            for col in self.columns[t]:
                del col[n:]

    def add(self, audited: AuditedHand, ident: tuple[str | None, str] | None = None) -> None:
        """Append the audited hand's rows; `ident` is its `identity.identity` when the caller
        has it already (the unit's copy check computed it)."""
        h = audited.hand
        self.count += 1
        state = audited.state
        hid, src = h.hand_id, h.source
        board = ""
        for ev in reversed(h.events):
            if isinstance(ev, StreetEvent) and ev.board:
                board = " ".join(ev.board)
                break
        if not board and h.summary.boards:
            board = " ".join(h.summary.boards[0])
        dealt = [s for s in state.seats.values() if s.dealt_in] if state else []
        row = (
            hid, h.site, h.format, src, h.line, h.game if h.status is Status.AUDITED else (h.variant or h.game),
            h.kind, h.currency, h.scale, h.sb, h.bb, h.ante, h.started_at, h.tz, h.table_name,
            h.max_seats, h.button_seat, len(dealt) if state else len(h.seats), h.summary.total_pot,
            h.summary.rake, board, h.status.value, len(audited.findings), h.tournament_id, h.end_line,
            h.cap or None, h.dealer, h.shift,
            None, None, None,  # session_id, session_seq, n_session_findings: the session pass
            h.room or None,
            *(ident if ident is not None else identity(h)),  # id_key, fingerprint: the copy check (`pipeline.dedupe`)
            h.not_judged,
        )
        for col, value in zip(self.columns["hands"], row):
            col.append(value)
        if audited.findings:
            columns = self.columns["findings"]
            context = (h.site, h.table_name, h.started_at, None)  # session_id: the session pass
            for f in audited.findings:
                for col, name in zip(columns, _FINDING_FIELDS):
                    col.append(getattr(f, name))
                for col, value in zip(columns[len(_FINDING_FIELDS):], context):
                    col.append(value)
        if state is None:
            return
        if audited.actions:
            self._add_actions(audited.actions)
            self.action_hands.append((hid, src, len(audited.actions)))
        if audited.pots:
            (c_hand, c_source, c_pot, c_run, c_amount, c_eligible, c_winners, c_expected_winners, c_paid,
             c_expected, c_ok, c_half) = self.columns["pots"]
            for p in audited.pots:
                c_hand.append(hid)
                c_source.append(src)
                c_pot.append(p.index)
                c_run.append(p.run)
                c_amount.append(p.amount)
                c_eligible.append(p.eligible)
                c_winners.append(p.winners)
                c_expected_winners.append(p.expected_winners)
                c_paid.append(p.paid)
                c_expected.append(p.expected)
                c_ok.append(p.ok)
                c_half.append(p.half)
        # seats
        collected: dict[int, int] = {}
        known = audited.cards
        vpip: set[int] = set()
        pfr: set[int] = set()
        preflop = True
        for ev in h.events:
            if isinstance(ev, ActionEvent):
                if preflop:
                    act = ev.act
                    if act is Act.CALL or act is Act.BET or act is Act.RAISE:
                        vpip.add(ev.seat)
                        if act is not Act.CALL:
                            pfr.add(ev.seat)
            elif isinstance(ev, CollectEvent):
                collected[ev.seat] = collected.get(ev.seat, 0) + ev.amount
            elif isinstance(ev, StreetEvent) and ev.street is not Street.PREFLOP:
                preflop = False
        pos = positions([s.seat for s in dealt], state.button, state.sb_seat)
        start = {s.seat: s.stack for s in h.seats}
        (c_hand, c_source, c_seat, c_player, c_position, c_stack, c_contributed, c_collected, c_net,
         c_hole, c_showed, c_vpip, c_pfr, c_cards_from, c_added) = self.columns["seats"]
        added = {s.seat: s.added for s in h.seats if s.added}
        unseen = audited.unseen_returns
        for seat in sorted(state.seats):
            s = state.seats[seat]
            contributed = s.total - unseen[seat] if unseen and seat in unseen else s.total
            got = collected.get(seat, 0)
            c_hand.append(hid)
            c_source.append(src)
            c_seat.append(seat)
            c_player.append(s.player)
            c_position.append(pos.get(seat, "") if s.dealt_in else "out")
            c_stack.append(start.get(seat, 0))
            c_contributed.append(contributed)
            c_collected.append(got)
            c_net.append(got - contributed)
            k = known.get(seat)
            if k is not None and k.cards:
                c_hole.append(" ".join(k.cards))
                c_cards_from.append(k.source)
            else:
                c_hole.append(None)
                c_cards_from.append(None)
            c_showed.append(k is not None and k.tabled and bool(k.cards))
            c_vpip.append(seat in vpip)
            c_pfr.append(seat in pfr)
            c_added.append(added.get(seat, 0))

    def _add_actions(self, actions: list[ActionRow]) -> None:
        (_, _, c_seq, c_line, c_street, c_run, c_seat, c_player, c_action, c_amount, c_to,
         c_all_in) = self.columns["actions"]
        for a in actions:
            c_seq.append(a.seq)
            c_line.append(a.line)
            c_street.append(a.street)
            c_run.append(a.run)
            c_seat.append(a.seat)
            c_player.append(a.player)
            c_action.append(a.action)
            c_amount.append(a.amount)
            c_to.append(a.to_amount)
            c_all_in.append(a.all_in)

    def tables(self) -> dict[str, pa.Table]:
        out: dict[str, pa.Table] = {}
        for t in TABLES:
            schema = SCHEMAS[t]
            columns = self.columns[t]
            if not columns[-1]:
                out[t] = schema.empty_table()
                continue
            arrays = [pa.array(col, type=f.type) for col, f in zip(columns, schema, strict=True)]
            if t == "actions":
                # hand_id and source: one value per hand, repeated over its rows by Arrow
                hands = self.action_hands
                take = pa.array(np.repeat(np.arange(len(hands)), [n for _, _, n in hands]))
                arrays[0] = pa.array([h for h, _, _ in hands], _STR).take(take)
                arrays[1] = pa.array([s for _, s, _ in hands], _STR).take(take)
            out[t] = pa.Table.from_arrays(arrays, schema=schema)
        return out


def empty_tables() -> dict[str, pa.Table]:
    return {t: SCHEMAS[t].empty_table() for t in TABLES}


def with_metadata(table: pa.Table, name: str) -> pa.Table:
    meta = dict(table.schema.metadata or {})
    meta[b"hhaudit.schema_version"] = SCHEMA_VERSION.encode()
    meta[b"hhaudit.table"] = name.encode()
    return table.replace_schema_metadata(meta)


class DatasetWriter:
    """Writes part files of each table into a temporary folder beside OUT and puts it in
    place of OUT on `commit()`; `abort()` (or an exception) leaves the old OUT untouched.

    OUT must be absent, empty or an hhaudit dataset, and not overlap `inputs`
    (`hhaudit.outdir`): otherwise OutputRefused, before anything is written."""

    def __init__(self, out: str | os.PathLike[str], part_prefix: str = "part",
                 inputs: Iterable[str | os.PathLike[str]] = ()) -> None:
        from .outdir import check_out, hold, tmp_prefix, write_marker

        self.given = Path(out)
        self.out = check_out(self.given, [Path(p) for p in inputs])
        self.out.parent.mkdir(parents=True, exist_ok=True)
        self.tmp = Path(tempfile.mkdtemp(prefix=tmp_prefix(self.out), dir=self.out.parent))
        self._held: int | None = None
        try:
            self._held = hold(self.tmp)
            for t in TABLES:
                (self.tmp / t).mkdir()
            write_marker(self.tmp, SCHEMA_VERSION)
        except BaseException:
            self.abort()
            raise
        self.prefix = part_prefix
        self.parts = 0

    def write(self, tables: dict[str, pa.Table]) -> None:
        for name, table in tables.items():
            (self.tmp / name).mkdir(exist_ok=True)
            pq.write_table(with_metadata(table, name), self.tmp / name / f"{self.prefix}-{self.parts:05d}.parquet")
        self.parts += 1

    def commit(self) -> Path:
        from .outdir import commit

        if self.parts == 0:
            self.write(empty_tables())
        commit(self.tmp, self.out)
        self._release()
        return self.given

    def abort(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)
        self._release()

    def _release(self) -> None:
        from .outdir import release

        release(self._held)
        self._held = None


def write_dataset(out: str | os.PathLike[str], batches: Iterable[dict[str, pa.Table]]) -> Path:
    w = DatasetWriter(out)
    try:
        for b in batches:
            w.write(b)
        return w.commit()
    except BaseException:
        w.abort()
        raise
