"""No import cycle among the project's modules: a walk over every module's imports, read with ``ast``.

What counts as an import, and why:

- An edge A → B is an ``import B`` or ``from B import x`` that runs when A is imported: at the top of
  the module, or in a class body, or under a module-level ``if``/``try``.  ``from P import m`` where
  ``P.m`` is a module is an edge to ``P.m``; relative imports are resolved.  Importing ``P.m`` also
  runs ``P/__init__.py``; those implicit edges to parent packages are left out, as import-linter and
  pydeps leave them out: a package's ``__init__`` that re-exports its modules (``lispy`` does) would
  otherwise make every module of the package a cycle.
- Imports under ``if TYPE_CHECKING:`` never run and are not edges.
- An import inside a function runs when the function is called, after every module has been
  imported: it is a call-time dependency, not an import cycle.  The one the project has is deliberate:
  ``Cons.__repr__`` and ``__str__`` (``lispy.sexpr.data``) call the printer, which imports the data
  model at its top.  So such imports are checked apart, by a rule of their own: a function may import a
  project module only where importing it at the top would close a cycle; anywhere else the import
  belongs at the top of the module, where a reader looks for it.
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
    return {module: at_import for module, (at_import, _) in GRAPH.items()}


def test_the_walk_sees_the_project() -> None:
    assert {"lispy", "lispy.sexpr.data", "lispy.sexpr.printer", "lispy.sexpr.reader", "lispy.cli"} <= set(
        MODULES
    )
    assert "chapters.__main__" in MODULES and "bench.chapter5" in MODULES
    graph = import_graph()
    assert "lispy.sexpr.data" in graph["lispy.sexpr.printer"]  # the printer depends on the data
    assert "lispy" not in graph["chapters.tictactoe"]  # from lispy import cli: the module lispy.cli
    assert {"lispy", "lispy.cli"} <= graph["chapters.tree_search"]  # from lispy import cli, length, …


def test_no_import_cycle() -> None:
    try:
        order = list(graphlib.TopologicalSorter(import_graph()).static_order())
    except graphlib.CycleError as error:
        raise AssertionError(f"import cycle: {' → '.join(reversed(error.args[1]))}") from None
    assert set(order) == set(MODULES)


def test_the_reader_and_the_printer_do_not_import_each_other() -> None:
    graph = import_graph()
    assert "lispy.sexpr.printer" not in graph["lispy.sexpr.reader"]
    assert "lispy.sexpr.reader" not in graph["lispy.sexpr.printer"]
    assert graph["lispy.sexpr.data"] & {"lispy.sexpr.printer", "lispy.sexpr.reader"} == set()


def reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    todo, seen = [start], set()
    while todo:
        module = todo.pop()
        if module == goal:
            return True
        if module not in seen:
            seen.add(module)
            todo.extend(graph[module])
    return False


def test_a_function_imports_a_project_module_only_to_avoid_a_cycle() -> None:
    graph = import_graph()
    call_time = {(m, t) for m, (_, at_call) in GRAPH.items() for t in at_call}
    assert ("lispy.sexpr.data", "lispy.sexpr.printer") in call_time  # Cons.__repr__ calls the printer
    needless = [(m, t) for m, t in sorted(call_time) if not reaches(graph, t, m)]
    assert needless == [], f"import at the top of the module instead: {needless}"
