"""``python -m lispy`` and the ``lispy`` command: the M-expression REPL (:mod:`lispy.cli.repl`)."""

import sys


def entry(prog: str = "lispy") -> None:
    """Load the REPL and run it as ``prog``; a Ctrl-C while loading ends as everywhere in lispy (one line,
    ``interrupted``, and status 130: :mod:`lispy.cli`)."""
    try:
        from lispy.cli.repl import entry as repl
    except KeyboardInterrupt:
        sys.stderr.write(("\n" if sys.stderr.isatty() else "") + "interrupted\n")
        raise SystemExit(130) from None
    repl(prog)


if __name__ == "__main__":
    entry("python -m lispy")
