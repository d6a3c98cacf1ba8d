"""The Python API for notebooks: `audit`, `read`, `parse`."""

from __future__ import annotations

import itertools
import os
import tempfile
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from .errors import NotADataset, UsageError
from .model import Category, Severity, Status, Street
from .tables import SCHEMA_VERSION, SCHEMAS, SESSIONS, TABLES

if TYPE_CHECKING:  # the parsers and the pipeline load with `audit`, not with `read`
    from .pipeline import Totals

# Closed sets get a fixed category list (so every dataset has the same categories, in a
# meaningful order); other low-cardinality strings get categories from the data.
_FIXED: dict[tuple[str, str], tuple[list[str], bool]] = {
    ("hands", "status"): ([s.value for s in Status], False),
    ("hands", "kind"): (["cash", "tournament"], False),
    ("actions", "street"): ([s.value for s in Street], True),
    ("findings", "category"): ([c.value for c in Category], False),
    ("findings", "severity"): ([s.value for s in Severity], False),
}
_CATEGORICAL = {
    "hands": ("site", "format", "game", "kind", "currency", "status", "tz"),
    "seats": ("position",),
    "actions": ("street", "action"),
    "findings": ("rule", "name", "category", "severity", "citation"),
}
_TYPES = {pa.int64(): pd.Int64Dtype(), pa.int8(): pd.Int8Dtype(), pa.bool_(): pd.BooleanDtype(),
          pa.string(): pd.StringDtype()}


class SchemaVersionError(UsageError):
    """A dataset written with a newer, incompatible schema than this hhaudit reads."""


def to_pandas(name: str, table: pa.Table) -> pd.DataFrame:
    """A table as a DataFrame: nullable integers and booleans (`Int64`, `Int8`, `boolean`),
    `string` text, UTC timestamps, and categoricals for closed sets. Integers stay integers."""
    wanted = [c for c in table.column_names if c in _CATEGORICAL.get(name, ())]
    df = table.drop_columns(wanted).to_pandas(types_mapper=_TYPES.get)
    for col in wanted:  # in the table's order: each goes back to its own place
        df.insert(table.column_names.index(col), col, _categorical(name, col, table[col]))
    return df


def _categorical(name: str, col: str, values: pa.ChunkedArray) -> pd.Categorical:
    """A text column as a Categorical, built in Arrow (each row's code looked up in C, never
    one Python string per row): a closed set's fixed categories, then any other values
    sorted; else the values sorted, as `astype("category")` gives them."""
    values = values.cast(pa.string())
    found = sorted(v for v in pc.unique(values).to_pylist() if v is not None)
    fixed = _FIXED.get((name, col))
    if fixed is not None:
        known, ordered = fixed
        closed = set(known)
        categories = pd.Index(known + [v for v in found if v not in closed])
    else:
        categories, ordered = pd.Index(found, dtype=pd.StringDtype()), False
    codes = pc.fill_null(pc.index_in(values, value_set=pa.array(list(categories), pa.string())), -1)
    return pd.Categorical.from_codes(np.asarray(codes.to_numpy(), dtype=np.int32), dtype=pd.CategoricalDtype(categories, ordered))


def _major(version: str) -> int:
    try:
        return int(version.split(".")[0])
    except ValueError:
        return -1


def check_schema_version(path: str | os.PathLike[str], metadata: dict[bytes, bytes] | None) -> None:
    """Raise SchemaVersionError if a part file says it was written with a newer major schema
    version than this hhaudit's. Files without the key (written by other tools) are accepted."""
    raw = (metadata or {}).get(b"hhaudit.schema_version")
    if raw is None:
        return
    found = raw.decode("utf-8", "replace")
    if _major(found) > _major(SCHEMA_VERSION) or _major(found) < 0:
        raise SchemaVersionError(
            f"{path}: dataset schema version {found} is newer than the version {SCHEMA_VERSION} "
            f"this hhaudit reads; upgrade hhaudit (pip install -U hhaudit) or re-run "
            f"`hhaudit audit` with this version")


class Tables(dict[str, pd.DataFrame]):
    """The five tables by name, also as attributes (`tables.findings`)."""

    def __getattr__(self, name: str) -> pd.DataFrame:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


# Frames returned by `read` carry attrs["hhaudit.dataset"], a key to their hands table here,
# so that `df.hh.units(col)` can find each row's scale. Weak: a dataset no longer referenced
# is forgotten.
_HANDS: weakref.WeakValueDictionary[str, pd.DataFrame] = weakref.WeakValueDictionary()
_KEYS = itertools.count()


