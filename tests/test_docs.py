"""The documentation: the site builds with `mkdocs build --strict`; every rule of `hhaudit rules`,
every format of `hhaudit formats` and every column the samples' dataset holds has its place in
the built site; a rule's page says what `hhaudit rule CODE` says; the README is short, holds no
dated measurement, and the output it quotes is what the samples print."""

from __future__ import annotations

import html
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pyarrow.parquet as pq
import pytest
from commands import in_process

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_generate", REPO / "docs" / "hooks" / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("mkdocs", reason="mkdocs is in the test and docs extras")
    pytest.importorskip("material", reason="mkdocs-material is in the test and docs extras")
    out = tmp_path_factory.mktemp("site") / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(out)],
                       cwd=REPO, capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    return out


def _text(page: Path) -> str:
    """A built page's text: tags dropped, entities read."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8")))


def _listed(*args: str) -> list[list[str]]:
    """The rows `hhaudit ARGS` prints as columns, header left out: each row's words."""
    r = in_process(*args)
    assert r.returncode == 0, r.stderr
    return [line.split() for line in r.stdout.splitlines()[1:] if line.strip()]


def test_every_rule_has_its_page(site: Path) -> None:
    rows = _listed("rules")
    assert len(rows) > 40
    index = _text(site / "rules" / "index.html")
    for code, name, *_ in rows:
        page = site / "rules" / code / "index.html"
        assert page.is_file(), code
        text = _text(page)
        assert f"{code} {name}" in text and code in index and name in index, code


def test_a_rule_page_says_what_hhaudit_rule_prints(site: Path) -> None:
    for code in ("MR01", "SE05", "OC01", "SB03"):
        printed = in_process("rule", code).stdout
        text = " ".join(_text(site / "rules" / code / "index.html").split())
        for line in printed.splitlines():
            if line.strip():
                assert " ".join(line.split()) in text, (code, line)
    # the pieces shown outside the printed block too: the example and the option table
    page = _generator().pages()["rules/MR01.md"]
    assert "**Bad:** NL 100-200, A bets 600, B raises to 1600, C to 3600, D raises to 4000." in page
    assert "**Good:** D raises to at least 5600." in page
    assert "| in the default selection |" in page


def test_every_format_has_its_page(site: Path) -> None:
    names = [row[0] for row in _listed("formats")]
    assert {"pokerstars", "live", "phh", "ohh", "ipoker"} <= set(names)
    index = _text(site / "formats" / "index.html")
    for name in names:
        page = site / "formats" / name / "index.html"
        assert page.is_file(), name
        assert name in index
    # the registry's facts and the module's docstring: what is read, the format's quirks
    from hhaudit.formats import winamax

    page = " ".join(_text(site / "formats" / "winamax" / "index.html").split())
    first = " ".join((winamax.__doc__ or "").strip().split("\n\n")[0].split())
    assert "grammars/winamax.lark" in page and len(first) > 40 and first in page


