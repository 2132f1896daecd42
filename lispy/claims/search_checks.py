"""Chapter 5's claims that a run can check, each checked against an independent computation.

Each function runs the transcription and a plain Python computation written without it (no
``search``, no cons cells where they can be avoided), and reports how many cases were tried and how
many agreed (:class:`Agreement`); the inventory of the notes' claims
(:mod:`lispy.claims`) words the results.  Each takes the thing it checks as a parameter,
the transcription by default, so that a test can hand it a wrong one and see the check fail.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from lispy.chapter5 import insanity, insanity_words
from lispy.chapter5.paths import path_search
from lispy.chapter5.puzzles import ROTATIONS, words
from lispy.chapter5.tree_search import LOSE, TreeSearch, tree_search
from lispy.counting import Agreement, Count, count_agreement
from lispy.sexpr.data import from_iterable, lisp, to_pylist

Searcher = Callable[[Any, Any, Any], TreeSearch]


def _random_tree(
    seed: int,
) -> tuple[Callable[[Any], bool], Callable[[Any], bool], Callable[[Any], list[Any]]]:
    """A random tree of positions ``(seed, i1, …)``, ≤ 3 successors, ≤ 5 deep, 1/6 losing, 1/8 wins."""

    def draw(p: tuple[int, ...], salt: int) -> float:
        return random.Random(hash((salt, *p))).random()

    def lose(p: tuple[int, ...]) -> bool:
        return len(p) > 1 and draw(p, 1) < 1 / 6

    def ter(p: tuple[int, ...]) -> bool:
        return len(p) > 1 and draw(p, 2) < 1 / 8

    def children(p: tuple[int, ...]) -> list[Any]:
        return [] if len(p) > 5 else [(*p, i) for i in range(int(draw(p, 3) * 4))]

    return lose, ter, children


def _depth_first(p: Any, lose: Callable[[Any], bool], ter: Callable[[Any], bool],
                 children: Callable[[Any], list[Any]], seen: list[Any]) -> Any:  # fmt: skip
    """A preorder walk's first win below no losing position, or ``None``; ``seen`` gets what it tests."""
    seen.append(p)
    if lose(p):
        return None
    if ter(p):
        return p
    for c in children(p):
        found = _depth_first(c, lose, ter, children, seen)
        if found is not None:
            return found
    return None


def depth_first(trees: int = 200, searcher: Searcher = tree_search) -> Agreement:
    """ "We begin with a general depth first tree search function" (ch. 5): on ``trees`` random trees,
    ``search`` tests with ``lose`` the positions of a preorder walk that stops at the first win, in
    order, and gives that win (``LOSE`` where there is none).

    >>> depth_first(20)
    Agreement(tried=20, agreed=20, first_disagreement=None)
    """

    def cases() -> Iterator[tuple[Any, bool]]:
        for seed in range(trees):
            lose, ter, children = _random_tree(seed)
            counted = Count(lose, keep=lambda p: p)

            def successors(p: Any, children: Callable[[Any], list[Any]] = children) -> Any:
                return from_iterable(children(p))

            value = searcher(counted.counted, ter, successors).search((seed,))
            seen: list[Any] = []
            expected = _depth_first((seed,), lose, ter, children, seen)
            yield seed, counted.seen == seen and value == (LOSE if expected is None else expected)

    return count_agreement(cases())


_VERTICES = "ABCDEF"


def _random_graph(rng: random.Random) -> dict[str, list[str]]:
    return {v: [w for w in _VERTICES if w != v and rng.random() < 0.3] for v in _VERTICES}


def _simple_paths(graph: dict[str, list[str]], path: list[str], final: str) -> Iterator[list[str]]:
    """Every path on from ``path`` to ``final`` with no vertex twice, in the neighbours' order."""
    if path[-1] == final:
        yield path
        return
    for w in graph[path[-1]]:
        if w not in path:
            yield from _simple_paths(graph, [*path, w], final)