def read(out: str | os.PathLike[str]) -> Tables:
    """Load a dataset written by `hhaudit audit` as DataFrames, in the written order."""
    return read_columns(out)


def read_columns(out: str | os.PathLike[str], columns: dict[str, list[str]] | None = None) -> Tables:
    """`read`, with only the given columns of the tables named in `columns` (in the
    schema's order; the other tables whole): what `hhaudit report` reads, Arrow never
    decoding the columns it does not show."""
    root = Path(out)
    if not (root / "hands").is_dir():
        what = ("no such folder" if not os.path.lexists(root) else
                "a file, not a dataset folder" if not root.is_dir() else "no hands/ folder")
        raise NotADataset(f"{root}: not an hhaudit dataset ({what})")
    result = Tables()
    whole = _one_schema(root)
    for name in (*TABLES, SESSIONS):
        files = sorted((root / name).glob("*.parquet"))
        wanted = None if columns is None or name not in columns else set(columns[name])
        only = None if wanted is None else [f.name for f in SCHEMAS[name] if f.name in wanted]
        table = None
        if not files:
            table = SCHEMAS[name].empty_table()
        elif whole:
            try:
                table = _read_dataset(name, files, only)
            except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
                table = None  # a part not of the table's schema after all: read part by part
        if table is None:
            table = pa.concat_tables([_read_part(name, f) for f in files])
        if only is not None and table.column_names != only:
            table = table.select(only)
        result[name] = to_pandas(name, table)
    _register(result)
    return result


def _one_schema(root: Path) -> bool:
    """Whether the dataset's marker says every part has its table's current schema (layout 2
    and this schema version's major): its parts are then read as one Arrow dataset."""
    from .outdir import LAYOUT, marker

    found = marker(root)
    version = found.get("schema_version")
    if not isinstance(version, str):
        return False
    check_schema_version(root / "hhaudit.json", {b"hhaudit.schema_version": version.encode()})
    return found.get("layout") == LAYOUT and version == SCHEMA_VERSION


def _read_part(name: str, path: Path) -> pa.Table:
    """One part of an older dataset, its schema version checked, in the current schema."""
    t = pq.read_table(path)
    check_schema_version(path, t.schema.metadata)
    return _conform(name, t)


def _read_dataset(name: str, files: list[Path], columns: list[str] | None = None) -> pa.Table:
    """The parts, in order, read by pyarrow's dataset scanner (threaded; one plan for every
    file rather than one read and one concatenation per part; only `columns`, if given)."""
    import pyarrow.dataset as ds

    dataset = ds.dataset([str(f) for f in files], schema=SCHEMAS[name], format="parquet")
    for fragment in dataset.get_fragments():  # each part's footer: its own schema version
        check_schema_version(fragment.path, fragment.physical_schema.metadata)
    return dataset.to_table(columns=columns)


def _conform(name: str, table: pa.Table) -> pa.Table:
    """The table with the schema's columns first, in the schema's types (extra columns kept)."""
    schema = SCHEMAS[name]
    table = table.replace_schema_metadata(None)
    cols, fields = [], []
    for f in schema:
        if f.name in table.column_names:
            cols.append(table[f.name].cast(f.type))
        else:
            cols.append(pa.nulls(len(table), f.type))
        fields.append(f)
    for f in table.schema:
        if f.name not in schema.names:
            cols.append(table[f.name])
            fields.append(f)
    return pa.Table.from_arrays(cols, schema=pa.schema(fields))


def _register(tables: Tables) -> None:
    key = f"d{next(_KEYS)}"
    _HANDS[key] = tables["hands"]
    for df in tables.values():
        df.attrs["hhaudit.dataset"] = key


def units(amount: Any, scale: Any) -> Any:
    """Printed units of integer amounts (`amount / 10**scale`), for display only."""
    return amount / (10 ** scale)


