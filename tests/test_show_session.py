"""`hhaudit show OUT --session ID`: a made-up three-hand PokerStars session (every hand a
walk to the big blind) with 50.00 planted in Bob's stack before the third hand, replayed
hand by hand with the stacks carried and the session finding under the hand it is about."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from commands import in_process


def walk(number: int, clock: str, button: int, stacks: dict[int, tuple[str, int]], sb: int, bb: int,
         folds: list[int]) -> str:
    """A $1/$2 PokerStars hand in which everyone folds to the big blind: the small blind
    loses $1, the big blind gets its $1 back uncalled and collects the $2 pot (+1)."""
    name = {seat: who for seat, (who, _) in stacks.items()}
    seats = "\n".join(f"Seat {seat}: {who} (${chips} in chips)" for seat, (who, chips) in stacks.items())
    summary = "\n".join(
        f"Seat {seat}: {who}" + (" (button)" if seat == button else "") + (" (small blind)" if seat == sb else "")
        + (" (big blind) collected ($2)" if seat == bb else " folded before Flop") for seat, who in name.items())
    folded = "\n".join(f"{name[seat]}: folds" for seat in folds)
    return (f"PokerStars Hand #{number}:  Hold'em No Limit ($1/$2 USD) - 2026/11/01 {clock} ET\n"
            f"Table 'Carry' 6-max Seat #{button} is the button\n{seats}\n"
            f"{name[sb]}: posts small blind $1\n{name[bb]}: posts big blind $2\n*** HOLE CARDS ***\n{folded}\n"
            f"Uncalled bet ($1) returned to {name[bb]}\n{name[bb]} collected $2 from pot\n"
            f"{name[bb]}: doesn't show hand\n*** SUMMARY ***\nTotal pot $2 | Rake $0\n{summary}\n")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The command in this process (tests/commands.py)."""
    return in_process(*args)


