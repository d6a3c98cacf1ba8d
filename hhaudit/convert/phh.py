"""Hands as PHH (uoftcprg/phh-std): one `[N]` table per hand in a `.phhs` file.

Players are listed in PHH's order, clockwise from the seat after the button (the small
blind) to the button; heads-up the button posts the first entry of `blinds_or_straddles`
(phh-std reverse-assigns the blinds). A bet or raise is `cbr` to the player's street total,
a check or call `cc`, a fold `f`; the hole cards the log reveals are dealt face up
(`d dh pN AhKd`, `????` when unknown) and shown or mucked at the showdown (`sm`).
`winnings` are the log's payments out of the pot and `finishing_stacks` the stacks they
leave, so reading the file back pays the same amounts. A dead blind becomes a negative
entry (pokerkit's "post bet", which hhaudit reads back as the same dead blind; pokerkit
itself counts such an entry as live chips).

What PHH cannot state, and so is refused with the reason: a call of another amount than
the bet to match (PHH's `cc` is always the right call), a check facing a bet, a post by a
seat that is not dealt in, two blinds posted by one seat, a blind in a place PHH gives
another kind of blind, more than one board, fees or room money added to the pot, and a hand
whose stated total pot, pot sizes or uncalled bet is wrong (AC01, AC04, AC03: PHH states none
of them, and the payments would read back otherwise). A hand whose payout does not match its
rake (AC02) is written with the finding in a `# hhaudit:` comment (PHH has no rake field:
the finding cannot read back, the hand does). `finishing_stacks` are the stacks the log
states after the hand where it states them (a live log's `end` line, a PHH file's own
array), else the replay's: a wrong one is written as the log wrote it and reads back as the
same AC06.

Omaha with four hole cards is `PO`, `NO` or `FO`, Hi/Lo eight or better `PO/8`, `NO/8` or
`FO/8` (phh-std lists PO and FO/8; the others follow its naming); phh-std names no five- or
six-card Omaha, so those hands are refused.

PHH has no sitting out: a seat the log marks sitting out that posts or acts is a player like
any other. Its variant codes name no pot-limit hold'em: pot-limit hands are written as `PT`
(which hhaudit reads; pokerkit knows only the standard's codes).
"""

from __future__ import annotations

from ..engine.live_rules import EndStack
from ..model import ActionEvent, FeeEvent, Hand, Limit, Post, PostEvent, ShowEvent, StreetEvent
from ..money import to_text
from .view import HandView, Unexpressible

name = "phh"
separator = "\n"
suffix = ".phhs"
_UNSTATED = {"AC01": "total pot", "AC02": "payout against its rake", "AC03": "uncalled bet", "AC04": "pot sizes"}
"""Findings about statements PHH has no field for."""
_KEPT = frozenset({"AC02"})
"""Of those, the ones a hand keeps in a `# hhaudit:` comment: a payout that does not match
the rake leaves the chips paid as the log paid them (`winnings`), so the hand reads back the
same but for the finding. A wrong total pot, uncalled bet or pot size would be read back as
other payments: such a hand is refused."""
_VARIANTS = {Limit.NO_LIMIT: "NT", Limit.POT_LIMIT: "PT", Limit.FIXED_LIMIT: "FT"}
_OMAHA = {Limit.NO_LIMIT: "NO", Limit.POT_LIMIT: "PO", Limit.FIXED_LIMIT: "FO"}
"""phh-std's Omaha codes (PO, and FO/8 for fixed-limit Hi/Lo; NO, FO, PO/8 and NO/8 follow
its naming, as the reader takes them): Omaha with four hole cards, "/8" for eight or
better Hi/Lo."""


def _variant(hand: Hand) -> str:
    """The hand's PHH variant code; `Unexpressible` for an Omaha of five or six cards, which
    phh-std names no code for."""
    if hand.variant != "omaha":
        return _VARIANTS[hand.limit]
    if hand.hole_cards != 4:
        raise Unexpressible(f"{hand.game}: PHH's Omaha codes (PO, FO/8, ...) deal four hole cards, "
                            f"not {hand.hole_cards}")
    return _OMAHA[hand.limit] + ("/8" if hand.hilo else "")


def _number(amount: int, scale: int) -> str:
    """A TOML number for an amount: an integer, or a decimal with the hand's places."""
    return to_text(amount, scale)


