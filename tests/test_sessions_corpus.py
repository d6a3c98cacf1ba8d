"""The session rules on the corpus's multi-hand files: every session finding on real hands is
in tests/reviewed/sessions.tsv with its reason, and sessions are judged on every site whose
files hold several hands of a table (except where the site hides its players)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

import hhaudit
from hhaudit.pipeline import Totals

CORPUS = Path(__file__).parents[1] / ".." / "shared" / "corpus"
REVIEWED = Path(__file__).parent / "reviewed" / "sessions.tsv"


@pytest.fixture(scope="module")
def corpus(corpus_dataset: tuple[Path, Totals]) -> hhaudit.api.Tables:
    """The corpus's rows of the whole-corpus dataset (tests/conftest.py), without the samples'."""
    if not (CORPUS / "HANDS.tsv").is_file():
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    out, _ = corpus_dataset
    tables = hhaudit.read(out)
    root = str(CORPUS.resolve()) + "/"
    for name, frame in list(tables.items()):
        if "source" in frame.columns:
            inside = {src: str(Path(src).resolve()).startswith(root) for src in set(frame["source"])}
            tables[name] = frame[frame["source"].map(inside).astype(bool)].reset_index(drop=True)
    return tables


def test_session_findings_on_real_hands_are_the_reviewed_ones(corpus: hhaudit.api.Tables) -> None:
    """Every session finding the default rule set shows is reviewed (online the session rules
    leave the default set, docs/precision.md: only live logs' count), and every reviewed
    finding is still found with every rule (the dataset's select=ALL)."""
    import hhaudit.sessions.rules  # noqa: F401  (registers the session rules)
    from hhaudit.engine.rules import RULES, is_default

    f = corpus.findings[corpus.findings["category"] == "session"]
    root = str(CORPUS.resolve()) + "/"

    def rel(src: str) -> str:
        return str(Path(src).resolve()).replace(root, "")

    hands = corpus.hands
    live = {rel(src) for src in set(hands.loc[hands["format"] == "live", "source"])}
    got = {(rel(src), hid, rule) for src, hid, rule in zip(f["source"], f["hand_id"], f["rule"])}
    with open(REVIEWED, encoding="utf-8") as fh:
        want = {(r["file"], r["hand_id"], r["rule"]) for r in csv.DictReader(fh, delimiter="\t")}

    def shown(rows: set[tuple[str, str, str]]) -> set[tuple[str, str, str]]:
        return {r for r in rows if is_default(RULES[r[2]], live=r[0] in live)}

    assert shown(got) == shown(want), (sorted(shown(got) - shown(want))[:10], sorted(shown(want) - shown(got))[:10])
    assert want <= got, sorted(want - got)[:10]


def test_sessions_are_judged_on_every_site_with_multi_hand_tables(corpus: hhaudit.api.Tables) -> None:
    s = corpus["sessions"]
    multi = s[s["hands"] > 1]
    judged = multi.groupby("site", observed=True)["pairs_judged"].sum()
    hidden = {"Bovada/Ignition"}
    assert (judged.drop(labels=[x for x in hidden if x in judged.index]) > 0).all(), judged
    assert int(judged.sum()) > 3000
    rules = set(corpus.findings.loc[corpus.findings["category"] == "session", "rule"])
    assert {"SE01", "SE04", "SE05", "SE06"} <= rules
