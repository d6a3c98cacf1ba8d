"""The dataset: contract columns and types, schema version, byte-identical reruns, pandas
dtypes, the `hh.units` accessor, DuckDB, and rows checked by hand against real hands.

Expected values are read off the hand histories by hand (quoted in comments), not copied
from the code's output."""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import hhaudit
from hhaudit.api import SchemaVersionError
from hhaudit.pipeline import Options, run
from hhaudit.parsing import to_sources
from hhaudit.tables import CONTRACT_COLUMNS, SCHEMA_VERSION, SCHEMAS, TABLES

from conftest_corpus import corpus

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "sample_histories"
CLEAN = SAMPLES / "pokerstars" / "clean-cash.txt"
RIT = "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/cash/Stars/Flop/NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt"
FOURBET = "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/cash/Stars/Flop/NLHE-FR-USD-0.01-0.02-201004.4betPF.txt"

# Contract section 2 types: money/chips int64, booleans bool, lists of int64, UTC timestamps.
EXPECTED_TYPES = {
    "hands": {"line": pa.int64(), "scale": pa.int8(), "sb": pa.int64(), "bb": pa.int64(),
              "ante": pa.int64(), "started_at": pa.timestamp("us", tz="UTC"), "max_seats": pa.int64(),
              "button_seat": pa.int64(), "n_players": pa.int64(), "total_pot": pa.int64(),
              "rake": pa.int64(), "n_findings": pa.int64(), "end_line": pa.int64(), "cap": pa.int64(),
              "session_seq": pa.int64(), "n_session_findings": pa.int64(), "not_judged": pa.list_(pa.string())},
    "seats": {"seat": pa.int64(), "stack_start": pa.int64(), "contributed": pa.int64(),
              "collected": pa.int64(), "net": pa.int64(), "added": pa.int64(), "showed": pa.bool_(), "vpip": pa.bool_(),
              "pfr": pa.bool_()},
    "actions": {"seq": pa.int64(), "line": pa.int64(), "run": pa.int64(), "seat": pa.int64(),
                "amount": pa.int64(), "to_amount": pa.int64(), "all_in": pa.bool_()},
    "pots": {"pot": pa.int64(), "run": pa.int64(), "amount": pa.int64(), "eligible": pa.list_(pa.int64()),
             "winners": pa.list_(pa.int64()), "expected_winners": pa.list_(pa.int64()),
             "paid": pa.list_(pa.int64()), "expected": pa.list_(pa.int64()), "ok": pa.bool_()},
    "findings": {"line": pa.int64(), "seq": pa.int64(), "seat": pa.int64(), "caused_by": pa.int64(),
                 "expected_amount": pa.int64(), "actual_amount": pa.int64(),
                 "started_at": pa.timestamp("us", tz="UTC")},
    "sessions": {"started_at": pa.timestamp("us", tz="UTC"), "ended_at": pa.timestamp("us", tz="UTC"),
                 "hands": pa.int64(), "pairs": pa.int64(), "pairs_judged": pa.int64(), "players": pa.int64(),
                 "n_findings": pa.int64()},
}


@pytest.mark.parametrize("name", (*TABLES, "sessions"))
def test_every_contract_column_has_an_explicit_type(name: str) -> None:
    schema = SCHEMAS[name]
    assert set(CONTRACT_COLUMNS[name]) <= set(schema.names), set(CONTRACT_COLUMNS[name]) - set(schema.names)
    for col in schema.names:
        t = schema.field(col).type
        assert not pa.types.is_null(t) and not pa.types.is_floating(t), (name, col, t)
        if col not in EXPECTED_TYPES[name]:
            assert t == pa.string(), (name, col, t)
    for col, t in EXPECTED_TYPES[name].items():
        assert schema.field(col).type == t, (name, col)


def _audit(paths: list[Path], out: Path) -> Path:
    run(list(to_sources([str(p) for p in paths])), out, Options(None, (), (), (), "auto"), jobs=1)
    return out


@pytest.fixture(scope="module")
def samples_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _audit([SAMPLES], tmp_path_factory.mktemp("ds") / "out")


