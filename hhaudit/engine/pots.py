"""Pot construction, showdown judgement and the comparison with what the log paid.

1. Every seat's total contribution, the uncalled excess returned first (TDA 15-B).
2. Main and side pots by all-in levels; folded chips fill pots without eligibility.
3. Each pot (and each run-it-twice board) goes to the best eligible shown hand(s); ties
   split per pot, odd chips one each from the first tied seat left of the button (TDA 20).
4. The log's collections, total pot, pot sizes and rake are compared with the recomputation.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Final, TypeVar

from ..model import (
    Act,
    ActionEvent,
    CollectEvent,
    DealEvent,
    FeeEvent,
    Hand,
    Known,
    PostEvent,
    ShowEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from ..money import to_text
from . import evaluator
from .audited import Pot
from .replay import SeatState, State
from .rules import RULES

if TYPE_CHECKING:
    from .audited import AuditedHand, Judge


Order = tuple[list[int], list[int] | None, str]
"""How a split's odd chips go (`split_run`): the order for the high (and high-only pots),
the order for a tied low (None: the same), and the profile's `hilo_odd_chip`."""


def build_pots(contrib: dict[int, int], live: set[int], all_in: set[int]) -> list[Pot]:
    """Pots from contributions (uncalled excess already removed).

    `live` are the seats still in the hand; `all_in` those of them who are all-in. Levels
    are the all-in contributions plus the top live contribution (rules.md 7b)."""
    if not contrib:
        return []
    top_live = max([contrib[s] for s in live], default=0)
    levels = sorted({contrib[s] for s in all_in if s in live and contrib[s] > 0} | {top_live})
    levels = [lv for lv in levels if lv > 0]
    if not levels:
        return []
    pots: list[Pot] = []
    prev = 0
    for lv in levels:
        amount = 0  # what each contribution puts in between the previous level and this one
        for c in contrib.values():
            if c >= lv:
                amount += lv - prev
            elif c > prev:
                amount += c - prev
        eligible = sorted(s for s in live if contrib[s] >= lv)
        if amount > 0:
            if pots and sorted(pots[-1].eligible) == eligible:
                pots[-1].amount += amount
                pots[-1].level = lv
            else:
                pots.append(Pot(len(pots), amount, lv, eligible))
        prev = lv
    # chips above the top level (folded players who put in more than any live seat)
    rest = 0
    for c in contrib.values():
        if c > prev:
            rest += c - prev
    if rest and pots:
        pots[-1].amount += rest
    return pots


def split_amount(amount: int, winners: list[int], order: list[int], chip: int = 1) -> dict[int, int]:
    """Split `amount` equally in whole chips of `chip` units (the smallest chip in play,
    TDA-2024 20); the odd chips one each to the winners first in `order` (clockwise from
    the button), so no one gets two. Less than one chip left over (a pot that is no whole
    number of chips) goes with the first winner's share."""
    if not winners:
        return {}
    if len(winners) == 1:
        return {winners[0]: amount}
    chip = max(chip, 1)
    units, rest = divmod(amount, chip)
    share, odd = divmod(units, len(winners))
    ranked = sorted(winners, key=lambda s: order.index(s) if s in order else len(order) + s)
    out = {s: (share + (1 if i < odd else 0)) * chip for i, s in enumerate(ranked)}
    out[ranked[0]] += rest
    return out


