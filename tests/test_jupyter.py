"""``%load_ext lispy`` in IPython: the ``%%mexpr`` magic, one session per shell, cells shown as S-expressions.

Driven through IPython's own ``InteractiveShell`` (no kernel): what a notebook cell runs; and, where
nbclient and ipykernel are installed, through a kernel, as ``jupyter nbconvert --execute`` runs a
notebook.
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


def test_a_failing_input_fails_its_cell_with_the_repls_message_alone(shell, capsys) -> None:  # type: ignore[no-untyped-def]
    result = shell.run_cell("%%mexpr\nthrice x ← x + x + x\na 'G\nthrice 2")
    out, err = capsys.readouterr()
    message = "error: in input, line 2, column 1: a: the argument G (a symbol) is an atom, not a list"
    assert type(result.error_in_exec).__name__ == "MExpressionError" and str(result.error_in_exec) == message
    assert out.splitlines() == [message] and "Traceback" not in out + err  # IPython shows the message alone
    assert cell(shell, capsys, "thrice 2")[0] == "6\n"  # the inputs before it were evaluated, not those after
    assert shell.run_cell("%mexpr thrice").error_in_exec is None
    assert shell.run_cell("%mexpr thrice[1,2]").error_in_exec is not None


def test_the_notebooks_session_holds_both_chapters(shell, capsys) -> None:  # type: ignore[no-untyped-def]
    out, err = cell(
        shell,
        capsys,
        ":notes chapter5_paths\n:notes chapter6_game_trees\nvalmax '((3 12 8) (2 4 6) (14 5 2))",
    )
    assert out.splitlines()[-1] == "3" and err == ""


def test_a_line_magic_runs_one_input(shell, capsys) -> None:  # type: ignore[no-untyped-def]
    shell.run_line_magic("mexpr", "a '(A B)")
    assert capsys.readouterr().out == "A\n"


def test_cells_and_nil_display_as_s_expressions(shell) -> None:  # type: ignore[no-untyped-def]
    formatted, _ = shell.display_formatter.format(read("(1 (2 . G) |two words|)"))
    assert formatted["text/plain"] == "(1 (2 . G) |two words|)"
    assert shell.display_formatter.format(NIL)[0]["text/plain"] == "NIL"
    assert shell.display_formatter.format(lisp())[0]["text/plain"] == "NIL"


def test_a_notebook_run_by_a_kernel_stops_at_the_failing_cell_with_the_repls_message() -> None:
    nbformat, nbclient = pytest.importorskip("nbformat"), pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    code = nbformat.v4.new_code_cell
    notebook = nbformat.v4.new_notebook(
        cells=[
            code("%load_ext lispy"),
            code("%%mexpr\ntwice x ← x + x\na 'G\ntwice 21"),
            code("print('after')"),
        ]
    )
    with pytest.raises(nbclient.exceptions.CellExecutionError) as error:
        nbclient.NotebookClient(notebook, kernel_name="python3", timeout=120).execute()
    assert "error: in input, line 2, column 1: a: the argument G (a symbol) is an atom" in str(error.value)
    assert notebook.cells[1].outputs[-1]["ename"] == "MExpressionError"
    assert notebook.cells[2].outputs == []  # the notebook stopped there
