"""A Sphinx extension of the docs' own: what the pages show of lispy's output is made at build time.

Before the pages are read it writes, under ``_generated/``: each part of the notes as it compiles to
Python (``python -m lispy --python PART``), so that the listing a page includes is always the
compiler's, never a copy pasted by hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lispy.mexpr.listing import part_python
from lispy.mexpr.program import PARTS

OUT = Path(__file__).parent / "_generated"


def write(app: Any) -> None:
    OUT.mkdir(exist_ok=True)
    for part in PARTS:
        text = part_python(part)
        target = OUT / f"{part}.py"
        if not target.exists() or target.read_text() != text:  # unchanged files keep Sphinx's cache
            target.write_text(text)


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", write)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
