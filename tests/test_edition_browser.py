"""The edition in a real browser (headless Chromium): the printed form beside the Python at a desktop
width and stacked at a phone's, no horizontal scrolling of the page, no console errors, every
definition's anchor reached, and the figures rendered, not blank.

The layout is measured by a probe: a copy of ``index.html`` with a script added at its end that
writes what it measures into the page, read back with ``--dump-dom``.  The edition itself has no
script.  Without Chromium these tests skip, except under CI, where ``.ci/run`` installs it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from lispy.edition.__main__ import build
from lispy.notes.index import ENTRIES

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
]

PROBE = """<script>
window.addEventListener('load', function () {
  var d = document.documentElement, out = {};
  out.scrollWidth = d.scrollWidth;
  out.clientWidth = d.clientWidth;
  function box(el) { var r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }
  out.rows = Array.from(document.querySelectorAll('article.row')).slice(0, 5).map(function (a) {
    return {notes: box(a.querySelector('.cell.notes')), python: box(a.querySelector('.cell.python'))};
  });
  out.images = Array.from(document.images).map(function (i) {
    return [i.getAttribute('src'), i.complete, i.naturalWidth];
  });
  out.background = getComputedStyle(document.body).backgroundColor;
  function scrolls(e) {
    for (var p = e.parentElement; p; p = p.parentElement) {
      var o = getComputedStyle(p).overflowX;
      var clips = o === 'auto' || o === 'scroll' || o === 'hidden';
      if (clips && p.getBoundingClientRect().right <= d.clientWidth + 1) return true;
    }
    return false;
  }
  out.overflowing = Array.from(document.querySelectorAll('body *')).filter(function (e) {
    var r = e.getBoundingClientRect();
    return r.width > 0 && r.right > d.clientWidth + 1 && !scrolls(e);
  }).slice(0, 5).map(function (e) { return e.tagName + '.' + e.className; });
  out.jumps = {};
  Array.from(document.querySelectorAll('article.row')).forEach(function (a) {
    location.hash = '#' + a.id;
    var top = a.getBoundingClientRect().top;
    out.jumps[a.id] = [Math.round(top), Math.round(window.scrollY), d.scrollHeight - window.innerHeight];
  });
  var pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>"""


def chromium() -> str:
    found = next(
        (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None
    )
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(
                "CI must have Chromium: .ci/run installs Debian's chromium package when it is missing"
            )
        pytest.skip("Chromium is not installed (apt-get install chromium): the browser checks need it")
    return found


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run(
            [chromium(), *FLAGS, f"--user-data-dir={profile}", *arguments],
            capture_output=True,
            text=True,
            timeout=120,
        )


@pytest.fixture(scope="module")
def edition(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The edition built once for the module: with the local Pyodide where there is one, so that the
    runnable page's tests (:func:`live_edition`) use the same build as the layout's."""
    chromium()
    out = tmp_path_factory.mktemp("edition")
    folder = Path(os.environ.get("LISPY_PYODIDE") or "/nonexistent")
    build(out, trials=3, say=lambda _: None, pyodide=folder if (folder / "pyodide.mjs").is_file() else None)
    html = (out / "index.html").read_text(encoding="utf-8")
    (out / "probe.html").write_text(html.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    return out


def probe(edition: Path, width: int) -> dict:
    done = run(
        f"--window-size={width},900",
        "--virtual-time-budget=10000",
        "--dump-dom",
        (edition / "probe.html").as_uri(),
    )
    found = re.search(r'<pre id="probe">(.*?)</pre>', done.stdout, re.DOTALL)
    assert found, f"the probe did not run: {done.stderr[-2000:]}"
    return json.loads(
        found[1].replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    )


@pytest.fixture(scope="module")
def desktop(edition: Path) -> dict:
    return probe(edition, 1280)


@pytest.fixture(scope="module")
def phone(edition: Path) -> dict:
    return probe(edition, 390)


def test_at_a_desktop_width_the_printed_form_and_the_python_stand_side_by_side(desktop: dict) -> None:
    for r in desktop["rows"]:
        notes, python = r["notes"], r["python"]
        assert abs(notes[1] - python[1]) < 2, "the two columns start at the same height"
        assert notes[2] <= python[0], "the printed form is left of the Python"


def test_at_a_phone_width_they_stack(phone: dict) -> None:
    for r in phone["rows"]:
        notes, python = r["notes"], r["python"]
        assert python[1] >= notes[3] - 1, "the Python is below the printed form"
        assert abs(notes[0] - python[0]) < 2


@pytest.mark.parametrize("width", [1280, 390])
def test_the_page_never_scrolls_sideways(width: int, desktop: dict, phone: dict) -> None:
    measured = desktop if width == 1280 else phone
    assert measured["scrollWidth"] <= measured["clientWidth"]
    assert measured["overflowing"] == [], "only code boxes may be wider than the page, and they scroll"


def test_every_anchor_is_reached(desktop: dict) -> None:
    assert set(desktop["jumps"]) == {e.anchor for e in ENTRIES}
    for anchor, (top, scrolled, most) in desktop["jumps"].items():
        assert abs(top - 8) <= 2 or scrolled >= most - 1, f"#{anchor} is not brought to the top"


def test_the_stylesheet_and_the_figures_load(desktop: dict) -> None:
    assert desktop["background"] == "rgb(255, 253, 248)"
    assert len(desktop["images"]) >= 1
    for src, complete, natural_width in desktop["images"]:
        assert complete and natural_width > 100, f"{src} did not render"


def test_no_console_errors(edition: Path) -> None:
    for page in ("index.html", "names.html", "errata.html", "companions.html"):
        done = run(
            "--enable-logging=stderr",
            "--v=0",
            "--window-size=1280,900",
            "--dump-dom",
            (edition / page).as_uri(),
        )
        console = [line for line in done.stderr.splitlines() if "CONSOLE" in line]
        assert console == [], f"{page}: {console}"
        assert "<main>" in done.stdout


def non_blank(png: Path) -> float:
    """The share of pixels that differ from the most common one (the background)."""
    image = pytest.importorskip("PIL.Image").open(png).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 24) or []
    background = max(count for count, _ in colours)
    return 1 - background / (image.width * image.height)


@pytest.mark.parametrize("figure", ["figure-2-6.svg", "aima-6-2.svg", "ordering.svg"])
def test_the_svg_figures_render(edition: Path, tmp_path: Path, figure: str) -> None:
    svg = edition / "figures" / figure
    if not svg.is_file():
        assert figure == "ordering.svg"
        pytest.skip("matplotlib is not installed: the ordering plot is a table")
    shot = tmp_path / "figure.png"
    run(f"--screenshot={shot}", "--window-size=800,500", svg.as_uri())
    assert shot.is_file()
    assert non_blank(shot) > 0.01


@pytest.mark.parametrize("width", [1280, 390])
def test_the_pages_are_not_blank(edition: Path, tmp_path: Path, width: int) -> None:
    shot = tmp_path / "page.png"
    run(f"--screenshot={shot}", f"--window-size={width},1400", (edition / "index.html").as_uri())
    assert non_blank(shot) > 0.05


# --- The runnable edition: lispy in Pyodide, in the page (lispy.edition.live) ----------------------
#
# Driven with Playwright's Python package and Debian's chromium (no browser download), against a
# local Pyodide: LISPY_PYODIDE names its folder (node_modules/pyodide after
# ``npm install pyodide@314.0.7``; .ci/run installs it and sets the variable).  Served from
# 127.0.0.1 by lispy.edition.live.serve; every request elsewhere is refused and recorded.  One build
# and one page load for these tests (module-scoped fixtures).


def _required(what: str, how: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"CI must have {what}: {how}")
    pytest.skip(f"{what} is not available ({how}): the runnable edition's browser checks need it")


def _playwright():  # type: ignore[no-untyped-def]
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _required("Playwright's Python package", "pip install playwright; no browser download is needed")
    return sync_playwright


def _pyodide() -> Path:
    folder = os.environ.get("LISPY_PYODIDE")
    if not folder or not (Path(folder) / "pyodide.mjs").is_file():
        _required(
            "a local Pyodide",
            "npm install pyodide@314.0.7 into a cache folder, and LISPY_PYODIDE=that/node_modules/pyodide",
        )
    return Path(folder or "")


class Browser:
    """One page of the runnable edition, and what it logged and asked for."""

    def __init__(self, page, console: list, outside: list, ready_seconds: float) -> None:  # type: ignore[no-untyped-def]
        self.page, self.console, self.outside, self.ready_seconds = page, console, outside, ready_seconds

    def wait(self, script: str, timeout: float = 120_000) -> None:
        self.page.wait_for_function(script, timeout=timeout)


def _open(page, url: str, console: list, outside: list) -> None:  # type: ignore[no-untyped-def]
    page.on(
        "console", lambda m: console.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None
    )
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))

    def route(r) -> None:  # type: ignore[no-untyped-def]
        if r.request.url.startswith(("http://127.0.0.1:", "data:", "blob:")):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    page.context.route("**/*", route)
    page.goto(url)


