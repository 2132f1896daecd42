"""``python -m lispy``: the M-expression REPL (:mod:`lispy.mexpr.repl`)."""

import sys

from lispy.mexpr.repl import main

if __name__ == "__main__":
    sys.exit(main())
