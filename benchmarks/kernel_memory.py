"""Memory of one learner on one machine: `rulesdojo serve` on 127.0.0.1 (no preheated pages), a few
learners open lesson 7 in headless chromium one after the other and pick a card on its first task; each
page's kernel is then read (RSS, and USS/PSS: what it holds alone and its share of what it shares;
CPU seconds spent so far: starting, running the lesson, one move), and the server itself. Prints a
JSON summary; the figures behind docs/deploy.md's sizing. ``--every-notebook`` instead reads every
notebook's preheated kernel once its cells ran (``rulesdojo serve --pool-size 1``, no browser): the
figure ``rulesdojo.serve.serving.KERNEL_MEASURED`` holds, the largest RSS.

    .venv/bin/python benchmarks/kernel_memory.py --learners 3
    .venv/bin/python benchmarks/kernel_memory.py --every-notebook
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from common import helpers, kernels_of, launch, local_only, machine_line  # noqa: E402
from learner import part  # noqa: E402  (the lesson-part locator the browser tests use)

MB = 2 ** 20


def memory(p: psutil.Process) -> dict:
    m, t = p.memory_full_info(), p.cpu_times()
    return {"rss_mb": m.rss / MB, "uss_mb": m.uss / MB, "pss_mb": m.pss / MB, "cpu_s": t.user + t.system}


def learner(browser, url: str, outside: list) -> float:
    """Open lesson 7, pick a Forest on its first task; return the seconds until the page was ready."""
    from playwright.sync_api import expect
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    ctx.set_default_timeout(120_000)
    local_only(ctx, outside)
    page = ctx.new_page()
    start = time.monotonic()
    page.goto(url + "voila/render/07-landfall.ipynb", wait_until="commit")
    expect(page.get_by_text("0 of 4 steps done")).to_be_visible(timeout=180_000)
    ready = time.monotonic() - start
    task = part(page, "You choose the order")
    task.get_by_role("button", name="Forest", exact=True).click()
    expect(task.get_by_role("menuitem", name="Play Forest")).to_be_visible(timeout=60_000)
    return ready


def start(home: Path, pool_size: int) -> tuple[subprocess.Popen, str]:
    """Start ``rulesdojo serve`` on a free port, its log in ``home``; return it and its address."""
    port = helpers.free_port()
    env = dict(os.environ, RULESDOJO_RESULTS=str(home / "results.sqlite3"),
               JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_RUNTIME_DIR=str(home / "runtime"))
    with open(home / "serve.log", "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "rulesdojo", "serve", "--port", str(port),
                                 "--pool-size", str(pool_size)],
                                env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    return proc, f"http://127.0.0.1:{port}/"


def every_notebook(home: Path, limit: float = 600) -> int:
    """Read every notebook's preheated kernel once the pools are full and the kernels idle."""
    from common import LESSONS, wait_until_idle
    notebooks = len(list(LESSONS.glob("*.ipynb")))
    proc, url = start(home, 1)
    try:
        helpers._wait_until_up(url + "voila/static/favicon.ico", proc, home / "serve.log", 120)
        until = time.monotonic() + limit
        while time.monotonic() < until and len(kernels_of(proc)) < notebooks:
            time.sleep(1)
        wait_until_idle(proc, until, quiet_s=5)
        kernels = [memory(k) for k in kernels_of(proc)]
    finally:
        helpers._stop(proc)
    out = {"machine": machine_line(), "notebooks": notebooks, "kernels": len(kernels),
           **{f"kernel_{what}_mb_{name}": f(k[f"{what}_mb"] for k in kernels)
              for what in ("rss", "pss", "uss") for name, f in (("median", statistics.median), ("max", max))}}
    print(json.dumps(out, indent=1))
    return 0 if len(kernels) == notebooks else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--learners", type=int, default=3)
    ap.add_argument("--every-notebook", action="store_true",
                    help="instead: every notebook's preheated kernel, after its cells ran")
    args = ap.parse_args(argv)
    home = Path(tempfile.mkdtemp(prefix="rulesdojo-memory-"))
    if args.every_notebook:
        return every_notebook(home)
    proc, url = start(home, 0)
    from playwright.sync_api import sync_playwright
    try:
        helpers._wait_until_up(url + "voila/static/favicon.ico", proc, home / "serve.log", 120)
        before = [memory(p) for p in [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(recursive=True)]]
        outside: list = []
        with sync_playwright() as pw:
            browser = launch(pw)
            ready = [learner(browser, url, outside) for _ in range(max(1, min(args.learners, 10)))]
            time.sleep(2)
            kernels = [memory(k) for k in kernels_of(proc)]
            kernel_pids = {k.pid for k in kernels_of(proc)}
            server = [psutil.Process(proc.pid), *(p for p in psutil.Process(proc.pid).children(recursive=True)
                                                   if p.pid not in kernel_pids)]
            server_now = [memory(p) for p in server]
            browser.close()
    finally:
        helpers._stop(proc)
    out = {"machine": machine_line(), "learners": len(ready), "kernels": len(kernels),
           "page_ready_s": [round(r, 2) for r in ready],
           "kernel_rss_mb_median": statistics.median(k["rss_mb"] for k in kernels),
           "kernel_uss_mb_median": statistics.median(k["uss_mb"] for k in kernels),
           "kernel_pss_mb_median": statistics.median(k["pss_mb"] for k in kernels),
           "kernel_cpu_s_median": statistics.median(k["cpu_s"] for k in kernels),
           "server_rss_mb_idle": sum(p["rss_mb"] for p in before),
           "server_cpu_s_to_start": sum(p["cpu_s"] for p in before),
           "server_rss_mb_with_pages": sum(p["rss_mb"] for p in server_now),
           "server_cpu_s_for_pages": sum(p["cpu_s"] for p in server_now) - sum(p["cpu_s"] for p in before),
           "requests_elsewhere": sorted(set(outside))}
    print(json.dumps(out, indent=1))
    return 0 if kernels and not outside else 1


if __name__ == "__main__":
    sys.exit(main())
