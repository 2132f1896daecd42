"""What lispy's definitions need to run that is neither Lisp data nor the notes: deep recursion, and
a cap on memory.

:mod:`lispy.runtime.recursion` runs the notes' recursive definitions as deep as their data goes
(:func:`~lispy.runtime.recursion.run_deep`, :func:`~lispy.runtime.recursion.deep`), ending in
:class:`~lispy.runtime.recursion.RecursionTooDeep` instead of a crash.  :mod:`lispy.runtime.memory`
caps the REPL's memory so that a runaway list ends in ``MemoryError``, before the kernel's
out-of-memory killer ends the process.
"""
