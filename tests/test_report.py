"""`hhaudit report`: player figures checked by hand, the sections, the terminal output, and
the HTML page (parsed here, and opened in headless Chromium when it is installed)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from unittest import mock

import pytest

import hhaudit
from hhaudit.report import player_stats, seat_figures, summaries

from conftest_corpus import corpus
from test_dataset import CLEAN, FOURBET, SAMPLES

REPO = Path(__file__).resolve().parents[1]
ARTIFACTS = REPO / "test-artifacts"
SHORT = SAMPLES / "pokerstars" / "short-raise-odd-chip.txt"


def _players(*paths: Path) -> dict[str, dict[str, object]]:
    r = hhaudit.audit([str(p) for p in paths])
    return {row["player"]: row for row in player_stats(r.tables).to_dict("records")}


def test_clean_cash_player_figures() -> None:
    p = _players(CLEAN)
    # Alice opens to $6, bets the flop and the turn, everyone folds: VPIP, PFR, no showdown
    a = p["Alice"]
    assert (a["hands"], a["vpip"], a["pfr"], a["wtsd"], a["net"]) == (1, 100.0, 100.0, 0.0, 22.5)
    assert a["three_bet"] is None or a["three_bet"] != a["three_bet"] or str(a["three_bet"]) == "<NA>"
    # rake $0.50 shared by contribution: Alice 16 of 39 -> 0.205; Dave 1 of 39 -> 0.013
    assert a["rake_paid"] == 0.21 and p["Dave"]["rake_paid"] == 0.01
    # Carol calls the open (a 3-bet chance not taken), then folds the turn: -16
    c = p["Carol"]
    assert (c["vpip"], c["pfr"], c["three_bet"], c["net"]) == (100.0, 0.0, 0.0, -16.0)
    # Bob folds pre-flop: no VPIP, nothing lost
    assert (p["Bob"]["vpip"], p["Bob"]["net"]) == (0.0, 0.0)
    assert sum(v["findings"] for v in p.values()) == 0


def test_short_raise_hand_player_figures() -> None:
    p = _players(SHORT)
    # Gina opens to 450; Hugo raises to 600 (the 3-bet, too small: MR01 names Hugo)
    assert (p["Hugo"]["pfr"], p["Hugo"]["three_bet"], p["Hugo"]["findings"]) == (100.0, 100.0, 1)
    assert (p["Gina"]["pfr"], p["Gina"]["findings"]) == (100.0, 0)
    # both check it down and show: showdown, each is paid half of 1425 (712 / 713)
    assert (p["Gina"]["wtsd"], p["Gina"]["wsd"], p["Gina"]["net"]) == (100.0, 100.0, 112.0)
    assert (p["Hugo"]["wtsd"], p["Hugo"]["wsd"], p["Hugo"]["net"]) == (100.0, 100.0, 113.0)
    # Ivan (small blind 75) and Frank (big blind 150) fold facing the 3-bet: no chance to 3-bet
    assert (p["Ivan"]["vpip"], p["Ivan"]["wtsd"], p["Ivan"]["net"]) == (0.0, 0.0, -75.0)
    assert p["Frank"]["net"] == -150.0


def test_four_bet_hand_figures() -> None:
    r = hhaudit.audit([str(corpus() / FOURBET)])
    d = seat_figures(r.tables).set_index("player")
    # Player0 limps, Player4 raises to 0.08 (1st raise), Player2 to 0.24 (the 3-bet),
    # Player4 shoves (4-bet). Only Player2 acted facing exactly one raise.
    assert d["three_bet_opp"][d["three_bet_opp"]].index.tolist() == ["Player2"]
    assert d["three_bet"][d["three_bet"]].index.tolist() == ["Player2"]
    assert sorted(d.index[d["went_to_showdown"]]) == ["Player2", "Player4"]
    assert d.index[d["won_at_showdown"]].tolist() == ["Player4"]
    # rake 10 cents over 289 contributed: Player4 and Player2 each 131/289 of it
    assert d.loc["Player4", "rake_paid"] == pytest.approx(10 * 131 / 289)
    assert d["rake_paid"].sum() == pytest.approx(10)


def test_sections_of_the_samples() -> None:
    r = hhaudit.audit([str(SAMPLES / "live"), str(SAMPLES / "pokerstars")])
    parts = summaries(r.tables)
    for name in ("hands by site and status", "pots audited", "findings by category", "findings by rule",
                 "findings by site", "findings by table", "findings by day (UTC)", "worst hands", "players"):
        assert name in parts, name
    n = len(r.findings)
    for name in ("findings by category", "findings by rule", "findings by site", "findings by table",
                 "findings by day (UTC)"):
        assert parts[name]["findings"].sum() == n, name
    # the short-raise hand has two findings; its first (line 11, "Hugo: raises 150 to 600") is MR01
    worst = parts["worst hands"]
    top = worst.iloc[0]
    assert (top["hand_id"], top["findings"], top["rule"], top["line"]) == ("100000000002", 2, "MR01", 11)
    assert worst["findings"].sum() == n
    pots = parts["pots audited"].set_index("unit")
    # the clean hand: one USD pot of $39.00, judged ok; stated rake $0.50
    assert (pots.loc["USD", "pots"], pots.loc["USD", "ok"], pots.loc["USD", "pot total"], pots.loc["USD", "rake"]) \
        == (1, 1, 39.0, 0.5)
    assert pots["pots"].sum() == len(r.pots)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`hhaudit ARGS` run in this process (no interpreter start-up), output captured."""
    from hhaudit.cli import main

    out, err = io.StringIO(), io.StringIO()
    # printed to a pipe: the report's 160 columns, not the COLUMNS a test runner's worker sets
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    with mock.patch.dict(os.environ, env, clear=True), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess(["hhaudit", *args], code, out.getvalue(), err.getvalue())


