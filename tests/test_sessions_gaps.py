"""Hands missing from a table's history (a player's own history skips the hands they sat
out): the session is cut there (`cut_reason` "gap") and no session rule judges the pair
across it. Online, by the table's rhythm (the median time between its hands) or, where the
site numbers a table's hands (Winamax), by that number; live, by the hand numbers."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pandas as pd

import hhaudit
from hhaudit.sessions.passes import GAP_RHYTHM, gaps

SEATS = {1: "Alice", 2: "Bob", 4: "Carol", 5: "Dave"}  # seat 3 empty: positional bugs show


def stars_table(hands: list[int], *, every: int = 60, start: str = "2026/11/01 20:00:00") -> str:
    """PokerStars hands of one 4-handed table at $1/$2, hand k (of `hands`, numbers into the
    table's full run) starting `every` seconds after hand k - 1 of the full run, the button
    one seat on a hand; everyone folds to the big blind, who wins the small blind. Each
    hand's stacks are where the full run leaves them, so only the missing hands can make
    the button or a stack look wrong."""
    order = sorted(SEATS)
    stacks = {s: 20000 for s in order}  # cents
    t0 = datetime.strptime(start, "%Y/%m/%d %H:%M:%S")
    out: list[str] = []
    for k in range(max(hands) + 1):
        btn = order[k % 4]
        i = order.index(btn)
        sb, bb = order[(i + 1) % 4], order[(i + 2) % 4]
        folders = [order[(i + j) % 4] for j in (3, 4, 5)]  # UTG, button, small blind
        if k in hands:
            when = (t0 + timedelta(seconds=every * k)).strftime("%Y/%m/%d %H:%M:%S")
            lines = [f"PokerStars Hand #{200000000000 + k}:  Hold'em No Limit ($1/$2 USD) - {when} ET",
                     f"Table 'Gap' 6-max Seat #{btn} is the button"]
            lines += [f"Seat {s}: {SEATS[s]} (${stacks[s] // 100} in chips)" for s in order]
            lines += [f"{SEATS[sb]}: posts small blind $1", f"{SEATS[bb]}: posts big blind $2", "*** HOLE CARDS ***"]
            lines += [f"{SEATS[s]}: folds" for s in folders]
            lines += [f"Uncalled bet ($1) returned to {SEATS[bb]}", f"{SEATS[bb]} collected $2 from pot",
                      f"{SEATS[bb]}: doesn't show hand", "*** SUMMARY ***", "Total pot $2 | Rake $0"]
            for s in order:
                role = " (button)" if s == btn else " (small blind)" if s == sb else " (big blind)" if s == bb else ""
                lines.append(f"Seat {s}: {SEATS[s]}{role} collected ($2)" if s == bb
                             else f"Seat {s}: {SEATS[s]}{role} folded before Flop")
            out.append("\n".join(lines) + "\n\n\n")
        stacks[sb] -= 100
        stacks[bb] += 100
    return "".join(out)


def session_findings(tmp: Path, name: str, text: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The session findings of every session rule (select ALL: online, the default set
    leaves them out, docs/precision.md) and the sessions table."""
    p = tmp / name
    p.write_text(text, encoding="utf-8")
    res = hhaudit.audit([str(p)], jobs=1, select=["ALL"])
    assert set(res.hands["status"]) == {"audited"}
    f = res.findings
    return f[f["category"] == "session"], res.tables["sessions"]


def test_the_whole_table_is_one_session_and_judges_clean(tmp_path: Path) -> None:
    found, sessions = session_findings(tmp_path, "all.txt", stars_table(list(range(10))))
    assert found.empty
    assert sessions["cut_reason"].tolist() == ["table"]
    assert sessions["hands"].tolist() == [10]


def test_hands_missing_cut_the_session_and_no_pair_is_judged_across(tmp_path: Path) -> None:
    """Hands 5 and 6 missing: 180 s between hands 4 and 7, three times the table's 60 s:
    a gap. Judged across it, the button "skipped" two seats and four stacks "changed"."""
    kept = [0, 1, 2, 3, 4, 7, 8, 9, 10]
    found, sessions = session_findings(tmp_path, "gap.txt", stars_table(kept))
    assert found.empty, found[["hand_id", "rule", "message"]].to_string()
    assert sessions["cut_reason"].tolist() == ["table", "gap"]
    assert sessions["hands"].tolist() == [5, 4]
    assert sessions["first_hand_id"].tolist() == ["200000000000", "200000000007"]
    # the same hands with the gap judged (the rhythm test off): the findings it prevents
    import hhaudit.sessions.passes as passes

    old = passes.GAP_RHYTHM
    passes.GAP_RHYTHM = 1e9
    try:
        across, _ = session_findings(tmp_path, "gap2.txt", stars_table(kept))
    finally:
        passes.GAP_RHYTHM = old
    assert {"SE01", "SE05"} <= set(across["rule"])
    assert set(across["hand_id"]) == {"200000000007"}


def test_a_slow_hand_is_no_gap(tmp_path: Path) -> None:
    """One hand taking 100 s at a 60 s table (under GAP_RHYTHM times): nothing missing."""
    assert GAP_RHYTHM * 60 > 100
    text = stars_table(list(range(8)))
    text = text.replace("2026/11/01 20:05:00", "2026/11/01 20:05:40", 1)  # hand 5 40 s late
    found, sessions = session_findings(tmp_path, "slow.txt", text)
    assert found.empty and sessions["cut_reason"].tolist() == ["table"]


def test_winamax_table_numbers_say_what_is_missing() -> None:
    """Winamax ids number a table's hands (`9260931-103-1479198677`): 103, 104, 106 is a gap
    before 106 whatever the times; times alone with no sequence judge by the rhythm."""
    import numpy as np

    key = np.zeros(6, dtype=np.int64)
    t = np.arange(6, dtype=np.int64) * 60_000_000
    has_t = np.ones(6, dtype=bool)
    idle = np.zeros(6, dtype=bool)
    seq = [103, 104, 106, 107, 108, 109]
    assert gaps(key, t, has_t, seq, idle).tolist() == [False, False, True, False, False, False]
    # no sequence: hand 3 comes 180 s after hand 2 at a 60 s table
    t2 = np.array([0, 60, 120, 300, 360, 420, 480], dtype=np.int64) * 1_000_000
    out = gaps(np.zeros(7, dtype=np.int64), t2, np.ones(7, dtype=bool), [None] * 7, np.zeros(7, dtype=bool))
    assert out.tolist() == [False, False, False, True, False, False, False]
    # too few intervals to know the table's rhythm: nothing is called missing
    few = gaps(np.zeros(3, dtype=np.int64), t2[:3] * 5, np.ones(3, dtype=bool), [None] * 3, np.zeros(3, dtype=bool))
    assert not few.any()


def test_winamax_real_hands_with_one_missing(tmp_path: Path) -> None:
    """A real Winamax table of the corpus, one hand taken out: the session is cut at the
    hole and no session finding names the hand after it."""
    import re

    from conftest_corpus import corpus

    root = corpus()
    files = sorted((root / "ChazDazzle").rglob("*Winamax*/**/*.txt")) or sorted(root.rglob("*inamax*/*.txt"))
    text = None
    for f in files:
        body = f.read_text(encoding="utf-8", errors="replace")
        ids = re.findall(r"HandId: #(\d+)-(\d+)-\d+", body)
        if len(ids) >= 5 and len({a for a, _ in ids}) == 1 and \
                all(int(b) == int(a) + 1 for (_, a), (_, b) in zip(ids, ids[1:])):
            text = body
            break
    assert text is not None, "no Winamax file of consecutive hands in the corpus"
    hands = re.split(r"(?=Winamax Poker - )", text)
    hands = [h for h in hands if h.strip()]
    missing = hands[2]
    after = re.search(r"HandId: #([\d-]+)", hands[3]).group(1)  # type: ignore[union-attr]
    found, sessions = session_findings(tmp_path, "winamax.txt", "".join(hands[:2] + hands[3:]))
    assert "gap" in sessions["cut_reason"].tolist()
    assert after not in set(found["hand_id"])
    assert missing not in "".join(hands[:2] + hands[3:])
