"""The documentation pages generated from hhaudit's own registries, at build time (an mkdocs
hook, `hooks:` in mkdocs.yml), so that the site and the tool can never disagree:

- `rules/index.md` and a page per rule, from the rule registry (`hhaudit.engine.rules.RULES`) and the
  pieces `hhaudit rule CODE` prints (`hhaudit.ruledoc`), with that command's output itself;
- `formats/index.md` and a page per input format, from the format registry
  (`hhaudit.formats.FORMATS`, what `hhaudit formats` lists) and each format module's
  docstring (what it reads and the format's quirks); a page written by hand as
  `docs/formats/NAME.md` keeps its text, the registry's facts put under its title;
- `reference/columns.md`, every table and column of the dataset from the Arrow schemas
  (`hhaudit.tables.SCHEMAS`, the duplicates table's schema), each with the unit, meaning and
  null of `docs/dataset.md`'s tables;
- `changelog.md`, the repository's CHANGELOG.md.

The same functions give the tests their pages (`tests/test_docs.py`): `pages()` returns every
generated page as {path: Markdown}.
"""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

# ---------------------------------------------------------------------------------- rules


def _rules() -> dict[str, Any]:
    from hhaudit.engine.rules import RULES
    from hhaudit.ruledoc import load_all_rules

    load_all_rules()
    return dict(sorted(RULES.items()))


def _cell(text: object) -> str:
    """Text for a Markdown table cell."""
    return _escape(str(text)).replace("|", "\\|").replace("\n", " ")


def _escape(text: str) -> str:
    """Markdown text with `<` written as an entity outside code spans (a docstring's
    `<session>` is an XML tag named in prose, not HTML)."""
    parts = re.split(r"(`[^`]*`)", text)
    return "".join(p if p.startswith("`") else p.replace("<", "&lt;") for p in parts)


def rule_page(code: str, rule: Any) -> str:
    from hhaudit._native import docstring
    from hhaudit.engine.rules import doc_parts
    from hhaudit.profiles import Profile
    from hhaudit.ruledoc import OPTIONS, _examples, _option_doc, passages, rule_doc

    summary, body = doc_parts(docstring(rule))
    summary = summary or rule.name
    reason = getattr(rule, "default_reason", "")
    out = [f"# {code} {rule.name}", "", _escape(summary), "",
           "| | |", "|---|---|",
           f"| code | `{code}` |", f"| name | `{rule.name}` |",
           f"| category | `{rule.category.value}` |", f"| severity | `{rule.severity.value}` |",
           f"| in the default selection | {_default(rule)} |"]
    if reason:
        out.append(f"| why | {_cell(reason)} |")
    out += [f"| citation | {_cell(rule.citation)} |", ""]
    if body:
        lines = _examples(body).split("\n")
        prose = [x for x in lines if not x.startswith(("Bad:", "Good:"))]
        examples = [x for x in lines if x.startswith(("Bad:", "Good:"))]
        if prose:
            out += ["## What it checks", "", *(_escape(x) for x in prose), ""]
        if examples:
            out += ["## Examples", ""]
            for line in examples:
                kind, _, text = line.partition(":")
                out += [f"**{kind}:** {_escape(text.strip())}", ""]
    opts = OPTIONS.get(code, ())
    if opts:
        out += ["## Options", "", "Profile options that change it (`--option NAME=VALUE`, "
                "[configuration](../guides/configuration.md)):", "",
                "| option | default | what it does |", "|---|---|---|"]
        for name in opts:
            out.append(f"| `{name}` | `{getattr(Profile('x'), name)!r}` | {_cell(_option_doc(name))} |")
        out.append("")
    out += ["## What the rulebook says", ""]
    for ref, text in passages(rule.citation):
        out.append(f"- **{_escape(ref)}**: {_escape(text)}" if text else f"- **{_escape(ref)}**")
    out += ["", f'??? note "`hhaudit rule {code}` prints"', "",
            "    ```text"]
    out += [f"    {line}".rstrip() for line in rule_doc(code).rstrip("\n").split("\n")]
    out += ["    ```", ""]
    return "\n".join(out)


