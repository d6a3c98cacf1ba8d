"""GGPoker: values pinned by reading the hands, and every corpus hand parses."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from hhaudit.model import ActionEvent, CollectEvent, DealEvent, Post, PostEvent, Status, UncalledEvent
from hhaudit.parsing import parse

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
REG = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITES = {"GGPoker"}


def corpus_files() -> dict[str, int]:
    if not (CORPUS / "HANDS.tsv").exists():
        return {}
    rows: collections.Counter[str] = collections.Counter()
    for line in (CORPUS / "HANDS.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        parts = line.split("\t")
        if parts[2] in SITES:
            rows[parts[0]] += 1
    return dict(rows)


def hands_of(rel: str):
    path = REG / rel
    if not path.exists():
        pytest.skip("corpus not present at ../shared/corpus")
    return list(parse(str(path)))


def acts(hand):
    return [(e.player, e.act.value, e.amount, e.to, e.all_in) for e in hand.events if isinstance(e, ActionEvent)]


def test_daily_special_first_hand():
    h = hands_of("tour/GGPoker/Flop/NLHE-8max-MTT-USD-250-202006.txt")[0]
    assert (h.site, h.format, h.hand_id, h.kind, h.tournament_id) == ("GGPoker", "ggpoker", "TM247771977", "tournament", "5259595")
    assert (h.sb, h.bb, h.ante, h.button_seat, h.max_seats, h.scale) == (60, 120, 18, 1, 8, 0)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [(1, "Hero", 10000), (2, "a9055bd5", 23639)]
    posts = [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("Hero", Post.ANTE, 18), ("a9055bd5", Post.ANTE, 18),
                     ("Hero", Post.SMALL_BLIND, 60), ("a9055bd5", Post.BIG_BLIND, 120)]
    # hero-only cards: the "Dealt to a9055bd5" line carries no cards and makes no event
    assert [(e.player, e.cards) for e in h.events if isinstance(e, DealEvent)] == [("Hero", ("Qh", "Jh"))]
    assert acts(h) == [("Hero", "raise", None, 276, False), ("a9055bd5", "call", 156, None, False),
                       ("a9055bd5", "check", None, None, False), ("Hero", "bet", 294, None, False),
                       ("a9055bd5", "fold", None, None, False)]
    assert [e.amount for e in h.events if isinstance(e, UncalledEvent)] == [294]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Hero", 588)]
    assert h.summary.total_pot == 588 and h.summary.rake is None
    assert h.summary.boards == [("4h", "Ts", "Qs")]


def test_wsop_thousands_and_all_in():
    h = hands_of("tour/GGPoker/Flop/NLHE-8max-MTT-USD-5k-202008.txt")[0]
    assert (h.hand_id, h.tournament_id, h.sb, h.bb, h.ante, h.button_seat) == ("TM316262814", "9364957", 1000, 2000, 250, 4)
    assert h.seats[6].stack == 226601
    a = acts(h)
    assert ("Hero", "raise", None, 4000, False) in a
    assert ("Hero", "raise", None, 40902, True) in a
    assert ("2676777a", "call", 32902, None, False) in a
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("2676777a", 96804)]
    assert h.summary.total_pot == 96804
    assert h.summary.boards == [("7d", "9d", "Ad", "2s", "4h")]


def test_short_deck_is_unsupported():
    hands = hands_of("cash/GGPoker/Flop/NL-ShortDeck-5max-USD-0.2-202103.txt")
    assert hands and all(h.status is Status.UNSUPPORTED_GAME for h in hands)
    assert all(h.hand_id.startswith("SD") for h in hands)


@pytest.mark.parametrize("rel,count", sorted(corpus_files().items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = list(parse(str(CORPUS / rel)))
    assert len(hands) == count
    bad = [(h.hand_id, h.problem) for h in hands if h.status is Status.PARSE_ERROR]
    assert not bad
    assert all(h.format == "ggpoker" for h in hands)


def test_posted_blinds_override_the_header_level():
    hands = {h.hand_id: h for h in hands_of("tour/GGPoker/Flop/NLHE-8max-MTT-USD-250-202006.txt")}
    h = hands["TM247773056"]  # header "Level3 (80/160)", posts 60 and 120
    assert (h.sb, h.bb) == (60, 120)


def _hand(text: str):
    import textwrap

    hands = list(parse(textwrap.dedent(text).lstrip("\n")))
    assert len(hands) == 1 and hands[0].status is Status.AUDITED, hands[0].problem
    return hands[0]


# Built on RC3793612972 (LayorX's GG exports): a 14.66 pot, rake 0.14, jackpot 0.07: 14.45 to
# split, 7.23 (odd cent to the first winner left of the button) and 7.22, less the 0.01 tax
# taken from the second winner's share: 7.21. Before the drop lines were read so, the tax came
# off the pot first (7.22 each) and the split was an error.
TAXED_SPLIT = """
    Poker Hand #RC3793612972: Hold'em No Limit ($0.02/$0.05) - 2025/08/09 05:17:35
    Table 'RushAndCash10628232' 6-max Seat #1 is the button
    Seat 1: Alfa ($9.68 in chips)
    Seat 2: Bravo ($5.23 in chips)
    Seat 3: Charlie ($7.32 in chips)
    Seat 4: Delta ($11.64 in chips)
    Bravo: posts small blind $0.02
    Charlie: posts big blind $0.05
    *** HOLE CARDS ***
    Dealt to Alfa
    Dealt to Bravo
    Dealt to Charlie
    Dealt to Delta
    Delta: raises $7.28 to $7.33
    Alfa: folds
    Bravo: folds
    Charlie: calls $7.27 and is all-in
    Uncalled bet ($0.01) returned to Delta
    *** FLOP *** [Ah Kd Qs]
    *** TURN *** [Ah Kd Qs] [Jc]
    *** RIVER *** [Ah Kd Qs Jc] [2d]
    *** SHOWDOWN ***
    Delta: shows [Td 3c] (a straight, Ten to Ace)
    Charlie: shows [Th 2s] (a straight, Ten to Ace)
    Charlie collected $7.23 from pot
    Delta collected $7.21 from pot
    *** SUMMARY ***
    Total pot $14.66 | Rake $0.14 | Jackpot $0.07 | Bingo $0 | Fortune $0 | Tax $0.01
    Board [Ah Kd Qs Jc 2d]
    Seat 1: Alfa (button) folded before Flop (didn't bet)
    Seat 2: Bravo (small blind) folded before Flop
    Seat 3: Charlie (big blind) showed [Th 2s] and won ($7.23) with a straight, Ten to Ace
    Seat 4: Delta showed [Td 3c] and won ($7.21) with a straight, Ten to Ace
    """


def test_tax_is_taken_from_one_winners_share_after_the_split():
    import textwrap

    import hhaudit

    h = _hand(TAXED_SPLIT)
    # 0.02 + 7.32 + 7.32 = 14.66
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Charlie", 723), ("Delta", 722)]
    assert h.summary.rake == 14 and h.summary.jackpot == 7
    assert [s.added for s in h.seats if s.player == "Delta"] == [-1]
    found = hhaudit.audit(textwrap.dedent(TAXED_SPLIT).lstrip("\n")).findings
    assert found.empty, found[["rule", "expected", "actual"]].to_string()


def test_tax_of_a_single_winner_stays_with_the_rake():
    text = TAXED_SPLIT.replace("    Delta collected $7.21 from pot\n", "").replace(
        "Charlie collected $7.23", "Charlie collected $14.44").replace(
        "won ($7.21) with a straight, Ten to Ace", "lost")
    h = _hand(text)
    assert h.summary.rake == 15  # 0.14 rake + 0.01 tax, taken from the pot


def test_tax_of_a_pot_paid_in_full_is_taken_after_the_hand():
    # one winner paid 14.45 (14.66 less 0.14 rake and 0.07 jackpot): the 0.01 tax is not in
    # the pot's figures, so it comes off the winner's next stack
    text = TAXED_SPLIT.replace("    Delta collected $7.21 from pot\n", "").replace(
        "Charlie collected $7.23", "Charlie collected $14.45").replace(
        "won ($7.21) with a straight, Ten to Ace", "lost")
    h = _hand(text)
    assert h.summary.rake == 14
    assert [s.added for s in h.seats if s.player == "Charlie"] == [-1]
