"""The HTML audit report: an index page and a page per flagged hand, in one folder that
works offline (no network: the plots are inline SVG, the script and styles inline).

The index: the run's summary; findings by category and by rule with their counts (a click
filters the table); the plots; a sortable, filterable table of every finding of every
flagged hand (site, table, time, dealer when the dataset names one, players, rule, line,
expected, actual), each row opening its hand page; then the report's other tables (the
table sessions with their hands linked). The
findings table is rendered a page of rows at a time by a small inline script from the data
embedded as JSON, so the index stays quick with 100,000 findings and more."""

from __future__ import annotations

import json
import os
from html import escape
from pathlib import Path
from typing import Any

import pandas as pd

from ..errors import OutputRefused
from ..output.safe import safe
from . import plots
from .figures import normalised
from .hands import GENERATOR, PageRef, page_style, plan_pages, write_hand_pages, written_by_hhaudit
from .terminal import fmt, numeric

_SKIP_TABLES = ("findings by category", "findings by rule", "worst hands")


def _e(x: object) -> str:
    """Text from the data as HTML: markup characters escaped, control characters shown."""
    return escape(safe(x), quote=True)


def layout(path: str | os.PathLike[str]) -> tuple[Path, Path]:
    """(index file, folder of hand pages): `report.html` keeps its pages in `report_hands/`
    beside it; a folder gets `index.html` and `hands/`."""
    p = Path(path)
    if p.suffix.lower() in (".html", ".htm"):
        return p, p.with_name(p.stem + "_hands")
    return p / "index.html", p / "hands"


def refusal(path: str | os.PathLike[str]) -> str | None:
    """Why the report may not be written at `path` (a sentence), or None: the index and the
    pages' folder are written only where nothing is, or where hhaudit wrote them, so that a
    file of the user's is never overwritten."""
    index, folder = layout(path)
    if os.path.lexists(index) and not (index.is_file() and written_by_hhaudit(index)):
        return (f"{index} exists and is not a report hhaudit wrote: give --html a new name, or move it "
                f"(a report replaces its index and the pages in {folder.name}/)")
    if os.path.lexists(folder):
        if not folder.is_dir():
            return f"{folder} exists and is not a folder of hand pages: give --html a new name, or move it"
        theirs = sorted(p.name for p in folder.iterdir()
                        if not (p.suffix == ".html" and p.is_file() and written_by_hhaudit(p)))
        if theirs:
            shown = ", ".join(theirs[:3]) + (f" and {len(theirs) - 3} more" if len(theirs) > 3 else "")
            return (f"{folder} holds {len(theirs)} file(s) hhaudit did not write ({shown}): give --html a new "
                    f"name, or move them out")
    return None


def _table(df: pd.DataFrame, limit: int = 500) -> str:
    if df.empty:
        return "<p class='none'>None.</p>"
    head = "".join(f"<th>{_e(c)}</th>" for c in df.columns)
    nums = [numeric(df[c]) for c in df.columns]
    rows = []
    for row in df.head(limit).itertuples(index=False):
        rows.append("<tr>" + "".join(f"<td class='n'>{_e(fmt(v))}</td>" if n else f"<td>{_e(fmt(v))}</td>"
                                     for v, n in zip(row, nums)) + "</tr>")
    more = f"<p class='more'>{len(df) - limit:,} more rows not shown.</p>" if len(df) > limit else ""
    return f"<table class='t'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>{more}"


SESSION_LINKS = 12
"""Hands with findings linked from a session's row; the rest are counted."""


