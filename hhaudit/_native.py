"""Compiled or source: which modules run as mypyc extensions.

The build (`hatch_build.py`) compiles the hot modules and writes `_compiled.json`, each
compiled module's source hash. On import, before any of those modules loads, `select()`
checks the hashes: when a source changed since the build (an edited checkout of an editable
install), or HHAUDIT_PURE=1 is set, every compiled module is loaded from its source instead.
It is all or nothing: compiled modules call each other directly, so one stale extension
would run old code beside new.

A compiled class has no docstring of its own (mypyc drops it, or puts a filler in), nor has
any class under `python -OO`: `docstring()` reads it from the source then.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
MANIFEST = PACKAGE / "_compiled.json"

COMPILED: tuple[str, ...] = ()
"""The modules running compiled in this process (empty: all from source)."""

STALE: tuple[str, ...] = ()
"""Compiled modules whose source changed after the build (all then run from source)."""


class _SourceFirst:
    """Finds the listed modules' `.py` files ahead of their extensions (a meta path finder:
    `find_spec` is all the import system asks of one; not derived from importlib.abc, whose
    import costs a tenth of the start-up of `hhaudit --version`)."""

    def __init__(self, sources: dict[str, Path]) -> None:
        self.sources = sources

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        source = self.sources.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def _source(module: str) -> Path:
    return PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")


def _built(module: str) -> bool:
    base = PACKAGE.parent.joinpath(*module.split("."))
    return any(base.with_name(base.name + s).exists() for s in importlib.machinery.EXTENSION_SUFFIXES)


def select() -> None:
    """Decide, once per process, whether the compiled modules or their sources are imported."""
    global COMPILED, STALE
    try:
        manifest: dict[str, str] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    modules = [m for m in sorted(manifest) if _built(m) and _source(m).exists()]
    STALE = tuple(m for m in modules
                  if hashlib.sha256(_source(m).read_bytes()).hexdigest() != manifest[m])
    if os.environ.get("HHAUDIT_PURE", "") not in ("", "0") or STALE:
        if STALE:
            warnings.warn(
                f"hhaudit: {', '.join(STALE)} changed since it was compiled; running every "
                "compiled module from its source (slower). Reinstall (pip install -e .) to "
                "compile again.", RuntimeWarning, stacklevel=3)
        sys.meta_path.insert(0, _SourceFirst({m: _source(m) for m in modules}))
        return
    COMPILED = tuple(modules)


def docstring(cls: type) -> str:
    """A class's docstring as written: `__doc__`, or, for a class of a compiled module or
    under `python -OO`, the docstring in its module's source ("" when it has none)."""
    doc = cls.__doc__
    if doc and cls.__module__ not in COMPILED:
        return doc
    try:
        found = _class_docstrings(cls.__module__).get(cls.__qualname__)
    except (OSError, SyntaxError, UnicodeDecodeError, KeyError):
        found = None
    return found if found is not None else doc or ""


@functools.cache
def _class_docstrings(module: str) -> dict[str, str]:
    """The docstrings of a module's top-level classes, from its `.py` file."""
    source = _source(module) if module.startswith(PACKAGE.name + ".") else Path(sys.modules[module].__file__ or "")
    import ast

    tree = ast.parse(source.read_text(encoding="utf-8"))
    return {node.name: ast.get_docstring(node) or "" for node in tree.body if isinstance(node, ast.ClassDef)}
