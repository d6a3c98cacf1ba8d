"""Where the shared corpus is: `<repo>/../shared/corpus`."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"


def corpus() -> Path:
    if not (CORPUS / "HANDS.tsv").is_file():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    return CORPUS


def hands_tsv(*sites: str) -> dict[str, int]:
    """file -> number of HANDS.tsv rows, for the given site labels."""
    rows: dict[str, int] = {}
    with open(corpus() / "HANDS.tsv", encoding="utf-8") as fh:
        next(fh)
        for line in fh:
            parts = line.rstrip("\n").split("\t")
            if parts[2] in sites:
                rows[parts[0]] = rows.get(parts[0], 0) + 1
    return rows


def find_hand(path: Path, hand_id: str):  # type: ignore[no-untyped-def]
    """The hand `hand_id` of a corpus file (skipping when the corpus is absent)."""
    from hhaudit.parsing import parse

    corpus()
    for hand in parse(str(path)):
        if hand.hand_id == hand_id:
            return hand
    raise AssertionError(f"{hand_id} not found in {path}")


def corpus_and_samples() -> list[Path]:
    """The corpus and the bundled samples: every format the tests have real hands of."""
    return [corpus(), REPO / "sample_histories"]
