"""S-expressions: Lisp data (``NIL``, atoms, the cons cell), its reader and printer (which depend on the
data, not on each other), pickling and conversions, and McCarthy's list functions, as loops
(:mod:`~lispy.sexpr.lists`) and as the notes' equations read (:mod:`~lispy.sexpr.literal`); the
M-expressions that run on them are :mod:`lispy.mexpr`'s.
"""