def test_written_files_have_the_schema_and_version(samples_out: Path) -> None:
    for name in TABLES:
        files = sorted((samples_out / name).glob("*.parquet"))
        assert files
        for f in files:
            s = pq.read_schema(f)
            assert s.metadata[b"hhaudit.schema_version"] == SCHEMA_VERSION.encode()
            assert s.metadata[b"hhaudit.table"] == name.encode()
            assert s.remove_metadata() == SCHEMAS[name]


def test_two_runs_give_byte_identical_parquet(tmp_path: Path) -> None:
    a = _audit([SAMPLES], tmp_path / "a")
    b = _audit([SAMPLES], tmp_path / "b")
    for name in TABLES:
        fa = sorted(p.name for p in (a / name).glob("*.parquet"))
        fb = sorted(p.name for p in (b / name).glob("*.parquet"))
        assert fa == fb and fa
        for f in fa:
            assert (a / name / f).read_bytes() == (b / name / f).read_bytes(), (name, f)


def test_newer_major_schema_version_is_refused_clearly(samples_out: Path, tmp_path: Path) -> None:
    out = tmp_path / "newer"
    shutil.copytree(samples_out, out)
    f = sorted((out / "seats").glob("*.parquet"))[0]
    t = pq.read_table(f)
    meta = dict(t.schema.metadata)
    meta[b"hhaudit.schema_version"] = f"{int(SCHEMA_VERSION.split('.')[0]) + 1}.0".encode()
    pq.write_table(t.replace_schema_metadata(meta), f)
    with pytest.raises(SchemaVersionError, match=r"schema version 2\.0 is newer .* upgrade hhaudit"):
        hhaudit.read(out)
    # a newer minor version of the same major is read
    meta[b"hhaudit.schema_version"] = f"{SCHEMA_VERSION.split('.')[0]}.7".encode()
    pq.write_table(t.replace_schema_metadata(meta), f)
    assert len(hhaudit.read(out).seats) > 0


def test_pandas_dtypes(samples_out: Path) -> None:
    t = hhaudit.read(samples_out)
    h, s, a, f = t.hands, t.seats, t.actions, t.findings
    assert str(h["started_at"].dtype) == "datetime64[us, UTC]"
    for col in ("sb", "bb", "total_pot", "rake", "n_findings"):
        assert h[col].dtype == pd.Int64Dtype(), col
    assert h["scale"].dtype == pd.Int8Dtype()
    for col in ("contributed", "collected", "net", "stack_start"):
        assert s[col].dtype == pd.Int64Dtype(), col
    assert s["vpip"].dtype == pd.BooleanDtype()
    assert list(h["status"].cat.categories) == ["audited", "unsupported_game", "parse_error"]
    assert list(h["kind"].cat.categories) == ["cash", "tournament"]
    assert a["street"].cat.ordered
    assert list(a["street"].cat.categories) == ["preflop", "flop", "turn", "river", "showdown"]
    assert list(f["severity"].cat.categories) == ["error", "warning", "info"]
    assert "string_bet" in list(f["category"].cat.categories) and len(f["category"].cat.categories) == 14
    assert list(f["category"].cat.categories)[-1] == "session"
    assert isinstance(a["action"].dtype, pd.CategoricalDtype)
    assert a["to_amount"].isna().any()        # nullable: calls have no to_amount


def test_empty_dataset_has_typed_columns(tmp_path: Path) -> None:
    p = tmp_path / "empty.txt"
    p.write_text("")
    out = tmp_path / "out"
    # a run that reads nothing leaves OUT as it was; the API asks for its empty dataset
    totals = run(list(to_sources([str(p)])), out, Options(None, (), (), (), "auto"), jobs=1)
    assert not totals.written and not out.exists()
    run(list(to_sources([str(p)])), out, Options(None, (), (), (), "auto"), jobs=1, write_unread=True)
    t = hhaudit.read(out)
    assert list(t.seats.columns) == SCHEMAS["seats"].names
    assert t.seats["net"].dtype == pd.Int64Dtype()


