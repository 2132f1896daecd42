"""The deep-recursion workers as a state machine (issue 18): shallow calls, deep calls, calls past
the limit, interrupted calls, idle expiry and ``sys.setrecursionlimit`` in any order, against a plain
model: each call gives the value plain arithmetic gives (or lispy's error past the limit, or
``KeyboardInterrupt`` when interrupted), and workers never pile up.

Interrupts are injected at a fixed point: the interrupted job signals that it has started, and only
then does a helper thread send the interrupt, so what is asserted is the outcome, never a moment.
"""

from __future__ import annotations

import _thread
import signal
import sys
import threading

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from lispy.runtime.recursion import RecursionTooDeep, deep, idle_seconds, run_deep, worker_limit

LIMIT = worker_limit()


def live_workers() -> int:
    return sum(t.name == "lispy-deep" for t in threading.enumerate())


def settle(at_most: int) -> int:
    """The number of live workers once it is ``at_most`` or less (waiting up to a minute for ended
    jobs' workers to leave)."""
    for _ in range(600):
        if live_workers() <= at_most:
            break
        threading.Event().wait(0.1)
    return live_workers()


def chain(n: int) -> int:
    """``n`` nested Python calls: n."""
    return 0 if n == 0 else 1 + chain(n - 1)


@deep
def walk(n: int) -> int:
    """``n`` nested calls through :func:`deep`'s wrapper (two frames a level)."""
    return 0 if n == 0 else 1 + walk(n - 1)


def spin_until_interrupted(started: threading.Event) -> None:
    started.set()
    while True:
        pass


class Workers(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.calls = 0  # the model: calls made, each with its known value
        self.saved_idle = idle_seconds()
        self.saved_limit = sys.getrecursionlimit()

    def teardown(self) -> None:
        idle_seconds(self.saved_idle)
        sys.setrecursionlimit(self.saved_limit)

    @rule(n=st.integers(0, 500))
    def shallow(self, n: int) -> None:
        assert run_deep(sum, range(n)) == n * (n - 1) // 2
        assert walk(n) == n
        self.calls += 1

    @rule(fraction=st.floats(0.05, 0.5))
    def deep_call(self, fraction: float) -> None:
        n = int(LIMIT * fraction)
        assert run_deep(chain, n) == n
        assert walk(n // 2) == n // 2
        self.calls += 1

    @rule(extra=st.integers(1, 1000))
    def past_the_limit(self, extra: int) -> None:
        try:
            run_deep(chain, LIMIT + extra)
        except RecursionTooDeep as e:
            assert e.function == "chain" and e.limit == LIMIT
        else:
            raise AssertionError("a recursion past the limit gave a value")

    @rule()
    def interrupt(self) -> None:
        started = threading.Event()

        def press_ctrl_c() -> None:
            started.wait()
            _thread.interrupt_main()

        # Python's own handler for the simulated Ctrl-C: a test run started as a background job
        # inherits SIGINT ignored, and then interrupt_main does nothing at all.
        saved = signal.signal(signal.SIGINT, signal.default_int_handler)
        helper = threading.Thread(target=press_ctrl_c)
        helper.start()
        try:
            run_deep(spin_until_interrupted, started)
        except KeyboardInterrupt:
            pass
        else:
            raise AssertionError("an endless job returned")
        finally:
            helper.join()
            signal.signal(signal.SIGINT, saved)
        assert run_deep(sum, range(10)) == 45  # the next call is served as usual

    @rule(limit=st.sampled_from([1000, 1500, 3000, 10**6]))
    def set_recursion_limit(self, limit: int) -> None:
        sys.setrecursionlimit(limit)
        assert sys.getrecursionlimit() == limit
        assert worker_limit() == LIMIT  # the workers keep their own
        sys.setrecursionlimit(self.saved_limit)

    @rule(seconds=st.sampled_from([0.01, 0.05]))
    def idle_expiry(self, seconds: float) -> None:
        idle_seconds(seconds)
        assert settle(0) == 0  # every idle worker ends
        idle_seconds(self.saved_idle)
        assert run_deep(sum, range(4)) == 6  # and a new one starts when needed

    @invariant()
    def workers_do_not_pile_up(self) -> None:
        assert settle(2) <= 2  # at most two wait for work; interrupted ones end


TestWorkers = Workers.TestCase
TestWorkers.settings = settings(max_examples=10, stateful_step_count=6, deadline=None)
