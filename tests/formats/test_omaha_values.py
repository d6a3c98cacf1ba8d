"""Omaha as each site writes it: the values read from one real hand per site, checked by
hand against the file (the arithmetic is in the comments)."""

from __future__ import annotations

from conftest_corpus import corpus, find_hand

from hhaudit.model import CollectEvent, DealEvent, Hand, Limit, ShowEvent, Status

FLOP = "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/cash/{}/Flop/{}"
TOUR = "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/tour/{}/Flop/{}"


def _hand(path: str, hand_id: str) -> Hand:
    hand = find_hand(corpus() / path, hand_id)
    assert hand.status is not Status.PARSE_ERROR, hand.problem
    return hand


def _dealt(hand: Hand) -> dict[str, tuple[str, ...]]:
    return {e.player: e.cards for e in hand.events if isinstance(e, DealEvent)}


def _shown(hand: Hand) -> dict[str, tuple[str, ...]]:
    return {e.player: e.cards for e in hand.events if isinstance(e, ShowEvent) and e.cards}


def _paid(hand: Hand) -> list[tuple[str, int, int | None, str | None]]:
    return [(e.player, e.amount, e.pot, e.half) for e in hand.events if isinstance(e, CollectEvent)]


def test_pokerstars_hi_lo_quartered() -> None:
    h = _hand(TOUR.format("Stars", "PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt"), "1676150046")
    assert (h.variant, h.game, h.limit, h.hole_cards, h.hilo) == ("omaha", "PLO8", Limit.POT_LIMIT, 4, True)
    assert (h.kind, h.tournament_id, h.sb, h.bb) == ("tournament", "7817460", 25, 50)
    assert _dealt(h) == {"Hero": ("6h", "3h", "2h", "4s")}
    assert _shown(h)["Player5"] == ("2d", "9h", "3s", "4d")
    # side pot 86: the high half 43 to Hero (a 3-7 straight over Player5's wheel), the low
    # half 43 quartered 22 + 21; main pot 4765: high 2383 (the odd chip) to Player2's aces
    # full, low 2382 split 1191 + 1191. The log does not say which half a line pays.
    assert _paid(h) == [
        ("Hero", 43, 1, None), ("Player5", 22, 1, None), ("Hero", 21, 1, None),
        ("Player2", 2383, 0, None), ("Player5", 1191, 0, None), ("Hero", 1191, 0, None),
    ]
    assert (h.summary.total_pot, h.summary.main_pot, h.summary.side_pots) == (4851, 4765, [86])
    assert 43 + 22 + 21 == 86 and 2383 + 1191 + 1191 == 4765


def test_pokerstars_six_card_and_five_card_counts() -> None:
    six = _hand(FLOP.format("Stars", "6-Card-PLO-6max-USD-0.25-0.50-202004.txt"), "211860382557")
    assert (six.game, six.hole_cards, six.sb, six.bb, six.scale) == ("PLO6", 6, 25, 50, 2)
    assert _dealt(six) == {"Hero": ("3s", "7s", "6d", "Qd", "Jc", "2d")}
    # PokerMaster's header says only "Omaha Pot Limit ($15/$30 USD)": the five cards dealt
    # ("Dealt to pp1844675 [9c Qc 9h Jc Qs]") make it five-card Omaha
    five = _hand(FLOP.format("Stars", "5-Card-PLO-6max-USD-15-30-201905.PokerMaster.txt"), "1905261509100000")
    assert (five.game, five.hole_cards, five.sb, five.bb) == ("PLO5", 5, 1500, 3000)
    assert _dealt(five) == {"pp1844675": ("9c", "Qc", "9h", "Jc", "Qs")}



