"""``python -m lispy`` and the ``lispy`` command: the M-expression REPL (:mod:`lispy.cli.repl`).

The REPL is imported inside :func:`entry`, so that a Ctrl-C while it loads ends as Ctrl-C ends
everywhere in lispy: one line, ``interrupted``, and exit status 130 (:mod:`lispy.cli`).
"""

import sys


def entry(prog: str = "lispy") -> None:
    """Load the REPL and run it as ``prog``; a Ctrl-C while loading is one line and status 130."""
    try:
        from lispy.cli.repl import entry as repl
    except KeyboardInterrupt:
        sys.stderr.write(("\n" if sys.stderr.isatty() else "") + "interrupted\n")
        raise SystemExit(130) from None
    repl(prog)


if __name__ == "__main__":
    entry("python -m lispy")