@pytest.fixture(scope="module")
def live_edition(request: pytest.FixtureRequest) -> Path:
    _playwright()
    _pyodide()  # where there is none, the runnable page's tests skip (fail under CI) here, before a build
    return request.getfixturevalue("edition")


@pytest.fixture(scope="module")
def browser(live_edition: Path):  # type: ignore[no-untyped-def]
    import functools
    import http.server
    import threading
    import time

    from lispy.edition.live.serve import Handler

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(live_edition))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    console: list[str] = []
    outside: list[str] = []
    with _playwright()() as p:
        chrome = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        page = chrome.new_page(viewport={"width": 1280, "height": 900})
        start = time.perf_counter()
        _open(page, f"http://127.0.0.1:{server.server_address[1]}/index.html", console, outside)
        page.wait_for_function("document.documentElement.dataset.runtime !== 'loading'", timeout=180_000)
        yield Browser(page, console, outside, time.perf_counter() - start)
        chrome.close()
    server.shutdown()
    server.server_close()


def test_the_runtime_is_ready(browser: Browser) -> None:
    assert browser.page.evaluate("document.documentElement.dataset.runtime") == "ready"
    assert "Pyodide" in browser.page.locator(".runtime-status").first.text_content()


def _run_row(browser: Browser, anchor: str, text: str | None = None) -> tuple[str, str]:
    form = browser.page.locator(f'form.try[data-definition="{anchor}"]')
    if text is not None:
        form.locator("textarea[name=expr]").fill(text)
    form.locator("[data-action=run]").click()
    browser.wait(
        f"document.querySelector('form.try[data-definition=\"{anchor}\"]').dataset.state !== 'running'"
    )
    return form.locator("output[data-result]").text_content() or "", form.get_attribute("data-state") or ""


