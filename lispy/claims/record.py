"""A claim of the notes as the inventory records it (:class:`Claim`: the words of ``claims.toml``,
:data:`TEXTS`, and what a run found, :class:`Judged`, put together by :func:`recorded`), the times
it may rest on (:func:`timed_in_rounds`), and the count (:func:`tally`)."""

from __future__ import annotations

import platform
import re
import statistics
import tomllib
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from lispy import counting
from lispy.notes.index import ENTRIES

__all__ = [
    "ARCHIVE",
    "TEXTS",
    "VERDICTS",
    "Claim",
    "Judged",
    "Reading",
    "Spread",
    "Steps",
    "agrees_if",
    "counted",
    "judged",
    "ms",
    "python",
    "ratios",
    "recorded",
    "symbols",
    "tally",
    "timed_in_rounds",
    "verdict_of",
]

ARCHIVE = "FOO.XGP[206,JMC]"
"""The archive file whose lines :attr:`Claim.line` counts: both chapters, as the archive serves it."""

VERDICTS = ("agrees", "differs", "turns on the reading", "no verdict")
"""A claim's verdicts; a :class:`Reading`'s are ``"agrees"``, ``"differs"``, ``"mixed"`` and
``"unsettled"``."""


@dataclass(frozen=True)
class Reading:
    """One way to read a claim's sentence (``reading``), what the run measured on that reading, and its
    verdict: ``"agrees"``, ``"differs"``, ``"mixed"`` (true in some of the cases measured, or in some
    respects, not all) or ``"unsettled"`` (the spread of the timings straddles the line)."""

    reading: str
    measured: str
    verdict: str


