"""A converter from a parsed PokerStars-format `Hand` to the live-game log format
(docs/live-format.md), for tests/test_live_convert.py.

The live hand is what a dealer would have written for the same hand: the game line
(stakes in the hand's smallest unit, so every amount is a whole number of chips), `hand N`,
`button`, the seats (names replaced by one-word aliases `P<seat>`), every post, the hole
cards the log revealed, the boards, every action with the player's street total for bets
and raises, shows and mucks, one `pay` line per collection (main / sideN / plain, as the
original named the pot), `rake`, `jackpot` and the stated total `pot`. Uncalled bets have
no line in the live format: the live audit works them out.

A hand the live format cannot express raises `Unconvertible` with the reason.
"""

from __future__ import annotations

import random
import re

from hhaudit.engine.live_rules import walk
from hhaudit.engine.replay import State
from hhaudit.model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    FeeEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    Seat,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from hhaudit.profiles import get_profile


class Unconvertible(Exception):
    """The hand uses something the live format has no line for; `reason` says what."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def alias(seat: int) -> str:
    return f"P{seat}"


def aliases(hand: Hand) -> dict[str, str]:
    """Original player name -> live alias."""
    return {s.player: alias(s.seat) for s in hand.seats}


def _unconvertible(hand: Hand) -> str | None:
    if hand.button_seat is None:
        return "no button seat"
    if any(isinstance(e, StreetEvent) and e.run for e in hand.events) or len(hand.summary.boards) > 1 \
            or any(isinstance(e, CollectEvent) and e.run for e in hand.events):
        return "run it twice"
    for e in hand.events:
        if isinstance(e, FeeEvent) and e.kind != "jackpot":
            return f"fee: {e.kind}"
    if not any(isinstance(e, PostEvent) for e in hand.events):
        return "no posts (the live reader would post the blinds itself)"
    for e in hand.events:
        if isinstance(e, DealEvent) and len(e.cards) != 2:
            return "partial hole cards"
        if isinstance(e, ShowEvent) and e.cards and len(e.cards) != 2:
            return "partial shown cards"
    return None


def _game_line(hand: Hand) -> str:
    if hand.limit is Limit.FIXED_LIMIT:
        line = f"game FL {hand.small_bet}/{hand.big_bet}"
        if (hand.sb, hand.bb) != (hand.small_bet // 2, hand.small_bet):
            line += f" blinds {hand.sb}/{hand.bb}"
    else:
        line = f"game {hand.limit.value} {hand.sb}/{hand.bb}"
    if hand.ante:
        line += f" ante {hand.ante}"
    # a site's hand: its chip is the unit (a live log that states none plays the largest unit
    # of its amounts), its button moves by the site's rule (the online profile's)
    return line + " chip 1 profile online"


def _post(e: PostEvent, w: _Writer) -> str:
    who = w.name(e.seat)
    tail = " allin" if e.all_in else ""
    if e.kind is Post.DEAD:
        if e.amount == 0:
            return f"{who} dead {w.chips(e.dead)}{tail}"
        return f"{who} post {w.chips(e.amount)}" + (f" dead {w.chips(e.dead)}" if e.dead else "") + tail
    word = {Post.SMALL_BLIND: "sb", Post.BIG_BLIND: "bb", Post.ANTE: "ante", Post.STRADDLE: "straddle"}[e.kind]
    return f"{who} {w.word(word)} {w.chips(e.amount)}{tail}"


class _Writer:
    """Plain writing (`rng` None): one spelling for everything. Varied writing: each
    word, amount and card in one of the spellings docs/live-format.md says are the same,
    picked by `rng`."""

    VERBS: dict[str, tuple[str, ...]] = {
        "fold": ("fold", "folds", "f", "FOLD"), "check": ("check", "checks", "x", "Check"),
        "call": ("call", "calls", "c", "CALLS"), "bet": ("bet", "bets", "b", "Bet"),
        "raise": ("raise", "raises", "r", "raise to", "RAISES TO"),
        "allin": ("allin", "all-in", "shove", "ALLIN"),
    }

    def __init__(self, rng: random.Random | None) -> None:
        self.rng = rng

    def pick(self, options: tuple[str, ...]) -> str:
        return options[0] if self.rng is None else self.rng.choice(options)

    def word(self, text: str) -> str:
        return text if self.rng is None else self.pick((text, text.upper(), text.capitalize()))

    def verb(self, act: str) -> str:
        return self.pick(self.VERBS[act]) if self.rng is not None else act

    def name(self, seat: int) -> str:
        return self.word(alias(seat))

    def chips(self, value: int) -> str:
        if self.rng is None or value < 1000:
            return str(value)
        forms = [f"{value:,}", str(value)]
        if value % 100 == 0:
            k = value / 1000
            forms.append(f"{k:g}k")
        return self.pick(tuple(forms))

    def cards(self, cards: tuple[str, ...]) -> str:
        if self.rng is None:
            return " ".join(cards)
        return " ".join("10" + c[1] if c[0] == "T" and self.rng.random() < 0.5 else self.pick((c, c.lower()))
                        for c in cards)

    def line(self, text: str) -> str:
        if self.rng is None:
            return text
        r = self.rng.random()
        if r < 0.1:
            return text + "   # noted"
        if r < 0.2:
            return "  " + text.replace(" ", "  ")
        return text


def standard_posts(hand: Hand) -> list[tuple[int, Post, int, bool]] | None:
    """The posts docs/live-format.md says a hand without post lines has (each player's
    ante, the small blind from the first seat left of the button, or the button heads-up,
    the big blind from the next; a short stack posts what it has, all-in), as
    (seat, kind, amount, all_in) in posting order; None when they cannot be worked out."""
    players = sorted((s for s in hand.seats if not _sitting_out(hand, s)), key=lambda s: s.seat)
    btn = hand.button_seat
    if len(players) < 2 or btn is None:
        return None
    ring = [s for s in players if s.seat > btn] + [s for s in players if s.seat <= btn]
    if len(players) == 2:
        if ring[-1].seat != btn:
            return None
        sb, bb = ring[-1], ring[0]
    else:
        sb, bb = ring[0], ring[1]
    left = {s.seat: s.stack for s in players}
    out = []

    def post(seat: int, kind: Post, value: int) -> None:
        paid = min(value, left[seat])
        if paid > 0:
            left[seat] -= paid
            out.append((seat, kind, paid, left[seat] == 0))

    if hand.ante:
        for s in ring:
            post(s.seat, Post.ANTE, hand.ante)
    post(sb.seat, Post.SMALL_BLIND, hand.sb)
    post(bb.seat, Post.BIG_BLIND, hand.bb)
    return out


def _sitting_out(hand: Hand, s: Seat) -> bool:
    """Written `out`. A seat sitting out that posts anyway (PokerStars tournaments post
    and fold for absent players) is dealt in by its post, in the live hand as in the
    original (the software's fold of an all-in absent player is no fault in either)."""
    return s.sitting_out


def end_stacks(hand: Hand) -> dict[int, int]:
    """Each seat's stack at the end of the hand, from the original: what it had after its
    last chip went in, plus the uncalled bet (returned by the log's line, or silently by
    the older layouts that have none) and what it collected. A walk's collection may hold
    the big blind's unmatched part already (the pot and the blind are the big blind's,
    hhaudit.engine.pots.is_walk): it is not added twice."""
    st = State.start(hand, get_profile("online"))
    for _ in walk(hand, st.profile, st):
        pass
    paid: dict[int, int] = {}
    for e in hand.events:
        if isinstance(e, CollectEvent):
            paid[e.seat] = paid.get(e.seat, 0) + e.amount
    top, excess = st.expected_uncalled()
    pot = sum(s.total for s in st.seats.values())
    if top is not None and not st.returned and sum(paid.values()) <= pot - excess:
        st.seats[top].stack += excess
    return {seat: s.stack + paid.get(seat, 0) for seat, s in st.seats.items()}


def _stakes(hand: Hand) -> str:
    low, high = (hand.small_bet, hand.big_bet) if hand.limit is Limit.FIXED_LIMIT else (hand.sb, hand.bb)
    return f"{low}/{high}" + (f" ante {hand.ante}" if hand.ante else "")


def to_live(hand: Hand, rng: random.Random | None = None) -> str:
    """The live-format text of one PokerStars-format hand (a session of one hand). With
    `rng`, the varied writing (see `hand_block`)."""
    return "# hhaudit live log\n" + _game_line(hand) + "\n\n" + hand_block(hand, rng)


def to_live_session(hands: list[Hand], rng: random.Random | None = None) -> tuple[str, list[Hand], list[tuple[Hand, str]]]:
    """One live session for the hands of a file, in order: a `game` line before the first
    hand (and whenever the limit changes or fixed-limit blinds are not the default), a
    `level` line when only the stakes or the ante change, nothing when the game goes on.
    Returns the text, the hands written (in order) and the hands skipped with the reason."""
    out = ["# hhaudit live log"]
    kept: list[Hand] = []
    skipped: list[tuple[Hand, str]] = []
    last: Hand | None = None
    for hand in hands:
        try:
            block = hand_block(hand, rng)
        except Unconvertible as err:
            skipped.append((hand, err.reason))
            continue
        game = _game_line(hand)
        if last is None or hand.limit is not last.limit or " blinds " in game or " blinds " in _game_line(last):
            out.append(game)
        elif _stakes(hand) != _stakes(last):
            out.append("level " + _stakes(hand))
        out.append("")
        out.append(block)
        kept.append(hand)
        last = hand
    return "\n".join(out) + "\n", kept, skipped


def hand_block(hand: Hand, rng: random.Random | None = None) -> str:
    """The `hand N` block of one hand (no session line).

    With `rng`, the varied writing: words, amounts and cards in the other spellings the
    format reads as the same, every all-in bet, raise or call written `allin`, no post
    lines when the posts are the automatic ones, and an `end` line of every stack."""
    why = _unconvertible(hand)
    if why is not None:
        raise Unconvertible(why)
    w = _Writer(rng)
    # the street total of every bet and raise, from a replay of the original
    totals: dict[int, int] = {}
    for seq, ev, st in walk(hand, get_profile("online")):
        if isinstance(ev, ActionEvent) and ev.act in (Act.BET, Act.RAISE):
            totals[seq] = st.resolve_action(ev).to
    posts = [(e.seat, e.kind, e.amount, e.all_in) for e in hand.events if isinstance(e, PostEvent)
             and not e.dead]
    auto = rng is not None and len(posts) == sum(isinstance(e, PostEvent) for e in hand.events) \
        and sorted(posts) == sorted(standard_posts(hand) or [])
    out = [f"{w.word('hand')} {hand.hand_id}"]
    button = f"{w.word('button')} {hand.button_seat}"
    if rng is None or rng.random() < 0.5:
        out.append(button)
    for s in hand.seats:
        sep = w.pick((" ", ": ")) if rng is not None else " "
        out.append(w.line(f"{w.word('seat')} {s.seat}{sep}{w.name(s.seat)} {w.chips(s.stack)}"
                          + (" out" if _sitting_out(hand, s) else "")))
    if button not in out:
        out.append(button)
    # cards only the summary reveals (`showed [..]`, `mucked [..]`): shown or mucked with
    # the cards where the live log writes its showdown, before the first payment
    told = {e.seat for e in hand.events if isinstance(e, ShowEvent)}
    summary_only = [(seat, k) for seat, k in sorted(hand.revealed.items()) if seat not in told]
    for seq, e in enumerate(hand.events):
        if isinstance(e, CollectEvent) and summary_only:
            for seat, k in summary_only:
                verb = "shows" if k.tabled else "mucks"
                out.append(w.line(f"{w.name(seat)} {w.word(verb)} {w.cards(k.cards)}"))
            summary_only = []
        if isinstance(e, PostEvent):
            if not auto:
                out.append(w.line(_post(e, w)))
        elif isinstance(e, DealEvent):
            out.append(w.line(f"{w.name(e.seat)} {w.word('cards')} {w.cards(e.cards)}"))
        elif isinstance(e, ActionEvent):
            who = w.name(e.seat)
            if rng is not None and e.all_in and e.act in (Act.BET, Act.RAISE, Act.CALL):
                out.append(w.line(f"{who} {w.verb('allin')}"))
            elif e.act in (Act.BET, Act.RAISE):
                out.append(w.line(f"{who} {w.verb(e.act.value)} {w.chips(totals[seq])}"))
            else:
                out.append(w.line(f"{who} {w.verb(e.act.value)}"))
        elif isinstance(e, StreetEvent):
            if e.street is Street.SHOWDOWN:
                continue
            out.append(w.line(f"{w.word(e.street.value)} {w.cards(e.cards)}"))
        elif isinstance(e, UncalledEvent):
            continue  # the live format has no line for it: the audit works it out
        elif isinstance(e, ShowEvent):
            who = w.name(e.seat)
            if e.muck:
                known = hand.revealed.get(e.seat)
                cards = e.cards or (known.cards if known is not None and not known.tabled else ())
                out.append(w.line(f"{who} {w.word('mucks')}" + (f" {w.cards(cards)}" if cards else "")))
            else:
                out.append(w.line(f"{who} {w.word('shows')} {w.cards(e.cards)}"))
        elif isinstance(e, CollectEvent):
            pot = "" if e.pot is None else "main " if e.pot == 0 else \
                w.pick((f"side{e.pot} ", f"side {e.pot} ", f"side-{e.pot} ")) if rng is not None else f"side{e.pot} "
            out.append(w.line(f"{w.word('pay')} {pot}{w.name(e.seat)} {w.chips(e.amount)}"))
        elif isinstance(e, FeeEvent):
            out.append(f"jackpot {e.amount}")
    s = hand.summary
    if s.rake is not None:
        out.append(f"{w.word('rake')} {w.chips(s.rake)}")
    if s.jackpot:
        out.append(f"jackpot {s.jackpot}")
    if s.total_pot is not None:
        out.append(f"pot {w.chips(s.total_pot)}")
    if rng is not None:
        out.append("end " + " ".join(f"{w.name(seat)} {w.chips(v)}" for seat, v in end_stacks(hand).items()))
    return "\n".join(out) + "\n"


_SEAT_LINE = re.compile(r"seat (\d+) (\S+) (\d+)( out)?$")


def shorten(text: str, hands: list[Hand]) -> str:
    """The same session in the short style (docs/live-format.md, "Writing less"): after the
    first hand, each hand writes only what changed from the table the previous hand left,
    worked out here from the previous hand as read (`hands`, one per `hand` block, in
    order) with this module's own replay (`end_stacks`): `leave`, `join seat`, `rebuy` for a
    stack that grew, `seat` for any other stack that is not the carried one, and `button`
    only where it is not the next occupied seat. A hand whose button must be written and
    whose stacks differ is left in full (a `button` and `seat` lines alone are a full list)."""
    pieces: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.startswith(("hand ", "game ", "level ")):
            pieces.append([])
        pieces[-1].append(line)
    out: list[str] = []
    blocks = iter(hands)
    prev: Hand | None = None
    for piece in pieces:
        if not piece or not piece[0].startswith("hand "):
            out.extend(piece)
            continue
        hand = next(blocks)
        out.extend(piece if prev is None else _short_block(piece, prev))
        prev = hand
    return "\n".join(out) + "\n"


def _short_block(block: list[str], prev: Hand) -> list[str]:
    seats = [m for m in (_SEAT_LINE.match(x) for x in block) if m]
    button = next(x for x in block if x.startswith("button "))
    rest = [x for x in block[1:] if not _SEAT_LINE.match(x) and not x.startswith("button ")]
    end = _carried_stacks(prev)
    carried = {s.seat: (s.player, end.get(s.seat, s.stack), s.sitting_out or end.get(s.seat, s.stack) == 0)
               for s in prev.seats}
    now = {int(m.group(1)): (m.group(2), int(m.group(3)), bool(m.group(4))) for m in seats}
    changes: list[str] = []
    explicit: list[str] = []
    for seat, (player, _, _) in sorted(carried.items()):
        if seat not in now or now[seat][0] != player:
            changes.append(f"leave {player}")
    for seat, (player, stack, out) in sorted(now.items()):
        was = carried.get(seat)
        if was is None or was[0] != player:
            changes.append(f"join seat {seat} {player} {stack}" if not out else f"seat {seat} {player} {stack} out")
        elif (stack, out) != (was[1], was[2]):
            if stack > was[1] and not out:
                changes.append(f"rebuy {player} {stack - was[1]}")
            else:
                explicit.append(f"seat {seat} {player} {stack}" + (" out" if out else ""))
    dealt = sorted(s for s, (_, _, o) in now.items() if not o)
    after = [s for s in dealt if s > (prev.button_seat or 0)]
    moved = after[0] if after else dealt[0]
    written = int(button.split()[1]) != moved
    if written and explicit and not any(c.startswith(("leave", "join", "rebuy")) for c in changes):
        return block  # a written button and recounted stacks: the full list
    return [block[0]] + ([button] if written else []) + changes + explicit + rest


def _carried_stacks(hand: Hand) -> dict[int, int]:
    """Each seat's stack after a live hand: chips behind after the betting, the pay lines,
    and the bet nobody matched handed back (a dead blind matches no bet, rules.md 7b)."""
    st = State.start(hand, get_profile("online"))
    for _ in walk(hand, st.profile, st):
        pass
    top = max(st.seats.values(), key=lambda s: s.total)
    matched = max((s.total - s.dead for s in st.seats.values() if s is not top), default=0)
    paid: dict[int, int] = {}
    for e in hand.events:
        if isinstance(e, CollectEvent):
            paid[e.seat] = paid.get(e.seat, 0) + e.amount
    return {seat: s.stack + paid.get(seat, 0) + (max(top.total - matched, 0) if s is top else 0)
            for seat, s in st.seats.items()}