def test_every_rows_example_prints_what_cpython_lispy_prints(browser: Browser) -> None:
    from lispy.edition.live import row_reply

    forms = browser.page.locator("form.try")
    anchors = [forms.nth(i).get_attribute("data-definition") for i in range(forms.count())]
    assert anchors == [e.anchor for e in ENTRIES], "one form for each of the 47 definitions, in order"
    for anchor in anchors:
        assert anchor is not None
        text = browser.page.locator(f'form.try[data-definition="{anchor}"] textarea').input_value()
        printed, state = _run_row(browser, anchor)
        assert printed == row_reply(anchor, text), anchor
        assert state == ("error" if printed.startswith("error:") else "done"), anchor


def test_an_edited_input_gives_cpythons_answer(browser: Browser) -> None:
    from lispy.edition.live import row_reply

    other_graph = "graph ← ((A B C) (B E) (C F) (E) (F))\nsearch (A)"
    printed, state = _run_row(browser, "successors-paths", other_graph)
    assert (printed, state) == ("((A B C) (B E) (C F) (E) (F))\n(F C A)", "done")
    assert printed == row_reply("successors-paths", other_graph)
    # the row's own graph is back for the next run: what the edit defined is gone
    assert _run_row(browser, "successors-paths", "search (A)")[0] == row_reply(
        "successors-paths", "search (A)"
    )
    broken = "lose (B D"
    printed, state = _run_row(browser, "lose-paths", broken)
    assert state == "error" and printed == row_reply("lose-paths", broken)


