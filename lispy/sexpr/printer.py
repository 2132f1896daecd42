"""The printer: Lisp data to Lisp notation, the inverse of :func:`lispy.sexpr.reader.read`.

``read(to_string(x)) == x`` for every Lisp datum (NaN aside) whose integers are within lispy's limit
on digits.  The walk is a loop with an explicit stack, any length and depth; being the cell's own
``repr``, it is defined with the cell (:func:`lispy.sexpr.data.to_string`), and the atoms are
written by :func:`lispy.sexpr.atoms.atom_to_string`.

>>> from lispy.sexpr.data import NIL, Cons, lisp
>>> to_string(lisp("G", Cons(1, "B"), lisp(), "NIL", "12"))
'(G (1 . B) NIL |NIL| |12|)'
"""

from __future__ import annotations

from lispy.sexpr.data import to_string

__all__ = ["to_string"]
