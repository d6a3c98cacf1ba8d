"""Build hook: compiles the hot modules with mypyc when the wheel (or an editable install) is built.

The modules are listed in pyproject.toml (`[tool.hatch.build.targets.wheel.hooks.custom]
compile`). mypyc type-checks them and turns them into C extensions next to their sources; the
sources still ship, and `hhaudit/_native.py` runs them instead when they changed after the
build. The build writes `hhaudit/_compiled.json`: each compiled module's source hash.

HHAUDIT_COMPILE in the environment: `auto` (the default) compiles and, when that fails (no C
compiler), builds a pure-Python package with a warning; `1` makes a failure an error; `0`
builds pure Python.

The compiled files are kept in build/mypyc/KEY, KEY a hash of everything they depend on (every
module of the package, mypyc's version, the interpreter, the C compiler's flags): a later build
of the same sources (`pip wheel .` after `pip install -e .`, tests/test_packaging.py after the
install) copies them instead of compiling again. Deleting build/ compiles afresh.

pip captures a build backend's output and shows it only with `pip install -v` or when the build
fails, so a plain `pip install -e .` would sit silent through the compile. The start and end
lines are therefore also written to the terminal itself (`/dev/tty`) when the build has one and
its stderr is not it; a build without a terminal (CI, a process in its own session) keeps them
in the log pip shows with `-v`.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MANIFEST = "hhaudit/_compiled.json"
CACHE = "build/mypyc"
"""Where the latest compile is kept, under the source tree (git ignores build/)."""

_SETUP = """\
import json
from setuptools import setup
from mypyc.build import mypycify

with open("mypyc-args.json", encoding="utf-8") as f:
    args = json.load(f)
setup(name="hhaudit-native", ext_modules=mypycify(args, opt_level="3", group_name="hhaudit"))
"""


class CompileHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        editable = version == "editable"
        # compiled files go next to the sources for an editable install, else into the wheel
        out = root if editable else root / "build" / "native"
        self._clean(out)
        mode = os.environ.get("HHAUDIT_COMPILE", "auto")
        if mode == "0":
            return
        sources: list[str] = list(self.config.get("compile", []))
        started = time.monotonic()
        key = self._key(root, sources)
        cache = root / CACHE / key
        if (cache / "done").is_file():
            self._announce(f"hhaudit: the {len(sources)} hot modules were compiled from these same sources "
                           f"before; reusing them ({CACHE}/{key}; delete {CACHE} to compile again)")
        else:
            self._announce(
                f"hhaudit: compiling {len(sources)} hot modules with mypyc (usually about two minutes on two "
                "cores; HHAUDIT_COMPILE=0 skips it and installs pure Python, about 1.5x slower)...")
            with tempfile.TemporaryDirectory() as tmp:
                work = Path(tmp)
                (work / "setup.py").write_text(_SETUP, encoding="utf-8")
                # the type check mypyc needs, without the project's strictness: the build
                # environment lacks lark and pandas, so what strict mode reports differs there
                args = ["--ignore-missing-imports", "--follow-imports=silent", *(str(root / s) for s in sources)]
                (work / "mypyc-args.json").write_text(json.dumps(args), encoding="utf-8")
                proc = subprocess.run(
                    [sys.executable, "setup.py", "build_ext", "--build-lib", "lib", "--build-temp", "obj"],
                    check=False,
                    cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                    env=dict(os.environ, MYPY_CACHE_DIR=str(work / "cache")),
                )
                if proc.returncode != 0:
                    message = "compiling the hot modules with mypyc failed:\n" + proc.stdout[-6000:]
                    if mode == "1":
                        raise RuntimeError(message)
                    self.app.display_warning(message + "\nbuilding pure Python instead (slower)")
                    self._announce("hhaudit: compiling failed (pip install -v shows why); installed pure "
                                   "Python instead, about 1.5x slower", log=False)
                    return
                self._keep(work / "lib", cache)
            self._announce(f"hhaudit: compiled {len(sources)} modules in {time.monotonic() - started:.0f} s")
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        for built in sorted(cache.rglob(f"*{suffix}")):
            rel = built.relative_to(cache).as_posix()
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(built, out / rel)
            if not editable:
                build_data["force_include"][str(out / rel)] = rel
        manifest = {
            s[: -len(".py")].replace("/", "."): hashlib.sha256((root / s).read_bytes()).hexdigest()
            for s in sources
        }
        (out / MANIFEST).parent.mkdir(parents=True, exist_ok=True)
        (out / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        if not editable:
            build_data["force_include"][str(out / MANIFEST)] = MANIFEST
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    @staticmethod
    def _key(root: Path, sources: list[str]) -> str:
        """What the compiled files depend on: every module of the package (mypyc reads the ones
        the compiled modules import for their types), which are compiled, how, by which mypyc,
        for which interpreter, with which C compiler and flags."""
        from mypy.version import __version__ as mypy_version

        h = hashlib.sha256()
        for part in (_SETUP, json.dumps(sources), mypy_version, sys.version, sysconfig.get_config_var("EXT_SUFFIX"),
                     *(os.environ.get(v, "") for v in ("CC", "CFLAGS", "CPPFLAGS", "LDFLAGS"))):
            h.update(part.encode() + b"\0")
        for path in sorted((root / "hhaudit").rglob("*.py")):
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
        return h.hexdigest()[:16]

    @staticmethod
    def _keep(lib: Path, cache: Path) -> None:
        """Keep what the compile built at `cache` (only the latest build), whole or not at all."""
        if cache.parent.is_dir():
            shutil.rmtree(cache.parent)
        partial = cache.with_name(cache.name + ".partial")
        shutil.copytree(lib, partial)
        (partial / "done").write_text("", encoding="utf-8")
        partial.rename(cache)

    def _announce(self, message: str, log: bool = True) -> None:
        """`message` in the build's log and, when pip is capturing that log, on the terminal."""
        if log:
            self.app.display_info(message)
        if sys.stderr.isatty():
            return
        try:
            with open("/dev/tty", "w", encoding="utf-8") as tty:
                # on a line of its own: pip's step line ("Preparing editable metadata ... ")
                # and its spinner are still open on the terminal
                tty.write("\n" + message + "\n")
        except OSError:  # no controlling terminal: CI, a detached process, Windows
            pass

    @staticmethod
    def _clean(out: Path) -> None:
        """Remove what an earlier build of the same kind left, so a pure build stays pure."""
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        for old in [*out.glob(f"hhaudit__mypyc{suffix}"), *(out / "hhaudit").rglob(f"*{suffix}")]:
            old.unlink()
        (out / MANIFEST).unlink(missing_ok=True)
