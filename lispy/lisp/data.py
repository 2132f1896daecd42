"""Lisp data: the cons cell, ``NIL``, atoms, and conversions to and from Python.

The data model of the notes (McCarthy 1973, ch. 5 and 6; the LISP 1.5 manual, ch. 1):

* a **cons cell** ``(x . y)`` holds two values, its *car* ``x`` and its *cdr* ``y``;
  :class:`Cons` is immutable, and ``==`` compares structure (McCarthy's ``=``,
  Lisp's ``equal``) with a ``hash`` that agrees with it;
* ``NIL`` is the one empty list; it is false in a condition and it is an atom;
* **atoms** are ``NIL``, symbols and numbers.  A *symbol* is a Python ``str``
  (``"G"``, ``"LOSE"``); the reader interns the symbols it reads.  Numbers are
  ``int`` and ``float``, and ``float("inf")`` is McCarthy's ``∞``.

A proper list ``(1 2 3)`` is the chain ``(1 . (2 . (3 . NIL)))``.  Every
operation here walks its argument with a loop, never with Python recursion, so
that lists of 10^6 elements and trees nested 10^5 deep compare, hash and print.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Final

__all__ = [
    "NIL",
    "Cons",
    "LispTypeError",
    "Nil",
    "from_iterable",
    "from_python",
    "lisp",
    "to_pylist",
    "to_python",
]


class LispTypeError(TypeError):
    """A list function got an atom where it needs a list (or a proper list).

    ``fname`` is the function's name in the notes (``"a"``, ``"d"``, ``"length"``),
    ``value`` the offending value.  The message names both, in Lisp notation.
    """

    def __init__(self, fname: str, value: Any, what: str = "is an atom, not a list") -> None:
        self.fname = fname
        self.value = value
        from lispy.lisp.printer import to_string

        super().__init__(f"{fname}: the argument {to_string(value)} ({_kind(value)}) {what}")


def _kind(x: Any) -> str:
    if isinstance(x, Cons):
        return "a dotted list"
    if isinstance(x, str):
        return "a symbol"
    if isinstance(x, bool):
        return "a truth value"
    if isinstance(x, (int, float)):
        return "a number"
    return f"a Python {type(x).__name__}"


class Nil:
    """The type of ``NIL``, the one empty list.  ``Nil()`` returns ``NIL`` itself.

    ``NIL`` is an atom and a list at once: it is false in a condition, iterates
    as no elements, has length 0, and its car and cdr are ``NIL`` (as in MacLisp
    and Common Lisp; McCarthy's ``lose p₀`` in chapter 5 relies on ``a NIL = NIL``).
    """

    __slots__ = ()
    _instance: Nil | None = None

    def __new__(cls) -> Nil:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    @property
    def car(self) -> Nil:
        return self

    @property
    def cdr(self) -> Nil:
        return self

    def __bool__(self) -> bool:
        return False

    def __len__(self) -> int:
        return 0

    def __iter__(self) -> Iterator[Any]:
        return iter(())

    def __repr__(self) -> str:
        return "NIL"

    def __hash__(self) -> int:
        return 0x4E494C  # "NIL"

    def __reduce__(self) -> str:
        return "NIL"

    def __copy__(self) -> Nil:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Nil:
        return self


NIL: Final = Nil()


class Cons:
    """An immutable cons cell ``(car . cdr)``.

    >>> Cons(1, Cons(2, NIL))
    (1 2)
    >>> Cons(1, "G")
    (1 . G)

    * ``==`` is structural (McCarthy's ``=``); ``hash`` agrees with it and is
      computed once per cell.  Both are iterative.
    * ``str`` and ``repr`` print Lisp notation (see :mod:`lispy.lisp.printer`).
    * Iterating a proper list gives its elements and ``len`` its length; on a
      dotted list both raise :class:`LispTypeError` at the dotted tail.
    * Assigning or deleting an attribute raises ``AttributeError``.
    """

    __slots__ = ("_hash", "car", "cdr")

    car: Any
    cdr: Any
    _hash: int | None

    def __init__(self, car: Any, cdr: Any) -> None:
        _set_car(self, car)
        _set_cdr(self, cdr)
        _set_hash(self, None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cons cells are immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cons cells are immutable: cannot delete {name!r}")

    def __bool__(self) -> bool:
        return True

    def __iter__(self) -> Iterator[Any]:
        u: Any = self
        while type(u) is Cons:
            yield u.car
            u = u.cdr
        if u is not NIL:
            raise LispTypeError("iter", self, "is not a proper list")

    def __len__(self) -> int:
        k, u = 0, self
        while type(u) is Cons:
            k, u = k + 1, u.cdr
        if u is not NIL:
            raise LispTypeError("len", self, "is not a proper list")
        return k

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cons):
            return NotImplemented
        return _equal(self, other)

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Cons):
            return NotImplemented
        return not _equal(self, other)

    def __hash__(self) -> int:
        h = self._hash
        return h if h is not None else _hash_tree(self)

    def __repr__(self) -> str:
        from lispy.lisp.printer import to_string

        return to_string(self)

    def __copy__(self) -> Cons:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Cons:
        return self


_set_car = Cons.__dict__["car"].__set__
_set_cdr = Cons.__dict__["cdr"].__set__
_set_hash = Cons.__dict__["_hash"].__set__


def _equal(x: Any, y: Any) -> bool:
    """Structural equality of two values, with a stack instead of recursion."""
    stack = [(x, y)]
    while stack:
        x, y = stack.pop()
        while x is not y:
            if type(x) is Cons:
                if type(y) is not Cons:
                    return False
                hx, hy = x._hash, y._hash
                if hx is not None and hy is not None and hx != hy:
                    return False
                stack.append((x.car, y.car))
                x, y = x.cdr, y.cdr
            elif type(y) is Cons or not x == y:
                return False
            else:
                break
    return True


def _hash_tree(x: Cons) -> int:
    """Hash a cell from its car's and cdr's hashes, post-order, caching each cell's."""
    stack = [x]
    while stack:
        c = stack[-1]
        if c._hash is not None:
            stack.pop()
            continue
        car, cdr = c.car, c.cdr
        waiting = False
        if type(cdr) is Cons and cdr._hash is None:
            stack.append(cdr)
            waiting = True
        if type(car) is Cons and car._hash is None:
            stack.append(car)
            waiting = True
        if waiting:
            continue
        hcar = car._hash if type(car) is Cons else hash(car)
        hcdr = cdr._hash if type(cdr) is Cons else hash(cdr)
        _set_hash(c, hash((hcar, hcdr)))
        stack.pop()
    return x._hash  # type: ignore[return-value]  # set by the loop above


# --- conversions ----------------------------------------------------------


def from_iterable(items: Iterable[Any], tail: Any = NIL) -> Any:
    """The Lisp list of ``items`` (one level: elements are not converted).

    ``from_iterable([1, 2], tail="G")`` is ``(1 2 . G)``; ``from_iterable([])`` is ``NIL``.
    """
    result = tail
    for x in reversed(items if isinstance(items, (list, tuple)) else list(items)):
        result = Cons(x, result)
    return result


def lisp(*items: Any) -> Any:
    """``lisp(x1, ..., xn)`` is the list ``(x1 ... xn)``: LISP 1.5's ``list``.

    >>> lisp(1, "G", lisp())
    (1 G NIL)
    """
    return from_iterable(items)


def to_pylist(u: Any) -> list[Any]:
    """The elements of the proper list ``u`` as a Python list (one level).

    Raises :class:`LispTypeError` if ``u`` is an atom other than ``NIL`` or a dotted list.
    """
    if u is NIL:
        return []
    if type(u) is not Cons:
        raise LispTypeError("to_pylist", u)
    return list(u)


def from_python(obj: Any) -> Any:
    """Convert nested Python data to Lisp data.

    A Python ``list`` becomes a proper list, a 2-``tuple`` ``(x, y)`` a cons cell
    ``(x . y)`` (so ``[("G", 1)]`` is the association list ``((G . 1))``), ``None``
    becomes ``NIL``; anything else (symbols, numbers, Lisp data) is kept as it is.
    Other tuples raise ``TypeError``.  Iterative: any depth and length.
    """
    return _convert(obj, _from_python_node)


def _from_python_node(obj: Any) -> tuple[str, Any]:
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
    """
    return _convert(x, _to_python_node)


def _to_python_node(x: Any) -> tuple[str, Any]:
    if x is NIL:
        return "atom", []
    if type(x) is not Cons:
        return "atom", x
    u = x
    while type(u) is Cons:
        u = u.cdr
    if u is NIL:
        return "pylist", x
    return "pypair", x


def _convert(root: Any, classify: Any) -> Any:
    """Rebuild a tree bottom-up with an explicit stack; ``classify`` names each node's kind."""
    # Each frame: [kind, children (list), index of the next child, converted children].
    result: Any = None
    kind, node = classify(root)
    if kind == "atom":
        return node
    stack = [[kind, _children(kind, node), 0, []]]
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
        return Cons(parts[0], parts[1])
    if kind == "pylist":
        return parts
    return (parts[0], parts[1])
