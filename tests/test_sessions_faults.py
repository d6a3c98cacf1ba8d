"""Fault injection on real sessions: PokerStars files of the corpus whose hands are in time
order, one table each, edited between hands as a dealer's or a site's mistake would: the
button moved back, a new player's post dropped, chips added to a stack, a hand deleted.
Every fault must give a session finding at the hand it was put in (100% recall) and no
session finding anywhere else (the findings of the untouched file are the baseline).

The edits keep every other hand's stacks carried: a dropped post also takes the post off the
player's starting stack (the chips they end with are the same), chips added to a stack are
added to every later hand's stack of that player."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

import hhaudit

CORPUS = Path(__file__).parents[1] / ".." / "shared" / "corpus"
STARS = CORPUS / "ChazDazzle" / "fpdb-chaz" / "pyfpdb" / "regression-test-files"
FILES = {
    "cash": STARS / "cash" / "Stars" / "Flop" / "NLHE-6max-EUR-0.05-0.10-200911.txt",
    "tournament": STARS / "tour" / "Stars" / "Flop" / "NLHE-USD-MTT-1-KO.201008.txt",
}
SEAT = re.compile(r"^Seat (\d+): (.+?) \(([^\d]*)([\d.,]+) in chips")
BUTTON = re.compile(r"Seat #(\d+) is the button")

Finding = tuple[str, str]
"""(hand id, rule) of a session finding."""


class Session:
    """The file's text cut into hands, and the hands of its longest session in order."""

    def __init__(self, path: Path) -> None:
        if not path.is_file():
            pytest.skip("the shared corpus (../shared/corpus) is not present")
        self.lines = path.read_text(encoding="utf-8").splitlines()
        res = hhaudit.audit([str(path)], select=["ALL"])  # session rules leave the default online
        h = res.hands
        longest = h["session_id"].value_counts().index[0]
        s = h[h["session_id"] == longest].sort_values("session_seq")
        self.ids: list[str] = list(s["hand_id"])
        self.spans = {hid: (int(a) - 1, int(b)) for hid, a, b in zip(h["hand_id"], h["line"], h["end_line"])}
        self.baseline = self.findings_of(res)
        self.seats = {hid: self._seats(hid) for hid in self.ids}
        self.buttons = {hid: self._button(hid) for hid in self.ids}
        self.actions = res.actions
        self.kind = str(s["kind"].iloc[0])

    @staticmethod
    def findings_of(res: hhaudit.api.AuditResult) -> set[Finding]:
        f = res.findings
        f = f[f["category"] == "session"]
        return {(hid, rule) for hid, rule in zip(f["hand_id"], f["rule"])}

    def hand(self, hid: str) -> list[str]:
        a, b = self.spans[hid]
        return self.lines[a:b]

    def _seats(self, hid: str) -> dict[str, int]:
        return {m.group(2): int(m.group(1)) for ln in self.hand(hid) if (m := SEAT.match(ln))}

    def _button(self, hid: str) -> int:
        for ln in self.hand(hid):
            if m := BUTTON.search(ln):
                return int(m.group(1))
        raise AssertionError(f"hand {hid} has no button line")

    def clean(self, k: int) -> bool:
        """Hands k-1, k and k+1 have no session finding (the fault is the only cause)."""
        near = set(self.ids[max(k - 1, 0):k + 2])
        return not any(hid in near for hid, _ in self.baseline)

    def audit(self, tmp: Path, edit: Callable[[str, list[str]], list[str] | None]) -> set[Finding]:
        """The session findings of the file with each hand edited (None deletes it)."""
        return self.findings_of(self.audit_result(tmp, edit))

    def audit_result(self, tmp: Path, edit: Callable[[str, list[str]], list[str] | None]) -> hhaudit.api.AuditResult:
        """The audit of the file with each hand edited (None deletes it)."""
        out: list[str] = []
        pos = 0
        for hid in sorted(self.spans, key=lambda x: self.spans[x][0]):
            a, b = self.spans[hid]
            out.extend(self.lines[pos:a])
            new = edit(hid, self.lines[a:b])
            if new is not None:
                out.extend(new)
            pos = b
        out.extend(self.lines[pos:])
        path = tmp / "faulted.txt"
        path.write_text("\n".join(out) + "\n", encoding="utf-8")
        return hhaudit.audit([str(path)], select=["ALL"])


@pytest.fixture(scope="module", params=sorted(FILES))
def session(request: pytest.FixtureRequest) -> Session:
    return Session(FILES[request.param])


def add_to_stack(lines: list[str], player: str, amount: str) -> list[str]:
    """The hand with `amount` (the file's own notation) added to the player's seat line."""
    out = []
    for ln in lines:
        m = SEAT.match(ln)
        if m and m.group(2) == player:
            old = m.group(4)
            cents = "." in old or "." in amount
            total = (round(float(old.replace(",", "")) * 100) + round(float(amount) * 100)) if cents else (
                int(old.replace(",", "")) + int(amount))
            new = f"{total / 100:.2f}" if cents else str(total)
            ln = ln[:m.start(4)] + new + ln[m.end(4):]
        out.append(ln)
    return out