def paths_found(graphs: int = 200, seed: int = 1973, searcher: Searcher = tree_search) -> Agreement:
    """ "Our first example is finding a path from an initial node to a final node in a graph" (ch. 5):
    on ``graphs`` random graphs of six vertices (each edge with probability 0.3), ``search (A)`` is an
    independent walk's first path to ``F``, reversed, or ``LOSE``, and ``allsol (A)`` every path.

    >>> paths_found(20)
    Agreement(tried=20, agreed=20, first_disagreement=None)
    """
    rng = random.Random(seed)

    def cases() -> Iterator[tuple[Any, bool]]:
        for _ in range(graphs):
            graph = _random_graph(rng)
            written = from_iterable(lisp(v, *graph[v]) for v in _VERTICES)
            paths = path_search(written, "F")
            app = searcher(paths.lose, paths.ter, paths.successors)
            every = [from_iterable(reversed(p)) for p in _simple_paths(graph, ["A"], "F")]
            first = every[0] if every else LOSE
            yield written, app.search(lisp("A")) == first and to_pylist(app.allsol(lisp("A"))) == every

    return count_agreement(cases())


def _cycles(puzz: Any) -> list[list[tuple[str, ...]]]:
    """``puzz`` as Python: for each block, its orientations, each a tuple of four side colours."""
    return [[tuple(o) for o in to_pylist(block)] for block in to_pylist(puzz)]


def _position(chosen: tuple[tuple[str, ...], ...]) -> Any:
    """The list representation's position for blocks placed in the orientations ``chosen``."""
    return from_iterable(from_iterable(c[j] for c in reversed(chosen)) for j in range(4))


def every_tower(puzz: Any = insanity.puzz, allsol: Callable[[Any], Any] = insanity.allsol) -> Agreement:
    """ "The object of the puzzle is to build a tower of all four blocks such that each vertical face
    of the tower involves all four colors" (ch. 5): of every choice of one orientation per block
    (``tried``), those whose faces each show four colours (``agreed``, else 0 and the two lists)
    are, in order, ``allsol p₀``.

    >>> every_tower()
    Agreement(tried=41472, agreed=3, first_disagreement=None)
    """
    blocks = _cycles(puzz)
    choices = list(itertools.product(*blocks))
    towers = [c for c in choices if all(len({o[j] for o in c}) == 4 for j in range(4))]
    expected = [_position(c) for c in towers]
    found = to_pylist(allsol(insanity.p0))
    if found == expected:
        return Agreement(len(choices), len(towers))
    return Agreement(len(choices), 0, (found, expected))


def rotations(puzz2: Any = insanity.puzz2) -> Agreement:
    """ "We write down one cycle of side colors for each choice of the face put on top and get the list
    of all 24 cycles" (ch. 5): of the cycles of ``puzz2`` (``tried``), those that are the side faces
    of one of the cube's 24 rotations (:data:`lispy.chapter5.puzzles.ROTATIONS`), each once (``agreed``).

    >>> rotations()
    Agreement(tried=24, agreed=24, first_disagreement=None)
    """
    sides = {tuple(r[i] + 1 for i in range(1, 5)) for r in ROTATIONS}
    listed = [tuple(c) for c in to_pylist(puzz2)]
    counts = Counter(listed)
    bad = next((c for c in listed if c not in sides or counts[c] > 1), None)
    good = sum(1 for c in listed if c in sides and counts[c] == 1)
    return Agreement(len(listed), good if len(sides) == 24 else 0, bad)


def _sides(r: tuple[int, ...]) -> tuple[int, ...]:
    """The side faces, numbered 1 to 6 as the notes number them, of the block turned by rotation ``r``."""
    return tuple(r[i] + 1 for i in range(1, 5))


def top_faces(puzz2: Any = insanity.puzz2) -> Agreement:
    """ "We write down one cycle of side colors for each choice of the face put on top" (ch. 5): of the
    six cycles written in ``puzz2``'s line, each with its cyclic permutations (``tried``), those whose
    four cycles are the sides of the cube's rotations (:data:`lispy.chapter5.puzzles.ROTATIONS`) with
    one face on top, a face no other of the six puts on top (``agreed``).

    >>> top_faces()
    Agreement(tried=6, agreed=6, first_disagreement=None)
    """
    top = {_sides(r): r[0] + 1 for r in ROTATIONS}
    listed = [tuple(c) for c in to_pylist(puzz2)]
    groups = [listed[j : j + 4] for j in range(0, len(listed), 4)]
    faces = [{top.get(c) for c in group} for group in groups]
    on_top = [next(iter(f)) if len(f) == 1 else None for f in faces]
    found = Counter(on_top)
    return count_agreement(
        (group[0], len(group) == 4 and face is not None and found[face] == 1)
        for group, face in zip(groups, on_top, strict=True)
    )


