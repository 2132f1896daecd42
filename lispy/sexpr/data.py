"""Lisp data and its notation, as in the notes (McCarthy 1973; the LISP 1.5 manual, ch. 1).

A **cons cell** ``(x . y)`` (:class:`Cons`, immutable) holds its *car* ``x`` and its *cdr* ``y``;
``NIL`` is the one empty list, false and an atom; **atoms** are ``NIL``, symbols (``str``) and
numbers (``int``, ``float``; ``float("inf")`` is ``∞``).  :func:`to_string` writes Lisp notation and
:func:`read` reads it: ``read(to_string(x)) == x`` (NaN aside).  Comparing, hashing, printing and
reading are loops, so that lists of 10^6 elements and trees 10^5 deep work (``docs/data.md``).
"""

from __future__ import annotations

import math
import re
import sys
from collections import namedtuple
from collections.abc import Iterable, Iterator
from typing import Any, Final, cast, final

__all__ = ["NIL", "Cons", "LispTypeError", "Nil", "PrintError", "ReadError", "atom_to_string"]
__all__ += ["from_iterable", "lisp", "parse_atom", "read", "to_pylist", "to_string"]


@final
class Nil:
    """The type of ``NIL``; ``Nil()`` returns ``NIL`` itself.  ``NIL`` is false, iterates as no elements,
    has length 0, and its car and cdr are ``NIL`` (as in MacLisp and Common Lisp; ch. 5's ``lose p₀``
    relies on ``a NIL = NIL``).

    >>> Nil() is NIL, bool(NIL), len(NIL), NIL.car
    (True, False, 0, NIL)
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

    cdr = car

    def __len__(self) -> int:  # and so false
        return 0

    def __iter__(self) -> Iterator[Any]:
        return iter(())

    def __repr__(self) -> str:
        return "NIL"

    def __hash__(self) -> int:
        return 0x4E494C  # "NIL"

    def __reduce__(self) -> str:  # pickle and copy: NIL itself
        return "NIL"


NIL: Final = Nil()


class LispTypeError(TypeError):
    """A list function ``fname`` (the notes' name: ``"a"``, ``"length"``) got the atom or dotted list
    ``value`` where it needs a (proper) list; the message names both, in Lisp notation."""

    def __init__(self, fname: str, value: Any, what: str = "is an atom, not a list") -> None:
        self.fname, self.value = fname, value
        super().__init__(f"{fname}: the argument {to_string(value)} ({_kind(value)}) {what}")


def _kind(x: Any) -> str:
    """What ``x`` is, in lispy's messages: ``a symbol``, ``the empty list``, ``a dotted list``, …"""
    if isinstance(x, bool):
        return "a truth value"
    if x is NIL:
        return "the empty list"
    if isinstance(x, str):
        return "a symbol"
    if isinstance(x, (int, float)):
        return "a number"
    if isinstance(x, Cons):
        u = x.cdr
        while type(u) is Cons:
            u = u.cdr
        return "a list" if u is NIL else "a dotted list"
    return f"a Python {type(x).__name__}"


@final
class Cons(namedtuple("Cons", "car cdr")):
    """An immutable cons cell ``(car . cdr)``: a 2-tuple underneath, read as ``car`` and ``cdr``.

    >>> Cons(1, Cons(2, NIL))
    (1 2)
    >>> Cons(1, "G")
    (1 . G)

    ``==`` is structural (McCarthy's ``=``), never equal to a plain tuple, and ``hash`` agrees; both
    walk the whole structure each time.  ``str`` and ``repr`` print Lisp notation.  Iterating a
    proper list gives its elements, ``len`` its length, ``in`` membership; on a dotted list they
    raise :class:`LispTypeError` at the tail.  ``copy.copy`` and ``copy.deepcopy`` return the cell
    itself; ``pickle`` works by Python's own recursion (``docs/reliability.md``).
    """

    __slots__ = ()

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
        k, u = 0, cast(object, self)
        while type(u) is Cons:
            k, u = k + 1, u.cdr
        if u is not NIL:
            raise LispTypeError("len", self, "is not a proper list")
        return k

    def __contains__(self, x: object) -> bool:
        return any(e is x or e == x for e in self)

    __reversed__ = None  # type: ignore[assignment]  # not tuple's reversal of (car, cdr)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cons):
            return False if isinstance(other, tuple) else NotImplemented  # not tuple's == on (car, cdr)
        return _equal(self, other)

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Cons):
            return True if isinstance(other, tuple) else NotImplemented
        return not _equal(self, other)

    def __hash__(self) -> int:
        return _hash_tree(self)

    def __repr__(self) -> str:
        return to_string(self)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Cons:  # immutable: copies are itself
        return self

    __copy__ = __deepcopy__

    def __reduce__(self) -> tuple[Any, tuple[list[Any], Any]]:  # a list's elements and tail, not a cdr chain
        items, u = [], self
        while type(u) is Cons:
            items.append(u.car)
            u = u.cdr
        return from_iterable, (items, u)


