"""Running the notes' recursive definitions deep, on a thread whose stack is big enough for its limit.

The notes' definitions recur once per list element or tree level: ``search`` on a path of
5,000 vertices nests about 15,000 Python calls, an M-expression recursion tens of thousands,
far past CPython's default limit of 1,000 calls.  Raising that limit with
``sys.setrecursionlimit`` is not safe on its own: in CPython 3.11 the limit is shared by
every thread, and a recursion that passes through C code at each level (a call ``g(*args)``,
``sorted`` calling a recursive ``__lt__``, ``repr``/``pickle``/``==`` of nested Python
containers, ``map`` calling back into Python) uses the C stack, which is 8 MiB on the main
thread.  Past a few thousand such levels the process dies with a segmentation fault instead
of raising an error.

So deep work runs elsewhere.  :func:`run_deep` runs a function on a worker thread of
lispy's own, started with a C stack of :data:`STACK_BYTES` (1 GiB of address space; the
memory is only used as the recursion reaches it), whose recursion limit is
:data:`DEEP_LIMIT`, derived from that stack: :data:`BYTES_PER_LEVEL` is the most C stack
one level of recursion may take, 1.6 times the worst measured (2,536 bytes a level for
``sorted`` calling a recursive ``__lt__``; ``python -m bench.depths`` measures each kind).
The caller waits for the result; nothing else changes:

* the limit is the worker's own: in CPython 3.11 the worker writes the limit into its own
  thread state (after checking, on the running interpreter, that it found the right fields;
  if not, the worker keeps the default limit, so deep work fails early with
  ``RecursionError`` and never crashes).  In CPython 3.12 and later the C stack has a guard
  of its own, so the worker raises the interpreter's limit, which there bounds only
  Python-to-Python calls;
* a recursion too deep for :data:`DEEP_LIMIT` raises :class:`RecursionTooDeep` (a
  ``RecursionError``) naming the function: ``recursion too deep in search: …``;
* Ctrl-C (``KeyboardInterrupt`` in the waiting thread) is passed on to the worker, whose
  computation stops at its next Python instruction; the caller then gets the
  ``KeyboardInterrupt``, and the worker is not used again.  (One long operation inside C,
  such as a huge power, ends before anything else can run: it holds the interpreter's lock.)
  A second Ctrl-C stops waiting for a worker that waits on something outside Python;
* a call made on a worker runs at once, on that worker; calls from several threads run on
  several workers.  Idle workers wait for work :func:`idle_seconds` (5 s), then end.

:func:`deep` wraps a *pure* function so that shallow calls do not pay for deep ones: each
outermost call first runs on the calling thread, under that thread's own limit, and only if
that limit is too small (``RecursionError``) runs again from the start on a worker.  A re-run
is safe because the function and everything it calls are pure (the notes' definitions are,
given a game's pure ``successors``/``ter``/``imval``); a function that counts or records
what it is given must run once: call it through :func:`run_deep`, which never re-runs.  The
functions that :func:`lispy.chapter5.tree_search.tree_search` and
:func:`lispy.chapter6.game_trees.game_tree_search` return are wrapped with :func:`deep`.

Which recursions are covered, and why the rest cannot crash.  CPython counts every Python
call, and every C-level recursion it makes (calling a Python object from C, ``repr``,
``==``, ``hash``, pickling, ``list.sort`` calling ``__lt__``), against the thread's limit;
the worker's limit is its stack divided by :data:`BYTES_PER_LEVEL`.  Measured on a worker,
C stack per counted level: a Python call 0 bytes (3.11 does not use the C stack for it),
``pickle.dumps`` 88, ``repr`` of nested lists 143, ``==`` 175, ``functools.reduce`` 180,
``hash``/``__eq__``/``__repr__``/``re.sub`` 160–260, ``g(*args)``/``__call__`` 370,
``format``/``map``/``getattr`` 610–735, ``sorted``/``list.sort`` with a key 1,663, with a
recursive ``__lt__`` 2,536: all well inside 4,096, so each ends in :class:`RecursionTooDeep`,
never a crash (``tests/test_robustness.py`` runs each past the limit).  The margin covers C
code of the same kind; a C extension whose own frame takes more than 4 KiB per level is not
covered.  The limit cannot be raised behind a worker's back: in CPython 3.11
``sys.setrecursionlimit`` called by any thread rewrites every thread's limit, and a thread
under the interpreter's limit is lifted to it when it reaches its own; the worker's thread
state is written so that neither can lift it (a change made during a job ends that job in
:class:`RecursionTooDeep`, saying so, rather than in a deeper stack).  A calling thread runs
a :func:`deep` call itself only while its limit is one its stack holds at the same bytes a
level as a worker (a limit of up to 2,048 calls on an 8 MiB stack); above that, or on a
thread whose stack is smaller, the call goes to a worker.  A worker is never lost: a caller
queues its job (one atomic step) and a worker takes it, so a Ctrl-C at any moment leaves at
most a cancelled job in the queue, which the next worker drops; no worker is owned by a
caller that has gone.
"""

