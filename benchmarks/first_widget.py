"""Time to the first interactive widget of a browser-only page, cold and warm, and the bytes it fetched.

    python benchmarks/first_widget.py URL --runs N --selector CSS --text TEXT [--timeout 120]
        [--warm reload|goto] [--log FILE.jsonl] [--json FILE] [--screenshot FILE.png]

For comparing ways of hosting the practice site's pages (a static site with Pyodide in the browser),
each served from its folder by a static server on 127.0.0.1, e.g.
``python -m http.server 8000 --bind 127.0.0.1`` in the built site, then
``python benchmarks/first_widget.py http://127.0.0.1:8000/voici/render/index.html --runs 5 --text "any 1"``
for a page that shows a Button and an anywidget whose text is "any 1". Figures, not pass/fail.

Host-agnostic: it knows nothing of JupyterLite or Voici; the page is "ready" at the first animation
frame where an element matching --selector is visible AND the page's rendered text (innerText)
contains --text. The time is the page's own performance.now() at that frame, i.e. ms since the
navigation started (no driver polling delay in the figure).

Each run: a FRESH browser profile (a new persistent context in an empty folder: empty HTTP cache on disk,
no service worker, no storage) loads URL (cold);
then the same page is reloaded in that context (warm: HTTP cache and any service worker kept; --warm
goto navigates anew to URL instead of reloading). Bytes are the encoded body bytes received over the
wire (Chromium's responseBodySize, via Playwright request.sizes()), for every request of the page, its
workers and service worker, until ready; a response served by a service worker is not counted (the
service worker's own network fetch is), nor one from the HTTP cache.

Headless Debian chromium (/usr/bin/chromium) only; host names other than 127.0.0.1 do not resolve,
so a page that asks the internet for something fails visibly (and the request is listed).
Every wait has a hard timeout; the whole script stops itself after runs * (3 * timeout + 40) + 60 s.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import statistics
import sys
import tempfile
import time
import urllib.parse

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
#: (part of the start, regex on the URL's path): the first that matches names the part
GROUPS = [
    ("Pyodide wasm", r"\.wasm$"),
    ("Pyodide stdlib", r"python_stdlib\.zip$"),
    ("Pyodide JS", r"/pyodide(\.asm)?\.m?js$"),
    ("Pyodide lock", r"pyodide-lock\.json$"),
    ("wheels: the kernel's own (.../pypi/)", r"/pypi/.*\.whl$"),
    ("wheels: the site's", r"\.whl$"),
    ("JS: the app's build (build/, voici/build/)", r"^/(voici/)?build/.*\.m?js$"),
    ("JS: lab extensions (extensions/)", r"^/extensions/.*\.m?js$"),
    ("JS: other", r"\.m?js$"),
    ("JSON (schemas, settings, config)", r"\.json$"),
    ("HTML", r"(\.html?|/)$"),
    ("CSS, fonts, images", r"\.(css|woff2?|ttf|otf|eot|svg|png|ico)$"),
    ("other", r""),
]

# Installed before the page's own scripts (on every load, reload included): at each animation frame,
# once the selector has a visible element and the rendered text contains the text, keep
# performance.now() (ms since navigation start).
WATCH_JS = """(() => {
  const [sel, text] = %s;
  const look = () => {
    if (!document.body) { requestAnimationFrame(look); return; }
    const shown = [...document.querySelectorAll(sel)].some(e => e.checkVisibility());
    if (shown && (!text || document.body.innerText.includes(text))) { window.__readyAt = performance.now(); return; }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


def group_of(url: str, groups=GROUPS) -> str:
    path = urllib.parse.unquote(urllib.parse.urlsplit(url).path)
    return next(name for name, rx in groups if re.search(rx, path))


class Recorder:
    """Every finished request of a context: (ms since the load began, bytes, from SW, url, kind)."""

    def __init__(self, context, t0: float):
        self.t0, self.rows, self.outside, self.failed = t0, [], [], []
        context.on("requestfinished", self.finished)
        context.on("requestfailed", lambda r: self.failed.append(f"{r.url[:160]} {r.failure}"))
        context.on("request", self.started)

    def started(self, request):
        host = urllib.parse.urlsplit(request.url).hostname
        if request.url.startswith("http") and host not in ("127.0.0.1", "localhost"):
            self.outside.append(request.url)

    async def finished(self, request):
        try:
            response = await request.response()
            sizes = await request.sizes()
        except Exception:  # the page went away meanwhile (reload)
            return
        if response is None:
            return
        sw = bool(response.from_service_worker)
        self.rows.append({
            # a negative size is Chromium's "unknown" (e.g. a blob: or a revalidated entry): counted 0
            "ms": round((time.time() - self.t0) * 1000), "bytes": 0 if sw else max(0, sizes["responseBodySize"]),
            "headers": sizes["responseHeadersSize"], "status": response.status, "from_service_worker": sw,
            "by_service_worker": request.service_worker is not None, "type": request.resource_type,
            "url": request.url})

    def until(self, ms: float) -> list[dict]:
        # the frame is seen a little after the request that completed it
        return [r for r in self.rows if r["ms"] <= ms + 250 and "console" not in r]


async def ready(page, timeout_s: float) -> float:
    """Wait (at most timeout_s) for the page's ready mark; return ms since navigation start."""
    await page.wait_for_function("() => window.__readyAt !== undefined", timeout=timeout_s * 1000, polling=100)
    return await page.evaluate("() => window.__readyAt")


async def one_run(pw, args, run: int, log) -> dict:
    # A new profile on disk for each run: a fresh context has an empty HTTP cache and no service worker,
    # and its cache is on disk as a learner's is (an incognito-like context keeps its cache in memory,
    # where an entry as big as Pyodide's 9.6 MB wasm is not kept, so every "warm" load refetched it).
    profile = tempfile.mkdtemp(prefix="measure-profile-")
    context = await pw.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 900}, service_workers="allow", timeout=args.timeout * 1000)
    try:
        rec = Recorder(context, time.time())
        await context.add_init_script(WATCH_JS % json.dumps([args.selector, args.text]))
        page = context.pages[0] if context.pages else await context.new_page()
        console: list[str] = []
        page.on("console", lambda m: m.type in ("error", "warning") and console.append(f"{m.type}: {m.text[:200]}"))
        page.on("console", lambda m: rec.rows.append({
            "ms": round((time.time() - rec.t0) * 1000), "bytes": 0, "console": m.type, "url": m.text[:300]}))
        page.on("pageerror", lambda e: console.append(f"pageerror: {str(e)[:200]}"))
        load = os.getloadavg()[0]
        rec.t0 = time.time()
        await page.goto(args.url, timeout=args.timeout * 1000, wait_until="commit")
        cold_ms = await ready(page, args.timeout)
        await asyncio.sleep(0.5)  # let the last requestfinished events arrive
        cold_rows = rec.until(cold_ms)
        if log:
            for r in rec.rows:
                log.write(json.dumps({"run": run, "load": "cold", "ready_ms": round(cold_ms), **r}) + "\n")
        if args.settle:
            await asyncio.sleep(args.settle)  # e.g. for a service worker to finish its own caching
        rec.rows, rec.t0 = [], time.time()
        if args.warm == "reload":
            await page.reload(timeout=args.timeout * 1000, wait_until="commit")
        else:
            await page.goto(args.url, timeout=args.timeout * 1000, wait_until="commit")
        warm_ms = await ready(page, args.timeout)
        await asyncio.sleep(0.5)
        warm_rows = rec.until(warm_ms)
        if log:
            for r in rec.rows:
                log.write(json.dumps({"run": run, "load": "warm", "ready_ms": round(warm_ms), **r}) + "\n")
        if args.screenshot:
            await page.screenshot(path=args.screenshot)
        return {"cold_s": cold_ms / 1000, "warm_s": warm_ms / 1000, "load_avg_1m": load,
                "cold_bytes": sum(r["bytes"] for r in cold_rows), "cold_requests": len(cold_rows),
                "warm_bytes": sum(r["bytes"] for r in warm_rows), "warm_requests": len(warm_rows),
                "cold_by_group": by_group(cold_rows), "outside": rec.outside, "failed": rec.failed,
                "console": console[:20]}
    finally:
        await context.close()
        shutil.rmtree(profile, ignore_errors=True)


def by_group(rows) -> dict:
    out: dict = {}
    for r in rows:
        g = group_of(r["url"])
        n, b = out.get(g, (0, 0))
        out[g] = (n + 1, b + r["bytes"])
    return out


def stats(values) -> str:
    return f"min {min(values):.2f}  median {statistics.median(values):.2f}  max {max(values):.2f}"


async def main_async(args) -> int:
    from playwright.async_api import async_playwright
    results, log = [], open(args.log, "w") if args.log else None
    try:
        async with async_playwright() as pw:
            if True:
                for run in range(args.runs):
                    try:
                        r = await asyncio.wait_for(one_run(pw, args, run, log), args.timeout * 3 + 30)
                    except Exception as e:  # a run that never got ready is reported, and the next one runs
                        print(f"run {run + 1}: FAILED: {type(e).__name__}: {str(e).splitlines()[0][:200]}")
                        results.append({"error": str(e)[:500]})
                        continue
                    results.append(r)
                    print(f"run {run + 1}: cold {r['cold_s']:.2f} s ({r['cold_bytes'] / 1e6:.2f} MB, "
                          f"{r['cold_requests']} requests), warm {r['warm_s']:.2f} s "
                          f"({r['warm_bytes'] / 1e6:.2f} MB), load {r['load_avg_1m']:.2f}", flush=True)
    finally:
        if log:
            log.close()
    ok = [r for r in results if "error" not in r]
    print(f"\nURL {args.url[:120]}{'...' if len(args.url) > 120 else ''}")
    print(f"ready = visible {args.selector!r} and text {args.text!r}; {len(ok)}/{len(results)} runs ok")
    if ok:
        print(f"cold s : {stats([r['cold_s'] for r in ok])}")
        print(f"warm s : {stats([r['warm_s'] for r in ok])}  ({args.warm})")
        print(f"cold MB: {stats([r['cold_bytes'] / 1e6 for r in ok])}  (encoded, until ready)")
        print(f"warm MB: {stats([r['warm_bytes'] / 1e6 for r in ok])}")
        last = ok[-1]["cold_by_group"]
        print("cold bytes by part (last run):")
        for g, (n, b) in sorted(last.items(), key=lambda kv: -kv[1][1]):
            print(f"  {g:42s} {b / 1e6:8.3f} MB  {n:4d} requests")
        outside = sorted({u for r in ok for u in r["outside"]})
        print(f"requests to hosts other than 127.0.0.1: {len(outside)} {outside[:5]}")
        if ok[-1]["console"]:
            print("console errors/warnings (last run):", *ok[-1]["console"][:8], sep="\n  ")
    print(f"load average (1, 5, 15 min) at the end: {os.getloadavg()}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"url": args.url, "selector": args.selector, "text": args.text, "warm": args.warm,
                       "runs": results, "loadavg_end": os.getloadavg()}, f, indent=1)
    return 0 if ok and len(ok) == len(results) else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("url")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--selector", default=".jupyter-widgets button, .widget-button")
    ap.add_argument("--text", default="")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds for each wait (default 120)")
    ap.add_argument("--warm", choices=["reload", "goto"], default="reload")
    ap.add_argument("--settle", type=float, default=0.0, help="seconds between cold ready and the warm load")
    ap.add_argument("--log", help="write every response of every load as JSON lines here")
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("--screenshot", help="a PNG of the last warm page")
    args = ap.parse_args(argv)
    # The hard stop, whatever hangs (browser launch included).
    signal.signal(signal.SIGALRM, lambda *_: (print("measure.py: overall time limit reached", file=sys.stderr),
                                             os._exit(2)))
    signal.alarm(int(args.runs * (3 * args.timeout + 40) + 60))
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
