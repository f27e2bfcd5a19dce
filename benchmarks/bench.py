"""Rules Dojo's figures against a bare ipywidgets notebook, measured in one run (``make bench``).

Voila runs on 127.0.0.1 with the package's own serving arguments, headless Debian chromium loads
the pages (every request not addressed to 127.0.0.1 is refused and counted), and the same run
measures the bare baseline (``benchmarks/bare.ipynb``) interleaved with the kit (a kit load, a bare
load, a kit load...; the same for clicks and imports), so drift hits both alike and the ratios
compare like with like:

- page ready: navigation start until Voila has executed the notebook and every widget view is in
  the page (the count of widget views a settled page has, found by a calibration load), over fresh
  browser contexts, cold (no kernel pool) and preheated (a pool of one, refilled between loads);
- round trip: a click until the page shows the answer (lesson 1's "Get energy" against the bare
  button that updates a label), timed inside the page from the click event to the DOM change
  (a MutationObserver), so the driver's own delays are not in it; clicks come at a quick learner's pace;
- kernel memory: RSS of the page's kernel once the page is ready;
- import cost: ``import rulesdojo.views`` and the lesson and quiz pages' first cells (their import,
  and the whole cell) against ``import ipywidgets``, each in a fresh running kernel, in turns;
- engine: scenario checks per second (tests/scenarios) and quiz grading (every variant of every
  question in the shipped bank).

Prints a table (figure, baseline, ratio, target) with the load average before and after each part,
and writes it as JSON (benchmarks/results.json); ``--only clicks`` (or pages, imports, engine)
measures one part. Not a test: it never fails on a missed target; it reports.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (BENCH, LESSONS, ROOT, kernels_of, launch, local_only, machine_line,  # noqa: E402
                    start_voila, stop_voila, summary)

PAGES = ["course.ipynb", *(p.name for p in sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))), "quiz.ipynb"]
BARE = "bare.ipynb"
LESSON_1_ENERGY = 5  # Alice's energy when lesson 1's first task starts (lessons/01-what-energy-is.yaml)
READY_TIMEOUT_MS = 90_000
# Seconds before each click, so that each page gets a click about every 0.3 s: a quick learner's
# pace. Back to back, the clicks came at 60 a second and measured the kit's flood guard (ten
# messages a second per kernel, voila_app.PAGE_RATE), which holds the bare page's clicks too.
CLICK_GAP = 0.15

# Installed before any page script: note when Voila's loading screen is gone and the page holds
# the expected number of widget views (window.__rd.ready, in ms since navigation start).
READY_JS = """
(() => {
  const rd = window.__rd = {expected: %d, ready: null};
  const check = () => {
    if (rd.ready !== null || document.getElementById('loading')) return;
    const rendered = document.getElementById('rendered_cells');
    if (!rendered || rendered.style.display === 'none') return;
    if (document.querySelectorAll('.jupyter-widgets').length >= rd.expected) {
      rd.ready = performance.now();
      obs.disconnect();
    }
  };
  const obs = new MutationObserver(check);
  obs.observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ['style']});
})();
"""

# Click, then resolve at the DOM change that shows what `done()` looks for: from the click event to
# the change, inside the page (a MutationObserver), so the driver's own delays are not in it.
ROUND_TRIP_JS = """
([buttonText, scopeSel, wanted]) => new Promise((resolve, reject) => {
  const btn = [...document.querySelectorAll('button')].find(b => b.textContent.trim() === buttonText);
  if (!btn) return reject('no button ' + buttonText);
  const scope = scopeSel ? btn.closest(scopeSel) : document.body;
  const done = () => scope.querySelector(wanted) !== null;
  let t0 = null;
  btn.addEventListener('click', () => { t0 = performance.now(); }, {capture: true, once: true});
  const obs = new MutationObserver(() => {
    if (t0 !== null && done()) { obs.disconnect(); resolve(performance.now() - t0); }
  });
  obs.observe(scope, {childList: true, subtree: true, characterData: true, attributes: true});
  btn.click();
  setTimeout(() => { obs.disconnect(); reject('no answer within 10 s'); }, 10000);
})
"""


class Server:
    """One Voila on one notebook (so a pool preheats only that notebook)."""

    def __init__(self, notebook: Path, pool_size: int, results: Path, fill_delay: float = 4.0):
        self.home = Path(tempfile.mkdtemp(prefix="rulesdojo-bench-"))
        self.proc, self.url, self.log = start_voila(
            notebook, self.home, {"RULESDOJO_RESULTS": str(results)}, pool_size, fill_delay=fill_delay)
        self.page_url = self.url  # a single notebook is served at the root

    def pool_fills(self) -> int:
        return len(re.findall(r"is filled with", self.log.read_text(errors="replace")))

    def wait_pool(self, fills: int, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while self.pool_fills() < fills:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the kernel pool was not refilled:\n{self.log.read_text()[-2000:]}")
            time.sleep(0.1)

    def stop(self) -> None:
        stop_voila(self.proc)


def load(browser, url: str, expected: int, outside: list) -> tuple[float, object]:
    """Load the page in a fresh context; return (ms to ready, context)."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    local_only(ctx, outside)
    ctx.add_init_script(READY_JS % expected)
    page = ctx.new_page()
    page.goto(url, wait_until="commit", timeout=READY_TIMEOUT_MS)
    page.wait_for_function("window.__rd && window.__rd.ready !== null", polling=100, timeout=READY_TIMEOUT_MS)
    return page.evaluate("window.__rd.ready"), ctx