def test_a_moved_button_is_found_at_its_hand(session: Session, tmp_path: Path) -> None:
    tried = 0
    for k in range(2, len(session.ids) - 1, 5):
        hid, prev = session.ids[k], session.ids[k - 1]
        if not session.clean(k) or len(session.seats[prev]) < 4:
            continue
        # the button back to the seat before the last button (clockwise order of its seats)
        seats = sorted(session.seats[prev].values())
        back = seats[seats.index(session.buttons[prev]) - 1] if session.buttons[prev] in seats else None
        if back is None or back == session.buttons[hid]:
            continue

        def edit(h: str, lines: list[str], hid: str = hid, back: int = back) -> list[str]:
            return [BUTTON.sub(f"Seat #{back} is the button", ln) for ln in lines] if h == hid else lines

        got = session.audit(tmp_path, edit) - session.baseline
        assert got == {(hid, "SE01")}, (hid, back, got)
        tried += 1
    assert tried >= 3


def test_chips_added_between_hands_are_found_at_their_hand(session: Session, tmp_path: Path) -> None:
    tried = 0
    small = "1.00" if any("$" in ln or "€" in ln for ln in session.hand(session.ids[0])) else "100"
    for k in range(1, len(session.ids) - 1, 6):
        hid, prev = session.ids[k], session.ids[k - 1]
        common = sorted(set(session.seats[prev]) & set(session.seats[hid]))
        if not session.clean(k) or not common:
            continue
        player = common[0]
        later = set(session.ids[k:])

        def edit(h: str, lines: list[str], later: set[str] = later, player: str = player) -> list[str]:
            return add_to_stack(lines, player, small) if h in later else lines

        got = session.audit(tmp_path, edit) - session.baseline
        assert got == {(hid, "SE05")}, (hid, player, got)
        tried += 1
    assert tried >= 3


def test_a_deleted_hand_is_found_at_the_next_hand(session: Session, tmp_path: Path) -> None:
    """Online a hand missing from a player's history is no mistake of the site (they sat
    out): where the time around it shows hands are missing (a cash table's rhythm,
    `sessions.passes.gaps`) the session is cut there as a gap and no pair is judged across
    it; where it does not, the hand after it shows the fault as before. A tournament deals
    every seated player in, so its history misses no hand and the fault always shows."""
    tried = cut = 0
    for k in range(2, len(session.ids) - 2, 5):
        hid, nxt = session.ids[k], session.ids[k + 1]
        if not session.clean(k) or not session.clean(k + 1):
            continue
        res = session.audit_result(tmp_path, lambda h, lines, hid=hid: None if h == hid else lines)
        got = session.findings_of(res) - session.baseline
        s = res.tables["sessions"]
        gap = set(s[s["cut_reason"] == "gap"]["first_hand_id"])
        if nxt in gap:
            # cut at the hole: nothing judged across it
            assert not {h for h, _ in got} & {nxt}, (hid, got)
            cut += 1
        else:
            # the hand after the missing one shows it: the button moved two seats, or a
            # stack that changed in the deleted hand does not carry
            assert got and {h for h, _ in got} == {nxt}, (hid, got)
        tried += 1
    assert tried >= 3
    if session.kind == "tournament":
        assert cut == 0


def test_a_dropped_post_is_found_at_its_hand(tmp_path: Path) -> None:
    session = Session(FILES["cash"])
    a = session.actions
    posts = a[a["action"] == "post_bb"]
    twice = posts.groupby("hand_id").filter(lambda g: len(g) > 1)
    tried = 0
    for hid, g in twice.groupby("hand_id"):
        if hid not in session.ids or session.ids.index(hid) == 0:
            continue
        k = session.ids.index(hid)
        prev = session.ids[k - 1]
        # the big blind that is not the table's: a new player's post to come in
        new = [p for p in g.itertuples() if p.player not in session.seats[prev]]
        if not new or not session.clean(k):
            continue
        player = str(new[0].player)
        line_no = int(new[0].line) - 1

        def edit(h: str, lines: list[str], hid: str = hid, player: str = player, line_no: int = line_no) -> list[str]:
            if h != hid:
                return lines
            a0 = session.spans[hid][0]
            post = lines[line_no - a0]
            amount = re.search(r"([\d.]+)$", post)
            assert amount, post
            kept = [ln for i, ln in enumerate(lines) if i != line_no - a0]
            # the post's chips stay in the stack: the player starts that much lower
            return add_to_stack(kept, player, f"-{amount.group(1)}")

        got = session.audit(tmp_path, edit) - session.baseline
        assert got == {(hid, "SE04")}, (hid, player, got)
        tried += 1
    assert tried >= 1
