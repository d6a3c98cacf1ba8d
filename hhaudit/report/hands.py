"""The report's hand pages: one page per flagged hand (or every hand, on request), each with
the original log text, numbered, every offending line highlighted with its finding (what the
rules expected, what the log did); the replay of `hhaudit show` (to act, bet, minimum raise,
pot, stacks by name after each line); the pots as recomputed beside what the log paid; and a
picture of the table (seats, button, stacks, bets, board) at the moment of each finding.

Each source file is parsed once, its hands taken in order; the replay is `show.replay`, the
findings are the dataset's own (whatever `--select` or `--option` the audit ran with)."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import pandas as pd

from ..output.safe import safe
from ..output.text import SourceLines
from ..show import Replay, SeatView, Step, replay
from ..sites import site_name

STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em 2em;color:#222;max-width:90em}
a{color:#1f5fa8}h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
table.t{border-collapse:collapse;margin-bottom:1em;font-size:.92em}
table.t td,table.t th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
table.t th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-nums}
table.log{border-collapse:collapse;font-family:ui-monospace,monospace;font-size:.9em;width:100%}
table.log td{padding:0 8px;white-space:pre-wrap}table.log td.ln{color:#888;text-align:right;width:4em;user-select:none}
table.log tr.hit td{background:#ffe3e0}table.log tr.hit td.ln{color:#b3261e;font-weight:bold}
table.log tr.note td{background:#fff4f2;font-family:system-ui,sans-serif;padding:2px 8px 6px}
.rule{font-weight:bold;color:#b3261e}.expected{color:#1b6e20}.actual{color:#b3261e}
.finding{margin:.3em 0}.wrong{color:#b3261e;font-weight:bold}.ok{color:#1b6e20}
tr.hit td{background:#fff4f2}.meta td:first-child{color:#666;padding-right:1em}
table.showdown tr.best td{background:#e8f5e9}.card{font-family:ui-monospace,monospace;margin-right:.15em}
figure.table{display:inline-block;margin:0 1em 1em 0;vertical-align:top}figcaption{font-size:.9em;max-width:560px}
"""


def page_style() -> str:
    return f"<style>{STYLE}</style>"


@dataclass(frozen=True, slots=True)
class PageRef:
    hand_id: str
    source: str
    line: int
    href: str


def plan_pages(tables: dict[str, pd.DataFrame], *, all_hands: bool = False) -> list[PageRef]:
    """The hand pages to write, in the order of the `hands` table: flagged hands (or all)."""
    h = tables["hands"]
    if all_hands:
        keys = h[["hand_id", "source", "line"]]
    else:
        flagged = tables["findings"][["hand_id", "source"]].drop_duplicates()
        keys = h[["hand_id", "source", "line"]].merge(flagged, on=["hand_id", "source"])
    return [PageRef(str(a), str(s), int(ln), f"h{i:06d}.html")
            for i, (a, s, ln) in enumerate(keys.itertuples(index=False, name=None), start=1)]


