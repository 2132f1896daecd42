"""McCarthy's M-expressions: read the notes' notation, compile it to Python, and run it.

- :mod:`lispy.mexpr.syntax`: the reader (lark grammar ``mexpr.lark``) and the syntax tree;
- :mod:`lispy.mexpr.codegen`: the syntax tree as Python's (``ast``), node for node;
- :mod:`lispy.mexpr.compiler`: Python's ``compile`` of that tree, into functions;
- :mod:`lispy.mexpr.runtime`: what compiled code runs against (the notation, the notes' chapter I);
- :mod:`lispy.mexpr.names`: M-expression names as Python identifiers;
- :mod:`lispy.mexpr.environment`: global names, definitions, evaluation, checks before running;
- :mod:`lispy.mexpr.errors`, :mod:`lispy.mexpr.diagnosis`: errors, told in the notes' terms;
- :mod:`lispy.mexpr.program`: source files of definitions, the notes' own among them;
- :mod:`lispy.mexpr.listing`: the compiled Python, printed (``python -m lispy --python PART``);
- :mod:`lispy.mexpr.problems`: the notes' parts in a session, each problem in an environment of its own;
- :mod:`lispy.mexpr.session`: a REPL session, the terminal's (:mod:`lispy.cli.repl`) or a page's.
"""
