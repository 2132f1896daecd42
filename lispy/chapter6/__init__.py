"""Chapter 6 of the notes, "Game trees" (McCarthy 1973, FOO.XGP[206,JMC] and SAFE1[206,JMC]).

- :mod:`lispy.chapter6.game_trees`: minimax (``valmax``, ``valmin``), the choice of a move
  (``movemax``, ``bestmax``, …) and the αβ-heuristic (``maxval``, ``minval``);
- :mod:`lispy.chapter6.sexp_games`: game trees written as S-expressions, ``((3 12 8) (2 4 6))``;
- :mod:`lispy.chapter6.watch`: watching which positions a search examines;
- :mod:`lispy.chapter6.move_ordering`: positions examined on uniform trees, and ordering by look-ahead;
- :mod:`lispy.chapter6.memoised`: ``valmax`` memoised, a transposition table for minimax;
- :mod:`lispy.chapter6.iteration`: "iterative versions are generally better", in frames kept open;
- :mod:`lispy.chapter6.checks`: the chapter's claims a run can check, against independent computations.
"""
