"""Running the notes' recursive definitions deep: on a thread with a big stack, under a raised limit.

The standard recipe: :func:`run_deep` runs a function on a ``threading.Thread`` with a 1 GiB stack
(less where refused; on the caller where no thread starts, as in Pyodide) and the limit at
:data:`DEEP_LIMIT` while it runs; :func:`deep` runs a pure function's shallow calls where they are.
The limit is the interpreter's, one for all threads, so deep calls take turns; Ctrl-C lowers it until
the worker's next call fails.  What is promised and what is not: ``docs/reliability.md``.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

STACK_BYTES = 2**30  # a worker's C stack: 1 GiB of address space, used only as deep as the work goes
BYTES_PER_LEVEL = 4096  # the C stack a level: 1.6 times the worst measured, 2,536 bytes (bench.depths)
SMALLEST_STACK = 8 * 2**20  # the least stack a worker is given, the main thread's
DEEP_LIMIT = STACK_BYTES // BYTES_PER_LEVEL
"""The recursion limit while deep work runs: 262,144 (:func:`worker_limit`: what it gets here)."""

P = ParamSpec("P")
R = TypeVar("R")


class RecursionTooDeep(RecursionError):
    """A recursion went past the limit of deep work.  ``function`` names where it began, ``limit``
    is the limit that was in force.

    >>> str(RecursionTooDeep("search", 1000))[:53]
    'recursion too deep in search: past the limit of 1,000'
    """

    def __init__(self, function: str, limit: int = DEEP_LIMIT) -> None:
        self.function, self.limit = function, limit
        super().__init__(
            f"recursion too deep in {function}: past the limit of {limit:,} nested calls, fewer where "
            "calls pass through C (a definition that never reaches its base case, or data nested that deep)"
        )


class _Local(threading.local):
    deep = False  # this thread is a worker


_local = _Local()
_turn = threading.Lock()  # one deep call at a time
_limits: list[int] = []  # while one runs: the limit before it, and the one it set


def run_deep(function: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
    """``function(*args, **kwargs)``, run once where deep recursion is safe; its value or its exception.

    Raises :class:`RecursionTooDeep` (naming ``function`` and the limit) past the limit; when the waiting
    thread is interrupted, ``KeyboardInterrupt`` once the computation stopped at its next call.

    >>> run_deep(lambda n: n * 2, 21)
    42
    """
    if _local.deep:
        return function(*args, **kwargs)
    import inspect

    name, finished = getattr(function, "__name__", repr(function)), threading.Event()
    values: list[Any] = []  # what the call returned
    errors: list[BaseException] = []  # or what it raised
    cancelled: list[bool] = []
    frame, floor = inspect.currentframe(), 20  # the waiting thread's depth, and room to wait
    while frame is not None:
        frame, floor = frame.f_back, floor + 1

    def below(pad: int) -> R:  # the call, ``pad`` frames down: below the floor, where Ctrl-C stops it
        return below(pad - 1) if pad else function(*args, **kwargs)

    def work(pad: int) -> None:  # above the floor: its own calls go on after Ctrl-C
        _local.deep = True
        try:
            if not cancelled:
                values.append(below(pad))
        except BaseException as e:
            errors.append(_reported(e, name))
        finally:
            finished.set()

    worker = threading.Thread(target=work, args=(floor,), name=f"deep {name}", daemon=True)
    with _turn:
        _limits[:] = [sys.getrecursionlimit()]
        try:
            started = _start(worker)
            for _ in range(100 if not started and _capped() else 0):  # an ended worker may hold its stack
                time.sleep(0.01)
                if started := _start(worker):
                    break
            if not started and _capped():  # nor may this thread's stack grow
                raise MemoryError("out of memory: no room for the stack of a deep call")
            if not started:  # no thread here (Pyodide): under this thread's limit
                try:
                    work(0)
                finally:
                    _local.deep = False
            while not finished.wait(0.25):  # (timed: a signal that another thread took is handled here)
                pass
        except KeyboardInterrupt:
            cancelled.append(True)
            _stop(worker, finished, floor)
            raise
        finally:
            if sys.getrecursionlimit() == _limits[-1]:  # else the program set its own: kept
                sys.setrecursionlimit(_limits[0])
            _limits.clear()
    if errors:
        raise errors[-1]
    return values[-1]


def _start(worker: threading.Thread) -> bool:
    """Start ``worker`` with the biggest stack the machine gives, 1 GiB to 8 MiB, and the limit it holds."""
    stack, saved = STACK_BYTES, threading.stack_size()
    try:
        while True:
            try:
                threading.stack_size(stack)
                _limits[1:] = [stack // BYTES_PER_LEVEL]
                sys.setrecursionlimit(_limits[1])
                worker.start()
                return True
            except (RuntimeError, MemoryError, ValueError):  # no thread, or not that big
                if stack == SMALLEST_STACK:
                    return False
                stack = max(stack // 4, SMALLEST_STACK)
    finally:
        threading.stack_size(saved)
        if worker.ident is None:  # not started (or, interrupted, it will find itself cancelled)
            _limits[1:] = [_limits[0]]
            sys.setrecursionlimit(_limits[0])


def _stop(worker: threading.Thread, finished: threading.Event, floor: int) -> None:
    """Lower the limit to ``floor``, just above the waiting thread's depth and below the worker's,
    so that the worker's next call fails, and wait for its end (another Ctrl-C then stops waiting).
    Not ``Thread.join``: on 3.11 an interrupted join can mark a live thread as ended."""
    while worker.ident is not None and not finished.is_set():  # (not started: it finds itself cancelled)
        try:
            if _limits[-1] > floor:
                _limits[1:] = [floor]
                sys.setrecursionlimit(floor)
            finished.wait(0.25)
        except KeyboardInterrupt:
            if _limits[-1] <= floor:
                return


def _capped() -> bool:
    """Whether this process's address space is capped (``RLIMIT_AS``, as the REPL sets it)."""
    try:
        import resource
    except ImportError:
        return False
    return resource.getrlimit(resource.RLIMIT_AS)[0] != resource.RLIM_INFINITY


