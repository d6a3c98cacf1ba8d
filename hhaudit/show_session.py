"""`hhaudit show OUT --session ID`: a table session replayed hand by hand, stacks carried.

Read from the dataset's tables alone (`hands`, `seats`, `findings`, `sessions`): each hand
of the session in `session_seq` order with its time, button and status, every seat's start
and end stack (`stack_start + net`), where a start differs from the player's last end stack
at the table (plus the chips `seats.added` says were brought) by how much, the findings
between it and the hand before (category `session`), then the hand's own findings."""

from __future__ import annotations

import difflib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import UsageError
from .money import to_text
from .output.safe import safe
from .paths import to_open


@dataclass(slots=True)
class SeatLine:
    seat: int
    player: str
    start: int
    end: int
    added: int
    carried: int | None
    """What the player's last hand at the table left, with the chips the log says were
    brought since (as the session audit, SE05, counts them); None for a player new to the
    session."""

    @property
    def change(self) -> int:
        return 0 if self.carried is None else self.start - self.carried


@dataclass(slots=True)
class HandLine:
    seq: int
    hand_id: str
    source: str
    line: int
    started_at: Any
    button: int | None
    status: str
    scale: int
    seats: list[SeatLine] = field(default_factory=list)
    between: list[dict[str, Any]] = field(default_factory=list)
    """Session findings: between this hand and the one before."""
    findings: list[dict[str, Any]] = field(default_factory=list)
    """The hand's own findings, in event order."""


def _key(row: dict[str, Any]) -> tuple[str, str]:
    return row["hand_id"], row["source"]


def _read(out: Path, table: str, columns: list[str], filt: Any) -> list[dict[str, Any]]:
    import pyarrow.dataset as ds

    if not (out / table).is_dir():
        return []
    d = ds.dataset(out / table, format="parquet")
    cols = [c for c in columns if c in d.schema.names]
    return list(d.to_table(columns=cols, filter=filt).to_pylist())


def session_hands(out: str | Path, session_id: str) -> tuple[dict[str, Any], list[HandLine]]:
    """The session's row and its hands in order, stacks carried from hand to hand. Raises
    `UsageError` (naming the closest ids) for a session the dataset does not have."""
    import pyarrow.dataset as ds

    out = Path(out)
    rows = _read(out, "sessions", ["session_id", "site", "kind", "tournament_id", "table_name", "hands",
                                   "pairs", "pairs_judged", "players", "n_findings", "started_at", "ended_at"],
                 ds.field("session_id") == session_id)
    if not rows:
        ids = [r["session_id"] for r in _read(out, "sessions", ["session_id"], None)]
        close = difflib.get_close_matches(session_id, ids, n=3, cutoff=0.6)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise UsageError(f"session {safe(session_id)} is not in the dataset {safe(str(out))}{hint} "
                         f"(`hhaudit report {safe(str(out))}` lists the sessions)")
    hands = sorted(_read(out, "hands", ["hand_id", "source", "line", "started_at", "button_seat", "status",
                                        "scale", "session_seq"], ds.field("session_id") == session_id),
                   key=lambda h: h["session_seq"])
    hand_ids = {h["hand_id"] for h in hands}
    in_session = {_key(h) for h in hands}
    seats: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in _read(out, "seats", ["hand_id", "source", "seat", "player", "stack_start", "net", "added"],
                   ds.field("hand_id").isin(sorted(hand_ids))):
        if _key(r) in in_session:
            seats.setdefault(_key(r), []).append(r)
    found: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in _read(out, "findings", ["hand_id", "source", "line", "seq", "rule", "name", "category", "severity",
                                     "player", "expected", "actual", "message"],
                   ds.field("hand_id").isin(sorted(hand_ids))):
        if _key(r) in in_session:
            found.setdefault(_key(r), []).append(r)
    live = rows[0]["site"] == "live"
    last: dict[str, tuple[int, int]] = {}
    """Per player: the end of their last hand (with the chips a site's line brought), and its
    hand's scale (a hand's amounts are in its own: "1,500" and, in the next, "1,500.00")."""
    result: list[HandLine] = []
    for h in hands:
        k = _key(h)
        line = HandLine(h["session_seq"], h["hand_id"], h["source"], h["line"], h["started_at"],
                        h["button_seat"], h["status"], h["scale"] or 0)
        for s in sorted(seats.get(k, []), key=lambda s: s["seat"]):
            end = s["stack_start"] + s["net"]
            added = s.get("added") or 0
            carried = _rescaled(last.get(s["player"]), line.scale)
            if live and carried is not None:
                carried += added  # a live rebuy line is written before the play, inside this start
            line.seats.append(SeatLine(s["seat"], s["player"], s["stack_start"], end, added, carried))
        for v in line.seats:
            # a site's rebuy or top-up line follows the play: in the next start
            last[v.player] = (v.end + (0 if live else v.added), line.scale)
        fs = sorted(found.get(k, []), key=lambda f: (f["seq"], f["line"] or 0))
        line.between = [f for f in fs if f["category"] == "session"]
        line.findings = [f for f in fs if f["category"] != "session"]
        result.append(line)
    row = dict(rows[0])
    row["stacks_judged"] = _stacks_judged(result)
    return row, result


