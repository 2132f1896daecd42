"""Goals measured in one run: the one timer, and a table of each goal beside its measure.

A goal is stated as a ratio (lispy's time over a reference's, "≤ 1.25×") or a bound ("≤ 64 MB").
A ratio is worth trusting only when both of its times come from the same run, on the same
machine under the same load, so every figure is timed by lispy's one timer, the claims' as well
(:func:`lispy.counting.cpu_timer` and :func:`lispy.counting.in_rounds`): CPU time, every form
timed in turn, round after round, a block of calls lasting at least :data:`BLOCK` seconds; a
ratio is the median of the rounds' ratios, shown with their interquartile range, and a goal is
met or missed only when that range lies wholly on one side of it ("too close to call" otherwise).
Both sides of every ratio run under the same collector policy: the cyclic collector as the program has it
(on, as Python runs it), and whatever lispy's own code does with it inside the block; a peer in
another runtime (SBCL) runs with its own collector at its defaults.
"""

from __future__ import annotations

import os
import platform
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bench import markdown
from lispy import cli
from lispy.counting import Timer, cpu_timer, in_rounds

BLOCK = 0.2
"""Seconds a timed block lasts at least (it calls its form as often as that takes)."""


def timer(f: Callable[[], Any]) -> Timer:
    """A timer for ``f`` (:func:`lispy.counting.cpu_timer`): CPU seconds per call over a block of
    at least :data:`BLOCK` seconds."""
    return cpu_timer(f, BLOCK)


def rounds(timers: Sequence[Timer], count: int, description: str = "timing") -> list[tuple[float, ...]]:
    """Each timer's seconds in each of ``count`` rounds, every timer taken in turn within a round
    (:func:`lispy.counting.in_rounds`; a progress bar on standard error while it is a terminal)."""
    found: list[tuple[float, ...]] = [() for _ in timers]
    named = {str(i): t for i, t in enumerate(timers)}
    for _ in cli.progress(range(count), description):
        one = in_rounds(named, 1)
        found = [times + one[str(i)] for i, times in enumerate(found)]
    return found


def interleaved(
    forms: Sequence[Callable[[], Any]], count: int = 5, description: str = "timing"
) -> list[tuple[float, ...]]:
    """CPU seconds per call of each of ``forms`` in each of ``count`` rounds (:func:`rounds` of their
    :func:`timer`)."""
    return rounds([timer(f) for f in forms], count, description)


def seconds(f: Callable[[], Any], count: int = 3) -> float:
    """CPU seconds per call of ``f`` alone: the median of ``count`` blocks."""
    return statistics.median(interleaved([f], count)[0])


def spread(ratios: Sequence[float]) -> str:
    """The median of ``ratios`` and their interquartile range: ``1.85× (IQR 1.62–2.10)``.

    >>> spread([1.0, 2.0, 3.0, 4.0, 5.0])
    '3.00× (IQR 2.00–4.00)'
    """
    low, _, high = statistics.quantiles(ratios, n=4, method="inclusive") if len(ratios) > 1 else ratios * 3
    return f"{statistics.median(ratios):.2f}× (IQR {low:.2f}–{high:.2f})"


def ratio(
    workload: str,
    seconds: Sequence[float],
    reference: Sequence[float],
    at_most: float | None,
    peer: str = "",
    per: float = 1,
) -> Goal:
    """The row for lispy's ``seconds`` against the ``reference`` seconds of the same rounds: the
    median of the rounds' ratios, with their spread (:func:`spread`); the times shown are the
    medians.  The goal is a ratio of ``at_most`` or none: met when the rounds' interquartile range
    lies wholly within it, missed when wholly beyond it, else too close to call (the run cannot tell;
    as the claims judge times, :func:`lispy.claims.record.faster`).  ``peer`` names the reference in its cell
    when the table's header does not; ``per`` divides the ratio (a ratio per position, when the
    two sides examine different numbers of positions)."""
    ratios = [t / r / per for t, r in zip(seconds, reference, strict=True)]
    low, _, high = statistics.quantiles(ratios, n=4, method="inclusive") if len(ratios) > 1 else ratios * 3
    reference_cell = ms(statistics.median(reference))
    return Goal(
        workload,
        ms(statistics.median(seconds)),
        f"{reference_cell} ({peer})" if peer else reference_cell,
        spread(ratios),
        "" if at_most is None else f"≤ {at_most:g}×",
        None if at_most is None else high <= at_most,
        at_most is not None and low <= at_most < high,
    )


@dataclass(frozen=True)
class Goal:
    """One row of a goal table: the workload, lispy's figure and the reference's, what is compared
    with the goal, the goal, whether it is met (None for a row shown without a goal), and whether
    the run was too close to call it (a ratio whose interquartile range straddles the goal)."""

    workload: str
    lispy: str
    reference: str
    measured: str
    goal: str
    met: bool | None
    close: bool = False

    @property
    def verdict(self) -> str:
        """``yes``, ``**no**``, ``too close to call``, or ``""`` without a goal."""
        if self.met is None:
            return ""
        return "too close to call" if self.close else "yes" if self.met else "**no**"

    def cells(self) -> list[str]:
        return [
            self.workload,
            self.lispy,
            self.reference,
            self.measured,
            self.goal or "—",
            self.verdict or "—",
        ]


def ms(seconds: float) -> str:
    """Seconds as milliseconds, to three significant figures or to the unit: ``0.83 ms``, ``464 ms``."""
    value = seconds * 1e3
    return f"{value:,.0f} ms" if value >= 100 else f"{value:.3g} ms"


def table(
    rows: Sequence[Goal], lispy: str = "lispy", reference: str = "reference", workload: str = "workload"
) -> str:
    """The rows as a Markdown table (``bench.markdown``), the first column headed ``workload`` and
    the two figures ``lispy`` and ``reference``."""
    header = [workload, lispy, reference, "measured", "goal", "met"]
    return markdown(header, [row.cells() for row in rows])


def summary(rows: Sequence[Goal]) -> str:
    """One line: how many of the goals are met, which are not, and which the run could not tell.

    >>> print(summary([Goal("a", "", "", "", "≤ 1×", True), Goal("b", "", "", "", "≤ 1×", False),
    ...                Goal("c", "", "", "", "≤ 1×", False, close=True), Goal("d", "", "", "", "", None)]))
    Goals met: 1 of 3. Not met: b. Too close to call: c.
    """
    judged = [row for row in rows if row.met is not None]
    missed = [row.workload for row in judged if not row.met and not row.close]
    close = [row.workload for row in judged if row.close]
    line = f"Goals met: {len(judged) - len(missed) - len(close)} of {len(judged)}."
    line += " Not met: " + "; ".join(missed) + "." if missed else ""
    return line + (" Too close to call: " + "; ".join(close) + "." if close else "")


def load() -> str:
    """The load average over the last minute, or ``unknown`` where the system gives none."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "unknown"


def machine() -> str:
    """The Python, the machine and its load now, for the head of a benchmark's output."""
    try:
        load = f", load average {os.getloadavg()[0]:.1f}"
    except OSError:
        load = ""
    return (
        f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()} "
        f"{platform.system()}, {os.cpu_count()} cores{load}"
    )
