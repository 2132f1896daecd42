"""A cap on the REPL's memory, so that a list or a number that grows without end ends in
``MemoryError``, which the session reports and survives, not in the kernel's out-of-memory killer.
The REPL (``python -m lispy``) sets it for its own process, never the library.  The cap is on address
space (``RLIMIT_AS``, the one limit Linux enforces at allocation)::

    cap = address space in use now + budget + 2 × the smallest stack of a deep call (16 MiB)
    budget = half the memory available now (MemAvailable), or LISPY_MEMORY_MB mebibytes

A cap set lower already (``ulimit -v``) is kept, the hard limit never passed, a budget past what
the system can express sets no cap.  Why: ``docs/reliability.md`` ("No hangs, no runaway resources").
"""

from __future__ import annotations

import os
import sys

from lispy.recursion import SMALLEST_STACK

ENVIRONMENT_VARIABLE = "LISPY_MEMORY_MB"  # the budget in mebibytes, where set (a positive whole number)


def _field(path: str, name: str) -> int | None:
    """The ``name:`` line of a ``/proc`` file, in bytes (its figures are in KiB), or ``None``."""
    try:
        with open(path, encoding="ascii") as f:
            return next((int(line.split()[1]) * 1024 for line in f if line.startswith(name + ":")), None)
    except (OSError, ValueError, IndexError):
        return None


def _budget() -> int | None:
    """The bytes lispy's data may take: ``LISPY_MEMORY_MB``, or half the memory available."""
    given = os.environ.get(ENVIRONMENT_VARIABLE, "").strip()
    if given:
        if not (given.isascii() and given.isdigit()) or int(given) == 0:
            raise ValueError(
                f"{ENVIRONMENT_VARIABLE}={given!r}: expected a positive whole number of mebibytes"
            )
        return int(given) * 2**20
    available = _field("/proc/meminfo", "MemAvailable")  # Linux since 3.14; elsewhere no cap is set
    return None if available is None else available // 2


def memory_cap() -> int | None:
    """The address-space cap :func:`limit_memory` sets here, in bytes (``None``: no cap).  Raises
    ``ValueError`` where ``LISPY_MEMORY_MB`` is set to anything but a positive whole number.

    >>> cap = memory_cap()
    >>> cap is None or cap > 2**20
    True
    """
    budget = _budget()
    in_use = _field("/proc/self/status", "VmSize") or 0
    return None if budget is None else in_use + budget + 2 * SMALLEST_STACK


def limit_memory() -> int | None:
    """Cap this process's address space at :func:`memory_cap` (Linux only); return the cap in force
    after, in bytes, or ``None``.  Raises ``ValueError`` for a malformed ``LISPY_MEMORY_MB``."""
    cap = memory_cap()
    if not sys.platform.startswith("linux"):
        return None
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    in_force = None if soft == resource.RLIM_INFINITY else soft
    if cap is None or (in_force is not None and in_force <= cap):
        return in_force
    cap = cap if hard == resource.RLIM_INFINITY else min(cap, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ValueError, OSError, OverflowError):  # past what rlim_t holds: no cap is needed
        return in_force
    return cap
