"""Moves between places of the course page in Voila (``make bench-switch``): the map, a lesson, the
quiz and the sandbox swap inside one page and one kernel.

A learner's walk, repeated for several lessons: map -> lesson N -> map -> quiz -> sandbox -> lesson N
again. Each move is timed inside the page, from the hash change to the first frame in which the
place's heading is shown (``SWITCH_JS``): the driver's own delays are not in it. First visits (the
place drawn in the kernel) and later ones (the place kept) are reported apart. The baseline, measured
in the same run between the walks, is the same move on a page whose kernel does nothing but change
a label (``benchmarks/bare.ipynb``'s button that updates a label, clicked): the floor of a round trip through this Voila.
Prints the figures with the load average; not a test.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (BENCH, CLICK_JS, LESSONS, SWITCH_JS, launch, local_only, machine_line, start_voila,  # noqa: E402
                    stop_voila, summary)

WALK_LESSONS = [1, 4, 7, 10]

def heading_of(address: str, titles: dict) -> str:
    if address.startswith("lesson/"):
        n = int(address.split("/")[1])
        return f"Lesson {n}:"  # the notebook's heading may word the title its own way
    return {"": "Lessons", "quiz": "Judge training quiz", "sandbox": "Sandbox"}[address]


def main() -> int:
    from playwright.sync_api import sync_playwright

    from rulesdojo.lessons.outline import outlines
    titles = {n: o.title for n, o in outlines(LESSONS).items()}  # the lessons there are
    home = Path(tempfile.mkdtemp(prefix="rulesdojo-switch-"))
    env = {"RULESDOJO_RESULTS": str(home / "results.sqlite3")}
    (home / "course").mkdir()
    (home / "bare").mkdir()
    course, url, _log = start_voila(LESSONS, home / "course", env)
    bare, bare_url, _ = start_voila(BENCH / "bare.ipynb", home / "bare", env)
    first, again, floor, outside = [], [], [], []
    load = [os.getloadavg()[0]]
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            ctx = browser.new_context(viewport={"width": 1400, "height": 900})
            local_only(ctx, outside)
            page = ctx.new_page()
            page.goto(url + "voila/render/course.ipynb", timeout=120_000)
            page.get_by_role("heading", name="Lessons", exact=True).wait_for(timeout=120_000)
            floor_page = ctx.new_page()
            floor_page.goto(bare_url, timeout=120_000)
            click_me = floor_page.get_by_role("button", name="Click me")
            click_me.wait_for(timeout=120_000)
            seen = {""}
            for n in WALK_LESSONS:
                for address in [f"lesson/{n}", "", "quiz", "sandbox", f"lesson/{n}", ""]:
                    page.bring_to_front()  # a page behind another gets no animation frames to time with
                    ms = page.evaluate(SWITCH_JS, [address, heading_of(address, titles), 20000])
                    (again if address in seen else first).append(ms)
                    seen.add(address)
                    floor_page.bring_to_front()
                    scope = floor_page.locator("body").element_handle()
                    floor.append(floor_page.evaluate(CLICK_JS, [click_me.element_handle(), scope,
                                                                {"text": f"Clicked {len(floor) + 1} times"}]))
                    time.sleep(0.3)
            browser.close()
    finally:
        stop_voila(course)
        stop_voila(bare)
    load.append(os.getloadavg()[0])
    figures = {"first visit (ms)": summary(first), "later visit (ms)": summary(again),
               "bare round trip (ms)": summary(floor), "load average": load, "machine": machine_line(),
               "outside requests": outside}
    print(f"Course page moves in Voila · {machine_line()} · load {load[0]:.1f} -> {load[1]:.1f}")
    for name in ("first visit (ms)", "later visit (ms)", "bare round trip (ms)"):
        s = figures[name]
        print(f"  {name:22} n={s['n']:3}  median {s['median']:7.0f}  p95 {s['p95']:7.0f}  "
              f"min {s['min']:6.0f}  max {s['max']:6.0f}")
    m = figures["bare round trip (ms)"]["median"]
    print(f"  ratio to the bare round trip (medians): first {figures['first visit (ms)']['median'] / m:.1f}x, "
          f"later {figures['later visit (ms)']['median'] / m:.1f}x   (target: a move's median < 300 ms)")
    (BENCH / "switch_results.json").write_text(json.dumps(figures, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
