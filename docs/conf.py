"""Sphinx configuration for lispy's documentation: ``python -m sphinx -W docs docs/_build``.

The pages are Markdown (MyST); the API pages are the docstrings, rendered by autodoc.  Links to
Python's own documentation go through intersphinx, reading a local inventory of the Python names
these pages link to (``python.inv``, made by ``python docs/python_inventory.py``), so that the
build needs no network.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import sphinx.application  # noqa: E402
import sphinx.util.inspect  # noqa: E402

import lispy  # noqa: E402
from lispy.sexpr.data import Cons  # noqa: E402


def _description(
    obj: object, *args: object, _describe=sphinx.util.inspect.object_description, **kwargs: object
) -> str:
    """A module constant as autodoc shows it: Lisp data in Lisp notation.

    A cons cell is a ``tuple`` underneath, and Sphinx describes a tuple by iterating it, which a
    dotted list refuses; its ``repr`` is the notation the pages use anyway.
    """
    return repr(obj) if isinstance(obj, Cons) else _describe(obj, *args, **kwargs)


sphinx.util.inspect.object_description = _description


def _drop_generated_docstring(
    app: object, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """A dataclass without a docstring of its own gets one from ``dataclasses``: its signature,
    which the page shows already (and whose ``*`` reStructuredText reads as emphasis)."""
    doc = getattr(obj, "__doc__", None) or ""
    if what == "class" and dataclasses.is_dataclass(obj) and doc.startswith(f"{obj.__name__}("):
        lines.clear()


def setup(app: sphinx.application.Sphinx) -> None:
    app.connect("autodoc-process-docstring", _drop_generated_docstring)


project = "lispy"
author = "the lispy authors"
copyright = "2026, the lispy authors"
release = version = lispy.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "generated",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "README.md"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_typehints = "description"
# A class's __init__ documented apart: its type hints then resolve to their own module's names
# (lispy.aima.game.Game, not chapter 6's Game of the same short name).
autodoc_class_signature = "separated"

intersphinx_mapping = {"python": ("https://docs.python.org/3", str(Path(__file__).parent / "python.inv"))}

html_theme = "furo"
html_title = f"lispy {release}"
