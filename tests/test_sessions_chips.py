"""Chips that move between hands outside the pot, as each format writes them, read as the
session's stack-continuity events (`seats.added`: positive brought, negative taken off), and
the hands whose log says too little to judge a pair.

Hands are made up in each site's format (corpus files are named where a test reads them)."""

from __future__ import annotations

from pathlib import Path

import pytest

import hhaudit

CORPUS = Path(__file__).parents[1] / ".." / "shared" / "corpus"
FPDB = CORPUS / "ChazDazzle" / "fpdb-chaz" / "pyfpdb" / "regression-test-files"


def session_findings(path: Path) -> list[tuple[str, str, str | None, str]]:
    f = hhaudit.audit([str(path)], select=["ALL"]).findings
    f = f[f["category"] == "session"]
    return sorted((r.hand_id, r.rule, r.player, r.message) for r in f.itertuples())


GG_CASHOUTS = """\
Poker Hand #HD1000001: Hold'em No Limit ($0.5/$1) - 2022/05/01 22:37:45
Table 'PLOGold4' 6-max Seat #1 is the button
Seat 1: aaaa1111 ($100 in chips)
Seat 2: bbbb2222 ($100 in chips)
Seat 3: cccc3333 ($100 in chips)
bbbb2222: posts small blind $0.5
cccc3333: posts big blind $1
*** HOLE CARDS ***
Dealt to aaaa1111 
Dealt to bbbb2222 
Dealt to cccc3333 
aaaa1111: raises $2 to $3
bbbb2222: folds
cccc3333: calls $2
*** FLOP *** [Ts Jd Td]
cccc3333: bets $97 and is all-in
aaaa1111: calls $97 and is all-in
aaaa1111: shows [Kh Kc] (Two Pair)
cccc3333: shows [Jh Jc] (Full House)
cccc3333: Chooses to EV Cashout 
*** TURN *** [Ts Jd Td] [Kd]
cccc3333: Receives Cashout ($60)
*** RIVER *** [Ts Jd Td Kd] [Qc]
*** SHOWDOWN ***
aaaa1111 collected $200.5 from pot
*** SUMMARY ***
Total pot $200.5 | Rake $0 | Jackpot $0 | Bingo $0
Board [Ts Jd Td Kd Qc]
Seat 1: aaaa1111 (button) showed [Kh Kc] and won ($200.5) with Full House
Seat 2: bbbb2222 (small blind) folded before Flop
Seat 3: cccc3333 (big blind) showed [Jh Jc] and lost with Full House, EV Cashout ($60)


Poker Hand #HD1000002: Hold'em No Limit ($0.5/$1) - 2022/05/01 22:38:45
Table 'PLOGold4' 6-max Seat #2 is the button
Seat 1: aaaa1111 ($200.5 in chips)
Seat 2: bbbb2222 ($99.5 in chips)
Seat 3: cccc3333 ($60 in chips)
cccc3333: posts small blind $0.5
aaaa1111: posts big blind $1
*** HOLE CARDS ***
Dealt to aaaa1111 
Dealt to bbbb2222 
Dealt to cccc3333 
bbbb2222: folds
cccc3333: folds
Uncalled bet ($0.5) returned to aaaa1111
*** SHOWDOWN ***
aaaa1111 collected $1 from pot
*** SUMMARY ***
Total pot $1 | Rake $0 | Jackpot $0 | Bingo $0
Seat 1: aaaa1111 (big blind) collected ($1)
Seat 2: bbbb2222 (button) folded before Flop
Seat 3: cccc3333 (small blind) folded before Flop


Poker Hand #HD1000003: Hold'em No Limit ($0.5/$1) - 2022/05/01 22:39:45
Table 'PLOGold4' 6-max Seat #3 is the button
Seat 1: aaaa1111 ($201 in chips)
Seat 2: bbbb2222 ($99.5 in chips)
Seat 3: cccc3333 ($59.5 in chips)
aaaa1111: posts small blind $0.5
bbbb2222: posts big blind $1
*** HOLE CARDS ***
Dealt to aaaa1111 
Dealt to bbbb2222 
Dealt to cccc3333 
cccc3333: raises $2 to $3
aaaa1111: folds
bbbb2222: calls $2
*** FLOP *** [2s 7d 9c]
bbbb2222: bets $96.5 and is all-in
cccc3333: calls $56.5 and is all-in
Uncalled bet ($40) returned to bbbb2222
bbbb2222: shows [Kh Kc] (Pair of Kings)
cccc3333: shows [Ah Ac] (Pair of Aces)
cccc3333: Chooses to EV Cashout 
*** TURN *** [2s 7d 9c] [3d]
*** RIVER *** [2s 7d 9c 3d] [4h]
*** SHOWDOWN ***
cccc3333: Pays Cashout Risk ($10)
cccc3333 collected $119.5 from pot
*** SUMMARY ***
Total pot $119.5 | Rake $0 | Jackpot $0 | Bingo $0
Board [2s 7d 9c 3d 4h]
Seat 1: aaaa1111 (small blind) folded before Flop
Seat 2: bbbb2222 (big blind) showed [Kh Kc] and lost with Pair of Kings
Seat 3: cccc3333 (button) showed [Ah Ac] and won ($119.5) with Pair of Aces, Cashout Risk ($10)


Poker Hand #HD1000004: Hold'em No Limit ($0.5/$1) - 2022/05/01 22:40:45
Table 'PLOGold4' 6-max Seat #1 is the button
Seat 1: aaaa1111 ($200.5 in chips)
Seat 2: bbbb2222 ($40 in chips)
Seat 3: cccc3333 ($109.5 in chips)
bbbb2222: posts small blind $0.5
cccc3333: posts big blind $1
*** HOLE CARDS ***
Dealt to aaaa1111 
Dealt to bbbb2222 
Dealt to cccc3333 
aaaa1111: folds
bbbb2222: folds
Uncalled bet ($0.5) returned to cccc3333
*** SHOWDOWN ***
cccc3333 collected $1 from pot
*** SUMMARY ***
Total pot $1 | Rake $0 | Jackpot $0 | Bingo $0
Seat 1: aaaa1111 (button) folded before Flop
Seat 2: bbbb2222 (small blind) folded before Flop
Seat 3: cccc3333 (big blind) collected ($1)
"""
"""Four hands of one GGPoker table. Hand 1: cccc3333 is all in for 100 and loses, but took
GG's EV Cashout and "Receives Cashout ($60)": 100 - 100 + 60 = 60 starts hand 2, and
0.50 less (the small blind) 59.50 starts hand 3. Hand 3: cccc3333 wins the 119.50 pot
(59.50 + 59.50 + the 0.50 small blind) and "Pays Cashout Risk ($10)": 119.50 - 10 = 109.50
starts hand 4. aaaa1111: 100 - 100 + 200.50 = 200.50, +0.50 (hand 2, the small blind won)
= 201, -0.50 (hand 3, the small blind) = 200.50."""


