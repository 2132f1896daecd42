"""Write ``python.inv``: the intersphinx inventory of the Python names lispy's documentation links to.

Sphinx's intersphinx reads an inventory (``objects.inv``) to link a name such as
:class:`RecursionError` to Python's documentation.  Python's own inventory is at
https://docs.python.org/3/objects.inv; the docs build reads this local one instead, so that it needs
no network.  Each entry is a name, its role and its page in Python's documentation, where its
anchor is the name itself, as in Python's documentation.  Add a name here when the docs link to a
new one, and run ``python docs/python_inventory.py``.
"""

from __future__ import annotations

import zlib
from pathlib import Path

PAGES: dict[str, dict[str, list[str]]] = {
    "library/exceptions.html": {
        "exception": [
            "ArithmeticError",
            "AttributeError",
            "BaseException",
            "Exception",
            "IndexError",
            "KeyError",
            "KeyboardInterrupt",
            "MemoryError",
            "OSError",
            "RecursionError",
            "RuntimeError",
            "SyntaxError",
            "SystemError",
            "TypeError",
            "ValueError",
        ],
    },
    "library/functions.html": {
        "class": ["bool", "float", "int", "object", "type"],
        "function": [
            "compile",
            "eval",
            "exec",
            "hash",
            "isinstance",
            "iter",
            "len",
            "map",
            "max",
            "min",
            "repr",
            "sorted",
        ],
    },
    "library/stdtypes.html": {"class": ["dict", "list", "str", "tuple", "frozenset", "set"]},
    "library/sys.html": {
        "function": [
            "sys.getrecursionlimit",
            "sys.setrecursionlimit",
            "sys.set_int_max_str_digits",
            "sys.get_int_max_str_digits",
            "sys.setprofile",
        ],
    },
    "library/functools.html": {"function": ["functools.reduce", "functools.cache", "functools.partial"]},
    "library/pickle.html": {
        "function": ["pickle.dumps", "pickle.loads"],
        "exception": ["pickle.UnpicklingError", "pickle.PicklingError"],
    },
    "library/copy.html": {"function": ["copy.copy", "copy.deepcopy"]},
    "library/threading.html": {"function": ["threading.stack_size"], "class": ["threading.Thread"]},
    "library/ast.html": {"function": ["ast.unparse", "ast.parse", "ast.dump"], "class": ["ast.AST"]},
    "library/gc.html": {"function": ["gc.disable", "gc.enable", "gc.isenabled", "gc.freeze"]},
    "library/resource.html": {"function": ["resource.setrlimit"], "data": ["resource.RLIMIT_AS"]},
    "library/typing.html": {"data": ["typing.Any"], "class": ["typing.NamedTuple", "typing.Protocol"]},
    "library/collections.abc.html": {
        "class": [
            "collections.abc.Callable",
            "collections.abc.Iterable",
            "collections.abc.Iterator",
            "collections.abc.Mapping",
            "collections.abc.Sequence",
        ],
    },
    "library/random.html": {"class": ["random.Random"]},
    "library/pathlib.html": {"class": ["pathlib.Path"]},
    "library/decimal.html": {"class": ["decimal.Decimal"]},
}
MODULES = [
    "ast",
    "copy",
    "decimal",
    "functools",
    "gc",
    "pickle",
    "random",
    "resource",
    "sys",
    "threading",
    "typing",
]


def lines() -> list[str]:
    """The inventory's entries, one a line: ``name domain:role priority uri display-name``."""
    found = [f"{m} py:module 0 library/{m}.html#module-$ -" for m in MODULES]
    for page, roles in PAGES.items():
        for role, names in roles.items():
            found += [f"{name} py:{role} 1 {page}#$ -" for name in names]
    return sorted(found)


def main() -> None:
    header = "# Sphinx inventory version 2\n# Project: Python\n# Version: 3\n"
    header += "# The remainder of this file is compressed using zlib.\n"
    body = zlib.compress(("\n".join(lines()) + "\n").encode())
    (Path(__file__).parent / "python.inv").write_bytes(header.encode() + body)


if __name__ == "__main__":
    main()
