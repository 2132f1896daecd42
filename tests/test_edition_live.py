"""The runnable edition's Python side, without a browser: what a row and the REPL answer (the same
as the terminal's REPL), the archive the page loads (lispy and lark, nothing else needed), the αβ
stepper's frames against the transcription, and ``--serve``."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

from lispy.chapter6.sexp_games import tree
from lispy.chapter6.watch import Watch
from lispy.edition import live
from lispy.edition.evidence.examples import EXAMPLES
from lispy.edition.live import pyodide
from lispy.edition.page.stepper import STEPPERS, frames
from lispy.mexpr.errors import show
from lispy.mexpr.program import PARTS as NOTES_PARTS
from lispy.notes.index import ENTRIES
from lispy.sexpr.data import read

PARTS = " ".join(NOTES_PARTS)


@pytest.mark.parametrize("anchor", [e.anchor for e in ENTRIES])
def test_a_rows_default_example_prints_the_value_the_build_computed(anchor: str) -> None:
    from lispy.edition.evidence.examples import run

    entry = next(e for e in ENTRIES if e.anchor == anchor)
    outcome = run(entry)
    assert outcome is not None and outcome.notes_error is None
    assert live.row_reply(anchor, EXAMPLES[anchor].notes) == show(outcome.notes_value)


def test_a_rows_run_leaves_its_environment_as_built() -> None:
    edited = "graph ← ((A B C) (B E) (C F) (E) (F))\nsearch (A)"
    assert live.row_reply("search", "search (A)").startswith("error:")
    assert live.row_reply("successors-paths", edited) == "((A B C) (B E) (C F) (E) (F))\n(F C A)"
    assert live.row_reply("successors-paths", "search (A)") == "(F D B A)"
    with pytest.raises(LookupError):
        live.row_reply("no-such-definition", "1")


def test_the_repl_answers_as_the_terminal_and_says_what_defines() -> None:
    r = live.Repl()
    assert r.reply("double x ← x + x") == ("", True)
    assert r.reply("double 21") == ("42", False)
    assert r.reply(":notes chapter9") == (
        f"error: line 1: no part chapter9 of the notes; the parts: {PARTS}",
        False,
    )
    assert r.reply(":notes chapter5_insanity chapter5_search") == (
        "loaded chapter5_insanity chapter5_search",
        True,
    )
    assert r.reply("search p₀") == ("((G W R B) (R W G B) (B R G W) (W B G R))", False)
    text, defines = r.reply("a 'G")
    assert (text, defines, r.failed) == (
        "error: in input, line 1, column 1: a: the argument G (a symbol) is an atom, not a list",
        False,
        True,
    )


def test_the_archive_holds_lispy_and_lark_and_the_page_needs_nothing_else(tmp_path: Path) -> None:
    where = pyodide.write_runtime(tmp_path, None, say=lambda _: None)
    assert where == pyodide.CDN and f"v{pyodide.PYODIDE_VERSION}" in where
    names = zipfile.ZipFile(tmp_path / "lispy.zip").namelist()
    assert "lispy/edition/live/__init__.py" in names and "lark/__init__.py" in names
    assert "pyrsistent/__init__.py" in names and "toolz/__init__.py" in names
    assert "lispy/notes/chapter5_search.m" in names and "lispy/mexpr/mexpr.lark" in names
    script = (
        "import sys\n"
        f"sys.path.insert(0, {str(tmp_path / 'lispy.zip')!r})\n"
        "for m in ('pygments', 'tabulate', 'tqdm', 'markdown_it', 'pvectorc'):\n"
        "    sys.modules[m] = None\n"
        "from lispy.edition import live\n"
        "assert live.__file__.startswith(sys.path[0]), live.__file__\n"
        "print(live.row_reply('search', 'search p₀'))\n"
        "print(live.Repl().json('search p₀'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-S", "-c", script],  # -S: no site-packages, only the archive and the stdlib
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": ""},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "((G W R B) (R W G B) (B R G W) (W B G R))"


def test_a_pyodide_folder_without_pyodide_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=r"holds no pyodide\.mjs"):
        pyodide.write_runtime(tmp_path, tmp_path, say=lambda _: None)
    done = subprocess.run(
        [sys.executable, "-m", "lispy.edition", "--out", str(tmp_path / "ed"), "--pyodide", str(tmp_path)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2 and "holds no pyodide.mjs" in done.stderr
    assert not (tmp_path / "ed").exists()


@pytest.mark.parametrize("anchor", list(STEPPERS))
def test_the_steppers_frames_are_the_transcriptions_search(anchor: str) -> None:
    _, text, max_to_move = STEPPERS[anchor]
    fs = frames(read(text), max_to_move)
    watch = Watch(*tree[:3])
    search = watch.search.maxval if max_to_move else watch.search.minval
    value = search(watch.root(read(text)))
    leaves = ["".join(f["node"]) for f in fs if f["kind"] == "leaf"]
    assert leaves == [".".join(map(str, p)) for p in watch.evaluated]
    assert fs[-1]["kind"] == "done" and fs[-1]["value"] == str(value)
    assert [f["step"] for f in fs] == list(range(1, len(fs) + 1))
    assert all(a["examined"] <= b["examined"] for a, b in itertools.pairwise(fs))


def test_figure_2_6_ends_with_3_of_5_terminal_positions_examined() -> None:
    fs = frames(read("((2 5) (9 4 7))"), max_to_move=False)
    assert (fs[-1]["examined"], fs[-1]["leaves"], fs[-1]["value"]) == (3, 5, "5")
    cut = [f for f in fs if f["kind"] == "cut"]
    assert [(f["node"], f["pruned"], f["alpha"], f["beta"]) for f in cut] == [
        ("2", ["2.2", "2.3"], "-∞", "5")
    ]


def test_the_printed_form_fails_as_the_errata_say() -> None:
    assert live.row_reply("movemax", EXAMPLES["movemax"].notes, printed=True).endswith(
        "undefined name succesors"
    )
    assert live.row_reply("mapapp", EXAMPLES["mapapp"].notes, printed=True).endswith("undefined name mappap")
    assert "unexpected ']'" in live.row_reply("puzz2", "puzz2", printed=True)
    assert live.row_reply("maxval2", EXAMPLES["maxval2"].notes, printed=True) == "∞"  # E12: no `if n u` case
    assert live.row_reply("maxval2", EXAMPLES["maxval2"].notes) == "3"


@pytest.mark.parametrize("anchor", ["search", "allsol-1", "valmax", "maxval2", "bestmax", "p0", "puzz2"])
def test_the_proof_re_run_on_the_definition_unchanged_is_the_builds(anchor: str) -> None:
    from lispy.edition.evidence.proof import prove

    built = prove(1973, 10)[anchor]
    entry = next(e for e in ENTRIES if e.anchor == anchor)
    said, holds = live.prove_edited(anchor, entry.statement().text, 1973, 10)
    assert holds == built.holds
    assert said.startswith(
        f"✓ The edited definition and the Python agreed on {built.agreed} of {built.trials} "
    )
    assert "(seed 1973)" in said


def test_a_broken_definition_shows_the_first_disagreement() -> None:
    broken = "valmax p ← if ter p then imval p else minlis[successors p,valmin]"
    said, holds = live.prove_edited("valmax", broken, 1973, 100)
    assert not holds and said.startswith("✗ The edited definition and the Python agreed on ")
    first = said.split("First disagreement: on ", 1)[1]
    tree_text, values = first.split(": the notes give ")
    notes_value, python_value = values.split(", the Python ")
    from lispy.chapter6.sexp_games import tree as sexp_tree

    t = read(tree_text)
    leaves = [int(x) for x in tree_text.replace("(", " ").replace(")", " ").split()]
    # the broken valmax minimizes at every level (its valmin calls it back): the least leaf
    assert int(python_value) == sexp_tree.valmax(t) != int(notes_value) == min(leaves)


def test_an_edit_that_does_not_read_or_defines_another_name_is_refused() -> None:
    assert live.prove_edited("valmax", "valmax p ← if ter p", 1973, 5)[0].startswith(
        "error: edit: valmax, line 1"
    )
    assert live.prove_edited("valmax", "valmin p ← 1", 1973, 5) == (
        "error: the edit must define valmax alone (it defines valmin)",
        False,
    )


@pytest.mark.parametrize(
    ("edit", "shape"),
    [("valmax ← 1", "a value"), ("valmax[p,q] ← p", "a function of 2 arguments")],
)
def test_an_edit_of_another_shape_is_refused_in_lispys_words_not_pythons(edit: str, shape: str) -> None:
    # before: "the notes give TypeError: 'int' object is not callable" on every input
    assert live.prove_edited("valmax", edit, 1973, 5) == (
        f"error: the edit must define valmax as a function of 1 argument, as the notes do (it is {shape})",
        False,
    )
    assert live.prove_edited("p0", "p₀ = (NIL NIL NIL NIL)", 1973, 5)[1]  # a value for a value is proved


@pytest.mark.parametrize(("k", "n"), [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (4, 3), (2, 6)])
def test_a_random_trees_stepper_follows_the_transcription_and_best_first_is_the_minimal_tree(
    k: int, n: int
) -> None:
    from lispy.chapter6.sexp_games import minimax
    from lispy.edition.page.stepper import random_tree

    bound = k ** ((n + 1) // 2) + k ** (n // 2) - 1  # Knuth and Moore's minimal tree
    for seed in range(5):
        values = set()
        for order in ("worst-first", "random", "best-first"):
            t = random_tree(k, n, seed, order)
            last = frames(t)[-1]
            watch = Watch(*tree[:3])
            assert str(watch.search.maxval(watch.root(t))) == last["value"] == str(minimax(t))
            assert last["examined"] == len(watch.evaluated) and last["leaves"] == k**n
            values.add(last["value"])
            if order == "best-first":
                leaves = str(t).replace("(", " ").replace(")", " ").split()
                distinct = len(set(leaves)) == len(leaves)
                assert last["examined"] == bound if distinct else last["examined"] <= bound
        assert len(values) == 1, "the order of the moves does not change the value"


def test_a_random_tree_outside_the_bounds_is_refused() -> None:
    from lispy.edition.page.stepper import random_tree

    for k, n, order in [(1, 3, "random"), (2, 0, "random"), (4, 4, "random"), (2, 2, "sideways")]:
        with pytest.raises(ValueError):
            random_tree(k, n, 0, order)
    assert '"failed": true' in live.stepper_json(5, 5, 0, "random")


def test_the_command_line_builds_serves_and_stops_with_one_line() -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "lispy.edition", "--serve", "--port", "0", "--trials", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as a terminal would have it
    )  # fmt: skip
    try:
        assert child.stdout is not None
        lines = []
        while not (line := child.stdout.readline()).startswith("serving ") and line:
            lines.append(line)
        assert any(f"loads Pyodide {pyodide.PYODIDE_VERSION} from {pyodide.CDN}" in x for x in lines), lines
        folder = Path(line.split(" at ")[0].removeprefix("serving "))
        url = line.split(" at ")[1].split()[0]
        assert url.startswith("http://127.0.0.1:") and url.endswith("/index.html")
        with urllib.request.urlopen(url, timeout=30) as r:
            page = r.read().decode()
        assert f'data-pyodide="{pyodide.CDN}"' in page and page.count('<form class="try') == len(ENTRIES)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert (out, err, child.returncode) == ("", "interrupted\n", 130)  # as every command line of lispy
    assert not folder.exists(), "the temporary build is removed"
