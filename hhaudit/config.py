"""Settings, checked strictly: `[tool.hhaudit]` of the nearest `pyproject.toml`, `--option`,
`--select`/`--ignore`, `--profile` and `--format`, for the command line and the API alike.

A setting hhaudit does not know is an error, never ignored: an unknown key, rule, option,
value, profile or format names the file and line (or the flag) and the close matches;
unreadable TOML names its file and line.

```toml
[tool.hhaudit]
profile = "tda-2024"
select = ["MR", "RO", "side_pot"]      # codes, code prefixes, names, categories or "ALL"
extend-select = ["SE05"]               # added to the default selection (or to `select`)
ignore = ["AC05"]
options = { fl_cap = 4, odd_chip = "button" }

[tool.hhaudit.profiles.dragon]      # a house profile, chosen with `--profile dragon`
base = "tda-2024"
nl_raise_cap = 4
odd_chip = "high_suit"
```

A house-rules file (`--rules house.toml`, or `--profile house.toml`) holds the same keys as
a `[tool.hhaudit.profiles.NAME]` table: `base` (the built-in profile it starts from),
optionally `name` and `description`, and profile options. `resolve` puts the layers
together, lowest first: the built-in defaults, the base profile, `[tool.hhaudit].options`,
the house profile, `--option`; and remembers where each value came from (`hhaudit rules
--profile house.toml` prints it).
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
from .profiles import PROFILES, OptionError, Profile, check_option, option_names

KEYS = ("profile", "rules", "select", "extend_select", "ignore", "options", "profiles", "timezones")
"""The keys of `[tool.hhaudit]`."""

HOUSE_KEYS = ("base", "name", "description")
"""The keys of a house profile besides its options."""


class ConfigError(UsageError):
    """A setting hhaudit does not know, or a value it cannot take (status 2)."""


@dataclass(slots=True)
class Config:
    """`[tool.hhaudit]` as read (empty when there is none)."""

    path: Path | None = None
    profile: str | None = None
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    extend_select: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    option_lines: dict[str, str] = field(default_factory=dict)
    timezones: dict[str, str] = field(default_factory=dict)
    """`[tool.hhaudit.timezones]`: site -> IANA zone of its zoneless times (`hhaudit.zones`)."""
    """Where each of `options` is set (`pyproject.toml:12`)."""
    profiles: dict[str, House] = field(default_factory=dict)
    """`[tool.hhaudit.profiles.NAME]`: the house profiles chosen by name."""
    rules: str | None = None
    """`rules = "house.toml"`: a house-rules file (relative to the pyproject.toml)."""


@dataclass(slots=True)
class House:
    """A house profile: a base profile and the options the house sets, each with the place
    (`house.toml:7`) it is set at."""

    name: str
    base: str
    where: str
    """The file (and line) the profile is written at."""
    options: dict[str, Any] = field(default_factory=dict)
    lines: dict[str, str] = field(default_factory=dict)
    description: str = ""


@dataclass(slots=True)
class Resolved:
    """The profile a run audits with: the base profile's name (None: each hand's default,
    `online` or `tda-2024`), the options over it, and where each option's value came from."""

    profile: str | None
    options: dict[str, Any] = field(default_factory=dict)
    origins: dict[str, str] = field(default_factory=dict)
    house: House | None = None


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
        if table and current == table.rsplit(".", 1)[0] and re.match(
                rf'^\s*{re.escape(table.rsplit(".", 1)[1])}\s*=.*\b{re.escape(key)}\s*=', line):
            return n
    return 0


