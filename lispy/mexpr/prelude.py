"""The prelude: what compiled M-expressions run against, the notation's few helpers and the functions
the notes take as given (their chapter I).

Compiled code is plain Python over lispy's data (:mod:`lispy.mexpr.codegen`); what has no Python
operator of the same meaning gets a helper here.  ``+``, ``×`` and the order are on numbers only,
where Python's operators answer for strings and truth values too (``'A' + 'B'``): their helpers
raise ``TypeError``, which the evaluation reports in the notes' terms.  Every name compiled code
uses can be imported from here, so a listing (:mod:`lispy.mexpr.listing`) runs as a Python module.
"""

from __future__ import annotations

import functools
import inspect
import math
import operator
from collections.abc import Callable
from typing import Any

from lispy.chapter6 import game_trees
from lispy.sexpr.data import NIL, _kind, lisp, read, to_string
from lispy.sexpr.lists import (
    a,
    andlis,
    append,
    assoc,
    atom,
    cons,
    d,
    eq,
    equal,
    length,
    mapcar,
    maplist,
    member,
    n,
    nth,
    orlis,
    prup,
    reverse,
    sublis,
)


def truth(x: Any) -> bool:
    """The notes' truth of a condition: ``false`` and ``NIL`` are false, every other value true."""
    return x is not False and x is not NIL


def and_(x: Any, y: Any) -> Any:
    """``x and y``: bitwise on two integers, else the logical and of their truth."""
    if type(x) is int and type(y) is int:
        return x & y
    return truth(x) and truth(y)


def or_(x: Any, y: Any) -> Any:
    """``x or y``: bitwise on two integers, else the logical or of their truth."""
    if type(x) is int and type(y) is int:
        return x | y
    return truth(x) or truth(y)


def and_then(x: Any, rest: Callable[[], Any]) -> Any:
    """``x and y`` with ``y`` computed by ``rest()`` only if needed: a false ``x`` (not a number) stops."""
    if type(x) is not int and not truth(x):
        return False
    return and_(x, rest())


def or_else(x: Any, rest: Callable[[], Any]) -> Any:
    """``x or y`` with ``y`` computed by ``rest()`` only if needed: a true ``x`` (not a number) stops."""
    if type(x) is not int and truth(x):
        return True
    return or_(x, rest())


def _described(x: Any) -> str:
    if callable(x):
        return f"the function {getattr(x, 'm_name', getattr(x, '__name__', '?'))}".replace("<lambda>", "λ")
    return f"{('true' if x else 'false') if isinstance(x, bool) else to_string(x)} ({_kind(x)})"


def _numbers(x: Any, y: Any) -> None:
    """Refuse anything but two numbers (``bool`` is not one)."""
    for v in (x, y):
        if type(v) is not int and type(v) is not float:
            raise TypeError(f"on numbers only, and this is {_described(v)}")


def add_(x: Any, y: Any) -> Any:
    """``x + y`` on numbers; ``TypeError`` on anything else (``A + B``, ``true + 1``).

    >>> add_(1, 2.5), add_(1, INF)
    (3.5, inf)
    >>> add_("A", "B")
    Traceback (most recent call last):
    TypeError: on numbers only, and this is A (a symbol)
    """
    if type(x) is int is type(y):  # the common case first, at the cost of one test
        return x + y
    _numbers(x, y)
    return x + y


def _on_numbers(symbol: str, op: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    def on_numbers(x: Any, y: Any) -> Any:
        _numbers(x, y)
        return op(x, y)

    on_numbers.__name__ = on_numbers.__qualname__ = f"{op.__name__}_"
    on_numbers.__doc__ = f"``x {symbol} y`` on numbers (``∞`` included); ``TypeError`` on anything else."
    return on_numbers


mul_ = _on_numbers("×", operator.mul)
"""``16zap d v``: ``x × y`` on numbers; ``TypeError`` on anything else (``3 id A``)."""
lt_, le_ = _on_numbers("<", operator.lt), _on_numbers("≤", operator.le)
gt_, ge_ = _on_numbers(">", operator.gt), _on_numbers("≥", operator.ge)


def _on_two_numbers(given: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """The notes' ``given`` two-argument function on numbers only: ``TypeError`` on anything else."""

    @functools.wraps(given)  # its name and parameters: max[x,y]
    def on_numbers(x: Any, y: Any) -> Any:
        _numbers(x, y)
        return given(x, y)

    return on_numbers


max = _on_two_numbers(game_trees.max)
"""The notes' ``max[x,y]`` (:func:`lispy.chapter6.game_trees.max`: the larger, ``x`` on a tie) on
numbers only.

>>> max(3, 12), max(-INF, 2)
(12, 2)
>>> max("A", 1)
Traceback (most recent call last):
TypeError: on numbers only, and this is A (a symbol)
"""
min = _on_two_numbers(game_trees.min)
"""The notes' ``min[x,y]`` (:func:`lispy.chapter6.game_trees.min`: the smaller, ``x`` on a tie) on
numbers only."""


INF = math.inf
"""The notes' ``∞``."""


def list(*x: Any) -> Any:  # LISP's name, in the notation's namespace (max and min are the same)
    """``list[x1,…,xn]``: the list ``(x1 … xn)`` of its arguments' values, LISP 1.5's ``list``
    (:func:`lispy.sexpr.data.lisp`); any number of arguments.

    >>> list(1, 2), list()
    ((1 2), NIL)
    """
    return lisp(*x)


BUILTINS: dict[str, Any] = {
    **{f.__name__: f for f in (a, d, n, atom, eq, equal, length, nth, assoc, reverse, append, member)},
    **{f.__name__: f for f in (mapcar, maplist, orlis, andlis, prup, sublis, cons)},
    **{"max": max, "min": min, "list": list},
}
"""The functions the notes use without defining them (their chapter I), by the notes' names."""

PARAMETERS: dict[str, tuple[str, ...]] = {
    **{name: tuple(inspect.signature(f).parameters) for name, f in BUILTINS.items()},
    "list": ("x1", "…", "xn"),
}
"""The parameters of each function of :data:`BUILTINS`, by the notes' names: ``nth`` has ``(u, k)``;
``list`` takes any number (:data:`ANY_NUMBER`)."""

ANY_NUMBER = "…"
"""The parameter that stands for any number of arguments: ``list[x1,…,xn]``."""

FUNCTION_ARGUMENTS = {"mapcar": "f", "maplist": "f", "orlis": "p", "andlis": "p"}
"""The functions of :data:`BUILTINS` given a function, and its parameter: it is applied to one argument."""

PREDICATES = frozenset({"n", "atom", "eq", "equal", "member", "orlis", "andlis"})
"""The names in :data:`BUILTINS` whose functions always give ``True`` or ``False``."""

NOTATION: dict[str, Any] = {
    **{"NIL": NIL, "INF": INF},
    **{f.__name__: f for f in (cons, append, member, eq, lisp, read, truth, and_, or_, and_then, or_else)},
    **{f.__name__: f for f in (add_, mul_, lt_, le_, gt_, ge_)},
}
"""The Python names that compiled code uses for the notation, and what they are bound to."""
