"""Each transcription is the notes' definition: the compiled Python and the hand transcription, compared.

For each of the notes' 47 definitions (:data:`lispy.notes.index.ENTRIES`), the
definition as corrected by ERRATA.md is compiled (:mod:`lispy.mexpr.codegen`) and
compared, as a Python syntax tree, with the hand transcription in the notes' shape
(``Entry.transcription``: the chapter module's recursive form where the library uses a loop).
Both trees are first put in a normal form by these rewrites, and nothing else:

1. **Place and name.** A transcription bound inside an application's function
   (``tree_search``, ``path_search``, ``game_tree_search``) is compared as its ``def``
   alone; the definition's own name is the notes' (``allsol_efficient`` and
   ``maxlis_iterative`` are the notes' second ``allsol`` and ``maxlis``: E5, E15);
   names are compared as Python reads them (``p₀`` is ``p0``).
2. **What Python ignores.** Docstrings and type hints are dropped; ``f = lambda x: e``
   is ``def f(x): return e``.
3. **Constants.** A module constant, a name in capitals (``LOSE``, ``INF``),
   is its value; ``read("(1 2)")`` is the datum it reads; ``-`` of a number is that number.
4. **Spelling of the notation.** ``Cons`` is ``cons``; ``equal(x, y)`` is ``x == y`` (``==``
   on lispy's data is ``equal``); ``truth(p)`` is ``p`` (the compiled code makes the notes'
   truth explicit where it cannot see a truth value, and the transcription relies on
   ``p`` being one); ``and_(x, y)`` and ``or_(x, y)`` are ``x & y`` and ``x | y`` (the
   notes' ``and`` and ``or`` on the bit words; ``and_then``/``or_else`` alike); ``add_(x, y)``,
   ``mul_``, ``lt_``, ``le_``, ``gt_``, ``ge_`` are ``x + y``, ``x * y``, ``x < y``, … (the
   compiled code's arithmetic and order refuse anything but numbers; the transcription's
   operators are given numbers).
5. **Named steps.** A call of a one-line function of the transcription's module that
   is not itself one of the notes' definitions (``substitutions(puzz1)``) is replaced
   by its body: the transcription names a step that the notes write in place.

``python -m lispy.notes.correspondence`` prints the comparison of each definition
and the count, "structurally equal: x/47".
"""

from __future__ import annotations

import ast
import importlib
import inspect
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Any

from lispy.mexpr.codegen import generate
from lispy.mexpr.names import python_name
from lispy.mexpr.prelude import BUILTINS, NOTATION
from lispy.notes.index import ENTRIES, Entry
from lispy.sexpr.data import Cons, Nil, read, to_string

__all__ = ["Comparison", "compare", "normal_form", "normal_transcription", "transcribed_tree"]


@dataclass(frozen=True)
class Comparison:
    """One definition's compiled Python and transcription, each in normal form, as source text."""

    entry: Entry
    compiled: str
    transcribed: str

    @property
    def equal(self) -> bool:
        return self.compiled == self.transcribed


def transcribed_tree(entry: Entry) -> ast.stmt:
    """The hand transcription's definition, parsed."""
    return ast.parse(entry.python_source().text).body[0]


def compare(entry: Entry, corrected: bool = True) -> Comparison:
    """The compiled definition (as corrected, or as printed: a ``def`` or an assignment) and its
    transcription in normal form.  Raises ``MSyntaxError`` for a printed form that does not read
    (E3, E21)."""
    tree = generate(entry.statement(corrected).parse()).tree
    assert isinstance(tree, ast.stmt)
    compiled = normal_form(tree, entry.name, NOTATION, {})
    return Comparison(entry, ast.unparse(compiled), normal_transcription(entry))


def normal_transcription(entry: Entry, tree: ast.stmt | None = None) -> str:
    """The transcription (or ``tree`` in its place) in normal form, as source text."""
    module = entry.python_source().module
    found = transcribed_tree(entry) if tree is None else tree
    return ast.unparse(normal_form(found, entry.name, _module_values(module), _helpers(module)))


def normal_form(
    tree: ast.stmt, name: str, constants: dict[str, Any], helpers: dict[str, ast.FunctionDef]
) -> ast.stmt:
    """``tree`` after the module docstring's rewrites; ``constants`` gives the module's names' values,
    ``helpers`` its one-line functions that are not the notes' definitions."""
    tree = _as_def(tree)
    tree = _Rewrite(constants, helpers).visit(tree)
    own = _identifier(python_name(name))
    if isinstance(tree, ast.FunctionDef):
        tree.name = own
        tree.body = [s for s in tree.body if not _is_docstring(s)]
    elif isinstance(tree, ast.Assign) and isinstance(tree.targets[0], ast.Name):
        tree.targets[0].id = own
    return ast.fix_missing_locations(tree)


def _identifier(name: str) -> str:
    return unicodedata.normalize("NFKC", name)


def _as_def(tree: ast.stmt) -> ast.stmt:
    """``f = lambda x: e`` as ``def f(x): return e``."""
    if (
        isinstance(tree, ast.Assign)
        and isinstance(tree.value, ast.Lambda)
        and isinstance(tree.targets[0], ast.Name)
    ):
        fn = tree.value
        return ast.FunctionDef(tree.targets[0].id, fn.args, [ast.Return(fn.body)], [])
    return tree


