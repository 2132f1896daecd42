"""The one counter, the one tally and the one timer of lispy: what a search does, what a check found.

Every count of "positions examined" (library, chapter scripts, edition) is a :class:`Count`: a
function wrapped so that its calls are counted (and, if asked, what each was given is kept).  A
search examines a position when it applies ``lose`` (chapter 5), ``ter`` or ``imval`` (chapter 6),
or ``terminal_test`` (AIMA) to it; wrapping that function counts them, the transcription as it is.

    >>> square = Count(lambda x: x * x, keep=lambda x: x)
    >>> [square(x) for x in (3, 4)]
    [9, 16]
    >>> square.calls, square.seen
    (2, [3, 4])

Every check against an independent computation is tallied by :func:`count_agreement`; where the check
is two computations given the same cases (the notes' definition and its transcription, in the
edition's proof column and in ``tests/test_fidelity.py``), :func:`agree` runs them and tallies them so.
Every time
measured, by the claims and by the benchmarks, is :func:`timed_in_rounds` (or its two halves,
:func:`cpu_timer` and :func:`in_rounds`, where one side is timed elsewhere, as SBCL times its own):
CPU time, the computations compared timed in turn, round after round; a verdict on a ratio of
times says their spread.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, NamedTuple, TypeVar

C = TypeVar("C")

R = TypeVar("R")


class Count(Generic[R]):
    """``f``, counting its calls: :attr:`counted` (or the count itself) is called as ``f`` is and
    returns what ``f`` returns.

    ``calls``: how many times it was called since it was made or :meth:`reset`.  ``seen``: with
    ``keep``, what ``keep`` makes of each call's arguments, in order (``keep=lambda p: p`` keeps the
    positions themselves); without it, stays empty.  Give a search :attr:`counted`, a plain
    function: calling the count itself costs a method call more on every position.
    """

    __slots__ = ("_tally", "counted", "f", "seen")

    def __init__(self, f: Callable[..., R], keep: Callable[..., Any] | None = None) -> None:
        self.f = f
        tally = self._tally = [0]
        seen: list[Any] = []
        self.seen = seen

        if keep is None:

            def counted(*args: Any) -> R:
                tally[0] += 1
                return f(*args)

        else:

            def counted(*args: Any) -> R:
                tally[0] += 1
                seen.append(keep(*args))
                return f(*args)

        self.counted: Callable[..., R] = counted
        """``f``, counted."""

    @property
    def calls(self) -> int:
        """How many times :attr:`counted` was called."""
        return self._tally[0]

    def __call__(self, *args: Any) -> R:
        return self.counted(*args)

    def reset(self) -> None:
        """Forget the calls counted and kept (``seen`` stays the same list, emptied)."""
        self._tally[0] = 0
        self.seen.clear()


class Agreement(NamedTuple):
    """How many cases a check tried, how many agreed, and the first that did not (``None`` if all did)."""

    tried: int
    agreed: int
    first_disagreement: Any = None

    @property
    def all(self) -> bool:
        """Every case agreed (and there was at least one)."""
        return self.tried > 0 and self.agreed == self.tried


def count_agreement(cases: Iterable[tuple[Any, bool]]) -> Agreement:
    """The tally of ``(case, agreed)`` pairs.

    >>> count_agreement([(1, True), (2, False), (3, False)])
    Agreement(tried=3, agreed=1, first_disagreement=2)
    """
    tried = agreed = 0
    first = None
    for case, same in cases:
        tried, agreed = tried + 1, agreed + same
        first = case if first is None and not same else first
    return Agreement(tried, agreed, first)


class Raised(NamedTuple):
    """What a computation gave when it raised: the exception, in place of a value."""

    error: Exception

    def __str__(self) -> str:
        return f"{type(self.error).__name__}: {self.error}"


class Disagreement(NamedTuple):
    """A case on which two computations disagreed, and what each gave (a value, or :class:`Raised`)."""

    case: Any
    expected: Any
    found: Any


def outcome(f: Callable[[C], Any], case: C) -> Any:
    """``f(case)``, or :class:`Raised` with the exception it raised (an ``Exception``: Ctrl-C still stops).

    >>> outcome(lambda x: 1 // x, 0)
    Raised(error=ZeroDivisionError('integer division or modulo by zero'))
    """
    try:
        return f(case)
    except Exception as error:
        return Raised(error)


def agree(cases: Iterable[C], expected: Callable[[C], Any], *found: Callable[[C], Any]) -> list[Agreement]:
    """The one agreement runner: each case given to ``expected`` and to each of ``found``, and for each
    of ``found`` the tally (:func:`count_agreement`) of the cases on which it gave what ``expected``
    gave (``==``: Lisp's ``equal`` on lispy's data); a computation that raises agrees with nothing.
    A disagreement is kept as a :class:`Disagreement`.  ``expected`` is called once a case.

    >>> doubled, power = agree([0, 1, 2], lambda x: x * x, lambda x: x + x, lambda x: x**2)
    >>> doubled
    Agreement(tried=3, agreed=2, first_disagreement=Disagreement(case=1, expected=1, found=2))
    >>> power.all
    True
    """
    tallies: list[list[tuple[Disagreement, bool]]] = [[] for _ in found]
    for case in cases:
        want = outcome(expected, case)
        for f, tally in zip(found, tallies, strict=True):
            got = outcome(f, case)
            same = not isinstance(want, Raised) and not isinstance(got, Raised) and want == got
            tally.append((Disagreement(case, want, got), same))
    return [count_agreement(tally) for tally in tallies]


Timer = Callable[[], float]
"""A timer: each call measures once and returns seconds per call of what it times."""


def cpu_timer(f: Callable[[], Any], budget: float = 0.004) -> Timer:
    """A timer for ``f``: ``f`` is called once now, untimed, to size the timing (as many calls as fill
    about ``budget`` seconds); each call of the timer then makes that many calls and returns their CPU
    seconds (:func:`time.process_time`, which other processes' work does not move) per call.  The
    cyclic collector is left as the program has it.

    >>> timer = cpu_timer(lambda: sum(range(1000)), budget=0.001)
    >>> timer() > 0
    True
    """
    start = time.process_time()
    f()
    number = max(1, round(budget / max(time.process_time() - start, 1e-6)))

    def timer() -> float:
        start = time.process_time()
        for _ in range(number):
            f()
        return (time.process_time() - start) / number

    return timer


def in_rounds(timers: Mapping[str, Timer], rounds: int = 9) -> dict[str, tuple[float, ...]]:
    """What each timer measures in each of ``rounds`` rounds: in a round every timer is called once, in
    turn, so that all see the machine as it was then.

    >>> in_rounds({"one": lambda: 1.0}, rounds=2)
    {'one': (1.0, 1.0)}
    """
    found: dict[str, list[float]] = {name: [] for name in timers}
    for _ in range(rounds):
        for name, timer in timers.items():
            found[name].append(timer())
    return {name: tuple(values) for name, values in found.items()}


def timed_in_rounds(
    computations: Mapping[str, Callable[[], Any]], rounds: int = 9, budget: float = 0.004
) -> dict[str, tuple[float, ...]]:
    """CPU seconds per call of each computation, in each of ``rounds`` rounds: in a round every
    computation is timed once, in turn (:func:`in_rounds`), so that all see the machine as it was then.
    Each is called once first, untimed, to size its timing: as many calls as fill about ``budget``
    seconds (:func:`cpu_timer`).  The clock is :func:`time.process_time`, which other processes' work
    does not move.

    >>> t = timed_in_rounds({"sum": lambda: sum(range(1000))}, rounds=3, budget=0.001)
    >>> len(t["sum"]), min(t["sum"]) > 0
    (3, True)
    """
    return in_rounds({name: cpu_timer(f, budget) for name, f in computations.items()}, rounds)
