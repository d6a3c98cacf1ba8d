"""What the formats' linear regexes read (tests/test_linear_time.py proves them linear): the
sites' own lines, and the corner cases each rewrite reasons about, where a match is taken
whole and written off (an unclosed bracket, a pot without an amount, a game not closed by
" --", a seat line without a verb or a payout) instead of being tried again from each start.
Every value below is read off the text by hand."""

from __future__ import annotations

from hhaudit.formats import betonline, common, ggpoker, partypoker, wpn
from hhaudit.formats._xml import tag_id
from hhaudit.formats.cake import CakeFormat
from hhaudit.formats.pokerstars import PokerStarsFormat, _header_facts
from hhaudit.model import Hand, Limit


def _hand(fmt: str) -> Hand:
    return Hand(site=fmt, format=fmt, hand_id="", source="t", line=1)


# ----------------------------------------------------------------------------- common
def test_a_bracket_left_open_is_not_a_card_group() -> None:
    # "[Js 9h Jh] [Qs]": the turn card is the last group; "[Qs" without its "]" is no group
    assert common.bracketed_board("[Js 9h Jh] [Qs]") == (("Qs",), ("Js", "9h", "Jh", "Qs"))
    assert common.bracketed_board("[Js 9h Jh] [Qs") == (("Js", "9h", "Jh"), ("Js", "9h", "Jh"))
    assert common.bracketed_board("[" * 1000) == ((), ())


def test_summary_cards_need_their_closing_bracket() -> None:
    hand = _hand("pokerstars")
    common.summary_cards(hand, 2, "Seat 2: Bob showed [Qh Jh", 9)
    assert hand.revealed == {}
    common.summary_cards(hand, 2, "Seat 2: Bob showed [Qh Jh] and lost", 9)
    assert hand.revealed[2].cards == ("Qh", "Jh") and hand.revealed[2].tabled


# ----------------------------------------------------------------------------- PokerStars family
def test_pokerstars_stakes() -> None:
    # "$0.25/$0.50USD)": the currency closing the parenthesis is no part of the big blind
    facts = _header_facts("PokerStars", "Hold'em No Limit ($0.25/$0.50USD) - 2020/01/01 10:00:00 ET")
    assert (facts.sb, facts.bb, facts.currency, facts.scale) == (25, 50, "USD", 2)
    # GGPoker's ante tables: "($0.02/$0.05($0.01))", blinds 2 and 5 cents
    facts = _header_facts("PokerStars", "Hold'em No Limit ($0.02/$0.05($0.01)) - 2020/01/01 10:00:00 ET")
    assert (facts.sb, facts.bb) == (2, 5)
    facts = _header_facts("PokerStars", "Hold'em Pot Limit ($0.25/$0.50 - $10 Cap -  USD) - 2020/01/01 10:00:00 ET")
    assert (facts.sb, facts.bb, facts.currency) == (25, 50, "USD")


def test_pokerstars_side_pots_without_an_amount_are_skipped() -> None:
    # "Side pot x" has no amount before the "|": no pot; the splash (STP) is added to the main
    hand = _hand("pokerstars")
    PokerStarsFormat().on_TOTAL_POT(hand, ("1400", " Main pot 1040. Side pot x | STP 5", "0", None), 3)
    assert (hand.summary.main_pot, hand.summary.side_pots) == (1040 + 5, [])
    hand = _hand("pokerstars")
    PokerStarsFormat().on_TOTAL_POT(hand, ("1400", " Main pot 300. Side pot-1 1000. Side pot-2 100.", "0", None), 3)
    assert (hand.summary.main_pot, hand.summary.side_pots) == (300, [1000, 100])


def test_ggpoker_pots() -> None:
    pots = [(m.group(1), m.group(2)) for m in ggpoker._POTS.finditer(" Main pot 30 | Side pot-1 x | Side pot-2 12.5")]
    assert pots == [("Main pot", "30"), ("Side pot-1", None), ("Side pot-2", "12.5")]


# ----------------------------------------------------------------------------- PartyPoker
def test_partypoker_dates() -> None:
    def read(text: str) -> tuple[str, ...] | None:
        m = partypoker._DATE.search(text)
        return None if m is None else m.group("mon", "d", "h", "mi", "s", "tz", "y")

    # "Thursday," is no month (a comma before the space): the date starts at "January"
    assert read("Thursday, January 26, 18:13:53 EST 2012") == ("Jan", "26", "18", "13", "53", "EST", "2012")
    # "Mon" is followed by a word, not a day: the date starts at "Apr"
    assert read("Mon Apr 26 20:17:29 EDT 2021") == ("Apr", "26", "20", "17", "29", "EDT", "2021")
    assert read("Wed Jan  5 1:02:03 2011") == ("Jan", "5", "1", "02", "03", "", "2011")
    # three letters, then lower case only up to the space: "ABCDec" is read from "BCD"
    assert read("ABCDec 12 10:11:12 EST 2020") == ("BCD", "12", "10", "11", "12", "EST", "2020")
    assert read("a" * 5000) is None


def test_partypoker_stakes() -> None:
    def read(text: str) -> tuple[str, ...] | None:
        m = partypoker._STAKES.search(text)
        return None if m is None else m.group("low", "high")

    assert read("$15/$30 USD Texas Hold'em") == ("$15", "$30")
    assert read("€ 1,000 / € 2,000") == ("€ 1,000", "€ 2,000")
    assert read("1'000/2'000") == ("1'000", "2'000")
    assert read("1" * 5000) is None


