"""Games to search, in AIMA's formulation (:mod:`lispy.aima.game`).

- :mod:`lispy.games.tictactoe`: tic-tac-toe (AIMA 2nd ed. Figure 6.1; CS61B lecture 17);
- :mod:`lispy.games.connect_four`: Connect Four, with a weighted linear evaluation and a
  quiescence test (AIMA 2nd ed. §6.4).
"""