def _reported(error: BaseException, name: str) -> BaseException:
    """What a deep call reports: lispy's error past the limit; out of memory, without the frames."""
    if isinstance(error, RecursionError) and not isinstance(error, RecursionTooDeep):
        return RecursionTooDeep(name, sys.getrecursionlimit())
    if isinstance(error, SystemError) and "without exception set" in str(error):  # C out of memory
        return MemoryError(f"out of memory (CPython said: {error})")
    if isinstance(error, MemoryError):
        error.__context__ = None
        return error.with_traceback(None)
    return error


def _after_fork_in_child() -> None:
    """A child forked while a deep call runs gets the limit before it, and a free turn."""
    global _turn
    if _limits and not _local.deep:
        sys.setrecursionlimit(_limits[0])
    _limits.clear()
    _turn = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def worker_limit() -> int:
    """The recursion limit that deep work gets here (:data:`DEEP_LIMIT` where the machine allows).

    >>> worker_limit() <= DEEP_LIMIT
    True
    """
    return run_deep(sys.getrecursionlimit)


def deep(f: Callable[P, R]) -> Callable[P, R]:
    """Decorate the *pure* function ``f``: a shallow call runs here, at about what ``f`` costs; a call
    too deep for this thread's limit runs again, from the start, through :func:`run_deep` (so ``f``
    must not count what it is given), as every call does while a deep call has the limit raised.

    >>> @deep
    ... def depth(n):
    ...     return 0 if n == 0 else 1 + depth(n - 1)
    >>> depth(10), depth(100_000)
    (10, 100000)
    """

    @functools.wraps(f)
    def call_deep(*args: P.args, **kwargs: P.kwargs) -> R:
        if _local.deep:
            return f(*args, **kwargs)  # already deep: no frame more a level
        if sys.getrecursionlimit() <= SMALLEST_STACK // BYTES_PER_LEVEL:
            try:
                return f(*args, **kwargs)
            except RecursionTooDeep:
                raise
            except RecursionError:
                pass  # too deep for this thread: again, where it fits
        return run_deep(f, *args, **kwargs)

    return call_deep
