"""`hhaudit report`: player figures checked by hand, the sections, the terminal output, and
the HTML page (parsed here, and opened in headless Chromium when it is installed)."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

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
    r = hhaudit.audit([str(SAMPLES)])
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
    pots = parts["pots audited"].set_index("currency")
    # the clean hand: one USD pot of $39.00, judged ok; stated rake $0.50
    assert (pots.loc["USD", "pots"], pots.loc["USD", "ok"], pots.loc["USD", "pot total"], pots.loc["USD", "rake"]) \
        == (1, 1, 39.0, 0.5)
    assert pots["pots"].sum() == len(r.pots)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`hhaudit ARGS` run in this process (no interpreter start-up), output captured."""
    from hhaudit.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
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
    assert "raise-below-minimum" in r.stdout and "minimum raise is to 750" in r.stdout
    assert "HTML report written to" in r.stdout


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, int] = {}
        self.h2: list[str] = []
        self.external: list[str] = []
        self._in_h2 = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] = self.tags.get(tag, 0) + 1
        self._in_h2 = tag == "h2"
        for k, v in attrs:
            if k in ("src", "href") and v and not v.startswith(("data:", "#")):
                self.external.append(v)

    def handle_data(self, data: str) -> None:
        if self._in_h2:
            self.h2.append(data)
            self._in_h2 = False


def test_html_is_self_contained_with_tables_and_plots(report_html: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    page, _ = report_html
    p = _Page()
    p.feed(page.read_text(encoding="utf-8"))
    assert p.external == []                            # no network
    assert p.tags.get("script", 0) == 0
    assert p.tags["svg"] >= 3 and p.tags["table"] >= 9
    for title in ("Findings per category over time (UTC days)", "Net won per player over hands",
                  "Pot-size distribution", "worst hands", "players", "pots audited"):
        assert title in p.h2, title


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def test_html_in_headless_chromium(report_html: tuple[Path, subprocess.CompletedProcess[str]], tmp_path: Path) -> None:
    browser = _chromium()
    if browser is None:
        pytest.skip("chromium not found on PATH (.ci/run installs Debian's chromium)")
    page, _ = report_html
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "report.png"
    if shot.exists():
        shot.unlink()
    base = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"]
    env = dict(os.environ)
    r = subprocess.run(base + [f"--user-data-dir={tmp_path / 'p1'}", f"--screenshot={shot}",
                               "--window-size=1200,2000", page.as_uri()],
                       capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    assert shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
    r = subprocess.run(base + [f"--user-data-dir={tmp_path / 'p2'}", "--enable-logging=stderr", "--v=0",
                               "--dump-dom", page.as_uri()],
                       capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    dom = r.stdout
    assert dom.count("<svg") >= 3 and dom.count("<table") >= 9
    assert "<rect" in dom and "<polyline" in dom and "raise-below-minimum" in dom
    console = [line for line in r.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    assert console == [], console
