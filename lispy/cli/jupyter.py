"""``%load_ext lispy``: McCarthy's M-expressions in IPython and Jupyter.

After ``%load_ext lispy`` a notebook has the REPL of ``python -m lispy`` in its cells, one session for
the whole notebook (definitions kept from cell to cell, ``:notes PART``, errors worded as in the
terminal, and a failing input does not stop the inputs after it)::

    %%mexpr
    :notes chapter5_insanity chapter5_search
    search p₀

prints ``((G W R B) (R W G B) (B R G W) (W B G R))``.  ``%mexpr twice 21`` runs one line.  Values
print on standard output, errors on standard error, as in the terminal.  Cons cells and ``NIL`` that a
Python cell returns display in Lisp notation.

It needs IPython (``pip install 'lispy[jupyter]'``).
"""

from __future__ import annotations

from typing import Any

from IPython.core.interactiveshell import InteractiveShell
from IPython.core.magic import Magics, cell_magic, line_magic, magics_class

from lispy.cli.repl import run_lines
from lispy.mexpr.session import Session
from lispy.sexpr.data import Cons
from lispy.sexpr.nil import Nil
from lispy.sexpr.printer import to_string

__all__ = ["MExpressionMagics", "load_ipython_extension"]


@magics_class
class MExpressionMagics(Magics):
    """The ``%mexpr`` and ``%%mexpr`` magics, backed by one :class:`~lispy.mexpr.session.Session`."""

    def __init__(self, shell: InteractiveShell) -> None:
        super().__init__(shell)
        self.session = Session()
        """The notebook's session: its definitions, and how many inputs have failed."""

    @line_magic
    def mexpr(self, line: str) -> None:
        """``%mexpr INPUT``: evaluate one input and print its value or its error."""
        run_lines(self.session, [line])

    @cell_magic("mexpr")  # type: ignore[arg-type]  # IPython types the decorator for a bare function
    def mexpr_cell(self, line: str, cell: str) -> None:
        """``%%mexpr``: evaluate the cell's inputs in turn, as ``python -m lispy`` does a file's lines
        (anything after ``%%mexpr`` on its own line is the first of them)."""
        run_lines(self.session, [line, *cell.splitlines()] if line.strip() else cell.splitlines())


def _pretty(value: Any, printer: Any, cycle: bool) -> None:
    printer.text(to_string(value))


def load_ipython_extension(shell: InteractiveShell) -> None:
    """What ``%load_ext lispy`` runs: the magics, and Lisp notation for cells and ``NIL``."""
    shell.register_magics(MExpressionMagics(shell))
    formatter = shell.display_formatter
    assert formatter is not None  # an InteractiveShell always has one
    plain = formatter.formatters["text/plain"]
    for kind in (Cons, Nil):
        plain.for_type(kind, _pretty)
