"""Run every chapter in order: ``python -m chapters``."""

import importlib

from chapters import CHAPTERS


def main() -> None:
    for name in CHAPTERS:
        importlib.import_module(name).main()


if __name__ == "__main__":
    main()
