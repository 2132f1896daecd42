"""Running the notes' recursive definitions deep: on a thread with a big stack, under a raised limit.

The standard recipe: :func:`run_deep` runs a function on a ``threading.Thread`` started with a
stack of :data:`STACK_BYTES` (less where the machine refuses it; where no thread starts, as in
Pyodide, on the caller), with ``sys.setrecursionlimit`` at :data:`DEEP_LIMIT` while it runs.
:func:`deep` runs a pure function's shallow calls where they are.  The limit is the interpreter's,
one for all threads, so deep calls take turns; Ctrl-C lowers it until the worker's next call fails.
Workers are started by a thread of lispy's own, where no Ctrl-C lands.  What deep work leaves the
caller (a generator's ``yield from`` chain, an error's frames) is freed without recursing on its
stack.  What is promised and what is not: ``docs/reliability.md`` ("Deep recursion").
"""

from __future__ import annotations

import contextlib
import functools
import os
import queue
import sys
import threading
import time
import weakref
from collections.abc import Callable
from types import FrameType, GeneratorType
from typing import Any, ParamSpec, TypeVar

STACK_BYTES = 2**30
"""The C stack of a worker thread: 1 GiB of address space, used only as deep as the work goes."""

BYTES_PER_LEVEL = 4096
"""The C stack allowed a level: 1.6 times the worst measured, 2,536 bytes (``python -m bench.depths``)."""

DEEP_LIMIT = STACK_BYTES // BYTES_PER_LEVEL
"""The recursion limit while deep work runs: 262,144 (:func:`worker_limit`: what it gets here)."""

SMALLEST_STACK = 8 * 2**20
"""The least stack a worker is given, the main thread's: below it, a worker is no deeper than the caller."""

P = ParamSpec("P")
R = TypeVar("R")


class RecursionTooDeep(RecursionError):
    """A recursion past the limit of deep work: ``function`` names where it began, ``limit`` the limit.

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
_workers: list[threading.Thread] = []  # started by the starter, not yet joined (3.13 frees a stack then)
_limits: list[int] = []  # while one runs: the limit before it, and the one set for it
_closers = weakref.WeakKeyDictionary["GeneratorType[Any, Any, Any]", "weakref.finalize[[Any], Any]"]()


def run_deep(function: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
    """``function(*args, **kwargs)``, run once where deep recursion is safe; its value or its exception.

    Raises :class:`RecursionTooDeep` (naming ``function`` and the limit) past the limit, and
    ``KeyboardInterrupt`` after stopping the computation at its next call when the waiting thread
    is interrupted (another, once the limit is down, stops waiting).  Where no thread can start, runs here.
    An exception keeps its traceback's places, not the locals of the frames it passed on the worker.

    >>> run_deep(lambda n: n * 2, 21)
    42
    """
    if _local.deep:
        return function(*args, **kwargs)
    name, once = getattr(function, "__name__", repr(function)), threading.Lock()
    outcome: list[Any] = []  # [value], or [None, error]
    cancelled, ended, done = list[bool](), list[bool](), queue.SimpleQueue[bool]()
    call: list[Any] = [function, args, kwargs]  # (emptied by the worker: the caller frees them, not it)
    frame: FrameType | None = sys._getframe()  # (inspect.currentframe(), without importing inspect)
    floor = 20  # the waiting thread's depth, and room to wait
    while frame is not None:
        frame, floor = frame.f_back, floor + 1

    def work(pad: int, limit: int) -> None:  # above the floor: its own calls go on after Ctrl-C
        if not once.acquire(blocking=False):  # (a start that failed may have started it after all)
            return
        _local.deep = True
        _limits[:] = [sys.getrecursionlimit(), limit]  # (here, where no signal lands: always put back)
        try:
            if not cancelled:
                sys.setrecursionlimit(limit)
                outcome.append(_below(pad, *call))
        except BaseException as e:
            outcome[:] = [None, _reported(e, name)]
            tb = outcome[1].__traceback__
            while tb is not None:  # its frames' locals freed here, where deep ones can be (as clear_frames)
                with contextlib.suppress(RuntimeError):  # (the frame still running: this one)
                    tb.tb_frame.clear()
                tb = tb.tb_next
        finally:
            call.clear()
            if sys.getrecursionlimit() == _limits[-1]:  # else the program set its own: kept
                sys.setrecursionlimit(_limits[0])
            _limits.clear()
            ended.append(True)
            done.put(True)

    with _turn:
        try:
            started = _on_starter(functools.partial(_start, work, floor, name))
            for _ in range(100 if not started and _capped() else 0):  # an ended worker may hold its stack
                time.sleep(0.01)
                if started := _on_starter(functools.partial(_start, work, floor, name)):
                    break
            if not started and _capped():  # nor may this thread's stack grow
                raise MemoryError("out of memory: no room for the stack of a deep call")
            if not started:  # no thread here (Pyodide): under this thread's limit
                try:
                    work(0, sys.getrecursionlimit())
                finally:
                    _local.deep = False
            _wait(ended, done)
        except KeyboardInterrupt:
            cancelled.append(True)
            _stop(once, ended, done, floor)
            raise
    for made in (getattr(function, "__self__", None), *args, *kwargs.values(), *outcome[:1]):
        _close_when_freed(made)
    if len(outcome) > 1:
        raise outcome.pop()
    return outcome[0]


def _below(pad: int, function: Callable[..., R], args: tuple[Any, ...], kwargs: dict[str, Any]) -> R:
    """The call, ``pad`` frames down, below the waiting thread's depth (not a closure: no cycle)."""
    return _below(pad - 1, function, args, kwargs) if pad else function(*args, **kwargs)


