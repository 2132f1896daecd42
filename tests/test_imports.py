"""The modules' imports point one way: down the layers, never up, across or in a circle.

The layers, bottom to top (:data:`LAYERS`): the S-expression data, the runtime (deep
recursion, the counter), the notes' chapters, the companions (the games, AIMA, CS61B), the tools
that read and show the notes (M-expressions, the notes' index and what each part runs in, the
claims, the edition), the command lines.  Nothing imports the edition but the edition.  A module
may import a module of its own package or of a lower layer; packages that share a layer (chapters
5 and 6) do not import each other.

What counts as an import, read with ``ast`` from every module:

- an ``import B`` or ``from B import x`` anywhere in the module: at the top, in a class body, under
  an ``if``/``try``, or inside a function, where it runs when the function is called (a call-time
  import is a dependency all the same).  ``from P import m`` where ``P.m`` is a module is an edge to
  ``P.m``; relative imports are resolved.  Importing ``P.m`` also runs ``P/__init__.py``; those
  implicit edges to parent packages are left out, as import-linter and pydeps leave them out;
- imports under ``if TYPE_CHECKING:`` never run and are not edges.
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("lispy", "chapters", "bench")


def module_names() -> dict[str, Path]:
    """Every module of the project's packages, by dotted name (a package by its own name)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = module_names()


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(module: str) -> tuple[set[str], set[str]]:
    """The project modules that ``module`` imports when it is imported, and those it imports at call time."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    at_import: set[str] = set()
    at_call: set[str] = set()

    def targets(node: ast.Import | ast.ImportFrom) -> set[str]:
        if isinstance(node, ast.Import):
            return {alias.name for alias in node.names}
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            base = ".".join([*anchor, *([base] if base else [])])
        found = set()
        for alias in node.names:
            found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
        return found

    def walk(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and is_type_checking(child):
                for other in child.orelse:
                    walk(other, in_function)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                (at_call if in_function else at_import).update(t for t in targets(child) if t in MODULES)
            walk(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    walk(ast.parse(path.read_text(), str(path)), False)
    return at_import - {module}, at_call - {module}


GRAPH = {module: imports(module) for module in MODULES}


def import_graph() -> dict[str, set[str]]:
    """Each module's imports, those that run when it is imported and those that run when it is called."""
    return {module: at_import | at_call for module, (at_import, at_call) in GRAPH.items()}


LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the S-expression data", ("lispy.sexpr",)),
    ("the runtime", ("lispy.recursion", "lispy.counting")),
    ("the notes' chapters", ("lispy.chapter5", "lispy.chapter6")),
    ("the games", ("lispy.games",)),
    ("AIMA", ("lispy.aima",)),
    ("CS61B", ("lispy.cs61b",)),
    ("M-expressions", ("lispy.mexpr",)),
    ("the notes' index", ("lispy.notes",)),
    ("the notes' claims", ("lispy.claims",)),
    ("the edition", ("lispy.edition",)),
    ("the command lines", ("lispy.cli", "lispy", "chapters")),
    ("the benchmarks", ("bench",)),
)
"""Bottom to top; each entry a layer and its packages (``lispy`` is the package's own
``__init__``, which gathers the notation and chapter 5 for one import)."""

ENTRY_POINTS = "__main__"
"""A package's ``__main__`` (``python -m lispy.edition``) is a command line, whatever its package."""


def place(module: str) -> tuple[int, str]:
    """The layer of ``module`` (its index in :data:`LAYERS`) and the package that puts it there."""
    if module.rpartition(".")[2] == ENTRY_POINTS:
        return next(i for i, (name, _) in enumerate(LAYERS) if name == "the command lines"), module
    best: tuple[int, str] | None = None
    for i, (_, packages) in enumerate(LAYERS):
        for package in packages:
            inside = module == package or module.startswith(package + ".")
            if inside and (best is None or len(package) > len(best[1])):
                best = (i, package)
    assert best is not None, f"{module} is in no layer: add its package to LAYERS"
    return best


def misplaced_imports() -> list[str]:
    """Every import that points up the layers, or across to another package of the same layer."""
    found = []
    for module, (at_import, at_call) in sorted(GRAPH.items()):
        here, package = place(module)
        for target in sorted(at_import | at_call):
            there, other = place(target)
            when = "at call time" if target in at_call and target not in at_import else "at import"
            if there > here or (there == here and other != package and here < len(LAYERS) - 2):
                found.append(f"{module} ({LAYERS[here][0]}) imports {target} ({LAYERS[there][0]}) {when}")
    return found