def _default(rule: Any) -> str:
    """`yes`, `no` or `live only` (`rules.default_text`)."""
    from hhaudit.engine.rules import default_text

    return default_text(rule)


def rules_index(rules: dict[str, Any]) -> str:
    out = ["# Rules", "",
           "Every rule hhaudit applies, as `hhaudit rules` lists them and `hhaudit rule CODE` "
           "explains them: one small class each, with a stable code (two letters and two digits, "
           "never reused), a kebab-case name, a category from the closed set, a severity and a "
           "rulebook citation. A finding carries `expected` and `actual` in a dealer's words "
           "(\"minimum raise is to 5600\" / \"raised to 4000\"). Select them by code, code prefix, "
           "name or category with `--select` and `--ignore` "
           "([configuration](../guides/configuration.md)). This page and each rule's page are "
           "generated from the rule registry when the site is built.", "",
           "| code | name | category | severity | default | summary |",
           "|---|---|---|---|---|---|"]
    for code, rule in rules.items():
        default = _default(rule)
        out.append(f"| [{code}]({code}.md) | `{rule.name}` | `{rule.category.value}` | "
                   f"{rule.severity.value} | {default} | {_cell(rule.summary())} |")
    return "\n".join(out) + "\n"


# -------------------------------------------------------------------------------- formats


def _formats() -> dict[str, Any]:
    from hhaudit import formats

    return dict(formats.FORMATS)


def _grammar(fmt: Any) -> str:
    return f"`grammars/{fmt.grammar}.lark`" if fmt.grammar else getattr(fmt, "reader", "(XML)")


def _docstring_markdown(text: str) -> str:
    """A module docstring as Markdown: a list written right under a paragraph gets the blank
    line Markdown needs before it."""
    out: list[str] = []
    for line in inspect.cleandoc(text).split("\n"):
        is_item = line.startswith("- ")
        in_list = bool(out) and out[-1].startswith(("- ", "  "))
        if out and out[-1] and ((is_item and not in_list) or
                                (in_list and not is_item and not line.startswith(" "))):
            out.append("")
        out.append(_escape(line))
    return "\n".join(out)


def format_facts(fmt: Any) -> str:
    from hhaudit.engine.games import AUDITED

    module = sys.modules[type(fmt).__module__]
    names = {"holdem": "Texas Hold'em", "omaha": "Omaha"}
    by_variant: dict[str, list[str]] = {}
    for variant, n, hilo in sorted(AUDITED):
        by_variant.setdefault(names.get(variant, variant), []).append(f"{n}{' Hi/Lo' if hilo else ''}")
    games = [f"{v} ({', '.join(cards)} hole cards)" for v, cards in by_variant.items()]
    return "\n".join([
        "| | |", "|---|---|",
        f"| name (`--format`) | `{fmt.name}` |",
        f"| sites | {_cell(', '.join(fmt.sites))} |",
        f"| grammar | {_grammar(fmt)} |",
        f"| module | `{module.__name__}` |",
        f"| detection order | priority {fmt.priority} (higher first, then by name) |",
        f"| description | {_cell(getattr(fmt, 'description', ''))} |",
        "",
        "Games audited when the format reads them: " + "; ".join(games) +
        ". Any other game is read whole and counted `unsupported_game` "
        "(`hhaudit/engine/games.py`).", ""])


def format_page(fmt: Any, written: str | None) -> str:
    module = sys.modules[type(fmt).__module__]
    facts = ["## From the format registry", "", format_facts(fmt)]
    if module.__doc__:
        facts += ["## What is read, and the format's quirks", "",
                  f"From the docstring of `{module.__name__}`:", "",
                  _docstring_markdown(module.__doc__), ""]
    if written:
        title, _, rest = written.partition("\n")
        if title.startswith("# "):
            return "\n".join([title, "", *facts, rest.strip(), ""])
        return "\n".join([f"# {fmt.name}", "", *facts, written.strip(), ""])
    return "\n".join([f"# {fmt.name}: {', '.join(fmt.sites)}", "",
                      _escape(getattr(fmt, "description", "")), "", *facts])


