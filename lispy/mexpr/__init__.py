"""McCarthy's M-expressions: read the notes' notation, compile it to Python, and run it.

Read by :mod:`~lispy.mexpr.syntax` (with :mod:`~lispy.mexpr.quoting`), built as Python's syntax tree
by :mod:`~lispy.mexpr.codegen`, compiled by :mod:`~lispy.mexpr.compiler`, run in an
:mod:`~lispy.mexpr.environment` against :mod:`~lispy.mexpr.prelude`, failures told by
:mod:`~lispy.mexpr.diagnosis`; the notes' own sources are :mod:`~lispy.mexpr.program`'s, and the REPL
is :mod:`~lispy.mexpr.session` (with :mod:`~lispy.mexpr.problems`).
"""