from __future__ import annotations

import collections
import ctypes
import functools
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

__all__ = [
    "BYTES_PER_LEVEL",
    "DEEP_LIMIT",
    "STACK_BYTES",
    "RecursionTooDeep",
    "deep",
    "idle_seconds",
    "run_deep",
    "worker_limit",
]

STACK_BYTES = 2**30
"""The C stack of each worker thread: 1 GiB of address space, used only as deep as the work goes."""

BYTES_PER_LEVEL = 4096
"""The C stack allowed for one level of recursion (the worst measured is 2,536 bytes: ``sorted``
calling a recursive ``__lt__``)."""

DEEP_LIMIT = STACK_BYTES // BYTES_PER_LEVEL
"""The recursion limit on a worker thread: 262,144 nested calls (less where the machine gives a
worker a smaller stack: :func:`worker_limit` says what deep work gets here)."""

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


# Each live worker's limit field, by thread ident: written by the guarded sys.setrecursionlimit.
_limit_fields: dict[int, ctypes.c_int] = {}
_setrecursionlimit = sys.setrecursionlimit


def _guarded_setrecursionlimit(limit: int, /) -> None:
    """``sys.setrecursionlimit(limit)`` for every thread but lispy's workers, which keep their own.

    CPython 3.11's ``sys.setrecursionlimit`` moves each thread's remaining count by the change
    (``remaining = new - (limit field - remaining)``): it would lift a worker's limit past its
    stack, or, lowered, leave the worker so far past the new limit that CPython aborts ("Cannot
    recover from stack overflow").  So each worker's limit field is first set to the new limit,
    which leaves its remaining count as it was.  Between the check and the write for a worker no
    other thread runs (no call, no backward jump: CPython switches threads only there), and a
    worker leaves ``_limit_fields`` before its thread state is freed.
    """
    before = sys.getrecursionlimit()
    workers = list(_limit_fields.items())
    if isinstance(limit, int) and 0 < limit < 2**31:  # else CPython refuses it, and nothing changes
        for ident, field in workers:
            if ident in _limit_fields and _limit_fields[ident] is field:
                field.value = limit
    try:
        _setrecursionlimit(limit)
    except BaseException:
        for ident, field in workers:
            if ident in _limit_fields and _limit_fields[ident] is field:
                field.value = before
        raise


_guarded_setrecursionlimit.__doc__ = (_setrecursionlimit.__doc__ or "") + (
    "\n\n(lispy: lispy's deep-recursion workers keep their own limit.)"
)


# --- calls that stay on the calling thread --------------------------------------------------------


def _stack_of_main_thread() -> int:
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_STACK)
    except (ImportError, ValueError, OSError):
        return 0
    return 8 * 2**20 if soft == resource.RLIM_INFINITY else min(soft, 8 * 2**20)


_MAIN_THREAD = threading.main_thread().ident
_MAIN_STACK = _stack_of_main_thread()
_MAIN_CEILING = _MAIN_STACK // BYTES_PER_LEVEL  # 2,048 on an 8 MiB stack
# Other threads get the main thread's stack size unless threading.stack_size says otherwise (glibc).
_THREADS_LIKE_MAIN = sys.platform.startswith("linux")


