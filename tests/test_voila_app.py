"""The kit's kernel manager, without a server: what the culler does with a kernel still starting, when
a pool's refill may run its notebook, and pages that start their own kernel taking turns."""

import asyncio
import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
from traitlets.config import Configurable
from voila.voila_kernel_manager import voila_kernel_manager_factory

from rulesdojo.serve.voila_app import DojoKernelManager, Refills
from rulesdojo.serve.voila_handlers import LOADING, Loading


def test_the_culler_passes_over_a_kernel_still_starting():
    manager = DojoKernelManager(cull_idle_timeout=1)
    starting = ServerKernelManager(kernel_name="python3")  # in the map, its activity not marked yet
    manager._kernels["starting"] = starting
    with ThreadPoolExecutor(1) as pool:  # a loop of its own: Playwright's driver may run one in this thread
        pool.submit(asyncio.run, asyncio.wait_for(manager.cull_kernel_if_idle("starting"), 60)).result(120)
    assert manager._kernels == {"starting": starting}


def run(coroutine, deadline: float = 60):
    """Run ``coroutine`` on a loop of its own, failing past ``deadline`` seconds."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coroutine, deadline)).result(deadline * 2)


async def messages(refills: Refills, seconds: float) -> None:
    """Send page messages every tenth of a second for ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        refills.heard()
        await asyncio.sleep(0.1)


def test_a_refill_waits_while_pages_send_messages_and_runs_when_they_stop():
    async def class_clicking():
        refills = Refills(quiet=5, patience=600)
        refill = asyncio.ensure_future(refills.turn())
        await messages(refills, 2)
        waited_through_the_messages = not refill.done()
        await asyncio.wait_for(refill, 30)  # five quiet seconds later
        return waited_through_the_messages
    assert run(class_clicking())


def test_a_refill_runs_after_its_patience_while_pages_keep_sending():
    async def class_never_stops():
        refills = Refills(quiet=600, patience=1)
        refill = asyncio.ensure_future(refills.turn())
        clicking = asyncio.ensure_future(messages(refills, 60))
        await asyncio.wait_for(refill, 30)
        still_clicking = not clicking.done()
        clicking.cancel()
        return still_clicking
    assert run(class_never_stops())


def test_refills_run_one_at_a_time():
    async def two_refills():
        refills = Refills(quiet=0, patience=0, at_once=1)
        await asyncio.wait_for(refills.turn(), 10)
        second = asyncio.ensure_future(refills.turn())
        await asyncio.sleep(0.5)
        waited_for_the_first = not second.done()
        refills.done()
        await asyncio.wait_for(second, 10)
        return waited_for_the_first
    assert run(two_refills())


class Server(Configurable):
    """What Voila's pooled kernel manager reads from its server: a folder without notebooks."""

    def __init__(self, root_dir: str):
        super().__init__()
        self.root_dir, self.notebook_path = root_dir, None


def test_a_pool_refill_runs_its_notebook_only_in_a_quiet_moment(tmp_path):
    base = voila_kernel_manager_factory(DojoKernelManager, preheat_kernel=True, default_pool_size=1)
    ran = []

    class Pooled(base):  # the notebook's run recorded instead of started
        async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
            ran.append(notebook_path)
            return {"task": asyncio.ensure_future(asyncio.sleep(0)), "kernel_id": "k", "renderer": None}

    async def refill_while_clicking():
        manager = Pooled(parent=Server(str(tmp_path)))
        manager.refills = Refills(quiet=5, patience=600)
        await asyncio.wait_for(manager._initialize("first-fill.ipynb"), 10)  # before any page: at once
        manager.serving = True
        refill = asyncio.ensure_future(manager._initialize("07-landfall.ipynb"))
        await messages(manager.refills, 2)
        during = list(ran)
        await asyncio.wait_for(refill, 30)
        return during, list(ran)
    during, after = run(refill_while_clicking())
    assert during == ["first-fill.ipynb"]
    assert after == ["first-fill.ipynb", "07-landfall.ipynb"]


def test_a_page_counts_only_the_pool_kernels_ready_for_it(tmp_path):
    base = voila_kernel_manager_factory(DojoKernelManager, preheat_kernel=True, default_pool_size=1)

    async def pool_being_refilled():
        manager = base(parent=Server(str(tmp_path)))
        refill = asyncio.get_running_loop().create_future()  # waiting for its quiet moment
        manager._pools["07-landfall.ipynb"] = [refill]
        while_refilling = manager.get_pool_size("07-landfall.ipynb")
        refill.set_result({"kernel_id": "k", "task": None, "renderer": None})
        return while_refilling, manager.get_pool_size("07-landfall.ipynb")
    # A page that found the refill's entry would wait for it: with none ready it starts its own kernel.
    assert run(pool_being_refilled()) == (0, 1)