def _repl(browser: Browser, text: str) -> str:
    """Send ``text`` to the page's REPL; what it appended to the log."""
    log = browser.page.locator("#repl-log")
    before = log.text_content() or ""
    form = browser.page.locator("#repl")
    form.locator("textarea[name=input]").fill(text)
    form.locator("[data-action=run]").click()
    browser.wait("document.getElementById('repl').dataset.state !== 'running'")
    return (log.text_content() or "")[len(before) :]


def test_a_repl_session(browser: Browser) -> None:
    from lispy.edition.live import Repl

    cpython = Repl()
    inputs = [
        "double x ← x + x",
        ":notes chapter5_insanity chapter5_search",
        "search p₀",
        ":notes chapter6_game_trees",  # one session holds both chapters, each with its own successors
        "valmax '((3 12 8) (2 4 6) (14 5 2))",
        "search p₀",
        "a 'G",
        "runaway x ← runaway x",
        "runaway 1",
        "double 21",
    ]
    # The one difference allowed: a runaway recursion names the limit in force, 262,144 calls on
    # CPython's workers, the page's own (WebAssembly has no such threads), said to be the page's.
    limit = re.compile(r"past the (page's )?limit of [\d,]+ nested calls.*")
    for text in inputs:
        appended = _repl(browser, text)
        expected = cpython.reply(text)[0]
        expected = f"lispy> {text}\n" + (f"{expected}\n" if expected else "")
        assert limit.sub("LIMIT", appended) == limit.sub("LIMIT", expected), text
    log = browser.page.locator("#repl-log").text_content() or ""
    assert "((G W R B) (R W G B) (B R G W) (W B G R))" in log
    assert "lispy> valmax '((3 12 8) (2 4 6) (14 5 2))\n3\nlispy> search p₀\n((G W R B)" in log
    assert "error: in input, line 1, column 1: a: the argument G (a symbol) is an atom, not a list" in log
    assert re.search(r"error: in runaway, line 1, column \d+: recursion too deep in runaway", log)
    assert log.endswith("lispy> double 21\n42\n"), "after the runaway recursion the page still answers"


def test_stop_during_a_long_search_then_the_session_goes_on(browser: Browser) -> None:
    _repl(browser, "triple x ← x + x + x")
    _repl(browser, "fib u ← if n u then 1 else if n d u then 1 else fib d u + fib d d u")
    long = "fib '(" + " ".join(["0"] * 60) + ")"  # about 10^12 calls
    form = browser.page.locator("#repl")
    form.locator("textarea[name=input]").fill(long)
    form.locator("[data-action=run]").click()
    browser.wait("document.getElementById('repl').dataset.state === 'running'")
    stop = form.locator("[data-action=stop]")
    assert stop.is_enabled()
    stop.click()
    browser.wait("document.getElementById('repl').dataset.state !== 'running'")
    assert f"lispy> {long}\ninterrupted\n" in (browser.page.locator("#repl-log").text_content() or "")
    browser.wait("document.documentElement.dataset.runtime === 'ready'")
    assert _repl(browser, "triple 14") == "lispy> triple 14\n42\n", "the definitions were replayed"
    assert _repl(browser, "fib '(0 0 0 0 0 0 0 0 0 0)") == "lispy> fib '(0 0 0 0 0 0 0 0 0 0)\n89\n"


