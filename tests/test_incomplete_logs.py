"""Logs that are incomplete, not misread (`ParseProblem.incomplete`): the one rule by which the
corpus coverage (`benchmarks/coverage.py`) counts a hand as not complete. Each case is a hand
written here in the site's layout, complete first (it is audited, so the damage alone makes
the difference), then damaged as the corpus's damaged files are; and a hand the reader cannot
read for another reason is not called incomplete."""

from __future__ import annotations

from pathlib import Path

import pytest

from hhaudit.model import Status
from hhaudit.parsing import parse

# WPN's layout until 2016 ("Game started at:"), checked by hand: 1 + 2 posted, Alfa raises to
# 6, both fold, 4 returned: Alfa collects 5 (his 2 matched, 1 and 2), no rake.
LEGACY = """\
Game started at: 2016/6/21 21:6:22
Game ID: 665312000 1/2 (PRR) Longana (Short) - 2 (Hold'em)
Seat 1 is the button
Seat 1: Alfa (100).
Seat 2: Bravo (100).
Seat 3: Carol (100).
Player Bravo has small blind (1)
Player {bb} has big blind (2)
Player Bravo received a card.
Player Bravo received a card.
Player Carol received a card.
Player Carol received a card.
Player Alfa received a card.
Player Alfa received a card.
Player Alfa raises (6)
Player Bravo folds
{extra}Player {bb} folds
Uncalled bet (4) returned to Alfa
Player Alfa mucks cards
------ Summary ------
Pot: 5. Rake 0
*Player Alfa mucks (does not show cards). Bets: 2. Collects: 5. Wins: 3.
Player Bravo does not show cards.Bets: 1. Collects: 0. Loses: 1.
Player {bb} does not show cards.Bets: 2. Collects: 0. Loses: 2.
Game ended at: 2016/6/21 21:8:21
"""

# WPN's layout since 2019, checked by hand: 0.05 + 0.10, Alfa raises to 0.30, Bravo calls 0.20
# (0.60), flop checked, Alfa collects 0.60 with no rake.
CURRENT = """\
Hand #{n} - Holdem (No Limit) - $0.05/$0.10 - 2025/06/18 11:59:33 UTC
Quartz 6-max Seat #1 is the button
Seat 1: Alfa ($10.00)
Seat 2: Bravo ($10.00)
Alfa posts the small blind $0.05
Bravo posts the big blind $0.10
*** HOLE CARDS ***
Alfa raises $0.25 to $0.30
Bravo calls $0.20
*** FLOP *** [6s Ac Kd]
Bravo checks
Alfa checks
*** SHOW DOWN ***
Alfa shows [As Ad] (three of a kind, Aces)
Bravo shows [2c 3c] (high card Ace)
Alfa collected $0.60 from main pot
*** SUMMARY ***
Total pot $0.60 | Rake $0.00
Board [6s Ac Kd]
Seat 1: Alfa (button) showed [As Ad] and won $0.60 with three of a kind, Aces
Seat 2: Bravo showed [2c 3c] and lost with high card Ace
"""


def read(tmp_path: Path, text: str) -> list[tuple[Status, bool]]:
    path = tmp_path / "hands.txt"
    path.write_text(text, encoding="utf-8")
    return [(h.status, h.problem is not None and h.problem.incomplete) for h in parse(str(path))]


def test_complete_hands_are_audited(tmp_path: Path) -> None:
    assert read(tmp_path, LEGACY.format(bb="Carol", extra="")) == [(Status.AUDITED, False)]
    assert read(tmp_path, CURRENT.format(n=1)) == [(Status.AUDITED, False)]


def test_an_unnamed_player_who_acts_is_an_incomplete_log(tmp_path: Path) -> None:
    # the corpus's "Unknown.Player.Acts" files: "Player  has big blind (2)", a name no seat
    # line lists: the log does not say who posted, so the hand is not replayed
    assert read(tmp_path, LEGACY.format(bb="", extra="")) == [(Status.PARSE_ERROR, True)]