def test_gg_cashout_paid_and_cashout_risk_carry_to_the_next_stack(tmp_path: Path) -> None:
    path = tmp_path / "gg.txt"
    path.write_text(GG_CASHOUTS, encoding="utf-8")
    res = hhaudit.audit([str(path)], select=["ALL"])
    s = res.seats
    added = {(h, p): int(a) for h, p, a in zip(s["hand_id"], s["player"], s["added"]) if a}
    assert added == {("HD1000001", "cccc3333"): 6000, ("HD1000003", "cccc3333"): -1000}
    # without them: "60.00 appeared" at hand 2 and "10.00 vanished" at hand 4
    assert session_findings(path) == []


def test_gg_all_in_insurance_premium_leaves_the_stack() -> None:
    """GGPoker 2020: "23aca38f: pay premium of all-in insurance ($4)". 23aca38f is all in
    for 17 and wins the 37.50 pot: 37.50 - 4 = 33.50 is what the log carries; the next hand
    starts with 31.41, the 2.09 the file does not write (no rake line): the $1 jackpot drop
    and 3% of the other 36.50 (1.095, to the cent below 1.09) -- tests/reviewed/sessions.tsv."""
    path = FPDB / "cash" / "GGPoker" / "Flop" / "PLO-6max-USD-0.50-1.00-202004.txt"
    if not path.is_file():
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    res = hhaudit.audit([str(path)], select=["ALL"])
    s = res.seats
    row = s[(s["hand_id"] == "OM181427480") & (s["player"] == "23aca38f")]
    assert int(row["added"].iloc[0]) == -400
    f = res.findings
    f = f[(f["hand_id"] == "OM181427500") & (f["player"] == "23aca38f")]
    assert list(f["message"]) == ["2.09 vanished from 23aca38f's stack between hands OM181427480 and OM181427500"]