def hilo_halves(amount: int, chip: int = 1) -> tuple[int, int]:
    """(high, low) halves of a Hi/Lo pot in whole chips of `chip` units: the odd chip of
    the pot to the high half (TDA-2024 20-C; Robert's Rules, Ties), and less than a chip
    left over with the high half too."""
    chip = max(chip, 1)
    low = (amount // chip // 2) * chip
    return amount - low, low


def split_run(amount: int, high: list[int], low: list[int] | None, ring: list[int],
              chip: int = 1, low_ring: list[int] | None = None,
              hilo_odd: str = "pot") -> list[tuple[str | None, int, dict[int, int]]]:
    """How one pot (or one run of it) is paid: (half, the half's amount, each winner's
    share) per half. `low` is None in a high-only game: one row of half None. In Hi/Lo, no
    qualifying low (`low` empty) means the high hand scoops: one "high" row; otherwise the
    high half (with the odd chip, `hilo_halves`) is split among `high` and the low half
    among `low`, each by TDA-2024 20: the odd chips one each in the order `ring` (the first
    tied seats left of the button, `odd_chip_order`), the low half's in `low_ring` where the
    order of tied lows differs (`odd_chip` "high_suit": the lowest card, Robert's Ties).
    `hilo_odd` "low_to_high" (`hilo_odd_chip`, a site's convention) gives the odd chips of
    a tied low half to the high half instead, which splits them with its own. When the same seats
    tie for both halves (two identical wheels), the pot is split among them as one, as
    evenly as possible: 66 chips go 33/33, not 34/32 (no player receives more than one odd
    chip, Robert's Rules, Ties; the TDA's 2017 addendum proposal)."""
    if low is None:
        return [(None, amount, split_amount(amount, high, ring, chip))]
    if not low:
        return [("high", amount, split_amount(amount, high, ring, chip))]
    hi_amount, lo_amount = hilo_halves(amount, chip)
    if len(high) > 1 and sorted(high) == sorted(low):
        hi = split_amount(hi_amount, high, ring, chip)
        whole = split_amount(amount, high, ring, chip)
        return [("high", hi_amount, hi), ("low", lo_amount, {s: whole[s] - hi[s] for s in whole})]
    if hilo_odd == "low_to_high" and len(low) > 1:
        unit = max(chip, 1)
        odd = lo_amount - (lo_amount // unit // len(low)) * unit * len(low)
        hi_amount, lo_amount = hi_amount + odd, lo_amount - odd
    hi = split_amount(hi_amount, high, ring, chip)
    lo = split_amount(lo_amount, low, ring if low_ring is None else low_ring, chip)
    return [("high", hi_amount, hi), ("low", lo_amount, lo)]


def rake_shares_of(shares: dict[int, int], rake: int, ring: list[int], chip: int = 1) -> dict[int, int]:
    """`rake_split` "shares": what each tied winner is paid when the pot is split whole and
    each share then pays its part of the pot's `rake`, the rake split like a pot (its odd
    chips charged one each from the first tied seat left of the button, `ring`). PKR's
    0.32 pot tied two ways and raked 0.03: 0.16 each less 0.02 and 0.01, 0.14 to the first
    seat left of the button and 0.15 to the other (split after the rake, 0.29 is 0.15 and
    0.14 the other way round)."""
    charge = split_amount(rake, sorted(shares), ring, chip)
    return {w: a - charge.get(w, 0) for w, a in shares.items()}


def rake_shares(amounts: list[int], deductions: int, rule: str) -> list[int]:
    """What each pot (main first) gives up of the rake and other deductions before it is
    split. No rulebook says which pot the rake comes from (rules.md 7c, [CONFIG]): "main"
    takes it from the main pot, then the next; "last" from the last side pot, then the one
    before; "proportional" by pot size, rounded down, the rest from the main pot;
    "proportional_rounded" by pot size, each pot's part rounded to the nearest unit (halves
    to even), what that leaves over (or takes too much) from the main pot."""
    cuts = [0] * len(amounts)
    if deductions <= 0 or not amounts:
        return cuts
    if rule == "last":
        return rake_shares(amounts[::-1], deductions, "main")[::-1]
    if rule in ("proportional", "proportional_rounded"):
        total = sum(amounts)
        if total > 0:
            if rule == "proportional":
                cuts = [deductions * a // total for a in amounts]
            else:  # to the nearest unit, halves to even (Python's round of an exact fraction)
                cuts = [round(Fraction(deductions * a, total)) for a in amounts]
        cuts[0] += deductions - sum(cuts)
        return cuts
    left = deductions
    for i, a in enumerate(amounts):
        take = min(a, left)
        cuts[i] = take
        left -= take
    cuts[0] += left  # more than the pots hold: AC02 says so
    return cuts


@dataclass(slots=True, init=False)
class PotEvents:
    """The events the pot audit reads, in the hand's order (the auditor's replay gathers
    them as it goes; `of` reads them from a hand)."""

    uncalled: list[UncalledEvent] = field(default_factory=list)
    collects: list[CollectEvent] = field(default_factory=list)
    fees: list[FeeEvent] = field(default_factory=list)
    shows: list[ShowEvent] = field(default_factory=list)
    streets: list[StreetEvent] = field(default_factory=list)
    deals: list[DealEvent] = field(default_factory=list)

    def __init__(self) -> None:
        self.uncalled = []
        self.collects = []
        self.fees = []
        self.shows = []
        self.streets = []
        self.deals = []

    @classmethod
    def of(cls, hand: Hand) -> PotEvents:
        log = cls()
        for e in hand.events:
            t = type(e)
            if t is ActionEvent or t is PostEvent:
                continue  # most events: none of the pot audit's
            if isinstance(e, StreetEvent):
                log.streets.append(e)
            elif isinstance(e, CollectEvent):
                log.collects.append(e)
            elif isinstance(e, ShowEvent):
                log.shows.append(e)
            elif isinstance(e, UncalledEvent):
                log.uncalled.append(e)
            elif isinstance(e, FeeEvent):
                log.fees.append(e)
            elif isinstance(e, DealEvent):
                log.deals.append(e)
        return log


def known_cards(hand: Hand, log: PotEvents) -> dict[int, Known]:
    """Every seat's hole cards as the log reveals them, wherever it does: dealt lines (logs
    that show every seat), show and muck lines, and what the format read outside its events
    (`Hand.revealed`: the summary block, XML card elements). The one place the pot audit and
    the seats table read cards from. A seat that showed is tabled; one that mucked (and never
    showed) is mucked, whether or not its cards are known (TDA-2024 13). The source kept is the
    most telling one (`model.CARD_SOURCES`); a seat with no cards anywhere gets no cards, never
    a guess."""
    known: dict[int, Known] = {}
    if not log.deals and not log.shows and not hand.revealed:
        return known
    for d in log.deals:
        if d.cards:
            known[d.seat] = Known(d.cards, "dealt", d.line)
    tabled: set[int] = set()
    mucked: set[int] = set()
    for ev in log.shows:
        seat = ev.seat
        if ev.muck:
            mucked.add(seat)
            if ev.cards and seat not in tabled:
                known[seat] = Known(ev.cards, "mucked", ev.line)
        else:
            tabled.add(seat)
            if ev.cards:
                old = known.get(seat)
                if old is None or old.source != "shown":
                    known[seat] = Known(ev.cards, "shown", ev.line)
    for seat, r in hand.revealed.items():
        old = known.get(seat)
        if old is None or old.source == "dealt" or (r.tabled and seat not in tabled):
            known[seat] = Known(r.cards, r.source, r.line)
        if r.tabled:
            tabled.add(seat)
        if r.mucked:
            mucked.add(seat)
    for seat in tabled:
        k = known.get(seat)
        if k is None:
            k = known[seat] = Known((), "shown", 0)
        k.tabled = True
    for seat in mucked:
        if seat in tabled:
            continue
        k = known.get(seat)
        if k is None:
            k = known[seat] = Known((), "mucked", 0)
        k.mucked = True
    return known


def _dealt_boards(streets: list[StreetEvent]) -> dict[int, tuple[str, ...]]:
    """Final board per run (run 0 = the single board) as the streets deal it: a hand run
    twice gets the board the runs share before each run's own cards."""
    boards: dict[int, tuple[str, ...]] = {}
    for ev in streets:
        if ev.board:
            boards[ev.run] = ev.board
    if any(r > 0 for r in boards):
        base = boards.pop(0, ())
        for r in list(boards):
            if len(boards[r]) < 5 and base:
                boards[r] = base[: 5 - len(boards[r])] + boards[r]
    return boards


def _boards(hand: Hand, streets: list[StreetEvent]) -> dict[int, tuple[str, ...]]:
    """Final board per run (run 0 = the single board), from the hand's street events, else
    from its summary."""
    return _completed(hand, _dealt_boards(streets))


def _completed(hand: Hand, dealt: dict[int, tuple[str, ...]]) -> dict[int, tuple[str, ...]]:
    """`_boards` from the boards the streets deal (`_dealt_boards`): the summary's where the
    streets deal none, or where it extends the single board they stop short of."""
    boards = dict(dealt)
    if not boards and hand.summary.boards:
        for i, b in enumerate(hand.summary.boards):
            boards[i + 1 if len(hand.summary.boards) > 1 else 0] = b
    elif len(hand.summary.boards) == 1 and 0 in boards and len(boards) == 1:
        # a log that does not write every street (BetOnline's river) but states the whole
        # board in its summary: the summary's board, when it extends the streets'
        whole = hand.summary.boards[0]
        so_far = boards[0]
        if len(so_far) < len(whole) and whole[: len(so_far)] == so_far:
            boards[0] = whole
    return boards


def is_walk(hand: Hand, live: set[int], top_seat: int) -> bool:
    """A walk: every seat folds to the big blind before the flop (nobody else put in more
    than a blind), so the pot and the unmatched part of the big blind are its own."""
    if live != {top_seat}:
        return False
    for ev in hand.events:
        if isinstance(ev, ActionEvent) and ev.act is not Act.FOLD:
            return False
        if isinstance(ev, StreetEvent) and ev.street is not Street.PREFLOP and (
                ev.street is not Street.SHOWDOWN or ev.board):
            # a showdown marker with no board dealt (a converter writes one in a walk, the
            # big blind "showing" its cards) ends no betting round
            return False
    return True


def audit_pots(auditor: Judge, hand: Hand, state: State, out: AuditedHand,
               log: PotEvents | None = None) -> None:
    scale = hand.scale

    def m(v: int) -> str:
        return to_text(v, scale)

    seats = state.seats
    contrib: dict[int, int] = {}  # what each seat put in (seats still in: even nothing)
    live: set[int] = set()  # seats still in the hand
    all_in: set[int] = set()
    for s in seats.values():
        in_hand = s.dealt_in and not s.folded
        if s.total > 0 or in_hand:
            contrib[s.seat] = s.total
            if in_hand:
                live.add(s.seat)
        if s.all_in and not s.capped:  # a capped seat is all-in for the betting only
            all_in.add(s.seat)
    last_line = hand.summary.line or hand.end_line
    if log is None:
        log = PotEvents.of(hand)
    out.cards = known_cards(hand, log)
    _check_card_counts(auditor, hand, out)
    _check_deck(auditor, hand, out, log.streets)
    # ---- uncalled bet: computed from what went in before the log's own returns
    logged_uncalled = log.uncalled
    for seat, back in state.returned.items():
        if seat in contrib:
            contrib[seat] += back
    top_seat, excess = unmatched_bet(contrib, seats)
    returned = sum(state.returned.values())
    stated = hand.summary.total_pot
    uncalled_fault = False
    silent = 0  # an unmatched bet the log gives back inside the winner's collection
    if top_seat is not None and excess > 0:
        s = seats[top_seat]
        got = state.returned.get(top_seat, 0)
        if logged_uncalled and (got != excess or returned != excess):
            e = logged_uncalled[-1]
            uncalled_fault = True
            auditor.finding(out, RULES["AC03"], e.line, -1, f"{m(excess)} returned to {s.player}",
                            f"{m(returned)} returned" + ("" if got == returned else f" to {e.player}"),
                            f"{m(returned)} returned to {e.player} as uncalled; {s.player}'s bet had {m(excess)} "
                            "uncalled", seat=top_seat, player=s.player, expected_amount=excess, actual_amount=returned)
        elif not logged_uncalled and (hand.implicit_uncalled or is_walk(hand, live, top_seat)):
            # the format never writes the return, or a walk: the big blind's own blind
            # comes back with the pot, written or not (it may be in "collected" and in the
            # stated total)
            silent = excess
        elif not logged_uncalled and stated is not None and stated == sum(contrib.values()) + state.room_added:
            uncalled_fault = True
            auditor.finding(out, RULES["AC03"], last_line, -1,
                            f"uncalled {m(excess)} returned to {s.player}",
                            f"no uncalled bet returned; total pot {m(stated)} counts it",
                            f"{s.player}'s uncalled {m(excess)} was never returned: the stated total pot "
                            f"{m(stated)} counts it", seat=top_seat, player=s.player,
                            expected_amount=excess, actual_amount=0)
        # Otherwise the log returned it silently (old layouts, walks): not a fault.
        contrib[top_seat] -= excess
    elif returned:
        e = logged_uncalled[-1]
        uncalled_fault = True
        auditor.finding(out, RULES["AC03"], e.line, -1, "nothing to return (every bet was called)",
                        f"{m(returned)} returned", f"{m(returned)} returned to {e.player} as uncalled, but every "
                        "bet was called", seat=e.seat, player=e.player, expected_amount=0, actual_amount=returned)
    pot_total = sum(contrib.values()) + state.room_added
    # ---- the log's money
    collects = log.collects
    fees = [e for e in log.fees if e.kind not in ("room_added", "cash_out_fee")]
    fee_total = sum(e.amount for e in fees)
    rake = hand.summary.rake or 0
    jackpot = hand.summary.jackpot or 0
    collected = sum(e.amount for e in collects)
    summary = hand.summary
    net_total = pot_total - rake - jackpot  # some exporters state the pot after rake
    if summary.total_pot is not None and summary.total_pot not in (pot_total, net_total, pot_total + silent,
                                                       net_total + silent):
        auditor.finding(out, RULES["AC01"], summary.line or last_line, -1, f"total pot {m(pot_total)}",
                        f"total pot {m(summary.total_pot)}",
                        f"the stated total pot {m(summary.total_pot)} is {_off(summary.total_pot - pot_total, m)} "
                        f"the {m(pot_total)} put in", expected_amount=pot_total, actual_amount=summary.total_pot)
    deductions = rake + jackpot + fee_total
    if silent and top_seat is not None and collected + deductions == pot_total + silent:
        # The winner was paid back the unmatched bet with the pot: take it out again.
        collects = _less(collects, top_seat, silent)
        collected -= silent
    elif top_seat is not None and excess > 0 and not logged_uncalled and not uncalled_fault:
        out.unseen_returns[top_seat] = excess  # given back with no line: not in any collection
    if collects and collected + deductions != pot_total and not uncalled_fault:
        auditor.finding(out, RULES["AC02"], collects[-1].line, -1,
                        f"{m(pot_total - deductions)} paid out ({m(pot_total)} pot - {m(deductions)} rake and fees)",
                        f"{m(collected)} paid out",
                        f"{m(collected)} paid + {m(deductions)} rake and fees is "
                        f"{_off(collected + deductions - pot_total, m)} the {m(pot_total)} pot",
                        expected_amount=pot_total - deductions,
                        actual_amount=collected)
    if rake and hand.kind == "tournament":
        auditor.finding(out, RULES["AC05"], summary.line or last_line, -1, "no rake in a tournament hand",
                        f"rake {m(rake)}", f"rake {m(rake)} taken in a tournament hand", expected_amount=0,
                        actual_amount=rake)
    elif rake and pot_total and rake > pot_total * state.profile.max_rake_share:
        auditor.finding(out, RULES["AC05"], summary.line or last_line, -1,
                        f"rake at most {int(state.profile.max_rake_share * 100)}% of {m(pot_total)}",
                        f"rake {m(rake)}", f"rake {m(rake)} is {100 * rake / pot_total:.0f}% of the {m(pot_total)} "
                        f"pot, over {int(state.profile.max_rake_share * 100)}%",
                        expected_amount=int(pot_total * state.profile.max_rake_share), actual_amount=rake)
    # ---- pots and who should get them
    # Dead blinds and a big-blind ante play in the main pot and give no seat a level of its
    # own (rules.md 9a, TDA RP-11: the BBA is the table's ante, paid by one seat): counted as
    # the big blind's bet, they made it alone eligible for a pot everyone matched. A big blind
    # all in for the ante alone keeps it as its stake (ante-first: it can win only the ante).
    bba = _bba_seat(seats)
    dead = {k: min(v, seats[k].dead + (seats[k].ante if k == bba and v > seats[k].ante else 0))
            for k, v in contrib.items()}
    pots = build_pots({k: v - dead[k] for k, v in contrib.items()}, live, all_in & live)
    if pots and sum(dead.values()):
        pots[0].amount += sum(dead.values())  # dead blinds play in the main pot
    if state.room_added and pots:
        pots[0].amount += state.room_added
    out.pots = pots
    if summary.main_pot is not None and pots and summary.side_pots:
        stated_pots = [summary.main_pot] + summary.side_pots
        computed = [p.amount for p in pots]
        # A log may split a pot further (at a folded seat's level) but never merge or move
        # chips across the pots' boundaries: every computed boundary must be a stated one.
        net = bool(rake) and sum(stated_pots) + rake == sum(computed)  # pots stated after rake
        if stated_pots != computed and not net and not _cuts(computed) <= _cuts(stated_pots):
            auditor.finding(out, RULES["AC04"], summary.line or last_line, -1,
                            "pots " + " / ".join(m(x) for x in computed),
                            "pots " + " / ".join(m(x) for x in stated_pots),
                            "the log states pots of " + " / ".join(m(x) for x in stated_pots) + " where the bets make "
                            + " / ".join(m(x) for x in computed))
    if uncalled_fault:
        out.pots = pots
        return  # the payout follows from the wrong return, already reported
    _judge(auditor, hand, state, out, pots, collects, rake + jackpot + fee_total, m, log)


DECK: Final[frozenset[str]] = frozenset(r + s for r in evaluator.RANKS for s in evaluator.SUITS)
"""The 52 cards of one deck, as the formats write them (`Ks`, `Td`); a card a log hides
(`??`, an empty slot) is none of them."""

DECK_RULES: Final = ("WN01", "WN02", "SP01", "OC01")
"""The rules that judge a showdown on its cards: not judged on cards no deck deals."""

SUMMARY_RULES: Final = ("AC01", "AC02", "AC04", "AC05")
"""The rules that judge the totals and the rake a summary states: not judged on a summary
whose board is not the hand's (another hand's summary, or a damaged one)."""


def _check_deck(auditor: Judge, hand: Hand, out: AuditedHand, streets: list[StreetEvent]) -> None:
    """WN05, a summary board other than the board dealt, else WN04, a card shown in two places
    at once (within each run's deal: the board and every hand the log reveals). Either makes
    the showdown's rules (`DECK_RULES`) abstain, WN05 the summary's totals and rake
    (`SUMMARY_RULES`) too: the finding is their one cause."""
    names = {s.seat: s.player for s in hand.seats}
    dealt = _dealt_boards(streets)
    said = hand.summary.boards
    runs = sorted(dealt)
    if said and runs and len(said) == len(runs):
        for run, board, written in zip(runs, [dealt[r] for r in runs], said):
            short, long = (board, written) if len(board) <= len(written) else (written, board)
            if not set(short) <= set(long):  # a summary may complete a board the streets stop short of
                which = f"board {run}" if run else "board"
                auditor.finding(out, RULES["WN05"], hand.summary.line or hand.end_line, -1,
                                f"the {which} dealt, {' '.join(board)}", f"summary board {' '.join(written)}",
                                f"the summary writes the {which} as {' '.join(written)} where the streets deal "
                                f"{' '.join(board)}: the log contradicts itself on the cards that decide the pot")
                hand.abstain("the summary's board contradicts the board dealt: neither the summary's totals "
                             "and rake nor the showdown are judged on it", SUMMARY_RULES + DECK_RULES)
                return  # the one cause: the cards of a contradicted board are not checked again
    holes = [(seat, k, c) for seat, k in sorted(out.cards.items()) for c in k.cards if c in DECK]
    boards = _completed(hand, dealt) or {0: ()}
    for run in sorted(boards):
        seen: dict[str, str] = {}
        twice: list[str] = []
        line = 0
        for c in boards[run]:
            if c in DECK:
                if c in seen:
                    twice.append(f"{c} twice on the board")
                seen[c] = "on the board"
        for seat, k, c in holes:
            here = f"in {names.get(seat, str(seat))}'s hand"
            if c in seen:
                twice.append(f"{c} {seen[c]} and {here}" if seen[c] != here else f"{c} twice {here}")
                line = max(line, k.line)
            seen[c] = here
        if twice:
            which = f" (board {run})" if run else ""
            auditor.finding(out, RULES["WN04"], line or hand.summary.line or hand.end_line, -1,
                            "each card once (one deck)", "; ".join(twice) + which,
                            "a card the log shows in two places at once" + which + ": " + "; ".join(twice)
                            + " (Robert's Rules void such a hand: every chip back to the player who put it in)")
            hand.abstain("a card the log shows twice: the showdown is not judged on its cards", DECK_RULES)
            return


def _check_card_counts(auditor: Judge, hand: Hand, out: AuditedHand) -> None:
    """WN03: a seat the log gives more hole cards than the game deals (any source), or a
    dealt line with fewer (a show may show part of a hand)."""
    want = hand.hole_cards
    for seat, k in out.cards.items():
        n = len(k.cards)
        if n > want or (k.source == "dealt" and 0 < n < want):
            names = {s.seat: s.player for s in hand.seats}
            who = names.get(seat, str(seat))
            auditor.finding(out, RULES["WN03"], k.line or hand.end_line, -1,
                            f"{want} hole cards ({hand.game})", f"{who} {k.source} {' '.join(k.cards)} ({n} cards)",
                            f"{who}'s hand holds {n} cards where the game deals {want}: a dead hand",
                            seat=seat, player=who)


def _off(diff: int, m: Callable[[int], str]) -> str:
    """A difference as words, never as a signed number: `42.50 less than`, `2 more than`."""
    return f"{m(abs(diff))} {'less' if diff < 0 else 'more'} than"


def _less(collects: list[CollectEvent], seat: int, amount: int) -> list[CollectEvent]:
    """The collections with `amount` taken off `seat`'s (largest first)."""
    out = list(collects)
    for i in sorted(range(len(out)), key=lambda k: -out[k].amount):
        c = out[i]
        if c.seat == seat and amount > 0:
            take = min(amount, c.amount)
            out[i] = CollectEvent(c.line, c.seat, c.player, c.amount - take, c.pot, c.run)
            amount -= take
    return out


def unmatched_bet(contrib: dict[int, int], seats: dict[int, SeatState]) -> tuple[int | None, int]:
    """The seat whose bet nobody matched, and by how much, from each seat's chips put in.
    Dead blinds match no bet (rules.md 7b), nor does a big-blind ante (one seat antes for the
    table, TDA RP-11): it must not "call" part of a bet the big blind folded to. Individual
    antes match each other."""
    bba = _bba_seat(seats)
    return _unmatched({k: v - seats[k].dead - (seats[k].ante if k == bba else 0) for k, v in contrib.items()})


def _bba_seat(seats: dict[int, SeatState]) -> int | None:
    """The seat that paid a big-blind ante: the only seat of the hand that posted an ante."""
    payers = [k for k, s in seats.items() if s.ante > 0]
    return payers[0] if len(payers) == 1 and len(seats) > 1 else None


def _unmatched(contrib: dict[int, int]) -> tuple[int | None, int]:
    """The seat whose live contribution nobody matched, and by how much."""
    if not contrib:
        return None, 0
    top, most = None, 0
    for k, v in contrib.items():  # the first seat with the most
        if top is None or v > most:
            top, most = k, v
    second: int | None = None
    for k, v in contrib.items():
        if k != top and (second is None or v > second):
            second = v
    if second is None:
        second = 0
    if most > second:
        return top, most - second
    return None, 0


def _holding(name: str, cards: tuple[str, ...] | None, board: tuple[str, ...], variant: str) -> str:
    """`Carol (Qh Jd: one pair (Qh Qd Ks 9c 4h))`: a seat's shown cards and its hand's rank at
    a showdown of one board; the name alone when either is not known."""
    if not cards or len(board) != 5:
        return name
    try:
        return f"{name} ({' '.join(cards)}: {evaluator.describe_hand(cards, board, variant)})"
    except ValueError:
        return name


def _judge(auditor: Judge, hand: Hand, state: State, out: AuditedHand, pots: list[Pot],
           collects: list[CollectEvent], deductions: int, m: object, log: PotEvents) -> None:
    fmt = m  # money formatter
    assert callable(fmt)
    if not pots:
        return
    button = state.button
    ring = state.next_after(button) if button is not None else list(state.order)
    if _paid_as_won(hand, pots, collects, deductions, log, out):
        return
    # A seat that mucked has no claim (TDA-2024 13); every other seat still in plays the
    # cards the log reveals for it, wherever it does (shown, in the summary, dealt).
    shown: dict[int, tuple[str, ...]] = {}
    mucked: set[int] = set()
    for seat, k in out.cards.items():
        if k.mucked:
            mucked.add(seat)
        elif len(k.cards) >= 2:
            shown[seat] = k.cards
    boards = _boards(hand, log.streets)
    odd_rule = hand.odd_chip or state.profile.odd_chip
    low_ring = low_card_order(ring, shown) if odd_rule == "high_suit" else None  # None: as the high
    ring = odd_chip_order(odd_rule, state, ring, shown)
    hilo_odd = state.profile.hilo_odd_chip
    rake_split = state.profile.rake_split
    runs = sorted(boards) if boards else [0]
    if len(runs) > 1 and 0 in runs:
        runs.remove(0)
    # The rake (and any drop or fee) comes out of each pot first; what is left is split,
    # per run, among the pot's winners in whole chips, the odd chips by TDA-2024 20.
    chip = hand.chip or state.profile.chip * 10**hand.fine
    hole = hand.hole_cards  # a hand shown with another count is not judged (the auditor's games)
    cuts = rake_shares([p.amount for p in pots], deductions, state.profile.rake_from)
    gross: dict[int, int] = defaultdict(int)  # each seat's share of the pots before the rake
    expected: dict[int, int] = defaultdict(int)  # and what it should be paid
    judged = True
    pot_rows: list[Pot] = []
    order = list(range(len(runs)))
    # No rulebook says which run takes an odd chip (rules.md 9f) and the sites differ, even
    # one site between hands (GGPoker's corpus hands give it to the first run and to the
    # second): a site's hands (`site_conventions`) are not judged on it unless the run's
    # options state it; a room's own profile (live) does, by `run_odd_chip`. A split that
    # gives it to the last run instead is then not judged (the payments of each run are
    # checked against both placements, so every other fault of the split is still found)
    run_odd = len(runs) > 1 and state.profile.site_conventions and "run_odd_chip" not in state.profile.pinned \
        and any((p.amount - c) % (len(runs) * max(chip, 1)) for p, c in zip(pots, cuts))
    expected_alt: dict[tuple[int, int], int] = defaultdict(int)  # (run, seat): the odd chip to the last run
    for pot, cut in zip(pots, cuts):
        contenders = [seat for seat in pot.eligible if seat not in mucked]
        if len(pot.eligible) == 1:
            contenders = pot.eligible
        per_run = split_amount(pot.amount, order, order, chip)
        net_run = split_amount(pot.amount - cut, order, order, chip)
        for ri, run in enumerate(runs):
            part = per_run[ri]
            lows: list[int] | None = [] if hand.hilo else None
            if len(contenders) == 1:
                winners = contenders
            elif not contenders:
                winners = []
            else:
                board = boards.get(run, ())
                if len(board) != 5 or any(seat not in shown or len(shown[seat]) != hole for seat in contenders):
                    winners = []
                    judged = False
                else:
                    try:
                        hands = {seat: shown[seat] for seat in contenders}
                        winners = evaluator.best_hands(hands, board, hand.variant)
                        if hand.hilo:
                            lows = evaluator.best_lows(hands, board)
                    except ValueError:
                        winners = []
                        judged = False
            if winners and mucked:
                _mucked_winner(auditor, out, pot, winners, lows, shown, boards.get(run, ()), state)
            gross_halves = split_run(part, winners, lows, ring, chip, low_ring, hilo_odd)
            for _, _, shares in gross_halves:
                for w, a in shares.items():
                    gross[w] += a
            net_halves = split_run(net_run[ri], winners, lows, ring, chip, low_ring, hilo_odd)
            if rake_split == "shares" and lows is None and len(winners) > 1 and part > net_run[ri]:
                net_halves = [(None, net_run[ri], rake_shares_of(gross_halves[0][2], part - net_run[ri], ring, chip))]
            if run_odd:
                net_alt = split_amount(pot.amount - cut, order, order[::-1], chip)[ri]
                alt_halves = split_run(net_alt, winners, lows, ring, chip, low_ring, hilo_odd)
                if rake_split == "shares" and lows is None and len(winners) > 1:
                    part_alt = split_amount(pot.amount, order, order[::-1], chip)[ri]
                    if part_alt > net_alt:
                        alt_gross = split_run(part_alt, winners, lows, ring, chip, low_ring, hilo_odd)
                        alt_halves = [(None, net_alt, rake_shares_of(alt_gross[0][2], part_alt - net_alt, ring, chip))]
                for _, _, shares in alt_halves:
                    for w, a in shares.items():
                        expected_alt[run, w] += a
            for (half, amount, _), (_, _, shares) in zip(gross_halves, net_halves):
                row = Pot(pot.index, amount, pot.level, pot.eligible, run, half=half)
                row.expected_winners = winners if half != "low" or lows is None else lows
                row.expected = [shares[w] for w in row.expected_winners]
                for w, a in shares.items():
                    expected[w] += a
                pot_rows.append(row)
    # what the log paid, per seat
    paid: dict[int, int] = defaultdict(int)
    for c in collects:
        paid[c.seat] += c.amount
    _attach_paid(pot_rows, collects)
    out.pots = pot_rows
    if not collects:
        return
    last_line = collects[-1].line
    exp_seats = {s for s, v in gross.items() if v > 0}
    paid_seats = {s for s, v in paid.items() if v > 0}
    names = {s.seat: s.player for s in state.seats.values()}
    # More than the pots a seat is eligible for (a folded seat, a short all-in paid a side
    # pot): a side-pot error whatever the cards (TDA 21).
    cap = {seat: sum(p.amount for p in pots if seat in p.eligible) for seat in paid_seats}
    over = [seat for seat in sorted(paid_seats) if paid[seat] > cap[seat]]
    where_pot = _log_pots(hand, pots)
    misplaced = [c for c in collects if c.pot is not None and c.pot in where_pot
                 and c.seat not in pots[where_pot[c.pot]].eligible]
    if over or misplaced:
        seat = over[0] if over else misplaced[0].seat
        mine = [c for c in collects if c.seat == seat]
        where = next((c for c in misplaced if c.seat == seat), mine[-1])
        exp_txt = _by_half(pot_rows, fmt, names) or "; ".join(f"{names.get(s, s)} {fmt(expected[s])}" for s in sorted(exp_seats, key=ring.index if all(x in ring for x in exp_seats) else int))
        act_txt = "; ".join(f"{names.get(s, s)} {fmt(paid[s])}" for s in sorted(paid_seats))
        auditor.finding(out, RULES["SP01"], where.line, -1,
                        f"expected {exp_txt}" if judged else f"at most {fmt(cap[seat])} to {names.get(seat, seat)}",
                        f"log paid {act_txt}",
                        f"{names.get(seat, seat)} paid {fmt(paid[seat])}, more than the "
                        f"{fmt(cap[seat])} of the pots {names.get(seat, seat)} is eligible for",
                        seat=seat, player=names.get(seat), expected_amount=cap[seat], actual_amount=paid[seat])
        for row in pot_rows:
            row.ok = sorted(row.winners) == sorted(row.expected_winners) if row.winners and judged else None
        return
    if not judged and not exp_seats:
        return
    # a winner the rake leaves nothing (a tiny main pot raked whole) need not be paid
    if judged and (paid_seats - exp_seats or any(expected.get(s, 0) > 0 for s in exp_seats - paid_seats)):
        wrong = sorted(paid_seats - exp_seats)
        missing = sorted(exp_seats - paid_seats)
        ineligible = [w for w in wrong if not any(w in p.eligible for p in pots)]
        # eligible seats paid (or left out) against the cards: the wrong hand won
        rule = RULES["SP01"] if ineligible else RULES["WN01"]
        where = next((c for c in collects if c.seat in wrong), collects[-1])
        exp_txt = _by_half(pot_rows, fmt, names) or "; ".join(f"{names.get(s, s)} {fmt(expected[s])}" for s in sorted(exp_seats, key=ring.index if all(x in ring for x in exp_seats) else int))
        act_txt = "; ".join(f"{names.get(s, s)} {fmt(paid[s])}" for s in sorted(paid_seats))
        # the ranks of the high hands (one board; a Hi/Lo pot's halves are named by the rows)
        board = boards.get(runs[0], ()) if len(runs) == 1 and not hand.hilo else ()

        def holding(seat: int) -> str:
            return _holding(names.get(seat, str(seat)), shown.get(seat), board, hand.variant)

        w0 = wrong[0] if wrong else None
        if wrong:
            paid_to = f"pot paid to {', '.join(holding(w) for w in wrong)}"
        else:  # every seat paid is owed a share, but the log paid them all and others nothing
            paid_to = "pot paid only to " + ", ".join(f"{holding(s)} ({fmt(paid[s])})" for s in sorted(paid_seats))
        if not wrong and missing:
            w0 = missing[0]  # the seat at issue: owed a share and paid none
        auditor.finding(out, rule, where.line, -1, f"expected {exp_txt}", f"log paid {act_txt}",
                        paid_to
                        + (f"; {', '.join(holding(s) for s in missing)} should be paid"
                           + (f" {fmt(expected[missing[0]])}" if len(missing) == 1 and not wrong else "")
                           if missing else "")
                        + _halves_wrong(pot_rows),
                        seat=w0, player=names.get(w0) if w0 is not None else None,
                        expected_amount=expected.get(w0, 0) if w0 is not None else None,
                        actual_amount=paid.get(w0, 0) if w0 is not None else None)
        for row in pot_rows:
            row.ok = sorted(row.winners) == sorted(row.expected_winners) if row.winners else None
        return
    if not judged:
        # A pot whose contenders' cards are all known, paid from a pot the log names, is
        # judged on its own when its payments are exactly what the rules give.
        for row in pot_rows:
            if row.winners and row.expected_winners and any(
                    c.pot == row.index and c.run == row.run for c in collects) \
                    and dict(zip(row.winners, row.paid)) == dict(zip(row.expected_winners, row.expected)):
                row.ok = True
        return
    if run_odd and all(c.run in runs for c in collects):
        paid_runs: dict[tuple[int, int], int] = defaultdict(int)
        for c in collects:
            paid_runs[c.run, c.seat] += c.amount
        run_odd = _paid_exactly(expected_alt, paid_runs)
    else:
        run_odd = False
    if run_odd:
        hand.abstain("run it twice: an odd chip between the runs, which no rulebook places", ("OC01",))
        return
    # same seats: the amounts must be exactly the split of what the rake leaves
    if _paid_exactly(expected, paid):
        for row in pot_rows:
            row.ok = True
        return
    if sum(paid.values()) + deductions != sum(gross.values()):
        for row in pot_rows:  # paid more or less than the pots: AC02 already says so
            row.ok = False
        return
    if len(pots) > 1 and deductions and _rake_elsewhere(pots, runs, deductions, chip, (ring, low_ring, hilo_odd),
                                                        pot_rows, paid, gross, state.profile.rake_from):
        for row in pot_rows:
            row.ok = True
        return
    diff = {s: paid.get(s, 0) - expected.get(s, 0) for s in exp_seats | paid_seats}
    worst = max(sorted(diff), key=lambda k: abs(diff[k]))
    last_line = next((c.line for c in reversed(collects) if c.seat == worst), last_line)
    # when the log names its pots (and the collections of a pot add up to it), point at
    # the pot whose split is wrong
    for row in pot_rows:
        got = dict(zip(row.winners, row.paid))
        want = dict(zip(row.expected_winners, row.expected))
        if not row.winners or got == want or sum(got.values()) != row.amount:
            continue
        off = {s for s in set(got) | set(want) if got.get(s, 0) != want.get(s, 0)}
        here = [c for c in collects if c.seat in off and c.run == row.run
                and (c.pot == row.index or c.pot is None and row.index == 0)]
        if here:
            last_line = next((c.line for c in reversed(here) if c.seat == worst), here[-1].line)
            break
    odd = all(abs(d) <= chip for d in diff.values())
    fraction = any(v % chip for v in paid.values()) and not any(v % chip for v in expected.values())
    rule = RULES["OC01"] if odd else RULES["SP01"]
    exp_txt = _by_half(pot_rows, fmt, names) or "; ".join(f"{names.get(s, s)} {fmt(expected[s])}" for s in sorted(exp_seats))
    act_txt = "; ".join(f"{names.get(s, s)} {fmt(paid[s])}" for s in sorted(paid_seats))
    off_by = (f": {names.get(worst, worst)} paid {fmt(paid.get(worst, 0))} where the split gives "
              f"{fmt(expected.get(worst, 0))}")
    if not odd:
        message = "split does not follow the pots" + off_by
    elif fraction:
        message = f"paid a fraction of the smallest chip in play ({fmt(chip)}): odd chips are not broken"
    elif deductions and not any(row.half for row in pot_rows) \
            and sorted(v for v in paid.values() if v) != sorted(v for v in expected.values() if v):
        # (a Hi/Lo seat's payment holds two halves: the amounts do not tell the rake apart)
        message = "the rake was not taken from the pot before it was split"
    else:
        message = "odd chip to the wrong seat" + off_by
    auditor.finding(out, rule, last_line, -1,
                    f"expected {exp_txt}" + (f" (after {fmt(deductions)} rake)" if deductions else ""),
                    f"log paid {act_txt}", message + _halves_wrong(pot_rows),
                    expected_amount=expected.get(worst, 0), actual_amount=paid.get(worst, 0))
    for row in pot_rows:
        row.ok = False


_RANKS: Final = "23456789TJQKA"
_SUITS: Final = "cdhs"
"""Suits from the lowest: spades > hearts > diamonds > clubs (Robert's Ties)."""


def odd_chip_order(rule: str, state: State, ring: list[int], shown: dict[int, tuple[str, ...]]) -> list[int]:
    """The seats in the order the odd chips of a split go to them, one each (`odd_chip`):
    "button", clockwise from the first seat left of the button (TDA-2024 20-A); "big_blind",
    from the big blind on, clockwise; "high_suit", by each hand's highest hole card, rank
    then suit (spades, hearts, diamonds, clubs: TDA-2024 20-B's high card by suit), then
    clockwise from the button where the cards do not tell them apart (no cards shown, or
    the same card: never, in one deck)."""
    if rule == "big_blind" and state.bb_seat is not None:
        bb = state.bb_seat
        return [bb, *(s for s in state.next_after(bb) if s != bb)]
    if rule == "high_suit":
        def high(seat: int) -> int:
            best = -1
            for card in shown.get(seat, ()):
                r, u = _RANKS.find(card[:1].upper()), _SUITS.find(card[1:2].lower())
                if r >= 0 and u >= 0:
                    best = max(best, 4 * r + u)
            return -best
        return sorted(ring + [s for s in shown if s not in ring], key=high)  # the button too
    return ring

def low_card_order(ring: list[int], shown: dict[int, tuple[str, ...]]) -> list[int]:
    """The order the odd chips of a tied low half go in under `odd_chip` "high_suit": by
    each hand's lowest hole card, rank then suit, aces low and clubs lowest (Robert's Rules,
    Ties: "the odd chip between tied low hands is awarded as in a low game of that poker
    form", to the lowest card by suit, all of a player's cards counted), then in the order
    of `ring` (clockwise from the button) where the cards do not tell them apart. TDA-2024
    20-A gives board games' tied lows to the first seat left of the button like their
    highs; its high card by suit (20-B) is stud's."""
    def low(seat: int) -> int:
        best = 4 * len(_RANKS)
        for card in shown.get(seat, ()):
            r, u = _RANKS.find(card[:1].upper()), _SUITS.find(card[1:2].lower())
            if r >= 0 and u >= 0:
                best = min(best, 4 * ((r + 1) % len(_RANKS)) + u)  # the ace below the deuce
        return best
    return sorted(ring + [s for s in shown if s not in ring], key=low)  # the button too


def _by_half(rows: list[Pot], fmt: Callable[[int], str], names: dict[int, str]) -> str:
    """What the rules pay in a Hi/Lo hand, half by half over every pot and run ("high Bob
    150; low Carol 75, Dave 75"); "" in a high-only game."""
    if not any(row.half for row in rows):
        return ""
    parts = []
    for half in ("high", "low"):
        got: dict[int, int] = {}
        for row in rows:
            if row.half == half:
                for s, a in zip(row.expected_winners, row.expected):
                    got[s] = got.get(s, 0) + a
        if got:
            parts.append(f"{half} " + ", ".join(f"{names.get(s, s)} {fmt(a)}" for s, a in sorted(got.items())))
        elif half == "low":
            parts.append("no low qualifies (the high hand scoops)")
    return "; ".join(parts)


def _halves_wrong(rows: list[Pot]) -> str:
    """Which half of a Hi/Lo hand's pots the log paid wrong, as the end of a message
    (" (the low half)"); "" in a high-only game or when the halves cannot be told apart."""
    wrong = []
    for row in rows:
        if row.half and row.half not in wrong and {s: a for s, a in zip(row.winners, row.paid) if a} != {
                s: a for s, a in zip(row.expected_winners, row.expected) if a}:
            wrong.append(row.half)
    if not wrong:
        return ""
    if len(wrong) == 2:
        return " (the high and the low half)"
    return f" (the {wrong[0]} half)"


def _mucked_winner(auditor: Judge, out: AuditedHand, pot: Pot, winners: list[int], lows: list[int] | None,
                   shown: dict[int, tuple[str, ...]], board: tuple[str, ...], state: State) -> None:
    """WN02 (info): a seat eligible for the pot mucked cards the log reveals and that beat the
    winners', or tie them. The pot stays the winners' (cards speak only when tabled, TDA-2024
    13; Robert's Showdown 2), but the floor may want to know. In Hi/Lo each half is judged on
    its own (`lows`: the tabled hands' best lows, empty when none qualifies): a mucked
    qualifying low that beats the low paid, or that makes the only low when no tabled hand
    has one (the high hand scooped), would have won the low half. One finding per seat and
    half; its message says which half."""
    if len(board) != 5:
        return
    hand = out.hand
    names = {s.seat: s.player for s in state.seats.values()}
    halves: list[tuple[str | None, list[int]]] = [("high" if lows is not None else None, winners)]
    if lows is not None:
        # the tabled hands' low, worked out here: a pot with one tabled hand is not split
        tabled = [s for s in pot.eligible if not (s in out.cards and out.cards[s].mucked)]
        if not tabled or any(s not in shown or len(shown[s]) != hand.hole_cards for s in tabled):
            lows = None
        else:
            try:
                lows = evaluator.best_lows({s: shown[s] for s in tabled}, board)
            except ValueError:
                lows = None
        if lows is not None:
            halves.append(("low", lows))
    for seat in pot.eligible:
        k = out.cards.get(seat)
        if k is None or not k.mucked or len(k.cards) != hand.hole_cards:
            continue
        who = names.get(seat, str(seat))
        for half, paid_to in halves:
            if seat in paid_to or any(w not in shown for w in paid_to):
                continue
            hands = {w: shown[w] for w in paid_to}
            hands[seat] = k.cards
            try:
                if half == "low":
                    best = evaluator.best_lows(hands, board)
                    value = evaluator.describe_low(evaluator.low_value(k.cards, board)) if seat in best else ""
                else:
                    best = evaluator.best_hands(hands, board, hand.variant)
                    value = ""
            except ValueError:
                continue
            if seat not in best:
                continue
            won = ", ".join(f"{names.get(w, w)} ({' '.join(shown[w])})" for w in paid_to)
            if half is None:
                expected = f"pot to {won}: a mucked hand has no claim"
                actual = f"{who} mucked {' '.join(k.cards)}, " + ("which ties the winner" if len(best) > 1
                                                                  else "the best hand")
                message = ""
            else:
                scoop = not paid_to  # no tabled low: the high hand took the low half too
                expected = ("no tabled low qualifies (the high hand scoops)" if scoop else f"{half} half to {won}") \
                    + ": a mucked hand has no claim"
                what = "low" if half == "low" else "high hand"
                actual = f"{who} mucked {' '.join(k.cards)}, " + (
                    f"which ties the {what}" if len(best) > 1 else f"the best {what}") + (f" ({value})" if value else "")
                message = (f"a mucked hand would have {'tied' if len(best) > 1 else 'won'} the {half} half "
                           "(cards speak only when tabled)")
            if any(f.rule == "WN02" and f.seat == seat and (half is None or f"the {half} half" in f.message)
                   for f in out.findings):
                continue
            auditor.finding(out, RULES["WN02"], k.line or out.hand.end_line, -1, expected, actual, message,
                            seat=seat, player=who)


def _paid_as_won(hand: Hand, pots: list[Pot], collects: list[CollectEvent], deductions: int,
                 log: PotEvents, out: AuditedHand) -> bool:
    """The common hand, judged without the general machinery: one pot, one board, one seat
    eligible for it (everyone else folded), and the log pays that seat alone, from no named
    pot, exactly the pot less the rake and fees. Sets the pot row and
    returns True; returns False (and sets nothing) for every other hand, which `_judge`
    works out in full."""
    if len(pots) != 1 or not collects:
        return False
    pot = pots[0]
    if len(pot.eligible) != 1 or pot.amount <= 0 or len(hand.summary.boards) > 1:
        return False
    for ev in log.streets:
        if ev.run:
            return False
    winner = pot.eligible[0]
    paid = 0
    for c in collects:
        if c.seat != winner or c.pot is not None:
            return False
        paid += c.amount
    if paid <= 0 or paid != pot.amount - deductions:
        return False
    row = Pot(pot.index, pot.amount, pot.level, pot.eligible, 0, half="high" if hand.hilo else None)
    row.expected_winners = pot.eligible
    row.expected = [paid]
    _attach_paid([row], collects)
    row.ok = True
    out.pots = [row]
    return True


def _log_pots(hand: Hand, pots: list[Pot]) -> dict[int, int]:
    """The log's pot numbers (0 = main, k = side pot k) mapped to the computed pots they
    lie in, by the stated sizes; by position when the log states as many pots as were built."""
    s = hand.summary
    stated = [s.main_pot] + s.side_pots if s.main_pot is not None else []
    computed = [p.amount for p in pots]
    if stated and sum(stated) == sum(computed):
        out: dict[int, int] = {}
        bounds = sorted(_cuts(computed))
        start = 0
        for k, amount in enumerate(stated):
            end = start + amount
            j = next((i for i, b in enumerate(bounds) if end <= b), None)
            if j is not None and (j == 0 or start >= bounds[j - 1]):
                out[k] = j
            start = end
        return out
    if len(stated) == len(computed):
        return {k: k for k in range(len(computed))}
    return {}


def _cuts(amounts: list[int]) -> set[int]:
    """Running totals of a list of pot sizes: the boundaries between the pots."""
    out, total = set(), 0
    for a in amounts:
        total += a
        out.add(total)
    return out


_K = TypeVar("_K")


def _paid_exactly(expected: dict[_K, int], paid: dict[_K, int]) -> bool:
    return all(paid.get(s, 0) == v for s, v in expected.items() if v) and sum(paid.values()) == sum(expected.values())


def _rake_elsewhere(pots: list[Pot], runs: list[int], deductions: int, chip: int, order: Order,
                    rows: list[Pot], paid: dict[int, int], gross: dict[int, int], rake_from: str) -> bool:
    """The rake came from other pots than the profile's `rake_from` says. No rulebook says
    which pot pays it (rules.md 7c), so any pot may, as long as a split pot is split after
    its part of the rake (TDA-2024 20): when no pot is split (a Hi/Lo pot whose halves go to
    two seats is split), every winner paid no more than
    its pots and the rake the rest (the totals are checked before); when one is, the
    payments must be the exact split under one of the rules of `rake_shares` (the rows'
    `expected` are then set to it)."""
    shared: dict[tuple[int, int], set[int]] = {}  # a Hi/Lo pot's halves to two seats is a split too
    for row in rows:
        shared.setdefault((row.index, row.run), set()).update(row.expected_winners)
    if all(len(seats) <= 1 for seats in shared.values()):
        return all(0 <= paid.get(s, 0) <= v for s, v in gross.items()) and {s for s, v in paid.items() if v} <= set(gross)
    amounts = [p.amount for p in pots]
    candidates = [rake_shares(amounts, deductions, rule) for rule in _RAKE_RULES if rule != rake_from]
    candidates += [[deductions if i == k else 0 for i in range(len(pots))]  # all from one pot
                   for k, a in enumerate(amounts) if a >= deductions]
    return any(_split_after(cuts, pots, runs, chip, order, rows, paid) for cuts in candidates)


_RAKE_RULES: Final = ("main", "last", "proportional", "proportional_rounded")


def _split_after(cuts: list[int], pots: list[Pot], runs: list[int], chip: int, order_of: Order,
                 rows: list[Pot], paid: dict[int, int]) -> bool:
    """The payments are each pot's rest after `cuts`, split by TDA-2024 20 (then the rows'
    `expected` are set to it); when the log says which pot each payment is from, pot by pot."""
    ring, low_ring, hilo_odd = order_of
    order = list(range(len(runs)))
    want: dict[int, int] = defaultdict(int)
    per_row: list[list[int]] = []
    named = all(row.winners for row in rows)
    k = 0
    for pot, cut in zip(pots, cuts):
        net_run = split_amount(pot.amount - cut, order, order, chip)
        for ri in range(len(runs)):
            row = rows[k]
            low_row = rows[k + 1] if k + 1 < len(rows) and rows[k + 1].half == "low" else None
            lows = None if row.half is None else low_row.expected_winners if low_row is not None else []
            for (_, _, shares), half_row in zip(split_run(net_run[ri], row.expected_winners, lows, ring, chip,
                                                          low_ring, hilo_odd),
                                                 (row, low_row)):
                assert half_row is not None
                k += 1
                if named and {w: a for w, a in shares.items() if a} != dict(zip(half_row.winners, half_row.paid)):
                    return False
                per_row.append([shares[w] for w in half_row.expected_winners])
                for w, a in shares.items():
                    want[w] += a
    if not _paid_exactly(want, paid):
        return False
    for row, amounts in zip(rows, per_row):
        row.expected = amounts
    return True


def _attach_paid(rows: list[Pot], collects: list[CollectEvent]) -> None:
    """Fill each pot row's `winners`/`paid` from collections naming that pot (and run).

    A Hi/Lo pot's two rows share the log's collections from it (no log says which half a
    collection pays): each row first takes, of what each seat collected, up to that seat's
    share of its half, and what is left over goes to the half that is short of its
    expected total (the high half when neither is), so the row that was paid wrong is the
    one that shows it."""
    by_pot: dict[tuple[int | None, int], dict[int, int]] = {}
    for c in collects:
        seat_paid = by_pot.setdefault((c.pot, c.run), {})
        seat_paid[c.seat] = seat_paid.get(c.seat, 0) + c.amount
    groups: dict[tuple[int, int], list[Pot]] = {}
    for row in rows:
        groups.setdefault((row.index, row.run), []).append(row)
    for (index, run), group in groups.items():
        got = by_pot.get((index, run))
        if got is None and len(groups) == 1:
            got = by_pot.get((None, run)) or by_pot.get((None, 0))
        if got is None and index == 0:
            got = by_pot.get((None, run))
        if not got:
            continue
        if len(group) == 1:
            group[0].winners = sorted(got)
            group[0].paid = [got[s] for s in group[0].winners]
            continue
        parts: list[dict[int, int]] = []
        left = dict(got)
        for row in group:
            want = dict(zip(row.expected_winners, row.expected))
            part = {s: min(left[s], want[s]) for s in want if left.get(s, 0) > 0 and want[s] > 0}
            for s, a in part.items():
                left[s] -= a
            parts.append(part)
        for s, a in left.items():
            if a <= 0:
                continue
            short = [sum(r.expected) - sum(p.values()) for r, p in zip(group, parts)]
            k = max(range(len(group)), key=lambda i: (short[i], -i))
            parts[k][s] = parts[k].get(s, 0) + a
        for row, part in zip(group, parts):
            row.winners = sorted(part)
            row.paid = [part[s] for s in row.winners]