def test_the_walk_sees_the_project() -> None:
    assert {"lispy", "lispy.sexpr.data", "lispy.sexpr.lists", "lispy.cli"} <= set(MODULES)
    assert "chapters.__main__" in MODULES and "bench.chapter5" in MODULES
    graph = import_graph()
    assert "lispy.sexpr.data" in graph["lispy.sexpr.lists"]  # the list functions depend on the data
    assert "lispy" not in graph["chapters.tictactoe"]  # from lispy import cli: the module lispy.cli
    assert {"lispy", "lispy.cli"} <= graph["chapters.tree_search"]  # from lispy import cli, length, …


def test_every_module_has_a_layer() -> None:
    for module in MODULES:
        place(module)
    assert place("lispy.edition.__main__")[0] == place("lispy.cli.repl")[0] == len(LAYERS) - 2
    assert place("lispy.sexpr.data")[0] == 0 and place("lispy.recursion")[0] == 1


def test_imports_point_down_the_layers() -> None:
    assert misplaced_imports() == []


def test_the_edition_is_a_leaf() -> None:
    """Nothing of the library or the chapter scripts imports the edition (its libraries are an extra,
    ``lispy[edition]``): only the edition itself and the benchmarks that build it do."""
    users = {
        module
        for module, targets in import_graph().items()
        if any(t == "lispy.edition" or t.startswith("lispy.edition.") for t in targets)
    }
    assert {m for m in users if not m.startswith(("lispy.edition.", "bench."))} == set()
    assert "lispy.edition.__main__" in users and "bench.page" in users  # the check sees an import


def test_the_layer_check_sees_an_import_that_points_up(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The check is not vacuous: an import from the data up to the chapters, or across from chapter 5 to
    chapter 6, or at call time, is reported."""
    data, chapter5 = GRAPH["lispy.sexpr.data"], GRAPH["lispy.chapter5.tree_search"]
    monkeypatch.setitem(GRAPH, "lispy.sexpr.data", (data[0], data[1] | {"lispy.chapter5.tree_search"}))
    monkeypatch.setitem(
        GRAPH, "lispy.chapter5.tree_search", (chapter5[0] | {"lispy.chapter6.game_trees"}, chapter5[1])
    )
    assert misplaced_imports() == [
        "lispy.chapter5.tree_search (the notes' chapters) imports lispy.chapter6.game_trees"
        " (the notes' chapters) at import",
        "lispy.sexpr.data (the S-expression data) imports lispy.chapter5.tree_search"
        " (the notes' chapters) at call time",
    ]


def test_no_import_cycle() -> None:
    """No cycle among the modules, call-time imports included."""
    try:
        order = list(graphlib.TopologicalSorter(import_graph()).static_order())
    except graphlib.CycleError as error:
        raise AssertionError(f"import cycle: {' → '.join(reversed(error.args[1]))}") from None
    assert set(order) == set(MODULES)


def test_the_packages_lazy_names_are_the_ones_type_checkers_see() -> None:
    """``lispy``'s public names are imported when first read (PEP 562); the imports under ``if
    TYPE_CHECKING:`` are what type checkers see.  Both name the same objects, and ``import lispy``
    alone loads no module of lispy's but the package."""
    import subprocess
    import sys

    import lispy

    tree = ast.parse((ROOT / "lispy" / "__init__.py").read_text(encoding="utf-8"))
    guarded = next(s for s in tree.body if isinstance(s, ast.If) and ast.unparse(s.test) == "TYPE_CHECKING")
    seen = {
        alias.name: node.module
        for node in guarded.body
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("lispy.")
        for alias in node.names
    }
    assert sorted(seen) == sorted(set(lispy.__all__) - {"load_ipython_extension"})
    for name, module in seen.items():
        assert getattr(lispy, name) is getattr(__import__(module, fromlist=[name]), name), name
    loaded = subprocess.run(
        [sys.executable, "-c", "import lispy, sys; print(sorted(m for m in sys.modules if 'lispy' in m))"],
        capture_output=True, text=True, cwd=ROOT, check=True,
    ).stdout  # fmt: skip
    assert loaded.strip() == "['lispy']"
