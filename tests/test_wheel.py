"""The package as users get it: the wheel, built from this tree, installed into a new environment and run
from a folder outside the tree.

Marked ``wheel`` (``python -m pytest -m "not wheel"`` skips it; CI runs it).  It stays offline: the wheel
is built with the hatchling of the test environment (``pip wheel --no-build-isolation``, hatchling comes
with ``.[test]``), installed with ``--no-deps --no-index`` into a virtual environment made without pip
(the running pip installs into it, ``pip --python``), and the dependencies the wheel declares are lent
from the test environment by a ``.pth`` file.  A ``.pth`` line adds a folder to ``sys.path`` but does not
read the ``.pth`` files inside it, so the editable install of this tree stays invisible: the test checks
that ``lispy`` and ``chapters`` are imported from the new environment.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from email.parser import HeaderParser
from importlib.metadata import distribution
from pathlib import Path

import pytest

import lispy
from lispy.claims.record import TEXTS

pytestmark = pytest.mark.wheel

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    # without hatchling here (an environment made without .[test]), pip fetches it from PyPI
    offline = ["--no-build-isolation"] if importlib.util.find_spec("hatchling") else []
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", *offline, "-w", dist, ROOT],
        check=True,
        timeout=300,
    )
    (built,) = dist.glob("lispy-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new virtual environment holding the wheel; its declared dependencies lent by a .pth file."""
    home = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", home], check=True, timeout=120)
    python = home / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            python,
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            wheel,
        ],
        check=True,
        timeout=300,
    )
    site = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))").stdout.strip())
    folders = {str(distribution(name).locate_file("")) for name in requirements(wheel)}
    (site / "_lent_dependencies.pth").write_text("\n".join(sorted(folders)) + "\n")
    return home


def requirements(wheel: Path) -> list[str]:
    """The names of the distributions the wheel requires, extras (``; extra == ...``) left out."""
    declared = metadata(wheel).get_all("Requires-Dist", [])  # type: ignore[attr-defined]
    return [re.match(r"[\w.-]+", r).group() for r in declared if ";" not in r]  # type: ignore[union-attr]


def metadata(wheel: Path) -> dict:
    with zipfile.ZipFile(wheel) as z:
        (name,) = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")]
        return HeaderParser().parsestr(z.read(name).decode())  # type: ignore[return-value]


def run(
    *command: object, stdin: str | None = None, cwd: Path | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``command`` with no PYTHONPATH, so that nothing of this tree is visible."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    return subprocess.run(
        [str(c) for c in command], cwd=cwd, env=env, input=stdin, capture_output=True, text=True,
        timeout=timeout,
    )  # fmt: skip


EDITION_LIBRARIES = ("jinja2", "pygments", "markdown_it")
"""The edition's libraries (the extra ``lispy[edition]``), by the names they are imported by."""


def without_the_edition_libraries(module: str) -> str:
    """Python code that runs ``python -m module`` as if the edition's libraries were not installed (the
    folders lent to the test's environment hold them): an import of one raises ``ImportError``."""
    return (
        f"import runpy, sys; sys.modules.update(dict.fromkeys({EDITION_LIBRARIES!r})); "
        f"runpy.run_module({module!r}, run_name='__main__', alter_sys=True)"
    )


