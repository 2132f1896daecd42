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
    chromium()
    out = tmp_path_factory.mktemp("edition")
    build(out, trials=3, say=lambda _: None)
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
