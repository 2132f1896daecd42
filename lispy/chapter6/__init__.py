"""Chapter 6 of the notes, "Game trees" (McCarthy 1973, FOO.XGP[206,JMC] and SAFE1[206,JMC]).

- :mod:`lispy.chapter6.game_trees`: minimax (``valmax``, ``valmin``), the choice of a move
  (``movemax``, ``bestmax``, …) and the αβ-heuristic (``maxval``, ``minval``);
- :mod:`lispy.chapter6.sexp_games`: game trees written as S-expressions,
  ``((3 12 8) (2 4 6) (14 5 2))``;
- :mod:`lispy.chapter6.watch`: watching which positions a search examines;
- :mod:`lispy.chapter6.move_ordering`: uniform trees, counts of positions examined, and the
  notes' ordering by a short look-ahead;
- :mod:`lispy.chapter6.memoised`: ``valmax`` memoised (a transposition table for minimax, with
  ``toolz.memoize``), and why the same table keyed on the position alone is wrong for αβ;
- :mod:`lispy.chapter6.iteration`: "iterative versions are generally better", shown by the frames
  each form of ``maxlis`` keeps open;
- :mod:`lispy.chapter6.checks`: the chapter's claims that a run can check (the correct move, a
  primed ``maxlis``, αβ's value and its saving, Figure 2.6's moves marked x), each against an
  independent computation.
"""