def test_the_wheel_holds_lispy_chapters_the_license_and_the_notes_and_not_bench_or_tests(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    for name in [
        "lispy/__init__.py",
        "lispy/py.typed",
        "lispy/cli/__init__.py",
        "lispy/cli/repl.py",
        "lispy/recursion.py",
        "lispy/mexpr/mexpr.lark",
        "lispy/notes/chapter5_search.m",
        "lispy/notes/applications.py",
        "lispy/claims/claims.toml",
        "chapters/__main__.py",
        "chapters/tictactoe.py",
    ]:
        assert name in names, name
    assert any(re.fullmatch(r"lispy-[^/]+\.dist-info/licenses/LICENSE", n) for n in names)
    assert not any(n.startswith(("bench/", "tests/")) for n in names)


def test_the_wheel_declares_its_version_license_and_python(wheel: Path) -> None:
    meta = metadata(wheel)
    assert meta["Version"] == lispy.__version__
    assert wheel.name == f"lispy-{lispy.__version__}-py3-none-any.whl"
    assert meta["License-Expression"] == "MIT"
    assert meta["Requires-Python"] == ">=3.11"
    assert "Typing :: Typed" in meta.get_all("Classifier", [])  # type: ignore[attr-defined]
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    expected = {re.split(r"[<>=!~ ;\[]", requirement, maxsplit=1)[0] for requirement in declared}
    assert {"lark", "toolz"} <= expected
    assert set(requirements(wheel)) == expected
    # the edition's libraries only with the extra: pip install 'lispy[edition]'
    assert expected.isdisjoint({"jinja2", "pygments", "markdown-it-py"})
    assert "edition" in meta.get_all("Provides-Extra", [])  # type: ignore[attr-defined]
    listed: list[str] = meta.get_all("Requires-Dist", [])  # type: ignore[attr-defined]
    extra = [re.split(r"[<>=!~ ;]", r, maxsplit=1)[0] for r in listed if r.endswith("extra == 'edition'")]
    assert sorted(extra) == ["jinja2", "markdown-it-py", "pygments"]


def test_the_installed_wheel_runs_from_outside_the_tree(venv: Path, tmp_path: Path) -> None:
    python = venv / "bin" / "python"
    where = run(
        python, "-c", "import lispy, chapters; print(lispy.__file__); print(chapters.__file__)", cwd=tmp_path
    )
    assert where.returncode == 0, where.stderr
    assert all(Path(f).is_relative_to(venv) for f in where.stdout.split()), where.stdout
    for module in ["chapters", "chapters.tictactoe", "lispy"]:
        shown = run(python, "-m", module, "--help", cwd=tmp_path)
        assert shown.returncode == 0, shown.stderr
        assert shown.stdout.startswith(f"usage: python -m {module} "), shown.stdout
    script = run(venv / "bin" / "lispy", "--help", cwd=tmp_path)
    assert script.returncode == 0 and script.stdout.startswith("usage: lispy "), script.stderr
    version = run(venv / "bin" / "lispy", "--version", cwd=tmp_path)
    assert version.stdout == f"lispy {lispy.__version__}\n", version.stderr
    game = run(python, "-m", "chapters.tictactoe", "--play", stdin="5\nq\n", cwd=tmp_path)
    assert game.returncode == 0 and game.stdout.rstrip().endswith("bye."), game.stderr
    notes = "from lispy.mexpr.program import notes; m = notes('chapter5_insanity', 'chapter5_search')"
    tower = run(python, "-c", f"{notes}; print(m.eval('search p₀'))", cwd=tmp_path)  # the notes' files
    assert tower.stdout.strip() == "((G W R B) (R W G B) (B R G W) (W B G R))", tower.stderr
    claims = run(python, "-c", "from lispy.claims.record import TEXTS; print(len(TEXTS))", cwd=tmp_path)
    assert claims.stdout.strip() == str(len(TEXTS)), claims.stderr  # claims.toml, the package's data
    assert list(tmp_path.iterdir()) == []


def test_the_base_install_runs_the_chapters_and_the_edition_asks_for_its_extra(
    venv: Path, tmp_path: Path
) -> None:
    """Without jinja2, pygments and markdown-it-py, ``python -m chapters`` runs to its end, and
    ``python -m lispy.edition`` says in one line what to install (no traceback)."""
    python = venv / "bin" / "python"
    chapters = run(python, "-c", without_the_edition_libraries("chapters"), cwd=tmp_path, timeout=600)
    assert chapters.returncode == 0, chapters.stderr
    assert f"{len(TEXTS)} claims" in chapters.stdout.split("\n\n")[-1], chapters.stdout[-500:]
    edition = run(python, "-c", without_the_edition_libraries("lispy.edition"), cwd=tmp_path)
    assert (edition.returncode, edition.stdout) == (1, "")
    assert edition.stderr == (
        "lispy.edition needs its extra libraries (jinja2 is not installed): python -m pip install "
        "'lispy[edition]' (in a clone: python -m pip install -e '.[edition]')\n"
    )
    assert list(tmp_path.iterdir()) == []
