"""The notation: Lisp data and McCarthy's list functions.

- :mod:`lispy.lisp.data`: the cons cell, ``NIL``, atoms, lists from Python sequences;
- :mod:`lispy.lisp.conversions`: nested Python data to Lisp data and back;
- :mod:`lispy.lisp.pickling`: a cell pickled as one flat array, whatever its length and depth;
- :mod:`lispy.lisp.atoms`: how an atom is written and read (shared by the reader and the printer);
- :mod:`lispy.lisp.reader`: Lisp text to Lisp data, ``read("(1 . G)")``;
- :mod:`lispy.lisp.printer`: Lisp data to Lisp text, ``to_string(x)``;
- :mod:`lispy.lisp.lists`: McCarthy's list functions under his names (``a``, ``d``, ``n``,
  ``cons``, ``append``, ``member``, ``mapcar``, …), as loops;
- :mod:`lispy.lisp.literal`: the same functions as their recursive equations read;
- :mod:`lispy.lisp.recursion`: running the notes' deep recursions.

The reader and the printer depend on the data and on :mod:`lispy.lisp.atoms`, not on
each other.
"""