def write_hand_pages(tables: dict[str, pd.DataFrame], pages: list[PageRef], folder: Path, *,
                     index_href: str, profile: str | None = None) -> int:
    """Write the planned pages into `folder`; returns how many were written."""
    folder.mkdir(parents=True, exist_ok=True)
    findings = tables["findings"]
    by_hand: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in findings.astype(object).where(findings.notna(), None).to_dict("records"):
        by_hand[(str(row["hand_id"]), str(row["source"]))].append(row)
    wanted_keys = {(p.hand_id, p.source) for p in pages}
    h = tables["hands"]
    cols = [c for c in ("hand_id", "source", "started_at", "end_line", "dealer") if c in h]
    info = {(str(r["hand_id"]), str(r["source"])): r
            for r in h[cols].astype(object).where(h[cols].notna(), None).to_dict("records")
            if (str(r["hand_id"]), str(r["source"])) in wanted_keys}
    per_source: dict[str, dict[tuple[str, int], PageRef]] = defaultdict(dict)
    for p in pages:
        per_source[p.source][(p.hand_id, p.line)] = p
    order = {p.href: i for i, p in enumerate(pages)}

    def nav(ref: PageRef) -> str:
        """Links to the report and to the pages before and after this one."""
        i = order[ref.href]
        links = [f"<a href='{_e(index_href)}'>\u2190 report</a>"]
        if i > 0:
            links.append(f"<a href='{pages[i - 1].href}' rel='prev'>previous hand</a>")
        if i + 1 < len(pages):
            links.append(f"<a href='{pages[i + 1].href}' rel='next'>next hand</a>")
        return "<p class='nav'>" + " | ".join(links) + "</p>"

    written = 0
    for source, wanted in per_source.items():
        done: set[tuple[str, int]] = set()
        lines = SourceLines(source)
        for hand_rep in _replays(source, wanted, profile):
            key = (hand_rep.hand.hand_id, hand_rep.hand.line)
            ref = wanted[key]
            done.add(key)
            meta = info.get((ref.hand_id, ref.source), {})
            text = _log_lines(lines, hand_rep.hand.line, int(meta.get("end_line") or hand_rep.hand.end_line or 0),
                              hand_rep.hand.text)
            html = hand_page(hand_rep, by_hand.get((ref.hand_id, ref.source), []), text, meta, nav(ref))
            (folder / ref.href).write_text(html, encoding="utf-8")
            written += 1
        for key, ref in wanted.items():
            if key in done:
                continue
            html = missing_page(ref, by_hand.get((ref.hand_id, ref.source), []), nav(ref))
            (folder / ref.href).write_text(html, encoding="utf-8")
            written += 1
    return written


def _replays(source: str, wanted: dict[tuple[str, int], PageRef], profile: str | None) -> Iterator[Replay]:
    from ..parsing import parse
    from ..paths import to_open
    from ..reading import InputError

    path = Path(to_open(source))
    if not path.is_file():
        return
    try:
        for hand in parse(path):
            if (hand.hand_id, hand.line) in wanted:
                yield replay(hand, profile=profile)
    except (OSError, InputError):
        return


def _log_lines(lines: SourceLines, first: int, last: int, fallback: str) -> list[tuple[int, str]]:
    last = max(last, first)
    got = [(n, lines.get(n)) for n in range(first, last + 1)]
    if all(t is not None for _, t in got) and got:
        return [(n, t or "") for n, t in got]
    return [(first + i, t) for i, t in enumerate(fallback.splitlines())]


def _e(x: object) -> str:
    """Text from the data as HTML: markup characters escaped, control characters shown."""
    return escape(safe(x), quote=True)


def _finding_html(f: dict[str, Any]) -> str:
    parts = []
    if f.get("expected"):
        e = str(f["expected"])
        parts.append(f"<span class='expected'>{_e(e if e.startswith('expected ') else 'expected ' + e)}</span>")
    if f.get("actual"):
        a = str(f["actual"])
        parts.append(f"<span class='actual'>{_e(a if a.startswith('actual ') else 'actual ' + a)}</span>")
    return (f"<span class='rule'>{_e(f['rule'])}</span> {_e(f['name'])}: {_e(f.get('message') or '')}"
            + (" (" + "; ".join(parts) + ")" if parts else ""))


def _step_for(r: Replay, f: dict[str, Any]) -> Step | None:
    """The state at the moment of a finding: after its event, or at the end of the hand."""
    if not r.steps:
        return None
    seq = f.get("seq")
    if seq is not None and seq >= 0:
        for st in r.steps:
            if st.seq == seq:
                return st
        before = [st for st in r.steps if st.seq <= seq]
        return before[-1] if before else r.steps[0]
    return r.steps[-1]


_SUITS = {"h": ("\u2665", "#c0392b"), "d": ("\u2666", "#c0392b"), "c": ("\u2663", "#222"), "s": ("\u2660", "#222")}


def _card(c: str) -> str:
    rank, suit = c[:-1], c[-1:].lower()
    sym, color = _SUITS.get(suit, (suit, "#222"))
    return f"<tspan fill='{color}'>{_e(rank)}{sym}</tspan>"


