"""888 / Pacific: fixed-limit big bets as the site rounds them, a line the reader does not know
named by a PA04 warning, and the call to the blind as posted over a short all-in big blind.
Hands written here by hand in 888's layout."""

from __future__ import annotations

from hhaudit.engine.auditor import Auditor
from hhaudit.formats import get
from hhaudit.model import ActionEvent, CollectEvent, Status
from hhaudit.parsing import read_hand

PACIFIC = get("pacific")

# $0.06/$0.12 blinds, fixed limit: bets of $0.12 pre-flop and on the flop, $0.25 (not $0.24)
# on the turn and river. Pot: 2 x (0.12 + 0.12 + 0.25 + 0.25) = 1.48, 0.06 rake, 1.42 paid.
FL = """#Game No : 500000001
***** 888poker Hand History for Game 500000001 *****
$0.06/$0.12 Blinds Fix Limit Holdem - *** 05 03 2014 12:00:00
Table Lyon 10 Max (Real Money)
Seat 1 is the button
Total number of players : 2
Seat 1: Anna ( $5 )
Seat 2: Bruno ( $5 )
Anna posts small blind [$0.06]
Bruno posts big blind [$0.12]
** Dealing down cards **
Anna calls [$0.06]
Bruno checks
** Dealing flop ** [ 2c, 7d, 9h ]
Bruno bets [$0.12]
Anna calls [$0.12]
** Dealing turn ** [ Ks ]
Bruno bets [$0.25]
Anna calls [$0.25]
** Dealing river ** [ 3s ]
Bruno bets [$0.25]
{extra}Anna calls [$0.25]
** Summary **
Bruno shows [ Kd, Kc ]
Anna mucks [ 8s, 8d ]
Bruno collected [ $1.42 ]
"""


def read(text: str):
    return read_hand(PACIFIC, text.splitlines(keepends=True), 1, "t.txt")


def test_fixed_limit_big_bet_as_the_site_rounds_it() -> None:
    h = read(FL.format(extra=""))
    assert h.status is Status.AUDITED
    assert (h.small_bet, h.big_bet) == (12, 25)
    assert h.summary.rake == 6
    assert [f.rule for f in Auditor("online").audit(h).findings] == []


def test_a_big_bet_of_another_game_is_not_taken_for_a_rounding() -> None:
    # $0.50 on the turn at $0.06/$0.12 is not a rounding of $0.24: the big bet stays $0.24
    # and the bet is judged against it
    h = read(FL.format(extra="").replace("[$0.25]", "[$0.50]").replace("$1.42", "$2.42"))
    assert h.big_bet == 24
    assert "FL01" in [f.rule for f in Auditor("online").audit(h).findings]


def test_unknown_line_is_named() -> None:
    h = read(FL.format(extra="Dealer: the table will close in 5 minutes\n"))
    assert [(u.text, u.matters) for u in h.unknown_lines] == [("Dealer: the table will close in 5 minutes", False)]
    assert [f.rule for f in Auditor("online").audit(h).findings] == ["PA04"]
    h = read(FL.format(extra="Anna adds [$5]\n"))
    assert [u.matters for u in h.unknown_lines] == [True]
    assert [f.rule for f in Auditor("online").audit(h).findings] == ["PA04"]


