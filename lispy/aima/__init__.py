"""Russell and Norvig's adversarial search (AIMA 1st ed. ch. 5, 2nd ed. ch. 6), transcribed.

One module per idea, each docstring citing its figure or section:

- :mod:`lispy.aima.game`: the formulation of a game (§6.1), and adapters both ways with McCarthy's;
- :mod:`lispy.aima.decision`: the answer every search gives, a :class:`~lispy.aima.decision.Decision`;
- :mod:`lispy.aima.minimax`: MINIMAX-DECISION (2nd ed. Figure 6.3);
- :mod:`lispy.aima.alpha_beta`: ALPHA-BETA-SEARCH, fail-soft (2nd ed. Figure 6.7), and the
  1st edition's fail-hard MAX-VALUE/MIN-VALUE with CUTOFF-TEST and EVAL (1st ed. Figure 5.8);
- :mod:`lispy.aima.cutoff`: cutoff search with a depth limit, an evaluation function, a
  weighted linear evaluation and quiescence search (2nd ed. §6.4);
- :mod:`lispy.aima.transposition`: a transposition table that stays correct under αβ (§6.3);
- :mod:`lispy.aima.deepening`: iterative deepening under a time limit (§6.4);
- :mod:`lispy.aima.multiplayer`: minimax with utility vectors (§6.2, Figure 6.4);
- :mod:`lispy.aima.expectiminimax`: chance nodes (§6.5, Figure 6.12) and their pruning;
- :mod:`lispy.aima.bridge`: the four-card bridge example and averaging over clairvoyancy (§6.5);
- :mod:`lispy.aima.ranges`: the range each node's value is known to lie in, partway through a
  search (Figure 6.5's labels).

All of them take a game in the formulation of :mod:`lispy.aima.game`.
"""