def _step_to_end(page, anchor: str) -> list[tuple[str, str, str, str]]:  # type: ignore[no-untyped-def]
    section = page.locator(f'section[data-stepper="{anchor}"]')
    seen = []
    while section.locator("[data-action=next]").is_enabled():
        section.locator("[data-action=next]").click()
        seen.append(
            tuple(
                section.get_attribute(a) or ""
                for a in ("data-step", "data-alpha", "data-beta", "data-examined")
            )
        )
    return seen


def test_the_figure_2_6_stepper(browser: Browser) -> None:
    from lispy.edition.page.stepper import frames
    from lispy.sexpr.data import read

    expected = frames(read("((2 5) (9 4 7))"), max_to_move=False)
    seen = _step_to_end(browser.page, "figure-2-6")
    assert seen == [(str(f["step"]), f["alpha"], f["beta"], str(f["examined"])) for f in expected]
    section = browser.page.locator('section[data-stepper="figure-2-6"]')
    assert section.get_attribute("data-examined") == "3"
    assert "3 of the 5 terminal positions examined" in (section.locator(".says").text_content() or "")
    section.locator("[data-action=prev]").click()
    assert section.get_attribute("data-step") == str(len(expected) - 1)


def test_no_console_errors_and_no_request_leaves_127_0_0_1(browser: Browser) -> None:
    assert browser.console == []
    assert browser.outside == []


def test_the_printed_form_tried_shows_the_failure_the_errata_describe(browser: Browser) -> None:
    from lispy.edition.live import row_reply

    page = browser.page
    corrected = [
        e.anchor for e in ENTRIES if e.statement(corrected=True).text != e.statement(corrected=False).text
    ]
    offered = page.locator("form.try:has([data-action=run-printed])")
    assert [offered.nth(i).get_attribute("data-definition") for i in range(offered.count())] == corrected
    for anchor in ("movemax", "minval2", "maxval2"):
        form = page.locator(f'form.try[data-definition="{anchor}"]')
        text = form.locator("textarea").input_value()
        form.locator("[data-action=run-printed]").click()
        browser.wait(
            f"document.querySelector('form.try[data-definition=\"{anchor}\"]').dataset.state !== 'running'"
        )
        printed = form.locator("output[data-result]").text_content()
        assert printed == row_reply(anchor, text, printed=True) != row_reply(anchor, text), anchor
    assert "undefined name succesors" in (
        page.locator('form.try[data-definition="movemax"] output').text_content() or ""
    )


def test_a_broken_definition_edited_into_the_proof_shows_a_disagreement(browser: Browser) -> None:
    from lispy.edition.live import prove_edited

    form = browser.page.locator('form.proof[data-definition="valmax"]')
    seed, trials = int(form.get_attribute("data-seed") or 0), int(form.get_attribute("data-trials") or 0)
    broken = "valmax p ← if ter p then imval p else minlis[successors p,valmin]"
    for text, state in ((None, "agree"), (broken, "disagree")):
        if text is not None:
            form.locator("textarea[name=definition]").fill(text)
        source = form.locator("textarea[name=definition]").input_value()
        form.locator("[data-action=prove]").click()
        browser.wait(
            "document.querySelector('form.proof[data-definition=valmax]').dataset.state !== 'running'"
        )
        assert form.get_attribute("data-state") == state
        said = form.locator("output[data-result]").text_content()
        assert said == prove_edited("valmax", source, seed, trials)[0]
    assert "First disagreement: on " in (said or "") and f"(seed {seed})" in (said or "")


def test_a_random_tree_of_the_readers_choice_is_stepped_through(browser: Browser) -> None:
    from lispy.edition.page.stepper import frames, random_tree

    page = browser.page
    form = page.locator('form.stepper-choice[data-for="random"]')
    form.locator("select[name=k]").select_option("3")
    form.locator("select[name=n]").select_option("2")
    form.locator("input[name=seed]").fill("7")
    form.locator("select[name=order]").select_option("best-first")
    form.locator("[data-action=make]").click()
    browser.wait("document.querySelector('form.stepper-choice').dataset.state !== 'running'")
    assert form.get_attribute("data-state") == "done"
    expected = frames(random_tree(3, 2, 7, "best-first"))
    seen = _step_to_end(page, "random")
    assert seen == [(str(f["step"]), f["alpha"], f["beta"], str(f["examined"])) for f in expected]
    says = page.locator('section[data-stepper="random"] .says').text_content() or ""
    assert says == expected[-1]["says"] and "5 of the 9 terminal positions examined" in says


