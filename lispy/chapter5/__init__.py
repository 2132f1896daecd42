"""Chapter 5 of the notes, "Tree search" (McCarthy 1973, FOO.XGP[206,JMC]); the experiments on it
(the work counted, the claims a run can check) are in :mod:`lispy.claims`.

- :mod:`lispy.chapter5.tree_search`: the general depth-first ``search``, and ``allsol`` in two forms;
- :mod:`lispy.chapter5.paths`: the first example, a path in a graph;
- :mod:`lispy.chapter5.insanity`: Instant Insanity in lists (``puzz1`` … ``puzz``, ``p₀``);
- :mod:`lispy.chapter5.insanity_words`: the same puzzle on 16-bit words (``zap``, ``poo``, ``puzza``);
- :mod:`lispy.chapter5.insanity_graph`: the same puzzle by "some mathematics", no tree search;
- :mod:`lispy.chapter5.puzzles`: n blocks in n colours, random puzzles, the search for them.
"""
