"""Games to search, in AIMA's formulation (:mod:`lispy.aima.game`): tic-tac-toe (AIMA 2nd ed. Figure 6.1;
CS61B lecture 17) and Connect Four, with a weighted linear evaluation and a quiescence test (§6.4).
"""
