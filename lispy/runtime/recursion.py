"""Running the notes' recursive definitions deep, on a thread whose stack is big enough for its limit.

The notes' definitions recur once per list element or tree level: ``search`` on a path of
5,000 vertices nests about 15,000 Python calls, an M-expression recursion tens of thousands,
far past CPython's default limit of 1,000 calls.  Raising that limit with
``sys.setrecursionlimit`` is not safe on its own: in CPython 3.11 the limit is shared by
every thread, and a recursion that passes through C code at each level (a call ``g(*args)``,
``repr``/``pickle``/``==`` of nested Python containers, ``map`` calling back into Python)
uses the C stack, which is 8 MiB on the main thread.  Past a few thousand such levels the
process dies with a segmentation fault instead of raising an error.

So deep work runs elsewhere.  :func:`run_deep` runs a function on a worker thread of
lispy's own, started with a C stack of :data:`STACK_BYTES` (512 MiB of address space; the
memory is only used as the recursion reaches it), whose recursion limit is raised to
:data:`DEEP_LIMIT`, derived from that stack: :data:`BYTES_PER_LEVEL` is the most C stack
one level of recursion may take, about 2.7 times the worst measured (753 bytes for a
recursion through ``__call__``; ``bench/depths.py`` measures them).  Even a recursion that
passes through C at every level then ends in ``RecursionError`` before the stack runs out.
The caller waits for the result; nothing else changes:

* the raised limit is the worker's own: in CPython 3.11, where ``sys.setrecursionlimit``
  would raise it for every thread, the worker sets the limit of its own thread state (after
  checking, on the running interpreter, that it found the right fields; if not, the worker
  keeps the default limit, so deep work fails early with ``RecursionError`` and never
  crashes).  In CPython 3.12 and later, the C stack has a limit of its own, so the worker
  raises the interpreter's limit, which there bounds only Python-to-Python calls;
* a recursion too deep for :data:`DEEP_LIMIT` raises :class:`RecursionTooDeep` (a
  ``RecursionError``) naming the function: ``recursion too deep in search: …``;
* Ctrl-C (``KeyboardInterrupt`` in the waiting thread) is passed on to the worker, whose
  computation stops at its next Python instruction; the caller then gets the
  ``KeyboardInterrupt``, and the worker is not used again.  (One long operation inside C,
  such as a huge power, ends before anything else can run: it holds the interpreter's lock.)
  A second Ctrl-C stops waiting for a worker that waits on something outside Python;
* a call made on a worker runs at once, on that worker; calls from several threads run on
  several workers.

:func:`deep` wraps a function so that each outermost call runs this way; the functions
that :func:`lispy.chapter5.tree_search.tree_search` and
:func:`lispy.chapter6.game_trees.game_tree_search` return are wrapped with it.
"""

from __future__ import annotations

import ctypes
import functools
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

__all__ = ["BYTES_PER_LEVEL", "DEEP_LIMIT", "STACK_BYTES", "RecursionTooDeep", "deep", "run_deep"]

STACK_BYTES = 512 * 2**20
"""The C stack of each worker thread: 512 MiB of address space, used only as deep as the work goes."""

BYTES_PER_LEVEL = 2048
"""The C stack allowed for one level of recursion (the worst measured is 753 bytes)."""

DEEP_LIMIT = STACK_BYTES // BYTES_PER_LEVEL
"""The recursion limit on a worker thread: 262,144 nested calls."""

P = ParamSpec("P")
R = TypeVar("R")


class RecursionTooDeep(RecursionError):
    """A recursion went past the worker's limit.  ``function`` names where it began, ``limit`` is
    the limit (:data:`DEEP_LIMIT`, or less where the machine gave the worker a smaller stack)."""

    def __init__(self, function: str, limit: int = DEEP_LIMIT) -> None:
        self.function = function
        self.limit = limit
        super().__init__(
            f"recursion too deep in {function}: past the limit of {limit:,} nested calls, fewer where "
            "calls pass through C (a definition that never reaches its base case, or data nested that deep)"
        )


# --- the worker's own recursion limit ---------------------------------------------------------

# Offset of recursion_remaining, then recursion_limit, in CPython 3.11's PyThreadState.
_THREAD_STATE_FIELDS = 32


def _thread_state_fields() -> tuple[ctypes.c_int, ctypes.c_int]:
    """This thread's ``recursion_remaining`` and ``recursion_limit`` fields (CPython 3.11's layout)."""
    get = ctypes.pythonapi.PyThreadState_Get
    get.restype = ctypes.c_void_p
    address = get()
    return (
        ctypes.c_int.from_address(address + _THREAD_STATE_FIELDS),
        ctypes.c_int.from_address(address + _THREAD_STATE_FIELDS + 4),
    )


