"""What the benchmarks share with the browser tests: a real Voila on 127.0.0.1 and Debian chromium.

The helpers live in ``tests/browser/conftest.py`` (free port, start and stop Voila with the
package's own serving arguments, chromium's flags); this module loads that file by path so the
benchmarks and the tests start servers the same way.
"""

from __future__ import annotations

import importlib.util
import platform
import statistics
import sys
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
BENCH = ROOT / "benchmarks"

_spec = importlib.util.spec_from_file_location("rulesdojo_browser_helpers",
                                               ROOT / "tests" / "browser" / "conftest.py")
helpers = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = helpers
_spec.loader.exec_module(helpers)

CHROMIUM, CHROMIUM_ARGS = helpers.CHROMIUM, helpers.CHROMIUM_ARGS
helpers.SERVER_START_TIMEOUT = 180  # a busy machine starts Voila slowly; the start is not a figure here
start_voila, stop_voila = helpers.start_voila, helpers._stop


def launch(pw):
    """Headless Debian chromium (never a downloaded browser)."""
    return pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


async def launch_async(pw):
    """Headless Debian chromium for Playwright's async API."""
    return await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


def local_only(context, outside: list) -> None:
    """Refuse every request not addressed to 127.0.0.1; record it in ``outside``."""
    def route(r):
        url = r.request.url
        if urllib.parse.urlsplit(url).hostname in ("127.0.0.1", "localhost") or url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            outside.append(url)
            r.abort()
    context.route("**/*", route)


# Time a click inside the page: from the click event on ``el`` to the first DOM change after which
# ``scope`` shows what is wanted ({text}: its text contains it; {shown}: an element matching the
# selector is visible; {enabled}: a button of that name is enabled). Resolves with the ms.
CLICK_JS = """
([el, scope, wanted]) => new Promise((resolve, reject) => {
  const done = () => wanted.text ? scope.textContent.includes(wanted.text)
    : wanted.shown ? [...scope.querySelectorAll(wanted.shown)].some(e => e.checkVisibility())
    : [...scope.querySelectorAll('button')].some(b => b.textContent.trim() === wanted.enabled && !b.disabled);
  let t0 = null;
  el.addEventListener('click', () => { t0 = performance.now(); }, {capture: true, once: true});
  const obs = new MutationObserver(() => {
    if (t0 !== null && done()) { obs.disconnect(); resolve(performance.now() - t0); }
  });
  obs.observe(scope, {childList: true, subtree: true, characterData: true, attributes: true});
  el.click();
  setTimeout(() => { obs.disconnect(); reject('no answer within 60 s'); }, 60000);
})
"""


# Move the course page to another place: from the hash change until the place's heading (a lesson's
# "Lesson N:", the map's "Lessons") has a box on the page. Resolves with the ms. A page behind
# another gets no animation frames: bring it to the front first.
SWITCH_JS = """([address, heading, patience]) => new Promise((resolve, reject) => {
  const started = performance.now();
  const shown = () => [...document.querySelectorAll('h1, h2')].some(h => h.textContent.trim().startsWith(heading)
                                                                     && h.getClientRects().length);
  const look = () => shown() ? resolve(performance.now() - started) : requestAnimationFrame(look);
  location.hash = '#/' + address;
  requestAnimationFrame(look);
  setTimeout(() => reject(`not shown within ${patience / 1000} s: ${heading}`), patience);
})"""


def kernels_of(proc) -> list:
    """The kernel processes a Voila server started (ipykernel runs in a session of its own)."""
    import psutil
    try:
        kids = psutil.Process(proc.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    out = []
    for k in kids:
        try:
            if "ipykernel_launcher" in " ".join(k.cmdline()):
                out.append(k)
        except psutil.Error:
            pass
    return out


def wait_until_idle(proc, until: float, quiet_s: int = 3) -> None:
    """Wait until the server's kernels use under a tenth of a core together, ``quiet_s`` seconds running."""
    import psutil
    quiet = 0
    while time.monotonic() < until and quiet < quiet_s:
        kernels = kernels_of(proc)
        for k in kernels:
            try:
                k.cpu_percent(None)
            except psutil.Error:
                pass
        time.sleep(1.0)
        busy = 0.0
        for k in kernels:
            try:
                busy += k.cpu_percent(None)
            except psutil.Error:
                pass
        quiet = quiet + 1 if busy < 10.0 else 0


def pct(values, q: float) -> float:
    """The q-th percentile (0-100), nearest rank."""
    v = sorted(values)
    if not v:
        return float("nan")
    k = max(0, min(len(v) - 1, int(round(q / 100 * len(v) + 0.5)) - 1))
    return v[k]


def summary(values) -> dict:
    return {"n": len(values), "median": statistics.median(values), "min": min(values), "max": max(values),
            "p95": pct(values, 95)}


def machine_line() -> str:
    """CPU, cores, memory, system and Python of this machine, for the figures."""
    import psutil
    cpu = platform.processor() or platform.machine()
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{cpu}, {psutil.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.0f} GB RAM, "
            f"{platform.system()} {platform.release()}, Python {platform.python_version()}")