def table_svg(r: Replay, st: Step, highlight: set[str]) -> str:
    """The table at one moment: seats round an oval (by seat number), the button, each
    seat's name, stack and bet, folded seats greyed, the board and pot in the middle."""
    w, h, cx, cy, rx, ry = 560, 300, 280, 150, 205, 98
    seats = st.seats
    ring = max([r.hand.max_seats or 0] + [s.seat for s in seats] + [len(seats)])
    out = [(f"<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}' viewBox='0 0 {w} {h}' "
           "font-family='system-ui,sans-serif' font-size='11' role='img'>"),
           f"<ellipse cx='{cx}' cy='{cy}' rx='{rx - 40}' ry='{ry - 28}' fill='#2e7d4f' stroke='#6b4f2a' stroke-width='8'/>"]
    for i, c in enumerate(st.board):
        x0 = cx - 17 * len(st.board) + 34 * i
        out.append(f"<g class='card'><rect x='{x0 + 2}' y='{cy - 30}' width='30' height='38' rx='4' fill='#fff' "
                   f"stroke='#333'/><text x='{x0 + 17}' y='{cy - 5}' text-anchor='middle' font-size='14' "
                   f"font-weight='bold'>{_card(c)}</text></g>")
    out.append(f"<text x='{cx}' y='{cy + 18}' text-anchor='middle' fill='#fff'>pot {_e(r.money(st.pot))}</text>")
    for s in seats:
        angle = math.pi / 2 + 2 * math.pi * (s.seat - 1) / max(ring, 1)
        x, y = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
        fill = "#ddd" if s.folded else ("#fff3c4" if s.player == st.to_act else "#fff")
        stroke = "#b3261e" if s.player in highlight else "#555"
        sw = 3 if s.player in highlight else 1
        out.append(f"<g class='seat' data-seat='{s.seat}'><rect x='{x - 58:.0f}' y='{y - 20:.0f}' width='116' height='40' "
                   f"rx='6' fill='{fill}' stroke='{stroke}' stroke-width='{sw}'/>"
                   f"<text x='{x:.0f}' y='{y - 6:.0f}' text-anchor='middle' font-weight='bold'>{_e(_clip(s.player))}</text>"
                   f"<text x='{x:.0f}' y='{y + 8:.0f}' text-anchor='middle'>{_e(_seat_line(r, s))}</text></g>")
        if s.bet:
            bx, by = cx + (rx - 75) * math.cos(angle), cy + (ry - 45) * math.sin(angle)
            out.append(f"<text x='{bx:.0f}' y='{by:.0f}' text-anchor='middle' fill='#ffe082'>{_e(r.money(s.bet))}</text>")
        if s.seat == r.button:
            dx, dy = x + 64 * (1 if math.cos(angle) <= 0 else -1), y - 16
            out.append(f"<circle cx='{dx:.0f}' cy='{dy:.0f}' r='9' fill='#fff' stroke='#222'/>"
                       f"<text x='{dx:.0f}' y='{dy + 4:.0f}' text-anchor='middle' font-weight='bold'>D</text>")
    out.append("</svg>")
    return "".join(out)


def _clip(name: str, n: int = 16) -> str:
    return name if len(name) <= n else name[: n - 1] + "\u2026"


def _seat_line(r: Replay, s: SeatView) -> str:
    tag = " folded" if s.folded else (" all-in" if s.all_in else "")
    pos = f" {r.positions[s.seat]}" if r.positions.get(s.seat) else ""
    return f"seat {s.seat}{pos}: {r.money(s.stack)}{tag}"


def _cards_html(cards: tuple[str, ...] | list[str], playing: set[str] | None = None) -> str:
    """Cards as text with their suit symbols; those in `playing` (the five that make the
    hand) in bold."""
    out = []
    for c in cards:
        rank, suit = c[:-1], c[-1:].lower()
        sym, color = _SUITS.get(suit, (suit, "#222"))
        weight = "font-weight:bold;" if playing and c in playing else "opacity:.55;" if playing is not None else ""
        out.append(f"<span class='card' style='color:{color};{weight}'>{_e(rank)}{sym}</span>")
    return " ".join(out)