@functools.cache
def _fields_found() -> bool:
    """Whether :func:`_thread_state_fields` finds the right fields on the running interpreter.

    Checked once, on a thread whose limit is the interpreter's: the limit field holds
    ``sys.getrecursionlimit()``, and the remaining count falls by exactly one per call.
    """
    if sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11):
        return False
    remaining, limit = _thread_state_fields()
    if limit.value != sys.getrecursionlimit():
        return False

    def one_deeper() -> int:
        return remaining.value

    here = remaining.value
    return one_deeper() == here - 1


def _raise_own_limit(new_limit: int) -> int:
    """Set this thread's recursion limit to ``new_limit``; return the limit in force after.

    Called as each job starts: ``sys.setrecursionlimit``, called by anyone (Hypothesis does,
    for one), resets every thread's limit in CPython 3.11, this one's included.
    """
    if sys.version_info >= (3, 12):
        sys.setrecursionlimit(max(new_limit, sys.getrecursionlimit()))
        return sys.getrecursionlimit()
    if not _fields_found():
        return sys.getrecursionlimit()
    remaining, limit = _thread_state_fields()
    depth = limit.value - remaining.value
    limit.value, remaining.value = new_limit, new_limit - depth
    return new_limit


# --- workers -------------------------------------------------------------------------------------


