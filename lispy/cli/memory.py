"""A cap on the memory a lispy process may take, so that lispy's own error comes before the kernel's.

A list or a number that grows without end in the REPL must end in ``MemoryError``, which the
session reports as running out of memory and survives, not in the kernel's out-of-memory killer,
which ends the process and loses the session.  The cap is on address space (``RLIMIT_AS``, the
only limit Linux enforces at allocation time), so it counts what the process has reserved as
well as what it uses:

    cap = address space in use now + budget
    budget = half the memory the machine has available now (``MemAvailable`` in
             ``/proc/meminfo``: what other processes use is left to them),
             or ``LISPY_MEMORY_MB`` mebibytes where that variable is set.

The deep-recursion workers' stacks (:data:`lispy.runtime.recursion.STACK_BYTES` each) are
address space taken from the budget: where the budget is too small for a full stack, a worker
starts with a quarter of one (a lower limit, :func:`lispy.runtime.recursion.worker_limit`),
never with more memory than the budget.  So all that lispy takes beyond what it had at the
start, data and stacks together, is at most half of what was free, and a runaway list fails
with ``MemoryError`` while the machine still has memory to report it.  Where CPython itself
fails for want of memory without saying so (``SystemError``: "error return without exception
set"), the worker reports a ``MemoryError``.  A cap already set lower
(``ulimit -v``) is kept; on systems without ``RLIMIT_AS`` nothing changes.
"""

from __future__ import annotations

import os
import sys

__all__ = ["ENVIRONMENT_VARIABLE", "limit_memory", "memory_cap"]

ENVIRONMENT_VARIABLE = "LISPY_MEMORY_MB"
"""The budget for data in mebibytes, where set (a positive whole number), instead of half the
memory available."""


def _meminfo(field: str) -> int | None:
    """``field`` of ``/proc/meminfo`` in bytes, or ``None``."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                name, _, value = line.partition(":")
                if name == field:
                    return int(value.split()[0]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def _in_use() -> int:
    """The address space this process has now (``VmSize``), in bytes."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _budget() -> int | None:
    """The bytes lispy's data may take: ``LISPY_MEMORY_MB``, or half the memory available."""
    given = os.environ.get(ENVIRONMENT_VARIABLE, "").strip()
    if given:
        try:
            megabytes = int(given)
        except ValueError:
            megabytes = 0
        if megabytes <= 0:
            raise ValueError(
                f"{ENVIRONMENT_VARIABLE}={given!r}: expected a positive whole number of mebibytes"
            )
        return megabytes * 2**20
    available = _meminfo("MemAvailable")
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
    return None if budget is None else _in_use() + budget


def limit_memory() -> int | None:
    """Cap this process's address space at :func:`memory_cap` (Linux; elsewhere nothing happens);
    return the cap in force after, in bytes, or ``None`` where there is none.

    A cap already set lower is kept, and the hard limit is never passed.  Raises ``ValueError``
    for a malformed ``LISPY_MEMORY_MB``.
    """
    if not sys.platform.startswith("linux"):
        return None
    try:
        import resource
    except ImportError:
        return None
    cap = memory_cap()
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if cap is None or (soft != resource.RLIM_INFINITY and soft <= cap):
        return None if soft == resource.RLIM_INFINITY else soft
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ValueError, OSError):
        return None if soft == resource.RLIM_INFINITY else soft
    return cap