@pd.api.extensions.register_dataframe_accessor("hh")
class HHAccessor:
    """`df.hh.units("amount")`: a column in printed units (`amount / 10**scale`), as a new
    Float64 Series for display. The stored integers are never changed.

    The scale comes from the frame's own `scale` column if it has one, else from the hands
    table given as `hands=`, else from the dataset the frame was read from (frames returned
    by `hhaudit.read` and `hhaudit.audit`, and most frames derived from them, remember it)."""

    def __init__(self, df: pd.DataFrame) -> None:
        self._df = df

    def scale(self, hands: pd.DataFrame | None = None) -> pd.Series:
        df = self._df
        if "scale" in df:
            return df["scale"]
        if hands is None:
            key = df.attrs.get("hhaudit.dataset")
            hands = _HANDS.get(key) if key is not None else None
        if hands is None:
            raise ValueError("no scale for these rows: the frame has no `scale` column and no "
                             "known dataset; pass hands=<the hands table>")
        if not {"hand_id", "source"} <= set(df.columns):
            raise ValueError("rows need hand_id and source columns to find their hand's scale")
        keys = hands[["hand_id", "source", "scale"]].drop_duplicates(["hand_id", "source"])
        joined = df[["hand_id", "source"]].merge(keys, on=["hand_id", "source"], how="left")
        return pd.Series(joined["scale"].to_numpy(), index=df.index, name="scale")

    def units(self, column: str, hands: pd.DataFrame | None = None) -> pd.Series:
        values = self._df[column].astype("Float64")
        scale = self.scale(hands).astype("Float64")
        return (values / (10 ** scale)).rename(column)


@dataclass
class AuditResult:
    """What `audit()` returns: the tables as DataFrames, and the run's totals."""

    tables: Tables
    totals: Totals
    path: Path | None = None
    _tmp: Any = field(default=None, repr=False)

    def __getitem__(self, name: str) -> pd.DataFrame:
        return self.tables[name]

    @property
    def hands(self) -> pd.DataFrame:
        return self.tables["hands"]

    @property
    def seats(self) -> pd.DataFrame:
        return self.tables["seats"]

    @property
    def actions(self) -> pd.DataFrame:
        return self.tables["actions"]

    @property
    def pots(self) -> pd.DataFrame:
        return self.tables["pots"]

    @property
    def findings(self) -> pd.DataFrame:
        return self.tables["findings"]

    @property
    def sessions(self) -> pd.DataFrame:
        return self.tables["sessions"]

    def to_parquet(self, out: str | os.PathLike[str]) -> Path:
        from .tables import DatasetWriter

        w = DatasetWriter(out)
        try:
            w.write({name: _from_pandas(name, df) for name, df in self.tables.items()})
            return w.commit()
        except BaseException:
            w.abort()
            raise


def _from_pandas(name: str, df: pd.DataFrame) -> pa.Table:
    """A DataFrame back to the table's Arrow schema (categoricals as strings, Int64 as int64)."""
    schema = SCHEMAS[name]
    cols = []
    for f in schema:
        if f.name not in df:
            cols.append(pa.nulls(len(df), f.type))
            continue
        s = df[f.name]
        if isinstance(s.dtype, pd.CategoricalDtype):
            s = s.astype(pd.StringDtype())
        cols.append(pa.array(s, type=f.type, from_pandas=True))
    return pa.Table.from_arrays(cols, schema=schema)


def audit(
    inputs: str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[Any],
    *,
    jobs: int = 1,
    profile: str | None = None,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
    format: str = "auto",
    extend_select: Iterable[str] = (),
    **options: Any,
) -> AuditResult:
    """Audit hand histories (paths, folders, globs, open files or text) in memory.

    Profile options (`fl_cap=4`, ...) are keyword arguments; `profile` is a built-in
    profile or a house-rules file (`profile="house.toml"`), whose options the keyword
    arguments override. Rules are chosen as on the command line: the default set, or
    `select` in its place (`select=["ALL"]`: every rule), `extend_select` added to it,
    `ignore` taken off. A setting hhaudit does not
    know (a rule, an option or its value, a profile, a format) raises ConfigError at once;
    `jobs > 1` works in scripts without a `__main__` guard and in notebooks."""
    from .config import check_run
    from .parsing import to_sources
    from .pipeline import Options, run
    from .reading import FileReport

    select, ignore, extend = tuple(select), tuple(ignore), tuple(extend_select)
    given = dict(options)  # the keywords: every hand's, its own profile's too
    profile, options = check_run(profile, options, select, ignore, format, extend)
    opts = Options(profile, tuple(sorted(options.items())), select, ignore, format,
                   tuple(sorted((k, v) for k, v in options.items() if k in given)), extend_select=extend)
    skipped: list[FileReport] = []
    sources = list(to_sources(inputs, skipped))
    tmp = tempfile.TemporaryDirectory(prefix="hhaudit-")
    out = Path(tmp.name) / "out"
    totals = run(sources, out, opts, jobs=jobs, write_unread=True)
    totals.files[:0] = skipped  # what was not read, first: every file found is in totals.files
    tables = read(out)
    result = AuditResult(tables, totals, None, tmp)
    return result
