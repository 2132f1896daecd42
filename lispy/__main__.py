"""``python -m lispy`` and the ``lispy`` command: the M-expression REPL (:mod:`lispy.cli.repl`)."""


def entry(prog: str = "lispy") -> None:
    """Load the REPL and run it as ``prog``; a Ctrl-C while loading ends as everywhere in lispy (one line,
    ``interrupted``, and status 130: :func:`lispy.cli.interrupt_exits`)."""
    from lispy import cli

    cli.interrupt_exits()
    from lispy.cli.repl import entry as repl

    repl(prog)


if __name__ == "__main__":
    entry("python -m lispy")
