"""What lispy's definitions need to run that is neither Lisp data nor the notes: deep recursion.

:mod:`lispy.runtime.recursion` runs the notes' recursive definitions as deep as their data goes
(:func:`~lispy.runtime.recursion.run_deep`, :func:`~lispy.runtime.recursion.deep`), ending in
:class:`~lispy.runtime.recursion.RecursionTooDeep` instead of a crash.  (Counting what a
search does is :mod:`lispy.counting`.)
"""
