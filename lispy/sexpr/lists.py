"""The list functions McCarthy takes as given, under his names, as loops that run on lists of 10^6 elements.

Each docstring gives the equation (the LISP 1.5 manual, appendix A, or the notes), then shapes and
errors; the tests check each loop against its equation run as a recursion.  The functions the notes
define themselves (``upto``, ``mapcar2``, ``mapchoose``, ``mapapp``) are transcribed in the chapters.
Lists come first (``mapcar[u, f]``), ``a NIL = d NIL = NIL``, and ``a`` or ``d`` of another atom
raises :class:`~lispy.sexpr.data.LispTypeError` naming the function.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from lispy.sexpr.data import NIL, Cons, LispTypeError, _equal, _not_a_list, from_iterable, to_pylist
from lispy.sexpr.data import lisp as lisp  # the examples build their lists with it

Fn = Callable[[Any], Any]


def _cells(u: Any, fname: str) -> Iterator[Cons]:
    """Each cell of the proper list ``u``, then a LispTypeError naming ``fname`` at an atom tail."""
    x = u
    while type(x) is Cons:
        yield x
        x = x.cdr
    if x is not NIL:
        raise _not_a_list(fname, u, x)


def n(u: Any) -> bool:
    """``n u``: true when ``u`` is ``NIL`` (LISP's ``null``).  Any other value gives false.

    >>> n(NIL), n(lisp()), n(lisp(NIL)), n(0)
    (True, True, False, False)
    """
    return u is NIL


def a(u: Any) -> Any:
    """``a u``: the car of ``u``.  ``a (x . y) = x``; ``a NIL = NIL`` (as in MacLisp and Common Lisp: ch.
    5's ``lose p₀`` relies on it); any other atom raises :class:`LispTypeError`.

    >>> a(lisp("G", "B")), a(Cons(1, "G")), a(NIL)
    ('G', 1, NIL)
    >>> a("G")
    Traceback (most recent call last):
        ...
    lispy.sexpr.data.LispTypeError: a: the argument G (a symbol) is an atom, not a list
    """
    try:
        return u.car
    except AttributeError:
        raise LispTypeError("a", u) from None


def d(u: Any) -> Any:
    """``d u``: the cdr of ``u``.  ``d (x . y) = y``; ``d NIL = NIL``; other atoms raise as for :func:`a`.

    >>> d(lisp("G", "B")), d(Cons(1, "G")), d(NIL)
    ((B), 'G', NIL)
    """
    try:
        return u.cdr
    except AttributeError:
        raise LispTypeError("d", u) from None


def cons(x: Any, y: Any) -> Cons:
    """``x . y``: the cons cell with car ``x`` and cdr ``y``.  ``1 . (2 3) = (1 2 3)``.

    >>> cons(1, lisp(2, 3)), cons(1, "G"), cons(1, NIL)
    ((1 2 3), (1 . G), (1))
    """
    return Cons(x, y)


def atom(x: Any) -> bool:
    """``atom x``: true unless ``x`` is a cons cell (``NIL`` is an atom).  LISP 1.5.

    >>> atom("G"), atom(16), atom(NIL), atom(lisp("G"))
    (True, True, True, False)
    """
    return type(x) is not Cons


def eq(x: Any, y: Any) -> bool:
    """``x eq y``: the same object: cells only when they are one cell, atoms when equal in value (Common
    Lisp's ``eql``).  ``upto`` relies on it to recognise a tail of a list.  LISP 1.5 ``eq``.

    >>> u = lisp(1, 2)
    >>> eq("G", "G"), eq(u, u), eq(u, lisp(1, 2)), eq(d(u), d(u))
    (True, True, False, True)
    """
    return x is y or (type(x) is not Cons and type(y) is not Cons and x == y)


def equal(x: Any, y: Any) -> bool:
    """``x = y``: the same structure (LISP's ``equal``), the notes' ``=``.  Any length and depth.

    >>> equal(lisp(1, Cons(2, "G")), lisp(1, Cons(2, "G"))), equal(lisp(1), lisp(1.0)), equal(lisp(1), 1)
    (True, True, False)
    """
    return x is y or (_equal(x, y) if type(x) is Cons else x == y)


def length(u: Any) -> int:
    """``length u ← if n u then 0 else 1 + length d u``.  Raises on an atom or a dotted list.

    >>> length(lisp("G", lisp(1, 2), NIL)), length(NIL)
    (3, 0)
    """
    k, x = 0, u
    while type(x) is Cons:
        k, x = k + 1, x.cdr
    if x is not NIL:
        raise _not_a_list("length", u, x)
    return k


def member(x: Any, u: Any) -> bool:
    """``x ε u ← if n u then false else x = a u ∨ x ε d u``: is ``x`` an element of ``u`` (by ``=``)?
    LISP 1.5 ``member``; ch. 5's ``lose p ← a p ε d p``.  Raises on reaching an atom tail.

    >>> member("B", lisp("G", "B")), member(lisp(1), lisp(lisp(1), 2)), member(3, NIL)
    (True, True, False)
    """
    y = u
    while type(y) is Cons:
        if equal(x, y.car):
            return True
        y = y.cdr
    if y is not NIL:
        raise _not_a_list("member", u, y)
    return False


def nth(u: Any, k: int) -> Any:
    """``nth[u,k] ← if k = 1 then u else nth[d u, k-1]``: the tail of ``u`` starting at element ``k``
    (ch. 5's ``a nth[puzz, 1 + length a p]`` is an element); past the end, ``NIL``.  Raises
    ``ValueError`` unless ``k`` is an integer ≥ 1, :class:`LispTypeError` on reaching an atom.

    >>> u = lisp("G", "B", "W")
    >>> nth(u, 1), nth(u, 2), a(nth(u, 3)), nth(u, 5)
    ((G B W), (B W), 'W', NIL)
    """
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"nth: the index must be an integer >= 1 (nth[u,1] = u), got {k!r}")
    x = u
    for _ in range(k - 1):
        if type(x) is Cons:
            x = x.cdr
        elif x is NIL:
            return NIL
        else:
            raise _not_a_list("nth", u, x)
    return x


def assoc(x: Any, al: Any) -> Any:
    """``assoc[x,l] ← if n l then NIL else if a a l = x then a l else assoc[x, d l]``: the first entry
    of ``l`` whose car is ``x`` (by ``=``), or ``NIL`` (LISP 1.5; ``NIL`` as in MacLisp).  Ch. 5's
    ``d assoc[a p, graph]`` is a vertex's neighbours.

    >>> graph = lisp(lisp("A", "B", "C"), lisp("B", "C"), lisp("C"))
    >>> assoc("B", graph), d(assoc("A", graph)), assoc("D", graph)
    ((B C), (B C), NIL)
    """
    y = al
    while type(y) is Cons:
        entry = y.car
        if type(entry) is not Cons and entry is not NIL:
            raise LispTypeError("assoc", entry, "is an atom, not an entry (key . value)")
        if equal(x, entry.car):  # a NIL = NIL: an entry NIL has the key NIL
            return entry
        y = y.cdr
    if y is not NIL:
        raise _not_a_list("assoc", al, y)
    return NIL


def reverse(u: Any) -> Any:
    """``reverse u``: the elements of ``u`` in the opposite order.  LISP 1.5::

        reverse u ← rev[u, NIL]
        rev[u,r]  ← if n u then r else rev[d u, a u . r]

    >>> reverse(lisp(1, lisp(2, 3), 4)), reverse(NIL)
    ((4 (2 3) 1), NIL)
    """
    return from_iterable(to_pylist(u, "reverse")[::-1])


def append(u: Any, v: Any) -> Any:
    """``u * v ← if n u then v else a u . [d u * v]``: the elements of ``u`` followed by ``v``, ``u``'s
    cells copied and ``v`` shared.  LISP 1.5 ``append``; the notes write it ``*``.

    >>> v = lisp(3)
    >>> append(lisp(1, 2), v), append(NIL, v) is v, append(lisp(1), "G")
    ((1 2 3), True, (1 . G))
    """
    return from_iterable(to_pylist(u, "append (*)"), v)


def prup(u: Any, v: Any) -> Any:
    """``prup[u,v] ← if n u then NIL else [a u . a v] . prup[d u, d v]``: pair up two lists in an
    association list (LISP 1.5 ``pair``; ch. 5's ``puzz3``).  Missing elements of ``v`` read as ``NIL``.

    >>> prup(lisp(1, 2, 3), lisp("G", "B")), prup(NIL, lisp(1))
    (((1 . G) (2 . B) (3)), NIL)
    """
    pairs, y = [], v
    for x in to_pylist(u, "prup"):
        pairs.append(Cons(x, a(y)))
        y = d(y)
    return from_iterable(pairs)


def sublis(s: Any, e: Any) -> Any:
    """``sublis[s,e]``: ``e`` with each atom that is a key of the association list ``s`` replaced by
    its value, at any size and depth (ch. 5's ``puzz4``).  LISP 1.5::

        sublis[s,e] ← if atom e then sub2[s,e] else sublis[s, a e] . sublis[s, d e]
        sub2[s,z]   ← if n s then z else if a a s eq z then d a s else sub2[d s, z]

    >>> s = lisp(Cons(1, "G"), Cons(2, "B"))
    >>> sublis(s, lisp(2, 1, 2)), sublis(s, lisp(1, lisp(3, 2))), sublis(s, 2)
    ((B G B), (G (3 B)), 'B')
    """
    table: dict[Any, Any] = {}
    for entry in to_pylist(s, "sublis"):
        if type(entry) is not Cons:
            raise LispTypeError("sublis", entry, "is an atom, not an entry (key . value)")
        if type(entry.car) is not Cons:  # a cons key is eq to no atom
            table.setdefault(entry.car, entry.cdr)  # the first entry for a key wins

    def sub2(z: Any) -> Any:
        try:
            return table.get(z, z)
        except TypeError:  # an unhashable Python value is no key
            return z

    done: list[Any] = []  # the subtrees rebuilt, each cell after its car and cdr, on explicit stacks
    todo = [e]  # the subtrees still to rebuild, and _BUILD: a cell from the last two done
    while todo:
        x = todo.pop()
        if x is _BUILD:
            cdr = done.pop()
            done[-1] = Cons(done[-1], cdr)
        elif type(x) is Cons:
            todo += (_BUILD, x.cdr, x.car)
        else:
            done.append(sub2(x))
    return done[0]


_BUILD = object()


def orlis(u: Any, p: Fn) -> bool:
    """``orlis[u,p] ← if n u then false else p[a u] ∨ orlis[d u, p]``: does some element satisfy ``p``?
    Stops at the first that does.  Ch. 5's ``lose p ← orlis[p, λu. a u ε d u]``.

    >>> orlis(lisp(1, 2, 3), lambda x: x > 2), orlis(lisp(1, 2), lambda x: x > 2), orlis(NIL, bool)
    (True, False, False)
    """
    for cell in _cells(u, "orlis"):
        if p(cell.car):
            return True
    return False


def andlis(u: Any, p: Fn) -> bool:
    """``andlis[u,p] ← if n u then true else p[a u] ∧ andlis[d u, p]``: do all elements satisfy ``p``?

    >>> andlis(lisp(1, 2, 3), lambda x: x > 0), andlis(lisp(1, -2), lambda x: x > 0), andlis(NIL, bool)
    (True, False, True)
    """
    for cell in _cells(u, "andlis"):
        if not p(cell.car):
            return False
    return True


def mapcar(u: Any, f: Fn) -> Any:
    """``mapcar[u,f] ← if n u then NIL else f[a u] . mapcar[d u, f]``: ``f`` of each element.

    >>> mapcar(lisp(1, 2, 3), lambda x: x + 1)
    (2 3 4)
    """
    return from_iterable([f(x) for x in to_pylist(u, "mapcar")])


def maplist(u: Any, f: Fn) -> Any:
    """``maplist[u,f] ← if n u then NIL else f[u] . maplist[d u, f]``: ``f`` of each *tail*, ``u``'s
    own cells (ch. 5's ``cycles`` compares them with ``eq``).  LISP 1.5.

    >>> maplist(lisp(1, 2, 3), lambda x: x)
    ((1 2 3) (2 3) (3))
    """
    return from_iterable([f(cell) for cell in _cells(u, "maplist")])
