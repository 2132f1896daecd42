"""Compiling M-expressions to Python functions.

The syntax tree that :mod:`lispy.mexpr.codegen` builds is given to Python's own ``compile``, and the
function made with ``types.FunctionType`` over an environment's namespace: neither ``eval`` nor
``exec`` is used.  A definition ``f[x,y] ← e`` is the plain function ``def f(x, y): return e``; an
assignment or an input, a function of no arguments.  Each code object (a definition's, and each
``λ``'s in it) is registered with its :class:`Unit`, so that an error raised in it names the
definition, line and column (:mod:`lispy.mexpr.diagnosis`).
"""

from __future__ import annotations

import ast
import types
import warnings
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from lispy.mexpr.codegen import EmitError, Generated, generate, returning
from lispy.mexpr.errors import CODE_FILE, EvalError
from lispy.mexpr.prelude import PREDICATES
from lispy.mexpr.syntax import Assignment, Definition, Node


@dataclass(frozen=True, eq=False)
class Unit:
    """One statement or input, compiled: ``where`` (the definition's name, or ``input``: what errors
    in it name), its ``source``, its Python (``generated``: the tree, its uses and places), and the
    ``code`` of the function to call (the definition's, or one of no arguments giving the value)."""

    where: str
    source: Definition | Assignment | Node
    generated: Generated
    code: types.CodeType


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
    """Compile a definition, an assignment or an expression; ``where`` names it in errors.  The same
    statement object compiles once, its unit shared by every environment it is loaded into.  Raises
    :class:`EvalError` if it is nested too deeply for Python to compile, or if Python refuses it."""
    key = (id(source), where, frozenset(predicates))
    found = _COMPILED.get(key)
    if found is not None and found[0] is source:
        return found[1]
    unit = _compile_unit(source, where, key[2])
    if len(_COMPILED) >= 4096:
        _COMPILED.clear()
    _COMPILED[key] = (source, unit)
    return unit


_COMPILED: dict[tuple[int, str, frozenset[str]], tuple[Any, Unit]] = {}
"""Units by the identity of their source (kept, so that the identity is not reused)."""


def _compile_unit(source: Definition | Assignment | Node, where: str, predicates: frozenset[str]) -> Unit:
    line, column = source.line or 1, source.column or 1
    try:
        generated = generate(source, predicates)
        tree = generated.tree
        if not isinstance(tree, ast.FunctionDef):
            value = tree.value if isinstance(tree, ast.Assign) else tree
            assert isinstance(value, ast.expr)
            tree = returning(value)
        function_code = compile_function(tree, CODE_FILE.format(where))
    except RecursionError:
        raise EvalError("the expression is nested too deeply to compile", where, line, column) from None
    except EmitError as e:
        raise EvalError(e.reason, where, e.line, e.column) from None
    except (SyntaxError, ValueError, TypeError) as e:  # what the checks let through: still lispy's error
        raise EvalError(f"Python refuses the compiled code: {e}", where, line, column) from None
    unit = Unit(where, source, generated, function_code)
    _register(function_code, unit)
    return unit


def compile_function(tree: ast.FunctionDef, filename: str) -> types.CodeType:
    """The code of the function that the ``def`` ``tree`` defines, compiled as from ``filename``, without
    Python's SyntaxWarning: ``{λx.x + 1}[2]`` calls 2, and lispy's error says so if it runs."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        code = compile(ast.Module([tree], []), filename, "exec", dont_inherit=True)
    return next(c for c in code.co_consts if isinstance(c, types.CodeType))


def make_function(unit: Unit, namespace: dict[str, Any]) -> types.FunctionType:
    """The Python function of ``unit`` in ``namespace``; a definition's has ``m_name`` and ``m_params``."""
    f = types.FunctionType(unit.code, namespace, unit.code.co_name)
    if isinstance(unit.source, Definition):
        f.m_name = unit.source.name  # type: ignore[attr-defined]
        f.m_params = unit.source.params  # type: ignore[attr-defined]
    return f
