"""Goals measured in one run: timing in interleaved rounds, and a table of each goal beside its measure.

A goal is stated as a ratio (lispy's time over a reference's, "≤ 1.25×") or a bound ("≤ 64 MB").
A ratio is worth trusting only when both of its times come from the same run, on the same
machine under the same load, so :func:`interleaved` times the forms in turn, round after round,
and keeps each form's best round: a busy machine slows all of them alike.  The shared machines
the project runs on still move a ratio by about ±15% from run to run.

Unlike ``timeit``, :func:`interleaved` leaves the cyclic garbage collector on by default, as Python
runs it, for lispy and for its references alike: the goals are stated that way. A timed block calls
its form several times in a row, so that the collections one call leaves behind are paid inside the
block.
"""

from __future__ import annotations

import gc
import math
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bench import markdown
from lispy import cli

BLOCK = 0.2
"""Seconds a timed block lasts at least (it calls its form as often as that takes)."""


def block_seconds(f: Callable[[], Any], calls: int, collector: bool = True) -> float:
    """Seconds per call of ``f`` over ``calls`` calls in a row, after a full collection.

    With ``collector`` False the cyclic collector is off during the block, as ``timeit`` has it.
    """
    gc.collect()
    enabled = gc.isenabled()
    if not collector:
        gc.disable()
    try:
        start = time.perf_counter()
        for _ in range(calls):
            f()
        return (time.perf_counter() - start) / calls
    finally:
        if enabled:
            gc.enable()


def calls_for(f: Callable[[], Any], least: int = 1) -> int:
    """How many calls of ``f`` fill a block of :data:`BLOCK` seconds, and at least ``least``
    (``f`` is called once to find out: a warm-up)."""
    start = time.perf_counter()
    f()
    once = time.perf_counter() - start
    return max(least, math.ceil(BLOCK / once) if once > 0 else 1_000)


def interleaved(
    forms: Sequence[Callable[[], Any]],
    rounds: int = 5,
    *,
    least_calls: int = 1,
    collector: bool = True,
    description: str = "timing",
) -> list[float]:
    """Seconds per call of each of ``forms``: the best of ``rounds`` rounds, each timing every form in turn.

    A form's block makes at least ``least_calls`` calls and lasts at least :data:`BLOCK` seconds.
    The rounds show as a progress bar on standard error while it is a terminal.
    """
    calls = [calls_for(f, least_calls) for f in forms]
    best = [math.inf] * len(forms)
    for _ in cli.progress(range(rounds), description):
        for i, f in enumerate(forms):
            best[i] = min(best[i], block_seconds(f, calls[i], collector))
    return best


def cpu_timer(f: Callable[[], Any], least_calls: int = 1) -> Callable[[], float]:
    """A timer for ``f``: each call times one block of calls of ``f`` (at least :data:`BLOCK`
    seconds, after a full collection, the collector on) and returns the CPU seconds per call."""
    calls = calls_for(f, least_calls)

    def timer() -> float:
        gc.collect()
        start = time.process_time()
        for _ in range(calls):
            f()
        return (time.process_time() - start) / calls

    return timer


def cpu_rounds(
    timers: Sequence[Callable[[], float]], rounds: int, description: str = "timing"
) -> list[list[float]]:
    """Each timer's seconds in each of ``rounds`` rounds, every timer taken in turn within a round
    (a progress bar on standard error while it is a terminal)."""
    times: list[list[float]] = [[] for _ in timers]
    for _ in cli.progress(range(rounds), description):
        for i, timer in enumerate(timers):
            times[i].append(timer())
    return times


def spread(ratios: Sequence[float]) -> str:
    """The median of ``ratios`` and their range: ``1.85× (1.62–2.10)``."""
    return f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})"


def ratio_rounds(
    workload: str, seconds: Sequence[float], reference: Sequence[float], at_most: float | None, peer: str = ""
) -> Goal:
    """The row for lispy's ``seconds`` against the ``reference`` seconds of the same rounds: the
    median of the rounds' ratios, beside their range; the times shown are the medians."""
    ratios = [t / r for t, r in zip(seconds, reference, strict=True)]
    median = statistics.median(ratios)
    reference_cell = ms(statistics.median(reference))
    return Goal(
        workload,
        ms(statistics.median(seconds)),
        f"{reference_cell} ({peer})" if peer else reference_cell,
        spread(ratios),
        "" if at_most is None else f"≤ {at_most:g}×",
        None if at_most is None else median <= at_most,
    )


@dataclass(frozen=True)
class Goal:
    """One row of a goal table: the workload, lispy's figure and the reference's, what is compared
    with the goal, the goal, and whether it is met (None for a row shown without a goal)."""

    workload: str
    lispy: str
    reference: str
    measured: str
    goal: str
    met: bool | None

    def cells(self) -> list[str]:
        verdict = "" if self.met is None else "yes" if self.met else "**no**"
        return [self.workload, self.lispy, self.reference, self.measured, self.goal or "—", verdict or "—"]


def ms(seconds: float) -> str:
    """Seconds as milliseconds, to three significant figures or to the unit: ``0.83 ms``, ``464 ms``."""
    value = seconds * 1e3
    return f"{value:,.0f} ms" if value >= 100 else f"{value:.3g} ms"


def ratio(workload: str, seconds: float, reference: float, at_most: float | None, peer: str = "") -> Goal:
    """The row for ``seconds`` against ``reference`` seconds, the goal a ratio of ``at_most`` or none;
    ``peer`` names the reference in its cell when the table's header does not."""
    measured = seconds / reference
    reference_cell = f"{ms(reference)} ({peer})" if peer else ms(reference)
    return Goal(
        workload,
        ms(seconds),
        reference_cell,
        f"{measured:.2f}×",
        "" if at_most is None else f"≤ {at_most:g}×",
        None if at_most is None else measured <= at_most,
    )


def table(
    rows: Sequence[Goal], lispy: str = "lispy", reference: str = "reference", workload: str = "workload"
) -> str:
    """The rows as a Markdown table (``bench.markdown``), the first column headed ``workload`` and
    the two figures ``lispy`` and ``reference``."""
    header = [workload, lispy, reference, "measured", "goal", "met"]
    return markdown(header, [row.cells() for row in rows])


def summary(rows: Sequence[Goal]) -> str:
    """One line: how many of the goals are met, and which are not."""
    judged = [row for row in rows if row.met is not None]
    missed = [row.workload for row in judged if not row.met]
    line = f"Goals met: {len(judged) - len(missed)} of {len(judged)}."
    return line + (" Not met: " + "; ".join(missed) + "." if missed else "")


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
