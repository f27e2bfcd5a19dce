"""N3: one kernel takes a bounded number of websocket connections; the rest get a plain 503.

The probe opened 600 connections to one kernel in 11 s: Voila grew from 241 to 509 MB and kept it,
and every widget change went out to every connection. Here the same 600 are tried, 20 at a time,
all on 127.0.0.1, and those accepted are held open to the end.
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil

from rulesdojo.serve.voila_app import PAGE_SOCKETS

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("rulesdojo_learners", ROOT / "benchmarks" / "learners.py")
learners = sys.modules[_spec.name] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(learners)

TRIES = 600
AT_ONCE = 20
MB = 2 ** 20


def in_thread(work, timeout: float = 600):
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(work(), timeout)).result()


def test_a_kernel_takes_a_few_connections_and_refuses_the_rest_plainly(voila_processes, write_notebook, tmp_path):
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus
    folder = tmp_path / "pages"
    folder.mkdir()
    write_notebook(folder / "page.ipynb", "import ipywidgets as ipw\nipw.Button(description='Count')")
    server, url = voila_processes(folder, {})
    voila = psutil.Process(server.pid)

    async def flood():
        from tornado.httpclient import AsyncHTTPClient
        page = await learners.open_page(AsyncHTTPClient(), url, "page.ipynb", [], {})
        before = voila.memory_info().rss
        held, refused, other = [], [], []
        lanes = asyncio.Semaphore(AT_ONCE)
        base = url.replace("http://", "ws://") + f"api/kernels/{page.kernel_id}/channels?session_id="

        async def one():
            async with lanes:
                try:
                    held.append(await connect(base + uuid.uuid4().hex, subprotocols=[learners.PROTOCOL],
                                              open_timeout=60, compression=None))
                except InvalidStatus as refusal:
                    refused.append(refusal.response.status_code)
                except Exception as error:  # noqa: BLE001 - counted, and shown if the test fails
                    other.append(repr(error))
        started = time.monotonic()
        try:
            await asyncio.gather(*(one() for _ in range(TRIES)))
            took = time.monotonic() - started
            during = voila.memory_info().rss
        finally:
            for ws in held:
                await ws.close()
            await page.close()
        return len(held), refused, other, took, before, during

    held, refused, other, took, before, during = in_thread(flood)
    print(f"{TRIES} tries in {took:.1f} s: {held} held, {len(refused)} refused, {len(other)} other; "
          f"Voila {before / MB:.0f} MB before, {during / MB:.0f} MB with them held")
    assert held <= PAGE_SOCKETS - 1  # the page holds one of the kernel's places
    assert set(refused) == {503} and len(refused) == TRIES - held and not other
    assert during - before < 30 * MB
