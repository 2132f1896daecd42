"""Test settings.

Hypothesis: with CI set (CI runs with ``CI=true``), Hypothesis's own ``ci`` profile (derandomised, no
deadline, no example database); elsewhere the ``dev`` profile, which has no deadline either: a
test's first example pays for imports and caches, and a loaded machine is slow, so a per-example
time limit fails at random and proves nothing about lispy.
"""

import os
from collections import Counter

from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
if not os.environ.get("CI"):
    settings.load_profile("dev")


def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    """Report how many of the notes' definitions compile to their transcription's syntax tree, and how
    many browser tests skipped and why (the reason says what enables them: LISPY_PYODIDE, Chromium)."""
    skipped = Counter(
        str(r.longrepr[2]).removeprefix("Skipped: ")
        for r in terminalreporter.stats.get("skipped", [])
        if isinstance(r.longrepr, tuple) and "browser checks need it" in str(r.longrepr[2])
    )
    for reason, count in skipped.items():
        terminalreporter.write_line(f"browser tests skipped: {count}; {reason}")
    test = "test_correspondence.py::test_each_definition_compiles_to_its_transcription"
    counts = {
        outcome: sum(
            1 for r in terminalreporter.stats.get(outcome, []) if test in r.nodeid and r.when == "call"
        )
        for outcome in ("passed", "failed")
    }
    if sum(counts.values()):
        terminalreporter.write_line(f"structurally equal: {counts['passed']}/{sum(counts.values())}")
