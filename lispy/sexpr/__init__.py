"""S-expressions: Lisp data and its notation (:mod:`~lispy.sexpr.data`: ``NIL``, atoms, the cons cell,
the reader and the printer), the list functions McCarthy takes as given, as loops
(:mod:`~lispy.sexpr.lists`), and conversions to and from nested Python data
(:mod:`~lispy.sexpr.conversions`); the M-expressions that run on them are :mod:`lispy.mexpr`'s.
"""