def _inline_safe() -> bool:
    """Whether this thread's own limit is one its stack holds at :data:`BYTES_PER_LEVEL` a level."""
    limit = sys.getrecursionlimit()
    if threading.get_ident() == _MAIN_THREAD:
        return limit <= _MAIN_CEILING
    if not _THREADS_LIKE_MAIN:
        return False
    size = threading.stack_size()
    return limit <= (size or _MAIN_STACK) // BYTES_PER_LEVEL


# --- workers -------------------------------------------------------------------------------------


class _Job:
    __slots__ = ("args", "cancelled", "done", "error", "finished", "function", "kwargs", "result", "worker")

    def __init__(self, function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        self.function, self.args, self.kwargs = function, args, kwargs
        self.done = threading.Lock()  # released when the job ends
        self.done.acquire()
        self.finished = False  # set, under the pool's lock, before ``done`` is released
        self.cancelled = False  # set by a caller that a Ctrl-C stopped: a worker drops the job
        self.worker: _Worker | None = None  # the worker running it, set under the pool's lock
        self.result: Any = None
        self.error: BaseException | None = None


_lock = threading.Lock()
_wake = threading.Condition(_lock)
_jobs: collections.deque[_Job] = collections.deque()  # waiting for a worker
_waiting = 0  # workers waiting for a job
_workers: set[int] = set()  # idents of live workers, for "already on a worker"
_KEEP_IDLE = 2  # at most this many workers wait for work; more end after their job
_idle = [5.0]  # seconds an idle worker waits for work before it ends
_MIN_STACK = 8 * 2**20  # below this, a worker is no deeper than the main thread: run here instead


def idle_seconds(seconds: float | None = None) -> float:
    """How long an idle worker waits for work before it ends (5 s at first); with ``seconds``,
    set it (waiting workers take the new time at once) and return the time it replaces.

    Raises ``ValueError`` for a time that is not positive.

    >>> previous = idle_seconds(0.5)
    >>> idle_seconds(previous)
    0.5
    """
    previous = _idle[0]
    if seconds is not None:
        if not seconds > 0:
            raise ValueError(f"idle_seconds: the time {seconds!r} is not a positive number of seconds")
        with _lock:
            _idle[0] = float(seconds)
            _wake.notify_all()
    return previous


class _Worker(threading.Thread):
    """A daemon thread with a big stack and its own recursion limit, running queued jobs.

    A worker whose job was interrupted is *abandoned*: it ends after that job, so that a
    Ctrl-C passed on to it late can reach no other job.
    """

    def __init__(self, stack: int) -> None:
        super().__init__(name="lispy-deep", daemon=True)
        self.limit = stack // BYTES_PER_LEVEL  # derived from the stack this thread was given
        self.abandoned = False
        self.depth: int | None = None  # the recursion depth at which jobs start (3.11 only)
        self.counted = False  # counted in ``_waiting``

    def run(self) -> None:
        global _waiting
        import signal

        if hasattr(signal, "pthread_sigmask"):  # signals are for the other threads
            signal.pthread_sigmask(signal.SIG_BLOCK, set(signal.Signals))
        ident = threading.get_ident()
        try:
            with _lock:
                if _fields_found():  # checked here, on a fresh thread, before any limit is changed
                    self.depth = _set_limit_field_guard(ident)
                _workers.add(ident)
                _waiting += 1
                self.counted = True
            self._serve()
        except BaseException:  # a Ctrl-C passed on just as an abandoned job ended
            pass
        finally:
            with _lock:
                _workers.discard(ident)
                _limit_fields.pop(ident, None)
                if self.counted:  # ended while counted as waiting (an error in the wait itself)
                    _waiting -= 1
                    self.counted = False
                    if len(_jobs) > _waiting:  # a job that counted on this worker gets another
                        _start_worker()
            if self.abandoned and self.ident is not None:  # drop an interrupt that came too late
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self.ident), None)

    def _serve(self) -> None:
        """Take jobs until idle too long or abandoned; counted in ``_waiting`` while waiting."""
        global _waiting
        while True:
            with _lock:
                since = time.monotonic()
                while not _jobs:
                    left = _idle[0] - (time.monotonic() - since)
                    if left <= 0:
                        _waiting -= 1
                        self.counted = False
                        return
                    _wake.wait(left)
                job = _jobs.popleft()
                if job.cancelled:
                    continue
                _waiting -= 1
                self.counted = False
                job.worker = self
            self._run(job)
            with _lock:
                if self.abandoned or _waiting >= _KEEP_IDLE:
                    return
                _waiting += 1
                self.counted = True

    def _set_own_limit(self) -> int:
        """Give this thread its own limit for the job about to start; return the limit in force.

        In 3.11 the limit field holds the interpreter's limit (so CPython never lifts this
        thread to it) and the remaining count is what this thread's own limit leaves."""
        if sys.version_info >= (3, 12):
            sys.setrecursionlimit(max(self.limit, sys.getrecursionlimit()))
            return sys.getrecursionlimit()
        if self.depth is None:
            return sys.getrecursionlimit()
        remaining, limit = _thread_state_fields()
        limit.value, remaining.value = sys.getrecursionlimit(), self.limit - self.depth
        return self.limit

    def _run(self, job: _Job) -> None:
        limit = self.limit
        name = getattr(job.function, "__name__", repr(job.function))
        try:
            try:
                limit = self._set_own_limit()
                job.result = job.function(*job.args, **job.kwargs)
            except RecursionTooDeep as e:
                job.error = e
            except RecursionError:
                job.error = RecursionTooDeep(name, limit)
            except SystemError as e:
                job.error = _out_of_memory(e)
            except BaseException as e:
                job.error = e
        except BaseException as e:  # a Ctrl-C passed on as the function returned
            job.error = e
        with _lock:
            job.finished = True
        job.done.release()

    def interrupt(self) -> None:
        """Raise ``KeyboardInterrupt`` in this worker at its next Python instruction."""
        if self.ident is not None:
            ctypes.pythonapi.PyThreadState_SetAsyncExc(
                ctypes.c_ulong(self.ident), ctypes.py_object(KeyboardInterrupt)
            )