def test_ggpoker_plo5_with_the_big_blinds_straddle() -> None:
    h = _hand(FLOP.format("GGPoker", "PLO5-6max-USD-25-50-202104.straddle.txt"), "OM1171256")
    # "PLO-5 ($25/$50)": five-card pot-limit Omaha, cents
    assert (h.game, h.limit, h.hole_cards, h.hilo, h.sb, h.bb, h.ante) == ("PLO5", Limit.POT_LIMIT, 5, False, 2500, 5000, 1000)
    assert _dealt(h) == {"Hero": ("Kd", "2h", "3h", "Qc", "Tc")}
    posts = [(e.player, e.kind.value, e.amount) for e in h.events if type(e).__name__ == "PostEvent"]
    # "ce67ea41: posts big blind $50" then "ce67ea41: straddle $100": its total is 100, so
    # the straddle puts in 50 more; the pot 255 = antes 3 x 10 + 25 + 100 + the raiser's 100
    assert posts[-2:] == [("ce67ea41", "post_bb", 5000), ("ce67ea41", "post_straddle", 5000)]
    assert 3 * 1000 + 2500 + 10000 + 10000 == 25500 == h.summary.total_pot
    assert _paid(h) == [("2a287edc", 24225, None, None)]
    assert h.summary.rake == 1275 and 25500 - 1275 == 24225


def test_winamax_hi_lo_halves() -> None:
    h = _hand(FLOP.format("Winamax", "PLO8-6max-EUR-1.00-2.00-201611.txt"), "9247976-238-1478874600")
    assert (h.game, h.limit, h.hole_cards, h.hilo, h.sb, h.bb, h.currency) == ("PLO8", Limit.POT_LIMIT, 4, True, 100, 200, "EUR")
    assert _dealt(h) == {"Hero": ("4d", "9h", "7h", "2s")}
    assert _shown(h)["Player0"] == ("8d", "2d", "2c", "Td")
    # "Hero collected 4.96€ from pot(HI)", "Hero collected 4.95€ from pot(LO)": the pot of
    # 2 + 2 + 3.30 + 3.30 = 10.60 less the 0.69 rake is 9.91 = 4.96 + 4.95, the odd cent high
    assert _paid(h) == [("Hero", 496, None, "high"), ("Hero", 495, None, "low")]
    assert (h.summary.total_pot, h.summary.rake) == (991, 69) and 200 + 200 + 330 + 330 - 69 == 991


def test_ipoker_hi_lo_and_the_newer_clients_win() -> None:
    h = _hand(FLOP.format("iPoker", "PLO8-GBP-40-80-202308.txt"), "10233063324")
    # "<gametype>Omaha HiLow PL €5/€10</gametype>"
    assert (h.game, h.limit, h.hole_cards, h.hilo, h.sb, h.bb) == ("PLO8", Limit.POT_LIMIT, 4, True, 500, 1000)
    assert _dealt(h) == {"Hero": ("Jc", "6s", "2d", "4c")}  # "CJ S6 D2 C4"
    # Hero bet 40 in all, Player0 80 (the turn's 40 uncalled): the pot is 80, and this
    # client (<client_version>23.3.1.9) writes win="€79" without the uncalled 40: 79 paid,
    # 1 rake. Older clients' win would have been 119.
    assert _paid(h) == [("Player0", 7900, None, None)]
    assert h.summary.rake == 100 and 4000 + 4000 - 7900 == 100


def test_bovada_hand_without_street_lines() -> None:
    h = _hand(FLOP.format("Bovada", "PLO-USD-5-10-201204.new.format.txt"), "2601408198")
    assert (h.game, h.limit, h.hole_cards, h.sb, h.bb) == ("PLO", Limit.POT_LIMIT, 4, 500, 1000)
    assert _dealt(h)["UTG+1"] == ("Th", "Ts", "2h", "9c")
    # no street line: "Big Blind : Checks" closes the pre-flop round and, written again,
    # opens the flop (the board's first three cards from the summary) before UTG bets 27.50
    acts = [(type(e).__name__, getattr(e, "player", ""), getattr(e, "line", 0)) for e in h.events]
    assert acts[acts.index(("ActionEvent", "Big Blind", 166)) + 1:][:3] == [
        ("StreetEvent", "", 167), ("ActionEvent", "Big Blind", 167), ("ActionEvent", "UTG", 168)]
    # the pot: the small blind's 5 and three times 10 (35), then 3 x 27.50: 117.50, less 2 rake
    assert _paid(h) == [("Big Blind", 11550, None, None)]
    assert 500 + 3 * 1000 + 3 * 2750 == 11750 and 11750 - 200 == 11550


