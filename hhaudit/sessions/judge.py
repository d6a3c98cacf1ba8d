"""Judging one session: its hands in order, each pair of consecutive hands against the
session rules (`rules.py`), with what carries from hand to hand (blinds owed, the small
blind's seat) kept as the session goes on.

A hand is seen as a `HandView` (built by `passes.py` from the tables' columns): its seats
with stacks and nets, who was dealt in, and its posts. Nothing here reads files.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Iterator
from datetime import datetime

from ..engine.house_rules import RebuyPastLimit
from ..engine.rules import Rule
from ..money import to_text
from ..profiles import Profile
from .rules import (
    ButtonMovement,
    HandOrder,
    MissedBlindNotPosted,
    MissedBlindWrongPost,
    NewPlayerNotPosted,
    SeatedTwice,
    StackChanged,
)

ADD_ACTIONS = frozenset({"add_chips", "rebuy", "add_on", "top_up", "chips_added"})
"""Rows of the actions table that bring chips to the table between hands (a site's
"adds chips" line, a live `rebuy` line): their amount explains a bigger next stack."""
REMOVE_ACTIONS = frozenset({"chips_removed", "color_up_loss"})
"""Rows that take chips off the table between hands."""
ANONYMOUS = frozenset({"dealer", "small blind", "big blind", "utg", "utg+1", "utg+2", "utg+3",
                       "utg+4", "utg+5", "utg+6", "mp", "hj", "co", "btn", "sb", "bb"})
"""Names of sites that hide players behind their position (Bovada/Ignition): the same name
is another player from one hand to the next, so no player is followed across hands."""
_DIGITS = re.compile(r"\d+")


class SeatView:
    """A seat of a hand: its player, starting stack and net, and whether it was dealt in."""

    __slots__ = ("dealt", "net", "player", "seat", "stack")

    def __init__(self, seat: int, player: str, stack: int, net: int, dealt: bool) -> None:
        self.seat = seat
        self.player = player
        self.stack = stack
        self.net = net
        self.dealt = dealt

    @property
    def end(self) -> int:
        return self.stack + self.net


class Posted:
    """A post of a hand (a blind, a dead blind, a straddle or an ante) and its live part."""

    __slots__ = ("action", "amount", "line", "live", "seat")

    def __init__(self, seat: int, action: str, amount: int, live: int, line: int) -> None:
        self.seat = seat
        self.action = action
        self.amount = amount
        self.live = live
        self.line = line


class HandView:
    """What the session rules see of a hand.

    The classes of this module have hand-written `__init__`s rather than being dataclasses:
    compiled (pyproject.toml's `compile`), a dataclass keeps the `__init__` the dataclasses
    module writes, in Python, and the pass builds one of these per hand and per seat."""

    __slots__ = (
        "added",
        "anon",
        "audited",
        "bb",
        "blinds",
        "button",
        "format",
        "hand_id",
        "index",
        "kind",
        "line",
        "live",
        "max_seats",
        "posts",
        "room",
        "sb",
        "scale",
        "seats",
        "site",
        "size",
        "source",
        "started_at",
        "table_name",
        "tournament_id",
    )

    def __init__(self, index: int, hand_id: str, source: str, line: int, kind: str, live: bool, audited: bool,
                 started_at: datetime | None, button: int | None, max_seats: int, sb: int, bb: int, scale: int,
                 format: str = "", site: str = "", tournament_id: str | None = None,
                 table_name: str | None = None, room: str = "", seats: dict[int, SeatView] | None = None,
                 posts: list[Posted] | None = None, added: dict[int, int] | None = None) -> None:
        self.index = index  # the hand's row in the pass's hands table (where its findings are counted)
        self.hand_id = hand_id
        self.source = source
        self.line = line
        self.kind = kind
        self.live = live
        self.audited = audited
        self.started_at = started_at
        self.button = button
        self.max_seats = max_seats
        self.sb = sb
        self.bb = bb
        self.scale = scale
        self.format = format
        self.site = site
        self.tournament_id = tournament_id
        self.table_name = table_name
        self.room = room  # live logs: the card room the game line names (`room "Casino Royal"`), or ""
        self.seats: dict[int, SeatView] = {} if seats is None else seats
        self.posts: list[Posted] = [] if posts is None else posts
        # chips brought (positive) or taken off (negative) per seat, from the actions table
        self.added: dict[int, int] = {} if added is None else added
        self.blinds: tuple[int | None, int | None] | None = None  # `blind_seats`, once worked out
        self.anon: bool | None = None  # `anonymous`, once worked out
        self.size: int | None = None  # `ring`, once worked out

    def bare(self) -> HandView:
        """A copy without its seats, posts and chips brought (what SE07 keeps of a hand)."""
        x = HandView(self.index, self.hand_id, self.source, self.line, self.kind, self.live, self.audited,
                     self.started_at, self.button, self.max_seats, self.sb, self.bb, self.scale, self.format,
                     self.site, self.tournament_id, self.table_name, self.room)
        x.blinds, x.anon, x.size = self.blinds, self.anon, self.size
        return x

    def dealt(self) -> list[int]:
        return sorted(s for s, v in self.seats.items() if v.dealt)

    def posted(self, seat: int) -> list[Posted]:
        return [p for p in self.posts if p.seat == seat and p.action != "post_ante"]


# The pass builds its views from the tables' columns (Python lists, one per column, filled by
# pyarrow) with these loops: compiled with the rest of this module, a view built here costs a
# small part of one built by calling the class from Python (mypyc's constructors are called
# directly from compiled code, through argument parsing from Python).


def hand_views(index: list[int], hand_id: list[str], source: list[str], line: list[int], kind: list[str],
               live: list[bool], audited: list[bool], started_at: list[datetime | None], button: list[int | None],
               max_seats: list[int], sb: list[int], bb: list[int], scale: list[int], fmt: list[str],
               site: list[str], tournament_id: list[str | None], table_name: list[str | None], room: list[str],
               anon: list[bool]) -> list[HandView]:
    """A HandView per row of the columns given (the fields of the same names)."""
    out: list[HandView] = []
    for i in range(len(index)):
        v = HandView(index[i], hand_id[i], source[i], line[i], kind[i], live[i], audited[i], started_at[i],
                     button[i], max_seats[i], sb[i], bb[i], scale[i], fmt[i], site[i], tournament_id[i],
                     table_name[i], room[i])
        v.anon = anon[i]
        out.append(v)
    return out


def fill_seats(views: list[HandView], starts: list[int], seat: list[int], player: list[str], stack: list[int],
               net: list[int], dealt: list[bool]) -> None:
    """Each view's seats: view i's are rows starts[i]..starts[i + 1] of the columns (a seat
    written twice keeps its last row, as assignment does)."""
    for i in range(len(views)):
        a, b = starts[i], starts[i + 1]
        if a != b:
            by_seat: dict[int, SeatView] = {}
            for j in range(a, b):
                by_seat[seat[j]] = SeatView(seat[j], player[j], stack[j], net[j], dealt[j])
            views[i].seats = by_seat


def attach_posts(views: list[HandView], at: list[int], seat: list[int], action: list[str],
                 amount: list[int], live: list[int], line: list[int]) -> None:
    """Each post to its hand (`views[at]`), in order; a post without a line of its own (0)
    takes the hand's."""
    for k in range(len(at)):
        v = views[at[k]]
        v.posts.append(Posted(seat[k], action[k], amount[k], live[k], line[k] or v.line))

class Found:
    """A finding of the session pass, before it becomes a row of `findings`."""

    __slots__ = ("actual", "actual_amount", "expected", "expected_amount", "hand", "line", "message", "player",
                 "rule", "seat", "severity")

    def __init__(self, hand: HandView, rule: type[Rule], severity: str, expected: str, actual: str,
                 message: str = "", seat: int | None = None, player: str | None = None,
                 line: int | None = None, expected_amount: int | None = None,
                 actual_amount: int | None = None) -> None:
        self.hand = hand
        self.rule = rule
        self.severity = severity
        self.expected = expected
        self.actual = actual
        self.message = message
        self.seat = seat
        self.player = player
        self.line = line
        self.expected_amount = expected_amount
        """The amounts compared, in the hand's smallest unit (`hands.scale`), where the
        finding compares two amounts; None otherwise."""
        self.actual_amount = actual_amount


class Judged:
    """What judging a session gives: its findings and how much of it was judged."""

    __slots__ = ("findings", "pairs", "pairs_judged", "stacks_judged")

    def __init__(self) -> None:
        self.findings: list[Found] = []
        self.pairs = 0
        self.pairs_judged = 0
        self.stacks_judged = True


def ring(hand: HandView) -> int:
    """Seat positions around the table: seats 1..N, or 0..N-1 where the site counts from 0."""
    if hand.size is None:
        top = max([hand.max_seats or 0, *hand.seats, hand.button or 0])
        hand.size = top + 1 if first_seat(hand) == 0 else top
    return hand.size


def ring_of(p: HandView, c: HandView) -> int:
    """The ring two consecutive hands share: a seat emptied or filled between them (the
    last seat's player left) does not change the table's size."""
    return max(ring(p), ring(c))


def rotated(p: HandView, c: HandView) -> bool:
    """A player of both hands in a seat another player of both hands held in the first: no
    table changes seats so (a seat change needs an empty seat), so the log's seats are
    positions round a fixed button (OnGame's Strobe tables), not chairs, and nothing that
    follows a seat is judged between these hands."""
    at: set[str] | None = None  # the players of each hand, once a seat changed hands
    names: set[str] = set()
    for seat, v in c.seats.items():
        held = p.seats.get(seat)
        if held is None or held.player == v.player:
            continue
        if at is None:
            at = {x.player for x in p.seats.values()}
            names = {x.player for x in c.seats.values()}
        if v.player in at and held.player in names:
            return True
    return False


def first_seat(hand: HandView) -> int:
    return 0 if 0 in hand.seats or hand.button == 0 else 1


def after(seats: list[int], start: int, size: int, inclusive: bool = False) -> list[int]:
    """`seats` in clockwise order from `start` (excluded unless `inclusive`)."""
    def dist(s: int) -> int:
        d = (s - start) % size
        return d if d or inclusive else size
    return sorted(seats, key=dist)


def blind_seats(hand: HandView) -> tuple[int | None, int | None]:
    """The seats that posted the small and the big blind in turn (the first small-blind
    post from the button on, the first big-blind post after the small blind): a new
    player's or a returning player's big blind elsewhere is not the table's blind."""
    if hand.blinds is None:
        hand.blinds = _blind_seats(hand)
    return hand.blinds


def _blind_seats(hand: HandView) -> tuple[int | None, int | None]:
    if hand.button is None:
        return None, None
    size = ring(hand)
    sbs = [p.seat for p in hand.posts if p.action == "post_sb"]
    bbs = [p.seat for p in hand.posts if p.action == "post_bb"]
    sb = after(sbs, hand.button, size, inclusive=True)[0] if sbs else None
    bb = after(bbs, sb if sb is not None else hand.button, size)[0] if bbs else None
    return sb, bb


def between(a: int, b: int, size: int, lo: int = 1) -> set[int]:
    """Seat numbers strictly between `a` and `b` clockwise (seats lo..lo+size-1)."""
    out: set[int] = set()
    s = (a + 1 - lo) % size + lo
    while s != b and len(out) < size:
        out.add(s)
        s = (s + 1 - lo) % size + lo
    return out


def anonymous(hand: HandView) -> bool:
    """Most of the hand's seats are position names (`ANONYMOUS`)."""
    if hand.anon is None:
        names = [hidden(v.player) for v in hand.seats.values()]
        hand.anon = bool(names) and sum(names) * 2 >= len(names)
    return hand.anon


def hidden(name: str) -> bool:
    """A player's name that is a position's (`ANONYMOUS`)."""
    return name.replace("[ME]", "").strip().lower() in ANONYMOUS


@functools.lru_cache(maxsize=1024)
def natural(hand_id: str) -> tuple[str, int] | None:
    """A hand id as (prefix, number) when it ends in digits."""
    m = list(_DIGITS.finditer(hand_id))
    if not m:
        return None
    last = m[-1]
    return hand_id[:last.start()], int(last.group())


class Screen:
    """What the pass worked out from the columns for the hands of a bucket (lists by the
    hand's rank, its place in session order), so that the judge builds no `HandView` for a
    hand that can give nothing: `plain[k]` says that hands k - 1 and k of a session hold the
    same players in the same seats with the same chips (every one dealt in, nothing brought
    or posted dead), that each has one small blind and one big blind post, and that the
    button moved as every button rule moves it (see `screen.py`); for a session's first
    hand, that it has one post of each blind and no player twice. Such a hand, judged, gives
    no finding and leaves the session's state as its own blinds say (`sb`, `bb`), unless a
    player owes a blind: `SessionJudge.judge_screened` still judges it then."""

    __slots__ = ("anon", "bb", "cash", "first", "order_ok", "plain", "resets", "ring", "sb", "stacks_ok")

    def __init__(self, plain: list[bool], sb: list[int], bb: list[int], ring: list[int], first: list[int],
                 cash: list[bool], stacks_ok: list[bool], order_ok: list[bool], anon: list[bool],
                 resets: list[bool]) -> None:
        self.plain = plain
        self.sb = sb
        self.bb = bb
        self.ring = ring  # `ring(hand)`
        self.first = first  # `first_seat(hand)`
        self.cash = cash
        self.stacks_ok = stacks_ok  # hand k can give no SE05 against hand k - 1 (`_stacks`)
        self.order_ok = order_ok  # nor any SE04 (`_order`)
        self.anon = anon  # `anonymous(hands[0])` of the hand's session
        self.resets = resets  # `resets(hands)` of the hand's session


_NOTHING_OWED = (False, False, False)


class SessionJudge:
    """Judges the hands of one session in order."""

    def __init__(self, profile: Profile, enabled: set[str]) -> None:
        self.profile = profile
        self.enabled = enabled

    def judge(self, hands: list[HandView]) -> Judged:
        return self.judge_screened(len(hands), hands.__getitem__, None)

    def judge_screened(self, n: int, view: Callable[[int], HandView], screen: Screen | None,
                       base: int = 0, after_gap: bool = False) -> Judged:
        """The session of `n` hands, hand k being `view(base + k)` (its rank); with a
        `screen`, the plain hands it marks are passed over without their view. A live
        session cut because hand numbers skip (`after_gap`) still has its first hand's
        number judged against the hand before (SE06: the numbers a log skipped)."""
        out = Judged()
        add = self._adder(out)
        if not n:
            return out
        if after_gap and base > 0 and screen is None:
            c, p = view(base), view(base - 1)
            if c.live and p.live and (p.source, p.table_name) == (c.source, c.table_name):
                self._order(p, c, add)
        if screen.anon[base] if screen is not None else anonymous(view(base)):
            # players hidden behind their positions (Bovada/Ignition): neither players nor
            # seats can be followed from hand to hand
            out.pairs = n - 1
            out.stacks_judged = False
            return out
        out.stacks_judged = not (screen.resets[base] if screen is not None else resets([view(base + k) for k in range(n)]))
        owes: dict[str, tuple[bool, bool, bool]] = {}
        """Per player: (owes the big blind, owes the small blind, new to the seat)."""
        gone: dict[str, int] = {}
        """Players not in the last hand, and the seat they left (kept for them until another
        player takes it: a busted player's rebuy, a seat some sites do not list while its
        player sits out)."""
        sb_pos: int | None = None
        """Where the previous hand's small blind was due (dead-button chain)."""
        prev_bb: int | None = None
        rebuys: dict[str, int] = {}
        """Per player: the hands of the session that added chips to the stack (`max_rebuys`)."""
        last = 0
        """The session's last hand played (a voided deal is not one: `voided`)."""
        void: HandView | None = None
        """The voided deal just before this hand, whose redeal it is."""
        for k in range(n):
            if screen is not None and screen.plain[base + k] and (not owes or all(name in gone for name in owes)):
                # nobody at the table owes a blind (`Screen`): what judging the hand would
                # change is the players away from the table who owe a blind now
                r = base + k
                if k:
                    out.pairs += 1
                    out.pairs_judged += 1
                    if gone and screen.cash[r]:
                        self._owed_away(screen.bb[r - 1], screen.bb[r], max(screen.ring[r - 1], screen.ring[r]),
                                        screen.first[r], owes, gone)
                sb_pos, prev_bb = screen.sb[r], screen.bb[r]
                last, void = k, None
                continue
            c = view(base + k)
            if voided(c):
                # a misdeal (TDA-2024 35): no hand was played; its redeal is judged against
                # the hand before it, and must deal from the voided deal's button
                void = c
                continue
            redeal, void = void, None
            self._seated_twice(c, add)
            if self.profile.max_rebuys and c.live:
                self._rebuys(c, rebuys, add)
            if k == 0 or voided(view(base + last)):
                sb_pos, prev_bb = self._blinds_state(c, None, None)
                last = k
                if redeal is not None:
                    self._redeal(redeal, c, add)
                continue
            p = view(base + last)
            last = k
            out.pairs += 1
            if screen is None or not screen.order_ok[base + k]:
                self._order(p, c, add)
            if not (p.audited and c.audited):
                sb_pos, prev_bb = self._blinds_state(c, sb_pos, prev_bb)
                continue
            out.pairs_judged += 1
            if redeal is not None and self._redeal(redeal, c, add):
                pass  # the redeal moved the button: reported once, against the voided deal
            elif not rotated(p, c):
                self._button(p, c, sb_pos, add)
                if c.kind == "cash":
                    self._blinds_owed(p, c, owes, gone, add)
            if out.stacks_judged and (screen is None or not screen.stacks_ok[base + k]):
                self._stacks(p, c, add)
            sb_pos, prev_bb = self._blinds_state(c, sb_pos, prev_bb)
        return out

    @staticmethod
    def _owed_away(p_bb: int, c_bb: int, size: int, lo: int, owes: dict[str, tuple[bool, bool, bool]],
                   gone: dict[str, int]) -> None:
        """`_blinds_owed` between two hands of the same players in the same seats, every one
        dealt in and owing nothing: of the players away, those who owed the big blind or
        whose seat it passed owe what a new player owes."""
        missed_bb = between(p_bb, c_bb, size, lo)
        now = {name: (True, False, True) for name, seat in gone.items()
               if owes.get(name, _NOTHING_OWED)[0] or seat in missed_bb}
        owes.clear()
        owes.update(now)

    def _adder(self, out: Judged) -> Callable[..., None]:
        def add(hand: HandView, rule: type[Rule], expected: str, actual: str, **kw: object) -> None:
            if rule.code not in self.enabled:
                return
            severity = kw.pop("severity", None) or rule.severity.value
            # the hand without its seats and posts: a session's findings are held until it
            # ends, its views not (`passes._Lazy`)
            out.findings.append(Found(hand.bare(), rule, str(severity), expected, actual, **kw))  # type: ignore[arg-type]
        return add

    # ------------------------------------------------------------------ state carried

    @staticmethod
    def _blinds_state(c: HandView, sb_pos: int | None, prev_bb: int | None) -> tuple[int | None, int | None]:
        """The small blind's seat in `c` (posted, or under a dead button the previous big
        blind's seat when nobody posted it) and its big blind's seat."""
        sb, bb = blind_seats(c)
        if sb is None and bb is not None:
            sb = prev_bb
        return sb, bb

    # ------------------------------------------------------------------ checks

    def _seated_twice(self, c: HandView, add: Callable[..., None]) -> None:
        if len({v.player for v in c.seats.values()}) == len(c.seats):
            return  # every name once
        seen: dict[str, int] = {}
        for seat in sorted(c.seats):
            name = c.seats[seat].player
            if name in seen and not anonymous(c):
                add(c, SeatedTwice, f"{name} in one seat", f"{name} in seats {seen[name]} and {seat}",
                    seat=seat, player=name,
                    message=f"{name} is seated twice in hand {c.hand_id}: in seats {seen[name]} and {seat}")
            seen.setdefault(name, seat)

    def _rebuys(self, c: HandView, counts: dict[str, int], add: Callable[..., None]) -> None:
        """A house's limit on rebuys a session (`max_rebuys`, SE08): each hand that adds chips
        to a player's stack (a live log's `rebuy`, `addon`, `top up`) counts one."""
        most = self.profile.max_rebuys
        for seat in sorted(c.added):
            view = c.seats.get(seat)
            if c.added[seat] <= 0 or view is None:
                continue
            n = counts[view.player] = counts.get(view.player, 0) + 1
            if n > most:
                add(c, RebuyPastLimit, f"at most {most} rebuy{'s' if most > 1 else ''} a session",
                    f"rebuy {n} by {view.player}", seat=seat, player=view.player,
                    message=f"{view.player} (seat {seat}) makes rebuy {n} of the table session; the house "
                            f"allows {most}")

    def _order(self, p: HandView, c: HandView, add: Callable[..., None]) -> None:
        if c.live:
            a, b = natural(p.hand_id), natural(c.hand_id)
            if a and b and a[0] == b[0] and b[1] != a[1] + 1:
                add(c, HandOrder, f"hand {a[0]}{a[1] + 1} after hand {p.hand_id}",
                    f"hand {c.hand_id}", message=(f"hands {a[0]}{a[1] + 1}-{a[0]}{b[1] - 1} are missing"
                                                  if b[1] > a[1] + 1 else "hand numbers go backwards"))
            if p.started_at and c.started_at and c.started_at < p.started_at:
                add(c, HandOrder, f"a time after {p.started_at:%H:%M}", f"{c.started_at:%H:%M}",
                    message=f"the clock goes back from hand {p.hand_id} ({p.started_at:%H:%M}) to hand "
                    f"{c.hand_id} ({c.started_at:%H:%M})")
        elif p.started_at and c.started_at and c.started_at > p.started_at:
            a, b = natural(p.hand_id), natural(c.hand_id)
            if a and b and a[0] == b[0] and b[1] < a[1]:
                add(c, HandOrder, f"a hand id above {p.hand_id}", f"{c.hand_id}",
                    message=f"hand {c.hand_id} follows hand {p.hand_id}: the ids go backwards while the time "
                    f"goes forward ({p.started_at:%H:%M} to {c.started_at:%H:%M})")

    @staticmethod
    def _redeal(void: HandView, c: HandView, add: Callable[..., None]) -> bool:
        """The redeal of a voided deal is dealt again from its button (TDA-2024 35): True
        (and SE01) when the button moved."""
        if void.button is None or c.button is None or void.button == c.button:
            return False
        add(c, ButtonMovement, f"the button stays on seat {void.button} (the redeal of the misdeal at line "
            f"{void.line}, TDA-2024 35)", f"the button on seat {c.button}", seat=c.button,
            message=f"the button moves from seat {void.button} to seat {c.button} for the redeal of the misdeal "
                    f"at line {void.line}; a redeal keeps the button where it was")
        return True

    def _button(self, p: HandView, c: HandView, sb_pos: int | None, add: Callable[..., None]) -> None:
        if p.button is None or c.button is None:
            return
        size = ring_of(p, c)
        dealt = c.dealt()
        if len(dealt) < 2:
            return
        _, p_bb = blind_seats(p)
        expected: int | None = None
        if len(dealt) == 2:
            # heads-up: the player who had the big blind gets the button (TDA 34-B). Going
            # heads-up the button "may" be moved so: either seat is right then.
            if p_bb is None or len(p.dealt()) != 2:
                return
            bb_player = p.seats[p_bb].player if p_bb in p.seats else None
            seats = [s for s in dealt if c.seats[s].player == bb_player]
            if not seats:
                return
            expected = seats[0]
            says = f"the button on seat {expected} ({bb_player}, the last big blind)"
            rule_says = f"heads-up, the last big blind ({bb_player}) gets it: seat {expected}"
        elif self.profile.button_rule == "dead":
            if sb_pos is None:
                return
            expected = sb_pos
            says = f"the button on seat {expected} (where the small blind was)"
            rule_says = f"the dead button goes where the small blind was: seat {expected}"
        elif self.profile.button_rule == "moving":
            nxt = after(dealt, p.button, size)
            expected = nxt[0]
            says = f"the button on seat {expected} (the next player)"
            rule_says = f"the moving button goes to the next player after seat {p.button}: seat {expected}"
        else:
            if p_bb is None:
                return
            lo = first_seat(c)
            p_sb, _ = blind_seats(p)
            allowed = between(p.button, p_bb, size, lo) | {p_bb}
            if p_sb is not None:
                # the dead button's move: where the small blind was (after a heads-up hand,
                # or a small blind on the button, the button's own seat)
                allowed.add(p_sb)
            if c.button in allowed:
                return
            in_c = set(dealt)
            c_sb, _ = blind_seats(c)
            if (c.button == p.button and c_sb in (None, p_sb, p_bb)
                    and (p_sb is None or p_sb not in in_c or p_bb not in in_c)):
                # the last small blind was dead, or a blind's seat emptied (its player left or
                # sits out): sites write the dead button (the small blind moves on, the button
                # cannot sit on an empty seat) or the dead small blind (the small blind posts
                # again, or nobody does) by keeping the button where it was
                return
            moved = "stays on" if c.button == p.button else "moves to"
            add(c, ButtonMovement, f"the button on a seat from {(p.button + 1 - lo) % size + lo} to {p_bb}",
                f"the button {moved} seat {c.button}", seat=c.button,
                message=f"the button {moved} seat {c.button}: after seat {p.button} it goes no "
                        f"further than the big blind's seat {p_bb}")
            return
        if c.button != expected:
            moved = "stays on" if c.button == p.button else "moves to"
            add(c, ButtonMovement, says, f"the button {moved} seat {c.button}", seat=c.button,
                message=f"the button {moved} seat {c.button} after hand {p.hand_id}; {rule_says}")

    def _blinds_owed(self, p: HandView, c: HandView, owes: dict[str, tuple[bool, bool, bool]],
                     gone: dict[str, int], add: Callable[..., None]) -> None:
        """Blinds owed in a cash game: a player the big (small) blind passed while they sat
        out owes it; a player new to the seat (sat down, or changed seats) owes a big blind.
        Dealt in again, they are in the big blind (they waited), or they posted it. A player
        back in the seat they left (not taken since: a busted player's rebuy, a player some
        sites do not list while sitting out) owes what a new player owes if the big blind
        passed the seat while they were away, and nothing if it did not."""
        size = ring_of(p, c)
        p_sb, p_bb = blind_seats(p)
        c_sb, c_bb = blind_seats(c)
        lo = first_seat(c)
        missed_bb = between(p_bb, c_bb, size, lo) if p_bb is not None and c_bb is not None else set()
        missed_sb = between(p_sb, c_sb, size, lo) if p_sb is not None and c_sb is not None else set()
        p_at = {v.player: s for s, v in p.seats.items()}
        severity = "error" if c.live else "warning"
        carried = owes.copy()
        owes_now: dict[str, tuple[bool, bool, bool]] = {}
        owes.clear()
        in_c = {v.player for v in c.seats.values()}
        taken = set(c.seats)
        for name, seat in p_at.items():
            if name not in in_c:
                gone[name] = seat
        for name, seat in list(gone.items()):
            if name in in_c or seat in taken:
                if name not in in_c:
                    del gone[name]
                continue
            # away from the table, they come back as a new player if the big blind passed
            # the seat (a big blind, no dead small blind), or as if they never left
            bb_owed, _, _ = carried.get(name, (False, False, False))
            if bb_owed or seat in missed_bb:
                owes_now[name] = (True, False, True)

        def money(n: int) -> str:
            return to_text(n, c.scale)

        blinds_only = only_posts(c)
        for seat in sorted(c.seats):
            v = c.seats[seat]
            name = v.player
            moved = p_at.get(name, gone.pop(name, None)) != seat
            bb_owed, sb_owed, new = (True, False, True) if moved else carried.get(name, (False, False, False))
            if not v.dealt or (blinds_only and not c.posted(seat)):
                # not dealt in; or the log writes the blinds and nothing else of the hand
                # (iPoker's partial XML: no cards, no action), so it does not say whether a
                # player who did not post was dealt in: they may have waited
                bb_owed = bb_owed or seat in missed_bb
                sb_owed = sb_owed or (seat in missed_sb and not new)  # a new player owes a big blind only
                owes_now[name] = (bb_owed, sb_owed, new)
                continue
            if not (bb_owed or sb_owed) or seat == c_bb:
                continue
            posts = c.posted(seat)
            live = sum(x.live for x in posts)
            dead = sum(x.amount - x.live for x in posts)
            line = posts[0].line if posts else None
            rule = NewPlayerNotPosted if new else MissedBlindNotPosted
            if not bb_owed:
                if seat != c_sb and dead < c.sb:
                    add(c, rule, f"{name} posts the small blind {money(c.sb)} dead",
                        f"{money(dead)} dead posted" if dead else "dealt in without a post",
                        message=f"{name} (seat {seat}) was dealt in with {money(dead)} dead posted, owing the "
                        f"missed small blind {money(c.sb)} dead",
                        seat=seat, player=name, severity=severity, line=line, expected_amount=c.sb,
                        actual_amount=dead)
            elif self.profile.missed_blinds == "wait":
                add(c, rule, f"{name} waits for the big blind", f"dealt in on seat {seat}, not the big blind",
                    message=f"{name} (seat {seat}) was dealt in before the big blind reached the seat "
                    "(the house makes a player owing blinds wait for it)",
                    seat=seat, player=name, severity=severity, line=line)
            elif live < c.bb and live + dead < c.bb:
                owed = f"{money(c.bb)} live" + (f" and {money(c.sb)} dead" if sb_owed else "")
                add(c, rule, f"{name} posts {owed} or waits for the big blind",
                    f"dealt in with {money(live)} posted" if live else "dealt in without a post",
                    message=f"{name} (seat {seat}) was dealt in with {money(live)} posted, owing {owed}",
                    seat=seat, player=name, severity=severity, line=line,
                    # the big blind owed beside the live chips posted; a big and a small
                    # blind owed together are two amounts, in the texts only
                    expected_amount=None if sb_owed else c.bb, actual_amount=None if sb_owed else live)
            elif live < c.bb:
                # a big blind's worth posted with the parts the wrong way round (`post 2 dead
                # 5` at 2/5): posted wrong, not unposted
                owed = f"{money(c.bb)} live" + (f" and {money(c.sb)} dead" if sb_owed else "")
                add(c, MissedBlindWrongPost, owed, f"{money(live)} live and {money(dead)} dead", seat=seat,
                    player=name, severity=severity, line=line,
                    message=f"{name} (seat {seat}) posted {money(live)} live and {money(dead)} dead, owing {owed}")
            elif sb_owed and (live > c.bb or dead < c.sb):
                add(c, MissedBlindWrongPost, f"{money(c.bb)} live and {money(c.sb)} dead",
                    f"{money(live)} live and {money(dead)} dead", seat=seat, player=name,
                    message=f"{name} (seat {seat}) posted {money(live)} live and {money(dead)} dead, owing "
                    f"{money(c.bb)} live and {money(c.sb)} dead", severity=severity, line=line)
        owes.update(owes_now)

    def _stacks(self, p: HandView, c: HandView, add: Callable[..., None]) -> None:
        if unpaid(p):
            return  # the log does not say who won the last hand: its end stacks are unknown
        p_by = {v.player: v for v in p.seats.values()}
        severity = "error" if c.live else "warning"
        # each hand's amounts are in its own scale (a tournament hand that writes "1,500"
        # and the next one, with a "2,852.50" in it, "1,500.00"): compared in the finer one
        scale = max(p.scale, c.scale)
        to_p, to_c = 10 ** (scale - p.scale), 10 ** (scale - c.scale)
        changed: list[tuple[int, int, int, int]] = []  # seat, expected, stack, before's end
        for seat in sorted(c.seats):
            v = c.seats[seat]
            before = p_by.get(v.player)
            if before is None:
                continue
            # a live log's rebuy is written before the hand's play and is in its start stack
            # (the chips this hand brought); a site's rebuy or top-up line is written after
            # the play and is in the next stack (the chips the last hand brought)
            brought = c.added.get(seat, 0) * to_c if c.live else p.added.get(before.seat, 0) * to_p
            expected = before.end * to_p + brought
            stack = v.stack * to_c
            if stack != expected:
                # a stack back at the last hand's start is that hand left unapplied (its
                # antes not taken off, say), never the tournament's chips: end -1 marks it
                unapplied = stack == before.stack * to_p and before.end != before.stack
                changed.append((seat, expected, stack, -1 if unapplied else before.end * to_p))
        explained = tournament_chips(changed) if c.kind == "tournament" else set()
        for seat, expected, stack, _end in changed:
            if seat in explained:
                continue
            v = c.seats[seat]
            diff = stack - expected
            # the amounts in this hand's unit (compared in the finer of the two hands' units:
            # none when the last hand's end is finer than this hand writes)
            amounts = ({"expected_amount": expected // to_c, "actual_amount": stack // to_c}
                       if expected % to_c == 0 and stack % to_c == 0 else {})
            add(c, StackChanged,
                f"{v.player} starts with {to_text(expected, scale)} (the last hand's end stack)",
                f"starts with {to_text(stack, scale)}", seat=seat, player=v.player, severity=severity,
                message=(f"{to_text(abs(diff), scale)} {'appeared in' if diff > 0 else 'vanished from'} "
                         f"{v.player}'s stack between hands {p.hand_id} and {c.hand_id}"), **amounts)


def voided(hand: HandView) -> bool:
    """A live log's misdeal (`misdeal`: the reader keeps it as `misdeal-N`, every seat with
    nothing put in): a voided deal, not a hand played (TDA-2024 35)."""
    return hand.live and hand.hand_id.startswith("misdeal-")


def tournament_chips(changed: list[tuple[int, int, int, int]]) -> set[int]:
    """The seats whose stack change between two tournament hands the tournament's own
    structure explains (given (seat, expected, stack, last end) of each changed stack, the
    last end -1 where the stack is back at the last hand's start):
    - a rebuy or re-entry: a player who ended the last hand with nothing starts this one
      with chips (a tournament seat with no chips left plays on only so);
    - an add-on: two or more players gain the same chips between the same two hands, and
      no stack fell (the add-on break: 2,000 to each player who takes it);
    - a rebuy of the size just seen: a gain equal to such a rebuy or add-on.
    Any other change stays a finding."""
    gains = [(seat, stack - expected, end) for seat, expected, stack, end in changed if stack > expected]
    if len(gains) != len(changed) or any(end < 0 for _, _, end in gains):
        # a stack fell (hands missing or misread), or a stack is back at the last hand's
        # start (that hand left unapplied): not the tournament's chips
        return set()
    sizes = {d for _, d, end in gains if end == 0}
    counts: dict[int, int] = {}
    for _, d, _end in gains:
        counts[d] = counts.get(d, 0) + 1
    sizes |= {d for d, n in counts.items() if n >= 2}
    return {seat for seat, d, end in gains if end == 0 or d in sizes}


def unpaid(hand: HandView) -> bool:
    """A hand whose log pays no one although chips went in (iPoker's partial XML writes the
    actions and no <win>): no seat ends it ahead, so its end stacks are not known."""
    return any(v.net < 0 for v in hand.seats.values()) and not any(v.net > 0 for v in hand.seats.values())


def only_posts(hand: HandView) -> bool:
    """A hand whose log writes the posts and nothing else (iPoker's partial XML: no cards,
    no action, no win): chips went in and nobody collects them (`unpaid`), and no seat puts
    in more than it posted. (A walk whose big blind alone posts pays it back: not this.)"""
    if not hand.posts or not unpaid(hand):
        return False
    posted: dict[int, int] = {}
    for x in hand.posts:
        posted[x.seat] = posted.get(x.seat, 0) + x.amount
    return all(-v.net <= posted.get(seat, 0) for seat, v in hand.seats.items())


def resets(hands: list[HandView]) -> bool:
    """A table that starts every stack at one amount each hand (research matches, some
    play-money tables, a log whose hands are each written from a fresh table): in at least
    half the hands after the first, every seat starts with the same amount although chips
    changed hands in the hand before."""
    fresh = 0
    for p, c in itertools.pairwise(hands):
        stacks = {v.stack for v in c.seats.values()}
        if len(stacks) == 1 and any(v.net for v in p.seats.values()):
            fresh += 1
    return len(hands) > 1 and fresh * 2 >= len(hands) - 1


class Run:
    """A player's run of consecutive hands of one live session, all holding them."""

    __slots__ = ("first", "last", "order", "player", "seat")

    def __init__(self, player: str, first: HandView, last: HandView, seat: int, order: int) -> None:
        self.player = player
        self.first = first
        self.last = last
        self.seat = seat
        self.order = order  # the session's place in the pass (ties of time go to the session read first)


def player_runs(session: list[HandView], order: int) -> Iterator[Run]:
    """Each player's runs of consecutive hands with a clock time in `session` (a hand without
    a time neither ends nor extends a run)."""
    open_: dict[str, Run] = {}
    for h in session:
        if h.started_at is None:
            continue
        names = {v.player: s for s, v in sorted(h.seats.items()) if v.player}
        for name in [n for n in open_ if n not in names]:
            yield open_.pop(name)
        for name, seat in names.items():
            run = open_.get(name)
            if run is None:
                open_[name] = Run(name, h, h, seat, order)
            else:
                run.last = h
    yield from open_.values()


def seated_at_two_tables(sessions: list[list[HandView]], enabled: set[str]) -> list[Found]:
    """SE07 across the live sessions of one room (the game line's `room`; logs that name none
    are one room) and date: a player's hands at one table
    overlapping in time their hands at another: the finding is at the later table's first hand
    holding the player, timed before their last hand at the first table. A player who left
    table A before joining table B (or in the same minute: the clock is to the minute) is
    not a finding. Online players legitimately play several tables: live logs only."""
    if SeatedTwice.code not in enabled:
        return []
    return overlapping([run for k, session in enumerate(sessions) if session and session[0].live
                        for run in player_runs(session, k)])


def overlapping(runs: list[Run]) -> list[Found]:
    """SE07 (`seated_at_two_tables`) from the players' runs of the live sessions, in the
    sessions' order (`player_runs`): what the pass keeps of each live session, not its hands."""
    by_key: dict[tuple[str, object, str], list[Run]] = {}
    for run in runs:
        assert run.first.started_at is not None
        key = (run.first.room or run.first.site, run.first.started_at.date(), run.player)
        by_key.setdefault(key, []).append(run)
    out: list[Found] = []
    for group in by_key.values():
        if len(group) < 2:
            continue
        group.sort(key=lambda r: (r.first.started_at, r.order))
        for i, later in enumerate(group):
            for earlier in group[:i]:
                a, b = earlier.first, later.first
                t_a = a.table_name or a.source
                t_b = b.table_name or b.source
                if t_a == t_b:
                    continue  # the same table (a session cut by a long break, a second log)
                start, end = b.started_at, earlier.last.started_at
                assert start is not None and end is not None
                if start >= end:
                    continue
                out.append(Found(
                    b, SeatedTwice, SeatedTwice.severity.value,
                    f"{later.player} at one table at a time (leaves table {t_a} before joining {t_b})",
                    f"{later.player} at table {t_b} from {start:%H:%M} and at table {t_a} until {end:%H:%M}",
                    message=(f"{later.player} is seated at table {t_b} in hand {b.hand_id} ({start:%H:%M}) while "
                             f"at table {t_a} (hands {a.hand_id} to {earlier.last.hand_id}, "
                             f"{a.started_at:%H:%M} to {end:%H:%M})"),
                    seat=later.seat, player=later.player))
    return out
