"""A cap on the memory the REPL may take, so that lispy's own error comes before the kernel's.

The REPL (``python -m lispy``) sets it for its own process; the library never caps the memory of
a program that imports it.  A list or a number that grows without end must end in
``MemoryError``, which the session reports as running out of memory and survives, not in the
kernel's out-of-memory killer, which ends the process and loses the session.  The cap is on
address space (``RLIMIT_AS``, the only limit Linux enforces at allocation time), so it counts
what the process has reserved as well as what it uses:

    cap = address space in use now + budget + 2 × the smallest stack of a deep call (16 MiB)
    budget = half the memory the machine has available now (``MemAvailable`` in
             ``/proc/meminfo``), or ``LISPY_MEMORY_MB`` mebibytes where that variable is set.

Every evaluation runs on a deep call's thread (:mod:`lispy.runtime.recursion`), whose stack is
reserved whole when it starts: the 16 MiB keep room for one at any budget, with as much again for
the REPL's own start, so that a runaway's data, freed as its frames unwind, is freed on that
stack, never on the main thread's, which cannot grow under the cap (CPython 3.13 frees a long list
of cells 10,000 C calls deep); where none can start, the evaluation is out of memory.  A
bigger stack comes out of the budget: where too little is left, a smaller stack and limit.

A cap already set lower (``ulimit -v``) is kept, the hard limit is never
passed, a budget past what the system can express sets no cap, and on systems without
``RLIMIT_AS`` nothing changes.
"""

from __future__ import annotations

import os
import sys

from lispy.runtime.recursion import SMALLEST_STACK

__all__ = ["ENVIRONMENT_VARIABLE", "limit_memory", "memory_cap"]

ENVIRONMENT_VARIABLE = "LISPY_MEMORY_MB"
"""The budget for data in mebibytes, where set (a positive whole number), instead of half the
memory available."""


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
    available = _field("/proc/meminfo", "MemAvailable")
    if available is None:
        try:
            available = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_AVPHYS_PAGES")
        except (ValueError, OSError, AttributeError):
            return None
    return available // 2


def memory_cap() -> int | None:
    """The address-space cap :func:`limit_memory` sets here, in bytes (``None``: no cap).

    Raises ``ValueError`` where ``LISPY_MEMORY_MB`` is set to something other than a positive
    whole number.

    >>> cap = memory_cap()
    >>> cap is None or cap > 2**20
    True
    """
    budget = _budget()
    in_use = _field("/proc/self/status", "VmSize") or 0
    return None if budget is None else in_use + budget + 2 * SMALLEST_STACK


def limit_memory() -> int | None:
    """Cap this process's address space at :func:`memory_cap` (Linux; elsewhere nothing happens);
    return the cap in force after, in bytes, or ``None`` where there is none.

    Raises ``ValueError`` for a malformed ``LISPY_MEMORY_MB``.
    """
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
