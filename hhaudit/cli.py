"""The `hhaudit` command line (contract §1)."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from . import __version__, _interrupted_while_starting, config, errors, zones
from .errors import INTERRUPTED, UsageError
from .outdir import InterruptedAfterCommit
from .output import FORMATS
from .output.safe import safe
from .output.text import columns
from .paths import NOT_A_HISTORY_NAME
from .profiles import PROFILES
from .reading import FileReport, InputError


def _split(values: Sequence[str] | None) -> list[str]:
    out: list[str] = []
    for v in values or ():
        out.extend(x.strip() for x in v.split(",") if x.strip())
    return out


def _jobs(text: str) -> int:
    """`--jobs`: a whole number of worker processes, 0 or `auto` for one per usable core."""
    if text.strip().lower() == "auto":
        return 0
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise UsageError(f"--jobs {text}: give a number of worker processes, or 0 or auto for one per core")
    return n


def cmd_audit(args: argparse.Namespace) -> int:
    from .parsing import to_sources
    from .pipeline import Options

    cfg = config.load(Path.cwd())
    resolved = _resolve(args, cfg)
    profile, overrides = resolved.profile, resolved.options
    select = _split(args.select)
    ignore = _split(args.ignore)
    extend = _split(args.extend_select)
    config.check_rules(select, "--select")
    config.check_rules(ignore, "--ignore")
    config.check_rules(extend, "--extend-select")
    select = select or cfg.select
    ignore = ignore or cfg.ignore
    extend = extend or cfg.extend_select
    config.check_format(args.format)
    skipped: list[FileReport] = []
    try:
        sources = list(to_sources(args.paths, skipped, text_allowed=False))
    except InputError as exc:
        raise UsageError(str(exc)) from None
    if not sources and not skipped:
        raise UsageError("no input files")
    explicit = {k: v for k, v in overrides.items() if resolved.origins.get(k, "").startswith("--option")}
    timezones = dict(cfg.timezones)
    for choice in args.timezone or ():
        try:
            site, zone = zones.parse_choice(choice)
        except zones.ZoneError as exc:
            raise UsageError(str(exc)) from None
        timezones[site] = zone
    opts = Options(profile, tuple(sorted(overrides.items())), tuple(select), tuple(ignore), args.format,
                   tuple(sorted(explicit.items())), tuple(sorted(timezones.items())),
                   extend_select=tuple(extend))
    jobs = _jobs(str(args.jobs))  # 0: one per core this process may use; more than that: capped, with a note
    no_dataset = args.no_dataset or args.output == "-"
    if no_dataset and args.incremental:
        raise UsageError("--incremental needs a dataset to compare with: give -o OUT, not --no-dataset")
    args.baseline_keys = _read_baseline(args.baseline)
    scratch = None
    if no_dataset:
        import tempfile

        scratch = tempfile.mkdtemp(prefix="hhaudit-")
        args.output = os.path.join(scratch, "out")
    try:
        return _audit(args, sources, skipped, opts, jobs, no_dataset)
    finally:
        if scratch is not None:
            import shutil

            shutil.rmtree(scratch, ignore_errors=True)


def _read_baseline(path: str | None) -> Any:
    if path is None:
        return None
    from .output.baseline import BaselineError, read_baseline

    try:
        return read_baseline(path)
    except BaselineError as exc:
        raise UsageError(str(exc)) from None


def _audit(args: argparse.Namespace, sources: Any, skipped: list[FileReport], opts: Any, jobs: int,
           no_dataset: bool) -> int:
    from .engine.audited import severity_rank
    from .pipeline import run

    quiet = args.quiet > 0 or args.output_format != "text" or not sys.stderr.isatty()
    if args.scheduler and args.engine != "dask":
        raise UsageError("--scheduler needs --engine dask")
    extra: dict[str, Any] = {"incremental": args.incremental, "engine": args.engine, "scheduler": args.scheduler}

    def _terminate(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        extra["inputs"] = [p for p in args.paths if p != "-"]
        if quiet:
            totals = run(sources, args.output, opts, jobs=jobs, **extra)
        else:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            with Progress(TextColumn("[bold]auditing"), BarColumn(), MofNCompleteColumn(),
                          TextColumn("files  {task.fields[hands]} hands  {task.fields[rate]} hands/s  "
                                     "{task.fields[findings]} findings"),
                          TimeElapsedColumn(), transient=True) as bar:
                task = bar.add_task("audit", total=len(sources), hands=0, findings=0, rate="-")
                counts = {"hands": 0, "findings": 0}

                def progress(hands: int, findings: int, files: int) -> None:
                    counts["hands"] += hands
                    counts["findings"] += findings
                    elapsed = bar.tasks[0].elapsed or 0.0
                    rate = f"{counts['hands'] / elapsed:,.0f}" if elapsed > 0.5 else "-"
                    bar.update(task, advance=files, hands=f"{counts['hands']:,}",
                               findings=f"{counts['findings']:,}", rate=rate)

                totals = run(sources, args.output, opts, jobs=jobs, progress=progress, **extra)
                # the bar ends on the summary's figures: the session findings (judged after the
                # files) and the duplicates taken out are known only now
                bar.update(task, completed=len(sources), hands=f"{totals.hands:,}",
                           findings=f"{sum(totals.categories.values()):,}")
    except InterruptedAfterCommit:
        print(f"hhaudit: interrupted; the new dataset had just been written to {args.output}", file=sys.stderr)
        return INTERRUPTED
    except KeyboardInterrupt:
        print("hhaudit: interrupted; the previous dataset (if any) is unchanged", file=sys.stderr)
        return INTERRUPTED
    finally:
        signal.signal(signal.SIGTERM, previous)
    files = skipped + totals.files
    readable = [f for f in files if f.outcome in ("read", "damaged")]
    reported = print_summary(totals, files, args, dataset=not no_dataset)
    if not readable and totals.hands == 0:
        return 2
    threshold = {"error": 2, "warning": 1, "never": 99}[args.fail_on]
    severities = totals.severities if reported is None else reported
    worst = max((severity_rank(s) for s, c in severities.items() if c), default=-1)
    return 1 if worst >= threshold else 0


SUMMARY_NAMES = 5
"""Files named per line of the summary (then "and N more")."""
_QUIET_SKIPS = (NOT_A_HISTORY_NAME, "the same file as ", "the same folder as ")
"""Skips that the summary names but stderr does not: a folder's other files, and a file or
folder reached twice."""


def print_summary(totals: Any, files: list[FileReport], args: argparse.Namespace, *,
                  dataset: bool = True) -> Counter[str] | None:
    """What went wrong with an input on stderr (one line each), the findings, then the
    summary: hands by status, files by what became of them (naming those not read: five of
    each, then "and N more"), duplicates, faults, findings by severity and category, and
    those a baseline held back. Returns the severities of the findings reported (not in the
    baseline), or None when every finding was reported."""
    from .model import Category
    from .report.figures import FILES_WITH_HANDS, files_with_hands

    for note in totals.notes:
        print(f"hhaudit: {safe(note)}", file=sys.stderr)
    for f in files:
        if f.error:
            print(f"hhaudit: {safe(f.source)}: {safe(f.error)}", file=sys.stderr)
        elif f.skipped and not f.skipped.startswith(_QUIET_SKIPS):
            print(f"hhaudit: {safe(f.source)}: skipped: {safe(f.skipped)}", file=sys.stderr)
    written = getattr(totals, "written", True)
    reported, accepted = _print_findings(args, written=written)
    # the summary: after the findings in the text layout; on stderr beside a machine-readable one
    out = sys.stdout if args.output_format == "text" else sys.stderr
    if args.quiet >= 2 or (args.quiet and out is sys.stderr):
        out = open(os.devnull, "w")  # noqa: SIM115
    by: dict[str, list[FileReport]] = {}
    for f in files:
        by.setdefault(f.outcome, []).append(f)
    read = len(by.get("read", [])) + len(by.get("damaged", []))
    st = totals.statuses
    print(f"{totals.hands} hands read from {read} of {len(files)} files: "
          f"{st.get('audited', 0)} audited, {st.get('unsupported_game', 0)} unsupported game, "
          f"{st.get('parse_error', 0)} parse error", file=out)
    labels = {"damaged": "read in part", "unsupported": "not hand histories hhaudit reads",
              "skipped": "skipped", "unreadable": "unreadable"}
    # the files read that hold none of the dataset's hands: their hands all copies, or none;
    # the count of the others is the HTML report's (`files_with_hands`)
    held = _dataset_sources(args.output) if written else set()
    empty = [f for f in by.get("read", []) + by.get("damaged", []) if f.source not in held]
    with_hands = files_with_hands(held)
    if any(by.get(k) for k in labels) or empty:
        counts = [f"{read} read ({with_hands} {FILES_WITH_HANDS})"] + [
            f"{len(by[k])} {label}" for k, label in labels.items() if by.get(k)]
        print("files: " + ", ".join(counts), file=out)
        if empty:
            named = [f"{safe(f.source)} ({_no_hands(f)})" for f in empty[:SUMMARY_NAMES]]
            more = f" and {len(empty) - SUMMARY_NAMES} more" if len(empty) > SUMMARY_NAMES else ""
            print("  read, with no hand in the dataset: " + "; ".join(named) + more, file=out)
        for k, label in labels.items():
            group = by.get(k, [])
            if group:
                named = [f"{safe(f.source)} ({safe(f.skipped or f.error)})" for f in group[:SUMMARY_NAMES]]
                more = f" and {len(group) - SUMMARY_NAMES} more" if len(group) > SUMMARY_NAMES else ""
                print(f"  {label}: " + "; ".join(named) + more, file=out)
    if totals.duplicates:
        differ = f"; {totals.conflicts} differ from their first copy (AC07)" if totals.conflicts else ""
        listed = f"listed in {safe(Path(args.output) / 'duplicates')}" if dataset else "not listed: no dataset"
        print(f"{totals.duplicates} duplicate hands skipped ({listed}{differ})", file=out)
    if totals.shared_ids:
        print(f"{totals.shared_ids} hands share their id with a different hand: all audited (AC08)", file=out)
    if totals.faults:
        print(f"{totals.faults} hands not judged: an error inside hhaudit made them parse errors "
              "(PA02 findings name it; please report them)", file=out)
    if totals.not_judged:
        print("hands not judged in part, by reason (the rules that abstained: the hands' not_judged):", file=out)
        for reason, count in totals.not_judged.most_common():
            print(f"  {count:>6}  {safe(reason)}", file=out)
    if args.incremental:
        print(f"{totals.reused} unchanged files reused, {len(totals.files) - totals.reused} audited", file=out)
    n = sum(totals.categories.values())
    print(f"{n} findings" + (f" ({severity_counts(totals.severities)}):" if n else ""), file=out)
    for cat in Category:
        if totals.categories.get(cat.value):
            print(f"  {cat.value:<15} {totals.categories[cat.value]}", file=out)
    if reported is not None:
        print(f"{accepted} accepted in the baseline {safe(args.baseline)} and not shown; "
              f"{sum(reported.values())} reported" + (f" ({severity_counts(reported)})" if reported else ""), file=out)
    if not written:
        print(f"nothing read, so no dataset written: {safe(args.output)} is unchanged", file=out)
    elif dataset:
        print(f"dataset written to {safe(args.output)}", file=out)
    out.flush()
    return reported


def _dataset_sources(out: str | os.PathLike[str]) -> set[str]:
    """The files (`hands.source`) holding a hand of the dataset at `out`."""
    import pyarrow.dataset as ds

    parts = sorted((Path(out) / "hands").glob("*.parquet"))
    if not parts:
        return set()
    column = ds.dataset([str(p) for p in parts], format="parquet").to_table(columns=["source"]).column("source")
    return {s for s in column.to_pylist() if isinstance(s, str)}


def _no_hands(f: FileReport) -> str:
    """Why a file read holds no hand of the dataset."""
    if not f.hands:
        return "no hand in it" + (f": {safe(f.error)}" if f.error else "")
    if f.hands == 1:
        return "its hand a copy of one read in another file"
    return f"its {f.hands} hands all copies of hands read in other files"


def severity_counts(severities: Any) -> str:
    """`3 errors, 1 warning, 2 info`: the findings by severity, the worst first."""
    words = {"error": ("error", "errors"), "warning": ("warning", "warnings"), "info": ("info", "info")}
    parts = []
    for sev, (one, many) in words.items():
        k = severities.get(sev, 0)
        if k:
            parts.append(f"{k} {one if k == 1 else many}")
    return ", ".join(parts)


def _print_findings(args: argparse.Namespace, *, written: bool = True) -> tuple[Counter[str] | None, int]:
    """The findings of the dataset just written, in `--output-format` (or, with
    `--statistics`, the count per rule), read back one part file at a time; those of
    `--baseline` left out. `--write-baseline` writes them all. Returns the severities of the
    findings reported and how many the baseline held back ((None, 0) without a baseline). None
    when the run wrote no dataset (OUT, as it was, holds an earlier run's)."""
    from .output import Row, iter_findings, statistics, write

    if args.write_baseline and written:
        from .output.baseline import write_baseline

        write_baseline(args.write_baseline, iter_findings(args.output))
    show = not (args.quiet and (args.output_format == "text" or args.quiet >= 2) and not args.statistics) \
        and args.quiet < 2
    keys = args.baseline_keys
    if keys is None and not show:
        return None, 0
    rows: Iterator[Row] = iter_findings(args.output) if written else iter(())
    counted: Counter[str] | None = None
    accepted = 0
    if keys is not None:
        from .output.baseline import Filter

        held = Filter(keys)
        counted = Counter()
        rows = _counting(held(rows), counted)
    if show:
        if args.statistics:
            statistics(rows, sys.stdout)
        else:
            write(args.output_format, rows, sys.stdout, show_source=args.show_source)
        sys.stdout.flush()
    else:
        for _ in rows:
            pass
    if keys is not None:
        accepted = held.accepted
    return counted, accepted


def _counting(rows: Iterator[Any], counts: Counter[str]) -> Iterator[Any]:
    for r in rows:
        counts[r.severity] += 1
        yield r


def _resolve(args: argparse.Namespace, cfg: config.Config | None = None) -> config.Resolved:
    """The profile and options of `--profile`/`--rules`, `--option` and `[tool.hhaudit]`."""
    if args.profile and args.rules:
        raise UsageError(f"--profile {safe(args.profile)} and --rules {safe(args.rules)}: give one (a house-rules "
                         "file names its base profile)")
    return config.resolve(cfg or config.load(Path.cwd()), args.rules or args.profile, args.option or ())


def cmd_rules(args: argparse.Namespace) -> int:
    from .engine.rules import RULES, default_text
    from .ruledoc import load_all_rules

    load_all_rules()
    if args.profile or args.rules or args.option:
        _print_profile(_resolve(args))
    rows = [[r.code, r.name, r.category.value, r.severity.value, default_text(r), r.summary(), r.citation]
            for r in (RULES[code] for code in sorted(RULES))]
    sys.stdout.write(columns(["code", "name", "category", "severity", "default", "description", "citation"], rows))
    return 0


_CHIP_NOTE = (" (live logs: a game line's `chip N` wins; a log that states none plays the largest unit "
              "dividing every amount its players put in play)")


def _print_profile(resolved: config.Resolved) -> None:
    """The profile `hhaudit rules --profile X` resolves to: its base, then every option with
    its value and where the value came from."""
    house = resolved.house
    if house is not None:
        print(f"profile {safe(house.name)} ({safe(house.where)}), base {house.base}")
        if house.description:
            print(safe(house.description))
    else:
        base = resolved.profile or "online for site histories, tda-2024 for live logs"
        print(f"profile {base}")
    found = config.origins(resolved)
    rows = [[name, _value(value), safe(where) + (_CHIP_NOTE if name == "chip" and where == "built-in" else "")] for name, value, where in found]
    sys.stdout.write(columns(["option", "value", "from"], rows))
    from .engine.rules import RULES
    from .profiles import Profile
    from .ruledoc import OPTIONS

    default = Profile("built-in")
    changed = {name: value for name, value, _ in found if value != getattr(default, name)}
    ruled = [(code, [f"{o} = {_value(changed[o])}" for o in opts if o in changed])
             for code, opts in sorted(OPTIONS.items())]
    ruled = [(code, opts) for code, opts in ruled if opts]
    if ruled:
        print("\nrules these options change:")
        for code, opts in ruled:
            print(f"  {code} {RULES[code].name}: {', '.join(opts)}")
    _print_site_conventions(resolved, {name: value for name, value, _ in found})
    print()


def _print_site_conventions(resolved: config.Resolved, values: dict[str, Any]) -> None:
    """The sites' conventions the profile audits site histories by (`site_conventions`), each
    option set by a house profile or `--option` said to win."""
    from .profiles import SITE_CONVENTIONS

    on = values.get("site_conventions") if "site_conventions" in resolved.options else None
    if on is None:  # the base profile's, or online's for site histories when none is named
        on = resolved.profile in (None, "online")
    if not on:
        return
    print("\nsite conventions (site_conventions = true; site histories"
          + (", online profile" if resolved.profile is None else "") + "):")
    width = max(len(site) for site in SITE_CONVENTIONS)
    for site, conventions in sorted(SITE_CONVENTIONS.items(), key=lambda kv: kv[0].casefold()):
        said = [f"{k} = {_value(v)}" + (f" (not used: {k} = {_value(values[k])} is set)"
                                        if k in resolved.options else "") for k, v in conventions.items()]
        print(f"  {site:<{width}}  {'; '.join(said)}")


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ", ".join(value) if value else "(none)"
    return str(value)


def cmd_rule(args: argparse.Namespace) -> int:
    import difflib

    from .engine.rules import RULES
    from .ruledoc import load_all_rules, rule_doc

    load_all_rules()
    code = args.code.strip().upper()
    if code not in RULES:
        by_name = {r.name: c for c, r in RULES.items()}
        if args.code in by_name:
            code = by_name[args.code]
        else:
            close = difflib.get_close_matches(code, list(RULES), n=3) or \
                difflib.get_close_matches(args.code, list(by_name), n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else "; `hhaudit rules` lists them"
            raise UsageError(f"unknown rule {safe(args.code)!r}{hint}")
    sys.stdout.write(rule_doc(code))
    return 0


def cmd_formats(args: argparse.Namespace) -> int:
    from . import formats

    shares: dict[str, tuple[int, int]] = {}
    total = 0
    if args.corpus:
        shares, total = _corpus_shares(Path(args.corpus))
    header = ["name", "sites", "grammar"] + (["corpus hands", "audited"] if args.corpus else []) + ["description"]
    rows = []
    for f in formats.FORMATS.values():
        row = [f.name, ", ".join(f.sites), f"grammars/{f.grammar}.lark" if f.grammar else getattr(f, "reader", "(XML)")]
        if args.corpus:
            read, audited = shares.get(f.name, (0, 0))
            row += [f"{read} ({100 * read / total:.1f}%)" if total else "0", str(audited)]
        rows.append([*row, getattr(f, "description", "")])
    sys.stdout.write(columns(header, rows))
    if args.corpus:
        read_all = sum(r for r, _ in shares.values())
        print(f"{read_all} of {total} hands listed in {args.corpus}/HANDS.tsv read "
              f"({100 * read_all / total:.1f}%)" if total else "no HANDS.tsv hands")
    return 0


def _corpus_shares(root: Path) -> tuple[dict[str, tuple[int, int]], int]:
    """Hands of a corpus (a folder with HANDS.tsv listing its files) read by each format."""
    from .parsing import parse

    listing = root / "HANDS.tsv"
    if not listing.is_file():
        raise UsageError(f"{listing}: no HANDS.tsv listing the corpus files")
    files: list[str] = []
    total = 0
    with open(listing, encoding="utf-8") as fh:
        next(fh, None)
        for line in fh:
            name = line.split("\t", 1)[0]
            total += 1
            if not files or files[-1] != name:
                files.append(name)
    counts: dict[str, list[int]] = {}
    for name in dict.fromkeys(files):
        for hand in parse(str(root / name)):
            c = counts.setdefault(hand.format, [0, 0])
            c[0] += 1
            c[1] += hand.status.value == "audited"
    return {k: (v[0], v[1]) for k, v in counts.items()}, total


def cmd_show(args: argparse.Namespace) -> int:
    from .show import is_dataset, show

    if args.session is not None:
        from .show_session import show_session

        if not is_dataset(args.path):
            raise UsageError(f"{safe(args.path)} is not a dataset written by hhaudit audit (no hands/ and "
                             "findings/): --session needs one")
        try:
            resolved = _resolve(args)
        except InputError as exc:
            raise UsageError(str(exc)) from None
        house = resolved.house
        return show_session(args.path, args.session, replay=args.replay, profile=resolved.profile,
                            options=resolved.options,
                            label=f"{house.name} (base {house.base})" if house is not None else "")
    if args.replay:
        raise UsageError("--replay goes with --session (--hand always replays the hand)")
    if args.carry:
        from .show import carry_lines

        try:
            resolved = _resolve(args)
            for line in carry_lines(args.path, profile=resolved.profile, options=resolved.options):
                print(safe(line))
        except (InputError, ValueError, OSError) as exc:
            raise UsageError(str(exc)) from None
        return 0
    try:
        resolved = _resolve(args)
        house = resolved.house
        return show(args.path, args.hand, profile=resolved.profile, options=resolved.options,
                    label=f"{house.name} (base {house.base})" if house is not None else "")
    except InputError as exc:
        raise UsageError(str(exc)) from None


def cmd_report(args: argparse.Namespace) -> int:
    from .report import report
    from .show import is_dataset

    if not is_dataset(args.out):
        raise UsageError(f"{safe(args.out)} is not a dataset written by hhaudit audit (no hands/ and findings/)")
    try:
        return report(args.out, html=args.html, all_hands=args.all_hands, site=args.site, player=args.player,
                      since=args.since, until=args.until, rule=args.rule, dealer=args.dealer)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def cmd_convert(args: argparse.Namespace) -> int:
    from .convert import ConvertError, convert
    from .parsing import to_sources

    unread: list[FileReport] = []
    try:
        sources = list(to_sources(args.paths, unread, text_allowed=False))
    except InputError as exc:
        raise UsageError(str(exc)) from None
    if not sources and not unread:
        raise UsageError("no input files")
    for f in unread:  # FIFOs, devices, unreadable files: named, as the audit names them
        print(f"hhaudit: {safe(f.source)}: skipped: {safe(f.skipped or f.error)}", file=sys.stderr)

    def on_skip(source: str, line: int, hand_id: str, reason: str) -> None:
        print(f"{source}:{line}: hand {hand_id} not written as {args.to}: {reason}", file=sys.stderr)

    def on_uncarried(source: str, line: int, hand_id: str, lost: str) -> None:
        print(f"{source}:{line}: hand {hand_id} written as {args.to} without what gives {lost}", file=sys.stderr)

    try:
        rep = convert(sources, args.to, args.output, force=args.force, format=args.format,
                      input_paths=args.paths, on_skip=on_skip, on_uncarried=on_uncarried)
    except ConvertError as exc:
        raise UsageError(str(exc)) from None
    for err in rep.errors:
        print(f"hhaudit: {err}", file=sys.stderr)
    print(f"{rep.written} hands written as {args.to} to {len(rep.files)} files in {args.output}; "
          f"{len(rep.skipped)} not written" + (f"; {len(rep.uncarried)} without some of their findings"
                                                 if rep.uncarried else ""))
    return 2 if not rep.written and not rep.skipped else 0


def _profile_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--profile", metavar="NAME|FILE",
                   help=f"rulebook profile: {', '.join(sorted(PROFILES))}, a house profile of [tool.hhaudit.profiles] "
                        "or a house-rules file (default: online; tda-2024 for live logs)")
    p.add_argument("--rules", metavar="FILE", help="a house-rules file: a base profile and the house's options")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="override a profile option")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="hhaudit", description="Audit Texas Hold'em hand histories against the rules.")
    p.add_argument("--version", action="version", version=f"hhaudit {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    a = sub.add_parser("audit", help="audit hand histories and write the Parquet dataset")
    a.add_argument("paths", nargs="+", help="files, folders, globs, or - for stdin")
    a.add_argument("-o", "--output", default="hhaudit-out",
                   help="dataset folder (default hhaudit-out; - for none, as --no-dataset)")
    a.add_argument("--no-dataset", action="store_true",
                   help="write no dataset: only print the findings (and the summary)")
    a.add_argument("--baseline", metavar="FILE",
                   help="leave out the findings accepted in FILE (matched by hand, rule and player, not line)")
    a.add_argument("--write-baseline", metavar="FILE",
                   help="write every finding of this run to FILE, as accepted (for a later --baseline)")
    a.add_argument("--format", default="auto", help="input format (default: detect)")
    a.add_argument("--timezone", action="append", metavar="SITE=ZONE",
                   help="the zone a site's times are in where its logs name none (iPoker=Europe/London; "
                        "also [tool.hhaudit.timezones]; defaults: docs/identity.md)")
    _profile_arguments(a)
    a.add_argument("--select", action="append",
                   help="only these rules, in place of the default set (codes, prefixes, names, categories, ALL)")
    a.add_argument("--extend-select", action="append", metavar="RULES",
                   help="these rules as well as the default set (or --select): e.g. SE05, session")
    a.add_argument("--ignore", action="append", help="skip these rules")
    a.add_argument("--jobs", default="0", metavar="N|auto",
                   help="worker processes, at most one per core this process may use (default, 0 or auto: "
                        "one per core)")
    a.add_argument("--incremental", action="store_true",
                   help="re-audit only new or changed files (manifest.json in the output folder)")
    a.add_argument("--engine", choices=["local", "dask"], default="local",
                   help="local processes (default) or a Dask cluster")
    a.add_argument("--scheduler", metavar="ADDRESS",
                   help="Dask scheduler address (default: a local cluster of --jobs workers)")
    a.add_argument("--fail-on", choices=["error", "warning", "never"], default="error")
    a.add_argument("-q", "--quiet", action="count", default=0,
                   help="print only the summary (-qq: nothing; the exit status says it all)")
    a.add_argument("--output-format", choices=FORMATS, default="text",
                   help="how findings are printed: text (path:line: CODE message, the default), json, "
                        "jsonl, csv, sarif (SARIF 2.1.0) or github (workflow annotations)")
    a.add_argument("--statistics", action="store_true", help="print the count per rule instead of each finding")
    a.add_argument("--show-source", action="store_true", help="print each finding's log line with a caret")
    a.set_defaults(func=cmd_audit)
    r = sub.add_parser("report", help="summary tables of a dataset")
    r.add_argument("out")
    r.add_argument("--html", metavar="PATH", help="also write the HTML audit report: PATH.html with its hand "
                   "pages in PATH_hands/, or a folder PATH with index.html and hands/")
    r.add_argument("--all-hands", action="store_true", help="a page for every hand, not only the flagged ones")
    r.add_argument("--site", action="append", help="only hands of this site (repeatable)")
    r.add_argument("--player", action="append", help="only hands this player was seated in (repeatable)")
    r.add_argument("--since", metavar="WHEN", help="only hands started at or after WHEN (UTC date or time)")
    r.add_argument("--until", metavar="WHEN", help="only hands started before WHEN (UTC date or time)")
    r.add_argument("--rule", action="append", help="only findings of this rule (code, prefix, name or category)")
    r.add_argument("--dealer", action="append", help="only hands dealt by this dealer (datasets that name one)")
    r.set_defaults(func=cmd_report)
    s = sub.add_parser("show", help="replay one hand step by step, or a table session hand by hand")
    s.add_argument("path", help="a history file, or a dataset written by hhaudit audit")
    which = s.add_mutually_exclusive_group(required=True)
    which.add_argument("--hand", help="hand id (as the report and the findings print it)")
    which.add_argument("--carry", action="store_true", help="a live log: each hand's table as the carry holds "
                       "it (button, players, starting stacks), and the stacks the last hand leaves")
    which.add_argument("--session", metavar="ID", help="session id (as the report lists them; a dataset only): "
                       "each hand's start and end stacks, what changed between hands, the findings")
    s.add_argument("--replay", action="store_true", help="with --session: each hand's step-by-step replay too")
    _profile_arguments(s)
    s.set_defaults(func=cmd_show)
    ru = sub.add_parser("rules", help="list every rule; with --profile, the profile's options and where each "
                        "value comes from")
    _profile_arguments(ru)
    ru.set_defaults(func=cmd_rules)
    ru = sub.add_parser("rule", help="one rule's full documentation: examples, options, rulebook text")
    ru.add_argument("code", help="rule code (MR01) or name (raise-below-minimum)")
    ru.set_defaults(func=cmd_rule)
    c = sub.add_parser("convert", help="write every hand in an open format: PHH, Open Hand History or PokerStars text")
    c.add_argument("paths", nargs="+", help="files, folders, globs, or - for stdin")
    c.add_argument("--to", required=True, choices=["phh", "ohh", "pokerstars"], help="the format to write")
    c.add_argument("-o", "--output", required=True, help="output folder (one file per input file)")
    c.add_argument("--format", default="auto", help="input format (default: detect)")
    c.add_argument("--force", action="store_true",
                   help="write into a folder holding other files (never replacing any of them)")
    c.set_defaults(func=cmd_convert)
    f = sub.add_parser("formats", help="list every input format")
    f.add_argument("--corpus", metavar="DIR", help="also count the hands of a corpus (HANDS.tsv) each format reads")
    f.set_defaults(func=cmd_formats)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its exit status (`hhaudit.errors`): never a traceback unless
    HHAUDIT_DEBUG=1."""
    if signal.getsignal(signal.SIGINT) is _interrupted_while_starting:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # started: Ctrl-C is KeyboardInterrupt
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        return int(args.func(args))
    except SystemExit as exc:  # argparse: --help, --version, or a usage error (status 2)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except KeyboardInterrupt:
        print("hhaudit: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except BaseException as exc:  # noqa: BLE001  (every other error: one sentence and its status)
        return errors.report(exc)


def _quiet_stdout() -> None:
    """After a closed pipe (`hhaudit rules | head`), nothing more goes to stdout at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
