"""Baselines: findings reviewed and accepted once, not reported again (`audit --baseline
FILE`), and the file that records them (`audit --write-baseline FILE`).

A finding is matched by what it is about, not where it sits in a file: the hand (its site,
table and id), the rule and the player it names. Lines move when a file is re-exported or
hands are added before it; the hand, the rule and the player do not. So a new finding of the
same rule on another player of an accepted hand is still reported, and so is every finding of
a hand the baseline does not list (another table's hand under the same id among them: AC08).
Entries are counted: a baseline that accepted two AO04 of one player in a hand holds back two,
and a third (a new street's) is reported.

The file is JSON, one entry a finding, written in the order of the findings, with the
message kept for the reader (it is not matched):

    {"hhaudit_baseline": 1, "findings": [
      {"site": "PokerStars", "table": "Alpha", "hand_id": "100000000002", "rule": "MR01",
       "player": "Hugo", "message": "Hugo (seat 7) raised to 600; the least raise was to 750"}
    ]}
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from . import Row

VERSION = 1

Key = tuple[str, str, str, str, str]
"""What a finding is matched by: site, table, hand id, rule, player ("" for none; a baseline
entry without a table, matches a hand without one)."""


class BaselineError(ValueError):
    """A baseline file that cannot be read (the message names the file and why)."""


def key(r: Row) -> Key:
    return (r.site or "", r.table_name or "", r.hand_id, r.rule, r.player or "")


def entry(r: Row) -> dict[str, Any]:
    return {"site": r.site, "table": r.table_name, "hand_id": r.hand_id, "rule": r.rule, "player": r.player,
            "message": r.message}


def read_baseline(path: str | os.PathLike[str]) -> Counter[Key]:
    """The keys of a baseline file's findings, each with how many findings it accepted."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise BaselineError(f"{path}: cannot read the baseline: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BaselineError(f"{path}: not a baseline written by hhaudit audit --write-baseline ({exc})") from None
    if not isinstance(data, dict) or data.get("hhaudit_baseline") != VERSION or \
            not isinstance(data.get("findings"), list):
        raise BaselineError(f"{path}: not a baseline written by hhaudit audit --write-baseline "
                            f"(no \"hhaudit_baseline\": {VERSION} with a list of findings)")
    keys: Counter[Key] = Counter()
    for i, e in enumerate(data["findings"]):
        if not isinstance(e, dict) or not isinstance(e.get("hand_id"), str) or not isinstance(e.get("rule"), str):
            raise BaselineError(f"{path}: finding {i + 1} has no hand_id and rule")
        keys[(str(e.get("site") or ""), str(e.get("table") or ""), e["hand_id"], e["rule"],
              str(e.get("player") or ""))] += 1
    return keys


def write_baseline(path: str | os.PathLike[str], rows: Iterable[Row]) -> int:
    """Write every finding of `rows` as accepted; returns how many. Written beside the file,
    then renamed: a baseline is never left half-written."""
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    n = 0
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(f'{{"hhaudit_baseline": {VERSION}, "findings": [')
        for r in rows:
            fh.write(("\n  " if n == 0 else ",\n  ") + json.dumps(entry(r), ensure_ascii=False))
            n += 1
        fh.write("\n]}\n" if n else "]}\n")
    os.replace(tmp, target)
    return n


class Filter:
    """The rows not in a baseline, counting those it holds back: each key as many times as
    the baseline lists it, no more."""

    def __init__(self, keys: Counter[Key]) -> None:
        self.left = Counter(keys)
        self.accepted = 0

    def __call__(self, rows: Iterable[Row]) -> Iterator[Row]:
        for r in rows:
            k = key(r)
            if self.left[k] > 0:
                self.left[k] -= 1
                self.accepted += 1
                continue
            yield r
