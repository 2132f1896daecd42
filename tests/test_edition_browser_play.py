"""The reader steps and plays, in headless Chromium with the page's Pyodide: chapter 5's ``search`` stepped
to its end on ``p₀`` (the tower CPython's ``search p₀`` prints, 591 positions examined) and on the paths
problem, and tic-tac-toe against the notes (every free cell's ``data-value`` the value CPython's
``valmax``/``valmin`` gives; twenty games of random legal moves by the reader, none lost by the program).
The page is built and served once for the module, as in ``tests/test_edition_browser.py`` (whose
fixtures these reuse); with ``LISPY_SCREENSHOTS=DIR`` the stepper and the game are also photographed at
390 and 1280 px into ``DIR``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from bench.bitboard import Bitboard, code, decode
from lispy import to_string
from lispy.chapter5.insanity import p0, tower
from lispy.chapter5.tree_search import LOSE, tree_search
from lispy.chapter6.game_trees import game_tree_search
from lispy.edition.page.search_stepper import examine, paths_stepper
from lispy.games.tictactoe import board as make_board
from lispy.sexpr.data import from_iterable
from tests import test_edition_browser as base
from tests.test_edition_browser import Browser

edition, live_edition, browser = base.edition, base.live_edition, base.browser  # the fixtures, shared

PLAIN = game_tree_search(*Bitboard().mccarthy("X"))


def _stepper(browser: Browser, name: str):  # type: ignore[no-untyped-def]
    return browser.page.locator(f'section[data-search-stepper="{name}"]')


def test_search_p0_stepped_to_its_end_is_cpythons_search_p0(browser: Browser) -> None:
    examined: list[object] = []

    def lose(p: object) -> object:  # each call of lose, one position examined
        examined.append(p)
        return tower.lose(p)

    expected = tree_search(lose, tower.ter, tower.successors).search(p0)
    assert len(examined) == 591 and expected != LOSE
    nodes, _ = examine(tower.lose, tower.ter, tower.successors, p0)
    section = _stepper(browser, "search")
    assert section.get_attribute("data-state") == "searching" and section.get_attribute("data-visited") == "0"
    assert section.locator("output[data-result]").text_content() == ""
    for n in nodes[:12]:
        section.locator("[data-action=next]").click()
        assert section.get_attribute("data-visited") == str(n.step)
        assert section.get_attribute("data-depth") == str(n.depth)
        assert section.get_attribute("data-state") == "searching"
        path = section.locator("ol.search-path li").all_text_contents()
        assert len(path) == n.depth + 1 and path[-1] == n.position and path[0] == to_string(p0)
    section.locator("[data-action=end]").click()
    assert section.get_attribute("data-state") == "found"
    assert section.get_attribute("data-visited") == "591" == section.get_attribute("data-step")
    assert section.locator("output[data-result]").text_content() == to_string(expected)
    assert to_string(expected) == "((G W R B) (R W G B) (B R G W) (W B G R))"
    assert section.locator("[data-action=next]").is_disabled()
    section.locator("[data-action=prev]").click()
    assert (
        section.get_attribute("data-state") == "searching" and section.get_attribute("data-visited") == "590"
    )
    assert section.locator("output[data-result]").text_content() == ""


def test_the_paths_stepper_backtracks_and_ends_on_the_path(browser: Browser) -> None:
    s = paths_stepper()
    section = _stepper(browser, "successors-paths")
    seen = []
    while section.locator("[data-action=next]").is_enabled():
        section.locator("[data-action=next]").click()
        seen.append((section.get_attribute("data-visited"), section.get_attribute("data-depth")))
    assert seen == [(str(n.step), str(n.depth)) for n in s.nodes]
    assert section.get_attribute("data-state") == "found"
    assert section.locator("output[data-result]").text_content() == s.result == "(E C A)"
    says = section.locator(".says").text_content() or ""
    assert "ter p is true" in says
    for _ in range(3):
        section.locator("[data-action=prev]").click()
    assert section.get_attribute("data-visited") == "5"  # (C A) after (F D B A): two levels up
    assert "Backtracking: every position below gave LOSE, so searchlis goes 2 levels up" in (
        section.locator(".says").text_content() or ""
    )


def test_step_a_problem_the_reader_defines_in_the_repl(browser: Browser) -> None:
    from lispy.edition.live import Repl

    problem = ["lose p ← p > 9", "ter p ← p = 7", "successors p ← [p + 2] . [[p + 3] . NIL]"]
    cpython = Repl()
    for text in problem:
        base._repl(browser, text)
        cpython.reply(text)
    assert base._repl(browser, ":step 1") == f"lispy> :step 1\n{cpython.reply(':step 1')[0]}\n"
    assert cpython.stepper is not None
    section = browser.page.locator('#repl-stepper section[data-search-stepper="repl"]')
    section.locator("[data-action=end]").click()
    nodes, found = examine(lambda p: p > 9, lambda p: p == 7, lambda p: from_iterable([p + 2, p + 3]), 1)
    assert section.get_attribute("data-state") == "found" and found == 7
    assert section.get_attribute("data-visited") == str(len(nodes))
    assert section.locator("output[data-result]").text_content() == "7"
    base._repl(browser, "ter p ← p = -1")  # no solution: LOSE after every position
    base._repl(browser, ":step 1")
    section = browser.page.locator('#repl-stepper section[data-search-stepper="repl"]')
    section.locator("[data-action=end]").click()
    assert section.get_attribute("data-state") == "lose"
    assert section.locator("output[data-result]").text_content() == "LOSE"
    base._repl(browser, "lose p ← p > 100000")  # a search too long to step through: refused, with words
    said = base._repl(browser, ":step 1")
    assert said.startswith("lispy> :step 1\nerror: ") and "Traceback" not in said
    assert base._repl(browser, "ter 1") == "lispy> ter 1\nfalse\n", "the session goes on"


def _board(browser: Browser) -> tuple[str, str, dict[int, int]]:
    section = browser.page.locator('section[data-game="tictactoe"]')
    browser.wait("document.querySelector('section[data-game]').dataset.state !== 'thinking'")
    values = {
        int(b.get_attribute("data-cell") or ""): int(b.get_attribute("data-value") or "")
        for b in section.locator("button[data-cell][data-value]").all()
    }
    return section.get_attribute("data-board") or "", section.get_attribute("data-state") or "", values


def _notes_value(cells: str) -> int:
    p = code(make_board(cells))
    return int(PLAIN.valmin(p) if decode(p).to_move == "O" else PLAIN.valmax(p))


def test_twenty_random_games_none_lost_and_every_value_is_cpythons(browser: Browser) -> None:
    rng = random.Random(1973)
    section = browser.page.locator('section[data-game="tictactoe"]')
    outcomes = []
    for game in range(20):
        reader = "X" if game % 2 == 0 else "O"
        section.locator("[data-action=new]" if reader == "X" else "[data-action=program-first]").click()
        cells, state, values = _board(browser)
        while state == "your-move":
            free = [i for i, c in enumerate(cells) if c == "."]
            assert sorted(values) == free
            for cell, value in values.items():
                after = cells[:cell] + reader + cells[cell + 1 :]
                assert value == _notes_value(after), (cells, cell)
            move = rng.choice(free)
            section.locator(f'button[data-cell="{move}"]').click()
            cells, state, values = _board(browser)
        assert state in ("won", "drawn", "lost")
        outcomes.append(state)
    assert "won" not in outcomes, outcomes
    assert outcomes.count("lost") >= 10  # random moves lose most games against minimax


def test_the_program_takes_the_quickest_win(browser: Browser) -> None:
    section = browser.page.locator('section[data-game="tictactoe"]')
    section.locator("[data-action=new]").click()
    for cell in (1, 2, 7):  # the terminal's 2, 3, 8: the program then wins at once, not later
        _board(browser)
        section.locator(f'button[data-cell="{cell}"]').click()
    cells, state, _ = _board(browser)
    assert state == "lost" and cells.count("O") == 3
    says = section.locator(".says").text_content() or ""
    assert "wins soonest (in 1 move): the quickest win, a standard refinement" in says


def test_screenshots(browser: Browser) -> None:
    folder = os.environ.get("LISPY_SCREENSHOTS")
    if not folder:
        return
    page = browser.page
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        section = _stepper(browser, "search")
        section.locator("[data-action=end]").click()
        for _ in range(40):
            section.locator("[data-action=prev]").click()
        section.screenshot(path=str(Path(folder) / f"search-stepper-{width}.png"))
        _stepper(browser, "successors-paths").screenshot(
            path=str(Path(folder) / f"paths-stepper-{width}.png")
        )
        game = page.locator('section[data-game="tictactoe"]')
        game.locator("[data-action=new]").click()
        _board(browser)
        game.locator('button[data-cell="1"]').click()
        _board(browser)
        game.screenshot(path=str(Path(folder) / f"game-{width}.png"))
    page.set_viewport_size({"width": 1280, "height": 900})