def _read_toml(path: Path) -> tuple[str, dict[str, Any]]:
    """A TOML file's text and data; ConfigError naming the file (and line) if it cannot be
    read or is not TOML."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot be read ({exc})") from exc
    try:
        return text, tomllib.loads(text)
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


def _header_line(text: str, table: str) -> int:
    """The line (1-based) of the header `[table]`, or of the parent table's line that sets
    it inline (`dragon = { base = ... }`); 0 if not found."""
    header = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]")
    for n, line in enumerate(text.splitlines(), 1):
        m = header.match(line)
        if m and m.group(1).replace('"', "").replace(" ", "") == table:
            return n
    parent, _, key = table.rpartition(".")
    return _line_of(text, key, parent) if parent else 0


def load(start: Path) -> Config:
    """`[tool.hhaudit]` of the nearest pyproject.toml at or above `start`, checked."""
    path = find_pyproject(start)
    if path is None:
        return Config()
    text, data = _read_toml(path)
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
            cfg.profile = value
        elif name == "rules":
            if not isinstance(value, str):
                raise ConfigError(f"{at(key)}: rules is the path of a house-rules file (rules = \"house.toml\")")
            cfg.rules = str(path.parent / value)
        elif name == "profiles":
            if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
                raise ConfigError(f"{at(key)}: profiles holds one table per house profile "
                                  f"([tool.hhaudit.profiles.NAME] with base = \"tda-2024\" and options)")
            for pname, table in value.items():
                if pname in PROFILES:
                    raise ConfigError(f"{at(pname, 'tool.hhaudit.profiles')}: {pname!r} is a built-in profile: "
                                      "give the house profile a name of its own and `base = "
                                      f"\"{pname}\"`")
                cfg.profiles[pname] = _house(table, text, path, f"tool.hhaudit.profiles.{pname}", pname)
        elif name == "timezones":
            if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
                raise ConfigError(f"{at(key)}: timezones is a table of site = \"IANA zone\" "
                                  "(timezones = { iPoker = \"Europe/London\" })")
            from .zones import ZoneError, check_zone

            for site, zone in value.items():
                try:
                    check_zone(zone, at(site, "tool.hhaudit.timezones"))
                except ZoneError as exc:
                    raise ConfigError(str(exc)) from None
                cfg.timezones[site] = zone
        elif name in ("select", "ignore", "extend_select"):
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
                where = at(opt, "tool.hhaudit.options")
                cfg.options[opt.replace("-", "_")] = _option(opt.replace("-", "_"), v, where)
                cfg.option_lines[opt.replace("-", "_")] = where
    if cfg.profile is not None and cfg.profile not in cfg.profiles and cfg.profile not in PROFILES:
        if not _is_file_name(cfg.profile):
            check_profile(cfg.profile, at("profile"), cfg.profiles)
        cfg.profile = str(path.parent / cfg.profile)  # a house-rules file, beside the pyproject.toml
    return cfg


def _is_file_name(name: str) -> bool:
    return name.endswith(".toml") or "/" in name or "\\" in name


def _house(table: dict[str, Any], text: str, path: Path, where: str, name: str) -> House:
    """A house profile's table (a house-rules file's top level: `where` ""), checked."""
    def at(key: str) -> str:
        n = _line_of(text, key, where)
        return f"{path}:{n}" if n else str(path)

    n = _header_line(text, where) if where else 0
    header = f"{path}:{n}" if n else str(path)
    known = [*HOUSE_KEYS, *option_names()]
    house = House(name, "", header)
    for key, value in table.items():
        opt = key.replace("-", "_")
        if opt == "base":
            if not isinstance(value, str):
                raise ConfigError(f"{at(key)}: base is the name of a built-in profile ({', '.join(PROFILES)})")
            house.base = check_profile(value, f"{at(key)}: base")
        elif opt in ("name", "description"):
            if not isinstance(value, str):
                raise ConfigError(f"{at(key)}: {opt} is a text")
            if opt == "name":
                house.name = value
            else:
                house.description = value
        elif opt in option_names():
            house.options[opt] = _option(opt, value, at(key))
            house.lines[opt] = at(key)
        else:
            raise ConfigError(f"{at(key)}: unknown key {key!r} in {'[' + where + ']' if where else 'the house rules'}"
                              f"{suggest(opt, known)} (keys: base, name, description, and the profile options: "
                              f"{', '.join(option_names())})")
    if not house.base:
        raise ConfigError(f"{header}: no base profile: write the profile these rules start from "
                          f"(base = \"tda-2024\"; built-in profiles: {', '.join(PROFILES)})")
    return house


def read_house(path: Path) -> House:
    """A house-rules file (`--rules house.toml`): a base profile and options, checked."""
    if not path.is_file():
        raise ConfigError(f"{path}: no such house-rules file" if not path.exists()
                          else f"{path}: not a file (a house-rules file is a TOML file)")
    text, data = _read_toml(path)
    return _house(data, text, path, "", path.stem)


def resolve(cfg: Config, profile: str | None = None, options: Sequence[str] = ()) -> Resolved:
    """The profile and options a run audits with, from `[tool.hhaudit]` (`cfg`), the
    `--profile` given (a built-in profile, a house profile of `cfg`, or a house-rules
    file) and the `--option NAME=VALUE`s, each option with where its value came from."""
    name = profile if profile is not None else cfg.profile
    house: House | None = None
    if name is None and cfg.rules:
        house = read_house(Path(cfg.rules))
    elif name is not None and name in cfg.profiles:
        house = cfg.profiles[name]
    elif name is not None and name not in PROFILES and (_is_file_name(name) or Path(name).is_file()):
        house = read_house(Path(name))
    elif name is not None:
        check_profile(name, "--profile" if profile is not None else str(cfg.path), cfg.profiles)
    out = Resolved(house.base if house is not None else name, house=house)
    for opt, value in cfg.options.items():
        out.options[opt] = value
        out.origins[opt] = cfg.option_lines.get(opt, str(cfg.path))
    if house is not None:
        out.options.update(house.options)
        out.origins.update(house.lines)
    for text in options:
        opt, value = parse_option(text)
        out.options[opt] = value
        out.origins[opt] = f"--option {text}"
    return out


def origins(resolved: Resolved) -> list[tuple[str, Any, str]]:
    """Every option of the resolved profile: (name, value, where it came from: "built-in",
    "base profile NAME", or the file and line / flag that set it)."""
    from .profiles import Profile, get_profile

    base = get_profile(resolved.profile) if resolved.profile is not None else None
    default = Profile("built-in")
    rows: list[tuple[str, Any, str]] = []
    for opt in option_names():
        if opt in resolved.options:
            rows.append((opt, resolved.options[opt], resolved.origins.get(opt, "")))
        elif base is not None and getattr(base, opt) != getattr(default, opt):
            rows.append((opt, getattr(base, opt), f"base profile {base.name}"))
        else:
            rows.append((opt, getattr(base or default, opt), "built-in"))
    return rows


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


def check_profile(name: str, where: str = "--profile", house: Iterable[str] = ()) -> str:
    """A built-in profile's name; ConfigError with the close matches (among the house
    profiles of `[tool.hhaudit.profiles]` too) if it is none."""
    if name not in PROFILES:
        known = [*PROFILES, *house]
        raise ConfigError(f"{where}: unknown profile {name!r}{suggest(name, known)} "
                          f"(profiles: {', '.join(known)}; or a house-rules file: --rules house.toml)")
    return name


def rule_words() -> list[str]:
    """Every code, name and category a rule can be chosen by."""
    from .engine.rules import RULES
    from .ruledoc import load_all_rules

    load_all_rules()  # the live-log and session rules too
    words: dict[str, None] = {}
    for code in sorted(RULES):
        r = RULES[code]
        words.update({r.code: None, r.name: None, r.category.value: None})
    return list(words)


def check_rules(patterns: Iterable[str], where: str) -> None:
    """Each pattern must choose at least one rule (as `rules.select` reads it)."""
    from .engine.rules import RULES, matches
    from .ruledoc import load_all_rules

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
              format: str, extend_select: Sequence[str] = ()) -> tuple[str | None, dict[str, Any]]:
    """The API's settings checked as the command line's are: the base profile's name (a
    house profile, `profile="house.toml"`, gives its base) and the options converted, the
    house's under the ones given."""
    house: dict[str, Any] = {}
    if profile is not None:
        resolved = resolve(Config(), profile)
        profile, house = resolved.profile, resolved.options
    check_rules(select, "select")
    check_rules(ignore, "ignore")
    check_rules(extend_select, "extend_select")
    check_format(format)
    return profile, {**house, **{k: _option(k, v, k) for k, v in options.items()}}


def profile_named(name: str, overrides: dict[str, Any] | None = None) -> Profile:
    """A built-in profile by name, or a house-rules file a live log names (`house FILE` on
    its game line: the path as the reader resolved it, next to the log), with `overrides`
    on top. `read_house` checks the file (ConfigError naming it and its line)."""
    from .profiles import get_profile

    if name.endswith(".toml"):
        house = read_house(Path(name))
        return get_profile(house.base, **{**house.options, **(overrides or {})})
    return get_profile(name, **(overrides or {}))
