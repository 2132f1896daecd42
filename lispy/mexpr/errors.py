"""The errors of running M-expressions, and the words they use: how a value and a function are named.

An :class:`EvalError` names the definition (or ``input``), line and column, and says what went
wrong in the notes' terms (:mod:`lispy.mexpr.diagnosis` lists the messages).
"""

from __future__ import annotations

import sys
import types
from typing import Any

from lispy.mexpr.names import m_name
from lispy.mexpr.prelude import ANY_NUMBER, BUILTINS, PARAMETERS
from lispy.recursion import DEEP_LIMIT, worker_limit
from lispy.sexpr.data import to_string

CODE_FILE = "<M-expression {}>"
"""The file name of compiled code (``<M-expression successors>``): it names a ``λ`` by its definition."""


def runaway_message(definition: str, limit: int | None = None) -> str:
    """What to say when a recursion in ``definition`` passes ``limit`` (by default
    :func:`~lispy.recursion.worker_limit`).

    >>> runaway_message("loop", 1000).split(" (")[0]
    'recursion too deep in loop: past the limit of 1,000 nested calls'
    """
    if limit is None:
        limit = worker_limit()
    if sys.platform == "emscripten" and limit < DEEP_LIMIT:  # the page: Pyodide, no deep threads
        return (
            f"recursion too deep in {definition}: past the page's limit of {limit:,} nested calls, as deep"
            f" as the computation went (Pyodide runs it without a thread of its own, on the browser's"
            f" stack; python -m lispy allows {DEEP_LIMIT:,}: a base case missing, or a computation that"
            f" deep?)"
        )
    return (
        f"recursion too deep in {definition}: past the limit of {limit:,} nested calls "
        "(runaway recursion: is a base case missing?)"
    )


class EvalError(RuntimeError):
    """An error while evaluating, with the ``definition`` (or ``"input"``), ``line`` and ``column``."""

    def __init__(self, message: str, definition: str, line: int, column: int) -> None:
        super().__init__(f"in {definition}, line {line}, column {column}: {message}")
        self.reason = message
        self.definition = definition
        self.line = line
        self.column = column


class UndefinedName(EvalError):
    """An :class:`EvalError` for a ``name`` that nothing defines: ``undefined name <name>``."""

    def __init__(self, name: str, definition: str, line: int, column: int) -> None:
        super().__init__(f"undefined name {name}", definition, line, column)
        self.name = name


def signature(fn: Any) -> tuple[str, tuple[str, ...]] | None:
    """The name and parameters of a definition's function (its ``m_name``, ``m_params``), of a function
    the notes take as given (``max``, ``x`` and ``y``), or of a compiled ``λ`` (``λyz in successors``,
    from its code's file name), else ``None``."""
    params = getattr(fn, "m_params", None)
    if params is not None:
        return fn.m_name, params
    name = getattr(fn, "__name__", None)
    if name in BUILTINS and BUILTINS[name] is fn:
        return name, PARAMETERS[name]
    code = getattr(fn, "__code__", None)
    prefix, suffix = CODE_FILE.split("{}")
    if not isinstance(code, types.CodeType) or code.co_name != "<lambda>":
        return None
    if not (code.co_filename.startswith(prefix) and code.co_filename.endswith(suffix)):
        return None
    names = tuple(m_name(p) for p in code.co_varnames[: code.co_argcount])
    return f"λ{''.join(names)} in {code.co_filename[len(prefix) : -len(suffix)]}", names


def show(value: Any) -> str:
    """A value as lispy prints it, at the REPL and in messages: Lisp notation, ``true``/``false``, and a
    function by its name and parameters, ``#<function twice[x]>`` (one of Python's by its name alone).

    >>> from lispy.sexpr.data import lisp
    >>> from lispy.mexpr.prelude import BUILTINS
    >>> show(lisp(1, "G", float("inf"))), show(True), show(BUILTINS["nth"]), show(len)
    ('(1 G ∞)', 'true', '#<function nth[u,k]>', '#<function len>')
    """
    if value is True or value is False:
        return "true" if value else "false"
    named = signature(value)
    if named is not None:
        return f"#<function {named[0]}[{','.join(named[1])}]>"
    if callable(value):
        return f"#<function {getattr(value, '__name__', '?')}>"
    return to_string(value)


def arity_message(name: str, params: tuple[str, ...], given: int) -> str | None:
    """What to say when a function of ``params`` is given ``given`` arguments, or ``None`` if that fits."""
    if len(params) == given or ANY_NUMBER in params:
        return None
    return f"{name} takes {len(params)} argument(s), [{','.join(params)}], but was given {given}"
