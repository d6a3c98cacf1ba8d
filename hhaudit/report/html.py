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
from .figures import FEW_HANDS, FILES_WITH_HANDS, files_with_hands, normalised
from .hands import GENERATOR, PageRef, page_style, plan_pages, write_hand_pages, written_by_hhaudit
from .terminal import HTML_ROWS, fmt, numeric

_SKIP_TABLES = ("findings by category", "findings by rule", "worst hands", "findings by site", "findings by day (UTC)")
"""Sections shown higher up the index (or, worst hands, by the table of every finding); the
tables and dealers are there too, their first rows only, and whole under "More tables"."""
_SORTABLE = ("players", "sessions by site", "hands by site and status", "pots audited", "findings by table",
             "findings by dealer")
FIRST_ROWS = 15
"""Rows of the "where to look first" tables (the rest one click away, sorted)."""


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


def _table(df: pd.DataFrame, limit: int = HTML_ROWS, *, sortable: bool = False, filter_column: str = "") -> str:
    """A section as an HTML table (its first `limit` rows); `sortable`: sorted by a click on
    a header and filtered by a box above it (`_TABLES_SCRIPT`); the cells of `filter_column`
    filter the table of every finding."""
    if df.empty:
        return "<p class='none'>None.</p>"
    head = "".join(f"<th>{_e(c)}</th>" for c in df.columns)
    nums = [numeric(df[c]) for c in df.columns]
    rows = []
    for rec in df.head(limit).itertuples(index=False):
        cells = []
        for c, v, n in zip(df.columns, rec, nums):
            text = _e(fmt(v))
            if c == filter_column:
                text = f"<a href='#findings' data-filter='{filter_column}:{_e(v)}'>{text}</a>"
            cells.append(f"<td class='n' data-v='{_e(v)}'>{text}</td>" if n else f"<td>{text}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    more = f"<p class='more'>{len(df) - limit:,} more rows not shown.</p>" if len(df) > limit else ""
    cls = "t sortable" if sortable else "t"
    return (f"<div class='scroll'><table class='{cls}'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"
            f"</table></div>{more}")


SESSION_LINKS = 12
"""Hands with findings linked from a session's row; the rest are counted."""


def _sessions(tables: dict[str, pd.DataFrame], df: pd.DataFrame, pages: list[PageRef], pages_href: str,
              limit: int = HTML_ROWS) -> str:
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
            f"<div class='scroll'><table class='t sortable' id='sessions-table'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>{more}")


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
const st = {q:'', rule:'', category:'', site:'', severity:'', key:null, dir:1, page:0};
const $ = (id) => document.getElementById(id);
const ix = Object.fromEntries(cols.map((c, i) => [c, i]));
function rows(){
  const q = st.q.toLowerCase();
  let r = data.filter(d => (!st.rule || d[ix.rule] === st.rule) && (!st.category || d[ix.category] === st.category)
    && (!st.site || d[ix.site] === st.site) && (!st.severity || d[ix.severity] === st.severity)
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
for (const f of ['rule', 'category', 'site', 'severity']) {
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

_TABLES_SCRIPT = r"""
(function(){
function openTarget(){  // a link to a folded table opens it
  const el = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (el && el.tagName === 'DETAILS') el.open = true;
}
window.addEventListener('hashchange', openTarget); openTarget();
document.querySelectorAll('table.sortable').forEach(t => {
  const body = t.tBodies[0];
  const rows = Array.from(body.rows);
  const box = document.createElement('input');
  box.type = 'search'; box.className = 'table-filter'; box.placeholder = 'filter these rows...';
  box.setAttribute('aria-label', 'filter the rows of the table below');
  t.closest('.scroll').before(box);
  box.addEventListener('input', () => {
    const q = box.value.toLowerCase();
    for (const r of rows) r.hidden = !!q && !r.textContent.toLowerCase().includes(q);
  });
  const heads = Array.from(t.tHead.rows[0].cells);
  heads.forEach((th, i) => {
    th.tabIndex = 0;
    th.addEventListener('click', () => {
      const dir = th.getAttribute('aria-sort') === 'descending' ? 1 : -1;  // numbers: largest first
      heads.forEach(x => x.removeAttribute('aria-sort'));
      th.setAttribute('aria-sort', dir > 0 ? 'ascending' : 'descending');
      const key = r => {
        const c = r.cells[i];
        if (c.classList.contains('n')) { const n = parseFloat(c.dataset.v); return isNaN(n) ? -Infinity : n; }
        return c.textContent;
      };
      rows.sort((a, b) => {
        const x = key(a), y = key(b);
        return (typeof x === 'number' ? x - y : String(x).localeCompare(String(y), undefined, {numeric: true})) * dir;
      });
      for (const r of rows) body.appendChild(r);
    });
  });
});
})();
"""

_INDEX_STYLE = """
#findings th[data-key]{cursor:pointer}#findings th[aria-sort=ascending]::after{content:' \\25B2'}
#findings th[aria-sort=descending]::after{content:' \\25BC'}
.controls{margin:.5em 0}.controls input,.controls select{margin-right:.8em}
.summary td{padding:1px 10px 1px 0}svg{max-width:100%;height:auto}
body{max-width:none;margin:1em 1.5em}.scroll{max-width:100%;overflow-x:auto}
table.t td{overflow-wrap:anywhere}table.t{max-width:100%}table.t td.n{text-align:right}
table.sortable th{cursor:pointer}table.sortable th[aria-sort=ascending]::after{content:' \\25B2'}
table.sortable th[aria-sort=descending]::after{content:' \\25BC'}.table-filter{margin:.2em 0 .4em}
details{margin:.4em 0}details>summary{cursor:pointer;font-weight:600;font-size:1.05em}
nav.toc{margin:.5em 0 1em}
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
    sev = f["severity"].astype("string").value_counts() if not f.empty else pd.Series(dtype=int)
    by_severity = ", ".join(f"{int(sev[k]):,} {k}" for k in ("error", "warning", "info") if k in sev)
    summary = [("hands", f"{len(h):,} in the dataset"),
               (FILES_WITH_HANDS, f"{files_with_hands(h['source']):,} (the audit's summary also counts the files "
                                  "read that hold none of the dataset's hands: only copies of hands in other files, "
                                  "or no hand)"),
               ("audited", f"{int(st.get('audited', 0)):,}"),
               ("unsupported game", f"{int(st.get('unsupported_game', 0)):,}"),
               ("parse error", f"{int(st.get('parse_error', 0)):,}"),
               ("findings", f"{len(f):,} in {flagged:,} hands" + (f" ({by_severity})" if by_severity else "")),
               ("pots", f"{len(p):,}: {judged:,} judged, {wrong:,} paid wrongly")]
    if filters:
        summary.insert(0, ("filters", filters))
    body = [f"<h1>{_e(title)}</h1>", "<table class='summary'>"
            + "".join(f"<tr><td>{_e(k)}</td><td>{_e(v)}</td></tr>" for k, v in summary) + "</table>",
            "<p>Money in printed units (amount / 10<sup>scale</sup>), per currency or per tournament's chips.</p>"]
    body.append("<nav class='toc'>" + " · ".join(
        f"<a href='#{a}'>{_e(t)}</a>" for a, t in (("first", "where to look first"), ("by-rule", "by rule, site and day"),
                                                   ("findings", "every finding"), ("more", "more tables"))) + "</nav>")
    # what an auditor asks first: where the findings are, by rate
    body.append("<h2 id='first'>Where to look first</h2><p>Findings per 1,000 hands, highest first (groups of "
                f"fewer than {FEW_HANDS} hands after the others). A click on a table or a column header sorts; "
                "the box above each table filters its rows.</p>")
    for name, label in (("findings by table", "Tables"), ("findings by dealer", "Dealers")):
        df = parts.get(name)
        if df is not None and not df.empty:
            more = (f"<p class='more'>{len(df) - FIRST_ROWS:,} more: <a href='#{name.replace(' ', '-')}'>every "
                    f"one, under More tables</a>.</p>") if len(df) > FIRST_ROWS else ""
            body.append(f"<h3>{label} with most findings per 1,000 hands</h3>"
                        + _table(df.head(FIRST_ROWS), sortable=True) + more)
    fig = plots.findings_by_site(t)
    if fig is not None:
        body.append(plots.svg(fig, "Findings per 1,000 hands, by site and category"))
    body.append("<h2 id='by-rule'>Findings by rule, category, site and day</h2>")
    for name, kind in (("findings by rule", "rule"), ("findings by category", "category")):
        df = parts.get(name)
        body.append(f"<h3>{_e(name[:1].upper() + name[1:])}</h3>")
        if df is None or df.empty:
            body.append("<p class='none'>No findings.</p>")
            continue
        body.append(_table(df, sortable=True, filter_column=kind))
    for name in ("findings by site", "findings by day (UTC)"):
        df = parts.get(name)
        if df is not None:
            body.append(f"<h3>{_e(name[:1].upper() + name[1:])}</h3>" + _table(df, sortable=True))
    fig = plots.findings_over_time(t)
    if fig is not None:
        body.append(plots.svg(fig, "Findings per 1,000 hands over time"))
    if pages:
        which = "every hand" if all_hands else "every flagged hand"
        body.append(f"<p>A page for {which} ({len(pages):,}), each linked to the next: "
                    f"<a href='{_e(pages_href)}/{pages[0].href}'>the first</a>.</p>")
    data = finding_rows(t, pages, pages_href)
    shown = ["site", "table", "time"] + (["dealer"] if "dealer" in h else []) + \
        ["hand", "players", "rule", "severity", "line", "message", "expected", "actual"]
    head = "".join(f"<th data-key='{c}'>{_e(c)}</th>" for c in shown)

    def values(column: str) -> list[str]:
        i = ROW_COLUMNS.index(column)
        return sorted({str(r[i]) for r in data if r[i] != ""})

    body.append(f"<h2 id='findings'>Every finding ({len(data):,})</h2><div class='controls'>"
                "<label>search <input id='q' type='search' placeholder='player, table, text...'></label>"
                + _select("rule", values("rule")) + _select("category", values("category"))
                + _select("site", values("site")) + _select("severity", values("severity"))
                + "<button id='prev'>previous</button> <button id='next'>next</button> <span id='findings-count'></span>"
                f"</div><div class='scroll'><table class='t' id='findings'><thead><tr>{head}</tr></thead>"
                "<tbody id='findings-body'></tbody></table></div>"
                "<noscript><p>The table of findings needs JavaScript; each hand's page is in the hands folder.</p></noscript>")
    # the rest, folded
    body.append("<h2 id='more'>More tables</h2>")
    for name, df in parts.items():
        if name in _SKIP_TABLES:
            continue
        if name == "sessions":
            table = _sessions(t, df, pages, pages_href)
        else:
            table = _table(df, sortable=name in _SORTABLE)
        anchor = _e(name.replace(" ", "-"))
        body.append(f"<details id='{anchor}'><summary>{_e(name[:1].upper() + name[1:])} ({len(df):,} rows)</summary>"
                    f"{table}</details>")
    fig = plots.pot_sizes(t)
    body.append("<details><summary>Pot sizes</summary>"
                + (plots.svg(fig, "Pot sizes") if fig is not None else "<p class='none'>Nothing to plot.</p>")
                + "</details>")
    payload = json.dumps(data, ensure_ascii=False, default=str).replace("<", "\\u003c")
    script = _SCRIPT % {"cols": json.dumps(ROW_COLUMNS), "shown": json.dumps(shown)} + _TABLES_SCRIPT
    page = (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>{GENERATOR}"
            f"<title>{_e(title)}</title>{page_style()}<style>{_INDEX_STYLE}</style></head><body>"
            + "\n".join(body)
            + f"<script type='application/json' id='findings-data'>{payload}</script><script>{script}</script>"
            + "</body></html>")
    index.write_text(page, encoding="utf-8")
    return index
