"""A generator of random, legal Texas Hold'em and Omaha hands written as PokerStars hand
histories.

`generate_hand(rng)` deals one hand at a random table (2-10 seats with empty and
sitting-out seats, any button, no-limit, pot-limit or fixed-limit, cash or tournament,
antes, straddles in no-limit cash games, short stacks and all-ins), lets a simple random
policy play it, and returns the PokerStars text together with what the rules say the
outcome is: the pots, who is eligible for each, who wins each on each board and how much.

The betting rules are kept here with their own bookkeeping, written from
`/work/shared/reference/rules.md` and not from `hhaudit.engine.replay`, so that the two can be
compared (tests/test_generated.py). Where the rulebooks leave a choice open ([CONFIG]) the
generator follows the `online` profile and avoids the open corners:
- minimum bet = the big blind; minimum raise = current bet + the last full bet or raise of
  the street (never less than the big blind; a straddle is a new bring-in, so after a
  straddle of S the increment is S); short all-ins do not move the increment (TDA 43, 47);
- a seat that has acted may raise again only when it faces at least a full raise since
  it last acted (fixed limit: half a bet) (TDA 47-A/B);
- pot limit: raise-to at most B + P + (B - c), pre-flop with the full blinds (TDA 54);
- fixed limit: a bet and three raises, no cap when the pot is heads-up before the cap (Robert's
  3-4); an all-in of half a bet or more counts as a raise;
- the showdown winner of each pot is the best shown eligible hand (Hold'em: hhaudit.engine.evaluator;
  Omaha: the best of every two hole cards with every three board cards, valued by
  phevaluator, not by hhaudit's code);
- Omaha (`variant="omaha"`, 4, 5 or 6 hole cards) and Omaha Hi/Lo (`hilo=True`): each pot
  and run is split high and low, the odd chip to the high half, each half's odd chips from
  the first winner left of the button; the low (written out below) is five different ranks
  eight or lower of two hole and three board cards; no low, the high scoops; the same
  seats winning both halves split the pot as one (no one gets two odd chips);
  split pots give odd chips one each to the first winners left of the button (TDA 20-A);
  run it twice splits every pot in two, the odd chip to the first board;
- rake (cash hands that see a flop, now and then): 5% of the pot, rounded down to the cent,
  at most 3 big blinds, taken from the main pot first (then the next), and only then is a
  pot split, the odd cents by TDA-2024 20 (rules.md 7a, 7c);
- where the cards are revealed (`reveal`): show lines at the showdown (most hands); only a
  dealt line for every seat, as integrity exports write them ("dealt"); or only the
  summary's `showed [..]` and `mucked [..]` ("summary").
- capped tables (no-limit and pot-limit cash, `cap`): nobody puts more than the cap into one
  hand, blinds included; a player who has put it in is all-in for the betting ("and has
  reached the $N cap"), keeps the rest of the stack and is in every pot it matched;
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations

from hhaudit.engine import evaluator

RANK_WORD = {
    "2": ("Deuce", "Deuces"), "3": ("Three", "Threes"), "4": ("Four", "Fours"),
    "5": ("Five", "Fives"), "6": ("Six", "Sixes"), "7": ("Seven", "Sevens"),
    "8": ("Eight", "Eights"), "9": ("Nine", "Nines"), "T": ("Ten", "Tens"),
    "J": ("Jack", "Jacks"), "Q": ("Queen", "Queens"), "K": ("King", "Kings"),
    "A": ("Ace", "Aces"),
}
NAMES = [
    "Hero", "Blåveis", "Player1", "Player2", "mr. pink", "O'Neil", "x_x-y", "José M",
    "AALuckyBucks", "stefan_bg_46", "Kinewma", "ÆØÅ", "d0nk 4 life", "Q.Q", "bys7",
    "Nit123", "[bot]", "fish-o-matic", "ZZ Top", "seat9", "callstation", "Émile",
]
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]
LOW_RANK = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8}
STREET_NAMES = ["FLOP", "TURN", "RIVER"]
RUN_WORDS = ["FIRST", "SECOND"]


@dataclass
class GenPot:
    """One pot on one board (run 0 = the single board; 1, 2 for run it twice)."""

    index: int
    run: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    half: str | None = None
    """Hi/Lo: "high" or "low" (a scoop is one "high" pot); None in high-only games."""


@dataclass
class Decision:
    """What the rules allowed a seat when it acted (before its action)."""

    seat: int
    call: int
    """Chips a call puts in (0: nothing to call)."""
    reopened: bool
    """The seat has not acted this street, or faces a full raise since it did (TDA 47)."""
    min_to: int | None
    """Smallest legal raise-to (all-in included); None when the seat may not raise."""
    max_to: int | None
    least: int = 0
    """The rule's minimum raise-to ignoring the stack (fixed limit: the one legal raise-to)."""
    most: int | None = None
    """Pot limit: the rule's maximum raise-to ignoring the stack."""
    capped: bool = False


