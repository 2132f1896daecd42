"""The Pyodide the page runs lispy in (its version, where it loads from), and the files written into the
edition at build time for it (:func:`write_runtime`); the page's own Python is :mod:`lispy.edition.live`."""

from __future__ import annotations

import importlib.util
import shutil
import zipfile
from collections.abc import Callable
from importlib import resources
from pathlib import Path

__all__ = ["CDN", "PAGE_DEPENDENCIES", "PYODIDE_VERSION", "package_folders", "write_runtime"]

PYODIDE_VERSION = "314.0.7"
"""The Pyodide the edition is built and tested with (Python 3.14): ``npm install pyodide@314.0.7``."""

CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
"""Where the page loads Pyodide from when the build was not given ``--pyodide DIR``."""

PAGE_DEPENDENCIES = ("lark", "pyrsistent", "toolz", "jinja2", "markupsafe")
"""The packages the page's lispy imports besides itself, all pure Python (pyrsistent and markupsafe
without their optional C extensions), put into ``lispy.zip`` from the installed ones: Jinja2 renders
the αβ stepper of a random tree in the page."""


def package_folders() -> list[Path]:
    """The folders of ``lispy`` and of :data:`PAGE_DEPENDENCIES`, as installed."""
    folders = [Path(__file__).resolve().parents[2]]
    for name in PAGE_DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, f"{name} is a dependency of lispy"
        folders.append(Path(spec.origin).parent)
    return folders


def _archive(path: Path) -> int:
    """Zip the files of :func:`package_folders` but compiled code and the stylesheet into ``path``."""
    count = 0
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for package in package_folders():
            for file in sorted(package.rglob("*")):
                skipped = "__pycache__" in file.parts or file.suffix in (".pyc", ".so", ".css")
                if file.is_file() and not skipped:
                    z.write(file, file.relative_to(package.parent).as_posix())
                    count += 1
    return count


def write_runtime(out: Path, pyodide: Path | None, say: Callable[[str], None] = print) -> str:
    """Write the runtime's files into ``out``: ``lispy.zip`` (the importable ``lispy`` and
    :data:`PAGE_DEPENDENCIES`, as installed), ``live.js``, ``worker.js`` and, with
    ``pyodide`` (a folder holding ``pyodide.mjs``, as ``npm install pyodide@314.0.7`` leaves in
    ``node_modules/pyodide``), its copy in ``out/pyodide``; return where the page loads Pyodide from
    (``pyodide/`` or :data:`CDN`).  Raises ``FileNotFoundError`` when ``pyodide`` holds no
    ``pyodide.mjs``."""
    if pyodide is not None:
        if not (pyodide / "pyodide.mjs").is_file():
            raise FileNotFoundError(
                f"{pyodide} holds no pyodide.mjs (give the folder of a Pyodide distribution, such as "
                f"node_modules/pyodide after npm install pyodide@{PYODIDE_VERSION})"
            )
        target = out / "pyodide"
        target.mkdir(parents=True, exist_ok=True)
        for file in sorted(pyodide.iterdir()):
            if file.is_file() and not file.name.endswith((".map", ".d.ts", ".html", ".md")):
                shutil.copyfile(file, target / file.name)
        where = "pyodide/"
        say(f"the page runs lispy in the Pyodide copied from {pyodide}")
    else:
        where = CDN
        say(f"the page loads Pyodide {PYODIDE_VERSION} from {CDN} (give --pyodide DIR for a local copy)")
    files = _archive(out / "lispy.zip")
    for name in ("live.js", "worker.js"):  # the page's scripts, beside this module
        text = resources.files("lispy.edition.live").joinpath(name).read_text(encoding="utf-8")
        (out / name).write_text(text, encoding="utf-8")
    size = (out / "lispy.zip").stat().st_size / 1e6
    say(f"  lispy.zip: lispy, {', '.join(PAGE_DEPENDENCIES)}, {files} files, {size:.1f} MB")
    return where