def test_everleaf_fixed_limit_hi_lo_scoop_in_halves() -> None:
    h = _hand(FLOP.format("Everleaf", "FLO8-10max-USD-0.50-1.00-201003.HU.on.10max.txt"), "148735968")
    # "$0.50/$1 Omaha Hi/Lo": fixed limit, small bet 0.50, big bet 1, blinds 0.25/0.50
    assert (h.game, h.limit, h.hole_cards, h.hilo) == ("FLO8", Limit.FIXED_LIMIT, 4, True)
    assert (h.small_bet, h.big_bet, h.sb, h.bb) == (50, 100, 25, 50)
    assert _dealt(h) == {"Hero": ("7h", "As", "6h", "3c")}
    # pre-flop Hero's 0.25 raised by 0.75 to 1, Villain's 0.50 raised by 1 to 1.50, Hero
    # calls 0.50: 3.00; turn and river 2 x 1 each: a 7.00 pot, less the 0.35 rake 6.65, paid
    # "wins  high ($ 3.33 USD)" and "wins  low ($3.32)" (the odd cent high)
    assert _paid(h) == [("Hero", 333, 0, "high"), ("Hero", 332, 0, "low")]
    assert h.summary.rake == 35 and 2 * 150 + 2 * 100 + 2 * 100 - 35 == 333 + 332


def test_full_tilt_high_and_low_pots() -> None:
    h = _hand(FLOP.format("FTP", "LO8-6max-USD-200-400.200610.Observed.Hand.with.chat.txt"), "1088791321")
    # "$200/$400 - Limit Omaha Hi/Lo"
    assert (h.game, h.limit, h.hole_cards, h.hilo, h.small_bet, h.big_bet) == ("FLO8", Limit.FIXED_LIMIT, 4, True, 20000, 40000)
    assert _shown(h) == {"zbubop": ("3c", "9h", "As", "Qs"), "AllenCunningham": ("7d", "2c", "Ks", "Ad")}
    # "zbubop wins the high pot ($2,048.50)", "AllenCunningham wins the low pot ($2,048.50)":
    # the 4,100 pot less the 3 rake, halved
    assert _paid(h) == [("zbubop", 204850, None, "high"), ("AllenCunningham", 204850, None, "low")]
    assert (h.summary.total_pot, h.summary.rake) == (410000, 300) and 2 * 204850 == 410000 - 300


def test_full_tilt_capped_omaha() -> None:
    h = _hand(FLOP.format("FTP", "PLO-6max-USD-5.00-10.00-201010.CAP.txt"), "24378450480")
    # "$5/$10 - $400 Pot Limit Omaha Hi": the table's cap is 400 ("bets $295, and is capped")
    assert (h.game, h.sb, h.bb, h.cap) == ("PLO", 500, 1000, 40000)
    assert _dealt(h) == {"Hero": ("9h", "2h", "5d", "Tc")}