def _close_when_freed(made: Any) -> None:
    """A generator deep work left in a ``yield from`` chain: closed when freed, innermost first, in a loop."""
    if isinstance(made, GeneratorType):
        if old := _closers.pop(made, None):
            old.detach()
        if made.gi_yieldfrom is not None:
            _closers[made] = weakref.finalize(made, _close_inside_out, made.gi_yieldfrom)


def _close_inside_out(inner: Any) -> None:
    with contextlib.ExitStack() as closing:  # the innermost first; an error raised once all are closed
        while inner is not None:
            closing.callback(getattr(inner, "close", lambda: None))
            inner = inner.gi_yieldfrom if isinstance(inner, GeneratorType) else None


def _start(work: Callable[[int, int], None], pad: int, name: str) -> bool:
    """Start ``work(pad, limit)`` on a thread with the biggest stack the machine gives, 1 GiB to 8 MiB,
    and the limit it holds.  (A thread for each try: a start that failed may have started after all.)"""
    for ended in [t for t in _workers if not t.is_alive()]:  # joined, so that 3.13 frees their stacks
        ended.join()
        _workers.remove(ended)
    stack, saved = STACK_BYTES, threading.stack_size()
    try:
        while True:
            try:
                threading.stack_size(stack)
                args = (pad, stack // BYTES_PER_LEVEL)
                _workers.append(threading.Thread(target=work, args=args, name=f"deep {name}", daemon=True))
                _workers[-1].start()
                return True
            except (RuntimeError, MemoryError, ValueError):  # no thread, or not that big
                _workers.pop()
                if stack == SMALLEST_STACK:
                    return False
                stack = max(stack // 4, SMALLEST_STACK)
    finally:
        threading.stack_size(saved)


def _stop(once: threading.Lock, ended: list[bool], done: queue.SimpleQueue[bool], floor: int) -> None:
    """Lower the limit to ``floor``, just above the waiting thread's depth and below the worker's,
    so that the worker's next call fails, and wait for its end (another Ctrl-C then stops waiting)."""
    while once.locked() and not ended:  # (not running yet: it will find itself cancelled)
        try:
            if _limits[1:] and _limits[1] > floor:
                _limits[1] = floor
                sys.setrecursionlimit(floor)
            _wait(ended, done, 1)
        except KeyboardInterrupt:
            if _limits[1:] == [floor]:
                return


def _wait(ended: list[bool], done: queue.SimpleQueue[bool], rounds: int = -1) -> None:
    """Wait for the worker's end in C (``SimpleQueue.get``: no Python lock for an interrupt to leave
    held), a quarter second at a time (a signal another thread took is handled between)."""
    while not ended and rounds:
        try:
            done.get(timeout=0.25)
        except queue.Empty:
            rounds -= 1


def _on_starter(start: Callable[[], bool]) -> bool:
    """``start()`` on lispy's starter thread, where no signal lands: a ``Thread.start`` interrupted
    there can leave the new thread blocked for good.  (Where no thread starts, here.)"""
    if _requests is None:
        return start()
    reply = queue.SimpleQueue[bool]()
    _requests.put((start, reply))
    return reply.get()


def _new_starter() -> queue.SimpleQueue[tuple[Callable[[], bool], queue.SimpleQueue[bool]]] | None:
    """Start a starter thread; the queue it serves, or ``None`` where no thread starts (Pyodide)."""
    requests = queue.SimpleQueue[tuple[Callable[[], bool], queue.SimpleQueue[bool]]]()
    saved = threading.stack_size()
    try:
        threading.stack_size(2**18)  # (it only starts threads: room for workers under a memory cap)
        threading.Thread(target=_starter, args=(requests,), name="lispy starter", daemon=True).start()
    except (RuntimeError, ValueError):
        return None
    finally:
        threading.stack_size(saved)
    return requests


def _starter(requests: queue.SimpleQueue[tuple[Callable[[], bool], queue.SimpleQueue[bool]]]) -> None:
    """Serve ``requests`` for ever, dropping each call before answering (so that the caller, still
    waiting, holds its data last: freed on this thread's small stack, deep data would crash it)."""
    while True:
        start, reply = requests.get()
        try:
            started = start()
        except BaseException:
            started = False
        del start
        reply.put(started)


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
    global _turn, _requests
    if _limits and not _local.deep:
        sys.setrecursionlimit(_limits[0])
    _limits.clear()
    _turn, _requests = threading.Lock(), _new_starter()


_requests = _new_starter()  # the starter thread's requests
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


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
        if sys.getrecursionlimit() <= SMALLEST_STACK // BYTES_PER_LEVEL:
            try:
                return f(*args, **kwargs)
            except RecursionTooDeep:
                raise
            except RecursionError:
                pass  # too deep for this thread: again, where it fits
        return run_deep(f, *args, **kwargs)

    return call_deep
