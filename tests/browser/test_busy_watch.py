"""N2: the busy watch covers every page message in flight, not only the last 100 forwarded.

The probe's attack: a heavy message queued behind a long line of paced updates. The kernel reached
it after the server had forgotten it was sent, and it ran past the limit uninterrupted. Here one
heavy click keeps the kernel busy for the limit; a second heavy click and then 150 paced clicks
queue behind it; the second must be interrupted too.
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from rulesdojo.serve.serving import limit_args

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("rulesdojo_learners", ROOT / "benchmarks" / "learners.py")
learners = sys.modules[_spec.name] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(learners)

LIMIT = 15.0       # s: the busy limit here (150 paced clicks take as long at ten a second)
BEHIND = 150       # clicks queued behind the second heavy one: more than the 100 the old watch held
INTERRUPTED = "worked on one page message for"
HEAVY = """\
import time
import ipywidgets as ipw



def think_it_over(_button):
    while True:  # work with no end in sight, until interrupted
        time.sleep(0.01)


think = ipw.Button(description="Think it over")
count = ipw.Button(description="Count")
think.on_click(think_it_over)
count.on_click(lambda _button: None)
ipw.HBox([think, count])
"""


def in_thread(work, timeout: float = 600):
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(work(), timeout)).result()


def test_a_heavy_message_queued_behind_many_updates_is_interrupted_too(voila_processes, write_notebook, tmp_path):
    folder = tmp_path / "pages"
    folder.mkdir()
    write_notebook(folder / "heavy.ipynb", HEAVY)
    server, url = voila_processes(folder, {}, extra_args=limit_args(0, busy_limit=LIMIT))

    async def attack():
        from tornado.httpclient import AsyncHTTPClient
        page = await learners.open_page(AsyncHTTPClient(), url, "heavy.ipynb", [], {})
        try:
            root = next(m for m in page.models if page.models[m].get("_model_name") == "HBoxModel")
            think, count = page.find(root, description="Think it over"), page.find(root, description="Count")
            page.custom(think, {"event": "click"})
            page.custom(think, {"event": "click"})
            for _ in range(BEHIND):  # at the pace the server forwards them, so none is dropped
                last = page.custom(count, {"event": "click"})
                await asyncio.sleep(0.11)
            deadline = time.monotonic() + 2 * LIMIT + 60
            while time.monotonic() < deadline and server.log.read_text().count(INTERRUPTED) < 2:
                await asyncio.sleep(0.5)
            interrupted = server.log.read_text().count(INTERRUPTED)
            if interrupted == 2:  # the clicks behind are then answered: the kernel is idle at the end
                await asyncio.wait_for(page.idle[last].wait(), 60)
            return interrupted
        finally:
            await page.close()

    started = time.monotonic()
    interrupted = in_thread(attack)
    print(f"{interrupted} interruptions in {time.monotonic() - started:.0f} s "
          f"(limit {LIMIT} s, {BEHIND} clicks queued behind the second heavy one)")
    assert interrupted == 2
