"""A class on one machine: 30 learners arrive within a minute and take lesson 7, then leave.

Voila serves the lessons folder with the shipped class configuration (``rulesdojo serve --class
--lesson 07-landfall.ipynb``: one pre-executed page per learner, refills after the burst, plus
``limit_args`` and ``class_args``: culling, the cap, the name header), on 127.0.0.1 only. Each learner is a fresh chromium context: it opens lesson 7, orders the three landfall
triggers so Steppe Lynx resolves first, answers both checks, checks that its page shows only its own
actions (0 energy on its board, the same log, "3 of 4 steps done": a shared kernel would show more), and closes the
tab. Then it waits for the cull window and counts the kernels still alive.

Reports page ready and click-to-answer p50/p95, the machine's peak memory in use, the kernels alive
after everyone left, requests that tried to leave 127.0.0.1; writes benchmarks/class_results.json.
Bounded: at most --learners (default 30), and a hard limit (default 600 s) after which it stops.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (BENCH, CHROMIUM, CHROMIUM_ARGS, LESSONS, ROOT, kernels_of, machine_line,  # noqa: E402
                    start_voila, stop_voila, summary, wait_until_idle)

from rulesdojo.serve.serving import (CLASS_BURST_REFILL, CULL_IDLE, CULL_INTERVAL,  # noqa: E402
                               class_args, default_max_kernels, lesson_pool_config, limit_args)

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from learner import part  # noqa: E402  the lesson-part locator the browser tests use
from learners import answers  # noqa: E402  the checks' right answers, from the engine

LESSON = "07-landfall.ipynb"


class Sampler(threading.Thread):
    """Sample the machine's memory in use (total - available) every half second; keep the peak."""

    def __init__(self):
        super().__init__(daemon=True)
        self.peak = 0
        self.stop = threading.Event()

    def run(self):
        while not self.stop.is_set():
            vm = psutil.virtual_memory()
            self.peak = max(self.peak, vm.total - vm.available)
            self.stop.wait(0.5)


async def learner(i: int, browser, url: str, arrive: float, t0: float, out: dict, outside: list,
                  right: dict) -> None:
    from playwright.async_api import expect
    await asyncio.sleep(max(0.0, t0 + arrive - time.monotonic()))
    ctx = await browser.new_context(viewport={"width": 1400, "height": 900})
    ctx.set_default_timeout(90_000)

    async def only_local(route):
        u = route.request.url
        if urllib.parse.urlsplit(u).hostname in ("127.0.0.1", "localhost") or u.startswith(("data:", "blob:")):
            await route.continue_()
        else:
            outside.append(u)
            await route.abort()

    await ctx.route("**/*", only_local)
    page = await ctx.new_page()
    rec = out.setdefault(i, {"arrive_s": arrive, "clicks_ms": []})
    try:
        start = time.monotonic()
        await page.goto(url + "voila/render/07-landfall.ipynb", wait_until="commit")
        task = part(page, "You choose the order")
        forest = task.get_by_role("button", name="Forest", exact=True)
        await expect(forest).to_be_visible(timeout=150_000)
        await expect(page.get_by_text("0 of 4 steps done")).to_be_visible()
        rec["ready_ms"] = (time.monotonic() - start) * 1000

        async def click(locator, then):
            t = time.monotonic()
            await locator.click()
            await expect(then).to_be_visible()
            rec["clicks_ms"].append((time.monotonic() - t) * 1000)

        await click(forest, task.get_by_role("menuitem", name="Play Forest"))
        await click(task.get_by_role("menuitem", name="Play Forest"), task.get_by_role("listbox"))
        await task.get_by_role("option").filter(has_text="Steppe Lynx").focus()
        for _ in range(3):
            await page.keyboard.press("Alt+ArrowUp")  # keyboard ordering: the Lynx goes on top
        await expect(task.get_by_role("option").first).to_contain_text("Steppe Lynx")
        await click(task.get_by_role("button", name="Put them on the stack"),
                    task.get_by_role("button", name="Resolve top"))
        await click(task.get_by_role("button", name="Resolve top"), task.get_by_text("✓ Done."))

        check = part(page, "what is Steppe Lynx's power?")
        box = check.get_by_label("Your answer")
        await box.fill(right["lynx-power"])
        await box.press("Tab")
        await click(check.get_by_role("button", name="Check my answer"), check.get_by_text("✓ Right."))
        check = part(page, "Nadia plays a Forest")
        await check.get_by_label(right["opponents-land"]).check()
        await click(check.get_by_role("button", name="Check my answer"), check.get_by_text("✓ Right."))

        # Only this learner's actions: the board's energy and the progress are this page's own.
        await expect(page.get_by_text("3 of 4 steps done")).to_be_visible()
        rec["energy_labels"] = await task.locator("[role=status][aria-label^='Alice has']").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))")
        rec["log_items"] = await task.locator(".rd-log li").count()
        rec["progress"] = (await page.get_by_text(re.compile(r"\d of 4 steps done")).first.inner_text()).strip()
        # The Lynx's ability resolved; the Architect's is still on the stack: no energy yet.
        rec["ok"] = (rec["energy_labels"] == ["Alice has 0 energy"] and rec["progress"] == "3 of 4 steps done")
    except Exception as exc:  # a learner's failure is a figure, not a crash
        rec["error"] = f"{exc.__class__.__name__}: {str(exc)[:1500]}"
    finally:
        rec["left_s"] = time.monotonic() - t0
        await ctx.close()