def test_888_dutch_ranks_and_a_hi_lo_split() -> None:
    dutch = _hand(FLOP.format("PacificPoker", "888-PLO-USD-10.00-20.00-201405.dutch.txt"), "305277727")
    assert (dutch.game, dutch.sb, dutch.bb, dutch.currency) == ("PLO", 1000, 2000, "USD")
    # "Dealt to Hero [ Hc, 8h, Td, 6h ]": H is the Dutch client's Heer, the king
    assert _dealt(dutch) == {"Hero": ("Kc", "8h", "Td", "6h")}
    assert _paid(dutch) == [("Player0", 17600, None, None)]
    split = _hand(FLOP.format("PacificPoker", "888-FLOHL-PM-30-60.txt"), "440985926")
    # "15/30 Blinds Fix Limit OmahaHL": play money (in hundredths), blinds 15/30, bets 30 and 60
    assert (split.game, split.limit, split.hilo, split.scale) == ("FLO8", Limit.FIXED_LIMIT, True, 2)
    assert (split.sb, split.bb, split.small_bet, split.big_bet) == (1500, 3000, 3000, 6000)
    # harryabc's high ("(Hi: Jd, Jc, 2d, 2s, Ks)") and nugsy20's low ("(Lo: 2s, 4d, 5h, 6c,
    # Ac)") are paid 238 each; 888 does not say which half a payment is
    assert _paid(split) == [("harryabc", 23800, None, None), ("nugsy20", 23800, None, None)]
    assert _shown(split)["nugsy20"] == ("6c", "Ah", "Ac", "8s")


def test_partypoker_tournament_low_half() -> None:
    h = _hand(TOUR.format("PartyPoker", "PLO8-10max-USD-20-2-201310.chat.fix.txt"), "13387439135")
    assert (h.game, h.kind, h.hole_cards, h.hilo) == ("PLO8", "tournament", 4, True)
    assert _shown(h) == {"Player2": ("2d", "Jd", "Qs", "Ah"), "Player6": ("9s", "Kh", "4h", "Ts")}
    # "Player6 wins 640 chips from the main pot with a flush" (the half not said) and
    # "Player2 wins Lo (640 chips) from the main pot with 6,5,3,2,A"; the chat line
    # "Player6: u r getting boring with ur min raises" is no raise
    assert _paid(h) == [("Player6", 640, 0, None), ("Player2", 640, 0, "low")]


def test_winning_tournament_draw_for_the_button() -> None:
    path = "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/tour/Winning/" \
        "PLO8-9max-USD-15-201906.SITGOID-TN-$15 PLO Hi{BACKSLASH}Lo Turbo - On Demand GAMETYPE.txt"
    h = _hand(path, "82980175")
    # "Omaha H/L(Pot Limit) - Level 1 (250.00/500.00)", antes of 25
    assert (h.game, h.kind, h.sb, h.bb, h.ante) == ("PLO8", "tournament", 250, 500, 25)
    # "Dealt to Hero [4s]" before the antes is the draw for the button; the hole cards
    # come after "*** HOLE CARDS ***"
    assert _dealt(h) == {"Hero": ("Ks", "9h", "3d", "Th")}


def _posts(hand: Hand) -> list[tuple[str, str, int, int]]:
    return [(e.player, e.kind.value, e.amount, e.dead) for e in hand.events if type(e).__name__ == "PostEvent"]


def test_merge_hi_lo_halves_in_a_horse_tournament() -> None:
    h = _hand(TOUR.format("Merge", "../Mixed/HORSE-Tournament-Freeroll.201107.xml"), "36487242-8")
    # '<description type="HORSE Tournament" stakes="Limit"/>', '<game ... numholecards="4"
    # multigametype="37">': the Omaha H/L8 round of the HORSE, its bets the big blind's 30
    assert (h.variant, h.game, h.limit, h.hole_cards, h.hilo) == ("omaha", "FLO8", Limit.FIXED_LIMIT, 4, True)
    assert (h.sb, h.bb, h.small_bet, h.big_bet) == (15, 30, 30, 60)
    assert _dealt(h) == {"Player17": ("9h", "3s", "7c", "3d")}
    assert _shown(h) == {"Player18": ("Qd", "9s", "2d", "7h"), "Player12": ("6h", "Kd", "4c", "As")}
    # pre-flop 5 x 30, flop 3 x 30, turn and river 2 x 60 each: 480, halved; pottype="h" to
    # Player18's Q-J-T-9-8 straight (Qd 9s, Th Jc 8s), pottype="l" to Player12's 8-7-6-4-A
    # (As 4c, 8s 7d 6s)
    assert _paid(h) == [("Player18", 240, 0, "high"), ("Player12", 240, 0, "low")]
    assert 5 * 30 + 3 * 30 + 2 * 60 + 2 * 60 == 480 == 240 + 240


