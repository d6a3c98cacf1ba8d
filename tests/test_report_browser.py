"""The HTML report of the whole shared corpus in headless Chromium, as an auditor opens it
in a 1,400 px window: no wider than the window, its tables sorted and filtered by a click
and a word, its links leading to pages that exist, and loaded (the load time itself is a
measurement, not a test: docs/workbench.md quotes the browser's navigation timing). Skipped without the corpus or the
browser (.ci/run installs Debian's chromium-driver)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from conftest_corpus import corpus
from test_report import _driver

WINDOW = 1400


def _cli(*args: str) -> int:
    from hhaudit.cli import main

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return main(list(args))


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = corpus()
    d = tmp_path_factory.mktemp("corpus-report")
    out = d / "out"
    # every rule, not the default set chosen for precision (271 findings): a table of thousands
    # of findings, paged, with every severity in it
    assert _cli("audit", str(root), "-o", str(out), "-qq", "--fail-on", "never", "--select", "ALL") == 0
    html = d / "html"
    assert _cli("report", str(out), "--html", str(html)) == 0
    return html / "index.html"


@pytest.fixture(scope="module")
def browser(index: Path) -> Any:
    d = _driver()
    d.set_window_size(WINDOW, 1000)
    d.get(index.as_uri())
    yield d
    d.quit()


def test_the_index_loads_and_fits_the_window(browser: Any) -> None:
    timing = browser.execute_script("const t = performance.getEntriesByType('navigation')[0];"
                                    "return [t.loadEventEnd, t.domContentLoadedEventEnd];")
    assert timing[0] > 0 and timing[1] > 0, timing  # the load and DOMContentLoaded events fired
    inner = browser.execute_script("return window.innerWidth")
    assert inner <= WINDOW
    assert browser.execute_script("return document.documentElement.scrollWidth") <= inner
    # opened, the folded tables fit too
    browser.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= inner
    errors = [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"]
    assert errors == [], errors


def _column(table: Any, i: int) -> list[str]:
    from selenium.webdriver.common.by import By

    return [tr.find_elements(By.TAG_NAME, "td")[i].get_attribute("data-v") or
            tr.find_elements(By.TAG_NAME, "td")[i].text
            for tr in table.find_elements(By.CSS_SELECTOR, "tbody tr") if tr.is_displayed()]


def test_players_and_sessions_sort_and_filter(browser: Any) -> None:
    from selenium.webdriver.common.by import By

    browser.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
    players = browser.find_element(By.CSS_SELECTOR, "#players table.sortable")
    heads = [th.text for th in players.find_elements(By.CSS_SELECTOR, "thead th")]
    i = heads.index("hands")
    header = players.find_elements(By.CSS_SELECTOR, "thead th")[i]
    header.click()  # largest first
    hands = [float(v) for v in _column(players, i)]
    assert len(hands) > 10 and hands == sorted(hands, reverse=True)
    header.click()  # then smallest first
    hands = [float(v) for v in _column(players, i)]
    assert hands == sorted(hands)
    # a word in the box above keeps only the rows that hold it
    name = _column(players, heads.index("player"))[0]
    box = browser.find_element(By.CSS_SELECTOR, "#players input.table-filter")
    box.send_keys(name)
    shown = _column(players, heads.index("player"))
    assert shown and all(name.lower() in v.lower() for v in shown)
    browser.execute_script("arguments[0].value = ''; arguments[0].dispatchEvent(new Event('input'))", box)
    assert len(_column(players, i)) == len(hands)
    sessions = browser.find_element(By.ID, "sessions-table")
    heads = [th.text for th in sessions.find_elements(By.CSS_SELECTOR, "thead th")]
    j = heads.index("findings")
    sessions.find_elements(By.CSS_SELECTOR, "thead th")[j].click()
    found = [float(v) for v in _column(sessions, j)]
    assert found == sorted(found, reverse=True)


def test_the_findings_table_filters_and_its_links_open_pages(browser: Any, index: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    count = browser.find_element(By.ID, "findings-count").text
    total = int(count.rsplit(" of ", 1)[1].split()[0])
    assert total > 1000
    Select(browser.find_element(By.ID, "f-severity")).select_by_value("info")
    filtered = browser.find_element(By.ID, "findings-count").text
    assert f"(filtered from {total})" in filtered
    rows = browser.find_elements(By.CSS_SELECTOR, "#findings-body tr")
    assert rows and all(r.get_attribute("class") == "sev-info" for r in rows)
    Select(browser.find_element(By.ID, "f-severity")).select_by_value("")
    # every link of the page of findings shown, and every link of the index, leads to a file
    hrefs = {a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "a[href]")}
    files = {h.split("#", 1)[0] for h in hrefs if h.startswith("file:")}
    assert len(files) > 10
    for h in files:
        assert Path(unquote(h.removeprefix("file://"))).is_file(), h