@pytest.fixture(scope="module")
def report_html(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    d = tmp_path_factory.mktemp("rep")
    out = d / "out"
    assert _cli("audit", str(SAMPLES), "-o", str(out), "--quiet", "--fail-on", "never", "--jobs", "1").returncode == 0
    page = d / "report.html"
    r = _cli("report", str(out), "--html", str(page))
    return page, r


def test_terminal_report(report_html: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    _, r = report_html
    assert r.returncode == 0, r.stderr
    for title in ("findings by category", "findings by rule", "findings by site", "findings by table",
                  "findings by day (UTC)", "worst hands", "players", "pots audited"):
        assert title in r.stdout
    assert "raise-below-minimum" in r.stdout and "the least raise was to 750" in r.stdout
    assert "HTML report written to" in r.stdout


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, int] = {}
        self.h2: list[str] = []
        self.links: list[str] = []
        self.external: list[str] = []
        self._in_h2 = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] = self.tags.get(tag, 0) + 1
        self._in_h2 = tag == "h2"
        for k, v in attrs:
            if k in ("src", "href") and v and not v.startswith(("data:", "#")):
                (self.external if "//" in v or v.startswith(("http", "/")) else self.links).append(v)

    def handle_data(self, data: str) -> None:
        if self._in_h2:
            self.h2.append(data)
            self._in_h2 = False