def test_units_accessor_never_changes_the_integers() -> None:
    r = hhaudit.audit([str(CLEAN)])
    pots = r.pots
    before = pots["amount"].copy()
    # "Total pot $39 | Rake $0.50": one pot of $39.00 = 3900 cents
    assert pots.hh.units("amount").tolist() == [39.0]
    assert pots["amount"].equals(before) and pots["amount"].dtype == pd.Int64Dtype()
    # Alice: bet $6 + $10 (the $25 turn bet came back), collected $38.50 -> net +22.50
    seats = r.seats.set_index("player", drop=False)
    assert seats.hh.units("net").loc["Alice"] == 22.5
    # a frame with its own scale column, and an explicit hands table for an unrelated frame
    m = r.seats.merge(r.hands[["hand_id", "source", "scale"]], on=["hand_id", "source"])
    assert m.hh.units("contributed").sum() == 16 + 16 + 1 + 6   # Alice, Carol, Dave, Erin
    plain = pd.DataFrame({"hand_id": r.seats["hand_id"].astype(str), "source": r.seats["source"].astype(str),
                          "net": r.seats["net"]})
    plain.attrs.clear()
    with pytest.raises(ValueError, match="pass hands="):
        plain.hh.units("net")
    assert plain.hh.units("net", hands=r.hands).sum() == pytest.approx(-0.5)   # the rake
    assert hhaudit.units(r.pots.amount, 2).tolist() == [39.0]


def test_to_parquet_round_trip_keeps_the_schema(tmp_path: Path) -> None:
    r = hhaudit.audit([str(SAMPLES)])
    out = r.to_parquet(tmp_path / "rt")
    back = hhaudit.read(out)
    for name in TABLES:
        assert pq.read_table(out / name).schema.remove_metadata() == SCHEMAS[name]
        assert back[name].astype(str).equals(r[name].astype(str)), name


def test_duckdb_reads_the_dataset_and_the_documented_queries_work(samples_out: Path) -> None:
    duckdb = pytest.importorskip("duckdb", reason="duckdb is in the test extra")
    readme = (REPO / "docs" / "guides" / "notebooks.md").read_text(encoding="utf-8")
    query = "SELECT category, count(*) FROM 'OUT/findings/*.parquet' GROUP BY 1"
    assert query in readme
    con = duckdb.connect()
    rows = dict(con.execute(query.replace("OUT", samples_out.as_posix())).fetchall())
    expected = hhaudit.read(samples_out).findings["category"].astype(str).value_counts().to_dict()
    assert rows == expected and sum(rows.values()) > 0
    # a join across tables in SQL: Alice's net in the clean hand, in cents
    net = con.execute(
        f"SELECT s.net FROM '{samples_out.as_posix()}/seats/*.parquet' s "
        f"JOIN '{samples_out.as_posix()}/hands/*.parquet' h USING (hand_id, source) "
        "WHERE h.hand_id = '100000000001' AND s.player = 'Alice'").fetchall()
    assert net == [(2250,)]
    # the notebooks guide's per-player SQL block
    sql = readme.split("```sql\n", 1)[1].split("```", 1)[0]
    players = {(site, p): (n, net) for site, p, n, net in con.execute(sql.replace("OUT", samples_out.as_posix())).fetchall()}
    assert players[("PokerStars", "Alice")] == (1, pytest.approx(22.5))     # the clean hand
    n = con.execute(f"SELECT count(*) FROM '{samples_out.as_posix()}/hands/*.parquet'").fetchone()
    assert n == (len(hhaudit.read(samples_out).hands),)


# ---------------------------------------------------------------- rows checked by hand

def _one(df: pd.DataFrame, **where: object) -> dict[str, object]:
    m = pd.Series(True, index=df.index)
    for k, v in where.items():
        m &= df[k].astype(object) == v
    rows = df[m]
    assert len(rows) == 1, (where, len(rows))
    return {k: (None if (pd.api.types.is_scalar(v) and pd.isna(v)) else v) for k, v in rows.iloc[0].to_dict().items()}


