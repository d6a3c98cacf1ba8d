"""Times for every site (`hhaudit.zones`): a time the log writes with no zone is read in the
zone the user gives for the site, else the site's documented default, and `tz` says which."""

from __future__ import annotations

import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

import hhaudit
from hhaudit.model import Hand
from hhaudit.zones import SITE_ZONES, ZoneError, parse_choice, place

GG = """Poker Hand #RC1000001: Hold'em No Limit ($0.01/$0.02) - 2021/01/15 18:22:40
Table 'RushAndCash1' 6-max Seat #1 is the button
Seat 1: Hero ($2.00 in chips)
Seat 2: Villain ($2.00 in chips)
Hero: posts small blind $0.01
Villain: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Hero [Ah Kh]
Hero: folds
Uncalled bet ($0.01) returned to Villain
*** SHOWDOWN ***
Villain collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
Seat 1: Hero (button) (small blind) folded before Flop
Seat 2: Villain (big blind) won ($0.02)
"""


def test_a_zoneless_time_is_read_in_the_site_default_and_says_so() -> None:
    h = Hand("GGPoker", "ggpoker", "1", "x", 1, local_time=datetime(2021, 1, 15, 18, 22, 40))
    place(h)
    # ET in January is UTC-5
    assert h.started_at == datetime(2021, 1, 15, 23, 22, 40, tzinfo=UTC)
    assert h.tz == "America/New_York (site default)"
    h = Hand("iPoker", "ipoker", "1", "x", 1, local_time=datetime(2017, 7, 7, 21, 38, 49))
    place(h)
    assert h.started_at == datetime(2017, 7, 7, 21, 38, 49, tzinfo=UTC) and h.tz == "UTC (assumed)"
    h = Hand("iPoker", "ipoker", "1", "x", 1, local_time=datetime(2017, 7, 7, 21, 38, 49))
    place(h, {"iPoker": "Europe/London"})  # BST in July: UTC+1
    assert h.started_at == datetime(2017, 7, 7, 20, 38, 49, tzinfo=UTC) and h.tz == "Europe/London (option)"
    # a zone the log wrote is the log's: nothing changes
    written = datetime(2017, 7, 7, 1, tzinfo=UTC)
    h = Hand("iPoker", "ipoker", "1", "x", 1, started_at=written, tz="CET", local_time=datetime(2017, 7, 7, 3))
    place(h, {"iPoker": "Europe/London"})
    assert (h.started_at, h.tz) == (written, "CET")
    # a site with no default and no option: left without a time
    h = Hand("KingsClub", "kingsclub", "1", "x", 1, local_time=datetime(2020, 10, 28, 22, 29))
    place(h)
    assert h.started_at is None


def test_every_default_names_its_source() -> None:
    for site, z in SITE_ZONES.items():
        assert z.source and z.zone, site


def test_timezone_choices_are_checked() -> None:
    assert parse_choice("iPoker=Europe/London") == ("iPoker", "Europe/London")
    for bad in ("iPoker", "iPoker=", "=UTC", "iPoker=Mars/Olympus"):
        with pytest.raises(ZoneError):
            parse_choice(bad)


def test_the_option_and_the_config_set_a_site_zone(tmp_path: Path) -> None:
    log = tmp_path / "gg.txt"
    log.write_text(GG, encoding="utf-8")
    default = hhaudit.audit([str(log)]).hands
    assert default["started_at"].iloc[0] == datetime(2021, 1, 15, 23, 22, 40, tzinfo=UTC)

    def run(*args: str, cwd: Path = tmp_path) -> hhaudit.api.Tables:
        out = tmp_path / f"out{len(list(tmp_path.glob('out*')))}"
        subprocess.run([sys.executable, "-m", "hhaudit", "audit", str(log), "-o", str(out), "-q",
                        "--fail-on", "never", *args], cwd=cwd, check=True, capture_output=True)
        return hhaudit.read(out)

    h = run("--timezone", "GGPoker=Asia/Manila").hands  # UTC+8
    assert h["started_at"].iloc[0] == datetime(2021, 1, 15, 10, 22, 40, tzinfo=UTC)
    assert h["tz"].iloc[0] == "Asia/Manila (option)"
    proj = tmp_path / "proj"
    proj.mkdir()
    (proj / "pyproject.toml").write_text('[tool.hhaudit.timezones]\nGGPoker = "Europe/Malta"\n', encoding="utf-8")
    h = run(cwd=proj).hands  # CET in January: UTC+1
    assert h["started_at"].iloc[0] == datetime(2021, 1, 15, 17, 22, 40, tzinfo=UTC)
    bad = subprocess.run([sys.executable, "-m", "hhaudit", "audit", str(log), "-o", str(tmp_path / "bad"),
                          "--timezone", "GGPoker=Nowhere"], cwd=tmp_path, capture_output=True, text=True)
    assert bad.returncode == 2 and "not a time zone" in bad.stderr


DATE_TIME = re.compile(r"(\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.](\d{1,2}|[A-Za-z]{3})[-/.]\d{4})"
                       r"\D{0,12}\d{1,2}:\d{2}|\d{1,2}:\d{2}:\d{2} - \d{4}/\d{1,2}/\d{1,2}|time=\"\d{9,}\"")
"""A date with a time, in any layout these sites write (or a Unix time attribute)."""


def test_every_ggpoker_ipoker_and_everest_hand_with_a_time_has_started_at(
        corpus_dataset: tuple[Path, object]) -> None:
    from conftest_corpus import corpus

    corpus()
    out, _ = corpus_dataset
    h = hhaudit.read(out).hands
    h = h[h["site"].isin(["GGPoker", "iPoker", "Everest"]) & (h["status"] != "parse_error")]
    assert len(h) > 5000
    missing = h[h["started_at"].isna()]
    texts: dict[str, list[str]] = {}
    with_time = []
    for src, line, end in zip(missing["source"], missing["line"], missing["end_line"]):
        lines = texts.setdefault(src, Path(src).read_text(encoding="utf-8", errors="replace").splitlines())
        if DATE_TIME.search("\n".join(lines[int(line) - 1:int(end or line)])):
            with_time.append((src, int(line)))
    assert with_time == []
    assert set(h["site"]) >= {"GGPoker", "iPoker", "Everest"}
