"""``NIL``: the one empty list, which is also an atom, below the atoms' notation and the cons cell."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final, final


@final
class Nil:
    """The type of ``NIL``; ``Nil()`` returns ``NIL`` itself.  ``NIL`` is false, iterates as no elements,
    has length 0, and its car and cdr are ``NIL`` (as in MacLisp and Common Lisp; ch. 5's ``lose p₀``
    relies on ``a NIL = NIL``).  ``Nil`` is final: deriving a class from it raises ``TypeError``.

    >>> Nil() is NIL, bool(NIL), len(NIL), NIL.car
    (True, False, 0, NIL)
    """

    __slots__ = ()
    _instance: Nil | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        raise TypeError("lispy.sexpr.nil.Nil is final: NIL is the one empty list, of no other class")

    def __new__(cls) -> Nil:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    @property
    def car(self) -> Nil:
        return self

    @property
    def cdr(self) -> Nil:
        return self

    def __bool__(self) -> bool:
        return False

    def __len__(self) -> int:
        return 0

    def __iter__(self) -> Iterator[Any]:
        return iter(())

    def __repr__(self) -> str:
        return "NIL"

    def __hash__(self) -> int:
        return 0x4E494C  # "NIL"

    def __reduce__(self) -> str:
        return "NIL"

    def __copy__(self) -> Nil:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Nil:
        return self


NIL: Final = Nil()
