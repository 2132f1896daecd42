"""Runnable chapters: each reproduces the examples of one chapter of the notes.

``python -m chapters`` runs them all in order; ``python -m chapters.tree_search``
runs one.
"""

CHAPTERS = ["chapters.tree_search", "chapters.game_trees", "chapters.adversarial", "chapters.tictactoe"]
"""The chapter modules: the notes' two chapters in order, then the companion sources (AIMA, CS61B).
Each has a ``main()``."""
