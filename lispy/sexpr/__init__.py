"""S-expressions: Lisp data and McCarthy's list functions (the M-expressions that run on them are
:mod:`lispy.mexpr`'s).

- :mod:`lispy.sexpr.nil`: ``NIL``, the empty list and an atom;
- :mod:`lispy.sexpr.data`: the cons cell and its protocol (``==``, ``hash``, ``repr``, ``pickle``), lists
  from Python sequences;
- :mod:`lispy.sexpr.pickling`: a cell pickled as one flat array, crafted pickles refused with
  ``LispPickleError``, and ``loads`` that reads only Lisp data;
- :mod:`lispy.sexpr.collector`: the garbage collector paused while many cells are built;
- :mod:`lispy.sexpr.conversions`: nested Python data to Lisp data and back;
- :mod:`lispy.sexpr.atoms`: how an atom is written and read (shared by the reader and the printer);
- :mod:`lispy.sexpr.reader`: Lisp text to Lisp data, ``read("(1 . G)")``;
- :mod:`lispy.sexpr.printer`: Lisp data to Lisp text, ``to_string(x)`` (the cell's own ``repr``);
- :mod:`lispy.sexpr.lists`: McCarthy's list functions under his names (``a``, ``d``, ``n``,
  ``cons``, ``append``, ``member``, ``mapcar``, …), as loops;
- :mod:`lispy.sexpr.literal`: the same functions as their recursive equations read.

The reader and the printer depend on the data and on :mod:`lispy.sexpr.atoms`, not on
each other.
"""