def test_a_hand_that_writes_only_its_blinds_does_not_say_who_was_dealt_in() -> None:
    """iPoker's partial XML writes each game's two blinds and nothing else. Hero sits down in
    seat 5 in game 7372097116, posts nothing there or in 7372097179 (his 1,000.00 does not
    move) and posts the big blind in 7372097258: he waited for the big blind, which the log
    cannot say; before, SE04 said he was dealt in without a post."""
    from hhaudit.sessions.judge import HandView, Posted, SeatView, only_posts

    def view(nets: dict[int, int], posts: dict[int, int]) -> HandView:
        h = HandView(index=0, hand_id="1", source="x", line=1, kind="cash", live=False, audited=True,
                     started_at=None, button=1, max_seats=6, sb=5, bb=10, scale=0)
        h.seats = {s: SeatView(s, f"P{s}", 1000, n, True) for s, n in nets.items()}
        h.posts = [Posted(s, "post_sb" if a == 5 else "post_bb", a, a, 1) for s, a in posts.items()]
        return h

    assert only_posts(view({1: 0, 2: -5, 3: -5}, {2: 5, 3: 10}))       # the big blind's unmatched 5 back
    assert not only_posts(view({1: -10, 2: -5, 3: -10}, {2: 5, 3: 10}))  # seat 1 called: play written
    assert not only_posts(view({1: 0, 2: -5, 3: 5}, {2: 5, 3: 10}))      # the big blind won: paid
    assert not only_posts(view({1: 0, 2: 0}, {}))                         # no post
    assert not only_posts(view({1: 0, 2: 0, 3: 0}, {3: 10}))              # a walk: the big blind paid back
    xml = FPDB / "cash" / "iPoker" / "Flop" / "PLO-USD-5-10-201631.partial.format.xml"
    if xml.is_file():
        assert session_findings(xml) == []


def test_stacks_are_compared_in_one_scale_across_hands() -> None:
    """A hand's amounts are integers in its own scale: iPoker's tournament hands write
    "1,500" (scale 0) until a hand has a "2,852.50" in it (scale 2), where the same 1,500 is
    150000. P ends hand 1 with 1,500 - 20 = 1,480 (Q wins the 20) and starts hand 2 with
    148000 at scale 2: the same chips, no finding (before: "146520.00 appeared"); 148100 is
    1.00 more. (Q's 100 + 20 = 120 starts hand 2 with 100: a finding for Q too.)"""
    from hhaudit.profiles import get_profile
    from hhaudit.sessions.judge import HandView, SeatView, SessionJudge

    def view(i: int, scale: int, stack: int, net: int) -> HandView:
        h = HandView(index=i, hand_id=str(i), source="x", line=i, kind="tournament", live=False, audited=True,
                     started_at=None, button=None, max_seats=6, sb=10, bb=20, scale=scale)
        h.seats = {1: SeatView(1, "P", stack, net, True), 2: SeatView(2, "Q", 100 * 10**scale, -net, True)}
        return h

    judge = SessionJudge(get_profile("online"), {"SE05"})
    def p_found(hands: list[HandView]) -> list[tuple[str, str]]:
        return [(f.expected, f.actual) for f in judge.judge(hands).findings if f.player == "P"]

    assert p_found([view(0, 0, 1500, -20), view(1, 2, 148000, 0)]) == []
    assert p_found([view(0, 0, 1500, -20), view(1, 2, 148100, 0)]) == [
        ("P starts with 1480.00 (the last hand's end stack)", "starts with 1481.00")]
    # and the other way: from scale 2 to scale 0
    assert p_found([view(0, 2, 150000, -2000), view(1, 0, 1480, 0)]) == []
    xml = FPDB / "tour" / "iPoker" / "Flop" / "NLHE-USD-MTT-5r-201112.Sample.xml"
    if xml.is_file():
        got = {h for h, *_ in session_findings(xml)}
        assert not got & {"3869355908", "3869356000", "3869611855"}  # the hands where the scale changes