def orientations_per_block(puzz1: Any = insanity.puzz1, puzz4: Any = insanity.puzz4) -> Agreement:
    """ "For each block there is a list of the 24 orientations of the block where each orientation is
    described as a list of the colors around the vertical faces" (ch. 5): of the orientations
    ``puzz4`` lists for the blocks of ``puzz1`` (``tried``), those that are the side colours of one of
    the block's 24 rotations (:data:`lispy.chapter5.puzzles.ROTATIONS`), each rotation once
    (``agreed``: all of a block's, or none; the first block that differs).

    >>> orientations_per_block()
    Agreement(tried=96, agreed=96, first_disagreement=None)
    """
    tried = agreed = 0
    first = None
    for blocks, listed in zip(to_pylist(puzz1), _cycles(puzz4), strict=True):
        block = to_pylist(blocks)
        turned = Counter(tuple(block[i - 1] for i in _sides(r)) for r in ROTATIONS)
        tried += len(listed)
        if len(listed) == 24 and Counter(listed) == turned:
            agreed += len(listed)
        elif first is None:
            first = tuple(block)
    return Agreement(tried, agreed, first)


def sixteen_bits(puzz: Any = insanity.puzz, puzza: Any = insanity_words.puzza) -> Agreement:
    """ "A face cycle is represented by 16 bits in a word four for each face a particular one of which
    being turned on tells us the color of the face" (ch. 5): of the words of ``puzza`` (``tried``),
    those below 2^16 whose four 4-bit faces each have one bit on, the bit of that face's colour in
    the orientation of ``puzz`` the word stands for, one bit for each colour and one colour for each
    bit over all the words (``agreed``).  The bits are read from the words, not from ``poo``.

    >>> sixteen_bits()
    Agreement(tried=75, agreed=75, first_disagreement=None)
    """
    pairs = [
        (tuple(o), w)
        for block, words in zip(_cycles(puzz), to_pylist(puzza), strict=True)
        for o, w in zip(block, to_pylist(words), strict=True)
    ]
    bits: dict[str, set[int]] = {}
    for cycle, word in pairs:
        for j, colour in enumerate(cycle):
            bits.setdefault(colour, set()).add((word >> (4 * j)) & 0xF)
    one_to_one = all(len(b) == 1 for b in bits.values()) and len({*map(frozenset, bits.values())}) == len(
        bits
    )

    def fits(cycle: tuple[str, ...], word: int) -> bool:
        faces = [(word >> (4 * j)) & 0xF for j in range(4)]
        one_bit = all(f in (1, 2, 4, 8) and {f} == bits[c] for f, c in zip(faces, cycle, strict=True))
        return 0 <= word < 2**16 and one_bit

    return count_agreement(((cycle, word), one_to_one and fits(cycle, word)) for cycle, word in pairs)


def _faces_permuted(word: int, order: tuple[int, ...]) -> int:
    """The word with its four 4-bit faces rearranged: face j of the result is face ``order[j]``."""
    return sum(((word >> (4 * f)) & 0xF) << (4 * j) for j, f in enumerate(order))


SQUARE = tuple(tuple((turn + way * j) % 4 for j in range(4)) for way in (1, -1) for turn in range(4))
"""The 8 symmetries of a tower's four faces (0 to 3 round it): 4 quarter turns, and each with the
tower turned over (right and left swapped)."""


def symmetric_towers(full: Any = None, reduced: Any = None) -> tuple[int, int, bool]:
    """ "for symmetry reasons we need only consider three as distinct" (ch. 5): ``(the solutions on
    words with the first block in its 24 orientations (``full``), those with it in three
    (``reduced``), whether the first are the second turned by the 8 symmetries of a tower)``.

    >>> symmetric_towers()
    (24, 3, True)
    """
    if full is None:
        full = insanity_words.word_tower_search(words(insanity.puzz4)).allsol(insanity_words.p0)
    if reduced is None:
        reduced = insanity_words.allsol(insanity_words.p0)
    found = Counter(tuple(to_pylist(p)) for p in to_pylist(full))
    turned = Counter(
        tuple(_faces_permuted(w, order) for w in to_pylist(p)) for p in to_pylist(reduced) for order in SQUARE
    )
    return sum(found.values()), len(to_pylist(reduced)), found == turned


