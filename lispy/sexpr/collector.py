"""Pausing Python's cyclic garbage collector while many cells are built.

An immutable cell points only at older objects, so cells never form a cycle; yet the collector,
counting allocations, walks them again and again while 10^6 are built (it triples the cost of a
build).  The bulk builders (:func:`lispy.sexpr.data.from_iterable` on long input, the reader,
:mod:`lispy.sexpr.conversions`, unpickling) pause it with :func:`collector_paused`.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block and restore it however the block ends.

    Nested pauses leave it to the outermost to restore.  The collector's switch is
    process-wide: another thread's allocations meanwhile are not collected either.
    """
    enabled = gc.isenabled()
    try:
        gc.disable()
        yield
    finally:
        if enabled:
            gc.enable()
