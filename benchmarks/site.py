"""Size and first-load figures of the static practice site (`make bench-site`; figures, not pass/fail).

Builds the kit's site and a bare Voici page the same way (`rulesdojo build-site` of a folder whose
landing page shows three ipywidgets), serves each with `python -m http.server` on 127.0.0.1 and, in
headless chromium that resolves no host but 127.0.0.1 (nothing is routed, so the HTTP cache stays
on, and service workers run as in a learner's browser), measures, taking turns, the time from
navigation to the landing page's first widget: cold (a fresh browser profile) and warm (the same
profile, loaded again). Prints a table with the ratios and the load average, and writes
benchmarks/site_results.json.
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

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import BENCH, CHROMIUM, CHROMIUM_ARGS, LESSONS, helpers, machine_line, summary  # noqa: E402

FIRST_WIDGET = ".jupyter-widgets a, .jupyter-widgets button"
PAGE = "voici/render/index.html"
BARE = """import ipywidgets as ipw
ipw.VBox([ipw.Button(description="Start"), ipw.IntSlider(description="Energy"), ipw.HTML("<a href='#'>a link</a>")])"""


def bare_lessons(folder: Path) -> Path:
    """Write a folder whose landing page shows three ipywidgets (built as the kit's pages are, it loads
    the same runtime and wheels and runs the same hidden first cell)."""
    folder.mkdir(parents=True)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(BARE)])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nbformat.write(nb, str(folder / "index.ipynb"))
    return folder


def first_widget(context, url: str) -> tuple[float, int]:
    """Load the landing page; return seconds to its first widget and the bytes that came from the server
    until then (the kernel's worker's too, through the service worker or not; a response from the
    HTTP cache or the service worker's copy counts nothing). The page is left once the service worker
    has kept the site (which it starts after the first widget), so that the next load doesn't compete
    with it."""
    fetched, counting = [], [True]

    def count(request):
        response = request.response()
        if counting and response and not response.from_service_worker:
            fetched.append(request.sizes()["responseBodySize"])

    context.on("requestfinished", count)
    page = context.new_page()
    started = time.monotonic()
    page.goto(url)
    page.wait_for_selector(FIRST_WIDGET, state="visible", timeout=300_000)
    seconds = time.monotonic() - started
    counting.clear()
    page.wait_for_function("() => /^(Ready|This browser)/.test("
                           "document.querySelector('.rulesdojo-offline').textContent)", timeout=300_000)
    page.close()
    context.remove_listener("requestfinished", count)
    return seconds, sum(fetched)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=3)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from rulesdojo.site import build_site

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        started = time.monotonic()
        sites = {"kit": build_site(tmp / "kit", LESSONS, log=lambda _: None)}
        build_seconds = time.monotonic() - started
        sites["bare"] = build_site(tmp / "bare", bare_lessons(tmp / "bare-lessons"), log=lambda _: None)
        sizes = [f.stat().st_size for f in sites["kit"].rglob("*") if f.is_file()]
        servers, urls = [], {}
        for name, folder in sites.items():
            port = helpers.free_port()
            servers.append(subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
                                            cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            urls[name] = f"http://127.0.0.1:{port}/{PAGE}"
        outside: list[str] = []
        figures = {name: {"cold": [], "warm": [], "bytes": [], "load": []} for name in sites}
        try:
            time.sleep(1)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
                    *CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
                for _ in range(args.loads):
                    for name, url in urls.items():  # taking turns: kit, bare, kit, ...
                        context = browser.new_context(service_workers="allow")
                        context.on("request", lambda r: r.url.startswith(("http://127.0.0.1:", "data:", "blob:"))
                                   or outside.append(r.url))
                        figures[name]["load"].append(os.getloadavg()[0])
                        seconds, size = first_widget(context, url)
                        figures[name]["cold"].append(seconds)
                        figures[name]["bytes"].append(size)
                        figures[name]["warm"].append(first_widget(context, url)[0])
                        context.close()
                browser.close()
        finally:
            for server in servers:
                server.terminate()
                server.wait(timeout=10)
    results = {"machine": machine_line(), "build_seconds": build_seconds, "site_bytes": sum(sizes),
               "site_files": len(sizes), "requests_refused": outside,
               **{name: {k: summary(v) for k, v in f.items()} for name, f in figures.items()}}
    (BENCH / "site_results.json").write_text(json.dumps(results, indent=2) + "\n")
    kit, bare = results["kit"], results["bare"]
    print(f"Measured on {results['machine']}; load average (1 min) {kit['load']['min']:.1f}-"
          f"{max(kit['load']['max'], bare['load']['max']):.1f} during the loads")
    print(f"| build (rulesdojo build-site, downloads cached) | {build_seconds:.0f} s | | |")
    print(f"| site on disk | {results['site_bytes'] / 1e6:.1f} MB in {len(sizes)} files | | |")
    print("| figure | kit | bare Voici page | ratio |")
    print("|---|---|---|---|")
    print(f"| fetched by the landing page, cold | {kit['bytes']['median'] / 1e6:.1f} MB | "
          f"{bare['bytes']['median'] / 1e6:.1f} MB | {kit['bytes']['median'] / bare['bytes']['median']:.2f} |")
    for key, label in (("cold", "cold cache"), ("warm", "warm cache")):
        k, b = kit[key]["median"], bare[key]["median"]
        print(f"| first widget, {label} (median of {args.loads}) | {k:.1f} s | {b:.1f} s | {k / b:.2f} |")
    print(f"| requests leaving 127.0.0.1 | {len(outside)} | | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
