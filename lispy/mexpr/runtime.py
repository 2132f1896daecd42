"""What compiled M-expressions run against: the notation's few helpers and the notes' chapter I.

Compiled code is plain Python over lispy's data: ``x . u`` is ``cons(x, u)``, ``u * v``
is ``append(u, v)``, ``x ε u`` is ``member(x, u)``, ``x eq y`` is ``eq(x, y)``, ``x = y``
is ``x == y`` (``==`` on lispy's data is McCarthy's ``=``), a list of values is
``lisp(…)`` and a list of constants ``read("…")``.  Three things in the notation
have no Python operator of the same meaning, and get a helper here:

* a condition: the notes' ``false`` and ``NIL`` are false and every other value is
  true, ``0`` included, where Python's ``if`` takes ``0`` for false.  The compiler
  writes a test as it is when it can see that it gives a truth value (a comparison,
  ``n``, ``atom``, ``orlis`` …) and as :func:`truth` of it otherwise;
* ``and`` and ``or`` are bitwise on two integers (the bit-word towers) and logical
  on anything else, stopping at a false left side (``and``) or a true one (``or``):
  :func:`and_` and :func:`or_`, or :func:`and_then` and :func:`or_else` when the
  right side is more than a name or a constant and must wait;
* ``max`` and ``min`` of the notes keep the first argument on a tie: :func:`maximum`,
  :func:`minimum`.

Every name that compiled code uses can be imported from here, so a listing of
compiled definitions (:mod:`lispy.mexpr.listing`) runs as a Python module.

:func:`namespace` gives the dictionary a compiled definition runs in.  Its
``__builtins__`` is empty: no name written in an M-expression reaches Python's
``open``, ``eval`` or ``getattr``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from lispy.mexpr.names import python_name
from lispy.sexpr.data import NIL, lisp
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
from lispy.sexpr.reader import read

__all__ = [
    "BUILTINS",
    "INF",
    "NIL",
    "NOTATION",
    "PREDICATES",
    "a",
    "and_",
    "and_then",
    "andlis",
    "append",
    "assoc",
    "atom",
    "cons",
    "d",
    "eq",
    "equal",
    "length",
    "lisp",
    "mapcar",
    "maplist",
    "maximum",
    "member",
    "minimum",
    "n",
    "namespace",
    "nth",
    "or_",
    "or_else",
    "orlis",
    "prup",
    "read",
    "reverse",
    "sublis",
    "truth",
]


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


def maximum(x: Any, y: Any) -> Any:
    """The notes' ``max[x,y]``: the larger, ``x`` on a tie."""
    return x if x >= y else y


def minimum(x: Any, y: Any) -> Any:
    """The notes' ``min[x,y]``: the smaller, ``x`` on a tie."""
    return x if x <= y else y


INF = math.inf
"""The notes' ``∞``."""

BUILTINS: dict[str, Any] = {
    "a": a,
    "d": d,
    "n": n,
    "atom": atom,
    "eq": eq,
    "equal": equal,
    "length": length,
    "nth": nth,
    "assoc": assoc,
    "reverse": reverse,
    "append": append,
    "member": member,
    "mapcar": mapcar,
    "maplist": maplist,
    "orlis": orlis,
    "andlis": andlis,
    "prup": prup,
    "sublis": sublis,
    "cons": cons,
    "max": maximum,
    "min": minimum,
}
"""The functions the notes use without defining them (their chapter I), by the notes' names."""

PREDICATES = frozenset({"n", "atom", "eq", "equal", "member", "orlis", "andlis"})
"""The names in :data:`BUILTINS` whose functions always give ``True`` or ``False``."""

NOTATION: dict[str, Any] = {
    "NIL": NIL,
    "INF": INF,
    "cons": cons,
    "append": append,
    "member": member,
    "eq": eq,
    "lisp": lisp,
    "read": read,
    "truth": truth,
    "and_": and_,
    "or_": or_,
    "and_then": and_then,
    "or_else": or_else,
}
"""The Python names that compiled code uses for the notation, and what they are bound to."""


def namespace(bindings: Mapping[str, Any] = BUILTINS) -> dict[str, Any]:
    """A fresh dictionary for compiled code to run in: the notation, and ``bindings`` by their M names.

    ``__builtins__`` is empty, so a name that is not bound is an error, never one of Python's.
    """
    found: dict[str, Any] = {"__builtins__": {}, "__name__": "lispy.mexpr.compiled", **NOTATION}
    for name, value in bindings.items():
        found[python_name(name)] = value
    return found
