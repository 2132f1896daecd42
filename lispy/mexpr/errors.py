"""The errors of running M-expressions, and the words they use.

Every failure of a definition at run time is an :class:`EvalError` that names the
definition (or ``input``), the line and the column of the notes' text, and says
what went wrong in the notes' terms: ``undefined name mappap``, ``a: the argument
G (a symbol) is an atom, not a list``, ``twice takes 1 argument(s), [x], but was
given 2``, ``+: cannot apply to 1 and (A)``, ``recursion too deep in loop: …``.
"""

from __future__ import annotations

from typing import Any

from lispy.runtime.recursion import worker_limit
from lispy.sexpr.data import NIL, Cons
from lispy.sexpr.printer import to_string

__all__ = ["EvalError", "arity_message", "runaway", "show"]


def runaway(definition: str, limit: int | None = None) -> str:
    """What to say when a recursion that began in ``definition`` passes the deep-recursion limit:
    ``limit``, where the error carries it, else the limit deep work gets here
    (:func:`~lispy.runtime.recursion.worker_limit`: :data:`~lispy.runtime.recursion.DEEP_LIMIT`, less
    on a worker with a smaller stack, the interpreter's own where no thread starts, as in Pyodide).

    >>> runaway("loop", 1000).split(" (")[0]
    'recursion too deep in loop: past the limit of 1,000 nested calls'
    """
    if limit is None:
        limit = worker_limit()
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


def show(x: Any) -> str:
    """A value in an error message: Lisp notation for Lisp data, Python's ``repr`` for anything else."""
    if x is True or x is False:
        return "true" if x else "false"
    return to_string(x) if isinstance(x, (Cons, str, int, float)) or x is NIL else repr(x)


def arity_message(name: str, params: tuple[str, ...], given: int) -> str | None:
    """What to say when a function of ``params`` is given ``given`` arguments, or ``None`` if that fits."""
    if len(params) == given:
        return None
    return f"{name} takes {len(params)} argument(s), [{','.join(params)}], but was given {given}"