def formats_index(fmts: dict[str, Any]) -> str:
    out = ["# Input formats", "",
           "Every input format hhaudit reads, as `hhaudit formats` lists them, in the order "
           "their detectors are asked about a file's first lines (`--format NAME` skips the "
           "question). A text format is a grammar in `grammars/NAME.lark` plus one module in "
           "`hhaudit/formats/`; XML and JSON formats are read element by element. This page and "
           "each format's page are generated from the format registry when the site is built. "
           "See also [the open formats and `convert`](../reference/open-formats.md) and "
           "[the corpus, format by format](../reference/corpus.md).", "",
           "| name | sites | grammar | description |", "|---|---|---|---|"]
    for name, fmt in fmts.items():
        out.append(f"| [{name}]({name}.md) | {_cell(', '.join(fmt.sites))} | {_grammar(fmt)} | "
                   f"{_cell(getattr(fmt, 'description', ''))} |")
    return "\n".join(out) + "\n"


# -------------------------------------------------------------------------------- dataset

_ROW = re.compile(r"^\|([^|]+)\|([^|]*)\|([^|]*)\|(.*)\|([^|]*)\|\s*$")


def column_notes() -> dict[str, dict[str, tuple[str, str, str]]]:
    """docs/dataset.md's column tables: {table: {column: (unit, meaning, null)}}."""
    notes: dict[str, dict[str, tuple[str, str, str]]] = {}
    table = ""
    for line in (DOCS / "dataset.md").read_text(encoding="utf-8").splitlines():
        head = re.match(r"^## (\w+) \(", line)
        if head:
            table = head.group(1)
            continue
        if line.startswith("## "):
            table = ""
        m = _ROW.match(line)
        if not table or not m or m.group(1).strip() in ("column", "---"):
            continue
        for col in m.group(1).split(","):
            notes.setdefault(table, {})[col.strip()] = (m.group(3).strip(), m.group(4).strip(),
                                                       m.group(5).strip())
    return notes


def schemas() -> dict[str, Any]:
    """Every table the dataset holds, with its Arrow schema."""
    from hhaudit.pipeline.dedupe import DUPLICATES, dup_schema
    from hhaudit.tables import SCHEMAS

    return {**SCHEMAS, DUPLICATES: dup_schema()}


def columns_page() -> str:
    from hhaudit.tables import CONTRACT_COLUMNS, SCHEMA_VERSION

    notes = column_notes()
    tables = schemas()
    out = ["# Dataset reference", "",
           f"Schema version **{SCHEMA_VERSION}** (`hhaudit.tables.SCHEMA_VERSION`, in every part "
           f"file's metadata as `hhaudit.schema_version`): {len(tables)} tables, "
           f"{', '.join(f'`{t}`' for t in tables)}. Every column with its Arrow type, generated "
           "from the schemas (`hhaudit/tables.py`) when the site is built; the unit, meaning and "
           "null of each are those of [the dataset guide](../dataset.md), which says how the "
           "tables are written and read. A column of the "
           "[contract](../dataset.md) is marked *contract*.", ""]
    for name, schema in tables.items():
        contract = set(CONTRACT_COLUMNS.get(name, ()))
        out += [f"## {name}", "", "| column | type | unit | meaning | null |", "|---|---|---|---|---|"]
        for field in schema:
            unit, meaning, null = notes.get(name, {}).get(field.name, ("", "", ""))
            mark = " *contract*" if field.name in contract else ""
            out.append(f"| `{field.name}`{mark} | `{field.type}` | {unit} | {meaning} | {null} |")
        out.append("")
    return "\n".join(out)


# -------------------------------------------------------------------------------- options


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ", ".join(value) if value else "(none)"
    return str(value)


