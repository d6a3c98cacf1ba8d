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

from hhaudit.live_rules import walk
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
    return line


def _post(e: PostEvent) -> str:
    who = alias(e.seat)
    tail = " allin" if e.all_in else ""
    if e.kind is Post.DEAD:
        if e.amount == 0:
            return f"{who} dead {e.dead}{tail}"
        return f"{who} post {e.amount}" + (f" dead {e.dead}" if e.dead else "") + tail
    word = {Post.SMALL_BLIND: "sb", Post.BIG_BLIND: "bb", Post.ANTE: "ante", Post.STRADDLE: "straddle"}[e.kind]
    return f"{who} {word} {e.amount}{tail}"


def _stakes(hand: Hand) -> str:
    low, high = (hand.small_bet, hand.big_bet) if hand.limit is Limit.FIXED_LIMIT else (hand.sb, hand.bb)
    return f"{low}/{high}" + (f" ante {hand.ante}" if hand.ante else "")


def to_live(hand: Hand) -> str:
    """The live-format text of one PokerStars-format hand (a session of one hand)."""
    return "# hhaudit live log\n" + _game_line(hand) + "\n\n" + hand_block(hand)


def to_live_session(hands: list[Hand]) -> tuple[str, list[Hand], list[tuple[Hand, str]]]:
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
            block = hand_block(hand)
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


def hand_block(hand: Hand) -> str:
    """The `hand N` block of one hand (no session line)."""
    why = _unconvertible(hand)
    if why is not None:
        raise Unconvertible(why)
    # the street total of every bet and raise, from a replay of the original
    totals: dict[int, int] = {}
    for seq, ev, st in walk(hand, get_profile("online")):
        if isinstance(ev, ActionEvent) and ev.act in (Act.BET, Act.RAISE):
            totals[seq] = st.resolve_action(ev).to
    out = [f"hand {hand.hand_id}", f"button {hand.button_seat}"]
    for s in hand.seats:
        out.append(f"seat {s.seat} {alias(s.seat)} {s.stack}" + (" out" if s.sitting_out else ""))
    for seq, e in enumerate(hand.events):
        if isinstance(e, PostEvent):
            out.append(_post(e))
        elif isinstance(e, DealEvent):
            out.append(f"{alias(e.seat)} cards {' '.join(e.cards)}")
        elif isinstance(e, ActionEvent):
            who = alias(e.seat)
            if e.act in (Act.BET, Act.RAISE):
                out.append(f"{who} {e.act.value} {totals[seq]}")
            else:
                out.append(f"{who} {e.act.value}")
        elif isinstance(e, StreetEvent):
            if e.street is Street.SHOWDOWN:
                continue
            out.append(f"{e.street.value} {' '.join(e.cards)}")
        elif isinstance(e, UncalledEvent):
            continue  # the live format has no line for it: the audit works it out
        elif isinstance(e, ShowEvent):
            who = alias(e.seat)
            if e.muck:
                out.append(f"{who} mucks" + (f" {' '.join(e.cards)}" if e.cards else ""))
            else:
                out.append(f"{who} shows {' '.join(e.cards)}")
        elif isinstance(e, CollectEvent):
            pot = "" if e.pot is None else "main " if e.pot == 0 else f"side{e.pot} "
            out.append(f"pay {pot}{alias(e.seat)} {e.amount}")
        elif isinstance(e, FeeEvent):
            out.append(f"jackpot {e.amount}")
    s = hand.summary
    if s.rake is not None:
        out.append(f"rake {s.rake}")
    if s.jackpot:
        out.append(f"jackpot {s.jackpot}")
    if s.total_pot is not None:
        out.append(f"pot {s.total_pot}")
    return "\n".join(out) + "\n"
