"""Settings, checked strictly: `[tool.hhaudit]` of the nearest `pyproject.toml`, `--option`,
`--select`/`--ignore`, `--profile` and `--format`, for the command line and the API alike.

A setting hhaudit does not know is an error, never ignored: an unknown key, rule, option,
value, profile or format names the file and line (or the flag) and the close matches;
unreadable TOML names its file and line.

```toml
[tool.hhaudit]
profile = "tda-2024"
select = ["MR", "RO", "side_pot"]      # codes, code prefixes, names or categories
ignore = ["AC05"]
options = { fl_cap = 4, odd_chip = "button" }
```
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import UsageError
from .profiles import PROFILES, OptionError, check_option, option_names

KEYS = ("profile", "select", "ignore", "options")
"""The keys of `[tool.hhaudit]`."""


class ConfigError(UsageError):
    """A setting hhaudit does not know, or a value it cannot take (status 2)."""


@dataclass(slots=True)
class Config:
    """`[tool.hhaudit]` as read (empty when there is none)."""

    path: Path | None = None
    profile: str | None = None
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)


def suggest(word: str, known: Iterable[str]) -> str:
    """ '; did you mean X or Y?' for the close matches of a word, or ''."""
    close = difflib.get_close_matches(word, list(known), n=3, cutoff=0.6)
    return f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


def find_pyproject(start: Path) -> Path | None:
    for folder in [start, *start.parents]:
        p = folder / "pyproject.toml"
        if p.is_file():
            return p
    return None


def _line_of(text: str, key: str, table: str = "tool.hhaudit") -> int:
    """The line (1-based) where `key` is set in `[table]`, in either TOML spelling (a key of
    the table, or `table.key` / an inline table on the parent's line); 0 if not found."""
    current = ""
    header = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]")
    for n, line in enumerate(text.splitlines(), 1):
        m = header.match(line)
        if m:
            current = m.group(1).replace('"', "").replace(" ", "")
            continue
        if current == table and re.match(rf'^\s*["\']?{re.escape(key)}["\']?\s*=', line):
            return n
        if current == table.rsplit(".", 1)[0] and re.match(
                rf'^\s*{re.escape(table.rsplit(".", 1)[1])}\s*=.*\b{re.escape(key)}\s*=', line):
            return n
    return 0


def load(start: Path) -> Config:
    """`[tool.hhaudit]` of the nearest pyproject.toml at or above `start`, checked."""
    path = find_pyproject(start)
    if path is None:
        return Config()
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot be read ({exc})") from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        if m:
            where = f"{path}:{m.group(1)}:{m.group(2)}"
        elif "(at end of document)" in msg:
            where = f"{path}:{max(len(text.splitlines()), 1)}"
        else:
            where = str(path)
        reason = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", msg)
        raise ConfigError(f"{where}: not valid TOML: {reason}") from None
    section = data.get("tool", {}).get("hhaudit") if isinstance(data.get("tool"), dict) else None
    if section is None:
        return Config(path)
    if not isinstance(section, dict):
        raise ConfigError(f"{path}:{_line_of(text, 'hhaudit', 'tool')}: tool.hhaudit is a table, "
                          f"not {type(section).__name__}")
    cfg = Config(path)

    def at(key: str, table: str = "tool.hhaudit") -> str:
        n = _line_of(text, key, table)
        return f"{path}:{n}" if n else str(path)

    for key, value in section.items():
        name = key.replace("-", "_")
        if name not in KEYS:
            raise ConfigError(f"{at(key)}: unknown key {key!r} in [tool.hhaudit]{suggest(name, KEYS)} "
                              f"(keys: {', '.join(KEYS)})")
        if name == "profile":
            if not isinstance(value, str):
                raise ConfigError(f"{at(key)}: profile is a text, one of {', '.join(PROFILES)}")
            cfg.profile = check_profile(value, at(key))
        elif name in ("select", "ignore"):
            items = [value] if isinstance(value, str) else value
            if not isinstance(items, list) or not all(isinstance(x, str) for x in items):
                raise ConfigError(f"{at(key)}: {key} is a list of rule codes, prefixes, names or categories")
            check_rules(items, f"{at(key)}: {key}")
            setattr(cfg, name, list(items))
        else:
            if not isinstance(value, dict):
                raise ConfigError(f"{at(key)}: options is a table of profile options "
                                  f"(options = {{ fl_cap = 4 }})")
            for opt, v in value.items():
                cfg.options[opt.replace("-", "_")] = _option(opt.replace("-", "_"), v,
                                                             at(opt, "tool.hhaudit.options"))
    return cfg


def _option(name: str, value: Any, where: str) -> Any:
    if name not in option_names():
        raise ConfigError(f"{where}: unknown profile option {name!r}{suggest(name, option_names())} "
                          f"(options: {', '.join(option_names())})")
    try:
        return check_option(name, value)
    except OptionError as exc:
        raise ConfigError(f"{where}: {exc}") from None


def parse_option(text: str) -> tuple[str, Any]:
    """`--option NAME=VALUE`, checked and converted."""
    key, sep, value = text.partition("=")
    key = key.strip().replace("-", "_")
    if not sep or not key:
        raise ConfigError(f"--option {text!r}: write NAME=VALUE (options: {', '.join(option_names())})")
    return key, _option(key, value, f"--option {text}")


def check_profile(name: str, where: str = "--profile") -> str:
    if name not in PROFILES:
        raise ConfigError(f"{where}: unknown profile {name!r}{suggest(name, PROFILES)} "
                          f"(profiles: {', '.join(PROFILES)})")
    return name


def rule_words() -> list[str]:
    """Every code, name and category a rule can be chosen by."""
    from .ruledoc import load_all_rules
    from .rules import RULES

    load_all_rules()  # the live-log and session rules too
    words: dict[str, None] = {}
    for code in sorted(RULES):
        r = RULES[code]
        words.update({r.code: None, r.name: None, r.category.value: None})
    return list(words)


def check_rules(patterns: Iterable[str], where: str) -> None:
    """Each pattern must choose at least one rule (as `rules.select` reads it)."""
    from .ruledoc import load_all_rules
    from .rules import RULES, matches

    load_all_rules()

    for p in patterns:
        if p and not any(matches(RULES[c], p) for c in RULES):
            raise ConfigError(f"{where}: unknown rule {p!r}{suggest(p, rule_words())} "
                              f"(rules are chosen by code, code prefix, name or category: see `hhaudit rules`)")


def check_format(name: str) -> str:
    from . import formats

    if name != "auto" and name not in formats.FORMATS:
        raise ConfigError(f"--format: unknown format {name!r}{suggest(name, formats.FORMATS)} "
                          f"(see `hhaudit formats`)")
    return name


def check_run(profile: str | None, options: dict[str, Any], select: Sequence[str], ignore: Sequence[str],
              format: str) -> dict[str, Any]:
    """The API's settings checked as the command line's are; the options converted."""
    if profile is not None:
        check_profile(profile, "profile")
    check_rules(select, "select")
    check_rules(ignore, "ignore")
    check_format(format)
    return {k: _option(k, v, k) for k, v in options.items()}
