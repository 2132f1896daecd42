"""Running the notes' recursive definitions deep: on a thread with a big stack, under a raised limit.

The notes' definitions recur once per element or level, far past CPython's default limit of 1,000
calls.  Raising the limit alone is not safe: a recursion through C at each level (``sorted`` with a
recursive ``__lt__``, ``repr`` of nested lists) uses the C stack, 8 MiB on the main thread, and
ends in a segmentation fault (3.11; 3.13 too, whose guard on C recursion overflows 8 MiB).  So
:func:`run_deep` runs a function on a new thread with a stack of :data:`STACK_BYTES` (less under a
memory cap; on the caller where no thread starts, as in Pyodide), with the interpreter's limit at
:data:`DEEP_LIMIT` while it runs, and :func:`deep` runs a pure function's shallow calls where they
are, at about their own cost.  What another thread sees meanwhile, and what is not protected, is
in ``docs/reliability.md`` ("Deep recursion"): the limit is the interpreter's, one for all threads.
"""

from __future__ import annotations

import _thread
import functools
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

STACK_BYTES = 2**30
"""The C stack of a worker thread: 1 GiB of address space, used only as deep as the work goes."""

BYTES_PER_LEVEL = 4096
"""The C stack allowed a level: 1.6 times the worst measured, 2,536 bytes (``python -m bench.depths``)."""

DEEP_LIMIT = STACK_BYTES // BYTES_PER_LEVEL
"""The recursion limit while deep work runs: 262,144 (:func:`worker_limit`: what it gets here)."""

SMALLEST_STACK = 8 * 2**20
"""The least stack a worker is given, the main thread's: below it, a worker is no deeper than the caller."""

_INLINE_LIMIT = SMALLEST_STACK // BYTES_PER_LEVEL  # 2,048: a limit an 8 MiB stack holds

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


_lock = threading.Lock()
_running: list[int] = []  # the limits of the deep calls running now; the least is in force
_limits = [0, 0]  # the limit before the first of them, and the one set for them


class _Local(threading.local):
    deep = False  # this thread is a worker (a class attribute: read without a miss elsewhere)


_local = _Local()


class _Job:
    """One deep call, shared by its caller and its worker (interrupts are sent only while ``running``)."""

    def __init__(self, call: Callable[[], Any], name: str) -> None:
        self.call, self.name, self.limit, self.ident = call, name, 0, 0
        self.result: Any = None
        self.error: BaseException | None = None
        self.running = self.cancelled = self.finished = False
        self.done = threading.Lock()
        self.done.acquire()

    def start(self) -> bool:
        """Whether a thread started, with the biggest stack the machine gives (or the one in force needs)."""
        with _lock:
            saved, stack = threading.stack_size(), min(_running, default=DEEP_LIMIT) * BYTES_PER_LEVEL
            try:
                while True:  # 1 GiB, 256 MiB, 64 MiB, 16 MiB, 8 MiB
                    try:
                        threading.stack_size(stack)
                        self.limit = stack // BYTES_PER_LEVEL
                        _thread.start_new_thread(self.work, ())
                        return True
                    except (RuntimeError, MemoryError, ValueError):  # no thread, or not that big
                        if stack == SMALLEST_STACK:
                            return False
                        stack = max(stack // 4, SMALLEST_STACK)
            finally:
                threading.stack_size(saved)

    def work(self) -> None:
        """The worker's life: the limit raised, the call, the limit put back."""
        import signal  # (its signals are for the waiting caller)

        try:
            if hasattr(signal, "pthread_sigmask"):
                signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGALRM})
            with _lock:
                if self.cancelled:
                    return
                if _running and self.limit < min(_running):  # never lowered under a deep thread
                    raise MemoryError("out of memory: no room for the stack of another deep call")
                _limits[0] = _limits[0] if _running else sys.getrecursionlimit()
                _running.append(self.limit)
                _limits[1] = min(_running)
                sys.setrecursionlimit(_limits[1])
                self.running, self.ident = True, threading.get_ident()
            _local.deep = True
            try:
                self.result = self.call()
            except BaseException as e:
                self.error = _reported(e, self.name)
            finally:
                with _lock:
                    self.running = False
            if self.cancelled:
                _async_raise(self.ident, None)  # an interrupt not landed yet never will
        except BaseException as e:  # an interrupt landing as the call ended; or no room
            self.error = self.error or _reported(e, self.name)
        finally:
            with _lock:
                if self.ident:  # the limit was raised
                    _running.remove(self.limit)
                    if sys.getrecursionlimit() == _limits[1]:  # else the program set its own: kept
                        _limits[1] = min(_running, default=_limits[0])
                        sys.setrecursionlimit(_limits[1])
                self.finished = True
            self.done.release()

    def wait(self) -> None:
        """Until the worker has finished (timed: a signal another thread took reaches the handler here)."""
        # ``finished`` says so, not ``done``: a Ctrl-C may land just after the lock is taken.
        while not self.finished:
            self.done.acquire(timeout=0.25)

    def stop(self) -> None:
        """The caller was interrupted: the call is not to start, or its worker is interrupted."""
        while True:  # again if a second Ctrl-C stopped the sending: the worker catches a late one
            try:
                with _lock:
                    self.cancelled = True
                    if self.running:
                        _async_raise(self.ident, KeyboardInterrupt)
                return
            except KeyboardInterrupt:
                pass


