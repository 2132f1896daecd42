"""The notes' claims: an inventory made from McCarthy's text, each claim measured and judged.

McCarthy's chapters say more than their definitions: that ``search`` is depth first, that setting
up the puzzle is "as complicated a computation as the actual tree search", that the bit words make
"a factor of ten speedup", that αβ "looks at about only k^(n/2)" positions, that αβ was "first
proposed by McCarthy about 1958".  This package is the inventory of them, read from both
chapters (FOO.XGP[206,JMC], 1973-11-06): one :class:`~lispy.claims.record.Claim` per claim,
with the notes' words, where they stand (the chapter, the edition's section, the line of
FOO.XGP[206,JMC] where the sentence begins), what this run measured, and a verdict:

- ``"agrees"``, ``"differs"`` or ``"mixed"``: the run settles it (``"mixed"``: true in some of the
  cases measured and not in the others);
- ``"turns on the reading"``: the sentence can be read in more than one way, and the run judges each
  (:class:`~lispy.claims.record.Reading`), not the same way;
- ``"too close to call"``: it rests on a ratio of times that this run cannot tell from its line;
- ``"no verdict"``: no run can settle it (history, advice on writing programs, the PDP-10's own
  times); ``reason`` says why.

:data:`~lispy.claims.record.VERDICTS` defines each word, and :data:`~lispy.claims.record.RULES` says
how they are drawn.  Counts are exact, and a verdict on counts is the same in every run; where a claim
allows it, the verdict rests on counts (positions, calls, cons cells, symbols).  Times are CPU
seconds, taken in interleaved rounds (:func:`~lispy.claims.record.timed_in_rounds`); a verdict that
rests on times gives their median and interquartile range, and is drawn only when the range lies clear
of the claim's line (:func:`~lispy.claims.record.faster`, :func:`~lispy.claims.record.about`), so that
one machine gives the same verdicts run after run.

The figures come from the library (``lispy.chapter5``, ``lispy.chapter6``) and the experiments
on it kept here, apart from the notes' definitions:

- :mod:`lispy.claims.search_checks`, :mod:`lispy.claims.game_checks`: the claims of chapters 5 and 6
  that a run can check, each against an independent computation;
- :mod:`lispy.claims.search_work`: the work chapter 5's searches do (positions examined, cells copied);
- :mod:`lispy.claims.move_ordering`: positions αβ examines on uniform trees, and ordering by look-ahead;
- :mod:`lispy.claims.iteration`: "iterative versions are generally better", in frames kept open.

:mod:`lispy.claims.chapter5` and :mod:`lispy.claims.chapter6` measure and judge the claims,
:mod:`lispy.claims.record` records them, and ``claims.toml``, beside them, words them.  The edition
and ``python -m chapters`` render the same figures (:func:`chapter_claims`).
"""

from __future__ import annotations

from collections.abc import Iterator

from lispy.claims import chapter5, chapter6
from lispy.claims.record import (
    RULES,
    VERDICTS,
    Claim,
    Spread,
    recorded,
    tally,
    tally_sentence,
    timed_in_rounds,
)

__all__ = [
    "RULES",
    "STEPS",
    "VERDICTS",
    "Claim",
    "Spread",
    "chapter_claims",
    "claims",
    "measuring",
    "tally",
    "tally_sentence",
    "timed_in_rounds",
]

STEPS = {"5": chapter5.STEPS, "6": chapter6.STEPS}
"""How many steps :func:`measuring` yields for each chapter."""

_MEASURED: dict[str, tuple[Claim, ...]] = {}


def measuring(chapter: str) -> Iterator[str]:
    """Measure the claims of chapter ``"5"`` or ``"6"`` and keep them, yielding the name of each long
    step (:data:`STEPS` of them) as it begins, for a progress bar; nothing if they are kept already.
    Raises ``ValueError`` for another chapter."""
    if chapter not in STEPS:
        raise ValueError(f"the notes have chapters 5 and 6, not {chapter!r}")
    if chapter not in _MEASURED:
        found = yield from (chapter5.measure() if chapter == "5" else chapter6.measure())
        _MEASURED[chapter] = tuple(recorded(chapter, found))


def chapter_claims(chapter: str) -> list[Claim]:
    """The claims of chapter ``"5"`` or ``"6"``, measured the first time they are asked for in this
    process (:func:`measuring`) and kept: every later call, from the edition or a chapter script,
    gets the same figures.  Raises ``ValueError`` for another chapter."""
    for _ in measuring(chapter):
        pass
    return list(_MEASURED[chapter])


def claims() -> list[Claim]:
    """Every claim of both chapters, in the notes' order (:func:`chapter_claims`)."""
    return chapter_claims("5") + chapter_claims("6")