def test_pages_that_start_their_own_kernel_take_turns(monkeypatch):
    started = []

    async def start(self, **kwargs):  # the kernel's process, recorded instead of started
        kernel_id = f"k{len(started)}"
        started.append(kernel_id)
        self._kernels[kernel_id] = ServerKernelManager(kernel_name="python3")
        return kernel_id
    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start)

    async def two_arrivals():
        manager = DojoKernelManager()
        manager.starts = asyncio.Semaphore(1)
        first, second = Loading(), Loading()

        async def open_page(page):
            LOADING.set(page)
            return await manager.start_kernel(kernel_name="python3")
        await asyncio.wait_for(asyncio.ensure_future(open_page(first)), 10)
        waiting = asyncio.ensure_future(open_page(second))
        await asyncio.sleep(0.5)
        second_waited = not waiting.done() and started == ["k0"]
        first.loaded()  # the first page's notebook has run
        await asyncio.wait_for(waiting, 10)
        return second_waited, started, (first.kernel_id, second.kernel_id)
    assert run(two_arrivals()) == (True, ["k0", "k1"], ("k0", "k1"))


def test_a_page_s_request_information_goes_to_its_kernel_once_then_to_nobody():
    """F20: Voila cached a page's request information (its identity header among it) for good and
    handed it to anyone who connected to ``/voila/query/<kernel id>`` later."""
    from voila.request_info_handler import RequestInfoSocketHandler

    from rulesdojo.serve.voila_handlers import Fleeting, RequestInfo

    cache = Fleeting(60.0)
    cache["k1"] = '{"HTTP_X_FORWARDED_USER": "ana"}'
    got: dict[str, list] = {"kernel": [], "prober": []}

    def connection(who):
        handler = object.__new__(RequestInfo)
        handler.write_message = got[who].append
        handler.close = lambda code=None, reason=None: got[who].append(("closed", code))
        return handler

    saved = RequestInfoSocketHandler._cache, dict(RequestInfoSocketHandler._waiters)
    RequestInfoSocketHandler._cache = cache
    try:
        kernel = connection("kernel")
        kernel.open("k1")
        connection("prober").open("k1")  # the kernel's reader is there: refused
        kernel.on_close()
        connection("prober").open("k1")  # later: nothing is kept
    finally:
        RequestInfoSocketHandler._cache = saved[0]
        RequestInfoSocketHandler._waiters.clear()
        RequestInfoSocketHandler._waiters.update(saved[1])
    assert got["kernel"] == ['{"HTTP_X_FORWARDED_USER": "ana"}']
    assert got["prober"] == [("closed", 1008)]
    forgotten = Fleeting(0.0)
    forgotten["k2"] = "{}"
    assert forgotten.pop("k2", None) is None  # what no kernel asked for is forgotten


def test_a_kernel_s_reader_that_reconnected_gets_its_page_s_request_information():
    """A preheated kernel whose first reader's connection closed (a reconnection on a busy machine)
    connects again: the closed reader keeps neither the new one out nor the page's information, which
    waits for the new reader (ten preheated exam pages under load stayed "Waiting for the server to
    say who you are")."""
    from voila.request_info_handler import RequestInfoSocketHandler

    from rulesdojo.serve.voila_handlers import Fleeting, LiveReaders, RequestInfo

    class Connection:
        def __init__(self):
            self.closing = False

        def is_closing(self):
            return self.closing

    got: list = []

    def reader():
        handler = object.__new__(RequestInfo)
        handler.ws_connection = Connection()
        handler.write_message = got.append
        handler.close = lambda code=None, reason=None: got.append(("closed", code))
        return handler

    saved = RequestInfoSocketHandler._cache, RequestInfoSocketHandler._waiters
    RequestInfoSocketHandler._cache, RequestInfoSocketHandler._waiters = Fleeting(60.0), LiveReaders()
    try:
        first = reader()
        first.open("k1")
        first.ws_connection.closing = True  # its on_close has not run yet
        RequestInfoSocketHandler.send_updates({"kernel_id": "k1", "payload": '{"HTTP_X_FORWARDED_USER": "ana"}'})
        reader().open("k1")
    finally:
        RequestInfoSocketHandler._cache, RequestInfoSocketHandler._waiters = saved
    assert got == ['{"HTTP_X_FORWARDED_USER": "ana"}']