def _equal(x: Any, y: Any) -> bool:
    """Structural equality of two values: the cdrs in a loop, the cars that are cells on a stack."""
    stack: list[tuple[Any, Any]] = []
    while True:
        while x is not y:
            if type(x) is Cons:
                if type(y) is not Cons:
                    return False
                a, b = x.car, y.car
                if a is not b:
                    if type(a) is Cons:
                        stack.append((a, b))
                    elif type(b) is Cons or not a == b:
                        return False
                x, y = x.cdr, y.cdr
            elif type(y) is Cons or not x == y:
                return False
            else:
                break
        if not stack:
            return True
        x, y = stack.pop()


def _hash_tree(x: Cons) -> int:
    """Each list folded from its end, ``h = hash((car, h))``, a car that is a cell entering as its hash;
    the lists that are cars wait on a stack."""
    frames: list[tuple[list[Any], int, int]] = []  # a list's cars, the next to fold, the hash so far
    cars: list[Any] = []
    u: Any = x
    while type(u) is Cons:
        cars.append(u.car)
        u = u.cdr
    h, i = hash(u), len(cars)
    while True:
        while i:
            i -= 1
            c = cars[i]
            if type(c) is Cons:
                frames.append((cars, i, h))
                cars = []
                while type(c) is Cons:
                    cars.append(c.car)
                    c = c.cdr
                h, i = hash(c), len(cars)
            else:
                h = hash((c, h))
        if not frames:
            return h
        hcar = h
        cars, i, h = frames.pop()
        h = hash((hcar, h))


def from_iterable(items: Iterable[Any], tail: Any = NIL) -> Any:
    """The Lisp list of ``items`` (one level: elements are not converted), ending in ``tail``.

    >>> from_iterable([1, 2], tail="G"), from_iterable([])
    ((1 2 . G), NIL)
    """
    result, new = tail, tuple.__new__  # new(Cons, (x, y)) is Cons(x, y) without a call of Python code
    for x in reversed(items if type(items) is list or type(items) is tuple else list(items)):
        result = new(Cons, (x, result))
    return result


def lisp(*items: Any) -> Any:
    """``lisp(x1, ..., xn)`` is the list ``(x1 ... xn)``: LISP 1.5's ``list``.

    >>> lisp(1, "G", lisp())
    (1 G NIL)
    """
    return from_iterable(items)


def to_pylist(u: Any, fname: str = "to_pylist") -> list[Any]:
    """The elements of the proper list ``u`` as a Python list (one level), or a :class:`LispTypeError`
    naming ``fname`` (the list function that asked for them).

    >>> to_pylist(lisp(1, lisp(2)))
    [1, (2)]
    """
    items = []
    x = u
    while type(x) is Cons:
        items.append(x.car)
        x = x.cdr
    if x is not NIL:
        raise _not_a_list(fname, u, x)
    return items


def _not_a_list(fname: str, u: Any, tail: Any) -> LispTypeError:
    """The error for ``u``, whose walk by ``fname`` ended at the atom ``tail`` (not ``NIL``)."""
    return LispTypeError(fname, u, "is an atom, not a list" if tail is u else "is not a proper list")


# The notation of atoms, both ways.

