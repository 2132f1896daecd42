"""The Python that M-expressions compile to, printed to be read beside the hand transcriptions.

``python -m lispy --python chapter5_search`` prints a part of the notes as a Python module that
runs: each statement (as corrected by ERRATA.md) as a comment above its Python, the definitions
first, as :func:`lispy.mexpr.program.notes` runs them, the names the part leaves free listed at the
top.  ``:python search`` in the REPL prints one definition.  Long lines are broken as the
transcriptions break theirs: one ``else`` to a line, one argument to a line.
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from collections.abc import Iterable

from lispy.mexpr.codegen import Generated, generate
from lispy.mexpr.names import python_name
from lispy.mexpr.prelude import BUILTINS, NOTATION
from lispy.mexpr.program import PARTS, SourceStatement, statements
from lispy.mexpr.syntax import Assignment, Definition

WIDTH = 100
"""Lines longer than this are broken."""

_PRELUDE_NAMES = {python_name(name): f.__name__ for name, f in BUILTINS.items()}


def part_python(part: str, corrected: bool = True) -> str:
    """A part of the notes compiled, as the text of a Python module (raises for a part that does not
    read); the values another part assigns (``puzz`` for ``chapter5_insanity_words``) come first,
    with what they need, and the functions an application gives (``lose``, ``ter``) stay free."""
    own = statements(part, corrected)
    borrowed = _given_by_other_parts(part, own, corrected)
    found = [*borrowed, *own]
    ordered = sorted(((s, s.parse()) for s in found), key=lambda x: not isinstance(x[1], Definition))
    generated = [(s, generate(node)) for s, node in ordered]
    defined = {python_name(s.name) for s in found}
    used = sorted({u.name for _, g in generated for u in g.uses})
    free = [name for name in used if python_name(name) not in defined and name not in BUILTINS]
    form = "as corrected by ERRATA.md" if corrected else "as printed"
    lines = [
        f'"""{part}: McCarthy 1973, chapters 5 and 6, compiled by lispy.mexpr.',
        "",
        f"From lispy/notes/{part}.m, {form}.",
        "The definitions come first, then the assignments, as lispy.mexpr.program.notes runs them.",
    ]
    if borrowed:
        names = ", ".join(s.name for s in borrowed)
        lines.append(f"With what its values need from {borrowed[0].origin}: {names}.")
    if free:
        lines.append(f"Free names, given by another part or by the caller: {', '.join(free)}.")
    lines += ['"""', "", _imports(g for _, g in generated)]
    for s, g in generated:
        lines += ["", ""] if isinstance(g.tree, ast.FunctionDef) else [""]
        lines += [f"# {line.rstrip()}" for line in s.text.splitlines()]
        lines.append(format_statement(g.tree))
    return "\n".join(lines) + "\n"


def _given_by_other_parts(part: str, own: list[SourceStatement], corrected: bool) -> list[SourceStatement]:
    """The assignments of other parts that ``own`` uses, with what they use in turn, in order."""
    defined = {python_name(s.name) for s in own}
    wanted = {u.name for s in own for u in generate(s.parse()).uses}
    taken: list[SourceStatement] = []
    for other in PARTS:
        if other == part:
            continue
        theirs = {python_name(s.name): s for s in statements(other, corrected)}
        todo = [
            n
            for n in wanted
            if python_name(n) in theirs and isinstance(theirs[python_name(n)].parse(), Assignment)
        ]
        chosen: set[str] = set()
        while todo:
            name = python_name(todo.pop())
            if name in chosen or name in defined or name not in theirs:
                continue
            chosen.add(name)
            todo += [u.name for u in generate(theirs[name].parse()).uses]
        taken += [s for s in statements(other, corrected) if python_name(s.name) in chosen]
        defined |= chosen
    return taken


def python_of(environment: object, name: str) -> str:
    """The Python of one name of an environment (``:python NAME`` in the REPL)."""
    units = getattr(environment, "units", {})
    if name in units:
        return format_statement(units[name].generated.tree)
    if name in BUILTINS:
        given = _PRELUDE_NAMES[python_name(name)]
        return f"# {name} is one of the functions the notes take as given: lispy.mexpr.prelude.{given}"
    if name in getattr(environment, "globals", {}):
        return f"# {name} is a Python value given to the environment, not compiled from M-expressions"
    raise ValueError(f"{name} is not defined; :env lists the names defined in this session")


