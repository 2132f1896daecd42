"""Chapter 5, "Tree search": every example of the notes, computed, beside what the notes say.

``python -m chapters.tree_search``.  The notes' assigned values are importable
from here under their names: ``puzz1``, ``puzz2``, ``puzz3``, ``puzz4``,
``puzz``, ``puzza`` (they live in :mod:`lispy.chapter5.insanity` and
:mod:`lispy.chapter5.insanity_words`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from chapters.claims import claims_section
from chapters.show import heading, printable_stdout, say, show, table
from lispy import cli, length, lisp, mapcar, member, read, to_pylist, to_string, tree_search
from lispy.chapter5 import insanity as lists_rep
from lispy.chapter5 import insanity_words as words_rep
from lispy.chapter5.insanity import cycles, puzz, puzz1, puzz2, puzz3, puzz4
from lispy.chapter5.insanity_graph import cycles_of, graph_method, towers
from lispy.chapter5.insanity_words import poo, puzza, zap
from lispy.chapter5.paths import path_search
from lispy.counting import Count

__all__ = ["main", "puzz", "puzz1", "puzz2", "puzz3", "puzz4", "puzza"]


def paths() -> None:
    heading("5.1 Finding a path in a graph")
    say(
        "A position is a path, its vertices in reverse order.  The graph is a list of sublists, "
        "each a vertex followed by its neighbours (the notes' chapter I, which describes it, is lost)."
    )
    examples = [
        ("a graph with paths", "((A B C) (B D) (C D E) (D F) (E F) (F))", "F"),
        ("a graph with a cycle", "((A B) (B A C) (C D) (D))", "D"),
        ("a graph with no path", "((A B) (B A C) (C B) (D))", "D"),
    ]
    for title, text, final in examples:
        print()
        print(f"{title}:")
        graph = read(text)
        show("  graph", graph)
        show("  final", final)
        found = path_search(graph, final)
        lose = Count(found.lose, keep=lambda p: p)
        show("  search (A)", tree_search(lose.counted, found.ter, found.successors).search(lisp("A")))
        cut = [p for p in lose.seen if found.lose(p)]
        if cut:
            say(
                f"lose cut {len(cut)} position(s), each a path back to a vertex it had visited: "
                + " ".join(to_string(p) for p in cut)
            )
        show("  allsol (A)", found.allsol(lisp("A")))
    say(
        "the notes: lose p ← a p ε d p cuts a path that comes back to a vertex, so cycles do not loop; "
        "search gives LOSE when no path exists."
    )


COLOURS = ("R", "W", "G", "B")
"""The colours in the order of their bits: ``poo`` gives 1, 2, 4, 8."""


def word_colours(w: int) -> Any:
    """The inverse of ``zap``, for reading results: the colours of a block's word (not in the notes).

    Raises ``ValueError`` if a face's four bits are not exactly one colour.

    >>> word_colours(0x8421)
    (R W G B)
    >>> word_colours(0x8423)
    Traceback (most recent call last):
      ...
    ValueError: word_colours: face 1 of 0x8423 is not one colour
    """
    colours = []
    for face in range(4):
        nibble = (w >> (4 * face)) & 0xF
        if nibble not in (1, 2, 4, 8):
            raise ValueError(f"word_colours: face {face + 1} of {w:#06x} is not one colour")
        colours.append(COLOURS[nibble.bit_length() - 1])
    return lisp(*colours)


def tower_table(faces: list[list[str]]) -> None:
    """Print a tower as blocks (rows) against faces (columns); ``faces[j][k]`` is block k's colour."""
    table(
        ["", *[f"face {j + 1}" for j in range(len(faces))]],
        [[f"block {k + 1}", *[face[k] for face in faces]] for k in range(len(faces[0]))],
    )


def list_faces(position: Any) -> list[list[str]]:
    """The four faces of a list-representation tower, each top block first (the notes: newest first)."""
    return [list(reversed(to_pylist(face))) for face in position]


def word_faces(position: Any) -> list[list[str]]:
    """The four faces of a bit-word tower: block k's word is ``w_k xor w_(k-1)``."""
    words = list(reversed(to_pylist(position)))  # 0, w1, w2, w3, w4
    blocks = [to_pylist(word_colours(w ^ v)) for v, w in itertools.pairwise(words)]
    return [[block[j] for block in blocks] for j in range(4)]


