"""lispy: John McCarthy's 1973 notes on tree search and game trees, runnable in Python.

The Lisp data (:mod:`lispy.sexpr`), the notes' definitions transcribed near-literally
(:mod:`lispy.chapter5`, :mod:`lispy.chapter6`), the companion sources (AIMA's :mod:`lispy.aima`,
CS61B's :mod:`lispy.cs61b`, on the games of :mod:`lispy.games`), and :mod:`lispy.mexpr`, which reads
and runs the notes' own M-expressions (``python -m lispy``).  Where the code differs from the notes
as printed, ERRATA.md says where and why.  This package gives the notation and chapter 5's search
in one import:

>>> from lispy import read, mapcar
>>> mapcar(read("(1 2 3)"), lambda x: x * x)
(1 4 9)

In IPython or Jupyter, ``%load_ext lispy`` gives the ``%%mexpr`` cell magic (:mod:`lispy.cli.jupyter`).

Each name is imported from its module when first read (PEP 562): ``import lispy`` loads no part of
lispy that a program does not use.  The names are listed once, in the stub ``lispy/__init__.pyi``
that type checkers read and this module reads (stub-driven lazy loading, as SPEC 1's lazy_loader).
"""

from __future__ import annotations

import ast
import importlib
from typing import Any


def _names() -> dict[str, str]:
    """Each public name and its module, from the ``from MODULE import NAME as NAME`` lines of the stub."""
    # the loader reads it from the folder, or from a zip archive the package is imported from
    stub = ast.parse(__loader__.get_data(__file__.removesuffix(".py") + ".pyi").decode("utf-8"))
    return {
        alias.asname or alias.name: node.module
        for node in stub.body
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("lispy.")
        for alias in node.names
    }


_MODULE = _names()
__all__ = [*_MODULE, "load_ipython_extension"]


def __getattr__(name: str) -> Any:
    """``lispy.name``: imported from its module when first read, then kept here."""
    if name not in _MODULE:
        raise AttributeError(f"module 'lispy' has no attribute {name!r}")
    value = globals()[name] = getattr(importlib.import_module(_MODULE[name]), name)
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def load_ipython_extension(shell: Any) -> None:
    """``%load_ext lispy`` in IPython or Jupyter: the ``%%mexpr`` magic, imported only now (IPython)."""
    from lispy.cli.jupyter import load_ipython_extension as load

    load(shell)


__version__ = "0.1.0"