def calibrate(browser, url: str, outside: list, init_script: str | None = None) -> tuple[int, object]:
    """Load once (after ``init_script``, if given) and count the widget views of the settled page
    (unchanged for 2 s)."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    local_only(ctx, outside)
    if init_script:
        ctx.add_init_script(init_script)
    page = ctx.new_page()
    page.goto(url, wait_until="commit", timeout=READY_TIMEOUT_MS)
    page.wait_for_function("!document.getElementById('loading') && document.querySelectorAll('.jupyter-widgets').length > 0",
                           polling=100, timeout=READY_TIMEOUT_MS)
    last, since = -1, time.monotonic()
    while time.monotonic() - since < 2.0:
        n = page.evaluate("document.querySelectorAll('.jupyter-widgets').length")
        if n != last:
            last, since = n, time.monotonic()
        time.sleep(0.1)
    return last, ctx


def page_ready(browser, notebooks: list[Path], loads: int, preheated: bool, results: Path, outside: list) -> list[dict]:
    """Load each notebook ``loads`` times, taking turns (ABAB...), so drift hits each alike."""
    # The bench waits for the refill before the next load, so a short fill delay only saves time.
    servers = []
    try:
        for nb in notebooks:
            servers.append(Server(nb, 1 if preheated else 0, results, fill_delay=0.5))
        expected = []
        for server in servers:
            if preheated:
                server.wait_pool(1)
            n, ctx = calibrate(browser, server.page_url, outside)
            expected.append(n)
            ctx.close()
        times = [[] for _ in servers]
        rss = [[] for _ in servers]
        for i in range(loads):
            for k, server in enumerate(servers):
                if preheated:
                    server.wait_pool(i + 2)  # the pool has its kernel again, refilled after fill_delay
                    time.sleep(0.5)
                before = {p.pid for p in kernels_of(server.proc)}
                ms, ctx = load(browser, server.page_url, expected[k], outside)
                times[k].append(ms)
                if not preheated:
                    time.sleep(0.5)  # let the kernel settle after sending the views
                    new = [p for p in kernels_of(server.proc) if p.pid not in before]
                    if len(new) == 1:
                        rss[k].append(new[0].memory_info().rss / 2**20)
                ctx.close()
        out = []
        for k in range(len(servers)):
            fig = {"widgets": expected[k], "ready_ms": summary(times[k])}
            if rss[k]:
                fig["kernel_rss_mb"] = summary(rss[k])
            out.append(fig)
        return out
    finally:
        for server in servers:
            server.stop()


def round_trip(browser, pages: list[tuple], clicks: int, results: Path, outside: list) -> list[dict]:
    """Click each page's button in turn (ABAB...), timed inside the page from the click event to the
    DOM change that shows the answer (a MutationObserver), so the figure is the kit's, not the driver's.

    ``pages``: (notebook, button text, scope selector or None, wanted(i) -> CSS selector).
    """
    servers = []
    try:
        for nb, *_ in pages:
            servers.append(Server(nb, 0, results))
        opened = []
        for server in servers:
            _, ctx = calibrate(browser, server.page_url, outside)
            opened.append(ctx)
        times = [[] for _ in pages]
        for i in range(clicks + 3):  # three to warm up
            for k, (_nb, button, scope, wanted) in enumerate(pages):
                time.sleep(CLICK_GAP)
                ms = opened[k].pages[0].evaluate(ROUND_TRIP_JS, [button, scope, wanted(i + 1)])
                if i >= 3:
                    times[k].append(ms)
        for ctx in opened:
            ctx.close()
        return [summary(t) for t in times]
    finally:
        for server in servers:
            server.stop()


IMPORT_CODE = """
import time as _t
_t0 = _t.perf_counter()
{statement}
print("IMPORT_MS", (_t.perf_counter() - _t0) * 1000)
"""
# Each page's first cell (lessons/01-what-energy-is.ipynb, lessons/quiz.ipynb): its import, which
# has a budget, and the whole cell, which shows what the page pays before its first widget.
LESSON_IMPORT = "from rulesdojo.lessons import before, next_steps, progress, recap, show"
QUIZ_IMPORT = "from rulesdojo.lessons import Quiz"
IMPORTS = {"ipywidgets": "import ipywidgets",
           "rulesdojo.views": "import rulesdojo.views",
           "quiz page": QUIZ_IMPORT,
           "lesson page": LESSON_IMPORT,
           "quiz page, first cell": f"{QUIZ_IMPORT}; Quiz()",
           "lesson page, first cell": f"{LESSON_IMPORT}; progress(1)"}
BUDGETED = ("rulesdojo.views", "quiz page", "lesson page")  # at most ipywidgets + 60 ms


def import_costs(statements: dict, runs: int, results: Path) -> dict:
    """Time each import statement in fresh running kernels (started; nothing else ran in them),
    the statements taking turns so drift hits each alike."""
    from jupyter_client.manager import start_new_kernel
    times: dict = {name: [] for name in statements}
    env = dict(os.environ, RULESDOJO_RESULTS=str(results))  # a first cell may open the store
    for _ in range(runs):
        for name, statement in statements.items():
            km, kc = start_new_kernel(kernel_name="python3", cwd=tempfile.gettempdir(),
                                      stderr=subprocess.DEVNULL, env=env)
            try:
                out = []
                kc.execute_interactive(IMPORT_CODE.format(statement=statement), timeout=60,
                                       output_hook=lambda m: out.append(m["content"].get("text", "")))
                times[name].append(float(re.search(r"IMPORT_MS ([\d.]+)", "".join(out)).group(1)))
            finally:
                kc.stop_channels()
                km.shutdown_kernel(now=True)
    return {name: summary(t) for name, t in times.items()}


def engine(min_seconds: float = 2.0) -> dict:
    from rulesdojo.quiz import load_bank
    from rulesdojo.scenarios.scenario import Scenario, load_scenarios, run
    files = [f for f in load_scenarios([str(ROOT / "tests" / "scenarios")])]
    n, t0 = 0, time.perf_counter()
    held = 0
    while time.perf_counter() - t0 < min_seconds:
        for f in files:
            held += run(Scenario.from_file(f)).status == "pass"
            n += 1
    scen = {"scenarios": len(files), "checks_per_s": n / (time.perf_counter() - t0),
            "all_held": held == n}
    t0 = time.perf_counter()
    bank = load_bank()
    load_ms = (time.perf_counter() - t0) * 1000
    graded, right, t0 = 0, 0, time.perf_counter()
    for q in bank:
        for values in q.all_values():
            v = q.variant(values=values)
            right += v.grade(v.solution().right_answer_text).correct
            graded += 1
    dt = time.perf_counter() - t0
    return {"scenario_checks": scen, "quiz": {"questions": len(bank), "load_bank_ms": load_ms,
                                             "variants_graded": graded, "graded_right": right,
                                             "variants_per_s": graded / dt}}


def ratio(x, base):
    return x / base if base else float("nan")


PARTS = ["pages", "clicks", "imports", "engine"]


def load_average() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def table(r: dict, pages=PAGES) -> str:
    rows = [("figure", "page", "value", "bare", "ratio", "target", "met")]
    for mode, label in (("cold", "ready cold ms (median)"), ("preheated", "ready preheated ms (median)")):
        for p in pages if "pages" in r else ():
            v = r["pages"][p][mode]["ready_ms"]["median"]
            b = r["pages"][p][mode]["bare"]["ready_ms"]["median"]
            rows.append((label, p, f"{v:.0f}", f"{b:.0f}", f"{ratio(v, b):.2f}", "<= 1.15x",
                         "yes" if v <= 1.15 * b else "NO"))
    for p in pages if "pages" in r else ():
        v = r["pages"][p]["cold"]["kernel_rss_mb"]["median"]
        b = r["pages"][p]["cold"]["bare"]["kernel_rss_mb"]["median"]
        rows.append(("kernel RSS MB", p, f"{v:.1f}", f"{b:.1f}", f"{ratio(v, b):.2f}", "<= bare+15",
                     "yes" if v <= b + 15 else "NO"))
    if "round_trip" in r:
        rt, rb = r["round_trip"]["lesson"], r["round_trip"]["bare"]
        for stat in ("median", "p95"):
            rows.append((f"round trip ms {stat}", "01 Get energy", f"{rt[stat]:.1f}", f"{rb[stat]:.1f}",
                         f"{ratio(rt[stat], rb[stat]):.2f}", "<= 1.2x",
                         "yes" if rt[stat] <= 1.2 * rb[stat] else "NO"))
    if "imports" in r:
        ib = r["imports"]["ipywidgets"]["median"]
        for name in IMPORTS:
            if name != "ipywidgets":
                v = r["imports"][name]["median"]
                budget = ("<= ipywidgets+60", "yes" if v <= ib + 60 else "NO") if name in BUDGETED else ("-", "-")
                rows.append(("import ms (median)", f"{name}: {IMPORTS[name]}", f"{v:.0f}", f"{ib:.0f}",
                             f"{ratio(v, ib):.2f}", *budget))
    if "engine" in r:
        e = r["engine"]
        rows.append(("scenario checks/s", f"{e['scenario_checks']['scenarios']} scenarios",
                     f"{e['scenario_checks']['checks_per_s']:.0f}", "-", "-", "-", "-"))
        rows.append(("quiz variants graded/s", f"{e['quiz']['questions']} questions, {e['quiz']['variants_graded']} variants",
                     f"{e['quiz']['variants_per_s']:.0f}", "-", "-", "-", "-"))
        rows.append(("quiz load_bank ms", "shipped bank", f"{e['quiz']['load_bank_ms']:.0f}", "-", "-", "-", "-"))
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(rows[0]))]
    lines = ["| " + " | ".join(str(c).ljust(w) for c, w in zip(row, widths)) + " |" for row in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=5, help="fresh page loads per page and mode (default 5)")
    ap.add_argument("--clicks", type=int, default=30, help="timed clicks per round trip (default 30)")
    ap.add_argument("--imports", type=int, default=5, help="fresh kernels per import timing (default 5)")
    ap.add_argument("--pages", nargs="*", default=None, help="only these lesson notebooks (quick runs)")
    ap.add_argument("--only", choices=PARTS, default=None,
                    help="measure one part only (quick runs; prints that part's rows)")
    ap.add_argument("--out", default=str(BENCH / "results.json"))
    args = ap.parse_args(argv)
    pages = args.pages or PAGES
    parts = [args.only] if args.only else PARTS
    started = time.monotonic()
    results = Path(tempfile.mkdtemp(prefix="rulesdojo-bench-results-")) / "results.sqlite3"
    outside: list[str] = []
    r: dict = {"machine": machine_line(), "when": time.strftime("%Y-%m-%d %H:%M"), "loads": args.loads,
               "clicks": args.clicks, "load_average": {}}
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            if "pages" in parts:
                r["pages"] = {}
                r["load_average"]["pages"] = [load_average()]
                for name in pages:  # each page with its own bare baseline, loaded in turns
                    r["pages"][name] = {}
                    for mode in ("cold", "preheated"):
                        kit, bare = page_ready(browser, [LESSONS / name, BENCH / BARE], args.loads,
                                               mode == "preheated", results, outside)
                        r["pages"][name][mode] = {**kit, "bare": bare}
                        print(f"{name} {mode}: {r['pages'][name][mode]}", file=sys.stderr, flush=True)
                r["load_average"]["pages"].append(load_average())
            if "clicks" in parts:
                r["load_average"]["clicks"] = [load_average()]
                lesson, bare = round_trip(browser, [
                    (LESSONS / "01-what-energy-is.ipynb", "Get energy", ".rd-view",
                     lambda i: f'[aria-label="Alice has {LESSON_1_ENERGY + i} energy"]'),
                    (BENCH / BARE, "Click me", None, lambda i: f'.bare-label[data-n="{i}"]')],
                    args.clicks, results, outside)
                r["round_trip"] = {"bare": bare, "lesson": lesson}
                r["load_average"]["clicks"].append(load_average())
                print(f"round trip: {r['round_trip']}", file=sys.stderr, flush=True)
        finally:
            browser.close()
    if "imports" in parts:
        r["load_average"]["imports"] = [load_average()]
        r["imports"] = import_costs(IMPORTS, args.imports, results)
        r["load_average"]["imports"].append(load_average())
    if "engine" in parts:
        r["engine"] = engine()
    r["requests_outside_127.0.0.1"] = sorted(set(outside))
    r["seconds"] = time.monotonic() - started
    text = table(r, pages)
    r["table"] = text
    Path(args.out).write_text(json.dumps(r, indent=2) + "\n")
    print(f"Measured on {r['machine']} ({r['when']}), {args.loads} loads, {args.clicks} clicks; "
          f"requests leaving 127.0.0.1: {len(r['requests_outside_127.0.0.1'])}")
    for part, (before, after) in r["load_average"].items():
        print(f"{part}: {before} before, {after} after")
    print(text)
    print(f"JSON: {args.out}  ({r['seconds']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