def _set_limit_field_guard(ident: int) -> int:
    """Register this worker's limit field for the guarded ``sys.setrecursionlimit`` (installed on
    first use); return this thread's depth here, which its jobs start one call deeper than."""
    remaining, limit = _thread_state_fields()
    _limit_fields[ident] = limit
    if sys.setrecursionlimit is _setrecursionlimit:
        sys.setrecursionlimit = _guarded_setrecursionlimit
    return limit.value - remaining.value + 2  # _serve, then _run


def _out_of_memory(error: SystemError) -> BaseException:
    """CPython's "error return without exception set" (or "NULL result without error") is what a
    C function gives when it fails without saying why, as it does when memory runs out under a
    cap: a ``MemoryError`` saying so.  Any other ``SystemError`` is returned unchanged."""
    text = str(error)
    if "without exception set" in text or "NULL result without error" in text:
        return MemoryError(f"out of memory (CPython said: {text})")
    return error


def _start_worker() -> bool:
    """Start a worker with the biggest stack the machine gives (1 GiB, or a quarter of it, …,
    down to 8 MiB where address space is scarce); whether one started.  Called under ``_lock``."""
    saved = threading.stack_size()
    stack = STACK_BYTES
    try:
        while stack >= _MIN_STACK:
            try:
                threading.stack_size(stack)
                _Worker(stack).start()
                return True
            except RecursionError:
                raise  # no room to start it here: the caller's caller tries, higher up
            except (RuntimeError, MemoryError, ValueError):
                stack //= 4
        return False
    finally:
        threading.stack_size(saved)


def _submit(job: _Job) -> bool:
    """Queue ``job`` for a worker, starting one if no waiting worker is free for it; whether a
    worker will take it.  A Ctrl-C here leaves the job queued at worst: its caller cancels it."""
    with _lock:  # not the Condition: its __enter__ is Python, a Ctrl-C there keeps the lock
        _jobs.append(job)
        if len(_jobs) <= _waiting:
            _wake.notify()
            return True
        if _start_worker():
            return True
        _jobs.remove(job)
        return False