_INTEGER = re.compile(r"[+-]?[0-9]+\Z")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)(?:[eE][+-]?[0-9]+)?\Z")
_INFINITIES = {"∞": math.inf, "+∞": math.inf, "inf": math.inf, "+inf": math.inf}
_INFINITIES.update({"-∞": -math.inf, "-inf": -math.inf})
_SYMBOL = re.compile(r"""[^\s()|;"'`,#][^\s()|;"'`,]*\Z""")  # the characters of a bare symbol


def parse_atom(token: str) -> Any:
    """The atom that ``token`` (a run of symbol characters, not ``"."``) stands for: ``NIL``, an int, a
    float (``2.5``, ``1e6``, ``∞``/``inf``, ``-∞``/``-inf``), or else the interned symbol (``str``).
    An integer longer than Python's limit (:func:`sys.get_int_max_str_digits`) raises its ``ValueError``.

    >>> parse_atom("NIL"), parse_atom("-12"), parse_atom("1e3"), parse_atom("inf"), parse_atom("LOSE")
    (NIL, -12, 1000.0, inf, 'LOSE')
    """
    if token == "NIL":
        return NIL
    if _INTEGER.match(token):
        return int(token)
    if _DECIMAL.match(token):
        return float(token)
    return _INFINITIES.get(token) or sys.intern(token)


class PrintError(ValueError):
    """A value that the printer cannot write: an integer longer than Python's limit on digits
    (:func:`sys.get_int_max_str_digits`, 4,300 by default; ``sys.set_int_max_str_digits`` raises it)."""


def atom_to_string(x: Any) -> str:
    """Lisp notation for an atom: ``NIL`` (and ``False``), ``T``, numbers as Python writes them (``∞``
    for infinity), a symbol bare if it reads back as itself, else barred; another value ``#<repr>``.
    An integer longer than Python's limit on digits raises :class:`PrintError`.

    >>> [atom_to_string(x) for x in (NIL, "G", "two words", "12", -3, float("-inf"), False, None)]
    ['NIL', 'G', '|two words|', '|12|', '-3', '-∞', 'NIL', '#<None>']
    """
    if x is NIL or x is False:
        return "NIL"
    if isinstance(x, str):  # bare if it reads back as itself
        if _SYMBOL.match(x) and not _DECIMAL.match(x) and x not in (".", "NIL") and x not in _INFINITIES:
            return x
        return "|" + x.replace("\\", "\\\\").replace("|", "\\|") + "|"
    if x is True:
        return "T"
    if isinstance(x, int):
        try:
            return str(x)
        except ValueError as e:
            digits = int(x.bit_length() * math.log10(2))
            raise PrintError(f"cannot print an integer of about {digits:,} digits: {e}") from None
    if isinstance(x, float):
        return ("∞" if x > 0 else "-∞") if math.isinf(x) else repr(x)
    return f"#<{x!r}>"


def to_string(x: Any) -> str:
    """Lisp notation for ``x``, the cell's own ``repr``; a loop at any length and depth.  Raises
    :class:`PrintError` for an integer longer than Python's limit on digits.

    >>> to_string(lisp(1, Cons(2, "G"), "two words", NIL, "NIL", float("inf"), True))
    '(1 (2 . G) |two words| NIL |NIL| ∞ T)'
    """
    out: list[str] = []
    pending: list[Any] = []  # the cdrs still to print, innermost list last
    while True:
        # Descend through cars, opening a list at each cons cell.
        while type(x) is Cons:
            out.append("(")
            pending.append(x.cdr)
            x = x.car
        out.append(atom_to_string(x))
        # Climb: continue the innermost open list, or close it.
        while pending:
            rest = pending.pop()
            if type(rest) is Cons:
                out.append(" ")
                pending.append(rest.cdr)
                x = rest.car
                break
            if rest is not NIL:
                out.append(" . ")
                out.append(atom_to_string(rest))
            out.append(")")
        else:
            return "".join(out)


# The reader: token by token, an explicit stack for the open lists.


class ReadError(ValueError):
    """Malformed Lisp text.  ``line`` and ``column`` count from 1; ``reason`` is the fault.

    >>> try:
    ...     read("(1 2 . G H)")
    ... except ReadError as error:
    ...     error.line, error.column, error.reason
    (1, 10, 'only one tail may follow the dot')
    """

    def __init__(self, reason: str, line: int, column: int) -> None:
        self.reason, self.line, self.column = reason, line, column
        super().__init__(f"line {line}, column {column}: {reason}")


