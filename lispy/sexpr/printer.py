"""The printer: Lisp data to Lisp notation, the inverse of :func:`lispy.sexpr.reader.read`.

``read(to_string(x)) == x`` for every Lisp datum (NaN aside) within lispy's limit on digits.  Being
the cell's own ``repr``, a loop of any length and depth, it is defined with the cell.

>>> from lispy.sexpr.data import NIL, Cons, lisp
>>> to_string(lisp("G", Cons(1, "B"), lisp(), "NIL", "12"))
'(G (1 . B) NIL |NIL| |12|)'
"""

from __future__ import annotations

from lispy.sexpr.data import to_string

__all__ = ["to_string"]