class _Job:
    __slots__ = ("args", "done", "error", "finished", "function", "kwargs", "result")

    def __init__(self, function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        self.function, self.args, self.kwargs = function, args, kwargs
        self.done = threading.Lock()  # released when the job ends (a lock hand-off costs ~20 µs)
        self.done.acquire()
        self.finished = False  # set before ``done`` is released: a second wait sees it at once
        self.result: Any = None
        self.error: BaseException | None = None


class _Worker(threading.Thread):
    """A daemon thread with a big stack and a raised limit, running one job at a time.

    A worker whose job was interrupted is *abandoned*: it finishes, leaves the pool and ends,
    so that a Ctrl-C passed on to it late can reach no other job.
    """

    def __init__(self, stack: int) -> None:
        super().__init__(name="lispy-deep", daemon=True)
        self.request = threading.Lock()  # released when a job (or the order to stop) is waiting
        self.request.acquire()
        self.job: _Job | None = None
        self.limit = stack // BYTES_PER_LEVEL  # derived from the stack this thread was given
        self.abandoned = False
        self.taken_at: float | None = None  # when a caller took it; None while it waits in the pool

    def run(self) -> None:
        if hasattr(signal, "pthread_sigmask"):  # Ctrl-C is for the waiting thread, which passes it on
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        _fields_found()  # checked here, on a fresh thread, before any limit is raised
        while not self.abandoned:
            try:
                if not self.request.acquire(timeout=_IDLE_SECONDS) and self._leave():
                    break
                job, self.job = self.job, None
                if job is not None:
                    self._run(job)
            except BaseException:  # a Ctrl-C passed on just as its job ended: the worker is abandoned
                continue
        with _pool_lock:
            _workers.discard(self.ident or 0)

    def _run(self, job: _Job) -> None:
        limit = self.limit
        try:
            limit = _raise_own_limit(self.limit)
            job.result = job.function(*job.args, **job.kwargs)
        except RecursionTooDeep as e:
            job.error = e
        except RecursionError:
            job.error = RecursionTooDeep(getattr(job.function, "__name__", repr(job.function)), limit)
        except BaseException as e:
            job.error = e
        job.finished = True
        job.done.release()
        if not _return_to_pool(self):
            self.abandoned = True

    def _leave(self) -> bool:
        """After a while without work: whether to end (idle in the pool, or lost by a caller that a
        Ctrl-C stopped between taking this worker and giving it its job)."""
        with _pool_lock:
            if self in _idle:
                _idle.remove(self)
                return True
            taken = self.taken_at
            return self.job is None and (taken is None or time.monotonic() - taken > _IDLE_SECONDS)

    def submit(self, job: _Job) -> None:
        self.job = job
        self.request.release()

    def interrupt(self) -> None:
        """Raise ``KeyboardInterrupt`` in this worker at its next Python instruction."""
        if self.ident is not None:
            ctypes.pythonapi.PyThreadState_SetAsyncExc(
                ctypes.c_ulong(self.ident), ctypes.py_object(KeyboardInterrupt)
            )


_pool_lock = threading.Lock()
_idle: list[_Worker] = []
_workers: set[int] = set()  # idents of live workers, for "already on a worker"
_KEEP_IDLE = 2
_IDLE_SECONDS = 60.0  # an idle worker ends after this long without work
_MIN_STACK = 8 * 2**20  # below this, a worker is no deeper than the main thread: run there instead


def _take_worker() -> _Worker | None:
    """An idle worker, or a new one with the biggest stack the machine gives (512 MiB, or a
    quarter of it, …, down to 8 MiB where address space is scarce); ``None`` if none starts."""
    with _pool_lock:
        if _idle:
            worker = _idle.pop()
            worker.taken_at = time.monotonic()
            return worker
        saved = threading.stack_size()
        stack = STACK_BYTES
        try:
            while stack >= _MIN_STACK:
                try:
                    threading.stack_size(stack)
                    worker = _Worker(stack)
                    worker.start()
                    break
                except (RuntimeError, MemoryError, ValueError):
                    stack //= 4
            else:
                return None
        finally:
            threading.stack_size(saved)
        assert worker.ident is not None
        worker.taken_at = time.monotonic()
        _workers.add(worker.ident)
        return worker


def _return_to_pool(worker: _Worker) -> bool:
    with _pool_lock:
        if len(_idle) < _KEEP_IDLE and not worker.abandoned:
            worker.taken_at = None
            _idle.append(worker)
            return True
        return False


def _abandon_unless_finished(worker: _Worker, job: _Job) -> bool:
    """Abandon ``worker`` if ``job`` has not finished; whether it was abandoned.

    Decided under the pool's lock, which the worker takes to go back to the pool after it
    finishes: so a worker is either abandoned while the job runs, or never.
    """
    with _pool_lock:
        if job.finished:
            return False
        worker.abandoned = True
        if worker in _idle:
            _idle.remove(worker)
    return True


def worker_limit() -> int:
    """The recursion limit that deep work gets here (:data:`DEEP_LIMIT` where the machine allows)."""
    return run_deep(_own_limit)


def _own_limit() -> int:
    thread = threading.current_thread()
    return thread.limit if isinstance(thread, _Worker) else sys.getrecursionlimit()


def run_deep(function: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
    """``function(*args, **kwargs)``, run where deep recursion is safe; its value or its exception.

    Raises :class:`RecursionTooDeep` (naming ``function``) where the recursion passes the
    worker's limit, and ``KeyboardInterrupt`` after stopping the computation when the waiting
    thread is interrupted.  Other exceptions pass through unchanged.  Where no worker thread
    can start at all, the call runs here, under this thread's own limit.
    """
    if threading.get_ident() in _workers:
        return function(*args, **kwargs)
    job = _Job(function, args, kwargs)
    worker: _Worker | None = None
    try:
        worker = _take_and_submit(job)
        if worker is None:
            return _here(function, *args, **kwargs)
        _wait(job, worker)
    except KeyboardInterrupt:
        if worker is not None and _abandon_unless_finished(worker, job):
            worker.job = None  # if it has not taken the job yet, it never will
            if worker.request.locked():
                worker.request.release()  # wake it if it waits for work, so that it ends
            worker.interrupt()
            try:
                _wait(job, worker)
            except KeyboardInterrupt:
                pass  # stuck outside Python: let it finish alone, and stop waiting
        raise
    if not job.finished:
        raise RuntimeError(f"lispy's deep-recursion worker ended before {function!r} did")
    if job.error is not None:
        error, job.error = job.error, None
        raise error
    return job.result  # type: ignore[no-any-return]


_HELD = frozenset(
    getattr(signal, name) for name in ("SIGINT", "SIGALRM", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""Signals whose Python handlers may raise: held back while a worker is taken and given its job."""


def _take_and_submit(job: _Job) -> _Worker | None:
    """A worker, given ``job``; ``None`` if none can start.  The signals of :data:`_HELD` wait
    meanwhile (the kernel keeps them pending), so that a Ctrl-C cannot leave a worker taken
    from the pool but owned by no one: it arrives once the caller holds the worker."""
    block = getattr(signal, "pthread_sigmask", None)
    held = block(signal.SIG_BLOCK, _HELD) if block is not None else None
    try:
        worker = _take_worker()
        if worker is not None:
            worker.submit(job)
        return worker
    finally:
        if block is not None and held is not None:
            block(signal.SIG_SETMASK, held)


def _here(function: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
    try:
        return function(*args, **kwargs)
    except RecursionTooDeep:
        raise
    except RecursionError:
        name = getattr(function, "__name__", repr(function))
        raise RecursionTooDeep(name, sys.getrecursionlimit()) from None


def _wait(job: _Job, worker: _Worker) -> None:
    """Wait until ``job`` has finished, or its worker has ended.  A timed wait, so that signal
    handlers run here even if a signal went to another thread."""
    while not job.finished and worker.is_alive():
        if job.done.acquire(timeout=0.25):
            return


def deep(f: Callable[P, R]) -> Callable[P, R]:
    """Decorate ``f`` so that each outermost call runs through :func:`run_deep`."""

    @functools.wraps(f)
    def call_deep(*args: P.args, **kwargs: P.kwargs) -> R:
        if threading.get_ident() in _workers:
            return f(*args, **kwargs)
        return run_deep(f, *args, **kwargs)

    return call_deep