def _string(text: str) -> str:
    """A TOML basic string."""
    out = text.replace("\\", "\\\\").replace('"', '\\"')
    out = "".join(ch if ch >= " " and ch != "\x7f" else f"\\u{ord(ch):04x}" for ch in out)
    return f'"{out}"'


def header() -> str:
    return "# Written by hhaudit convert (PHH, uoftcprg/phh-std)\n"


def footer() -> str:
    return ""


def write(v: HandView, number: int) -> str:
    """The hand as a `[number]` table."""
    hand = v.hand
    scale = hand.scale
    order = v.dealt
    variant = _variant(hand)
    for f in v.audited.findings:
        if f.rule in _UNSTATED and f.rule not in _KEPT:
            raise Unexpressible(f"the log's {_UNSTATED[f.rule]} is wrong ({f.rule}), and PHH has no field for it")
    notes = [f"# hhaudit: the log's {_UNSTATED[f.rule]} is wrong ({f.rule}: {f.message}); PHH has no field "
             "for it, so the finding is kept here and not read back" for f in v.audited.findings
             if f.rule in _KEPT]
    for ev in hand.events:
        if isinstance(ev, FeeEvent):
            raise Unexpressible(f"a {ev.kind.replace('_', ' ')} of {v.money(abs(ev.amount))}: PHH has no fees")

    n = len(order)
    if n < 2:
        raise Unexpressible("fewer than two players dealt in")
    index = {seat: i for i, seat in enumerate(order)}
    antes = [0] * n
    blinds = [0] * n
    has_blind = [False] * n

    def entry(i: int) -> int:
        return i if n > 2 else 1 - i  # heads-up: reverse-assigned

    for ev in hand.events:
        if not isinstance(ev, PostEvent):
            continue
        i = index.get(ev.seat)
        if i is None:
            raise Unexpressible(f"{ev.player} posts but is not dealt in")
        if ev.kind is Post.ANTE:
            antes[entry(i)] += ev.amount + ev.dead
            continue
        if has_blind[i]:
            raise Unexpressible(f"{ev.player} posts two blinds; PHH gives each player one")
        has_blind[i] = True
        k = entry(i)
        if ev.kind is Post.BIG_BLIND and k > 1 and ev.amount == hand.bb and not ev.dead:
            blinds[k] = -ev.amount  # a big blind posted out of position: live, no straddle
            continue
        wanted = {Post.SMALL_BLIND: k == 0, Post.BIG_BLIND: k == 1, Post.STRADDLE: k > 1}
        if ev.kind in wanted and not wanted[ev.kind]:
            raise Unexpressible(f"{ev.player}'s {ev.kind.value} is entry {k + 1} of PHH's "
                                "blinds_or_straddles, which PHH reads as another kind of blind")
        if ev.kind is Post.DEAD or ev.dead:
            if not (ev.amount == hand.bb or (ev.amount == 0 and 0 < ev.dead < hand.bb)):
                raise Unexpressible(f"{ev.player}'s post of {v.money(ev.amount)} live and "
                                    f"{v.money(ev.dead)} dead has no PHH form")
            blinds[k] = -(ev.amount + ev.dead)
        else:
            blinds[k] = ev.amount
    actions = []
    for seat in order:
        cards = v.hole.get(seat)
        actions.append(f"d dh p{index[seat] + 1} {''.join(cards) if cards else '??' * hand.hole_cards}")
    committed = {seat: 0 for seat in order}
    for ev in hand.events:
        if isinstance(ev, PostEvent) and ev.kind is not Post.ANTE:
            committed[ev.seat] += ev.amount
    current = max(committed.values())
    folded: set[int] = set()
    left = {seat: v.stack(seat) - sum(e.amount + e.dead for e in hand.events
                                      if isinstance(e, PostEvent) and e.seat == seat) for seat in order}
    for seq, ev in enumerate(hand.events):
        if isinstance(ev, StreetEvent):
            if ev.cards and ev.street.value in ("flop", "turn", "river"):
                actions.append(f"d db {''.join(ev.cards)}")
                committed = dict.fromkeys(order, 0)
                current = 0
            continue
        if isinstance(ev, ShowEvent):
            i = index.get(ev.seat)
            if i is None or len(order) - len(folded) < 2:
                # No showdown (everyone else folded): `sm` is for showdowns, and cards the
                # winner chose to show are already dealt face up.
                continue
            if ev.muck:
                actions.append(f"p{i + 1} sm")
            elif len(ev.cards) == hand.hole_cards:
                actions.append(f"p{i + 1} sm {''.join(ev.cards)}")
            else:  # shown, but the log does not say what
                actions.append(f"p{i + 1} sm {'??' * hand.hole_cards}")
            continue
        if not isinstance(ev, ActionEvent):
            continue
        row = v.rows.get(seq)
        i = index.get(ev.seat)
        if row is None or i is None:
            raise Unexpressible(f"{ev.player} acts but is not dealt in")
        p = f"p{i + 1}"
        owed = max(current - committed[ev.seat], 0)
        if row.action == "fold":
            actions.append(f"{p} f")
            folded.add(ev.seat)
        elif row.action == "check":
            if owed:
                raise Unexpressible(f"{ev.player} checks facing a bet of {v.money(current)}; "
                                    "PHH's cc would call it")
            actions.append(f"{p} cc")
        elif row.action == "call":
            chips = row.amount or 0
            due = min(owed, max(left[ev.seat], 0))
            if chips != due:
                raise Unexpressible(f"{ev.player} calls {v.money(chips)} where {v.money(due)} "
                                    "matches the bet; PHH's cc is always the right call")
            actions.append(f"{p} cc")
            committed[ev.seat] += chips
            left[ev.seat] -= chips
        elif row.action in ("bet", "raise"):
            to = row.to_amount if row.to_amount is not None else committed[ev.seat] + (row.amount or 0)
            actions.append(f"{p} cbr {_number(to, scale)}")
            left[ev.seat] -= to - committed[ev.seat]
            committed[ev.seat] = to
            current = max(current, to)
    lines = [f"[{number}]", f"variant = '{variant}'"]
    lines.append(f"antes = [{', '.join(_number(a, scale) for a in antes)}]")
    lines.append("blinds_or_straddles = [" + ", ".join(
        ("-" + _number(-b, scale)) if b < 0 else _number(b, scale) for b in blinds) + "]")
    if hand.limit is Limit.FIXED_LIMIT:
        small = hand.small_bet or hand.bb
        lines.append(f"small_bet = {_number(small, scale)}")
        lines.append(f"big_bet = {_number(hand.big_bet or 2 * small, scale)}")
    else:
        lines.append(f"min_bet = {_number(hand.bb or max(blinds), scale)}")
    lines.append(f"starting_stacks = [{', '.join(_number(v.stack(s), scale) for s in order)}]")
    lines.append("actions = [" + ", ".join(f"'{a}'" for a in actions) + "]")
    if v.collected:  # a log that pays nobody states no payment
        won = v.winnings()
        lines.append(f"winnings = [{', '.join(_number(max(won.get(s, 0), 0), scale) for s in order)}]")
        # the stacks the log itself states after the hand (a live `end` line, PHH's own
        # `finishing_stacks`), where it states them: a wrong one reads back as wrong (AC06)
        ends = {**v.finishing(), **{r.seat: r.stack for r in hand.live if isinstance(r, EndStack)}}
        if all(x >= 0 for x in ends.values()):
            lines.append(f"finishing_stacks = [{', '.join(_number(ends[s], scale) for s in order)}]")
    lines.append(f"seats = [{', '.join(str(s) for s in order)}]")
    if hand.max_seats:
        lines.append(f"seat_count = {hand.max_seats}")
    lines.append("players = [" + ", ".join(_string(v.name(s)) for s in order) + "]")
    lines.append(f"hand = {_string(v.hand_id)}")
    if hand.table_name:
        lines.append(f"table = {_string(hand.table_name)}")
    if hand.site:
        lines.append(f"venue = {_string(hand.site)}")
    if hand.currency and hand.currency != "play":
        lines.append(f"currency = {_string(hand.currency)}")
    if hand.started_at is not None:
        t = hand.started_at
        lines.append(f"year = {t.year}")
        lines.append(f"month = {t.month}")
        lines.append(f"day = {t.day}")
        lines.append(f"time = {t.hour:02d}:{t.minute:02d}:{t.second:02d}")
        lines.append("time_zone = 'UTC'")
    lines += [n.replace("\n", " ") for n in notes]
    return "\n".join(lines) + "\n"
