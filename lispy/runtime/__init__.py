"""What lispy's definitions need to run that is neither Lisp data nor the notes: deep recursion, and
counting what a search does.

:mod:`lispy.runtime.recursion` runs the notes' recursive definitions as deep as their data goes
(:func:`~lispy.runtime.recursion.run_deep`, :func:`~lispy.runtime.recursion.deep`), ending in
:class:`~lispy.runtime.recursion.RecursionTooDeep` instead of a crash.  :mod:`lispy.runtime.counting`
is the one counter of positions examined and the one timer.
"""
