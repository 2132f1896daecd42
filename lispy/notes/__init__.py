"""The notes' definitions as source files, in McCarthy's M-expression notation.

Each ``*.m`` file holds the definitions of one part of a chapter exactly as the
notes print them, typos included; each ``*.corrections.m`` beside it holds the
corrected forms that ERRATA.md describes, each marked with its erratum.
:func:`lispy.mexpr.program.notes` reads them.
"""
