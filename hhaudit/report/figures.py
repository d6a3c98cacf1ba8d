"""The report's figures from a dataset's tables, as DataFrames: the sections of `hhaudit
report`, the per-player figures, and the filters of `report --site --player ...`.

Figures that mean what they say:
- players are keyed by site and name (two sites' "Bob" are two players);
- anonymised seat labels are not players: on sites that name every seat by its position
  (Bovada/Ignition: "Big Blind", "UTG+1", "Dealer") and for the labels trackers give an
  anonymised hero ("Hero"), the seat takes part in the hand figures but gets no player row;
- money and chips are never added together: every amount is summed per *unit*, a currency
  for cash games and one tournament's chips for tournament hands (never across tournaments);
- one name per site (`hhaudit.sites`, also for the names older datasets carry).

Every money figure is in printed units (`amount / 10**scale`); the dataset keeps integers.
Definitions of the player figures are in docs/dataset.md ("Report figures")."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import PurePath

import numpy as np
import pandas as pd

from ..sites import site_name

VOLUNTARY = ("fold", "check", "call", "bet", "raise")
NO_CURRENCY = "(none)"
PLAYER_COLUMNS = ["site", "player", "unit", "hands", "vpip", "pfr", "three_bet", "wtsd", "wsd",
                  "net", "rake_paid", "findings"]


ANONYMISING_SITES = frozenset({"Bovada/Ignition"})
"""Sites whose histories name each seat by its position instead of its player."""

_SEAT_LABEL = re.compile(r"^(Hero|Dealer|Button|Small Blind|Big Blind|UTG(\+\d)?|MP\d?|HJ|CO|BTN|SB|BB)"
                         r"( \[ME\])?$", re.IGNORECASE)


def is_seat_label(site: str, player: str) -> bool:
    """Whether a seat's name is an anonymised label rather than a player."""
    return site in ANONYMISING_SITES or bool(_SEAT_LABEL.match(player or ""))


FILES_WITH_HANDS = "files with hands"
"""What the audit's summary and the HTML report both call the files `files_with_hands` counts."""


def files_with_hands(sources: Iterable[object]) -> int:
    """The files holding a hand of the dataset: the distinct `hands.source` values (an
    archive's member counts as a file, as the audit reads it). The one count of files that
    the audit's summary and the report share. The summary's *files read* (read as hand
    histories, whole or in part) can be more: a file read whose every hand was a copy of one
    in another file (in `duplicates`), or that held no hand, is read but holds none of these."""
    return len({s for s in sources if isinstance(s, str)})


def _units(values: pd.Series, scale: pd.Series) -> pd.Series:
    return values.astype("Float64") / (10 ** scale.astype("Float64"))


def _pct(num: pd.Series, den: pd.Series) -> pd.Series:
    den = den.astype("Float64")
    return (num.astype("Float64") * 100 / den.where(den > 0)).round(1)


def hand_units(hands: pd.DataFrame) -> pd.Series:
    """Each hand's unit of account: its currency for cash games ("(none)" when the log names
    none), `T<id> chips` for a tournament's chips."""
    kind = hands["kind"].astype("string").fillna("cash")
    cur = hands["currency"].astype("string").fillna("").replace("", NO_CURRENCY)
    tid = hands["tournament_id"].astype("string").fillna("") if "tournament_id" in hands else \
        pd.Series("", index=hands.index, dtype="string")
    chips = ("T" + tid.where(tid != "", "?") + " chips").astype("string")
    return cur.where(kind != "tournament", chips)


