"""Russell and Norvig's adversarial search (AIMA 1st ed. ch. 5, 2nd ed. ch. 6), transcribed.

One module per idea, each docstring citing its figure or section (docs/companions.md lists them),
and all of them taking a game in the formulation of :mod:`lispy.aima.game`.
"""