def _added(path: Path) -> dict[tuple[str, str], int]:
    s = hhaudit.audit([str(path)], select=["ALL"]).seats
    return {(str(h), str(p)): int(a) for h, p, a in zip(s["hand_id"], s["player"], s["added"]) if a}


def test_full_tilt_and_cake_add_and_rebuy_lines_are_chips_added() -> None:
    """Full Tilt writes "Player1 adds $1.20" (a sitting-out player with $0 adding chips
    during the hand), Cake "Player4 rebuys 3000 chips" after the showdown: both in the
    player's next stack (seats.added). Full Tilt's "juarnes adds 2,660" names a player not
    seated in the hand (the anonymiser's leftover): nothing changes."""
    ftp = FPDB / "cash" / "FTP" / "Flop" / "NLHE-6max-CAP-USD-0.01-0.02-201305.new.format.txt"
    cake = FPDB / "tour" / "Cake" / "Flop" / "NLHE-10max-15-USD-201204.new.format.txt"
    tour = FPDB / "tour" / "FTP" / "Flop" / "NLHE-9max-MTT-USD-200910.cashout.txt"
    if not (ftp.is_file() and cake.is_file() and tour.is_file()):
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    assert [(p, a) for (_, p), a in _added(ftp).items()] == [("Player1", 120)]
    assert [(p, a) for (_, p), a in _added(cake).items()] == [("Player4", 3000)]
    assert _added(tour) == {}
    # a Full Tilt mixed-games table: five stack changes between hands reviewed as top-ups
    # "the site did not write" are its own "adds" lines, read now
    mix = FPDB / "cash" / "FTP" / "Mix" / "10Game-6max-USD-2.50-5.201104.Sample.txt"
    if mix.is_file():
        got = {h for h, rule, *_ in session_findings(mix) if rule == "SE05"}
        assert not got & {"29704735320", "29704743613", "29704847443", "29705257982", "29705302683"}


def test_pkr_rebuy_lines_are_chips_added_once_to_the_next_stack() -> None:
    """PKR writes "Player9 rebuys $0.70" between hands (after the last hand's "End of Hand")
    and, the player not dealt in yet (0 chips, away), again during the next hand: one rebuy,
    in the stack of the hand after (Player9 starts 2103764576 with 0 and 2103765764 with 0.70).
    Player0's 0.53 the same (2103783663: 3.67 - 0.20 = 3.47, + 0.53 = 4.00 at 2103785419).
    Player0's 0.88, written after hand 2103792851 and not again, is that hand's (3.12 at its
    end, + 0.88 = 4.00, the start of 2103794522): the reviewed finding there goes. Left:
    Player8's top-ups with no line."""
    path = FPDB / "cash" / "PKR" / "Flop" / "NLHE-10max-USD-0.02-0.04-201206.txt"
    if not path.is_file():
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if " rebuys $" in ln]
    assert len(lines) == 11  # 5 rebuys: 4 written twice, Player0's 0.88 once
    assert _added(path) == {("2103764576", "Player9"): 70, ("2103783663", "Player9"): 70,
                            ("2103783663", "Player0"): 53, ("2103792851", "Player0"): 88,
                            ("2103794522", "Player9"): 70, ("2103806172", "Player9"): 70}
    got = sorted((h, p) for h, rule, p, _ in session_findings(path) if rule == "SE05")
    assert got == [("2103775624", "Player8"), ("2103778063", "Player8"), ("2103795998", "Player8")]


