"""Timing for the chapter scripts and the benchmarks: the best of several repeats (timeit)."""

from __future__ import annotations

import timeit
from collections.abc import Callable
from typing import Any


def best_seconds(f: Callable[[], Any], repeat: int = 5) -> float:
    """Seconds per call of ``f``: the fastest of ``repeat`` runs, each of about 0.2 s or more."""
    timer = timeit.Timer(f)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=repeat, number=number)) / number
