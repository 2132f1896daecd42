"""``python -m bench`` writes the benchmarks page: each benchmark's output under its command, with
the machine, the Python and the load in the head, and never half a page."""

from __future__ import annotations

import platform
import sys
import types
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from bench.__main__ import SECTIONS, Section, description, page, write

TABLE = "| k | n |\n|--:|--:|\n| 3 | 6 |"


@pytest.fixture
def fake_bench() -> Iterator[str]:
    """A benchmark module that prints one table, and says in it which arguments it was given."""
    module = types.ModuleType("fake_bench")
    module.__doc__ = "A fake benchmark: one table.\n\n    python -m fake_bench\n\nIt measures ``nothing``."

    def main(argv: Sequence[str] = ()) -> None:
        print(TABLE)
        print(f"argv: {' '.join(argv) or '-'}")

    module.main = main  # type: ignore[attr-defined]
    sys.modules["fake_bench"] = module
    yield "fake_bench"
    del sys.modules["fake_bench"]


def test_the_page_holds_each_benchmarks_output_under_its_command_and_the_machine_in_its_head(
    fake_bench: str,
) -> None:
    section = Section("A fake", fake_bench, ("--full",), ("--rounds", "1"), "Read it as you like.")
    full = page([section], quick=False, clock=lambda: 0.0)
    assert full.startswith("# Benchmarks\n")
    assert "on 1970-01-01 00:00 UTC" in full
    assert f"{platform.python_version()} on {platform.machine()}" in full
    assert "load average" in full
    assert (
        "## A fake\n\n`python -m fake_bench --full`: A fake benchmark: one table.\n\nIt measures nothing."
        in full
    )
    assert TABLE in full and "argv: --full" in full and full.rstrip().endswith("Read it as you like.")
    quick = page([section], quick=True, clock=lambda: 0.0)
    assert "`python -m bench --quick`" in quick and "argv: --rounds 1" in quick


def test_a_docstring_becomes_plain_prose_without_its_command_lines() -> None:
    doc = "Title line.\n\n    python -m bench.x   # a command\n\nSome ``code`` and :mod:`bench`,\nrefilled."
    assert description(doc) == "Title line.\n\nSome code and bench, refilled."


def test_every_section_names_a_benchmark_module_with_a_main() -> None:
    for section in SECTIONS:
        module = __import__(section.module, fromlist=["main"])
        assert callable(module.main), section.module


def test_the_page_is_replaced_whole_and_no_temporary_file_is_left(tmp_path: Path) -> None:
    target = tmp_path / "docs" / "benchmarks.md"
    write("old\n", target)
    write("new\n", target)
    assert target.read_text() == "new\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["benchmarks.md"]


def test_an_interrupted_write_leaves_the_previous_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "benchmarks.md"
    write("old\n", target)

    def interrupted(self: Path, target: Path) -> Path:
        raise KeyboardInterrupt

    monkeypatch.setattr(Path, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write("new\n", target)
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["benchmarks.md"]


def test_a_reading_of_the_full_runs_tables_is_printed_in_the_full_run_alone(fake_bench: str) -> None:
    """The quick run prints fewer tables: what reads only the full run's is not said under it."""
    section = Section("A fake", fake_bench, (), (), "Said always.", "Said of the full tables.")
    full = page([section], quick=False, clock=lambda: 0.0)
    quick = page([section], quick=True, clock=lambda: 0.0)
    assert full.rstrip().endswith("Said always.\n\nSaid of the full tables.")
    assert quick.rstrip().endswith("Said always.") and "Said of the full tables." not in quick
