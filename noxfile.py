"""The README's test command on every supported CPython: ``nox`` (CI runs it from ``.ci/run``).

Each session makes a new virtual environment with one interpreter and runs, in it, the second
command of the README's "Quick start" block, exactly as a reader would.  A missing interpreter is
a failure, not a skip.
"""

from __future__ import annotations

import re
from pathlib import Path

import nox

nox.options.error_on_missing_interpreters = True
nox.options.default_venv_backend = "venv"

PYTHONS = ["3.11", "3.12", "3.13"]


def readme_test_command() -> str:
    """The second line of the code block under the README's "Quick start" heading."""
    text = Path(__file__).with_name("README.md").read_text(encoding="utf-8")
    block = re.search(r"^## Quick start\n.*?^```\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    lines = block.group(1).splitlines() if block else []
    if len(lines) < 2:
        raise SystemExit("README.md: no test command in the Quick start block")
    return lines[1]


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The README's test command, in a new venv of this Python."""
    session.run("bash", "-c", readme_test_command(), external=True)