def test_merge_omaha_cash_initial_blind_and_tournament_scoop() -> None:
    h = _hand(FLOP.format("Merge", "PLO-6max-USD-0.10-0.20.20110428.xml"), "33781219-10")
    # '<description type="Omaha" stakes="Pot Limit ($0.10/$0.25)"/>', numholecards="4"
    assert (h.game, h.limit, h.hole_cards, h.hilo, h.sb, h.bb) == ("PLO", Limit.POT_LIMIT, 4, False, 10, 25)
    assert _dealt(h) == {"Hero": ("3d", "6d", "7h", "Jd")}
    # type="INITIAL_BLIND" amount="0.25": the new player's big blind, live (he checks when
    # the action comes back to him)
    assert _posts(h) == [("BeepsDad", "post_sb", 10, 0), ("starstuded", "post_bb", 25, 0),
                         ("PhilDes24poker", "post_bb", 25, 0)]
    # four players in for 0.25 (1.00), the turn's 0.50 bet uncalled comes back inside the
    # winner's amount="1.45": 1.00 less 0.05 rake, plus 0.50
    assert _paid(h) == [("starstuded", 145, 0, None)]
    assert h.summary.rake == 5 and 4 * 25 + 50 - 145 == 5
    sng = _hand(TOUR.format("Merge", "PLO8-USD-SNG-2-2012.Sample.xml"), "46634335-1")
    # 'type="Omaha H/L8 Tournament" stakes="Pot Limit"'; the board 7h 4s 9h Qd Kc holds two
    # low cards: no low, pottype="n", the high hand scoops (Tc Ah 4h Qh: queens and fours)
    assert (sng.game, sng.kind, sng.hole_cards, sng.hilo, sng.sb, sng.bb) == ("PLO8", "tournament", 4, True, 10, 20)
    # 4 x 110 pre-flop + the folded 20, 2 x 306, 2 x 1072, 2 x 12 all-in: 3240
    assert _paid(sng) == [("Player2", 3240, 0, None)]
    assert 4 * 110 + 20 + 2 * 306 + 2 * 1072 + 2 * 12 == 3240


def test_microgaming_hi_lo_version_2_calls_are_chips_put_in() -> None:
    h = _hand(FLOP.format("Microgaming", "PLO8-EUR-1.00-2.00-201209.txt"), "4577018979")
    # gametype="Omaha H/L" betlimit="PL" stakes="1|2", four <Card> in Hero's DealCards
    assert (h.game, h.limit, h.hole_cards, h.hilo, h.sb, h.bb, h.currency) == ("PLO8", Limit.POT_LIMIT, 4, True, 100, 200, "EUR")
    assert _dealt(h) == {"Hero": ("8d", "5d", "As", "Qh")}
    assert _shown(h) == {"Hero": ("8d", "5d", "As", "Qh"), "Player0": ("Ad", "3s", "4c", "3c")}
    # hhversion="2": Hero's big blind of 2 'Call value="5.00"' to Player0's raise to 7 puts
    # in 5 (endbalance 144.10 - 2 - 5 - 15 - 30 = 92.10)
    calls = [(e.player, e.amount) for e in h.events if type(e).__name__ == "ActionEvent" and e.act.value == "call"]
    assert calls == [("Hero", 500), ("Hero", 1500), ("Player0", 3000)]
    assert 14410 - 200 - 500 - 1500 - 3000 == 9210
    # Player0 scoops: 3-3-3 (3s 3c, 3d) beats Hero's aces, 7-4-3-2-A (Ad 4c, 3d 7s 2s) beats
    # Hero's 7-5-3-2-A; one <Seat amount="102.00" lowhandwin="1"> for both halves: the pot
    # 7 + 7 + 1 + 2 x 15 + 2 x 30 = 105 less the rake="300" (cents)
    assert _paid(h) == [("Player0", 10200, 0, None)]
    assert h.summary.rake == 300 and 700 + 700 + 100 + 2 * 1500 + 2 * 3000 - 300 == 10200