def _cancel(job: _Job) -> _Worker | None:
    """Cancel ``job`` for a caller that a Ctrl-C stopped; the worker running it, interrupted and
    abandoned, or ``None`` if no worker runs it (not taken yet: it will be dropped; or finished)."""
    with _lock:
        job.cancelled = True
        if job in _jobs:
            _jobs.remove(job)
        worker = job.worker
        if worker is None or job.finished:
            return None
        worker.abandoned = True
        worker.interrupt()  # under the lock: the job cannot finish first
        return worker


def worker_limit() -> int:
    """The recursion limit that deep work gets here (:data:`DEEP_LIMIT` where the machine allows).

    >>> worker_limit() <= DEEP_LIMIT
    True
    """
    return run_deep(_own_limit)


def _own_limit() -> int:
    thread = threading.current_thread()
    return thread.limit if isinstance(thread, _Worker) else sys.getrecursionlimit()


def run_deep(function: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
    """``function(*args, **kwargs)``, run where deep recursion is safe; its value or its exception.

    Runs ``function`` once, on a worker (at once if this thread is a worker).  Raises
    :class:`RecursionTooDeep` (naming ``function``) where the recursion passes the worker's
    limit, and ``KeyboardInterrupt`` after stopping the computation when the waiting thread is
    interrupted.  Other exceptions pass through unchanged.  Where no worker thread can start at
    all, the call runs here, under this thread's own limit.

    >>> run_deep(lambda n: n * 2, 21)
    42
    """
    if threading.get_ident() in _workers:
        return function(*args, **kwargs)
    job = _Job(function, args, kwargs)
    try:
        if not _submit(job):
            return _here(function, *args, **kwargs)
        _wait(job)
    except BaseException as e:  # Ctrl-C, or no room left on this thread to wait
        worker = _cancel(job)
        if worker is not None and isinstance(e, KeyboardInterrupt):
            try:
                _wait(job)
            except KeyboardInterrupt:
                pass  # stuck outside Python: let it finish alone, and stop waiting
        raise
    if not job.finished:
        raise RuntimeError(f"lispy's deep-recursion worker ended before {function!r} did")
    if job.error is not None:
        error, job.error = job.error, None
        raise error
    return job.result


def _here(function: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
    try:
        return function(*args, **kwargs)
    except RecursionTooDeep:
        raise
    except RecursionError:
        name = getattr(function, "__name__", repr(function))
        raise RecursionTooDeep(name, sys.getrecursionlimit()) from None


def _wait(job: _Job) -> None:
    """Wait until ``job`` has finished, or its worker has ended.  A timed wait, so that signal
    handlers run here even if a signal went to another thread."""
    while not job.finished:
        if job.done.acquire(timeout=0.25):
            return
        worker = job.worker
        if worker is not None and not worker.is_alive() and not job.finished:
            return


def deep(f: Callable[P, R]) -> Callable[P, R]:
    """Decorate the pure function ``f`` so that each outermost call is deep-safe and a shallow
    call costs about what ``f`` costs: ``f`` runs on the calling thread first, and only if that
    thread's limit is too small for it (``RecursionError``) runs again, from the start, through
    :func:`run_deep`.  A re-run is safe because ``f`` and all it calls are pure (no counter, no
    record, no output); a function with effects goes through :func:`run_deep` instead.

    >>> @deep
    ... def depth(n):
    ...     return 0 if n == 0 else 1 + depth(n - 1)
    >>> depth(10), depth(100_000)
    (10, 100000)
    """

    @functools.wraps(f)
    def call_deep(*args: P.args, **kwargs: P.kwargs) -> R:
        if threading.get_ident() in _workers:
            return f(*args, **kwargs)
        if _inline_safe():
            try:
                return f(*args, **kwargs)
            except RecursionTooDeep:
                raise  # already from a worker: as deep as deep work goes
            except RecursionError:
                pass  # too deep for this thread: run it again where it fits
        return run_deep(f, *args, **kwargs)

    return call_deep
