"""``python -m lispy``: the M-expression REPL (:mod:`lispy.cli.repl`)."""

from lispy.cli.repl import entry

if __name__ == "__main__":
    entry("python -m lispy")
