"""The line lexer (`hhaudit/formats/base.py`): player names with spaces and colons.

Most lines start with a player's name, which may hold spaces and colons. The lexer shares that
lead between the terminals and lets it grow only to where a terminal's rest can start; these
lines pin what it reads, and check it against the grammar's own terminals tried one by one in
order (what Lark's lexer would do).
"""

from __future__ import annotations

import re

import pytest

from hhaudit.formats.base import load_grammar

# line, (terminal, player, first field after the player) as read by hand
LINES = [
    ("Mr. X: calls 5", ("ACTION", "Mr. X", "calls")),
    ("x: y: folds", ("ACTION", "x: y", "folds")),
    ("J: calls: folds", ("ACTION", "J: calls", "folds")),
    ("a  b: raises 2 to 4 and is all-in", ("ACTION", "a  b", "raises")),
    (":n: checks", ("ACTION", ":n", "checks")),
    ("n:: bets 10", ("ACTION", "n:", "bets")),
    ("p:q r: posts small blind 1", ("POST", "p:q r", "small blind")),
    ("Z collected 5 from pot", ("COLLECT", "Z", "5")),
    # the shortest name the line can be read with: the amount is `\S+` plus an optional number
    ("Z collected collected 5 from pot", ("COLLECT", "Z", "collected 5")),
    ("A B collected 5 from side pot-2", ("COLLECT", "A B", "5")),
    ("Bob shows [Ah Kd]", ("SHOW", "Bob", "Ah Kd")),
    ("Bob: shows [Ah Kd] (a pair: of Aces)", ("SHOW", "Bob", "Ah Kd")),
    ("é ü: mucks hand", ("MUCK", "é ü", None)),
]


@pytest.mark.parametrize(("line", "expected"), LINES)
def test_name_led_lines_read_by_hand(line: str, expected: tuple[str, str, str | None]) -> None:
    found = load_grammar("pokerstars").classify(line)
    assert found is not None
    kind, fields = found
    assert (kind, fields[0], fields[1]) == expected


@pytest.mark.parametrize(("line", "expected"), LINES)
def test_same_as_the_terminals_tried_in_order(line: str, expected: tuple[str, str, str | None]) -> None:
    g = load_grammar("pokerstars")
    first = next((name, m.groups()) for name, pattern in g.patterns.items()
                 if (m := re.fullmatch(pattern, line)) is not None)
    found = g.classify(line)
    assert found is not None
    assert (found[0], tuple(found[1][:len(first[1])])) == first


# PartyPoker's game line before its first game word was made atomic: the same fields on
# every line, and no backtracking over pairs of words
_OLD_GAMELINE = re.compile(r"(?P<text>.*?(?:Hold'?em|Holdem|Short Deck|Omaha|Stud|Razz|Draw|Badugi).*?)"
                           r"\s*-\s*(?P<date>[^-]*?\d\d?:\d\d:\d\d.*?\d{4})")
GAME_LINES = [
    "$15/$30 USD Hold'em Limit - Sunday, April 17, 19:04:10 EDT 2011",
    "NL Texas Hold'em $2 USD Buy-in Trny: 61 Level: 1  Blinds(10/20) - Tuesday, March 24, 19:11:04 EDT 2009",
    "Holdem Omaha Holdem - x - 1:02:03 2020 - 11:22:33 EDT 2021",
    "Omaha Hi-Lo Hold'em - Friday 1:02:03 CET 2012",
    "Holdem " * 50 + "- 12:00:00 2020",
]


@pytest.mark.parametrize("line", GAME_LINES)
def test_partypoker_game_line_reads_as_before(line: str) -> None:
    pattern = re.compile(load_grammar("partypoker").patterns["GAMELINE"])
    new, old = pattern.fullmatch(line), _OLD_GAMELINE.fullmatch(line)
    assert new is not None and old is not None
    assert new.groupdict() == old.groupdict()


def test_partypoker_game_line_on_a_hostile_line() -> None:
    # `Holdem ` repeated to 64 KiB took 353 s of CPU in a 15-hand file before; the line is
    # no PartyPoker line at all (this is a hang guard: it asserts the answer, not a time)
    from hhaudit.formats.base import LineError

    pattern = re.compile(load_grammar("partypoker").patterns["GAMELINE"])
    assert pattern.fullmatch("Holdem " * 9362) is None
    with pytest.raises(LineError):
        load_grammar("partypoker").run(["Holdem " * 9362], 1, {}, None)
