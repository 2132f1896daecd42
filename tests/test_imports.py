"""The modules' imports point one way: the contracts of ``[tool.importlinter]`` in pyproject.toml,
checked by import-linter (``lint-imports``), which reads every import of every module of ``lispy``,
``chapters`` and ``bench``, at module level or inside a function, and follows chains of them: the
layers point down, nothing but the edition and the benchmarks imports the edition, and the modules
of a package import each other in no circle.  And the package's lazy names (PEP 562) are the ones
type checkers see.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` run on the project at ``root`` (its pyproject.toml's contracts)."""
    return subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command as c; c()",
         "--no-cache"],
        capture_output=True, text=True, cwd=root, env={"PYTHONPATH": str(root), "PATH": ""},
    )  # fmt: skip


def test_the_import_contracts_are_kept() -> None:
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Contracts: 3 kept, 0 broken." in run.stdout


def test_the_contracts_see_an_import_that_points_up(tmp_path: Path) -> None:
    """Not vacuous: the data importing the chapters (inside a function, as a call-time import) breaks
    the layers, and the chapters importing the edition breaks the edition's contract too."""
    copy = tmp_path / "project"
    copy.mkdir()
    for name in ("lispy", "chapters", "bench"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", copy)
    data = copy / "lispy" / "sexpr" / "data.py"
    up = "\n\ndef _up():\n    import lispy.chapter5.tree_search\n"
    data.write_text(data.read_text(encoding="utf-8") + up)
    paths = copy / "lispy" / "chapter5" / "paths.py"
    paths.write_text(paths.read_text(encoding="utf-8") + "\nimport lispy.edition.output\n")
    run = lint_imports(copy)
    assert run.returncode == 1
    assert "imports point down the layers BROKEN" in run.stdout
    assert "lispy.sexpr.data -> lispy.chapter5.tree_search" in run.stdout
    assert "nothing but the edition and the benchmarks imports the edition BROKEN" in run.stdout


def test_the_packages_lazy_names_are_the_ones_type_checkers_see() -> None:
    """``lispy``'s public names are imported when first read (PEP 562), each from the module that the
    stub ``lispy/__init__.pyi`` (what type checkers see) names for it: one list.  Each is the object
    of its module, and ``import lispy`` alone loads no module of lispy's but the package."""
    import lispy

    stub = ast.parse((ROOT / "lispy" / "__init__.pyi").read_text(encoding="utf-8"))
    seen = {
        alias.asname: node.module
        for node in stub.body
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("lispy.")
        for alias in node.names
    }
    assert None not in seen  # every name re-exported as the stub's ``NAME as NAME``
    assert sorted(seen) == sorted(set(lispy.__all__) - {"load_ipython_extension"})
    assert {"read", "to_string", "deep", "tree_search", "mapcar", "NIL", "Cons"} <= set(seen)
    for name, module in seen.items():
        assert getattr(lispy, name) is getattr(__import__(module, fromlist=[name]), name), name
    loaded = subprocess.run(
        [sys.executable, "-c", "import lispy, sys; print(sorted(m for m in sys.modules if 'lispy' in m))"],
        capture_output=True, text=True, cwd=ROOT, check=True,
    ).stdout  # fmt: skip
    assert loaded.strip() == "['lispy']"
