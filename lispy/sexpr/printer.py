"""The printer: Lisp data to Lisp notation, the inverse of :func:`lispy.sexpr.reader.read`.

``to_string(x)`` writes lists as ``(x1 x2 ... xn)``, dotted pairs and dotted
lists as ``(x . y)`` and ``(x1 x2 . y)``, ``NIL`` as ``NIL``, numbers as Python
writes them except ``∞`` and ``-∞``, and a symbol bare when it would read back
as the same symbol, otherwise between bars: ``|two words|``, ``|12|``, ``|NIL|``.
So ``read(to_string(x)) == x`` for every Lisp datum (NaN, never equal to
itself, aside) whose integers are within lispy's limit on digits (a million unless
:func:`lispy.sexpr.atoms.set_max_digits` changed it); past it, ``to_string`` raises
:class:`lispy.sexpr.atoms.IntegerTooLong`.  ``True`` and ``False``, which are truth values and not data,
print as ``T`` and ``NIL``; any other Python object prints as ``#<repr>``.

The walk is a loop with an explicit stack: lists of any length and trees of
any depth print without recursion.  It is the cell's own ``repr``, so it is defined with the cell,
in :mod:`lispy.sexpr.data`; this module is its public name, the reader's counterpart.

>>> from lispy.sexpr.data import NIL, Cons, lisp
>>> to_string(lisp("G", Cons(1, "B"), lisp(), "NIL", "12"))
'(G (1 . B) NIL |NIL| |12|)'
"""

from __future__ import annotations

from lispy.sexpr.data import to_string

__all__ = ["to_string"]
