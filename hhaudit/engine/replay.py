"""The replay state of one Hold'em hand.

It applies each event as the log says it happened and never refuses one: rules ask it
questions before an event is applied (`to_act`, `call_amount`, `min_raise_to`,
`max_raise_to`, `can_raise`) and compare the answers with what the log did.

Positions come from the posts and the button: pre-flop action starts after the last blind
or straddle, later streets after the button. A seat is "dealt in" unless the log marks it
sitting out; online logs (profile `infer_sitting_out`) also drop a listed seat that play
passes before it ever posted or acted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from ..model import (
    Act,
    ActionEvent,
    Hand,
    Limit,
    Post,
    PostEvent,
    ProtectionEvent,
    Street,
    StreetEvent,
    UncalledEvent,
)
from ..profiles import Profile

_NEXT: Final = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN, Street.TURN: Street.RIVER}

# Enum members as module constants: on Python 3.11 reading `Street.PREFLOP` from the enum
# class costs about 0.2 µs, and the replay asks per action. Final: compiled, a C static.
_PREFLOP: Final = Street.PREFLOP
_FLOP: Final = Street.FLOP
_SHOWDOWN: Final = Street.SHOWDOWN
_NO_LIMIT: Final = Limit.NO_LIMIT
_POT_LIMIT: Final = Limit.POT_LIMIT
_FIXED_LIMIT: Final = Limit.FIXED_LIMIT
_FOLD: Final = Act.FOLD
_CHECK: Final = Act.CHECK
_CALL: Final = Act.CALL
_ANTE: Final = Post.ANTE
_SMALL_BLIND: Final = Post.SMALL_BLIND
_BIG_BLIND: Final = Post.BIG_BLIND
_STRADDLE: Final = Post.STRADDLE
_DEAD: Final = Post.DEAD


_RINGS: Final[dict[tuple[int, ...], dict[int, list[int]]]] = {}
"""`State.next_after`'s answers per seat list (the seat numbers of a hand, in order): a
table's seats rarely change from one hand to the next. Callers never change a ring."""


def _ring_key(seat: int | None, include: bool) -> int:
    """The key of `State.next_after(seat, include=include)` in `State._rings` (an int: no
    tuple to build and hash at every turn)."""
    return (-2 if seat is None else 2 * seat) + (1 if include else 0)


@dataclass(slots=True, init=False)
class SeatState:
    seat: int
    player: str
    stack: int
    """Chips behind."""
    street_bet: int = 0
    """Live chips in front of the player this street."""
    total: int = 0
    """Everything the player has put in the pot this hand (antes and dead chips included)."""
    dead: int = 0
    """The part of `total` that was a dead blind: it matches no bet and gives no
    eligibility (rules.md 7b)."""
    ante: int = 0
    """The part of `total` that was an ante. A big-blind ante (the only ante of the hand)
    matches no bet, so it never calls part of an uncalled bet (`pots.unmatched_bet`)."""
    folded: bool = False
    all_in: bool = False
    dealt_in: bool = True
    acted_level: int | None = None
    """The street's bet level after this seat last acted (None: not acted this street)."""
    has_acted_in_hand: bool = False
    posted: bool = False
    live_blind: bool = False
    """Posted a live blind or straddle this street (keeps the option to raise)."""
    sitting_out: bool = False
    inferred_out: bool = False
    """Dropped as not dealt in by the order check (online logs, `infer_sitting_out`): it
    never posted, acted or was dealt cards when a seat after it acted."""
    capped: bool = False
    """Has put the table's cap in (`Hand.cap`): all-in for the betting (`all_in` is set),
    not for the pots, which are built from the chips."""

    def __init__(
        self,
        seat: int,
        player: str,
        stack: int,
        street_bet: int = 0,
        total: int = 0,
        dead: int = 0,
        folded: bool = False,
        all_in: bool = False,
        dealt_in: bool = True,
        acted_level: int | None = None,
        has_acted_in_hand: bool = False,
        posted: bool = False,
        live_blind: bool = False,
        sitting_out: bool = False,
        inferred_out: bool = False,
        ante: int = 0,
        capped: bool = False,
    ) -> None:
        self.seat = seat
        self.player = player
        self.stack = stack
        self.street_bet = street_bet
        self.total = total
        self.dead = dead
        self.folded = folded
        self.all_in = all_in
        self.dealt_in = dealt_in
        self.acted_level = acted_level
        self.has_acted_in_hand = has_acted_in_hand
        self.posted = posted
        self.live_blind = live_blind
        self.sitting_out = sitting_out
        self.inferred_out = inferred_out
        self.ante = ante
        self.capped = capped