def test_without_the_runtime_the_page_says_so_and_the_stepper_still_steps(
    browser: Browser, live_edition: Path
) -> None:
    page = browser.page.context.browser.new_page()  # a page opened as a file cannot load WebAssembly
    try:
        page.goto((live_edition / "index.html").as_uri())
        page.wait_for_function("document.documentElement.dataset.runtime === 'unavailable'", timeout=60_000)
        status = page.locator(".runtime-status").first.text_content() or ""
        assert status.startswith("lispy cannot run in this page: a page opened as a file")
        assert not page.locator("#repl").is_visible() and not page.locator("form.try").first.is_visible()
        seen = _step_to_end(page, "figure-2-6")
        assert seen[-1][3] == "3" and len(seen) == 18
    finally:
        page.close()


def test_at_a_phone_width_the_runnable_page_does_not_scroll_sideways(browser: Browser) -> None:
    page = browser.page
    page.set_viewport_size({"width": 390, "height": 900})
    try:
        page.wait_for_function("document.documentElement.clientWidth === 390")
        assert page.locator("#repl").is_visible() and page.locator("form.try").first.is_visible()
        widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert widths[0] <= widths[1]
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_a_long_run_in_a_row_is_stopped_and_the_row_runs_again(browser: Browser) -> None:
    from lispy.edition.live import row_reply

    page = browser.page
    form = page.locator('form.try[data-definition="mapcar2"]')
    default = form.locator("textarea[name=expr]").input_value()
    long = "fib u ← if n u then 1 else if n d u then 1 else fib d u + fib d d u\nfib '(" + " 0" * 60 + ")"
    form.locator("textarea[name=expr]").fill(long)
    form.locator("[data-action=run]").click()
    browser.wait("document.querySelector('form.try[data-definition=mapcar2]').dataset.state === 'running'")
    form.locator("[data-action=stop]").click()
    browser.wait("document.querySelector('form.try[data-definition=mapcar2]').dataset.state !== 'running'")
    assert (form.locator("output[data-result]").text_content(), form.get_attribute("data-state")) == (
        "stopped",
        "error",
    )
    browser.wait("document.documentElement.dataset.runtime === 'ready'")
    assert _run_row(browser, "mapcar2", default) == (row_reply("mapcar2", default), "done")


def test_the_repl_recalls_the_inputs_sent_with_the_arrow_keys(browser: Browser) -> None:
    _repl(browser, "a '(H I)")
    _repl(browser, "d '(H I)")
    box = browser.page.locator("#repl textarea[name=input]")
    box.fill("x ←\n  1")  # a draft of two lines, the caret at its end
    box.press("ArrowUp")
    assert box.input_value() == "x ←\n  1", "on the last line, ArrowUp moves the caret up a line"
    seen = []
    for key in ("ArrowUp", "ArrowUp", "ArrowDown", "ArrowDown"):
        box.press(key)
        seen.append(box.input_value())
    assert seen[:3] == ["d '(H I)", "a '(H I)", "d '(H I)"]
    assert seen[3] == "x ←\n  1", "past the newest input, the draft is back"
    box.press("ArrowUp")  # to the draft's first line
    box.press("ArrowUp")
    box.press("Control+Enter")
    browser.wait("document.getElementById('repl').dataset.state !== 'running'")
    assert (browser.page.locator("#repl-log").text_content() or "").endswith("lispy> d '(H I)\n(I)\n")