def test_html_index_is_self_contained_with_plots_and_every_finding(
        report_html: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    page, _ = report_html
    text = page.read_text(encoding="utf-8")
    p = _Page()
    p.feed(text)
    assert p.external == []                            # no network: inline SVG, script and styles
    assert all(tag not in text for tag in ("<script src", "<link "))
    # three plots drawn by matplotlib (its SVG), inline
    assert p.tags["svg"] >= 3 and text.count("matplotlib") >= 3
    # in the order an auditor asks: where to look first (by rate), by rule, every finding,
    # then the rest folded
    assert p.h2 == ["Where to look first", "Findings by rule, category, site and day", "Every finding (14)",
                    "More tables"]
    for title in ("<h3>Findings by category</h3>", "<h3>Findings by rule</h3>",
                  "<h3>Tables with most findings per 1,000 hands</h3>", "<h3>Findings by site</h3>",
                  "<summary>Players (", "<summary>Pots audited ("):
        assert title in text, title
    assert text.index("Where to look first") < text.index("<h3>Findings by rule") < text.index("Every finding (") \
        < text.index("<summary>Players (")
    # every finding's row is in the embedded data, each pointing at its hand page
    start = text.index("id='findings-data'>") + len("id='findings-data'>")
    data = json.loads(text[start:text.index("</script>", start)])
    assert len(data) == 14
    # two MR01: the kill game's raise to 6 over a kill of 4, and the PokerStars short raise
    assert sorted(row[5] for row in data if row[7] == "MR01") == ["100000000002", "35"]
    mr = next(row for row in data if row[7] == "MR01" and row[5] == "100000000002")
    assert mr[12:14] == ["minimum raise is to 750", "raised to 600"] and mr[11] == 11
    assert (page.parent / mr[0]).is_file()
    # the planted hands: 13 have findings (2 of them in kill-game.live), one page each
    pages = sorted((page.parent / "report_hands").glob("h*.html"))
    assert len(pages) == 13


def test_hand_page_highlights_the_line_with_the_finding(report_html: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    page, _ = report_html
    hand = next(p for p in (page.parent / "report_hands").glob("h*.html")
                if "hand 100000000002" in p.read_text(encoding="utf-8"))
    text = hand.read_text(encoding="utf-8")
    # line 11 ("Hugo: raises 150 to 600") highlighted, its finding under it
    assert "<tr id='L11' class='hit'><td class='ln'><a href='#L11'>11</a></td><td>Hugo: raises 150 to 600</td></tr>" in text
    assert "<span class='expected'>expected minimum raise is to 750</span>" in text
    assert "<span class='actual'>actual raised to 600</span>" in text
    # the replay of `hhaudit show`: after Gina's raise to 450 the minimum raise is to 750
    assert "<td>Gina (seat 5) raises to 450</td><td>Hugo</td><td class='n'>450</td><td class='n'>750</td>" in text
    # the pot recomputed beside what the log paid: 1425 split 713 to Gina (first left of the button)
    assert "<td>Gina 712, Hugo 713</td><td>Gina 713, Hugo 712</td><td class='wrong'>wrong</td>" in text
    # a picture of the table at each of the two findings, button on seat 7 (Hugo)
    assert text.count("<figure class='table'") == 2 and ">D</text>" in text
    # each page links to the report and its neighbours: 13 pages, the first has no previous
    pages = sorted((page.parent / "report_hands").glob("h*.html"))
    first, last = pages[0].read_text(encoding="utf-8"), pages[-1].read_text(encoding="utf-8")
    assert "rel='prev'" not in first and "<a href='h000002.html' rel='next'>" in first
    assert "<a href='h000012.html' rel='prev'>" in last and "rel='next'" not in last
    assert "<a href='../report.html'>" in first


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _driver():  # type: ignore[no-untyped-def]
    """Headless Chromium driven by Selenium through Debian's chromedriver (no download)."""
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    browser, driver = _chromium(), shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if browser is None or not Path(driver).exists():
        pytest.skip("chromium and chromedriver not found (.ci/run installs Debian's chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1300,1800", "--disable-background-networking", "--no-first-run"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(driver), options=options)


def test_html_in_headless_chromium(report_html: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    """A finding in the index opens its hand page, with the line highlighted and what the
    rules expected beside what the log did; screenshots of both pages are kept."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    page, _ = report_html
    ARTIFACTS.mkdir(exist_ok=True)
    shots = {name: ARTIFACTS / name for name in ("report-index.png", "report-hand.png")}
    for shot in shots.values():
        if shot.exists():
            shot.unlink()
    d = _driver()
    try:
        d.get(page.as_uri())
        assert d.find_element(By.ID, "findings-count").text == "findings 1-14 of 14"
        # filter the table by rule as a user would, then sort it by line
        Select(d.find_element(By.ID, "f-rule")).select_by_value("MR01")
        # the kill game's MR01 and the PokerStars short raise
        assert d.find_element(By.ID, "findings-count").text == "findings 1-2 of 2 (filtered from 14)"
        rows = [[td.text for td in row.find_elements(By.TAG_NAME, "td")]
                for row in d.find_elements(By.CSS_SELECTOR, "#findings-body tr")]
        assert len(rows) == 2 and all("MR01" in cells for cells in rows)
        assert any("minimum raise is to 750" in cells and "raised to 600" in cells for cells in rows)
        Select(d.find_element(By.ID, "f-rule")).select_by_value("")
        d.find_element(By.CSS_SELECTOR, "#findings th[data-key='line']").click()
        first_lines = [tr.find_elements(By.TAG_NAME, "td")[-4].text
                       for tr in d.find_elements(By.CSS_SELECTOR, "#findings-body tr")]
        assert first_lines == sorted(first_lines, key=int)
        d.find_element(By.ID, "q").send_keys("raised to 600")
        d.save_screenshot(str(shots["report-index.png"]))
        d.find_element(By.CSS_SELECTOR, "#findings-body a.open-hand").click()
        assert "100000000002" in d.title
        hit = d.find_element(By.CSS_SELECTOR, "tr#L11.hit")
        assert "Hugo: raises 150 to 600" in hit.text
        note = hit.find_element(By.XPATH, "following-sibling::tr[1]")
        assert "expected minimum raise is to 750" in note.text and "actual raised to 600" in note.text
        # the highlighted line is painted as such
        assert d.execute_script("return getComputedStyle(arguments[0].cells[1]).backgroundColor", hit) \
            == "rgb(255, 227, 224)"
        d.save_screenshot(str(shots["report-hand.png"]))
        errors = [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]
        assert errors == [], errors
    finally:
        d.quit()
    for shot in shots.values():
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


def test_terminal_report_columns_give_the_whole_tables_figures(
        report_html: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    # the terminal report reads only TERMINAL_COLUMNS of seats, actions and pots: each
    # section, with and without filters, is the one the whole tables give
    import pandas as pd

    from hhaudit.api import read, read_columns
    from hhaudit.report import TERMINAL_COLUMNS, filter_tables

    out = report_html[0].parent / "out"
    whole, some = read(out), read_columns(out, TERMINAL_COLUMNS)
    for name, columns in TERMINAL_COLUMNS.items():
        in_order = [c for c in whole[name].columns if c in columns]  # the schema's order
        assert sorted(in_order) == sorted(columns)
        pd.testing.assert_frame_equal(some[name], whole[name][in_order])
    assert len(whole["actions"]) > 100 and len(whole["pots"]) > 10
    for filters in ({}, {"player": ["Hugo"]}, {"rule": ["MR"]}, {"site": ["PokerStars"]}):
        a, b = summaries(filter_tables(whole, **filters)), summaries(filter_tables(some, **filters))
        assert list(a) == list(b)
        assert len(a["players"]) > 0, filters
        for section in a:
            pd.testing.assert_frame_equal(a[section], b[section], obj=f"{filters} {section}")


def test_a_wrong_winner_page_shows_each_hand_its_rank_and_five_cards(
        report_html: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    # session-1.live hand 18, worked by hand: board Kc 9h 4d 2s 9c; Carol's Ks Qd and Frank's
    # Kd Jc both make kings and nines, and Carol's queen kicker beats Frank's jack; the log
    # paid Frank (WN01).
    page, _ = report_html
    hand = next(p for p in (page.parent / "report_hands").glob("h*.html")
                if "<h1>live hand 18</h1>" in p.read_text(encoding="utf-8"))
    text = hand.read_text(encoding="utf-8")
    assert "<h2>Showdown</h2>" in text and "Carol (seat 3, UTG)" in text and "Frank (seat 6, BTN)" in text
    rows = text[text.index("<table class='t showdown'>"):]
    rows = rows[:rows.index("</table>")].split("<tr")[2:]
    assert len(rows) == 2
    carol, frank = rows
    assert carol.startswith(" class='best'") and "<td>Carol</td><td>3 UTG</td>" in carol and "best hand" in carol
    assert "two pair" in carol and "Q" in carol.split("two pair", 1)[1]
    assert not frank.startswith(" class='best'") and "<td>Frank</td><td>6 BTN</td>" in frank
    assert "J" in frank.split("two pair", 1)[1]


def test_the_audit_summary_and_the_html_index_count_the_files_with_hands_alike(tmp_path: Path) -> None:
    # Three files read: the clean hand, a copy of it (its one hand skipped as a duplicate)
    # and the short raise. Two hold hands of the dataset; the third was read but holds none.
    # Before, the summary said "2 hands read from 3 of 3 files" and the index "from the 2
    # files holding them": two counts of files under one word.
    d = tmp_path / "in"
    d.mkdir()
    shutil.copy(CLEAN, d / "a-clean.txt")
    shutil.copy(CLEAN, d / "b-copy.txt")
    shutil.copy(SAMPLES / "pokerstars" / "short-raise-odd-chip.txt", d / "c-short.txt")
    out = tmp_path / "out"
    r = _cli("audit", str(d), "-o", str(out), "--quiet", "--fail-on", "never", "--jobs", "1")
    lines = r.stdout.splitlines()
    assert lines[0].startswith("2 hands read from 3 of 3 files:"), r.stdout
    assert lines[1] == "files: 3 read (2 files with hands)"
    assert lines[2] == f"  read, with no hand in the dataset: {d / 'b-copy.txt'} (its hand a copy of one read in another file)"
    page = tmp_path / "report.html"
    assert _cli("report", str(out), "--html", str(page)).returncode == 0
    text = page.read_text(encoding="utf-8")
    assert "<tr><td>files with hands</td><td>2 (" in text
    assert "<tr><td>hands</td><td>2 in the dataset</td></tr>" in text
