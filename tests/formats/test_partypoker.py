"""PartyPoker: values pinned by reading the hands, and every corpus hand parses."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from hhaudit.model import (
    ActionEvent,
    CollectEvent,
    DealEvent,
    Post,
    PostEvent,
    ShowEvent,
    Status,
    StreetEvent,
    UncalledEvent,
)
from hhaudit.parsing import parse

CORPUS = Path(__file__).parents[2] / ".." / "shared" / "corpus"
REG = CORPUS / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files"
SITES = {"PartyPoker"}


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


def test_classic_cash_sample():
    h = hands_of("cash/PartyPoker/Flop/NLHE-USD-0.01-0.02-201008.Sample.txt")[0]
    assert (h.site, h.format, h.hand_id, h.kind, h.currency, h.scale) == ("PartyPoker", "partypoker", "9582251255", "cash", "USD", 2)
    # "$2 USD NL Texas Hold'em" is the table's buy-in; the blinds come from the posts
    assert (h.game, h.sb, h.bb, h.button_seat, h.max_seats, h.table_name) == ("NLHE", 1, 2, 6, 9, "Speed #1769729")
    assert h.started_at is not None and h.started_at.isoformat() == "2010-08-30T20:08:09+00:00"
    assert [(s.seat, s.player, s.stack) for s in h.seats][:3] == [(9, "Lisypoker", 357), (6, "Tortozendo", 214), (8, "Hero", 206)]
    posts = [(e.player, e.kind, e.amount) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("suicini03", Post.SMALL_BLIND, 1), ("Hero", Post.BIG_BLIND, 2)]
    assert [(e.player, e.cards) for e in h.events if isinstance(e, DealEvent)] == [("Hero", ("Js", "Th"))]
    assert acts(h) == [
        ("Lisypoker", "fold", None, None, False), ("potikuus", "fold", None, None, False),
        ("Tortozendo", "raise", 8, None, False), ("suicini03", "call", 7, None, False), ("Hero", "call", 6, None, False),
        ("suicini03", "check", None, None, False), ("Hero", "bet", 10, None, False),
        ("Tortozendo", "fold", None, None, False), ("suicini03", "call", 10, None, False),
        ("suicini03", "check", None, None, False), ("Hero", "check", None, None, False),
        ("suicini03", "check", None, None, False), ("Hero", "bet", 12, None, False), ("suicini03", "call", 12, None, False),
    ]
    boards = [e.board for e in h.events if isinstance(e, StreetEvent)]
    assert boards[-1] == ("As", "6h", "Qc", "Td", "Ac")
    assert [(e.player, e.cards) for e in h.events if isinstance(e, ShowEvent)] == [("Hero", ("Js", "Th")), ("suicini03", ("Qh", "Jd"))]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [("suicini03", 65, 0)]
    # no rake line: the pot of 0.68 paid 0.65, so 0.03 was raked
    assert h.summary.rake == 3


def test_new_layout_mtt_summary_balances():
    h = hands_of("tour/PartyPoker/Flop/NLHE-MTT-USD-50-5-202104.anon.txt")[0]
    assert (h.hand_id, h.kind, h.tournament_id, h.scale) == ("161938625156465v9fyd47bg", "tournament", "301084002", 0)
    assert (h.sb, h.bb, h.ante, h.button_seat, h.max_seats) == (350000, 700000, 87500, 2, 8)
    a = acts(h)
    assert ("Player5", "raise", None, 11302166, True) in a      # "raises 11302166 to 11302166" + "is all-In."
    assert ("Hero", "call", 13185876, None, True) in a           # "calls (13185876)" + "is all-In."
    assert (h.summary.main_pot, h.summary.side_pots, h.summary.total_pot) == (35656500, [3767420], 39423920)
    assert h.summary.boards == [("7s", "9c", "5s", "3s", "Qs")]
    shows = {e.player: e.cards for e in h.events if isinstance(e, ShowEvent)}
    assert shows == {"Player5": ("Ac", "Ks"), "Player7": ("Kc", "As"), "Hero": ("Ad", "Ah")}
    # "collected 42618560" includes the 16,380,517 - 13,185,876 = 3,194,641 nobody matched
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player7", 3194641)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player7", 42618560 - 3194641)]


def test_classic_tournament_thousands_and_all_in():
    hands = {h.hand_id: h for h in hands_of("tour/PartyPoker/Flop/NLHE-USD-STT-10-201104.new.hand.delimiter.txt")}
    h = hands["10315754293"]
    assert (h.kind, h.tournament_id, h.sb, h.bb) == ("tournament", "59658935", 300, 600)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [(5, "Player0", 4520), (4, "Player1", 7480)]
    # this file writes no blind posts, but the blinds were taken: "wins 5,120" = Player0's
    # 4,520 (300 small blind + "is all-In [4,220]") + Player1's 600 big blind. Heads-up the
    # button (seat 5) posts the small blind; the posts are inferred at the dealing line.
    posts = [(e.player, e.kind, e.amount, e.all_in) for e in h.events if isinstance(e, PostEvent)]
    assert posts == [("Player0", Post.SMALL_BLIND, 300, False), ("Player1", Post.BIG_BLIND, 600, False)]
    assert acts(h) == [("Player0", "raise", 4220, None, True), ("Player1", "fold", None, None, False)]
    # of the 5,120: 4,520 - 600 = 3,920 nobody matched, and the pot of 1,200
    assert [(e.player, e.amount) for e in h.events if isinstance(e, UncalledEvent)] == [("Player0", 3920)]
    assert [(e.player, e.amount) for e in h.events if isinstance(e, CollectEvent)] == [("Player0", 1200)]


def test_short_deck_is_unsupported():
    hands = hands_of("cash/PartyPoker/Flop/Short-Deck-6max-USD-1.00-1.00-201904.txt")
    assert [h.status for h in hands] == [Status.UNSUPPORTED_GAME]


@pytest.mark.parametrize("rel,count", sorted(corpus_files().items()))
def test_every_corpus_hand_parses(rel: str, count: int):
    hands = list(parse(str(CORPUS / rel)))
    assert len(hands) == count
    bad = [(h.hand_id, h.problem) for h in hands if h.status is Status.PARSE_ERROR]
    assert not bad
    assert all(h.format == "partypoker" for h in hands)


def test_findings_are_the_reviewed_ones():
    """Every finding on the corpus's PartyPoker hands, in every file read as PartyPoker (the
    files added 2026-12-03 too), is one of tests/reviewed/partypoker.tsv (site arithmetic and
    ordering errors, each with its numbers), and each reviewed row is still found. PA01 is
    only a hand Party wrote no history for; PA04 (a line the reader keeps unread) only a
    line that cannot matter, or disconnect protection, whose hand is not judged."""
    from _site_corpus import reviewed

    from hhaudit.engine.auditor import Auditor
    from hhaudit.parsing import ParseLog, parse_source
    from hhaudit.reading import iter_sources

    if not (CORPUS / "HANDS.tsv").exists():
        pytest.skip("corpus not present at ../shared/corpus")
    auditor = Auditor("online")
    found, unread = set(), collections.Counter()
    for source in iter_sources([CORPUS]):
        log = ParseLog()
        hands = list(parse_source(source, log=log))
        if not log.files or log.files[0].format != "partypoker":
            continue
        rel = Path(str(source.name)).resolve().relative_to(CORPUS.resolve()).as_posix()
        for h in hands:
            for f in auditor.audit(h).findings:
                if f.rule == "PA01":
                    assert "wrote no history for this hand" in f.message, (rel, h.hand_id, f.actual)
                elif f.rule == "PA04":
                    unread[f.message.split(" (")[0] if "model" in f.message else "not judged" in f.message] += 1
                else:
                    found.add((rel, h.hand_id, f.rule))
    # Omaha hands' findings are reviewed in omaha.tsv (tests/test_omaha_corpus.py checks them)
    omaha = {(name, hand_id, rule) for name, hand_id, rule in reviewed("omaha")}
    found = {r for r in found if (r[0].split("/")[-1], r[1], r[2]) not in omaha}
    assert found == reviewed("partypoker")
    # unknown lines that may matter: none (each is chat broken over two lines or a notice)
    assert unread[True] == 0
    # disconnect protection: roma566 (7936396977), BronsonBoss (7514529536), ssaybb (7845252366),
    # The_Hammer72 (7845298506) time out disconnected and stay in the hand
    assert unread["a line the audit does not model"] == 4


def posts_of(h):
    return [(e.player, e.kind, e.amount, e.dead, e.all_in) for e in h.events if isinstance(e, PostEvent)]


def seat_of(h, player):
    return next((s.seat, s.stack, s.sitting_out) for s in h.seats if s.player == player)


def test_unlisted_player_seat_and_least_stack():
    # seats 1,3-9 listed (9 max), button 8, SB seat 9; "Unseated has joined the table." posts
    # the big blind: the first free seat after seat 9 is seat 2 (Player1 on seat 1 "is
    # sitting out"). He puts in 0.02 + 0.20 + 0.64 = 0.86, never all-in: least stack 0.87.
    h = hands_of("cash/PartyPoker/Flop/NLHE-USD-0.01-0.02-201105.Unseated.player.is.only.big.blind.txt")[0]
    assert seat_of(h, "Unseated") == (2, 87, False)
    assert seat_of(h, "Player1") == (1, 80, True)
    # seats 1-4 listed, SB on seat 4: the joining big blind takes seat 5; 0.25 + 0.25 in, folds
    h = hands_of("cash/PartyPoker/Flop/NLHE-6max-USD-0.10-0.25-201309.player.joins.as.bb.txt")[0]
    assert seat_of(h, "Player3") == (5, 51, False)
    # listed "( $0 USD )" as he joins, posts the 0.02 big blind and checks: 0.03
    h = hands_of("cash/PartyPoker/Flop/NLHE-USD-0.01-0.02-20100807.newPlayerWithZeroStack.txt")[0]
    assert seat_of(h, "Player8") == (2, 3, False)


def test_converter_seat_lines_and_cut_names():
    h = hands_of("cash/PartyPoker/Flop/NLHE-6max-USD-0.01-0.02-201812.converted.txt")[0]
    # "Seat 1: Player1 ( $2.75 USD ) - VPIP: 21, PFR: 14, ..."
    assert [(s.seat, s.player, s.stack) for s in h.seats][:2] == [(1, "Player1", 275), (2, "Player2", 218)]
    h = hands_of("cash/PartyPoker/Flop/NLHE-6max-USD-0.50-1.00-201301.partial.player.names.txt")[0]
    # "Seat 2: Hero ($100)" then "Hero Name raises 3.0 to 3.0"
    assert [s.player for s in h.seats] == ["Player0", "Hero", "Player1", "Player2", "Player3", "Player4"]
    assert acts(h)[0] == ("Hero Name", "raise", None, 300, False)
    assert next(e.seat for e in h.events if isinstance(e, ActionEvent)) == 2


def test_mac_joined_lines():
    # "Player3 wins $27,37 USD from the main pot with ....Player4 wins $27,36 USD from ..."
    h = hands_of("cash/PartyPoker/Flop/NLHE-6max-USD-0.10-0.25-201212.Mac.Format.txt")[0]
    assert [(e.player, e.amount, e.pot) for e in h.events if isinstance(e, CollectEvent)] == [
        ("Player3", 2737, 0), ("Player4", 2736, 0)]
    # put in: 0.10 + (1 + 2.21) + 27.15 + 27.15 = 57.61; paid 54.73
    assert h.summary.rake == 288
    # "Player3 is sitting outPlayer4 posts big blind [$0,25 USD]."
    h = hands_of("cash/PartyPoker/Flop/NLHE-6max-USD-0.25-0.50-201212.Mac.Format.txt")[0]
    assert seat_of(h, "Player3") == (4, 2500, True)
    assert posts_of(h) == [("Player2", Post.SMALL_BLIND, 10, 0, False), ("Player4", Post.BIG_BLIND, 25, 0, False)]


def test_short_and_live_blinds():
    # Player2 ($0.01) posts big blind [$0.01] all-in; Player4 calls [$0.02]: the blind is 0.02
    h = hands_of("cash/PartyPoker/Flop/NLHE-USD-0.01-0.02-20100731.bigBlindIsForcedAllIn.txt")[0]
    assert (h.sb, h.bb) == (1, 2)
    assert posts_of(h) == [("Hero", Post.SMALL_BLIND, 1, 0, False), ("Player2", Post.BIG_BLIND, 1, 0, True)]
    # $10/$15 blinds; Player1 posts small blind [$10] as well, then calls [$5]: live $10
    h = hands_of("cash/PartyPoker/Flop/LHE-6max-USD-15-30-201104.live.second.sb.txt")[0]
    assert posts_of(h) == [("Player2", Post.SMALL_BLIND, 1000, 0, False), ("Hero", Post.BIG_BLIND, 1500, 0, False),
                           ("Player1", Post.DEAD, 1000, 0, False)]


def test_forward_fold_is_not_a_second_fold():
    h = hands_of("cash/PartyPoker/Flop/NLHE-6max-USD-0.02-0.04-201303.extra.spaces.txt")[0]
    assert [a[:2] for a in acts(h)][:6] == [("Player3", "fold"), ("Player4", "raise"), ("Player5", "fold"),
                                            ("Player0", "fold"), ("Hero", "fold"), ("Player2", "call")]


def test_inferred_tournament_blinds():
    # FL Stakes(200/400): blinds 100/200; button seat 8, Hero (9) and Player0 (10) post.
    # Player1 raises [400], Hero raises [500], Player1 raises [400], Hero calls [200], flop
    # bet 200: 800 + 800 + 200 + 200 = "wins 2,000"
    hands = hands_of("tour/PartyPoker/Flop/LHE-Freeroll-MTT-201207.txt")
    assert posts_of(hands[0]) == [("Hero", Post.SMALL_BLIND, 100, 0, False), ("Player0", Post.BIG_BLIND, 200, 0, False)]
    # antes written, blinds not: button 2, Player2 (3) 1,250 and Hero (4) 2,500;
    # 8 x 250 + 1,250 + 2,500 + Player5's 5,000 = "wins 10,750"
    h = hands_of("tour/PartyPoker/Flop/NLHE-MTT-USD-530-201307.no.tz.txt")[0]
    assert posts_of(h)[-2:] == [("Player2", Post.SMALL_BLIND, 1250, 0, False), ("Hero", Post.BIG_BLIND, 2500, 0, False)]
    # button 3; Player7 (seat 4, just moved in) has no line in the hand and is not dealt in,
    # so Player5 (6) "calls [30]" from the 30 small blind and Player3 (7) checks the 60
    h = hands_of("tour/PartyPoker/Flop/NLHE-25-USD-Freeroll-MTT-201205.player.moved.txt")[0]
    assert seat_of(h, "Player7") == (4, 3000, True)
    assert posts_of(h) == [("Player5", Post.SMALL_BLIND, 30, 0, False), ("Player3", Post.BIG_BLIND, 60, 0, False)]
    # a hand whose payouts do not prove the blinds keeps none (stacks of "1" at 20/40)
    h = hands_of("tour/PartyPoker/Flop/NLHE-1-EUR-STT-201211.tourno.missing.txt")[0]
    assert posts_of(h) == []


def test_double_holdem_is_not_texas_holdem():
    # "$2 USD NL Double Hold'em": three hole cards each (the log shows them), so not audited
    # as Hold'em, where each seat's third card made the hand dead (WN03)
    (h,) = hands_of("cash/PartyPoker/Flop/NLDHE-USD-0.01-0.02-201205.double.holdem.txt")
    assert h.status is Status.UNSUPPORTED_GAME and h.variant == "doubleholdem"
    assert h.hand_id == "11764881345"