def test_call_to_the_blind_as_posted_over_a_short_all_in_big_blind() -> None:
    # the 200 big blind posted all-in for 125; the small blind "calls [$100]" (to 200) and
    # 888 pays the unmatched 75 back: read as a call of 25; 20 x 3 antes + 125 x 2 = 310
    text = """#Game No : 190625798
***** Cassava Hand History for Game 190625798 *****
$100/$200 Blinds No Limit Holdem - *** 17 02 2012 00:38:15
Tournament #36216773 Free - Table #374 (Real Money)
Seat 7 is the button
Total number of players : 3
Seat 7: mrsavim ( $490 )
Seat 9: Hero ( $3,400 )
Seat 10: Horribleman ( $145 )
Hero posts ante [$20]
Horribleman posts ante [$20]
mrsavim posts ante [$20]
Hero posts small blind [$100]
Horribleman posts big blind [$125]
** Dealing down cards **
mrsavim folds
Hero calls [$100]
** Dealing flop ** [ 8c, 2d, 8d ]
** Dealing turn ** [ 5c ]
** Dealing river ** [ Js ]
** Summary **
Hero shows [ 4d, 7h ]
Horribleman shows [ Td, Jc ]
Horribleman collected [ $310 ]
Hero collected [ $75 ]
"""
    h = read(text)
    assert [(e.player, e.amount) for e in h.events if isinstance(e, ActionEvent) and e.amount] == [("Hero", 25)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Horribleman", 310)]
    assert [f.rule for f in Auditor("online").audit(h).findings] == []


# An observed hand: 888 writes no "** Dealing down cards **" line, and the betting starts
# right after the posts. The folds before the first call are folds of the betting, not
# players declining their blinds. Pot: 3 + 3 (Cleo's call) = 6, 0.30 rake, 5.70 paid.
OBSERVED = """#Game No : 500000002
***** 888poker Hand History for Game 500000002 *****
$1/$2 Blinds No Limit Holdem - *** 05 03 2014 12:00:00
Table Lyon 6 Max (Real Money)
Seat 1 is the button
Total number of players : 4
Seat 1: Anna ( $100 )
Seat 2: Bruno ( $100 )
Seat 3: Cleo ( $100 )
Seat 4: Dora ( $100 )
Bruno posts small blind [$1]
Cleo posts big blind [$2]
Dora folds
Anna raises [$6]
Bruno folds
Cleo calls [$4]
** Dealing flop ** [ 2c, 7d, 9h ]
Cleo checks
Anna bets [$8]
Cleo folds
** Summary **
Anna collected [ $12.40 ]
"""


def test_observed_hand_without_the_dealing_line() -> None:
    # the "#Game No" line a file ends with holds no hand
    assert len(list(PACIFIC.split((OBSERVED + "\n#Game No : 500000003\n").splitlines(keepends=True)))) == 1
    h = read(OBSERVED)
    assert h.status is Status.AUDITED
    assert [(e.player, e.act.value) for e in h.events if isinstance(e, ActionEvent)][:2] == \
        [("Dora", "fold"), ("Anna", "raise")]
    assert not any(s.sitting_out for s in h.seats)
    assert h.summary.rake == 60
    assert [f.rule for f in Auditor("online").audit(h).findings] == []
    # with the "Dealing down cards" line after it, a fold between the posts is a player who
    # declines his blind; a cancelled hand (a fold, then the summary, no big blind) too
    dealt = OBSERVED.replace("Dora folds\n", "").replace(
        "Cleo posts big blind [$2]\n", "Cleo posts big blind [$2]\nDora folds\n** Dealing down cards **\n")
    h = read(dealt)
    assert [s.player for s in h.seats if s.sitting_out] == ["Dora"]
    assert [f.rule for f in Auditor("online").audit(h).findings] == []
    cancelled = "".join(OBSERVED.splitlines(keepends=True)[:10]) + \
        "Bruno posts small blind [$1]\nCleo folds\n** Summary **\nBruno collected [ $1 ]\n"
    h = read(cancelled)
    assert [s.player for s in h.seats if s.sitting_out] == ["Cleo"]


def test_thousands_no_break_space_read_as_cp1252() -> None:
    # "1Â\u00a0250,50 $": the UTF-8 bytes of a no-break space read as cp1252 still group
    # thousands (the stack is 1,250.50, not 1)
    text = OBSERVED.replace("Seat 1: Anna ( $100 )", "Seat 1: Anna ( 1\u00c2\u00a0250,50 $ )")
    h = read(text)
    assert [s.stack for s in h.seats if s.player == "Anna"] == [125050]


# a tournament hand: Cleo all in for 40 pre-flop, Dora and Emil check it down for the side pot.
# Main pot 3 x 40 = 120 to Cleo (two pair); side pot 2 x 60 = 120 to Emil, whose cards 888
# lists with "mucks" although he is paid: his tens beat Dora's king high.
MUCKED_AND_PAID = """#Game No : 500000009
***** 888poker Hand History for Game 500000009 *****
$50/$100 Blinds No Limit Holdem - *** 27 03 2016 22:40:11
Tournament #70000001 $1 - Table #2 9 Max (Real Money)
Seat 3 is the button
Total number of players : 3
Seat 1: Cleo ( $40 )
Seat 2: Dora ( $1,500 )
Seat 3: Emil ( $2,000 )
Cleo posts small blind [$40]
Dora posts big blind [$100]
** Dealing down cards **
Emil calls [$100]
Dora checks
** Dealing flop ** [ Ad, Js, Ts ]
Dora checks
Emil checks
** Dealing turn ** [ 5h ]
Dora checks
Emil checks
** Dealing river ** [ 8s ]
Dora checks
Emil checks
** Summary **
Dora shows [ Ks, 4d ]
Cleo shows [ 8d, Jd ]
Emil mucks [ Td, 9d ]
Cleo collected [ $120 ]
Emil collected [ $120 ]
"""


def test_cards_listed_as_mucked_of_a_player_the_site_pays_are_in_play() -> None:
    h = read(MUCKED_AND_PAID)
    assert h.status is Status.AUDITED and not h.unknown_lines
    assert Auditor("online").audit(h).findings == []


def test_summary_that_pays_no_one_is_a_hand_cut_off() -> None:
    # the hand of `FL` without its last line: the pot is never paid
    cut = FL.format(extra="").replace("Bruno collected [ $1.42 ]\n", "")
    h = read(cut)
    assert h.status is Status.PARSE_ERROR
    assert h.problem is not None and h.problem.incomplete and "cut off" in h.problem.message
    assert h.problem.line == cut.splitlines().index("** Summary **") + 1
