"""Errors raised in compiled M-expressions, told in the notes' terms.

Compiled code runs without checks of its own: ``a 3`` raises lispy's ``LispTypeError``, ``1 +
(A)`` a ``TypeError``, a recursion without a base case ``RecursionError``.  :func:`explain` reads
the traceback: the innermost frame of compiled code, and the instruction it was at, whose place
(as :mod:`lispy.mexpr.codegen` gave it) names the call, operator or name that failed; the message
says what failed in the notes' terms:

``undefined name mappap``, ``recursion too deep in f …``, lispy's own error (``a: the argument 3 (a
number) is an atom, not a list``), ``the function is (A), not a function``, ``twice takes 1
argument(s), [x], but was given 2``, ``+: cannot apply to 1 and (A) (…)``.  To name the values,
the operands are computed again from the frame's variables: the notes' definitions are pure.
"""

from __future__ import annotations

import types
from typing import Any

from lispy.mexpr.codegen import generate_probe
from lispy.mexpr.compiler import Unit, compile_function, unit_of
from lispy.mexpr.errors import EvalError, UndefinedName, arity_message, runaway_message, show, signature
from lispy.mexpr.names import m_name
from lispy.mexpr.prelude import FUNCTION_ARGUMENTS
from lispy.mexpr.syntax import BinOp, Call, Lambda, Node, Var
from lispy.sexpr.data import LispTypeError


def explain(error: Exception, where: str, line: int, column: int) -> EvalError | None:
    """The :class:`EvalError` for ``error``, raised while evaluating ``where`` (at ``line``, ``column``);
    ``None`` for an error raised outside compiled code that is not a runaway recursion."""
    if isinstance(error, EvalError):
        return error
    found = _innermost(error)
    if found is None:
        if not isinstance(error, RecursionError):
            return None
        return EvalError(runaway_message(where, getattr(error, "limit", None)), where, line, column)
    unit, frame, place = found
    node = unit.generated.places.get(place)
    at = (unit.where, node.line, node.column) if node is not None else (unit.where, place[0], place[2] + 1)
    if isinstance(error, RecursionError):
        return EvalError(runaway_message(at[0], getattr(error, "limit", None)), *at)
    if isinstance(node, Var):
        if isinstance(error, NameError):
            return UndefinedName(node.name, *at)
        return EvalError(f"{node.name}: {error}", *at)
    if isinstance(node, Call):
        return EvalError(_call_message(node, frame, error, unit.where), *at)
    if isinstance(node, BinOp):
        values = _probe(frame, (node.left, node.right))
        shown = f"{show(values[0])} and {show(values[1])}" if values else "its operands"
        numbers = node.op == "*" and any(type(v) in (int, float) for v in values or ())
        return EvalError(f"{node.op}: cannot apply to {shown} ({error}){_APPEND if numbers else ''}", *at)
    return EvalError(f"{type(error).__name__}: {error}", *at)


def _innermost(error: BaseException) -> tuple[Unit, types.FrameType, tuple[int, int, int, int]] | None:
    """The innermost frame of compiled code in ``error``'s traceback, its unit and the failing place."""
    found = None
    tb = error.__traceback__
    while tb is not None:
        unit = unit_of(tb.tb_frame.f_code)
        if unit is not None:
            found = (unit, tb.tb_frame, tb.tb_lasti)
        tb = tb.tb_next
    if found is None:
        return None
    unit, frame, lasti = found
    positions = list(frame.f_code.co_positions())
    line, end_line, col, end_col = positions[lasti // 2]
    return unit, frame, (line or 0, end_line or 0, col or 0, end_col or 0)


def _call_message(node: Call, frame: types.FrameType, error: Exception, where: str) -> str:
    """What to say when the call ``node`` failed with ``error``."""
    shown = node.fn.name if isinstance(node.fn, Var) else "the function"
    if isinstance(error, LispTypeError):
        return str(error)
    if isinstance(error, TypeError):
        values = _probe(frame, (node.fn,))  # the function's value, as in the frame
        if values is None:
            return f"{shown}: {error}"
        fn = values[0]
        if not callable(fn):
            given = "" if isinstance(node.fn, Var) else " ({e}[f] applies the function f to the value of e)"
            return f"{shown} is {show(fn)}, not a function{given}"
        named = signature(fn)
        if isinstance(node.fn, Lambda):  # computed again by the probe, which is not a unit
            named = (f"λ{''.join(node.fn.params)} in {where}", node.fn.params)
        message = arity_message(*named, len(node.args)) if named is not None else None
        return message or _function_argument(named, frame, node, where) or f"{shown}: {error}"
    said = str(error)
    return said if said.startswith(f"{shown}: ") else f"{shown}: {said}"


def _function_argument(
    named: tuple[str, tuple[str, ...]] | None, frame: types.FrameType, node: Call, where: str
) -> str | None:
    """What is wrong with the function given to ``mapcar``, ``maplist``, ``orlis`` or ``andlis`` (the
    call ``node``, of the right arity): not a function, or not of one argument; ``None`` otherwise."""
    parameter = FUNCTION_ARGUMENTS.get(named[0]) if named is not None else None
    if named is None or parameter is None:
        return None
    index = named[1].index(parameter)
    values = _probe(frame, node.args[index : index + 1])
    if values is None:
        return None
    if not callable(values[0]):
        return f"{named[0]}: its argument {parameter} is {show(values[0])}, not a function"
    given = node.args[index]
    applied = signature(values[0])
    if isinstance(given, Lambda):  # computed again by the probe, which is not a unit
        applied = (f"λ{''.join(given.params)} in {where}", given.params)
    message = arity_message(*applied, 1) if applied is not None else None
    return f"{named[0]}: {message}" if message else None


_APPEND = (
    "; * is append in the notes' notation, which multiplies only by a number written before an"
    " application, as in 16zap d v"
)


def _probe(frame: types.FrameType, nodes: tuple[Node, ...]) -> tuple[Any, ...] | None:
    """The values of ``nodes`` computed again with ``frame``'s variables, or ``None`` if that fails."""
    variables = {m_name(k): v for k, v in frame.f_locals.items()}
    tree = generate_probe(nodes, variables)
    try:
        probe = types.FunctionType(compile_function(tree, "<lispy probe>"), frame.f_globals, "_probe")
        return probe(*variables.values())
    except Exception:
        return None