# ----------------------------------------------------------------------------- BetOnline
def test_betonline_stakes() -> None:
    m = betonline._STAKES.search(" No Limit ($0.25/0.50)")
    assert m is not None and m.group("sb", "bb") == ("0.25", "0.50")


def test_betonline_summary_seats() -> None:
    def seats(text: str) -> list[tuple[str, str]]:
        return [m.group("player", "rest") for m in betonline._SEAT_LINE.finditer(text) if m.group("player") is not None]

    assert seats("Seat 3: Player1 showed [7h Jh] and won (0.95)") == [("Player1", "showed [7h Jh] and won (0.95)")]
    # two seats on one line; a seat without a verb is no summary seat
    assert seats("Seat 8: P7 (Small Blind) folded before Flop Seat 9: P8 (Button) mucked") == [
        ("P7", "(Small Blind) folded before Flop"), ("P8", "(Button) mucked")]
    assert seats("Seat 6: Player6 Is Sitting Out") == []


def test_betonline_payouts() -> None:
    def paid(text: str) -> list[tuple[str, str]]:
        return [m.group("player", "amount") for m in betonline._PAID.finditer(text) if m.group("player") is not None]

    assert paid("Seat 3: Player1 showed [7h Jh] and won (0.95)") == [("Player1", "0.95")]
    assert paid("Seat 1: Player3 (Big Blind) collected (13.95)") == [("Player3", "13.95")]
    assert paid("Seat 7: Player5 folded on the River") == []
    # the name ends at the first space a payout follows: "showed [x]" is none (no "and
    # won"), "collected (2)" is
    assert paid("Seat 1: a showed [x] b collected (2)") == [("a showed [x] b", "2")]
    # "showed [a showed [7h Jh] and won (1)": the cards run to the first "]", so the payout
    # follows "p", not "p showed [a"
    assert paid("Seat 1: p showed [a showed [7h Jh] and won (1)") == [("p", "1")]
    # a "collected" inside an unpaid show is still found
    assert paid("Seat 1: a showed [b collected (1) x") == [("a showed [b", "1")]


# ----------------------------------------------------------------------------- Cake
def test_cake_stakes_are_the_first_whose_game_closes() -> None:
    # "1/2 NL x-y": the game "x" is not closed by " --" before the "-", so those are not the
    # stakes; "0/10/20 NL Hold'em --" are: ante 0, blinds 10 and 20
    hand = _hand("cake")
    CakeFormat().on_HEADER(hand, ("1", "1/2 NL x-y -- 0/10/20 NL Hold'em -- 2012/06/12 - 13:31:20"), 1)
    assert (hand.ante, hand.sb, hand.bb, hand.limit) == (0, 10, 20, Limit.NO_LIMIT)
    hand = _hand("cake")
    CakeFormat().on_HEADER(hand, ("1", "Paris (6-max) 11985 -- $0.05/$0.10 NL Hold'em -- 2011/08/28 - 01:01:30"), 1)
    assert (hand.sb, hand.bb, hand.currency, hand.table_name) == (5, 10, "USD", "Paris (6-max) 11985")


# ----------------------------------------------------------------------------- the rest
def test_bracket_groups_are_the_closed_ones() -> None:
    # "[[Js 9h] x [Qs" : the first "[" opens a group closed by the first "]" ("[Js 9h"), the
    # last "[" is never closed
    assert common.bracket_groups("[[Js 9h] x [Qs") == ["[Js 9h"]
    assert common.bracket_groups("[Js 9h Jh] [Qs]") == ["Js 9h Jh", "Qs"]
    assert common.bracket_groups(None) == []


def test_tag_id_is_the_searched_one() -> None:
    # the last id of the tag; where it is not closed by a quote, the one before it, closed by
    # the later id's own quote: '<HAND id="' then '<HANDid=' then the quote of 'id="'
    assert tag_id('<HAND id="<HANDid="id="<\n<G', "HAND", last=True) == "<HANDid="
    assert tag_id('<HAND time="1" id="42"><HAND id="43">', "HAND", last=True) == "42"
    # the first id of the first <Game tag that has one; "gameid" is no id (no word boundary)
    assert tag_id('<Game gameid="1" id="7" x id="8">', "Game", last=False) == "7"
    assert tag_id('<Game a="1"><Game id="9">', "Game", last=False) == "9"
    assert tag_id('<Game id="9', "Game", last=False) == ""


def test_partypoker_collected_amount() -> None:
    def won(text: str) -> str | None:
        m = next((m for m in partypoker._COLLECTED.finditer(text) if m.group(2) is not None), None)
        return None if m is None else m.group(1) + m.group(2)
    # no digit before the ",": that "collected" is passed over, the next one read
    assert won("collected nothing, collected $2.40 [ Ah Kd ]") == "$2.40 "
    assert won("Seat 3: a collected $1,234") == "$1"
    assert won("collected chips") is None


def test_wpn_game_note_is_cut_with_its_spaces() -> None:
    def table(name: str) -> str:
        return wpn._GAME_NOTE.sub(wpn._drop_game_note, name).strip()
    assert table("Pamola (Short)  (Omaha HiLow)  6-max") == "Pamola (Short) 6-max"
    # two notes side by side are two cuts, each leaving its space: "Kings" + " " + " " + "x"
    assert table("Kings (Hold'em)(PRR) x") == "Kings  x"
    assert table("a   b") == "a   b"