@dataclass
class GeneratedHand:
    text: str
    limit: str
    kind: str
    n_seats: int
    pots: list[GenPot]
    paid: dict[int, int]
    decisions: list[Decision]
    features: set[str] = field(default_factory=set)


@dataclass
class _Seat:
    seat: int
    name: str
    stack: int
    start: int
    sitting_out: bool = False
    hole: tuple[str, ...] = ("", "")
    street_bet: int = 0
    total: int = 0
    dead: int = 0
    folded: bool = False
    all_in: bool = False
    acted_level: int | None = None
    folded_on: str = ""
    put_in_voluntarily: bool = False
    capped: bool = False
    shown: bool = False
    mucked: bool = False


class _Game:
    def __init__(self, rng: random.Random, *, limit: str | None = None, kind: str | None = None,
                 n_seats: int | None = None, reveal: str | None = None, rake: bool | None = None,
                 cap: bool | None = None, variant: str = "holdem", hole_cards: int | None = None,
                 hilo: bool | None = None) -> None:
        self.rng = rng
        self.variant = variant
        self.n_hole = 2 if variant == "holdem" else hole_cards or rng.choice([4, 4, 4, 5, 6])
        self.hilo = variant == "omaha" and (hilo if hilo is not None else rng.random() < 0.5)
        self.lines: list[str] = []
        self.decisions: list[Decision] = []
        self.features: set[str] = set()
        self.limit = limit or rng.choice(["NL", "NL", "PL", "FL"])
        self.kind = kind or rng.choice(["cash", "cash", "tournament"])
        self.cash = self.kind == "cash"
        self.symbol = rng.choice(["$", "$", "€"]) if self.cash else ""
        max_seats = rng.choice([2, 6, 8, 9, 10]) if n_seats is None else max(n_seats, rng.choice([n_seats, 9, 10]))
        self.max_seats = max_seats
        occupied = n_seats if n_seats is not None else rng.randint(2, max_seats)
        occupied = min(occupied, (len(DECK) - 10) // self.n_hole)  # the deck holds two boards too
        seat_numbers = sorted(rng.sample(range(1, max_seats + 1), occupied))
        names = rng.sample(NAMES, occupied)
        # stakes, in the smallest unit (cents for cash, chips for tournaments)
        if self.limit == "FL":
            small = rng.choice([2, 10, 50, 100, 200, 400] if self.cash else [20, 40, 80, 200, 600])
            self.small_bet, self.big_bet = small, 2 * small
            self.sb, self.bb = small // 2, small
        else:
            self.sb, self.bb = rng.choice([(1, 2), (2, 5), (5, 10), (10, 25), (25, 50), (50, 100), (100, 200)]
                                          if self.cash else [(10, 20), (25, 50), (50, 100), (100, 200), (150, 300)])
            self.small_bet, self.big_bet = self.bb, 2 * self.bb
        self.ante = 0
        if rng.random() < (0.15 if self.cash else 0.5):
            self.ante = max(1, self.bb // rng.choice([5, 8, 10]))
        self.cap = 0
        """Capped tables: the most a player may put in the hand (PokerStars "$10 Cap")."""
        if cap is None:
            cap = self.cash and self.limit != "FL" and rng.random() < 0.12
        if cap and self.cash and self.limit != "FL":
            self.cap = self.bb * rng.choice([10, 20, 30, 40])
            self.ante = 0
            self.features.add("cap")
        self.seats: dict[int, _Seat] = {}
        for number, name in zip(seat_numbers, names):
            stack = self._stack()
            sitting = self.cash and occupied > 2 and rng.random() < 0.08
            self.seats[number] = _Seat(number, name, stack, stack, sitting_out=sitting)
        dealt = [s for s in self.seats.values() if not s.sitting_out]
        if len(dealt) < 2:
            for s in self.seats.values():
                s.sitting_out = False
        self.dealt = [s.seat for s in self.seats.values() if not s.sitting_out]
        # button: a dealt seat, or (3+ dealt) now and then an empty seat (dead button)
        empty = [n for n in range(1, max_seats + 1) if n not in self.seats]
        if len(self.dealt) >= 3 and empty and rng.random() < 0.1:
            self.button = rng.choice(empty)
            self.features.add("dead_button")
        else:
            self.button = rng.choice(self.dealt)
        self.street = "PREFLOP"
        self.board: list[str] = []
        self.deck = list(DECK)
        rng.shuffle(self.deck)
        for seat in self.dealt:
            s = self.seats[seat]
            s.hole = tuple(self.deck.pop() for _ in range(self.n_hole))
        self.current_bet = 0
        self.last_full = self.bb
        self.fl_level = 0
        self.raises = 0
        self.heads_up_uncapped = False
        self.runs: list[list[str]] = []
        self.reveal = reveal or rng.choice(["shows", "shows", "shows", "shows", "dealt", "summary"])
        """Where the hole cards are written: show lines, every seat's dealt line, the summary."""
        self.raked = self.cash and (rake if rake is not None else rng.random() < 0.35)
        self.rake = 0
        if self.reveal != "shows":
            self.features.add(f"{self.reveal}_cards")
        if variant == "omaha":
            self.features.add("omaha_hilo" if self.hilo else "omaha")

    # ------------------------------------------------------------------ helpers
    def _stack(self) -> int:
        rng = self.rng
        r = rng.random()
        bb = self.bb
        floor = self.ante + 1
        if r < 0.15:
            return max(floor, rng.randint(1, bb))
        if r < 0.45:
            return max(floor, rng.randint(bb, 12 * bb))
        return max(floor, rng.randint(20 * bb, 200 * bb))

    def money(self, amount: int) -> str:
        if not self.cash:
            return str(amount)
        whole, cents = divmod(amount, 100)
        return f"{self.symbol}{whole}" if cents == 0 else f"{self.symbol}{whole}.{cents:02d}"

    def ring(self, after: int) -> list[int]:
        """Dealt seats clockwise after seat `after` (which comes last if dealt)."""
        order = sorted(self.dealt)
        return [s for s in order if s > after] + [s for s in order if s <= after]

    def live(self) -> list[_Seat]:
        return [self.seats[s] for s in self.dealt if not self.seats[s].folded]

    def active(self) -> list[_Seat]:
        return [s for s in self.live() if not s.all_in]

    def pot(self) -> int:
        return sum(self.seats[s].total for s in self.dealt)

    def put(self, s: _Seat, chips: int, *, live: bool = True) -> None:
        assert 0 <= chips <= s.stack
        s.stack -= chips
        s.total += chips
        if live:
            s.street_bet += chips
        else:
            s.dead += chips
        if s.stack == 0:
            s.all_in = True
        elif self.cap and s.total >= self.cap:
            s.all_in = s.capped = True  # for the betting only

    def room(self, s: _Seat) -> int:
        """What `s` may still put in: its stack, and on a capped table what the cap leaves."""
        return min(s.stack, self.cap - s.total) if self.cap else s.stack

    def tail(self, s: _Seat) -> str:
        if s.stack == 0:
            return " and is all-in"
        return f" and has reached the {self.money(self.cap)} cap" if s.capped else ""

    # ------------------------------------------------------------------ the deal
    def header(self) -> None:
        rng = self.rng
        game = {"NL": "Hold'em No Limit", "PL": "Hold'em Pot Limit", "FL": "Hold'em Limit"}[self.limit]
        if self.variant == "omaha":
            name = ("Omaha" if self.n_hole == 4 else f"{self.n_hole} Card Omaha") + (" Hi/Lo" if self.hilo else "")
            game = name + game[len("Hold'em"):]
        hand_id = rng.randint(10**10, 10**12)
        date = f"20{rng.randint(10, 24)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d} " \
               f"{rng.randint(0, 23)}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d} ET"
        lo, hi = (self.small_bet, self.big_bet) if self.limit == "FL" else (self.sb, self.bb)
        if self.cash:
            code = "USD" if self.symbol == "$" else "EUR"
            stakes, after = f"({self.money(lo)}/{self.money(hi)} {code})", ""
            if self.cap and rng.random() < 0.7:  # as PokerStars writes it
                stakes = f"({self.money(lo)}/{self.money(hi)} - {self.money(self.cap)} Cap -  {code})"
            elif self.cap:
                after = f" - {self.money(self.cap)} Cap"
            self.lines.append(f"PokerStars Hand #{hand_id}:  {game} {stakes}{after} - {date}")
            table = f"Table '{rng.choice(['Mekbuda II', 'Juno', 'Lucretia IV', 'Teucer II'])}' {self.max_seats}-max"
        else:
            tid = rng.randint(10**8, 10**10)
            buyin = rng.choice(["$1.00+$0.25 USD ", "$3.26+$0.24 USD ", "Freeroll  ", "$200+$15 USD "])
            level = rng.choice(["I", "III", "XVI", "XXII"])
            self.lines.append(f"PokerStars Hand #{hand_id}: Tournament #{tid}, {buyin}{game} - Level {level} "
                              f"({lo}/{hi}) - {date}")
            table = f"Table '{tid} {rng.randint(1, 40)}' {self.max_seats}-max"
        self.lines.append(f"{table} Seat #{self.button} is the button")
        for number in sorted(self.seats):
            s = self.seats[number]
            note = " is sitting out" if s.sitting_out else " "
            self.lines.append(f"Seat {number}: {s.name} ({self.money(s.stack)} in chips){note}")

    def post(self, s: _Seat, what: str, nominal: int, *, live: bool = True) -> int:
        amount = min(nominal, s.stack)
        self.put(s, amount, live=live)
        tail = " and is all-in" if s.all_in else ""
        self.lines.append(f"{s.name}: posts {what} {self.money(amount)}{tail}")
        return amount

    def posts(self) -> None:
        rng = self.rng
        if self.ante:
            self.features.add("ante")
            for seat in sorted(self.dealt):
                self.post(self.seats[seat], "the ante", self.ante, live=False)
        if len(self.dealt) == 2:
            sb_seat = self.button if self.button in self.dealt else self.ring(self.button)[0]
        else:
            sb_seat = self.ring(self.button)[0]
        bb_seat = self.ring(sb_seat)[0]
        self.sb_seat, self.bb_seat = sb_seat, bb_seat
        self.sb_posted = self.post(self.seats[sb_seat], "small blind", self.sb)
        self.bb_posted = self.post(self.seats[bb_seat], "big blind", self.bb)
        self.current_bet = self.bb  # a short big blind does not lower the stakes (rules 2c)
        self.last_full = self.bb
        self.last_blind = bb_seat
        # straddles: no-limit cash, 3+ dealt, from the seat after the big blind
        if self.limit == "NL" and self.cash and len(self.dealt) >= 3 and rng.random() < 0.25:
            amount = 2 * self.bb
            seat = self.ring(bb_seat)[0]
            for _ in range(2):
                s = self.seats[seat]
                if seat in (sb_seat, bb_seat) or s.stack <= amount:
                    break
                self.post(s, "straddle", amount)
                self.features.add("straddle")
                self.current_bet = amount
                self.last_full = amount  # a straddle is a new bring-in (rules 9b)
                self.last_blind = seat
                amount *= 2
                seat = self.ring(seat)[0]
                if rng.random() < 0.6:
                    break
        if self.limit == "FL":
            self.fl_level = self.current_bet
            self.raises = 1
        self.heads_up_uncapped = len(self.live()) == 2
        self.lines.append("*** HOLE CARDS ***")
        hero = rng.choice(self.dealt)
        for seat in (self.ring(self.button) if self.reveal == "dealt" else [hero]):
            h = self.seats[seat]
            if seat in self.dealt:
                self.lines.append(f"Dealt to {h.name} [{' '.join(h.hole)}]")

    # ------------------------------------------------------------------ betting
    def bet_unit(self) -> int:
        return self.small_bet if self.street in ("PREFLOP", "FLOP") else self.big_bet

    def call_to(self, s: _Seat) -> int:
        others = [o for o in self.live() if o is not s]
        if any(not o.all_in for o in others):
            return self.current_bet
        return min(self.current_bet, max((o.street_bet for o in others), default=0))

    def can_raise(self, s: _Seat) -> bool:
        if s.acted_level is None:
            return True
        faced = self.current_bet - s.acted_level
        if self.limit == "FL":
            return faced * 2 >= self.bet_unit()
        return faced >= self.last_full

    def capped(self) -> bool:
        return self.limit == "FL" and not self.heads_up_uncapped and self.raises >= 4

    def limits(self, s: _Seat) -> tuple[int, int | None]:
        """The rule's smallest raise-to and (pot limit) largest, before the stack caps them."""
        if self.limit == "FL":
            return self.fl_level + self.bet_unit(), None
        least = self.bb if self.current_bet == 0 else self.current_bet + max(self.last_full, self.bb)
        if self.limit != "PL":
            return least, None
        b = max(self.current_bet, self.bb if self.street == "PREFLOP" else 0)
        p = self.pot()
        if self.street == "PREFLOP":
            p += (self.sb - self.sb_posted) + (self.bb - self.bb_posted)  # full blinds (TDA 54-B)
        return least, b + p + (b - s.street_bet)

    def raise_range(self, s: _Seat) -> tuple[int, int] | None:
        """(smallest, largest) legal raise-to for `s`, all-in (or the table's cap) included;
        None: no raise."""
        cap = s.street_bet + self.room(s)
        owed = self.call_to(s) - s.street_bet
        if self.room(s) <= owed or not self.can_raise(s) or self.capped():
            return None
        if not [o for o in self.active() if o is not s]:
            return None  # nobody left to call a raise
        if self.limit == "FL":
            to = self.fl_level + self.bet_unit()
            if to <= self.current_bet:
                return None
            return (to, to) if cap >= to else (cap, cap)
        least, most_rule = self.limits(s)
        most = cap if most_rule is None else min(cap, most_rule)
        if cap < least:
            return (cap, cap) if cap > self.current_bet and most >= cap else None
        return (least, max(least, most))

    def needs_action(self, s: _Seat) -> bool:
        if s.folded or s.all_in:
            return False
        return s.acted_level is None or s.street_bet < self.current_bet

    def round_over(self) -> bool:
        active = self.active()
        if len(self.live()) <= 1 or not active:
            return True
        if len(active) == 1:
            a = active[0]
            if a.street_bet >= self.call_to(a):
                return True
        return not any(self.needs_action(s) for s in active)

    def betting_round(self) -> None:
        start = self.last_blind if self.street == "PREFLOP" else self.button
        seat = start
        while not self.round_over():
            seat = next(x for x in self.ring(seat) if self.needs_action(self.seats[x]))
            self.act(self.seats[seat])

    def act(self, s: _Seat) -> None:
        rng = self.rng
        owed = max(0, min(self.call_to(s) - s.street_bet, self.room(s)))
        rr = self.raise_range(s)
        least, most = self.limits(s)
        self.decisions.append(Decision(s.seat, owed, self.can_raise(s), rr[0] if rr else None,
                                       rr[1] if rr else None, least, most, self.capped()))
        choices = []
        if owed > 0:
            choices += [("fold", 3), ("call", 5)]
        else:
            choices += [("check", 6)]
        if rr is not None:
            # heads-up fixed limit is uncapped: raising wars past four bets happen
            war = self.limit == "FL" and self.heads_up_uncapped and self.raises < 7
            choices += [("raise", 8 if war else 3 if self.raises < 6 else 1)]
        act = rng.choices([c for c, _ in choices], [w for _, w in choices])[0]
        name = s.name
        if act == "fold":
            s.folded = True
            s.folded_on = self.street
            s.acted_level = self.current_bet
            if len(self.live()) == 2 and self.raises < 4:
                self.heads_up_uncapped = True  # heads-up before the cap: uncapped (Robert's 4)
            self.lines.append(f"{name}: folds ")
            return
        if act == "check":
            s.acted_level = self.current_bet
            self.lines.append(f"{name}: checks ")
            return
        if act == "call":
            self.put(s, owed)
            s.put_in_voluntarily = True
            s.acted_level = self.current_bet
            self.lines.append(f"{name}: calls {self.money(owed)}{self.tail(s)}")
            return
        assert rr is not None
        lo, hi = rr
        pick = rng.random()
        if pick < 0.4 or lo == hi:
            to = lo
        elif pick < 0.7:
            to = hi
        else:
            to = rng.randint(lo, hi)
        if self.cash and self.limit != "FL" and to not in (lo, hi):
            to = min(hi, max(lo, to - to % max(1, self.sb)))  # round sizes, like players do
        chips = to - s.street_bet
        was = self.current_bet
        self.put(s, chips)
        s.put_in_voluntarily = True
        increment = to - was
        if self.limit == "FL" and self.raises >= 4:
            self.features.add("fl_heads_up_uncapped")  # a fifth bet: heads-up before the cap
        if self.limit == "FL":
            if increment * 2 >= self.bet_unit() or not s.all_in:
                self.fl_level = to
                self.raises += 1
        elif was == 0:
            self.last_full = max(increment, self.bb)
        elif increment >= self.last_full:
            self.last_full = increment
        self.current_bet = to
        s.acted_level = to
        tail = self.tail(s)
        if was == 0:
            self.lines.append(f"{name}: bets {self.money(chips)}{tail}")
        else:
            self.lines.append(f"{name}: raises {self.money(increment)} to {self.money(to)}{tail}")
        if s.all_in and not s.capped:
            self.features.add("all_in_raise")

    def return_uncalled(self) -> None:
        bets = sorted(((self.seats[x].street_bet, x) for x in self.dealt), reverse=True)
        if len(bets) < 2:
            return
        (top, seat), (second, _) = bets[0], bets[1]
        if top > second:
            s = self.seats[seat]
            back = top - second
            s.stack += back
            s.total -= back
            s.street_bet -= back
            if s.stack > 0:
                s.all_in = s.capped = False
            self.lines.append(f"Uncalled bet ({self.money(back)}) returned to {s.name}")

    def new_street(self) -> None:
        self.street = {"PREFLOP": "FLOP", "FLOP": "TURN", "TURN": "RIVER"}[self.street]
        self.current_bet = 0
        self.last_full = self.bb if self.limit != "FL" else self.bet_unit()
        self.fl_level = 0
        self.raises = 0
        for s in self.seats.values():
            s.street_bet = 0
            s.acted_level = None
        self.heads_up_uncapped = len(self.live()) == 2

    def deal_street(self, board: list[str], prefix: str = "") -> str:
        n = {"FLOP": 3, "TURN": 1, "RIVER": 1}[self.street]
        old = list(board)
        new = [self.deck.pop() for _ in range(n)]
        board.extend(new)
        if self.street == "FLOP":
            return f"*** {prefix}FLOP *** [{' '.join(new)}]"
        return f"*** {prefix}{self.street} *** [{' '.join(old)}] [{' '.join(new)}]"

    # ------------------------------------------------------------------ pots
    def build_pots(self) -> list[tuple[int, tuple[int, ...]]]:
        """(amount, eligible seats) per pot, main pot first (rules.md 7b)."""
        contrib = {x: self.seats[x].total for x in self.dealt if self.seats[x].total > 0}
        live = [s.seat for s in self.live()]
        levels = sorted({self.seats[x].total for x in live if self.seats[x].all_in}
                        | {max(self.seats[x].total for x in live)})
        pots = []
        prev = 0
        for lv in levels:
            amount = sum(max(0, min(c, lv) - prev) for c in contrib.values())
            eligible = tuple(sorted(x for x in live if self.seats[x].total >= lv))
            if amount:
                pots.append((amount, eligible))
            prev = lv
        rest = sum(max(0, c - prev) for c in contrib.values())
        if rest:
            amount, eligible = pots[-1]
            pots[-1] = (amount + rest, eligible)
        return pots

    def split(self, amount: int, winners: list[int]) -> list[int]:
        order = self.ring(self.button)
        ranked = sorted(winners, key=order.index)
        share, odd = divmod(amount, len(ranked))
        got = {w: share + (1 if i < odd else 0) for i, w in enumerate(ranked)}
        return [got[w] for w in winners]

    def rake_cuts(self, amounts: list[int]) -> list[int]:
        """What each pot gives up of the rake: the main pot first, then the next."""
        cuts, left = [], self.rake
        for a in amounts:
            cuts.append(min(a, left))
            left -= cuts[-1]
        return cuts

    def high(self, hole: tuple[str, ...], board: list[str]) -> int:
        """The high hand's value, higher better: Hold'em's by hhaudit.engine.evaluator; Omaha's the
        best of two hole cards and three board cards by phevaluator (lower is better there)."""
        if self.variant == "holdem":
            return evaluator.hand_value([*hole, *board])
        from phevaluator import evaluate_cards

        return -min(evaluate_cards(*two, *three) for two in combinations(hole, 2) for three in combinations(board, 3))

    def low(self, hole: tuple[str, ...], board: list[str]) -> tuple[int, ...] | None:
        """The eight-or-better low, LOWER better (the ranks from the highest down, ace 1), or
        None: two hole cards and three board cards of five different ranks eight or lower."""
        best = None
        for two in combinations(hole, 2):
            for three in combinations(board, 3):
                ranks = [LOW_RANK.get(c[0], 99) for c in (*two, *three)]
                if max(ranks) <= 8 and len(set(ranks)) == 5:
                    key = tuple(sorted(ranks, reverse=True))
                    if best is None or key < best:
                        best = key
        return best

    def five(self, hole: tuple[str, ...], board: list[str]) -> list[str]:
        """The five cards of the high hand (Omaha: two hole cards and three board cards)."""
        if self.variant == "holdem":
            return [*hole, *board]
        value = self.high(hole, board)
        return next([*two, *three] for two in combinations(hole, 2) for three in combinations(board, 3)
                    if self.high(two, list(three)) == value)

    def describe(self, cards: list[str]) -> str:
        text = evaluator.describe(cards)
        cat, five = text.split(" (")
        five_cards = five.rstrip(")").split()
        r = [c[0] for c in five_cards]
        one = lambda k: RANK_WORD[k][0]  # noqa: E731
        many = lambda k: RANK_WORD[k][1]  # noqa: E731
        if cat == "high card":
            return f"high card {one(r[0])}"
        if cat == "one pair":
            return f"a pair of {many(r[0])}"
        if cat == "two pair":
            return f"two pair, {many(r[0])} and {many(r[2])}"
        if cat == "three of a kind":
            return f"three of a kind, {many(r[0])}"
        if cat == "straight":
            return f"a straight, {one(r[4])} to {one(r[0])}"
        if cat == "flush":
            return f"a flush, {one(r[0])} high"
        if cat == "full house":
            return f"a full house, {many(r[0])} full of {many(r[3])}"
        if cat == "four of a kind":
            return f"four of a kind, {many(r[0])}"
        if r[0] == "A":
            return "a Royal Flush"
        return f"a straight flush, {one(r[4])} to {one(r[0])}"

    def show(self, s: _Seat, board: list[str]) -> None:
        s.shown = True
        if self.reveal != "shows":
            return  # tabled, and written only in the dealt lines or the summary
        desc = f" ({self.describe(self.five(s.hole, board))})" if len(board) == 5 else ""
        self.lines.append(f"{s.name}: shows [{' '.join(s.hole)}]{desc}")

    # ------------------------------------------------------------------ play
    def play(self) -> GeneratedHand:
        self.header()
        self.posts()
        results: list[GenPot] = []
        paid: dict[int, int] = {}
        while True:
            self.betting_round()
            if len(self.live()) == 1 or len(self.active()) <= 1 or self.street == "RIVER":
                break
            self.new_street()
            self.lines.append(self.deal_street(self.board))
        self.return_uncalled()
        live = self.live()
        pots = self.build_pots()
        total = sum(a for a, _ in pots)
        # no flop, no drop; the rake from the main pot first (rules.md 7c)
        self.rake = min(total * 5 // 100, 3 * self.bb) if self.raked and self.board else 0
        cuts = self.rake_cuts([a for a, _ in pots])
        if self.rake:
            self.features.add("raked")
        if len(live) == 1:
            w = live[0]
            net = total - self.rake
            self.lines.append(f"{w.name} collected {self.money(net)} from pot")
            if self.rng.random() < 0.5:
                self.lines.append(f"{w.name}: doesn't show hand ")
            for i, (amount, elig) in enumerate(pots):
                results.append(GenPot(i, 0, amount, elig, (w.seat,), (amount - cuts[i],),
                                      "high" if self.hilo else None))
            paid[w.seat] = net
            self.summary(pots, paid, [self.board])
            return self.result(results, paid)
        # showdown
        boards: list[list[str]] = [self.board]
        runout = len(self.board) < 5
        if runout:
            for s in live:  # everyone is all-in but one at most: all hands are tabled
                self.show(s, self.board)
            rit = self.cash and self.limit == "NL" and len(live) == 2 and self.rng.random() < 0.5
            if rit:
                self.features.add("run_it_twice")
                base_street = self.street
                boards = []
                for run in range(2):
                    self.street = base_street
                    board = list(self.board)
                    while len(board) < 5:
                        self.street = {"PREFLOP": "FLOP", "FLOP": "TURN", "TURN": "RIVER"}[self.street]
                        self.lines.append(self.deal_street(board, RUN_WORDS[run] + " "))
                    boards.append(board)
            else:
                while len(self.board) < 5:
                    self.new_street()
                    self.lines.append(self.deal_street(self.board))
        values = {s.seat: [self.high(s.hole, b) for b in boards] for s in live}
        lows = {s.seat: [self.low(s.hole, b) for b in boards] for s in live} if self.hilo else {}
        # per pot and run: winners among shown (or uncontested) hands
        n_runs = len(boards)
        per_pot: list[list[list[tuple[list[int], list[int], str | None, int]]]] = []
        if not runout:
            self.lines.append("*** SHOW DOWN ***")
            self.showdown_shows(live, pots, values)
        elif n_runs == 1:
            self.lines.append("*** SHOW DOWN ***")
        gross_parts: list[list[int]] = []
        for (amount, elig), cut in zip(pots, cuts):
            contenders = [x for x in elig if not self.seats[x].mucked] if len(elig) > 1 else list(elig)
            parts = [amount // n_runs + (1 if r < amount % n_runs else 0) for r in range(n_runs)]
            gross_parts.append(parts)
            net = amount - cut  # the rake comes out of the pot before it is split
            nets = [net // n_runs + (1 if r < net % n_runs else 0) for r in range(n_runs)]
            row = []
            for r in range(n_runs):
                best = max(values[x][r] for x in contenders)
                winners = [x for x in contenders if values[x][r] == best] if len(contenders) > 1 else contenders
                if not self.hilo:
                    row.append([(winners, self.split(nets[r], winners), None, parts[r])])
                    continue
                made = [lows[x][r] for x in contenders if lows[x][r] is not None] if len(contenders) > 1 else []
                if not made:  # no low: the high hand scoops
                    row.append([(winners, self.split(nets[r], winners), "high", parts[r])])
                    continue
                low_winners = [x for x in contenders if lows[x][r] == min(made)]
                self.features.add("low")
                if len(low_winners) > 1 or len(winners) > 1:
                    self.features.add("split")
                # the odd chip of the pot to the high half (TDA-2024 20-C)
                high_net, low_net = nets[r] - nets[r] // 2, nets[r] // 2
                high_gross, low_gross = parts[r] - parts[r] // 2, parts[r] // 2
                high_shares = self.split(high_net, winners)
                if len(winners) > 1 and sorted(winners) == sorted(low_winners):
                    # the same seats win both halves: the whole pot split among them as one
                    whole = dict(zip(winners, self.split(nets[r], winners)))
                    got_high = dict(zip(winners, high_shares))
                    low_shares = [whole[x] - got_high[x] for x in low_winners]
                else:
                    low_shares = self.split(low_net, low_winners)
                row.append([(winners, high_shares, "high", high_gross), (low_winners, low_shares, "low", low_gross)])
            per_pot.append(row)
        for r in range(n_runs):
            if n_runs > 1:
                self.lines.append(f"*** {RUN_WORDS[r]} SHOW DOWN ***")
            # PokerStars pays the last side pot first
            for i in reversed(range(len(pots))):
                label = "pot" if len(pots) == 1 else "main pot" if i == 0 else \
                    "side pot" if len(pots) == 2 else f"side pot-{i}"
                for winners, shares, _, _ in per_pot[i][r]:
                    for w, a in zip(winners, shares):
                        if not a:
                            continue  # a pot the rake took whole: nothing to collect
                        self.lines.append(f"{self.seats[w].name} collected {self.money(a)} from {label}")
                        paid[w] = paid.get(w, 0) + a
        for i, (amount, elig) in enumerate(pots):
            for r in range(n_runs):
                for winners, shares, half, gross in per_pot[i][r]:
                    results.append(GenPot(i, r + 1 if n_runs > 1 else 0, gross, elig, tuple(winners),
                                          tuple(shares), half))
        if len(pots) > 1:
            self.features.add("side_pots")
        if any(len(half[0]) > 1 for p in per_pot for row in p for half in row):
            self.features.add("split")
            if self.rake:
                self.features.add("raked_split")
        self.summary(pots, paid, boards)
        return self.result(results, paid)

    def showdown_shows(self, live: list[_Seat], pots: list[tuple[int, tuple[int, ...]]],
                       values: dict[int, list[int]]) -> None:
        """Shows in order from the first live seat left of the button; all-in seats always
        show; a seat beaten in every pot it is in by a hand already shown may muck."""
        order = [x for x in self.ring(self.button) if x in {s.seat for s in live}]
        for x in order:
            s = self.seats[x]
            mine = [elig for _, elig in pots if x in elig]
            beaten = not self.hilo and all(any(self.seats[o].shown and values[o][0] > values[x][0]
                                               for o in elig if o != x) for elig in mine)
            if beaten and not s.all_in and self.rng.random() < 0.6:
                s.mucked = True
                if self.reveal != "summary":
                    self.lines.append(f"{s.name}: mucks hand ")
            else:
                self.show(s, self.board)

    def summary(self, pots: list[tuple[int, tuple[int, ...]]], paid: dict[int, int],
                boards: list[list[str]]) -> None:
        total = sum(a for a, _ in pots)
        rake = self.money(self.rake)
        self.lines.append("*** SUMMARY ***")
        if len(pots) == 1 or len(self.live()) == 1:
            self.lines.append(f"Total pot {self.money(total)} | Rake {rake} ")
        else:
            parts = [f"Main pot {self.money(pots[0][0])}."]
            if len(pots) == 2:
                parts.append(f"Side pot {self.money(pots[1][0])}.")
            else:
                parts += [f"Side pot-{i} {self.money(a)}." for i, (a, _) in enumerate(pots) if i]
            self.lines.append(f"Total pot {self.money(total)} {' '.join(parts)} | Rake {rake} ")
        if len(boards) > 1:
            self.lines.append("Hand was run twice")
            for r, b in enumerate(boards):
                self.lines.append(f"{RUN_WORDS[r]} Board [{' '.join(b)}]")
        elif boards[0]:
            self.lines.append(f"Board [{' '.join(boards[0])}]")
        for number in sorted(self.seats):
            s = self.seats[number]
            if s.sitting_out:
                continue
            pos = ""
            if number == self.button:
                pos += " (button)"
            if number == self.sb_seat:
                pos += " (small blind)"
            elif number == self.bb_seat:
                pos += " (big blind)"
            if s.folded:
                where = "before Flop" if s.folded_on == "PREFLOP" else f"on the {s.folded_on.title()}"
                quiet = " (didn't bet)" if not s.put_in_voluntarily and not pos.endswith("blind)") else ""
                text = f"folded {where}{quiet}"
            elif s.mucked:
                text = f"mucked [{' '.join(s.hole)}]" if self.reveal != "dealt" else "mucked"
            elif s.shown and self.reveal == "dealt":
                won = paid.get(number, 0)
                text = f"won ({self.money(won)})" if won else "lost"
            elif s.shown:
                board = boards[0]
                desc = self.describe(self.five(s.hole, board)) if len(board) == 5 else ""
                won = paid.get(number, 0)
                text = f"showed [{' '.join(s.hole)}] and " + (
                    f"won ({self.money(won)}) with {desc}" if won else f"lost with {desc}")
            else:
                text = f"collected ({self.money(paid.get(number, 0))})"
            self.lines.append(f"Seat {number}: {s.name}{pos} {text}")

    def result(self, pots: list[GenPot], paid: dict[int, int]) -> GeneratedHand:
        assert sum(paid.values()) + self.rake == sum(s.start for s in self.seats.values()) - sum(
            s.stack for s in self.seats.values()), "chips are not conserved"
        if any(s.all_in for s in self.seats.values()):
            self.features.add("all_in")
        text = "\n".join(self.lines) + "\n\n\n"
        return GeneratedHand(text, self.limit, self.kind, len(self.dealt), pots, paid, self.decisions,
                             self.features)


def generate_hand(rng: random.Random, **options: object) -> GeneratedHand:
    """One random legal hand; options: limit ("NL"/"PL"/"FL"), kind ("cash"/"tournament"),
    n_seats (occupied seats), reveal ("shows"/"dealt"/"summary"), rake (cash hands),
    cap (a capped table, no-limit and pot-limit cash), variant ("holdem"/"omaha"),
    hole_cards (Omaha: 4, 5 or 6), hilo (Omaha Hi/Lo eight or better)."""
    return _Game(rng, **options).play()  # type: ignore[arg-type]


if __name__ == "__main__":  # print a few hands: python tests/generator.py [seed] [count]
    import sys

    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    for i in range(int(sys.argv[2]) if len(sys.argv) > 2 else 3):
        print(generate_hand(random.Random(seed + i)).text)
