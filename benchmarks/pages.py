"""How tall each page of the course is, and how many widgets lesson 7 makes (``make bench-pages``).

One Voila serves the lessons folder on 127.0.0.1 (the package's own serving arguments), headless
Debian chromium opens every page (the course map, lessons 01-10, the sandbox, the quiz) at 1280x900
and at 390x844, waits until the page has settled (no widget view, card or symbol added for 1.5 s)
and prints:

- the page's height (``document.scrollingElement.scrollHeight``; the tallest scroll height of any
  element too, since Voila's page may scroll inside a container) at both widths;
- the height of the lesson's fixed progress line at 390 px;
- for lesson 7: the widget views in the page (``.jupyter-widgets``) and the widget models its kernel
  holds after running every cell (``benchmarks/widget_models.py``: nbclient, no browser, so no
  learner is known and the "before you start" questions are not drawn).

Not a test: it reports figures; the machine's load average is printed with them.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import LESSONS, ROOT, launch, local_only, machine_line, start_voila, stop_voila  # noqa: E402
from widget_models import widget_models  # noqa: E402

# The browser test's own wait for a settled page (no widget view, card or symbol added for 1.5 s).
_spec = importlib.util.spec_from_file_location("every_page", ROOT / "tests" / "browser" / "test_every_page.py")
_every_page = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_every_page)
SETTLED_JS = _every_page.SETTLED_JS

PAGES = ["index.ipynb", *sorted(p.name for p in LESSONS.glob("[0-9][0-9]-*.ipynb")), "sandbox.ipynb",
         "quiz.ipynb"]
WIDTHS = [(1280, 900), (390, 844)]
MEASURE_JS = """() => {
  const line = document.querySelector('.rd-progress');
  return {height: document.scrollingElement.scrollHeight,
          tallest: Math.max(...Array.from(document.querySelectorAll('body, body *'), e => e.scrollHeight)),
          progress: line ? Math.round(line.getBoundingClientRect().height) : null,
          views: document.querySelectorAll('.jupyter-widgets').length};
}"""
FRAME_JS = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def measure(browser, base: str, name: str, outside: list) -> dict:
    """Open one page in a fresh context; return its figures at each width."""
    ctx = browser.new_context(viewport={"width": WIDTHS[0][0], "height": WIDTHS[0][1]})
    local_only(ctx, outside)
    page = ctx.new_page()
    try:
        page.goto(base + f"voila/render/{name}", wait_until="domcontentloaded", timeout=120_000)
        page.wait_for_function(SETTLED_JS, timeout=180_000)
        out = {}
        for width, height in WIDTHS:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate(FRAME_JS)
            page.wait_for_timeout(300)
            out[width] = page.evaluate(MEASURE_JS)
        return out
    finally:
        ctx.close()


def main() -> None:
    from playwright.sync_api import sync_playwright
    home = Path(tempfile.mkdtemp(prefix="rulesdojo-pages-"))
    proc, base, _log = start_voila(LESSONS, home, {"RULESDOJO_RESULTS": str(home / "results.sqlite3")})
    outside: list = []
    rows = {}
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            for name in PAGES:
                t0 = time.monotonic()
                rows[name] = measure(browser, base, name, outside)
                print(f"  {name}: measured in {time.monotonic() - t0:.0f} s", file=sys.stderr)
            browser.close()
    finally:
        stop_voila(proc)
    models = widget_models(LESSONS / "07-landfall.ipynb")
    print(machine_line())
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'page':28} {'1280 px':>8} {'(tallest)':>9} {'390 px':>8} {'(tallest)':>9} {'progress @390':>13}")
    for name, r in rows.items():
        wide, narrow = r[1280], r[390]
        line = "-" if narrow["progress"] is None else f"{narrow['progress']} px"
        print(f"{name:28} {wide['height']:>8} {wide['tallest']:>9} {narrow['height']:>8} {narrow['tallest']:>9}"
              f" {line:>13}")
    print(f"lesson 7: {rows['07-landfall.ipynb'][1280]['views']} widget views in the page (.jupyter-widgets), "
          f"{models} widget models in its kernel (len(ipywidgets.widgets.widget._instances), nbclient run)")
    if outside:
        print(f"refused requests not to 127.0.0.1: {len(outside)}")
    print(json.dumps({"pages": rows, "lesson_7_models": models}), file=sys.stderr)


if __name__ == "__main__":
    main()