def _async_raise(ident: int, error: type[BaseException] | None) -> None:
    """Raise ``error`` in thread ``ident`` at its next Python instruction (``None``: cancel that)."""
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), error and ctypes.py_object(error))


def _address_space_capped() -> bool:
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


def run_deep(function: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
    """``function(*args, **kwargs)``, run once where deep recursion is safe; its value or its exception.

    Raises :class:`RecursionTooDeep` (naming ``function`` and the limit) past the limit, and
    ``KeyboardInterrupt`` after stopping the computation when the waiting thread is interrupted (a
    second one stops waiting for a worker stuck in C); other exceptions pass through.  Where no
    thread can start, runs here, under this thread's limit.

    >>> run_deep(lambda n: n * 2, 21)
    42
    """
    if _local.deep:
        return function(*args, **kwargs)
    job = _Job(functools.partial(function, *args, **kwargs), getattr(function, "__name__", repr(function)))
    started = False
    try:
        started = job.start()
        capped = not started and _address_space_capped()
        for _ in range(100 if capped else 0):  # a worker that just ended may hold its stack a moment
            time.sleep(0.01)
            if started := job.start():
                break
        if started:
            job.wait()
        elif capped:  # the caller's stack may not grow under the cap: no room to run at all
            job.error = MemoryError("out of memory: no room for the stack of a deep call")
        else:
            try:
                job.result = job.call()
            except (RecursionError, MemoryError, SystemError) as e:
                job.error = _reported(e, job.name)
    except KeyboardInterrupt:
        job.stop()
        try:
            if started:  # (after a Ctrl-C inside start, a worker is cancelled or stopping)
                job.wait()
        except KeyboardInterrupt:
            pass
        raise
    error, job.error = job.error, None
    if error is not None:
        raise error
    return job.result


def worker_limit() -> int:
    """The recursion limit that deep work gets here (:data:`DEEP_LIMIT` where the machine allows).

    >>> worker_limit() <= DEEP_LIMIT
    True
    """
    return run_deep(sys.getrecursionlimit)


def deep(f: Callable[P, R]) -> Callable[P, R]:
    """Decorate the *pure* function ``f``: a shallow call runs here, at about what ``f`` costs,
    changing nothing; a call too deep for this thread's limit runs again, from the start, through
    :func:`run_deep` (so ``f`` must not count what it is given), as every call does while a deep
    call has the limit raised past an 8 MiB stack.

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
        if sys.getrecursionlimit() <= _INLINE_LIMIT:
            try:
                return f(*args, **kwargs)
            except RecursionTooDeep:
                raise
            except RecursionError:
                pass  # too deep for this thread: again, where it fits
        return run_deep(f, *args, **kwargs)

    return call_deep