def test_stopping_every_kernel_passes_over_one_that_died_and_was_removed_meanwhile(monkeypatch):
    """A kernel listed when the server began stopping, then removed by its death's handling: the
    stop went on to ask for it and raised a 404, which the server's exit printed as a traceback."""
    stopped = []

    async def stop(self, kernel_id, now=False, restart=False):
        stopped.append(kernel_id)
        self._kernels.pop(kernel_id)
    monkeypatch.setattr(AsyncMappingKernelManager, "_async_shutdown_kernel", stop)
    manager = DojoKernelManager()
    manager._kernels.update(alive=ServerKernelManager(kernel_name="python3"),
                            dead=ServerKernelManager(kernel_name="python3"))

    async def stop_all_as_one_dies():
        listed = manager.list_kernel_ids()
        manager._kernels.pop("dead")  # its death is handled between the listing and its turn
        await asyncio.gather(*(manager._async_shutdown_kernel(k) for k in listed))
    run(stop_all_as_one_dies())
    assert stopped == ["alive"] and manager._kernels == {}


def test_a_kernel_interrupted_while_it_starts_lives_on_and_stops_without_a_traceback(capfd):
    """jupyter_client interrupts each kernel before shutting it down; a pool's refill still starting
    when the server stopped died of a KeyboardInterrupt in Python's own start and wrote its traceback
    to the server's log (seen at the end of a full run). The kernel's output is the test's here."""
    async def interrupt_at_once_then_stop():
        manager = DojoKernelManager()
        kernel_id = await manager.start_kernel(kernel_name="python3")
        kernel = manager.get_kernel(kernel_id)
        os.kill(kernel.provisioner.pid, signal.SIGINT)  # Python is still starting: no kernel yet
        client = kernel.client()
        client.start_channels()
        try:
            reply = await client.kernel_info(reply=True, timeout=30)  # the kernel started all the same
        finally:
            client.stop_channels()
        await manager.shutdown_kernel(kernel_id)  # interrupt, then the shutdown request
        return reply["content"]["status"], kernel_id in manager
    assert run(interrupt_at_once_then_stop(), deadline=90) == ("ok", False)
    # No traceback; ipykernel may say in one line that it caught the shutdown's interrupt once started.
    assert "Traceback" not in capfd.readouterr().err


def test_a_kernel_s_cell_can_still_be_interrupted():
    """Ignoring SIGINT while it starts leaves the kernel's own handling: a running cell stops."""
    async def interrupt_a_sleeping_cell():
        manager = DojoKernelManager()
        kernel_id = await manager.start_kernel(kernel_name="python3")
        client = manager.get_kernel(kernel_id).client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=60)
            started = time.monotonic()
            running = asyncio.ensure_future(client.execute_interactive("import time; time.sleep(60)", timeout=90))
            await asyncio.sleep(1)
            await manager.interrupt_kernel(kernel_id)
            reply = await running
            return reply["content"].get("ename"), time.monotonic() - started < 30
        finally:
            client.stop_channels()
            await manager.shutdown_kernel(kernel_id, now=True)
    assert run(interrupt_a_sleeping_cell(), deadline=90) == ("KeyboardInterrupt", True)


def test_a_kernel_reads_its_page_s_identity_through_an_opening_the_server_answers_late():
    """On a loaded server a preheated kernel's connection for its page's request information took
    over 5 s to open: Voila's reader gave up on it and opened another, while the server had taken
    the first and handed it the information, which was lost with it: the page waited for its
    identity for good (a candidate "waiting for the server to say who you are" under load)."""
    import json

    from tornado.web import Application

    from rulesdojo.serve.identity import read_request_info
    from rulesdojo.serve.voila_handlers import Fleeting, LiveReaders, RequestInfo
    from rulesdojo.serve.voila_private import request_info_stores

    class Late(RequestInfo):
        opened: list = []

        async def prepare(self):
            await asyncio.sleep(6)  # the server, busy, answers the opening late

        def open(self, kernel_id):
            Late.opened.append(kernel_id)
            super().open(kernel_id)
            Late.send_updates({"kernel_id": kernel_id, "payload": json.dumps({"HTTP_X_FORWARDED_USER": "ana"})})
    request_info_stores(Late, Fleeting(30), LiveReaders())

    async def serve_and_read():
        server = Application([(r"/voila/query/(\w+)", Late)]).listen(0, "127.0.0.1")
        port = next(iter(server._sockets.values())).getsockname()[1]
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(None, read_request_info, f"ws://127.0.0.1:{port}/voila/query/k1")
        finally:
            server.stop()
    assert run(serve_and_read(), deadline=60) == {"HTTP_X_FORWARDED_USER": "ana"}
    assert Late.opened == ["k1"]  # one connection, kept open through the wait