def _lists(row: dict[str, object], *cols: str) -> dict[str, list[int]]:
    return {c: [int(x) for x in row[c]] for c in cols}  # type: ignore[union-attr]


def test_clean_cash_row_per_table() -> None:
    r = hhaudit.audit([str(CLEAN)])
    h = _one(r.hands, hand_id="100000000001")
    # "Hold'em No Limit ($1/$2 USD) - 2026/11/01 20:00:00 ET", 5 seats, button seat 4
    assert (h["site"], h["game"], h["kind"], h["currency"], h["scale"]) == ("PokerStars", "NLHE", "cash", "USD", 2)
    assert (h["sb"], h["bb"], h["ante"]) == (100, 200, 0)
    assert h["started_at"] == pd.Timestamp("2026-11-02 01:00:00", tz="UTC")    # 20:00 EST = UTC-5
    assert (h["table_name"], h["max_seats"], h["button_seat"], h["n_players"]) == ("Sample I", 6, 4, 5)
    assert (h["total_pot"], h["rake"], h["board"]) == (3900, 50, "Kd 7c 2h 9s")
    assert (h["status"], h["n_findings"], h["line"]) == ("audited", 0, 1)
    s = _one(r.seats, player="Erin")
    # big blind $2, called $4 more, checked then folded the flop
    assert (s["seat"], s["position"], s["stack_start"]) == (6, "BB", 25000)
    assert (s["contributed"], s["collected"], s["net"]) == (600, 0, -600)
    assert (s["vpip"], s["pfr"], s["showed"], s["hole_cards"]) == (True, False, False, None)
    a = _one(r.actions, player="Alice", action="raise")
    # "Alice: raises $4 to $6" on line 12 (after "Dealt to Alice [Ah Kh]")
    assert (a["line"], a["street"], a["seat"], a["amount"], a["to_amount"], a["all_in"]) == (12, "preflop", 1, 600, 600, False)
    ret = _one(r.actions, action="return_uncalled")
    assert (ret["player"], ret["amount"], ret["street"]) == ("Alice", 2500, "turn")
    p = _one(r.pots, pot=0)
    # $6 x3 + $1 (Dave) + $10 x2 = $39 in one pot; Alice is paid $38.50 after $0.50 rake
    assert p["amount"] == 3900
    assert _lists(p, "winners", "paid") == {"winners": [1], "paid": [3850]}
    assert p["ok"] is True
    assert r.findings.empty


def test_run_it_twice_row_per_table() -> None:
    path = corpus() / RIT
    r = hhaudit.audit([str(path)])
    h = _one(r.hands, hand_id="90721705235")
    # "(€1/€2 EUR) - 2012/12/14 7:59:19 CUST [2012/12/13 19:59:19 ET]": 00:59:19 UTC
    assert (h["currency"], h["scale"], h["sb"], h["bb"]) == ("EUR", 2, 100, 200)
    assert h["started_at"] == pd.Timestamp("2012-12-14 00:59:19", tz="UTC")
    assert (h["table_name"], h["button_seat"], h["n_players"]) == ("Mekbuda II", 3, 6)
    assert (h["total_pot"], h["rake"], h["status"], h["n_findings"]) == (22532, 215, "audited", 0)
    s = _one(r.seats, player="Hero")
    # raised to 6, bet 12, bet 28 and called 63.16 = 109.16; collected 111.59 + 111.58
    assert (s["seat"], s["position"], s["stack_start"]) == (6, "UTG", 20075)
    assert (s["contributed"], s["collected"], s["net"]) == (10916, 22317, 11401)
    assert (s["hole_cards"], s["showed"], s["vpip"], s["pfr"]) == ("Jc Ac", True, True, True)
    p1 = _one(r.seats, player="Player1")
    assert (p1["position"], p1["contributed"], p1["net"], p1["vpip"], p1["pfr"]) == ("HJ", 10916, -10916, True, False)
    a = _one(r.actions, player="Player1", action="raise")
    # "Player1: raises €63.16 to €91.16 and is all-in" (line 26)
    assert (a["line"], a["street"], a["amount"], a["to_amount"], a["all_in"]) == (26, "turn", 9116, 9116, True)
    collects = r.actions[r.actions["action"] == "collect"]
    assert collects["amount"].tolist() == [11159, 11158] and collects["run"].tolist() == [1, 2]
    pots = r.pots.sort_values("run")
    # 225.32 split in two runs of 112.66; Hero eligible with Player1 and paid both
    assert pots["run"].tolist() == [1, 2] and pots["amount"].tolist() == [11266, 11266]
    first = _one(r.pots, run=1)
    assert _lists(first, "eligible", "winners", "expected_winners", "paid") == {
        "eligible": [1, 6], "winners": [6], "expected_winners": [6], "paid": [11159]}
    assert pots["ok"].tolist() == [True, True]
    assert r.findings.empty


