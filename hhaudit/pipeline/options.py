"""What a run is asked to do (`Options`), what it counts (`Totals`), and the auditor that
chooses each hand's profile."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..config import profile_named
from ..engine.auditor import Auditor
from ..engine.rules import RULES, select
from ..model import Hand
from ..reading import FileReport

LIVE_FORMATS = frozenset({"live"})


@dataclass(frozen=True, slots=True)
class Options:
    profile: str | None = None
    """None: `online` for site histories, `tda-2024` for live logs."""
    overrides: tuple[tuple[str, Any], ...] = ()
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    format: str = "auto"
    explicit: tuple[tuple[str, Any], ...] = ()
    """The options given one by one (`--option NAME=VALUE`, the API's keywords): they apply
    to every hand, its own profile too; the rest of `overrides` (a `--rules` file's) only to
    the hands that name no profile of their own."""
    timezones: tuple[tuple[str, str], ...] = ()
    """(site, IANA zone) pairs: the zone a site's zoneless times are read in
    (`--timezone`, `[tool.hhaudit.timezones]`; `hhaudit.zones`)."""
    extend_select: tuple[str, ...] = ()
    """Rules added to the default selection (or to `select`), ruff's `extend-select`."""

    def enabled(self, *, live: bool = False) -> set[str]:
        """The codes of the rules this run judges, for site histories or (`live`) live logs:
        `rules.select`'s reading of `select`, `extend_select` and `ignore`."""
        return select(RULES, self.select, self.ignore, self.extend_select, live=live)


def is_live(hand: Hand) -> bool:
    """A hand of a live log (the default selection of some rules differs: `Rule.default_live`)."""
    return hand.format in LIVE_FORMATS


@dataclass(slots=True)
class Totals:
    hands: int = 0
    """Hands in the dataset (duplicates not counted)."""
    statuses: Counter[str] = field(default_factory=Counter)
    categories: Counter[str] = field(default_factory=Counter)
    severities: Counter[str] = field(default_factory=Counter)
    files: list[FileReport] = field(default_factory=list)
    duplicates: int = 0
    """Copies of hands already seen (same site and hand id) that were skipped."""
    conflicts: int = 0
    """Of those, copies whose text differs from their first (an AC07 finding each, counted
    in the file of the first)."""
    shared_ids: int = 0
    """Hands audited although an earlier, different hand has their id (an AC08 finding each,
    `hhaudit.identity`)."""
    reused: int = 0
    """Files whose parts were taken unchanged from the previous dataset (`incremental`)."""
    faults: int = 0
    """Hands the fault barrier caught: an error inside hhaudit made them `parse_error`
    hands with a PA02 finding."""
    notes: list[str] = field(default_factory=list)
    """One line each about the run (`incremental`: what of the previous dataset could not
    be reused, and why)."""
    not_judged: Counter[str] = field(default_factory=Counter)
    """Hands some rules did not judge, per `not_judged` reason (`Hand.abstain`)."""
    written: bool = True
    """Whether the run put its dataset at OUT: not when it read nothing (every input not a
    history, empty or unreadable), which leaves OUT as it was."""

    @property
    def read_anything(self) -> bool:
        """A hand, or a file read as a history (if of no hand)."""
        return self.hands > 0 or any(f.outcome in ("read", "damaged") for f in self.files)

    def merge(self, other: Totals) -> None:
        self.hands += other.hands
        self.statuses.update(other.statuses)
        self.categories.update(other.categories)
        self.severities.update(other.severities)
        self.files.extend(other.files)
        self.duplicates += other.duplicates
        self.conflicts += other.conflicts
        self.shared_ids += other.shared_ids
        self.reused += other.reused
        self.faults += other.faults
        self.notes.extend(other.notes)
        self.not_judged.update(other.not_judged)

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "statuses": dict(self.statuses), "categories": dict(self.categories),
                "severities": dict(self.severities), "duplicates": self.duplicates,
                "conflicts": self.conflicts, "shared_ids": self.shared_ids, "faults": self.faults,
                "not_judged": dict(self.not_judged)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Totals:
        return cls(int(d["hands"]), Counter(d["statuses"]), Counter(d["categories"]),
                   Counter(d["severities"]), [], int(d["duplicates"]), conflicts=int(d.get("conflicts", 0)),
                   faults=int(d.get("faults", 0)), shared_ids=int(d.get("shared_ids", 0)),
                   not_judged=Counter(d.get("not_judged", {})))


class HandAuditor:
    """Chooses the profile per hand (live logs default to tda-2024) and audits it."""

    def __init__(self, options: Options) -> None:
        overrides = dict(options.overrides)
        self.options = options
        self._auditors: dict[tuple[str, bool], Auditor] = {}
        self._enabled = {live: options.enabled(live=live) for live in (False, True)}
        self._overrides = overrides

    def auditor_for(self, hand: Hand) -> Auditor:
        """The hand's own profile wins (a live log's `profile NAME` or `house FILE`); the
        run's (`--profile`, `--rules`) is the default for the hands that name none. Live
        logs have their own default rule set (`Rule.default_live`)."""
        live = is_live(hand)
        own = hand.profile
        name = own or self.options.profile or ("tda-2024" if live else "online")
        a = self._auditors.get((name, live))
        if a is None:
            overrides = dict(self.options.explicit) if own else self._overrides
            a = Auditor(profile_named(name, overrides), self._enabled[live])
            self._auditors[(name, live)] = a
        return a

    def audit(self, hand: Hand) -> Any:
        return self.auditor_for(hand).audit(hand)

