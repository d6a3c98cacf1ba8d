"""The Python API for notebooks: `audit`, `read`, `parse`."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterable

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from .parsing import to_sources
from .pipeline import Options, Totals, run
from .tables import TABLES

_CATEGORICAL = {
    "hands": ("site", "format", "game", "kind", "currency", "status", "tz"),
    "seats": ("position",),
    "actions": ("street", "action"),
    "findings": ("rule", "name", "category", "severity", "citation"),
}


def to_pandas(name: str, table: pa.Table) -> pd.DataFrame:
    """A table as a DataFrame with nullable integers and categoricals for closed sets."""
    df = table.to_pandas(types_mapper={pa.int64(): pd.Int64Dtype(), pa.int8(): pd.Int8Dtype(),
                                       pa.bool_(): pd.BooleanDtype(), pa.string(): pd.StringDtype()}.get)
    for col in _CATEGORICAL.get(name, ()):
        if col in df:
            df[col] = df[col].astype("category")
    return df


class Tables(dict[str, pd.DataFrame]):
    """The five tables by name, also as attributes (`tables.findings`)."""

    def __getattr__(self, name: str) -> pd.DataFrame:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def read(out: str | os.PathLike[str]) -> Tables:
    """Load a dataset written by `hhaudit audit` as DataFrames, in the written order."""
    root = Path(out)
    if not (root / "hands").is_dir():
        raise FileNotFoundError(f"{root}: not an hhaudit dataset (no hands/ folder)")
    result = Tables()
    for name in TABLES:
        files = sorted((root / name).glob("*.parquet"))
        tables = [pq.read_table(f) for f in files]
        table = pa.concat_tables(tables) if tables else pa.table({})
        result[name] = to_pandas(name, table)
    return result


def units(amount: Any, scale: Any) -> Any:
    """Printed units of integer amounts (`amount / 10**scale`), for display only."""
    return amount / (10 ** scale)


@dataclass
class AuditResult:
    """What `audit()` returns: the tables as DataFrames, and the run's totals."""

    tables: Tables
    totals: Totals
    path: Path | None = None
    _tmp: Any = field(default=None, repr=False)

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

    def to_parquet(self, out: str | os.PathLike[str]) -> Path:
        from .tables import DatasetWriter

        w = DatasetWriter(out)
        try:
            w.write({name: pa.Table.from_pandas(df, preserve_index=False) for name, df in self.tables.items()})
            return w.commit()
        except BaseException:
            w.abort()
            raise


def audit(
    inputs: str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[Any],
    *,
    jobs: int = 1,
    profile: str | None = None,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
    format: str = "auto",
    **options: Any,
) -> AuditResult:
    """Audit hand histories (paths, folders, globs, open files or text) in memory.

    Profile options (`fl_cap=4`, ...) are keyword arguments."""
    opts = Options(profile, tuple(sorted(options.items())), tuple(select), tuple(ignore), format)
    sources = list(to_sources(inputs))
    tmp = tempfile.TemporaryDirectory(prefix="hhaudit-")
    out = Path(tmp.name) / "out"
    totals = run(sources, out, opts, jobs=jobs)
    tables = read(out)
    result = AuditResult(tables, totals, None, tmp)
    return result
