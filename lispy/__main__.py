"""``python -m lispy``: the M-expression REPL (:mod:`lispy.mexpr.repl`)."""

from lispy.mexpr.repl import entry

if __name__ == "__main__":
    entry()
