"""Run every chapter in order: chapter 5 (tree search), chapter 6 (game trees), AIMA, CS61B.

``python -m chapters [--plot PATH]``: each example of the notes and of the
companion sources, computed and printed beside what the source says; each of the
notes' chapters ends with its claims judged, and the run with the claims counted.
Each chapter also runs alone: ``python -m chapters.tree_search``,
``chapters.game_trees``, ``chapters.adversarial``, ``chapters.tictactoe`` (whose
``--play`` plays you at tic-tac-toe).  While standard error is a terminal, the long
steps show their progress there; the output itself is plain text.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from lispy import cli

if __name__ == "__main__":
    cli.interrupt_exits()  # a Ctrl-C while the modules below load: one line and 130 (issue 34, item 8)

from chapters import CHAPTERS
from chapters.claims import counted


def main(argv: Sequence[str] = ()) -> None:
    parser = cli.parser("python -m chapters", __doc__)
    parser.add_argument(
        "--plot",
        type=cli.new_file,
        metavar="PATH",
        help="also write chapter 6's figure to PATH (needs matplotlib)",
    )
    args = parser.parse_args(argv)
    for name in CHAPTERS:
        chapter_argv = ["--plot", args.plot] if args.plot and name == "chapters.game_trees" else []
        importlib.import_module(name).main(chapter_argv)
    counted()


if __name__ == "__main__":
    cli.run(main)
