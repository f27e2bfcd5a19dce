"""First load and moves of the static practice site's course page (`make bench-site`; figures, not pass/fail).

Builds the kit's site (`rulesdojo build-site`: the course page, its Python in a web worker on Pyodide
314) and writes a FLOOR page into it, next to its Pyodide: the same runtime alone, loading the kit's
wheel from the site, importing the engine and playing one game (a Forest played with Architect of the
Untamed out, the landfall trigger resolved); its result in the page is the end. As a baseline it also
builds the site as it was built before (Voici 0.10 on JupyterLite 0.7 and Pyodide 0.29, from the
commit ``BASELINE``, its own source and lessons), while that still builds here. Each site is served on
127.0.0.1 by ``static_server.py``, which compresses as static hosts do (gzip), so that bytes fetched are
what a learner downloads; headless chromium resolves no host but 127.0.0.1 (nothing is routed, so the
HTTP cache stays on, and service workers run as in a learner's browser).

Taking turns (kit, floor, baseline, kit, ...), each page is loaded cold (a fresh browser profile) and
warm (the same profile again, once the site's service worker has kept it). Times are taken in the
page, from navigation (``performance.now()``), at the first animation frame that shows: the course
page's static map (``.rulesdojo-course-now a``), its first widget (a link or button in
``.rd-course-page``), the floor's game result. In each warm course page, once its widget map is drawn,
a learner's walk map -> lesson 1 -> map -> quiz -> sandbox -> lesson 1 -> map is timed in the page as
benchmarks/course_switch.py does (hash set, first frame with the place's heading shown). Prints a
table with the ratios to the floor, the targets and the load average, the bytes of each part of the
start, and writes benchmarks/site_results.json (with one cold course page's timeline of requests).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import BENCH, CHROMIUM, CHROMIUM_ARGS, LESSONS, SWITCH_JS, helpers, machine_line, summary  # noqa: E402

COURSE = ""  # the site's index.html
BASELINE = "273e567"  # the last commit whose site was built with Voici
BASELINE_PAGE = "voici/render/course.html"
FLOOR = "floor.html"  # written next to the site's pyodide.mjs
STATIC_MAP = ".rulesdojo-course-now a"
COURSE_WIDGET = ".rd-course-page a, .rd-course-page button"
FLOOR_DONE = "#floor-result[data-done]"
WALK = ["lesson/1", "", "quiz", "sandbox", "lesson/1", ""]  # from the map, where the page opens
HEADINGS = {"": "Lessons", "quiz": "Judge training quiz", "sandbox": "Sandbox"}
TARGETS = {"map_cold_s": 1.5, "widget_to_floor": 1.3, "cold_mb": 15, "move_median_s": 0.5, "move_p95_s": 1.0}

# Installed before any script of the page: at each animation frame, the first time an element matching
# a watched selector is visible, keep ``performance.now()`` (ms since navigation) under its name.
# Frames, not the driver's polling, so that the figure is when the learner could see it.
WATCH_JS = """(() => {
  const watched = %s, seen = {};
  window.__rdSeen = seen;
  const look = () => {
    for (const [name, sel] of Object.entries(watched)) {
      if (!(name in seen) && [...document.querySelectorAll(sel)].some(e => e.checkVisibility()))
        seen[name] = performance.now();
    }
    if (Object.keys(seen).length < Object.keys(watched).length) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""

# The floor: the same runtime and wheel as the kit's page, nothing else: no widgets, no worker.
FLOOR_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>Floor: Pyodide, the kit's wheel, one game</title>
<link rel="icon" href="data:,"></head>
<body><p id="floor-result">Python is starting</p>
<script type="module">
import { loadPyodide } from "./pyodide.mjs";
const marks = {};
const py = await loadPyodide({indexURL: new URL(".", location.href).href});
marks.pyodide = performance.now();
await py.loadPackage(new URL("%(wheel)s", location.href).href);
marks.wheel = performance.now();
const result = py.runPython(`
from rulesdojo.rules import Game, PassPriority, PlayLand
game = Game(["Alice", "Nadia"])
forest = game.add_card("Alice", "Forest", "hand")
game.add_permanent("Alice", "Architect of the Untamed")
game.apply(PlayLand(forest)); game.apply(PassPriority()); game.apply(PassPriority())
f"Alice has {game.player('Alice').energy} energy"
`);
marks.game = performance.now();
const out = document.getElementById("floor-result");
out.textContent = result;
out.dataset.done = "1";
window.__floorMarks = marks;
</script></body></html>
"""


def baseline_site(tmp: Path) -> Path | None:
    """Build the site as ``BASELINE`` built it (its own builder, kit and lessons); None if it can't be
    built here any more (say why)."""
    source = tmp / "baseline-source"
    source.mkdir()
    archive = subprocess.run(["git", "-C", str(BENCH.parent), "archive", BASELINE], capture_output=True)
    if archive.returncode:
        print(f"baseline: commit {BASELINE} isn't in this clone: no baseline", file=sys.stderr)
        return None
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive.stdout, check=True)
    out = tmp / "baseline"
    done = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
                           "from rulesdojo.site import build_site; build_site(*sys.argv[2:4], log=lambda _: None)",
                           str(source / "widgets"), str(out), str(source / "lessons")],
                          capture_output=True, text=True)
    if done.returncode:
        print("baseline: the former site no longer builds here (`make bench-site` installs Voici's extra):\n"
              + done.stderr[-1500:], file=sys.stderr)
        return None
    return out


def write_floor(site: Path) -> str:
    """Write the floor page next to the built site's pyodide.mjs; return its path in the site."""
    runtime = next(site.rglob("pyodide.mjs")).parent
    wheel = next(runtime.glob("rulesdojo-*.whl"))
    (runtime / FLOOR).write_text(FLOOR_HTML % {"wheel": wheel.name}, encoding="utf-8")
    return (runtime / FLOOR).relative_to(site).as_posix()


def parts_of_start(timeline: list) -> dict[str, int]:
    """Bytes from the server until the first widget, by part: the runtime, the standard library, the
    wheels, the page's script, the rest."""
    parts: dict[str, int] = {}
    for at, _, size, url in timeline:
        if url.startswith("[") or at > timeline_end(timeline):
            continue
        name = url.rsplit("/", 1)[-1]
        part = ("runtime (wasm, its JS)" if name.startswith("pyodide") else "standard library" if name == "python_stdlib.zip"
                else "the kit's wheel" if name.startswith("rulesdojo-") else "other wheels" if name.endswith(".whl")
                else "page script and style" if name.startswith("page.") else "the rest")
        parts[part] = parts.get(part, 0) + max(size, 0)
    return parts


def load(context, url: str, watched: dict, end: str, kept: bool, timeline: list | None = None):
    """Open ``url`` in a new page; return (page, ms to each watched selector, bytes fetched until ``end``).

    Bytes are those that came from the server until the page's ``end`` was seen (the kernel's worker's
    too, through the service worker or not; a response from the HTTP cache or the service worker's
    copy counts nothing). With ``kept``, the page is not given back before its offline note says the
    site is kept (the service worker starts on it after the first widget), so that the next load
    doesn't compete with it. ``timeline`` receives (ms after navigation, ms taken, bytes, url) for
    each request, and the page's console messages."""
    fetched, counting = [], [True]
    started = time.time() * 1000

    def count(request):
        response = request.response()
        if counting and response and not response.from_service_worker:
            fetched.append(request.sizes()["responseBodySize"])
        if timeline is not None:
            t = request.timing
            timeline.append((round(t["startTime"] - started), round(t["responseEnd"]),
                             request.sizes()["responseBodySize"] if response else 0, request.url))

    context.on("requestfinished", count)
    page = context.new_page()
    if timeline is not None:  # what the page and the kernel say while starting, in the same timeline
        page.on("console", lambda m: m.text.strip() and timeline.append(
            (round(time.time() * 1000 - started), 0, 0, "[console] " + m.text[:160])))
    page.add_init_script(WATCH_JS % json.dumps(watched))
    page.bring_to_front()  # a page behind another gets no animation frames
    page.goto(url)
    page.wait_for_function(f"() => window.__rdSeen && {json.dumps(end)} in window.__rdSeen", timeout=300_000)
    counting.clear()
    seen = page.evaluate("() => window.__rdSeen")
    if kept:
        page.wait_for_function("() => /^(Ready|This browser)/.test("
                               "document.querySelector('.rulesdojo-offline').textContent)", timeout=300_000)
    context.remove_listener("requestfinished", count)
    return page, seen, sum(fetched)


def walk(page) -> list[tuple[str, bool, float]]:
    """The learner's walk in a live course page; return each move: (place, first visit, seconds)."""
    page.get_by_role("heading", name="Lessons", exact=True).wait_for(timeout=120_000)
    moves, seen = [], {""}
    for address in WALK:
        heading = f"Lesson {address.split('/')[1]}:" if address.startswith("lesson/") else HEADINGS[address]
        page.bring_to_front()
        ms = page.evaluate(SWITCH_JS, [address, heading, 60000])  # Python in the browser is slower
        moves.append(("#/" + address, address not in seen, ms / 1000))
        seen.add(address)
        time.sleep(0.3)
    return moves


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=3)
    ap.add_argument("--no-baseline", action="store_true", help="leave out the former (Voici) site")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from rulesdojo.site.build import build_site

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        started = time.monotonic()
        kit_site = build_site(tmp / "kit", LESSONS, log=lambda _: None)
        build_seconds = time.monotonic() - started
        floor_path = write_floor(kit_site)
        sizes = [f.stat().st_size for f in kit_site.rglob("*") if f.is_file() and f.name != FLOOR]
        sites = {"kit": kit_site}
        if not args.no_baseline and (old := baseline_site(tmp)) is not None:
            sites["baseline"] = old
        servers, base = [], {}
        for name, folder in sites.items():
            port = helpers.free_port()
            servers.append(subprocess.Popen([sys.executable, str(BENCH / "static_server.py"), str(folder), str(port),
                                             "--gzip"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            base[name] = f"http://127.0.0.1:{port}/"
        pages = {  # name: (url, watched selectors, the end, kept offline by a service worker)
            "kit": (base["kit"] + COURSE, {"map": STATIC_MAP, "widget": COURSE_WIDGET}, "widget", True),
            "floor": (base["kit"] + floor_path, {"widget": FLOOR_DONE}, "widget", False),
        }
        if "baseline" in base:
            pages["baseline"] = (base["baseline"] + BASELINE_PAGE, {"widget": COURSE_WIDGET}, "widget", True)
        outside: list[str] = []
        figures = {name: {"cold": [], "warm": [], "bytes": [], "load": []} for name in pages}
        figures["kit"].update({"map_cold": [], "map_warm": []})
        moves = {"first": [], "later": []}
        walks: list = []
        timeline: list = []
        floor_marks: list = []
        start_steps: list = []
        try:
            time.sleep(1)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
                    *CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
                for round_ in range(args.loads):
                    for name, (url, watched, end, kept) in pages.items():  # taking turns
                        context = browser.new_context(service_workers="allow", viewport={"width": 1400, "height": 900})
                        context.on("request", lambda r: r.url.startswith(("http://127.0.0.1:", "data:", "blob:"))
                                   or outside.append(r.url))
                        figures[name]["load"].append(os.getloadavg()[0])
                        page, seen, size = load(context, url, watched, end, kept,
                                                timeline if name == "kit" and round_ == args.loads - 1 else None)
                        if name == "kit" and round_ == args.loads - 1:
                            timeline += [(round(ms), 0, 0, f"[{what} visible]") for what, ms in seen.items()]
                        figures[name]["cold"].append(seen[end] / 1000)
                        if name == "kit":
                            page.wait_for_function("() => window.rulesdojoStart && 'course made' in window.rulesdojoStart",
                                                   timeout=60_000)
                            start_steps.append(page.evaluate("() => window.rulesdojoStart"))
                        figures[name]["bytes"].append(size)
                        if "map" in seen:
                            figures[name]["map_cold"].append(seen["map"] / 1000)
                        page.close()
                        page, seen, _ = load(context, url, watched, end, False)
                        figures[name]["warm"].append(seen[end] / 1000)
                        if "map" in seen:
                            figures[name]["map_warm"].append(seen["map"] / 1000)
                        if name == "floor":
                            floor_marks.append(page.evaluate("() => window.__floorMarks"))
                        if name == "kit":
                            walks.append(walk(page))
                            for _, first, seconds in walks[-1]:
                                moves["first" if first else "later"].append(seconds)
                        page.close()
                        context.close()
                browser.close()
        finally:
            for server in servers:
                server.terminate()
                server.wait(timeout=10)
    results = {"machine": machine_line(), "build_seconds": build_seconds, "site_bytes": sum(sizes),
               "site_files": len(sizes), "requests_refused": outside, "targets": TARGETS,
               **{name: {k: summary(v) for k, v in f.items()} for name, f in figures.items()},
               "moves_s": {k: summary(v) for k, v in moves.items()},
               "walks": [[f"{place} {'first' if first else 'later'} {seconds:.3f} s" for place, first, seconds in w]
                         for w in walks],
               "floor_marks_ms": floor_marks,
               # in the course page's worker, cold: ms from its start to Pyodide and the wheels loaded,
               # then ms from Python's start to each step
               "kit_cold_start_steps_ms": start_steps,
               "kit_cold_bytes_by_part": parts_of_start(timeline),
               # until the first widget, one line each: ms after navigation, ms taken, bytes from the
               # server (negative: unknown, e.g. answered by the service worker), what
               "kit_cold_timeline": [f"{a:6d} {d:5d} {b:9d} {u.split('/', 3)[-1] if u.startswith('http') else u}"
                                     for a, d, b, u in sorted(timeline) if a <= timeline_end(timeline)]}
    (BENCH / "site_results.json").write_text(json.dumps(results, indent=2) + "\n")
    report(results, args.loads)
    return 0


def timeline_end(timeline: list) -> int:
    """When the first widget was seen in the timeline (what comes later is the site being kept)."""
    return max((a for a, _, _, what in timeline if what == "[widget visible]"), default=10**9)


def report(results: dict, loads: int) -> None:
    kit, floor, moves = results["kit"], results["floor"], results["moves_s"]
    old = results.get("baseline")
    shown = [f for f in (kit, floor, old) if f]
    low, high = min(f["load"]["min"] for f in shown), max(f["load"]["max"] for f in shown)
    print(f"Measured on {results['machine']}; load average (1 min) {low:.1f}-{high:.1f} during the loads")
    print(f"| build (rulesdojo build-site, downloads cached) | {results['build_seconds']:.0f} s | | | |")
    print(f"| site on disk | {results['site_bytes'] / 1e6:.1f} MB in {results['site_files']} files | | | |")
    print("| figure (median of %d) | kit course page | floor: Pyodide 314 + wheel + one game | kit/floor | "
          "former site (Voici, Pyodide 0.29) | target |" % loads)
    print("|---|---|---|---|---|---|")
    mb = kit["bytes"]["median"] / 1e6
    print(f"| fetched (gzip) until the first widget, cold | {mb:.1f} MB | {floor['bytes']['median'] / 1e6:.1f} MB | "
          f"{kit['bytes']['median'] / floor['bytes']['median']:.2f} | "
          f"{old['bytes']['median'] / 1e6 if old else float('nan'):.1f} MB | "
          f"< {TARGETS['cold_mb']} MB: {'met' if mb < TARGETS['cold_mb'] else 'NOT met'} |")
    for key, label in (("cold", "cold"), ("warm", "warm")):
        m = kit[f"map_{key}"]["median"]
        target = f"< {TARGETS['map_cold_s']} s: {'met' if m < TARGETS['map_cold_s'] else 'NOT met'}" \
            if key == "cold" else ""
        print(f"| static map visible, {label} | {m:.2f} s (max {kit[f'map_{key}']['max']:.2f}) | | | | {target} |")
    for key, label in (("cold", "cold"), ("warm", "warm")):
        k, f = kit[key]["median"], floor[key]["median"]
        b = f"{old[key]['median']:.1f} s ({old[key]['median'] / f:.2f}x)" if old else "-"
        met = "met" if k / f <= TARGETS["widget_to_floor"] else "NOT met"
        print(f"| first widget (floor: game result), {label} | {k:.1f} s | {f:.1f} s | {k / f:.2f} | {b} | "
              f"<= {TARGETS['widget_to_floor']}x floor: {met} |")
    for key, label in (("first", "first visit"), ("later", "later visit")):
        s = moves[key]
        met = "met" if s["median"] < TARGETS["move_median_s"] and s["p95"] < TARGETS["move_p95_s"] else "NOT met"
        print(f"| move in the course page, {label} (n={s['n']}) | median {s['median']:.2f} s, p95 {s['p95']:.2f} s "
              f"| | | | median < {TARGETS['move_median_s']} s, p95 < {TARGETS['move_p95_s']:.0f} s: {met} |")
    print(f"| requests leaving 127.0.0.1 | {len(results['requests_refused'])} | | | | 0 |")
    for steps in results["kit_cold_start_steps_ms"]:
        print("Steps of a cold start in the course page's worker (ms): " + ", ".join(f"{k} {v}" for k, v in steps.items()))
    print("Bytes until the first widget, cold, by part: " + ", ".join(
        f"{part} {size / 1e6:.2f} MB" for part, size in sorted(results["kit_cold_bytes_by_part"].items(),
                                                               key=lambda kv: -kv[1])))


if __name__ == "__main__":
    sys.exit(main())