def instant_insanity_lists() -> None:
    heading("5.2 Instant Insanity, the list representation")
    show(
        "puzz1",
        puzz1,
        '"a list of the colors of the faces starting with the top face, going around '
        'the sides in a clockwise direction and finishing with the bottom face"',
    )
    show("cycles[(2 3 4 5)]", cycles(read("(2 3 4 5)")), "cycles u ← maplist[u,λx.x*upto[u,x]]")
    show(
        "puzz2",
        puzz2,
        "puzz2 ← cycles[(2 3 4 5)]*cycles[(2 5 4 3)]*cycles[(1 2 6 4)]*cycles[(1 4 6 2)]"
        "*cycles[(1 3 6 5)]*cycles[(1 5 6 3)] (an extra parenthesis as printed: ERRATA E3)",
    )
    show("length puzz2", length(puzz2), '"the list of all 24 cycles"')
    show("puzz3", puzz3, "puzz3 ← mapcar[puzz1,λx.prup[(1 2 3 4 5 6),x]]")
    for k, block in enumerate(puzz4, 1):
        show(f"block {k} of puzz4", block)
    say(
        "the notes: puzz4 ← mapcar[puzz3,λs.sublis[s,puzz2]] (printed with puzz3: ERRATA E4); "
        '"puzz4 has all 24 orientations of the first block"'
    )
    show("puzz", puzz, "puzz ← (a nth[a puzz4,1] a nth[a puzz4,9] a nth[a puzz4,17]) . d puzz4")
    show("p₀", lists_rep.p0, "p₀ = (NIL NIL NIL NIL)")
    show("lose p₀", lists_rep.lose(lists_rep.p0), "lose p ← orlis[p,λu.a u ε d u] (here a NIL = NIL)")
    show("ter p₀", lists_rep.ter(lists_rep.p0), "ter p ← [length a p = 4]")
    show(
        "successors p₀",
        lists_rep.successors(lists_rep.p0),
        "successors p ← mapcar[a nth[puzz,1 + length a p],λx.mapcar2[p,x,λyz.z.y]]",
    )
    found = lists_rep.search(lists_rep.p0)
    show(
        "search p₀",
        found,
        '"the value of search p is the winning position": four faces, '
        "each the colours on it, the last block placed first",
    )
    print()
    tower_table(list_faces(found))


def instant_insanity_words() -> None:
    heading("5.3 Instant Insanity, the bit-word representation")
    word = zap(read("(R W G B)"))
    show(
        "zap[(R W G B)]",
        f"{word} = {word:#06x}",
        'zap v ← if n v then 0 else poo a v +16zap d v; "A face cycle is represented by 16 bits in a '
        'word four for each face"',
    )
    show(
        "mapcar[(R W G B), poo]",
        mapcar(read("(R W G B)"), poo),
        "poo x ← if x=R then 1 else if x=W then 2 else if x=G then 4 else 8",
    )
    show("puzza", puzza, "puzza ← mapcar[puzz,λx.mapcar[x,zap]]")
    show("p₀", words_rep.p0, '"The initial position is (0)."')
    show(
        "successors (0)",
        words_rep.successors(words_rep.p0),
        "successors p ← mapchoose[a nth[puzza,length p],λx.a p and x = 0,λx. [a p or x] . p]; lose p ← false",
    )
    found = words_rep.search(words_rep.p0)
    show(
        "search (0)",
        found,
        '"a list of words representing its partial towers with 0 as the last '
        'element and the highest partial tower as the first element"',
    )
    show("  in hexadecimal", "(" + " ".join(f"{w:#06x}" for w in found) + ")")
    print()
    tower_table(word_faces(found))
    same = list_faces(lists_rep.search(lists_rep.p0)) == word_faces(found)
    say(f"the same tower as the list representation's: {'yes' if same else 'NO'}.")