def _sessions(tables: dict[str, pd.DataFrame], df: pd.DataFrame, pages: list[PageRef], pages_href: str,
              limit: int = 500) -> str:
    """The table sessions of several hands, as the text report lists them (`df`, the most
    findings first), each hand that has a page linked: the first and the last hand, and the
    session's hands with findings (its session findings are on the hand they follow)."""
    if df.empty:
        return "<p class='none'>None.</p>"
    href = {(p.hand_id, p.source): f"{pages_href}/{p.href}" for p in pages}
    s = tables.get("sessions")
    ends: dict[str, tuple[str, str]] = {}
    if s is not None and not s.empty:
        ends = {str(sid): (str(a), str(b)) for sid, a, b in zip(s["session_id"], s["first_source"], s["last_source"])}
    flagged: dict[str, list[tuple[str, str]]] = {}
    h, f = tables["hands"], tables["findings"]
    if "session_id" in h and not f.empty:
        bad = set(zip(f["hand_id"].astype(str), f["source"].astype(str)))
        ordered = h[["session_id", "session_seq", "hand_id", "source"]].dropna(subset=["session_id"]) \
            .sort_values(["session_id", "session_seq"], kind="stable")
        for sid, hid, src in zip(ordered["session_id"], ordered["hand_id"], ordered["source"]):
            if (str(hid), str(src)) in bad:
                flagged.setdefault(str(sid), []).append((str(hid), str(src)))

    def link(hand_id: object, source: str | None) -> str:
        target = href.get((str(hand_id), source)) if source is not None else None
        text = _e(fmt(hand_id))
        return f"<a class='open-hand' href='{_e(target)}'>{text}</a>" if target else text

    columns = [*df.columns, "hands with findings"]
    head = "".join(f"<th>{_e(c)}</th>" for c in columns)
    nums = {c for c in df.columns if numeric(df[c])}
    rows = []
    for rec in df.head(limit).to_dict("records"):
        sid = str(rec["session"])
        first, last = ends.get(sid, (None, None))
        cells = []
        for c in df.columns:
            v = rec[c]
            if c == "first hand":
                cells.append(f"<td>{link(v, first)}</td>")
            elif c == "last hand":
                cells.append(f"<td>{link(v, last)}</td>")
            elif c in ("started", "ended"):
                cells.append(f"<td>{_e(v.strftime('%Y-%m-%d %H:%M') if not pd.isna(v) else '')}</td>")
            elif c == "session":
                cells.append(f"<td id='session-{_e(sid)}'>{_e(sid)}</td>")
            else:
                cells.append(f"<td class='n'>{_e(fmt(v))}</td>" if c in nums else f"<td>{_e(fmt(v))}</td>")
        hands = flagged.get(sid, [])
        more = f" and {len(hands) - SESSION_LINKS:,} more" if len(hands) > SESSION_LINKS else ""
        cells.append("<td>" + ", ".join(link(hid, src) for hid, src in hands[:SESSION_LINKS]) + _e(more) + "</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    more = f"<p class='more'>{len(df) - limit:,} more rows not shown.</p>" if len(df) > limit else ""
    return ("<p>Each table session of several hands (<code>hhaudit show OUT --session ID</code> replays one); "
            "a hand id opens its page.</p>"
            f"<table class='t' id='sessions-table'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>{more}")


def finding_rows(tables: dict[str, pd.DataFrame], pages: list[PageRef], pages_href: str) -> list[list[Any]]:
    """One row per finding for the index's table (columns: `ROW_COLUMNS`)."""
    h, f, s = tables["hands"], tables["findings"], tables["seats"]
    key = ["hand_id", "source"]
    if f.empty:
        return []
    href = pd.DataFrame([(p.hand_id, p.source, f"{pages_href}/{p.href}") for p in pages],
                        columns=["hand_id", "source", "href"])
    cols = key + ["site", "table_name", "started_at"] + (["dealer"] if "dealer" in h else [])
    flagged = f[key].drop_duplicates()
    seated = s.merge(flagged, on=key)
    seated = seated[seated["position"].astype("string") != "out"]
    players = seated.groupby(key, sort=False)["player"].agg(lambda x: ", ".join(map(str, x))).rename("players")
    d = f.merge(h[cols], on=key, how="left").merge(players.reset_index(), on=key, how="left") \
        .merge(href, on=key, how="left")
    d["time"] = d["started_at"].dt.strftime("%Y-%m-%d %H:%M").fillna("")
    if "dealer" not in d:
        d["dealer"] = ""
    d = d.astype(object).where(d.notna(), "")
    rows: list[list[Any]] = d[["href", "site", "table_name", "time", "dealer", "hand_id", "players", "rule", "name",
                               "category", "severity", "line", "expected", "actual", "message",
                               "source"]].values.tolist()
    return rows


ROW_COLUMNS = ["href", "site", "table", "time", "dealer", "hand", "players", "rule", "name", "category",
               "severity", "line", "expected", "actual", "message", "source"]

_SCRIPT = r"""
(function(){
const cols = %(cols)s;
const data = JSON.parse(document.getElementById('findings-data').textContent);
const shown = %(shown)s;
const per = 50;
const st = {q:'', rule:'', category:'', site:'', key:null, dir:1, page:0};
const $ = (id) => document.getElementById(id);
const ix = Object.fromEntries(cols.map((c, i) => [c, i]));
function rows(){
  const q = st.q.toLowerCase();
  let r = data.filter(d => (!st.rule || d[ix.rule] === st.rule) && (!st.category || d[ix.category] === st.category)
    && (!st.site || d[ix.site] === st.site)
    && (!q || d.some(v => String(v).toLowerCase().includes(q))));
  if (st.key !== null) {
    const k = ix[st.key];
    r = r.slice().sort((a, b) => {
      const x = a[k], y = b[k];
      const c = (typeof x === 'number' && typeof y === 'number') ? x - y : String(x).localeCompare(String(y), undefined, {numeric: true});
      return c * st.dir;
    });
  }
  return r;
}
function render(){
  const r = rows();
  const pages = Math.max(1, Math.ceil(r.length / per));
  st.page = Math.min(st.page, pages - 1);
  const body = $('findings-body');
  body.replaceChildren();
  for (const d of r.slice(st.page * per, st.page * per + per)) {
    const tr = document.createElement('tr');
    tr.className = 'sev-' + d[ix.severity];
    for (const c of shown) {
      const td = document.createElement('td');
      if (c === 'hand') {
        const a = document.createElement('a');
        a.href = d[ix.href] + (d[ix.line] !== '' ? '#L' + d[ix.line] : '');
        a.textContent = d[ix.hand];
        a.className = 'open-hand';
        td.appendChild(a);
      } else {
        td.textContent = d[ix[c]];
      }
      if (c === 'expected') td.className = 'expected';
      if (c === 'actual') td.className = 'actual';
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  const first = r.length ? st.page * per + 1 : 0;
  $('findings-count').textContent = `findings ${first}-${Math.min(r.length, (st.page + 1) * per)} of ${r.length}` +
    (r.length !== data.length ? ` (filtered from ${data.length})` : '');
  $('prev').disabled = st.page === 0;
  $('next').disabled = st.page >= pages - 1;
}
$('q').addEventListener('input', e => { st.q = e.target.value; st.page = 0; render(); });
for (const f of ['rule', 'category', 'site']) {
  $('f-' + f).addEventListener('change', e => { st[f] = e.target.value; st.page = 0; render(); });
}
document.querySelectorAll('[data-filter]').forEach(el => el.addEventListener('click', e => {
  e.preventDefault();
  const [f, v] = el.dataset.filter.split(':');
  st[f] = v; $('f-' + f).value = v; st.page = 0; render();
  $('findings').scrollIntoView();
}));
document.querySelectorAll('#findings th[data-key]').forEach(th => th.addEventListener('click', () => {
  const k = th.dataset.key;
  st.dir = st.key === k ? -st.dir : 1; st.key = k;
  document.querySelectorAll('#findings th').forEach(x => x.removeAttribute('aria-sort'));
  th.setAttribute('aria-sort', st.dir > 0 ? 'ascending' : 'descending');
  render();
}));
$('prev').addEventListener('click', () => { st.page--; render(); });
$('next').addEventListener('click', () => { st.page++; render(); });
render();
})();
"""

_INDEX_STYLE = """
#findings th[data-key]{cursor:pointer}#findings th[aria-sort=ascending]::after{content:' \\25B2'}
#findings th[aria-sort=descending]::after{content:' \\25BC'}
.controls{margin:.5em 0}.controls input,.controls select{margin-right:.8em}
.summary td{padding:1px 10px 1px 0}svg{max-width:100%;height:auto}
"""


def _select(name: str, values: list[str]) -> str:
    opts = "".join(f"<option value='{_e(v)}'>{_e(v)}</option>" for v in values)
    return f"<label>{_e(name)} <select id='f-{name}'><option value=''>all</option>{opts}</select></label>"


def write_report(tables: dict[str, pd.DataFrame], parts: dict[str, pd.DataFrame],
                 path: str | os.PathLike[str], *, title: str = "hhaudit report", all_hands: bool = False,
                 profile: str | None = None, filters: str = "") -> Path:
    """Write the index and the hand pages; returns the index file. OutputRefused where a
    file of the user's is in the way (`refusal`)."""
    why = refusal(path)
    if why:
        raise OutputRefused(why)
    t = normalised(tables) if "unit" not in tables["hands"] else tables
    index, folder = layout(path)
    index.parent.mkdir(parents=True, exist_ok=True)
    pages = plan_pages(t, all_hands=all_hands)
    pages_href = os.path.relpath(folder, index.parent).replace(os.sep, "/")
    write_hand_pages(t, pages, folder, index_href=os.path.relpath(index, folder).replace(os.sep, "/"),
                     profile=profile)
    h, f, p = t["hands"], t["findings"], t["pots"]
    st = h["status"].astype("string").value_counts()
    flagged = len(f[["hand_id", "source"]].drop_duplicates()) if not f.empty else 0
    judged = int(p["ok"].notna().sum()) if not p.empty else 0
    wrong = int((p["ok"] == False).sum()) if not p.empty else 0
    summary = [("hands read", f"{len(h):,} from {h['source'].nunique():,} files"),
               ("audited", f"{int(st.get('audited', 0)):,}"),
               ("unsupported game", f"{int(st.get('unsupported_game', 0)):,}"),
               ("parse error", f"{int(st.get('parse_error', 0)):,}"),
               ("findings", f"{len(f):,} in {flagged:,} hands"),
               ("pots", f"{len(p):,}: {judged:,} judged, {wrong:,} paid wrongly")]
    if filters:
        summary.insert(0, ("filters", filters))
    body = [f"<h1>{_e(title)}</h1>", "<table class='summary'>"
            + "".join(f"<tr><td>{_e(k)}</td><td>{_e(v)}</td></tr>" for k, v in summary) + "</table>",
            "<p>Money in printed units (amount / 10<sup>scale</sup>), per currency or per tournament's chips.</p>"]
    for name, kind in (("findings by category", "category"), ("findings by rule", "rule")):
        df = parts.get(name)
        body.append(f"<h2>{_e(name[:1].upper() + name[1:])}</h2>")
        if df is None or df.empty:
            body.append("<p class='none'>No findings.</p>")
            continue
        head = "".join(f"<th>{_e(c)}</th>" for c in df.columns)
        rows = []
        for rec in df.to_dict("records"):
            cells = []
            for c in df.columns:
                v = rec[c]
                if c == kind:
                    cells.append(f"<td><a href='#findings' data-filter='{kind}:{_e(v)}'>{_e(v)}</a></td>")
                else:
                    cells.append(f"<td class='n'>{_e(fmt(v))}</td>" if isinstance(v, (int, float)) and not isinstance(v, bool)
                                 else f"<td>{_e(fmt(v))}</td>")
            rows.append("<tr>" + "".join(cells) + "</tr>")
        body.append(f"<table class='t'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
    body.append("<h2>Plots</h2>")
    for make, name in ((plots.findings_over_time, "Findings per category over time (UTC days)"),
                       (plots.net_over_hands, "Net won per player over hands"),
                       (plots.pot_sizes, "Pot sizes")):
        fig = make(t)
        body.append(f"<h3>{_e(name)}</h3>" + (plots.svg(fig, name) if fig is not None else "<p class='none'>Nothing to plot.</p>"))
    if pages:
        which = "every hand" if all_hands else "every flagged hand"
        body.append(f"<p>A page for {which} ({len(pages):,}), each linked to the next: "
                    f"<a href='{_e(pages_href)}/{pages[0].href}'>the first</a>.</p>")
    data = finding_rows(t, pages, pages_href)
    shown = ["site", "table", "time"] + (["dealer"] if "dealer" in h else []) + \
        ["hand", "players", "rule", "name", "line", "expected", "actual"]
    head = "".join(f"<th data-key='{c}'>{_e(c)}</th>" for c in shown)

    def values(column: str) -> list[str]:
        i = ROW_COLUMNS.index(column)
        return sorted({str(r[i]) for r in data if r[i] != ""})

    body.append(f"<h2 id='findings'>Every finding ({len(data):,})</h2><div class='controls'>"
                "<label>search <input id='q' type='search' placeholder='player, table, text...'></label>"
                + _select("rule", values("rule")) + _select("category", values("category"))
                + _select("site", values("site"))
                + "<button id='prev'>previous</button> <button id='next'>next</button> <span id='findings-count'></span>"
                f"</div><table class='t' id='findings'><thead><tr>{head}</tr></thead><tbody id='findings-body'></tbody></table>"
                "<noscript><p>The table of findings needs JavaScript; each hand's page is in the hands folder.</p></noscript>")
    for name, df in parts.items():
        if name in _SKIP_TABLES:
            continue
        table = _sessions(t, df, pages, pages_href) if name == "sessions" else _table(df)
        body.append(f"<h2 id='{_e(name.replace(' ', '-'))}'>{_e(name[:1].upper() + name[1:])}</h2>" + table)
    payload = json.dumps(data, ensure_ascii=False, default=str).replace("<", "\\u003c")
    script = _SCRIPT % {"cols": json.dumps(ROW_COLUMNS), "shown": json.dumps(shown)}
    page = (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>{GENERATOR}"
            f"<title>{_e(title)}</title>{page_style()}<style>{_INDEX_STYLE}</style></head><body>"
            + "\n".join(body)
            + f"<script type='application/json' id='findings-data'>{payload}</script><script>{script}</script>"
            + "</body></html>")
    index.write_text(page, encoding="utf-8")
    return index