def normalised(tables: dict[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    """The tables with one site name per site and each hand's `unit` column."""
    h = tables["hands"].copy()
    h["site"] = h["site"].map(site_name).astype("string")
    h["unit"] = hand_units(h)
    return {**tables, "hands": h}


def filter_tables(tables: dict[str, pd.DataFrame], *, site: list[str] | None = None,
                  player: list[str] | None = None, since: str | None = None, until: str | None = None,
                  rule: list[str] | None = None, dealer: list[str] | None = None) -> dict[str, pd.DataFrame]:
    """The tables restricted to the hands that match every filter given: a site (its name,
    any case), a player seated in the hand, started at or after `since` / before `until`
    (dates or times, UTC), with a finding of a rule (code, prefix or name; only those findings
    are kept), or dealt by a dealer (any case). ValueError for a filter the dataset cannot answer
    (no dealer named anywhere, or none of the dealers given)."""
    t = normalised(tables)
    h, key = t["hands"], ["hand_id", "source"]
    keep = pd.Series(True, index=h.index)
    if site:
        wanted = {site_name(s).casefold() for s in site}
        keep &= h["site"].astype("string").str.casefold().isin(wanted).fillna(False)
    for bound, name in ((since, "since"), (until, "until")):
        if bound:
            try:
                stamp = pd.Timestamp(bound)
            except ValueError:
                raise ValueError(f"--{name} {bound!r}: not a date or time (e.g. 2026-11-01 or 2026-11-01T20:00)") from None
            stamp = stamp.tz_localize("UTC") if stamp.tzinfo is None else stamp.tz_convert("UTC")
            started = h["started_at"]
            keep &= (started >= stamp if name == "since" else started < stamp).fillna(False)
    if dealer:
        named = h["dealer"].astype("string").fillna("") if "dealer" in h else pd.Series("", index=h.index)
        known = sorted(set(named) - {""})
        if not known:
            raise ValueError("--dealer: no hand in this dataset names its dealer (only live logs "
                             "with a dealer line do; an older dataset has no dealer column)")
        wanted = {d.casefold() for d in dealer}
        if not wanted & {k.casefold() for k in known}:
            raise ValueError(f"--dealer {', '.join(dealer)}: no hand was dealt by that name; "
                             f"the dealers in this dataset: {', '.join(known)}")
        keep &= named.str.casefold().isin(wanted)
    hands = h[keep]
    if player:
        s = t["seats"]
        seated = s[s["player"].astype("string").isin(player)][key].drop_duplicates()
        hands = hands.merge(seated, on=key)
    findings = t["findings"]
    if rule:
        codes = {r.upper() for r in rule}
        f = findings
        match = f["rule"].astype("string").str.upper().map(lambda c: any(c.startswith(x) for x in codes)) \
            | f["name"].astype("string").isin(rule) | f["category"].astype("string").isin(rule)
        findings = f[match.fillna(False).astype(bool)]
        hands = hands.merge(findings[key].drop_duplicates(), on=key)
    ids = hands[key]
    out = {"hands": hands.reset_index(drop=True)}
    for name in ("seats", "actions", "pots", "findings"):
        df = findings if name == "findings" else t[name]
        out[name] = df.merge(ids, on=key).reset_index(drop=True) if len(ids) < len(t["hands"]) or rule else df
    for name, df in t.items():
        out.setdefault(name, df)
    return out


def hand_codes(*frames: pd.DataFrame) -> list[np.ndarray]:
    """Each frame's rows' hand (`hand_id` and `source`) as one integer, the same for the same
    hand in every frame given. The figures merge and group by hand on these rather than on
    the two text columns: on 100,000 hands the text keys' hashing and copying took most of
    the report's time. Each column is factorised once (in Arrow), then the pairs of codes."""
    def codes(column: str) -> np.ndarray:
        values = pd.concat([f[column] for f in frames], ignore_index=True) if frames else pd.Series([], dtype="string")
        return np.asarray(pd.factorize(values, use_na_sentinel=False)[0], dtype=np.int64)

    hand, source = codes("hand_id"), codes("source")
    pair = np.asarray(pd.factorize(source * (int(hand.max(initial=0)) + 1) + hand)[0], dtype=np.int64)
    return np.split(pair, np.cumsum([len(f) for f in frames])[:-1])


def hand_rows(hands: pd.DataFrame, frame: pd.DataFrame) -> np.ndarray:
    """For each row of `frame`, the position of its hand in `hands` (-1 where it has none):
    a left merge on the hand key, as positions."""
    return _rows(*hand_codes(hands, frame))


def _rows(of: np.ndarray, codes: np.ndarray) -> np.ndarray:
    where = np.full(int(max(of.max(initial=-1), codes.max(initial=-1))) + 1, -1, dtype=np.int64)
    where[of[::-1]] = np.arange(len(of) - 1, -1, -1)  # a hand listed twice: its first row, as a merge's first match
    rows: np.ndarray = where[codes]
    return rows


def with_hand_columns(frame: pd.DataFrame, hands: pd.DataFrame, columns: list[str],
                      rows: np.ndarray | None = None) -> pd.DataFrame:
    """`frame` (index reset) with its hands' `columns` beside it, null where the hand is not
    in `hands`: `frame.merge(hands[key + columns], on=key, how="left")` for hands listed once
    (`rows`: `hand_rows(hands, frame)`, when known)."""
    rows = hand_rows(hands, frame) if rows is None else rows
    out = frame.reset_index(drop=True)
    for c in columns:
        out[c] = pd.Series(hands[c].array.take(rows, allow_fill=True), index=out.index, name=c)
    return out


_SEAT_NEEDS = frozenset({"seat", "player", "contributed", "collected"})


def seat_figures(tables: dict[str, pd.DataFrame], columns: list[str] | None = None) -> pd.DataFrame:
    """One row per seat dealt in: the seats columns (or only `columns` of them, and those the
    figures need) plus site, unit, scale, three_bet_opp, three_bet, went_to_showdown,
    won_at_showdown, rake_paid (chips, float: an attribution), and `label` (True for an
    anonymised seat label rather than a player)."""
    t = normalised(tables) if "unit" not in tables["hands"] else tables
    seats, hands, a = t["seats"], t["hands"], t["actions"]
    of, seat_hand, a_hand = hand_codes(hands, seats, a)
    position = seats["position"]
    dealt_rows = (~position.isin(["out"]) & position.notna()).to_numpy(dtype=bool)
    keep = [c for c in seats.columns if columns is None or c in _SEAT_NEEDS or c in columns]
    dealt_hand = seat_hand[dealt_rows]
    dealt = with_hand_columns(seats.loc[dealt_rows, keep], hands, ["site", "unit", "scale", "rake"],
                              _rows(of, dealt_hand))
    acted = a["seat"].notna().to_numpy(dtype=bool)
    a, a_hand = a.loc[acted, ["seat", "street", "action"]], a_hand[acted]
    seat_key, a_key = _seat_keys((dealt_hand, dealt["seat"]), (a_hand, a["seat"]))
    a = a[["street", "action"]].assign(_hand=a_hand, _seat=a_key)
    # 3-bet: the second pre-flop raise (the big blind counting as the first bet); a seat had
    # the chance when it acted pre-flop facing exactly one raise.
    pre = a[a["street"].isin(["preflop"]) & a["action"].isin(VOLUNTARY)].copy()
    pre["raise"] = pre["action"].isin(("raise", "bet")).astype(int)
    pre["before"] = pre.groupby("_hand", sort=False)["raise"].cumsum() - pre["raise"]
    pre["opp"] = pre["before"] == 1
    pre["three"] = pre["opp"] & (pre["raise"] == 1)
    tb = pre.groupby("_seat", sort=False)[["opp", "three"]].any()
    folded = pd.Index(a.loc[a["action"].isin(["fold"]), "_seat"].unique())
    at = tb.index.get_indexer(seat_key)
    dealt["folded"] = folded.get_indexer(seat_key) >= 0
    dealt["three_bet_opp"] = np.where(at >= 0, tb["opp"].to_numpy(dtype=bool)[at], False)
    dealt["three_bet"] = np.where(at >= 0, tb["three"].to_numpy(dtype=bool)[at], False)
    dealt["_hand"] = dealt_hand
    live = (~dealt["folded"]).groupby(dealt["_hand"], sort=False).transform("sum")
    dealt["went_to_showdown"] = (~dealt["folded"]) & (live >= 2)
    dealt["won_at_showdown"] = dealt["went_to_showdown"] & (dealt["collected"].fillna(0) > 0)
    put = dealt.groupby("_hand", sort=False)["contributed"].transform("sum").astype("Float64")
    share = dealt["contributed"].astype("Float64") / put.where(put > 0)
    dealt["rake_paid"] = (dealt["rake"].fillna(0).astype("Float64") * share).fillna(0.0)
    dealt["site"] = dealt["site"].astype("string").fillna("")
    dealt["label"] = seat_labels(dealt["site"], dealt["player"].astype("string").fillna(""))
    return dealt.drop(columns=["_hand"])


def seat_labels(site: pd.Series, player: pd.Series) -> np.ndarray:
    """`is_seat_label` of each row, the pattern tried once per distinct name."""
    names = [p for p in pd.unique(player) if is_seat_label("", p)]
    return np.asarray(site.isin(ANONYMISING_SITES) | player.isin(names), dtype=bool)


def _seat_keys(*frames: tuple[np.ndarray, pd.Series]) -> list[np.ndarray]:
    """One integer per (hand code, seat) row, the same for the same seat of the same hand
    in every pair given; a null seat matches nothing (-1)."""
    seats = [np.asarray(s.astype("Float64").fillna(np.nan).to_numpy(dtype=float)) for _, s in frames]
    known = np.concatenate([x[~np.isnan(x)] for x in seats]) if seats else np.array([])
    low, high = (int(known.min()), int(known.max())) if len(known) else (0, 0)
    span = high - low + 1
    out = []
    for (hand, _), x in zip(frames, seats):
        key = hand * span + (np.nan_to_num(x, nan=low) - low).astype(np.int64)
        out.append(np.where(np.isnan(x), -1, key))
    return out


def player_stats(tables: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """Per player (site and name) and unit: hands dealt in; VPIP, PFR, 3-bet, WTSD and W$SD in
    percent; net won and rake paid in printed units of that unit; findings naming the player.
    Anonymised seat labels get no row."""
    d = seat_figures(tables, columns=["net", "vpip", "pfr"])
    d = d.loc[~d["label"], ["site", "player", "unit", "scale", "net", "vpip", "pfr", "three_bet", "three_bet_opp",
                            "went_to_showdown", "won_at_showdown", "rake_paid"]]
    if d.empty:
        return pd.DataFrame(columns=PLAYER_COLUMNS)
    d["net_u"] = _units(d["net"], d["scale"])
    d["rake_u"] = d["rake_paid"].astype("Float64") / (10 ** d["scale"].astype("Float64"))
    g = d.groupby(["site", "player", "unit"], sort=False)
    out = pd.DataFrame({
        "hands": g.size(),
        "vpip": _pct(g["vpip"].sum(), g.size()),
        "pfr": _pct(g["pfr"].sum(), g.size()),
        "three_bet": _pct(g["three_bet"].sum(), g["three_bet_opp"].sum()),
        "wtsd": _pct(g["went_to_showdown"].sum(), g.size()),
        "wsd": _pct(g["won_at_showdown"].sum(), g["went_to_showdown"].sum()),
        "net": g["net_u"].sum().round(2),
        "rake_paid": g["rake_u"].sum().round(2),
    })
    t = normalised(tables) if "unit" not in tables["hands"] else tables
    f = t["findings"]
    f = with_hand_columns(f[f["player"].notna()], t["hands"], ["site", "unit"])
    f["site"] = f["site"].astype("string").fillna("")
    counts = f.groupby(["site", "player", "unit"]).size()
    out["findings"] = counts.reindex(out.index).fillna(0).astype(int)
    out = out.reset_index()
    return out.sort_values(["hands", "site", "player"], ascending=[False, True, True],
                           kind="stable").reset_index(drop=True)[PLAYER_COLUMNS]


def _count(df: pd.DataFrame, by: list[str], name: str = "findings") -> pd.DataFrame:
    out = df.groupby(by, observed=True, dropna=False).size().rename(name).reset_index()
    return out.sort_values(name, ascending=False, kind="stable").reset_index(drop=True)


SEVERITIES = ("error", "warning", "info")
FEW_HANDS = 20
"""A group of fewer hands is ranked after the others by its rate (a rate of 2 hands says
little)."""


def rates(f: pd.DataFrame, h: pd.DataFrame, by: list[str], *, order: str = "rate") -> pd.DataFrame:
    """Per group of `by` (columns of both `f` and `h`): its hands, its findings, the hands
    with findings and the findings per 1,000 hands; ranked by the rate (the groups of at
    least FEW_HANDS hands first), or by the key (`order="key"`). Groups without findings
    are left out."""
    key = ["hand_id", "source"]
    hands = h.groupby(by, observed=True, dropna=False).size().rename("hands")
    found = f.groupby(by, observed=True, dropna=False).size().rename("findings")
    flagged = f.drop_duplicates(key + by).groupby(by, observed=True, dropna=False).size().rename("hands with findings")
    out = pd.concat([hands, found, flagged], axis=1).dropna(subset=["findings"]).fillna(0)
    for c in ("hands", "findings", "hands with findings"):
        out[c] = out[c].astype(int)
    out["per 1,000 hands"] = (out["findings"] * 1000 / out["hands"].where(out["hands"] > 0)).round(1)
    out = out.reset_index()
    if order == "key":
        return out.sort_values(by, kind="stable").reset_index(drop=True)
    out["_few"] = out["hands"] < FEW_HANDS
    out = out.sort_values(["_few", "per 1,000 hands", "findings"], ascending=[True, False, False], kind="stable")
    return out.drop(columns=["_few"]).reset_index(drop=True)


def by_category(f: pd.DataFrame, hands_of: pd.Series) -> pd.DataFrame:
    """One row per category: its findings by severity (a column each, for the severities
    found), all its findings, and the hands they are in (counted once per category)."""
    counts = f.groupby(["category", "severity"], observed=True).size().unstack(fill_value=0)
    present = [s for s in SEVERITIES if s in counts.columns] + [s for s in counts.columns if s not in SEVERITIES]
    cat = counts[present].copy()
    cat["findings"] = cat.sum(axis=1)
    cat["hands"] = cat.index.map(hands_of).astype(int)
    cat = cat.reset_index()
    cat.columns = [str(c) for c in cat.columns]
    cat["category"] = cat["category"].astype(str)
    return cat.sort_values(["findings", "category"], ascending=[False, True], kind="stable").reset_index(drop=True)


def summaries(tables: dict[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    """The report's sections, each a DataFrame, in display order."""
    t = normalised(tables) if "unit" not in tables["hands"] else tables
    h, f, p = t["hands"], t["findings"], t["pots"]
    key = ["hand_id", "source"]
    out: dict[str, pd.DataFrame] = {}
    out["hands by site and status"] = h.groupby(["site", "status"], observed=True).size() \
        .rename("hands").reset_index()
    pots = with_hand_columns(p, h, ["unit", "scale"])
    if not pots.empty:
        pots["amount_u"] = _units(pots["amount"], pots["scale"])
        hh = h[h["status"] == "audited"].copy()
        hh["pot_u"] = _units(hh["total_pot"].fillna(0), hh["scale"])
        hh["rake_u"] = _units(hh["rake"].fillna(0), hh["scale"])
        g = pots.groupby("unit", sort=True)
        ok = pots["ok"]
        tbl = pd.DataFrame({
            "pots": g.size(),
            "judged": g["ok"].count(),
            "ok": (ok == True).groupby(pots["unit"]).sum(),
            "wrong": (ok == False).groupby(pots["unit"]).sum(),
            "not judged": ok.isna().groupby(pots["unit"]).sum(),
            "pot total": g["amount_u"].sum().round(2),
        })
        hg = hh.groupby("unit")
        tbl["hands"] = hg.size().reindex(tbl.index).fillna(0).astype(int)
        tbl["stated pots"] = hg["pot_u"].sum().reindex(tbl.index).round(2)
        tbl["rake"] = hg["rake_u"].sum().reindex(tbl.index).round(2)
        out["pots audited"] = tbl.reset_index()
    if not f.empty:
        fh = with_hand_columns(f, h, ["site", "table_name", "started_at"])
        hands_of = fh.groupby(["category"], observed=True).apply(
            lambda x: len(x[key].drop_duplicates()), include_groups=False)
        out["findings by category"] = by_category(f, hands_of)
        rules = _count(f, ["rule", "name", "category"])
        rule_hands = f.groupby("rule", observed=True).apply(lambda x: len(x[key].drop_duplicates()),
                                                            include_groups=False)
        rules["hands"] = rules["rule"].map(rule_hands).astype(int)
        out["findings by rule"] = rules
        out["findings by site"] = rates(fh, h, ["site"])
        out["findings by table"] = rates(fh, h, ["site", "table_name"])
        named = h[h["dealer"].astype("string").fillna("") != ""] if "dealer" in h else h.iloc[:0]
        if len(named):  # live logs that name their dealers: the hands of the others are no one's
            fd = with_hand_columns(f, h, ["dealer"])
            out["findings by dealer"] = rates(fd[fd["dealer"].astype("string").fillna("") != ""], named, ["dealer"])
        day = fh["started_at"].dt.strftime("%Y-%m-%d").fillna("(no date)")
        hday = h["started_at"].dt.strftime("%Y-%m-%d").fillna("(no date)")
        out["findings by day (UTC)"] = rates(fh.assign(day=day), h.assign(day=hday), ["day"], order="key")
        # hands ranked by their root findings: a finding that follows from an earlier one of
        # the same hand (`caused_by`) does not count again
        roots = f[f["caused_by"].isna()] if "caused_by" in f else f
        first = roots.sort_values(["line", "seq"], kind="stable", na_position="first") \
            .groupby(key, sort=False).head(1)
        worst = roots.groupby(key, sort=False).size().rename("findings").reset_index() \
            .merge(first[key + ["rule", "line", "player", "expected", "actual", "message"]], on=key)
        rows = hand_rows(h, worst)
        worst = with_hand_columns(worst, h, ["site"], rows)
        worst["order"] = np.where(rows >= 0, rows, len(h))  # a finding's hand in the hands' order; none last
        worst = worst.sort_values(["findings", "order"], ascending=[False, True], kind="stable")
        worst["file"] = worst["source"].astype("string")
        out["worst hands"] = worst[["site", "hand_id", "file", "findings", "rule", "line", "player",
                                    "expected", "actual", "message"]].reset_index(drop=True)
    out["players"] = player_stats(t)
    out.update(session_summaries(tables, h))
    return out


def session_summaries(tables: dict[str, pd.DataFrame], hands: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """Per site, the sessions and the pairs of consecutive hands checked (see "Table
    sessions"); and each session of more than one hand (table, hands, findings), the most
    findings first. Only the sessions of the hands the report is restricted to."""
    s = tables.get("sessions")
    if s is None or s.empty or "session_id" not in hands:
        return {}
    s = s[s["session_id"].isin(hands["session_id"].dropna().unique())]
    if s.empty:
        return {}
    g = s.groupby("site", observed=True)
    by_site = pd.DataFrame({
        "sessions": g.size(),
        "of several hands": g["hands"].apply(lambda x: int((x > 1).sum())),
        "hands": g["hands"].sum(),
        "hand pairs": g["pairs"].sum(),
        "pairs judged": g["pairs_judged"].sum(),
        "findings": g["n_findings"].sum(),
    }).sort_values(["pairs judged", "sessions"], ascending=False, kind="stable").reset_index()
    multi = s[s["hands"] > 1].sort_values(["n_findings", "hands", "session_id"], ascending=[False, False, True],
                                          kind="stable")
    each = pd.DataFrame({
        "session": multi["session_id"], "site": multi["site"], "table": multi["table_name"],
        "tournament": multi["tournament_id"], "first hand": multi["first_hand_id"],
        "started": multi["started_at"], "last hand": multi["last_hand_id"], "ended": multi["ended_at"],
        "hands": multi["hands"], "pairs judged": multi["pairs_judged"],
        "players": multi["players"], "findings": multi["n_findings"],
    }).reset_index(drop=True)
    return {"sessions by site": by_site, "sessions": each}


def short_path(source: object) -> str:
    return PurePath(str(source)).name