def all_solutions() -> None:
    heading("5.4 allsol: every solution")
    say(
        "allsol is the simple form, with mapapp; allsol_efficient is the notes' 'more efficient "
        "form' with allsola and allsolb, which finds the same solutions in the reverse order."
    )
    for name, rep, faces in (("list", lists_rep, list_faces), ("bit-word", words_rep, word_faces)):
        for form in ("allsol", "allsol_efficient"):
            solutions = getattr(rep, form)(rep.p0)
            print()
            show(f"{form} p₀ ({name} representation)", solutions)
            show("  number of solutions", length(solutions))
            for k, s in enumerate(solutions, 1):
                shown = "  ".join("".join(f) for f in faces(s))
                say(f"solution {k}: {shown}  (the four faces, each top block first)")
    say(
        "Two of the three solutions are the same tower: block 2 (G G B G W R) shows the same cycle of "
        "colours in two of its orientations (its sides 1 and 3 are both G, so turned upside down it "
        "looks the same), and the search counts orientations."
    )


FACE_PAIRS = {(1, 6): "top/bottom", (2, 4): "sides 1/3", (3, 5): "sides 2/4"}


def edge_text(e: Any) -> str:
    """An edge ``(k (f . x) (g . y))`` as ``x-y`` with the faces it joins."""
    _, one, other = to_pylist(e)
    return f"{one.cdr}-{other.cdr} ({FACE_PAIRS[(one.car, other.car)]})"


def graph_method_section() -> None:
    heading("5.5 With enough mathematics: the graph of opposite faces")
    say(
        "F. de Carteblanche (Brooks, Smith, Stone, Tutte), Eureka 1947: the colours are vertices; each "
        "block gives three edges, one per pair of opposite faces.  A tower is two edge-disjoint "
        "factors (one edge from every block, every colour of degree 2): one for front/back, one for "
        "right/left.  lispy.chapter5.insanity_graph, on the notes' puzz1:"
    )
    found = graph_method(puzz1)
    print()
    table(
        ["block", "edge 1", "edge 2", "edge 3"],
        [[str(k), *(edge_text(e) for e in block)] for k, block in enumerate(found.graph, 1)],
    )
    print()
    say(f"factors found: {length(found.factors)}; edge-disjoint pairs of them: {length(found.pairs)}.")
    solutions = lists_rep.allsol(lists_rep.p0)
    rows = []
    for j, pair in enumerate(found.pairs, 1):
        c1, c2 = (length(cycles_of(h)) for h in pair)
        made = towers(pair)
        matched = [str(k) for k, s in enumerate(solutions, 1) if member(s, made)]
        for h, role in zip(pair, ("front/back", "right/left"), strict=True):
            rows.append([str(j) if role == "front/back" else "", role, "  ".join(edge_text(e) for e in h),
                         str(length(cycles_of(h)))])  # fmt: skip
        rows.append(["", "towers", f"{length(made)} = 2 x 2^({c1}+{c2}); allsol counts 2^({c1}+{c2}-2) = "
                     f"{2 ** (c1 + c2 - 2)}: its solution(s) {', '.join(matched)}", ""])  # fmt: skip
    table(["pair", "", "edges, blocks 1 to 4", "cycles"], rows)
    total = sum(length(towers(pair)) for pair in found.pairs)
    same = [
        (i, j) for i, s in enumerate(solutions, 1) for j, t in enumerate(solutions, 1) if i < j and s == t
    ]
    loops = [
        edge_text(e) for pair in found.pairs for h in pair for e in h if e.cdr.car.cdr == e.cdr.cdr.car.cdr
    ]
    say(
        f"{total} towers in all, each block in one of its 24 rotations, = 8 x {length(solutions)}: the 8 "
        "symmetries of a tower (4 quarter turns; every block turned over about the front-back axis) "
        "times the notes' allsol, which keeps the first block in 3 of its orientations.  A loop in a "
        f"factor ({', '.join(loops)}) shows the same colours walked either way: that is why allsol's "
        + ", ".join(f"solutions {i} and {j}" for i, j in same)
        + " are the same tower."
    )
    say(
        'Its time and its work against the searches\', beside the notes\' "a greater speedup" and "with '
        'enough mathematics, extensive tree search is unnecessary": section 5.6.'
    )


def main(argv: Sequence[str] = ()) -> None:
    cli.parser("python -m chapters.tree_search", __doc__).parse_args(argv)
    printable_stdout()
    heading("5. Tree search (McCarthy 1973)", "=")
    paths()
    instant_insanity_lists()
    instant_insanity_words()
    all_solutions()
    graph_method_section()
    claims_section("5.6", "5")


if __name__ == "__main__":
    cli.run(main)