def test_pkr_rebuy_after_a_hand_is_in_the_next_stack(tmp_path: Path) -> None:
    """Made-up PKR table in the corpus files' layout (NLHE-10max-USD-0.02-0.04-201206.txt).
    Hand 1: A posts 0.02 and folds, B wins: A ends with 0.98, B with 1.02. "A rebuys $1.02"
    after it, not written again: 0.98 + 1.02 = 2.00, A's start in hand 2, no finding (2.01:
    0.01 appeared). "B rebuys $0.50" after hand 1 and again during hand 2 (B out of it,
    folded): hand 2's, in hand 3's stack (B ends hand 2 with 1.02 - 0.02 = 1.00, + 0.50)."""
    def hand(n: int, a: str, b: str, during: str = "") -> str:
        sb, bb = ("A", "B") if n % 2 else ("B", "A")
        return (f"Table #1 - Test\nStarting Hand #{n}\nStart time of hand: 11 Jun 2012 22:2{n}:00\n"
                f"Last Hand #{n - 1}\nGame Type: HOLD'EM\nLimit Type: NO LIMIT\nTable Type: RING\n"
                "Money Type: REAL MONEY\nBlinds are now $0.02 / $0.04\n"
                f"Button is at seat {1 if n % 2 else 2}\nSeat 1: A - {a}\nSeat 2: B - {b}\n"
                f"Moving Button to seat {1 if n % 2 else 2}\n{sb} posts small blind ($0.02)\n"
                f"{bb} posts big blind ($0.04)\nDealing Cards\n{sb} folds\n{during}"
                f"Returning $0.02 to {bb} uncalled\n{bb} wins $0.04\nEnd of Hand #{n}\n\n")

    def findings(a2: str) -> list[tuple[str, str | None]]:
        f = tmp_path / "pkr.txt"
        f.write_text(hand(1, "$1.00", "$1.00") + "A rebuys $1.02\n\nB rebuys $0.50\n\n"
                     + hand(2, a2, "$1.02", during="B rebuys $0.50\n")
                     + hand(3, "$2.02" if a2 == "$2.00" else "$2.03", "$1.50"), encoding="utf-8")
        assert _added(f) == {("1", "A"): 102, ("2", "B"): 50}
        return [(h, p) for h, rule, p, _ in session_findings(f) if rule == "SE05"]

    assert findings("$2.00") == []
    assert findings("$2.01") == [("2", "A")]


def test_show_session_names_chips_taken_off_after_a_hand(tmp_path: Path) -> None:
    """`show OUT --session ID` on the GGPoker table above: hand 1 "then 60.00 brought" (the
    EV Cashout paid to cccc3333), hand 3 "then 10.00 taken off" (the Cashout Risk paid), and
    the next hands start where those leave (no change noted)."""
    import subprocess

    from commands import in_process

    path = tmp_path / "gg.txt"
    path.write_text(GG_CASHOUTS, encoding="utf-8")
    out = tmp_path / "out"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return in_process(*args)  # the command in this process (tests/commands.py)

    assert run("audit", str(path), "-o", str(out), "-qq", "--extend-select", "SE05").returncode == 0
    sid = str(hhaudit.read(out).hands["session_id"].iloc[0])
    r = run("show", str(out), "--session", sid)
    assert r.returncode == 0, r.stderr
    assert "   seat 3 cccc3333: start 100.00  end 0.00  then 60.00 brought" in r.stdout
    assert "   seat 3 cccc3333: start 59.50  end 119.50  then 10.00 taken off" in r.stdout
    assert "since the last hand" not in r.stdout