def _rescaled(amount: tuple[int, int] | None, scale: int) -> int | None:
    """An (amount, scale) in `scale`; None where it is not a whole number of its units."""
    if amount is None:
        return None
    value, was = amount
    if scale >= was:
        return value * int(10 ** (scale - was))
    q, r = divmod(value, int(10 ** (was - scale)))
    return None if r else q


def _stacks_judged(hands: list[HandLine]) -> bool:
    """Whether the session audit judges the stacks (SE05), by its own tests: not on tables
    that reset every stack each hand, nor where players hide behind position names."""
    from .sessions.judge import HandView, SeatView, anonymous, resets

    views = [HandView(h.seq, h.hand_id, h.source, h.line, "", False, h.status == "audited", None, h.button, 0, 0, 0,
                      h.scale, seats={s.seat: SeatView(s.seat, s.player, s.start, s.end - s.start, True)
                                      for s in h.seats})
             for h in hands]
    return not (views and anonymous(views[0])) and not resets(views)


def _when(t: Any) -> str:
    return t.strftime("%Y-%m-%d %H:%M:%S UTC") if t is not None else "no time"


def _finding(f: dict[str, Any]) -> str:
    who = f" ({f['player']})" if f.get("player") else ""
    text = f"{f['rule']} {f['name']} [{f['severity']}]{who}: {f['message']}"
    if f.get("expected") or f.get("actual"):
        text += f"; expected {f.get('expected') or '-'}; actual {f.get('actual') or '-'}"
    return text


def format_session(row: dict[str, Any], hands: list[HandLine]) -> list[str]:
    """The lines `show --session` prints."""
    table = row.get("table_name") or "-"
    tour = f"  tournament {row['tournament_id']}" if row.get("tournament_id") else ""
    out = [(f"session {row['session_id']}  {row['site']} {row['kind']}{tour}  table {table}  "
            f"{row['hands']} hands, {row['pairs_judged']} of {row['pairs']} pairs judged, "
            f"{row['n_findings']} session findings  {_when(row.get('started_at'))} to "
            f"{_when(row.get('ended_at'))}")]
    if not row.get("stacks_judged", True):
        out.append("stacks not judged: the table starts every stack at one amount each hand, or hides its "
                   "players behind position names (the changes below are not findings)")
    live = row["site"] == "live"
    previous: str | None = None
    for h in hands:
        def m(v: int, scale: int = h.scale) -> str:
            return to_text(v, scale)

        out.append("")
        button = f"button seat {h.button}" if h.button is not None else "button not stated"
        out.append(f"#{h.seq} hand {h.hand_id}  {_when(h.started_at)}  {button}  {h.source}:{h.line}  "
                   f"status {h.status}")
        for s in h.seats:
            note, added = "", ""
            if s.added:
                moved = f"{m(s.added)} brought" if s.added > 0 else f"{m(-s.added)} taken off"
                added = f"  ({moved} before the hand)" if live else f"  then {moved}"
            if s.carried is None and h.seq:
                note = "  (new to the session)"
            elif s.change:
                sign = "+" if s.change > 0 else "-"
                note = f"  ({sign}{m(abs(s.change))} since the last hand: it left {m(s.carried or 0)})"
            out.append(f"   seat {s.seat} {s.player}: start {m(s.start)}  end {m(s.end)}{added}{note}")
        for f in h.findings:
            out.append(f"   {_finding(f)}")
        for f in h.between:
            out.append(f"   since hand {previous}: {_finding(f)}")
        previous = h.hand_id
    return out


def show_session(out: str, session_id: str, *, replay: bool = False, profile: str | None = None,
                 options: dict[str, Any] | None = None, label: str = "") -> int:
    """Print the session; with `replay`, each hand's step-by-step replay (as `show --hand`
    prints it) after its stacks. Status 2 when a hand's file no longer holds it."""
    from rich.console import Console
    from rich.text import Text

    from . import show
    from .model import Hand
    from .parsing import parse

    read: dict[str, dict[tuple[str, int], Hand]] = {}
    row, hands = session_hands(out, session_id)
    con = Console(highlight=False, soft_wrap=not sys.stdout.isatty(), markup=False)
    lines = format_session(row, hands)
    status = 0
    # the header, then each hand's block (a blank line and its lines) and, asked for, its replay
    starts = [i for i, text in enumerate(lines) if text == ""] + [len(lines)]
    con.print(Text(safe(lines[0]), style="bold"))
    for text in lines[1:starts[0]]:
        con.print(Text(safe(text)))
    for h, lo, hi in zip(hands, starts, starts[1:]):
        for text in lines[lo:hi]:
            con.print(Text(safe(text)))
        if not replay:
            continue
        if h.source not in read:  # each file parsed once, whatever its number of hands
            read[h.source] = {(x.hand_id, x.line): x for x in parse(Path(to_open(h.source)))}
        parsed = read[h.source].get((h.hand_id, h.line))
        if parsed is None:
            print(f"hhaudit: hand {safe(h.hand_id)} is no longer at {safe(h.source)}:{h.line} (the file changed "
                  "since it was audited)", file=sys.stderr)
            status = 2
            continue
        show._print(show.replay(parsed, profile=profile, options=options, label=label), con)
    return status
