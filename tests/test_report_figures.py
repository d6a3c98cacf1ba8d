"""Report figures that mean what they say (players keyed by site and name, seat labels not
players, tournament chips per tournament, one name per site), the filters of `hhaudit
report`, `hhaudit show OUT --hand ID`, and names printed as text, never as markup."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
from unittest import mock
from pathlib import Path

import pytest

import hhaudit
from hhaudit.report import filter_tables, player_stats, summaries
from hhaudit.report.figures import is_seat_label

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "sample_histories"
STARS = SAMPLES / "pokerstars"
SHORT = STARS / "short-raise-odd-chip.txt"


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    from hhaudit.cli import main

    out, err = io.StringIO(), io.StringIO()
    # printed to a pipe: the report's 160 columns, not the COLUMNS a test runner's worker sets
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    with mock.patch.dict(os.environ, env, clear=True), contextlib.chdir(REPO), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess(["hhaudit", *args], code, out.getvalue(), err.getvalue())


def _two_tournaments(tmp: Path) -> Path:
    """The short-raise tournament hand, and the same hand in a second tournament."""
    d = tmp / "two"
    d.mkdir()
    text = SHORT.read_text(encoding="utf-8")
    (d / "a.txt").write_text(text, encoding="utf-8")
    (d / "b.txt").write_text(text.replace("#100000000002", "#100000000003").replace("555000", "555001"),
                             encoding="utf-8")
    return d


def test_tournament_chips_are_never_summed_across_tournaments(tmp_path: Path) -> None:
    r = hhaudit.audit([str(_two_tournaments(tmp_path)), str(STARS / "clean-cash.txt")])
    p = player_stats(r.tables)
    gina = p[p["player"] == "Gina"].set_index("unit")
    # Gina wins 112 chips in each tournament (paid 712 of 1425 after putting in 600): two rows
    # of 112, never one of 224, and never added to the cash game's dollars
    assert sorted(gina.index) == ["T555000 chips", "T555001 chips"]
    assert gina["net"].tolist() == [112.0, 112.0]
    pots = summaries(r.tables)["pots audited"].set_index("unit")
    assert pots.loc["T555000 chips", "pot total"] == 1425.0 and pots.loc["T555001 chips", "pot total"] == 1425.0
    assert pots.loc["USD", "pot total"] == 39.0


def test_players_are_keyed_by_site_and_name() -> None:
    r = hhaudit.audit([str(SAMPLES / "live"), str(STARS / "clean-cash.txt")])
    p = player_stats(r.tables)
    alice = p[p["player"] == "Alice"]
    # the live session's Alice and PokerStars' Alice are two players
    assert sorted(alice["site"]) == ["PokerStars", "live"]
    assert alice.set_index("site").loc["PokerStars", "hands"] == 1
    # Alice sits every hand of the live logs: 32 in session-1.live, 6 in evening-1.live, 4 in
    # kill-game.live (its voided deal is a row of the hands table too)
    assert alice.set_index("site").loc["live", "hands"] == 32 + 6 + 4


def test_seat_labels_are_not_players(tmp_path: Path) -> None:
    hero = tmp_path / "hero.txt"
    hero.write_text((STARS / "clean-cash.txt").read_text(encoding="utf-8").replace("Alice", "Hero"), encoding="utf-8")
    r = hhaudit.audit([str(hero)])
    p = player_stats(r.tables)
    assert "Hero" not in set(p["player"]) and {"Bob", "Carol", "Dave"} <= set(p["player"])
    tables = dict(r.tables)
    tables["hands"] = tables["hands"].assign(site="Bovada/Ignition")
    assert player_stats(tables).empty            # every Bovada name is a position label
    assert is_seat_label("Bovada/Ignition", "Alice") and is_seat_label("PokerStars", "UTG+1")
    assert not is_seat_label("PokerStars", "Utgard")


def test_one_name_per_site() -> None:
    r = hhaudit.audit([str(STARS / "clean-cash.txt")])
    tables = dict(r.tables)
    tables["hands"] = tables["hands"].assign(site="FullTilt")     # as older datasets wrote it
    parts = summaries(tables)
    assert parts["hands by site and status"]["site"].tolist() == ["Full Tilt"]
    assert set(player_stats(tables)["site"]) == {"Full Tilt"}


def test_site_names() -> None:
    from hhaudit.sites import site_name

    # the PHH corpus's venues and older datasets' names, each the site's one name
    assert [site_name(x) for x in ("Full Tilt Poker", "FullTilt", "Ongame Network", "iPoker Network",
                                   "Absolute Poker", "WPN/ACR (old)", "PokerStars", "Some Room", None)] == \
        ["Full Tilt", "Full Tilt", "OnGame", "iPoker", "Absolute/UB", "WPN/ACR", "PokerStars", "Some Room", ""]


def test_filters(tmp_path: Path) -> None:
    r = hhaudit.audit([str(SAMPLES / "live"), str(STARS)])
    t = r.tables
    live = filter_tables(t, site=["LIVE"])
    # session-1.live: 32 hands, its 10 planted mistakes; evening-1.live: 6 clean hands;
    # kill-game.live: 4 hands (a voided deal among them), 2 planted mistakes
    assert set(live["hands"]["site"]) == {"live"} and len(live["hands"]) == 42 and len(live["findings"]) == 12
    mr = filter_tables(t, rule=["MR"])
    # the kill game's raise to 6 over a kill of 4, and the PokerStars short raise
    assert mr["findings"]["rule"].tolist() == ["MR01", "MR01"]
    assert sorted(mr["hands"]["hand_id"].tolist()) == ["100000000002", "35"]
    by_name = filter_tables(t, rule=["odd-chip-wrong-seat"])
    assert by_name["findings"]["rule"].tolist() == ["OC01", "OC01"]
    gina = filter_tables(t, player=["Gina"])
    assert gina["hands"]["hand_id"].tolist() == ["100000000002"]
    # clean-cash starts 2026/11/01 20:00 ET = 2026-11-02 01:00 UTC, short-raise 01:05 UTC, the
    # side-pots hand 2024-03-02 02:00 UTC; evening-1.live's six hands are dated 2026-11-28
    # (its room's wall clock); session-1.live has no time (no filter by time keeps its hands)
    evening = ["1", "2", "3", "4", "5", "6"]
    since = filter_tables(t, since="2026-11-02T01:00")
    assert sorted(since["hands"]["hand_id"]) == sorted(evening + ["100000000001", "100000000002"])
    until = filter_tables(t, until="2026-11-02 01:00")
    assert until["hands"]["hand_id"].tolist() == ["2750000001"]
    assert sorted(filter_tables(t, since="2026-11-02")["hands"]["hand_id"]) == sorted(evening + ["100000000001", "100000000002"])
    assert filter_tables(t, since="2026-11-28T19:30")["hands"]["hand_id"].tolist() == ["4", "5", "6"]
    # evening-1.live names its dealers: Maria deals hands 1-3, Sam hands 4-6
    maria = filter_tables(t, dealer=["maria"])
    assert maria["hands"]["hand_id"].tolist() == ["1", "2", "3"] and set(maria["hands"]["source"]) == {
        str(SAMPLES / "live" / "evening-1.live")}
    with pytest.raises(ValueError, match="no hand was dealt by that name; the dealers in this dataset: Maria, Sam"):
        filter_tables(t, dealer=["Dan"])
    stars_only = filter_tables(t, site=["PokerStars"])
    with pytest.raises(ValueError, match="no hand in this dataset names its dealer"):
        filter_tables(stars_only, dealer=["Maria"])
    with pytest.raises(ValueError, match="no hand in this dataset names its dealer"):
        filter_tables({k: v.drop(columns=["dealer"]) if k == "hands" else v for k, v in stars_only.items()},
                      dealer=["Maria"])
    with pytest.raises(ValueError, match="not a date"):
        filter_tables(t, since="yesterday-ish")


def test_report_command_filters_and_refuses_a_non_dataset(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert _cli("audit", "sample_histories", "-o", str(out), "-qq", "--jobs", "1", "--fail-on", "never").returncode == 0
    r = _cli("report", str(out), "--rule", "MR01")
    assert r.returncode == 0 and "raise-below-minimum" in r.stdout and "string-bet" not in r.stdout
    r = _cli("report", str(out), "--dealer", "Dan")
    assert r.returncode == 2 and "the dealers in this dataset: Maria, Sam" in r.stderr
    r = _cli("report", str(out), "--dealer", "SAM")
    assert r.returncode == 0 and "string-bet" not in r.stdout
    r = _cli("report", str(tmp_path))
    assert r.returncode == 2 and "not a dataset" in r.stderr


def test_show_finds_a_hand_through_the_dataset(tmp_path: Path) -> None:
    out = tmp_path / "out"
    _cli("audit", "sample_histories", "-o", str(out), "-qq", "--jobs", "1", "--fail-on", "never")
    r = _cli("show", str(out), "--hand", "100000000002")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("PokerStars hand 100000000002")
    # stacks by name after Gina's raise to 450: Gina 5000 - 450 = 4550; the minimum re-raise 750
    # (the compact replay: what each line changed, the seats' positions beside them)
    assert "   10 Gina (seat 5, UTG) raises to 450   pot 675; bet 450, min raise to 750; stack Gina 4550; next Hugo" \
        in lines
    assert lines[1] == "seats  2 Frank BB 5000  5 Gina UTG 5000  7 Hugo BTN 5000  8 Ivan SB 5000"
    assert all(len(line) < 400 for line in lines) and max(map(len, lines)) > 80   # never wrapped at 80
    r = _cli("show", str(out), "--hand", "nope")
    assert r.returncode == 2 and "not in the dataset" in r.stderr


def test_hostile_names_are_printed_as_text(tmp_path: Path) -> None:
    hostile = "[/bold]\x1b[2J"
    hand = tmp_path / "h.txt"
    hand.write_text(SHORT.read_text(encoding="utf-8").replace("Hugo", hostile), encoding="utf-8")
    out = tmp_path / "out"
    _cli("audit", str(hand), "-o", str(out), "-qq", "--jobs", "1")
    r = _cli("report", str(out), "--html", str(tmp_path / "rep.html"))
    assert r.returncode == 0, r.stderr
    assert "\x1b" not in r.stdout and "[/bold]\\x1b[2J" in r.stdout
    r = _cli("show", str(hand), "--hand", "100000000002")
    assert r.returncode == 0 and "\x1b" not in r.stdout and "[/bold]\\x1b[2J (seat 7, BTN) raises to 600" in r.stdout
    html = (tmp_path / "rep_hands" / "h000001.html").read_text(encoding="utf-8")
    assert "[/bold]\\x1b[2J: raises 150 to 600" in html and "\x1b" not in html  # shown, not sent

    index = (tmp_path / "rep.html").read_text(encoding="utf-8")
    lt = tmp_path / "lt.txt"
    lt.write_text(SHORT.read_text(encoding="utf-8").replace("Hugo", "<img src=x onerror=alert(1)>"), encoding="utf-8")
    _cli("audit", str(lt), "-o", str(tmp_path / "o2"), "-qq", "--jobs", "1")
    _cli("report", str(tmp_path / "o2"), "--html", str(tmp_path / "lt.html"))
    for page in [tmp_path / "lt.html", *(tmp_path / "lt_hands").glob("*.html")]:
        assert "<img src=x" not in page.read_text(encoding="utf-8"), page
    assert index


def test_report_lists_sessions_and_pairs_checked_per_site(tmp_path: Path) -> None:
    # session-1.live: 32 hands of one table. The report's counts must agree with the hands
    # table's own columns: sessions = distinct session ids, pairs = hands - sessions (each
    # session of n hands has n - 1 pairs), findings = the findings table's session rows.
    out = tmp_path / "out"
    _cli("audit", str(SAMPLES / "live" / "session-1.live"), "-o", str(out), "-qq", "--fail-on", "never", "--jobs", "1")
    r = hhaudit.read(out)
    parts = summaries({name: r[name] for name in ("hands", "seats", "actions", "pots", "findings", "sessions")})
    h = r.hands
    n_sessions = h["session_id"].nunique()
    n_session_findings = int((r.findings["category"] == "session").sum())
    row = parts["sessions by site"].iloc[0]
    assert len(parts["sessions by site"]) == 1 and len(h) == 32
    assert (int(row["sessions"]), int(row["hands"]), int(row["hand pairs"]), int(row["findings"])) == (
        n_sessions, 32, 32 - n_sessions, n_session_findings)
    each = parts["sessions"]
    sizes = h["session_id"].value_counts()
    assert sorted(each["hands"]) == sorted(int(x) for x in sizes if x > 1)
    text = _cli("report", str(out)).stdout
    assert "sessions by site" in text and "hand pairs" in text


def test_html_index_lists_the_sessions_with_their_hands_linked(tmp_path: Path) -> None:
    """The HTML index's sessions table: each session of several hands (session-1.live, 32
    hands, cut into 12 + 12 + 8 where the stakes change: `level 2/5`, `level 5/10`) with its
    first and last hand and times, and its hands with findings linked to their pages; the
    table name, hostile here, is escaped as everywhere."""
    from html.parser import HTMLParser

    log = tmp_path / "s.live"
    lines = (SAMPLES / "live" / "session-1.live").read_text(encoding="utf-8").splitlines()
    lines = [ln.replace("table T7", "table <b>T&7</b>") if ln.startswith("game ") else ln for ln in lines]
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    _cli("audit", str(log), "-o", str(out), "-qq", "--fail-on", "never")
    assert _cli("report", str(out), "--html", str(tmp_path / "rep.html")).returncode == 0
    page = (tmp_path / "rep.html").read_text(encoding="utf-8")

    class Rows(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.inside, self.rows, self.links = False, [], []
            self.cell: list[str] | None = None

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "table" and ("id", "sessions-table") in attrs:
                self.inside = True
            elif self.inside and tag == "tr":
                self.rows.append([])
            elif self.inside and tag == "td":
                self.cell = []
            elif self.inside and tag == "a":
                self.links.append((len(self.rows) - 1, dict(attrs)["href"]))

        def handle_endtag(self, tag: str) -> None:
            if tag == "table":
                self.inside = False
            elif self.inside and tag == "td" and self.cell is not None:
                self.rows[-1].append("".join(self.cell))
                self.cell = None

        def handle_data(self, data: str) -> None:
            if self.cell is not None:
                self.cell.append(data)

    p = Rows()
    p.feed(page)
    body = [r for r in p.rows if r]
    r = hhaudit.read(out)
    # one row per session (first hand, last hand, hands), the most hands first
    assert sorted((row[4], row[6], row[8]) for row in body) == [("1", "12", "12"), ("13", "24", "12"), ("25", "32", "8")]
    assert body[-1][8] == "8"
    assert {row[2] for row in body} == {"<b>T&7</b>"}             # the text, parsed back from escaped HTML
    assert "<b>T&7</b>" not in page and "&lt;b&gt;T&amp;7&lt;/b&gt;" in page
    # the hands with findings of each session, linked: the hand ids the findings table names
    f = r.findings
    h = r.hands.set_index("hand_id")
    for k, row in enumerate(body):
        first = row[4]
        sid = h.loc[first, "session_id"]
        want = sorted(set(f.loc[f["hand_id"].map(h["session_id"]) == sid, "hand_id"]), key=int)
        assert row[-1].split(", ") == want if want else row[-1] == ""
        for _, href in [x for x in p.links if x[0] == k]:
            assert (tmp_path / href).is_file(), href
    assert sum(1 for _ in p.links) == len(set(f["hand_id"]))


def test_terminal_report_fits_the_width_and_keeps_ids_whole(tmp_path: Path) -> None:
    # Every sample, printed at 70 columns: no line is wider, every hand id of the worst
    # hands and every session id is on one line (pasted into `hhaudit show`), and a
    # category is one row, its hands counted once.
    out = tmp_path / "out"
    _cli("audit", str(SAMPLES), "-o", str(out), "-qq", "--fail-on", "never", "--jobs", "1")
    from rich.console import Console

    from hhaudit.report import report

    buf = io.StringIO()
    report(out, console=Console(file=buf, width=70, markup=False, highlight=False))
    lines = buf.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 70
    r = hhaudit.read(out)
    ids = set(r.findings["hand_id"].astype(str)) | set(r.sessions["session_id"].astype(str))
    shown = {w.strip("│┃ ") for line in lines for w in line.split("│")}
    worst = summaries({n: r[n] for n in ("hands", "seats", "actions", "pots", "findings", "sessions")})["worst hands"]
    assert set(worst["hand_id"].astype(str).head(20)) <= shown & ids
    cat = summaries({n: r[n] for n in ("hands", "seats", "actions", "pots", "findings", "sessions")})[
        "findings by category"]
    assert cat["category"].is_unique
    f = r.findings
    for row in cat.to_dict("records"):
        mine = f[f["category"] == row["category"]]
        assert row["findings"] == len(mine) == sum(row.get(s, 0) for s in ("error", "warning", "info"))
        assert row["hands"] == len(mine[["hand_id", "source"]].drop_duplicates())


def test_rates_rank_by_findings_per_1000_hands_few_hands_last() -> None:
    # Maria dealt 40 hands with 2 findings (in 2 hands): 2 * 1000 / 40 = 50.0 per 1,000;
    # Ann 25 hands, 5 findings in 3 hands: 200.0; Tom 10 hands, 3 findings: 300.0, but
    # fewer than 20 hands, so after the others; Lee's 5 hands have none: left out.
    import pandas as pd

    from hhaudit.report.figures import rates

    dealers = ["Maria"] * 40 + ["Ann"] * 25 + ["Tom"] * 10 + ["Lee"] * 5
    h = pd.DataFrame({"hand_id": [str(i) for i in range(80)], "source": "s", "dealer": dealers})
    found = ["0", "1"] + ["40", "40", "41", "42", "42"] + ["65", "66", "67"]
    f = pd.DataFrame({"hand_id": found, "source": "s"}).merge(h, on=["hand_id", "source"])
    r = rates(f, h, ["dealer"])
    assert r["dealer"].tolist() == ["Ann", "Maria", "Tom"]
    assert r["per 1,000 hands"].tolist() == [200.0, 50.0, 300.0]
    assert r["hands"].tolist() == [25, 40, 10] and r["hands with findings"].tolist() == [3, 2, 3]


def test_the_site_chart_of_few_sites_and_many_categories_draws_without_a_warning() -> None:
    # The samples: two sites (live, PokerStars), findings of 9 categories. The chart was as
    # tall as its 2 bars (1.46 in), its legend of 9 rows taller: matplotlib warned
    # "constrained_layout not applied because axes sizes collapsed to zero" on stderr of
    # `hhaudit report --html`. Now as tall as its legend.
    import warnings

    from hhaudit.report import plots
    from hhaudit.report.figures import normalised

    r = hhaudit.audit([str(REPO / "sample_histories")])
    t = normalised({"hands": r.hands, "findings": r.findings, "pots": r.pots, "seats": r.seats,
                    "actions": r.actions})
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        fig = plots.findings_by_site(t)
        assert fig is not None
        text = plots.svg(fig, "by site")
    assert text.startswith("<svg") and fig.get_size_inches()[1] >= 0.7 + 0.2 * r.findings["category"].nunique()
