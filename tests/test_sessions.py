"""Table sessions (hhaudit/sessions): the rules between consecutive hands, with made-up live
sessions written to the rulebooks' numbers, and the sessions table and hands' columns.

Each session is a list of hands in which every player folds to the big blind (a walk), so
the stacks can be carried by hand: a poster loses the post, the big blind collects the pot
(its own blind back plus the others' posts). Numbers are worked out in the comments."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import hhaudit


@dataclass
class H:
    """One hand of a made-up live session: who sits where with what, the button, the posts
    written (seat -> (live, dead); None = the usual blinds), and who sits out."""

    button: int
    seats: dict[int, tuple[str, int]]
    bb_seat: int
    posts: dict[int, tuple[int, int]] = field(default_factory=dict)
    out: set[int] = field(default_factory=set)
    number: int | None = None


def walk(number: int, h: H, sb: int, bb: int) -> tuple[str, dict[str, int]]:
    """The text of a hand in which everyone folds to the big blind, and the end stacks."""
    lines = [f"hand {number if h.number is None else h.number}", f"button {h.button}"]
    for seat in sorted(h.seats):
        name, stack = h.seats[seat]
        lines.append(f"seat {seat} {name} {stack}" + (" out" if seat in h.out else ""))
    ends = {name: stack for name, stack in h.seats.values()}
    pot = 0
    for seat, (live, dead) in sorted(h.posts.items()):
        name = h.seats[seat][0]
        if seat == h.bb_seat:
            lines.append(f"{name} bb {live}")
        elif (live, dead) == (sb, 0) and seat != h.bb_seat and dead == 0 and live < bb:
            lines.append(f"{name} sb {live}")
        elif dead and not live:
            lines.append(f"{name} dead {dead}")
        else:
            lines.append(f"{name} post {live}" + (f" dead {dead}" if dead else ""))
        ends[name] -= live + dead
        pot += live + dead
    dealt = sorted(s for s in h.seats if s not in h.out)
    order = sorted(dealt, key=lambda s: (s - h.bb_seat) % 100)  # clockwise after the big blind
    for seat in order[1:]:
        lines.append(f"{h.seats[seat][0]} fold")
    bb_name = h.seats[h.bb_seat][0]
    lines.append(f"pay {bb_name} {pot}")
    ends[bb_name] += pot
    return "\n".join(lines) + "\n", ends


def session(tmp: Path, hands: list[H], *, sb: int = 100, bb: int = 200, name: str = "s.live",
            carry: bool = True) -> Path:
    """Write the hands as one live log; with `carry`, each hand's stacks are the previous
    hand's end stacks (the seats' amounts given for later hands are ignored)."""
    text = [f"game NL {sb}/{bb} table T1\n"]
    ends: dict[str, int] = {}
    for k, h in enumerate(hands, 1):
        if carry and ends:
            h.seats = {s: (n, ends.get(n, st)) for s, (n, st) in h.seats.items()}
        body, ends = walk(k, h, sb, bb)
        text.append(body)
    path = tmp / name
    path.write_text("\n".join(text), encoding="utf-8")
    return path


def session_findings(*paths: Path, **kw: object) -> list[tuple[str, str, str, str]]:
    kw.setdefault("select", ["ALL"])  # the session rules leave the default set online
    res = hhaudit.audit([str(p) for p in paths], **kw)  # type: ignore[arg-type]
    f = res.findings
    f = f[f["category"] == "session"]
    return [(r.hand_id, r.rule, r.expected, r.actual) for r in f.itertuples()]


SIX = {1: ("Alice", 5000), 2: ("Bob", 5000), 3: ("Carol", 5000), 4: ("Dave", 5000),
       5: ("Erin", 5000), 6: ("Frank", 5000)}


def blinds(sb_seat: int | None, bb_seat: int, sb: int = 100, bb: int = 200) -> dict[int, tuple[int, int]]:
    out = {bb_seat: (bb, 0)}
    if sb_seat is not None:
        out[sb_seat] = (sb, 0)
    return out


# ------------------------------------------------------------------ the button (TDA 32)


def without(seats: dict[int, tuple[str, int]], *gone: int) -> dict[int, tuple[str, int]]:
    return {s: v for s, v in seats.items() if s not in gone}


def test_dead_button_when_the_big_blind_busts(tmp_path: Path) -> None:
    # TDA-2024 32 read as Robert's Blinds 1(b) and pkcore's worked example: button 1, SB 2,
    # BB 3; seat 3 busts. Next hand the button moves to seat 2 (where the small blind was),
    # the small blind (seat 3, now empty) is dead, seat 4 posts the big blind 200 alone.
    h1 = H(1, dict(SIX), 3, blinds(2, 3))
    h2 = H(2, without(SIX, 3), 4, blinds(None, 4))
    p = session(tmp_path, [h1, h2], carry=False)
    assert session_findings(p, select=["SE01"]) == []
    # the button put on the empty big blind's seat, or on the next player, is a finding
    for wrong in (3, 4):
        h2 = H(wrong, without(SIX, 3), 4 if wrong == 3 else 5, blinds(None, 4 if wrong == 3 else 5))
        p = session(tmp_path, [h1, h2], carry=False, name=f"w{wrong}.live")
        got = session_findings(p, select=["SE01"])
        assert [(g[0], g[1], g[2]) for g in got] == [("2", "SE01", "the button on seat 2 (where the small blind was)")]
        assert got[0][3] == f"the button moves to seat {wrong}"


def test_a_button_finding_says_where_the_rule_puts_the_button(tmp_path: Path) -> None:
    # test_dead_button_when_the_big_blind_busts' wrong buttons: the message names the seat
    # the button went to and the seat the rule gives. Before, it was the rule's summary:
    # "The button did not move as the button rule says."
    h1 = H(1, dict(SIX), 3, blinds(2, 3))
    h2 = H(4, without(SIX, 3), 5, blinds(None, 5))
    res = hhaudit.audit([str(session(tmp_path, [h1, h2], carry=False))], select=["SE01"])
    assert list(res.findings["message"]) == [
        "the button moves to seat 4 after hand 1; the dead button goes where the small blind was: seat 2"]
    # heads-up, the last big blind gets the button
    two = {2: ("Bob", 5000), 5: ("Erin", 5000)}
    h1 = H(2, dict(two), 5, blinds(2, 5))
    h2 = H(2, dict(two), 5, blinds(2, 5))
    res = hhaudit.audit([str(session(tmp_path, [h1, h2], carry=False, name="hu.live"))], select=["SE01"])
    assert list(res.findings["message"]) == [
        "the button stays on seat 2 after hand 1; heads-up, the last big blind (Erin) gets it: seat 5"]


def test_dead_button_when_the_small_blind_busts_lands_on_an_empty_seat(tmp_path: Path) -> None:
    # Button 1, SB 2, BB 3; seat 2 busts. Dead button: the button moves to seat 2 (empty),
    # seat 3 posts the small blind and seat 4 the big blind: the button is dead.
    h1 = H(1, dict(SIX), 3, blinds(2, 3))
    h2 = H(2, without(SIX, 2), 4, blinds(3, 4))
    assert session_findings(session(tmp_path, [h1, h2], carry=False), select=["SE01"]) == []
    # a moving button (Robert's 1(a)) goes to the next player instead: seat 3
    h2m = H(3, without(SIX, 2), 5, blinds(4, 5))
    p = session(tmp_path, [h1, h2m], carry=False, name="m.live")
    assert session_findings(p, select=["SE01"], button_rule="moving") == []
    got = session_findings(p, select=["SE01"])
    assert [g[1:3] for g in got] == [("SE01", "the button on seat 2 (where the small blind was)")]


def test_button_that_goes_back_or_stays(tmp_path: Path) -> None:
    h1 = H(4, dict(SIX), 6, blinds(5, 6))
    h2 = H(5, dict(SIX), 1, blinds(6, 1))
    assert session_findings(session(tmp_path, [h1, h2], carry=False), select=["SE01"]) == []
    for wrong, moved in ((4, "stays on"), (3, "moves to")):
        h2 = H(wrong, dict(SIX), wrong % 6 + 2, blinds(wrong % 6 + 1, wrong % 6 + 2))
        got = session_findings(session(tmp_path, [h1, h2], carry=False, name=f"b{wrong}.live"),
                               select=["SE01"])
        assert [g[3] for g in got] == [f"the button {moved} seat {wrong}"]


def test_online_button_where_the_small_blind_was_and_the_last_seat_leaving(tmp_path: Path) -> None:
    # The online rule (`forward`): a seat after the last button, no further than the last big
    # blind, or where the small blind was. Button 6, SB 1, BB 2 at six seats; Frank (seat 6,
    # the last seat) leaves. Next hand the button is on seat 1 (where the small blind was),
    # SB 2, BB 3: seat 1 comes after seat 6 round a table of six seats, although the hand
    # lists no seat above 5.
    h1 = H(6, dict(SIX), 2, blinds(1, 2))
    h2 = H(1, without(SIX, 6), 3, blinds(2, 3))
    p = session(tmp_path, [h1, h2], carry=False)
    assert session_findings(p, select=["SE01"], profile="online") == []
    # the button going back to seat 5 is still a finding
    h2 = H(5, without(SIX, 6), 2, blinds(1, 2))
    got = session_findings(session(tmp_path, [h1, h2], carry=False, name="back.live"), select=["SE01"],
                           profile="online")
    assert [g[1:] for g in got] == [("SE01", "the button on a seat from 1 to 2", "the button moves to seat 5")]


def test_online_button_stays_after_heads_up_or_a_dead_small_blind(tmp_path: Path) -> None:
    # Heads-up Alice (seat 1) has the button and posts the small blind, Bob (seat 2) the big
    # blind; Carol sits down in seat 3 and posts the big blind. The button moves to where the
    # small blind was: seat 1 again; Bob posts the small blind.
    two = {1: ("Alice", 5000), 2: ("Bob", 5000)}
    three = {**two, 3: ("Carol", 5000)}
    h1 = H(1, dict(two), 2, blinds(1, 2))
    h2 = H(1, dict(three), 3, blinds(2, 3))
    assert session_findings(session(tmp_path, [h1, h2], carry=False), select=["SE01"], profile="online") == []
    # Button 1, no small blind (the seat before the big blind emptied), BB 3: sites keep the
    # button on seat 1 rather than on the empty seat 2; seat 3 posts the small blind.
    h1 = H(1, without(SIX, 2), 3, blinds(None, 3))
    h2 = H(1, without(SIX, 2), 4, blinds(3, 4))
    p = session(tmp_path, [h1, h2], carry=False, name="dead.live")
    assert session_findings(p, select=["SE01"], profile="online") == []
    # with every seat still dealt in and both blinds posted, the button staying is a finding
    h1 = H(1, dict(SIX), 3, blinds(2, 3))
    h2 = H(1, dict(SIX), 4, blinds(3, 4))
    got = session_findings(session(tmp_path, [h1, h2], carry=False, name="stay.live"), select=["SE01"],
                           profile="online")
    assert [g[3] for g in got] == ["the button stays on seat 1"]


def test_seats_that_are_positions_are_not_followed(tmp_path: Path) -> None:
    # Bob (seat 2) and Carol (seat 3) swap seats between hands while the button stays on seat
    # 1: no table changes seats so (a seat change needs an empty seat), the log's seats are
    # positions round a fixed button (OnGame's Strobe tables): no button or new-player
    # finding, the stacks still carried.
    three = {1: ("Alice", 5000), 2: ("Bob", 5000), 3: ("Carol", 5000)}
    h1 = H(1, dict(three), 3, blinds(2, 3))
    h2 = H(1, {1: ("Alice", 5000), 2: ("Carol", 5100), 3: ("Bob", 4900)}, 3, blinds(2, 3))
    # hand 1: Bob posts 100 and folds (4900), Carol's big blind collects 300 (5100)
    p = session(tmp_path, [h1, h2], carry=False)
    assert session_findings(p, profile="online") == []


def test_a_player_back_in_the_seat_they_left(tmp_path: Path) -> None:
    # Dave (seat 4) is not listed in hand 2 (busted and rebuying, or a site that does not
    # list a player sitting out); the big blind goes from seat 3 to seat 5 and passes his
    # seat. Back in seat 4 in hand 3 he owes a big blind (200) like a new player.
    h1 = H(1, dict(SIX), 3, blinds(2, 3))
    h2 = H(2, without(SIX, 4), 5, blinds(3, 5))
    h3 = H(3, dict(SIX), 6, blinds(5, 6))
    got = session_findings(session(tmp_path, [h1, h2, h3]), select=["SE02", "SE03", "SE04"])
    assert got == [("3", "SE04", "Dave posts 200 live or waits for the big blind", "dealt in without a post")]
    # Frank (seat 6) is away for hand 2 while the big blind moves from seat 3 to seat 4 (it
    # does not pass seat 6): back in seat 6 in hand 3, not in the blinds, he owes nothing
    h1 = H(1, dict(SIX), 3, blinds(2, 3))
    h2 = H(2, without(SIX, 6), 4, blinds(3, 4))
    h3 = H(3, dict(SIX), 5, blinds(4, 5))
    assert session_findings(session(tmp_path, [h1, h2, h3], name="back.live"),
                            select=["SE02", "SE03", "SE04"]) == []


def test_heads_up_the_last_big_blind_gets_the_button(tmp_path: Path) -> None:
    # TDA-2024 34-B: heads-up the button posts the small blind; nobody posts the big blind
    # twice in a row, so the button alternates.
    two = {2: ("Bob", 5000), 5: ("Erin", 5000)}
    h1 = H(2, dict(two), 5, blinds(2, 5))
    h2 = H(5, dict(two), 2, blinds(5, 2))
    assert session_findings(session(tmp_path, [h1, h2]), select=["SE01"]) == []
    h2 = H(2, dict(two), 5, blinds(2, 5))
    got = session_findings(session(tmp_path, [h1, h2], name="hu.live"), select=["SE01"])
    assert [g[2:] for g in got] == [("the button on seat 5 (Erin, the last big blind)",
                                     "the button stays on seat 2")]


# ------------------------------------------------------------------ blinds owed (Robert's)


def missed_blind_session(post: dict[int, tuple[int, int]], tmp: Path, name: str) -> Path:
    """2/5: Frank (seat 6) sits out while the big blind passes him (hand 2: seat 5 to seat 1)
    and then the small blind (hand 3: seat 5 to seat 1); in hand 4 he is dealt in with
    `post` (seat 6 -> live, dead). Dead button: buttons 3, 4, 5, 1."""
    hs = [H(3, dict(SIX), 5, blinds(4, 5, 2, 5)),
          H(4, dict(SIX), 1, blinds(5, 1, 2, 5), out={6}),
          H(5, dict(SIX), 2, blinds(1, 2, 2, 5), out={6}),
          H(1, dict(SIX), 3, {**blinds(2, 3, 2, 5), **post})]
    return session(tmp, hs, sb=2, bb=5, name=name)


def test_missed_blinds_posted_five_live_two_dead(tmp_path: Path) -> None:
    # Robert's Button & Blind: a returning player posts 5 (live) + 2 (dead) at 2/5.
    p = missed_blind_session({6: (5, 2)}, tmp_path, "ok.live")
    assert session_findings(p) == []


def test_missed_blinds_not_posted_or_posted_wrong(tmp_path: Path) -> None:
    p = missed_blind_session({}, tmp_path, "none.live")
    assert session_findings(p) == [("4", "SE02", "Frank posts 5 live and 2 dead or waits for the big blind",
                                    "dealt in without a post")]
    p = missed_blind_session({6: (7, 0)}, tmp_path, "live7.live")
    assert session_findings(p) == [("4", "SE03", "5 live and 2 dead", "7 live and 0 dead")]
    p = missed_blind_session({6: (5, 0)}, tmp_path, "live5.live")
    assert session_findings(p) == [("4", "SE03", "5 live and 2 dead", "5 live and 0 dead")]
    # the parts the wrong way round (`post 2 dead 5`): 7 posted, 2 of them live: posted
    # wrong (SE03), not unposted (SE02)
    p = missed_blind_session({6: (2, 5)}, tmp_path, "backwards.live")
    assert session_findings(p) == [("4", "SE03", "5 live and 2 dead", "2 live and 5 dead")]
    # 2 live alone is short of the big blind: not posted
    p = missed_blind_session({6: (2, 0)}, tmp_path, "two.live")
    assert session_findings(p) == [("4", "SE02", "Frank posts 5 live and 2 dead or waits for the big blind",
                                    "dealt in with 2 posted")]


def test_missed_blind_waiting_for_the_big_blind(tmp_path: Path) -> None:
    # Frank misses the big blind in hand 2 and waits: hands 3-6 out, hand 7 he is the big
    # blind (buttons 3, 4, 5, 1, 2, 3, 4; big blinds 5, 1, 2, 3, 4, 5, 6).
    hs = [H(3, dict(SIX), 5, blinds(4, 5, 2, 5)), H(4, dict(SIX), 1, blinds(5, 1, 2, 5), out={6})]
    for button, bbs in ((5, 2), (1, 3), (2, 4), (3, 5)):
        hs.append(H(button, dict(SIX), bbs, blinds(bbs - 1, bbs, 2, 5), out={6}))  # dead button: SB = last BB
    hs.append(H(4, dict(SIX), 6, blinds(5, 6, 2, 5)))
    assert session_findings(session(tmp_path, hs, sb=2, bb=5)) == []
    # a room where missed blinds must be waited for (option missed_blinds=wait)
    p = missed_blind_session({6: (5, 2)}, tmp_path, "post.live")
    got = session_findings(p, missed_blinds="wait")
    assert [g[1:] for g in got] == [("SE02", "Frank waits for the big blind", "dealt in on seat 6, not the big blind")]


def test_a_new_player_posts_or_waits(tmp_path: Path) -> None:
    # Gina sits down in seat 7 (between the big blind and the button) for hand 2 at 100/200:
    # she posts a big blind of 200 (live) to be dealt in at once (Robert's Button & Blind 5).
    seven = {**SIX, 7: ("Gina", 3000)}
    h1 = H(1, dict(SIX), 3, blinds(2, 3))
    h2 = H(2, dict(seven), 4, {**blinds(3, 4), 7: (200, 0)})
    assert session_findings(session(tmp_path, [h1, h2])) == []
    h2 = H(2, dict(seven), 4, blinds(3, 4))
    got = session_findings(session(tmp_path, [h1, h2], name="free.live"))
    assert got == [("2", "SE04", "Gina posts 200 live or waits for the big blind", "dealt in without a post")]
    # waiting: out in hand 2, dealt in hand 3 not in the big blind without posting: a finding
    h2 = H(2, dict(seven), 4, blinds(3, 4), out={7})
    h3 = H(3, dict(seven), 5, blinds(4, 5))
    got = session_findings(session(tmp_path, [h1, h2, h3], name="late.live"))
    assert got == [("3", "SE04", "Gina posts 200 live or waits for the big blind", "dealt in without a post")]


def test_changing_seats_to_dodge_the_big_blind(tmp_path: Path) -> None:
    # TDA-2024 33: Dave (seat 4) is due the big blind next hand; he moves to the empty seat 8,
    # behind the button, and is dealt in without posting.
    h1 = H(2, {**SIX}, 4, blinds(3, 4))
    moved = {s: v for s, v in SIX.items() if s != 4} | {8: ("Dave", 5000)}
    h2 = H(3, moved, 5, blinds(None, 5))
    got = session_findings(session(tmp_path, [h1, h2]), select=["SE04"])
    assert got == [("2", "SE04", "Dave posts 200 live or waits for the big blind", "dealt in without a post")]


# ------------------------------------------------------------------ stacks carried


def test_chips_appearing_between_hands(tmp_path: Path) -> None:
    # Hand 1 (100/200, button 1): Bob posts 100 and folds (5000 -> 4900), Carol's big blind
    # wins 300 (5000 -> 5100). Hand 2 lists Bob with 5400: 500 appeared, no rebuy logged.
    h1 = H(1, dict(SIX), 3, blinds(2, 3))
    h2 = H(2, dict(SIX), 4, blinds(3, 4))
    p = session(tmp_path, [h1, h2])
    assert session_findings(p) == []
    text = p.read_text(encoding="utf-8").replace("seat 2 Bob 4900", "seat 2 Bob 5400")
    p.write_text(text, encoding="utf-8")
    res = hhaudit.audit([str(p)], select=["ALL"])
    f = res.findings[res.findings["category"] == "session"]
    assert [(r.hand_id, r.rule, r.severity, r.expected, r.actual) for r in f.itertuples()] == [
        ("2", "SE05", "error", "Bob starts with 4900 (the last hand's end stack)", "starts with 5400")]
    assert f.iloc[0]["message"] == "500 appeared in Bob's stack between hands 1 and 2"
    # the hand's n_findings counts it, and the summary too
    h = res.hands.set_index("hand_id")
    assert int(h.loc["2", "n_findings"]) == 1 and int(h.loc["2", "n_session_findings"]) == 1
    assert res.totals.categories["session"] == 1


def test_a_rebuy_line_explains_the_chips_it_brings(tmp_path: Path) -> None:
    # The session of test_chips_appearing_between_hands, with hand 2 written in the short
    # style: the table carries (Bob 4900 after hand 1) and `rebuy Bob 500` brings him to
    # 5400. The rebuy is in seats.added and explains the 500: no SE05. Without the line the
    # carried stack would be 4900 and nothing would change; written as an explicit 5400 with
    # no rebuy it is the finding of the test above.
    h1 = H(1, dict(SIX), 3, blinds(2, 3))
    p = session(tmp_path, [h1])
    hand2 = ("hand 2\nbutton 2\nrebuy Bob 500\nCarol sb 100\nDave bb 200\n"
             "Erin fold\nFrank fold\nAlice fold\nBob fold\nCarol fold\npay Dave 300\n")
    p.write_text(p.read_text(encoding="utf-8") + "\n" + hand2, encoding="utf-8")
    res = hhaudit.audit([str(p)], select=["ALL"])
    assert list(res.hands["status"]) == ["audited", "audited"]
    s = res.seats.set_index(["hand_id", "player"])
    assert int(s.loc[("2", "Bob"), "stack_start"]) == 5400 and int(s.loc[("2", "Bob"), "added"]) == 500
    assert int(s.loc[("2", "Alice"), "added"]) == 0
    assert session_findings(p) == []


def test_a_table_that_resets_every_stack_is_not_judged(tmp_path: Path) -> None:
    hs = [H(b, dict(SIX), b % 6 + 2, blinds(b % 6 + 1, b % 6 + 2)) for b in (1, 2, 3, 4)]
    assert session_findings(session(tmp_path, hs, carry=False)) == []


# ------------------------------------------------------------------ hand numbers


def test_a_missing_live_hand_number(tmp_path: Path) -> None:
    hs = [H(1, dict(SIX), 3, blinds(2, 3)), H(2, dict(SIX), 4, blinds(3, 4)),
          H(3, dict(SIX), 5, blinds(4, 5), number=4)]
    got = session_findings(session(tmp_path, hs), select=["SE06"])
    assert got == [("4", "SE06", "hand 3 after hand 2", "hand 4")]


# ------------------------------------------------------------------ the tables


def test_sessions_table_and_hands_columns(tmp_path: Path) -> None:
    hs = [H(b, dict(SIX), b % 6 + 2, blinds(b % 6 + 1, b % 6 + 2)) for b in (1, 2, 3)]
    res = hhaudit.audit([str(session(tmp_path, hs))])
    s = res.tables["sessions"]
    assert len(s) == 1
    row = s.iloc[0]
    assert (row["site"], row["table_name"], row["hands"], row["pairs"], row["pairs_judged"], row["players"],
            row["first_hand_id"], row["last_hand_id"], row["n_findings"]) == ("live", "T1", 3, 2, 2, 6, "1", "3", 0)
    h = res.hands.sort_values("line")
    assert list(h["session_id"]) == [row["session_id"]] * 3
    assert list(h["session_seq"]) == [0, 1, 2]


def test_pokerstars_rebuy_lines_are_chips_added() -> None:
    # PokerStars writes "Lochdale re-buys and receives 3000 chips for $10.00" after the play:
    # the 3000 are in the player's next stack (seats.added of the hand with the line), and
    # explain it (no SE05). The file's 12 such lines (7 Lochdale, 3 J.R.66350, 2 more) bring
    # 12 x 3000 = 36000. The add-on at the break (five players +2000 at one hand, with no
    # line, no stack fallen) is the tournament's structure too (`judge.tournament_chips`):
    # no stack finding is left.
    path = (Path(__file__).parents[1] / ".." / "shared" / "corpus" / "ChazDazzle" / "fpdb-chaz" / "pyfpdb"
            / "regression-test-files" / "tour" / "Stars" / "Flop" / "NLHE-USD-MTT-5r-200710.txt")
    if not path.is_file():
        import pytest
        pytest.skip("the shared corpus (../shared/corpus) is not present")
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if " re-buys and receives 3000 chips" in ln]
    assert len(lines) == 12
    res = hhaudit.audit([str(path)], select=["ALL"])
    assert int(res.seats["added"].sum()) == 12 * 3000
    f = res.findings
    assert f[f["rule"] == "SE05"].empty


def test_a_hand_that_pays_no_one_leaves_the_next_stacks_unjudged() -> None:
    """iPoker's partial XML writes each hand's actions and no <win>: a hand where 15 went in
    and no one ended ahead says nothing of its end stacks, so the next hand's stacks are not
    compared with them (before, every such pair was a stack-change finding)."""
    from hhaudit.sessions.judge import HandView, SeatView, unpaid

    def view(nets: list[int]) -> HandView:
        h = HandView(index=0, hand_id="1", source="x", line=1, kind="cash", live=False, audited=True,
                     started_at=None, button=1, max_seats=6, sb=5, bb=10, scale=0)
        h.seats = {k + 1: SeatView(k + 1, f"P{k}", 1000, n, True) for k, n in enumerate(nets)}
        return h

    assert unpaid(view([-5, -10, 0]))             # blinds in, nobody paid
    assert not unpaid(view([-5, 5, 0]))           # the big blind won the small blind's 5
    assert not unpaid(view([0, 0, 0]))            # nothing went in
    corpus = Path(__file__).parent.parent.parent / "shared" / "corpus"
    xml = corpus / "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/cash/iPoker/Flop/PLO-USD-5-10-201631.partial.format.xml"
    if xml.exists():
        f = hhaudit.audit([str(xml)], select=["ALL"]).tables["findings"]
        assert "SE05" not in set(f["rule"])


def test_session_findings_carry_the_amounts_they_compare(tmp_path: Path) -> None:
    # The numeric expected/actual beside the texts (the findings table's expected_amount and
    # actual_amount), in the hand's smallest unit. Before, every session finding had none.
    # SE05: test_chips_appearing_between_hands' Bob, 4900 expected, 5400 listed.
    h1 = H(1, dict(SIX), 3, blinds(2, 3))
    h2 = H(2, dict(SIX), 4, blinds(3, 4))
    p = session(tmp_path, [h1, h2])
    p.write_text(p.read_text(encoding="utf-8").replace("seat 2 Bob 4900", "seat 2 Bob 5400"), encoding="utf-8")
    f = hhaudit.audit([str(p)], select=["ALL"]).findings
    se05 = f[f["rule"] == "SE05"].iloc[0]
    assert (se05["expected_amount"], se05["actual_amount"]) == (4900, 5400)
    # SE04: Gina sits down and is dealt in without posting the big blind of 200
    seven = {**SIX, 7: ("Gina", 3000)}
    p = session(tmp_path, [H(1, dict(SIX), 3, blinds(2, 3)), H(2, dict(seven), 4, blinds(3, 4))], name="free.live")
    f = hhaudit.audit([str(p)], select=["SE04"]).findings
    assert [(r.rule, r.expected_amount, r.actual_amount) for r in f.itertuples()] == [("SE04", 200, 0)]
    # SE02, a missed small blind alone: owed 2 dead at 2/5, posted none; a big and a small
    # blind owed together are two amounts, left to the texts
    hs = [H(3, dict(SIX), 5, blinds(4, 5, 2, 5)), H(4, dict(SIX), 1, blinds(5, 1, 2, 5)),
          H(5, dict(SIX), 2, blinds(1, 2, 2, 5), out={6}), H(1, dict(SIX), 3, blinds(2, 3, 2, 5))]
    f = hhaudit.audit([str(session(tmp_path, hs, sb=2, bb=5, name="sb.live"))], select=["SE02"]).findings
    assert [(r.rule, r.expected, r.expected_amount, r.actual_amount) for r in f.itertuples()] == [
        ("SE02", "Frank posts the small blind 2 dead", 2, 0)]
    f = hhaudit.audit([str(missed_blind_session({}, tmp_path, "none.live"))], select=["SE02"]).findings
    assert f["expected_amount"].isna().all() and len(f) == 1