def test_a_hand_cut_off_is_an_incomplete_log(tmp_path: Path) -> None:
    cut = CURRENT.format(n=1).split("*** FLOP ***")[0]
    assert read(tmp_path, cut + CURRENT.format(n=2)) == [(Status.PARSE_ERROR, True), (Status.AUDITED, False)]


def test_a_file_begun_inside_a_hand_is_an_incomplete_log(tmp_path: Path) -> None:
    # the lines before the first header are a hand's tail: read as a fragment, not a hand;
    # the hand after them is read as ever
    tail = "Player Bravo folds\nPlayer Carol folds\nUncalled bet (4) returned to Alfa\n"
    assert read(tmp_path, tail + LEGACY.format(bb="Carol", extra="")) == [(Status.PARSE_ERROR, True),
                                                                        (Status.AUDITED, False)]


def test_a_line_run_into_the_next_hand_is_an_incomplete_log(tmp_path: Path) -> None:
    # two files joined mid-line: "Player Bravo fo" loses its end and the next hand's header
    # follows on the same line (that hand, begun inside a line, is not split off)
    first = LEGACY.format(bb="Carol", extra="").split("Player Bravo folds")[0]
    second = LEGACY.format(bb="Carol", extra="").replace("665312000", "665312001")
    assert read(tmp_path, first + "Player Bravo fo" + second)[0] == (Status.PARSE_ERROR, True)


def test_a_line_the_reader_cannot_read_is_not_called_incomplete(tmp_path: Path) -> None:
    # a known kind whose figure does not read: the reader's failure (or the site's novelty),
    # counted against the format, never excused as damage
    (status, incomplete), = read(tmp_path, LEGACY.format(bb="Carol", extra="Player Bravo raises (x)\n"))
    assert status is Status.PARSE_ERROR and not incomplete


def test_a_line_of_no_kind_is_kept_not_called_incomplete(tmp_path: Path) -> None:
    # a line no kind reads is kept and named (PA04), the hand read: not damage either
    path = tmp_path / "hands.txt"
    path.write_text(LEGACY.format(bb="Carol", extra="Player Alfa juggles (3)\n"), encoding="utf-8")
    (hand,) = parse(str(path))
    assert hand.status is Status.AUDITED and hand.problem is None
    assert [u.text for u in hand.unknown_lines] == ["Player Alfa juggles (3)"]


def test_a_hand_run_on_by_another_without_its_first_line_is_an_incomplete_log(tmp_path: Path) -> None:
    # two files joined with the second hand's first line lost: after "Game ended at:" come
    # the next hand's "Game ID:" and seat lines, which cannot follow the end of a hand
    whole = LEGACY.format(bb="Carol", extra="")
    headless = whole.split("\n", 1)[1].replace("665312000", "665312001")
    assert read(tmp_path, whole + headless) == [(Status.PARSE_ERROR, True)]
    assert read(tmp_path, whole + whole.replace("665312000", "665312001")) == [(Status.AUDITED, False)] * 2


def test_a_known_line_out_of_place_after_the_end_is_not_called_incomplete(tmp_path: Path) -> None:
    # after "Game ended at:" a summary line comes again: a known line the grammar does not
    # place there, but not one that opens a hand's body (as "Game ID:" or a seat line does):
    # a trailer the reader may not know the place of is kept as a line it does not read
    # (named by PA04; it names a seated player, so the rules abstain), not called damage
    path = tmp_path / "hands.txt"
    trailer = "Player Bravo does not show cards.Bets: 1. Collects: 0. Loses: 1."
    path.write_text(LEGACY.format(bb="Carol", extra="") + trailer + "\n", encoding="utf-8")
    (hand,) = parse(str(path))
    assert hand.problem is None and [u.text for u in hand.unknown_lines] == [trailer]
