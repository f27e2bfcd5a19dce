"""Learners through JupyterHub: how long a learner waits for their server, and what each one costs.

Starts JupyterHub on 127.0.0.1 with the kit's configuration (``rulesdojo hub --config``, no mentors'
service), signs LEARNERS in at once in headless Debian chromium, and times for each the sign-in to
the landing page shown (the hub starting their server included) and lesson 7 ready on it. Then it
reads the memory of each learner's processes (their server and its kernels; USS, what the learner
adds, and RSS). Against it, in the same run, the same pages for the same number of learners on one
Voila (``rulesdojo serve``): there a learner costs a kernel per open page and a share of the one
server. Writes
benchmarks/hub_results.json. Loopback only; stops by itself (``--limit``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path

import psutil

from common import BENCH, LESSONS, ROOT, helpers, launch, local_only, machine_line, start_voila, stop_voila, summary

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from learner import sign_in_to_hub  # noqa: E402

LESSON = "07-landfall.ipynb"
READY = "steps done"          # lesson 7's progress line: its widgets are up
WAIT = 120_000


def tree(root: psutil.Process) -> list[psutil.Process]:
    try:
        return [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def is_kernel(p: psutil.Process) -> bool:
    try:
        return "ipykernel" in " ".join(p.cmdline())
    except psutil.Error:
        return False


def memory_mb(procs) -> dict:
    """Sum USS and RSS over processes, in MB."""
    uss = rss = 0
    for p in procs:
        try:
            info = p.memory_full_info()
            uss, rss = uss + info.uss, rss + info.rss
        except psutil.Error:
            pass
    return {"uss_mb": round(uss / 2**20, 1), "rss_mb": round(rss / 2**20, 1)}


def learner_servers(hub: psutil.Process) -> dict[str, psutil.Process]:
    """Map each learner to the server the hub started for them (their ``rulesdojo serve --hub``)."""
    out = {}
    for p in hub.children():
        try:
            if "--hub" in p.cmdline():
                out[p.environ().get("JUPYTERHUB_USER")] = p
        except psutil.Error:
            pass
    return out


def open_lesson(page, url: str) -> float:
    """Open lesson 7 at ``url``; return the seconds until its widgets are up."""
    t0 = time.monotonic()
    page.goto(url, wait_until="commit", timeout=WAIT)
    page.get_by_text(READY).first.wait_for(timeout=WAIT)
    return time.monotonic() - t0


def through_hub(browser, names, home: Path) -> dict:
    proc, url, _results, log = helpers.start_hub(home, hub_args=("--mentors", ""))
    try:
        hub_memory = memory_mb([p for p in tree(psutil.Process(proc.pid)) if "--hub" not in " ".join(p.cmdline())])
        pages, started = {}, {}
        for name in names:   # everyone signs in at once, as a class arrives
            context = browser.new_context()
            local_only(context, [])
            page = context.new_page()
            started[name] = time.monotonic()
            sign_in_to_hub(page, url, name, helpers.HUB_PASSWORD)
            pages[name] = page
        out = {}
        for name, page in pages.items():
            page.wait_for_url(re.compile(rf".*/user/{name}/voila/render/index\.ipynb"), timeout=WAIT)
            page.wait_for_load_state("load", timeout=WAIT)
            out[name] = {"sign_in_to_landing_s": round(time.monotonic() - started[name], 2)}
        for name, page in pages.items():
            out[name]["lesson_ready_s"] = round(open_lesson(page, url + f"user/{name}/voila/render/{LESSON}"), 2)
        text = log.read_text(errors="replace")
        for name in names:   # the hub's own count: spawn to server answering
            took = re.search(rf"User {name} took ([\d.]+) seconds to start", text)
            out[name]["hub_start_s"] = float(took.group(1)) if took else None
        time.sleep(2)
        for name, server in learner_servers(psutil.Process(proc.pid)).items():
            procs = tree(server)
            kernels = [p for p in procs if is_kernel(p)]
            out[name].update(memory_mb(procs), kernels=len(kernels),
                             server_uss_mb=memory_mb([p for p in procs if p not in kernels])["uss_mb"])
        for page in pages.values():
            page.context.close()
        return {"learners": out, "hub_and_proxy": hub_memory}
    finally:
        helpers._stop(proc)


def one_voila(browser, names, home: Path) -> dict:
    proc, url, _log = start_voila(LESSONS, home, {"RULESDOJO_RESULTS": str(home / "results.sqlite3")})
    try:
        server = memory_mb([psutil.Process(proc.pid)])
        out = {}
        contexts = []
        for name in names:
            context = browser.new_context()
            local_only(context, [])
            page = context.new_page()
            contexts.append(context)
            page.goto(url + "voila/render/index.ipynb", timeout=WAIT)
            out[name] = {"lesson_ready_s": round(open_lesson(page, url + f"voila/render/{LESSON}"), 2)}
        time.sleep(2)
        kernels = [p for p in tree(psutil.Process(proc.pid)) if is_kernel(p)]
        total = memory_mb(kernels)
        for context in contexts:
            context.close()
        return {"learners": out, "server": server, "kernels": len(kernels),
                "per_kernel": {k: round(v / max(1, len(kernels)), 1) for k, v in total.items()}}
    finally:
        stop_voila(proc)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--learners", type=int, default=3)
    ap.add_argument("--limit", type=float, default=600.0, help="hard limit for the whole run, seconds")
    ap.add_argument("--out", default=str(BENCH / "hub_results.json"))
    args = ap.parse_args(argv)
    names = [f"learner{i + 1}" for i in range(max(1, min(args.learners, 10)))]
    from playwright.sync_api import sync_playwright
    result = {"machine": machine_line(), "learners": len(names), "pages": ["index.ipynb", LESSON]}
    with sync_playwright() as pw:
        browser = launch(pw)
        browser_deadline = time.monotonic() + args.limit
        result["hub"] = through_hub(browser, names, Path(tempfile.mkdtemp(prefix="rulesdojo-hub-")))
        if time.monotonic() < browser_deadline:
            result["one_voila"] = one_voila(browser, names, Path(tempfile.mkdtemp(prefix="rulesdojo-voila-")))
        browser.close()
    hub = result["hub"]["learners"].values()
    result["summary"] = {
        "sign_in_to_landing_s": summary([x["sign_in_to_landing_s"] for x in hub]),
        "hub_start_s": summary([x["hub_start_s"] for x in hub if x.get("hub_start_s") is not None] or [0]),
        "lesson_ready_hub_s": summary([x["lesson_ready_s"] for x in hub]),
        "memory_per_learner_hub_uss_mb": summary([x["uss_mb"] for x in hub if "uss_mb" in x]),
        "memory_per_learner_hub_rss_mb": summary([x["rss_mb"] for x in hub if "rss_mb" in x]),
        "of_which_their_server_uss_mb": summary([x["server_uss_mb"] for x in hub if "server_uss_mb" in x]),
    }
    if "one_voila" in result:
        # One lesson page open per learner, as through the hub: a kernel, and a share of the one server.
        one = result["one_voila"]
        per_learner = round(one["per_kernel"]["uss_mb"] + one["server"]["uss_mb"] / len(names), 1)
        result["summary"]["lesson_ready_one_voila_s"] = summary([x["lesson_ready_s"] for x in one["learners"].values()])
        result["summary"]["memory_per_learner_one_voila_uss_mb"] = per_learner
        result["summary"]["hub_vs_one_voila_memory"] = round(
            result["summary"]["memory_per_learner_hub_uss_mb"]["median"] / per_learner, 2)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n")
    print(result["machine"])
    print(f"{len(names)} learners signing in at once through JupyterHub (index, then lesson 7):")
    for key, value in result["summary"].items():
        print(f"  {key}: {value if not isinstance(value, dict) else {k: round(v, 2) for k, v in value.items()}}")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