def test_boss_hi_lo_dead_small_blinds_and_wintype() -> None:
    h = _hand(FLOP.format("Boss", "PLO8-CAD-0.05-0.10-201703.dead.small.txt"), "230993221")
    # GAME="GAME_OMAHL" LIMIT="PL" STAKES="0.05/0.10"
    assert (h.game, h.limit, h.hole_cards, h.hilo, h.sb, h.bb, h.currency) == ("PLO8", Limit.POT_LIMIT, 4, True, 5, 10, "CAD")
    # LINK 17, 2, 42, 10: rank n % 13 (A23456789TJQK), suit n // 13 (d c h s): 5c 3d 4s Jd
    assert _dealt(h) == {"Hero": ("5c", "3d", "4s", "Jd")}
    # Player2 and Player3 post HAND_DSB 0.05 (dead) and HAND_BB 0.10 (the big blinds taken
    # first, as the blinds play)
    assert _posts(h)[2:] == [("Player2", "post_bb", 10, 0), ("Player3", "post_bb", 10, 0),
                             ("Player2", "post_dead", 0, 5), ("Player3", "post_dead", 0, 5)]
    # 3 x 0.65 + the folded 0.10 and 0.10 + 0.05 + 0.05 dead: 2.25 (the flop's POT="2.25"),
    # the turn's 1.12 uncalled; SHOWDOWN POT="2.14" RAKE="0.11", WINTYPE="WINTYPE_HI"
    assert _paid(h) == [("Player5", 214, None, "high")]
    assert (h.summary.total_pot, h.summary.rake) == (214, 11) and 3 * 65 + 10 + 10 + 5 + 5 - 11 == 214


def test_boss_omaha_high_games() -> None:
    oma = _hand(FLOP.format("Boss", "PLO-EUR-0.05-0.10-201207.all.in.call.txt"), "2907049756")
    tu = _hand(FLOP.format("Boss", "PLO-EUR-0.25-0.50-200905.omatu.txt"), "89027776")
    # GAME="GAME_OMA" and GAME="GAME_OMATU": Omaha high, four cards
    assert (oma.game, oma.hole_cards, oma.hilo, tu.game, tu.hole_cards, tu.hilo) == ("PLO", 4, False, "PLO", 4, False)
    # Player3's ALL_IN 3.31 is short of Player1's 4.80 (1.49 back): 2 x 1.15 + the big
    # blind's 0.10 + 2 x 3.31 = 9.02, POT="8.57" after RAKE="0.45"
    assert _paid(oma) == [("Player3", 857, None, None)]
    assert 2 * 115 + 10 + 2 * 331 - 45 == 857
    assert _shown(oma)["Player3"] == ("9d", "Jd", "Ad", "Ah")  # LINK 8, 10, 0, 26


def test_everest_omaha_one_hole_card_an_element() -> None:
    h = _hand(FLOP.format("Everest", "PLO-EUR-5-10-Unknown-Sample.txt"), "6351562000")
    # <SESSION game="omaha-hi" gametype="pot-limit" money="€">, blinds="5 €/10 €"
    assert (h.game, h.limit, h.hole_cards, h.hilo, h.sb, h.bb, h.currency) == ("PLO", Limit.POT_LIMIT, 4, False, 500, 1000, "EUR")
    # four <HOLE position="0"> elements, one card each
    assert _dealt(h) == {"Hero": ("8h", "2c", "Qc", "Ah")}
    # 2 x 30 pre-flop, 2 x 60 on the flop: 180.00; the river's 180 pushed back; the last
    # SWEEP's rake="150" tax="100": 177.50 paid
    assert _paid(h) == [("Villain", 17750, 0, None)]
    assert h.summary.rake == 250 and 2 * 3000 + 2 * 6000 - 250 == 17750


