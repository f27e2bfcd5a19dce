"""The class benchmark's simulated learner (benchmarks/learners.py) against a real Voila: the messages
it builds are the ones the page sends, so the kernel answers them as it answers a browser."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("rulesdojo_learners", ROOT / "benchmarks" / "learners.py")
learners = sys.modules[_spec.name] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(learners)


def test_one_protocol_learner_takes_lesson_7_through_the_kernel_websocket(voila_processes, tmp_path):
    _, url = voila_processes(ROOT / "lessons", {"RULESDOJO_RESULTS": str(tmp_path / "results.sqlite3")})
    rec: dict = {"clicks_ms": []}

    async def take():
        from tornado.httpclient import AsyncHTTPClient
        page = await learners.open_page(AsyncHTTPClient(), url, learners.LESSON, [], rec)
        try:
            # Ready: every widget the page displays has its state, as the page's widget manager gets it.
            assert page.views and all(v in page.models for v in page.views)
            task = page.part("You choose the order")
            assert not page.says(task, "✓ Done.")

            async def no_thinking():
                pass

            await learners.take_lesson_7(page, rec, learners.answers(), no_thinking)
            return page.says(task, "✓ Done."), page.models[page.find(task, model="AnyModel", readonly=False)]
        finally:
            await page.close()

    # A thread of its own: the browser tests' Playwright driver may already run an event loop in this one.
    with ThreadPoolExecutor(1) as pool:
        done, table = pool.submit(asyncio.run, asyncio.wait_for(take(), 120)).result()
    assert done and rec["ok"] and len(rec["clicks_ms"]) == 5
    # The kernel played what the learner sent: the Forest is on Alice's battlefield, the Lynx 2/3.
    alice = next(p for p in table["players"] if p["name"] == "Alice")
    assert "Forest" in [c["name"] for c in alice["lands"]] and not alice["hand"]
    assert next(c["pt"] for c in alice["creatures"] if c["name"] == "Steppe Lynx") == "2/3"