@pytest.mark.parametrize(
    ("text", "state"),
    [
        ("valmax p ← if ter p", "error"),  # does not read
        ("valmax p q ← 1", "error"),  # does not read either
        ("valmin p ← 1", "error"),  # defines another name
        ("valmax ← 1", "error"),  # a value where the notes define a function
        ("valmax p ← if ter p then imval p else minlis[successors p,valmin]", "disagree"),
    ],
)
def test_ctrl_enter_checks_an_edited_proof_and_an_edit_that_cannot_load_is_an_error(
    browser: Browser, text: str, state: str
) -> None:
    from lispy.edition.live import prove_edited

    form = browser.page.locator('form.proof[data-definition="valmax"]')
    seed, trials = int(form.get_attribute("data-seed") or 0), int(form.get_attribute("data-trials") or 0)
    form.locator("textarea[name=definition]").fill(text)
    form.locator("textarea[name=definition]").press("Control+Enter")
    browser.wait("document.querySelector('form.proof[data-definition=valmax]').dataset.state !== 'running'")
    assert form.get_attribute("data-state") == state
    assert form.locator("output[data-result]").text_content() == prove_edited("valmax", text, seed, trials)[0]


def _edges(box) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """The median grey of the leftmost and the rightmost column inside ``box`` (a locator), as shown."""
    from io import BytesIO

    image = pytest.importorskip("PIL.Image").open(BytesIO(box.screenshot())).convert("L")

    def median(x: int) -> int:
        return sorted(image.getpixel((x, y)) for y in range(image.height))[image.height // 2]

    return median(3), median(image.width - 4)


@pytest.mark.parametrize("width", [390, 1280])
def test_a_box_wider_than_its_column_shows_a_shadow_where_more_is(browser: Browser, width: int) -> None:
    """The random tree's stepper (540 px by default) and the long lines of valmax's Python: what does not
    fit scrolls in its own box, with a shadow at the edge beyond which there is more (phones show no
    scroll bars, and Playwright's headless Chromium hides them too)."""
    page = browser.page
    page.set_viewport_size({"width": width, "height": 900})
    try:
        page.wait_for_function(f"document.documentElement.clientWidth === {width}")
        scrolling = []
        for selector in ('section[data-stepper="random"] .tree-box', "#valmax .cell.python pre"):
            box = page.locator(selector)
            if box.evaluate("e => e.scrollWidth <= e.clientWidth"):
                continue  # it fits
            scrolling.append(selector)
            start = _edges(box)
            box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
            end = _edges(box)
            box.evaluate("e => { e.scrollLeft = 0; }")
            assert start[1] < end[1] - 10, f"{selector}: the right edge shaded at the start, not at the end"
            assert end[0] < start[0] - 10, f"{selector}: the left edge shaded at the end, not at the start"
        assert len(scrolling) == (2 if width == 390 else 1), scrolling  # at 1280 the tree fits
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_no_request_fails_not_even_the_browsers_own_for_a_favicon(browser: Browser) -> None:
    page = browser.page.context.browser.new_page()  # no routes: every request reaches the server
    failed: list[str] = []
    page.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    try:
        page.goto(browser.page.url)
        page.wait_for_function("document.documentElement.dataset.runtime === 'ready'", timeout=180_000)
    finally:
        page.close()
    assert failed == []


def test_without_a_local_pyodide_the_run_ends_saying_which_browser_tests_skipped_and_why() -> None:
    """tests/conftest.py's last line: how many skipped, and the variable that would run them."""
    test = f"{Path(__file__).name}::test_the_runtime_is_ready"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", f"tests/{test}"],
        cwd=Path(__file__).resolve().parent.parent,
        env={k: v for k, v in os.environ.items() if k not in ("LISPY_PYODIDE", "CI")},
        capture_output=True,
        text=True,
        timeout=300,
    )
    said = [line for line in done.stdout.splitlines() if line.startswith("browser tests skipped: ")]
    assert done.returncode == 0 and len(said) == 1, done.stdout
    assert said[0].startswith("browser tests skipped: 1; a local Pyodide is not available (npm install ")
    assert "LISPY_PYODIDE=" in said[0]