@dataclass(slots=True, init=False)
class ActionResult:
    """What an action did, in chips, as the replay applied it."""

    chips: int
    to: int
    all_in: bool

    def __init__(self, chips: int, to: int, all_in: bool) -> None:
        self.chips = chips
        self.to = to
        self.all_in = all_in


@dataclass(slots=True, init=False)
class State:
    hand: Hand
    profile: Profile
    seats: dict[int, SeatState] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)
    """Seat numbers in clockwise order (ascending seat numbers)."""
    _rings: dict[int, list[int]] = field(default_factory=dict, repr=False)
    """next_after's answers, by `_ring_key`: the seats never change during a hand, and hands
    with the same seats share them (`_RINGS`)."""
    button: int | None = None
    street: Street = _PREFLOP
    current_bet: int = 0
    last_full: int = 0
    """The last full bet or raise increment of the street (TDA 43-A)."""
    fl_level: int = 0
    """Fixed limit: the bet level the next raise is counted from."""
    raises: int = 0
    """Bets and full raises made this street, before the flop the big blind counted as the
    bet (fixed limit's cap counts them, and a house's no-limit cap, `nl_raise_cap`)."""
    heads_up_at_start: bool = False
    heads_up_uncapped: bool = False
    """Fixed limit: the pot became heads-up this street before the raising was capped
    (Robert's Betting & Raising 4: raising is then unlimited; a fold that leaves two players
    after the cap does not uncap the street)."""
    last_actor: int | None = None
    round_closed: bool = False
    hand_over: bool = False
    runs: int = 0
    sb_seat: int | None = None
    bb_seat: int | None = None
    blind_seats: list[int] = field(default_factory=list)
    """Seats whose posts set the pre-flop order (SB, BB, straddles), in posting order."""
    uncalled_returned: int = 0
    returned: dict[int, int] = field(default_factory=dict)
    """Uncalled chips the log returned, per seat."""
    room_added: int = 0
    dead_money: int = 0
    _after: int | None = field(default=None, repr=False)
    """`to_act()` as `apply_action` found it, while `_after_valid` (see `to_act_after`)."""
    _after_valid: bool = field(default=False, repr=False)
    _n_live: int = field(default=0, repr=False)
    """How many seats are in `live()`, kept by the `apply_*` methods (`changed()` recounts)."""
    _n_active: int = field(default=0, repr=False)
    """How many seats are in `active()`, kept likewise."""

    def __init__(self, hand: Hand, profile: Profile) -> None:
        self.hand = hand
        self.profile = profile
        self.seats = {}
        self.order = []
        self._rings = {}
        self.button = None
        self.street = _PREFLOP
        self.current_bet = 0
        self.last_full = 0
        self.fl_level = 0
        self.raises = 0
        self.heads_up_at_start = False
        self.heads_up_uncapped = False
        self.last_actor = None
        self.round_closed = False
        self.hand_over = False
        self.runs = 0
        self.sb_seat = None
        self.bb_seat = None
        self.blind_seats = []
        self.uncalled_returned = 0
        self.returned = {}
        self.room_added = 0
        self.dead_money = 0
        self._after = None
        self._after_valid = False
        self._n_live = 0
        self._n_active = 0

    @classmethod
    def start(cls, hand: Hand, profile: Profile) -> State:
        st = cls(hand, profile)
        for s in sorted(hand.seats, key=lambda s: s.seat):
            seat = st.seats[s.seat] = SeatState(s.seat, s.player, s.stack)
            if s.sitting_out:
                seat.sitting_out = True
                # Tournament seats sitting out are dealt in and folded by the software.
                seat.dealt_in = hand.kind == "tournament"
        st.order = sorted(st.seats)
        key = tuple(st.order)
        rings = _RINGS.get(key)
        if rings is None:
            if len(_RINGS) >= 4096:
                _RINGS.clear()
            rings = _RINGS[key] = {}
        st._rings = rings
        st.button = hand.button_seat
        st.last_full = hand.bb if hand.limit is not _FIXED_LIMIT else hand.small_bet
        st._recount()
        return st

    # ------------------------------------------------------------------ questions
    @property
    def pot(self) -> int:
        """Every chip in the middle, street bets included."""
        return sum(s.total for s in self.seats.values()) + self.room_added

    def active(self) -> list[SeatState]:
        """Seats that can still act: dealt in, not folded, not all-in."""
        return [s for s in self.seats.values() if s.dealt_in and not s.folded and not s.all_in]

    def live(self) -> list[SeatState]:
        """Seats still in the hand (not folded), all-in or not."""
        return [s for s in self.seats.values() if s.dealt_in and not s.folded]

    def bet_unit(self) -> int:
        """Fixed limit: the bet size of the current street."""
        h = self.hand
        street = self.street
        if street is _PREFLOP or street is _FLOP:
            return h.small_bet or h.bb
        return h.big_bet or 2 * (h.small_bet or h.bb)

    def call_to(self, seat: int) -> int:
        """The street total a call of `seat` must reach: the current bet, or, when every
        other seat still in is all-in, the largest of their bets (more would be uncalled)."""
        top: int | None = None
        for o in self.seats.values():
            if o.seat != seat and o.dealt_in and not o.folded:
                if not o.all_in:
                    return self.current_bet
                if top is None or o.street_bet > top:
                    top = o.street_bet
        return min(self.current_bet, 0 if top is None else top)

    def call_amount(self, seat: int) -> int:
        s = self.seats[seat]
        return max(0, min(self.call_to(seat) - s.street_bet, s.stack))

    def min_bet(self) -> int:
        if self.hand.limit is _FIXED_LIMIT:
            return self.bet_unit()
        return self.hand.bb

    def min_raise_to(self) -> int:
        """The smallest legal raise-to (not all-in) at this point of the street."""
        if self.hand.limit is _FIXED_LIMIT:
            return self.fl_level + self.bet_unit()
        if self.current_bet == 0:
            return self.min_bet()
        return self.current_bet + max(self.last_full, self.hand.bb)

    def pot_for_limit(self) -> int:
        """The pot that pot-limit sizes are computed on: pre-flop with notional full blinds
        (TDA-2024 54-B)."""
        pot = self.pot
        if self.street is _PREFLOP:
            sb_live = self.seats[self.sb_seat].street_bet if self.sb_seat in self.seats else 0
            bb_live = self.seats[self.bb_seat].street_bet if self.bb_seat in self.seats else 0
            if self.sb_seat is None or (sb_live < self.hand.sb and self.seats[self.sb_seat].all_in):
                pot += max(0, self.hand.sb - (sb_live if self.sb_seat is not None else 0))
            if self.bb_seat is not None and bb_live < self.hand.bb and self.seats[self.bb_seat].all_in:
                pot += self.hand.bb - bb_live
        return pot

    def max_raise_to(self, seat: int) -> int:
        """Pot limit: the largest bet or raise-to for `seat` (TDA-2024 54); no limit: the
        stack; fixed limit: one bet more."""
        s = self.seats[seat]
        cap = s.street_bet + s.stack
        if self.hand.limit is _NO_LIMIT:
            return cap
        if self.hand.limit is _FIXED_LIMIT:
            return min(cap, self.min_raise_to())
        bet = max(self.current_bet, self.hand.bb if self.street is _PREFLOP else 0)
        call = max(0, bet - s.street_bet)
        most = bet + self.pot_for_limit() + call
        chip = self.hand.chip or self.profile.chip * 10**self.hand.fine
        if chip > 1 and most % chip:
            most += chip - most % chip  # no one can bet part of a chip (rules.md 5: the smallest chip)
        return most + self.profile.pl_round_up

    def has_acted(self, seat: int) -> bool:
        return self.seats[seat].acted_level is not None

    def can_raise(self, seat: int) -> bool:
        """TDA-2024 47-A (limit: 47-B): a seat that has acted this street may raise only when
        it faces at least a full raise since it last acted (short all-ins add up)."""
        s = self.seats[seat]
        if s.acted_level is None:
            return True
        faced = self.current_bet - s.acted_level
        if self.hand.limit is _FIXED_LIMIT:
            return faced * 2 >= self.bet_unit() if self.profile.fl_reopen_half_bet else faced >= self.bet_unit()
        return faced >= max(self.last_full, 1)

    def capped(self) -> bool:
        """Fixed limit: the street's raises are capped."""
        if self.hand.limit is not _FIXED_LIMIT:
            return False
        if self.profile.fl_heads_up_uncapped and self.heads_up_uncapped and not (
            self.hand.kind == "tournament" and self.profile.fl_tournament_cap_heads_up
        ):
            return False
        return self.raises >= 1 + self.profile.fl_cap

    def next_after(self, seat: int | None, *, include: bool = False) -> list[int]:
        """Seats clockwise after `seat` (all seats if None); with `include`, `seat` itself
        comes last (the button or the last blind closes the round)."""
        key = _ring_key(seat, include)
        ring = self._rings.get(key)
        if ring is None:
            order = self.order
            if seat is None:
                ring = list(order)
            else:
                later = [s for s in order if s > seat]
                earlier = [s for s in order if s < seat]
                ring = later + earlier + ([seat] if include and seat in order else [])
            self._rings[key] = ring
        return ring

    def needs_action(self, s: SeatState) -> bool:
        if not s.dealt_in or s.folded or s.all_in:
            return False
        if s.acted_level is None:
            return True
        return s.street_bet < self.current_bet

    def to_act(self) -> int | None:
        """The seat whose turn it is, or None when the betting round is closed."""
        if self.round_closed or self.hand_over:
            return None
        last = self.last_actor
        if last is not None:
            ring = self._rings.get(_ring_key(last, False)) or self.next_after(last)
        else:
            start = self._round_start()
            ring = self._rings.get(_ring_key(start, True)) or self.next_after(start, include=True)
        seats = self.seats
        bet = self.current_bet
        for seat in ring:  # the first seat that needs to act (see `needs_action`)
            first = seats[seat]
            if first.dealt_in and not first.folded and not first.all_in and (
                first.acted_level is None or first.street_bet < bet
            ):
                break
        else:
            return None
        if self._n_active > 1:
            return seat
        # the only seat that can act: alone against all-ins it has matched (a short all-in
        # blind included), it has nothing to do
        if first.street_bet >= self.call_to(seat):
            return None
        return seat

    def to_act_after(self) -> int | None:
        """`to_act()`, without working it out again when nothing was applied since the last
        action (which worked it out). A caller that changes a seat directly must call
        `changed()` before asking."""
        if self._after_valid:
            return self._after
        return self.to_act()

    def changed(self) -> None:
        """A seat was changed directly (not by an `apply_*` method)."""
        self._after_valid = False
        self._recount()

    def _recount(self) -> None:
        live = active = 0
        for s in self.seats.values():
            if s.dealt_in and not s.folded:
                live += 1
                if not s.all_in:
                    active += 1
        self._n_live, self._n_active = live, active

    def _retally(self, s: SeatState, was_live: bool, was_active: bool) -> None:
        """Keep the counts after `s` changed (it was live / active before)."""
        live = s.dealt_in and not s.folded
        if live != was_live:
            self._n_live += 1 if live else -1
        active = live and not s.all_in
        if active != was_active:
            self._n_active += 1 if active else -1

    def _round_start(self) -> int | None:
        """The seat after which the round's first actor sits."""
        if self.street is _PREFLOP:
            if self.blind_seats:
                return self.blind_seats[-1]
            return self.button
        if self.button is not None:
            return self.button
        return self.sb_seat_before()

    def sb_seat_before(self) -> int | None:
        if self.sb_seat is None:
            return None
        ring = self.next_after(self.sb_seat)
        return ring[-1] if ring else None

    # ------------------------------------------------------------------ applying events
    def apply_post(self, ev: PostEvent) -> None:
        self._after_valid = False
        s = self.seats.get(ev.seat)
        if s is None:
            return
        was_live = s.dealt_in and not s.folded
        was_active = was_live and not s.all_in
        s.dealt_in = True
        s.posted = True
        kind = ev.kind
        if kind is _ANTE:
            live, dead = 0, ev.dead + ev.amount
            s.ante += dead
        else:
            live, dead = ev.amount, ev.dead
        paid = live + dead
        s.stack -= paid
        s.total += paid
        s.dead += ev.dead  # dead blinds; antes match each other and count for eligibility
        s.street_bet += live
        if s.stack <= 0 or ev.all_in:
            s.all_in = True
        self._retally(s, was_live, was_active)
        if kind is _ANTE:
            return
        hand = self.hand
        if kind is _SMALL_BLIND and (self.sb_seat is not None or self.bb_seat is not None):
            # A second or late small blind (a player coming in out of position) is dead.
            s.street_bet -= live
            s.dead += live
            return
        if kind is _SMALL_BLIND:
            self.sb_seat = ev.seat
            self.blind_seats.append(ev.seat)
        elif kind is _BIG_BLIND:
            if self.bb_seat is None:
                self.bb_seat = ev.seat
                self.blind_seats.append(ev.seat)
                self.current_bet = max(self.current_bet, hand.bb if hand.bb else live, live)
            elif live > hand.bb and self.blind_seats and ev.seat == self._next_dealt(self.blind_seats[-1]):
                self._straddle(ev.seat, live)
            else:
                self.current_bet = max(self.current_bet, live)
        elif kind is _STRADDLE:
            # the seat's total: a big blind that straddles itself (GGPoker's "posts big blind
            # 50" then "straddle 100") brings it in at 100, not at the 50 it added
            self._straddle(ev.seat, s.street_bet)
        elif kind is _DEAD:
            self.current_bet = max(self.current_bet, live)
        if live:
            s.live_blind = True

    def _straddle(self, seat: int, live: int) -> None:
        self.blind_seats.append(seat)
        if live > self.current_bet:
            # A straddle sets a new bring-in, not a raise (Robert's NL): the minimum raise
            # increment becomes the straddle itself (1/2 with a 4 straddle: raise to 8).
            self.last_full = max(self.last_full, live)
            self.current_bet = live
            self.fl_level = live

    def _next_dealt(self, seat: int) -> int | None:
        for s in self.next_after(seat):
            if self.seats[s].dealt_in:
                return s
        return None

    def begin_betting(self) -> None:
        """Called once the posts are done (first action or first street)."""
        self._after_valid = False
        if self.hand.bomb_pot and self.street is _PREFLOP:
            # A bomb pot (rules.md 9e): everyone antes, there is no pre-flop betting.
            self.round_closed = True
            self.heads_up_at_start = self.heads_up_uncapped = self._n_live == 2
            return
        if self.bb_seat is None and self.current_bet < self.hand.bb:
            # A dead or missing big blind does not lower the stakes (Robert's blinds 1).
            self.current_bet = self.hand.bb
        if self.hand.limit is _FIXED_LIMIT:
            self.fl_level = max(self.fl_level, self.current_bet)
        self.raises = 1 if self.current_bet else 0
        self.heads_up_at_start = self.heads_up_uncapped = self._n_live == 2

    def resolve_action(self, ev: ActionEvent) -> ActionResult:
        """Chips moved and street total for an action, from what the log stated."""
        s = self.seats[ev.seat]
        if ev.act in (_FOLD, _CHECK):
            return ActionResult(0, s.street_bet, False)
        if ev.act is _CALL:
            chips = ev.amount if ev.amount is not None else max(0, (ev.to or 0) - s.street_bet)
        elif ev.to is not None:
            chips = ev.to - s.street_bet
        elif ev.by is not None:
            chips = self.current_bet + ev.by - s.street_bet
        else:
            chips = ev.amount or 0
        chips = max(chips, 0)
        cap = self.hand.cap
        # on a capped table, putting the cap in is going all-in for the betting
        all_in = ev.all_in or chips >= s.stack or (cap > 0 and chips > 0 and s.total + chips >= cap)
        return ActionResult(chips, s.street_bet + chips, all_in)

    def apply_action(self, ev: ActionEvent, res: ActionResult) -> None:
        s = self.seats.get(ev.seat)
        if s is None:
            return
        was_live = s.dealt_in and not s.folded
        was_active = was_live and not s.all_in
        if not s.dealt_in:
            s.dealt_in = True
        s.has_acted_in_hand = True
        self.last_actor = ev.seat
        s.live_blind = False
        if ev.act is _FOLD:
            s.folded = True
            s.acted_level = self.current_bet
            if (was_live and self._n_live == 3 and self.hand.limit is _FIXED_LIMIT
                    and self.raises < 1 + self.profile.fl_cap):
                self.heads_up_uncapped = True  # heads-up before the cap (Robert's B&R 4)
        else:
            s.stack -= res.chips
            s.street_bet += res.chips
            s.total += res.chips
            if res.all_in or s.stack <= 0:
                s.all_in = True
            cap = self.hand.cap
            if cap and s.total >= cap:
                # a capped table: who has put the cap in can put in no more this hand
                s.all_in = s.capped = True
            if s.street_bet > self.current_bet:
                increment = s.street_bet - self.current_bet
                if self.hand.limit is _FIXED_LIMIT:
                    unit = self.bet_unit()
                    if increment * 2 >= unit or not s.all_in:
                        self.fl_level = s.street_bet
                        self.raises += 1
                elif increment >= self.last_full or self.current_bet == 0:
                    self.raises += 1
                    self.last_full = max(increment, self.last_full if self.current_bet else 0)
                    if self.current_bet == 0:
                        # An opening bet is a full bet of at least the minimum bet: a short
                        # all-in opening bet does not reopen the betting (rules.md 2c, 3a).
                        self.last_full = max(increment, self.hand.bb)
                self.current_bet = s.street_bet
            s.acted_level = self.current_bet
        self._retally(s, was_live, was_active)
        self._after_action()

    def _after_action(self) -> None:
        self._after_valid = True
        self._after = None
        if self._n_live <= 1:
            self.hand_over = True
            self.round_closed = True
            return
        nxt = self._after = self.to_act()
        if nxt is None:
            self.round_closed = True

    def apply_street(self, ev: StreetEvent) -> None:
        self._after_valid = False
        if ev.street is _SHOWDOWN:
            self.street = _SHOWDOWN
            self.round_closed = True
            return
        if ev.run > 1 and ev.street is self.street:
            self.runs = max(self.runs, ev.run)
            return
        if ev.run:
            self.runs = max(self.runs, ev.run)
        if ev.street is self.street and ev.run <= 1:
            return
        self.street = ev.street
        self.current_bet = 0
        self.fl_level = 0
        self.raises = 0
        self.last_full = self.hand.bb if self.hand.limit is not _FIXED_LIMIT else self.bet_unit()
        self.last_actor = None
        for s in self.seats.values():
            s.street_bet = 0
            s.acted_level = None
            s.live_blind = False
        self.heads_up_at_start = self.heads_up_uncapped = self._n_live == 2
        active = self.active()
        self.round_closed = len(active) < 2 and all(s.street_bet >= self.current_bet for s in active)

    def expected_uncalled(self) -> tuple[int | None, int]:
        """(seat, amount) of the bet nobody matched, from total contributions."""
        contributors = [s for s in self.seats.values() if s.total > 0]
        if not contributors:
            return None, 0
        top = max(contributors, key=lambda s: s.total)
        others = max((s.total for s in self.seats.values() if s is not top), default=0)
        if top.total > others:
            return top.seat, top.total - others
        return None, 0

    def apply_protection(self, ev: ProtectionEvent) -> None:
        """A site's all-in protection (`model.ProtectionEvent`): the seat is all-in for the
        chips it has put in; its stack stays its own."""
        s = self.seats.get(ev.seat)
        if s is None or s.folded:
            return
        s.all_in = True
        s.dealt_in = True
        self.changed()

    def apply_uncalled(self, ev: UncalledEvent) -> None:
        self._after_valid = False
        s = self.seats.get(ev.seat)
        if s is None:
            return
        s.stack += ev.amount
        s.total -= ev.amount
        s.street_bet -= ev.amount
        if s.street_bet < 0:
            s.street_bet = 0
        self.current_bet = max((x.street_bet for x in self.seats.values()), default=0)
        if s.stack > 0 and s.all_in:
            s.all_in = s.capped = False
            if s.dealt_in and not s.folded:
                self._n_active += 1
        self.uncalled_returned += ev.amount
        self.returned[ev.seat] = self.returned.get(ev.seat, 0) + ev.amount
