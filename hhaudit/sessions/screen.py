"""The session pass's screen: which hands can give no session finding, worked out from the
columns with numpy, so that the judge builds Python objects only for the hands that can.

Most consecutive hands of a table are plain: the same players in the same seats, every one
dealt in, each stack the one the last hand ended with, one small blind and one big blind
posted, the button moved one seat on. Judged one by one (`judge.SessionJudge`), such a hand
costs a `HandView` and its seats, and gives nothing. `Screened.plain[k]` marks rank k (the
hands in session order) plain when every rule would pass it whatever came before, given
only that no player at the table owes a blind (the judge checks that as it goes):

- hands k - 1 and k hold the same players in the same seats (no seat written twice, no
  name twice), every one dealt in, and each starts hand k with what it ended hand k - 1
  with (the same scale, nothing brought or taken off in either hand);
- both are audited, neither is a live log's, and chips were paid in both (`unpaid`);
- each has one small blind and one big blind post and no dead or straddle post in hand k
  (`blind_seats` is then those posts' seats);
- the button is on the last hand's small blind's seat, which is also the next seat after
  the last button (dead, moving and the default button rules all expect it there), or,
  heads-up, on the last big blind's seat;
- the hand id does not go back while the time goes forward (`_order`).

A hand that is not plain may still pass two of the checks (`Screened.stacks_ok`,
`Screened.order_ok`): the judge then leaves those out.

A session's first hand is plain when it has one small and one big blind post, no name or
seat twice and is not a live log's. Being wrong here in the other direction (a hand marked
not plain that is) costs only time: the screen may refuse a hand, never pass one that the
judge would find anything in; `tests/test_sessions_screen.py` compares the pass with and
without it on the corpus.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..pipeline.options import LIVE_FORMATS
from .judge import ADD_ACTIONS, REMOVE_ACTIONS

ENABLED = True
"""Whether the pass screens its hands (the tests turn it off to compare)."""


def distinct(values: Any) -> Any:
    """The distinct values of an integer array, sorted (what `np.unique` gives: numpy 2's
    `np.unique` hashes, which costs some 60 times a sort on the pass's arrays)."""
    import numpy as np

    s = np.sort(values)
    if len(s) < 2:
        return s
    keep = np.ones(len(s), dtype=bool)
    keep[1:] = s[1:] != s[:-1]
    return s[keep]


def member(values: Any, of: Any) -> Any:
    """Whether each of `values` is in `of` (sorted, distinct): `np.isin` by binary search."""
    import numpy as np

    at = np.searchsorted(of, values)
    inside = at < len(of)
    out = np.zeros(len(values), dtype=bool)
    out[inside] = of[at[inside]] == values[inside]
    return out


@dataclass(frozen=True)
class Screened:
    """Per rank (numpy arrays): `plain`, `plain_first` (a session's first hand), the blinds'
    seats `sb` and `bb` (where a hand has one post of each), `ring` and `first` (`judge.ring`,
    `judge.first_seat`), `cash`, `live`, `fresh` (the hand starts every seat with one amount
    after a hand where chips moved: `judge.resets`), and for a hand that is not plain, the
    checks that can still give nothing against the hand before: `stacks_ok` (every player of
    both starts with the chips they ended with, nothing brought, the same scale: `_stacks`)
    and `order_ok` (an online hand whose id does not go back while the time goes forward:
    `_order`); per seat row, `code`, the player's number, and `last` (only last rows count: a
    seat written twice keeps its last row, as a `HandView` does)."""

    plain: Any
    plain_first: Any
    sb: Any
    bb: Any
    ring: Any
    first: Any
    cash: Any
    live: Any
    fresh: Any
    code: Any
    last: Any
    stacks_ok: Any
    order_ok: Any


def screen(hands: Any, seats: Any, seat_at: Any, posts: Any, post_at: Any) -> Screened:
    """The screen of a bucket's hands in session order (`hands`), their seats and posts in
    the same order (`seats`, `posts`: rows `seat_at[k]`..`seat_at[k + 1]` are rank k's)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    m = len(hands)

    def np_col(table: Any, name: str, fill: Any) -> Any:
        return np.asarray(pc.fill_null(table[name], fill).to_numpy(zero_copy_only=False))

    def flag(values: Any, fill: bool = False) -> Any:
        return np.asarray(pc.fill_null(values, fill).to_numpy(zero_copy_only=False), dtype=bool)

    live = flag(pc.is_in(hands["format"], value_set=pa.array(sorted(LIVE_FORMATS), pa.string())))
    cash = flag(pc.equal(hands["kind"], "cash"))
    audited = flag(pc.equal(hands["status"], "audited"))
    button = np_col(hands, "button_seat", -1).astype(np.int64)
    has_button = flag(pc.is_valid(hands["button_seat"]))
    scale = np_col(hands, "scale", 0).astype(np.int64)
    max_seats = np_col(hands, "max_seats", 0).astype(np.int64)

    # ---- seats: rows sorted by rank, then seat
    rank = seats["rank"].to_numpy() if len(seats) else np.zeros(0, np.int64)
    r_n = len(rank)
    seat = np_col(seats, "seat", -1).astype(np.int64) if r_n else np.zeros(0, np.int64)
    names = pc.fill_null(seats["player"], "").combine_chunks().dictionary_encode() if r_n else None
    code = (np.asarray(names.indices.to_numpy(zero_copy_only=False), dtype=np.int64) if names is not None
            else np.zeros(0, np.int64))
    width = len(names.dictionary) + 1 if names is not None else 1
    stack = np_col(seats, "stack_start", 0).astype(np.int64) if r_n else np.zeros(0, np.int64)
    net = np_col(seats, "net", 0).astype(np.int64) if r_n else np.zeros(0, np.int64)
    dealt = flag(pc.not_equal(seats["position"], "out"), True) if r_n else np.zeros(0, bool)
    added = (np_col(seats, "added", 0) != 0) if r_n else np.zeros(0, bool)
    null_seat = ~flag(pc.is_valid(seats["seat"])) if r_n else np.zeros(0, bool)

    def count(mask: Any, at: Any = rank) -> Any:
        return np.bincount(at[mask], minlength=m) if len(at) else np.zeros(m, np.int64)

    ns = np.diff(np.asarray(seat_at, dtype=np.int64))
    twice = np.zeros(r_n, dtype=bool)  # a row whose seat the next row writes again
    if r_n > 1:
        twice[:-1] = (rank[:-1] == rank[1:]) & (seat[:-1] == seat[1:])
    last = ~twice
    odd_seat = (count(twice) > 0) | (count(null_seat) > 0)
    pairs = distinct(rank[last] * width + code[last]) if r_n else np.zeros(0, np.int64)
    names_in = np.bincount(pairs // width, minlength=m) if len(pairs) else np.zeros(m, np.int64)
    n_last = count(last)
    name_twice = names_in < n_last
    unpaid = (count(net < 0) > 0) & (count(net > 0) == 0)
    any_net = count(last & (net != 0)) > 0

    nonempty = np.flatnonzero(ns > 0)
    starts = np.asarray(seat_at, dtype=np.int64)[nonempty]

    def per_hand(values: Any, ufunc: Any, empty: int) -> Any:
        out = np.full(m, empty, dtype=np.int64)
        if len(nonempty):
            out[nonempty] = ufunc.reduceat(values, starts)
        return out

    big = np.iinfo(np.int64).max
    uniform = np.zeros(m, dtype=bool)
    if r_n:
        hi = per_hand(np.where(last, stack, np.iinfo(np.int64).min), np.maximum, 0)
        lo_ = per_hand(np.where(last, stack, big), np.minimum, 0)
        uniform = (n_last > 0) & (hi == lo_)
    top_seat = per_hand(seat, np.maximum, 0) if r_n else np.zeros(m, np.int64)
    seat_zero = count(seat == 0) > 0
    first = np.where(seat_zero | (has_button & (button == 0)), 0, 1)
    top = np.maximum(np.maximum(max_seats, top_seat), np.where(has_button, button, 0))
    ring = np.where(first == 0, top + 1, top)
    # the next seat after the button (clockwise among the hand's seats)
    after_button = (per_hand(np.where(seat > button[rank], seat, big), np.minimum, big) if r_n
                    else np.full(m, big, np.int64))
    lowest = per_hand(seat, np.minimum, big) if r_n else np.full(m, big, np.int64)
    next_seat = np.where(after_button == big, lowest, after_button)

    # ---- posts: rows sorted by rank, then seq (a post without a seat is not the hand's)
    p_rank = posts["rank"].to_numpy() if len(posts) else np.zeros(0, np.int64)
    if len(posts):
        valid = flag(pc.is_valid(posts["seat"]))
        action = posts["action"]
        p_seat = np_col(posts, "seat", -1).astype(np.int64)

        def is_(values: Any) -> Any:
            return flag(pc.is_in(action, value_set=pa.array(sorted(values), pa.string()))) & valid

        moves = is_(ADD_ACTIONS | REMOVE_ACTIONS)
        sb_row, bb_row, other_row = is_({"post_sb"}), is_({"post_bb"}), is_({"post_dead", "post_straddle"})
    else:
        p_seat = np.zeros(0, np.int64)
        moves = sb_row = bb_row = other_row = np.zeros(0, bool)
    n_sb, n_bb = count(sb_row, p_rank), count(bb_row, p_rank)
    n_other = count(other_row, p_rank)
    sb = np.full(m, -1, dtype=np.int64)
    bb = np.full(m, -1, dtype=np.int64)
    sb[p_rank[sb_row]] = p_seat[sb_row]
    bb[p_rank[bb_row]] = p_seat[bb_row]
    simple = has_button & (n_sb == 1) & (n_bb == 1)
    brought = (count(added) > 0) | (count(moves, p_rank) > 0)

    # ---- hand k against hand k - 1
    same = np.zeros(m, dtype=bool)
    if r_n and m > 1:
        width_ok = np.zeros(m, dtype=bool)
        width_ok[1:] = (ns[1:] == ns[:-1]) & (ns[1:] >= 2)
        rows = np.flatnonzero(width_ok[rank])
        back = rows - ns[rank[rows]]
        ok = ((seat[rows] == seat[back]) & (code[rows] == code[back]) & dealt[rows] & dealt[back]
              & (stack[rows] == stack[back] + net[back]))
        same = width_ok & (np.bincount(rank[rows[ok]], minlength=m) == ns)
    order_ok = np.ones(m, dtype=bool)
    if m > 1:
        micros = pc.cast(hands["started_at"], pa.int64())
        t = np.asarray(pc.fill_null(micros, 0).to_numpy(zero_copy_only=False), dtype=np.int64)
        timed = flag(pc.is_valid(micros))
        ids = pc.fill_null(hands["hand_id"], "")
        digits = pc.fill_null(pc.struct_field(pc.extract_regex(ids, r"(?P<n>[0-9]+)[^0-9]*$"), "n"), "")
        length = np.asarray(pc.utf8_length(digits).to_numpy(zero_copy_only=False), dtype=np.int64)
        fits = length <= 18  # the id's number as an int64 (a longer one is left to the judge)
        number = np.asarray(pc.cast(pc.if_else(pa.array((length > 0) & fits), digits, "0"), pa.int64())
                            .to_numpy(zero_copy_only=False), dtype=np.int64)
        known = flag(pc.string_is_ascii(ids)) & fits  # `natural` reads any Unicode digit
        numbered = length > 0
        forward = timed[1:] & timed[:-1] & (t[1:] > t[:-1])
        back_id = numbered[1:] & numbered[:-1] & (number[1:] < number[:-1])
        order_ok[1:] = known[1:] & known[:-1] & ~(forward & back_id) & ~live[1:]
    heads_up = ns == 2
    button_ok = np.zeros(m, dtype=bool)
    if m > 1:
        prev_sb, prev_bb, prev_next = sb[:-1], bb[:-1], next_seat[:-1]
        button_ok[1:] = np.where(heads_up[1:], button[1:] == prev_bb,
                                 (button[1:] == prev_sb) & (button[1:] == prev_next))
    # each player of hand k who was in hand k - 1 starts with what they ended it with
    stacks_ok = np.zeros(m, dtype=bool)
    if r_n and m > 1:
        rows = np.flatnonzero(last)
        key = rank[rows] * width + code[rows]
        by_key = np.argsort(key, kind="stable")
        sorted_key = key[by_key]
        target = (rank[rows] - 1) * width + code[rows]
        at = np.minimum(np.searchsorted(sorted_key, target), len(sorted_key) - 1)
        q = rows[by_key[at]]
        moved = (sorted_key[at] == target) & (stack[rows] != stack[q] + net[q])
        stacks_ok[1:] = ((np.bincount(rank[rows[moved]], minlength=m) == 0)[1:] & ~name_twice[:-1]
                         & ~odd_seat[1:] & ~odd_seat[:-1] & ~brought[1:] & ~brought[:-1] & (scale[1:] == scale[:-1]))
    quiet = simple & ~odd_seat & ~brought & ~unpaid & audited & ~live
    plain = np.zeros(m, dtype=bool)
    if m > 1:
        plain[1:] = (same[1:] & quiet[1:] & quiet[:-1] & ~name_twice[1:] & (n_other[1:] == 0)
                     & button_ok[1:] & order_ok[1:] & (scale[1:] == scale[:-1]))
    plain_first = simple & ~name_twice & ~odd_seat & ~live
    fresh = np.zeros(m, dtype=bool)
    if m > 1:
        fresh[1:] = uniform[1:] & any_net[:-1]
    return Screened(plain=plain, plain_first=plain_first, sb=sb, bb=bb, ring=ring, first=first, cash=cash,
                    live=live, fresh=fresh, code=code, last=last, stacks_ok=stacks_ok, order_ok=order_ok)