def test_a_recursion_past_the_pages_limit_says_it_is_the_pages_and_how_far_it_went(browser: Browser) -> None:
    """Issue 33: ``spin[0,2000]`` was called a "runaway recursion" in the page though the terminal runs
    it.  The page keeps Pyodide's limit (a recursion error 4,000 deep already exhausted Chromium's
    worker stack while it was reported); the message says it is the page's, how deep the computation
    went, and the terminal's."""
    from lispy.edition.live import Repl

    cpython = Repl()
    for text in ("spin[k,n] ← if k = n then k else spin[k + 1,n]", "spin[0,500]"):
        expected = cpython.reply(text)[0]
        assert _repl(browser, text) == f"lispy> {text}\n" + (f"{expected}\n" if expected else ""), text
    said = _repl(browser, "spin[0,2000]")
    assert "recursion too deep in spin: past the page's limit of 1,000 nested calls, as deep as the" in said
    assert "python -m lispy allows 262,144" in said
    assert _repl(browser, "spin[0,3]") == "lispy> spin[0,3]\n3\n"


def test_stop_gives_back_a_working_repl_with_its_definitions_at_once(browser: Browser) -> None:
    """Issue 33: a runtime made ready in the background; Stop, then an input answers in ≤ 2 s."""
    import time

    _repl(browser, "quadruple x ← x + x + x + x")
    browser.wait("document.documentElement.dataset.runtime === 'ready'")
    time.sleep(20)  # the spare runtime loads while the reader reads
    form = browser.page.locator("#repl")
    form.locator("textarea[name=input]").fill("fib '(" + " ".join(["0"] * 60) + ")")
    form.locator("[data-action=run]").click()
    browser.wait("document.getElementById('repl').dataset.state === 'running'")
    start = time.perf_counter()
    form.locator("[data-action=stop]").click()
    browser.wait("document.documentElement.dataset.runtime === 'ready'", timeout=30_000)
    answered = _repl(browser, "quadruple 10")
    seconds = time.perf_counter() - start
    assert answered == "lispy> quadruple 10\n40\n"
    assert seconds <= 2.0, f"Stop then an input took {seconds:.2f} s"


def _session(browser: Browser, inputs: list[str]) -> None:
    """Each of ``inputs`` answered in the page as ``python -m lispy`` answers it (the runtime goes on)."""
    from lispy.edition.live import Repl

    cpython = Repl()
    for text in inputs:
        expected = cpython.reply(text)[0]
        said = _repl(browser, text)
        assert "the runtime stopped" not in said, (text[:60], said[-300:])
        assert said == f"lispy> {text}\n" + (f"{expected}\n" if expected else ""), text[:60]


def test_a_list_of_16384_cells_is_freed(browser: Browser) -> None:
    """Issue 34, item 2: freeing a long list nested one cell's freeing in the next, past the JavaScript
    engine's stack, and Pyodide stopped; on Emscripten cells are freed one at a time
    (:mod:`lispy.edition.live.freeing`)."""
    doubling = ["x ← append[x,x]"] * 11
    _session(browser, ["x ← (1 2 3 4 5 6 7 8)", *doubling, "length x", "x ← 1", "1 + 1"])


def test_a_quoted_datum_5000_deep_is_freed(browser: Browser) -> None:
    deep = "'" + "(" * 5000 + ")" * 5000
    _session(browser, [f"y ← {deep}", "y ← 2", "1 + 1"])


def test_the_lists_a_failed_doubling_recursion_leaves_are_freed(browser: Browser) -> None:
    """The runaway ``r[u] ← r[append[u,u]]`` ends in "out of memory" after minutes; this one fails 13
    levels down, and the frames' lists (up to 24,576 cells) are freed as it unwinds."""
    thirteen = "'(" + " ".join(["1"] * 13) + ")"
    definition = "r[u,k] ← if k = NIL then a 0 else r[append[u,u],d k]"
    _session(browser, [definition, f"r['(1 2 3),{thirteen}]", "1 + 1"])
