"""The printer: Lisp data to Lisp notation, the inverse of :func:`lispy.sexpr.reader.read`.

``to_string(x)`` writes lists as ``(x1 x2 ... xn)``, dotted pairs and dotted
lists as ``(x . y)`` and ``(x1 x2 . y)``, ``NIL`` as ``NIL``, numbers as Python
writes them except ``∞`` and ``-∞``, and a symbol bare when it would read back
as the same symbol, otherwise between bars: ``|two words|``, ``|12|``, ``|NIL|``.
So ``read(to_string(x)) == x`` for every Lisp datum (NaN, never equal to
itself, aside).  ``True`` and ``False``, which are truth values and not data,
print as ``T`` and ``NIL``; any other Python object prints as ``#<repr>``.

The walk is a loop with an explicit stack: lists of any length and trees of
any depth print without recursion.
"""

from __future__ import annotations

from typing import Any

from lispy.sexpr.atoms import atom_to_string
from lispy.sexpr.data import NIL, Cons

__all__ = ["to_string"]


def to_string(x: Any) -> str:
    """Lisp notation for ``x``: ``to_string(lisp(1, Cons(2, "G")))`` is ``"(1 (2 . G))"``."""
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
