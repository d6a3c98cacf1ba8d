"""SE07 across tables: a player seated at two tables of one live room and date at once
(Robert's One Player to a Hand), with made-up live logs whose clock times are worked out
by hand. Online players legitimately play several tables at once: only live logs are judged."""

from __future__ import annotations

from pathlib import Path

import hhaudit


def table(path: Path, name: str, date: str, hands: list[tuple[str, dict[int, str]]], room: str = "") -> Path:
    """A live log of table `name`: hands numbered from 1 at the given clock times with the
    given seats (a seat gone since the last hand is a `leave` line, a new one a `seat` line
    of 200); the button moves one player a hand and everyone folds to the big blind, who is
    paid the blinds (1 + 2 = 3)."""
    lines = [f"game NL 1/2 table {name} date {date}" + (f' room "{room}"' if room else ""), ""]
    before: dict[int, str] = {}
    for k, (clock, seats) in enumerate(hands):
        lines.append(f"hand {k + 1} {clock}")
        lines += [f"leave {p}" for s, p in before.items() if seats.get(s) != p]
        order = sorted(seats)
        button = order[k % len(order)]
        lines.append(f"button {button}")
        lines += [f"seat {s} {seats[s]} 200" for s in order if before.get(s) != seats[s]]
        i = order.index(button)
        ring = order[i:] + order[:i]
        if len(ring) == 2:  # heads-up: the button posts the small blind and acts first
            first, bb = ring[:1], ring[1]
        else:  # first to act sits after the big blind
            first, bb = ring[3:] + ring[:2], ring[2]
        lines += [f"{seats[s]} fold" for s in first]
        lines += [f"pay {seats[bb]} 3", ""]
        before = dict(seats)
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def two_tables(paths: list[Path]) -> list[tuple[str, str, str | None, str, str]]:
    res = hhaudit.audit([str(p) for p in paths])
    assert set(res.hands["status"]) == {"audited"}
    f = res.findings[res.findings["rule"] == "SE07"]
    return [(r.source.rsplit("/", 1)[-1], r.hand_id, r.player, r.expected, r.actual) for r in f.itertuples()]


T1 = {1: "Alice", 2: "Bob", 3: "Carol"}
T2 = {1: "Dan", 2: "Erin", 3: "Alice"}


def test_a_player_at_two_tables_at_once(tmp_path: Path) -> None:
    # T1: Alice in hands 1-4 at 19:00, 19:10, 19:20, 19:30. T2: Alice in hands 1-2 at 19:15
    # and 19:25. T2's hand 1 (19:15) lies between T1's hands 2 (19:10) and 3 (19:20), both
    # holding Alice: she is at two tables at once. T2 is the table she joined later, so the
    # finding is at T2's hand 1 (seat 3), once for the overlap, not once per hand.
    a = table(tmp_path / "t1.live", "T1", "2026-11-28",
              [("19:00", T1), ("19:10", T1), ("19:20", T1), ("19:30", T1)])
    b = table(tmp_path / "t2.live", "T2", "2026-11-28", [("19:15", T2), ("19:25", T2)])
    expected = [("t2.live", "1", "Alice", "Alice at one table at a time (leaves table T1 before joining T2)",
                 "Alice at table T2 from 19:15 and at table T1 until 19:30")]
    assert two_tables([a, b]) == expected
    assert two_tables([b, a]) == expected  # the order of the paths does not matter
    res = hhaudit.audit([str(a), str(b)])
    row = res.findings[res.findings["rule"] == "SE07"].iloc[0]
    assert row.seat == 3 and row.category == "session"
    assert row.citation == "Robert's One Player to a Hand"
    hands = res.hands.set_index(["source", "hand_id"])
    assert hands.loc[(str(b), "1"), "n_session_findings"] == 1
    assert hands.loc[(str(a), "1"), "n_session_findings"] == 0


def test_no_finding_when_the_player_left_first(tmp_path: Path) -> None:
    # Alice plays T1's hands 1-2 (19:00, 19:10), leaves before hand 3 (19:20, Dave takes
    # her seat), and joins T2 at 19:15: her T1 hands end (19:10) before her T2 hands start.
    t1_after = {1: "Dave", 2: "Bob", 3: "Carol"}
    a = table(tmp_path / "t1.live", "T1", "2026-11-28",
              [("19:00", T1), ("19:10", T1), ("19:20", t1_after), ("19:30", t1_after)])
    b = table(tmp_path / "t2.live", "T2", "2026-11-28", [("19:15", T2), ("19:25", T2)])
    assert two_tables([a, b]) == []
    # the same minute: her last T1 hand at 19:10, her first T2 hand at 19:10 (the clock is
    # to the minute: she moved)
    c = table(tmp_path / "t2b.live", "T2", "2026-11-28", [("19:10", T2), ("19:25", T2)])
    assert two_tables([a, c]) == []


def test_other_days_and_the_same_table_are_not_compared(tmp_path: Path) -> None:
    # The overlapping hours of the first test, but T2 on the next day: no finding.
    a = table(tmp_path / "t1.live", "T1", "2026-11-28",
              [("19:00", T1), ("19:10", T1), ("19:20", T1), ("19:30", T1)])
    b = table(tmp_path / "t2.live", "T2", "2026-11-29", [("19:15", T2), ("19:25", T2)])
    assert two_tables([a, b]) == []
    # Two logs of one table T1 (an afternoon and an evening box): one table, no finding.
    c = table(tmp_path / "t1b.live", "T1", "2026-11-28", [("19:15", T2), ("19:25", T2)])
    assert two_tables([a, c]) == []


def test_the_rule_can_be_ignored(tmp_path: Path) -> None:
    a = table(tmp_path / "t1.live", "T1", "2026-11-28",
              [("19:00", T1), ("19:10", T1), ("19:20", T1), ("19:30", T1)])
    b = table(tmp_path / "t2.live", "T2", "2026-11-28", [("19:15", T2), ("19:25", T2)])
    res = hhaudit.audit([str(a), str(b)], ignore=["SE07"])
    assert "SE07" not in set(res.findings["rule"])


def test_tables_of_two_rooms_are_not_compared(tmp_path: Path) -> None:
    # The same two tables as in the first test (Alice at T1 19:00-19:30 and at T2 from
    # 19:15), each log naming its card room on its game line: in one room she is at two
    # tables at once (the finding as before); in two rooms they are two players of one name
    # (nobody sits in two card rooms at once), no finding. A log naming no room is compared
    # with the logs naming none (the earlier tests), not with a room's.
    def logs(room_a: str, room_b: str) -> list[Path]:
        return [table(tmp_path / "t1.live", "T1", "2026-11-28",
                      [("19:00", T1), ("19:10", T1), ("19:20", T1), ("19:30", T1)], room=room_a),
                table(tmp_path / "t2.live", "T2", "2026-11-28", [("19:15", T2), ("19:25", T2)], room=room_b)]

    expected = [("t2.live", "1", "Alice", "Alice at one table at a time (leaves table T1 before joining T2)",
                 "Alice at table T2 from 19:15 and at table T1 until 19:30")]
    assert two_tables(logs("Casino Royal", "Casino Royal")) == expected
    assert two_tables(logs("Casino Royal", "Golden Nugget")) == []
    assert two_tables(logs("Casino Royal", "")) == []
    res = hhaudit.audit([str(p) for p in logs("Casino Royal", "Golden Nugget")])
    assert dict(zip(res.hands["source"].map(lambda s: s.rsplit("/", 1)[-1]), res.hands["room"])) == {
        "t1.live": "Casino Royal", "t2.live": "Golden Nugget"}
