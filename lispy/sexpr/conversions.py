"""Conversions between nested Python data and Lisp data, both ways, at any depth and length: the
tree rebuilt bottom-up on an explicit stack."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lispy.sexpr.data import NIL, Cons, from_iterable

Node = tuple[list[Any] | None, Any]  # (None, value) for a leaf, (children, build) for a node


def from_python(obj: Any) -> Any:
    """Nested Python data as Lisp data: a ``list`` becomes a proper list, a 2-``tuple`` ``(x, y)`` a
    cons cell ``(x . y)``, ``None`` ``NIL``; anything else (symbols, numbers, Lisp data) is kept.
    Other tuples raise ``TypeError``.

    >>> from_python([("G", 1), [2, 3], None, []])
    ((G . 1) (2 3) NIL NIL)
    >>> from_python((1, 2, 3))
    Traceback (most recent call last):
        ...
    TypeError: from_python: a tuple stands for a dotted pair and needs 2 items, got 3
    """
    return _bottom_up(obj, _from_python_node)


def _from_python_node(obj: Any) -> Node:
    if isinstance(obj, Cons):  # Lisp data (a tuple underneath) is kept
        return None, obj
    if isinstance(obj, list):
        return obj, from_iterable
    if isinstance(obj, tuple):
        if len(obj) != 2:
            message = f"from_python: a tuple stands for a dotted pair and needs 2 items, got {len(obj)}"
            raise TypeError(message)
        return list(obj), lambda parts: Cons(parts[0], parts[1])
    return None, NIL if obj is None else obj


def to_python(x: Any) -> Any:
    """Lisp data as nested Python data, the inverse of :func:`from_python`: a proper list becomes a
    ``list``, another cell a 2-``tuple`` ``(car, cdr)``, ``NIL`` ``[]``; atoms are kept.

    >>> to_python(from_python([("G", 1), [2, 3], None]))
    [('G', 1), [2, 3], []]
    >>> to_python(Cons(1, Cons(2, "G")))
    (1, (2, 'G'))
    """
    return _bottom_up(x, _to_python_node)


def _to_python_node(x: Any) -> Node:
    if x is NIL:
        return None, []
    if type(x) is not Cons:
        return None, x
    u: object = x
    while type(u) is Cons:
        u = u.cdr
    return (list(x), list) if u is NIL else ([x.car, x.cdr], tuple)


def _bottom_up(root: Any, node: Callable[[Any], Node]) -> Any:
    """The tree ``root`` rebuilt bottom-up, each node as ``node`` says, on an explicit stack."""
    children, value = node(root)
    if children is None:
        return value
    stack: list[tuple[Any, Any, list[Any]]] = [(iter(children), value, [])]
    while True:
        pending, build, done = stack[-1]
        for child in pending:
            grandchildren, value = node(child)
            if grandchildren is not None:
                stack.append((iter(grandchildren), value, []))
                break
            done.append(value)
        else:
            stack.pop()
            value = build(done)
            if not stack:
                return value
            stack[-1][2].append(value)