def _showdowns(r: Replay) -> list[str]:
    """Each showdown: every hand shown, its rank and the five cards that play (in bold, on
    the board too), the best hand marked: why a hand won, or should have."""
    import re

    out: list[str] = []
    for sd in r.showdowns:
        out.append("<h2>Showdown" + (f" (board {sd.run})" if sd.run else "") + "</h2><p>Board "
                   + _cards_html(sd.board) + "</p><table class='t showdown'><thead><tr><th>player</th><th>seat</th>"
                   "<th>cards</th><th>hand</th><th></th></tr></thead><tbody>")
        for h in sd.hands:
            m = re.search(r"\(([^)]*)\)$", h.rank)
            five = set(m.group(1).split()) if m else set()
            kind = h.rank[: m.start()].strip() if m else h.rank
            pos = f" {h.position}" if h.position else ""
            order = m.group(1).split() if m else []
            best = " class='best'" if h.best else ""
            out.append(f"<tr{best}><td>{_e(h.player)}</td><td>{h.seat}{_e(pos)}</td>"
                       f"<td>{_cards_html(h.cards, five)}</td>"
                       f"<td>{_e(kind or 'no hand on this board')} {_cards_html(order)}</td>"
                       f"<td>{'best hand' if h.best else ''}</td></tr>")
        out.append("</tbody></table>")
    return out


GENERATOR = "<meta name='generator' content='hhaudit'>"
"""In the head of every page hhaudit writes: a page another run may write again."""


def _head(title: str) -> str:
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>{GENERATOR}<title>{_e(title)}</title>"
            f"{page_style()}</head><body>")


def written_by_hhaudit(page: Path) -> bool:
    """Whether a page is one hhaudit wrote (its generator mark, or, for pages written before
    it, the head every page had: these quotes, then the title and the style)."""
    try:
        with open(page, "rb") as fh:
            head = fh.read(4096).decode("utf-8", "replace")
    except OSError:
        return False
    old = "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>"
    return GENERATOR in head or (head.startswith(old) and "</title><style>" in head)