@dataclass(frozen=True)
class Claim:
    """One claim of the notes.

    ``number``: its place in the inventory, which follows the notes' order; ``anchor``: its name in
    links (``claim-setup``); ``chapter``: ``"5"`` or ``"6"``; ``section``: the edition's section it
    stands after (a title of :data:`lispy.notes.index.SECTIONS`, ``"Ordering"`` or ``"History"``);
    ``line``: the line of FOO.XGP[206,JMC] where the quoted sentence begins; ``quote``: the notes'
    words; ``claim``: what is judged, in the edition's words; ``measured``: what this run measured
    (``""`` where nothing can be); ``verdict``: one of :data:`VERDICTS`; ``checkable``: whether running
    code can check it at all; ``reason``: why there is no verdict; ``readings``: the ways to read it,
    for ``"turns on the reading"`` (or a reading measured on its own); ``rows``: a table, its first
    row the header.
    """

    number: int
    anchor: str
    chapter: str
    section: str
    line: int
    quote: str
    claim: str
    measured: str
    verdict: str
    checkable: bool = True
    reason: str = ""
    readings: tuple[Reading, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()

    @property
    def where(self) -> str:
        """``ch. 5, Instant Insanity, in lists; FOO.XGP[206,JMC] line 409``."""
        return f"ch. {self.chapter}, {self.section}; {ARCHIVE} line {self.line}"


@dataclass(frozen=True)
class Judged:
    """What a run found for a claim: its ``verdict`` (``""``: its readings' verdicts decide, as
    :func:`verdict_of` says), the verdicts of its ``readings`` in the order ``claims.toml`` gives them,
    its table (``rows``, the first the header) and the ``values`` its words are filled with."""

    verdict: str = ""
    readings: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    values: dict[str, Any] = field(default_factory=dict)


def judged(verdict: str = "", *readings: str, rows: Any = (), **values: Any) -> Judged:
    """A :class:`Judged`: ``judged("agrees", tried=200)``, or ``judged("", "agrees", "differs", …)``
    for a claim judged by its readings."""
    return Judged(verdict, readings, tuple(tuple(r) for r in rows), values)


Steps = Generator[str, None, dict[str, Judged]]
"""A chapter's claims measured step by step: yields the name of each long step as it begins, and
returns what it found, by anchor."""

_DATA = tomllib.loads(resources.files("lispy.claims").joinpath("claims.toml").read_text(encoding="utf-8"))
TEXTS: list[dict[str, Any]] = _DATA["claim"]
"""The inventory's words, ``claims.toml``: every claim of both chapters, in the notes' order."""
_REASONS: dict[str, str] = _DATA["reasons"]


def recorded(chapter: str, found: Mapping[str, Judged]) -> list[Claim]:
    """The claims of ``chapter`` (``"5"`` or ``"6"``) as :data:`TEXTS` words them, numbered in the
    notes' order, with what was ``found`` for each (by anchor): its words filled with the values
    found, this machine's ``cpu`` and ``python``, and ``number[ANCHOR]``, another claim's number.  A
    claim found nothing for has no verdict."""
    numbers = {t["anchor"]: k for k, t in enumerate(TEXTS, 1)}
    made = []
    for text in (t for t in TEXTS if t["chapter"] == chapter):
        got = found.get(text["anchor"], Judged("no verdict"))
        values = {"number": numbers, "cpu": f"CPU time here, lispy on {python()}", "python": python()}
        values |= got.values
        readings = tuple(
            Reading(r["reading"], r["measured"].format_map(values), verdict)
            for r, verdict in zip(text.get("readings", ()), got.readings, strict=True)
        )
        verdict = got.verdict or verdict_of(readings)
        reason = (
            _REASONS.get(text.get("reason", ""), text.get("reason", "")) if verdict == "no verdict" else ""
        )
        made.append(
            Claim(
                numbers[text["anchor"]],
                text["anchor"],
                chapter,
                text["section"],
                text["line"],
                text["quote"],
                text["claim"],
                text.get("measured", "").format_map(values),
                verdict,
                text.get("checkable", True),
                reason,
                readings,
                got.rows,
            )
        )
    return made


# --- times ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spread:
    """Values measured over rounds (seconds per call, or ratios of two of them): their median and
    interquartile range.

    >>> s = Spread((1.0, 2.0, 3.0, 4.0, 5.0))
    >>> s.median, s.low, s.high, s.ratio()
    (3.0, 2.0, 4.0, 'median 3.0 (interquartile range 2.0–4.0 over 5 rounds)')
    """

    values: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def low(self) -> float:
        """The first quartile."""
        return self._quartiles()[0]

    @property
    def high(self) -> float:
        """The third quartile."""
        return self._quartiles()[2]

    def _quartiles(self) -> list[float]:
        if len(self.values) < 2:
            return [self.values[0]] * 3
        return statistics.quantiles(self.values, n=4, method="inclusive")

    def ms(self) -> str:
        """``median 7.41 ms (interquartile range 7.30–7.62 ms over 9 rounds)``."""
        return self._summary(ms(self.median), ms(self.low, unit=False), ms(self.high))

    def ratio(self, digits: int = 1) -> str:
        """``median 14.3 (interquartile range 13.8–14.7 over 9 rounds)``."""
        return self._summary(*(f"{v:.{digits}f}" for v in (self.median, self.low, self.high)))

    def _summary(self, median: str, low: str, high: str) -> str:
        return f"median {median} (interquartile range {low}–{high} over {len(self.values)} rounds)"


def ms(seconds: float, unit: bool = True) -> str:
    """Seconds as milliseconds: ``7.41 ms``, ``0.548 ms`` below one.

    >>> ms(0.00741), ms(0.000548), ms(0.00741, unit=False)
    ('7.41 ms', '0.548 ms', '7.41')
    """
    text = f"{seconds * 1e3:.3f}" if seconds < 0.001 else f"{seconds * 1e3:.2f}"
    return f"{text} ms" if unit else text


def timed_in_rounds(
    computations: Mapping[str, Callable[[], Any]], rounds: int = 9, budget: float = 0.004
) -> dict[str, Spread]:
    """:func:`lispy.counting.timed_in_rounds`, each computation's times as a :class:`Spread`.

    >>> len(timed_in_rounds({"sum": lambda: sum(range(1000))}, rounds=3, budget=0.001)["sum"].values)
    3
    """
    return {
        name: Spread(times) for name, times in counting.timed_in_rounds(computations, rounds, budget).items()
    }


def ratios(first: Spread, second: Spread) -> Spread:
    """Round by round, ``first / second``.

    >>> ratios(Spread((2.0, 6.0)), Spread((1.0, 2.0))).values
    (2.0, 3.0)
    """
    return Spread(tuple(f / s for f, s in zip(first.values, second.values, strict=True)))


def python() -> str:
    """The Python running this: ``CPython 3.11.7``."""
    return f"{platform.python_implementation()} {platform.python_version()}"


# --- wording ------------------------------------------------------------------------------------


def symbols(*names: tuple[str, str, int]) -> tuple[int, int]:
    """The statements and the symbols (names, numbers and marks, as ``\\w+|[^\\w\\s]`` splits them) of
    the notes' definitions ``(part, name, occurrence)``, as printed (:mod:`lispy.notes.index`).

    >>> symbols(("chapter5_insanity_words", "lose", 1))  # lose p ← false
    (1, 4)
    """
    count = 0
    for part, name, occurrence in names:
        entry = next(e for e in ENTRIES if (e.part, e.name, e.occurrence) == (part, name, occurrence))
        count += len(re.findall(r"\w+|[^\w\s]", entry.statement(corrected=False).text))
    return len(names), count


def verdict_of(readings: tuple[Reading, ...]) -> str:
    """A claim's verdict from its readings': theirs if they all agree or all differ, else
    ``"turns on the reading"``."""
    found = {r.verdict for r in readings}
    return found.pop() if len(found) == 1 and found <= {"agrees", "differs"} else "turns on the reading"


def agrees_if(holds: bool) -> str:
    """``"agrees"`` if it ``holds``, else ``"differs"``."""
    return "agrees" if holds else "differs"


def counted(found: counting.Agreement, holds: bool | None = None, **values: Any) -> Judged:
    """The verdict on a check counted case by case: ``"agrees"`` if ``holds`` (by default: if every
    case agreed), with the ``values``, ``tried`` and ``agreed`` (``"2,427 of 2,427"``)."""
    agreed = f"{found.agreed:,} of {found.tried:,}"
    return judged(
        agrees_if(found.all if holds is None else holds), tried=found.tried, agreed=agreed, **values
    )


def tally(found: list[Claim]) -> str:
    """The inventory counted, in one sentence.

    >>> tally([Claim(1, "claim-x", "5", "s", 1, "q", "c", "m", "agrees"),
    ...        Claim(2, "claim-y", "6", "s", 2, "q", "c", "", "no verdict", checkable=False, reason="r")])
    "2 claims by this edition's count: 1 that running code can check (1 agrees) and 1 that it cannot."
    """
    checkable = [c for c in found if c.checkable]
    words = {
        "agrees": ("agrees", "agree"),
        "differs": ("differs", "differ"),
        "turns on the reading": ("turns on the reading", "turn on the reading"),
        "no verdict": ("is left unsettled by this run's timings", "are left unsettled by this run's timings"),
    }
    parts = []
    for verdict, (one, many) in words.items():
        n = sum(c.verdict == verdict for c in checkable)
        if n:
            parts.append(f"{n} {one if n == 1 else many}")
    return (
        f"{len(found)} claims by this edition's count: {len(checkable)} that running code can check "
        f"({', '.join(parts)}) and {len(found) - len(checkable)} that it cannot."
    )