def print_part(part: str) -> int:
    """``python -m lispy --python PART``: print the part's Python; the exit status."""
    try:
        text = part_python(part)
    except (ValueError, SyntaxError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(text, end="")
    return 0


def _imports(generated: Iterable[Generated]) -> str:
    names: set[str] = set()
    for g in generated:
        for node in ast.walk(g.tree):
            if isinstance(node, ast.Name) and (node.id in NOTATION or node.id in _PRELUDE_NAMES):
                names.add(node.id)
    parts = sorted(f"{_PRELUDE_NAMES[n]} as {n}" if _PRELUDE_NAMES.get(n, n) != n else n for n in names)
    if not parts:
        return ""
    line = f"from lispy.mexpr.prelude import {', '.join(parts)}"
    if len(line) <= WIDTH:
        return line
    return "from lispy.mexpr.prelude import (\n" + "".join(f"    {p},\n" for p in parts) + ")"


def format_statement(tree: ast.stmt | ast.expr) -> str:
    """A compiled statement as Python source, long lines broken, strings in double quotes where that
    spells the same string (``"G"``; ``'a"b'`` stays).

    >>> strings = ast.Tuple([ast.Constant(v) for v in ("G", "a'b'c", 'x"y')], ast.Load())
    >>> print(format_statement(ast.Assign([ast.Name("s", ast.Store())], strings)))
    s = ("G", "a'b'c", 'x"y')
    """
    return _double_quoted(_format(tree))


def _double_quoted(source: str) -> str:
    lines = source.splitlines(keepends=True)
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    for token in tokens:
        text = token.string
        if token.type != tokenize.STRING or not text.startswith("'") or '"' in text:
            continue
        (row, column), (end_row, end_column) = token.start, token.end
        if row != end_row:
            continue
        line = lines[row - 1]
        lines[row - 1] = line[:column] + '"' + text[1:-1] + '"' + line[end_column:]
    return "".join(lines)


def _format(tree: ast.stmt | ast.expr) -> str:
    if isinstance(tree, ast.FunctionDef) and len(tree.body) == 1 and isinstance(tree.body[0], ast.Return):
        header = ast.unparse(tree).splitlines()[0]
        value = tree.body[0].value
        assert value is not None
        return f"{header}\n    return {_expression(value, 4 + len('return '), 4)}"
    if isinstance(tree, ast.Assign):
        target = ast.unparse(tree.targets[0])
        return f"{target} = {_expression(tree.value, len(target) + 3, 0)}"
    return ast.unparse(tree)


def _expression(tree: ast.expr, column: int, indent: int) -> str:
    """``tree`` as source starting at ``column`` on a line indented by ``indent``."""
    text = ast.unparse(tree)
    if column + len(text) <= WIDTH:
        return text
    inner = " " * (indent + 4)
    if isinstance(tree, ast.IfExp):
        lines: list[str] = []
        rest: ast.expr = tree
        while isinstance(rest, ast.IfExp):
            lines.append(f"{_operand(rest.body)} if {_operand(rest.test)}")
            rest = rest.orelse
        chain = [lines[0], *(f"else {line}" for line in lines[1:]), f"else {_operand(rest)}"]
        return "(\n" + "".join(f"{inner}{line}\n" for line in chain) + " " * indent + ")"
    if isinstance(tree, ast.Call) and tree.args:
        args = [_expression(arg, len(inner), indent + 4) for arg in tree.args]
        called = ast.unparse(ast.Call(tree.func, [], []))[: -len("()")]  # bracketed where it must be: (λ…)
        return f"{called}(\n" + "".join(f"{inner}{a},\n" for a in args) + " " * indent + ")"
    return text


def _operand(tree: ast.expr) -> str:
    """A part of a conditional chain, bracketed if it would otherwise read differently."""
    text = ast.unparse(tree)
    return f"({text})" if isinstance(tree, (ast.IfExp, ast.Lambda)) else text