@pytest.fixture(scope="module")
def audited(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The session audited once for the tests that show it (they only read the dataset)."""
    tmp_path = tmp_path_factory.mktemp("carry")
    # Hand 1, button 1: Bob (sb) 200 -> 199, Carol (bb) 200 -> 201, Alice 200.
    # Hand 2, button 2: Carol (sb) 201 -> 200, Alice (bb) 200 -> 201, Bob 199.
    # Hand 3, button 3: Bob should start with 199 and is written with 249 (+50 planted);
    #   Alice (sb) 201 -> 200, Bob (bb) 249 -> 250, Carol 200.
    hands = [
        walk(200000000001, "20:00:00", 1, {1: ("Alice", 200), 2: ("Bob", 200), 3: ("Carol", 200)}, 2, 3, [1, 2]),
        walk(200000000002, "20:02:00", 2, {1: ("Alice", 200), 2: ("Bob", 199), 3: ("Carol", 201)}, 3, 1, [2, 3]),
        walk(200000000003, "20:04:00", 3, {1: ("Alice", 201), 2: ("Bob", 249), 3: ("Carol", 200)}, 1, 2, [3, 1]),
    ]
    src = tmp_path / "carry.txt"
    src.write_text("\n\n".join(hands), encoding="utf-8")
    out = tmp_path / "out"
    r = run("audit", str(src), "-o", str(out), "--quiet", "--jobs", "1", "--extend-select", "SE05")
    assert r.returncode == 0, r.stderr  # the SE05 online is a warning
    ids = pq.read_table(out / "sessions").column("session_id").to_pylist()
    assert len(ids) == 1
    return out, ids[0]


def block(text: str, hand_id: str) -> list[str]:
    """The lines of one hand in the printed session."""
    lines = text.splitlines()
    start = next(i for i, x in enumerate(lines) if f" hand {hand_id} " in x)
    end = next((i for i in range(start + 1, len(lines)) if not lines[i]), len(lines))
    return lines[start:end]


def test_show_session_carries_the_stacks_and_shows_the_change(audited: tuple[Path, str]) -> None:
    out, sid = audited
    r = run("show", str(out), "--session", sid)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(f"session {sid}  PokerStars cash  table Carry  3 hands, 2 of 2 pairs judged, "
                               "1 session findings")
    first, second, third = (block(r.stdout, f"20000000000{k}") for k in (1, 2, 3))
    assert first[0].startswith("#0 hand 200000000001  2026-11-02 01:00:00 UTC  button seat 1")  # 20:00 ET = 01:00 UTC
    assert first[1:] == ["   seat 1 Alice: start 200.00  end 200.00", "   seat 2 Bob: start 200.00  end 199.00",
                         "   seat 3 Carol: start 200.00  end 201.00"]
    # hand 2 starts where hand 1 ended: nothing changed, nothing noted
    assert second[0].startswith("#1 hand 200000000002  2026-11-02 01:02:00 UTC  button seat 2")
    assert second[1:] == ["   seat 1 Alice: start 200.00  end 201.00", "   seat 2 Bob: start 199.00  end 199.00",
                          "   seat 3 Carol: start 201.00  end 200.00"]
    # hand 3: Bob's 249 against the 199 hand 2 left him, +50; then the SE05 between the two hands
    assert third[0].startswith("#2 hand 200000000003  2026-11-02 01:04:00 UTC  button seat 3")
    assert third[1:4] == ["   seat 1 Alice: start 201.00  end 200.00",
                          "   seat 2 Bob: start 249.00  end 250.00  (+50.00 since the last hand: it left 199.00)",
                          "   seat 3 Carol: start 200.00  end 200.00"]
    assert third[4:] == [
        ("   since hand 200000000002: SE05 stack-changed [warning] (Bob): 50.00 appeared in Bob's stack between "
         "hands 200000000002 and 200000000003; expected Bob starts with 199.00 (the last hand's end stack); "
         "actual starts with 249.00")]
    assert r.stdout.count("SE05") == 1


def test_show_session_replay_prints_each_hand_step_by_step(audited: tuple[Path, str]) -> None:
    out, sid = audited
    r = run("show", str(out), "--session", sid, "--replay")
    assert r.returncode == 0, r.stderr
    # each hand's replay as `show --hand` prints it, after the hand's stacks
    assert r.stdout.count("PokerStars hand 20000000000") == 3
    third = r.stdout[r.stdout.index("#2 hand 200000000003"):]
    assert third.index("(+50.00 since the last hand") < third.index("Alice (seat 1, SB) posts the small blind 1.00")
    # the compact replay: each line says what it changed, here Bob's stack after his big blind
    bb = next(line for line in third.splitlines() if "Bob (seat 2, BB) posts the big blind 2.00" in line)
    assert "stack Bob 247.00" in bb  # Bob's 249 less his 2.00 big blind


def test_show_session_unknown_id_is_a_usage_error_naming_close_ones(audited: tuple[Path, str]) -> None:
    out, sid = audited
    wrong = sid[:-1] + ("0" if sid[-1] != "0" else "1")
    r = run("show", str(out), "--session", wrong)
    assert r.returncode == 2 and r.stdout == ""
    assert f"session {wrong} is not in the dataset" in r.stderr and f"did you mean {sid}?" in r.stderr
    assert f"hhaudit report {out}" in r.stderr and "Traceback" not in r.stderr
    r = run("show", str(out), "--session", "nothing-like-it")
    assert r.returncode == 2 and "did you mean" not in r.stderr and "lists the sessions" in r.stderr
    # a history file is not a dataset; --replay needs --session; one of --hand, --session
    r = run("show", str(out.parent / "carry.txt"), "--session", sid)
    assert r.returncode == 2 and "not a dataset" in r.stderr
    r = run("show", str(out), "--hand", "200000000001", "--replay")
    assert r.returncode == 2 and "--replay goes with --session" in r.stderr
    r = run("show", str(out), "--hand", "200000000001", "--session", sid)
    assert r.returncode == 2 and "not allowed with" in r.stderr


LIVE_HAND_1 = ("hand 1\nbutton 1\nseat 1 Alice 5000\nseat 2 Bob 5000\nseat 3 Carol 5000\n"
               "Bob sb 100\nCarol bb 200\nAlice fold\nBob fold\npay Carol 300\n")


def live_session(tmp_path: Path, *later: str) -> str:
    src = tmp_path / "t.live"
    src.write_text("\n".join(["game NL 100/200 table T1\n", LIVE_HAND_1, *later]), encoding="utf-8")
    out = tmp_path / "live-out"
    r = run("audit", str(src), "-o", str(out), "--quiet", "--jobs", "1", "--extend-select", "SE05")
    assert r.returncode in (0, 1), r.stderr
    (sid,) = pq.read_table(out / "sessions").column("session_id").to_pylist()
    r = run("show", str(out), "--session", sid)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_show_session_live_rebuy_is_in_the_start_it_explains(tmp_path: Path) -> None:
    # Hand 1: Bob's small blind lost (5000 -> 4900), Carol's big blind wins 300 (5100).
    # Hand 2 carries the table and `rebuy Bob 500` brings Bob to 4900 + 500 = 5400: no
    # change to show, no SE05; Carol (sb) 5100 -> 5000, Alice (bb) 5000 -> 5100.
    text = live_session(tmp_path, "hand 2\nbutton 2\nrebuy Bob 500\nCarol sb 100\nAlice bb 200\n"
                                  "Bob fold\nCarol fold\npay Alice 300\n")
    assert block(text, "2")[1:] == ["   seat 1 Alice: start 5000  end 5100",
                                    "   seat 2 Bob: start 5400  end 5400  (500 brought before the hand)",
                                    "   seat 3 Carol: start 5100  end 5000"]
    assert "SE05" not in text and "stacks not judged" not in text


def test_show_session_says_when_the_table_resets_every_stack(tmp_path: Path) -> None:
    # Hands 2 and 3 start every seat at 5000 again after chips moved: a table that resets
    # the stacks (2 of the 2 pairs), where SE05 is not judged; the changes are shown, not found.
    again = ("hand {n}\nbutton {b}\nseat 1 Alice 5000\nseat 2 Bob 5000\nseat 3 Carol 5000\n"
             "{sb} sb 100\n{bb} bb 200\n{f1} fold\n{f2} fold\npay {bb} 300\n")
    text = live_session(tmp_path, again.format(n=2, b=2, sb="Carol", bb="Alice", f1="Bob", f2="Carol"),
                        again.format(n=3, b=3, sb="Alice", bb="Bob", f1="Carol", f2="Alice"))
    assert text.splitlines()[1].startswith("stacks not judged: the table starts every stack at one amount")
    # hand 1 left Bob 4900 and Carol 5100
    assert "   seat 2 Bob: start 5000  end 5000  (+100 since the last hand: it left 4900)" in block(text, "2")
    assert "   seat 3 Carol: start 5000  end 4900  (-100 since the last hand: it left 5100)" in block(text, "2")
    assert "SE05" not in text
