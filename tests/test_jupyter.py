"""``%load_ext lispy`` in IPython: the ``%%mexpr`` magic, one session per shell, cells shown as S-expressions.

Driven through IPython's own ``InteractiveShell`` (no kernel): what a notebook cell runs.
"""

from __future__ import annotations

import pytest

from lispy import lisp, read
from lispy.sexpr.data import NIL

InteractiveShell = pytest.importorskip("IPython.core.interactiveshell").InteractiveShell


@pytest.fixture(scope="module")
def shell() -> InteractiveShell:
    shell = InteractiveShell.instance()
    shell.run_line_magic("load_ext", "lispy")
    return shell


def cell(shell: InteractiveShell, capsys: pytest.CaptureFixture[str], text: str) -> tuple[str, str]:
    shell.run_cell_magic("mexpr", "", text)
    out, err = capsys.readouterr()
    return out, err


def test_a_cell_runs_the_notes_and_keeps_its_definitions_for_the_next(shell, capsys) -> None:  # type: ignore[no-untyped-def]
    out, err = cell(shell, capsys, ":notes chapter5_insanity chapter5_search\nsearch p₀\ntwice x ← x + x")
    assert out.splitlines() == [
        "loaded chapter5_insanity chapter5_search",
        "((G W R B) (R W G B) (B R G W) (W B G R))",
    ]
    assert err == ""
    out, err = cell(shell, capsys, "twice 21\nlength search p₀")
    assert out.splitlines() == ["42", "4"]


def test_errors_read_as_in_the_terminal_and_the_cell_goes_on(shell, capsys) -> None:  # type: ignore[no-untyped-def]
    out, err = cell(shell, capsys, "a 'G\nthrice x ← x + x + x\nthrice 2")
    assert err.splitlines() == [
        "error: in input, line 1, column 1: a: the argument G (a symbol) is an atom, not a list"
    ]
    assert out.splitlines() == ["6"]


def test_a_line_magic_runs_one_input(shell, capsys) -> None:  # type: ignore[no-untyped-def]
    shell.run_line_magic("mexpr", "a '(A B)")
    assert capsys.readouterr().out == "A\n"


def test_cells_and_nil_display_as_s_expressions(shell) -> None:  # type: ignore[no-untyped-def]
    formatted, _ = shell.display_formatter.format(read("(1 (2 . G) |two words|)"))
    assert formatted["text/plain"] == "(1 (2 . G) |two words|)"
    assert shell.display_formatter.format(NIL)[0]["text/plain"] == "NIL"
    assert shell.display_formatter.format(lisp())[0]["text/plain"] == "NIL"
