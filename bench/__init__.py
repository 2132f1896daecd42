"""Benchmarks: ``python -m bench`` runs them all and writes ``docs/benchmarks.md``.

Each also runs alone: ``python -m bench.chapter5``, ``bench.chapter6``, ``bench.tictactoe``,
``bench.floor``, ``bench.imports``, ``bench.mexpr``, ``bench.depths``, ``bench.build`` and ``bench.page``.

A development tool, not installed with the wheel: each prints Markdown tables, which
:mod:`bench.__main__` collects into the documentation's benchmarks page.
``bench.chapter5``, ``bench.tictactoe`` and ``bench.mexpr`` also print issue 10's goals that concern
them, each measured in the same run beside its goal and whether it is met (:mod:`bench.goals`; the
Lisp data's workloads are in :mod:`bench.lisp_data`, their pure-Python limit in
:mod:`bench.plain_cells`).
"""

from __future__ import annotations

from tabulate import tabulate

from chapters.show import NUMBER


def markdown(header: list[str], rows: list[list[str]]) -> str:
    """A Markdown table (tabulate's "pipe" format); columns whose cells are all numbers align right."""
    columns = list(zip(*rows, strict=True)) if rows else [() for _ in header]
    align = ["right" if cells and all(NUMBER.fullmatch(c) for c in cells) else "left" for cells in columns]
    return tabulate(rows, header, tablefmt="pipe", disable_numparse=True, colalign=align)