def test_betfair_side_pot_and_all_in_lines() -> None:
    h = _hand(FLOP.format("Betfair", "PLO-6max-USD-0.05-0.10-200909.All.in.river.splitpot.txt"), "100000000")
    # "PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009", "Table Death 1 6-max"
    assert (h.format, h.game, h.limit, h.hole_cards, h.hilo, h.sb, h.bb, h.currency) == (
        "betfair", "PLO", Limit.POT_LIMIT, 4, False, 5, 10, "USD")
    assert (h.table_name, h.max_seats, h.button_seat) == ("Death 1", 6, 2)
    assert _dealt(h) == {"Hero": ("7c", "6c", "5h", "Jh")}
    # "Hero goes all-in" then "Hero raises to [$1]": his whole 1.00; "Player4 goes all-in",
    # "Player4 bets [$3.03]" (4.13 - 1.00 - 0.10)
    all_ins = [(e.player, e.act.value, e.amount, e.to) for e in h.events if type(e).__name__ == "ActionEvent" and e.all_in]
    assert all_ins == [("Hero", "raise", None, 100), ("Player4", "bet", 303, None)]
    assert 413 - 100 - 10 == 303
    assert _shown(h)["Player4"] == ("7d", "8c", "3d", "6h")  # 7d 3d with 4d 5d 6d: a straight flush
    # main pot 5 x 1.00, less 0.56 rake: 4.44; side pot 2 x 0.10 + 2 x 3.03 = 6.26
    assert _paid(h) == [("Player4", 626, 1, None), ("Player4", 444, 0, None)]
    assert h.summary.rake == 56 and 5 * 100 - 56 == 444 and 2 * 10 + 2 * 303 == 626


_LIVE_PLO8 = """# hhaudit live log
game PLO8 1/2 table T9 seats 6

hand 1
button 1
seat 1 Alice 100
seat 2 Bob 100
seat 3 Carol 100
Alice call 2
Bob call 2
Carol check
flop Ah 7d 2c
Bob check
Carol check
Alice check
turn 9s
Bob check
Carol check
Alice check
river Kd
Bob check
Carol check
Alice check
Bob shows Qs Qd Ks Kc
Carol shows 3c 4s Jd Jh
Alice mucks
{pay}
"""


def _live(pay: str) -> list[tuple[str, str]]:
    from hhaudit.engine.auditor import Auditor
    from hhaudit.parsing import parse

    (h,) = list(parse(_LIVE_PLO8.format(pay=pay)))
    assert (h.status, h.game, h.limit, h.hole_cards, h.hilo, h.sb, h.bb) == (
        Status.AUDITED, "PLO8", Limit.POT_LIMIT, 4, True, 1, 2)
    assert _shown(h) == {"Bob": ("Qs", "Qd", "Ks", "Kc"), "Carol": ("3c", "4s", "Jd", "Jh")}
    return [(f.rule, f.expected) for f in Auditor("tda-2024").audit(h).findings]


def test_live_log_plo8_split_and_a_scoop_that_is_not() -> None:
    # the 6 pot: Bob's trip kings (Ks Kc with Kd Ah 9s) win the high half, Carol's 7-4-3-2-A
    # (3c 4s with Ah 7d 2c) the low: 3 each; Bob has no two cards of eight or less
    assert _live("pay Bob 3\npay Carol 3") == []
    assert _live("pay Bob 6") == [("WN01", "expected high Bob 3; low Carol 3")]