def test_four_bet_hand_seats_by_hand() -> None:
    r = hhaudit.audit([str(corpus() / FOURBET)])
    s = r.seats.set_index("player")
    # Player0 limps $0.02, calls to $0.24, folds: VPIP, no PFR, -0.24
    assert (s.loc["Player0", "position"], s.loc["Player0", "vpip"], s.loc["Player0", "pfr"],
            s.loc["Player0", "net"]) == ("UTG", True, False, -24)
    # Player4 raises to 0.08, shoves 1.31, wins $2.79: +1.48
    assert (s.loc["Player4", "vpip"], s.loc["Player4", "pfr"], s.loc["Player4", "net"]) == (True, True, 148)
    # Player2 re-raises to 0.24, calls all-in 1.31, loses
    assert (s.loc["Player2", "position"], s.loc["Player2", "pfr"], s.loc["Player2", "net"]) == ("MP", True, -131)
    # Hero folds: nothing in; the blinds fold: -0.01, -0.02
    assert (s.loc["Hero", "vpip"], s.loc["Hero", "net"]) == (False, 0)
    assert (s.loc["Player6", "position"], s.loc["Player6", "net"], s.loc["Player3", "net"]) == ("SB", -1, -2)
    assert int(s["net"].sum()) == -10        # the $0.10 rake


def test_older_layouts_are_read_part_by_part_and_give_the_same_tables(tmp_path: Path) -> None:
    import json

    # every sample file a group of its own: many parts, as datasets were written before
    old = tmp_path / "old"
    run(list(to_sources([str(SAMPLES)])), old, Options(), jobs=1, unit_bytes=0)
    grouped = _audit([SAMPLES], tmp_path / "grouped")
    assert len(list((old / "hands").glob("*.parquet"))) > len(list((grouped / "hands").glob("*.parquet")))
    want = hhaudit.read(grouped)
    assert json.loads((grouped / "hhaudit.json").read_text())["layout"] == 2
    for name in TABLES:
        pd.testing.assert_frame_equal(hhaudit.read(old)[name], want[name])
    # a layout-1 marker (no "layout" key) and a part of an earlier schema (no session
    # columns, `scale` as int32): read part by part, the missing columns null
    marker = json.loads((old / "hhaudit.json").read_text())
    del marker["layout"]
    (old / "hhaudit.json").write_text(json.dumps(marker))
    first = min((old / "hands").glob("*.parquet"))
    t = pq.read_table(first)
    n = len(t)
    t = t.drop_columns(["session_id", "session_seq", "n_session_findings"])
    t = t.set_column(t.schema.get_field_index("scale"), "scale", t["scale"].cast(pa.int32()))
    pq.write_table(t, first)
    got = hhaudit.read(old)
    assert got.hands["session_id"][:n].isna().all() and got.hands["session_id"][n:].notna().all()
    assert list(got.hands["scale"]) == list(want.hands["scale"]) and str(got.hands["scale"].dtype) == "Int8"
    pd.testing.assert_frame_equal(got.hands.drop(columns=["session_id", "session_seq", "n_session_findings"]),
                                  want.hands.drop(columns=["session_id", "session_seq", "n_session_findings"]))
    # a dataset from before the marker: the same
    (old / "hhaudit.json").unlink()
    assert hhaudit.read(old).hands["session_id"][:n].isna().all()