def test_every_column_of_the_dataset_is_in_the_reference(site: Path, tmp_path: Path) -> None:
    # the columns a run writes, read from the written parts, not from the generator's schemas
    out = tmp_path / "out"
    r = in_process("audit", str(REPO / "sample_histories"), "-o", str(out), "--fail-on", "never", "-qq", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    written = {d.name: pq.read_schema(next(d.glob("*.parquet"))).names
               for d in out.iterdir() if d.is_dir() and any(d.glob("*.parquet"))}
    assert {"hands", "seats", "actions", "pots", "findings", "sessions"} <= set(written)
    text = (site / "reference" / "columns" / "index.html").read_text(encoding="utf-8")
    sections = dict(re.findall(r'<h2 id="([a-z_]+)">.*?</h2>(.*?)(?=<h2 |\Z)', text, flags=re.S))
    for table, columns in written.items():
        assert table in sections, table
        for column in columns:
            assert f"<code>{column}</code>" in sections[table], (table, column)
    from hhaudit.tables import SCHEMA_VERSION

    assert f"Schema version <strong>{SCHEMA_VERSION}</strong>" in text


def test_the_nav_holds_every_page(site: Path) -> None:
    # strict mode fails on a broken link; a page left out of the nav is only noted, so look
    index = (site / "index.html").read_text(encoding="utf-8")
    for page in ("guides/online/", "guides/live/", "live-format/", "guides/notebooks/",
                 "guides/configuration/", "guides/ci/", "rules/", "formats/", "reference/columns/",
                 "dataset/", "project/design/", "project/performance/", "project/testing/",
                 "changelog/", "precision/", "identity/", "safety/", "workbench/"):
        assert f'href="{page}"' in index, page


# ------------------------------------------------------------------------------- README


def _blocks(text: str) -> list[str]:
    return re.findall(r"^```[a-z]*\n(.*?)^```", text, flags=re.S | re.M)


def test_readme_is_short_and_holds_no_dated_measurement() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", text)
    assert not re.search(r"\b(load average|hands/s|MB/s)\b", text)
    # its first lines: the two commands, set up and run on the samples, set up and test
    first = text.splitlines()[:6]
    assert first[3].endswith("hhaudit audit sample_histories/ --fail-on never && hhaudit report hhaudit-out")
    assert first[4].endswith("pip install -e '.[test]' && pytest -q -n auto --dist loadgroup")


def test_readme_output_is_what_the_samples_print(tmp_path: Path) -> None:
    blocks = _blocks(README.read_text(encoding="utf-8"))
    audit = next(b for b in blocks if b.startswith("$ hhaudit audit sample_histories/"))
    quoted = [line for line in audit.splitlines()[1:] if line.strip()]
    assert len(quoted) >= 3
    r = in_process("audit", "sample_histories/", "-o", str(tmp_path / "out"),
                   "--fail-on", "never", "--jobs", "1", cwd=REPO)
    printed = r.stdout.splitlines()
    for line in quoted:
        assert line in printed, line
    # the rule, the replay and the report's excerpt
    for block in blocks:
        command, _, body = block.partition("\n")
        if command.startswith("$ hhaudit rule "):
            out = in_process(*command[2:].split()[1:]).stdout
            assert body.rstrip("\n") in out, command
        elif command.startswith("$ hhaudit show "):
            out = in_process(*command[2:].split()[1:], cwd=REPO).stdout.splitlines()
            for line in body.splitlines():
                assert line in out, line
    excerpt = next(b for b in blocks if b.startswith("findings by rule\n"))
    report = in_process("report", str(tmp_path / "out")).stdout
    rows = {tuple(c.strip() for c in line.strip("│ ").split("│")) for line in report.splitlines() if "│" in line}
    for line in excerpt.splitlines()[1:]:
        assert tuple(c.strip() for c in line.strip("│ ").split("│")) in rows, line


def test_every_profile_option_is_in_the_reference(site: Path) -> None:
    from hhaudit.profiles import option_names

    r = in_process("rules", "--profile", "tda-2024")
    assert r.returncode == 0, r.stderr
    text = (site / "reference" / "options" / "index.html").read_text(encoding="utf-8")
    names = option_names()
    assert "nl_raise_cap" in names and "odd_chip" in names
    for name in names:
        assert f"<code>{name}</code>" in text and name in r.stdout, name


def test_the_benchmark_writes_its_table_between_the_page_markers(tmp_path: Path) -> None:
    sys.path.insert(0, str(REPO))
    from benchmarks import run

    page = REPO / "docs" / "project" / "performance.md"
    text = page.read_text(encoding="utf-8")
    assert text.count(run.DOCS_BEGIN) == 1 and text.count(run.DOCS_END) == 1
    copy = tmp_path / "performance.md"
    copy.write_text(text, encoding="utf-8")
    run.write_docs(copy, "| step | hands/s |\n|---|---|\n| parse | 1 |")
    written = copy.read_text(encoding="utf-8")
    before, after = text.split(run.DOCS_BEGIN)[0], text.split(run.DOCS_END)[1]
    assert written == f"{before}{run.DOCS_BEGIN}\n| step | hands/s |\n|---|---|\n| parse | 1 |\n{run.DOCS_END}{after}"
    copy.write_text("no markers", encoding="utf-8")
    with pytest.raises(SystemExit, match="no .* lines to write between"):
        run.write_docs(copy, "x")
