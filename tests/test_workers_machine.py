"""Deep work as a state machine: shallow calls, deep calls, calls past the limit, interrupted calls,
deep calls from two threads at once and the program's own ``sys.setrecursionlimit``, in any order,
against a plain model: each call gives the value plain arithmetic gives (or lispy's error past the
limit, or ``KeyboardInterrupt`` when interrupted), the program's limit is the one it last set
whenever no deep call runs, and no worker thread outlives its call.

Interrupts are injected at a fixed point: the interrupted job signals that it has started, and only
then does a helper thread send the interrupt, so what is asserted is the outcome, never a moment.
"""

from __future__ import annotations

import _thread  # interrupt_main: a Ctrl-C as the terminal sends it
import os
import signal
import sys
import threading

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from lispy.recursion import RecursionTooDeep, deep, run_deep, worker_limit

LIMIT = worker_limit()


def threads() -> int:
    """The threads of this process now, as the kernel counts them."""
    return len(os.listdir("/proc/self/task"))


def settle(at_most: int) -> int:
    """The number of threads once it is ``at_most`` or less (waiting up to a minute for ended calls'
    workers to leave)."""
    for _ in range(600):
        if threads() <= at_most:
            break
        threading.Event().wait(0.1)
    return threads()


def chain(n: int) -> int:
    """``n`` nested Python calls: n."""
    return 0 if n == 0 else 1 + chain(n - 1)


@deep
def walk(n: int) -> int:
    """``n`` nested calls through :func:`deep`'s wrapper (two frames a level)."""
    return 0 if n == 0 else 1 + walk(n - 1)


def spin_until_interrupted(started: threading.Event) -> None:
    """An endless loop of calls (a loop without calls is not stopped: docs/reliability.md)."""
    started.set()
    while True:
        started.is_set()


class Workers(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.saved_limit = self.limit = sys.getrecursionlimit()  # the model: the program's limit
        self.baseline = threads()

    def teardown(self) -> None:
        sys.setrecursionlimit(self.saved_limit)

    @rule(n=st.integers(0, 500))
    def shallow(self, n: int) -> None:
        assert run_deep(sum, range(n)) == n * (n - 1) // 2
        assert walk(n) == n

    @rule(fraction=st.floats(0.05, 0.5))
    def deep_call(self, fraction: float) -> None:
        n = int(LIMIT * fraction)
        assert run_deep(chain, n) == n
        assert walk(n // 2) == n // 2

    @rule(extra=st.integers(1, 1000))
    def past_the_limit(self, extra: int) -> None:
        try:
            run_deep(chain, LIMIT + extra)
        except RecursionTooDeep as e:
            assert e.function == "chain" and e.limit == LIMIT
        else:
            raise AssertionError("a recursion past the limit gave a value")

    @rule(fractions=st.lists(st.floats(0.05, 0.3), min_size=2, max_size=3))
    def deep_calls_from_threads_at_once(self, fractions: list[float]) -> None:
        values: list[int] = []
        callers = [
            threading.Thread(target=lambda n=int(LIMIT * f): values.append(run_deep(chain, n)))
            for f in fractions
        ]
        for caller in callers:
            caller.start()
        for caller in callers:
            caller.join()
        assert sorted(values) == sorted(int(LIMIT * f) for f in fractions)

    @rule()
    def interrupt(self) -> None:
        started, in_flight = threading.Event(), [True]

        def ctrl_c(*_: object) -> None:
            if in_flight[0]:
                raise KeyboardInterrupt

        def press_ctrl_c_until_it_stops() -> None:
            """As a user does: a Ctrl-C that lands where Python ignores it (in a collector's
            callback, as an unraisable exception) is pressed again."""
            started.wait()
            while in_flight[0]:
                _thread.interrupt_main()
                threading.Event().wait(0.05)

        # Our own handler for the simulated Ctrl-C: a test run started as a background job
        # inherits SIGINT ignored, and then interrupt_main does nothing at all.
        saved = signal.signal(signal.SIGINT, ctrl_c)
        helper = threading.Thread(target=press_ctrl_c_until_it_stops)
        helper.start()
        try:
            run_deep(spin_until_interrupted, started)
        except KeyboardInterrupt:
            pass
        else:
            raise AssertionError("an endless job returned")
        finally:
            in_flight[0] = False
            helper.join()
            signal.signal(signal.SIGINT, saved)
        assert run_deep(sum, range(10)) == 45  # the next call is served as usual

    @rule(limit=st.sampled_from([1000, 1500, 3000, 10**6]))
    def set_recursion_limit(self, limit: int) -> None:
        sys.setrecursionlimit(limit)
        self.limit = limit
        assert worker_limit() == LIMIT  # deep work gets its own, whatever the program's

    @invariant()
    def the_programs_limit_is_its_own_and_no_worker_outlives_its_call(self) -> None:
        assert sys.getrecursionlimit() == self.limit
        assert settle(self.baseline) <= self.baseline


TestWorkers = Workers.TestCase
TestWorkers.settings = settings(max_examples=10, stateful_step_count=6, deadline=None)