def _word(tower: tuple[tuple[str, ...], ...]) -> int:
    """The ``or`` of the blocks' words, computed from the colours, not by ``zap``."""
    bit = {"R": 1, "W": 2, "G": 4, "B": 8}
    return sum(bit[c[j]] << (4 * j) for c in tower for j in range(4)) if tower else 0


def _partial_towers(blocks: list[list[tuple[str, ...]]]) -> Iterator[tuple[tuple[str, ...], ...]]:
    """Every partial tower (k < 4 blocks) with no colour twice on a face: those the search reaches."""
    stack: list[tuple[tuple[str, ...], ...]] = [()]
    while stack:
        tower = stack.pop()
        yield tower
        if len(tower) < len(blocks) - 1:
            for o in blocks[len(tower)]:
                if all(o[j] not in {c[j] for c in tower} for j in range(4)):
                    stack.append((*tower, o))


def and_test(fits: Callable[[int, int], bool] | None = None, puzz: Any = insanity.puzz) -> Agreement:
    """ "A particular face cycle from the next block can be added to the tower if the and of its word
    with the word representing the tower is zero" (ch. 5): for every partial tower and orientation
    of the next block, ``fits(tower word, zap cycle)`` (the notes' ``[a p and x] = 0``) is true
    exactly when the list representation's ``lose`` is false for the tower with the block added.

    >>> and_test()
    Agreement(tried=2427, agreed=2427, first_disagreement=None)
    """
    test = fits or (lambda tower, x: tower & x == 0)
    blocks = _cycles(puzz)

    def cases() -> Iterator[tuple[Any, bool]]:
        for tower in _partial_towers(blocks):
            for o in blocks[len(tower)]:
                extended = _position((*tower, o))
                yield (
                    (tower, o),
                    test(_word(tower), insanity_words.zap(from_iterable(o))) == (not insanity.lose(extended)),
                )

    return count_agreement(cases())


def lose_never_fires(app: TreeSearch = insanity_words.tower) -> tuple[int, int, Agreement]:
    """ "lose is trivial, because the mapchoose is used to make sure that only non-losing new positions
    are generated by successors" (ch. 5): ``(positions allsol (0) applies lose to, how often it was
    true, whether each is a tower with one bit a face per block placed: no colour twice)``.

    >>> lose_never_fires()
    (105, 0, Agreement(tried=105, agreed=105, first_disagreement=None))
    """
    lose = Count(app.lose, keep=lambda p: p)
    tree_search(lose.counted, app.ter, app.successors).allsol(insanity_words.p0)
    fired = sum(1 for p in lose.seen if app.lose(p))

    def sound(p: Any) -> bool:
        words = to_pylist(p)
        placed = len(words) - 1
        return all(bin((words[0] >> (4 * j)) & 0xF).count("1") == placed for j in range(4))

    return lose.calls, fired, count_agreement((p, sound(p)) for p in lose.seen)


def non_losing_positions() -> tuple[int, int, int, bool]:
    """ "without changing the basic search algorithm" (ch. 5): ``(positions the lists' search examines,
    those of them that do not lose, positions the words' search examines, whether these are those,
    in the same order, by the colours on their faces)``.

    >>> non_losing_positions()
    (591, 29, 29, True)
    """
    lists = Count(insanity.lose, keep=lambda p: p)
    tree_search(lists.counted, insanity.ter, insanity.successors).search(insanity.p0)
    words = Count(insanity_words.lose, keep=lambda p: p)
    tree_search(words.counted, insanity_words.ter, insanity_words.successors).search(insanity_words.p0)
    kept = [p for p in lists.seen if not insanity.lose(p)]

    def as_word(p: Any) -> int:
        faces = [to_pylist(f) for f in to_pylist(p)]
        return _word(tuple(tuple(face[k] for face in faces) for k in range(len(faces[0]))))

    same = [as_word(p) for p in kept] == [to_pylist(p)[0] for p in words.seen]
    return lists.calls, len(kept), words.calls, same
