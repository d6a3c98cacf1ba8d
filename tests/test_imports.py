"""No import circle among hhaudit's modules.

The graph is read from the source with `ast`: an edge for each import a module makes when it
is imported (its top level, including `try` and `if` blocks there), none for the imports inside
functions (made when the function runs) or under `if TYPE_CHECKING:` (made by the type checker
only), none to the module's own packages (Python imports them first). `from . import x` is
an edge to the submodule `x`; `from .m import name` an edge to `m`
(and to `m.name` when that is a submodule). A circle is a strongly connected set of modules.

The same graph of every import, those for the type checker and those inside functions too,
has no circle either; and the audit engine (`hhaudit.engine`) imports nothing of the reading,
the writing or the CLI."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "hhaudit"


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its `__init__.py`)."""
    out: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
           (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _top_level_imports(body: list[ast.stmt], typing: bool) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If):
            if typing or not _is_type_checking(node.test):
                found += _top_level_imports(node.body, typing)
            found += _top_level_imports(node.orelse, typing)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                found += _top_level_imports(block, typing)
        elif isinstance(node, ast.With):
            found += _top_level_imports(node.body, typing)
    return found


def graph(typing: bool = False, every: bool = False) -> dict[str, set[str]]:
    """Each module's edges to the package's modules it imports when it is imported (with
    `typing`, also those it imports for the type checker only, under `if TYPE_CHECKING:`;
    with `every`, every import it holds, those inside functions too)."""
    mods = modules()
    edges: dict[str, set[str]] = {name: set() for name in mods}
    for name, path in mods.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        nodes = ([n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))] if every
                 else _top_level_imports(tree.body, typing))
        for node in nodes:
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                if node.level:
                    base = name.split(".")
                    base = base if is_package else base[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                targets = [target] + [f"{target}.{a.name}" for a in node.names]
            for t in targets:
                # a module's own packages are imported before it, whatever it imports
                if t in mods and t != name and not name.startswith(t + "."):
                    edges[name].add(t)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected sets of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(out)


def test_the_graph_is_read_as_python_imports_it() -> None:
    edges = graph()
    # a top-level relative import, and one of a name from a module of a sibling package
    assert "hhaudit.model" in edges["hhaudit.engine.rules"]
    assert "hhaudit.engine.replay" in edges["hhaudit.engine.rules"]
    # the CLI imports the package's API inside its commands only: no edge
    assert "hhaudit.api" not in edges["hhaudit.cli"]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle() -> None:
    # what runs: the imports a module makes when it is imported
    assert circles(graph()) == []


def test_no_circle_counting_every_import() -> None:
    # the type checker's imports and those inside functions too: the rule modules take the
    # shared types from `engine.audited`, never from the auditor that calls them
    assert circles(graph(every=True)) == []


ENGINE_MAY_IMPORT = {"hhaudit._native", "hhaudit.model", "hhaudit.money", "hhaudit.profiles", "hhaudit.sites"}
"""What the audit engine takes from the rest of the package: the hand model, the money, the
rulebooks' switches, the site names (and the compiled-module helper)."""


def test_the_engine_imports_no_reading_writing_or_cli() -> None:
    edges = graph(every=True)
    engine = [m for m in edges if m == "hhaudit.engine" or m.startswith("hhaudit.engine.")]
    assert "hhaudit.engine.audited" in engine and "hhaudit.engine.auditor" in engine
    for m in engine:
        outside = {t for t in edges[m] if not t.startswith("hhaudit.engine")}
        assert outside <= ENGINE_MAY_IMPORT, (m, outside - ENGINE_MAY_IMPORT)
    # and no rule module imports its caller
    for m in ("pots", "live_rules", "house_rules", "rules", "replay", "audited"):
        assert "hhaudit.engine.auditor" not in edges[f"hhaudit.engine.{m}"], m