async def run(args, url: str, proc) -> dict:
    from playwright.async_api import async_playwright
    rng = random.Random(7)
    arrivals = sorted(rng.uniform(0, args.within) for _ in range(args.learners))
    out: dict = {}
    outside: list = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            t0 = time.monotonic()
            right = answers()
            await asyncio.gather(*(learner(i, browser, url, a, t0, out, outside, right)
                                   for i, a in enumerate(arrivals)))
        finally:
            await browser.close()
    return {"learners": out, "outside": sorted(set(outside))}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--learners", type=int, default=30)
    ap.add_argument("--within", type=float, default=60.0, help="seconds over which they arrive")
    ap.add_argument("--limit", type=float, default=600.0, help="hard limit for the whole run, seconds")
    ap.add_argument("--out", default=str(BENCH / "class_results.json"))
    args = ap.parse_args(argv)
    args.learners = max(1, min(args.learners, 60))
    started = time.monotonic()
    deadline = started + args.limit
    home = Path(tempfile.mkdtemp(prefix="rulesdojo-class-"))
    sampler = Sampler()
    sampler.start()
    # Today's lesson pre-executed, one page per learner (``rulesdojo serve --class --lesson``).
    (home / "voila.json").write_text(json.dumps(lesson_pool_config(LESSON, args.learners, 0)))
    proc, url, log = start_voila(LESSONS, home, {"RULESDOJO_RESULTS": str(home / "results.sqlite3")},
                                 0, extra_args=(*limit_args(default_max_kernels(args.learners)), *class_args(),
                                             f"--Voila.config_file_paths={home}"),
                                 fill_delay=CLASS_BURST_REFILL, preheat=True)
    result: dict = {"machine": machine_line(), "learners_planned": args.learners, "within_s": args.within,
                    "config": {"lesson_pool": args.learners, "other_pools": 0,
                               "fill_delay_s": CLASS_BURST_REFILL, "cull_idle_timeout_s": CULL_IDLE,
                               "cull_interval_s": CULL_INTERVAL, "cull_connected": False}}
    try:
        pools = args.learners
        while time.monotonic() < deadline and "is filled with" not in log.read_text(errors="replace"):
            time.sleep(0.5)
        # "Filled" means the kernels started; their notebooks are still running. A mentor starts
        # the server before the class: wait until every pool kernel has run its lesson (idle).
        wait_until_idle(proc, deadline - args.limit / 2)
        result["pools_filled_after_s"] = time.monotonic() - started
        result["kernels_before"] = len(kernels_of(proc))
        result["memory_in_use_before_mb"] = (psutil.virtual_memory().total - psutil.virtual_memory().available) / 2**20
        remaining = deadline - time.monotonic() - CULL_IDLE - CULL_INTERVAL - 30
        try:
            r = asyncio.run(asyncio.wait_for(run(args, url, proc), timeout=max(remaining, 60)))
        except asyncio.TimeoutError:
            r = {"learners": {}, "outside": [], "timed_out": True}
        learners = r["learners"]
        result["learners"] = learners
        result["timed_out"] = r.get("timed_out", False)
        result["requests_outside_127.0.0.1"] = r["outside"]
        left = time.monotonic()
        result["kernels_right_after_leaving"] = len(kernels_of(proc))
        # The cull window: kernels of closed pages go once idle for cull_idle_timeout, checked every
        # cull_interval. Stop early when only the pools are left.
        cull_deadline = min(deadline - 10, left + CULL_IDLE + CULL_INTERVAL + 20)
        while time.monotonic() < cull_deadline and len(kernels_of(proc)) > pools:
            time.sleep(5)
        result["waited_for_cull_s"] = time.monotonic() - left
        result["kernels_after_cull"] = len(kernels_of(proc))
        result["pool_kernels"] = pools
        result["peak_memory_in_use_mb"] = sampler.peak / 2**20
        ready = [x["ready_ms"] for x in learners.values() if "ready_ms" in x]
        clicks = [c for x in learners.values() for c in x["clicks_ms"]]
        result["page_ready_ms"] = summary(ready) if ready else None
        result["click_to_answer_ms"] = summary(clicks) if clicks else None
        result["completed"] = sum(1 for x in learners.values() if x.get("ok"))
        result["errors"] = [x["error"] for x in learners.values() if "error" in x]
        logs = {x.get("log_items") for x in learners.values() if "error" not in x}
        result["log_items_seen"] = sorted(logs)
        result["isolated"] = (all(x.get("ok") for x in learners.values() if "error" not in x)
                              and len(logs) <= 1)
    finally:
        sampler.stop.set()
        stop_voila(proc)
    result["seconds"] = time.monotonic() - started
    Path(args.out).write_text(json.dumps(result, indent=2, default=str) + "\n")
    pr, ck = result.get("page_ready_ms") or {}, result.get("click_to_answer_ms") or {}
    print(f"Class load on {result['machine']}")
    print(f"{result['completed']}/{args.learners} learners completed lesson 7 (3 of 4 parts), arriving within "
          f"{args.within:.0f} s; each page showed only its own actions: {result['isolated']}")
    if pr:
        print(f"page ready ms: p50 {pr['median']:.0f}  p95 {pr['p95']:.0f}  max {pr['max']:.0f}")
    if ck:
        print(f"click to answer ms: p50 {ck['median']:.0f}  p95 {ck['p95']:.0f}  (n={ck['n']})")
    print(f"memory in use: {result['memory_in_use_before_mb']:.0f} MB with the pools filled, peak "
          f"{result['peak_memory_in_use_mb']:.0f} MB")
    print(f"kernels: {result['kernels_before']} before (pools), {result['kernels_right_after_leaving']} right "
          f"after everyone left, {result['kernels_after_cull']} after {result['waited_for_cull_s']:.0f} s "
          f"(pools: {result['pool_kernels']})")
    print(f"requests leaving 127.0.0.1: {len(result['requests_outside_127.0.0.1'])}; errors: {result['errors'][:3]}")
    print(f"JSON: {args.out}  ({result['seconds']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
