"""Printing the notes' claims in the chapter scripts: the inventory of lispy.claims, as text.

Each chapter script ends with its chapter's claims (:func:`claims_section`), measured once in the
run by :mod:`lispy.claims`, the figures the edition shows; ``python -m chapters`` ends with
the count of both chapters' (:func:`counted`).
"""

from __future__ import annotations

import textwrap

from chapters.show import INDENT, WIDTH, heading, say, table
from lispy import cli
from lispy.claims import RULES, STEPS, VERDICTS, Claim, chapter_claims, claims, measuring, tally_sentence

__all__ = ["claim", "claims_section", "counted", "legend", "remark"]


TITLES = {"5": "tree search", "6": "game trees"}


def claim(c: Claim) -> None:
    """Print one claim of the notes: its number, verdict and what is judged, the notes' words and where
    they stand, what this run measured, each reading, its table, and why there is no verdict."""
    print()
    header = f"Claim {c.number}: {c.claim}.  Verdict: {c.verdict}."
    print(textwrap.fill(header, WIDTH, subsequent_indent=INDENT, break_on_hyphens=False))
    remark(f'"{c.quote}" ({c.where})')
    if c.measured:
        remark(c.measured)
    for k, r in enumerate(c.readings, 1):
        remark(f"Reading {k}, {r.reading}: {r.measured}.  On this reading: {r.verdict}.")
    if c.rows:
        table(list(c.rows[0]), [list(row) for row in c.rows[1:]])
    if c.reason:
        remark(f"Why no verdict: {c.reason}")


def remark(text: str) -> None:
    """:func:`chapters.show.say`, never breaking a word at its hyphen (``look-ahead``, ``non-losing``)."""
    print(textwrap.fill(text, WIDTH, initial_indent=INDENT, subsequent_indent=INDENT, break_on_hyphens=False))


def claims_section(number: str, chapter: str) -> list[Claim]:
    """Print section ``number``: every claim of chapter ``chapter`` in the inventory
    (:mod:`lispy.claims`), measured once in this run (a progress bar on standard error while
    that is a terminal), and return them."""
    for _ in cli.progress(measuring(chapter), f"chapter {chapter}'s claims", total=STEPS[chapter], label=str):
        pass
    found = chapter_claims(chapter)
    heading(f"{number} The notes' claims on {TITLES[chapter]}, judged")
    say(
        f"Every claim of chapter {chapter} in lispy's inventory (lispy.claims), in the notes' "
        "order: the notes' words and the line of FOO.XGP[206,JMC] where they begin, what this run measured, "
        "and the verdict.  A time is given as the median and the interquartile range over the rounds."
    )
    legend()
    for c in found:
        claim(c)
    return found


def legend() -> None:
    """Print the verdicts' legend: every verdict a claim or a reading can be given, with its meaning
    (:data:`lispy.claims.VERDICTS`), and how they are drawn (:data:`lispy.claims.RULES`)."""
    print()
    print("The verdicts:")
    for word, meaning in VERDICTS.items():
        print(
            textwrap.fill(
                f"{word}: {meaning}",
                WIDTH,
                initial_indent=INDENT + "- ",
                subsequent_indent=INDENT * 2,
                break_on_hyphens=False,
            )
        )
    print()
    remark(RULES)


def counted() -> None:
    """Print the count of both chapters' claims (measured already in this run, or now)."""
    heading("The notes' claims, counted")
    say(tally_sentence(claims()))
