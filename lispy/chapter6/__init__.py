"""Chapter 6 of the notes, "Game trees" (McCarthy 1973, FOO.XGP[206,JMC] and SAFE1[206,JMC]); the
experiments on it (move ordering, iteration, the claims a run can check) are in :mod:`lispy.claims`.

- :mod:`lispy.chapter6.game_trees`: minimax (``valmax``, ``valmin``), the choice of a move
  (``movemax``, ``bestmax``, …) and the αβ-heuristic (``maxval``, ``minval``);
- :mod:`lispy.chapter6.improvements`: beside them, ``maxlis'``, and ``bestmax`` valuing once;
- :mod:`lispy.chapter6.sexp_games`: game trees written as S-expressions, ``((3 12 8) (2 4 6))``;
- :mod:`lispy.chapter6.watch`: watching which positions a search examines;
- :mod:`lispy.chapter6.memoised`: ``valmax`` memoised, a transposition table for minimax.
"""