def _stars_cashout(p0_next: str) -> str:
    """Two made-up PokerStars hands of one table, in the layout of the corpus's All-in Cash
    Out hands (cash/Stars/Flop/6-Card-PLO-6max-USD-0.05-0.10-202111.cash.out.txt): hand 1
    Player0 all in for $10 cashes out for $6.63 (fee $0.07) and loses to Hero, who is paid
    the pot; hand 2 starts Player0 with `p0_next`."""
    return f"""\
PokerStars Hand #300000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2021/11/23 22:30:22 ET
Table 'Cashout I' 6-max Seat #1 is the button
Seat 1: Player0 ($10 in chips)
Seat 2: Player1 ($10 in chips)
Seat 3: Hero ($20 in chips)
Player1: posts small blind $0.05
Hero: posts big blind $0.10
*** HOLE CARDS ***
Player0: raises $9.90 to $10 and is all-in
Player1: folds
Hero: calls $9.90
*** FLOP *** [2s 9h 7d]
*** TURN *** [2s 9h 7d] [8s]
*** RIVER *** [2s 9h 7d 8s] [Th]
*** SHOW DOWN ***
Hero: shows [Jc Jd] (a straight, Seven to Jack)
Player0: shows [Ac Ad] (a pair of Aces)
Player0 cashed out the hand for $6.63 | Cash Out Fee $0.07
Hero collected $19.05 from pot
*** SUMMARY ***
Total pot $20.05 | Rake $1
Board [2s 9h 7d 8s Th]
Seat 1: Player0 (button) showed [Ac Ad] and lost with a pair of Aces (cashed out)
Seat 2: Player1 (small blind) folded before Flop
Seat 3: Hero (big blind) showed [Jc Jd] and won ($19.05) with a straight, Seven to Jack



PokerStars Hand #300000000002:  Hold'em No Limit ($0.05/$0.10 USD) - 2021/11/23 22:31:40 ET
Table 'Cashout I' 6-max Seat #2 is the button
Seat 1: Player0 ({p0_next} in chips)
Seat 2: Player1 ($9.95 in chips)
Seat 3: Hero ($29.05 in chips)
Hero: posts small blind $0.05
Player0: posts big blind $0.10
*** HOLE CARDS ***
Player1: folds
Hero: folds
Uncalled bet ($0.05) returned to Player0
Player0 collected $0.10 from pot
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Player0 (big blind) collected ($0.10)
Seat 2: Player1 (button) folded before Flop (didn't bet)
Seat 3: Hero (small blind) folded before Flop
"""


def test_pokerstars_cash_out_is_paid_into_the_next_stack(tmp_path: Path) -> None:
    """PokerStars' All-in Cash Out pays the player the amount outside the pot: Player0 ends
    hand 1 with 10.00 - 10.00 = 0 and starts hand 2 with 0 + 6.63 = 6.63 (the fee, 0.07, was
    taken from the equity before). seats.added 663, no SE05; 6.64 is 0.01 too many.
    (Hero: 20 - 10 + 19.05 = 29.05; Player1: 10 - 0.05 = 9.95.) The pot audit is unchanged:
    20.05 = 19.05 paid + 1.00 rake, no finding in hand 1."""
    path = tmp_path / "stars.txt"
    path.write_text(_stars_cashout("$6.63"), encoding="utf-8")
    assert _added(path) == {("300000000001", "Player0"): 663}
    t = hhaudit.audit([str(path)], select=["ALL"])
    assert t.findings.empty, t.findings[["hand_id", "rule", "expected", "actual"]].to_string()
    path.write_text(_stars_cashout("$6.64"), encoding="utf-8")
    assert [(h, r, p) for h, r, p, _ in session_findings(path)] == [("300000000002", "SE05", "Player0")]


def test_tournament_rebuys_and_add_ons_explain_a_stack_change() -> None:
    from hhaudit.sessions.judge import tournament_chips

    # (seat, expected start = last end + chips the log wrote, start, last end)
    # seat 2 busted (ended with 0) and starts with 1,500: a rebuy
    assert tournament_chips([(2, 0, 1500, 0)]) == {2}
    # the add-on break: seats 1, 3 and 4 each gain 2,000, nobody loses chips
    assert tournament_chips([(1, 3100, 5100, 3100), (3, 800, 2800, 800), (4, 4000, 6000, 4000)]) == {1, 3, 4}
    # a bust rebuy of 1,500 shows the rebuy size: seat 5's 1,500 gain beside it is one too;
    # seat 6's 700 is not a size the tournament showed
    assert tournament_chips([(2, 0, 1500, 0), (5, 400, 1900, 400), (6, 900, 1600, 900)]) == {2, 5}
    # one player's unexplained gain, or any stack that fell (hands missing): findings
    assert tournament_chips([(1, 3100, 3800, 3100)]) == set()
    assert tournament_chips([(1, 3100, 5100, 3100), (3, 800, 2800, 800), (4, 4000, 3000, 4000)]) == set()
    # nine players each 240 up, every stack back at the last hand's start (its 240 antes not
    # taken off: last end marked -1): the log left the hand unapplied, not an add-on
    assert tournament_chips([(s, 3000, 3240, -1) for s in range(1, 10)]) == set()
