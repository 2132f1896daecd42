"""Compiling M-expressions to Python functions.

A statement or an input is turned into a Python syntax tree by
:mod:`lispy.mexpr.codegen`, and that tree, which we built, is given to Python's own
``compile``; the function in the resulting code is made with ``types.FunctionType``
over the environment's namespace (:func:`lispy.mexpr.runtime.namespace`).  Neither
``eval`` nor ``exec`` is used, and no text typed by a user is ever compiled as
Python.

A definition ``f[x,y] ← e`` becomes the plain Python function ``def f(x, y): return e``;
its calls are Python calls with a fixed number of arguments, so that in CPython 3.11
a recursion of M-functions is a chain of Python-to-Python calls, which use no C
stack, and runs as deep as the recursion limit allows.  An assignment or an input
becomes a function of no arguments that gives the value.

Each compiled code object (a definition's, and each ``λ`` inside it) is registered
with its :class:`Unit`, so that an error raised in it can be traced back to the
definition, line and column of the notes' text (:mod:`lispy.mexpr.diagnosis`).
"""

from __future__ import annotations

import ast
import keyword
import types
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from lispy.mexpr.codegen import Generated, generate
from lispy.mexpr.errors import EvalError
from lispy.mexpr.names import m_name
from lispy.mexpr.runtime import PREDICATES
from lispy.mexpr.syntax import Assignment, Definition, Node

__all__ = ["Unit", "compile_unit", "make_function", "signature", "unit_of"]


@dataclass(frozen=True, eq=False)
class Unit:
    """One statement or input, compiled: where it comes from, its Python, its code."""

    where: str
    """The definition's name, or ``input``: what errors in it name."""
    source: Definition | Assignment | Node
    generated: Generated
    """The Python syntax tree (a ``def``, an assignment or an expression), its uses and places."""
    code: types.CodeType
    """The code of the function to call: the definition's, or one of no arguments giving the value."""


_UNITS: dict[int, tuple[weakref.ref[types.CodeType], Unit]] = {}


def _register(code: types.CodeType, unit: Unit) -> None:
    key = id(code)
    _UNITS[key] = (weakref.ref(code), unit)
    weakref.finalize(code, _UNITS.pop, key, None)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            _register(const, unit)


def unit_of(code: types.CodeType) -> Unit | None:
    """The unit that ``code`` (a definition's or a ``λ``'s) was compiled from, if any."""
    found = _UNITS.get(id(code))
    return found[1] if found is not None and found[0]() is code else None


def compile_unit(
    source: Definition | Assignment | Node, where: str, predicates: Iterable[str] = PREDICATES
) -> Unit:
    """Compile a definition, an assignment or an expression; ``where`` names it in errors.

    Raises :class:`EvalError` if the expression is nested too deeply for Python to compile, or if
    the Python built for it is something Python would refuse (:func:`_check_emitted`).
    """
    line, column = source.line or 1, source.column or 1
    try:
        generated = generate(source, predicates)
        tree = generated.tree
        if not isinstance(tree, ast.FunctionDef):
            value = tree.value if isinstance(tree, ast.Assign) else tree
            assert isinstance(value, ast.expr)
            returned = ast.copy_location(ast.Return(value), value)
            tree = ast.copy_location(ast.FunctionDef("_value", _no_arguments(), [returned], []), value)
        module = ast.Module([tree], [])
        ast.fix_missing_locations(module)
        _check_emitted(module, where)
        code = compile(module, f"<M-expression {where}>", "exec", dont_inherit=True)
    except RecursionError:
        raise EvalError("the expression is nested too deeply to compile", where, line, column) from None
    except (SyntaxError, ValueError, TypeError) as e:  # what _check_emitted let through: still lispy's error
        raise EvalError(f"Python refuses the compiled code: {e}", where, line, column) from None
    function_code = next(c for c in code.co_consts if isinstance(c, types.CodeType))
    unit = Unit(where, source, generated, function_code)
    _register(function_code, unit)
    return unit


def _check_emitted(module: ast.Module, where: str) -> None:
    """Check the Python we built before Python's ``compile`` sees it, so that what it would refuse
    is lispy's :class:`EvalError` naming the place and the value: every name a Python identifier,
    no parameter named twice in one function.  Places are lispy's own bookkeeping, for errors only:
    one that Python would refuse (an end before its start) is narrowed to its start."""
    for node in ast.walk(module):
        if isinstance(node, ast.arguments):
            seen: set[str] = set()
            for arg in node.args:
                if arg.arg in seen:
                    at = _start(node, arg)
                    raise EvalError(f"the parameter {m_name(arg.arg)} is named twice", where, *at)
                seen.add(arg.arg)
        for field in ("id", "arg", "name"):
            identifier = getattr(node, field, None)
            if isinstance(identifier, str) and not _is_identifier(identifier):
                raise EvalError(f"{identifier!r} cannot be a name in Python", where, *_start(node, node))
        if isinstance(node, (ast.expr, ast.stmt, ast.arg)):
            _narrow(node)


def _is_identifier(name: str) -> bool:
    return name.isidentifier() and not keyword.iskeyword(name)


def _start(*nodes: ast.AST) -> tuple[int, int]:
    """The (line, column) from 1 of the first of ``nodes`` that has a place."""
    for node in nodes:
        line = getattr(node, "lineno", None)
        if line:
            return line, getattr(node, "col_offset", 0) + 1
    return 1, 1


def _narrow(node: ast.expr | ast.stmt | ast.arg) -> None:
    line, column = max(node.lineno, 1), max(node.col_offset, 0)
    end_line = node.end_lineno if node.end_lineno is not None else line
    end_column = node.end_col_offset if node.end_col_offset is not None else column
    if (end_line, end_column) < (line, column):
        end_line, end_column = line, column
    node.lineno, node.col_offset, node.end_lineno, node.end_col_offset = line, column, end_line, end_column


def _no_arguments() -> ast.arguments:
    return ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[])


def make_function(unit: Unit, namespace: dict[str, Any]) -> types.FunctionType:
    """The Python function of ``unit`` in ``namespace``; a definition's has ``m_name`` and ``m_params``."""
    f = types.FunctionType(unit.code, namespace, unit.code.co_name)
    if isinstance(unit.source, Definition):
        f.m_name = unit.source.name  # type: ignore[attr-defined]
        f.m_params = unit.source.params  # type: ignore[attr-defined]
    return f


def signature(fn: Any) -> tuple[str, tuple[str, ...]] | None:
    """The name and parameters of an M-function (a definition or a compiled ``λ``), else ``None``.

    A ``λ`` is named by its parameters and the definition it stands in: ``λyz in successors``.
    """
    params = getattr(fn, "m_params", None)
    if params is not None:
        return fn.m_name, params
    code = getattr(fn, "__code__", None)
    unit = unit_of(code) if isinstance(code, types.CodeType) else None
    if unit is None or code is None or code.co_name != "<lambda>":
        return None
    names = tuple(m_name(p) for p in code.co_varnames[: code.co_argcount])
    return f"λ{''.join(names)} in {unit.where}", names
