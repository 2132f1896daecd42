"""``%load_ext lispy``: McCarthy's M-expressions in IPython and Jupyter (``docs/mexpr.md``).

After ``%load_ext lispy`` a notebook has the REPL of ``python -m lispy`` in its cells, one session for
the whole notebook::

    %%mexpr
    :notes chapter5_insanity chapter5_search
    search p₀

prints ``((G W R B) (R W G B) (B R G W) (W B G R))``; ``%mexpr twice 21`` runs one line.  An input
that fails ends its cell as a Python exception does, with the REPL's message alone (on which
``jupyter nbconvert --execute`` stops).  Cons cells and ``NIL`` display in Lisp notation.  It needs
IPython (``pip install 'lispy[jupyter]'``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NoReturn

from IPython.core.interactiveshell import InteractiveShell
from IPython.core.magic import Magics, cell_magic, line_magic, magics_class

from lispy.mexpr.session import Session
from lispy.notes.applications import REPL_APPLICATIONS
from lispy.sexpr.data import Cons, Nil, to_string


class MExpressionError(Exception):
    """An input of a ``%%mexpr`` cell failed; the message is the REPL's, and IPython shows it alone."""

    def _render_traceback_(self) -> list[str]:  # IPython's hook: the lines to show for the error
        return str(self).splitlines()


@magics_class
class MExpressionMagics(Magics):
    """The ``%mexpr`` and ``%%mexpr`` magics, backed by one :class:`~lispy.mexpr.session.Session`."""

    def __init__(self, shell: InteractiveShell) -> None:
        super().__init__(shell)
        self.session = Session(complain=_fail, applications=REPL_APPLICATIONS)  # the notebook's

    @line_magic
    def mexpr(self, line: str) -> None:
        """``%mexpr INPUT``: evaluate one input and print its value; raise its error."""
        self._run([line])

    @cell_magic("mexpr")  # type: ignore[arg-type]  # IPython types the decorator for a bare function
    def mexpr_cell(self, line: str, cell: str) -> None:
        """``%%mexpr``: run the cell's inputs (the first after ``%%mexpr``, if any) up to one that fails."""
        self._run([line, *cell.splitlines()] if line.strip() else cell.splitlines())

    def _run(self, lines: Iterable[str]) -> None:
        self.session.done = False  # :quit ends a cell's inputs, not the notebook's session
        self.session.run_lines(lines)


def _fail(message: str) -> NoReturn:
    raise MExpressionError(message)


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
