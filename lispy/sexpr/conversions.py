"""Conversions between nested Python data and Lisp data, both ways, at any depth and length.

``from_python([("G", 1), [2, 3]])`` is ``((G . 1) (2 3))``; :func:`to_python` is its inverse.
Both rebuild the tree bottom-up with an explicit stack (no recursion), with the cyclic garbage
collector paused while they build.
"""

from __future__ import annotations

from typing import Any

from lispy.sexpr.collector import collector_paused
from lispy.sexpr.data import NIL, Cons, _new, from_iterable

__all__ = ["from_python", "to_python"]


def from_python(obj: Any) -> Any:
    """Convert nested Python data to Lisp data.

    A Python ``list`` becomes a proper list, a 2-``tuple`` ``(x, y)`` a cons cell
    ``(x . y)`` (so ``[("G", 1)]`` is the association list ``((G . 1))``), ``None``
    becomes ``NIL``; anything else (symbols, numbers, Lisp data) is kept as it is.
    Other tuples raise ``TypeError``.  Iterative: any depth and length.

    >>> from_python([("G", 1), [2, 3], None, []])
    ((G . 1) (2 3) NIL NIL)
    >>> from_python((1, 2, 3))
    Traceback (most recent call last):
        ...
    TypeError: from_python: a tuple stands for a dotted pair and needs 2 items, got 3
    """
    return _convert(obj, _from_python_node)


def _from_python_node(obj: Any) -> tuple[str, Any]:
    if isinstance(obj, Cons):  # Lisp data (a tuple underneath) is kept
        return "atom", obj
    if isinstance(obj, list):
        return "list", obj
    if isinstance(obj, tuple):
        if len(obj) != 2:
            raise TypeError(
                f"from_python: a tuple stands for a dotted pair and needs 2 items, got {len(obj)}"
            )
        return "pair", obj
    if obj is None:
        return "atom", NIL
    return "atom", obj


def to_python(x: Any) -> Any:
    """Convert Lisp data to nested Python data, the inverse of :func:`from_python`.

    A proper list becomes a Python ``list``; a cons cell that does not start a
    proper list becomes a 2-``tuple`` ``(car, cdr)``; ``NIL`` becomes ``[]``;
    atoms are kept.  ``to_python(read("((1 . G) (2 3))")) == [(1, "G"), [2, 3]]``.

    >>> to_python(from_python([("G", 1), [2, 3], None]))
    [('G', 1), [2, 3], []]
    >>> to_python(Cons(1, Cons(2, "G")))
    (1, (2, 'G'))
    """
    return _convert(x, _to_python_node)


def _to_python_node(x: Any) -> tuple[str, Any]:
    if x is NIL:
        return "atom", []
    if type(x) is not Cons:
        return "atom", x
    u: object = x
    while type(u) is Cons:
        u = u.cdr
    if u is NIL:
        return "pylist", x
    return "pypair", x


def _convert(root: Any, classify: Any) -> Any:
    """Rebuild a tree bottom-up with an explicit stack, the collector paused; ``classify`` names kinds."""
    kind, node = classify(root)
    if kind == "atom":
        return node
    with collector_paused():
        return _convert_nodes(kind, node, classify)


def _convert_nodes(kind: str, node: Any, classify: Any) -> Any:
    # Each frame: [kind, children (list), index of the next child, converted children].
    result: Any = None
    stack: list[list[Any]] = [[kind, _children(kind, node), 0, []]]
    while stack:
        frame = stack[-1]
        children, i = frame[1], frame[2]
        if i < len(children):
            frame[2] = i + 1
            k, n = classify(children[i])
            if k == "atom":
                frame[3].append(n)
            else:
                stack.append([k, _children(k, n), 0, []])
            continue
        stack.pop()
        result = _build(frame[0], frame[3])
        if stack:
            stack[-1][3].append(result)
    return result


def _children(kind: str, node: Any) -> list[Any]:
    if kind == "list":
        return node
    if kind == "pair":
        return list(node)
    if kind == "pylist":
        return list(node)
    return [node.car, node.cdr]  # pypair


def _build(kind: str, parts: list[Any]) -> Any:
    if kind == "list":
        return from_iterable(parts)
    if kind == "pair":
        return _new(Cons, (parts[0], parts[1]))
    if kind == "pylist":
        return parts
    return (parts[0], parts[1])
