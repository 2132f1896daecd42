"""McCarthy's M-expressions: read the notes' notation and run it (issue: "run the notes as printed").

- :mod:`lispy.mexpr.syntax`: the reader (lark grammar ``mexpr.lark``) and the syntax tree;
- :mod:`lispy.mexpr.evaluator`: the evaluator, over lispy's data and list functions;
- :mod:`lispy.mexpr.program`: source files of definitions, the notes' own among them;
- :mod:`lispy.mexpr.repl`: ``python -m lispy``.
"""