def _is_docstring(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)


def _datum(value: Any) -> ast.expr | None:
    """The normal form of a constant: an atom as itself, a list as the text it prints as."""
    if type(value) in (str, int, float):
        return ast.Constant(value)
    if isinstance(value, (Cons, Nil)):
        return ast.Call(ast.Name("datum", ast.Load()), [ast.Constant(to_string(value))], [])
    return None


_NUMERIC: dict[str, type[ast.operator] | type[ast.cmpop]] = {
    "add_": ast.Add,
    "mul_": ast.Mult,
    "lt_": ast.Lt,
    "le_": ast.LtE,
    "gt_": ast.Gt,
    "ge_": ast.GtE,
}
"""The compiled code's arithmetic and order, checked on numbers (lispy.mexpr.prelude), as operators."""


class _Rewrite(ast.NodeTransformer):
    def __init__(self, constants: dict[str, Any], helpers: dict[str, ast.FunctionDef]) -> None:
        self.constants = constants
        self.helpers = helpers

    def visit_arg(self, node: ast.arg) -> ast.arg:
        return ast.arg(_identifier(node.arg))

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        self.generic_visit(node)
        node.returns, node.decorator_list, node.type_comment = None, [], None
        return node

    def visit_Name(self, node: ast.Name) -> ast.expr:
        identifier = _identifier(node.id)
        if identifier.isupper() and identifier in self.constants:
            datum = _datum(self.constants[identifier])
            if datum is not None:
                return datum
        return ast.Name("cons" if identifier == "Cons" else identifier, node.ctx)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        self.generic_visit(node)
        if (
            isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant)
            and isinstance(node.operand.value, int | float)
        ):
            return ast.Constant(-node.operand.value)
        return node

    def visit_Call(self, node: ast.Call) -> ast.expr:
        fn = node.func.id if isinstance(node.func, ast.Name) else None
        if fn in self.helpers:
            inlined: ast.expr = self.visit(_inline(self.helpers[fn], node.args))
            return inlined
        self.generic_visit(node)
        args = node.args
        text = args[0].value if len(args) == 1 and isinstance(args[0], ast.Constant) else None
        if fn == "read" and isinstance(text, str):
            return _datum(read(text)) or node
        if fn == "truth" and len(args) == 1:
            return args[0]
        if fn == "equal" and len(args) == 2:
            return ast.Compare(args[0], [ast.Eq()], [args[1]])
        if fn in _NUMERIC and len(args) == 2:
            op = _NUMERIC[fn]()
            if isinstance(op, ast.cmpop):
                return ast.Compare(args[0], [op], [args[1]])
            return ast.BinOp(args[0], op, args[1])
        if fn in ("and_", "or_", "and_then", "or_else") and len(args) == 2:
            right = (
                args[1].body if isinstance(args[1], ast.Lambda) and fn.endswith(("then", "else")) else args[1]
            )
            op = ast.BitAnd() if fn.startswith("and") else ast.BitOr()
            return ast.BinOp(args[0], op, right)
        return node


def _inline(helper: ast.FunctionDef, args: list[ast.expr]) -> ast.expr:
    """The helper's returned expression with its parameters replaced by ``args``."""
    returned = next(s for s in helper.body if isinstance(s, ast.Return))
    assert returned.value is not None
    names = {p.arg: a for p, a in zip(helper.args.args, args, strict=True)}
    substituted: ast.expr = _Substitute(names).visit(ast.parse(ast.unparse(returned.value), mode="eval").body)
    return substituted


class _Substitute(ast.NodeTransformer):
    def __init__(self, names: dict[str, ast.expr]) -> None:
        self.names = names

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return self.names.get(node.id, node)

    def visit_Lambda(self, node: ast.Lambda) -> ast.expr:
        bound = {a.arg for a in node.args.args}
        inner = _Substitute({k: v for k, v in self.names.items() if k not in bound})
        node.body = inner.visit(node.body)
        return node


@cache
def _module_values(module: str) -> dict[str, Any]:
    return dict(vars(importlib.import_module(module)))


@cache
def _helpers(module: str) -> dict[str, ast.FunctionDef]:
    """The module's one-line functions (a docstring at most, then ``return e``, not recursive) that are
    neither the notes' definitions nor the list functions the notes take as given."""
    notes = {part for e in ENTRIES for part in e.transcription.split(":")[1].split(".")}
    tree = ast.parse(inspect.getsource(importlib.import_module(module)))
    found = {}
    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef) and statement.name not in notes | BUILTINS.keys():
            body = [s for s in statement.body if not _is_docstring(s)]
            calls = {n.id for n in ast.walk(statement) if isinstance(n, ast.Name)}
            if len(body) == 1 and isinstance(body[0], ast.Return) and statement.name not in calls:
                found[statement.name] = statement
    return found


def main() -> None:
    comparisons = [compare(e) for e in ENTRIES]
    for c in comparisons:
        mark = "=" if c.equal else "≠"
        print(f"{c.entry.number:2} {mark} {c.entry.anchor:22} {c.entry.transcription}")
        if not c.equal:
            print(f"     compiled:    {c.compiled}\n     transcribed: {c.transcribed}")
    print(f"structurally equal: {sum(c.equal for c in comparisons)}/{len(comparisons)}")


if __name__ == "__main__":
    main()
