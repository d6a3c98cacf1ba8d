"""PartyPoker: every line kind the site writes is read, a line it does not know is named by a
PA04 warning (the hand judged when the line cannot matter, not judged when it can), and a hand
Party wrote no history for is a parse error that says so. Hands written here by hand, after
the corpus's robevansuk files (2009 cash and tournament tables)."""

from __future__ import annotations

from hhaudit.auditor import Auditor
from hhaudit.formats import get
from hhaudit.model import CollectEvent, PostEvent, Status
from hhaudit.parsing import read_hand

PARTY = get("partypoker")

# $0.10/$0.25: 0.10 + 0.25 + 0.25 + 1.50 = $2.10 in the pot, paid to Fopperstich
HAND = """Game #7935941097 starts.

#Game No : 7935941097
***** Hand History for Game 7935941097 *****
$25 USD NL Texas Hold'em - Monday, March 30, 21:41:35 BST 2009
Table Jackpot #1311373 (Real Money)
Seat 5 is the button
Total number of players : 4
Seat 4: Fopperstich ( $32.16 USD )
Seat 1: LeStat__666 ( $27.39 USD )
Seat 5: Meyerklein ( $3.34 USD )
Seat 6: angles1989 ( $18.15 USD )
angles1989 posts small blind [$0.10 USD].
LeStat__666 posts big blind [$0.25 USD].
** Dealing down cards **
Dealt to LeStat__666 [  4c 2d ]
Fopperstich raises [$1.75 USD]
{extra}Meyerklein folds
angles1989 folds
LeStat__666 folds
Fopperstich does not show cards.
The time at which hand ended:Mar 30 2009 21:42 BST
Fopperstich wins $2.10 USD
{tail}"""


def read(text: str):
    lines = text.splitlines(keepends=True)
    return read_hand(PARTY, lines, 1, "t.txt")


def rules(hand) -> list[str]:
    return [f.rule for f in Auditor("online").audit(hand).findings]


def test_known_lines_of_the_2009_client_are_read() -> None:
    notices = ("Chat has been disabled till the end of this hand as one or more players have gone All-in. "
               "Chat will be enabled as soon as this hand ends.\n"
               "Player Skovby_ has been moved from table 12 to this table\n"
               "There will be a break in 2 minute(s)\n")
    h = read(HAND.format(extra=notices, tail="Prize pool distribution for this tourney is now displayed.\n"))
    assert h.status is Status.AUDITED and not h.unknown_lines
    # the 1.75 raise: 1.50 back (uncalled) and 0.60 won
    assert sum(e.amount for e in h.events if isinstance(e, CollectEvent)) == 60
    assert rules(h) == []


def test_chat_continuation_is_named_and_the_hand_judged() -> None:
    h = read(HAND.format(extra="", tail="lol\n"))
    assert h.status is Status.AUDITED
    assert [(u.text, u.matters) for u in h.unknown_lines] == [("lol", False)]
    out = Auditor("online").audit(h)
    assert [(f.rule, f.severity, f.actual) for f in out.findings] == [("PA04", "warning", "lol")]
    assert "judged without it" in out.findings[0].message


def test_unknown_line_of_a_player_abstains() -> None:
    # a line kind the reader does not know, of a seated player, with an amount: it may move
    # chips, so no rule judges the hand (a pot error would otherwise be an accusation)
    h = read(HAND.format(extra="Meyerklein adds a rabbit [$0.05 USD]\n", tail=""))
    assert [(u.text, u.matters) for u in h.unknown_lines] == [("Meyerklein adds a rabbit [$0.05 USD]", True)]
    out = Auditor("online").audit(h)
    assert [f.rule for f in out.findings] == ["PA04"]
    assert "not judged" in out.findings[0].message


def test_line_read_as_a_summary_line_out_of_place_is_unknown() -> None:
    # chat broken over two lines that reads like a 2013+ "balance" line
    h = read(HAND.format(extra="", tail="seems there is a balance to this game\n"))
    assert h.status is Status.AUDITED
    assert [(u.text, u.matters) for u in h.unknown_lines] == [("seems there is a balance to this game", False)]


def test_no_small_blind_notice() -> None:
    text = HAND.replace("angles1989 posts small blind [$0.10 USD].\n",
                        "There is no Small Blind in this hand as the Big Blind of the previous hand left the table.\n")
    text = text.replace("$2.10 USD", "$2 USD")
    h = read(text.format(extra="", tail=""))
    assert h.status is Status.AUDITED and not h.unknown_lines
    assert [e.player for e in h.events if isinstance(e, PostEvent)] == ["LeStat__666"]


def test_hand_without_history_is_a_parse_error_that_says_so() -> None:
    text = ("Game #7936266242 starts.\n#Game No : 7936266242\nConnection Lost due to some reason\n"
            "The hand history for this hand number is not available here.Please use Instant Hand History in the "
            "\"Game Rules & Options\"  menu to have this hand history delivered to the email address you have "
            "registered with us.\n")
    h = read(text)
    assert h.status is Status.PARSE_ERROR and h.hand_id == "7936266242"
    assert h.problem is not None and h.problem.line == 4
    assert h.problem.message == ("PartyPoker wrote no history for this hand (Connection Lost due to some reason): "
                                 "nothing to read or judge")


def test_file_of_only_such_hands_is_detected() -> None:
    assert PARTY.detect(["", "Game #7892413096 starts.", "#Game No : 7892413096", "Table Closed"])
