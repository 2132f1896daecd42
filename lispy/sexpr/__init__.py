"""S-expressions: Lisp data and McCarthy's list functions (the M-expressions that run on them are
:mod:`lispy.mexpr`'s).

:mod:`~lispy.sexpr.nil` (``NIL``), :mod:`~lispy.sexpr.data` (the cons cell), :mod:`~lispy.sexpr.atoms`
(how an atom is written and read), :mod:`~lispy.sexpr.reader` and :mod:`~lispy.sexpr.printer`
(which depend on the data, not on each other), :mod:`~lispy.sexpr.conversions` (nested Python data),
:mod:`~lispy.sexpr.pickling` (``loads`` of Lisp data only); :mod:`~lispy.sexpr.lists`, McCarthy's list
functions as loops, and :mod:`~lispy.sexpr.literal`, the notes' own as their equations read.
"""
