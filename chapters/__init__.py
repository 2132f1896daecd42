"""Runnable chapters: each reproduces the examples of one chapter of the notes.

``python -m chapters`` runs them all in order; ``python -m chapters.tree_search``
runs one.
"""

CHAPTERS = ["chapters.tree_search", "chapters.game_trees"]
"""The chapter modules, in the notes' order; each has a ``main()``."""