_TOKEN = re.compile(  # the kinds of token, each a named group; blanks and comments are "space"
    r"""(?P<space>\s+|;[^\n]*)|(?P<open>\()|(?P<close>\))|(?P<barred>\|(?:[^|\\]|\\.)*\|)"""
    r"""|(?P<unclosed_bar>\|)|(?P<atom>[^\s()|;"'`,]+)|(?P<stray>.)""",
    re.DOTALL,
)
_UNBAR = re.compile(r"\\(.)", re.DOTALL)


def _fault(reason: str, text: str, offset: int) -> ReadError:
    """The error ``reason`` at ``offset`` in ``text``, its line and column counted from 1."""
    return ReadError(reason, text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset))


class _Frame:
    """A list being read (or the top level): its elements, its dotted tail, and where it opened."""

    __slots__ = ("items", "offset", "state", "tail")

    def __init__(self, offset: int) -> None:
        self.items: list[Any] = []
        self.tail: Any = NIL
        self.state = "items"  # then "dot" (after the dot) and "tail" (after the tail)
        self.offset = offset

    def add(self, value: Any) -> None:
        if self.state == "dot":
            self.tail, self.state = value, "tail"
        else:
            self.items.append(value)


def read(text: str) -> Any:
    """Read exactly one S-expression from ``text``: lists ``(G B B W R G)``, ``()`` or ``NIL``, dotted
    pairs ``(1 . G)`` and lists ``(1 2 . G)``; numbers (``16``, ``-3``, ``2.5``, ``1e6``, ``∞`` or
    ``inf``); symbols, any other run of characters without blanks or ``( ) | ; " ' ` ,``, case kept
    and interned (``|two words|`` between bars, with ``\\|`` and ``\\\\`` inside); ``;`` comments to
    the end of the line.  Malformed text, or an integer longer than Python's limit on digits, raises
    :class:`ReadError` (a ``ValueError``) with the line and column of the fault.

    >>> read("((1 . G) (2 3))")
    ((1 . G) (2 3))
    """
    if not isinstance(text, str):
        raise TypeError(f"read: expected a str of Lisp text, got {type(text).__name__}")
    top = _Frame(0)  # the top level: a frame that holds one datum
    stack = [top]  # then the lists open, innermost last
    for m in _TOKEN.finditer(text):
        kind, token, at = m.lastgroup, m.group(), m.start()
        if kind == "space":
            continue
        f = stack[-1]
        if kind == "close":
            if f is top:
                raise _fault("unexpected ')'", text, at)
            if f.state == "dot":
                raise _fault("a dot must be followed by one tail before ')'", text, at)
            stack.pop()
            stack[-1].add(from_iterable(f.items, f.tail))
        elif top.items:
            raise _fault("text after the expression", text, at)
        elif kind == "atom" and token == ".":
            if f is top:
                raise _fault("a dot outside a list", text, at)
            if f.state != "items" or not f.items:
                raise _fault("a dot must stand between the elements and the tail", text, at)
            f.state = "dot"
        elif f.state == "tail":
            raise _fault("only one tail may follow the dot", text, at)
        elif kind == "open":
            stack.append(_Frame(at))
        else:
            f.add(_atom(kind, token, text, at))
    if len(stack) > 1:
        raise _fault("'(' is never closed", text, stack[-1].offset)
    if not top.items:
        raise _fault("nothing to read", text, len(text))
    return top.items[0]


def _atom(kind: str | None, token: str, text: str, at: int) -> Any:
    """The atom of the token ``token`` of ``kind``, at ``at`` in ``text``, or the ReadError there."""
    if kind == "barred":
        return sys.intern(_UNBAR.sub(r"\1", token[1:-1]))
    if kind == "unclosed_bar":
        raise _fault("a symbol opened with '|' is never closed", text, at)
    if kind == "stray":
        raise _fault(f"unexpected character {token!r}", text, at)
    if token.startswith("#"):
        raise _fault(f"unreadable object {token!r}", text, at)
    try:
        return parse_atom(token)
    except ValueError as e:  # an integer longer than Python's limit on digits
        raise _fault(str(e), text, at) from None