def options_page() -> str:
    from hhaudit.profiles import (
        BOUNDS,
        CHOICES,
        PROFILES,
        SITE_CONVENTIONS,
        option_names,
        option_types,
    )
    from hhaudit.ruledoc import OPTIONS, _option_doc

    types = option_types()
    rules_of: dict[str, list[str]] = {}
    for code, names in sorted(OPTIONS.items()):
        for name in names:
            rules_of.setdefault(name, []).append(f"[{code}](../rules/{code}.md)")
    profiles = list(PROFILES)
    out = ["# Profile options", "",
           "Every option of a rule profile, generated from `hhaudit/profiles.py` when the site is "
           "built (`hhaudit rules --profile NAME` prints the same values, with where each came "
           "from). Set one with `--option NAME=VALUE`, in `[tool.hhaudit].options` or in a house "
           "profile ([configuration and house rules](../guides/configuration.md)).", "",
           "| option | type | values | " + " | ".join(f"`{p}`" for p in profiles) + " | rules | what it does |",
           "|---|---|---|" + "---|" * len(profiles) + "---|---|"]
    for name in option_names():
        if name in CHOICES:
            values = ", ".join(f"`{c}`" for c in CHOICES[name])
        elif name in BOUNDS:
            low, high = BOUNDS[name]
            values = f"{low} to {high}" if high is not None else f"{low} or more"
        else:
            values = ""
        defaults = " | ".join(f"`{_value(getattr(PROFILES[p], name))}`" for p in profiles)
        out.append(f"| `{name}` | {types[name]} | {values} | {defaults} | "
                   f"{', '.join(rules_of.get(name, []))} | {_cell(_option_doc(name))} |")
    out += ["", "## Site conventions", "",
            "Where the rulebooks are silent or rooms differ and a site's software does one thing "
            "in every hand of the corpus that shows it, the `online` profile audits that site's "
            "hands by it, unless the option is set by name (`profiles.SITE_CONVENTIONS`):", "",
            "| site | options |", "|---|---|"]
    for site, opts in SITE_CONVENTIONS.items():
        out.append(f"| {_cell(site)} | {', '.join(f'`{k} = {_value(v)}`' for k, v in opts.items())} |")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------------ all pages


def pages() -> dict[str, str]:
    """Every generated page: {path under docs/: Markdown}."""
    out: dict[str, str] = {}
    rules = _rules()
    out["rules/index.md"] = rules_index(rules)
    for code, rule in rules.items():
        out[f"rules/{code}.md"] = rule_page(code, rule)
    fmts = _formats()
    out["formats/index.md"] = formats_index(fmts)
    for name, fmt in fmts.items():
        written = DOCS / "formats" / f"{name}.md"
        out[f"formats/{name}.md"] = format_page(
            fmt, written.read_text(encoding="utf-8") if written.is_file() else None)
    out["reference/columns.md"] = columns_page()
    out["reference/options.md"] = options_page()
    changelog = ROOT / "CHANGELOG.md"
    out["changelog.md"] = changelog.read_text(encoding="utf-8")
    return out


# ---------------------------------------------------------------------------- mkdocs hooks

_PAGES: dict[str, str] = {}


def on_config(config: Any) -> Any:
    """Generate the pages, and list each rule and format under its section of the nav."""
    _PAGES.clear()
    _PAGES.update(pages())
    rules = [{f"{c} {r.name}": f"rules/{c}.md"} for c, r in _rules().items()]
    fmts = [{name: f"formats/{name}.md"} for name in _formats()]
    extra = sorted(p.stem for p in (DOCS / "formats").glob("*.md")
                   if f"formats/{p.name}" not in _PAGES)
    fmts += [{name: f"formats/{name}.md"} for name in extra]

    def expand(items: list[Any]) -> list[Any]:
        out: list[Any] = []
        for item in items:
            if isinstance(item, dict):
                (title, value), = item.items()
                if value == "rules/index.md":
                    item = {title: ["rules/index.md", *rules]}
                elif value == "formats/index.md":
                    item = {title: ["formats/index.md", *fmts]}
                elif isinstance(value, list):
                    item = {title: expand(value)}
            out.append(item)
        return out

    config["nav"] = expand(config["nav"])
    return config


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    for path, content in _PAGES.items():
        old = files.get_file_from_path(path)
        if old is not None:
            files.remove(old)
        files.append(File.generated(config, path, content=content))
    return files
