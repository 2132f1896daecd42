"""The M-expression Environment and the REPL's Session as a state machine, against a plain model.

In pyrsistent's style: a Hypothesis ``RuleBasedStateMachine`` drives one session through
definitions, redefinitions, assignments, snapshots and restores, ``:load`` of files (some failing
half-way), and evaluations that fail, and after every step compares it with a plain ``dict``:
each name's value (a definition ``f x ← x + k`` answers ``f 1`` with ``1 + k``, an assignment holds
``k``), the names defined, and which Python spellings are taken (``p₀`` and ``p0`` are one name).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import hypothesis.strategies as st
from hypothesis import settings
from hypothesis.stateful import Bundle, RuleBasedStateMachine, invariant, precondition, rule

from lispy.mexpr.environment import EvalError, Snapshot
from lispy.mexpr.session import Session

NAMES = ["f", "g", "h", "p₀", "p0", "x'"]
"""The names the machine defines: p₀ and p0 are one Python name, so only one of them can be held."""

SPELLING = {"p₀": "p0"}

Model = dict[str, tuple[str, int]]
"""A name to ("fn", k) for ``name x ← x + k``, or ("val", k) for ``name ← k``."""

statements = st.tuples(st.sampled_from(NAMES), st.sampled_from(["fn", "val"]), st.integers(-50, 50))


def text(name: str, kind: str, k: int) -> str:
    return f"{name} x ← x + {k}" if kind == "fn" else f"{name} ← {k}"


def python_spelling(name: str) -> str:
    return SPELLING.get(name, name)


def clashes(model: Model, name: str) -> bool:
    """Whether ``name`` is refused: another spelling of it holds a value."""
    return any(python_spelling(other) == python_spelling(name) and other != name for other in model)


class SessionMachine(RuleBasedStateMachine):
    snapshots = Bundle("snapshots")

    def __init__(self) -> None:
        super().__init__()
        self.session = Session(say=lambda _: None, complain=lambda _: None)
        self.environment = self.session.environment
        self.model: Model = {}
        self.folder = Path(tempfile.mkdtemp(prefix="lispy-machine-"))
        self.files = 0

    def teardown(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def _write(self, lines: list[str]) -> Path:
        self.files += 1
        path = self.folder / f"file{self.files}.m"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return path

    # --- the rules ---------------------------------------------------------------------------

    @rule(statement=statements)
    def define_or_redefine(self, statement: tuple[str, str, int]) -> None:
        name, kind, k = statement
        answer = self.session.reply(text(name, kind, k))
        if clashes(self.model, name):
            assert answer.startswith("error: ") and "are one name in Python" in answer
        else:
            assert answer == ("" if kind == "fn" else str(k))
            self.model[name] = (kind, k)

    @rule(target=snapshots)
    def snapshot(self) -> tuple[Snapshot, Model]:
        return self.environment.snapshot(), dict(self.model)

    @rule(taken=snapshots)
    def restore(self, taken: tuple[Snapshot, Model]) -> None:
        snapshot, model = taken
        self.environment.restore(snapshot)
        self.model = dict(model)

    @rule(good=st.lists(statements, max_size=4))
    def load(self, good: list[tuple[str, str, int]]) -> None:
        lines = [text(*s) for s in good]
        after = dict(self.model)
        refused = False
        for name, kind, k in good:
            if clashes(after, name):
                refused = True
                break
            after[name] = (kind, k)
        answer = self.session.reply(f":load {self._write(lines)}")
        if refused:
            assert answer.startswith("error: ") and "nothing of" in answer
        else:
            assert answer.startswith("loaded ")
            self.model = after

    @rule(
        good=st.lists(statements, max_size=4),
        bad=st.sampled_from(["q ← undefined", "q ← a 3", "q ← 1 +", "[x] ← 1", "q[x,x] ← x", "q ← A + B"]),
    )
    def load_failing_half_way(self, good: list[tuple[str, str, int]], bad: str) -> None:
        lines = [text(*s) for s in good] + [bad] + [text(*s) for s in good]
        before = self.environment.snapshot()
        answer = self.session.reply(f":load {self._write(lines)}")
        assert answer.startswith("error: ")
        assert "nothing of" in answer
        if not any(clashes({**self.model, **{n: (kd, k) for n, kd, k in good}}, n) for n, _, _ in good):
            assert f"line {len(good) + 1} failed" in answer
        assert self.environment.snapshot() is before  # exactly as before: the same bindings

    @rule(
        bad=st.sampled_from(
            ["a 3", "undefined 1", "A + B", "true + 1", "A < B", "max[A,B]", "1 + )", "λxx. x"]
        )
    )
    def evaluation_error(self, bad: str) -> None:
        failures = self.session.failures
        answer = self.session.reply(bad)
        assert answer.startswith("error: ")
        assert "bug in lispy" not in answer
        assert self.session.failures == failures + 1

    @precondition(lambda self: bool(self.model))
    @rule(data=st.data())
    def failing_assignment_keeps_the_old_value(self, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(sorted(self.model)))
        answer = self.session.reply(f"{name} ← a 3")
        assert answer.startswith("error: ")

    # --- what must hold after every step -----------------------------------------------------

    @invariant()
    def each_name_holds_what_the_model_says(self) -> None:
        assert set(self.environment.units) == set(self.model)
        for name, (kind, k) in self.model.items():
            if kind == "fn":
                assert self.environment.eval(f"{name} 1") == 1 + k
            else:
                assert self.environment[name] == k
                assert self.environment.eval(name) == k

    @invariant()
    def the_names_not_in_the_model_are_not_defined(self) -> None:
        for name in NAMES:
            if name not in self.model and not clashes(self.model, name):
                assert name not in self.environment
                try:
                    self.environment.eval(f"{name} 1")
                except EvalError as e:
                    assert "undefined name" in str(e) or "are one name" in str(e)
                else:
                    raise AssertionError(f"{name} answered though it is not defined")


SessionMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=20, deadline=None)
test_the_session_keeps_what_the_model_keeps = SessionMachine.TestCase