def hand_page(r: Replay, findings: list[dict[str, Any]], log: list[tuple[int, str]], meta: Any,
              nav: str) -> str:
    hand = r.hand
    title = f"{site_name(hand.site)} hand {hand.hand_id}"
    m = r.money
    body = [_head(title), nav, f"<h1>{_e(title)}</h1>"]
    started = meta.get("started_at")
    when = "" if started is None else pd.Timestamp(started).strftime("%Y-%m-%d %H:%M:%S")
    rows = [("table", hand.table_name), ("time (UTC)", when),
            ("game", f"{hand.game} {hand.kind}, blinds {m(hand.sb)}/{m(hand.bb)}"
                     + (f", ante {m(hand.ante)}" if hand.ante else "") + (f" {hand.currency}" if hand.currency else "")),
            ("source", f"{hand.source}, lines {log[0][0] if log else hand.line}-{log[-1][0] if log else hand.line}"),
            ("status", hand.status.value), ("profile", r.profile),
            ("players", ", ".join(f"{s.player} (seat {s.seat}" + (f", {r.positions[s.seat]}" if r.positions.get(s.seat)
                                                                 else "") + ")" for s in hand.seats))]
    if meta.get("dealer"):
        rows.insert(1, ("dealer", meta.get("dealer")))
    body.append("<table class='meta'>" + "".join(f"<tr><td>{_e(k)}</td><td>{_e(v)}</td></tr>" for k, v in rows)
                + "</table>")
    body.append(f"<h2>Findings ({len(findings)})</h2>")
    for i, f in enumerate(findings):
        where = f"<a href='#L{f['line']}'>line {_e(f['line'])}</a>" if f.get("line") is not None else "the hand"
        body.append(f"<p class='finding' id='F{i}'>{where}: {_finding_html(f)} "
                    f"<small>({_e(f.get('citation') or '')}; <a href='#T{i}'>the table then</a>)</small></p>")
    body.extend(_showdowns(r))
    by_line: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for f in findings:
        if f.get("line") is not None:
            by_line[int(f["line"])].append(f)
    body.append("<h2>The log</h2><table class='log'>")
    for n, text in log:
        hit = by_line.get(n)
        cls = " class='hit'" if hit else ""
        body.append(f"<tr id='L{n}'{cls}><td class='ln'><a href='#L{n}'>{n}</a></td><td>{_e(text)}</td></tr>")
        for f in hit or ():
            body.append(f"<tr class='note'><td></td><td>{_finding_html(f)}</td></tr>")
    shown = {n for n, _ in log}
    for n, fs in sorted(by_line.items()):
        if n not in shown:
            for f in fs:
                body.append(f"<tr class='note'><td class='ln'>{n}</td><td>{_finding_html(f)}</td></tr>")
    body.append("</table>")
    if findings and r.steps:
        body.append("<h2>The table at each finding</h2>")
        for i, f in enumerate(findings):
            st = _step_for(r, f)
            if st is None:
                continue
            who = {str(f["player"])} if f.get("player") else set()
            body.append(f"<figure class='table' id='T{i}'>{table_svg(r, st, who)}<figcaption>after line {st.line}: "
                        f"{_e(st.text)}<br>{_finding_html(f)}</figcaption></figure>")
    if r.steps:
        body.append("<h2>Replay</h2><table class='t'><thead><tr><th>line</th><th>event</th><th>to act</th>"
                    "<th>bet</th><th>min raise to</th><th>pot</th><th>stacks</th></tr></thead><tbody>")
        for st in r.steps:
            stacks = ", ".join(f"{s.player} {m(s.stack)}" for s in st.seats)
            cls = " class='hit'" if st.findings else ""
            body.append(f"<tr{cls}><td class='n'><a href='#L{st.line}'>{st.line}</a></td><td>{_e(st.text)}</td>"
                        f"<td>{_e(st.to_act or '-')}</td><td class='n'>{_e(m(st.bet))}</td>"
                        f"<td class='n'>{_e(m(st.min_raise_to))}</td><td class='n'>{_e(m(st.pot))}</td>"
                        f"<td>{_e(stacks)}</td></tr>")
        body.append("</tbody></table>")
    if r.pots:
        body.append("<h2>Pots: recomputed and paid</h2><table class='t'><thead><tr><th>pot</th><th>amount</th>"
                    "<th>eligible</th><th>the log paid</th><th>the rules pay</th><th>verdict</th></tr></thead><tbody>")
        for p in r.pots:
            verdict = {True: "ok", False: "wrong", None: "not judged"}[p.ok]
            body.append(f"<tr><td>{_e(p.label)}</td><td class='n'>{_e(m(p.amount))}</td><td>{_e(', '.join(p.eligible))}</td>"
                        f"<td>{_e(', '.join(f'{n} {m(a)}' for n, a in p.paid) or '-')}</td>"
                        f"<td>{_e(', '.join(f'{n} {m(a)}' for n, a in p.expected) or '-')}</td>"
                        f"<td class='{verdict.split()[0]}'>{_e(verdict)}</td></tr>")
        body.append("</tbody></table>")
    body.append("</body></html>")
    return "\n".join(body)


def missing_page(ref: PageRef, findings: list[dict[str, Any]], nav: str) -> str:
    title = f"hand {ref.hand_id}"
    body = [_head(title), nav, f"<h1>{_e(title)}</h1>",
            (f"<p>{_e(ref.source)}, line {ref.line}: the source could not be read again (moved, changed, "
            "or read from standard input), so only the dataset's findings are shown.</p>")]
    for f in findings:
        body.append(f"<p class='finding'>line {_e(f.get('line'))}: {_finding_html(f)}</p>")
    body.append("</body></html>")
    return "\n".join(body)


__all__ = ["PageRef", "hand_page", "plan_pages", "table_svg", "write_hand_pages"]
