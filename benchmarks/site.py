"""Size and first-load figures of the static practice site (`make bench-site`; figures, not pass/fail).

Builds the site (or takes `--site DIR`), serves it with `python -m http.server` on 127.0.0.1 and, in
headless chromium refusing every request that leaves 127.0.0.1, measures the time from navigation to
the first widget on the landing page: on a cold cache (a fresh browser profile each time) and a warm
cache (the same profile, loaded again). Prints a table and writes benchmarks/site_results.json.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import BENCH, LESSONS, helpers, launch, local_only, machine_line, summary  # noqa: E402

FIRST_WIDGET = ".jupyter-widgets a, .jupyter-widgets button"
PAGE = "voici/render/index.html"


def first_widget(context, url: str, outside: list) -> tuple[float, int]:
    """Load the landing page; return seconds to its first widget and the bytes the page fetched."""
    fetched = []
    page = context.new_page()
    page.on("requestfinished", lambda r: fetched.append(r.sizes()["responseBodySize"]))
    started = time.monotonic()
    page.goto(url)
    page.wait_for_selector(FIRST_WIDGET, state="visible", timeout=300_000)
    seconds = time.monotonic() - started
    page.close()
    return seconds, sum(fetched)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, default=None, help="a built site (default: build one)")
    ap.add_argument("--loads", type=int, default=3)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from rulesdojo.site import build_site

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        build_seconds = None
        if site is None:
            started = time.monotonic()
            site = build_site(Path(tmp) / "site", LESSONS)
            build_seconds = time.monotonic() - started
        sizes = [f.stat().st_size for f in site.rglob("*") if f.is_file()]
        port = helpers.free_port()
        server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
                                  cwd=site, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}/{PAGE}"
        outside: list[str] = []
        cold, warm, fetched = [], [], []
        try:
            time.sleep(1)
            with sync_playwright() as pw:
                browser = launch(pw)
                for _ in range(args.loads):
                    context = browser.new_context(service_workers="block")
                    local_only(context, outside)
                    seconds, size = first_widget(context, url, outside)
                    cold.append(seconds)
                    fetched.append(size)
                    warm.append(first_widget(context, url, outside)[0])
                    context.close()
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    results = {
        "machine": machine_line(), "build_seconds": build_seconds,
        "site_bytes": sum(sizes), "site_files": len(sizes),
        "first_load_bytes": summary(fetched), "first_widget_cold_s": summary(cold),
        "first_widget_warm_s": summary(warm), "requests_refused": outside,
    }
    (BENCH / "site_results.json").write_text(json.dumps(results, indent=2) + "\n")
    print(f"Measured on {results['machine']}")
    if build_seconds is not None:
        print(f"| build (rulesdojo build-site, downloads cached) | {build_seconds:.0f} s |")
    print(f"| site on disk | {results['site_bytes'] / 1e6:.1f} MB in {len(sizes)} files |")
    print(f"| fetched by the landing page, cold | {results['first_load_bytes']['median'] / 1e6:.1f} MB |")
    print(f"| first widget, cold cache (median of {args.loads}) | {results['first_widget_cold_s']['median']:.1f} s |")
    print(f"| first widget, warm cache (median of {args.loads}) | {results['first_widget_warm_s']['median']:.1f} s |")
    print(f"| requests leaving 127.0.0.1 | {len(outside)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
