"""Voila as the kit serves it: nothing from elsewhere, a bounded number of kernels, paced pages.

``rulesdojo serve`` runs ``python -m rulesdojo.serve.voila_app`` instead of ``python -m voila``; every Voila
option still applies. On top of Voila this app

- redirects ``/`` and ``/voila/tree`` to the landing page and drops the folder listing API, so no
  page lists the folder or loads the tree page's icons from a CDN;
- adds a Content-Security-Policy allowing only the server itself to every response;
- refuses a new page with a plain "the class is full" page (HTTP 503, ``503.html`` in the
  ``rulesdojo`` template) once ``DojoKernelManager.max_kernels`` pages have a kernel;
- forwards a page's messages to its kernel by what they are: widget events at a bounded pace, keeping
  the newest when they flood; its loading requests and comms bounded; anything else refused; and
  interrupts a kernel that works on one message past a time limit;
- ends every page, also one whose kernel dies while it loads (``voila_handlers``), and answers a
  path that names nothing with a 4xx, never a 500; the log holds no token.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import json
import logging
import os
import signal
import struct
import time
import weakref
from pathlib import Path
from typing import cast

from jupyter_server.services.kernels.connection.base import deserialize_binary_message, deserialize_msg_from_ws_v1
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.auth.identity import IdentityProvider
from jupyter_server.auth.logout import LogoutHandler
from jupyter_server.log import log_request
from jupyter_server.utils import url_path_join
from tornado import web
from tornado.ioloop import IOLoop
from traitlets import Float, Int, Type, Unicode
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.static_file_handler import AllowListFileHandler, TemplateStaticFileHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from ..shipped import landing_page
from .voila_private import (kernel_record, pools, request_info_stores, restarter, starting, utcnow,
                            wrap_pool_fill)
from .voila_handlers import (LOADING, REQUEST_INFO_KEPT, Files, Fleeting, KernelDeaths, KernelSocket, LiveReaders,
                             PageHandler, RequestInfo, Scrub, SlowGuesses, TemplateFiles)

# Inline scripts and eval: Voila's page and the widget manager; blob: and data: the anywidget
# modules and images the page builds itself. Nothing names another host.
CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: data:; "
       "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; "
       "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; "
       "form-action 'self'; frame-ancestors 'self'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer"}

# A page may send PAGE_BURST widget updates and events at once and PAGE_RATE a second after that (a
# learner clicks a few times a second); past it only the newest PAGE_BACKLOG wait, so the click after
# a flood is forwarded within PAGE_BACKLOG / PAGE_RATE seconds.
PAGE_BURST = 10
PAGE_RATE = 10.0
PAGE_BACKLOG = 2
# What a page asks while it opens (kernel info, the widget manager's control comm, every widget's
# state: four messages) passes at once up to LOAD_BURST, then LOAD_RATE a second; past it, refused.
LOAD_BURST = 10
LOAD_RATE = 2.0
# The one comm a page opens (ipywidgets' widget manager, to ask for every widget's state), and how
# many of them a kernel holds open for its pages at once.
PAGE_TARGETS = frozenset({"jupyter.widget.control"})
PAGE_COMMS = 8
# When the control comm answers late (4 s, under load), the widget manager asks each widget for its
# state instead: one ``request_state`` per widget (a lesson has about 170). Each connection may ask
# each comm once, STATE_BURST at once and STATE_RATE a second after that.
STATE_BURST = 400
STATE_RATE = 40.0
# Page messages forwarded to one kernel and not yet done (the kernel has not said "idle" for them):
# the busy watch times each of them. Past this many, a page's further messages wait (events) or are
# refused, so no message escapes the watch. Room for a late page's every widget state at once.
IN_FLIGHT = STATE_BURST + LOAD_BURST + 2 * PAGE_BURST
# Connections one kernel takes at once: its page holds one, and a reconnecting page briefly a second
# while the first closes. Past it, a plain 503: each connection costs the server memory and receives
# every widget change the kernel sends.
PAGE_SOCKETS = 3
BUSY_LIMIT = 30.0  # seconds a kernel may work on one page message before it is interrupted
# A pool's refill re-runs its notebook: while a class clicks it waits until no page message came for
# REFILL_QUIET seconds (at most REFILL_PATIENCE seconds), and REFILL_AT_ONCE run at a time, so the
# learners' clicks get the cores first. The pools' first fill, before any page, runs at once.
REFILL_QUIET = 2.0
REFILL_PATIENCE = 60.0
REFILL_AT_ONCE = 1
# Pages that find no preheated kernel start their own and run the notebook: at most STARTS_AT_ONCE at a
# time (the others wait their turn), so a burst of arrivals leaves a core for the clicks.
STARTS_AT_ONCE = max(1, (os.cpu_count() or 2) // 2)
V1 = "v1.kernel.websocket.jupyter.org"
LOST_CODE = 4000  # the websocket close code telling a page its kernel is gone (4000-4999: the app's own)

# What JupyterHub's spawner gives a learner's server to sign people in with (rulesdojo serve --hub).
HUB_SECRETS = frozenset({"JUPYTERHUB_API_TOKEN", "JPY_API_TOKEN", "JUPYTERHUB_CLIENT_ID",
                         "JUPYTER_TOKEN", "JUPYTER_TOKEN_FILE"})  # and jupyter_server's own


def start_deaf_to_interrupts() -> None:
    """Run in a kernel's process just before it execs: SIGINT is ignored until ipykernel installs its
    own handling (ipykernel ignores SIGINT too, and answers it only while running a cell).

    jupyter_client interrupts every kernel before shutting it down; a kernel still starting (a pool's
    refill when the server stops) then died of a KeyboardInterrupt in Python's own start, and its
    traceback filled the server's log. Ignored at exec, Python installs no KeyboardInterrupt handler
    of its own, so the kernel starts, reads the shutdown request and exits."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class SecurityHeaders(web.OutputTransform):
    """Set the kit's headers on every response, whichever handler (or error page) wrote it."""

    def transform_first_chunk(self, status_code, headers, chunk, finishing):
        for name, value in HEADERS.items():
            headers[name] = value
        if status_code == 503:
            headers["Retry-After"] = "60"
        return status_code, headers, chunk


class Refills:
    """Hold a pool's refill back while pages send messages: ``turn`` returns in a quiet moment (no
    page message for ``quiet`` seconds, or after ``patience`` seconds of waiting) and with fewer than
    ``at_once`` refills running; ``done`` ends a refill's turn."""

    def __init__(self, quiet: float = REFILL_QUIET, patience: float = REFILL_PATIENCE,
                 at_once: int = REFILL_AT_ONCE):
        self.quiet, self.patience = quiet, patience
        self.heard_at = float("-inf")
        self.places = asyncio.Semaphore(at_once)

    def heard(self) -> None:
        """Note that a page sent its kernel a message."""
        self.heard_at = time.monotonic()

    async def turn(self) -> None:
        await self.places.acquire()
        deadline = time.monotonic() + self.patience
        while (now := time.monotonic()) < deadline and now - self.heard_at < self.quiet:
            await asyncio.sleep(min(self.heard_at + self.quiet, deadline) - now)

    def done(self, *_) -> None:
        self.places.release()


#: each page's kernel says a reply its shutdown cut off in one line, not a traceback (``kernel_log``)
KERNEL_EXTENSION = "--IPKernelApp.extensions=rulesdojo.serve.kernel_log"


class DojoKernelManager(AsyncMappingKernelManager):
    """Start a page's kernel only while fewer than ``max_kernels`` pages have one.

    Kernels waiting in Voila's preheated pools are not counted (their number is the pool size);
    a page that takes one from a pool, or starts its own, is.
    """

    max_kernels = Int(0, config=True, help="Most pages with a kernel at once (0: no limit).")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._preheating = 0
        self.restarted: set[str] = set()  # kernels restarted after dying: none holds its page's state
        self.refills = Refills()
        self.waiting: dict[str, int] = {}  # preheated kernels no page took yet -> their restart limit
        self.serving = False  # a page has been served: from then on a pool's fill is a refill
        self.starts = asyncio.Semaphore(STARTS_AT_ONCE)  # pages starting a kernel of their own
        taken = getattr(self, "get_rendered_notebook", None)
        if taken is not None:  # Voila's pooled manager: taking a preheated kernel opens a page too
            wrap_pool_fill(self, self.in_turn)
            # Voila hands a page the pool's first entry even while it is still being refilled, and the
            # page waits for that refill; a page that finds no kernel ready starts its own instead.
            self.get_pool_size = lambda notebook: len(self.ready(notebook))

            async def take(notebook_name, **kw):
                self.serving = True
                self.refuse_if_full()
                pool, ready = pools(self).get(notebook_name, []), self.ready(notebook_name)
                if ready and pool[0] is not ready[0]:  # Voila takes the first entry: make it a ready one
                    pool.remove(ready[0])
                    pool.insert(0, ready[0])
                render_task, rendered, kernel_id = await taken(notebook_name, **kw)
                self.taken(kernel_id)
                # Idle since it was preheated, and no page connected yet: the culler would take it
                # from the learner before their page connects.
                self.get_kernel(kernel_id).last_activity = utcnow()
                self.tell_page(kernel_id)
                return render_task, rendered, kernel_id
            self.get_rendered_notebook = take

    def in_turn(self, initialize):
        """A pool's refill of one entry (``initialize``) that waits its turn once pages are served."""
        async def fill(notebook, kernel_id=None, **kw):
            if kernel_id is not None or not self.serving:  # a restart's, or the first fill
                return await initialize(notebook, kernel_id, **kw)
            await self.refills.turn()
            try:
                content = await initialize(notebook, kernel_id, **kw)
            except BaseException:
                self.refills.done()
                raise
            content["task"].add_done_callback(self.refills.done)  # the notebook has run
            return content
        return fill

    def ready(self, notebook: str) -> list:
        """Return the entries of ``notebook``'s pool whose kernel has started and runs the notebook."""
        return [task for task in pools(self).get(notebook, ())
                if task.done() and not task.cancelled() and task.exception() is None]

    def pooled(self) -> set[str]:
        """Return the kernels waiting in a pool for a page."""
        return {task.result()["kernel_id"] for notebook in pools(self) for task in self.ready(notebook)}

    def leave_pools(self, kernel_id: str) -> None:
        """Take a kernel out of the pool it waits in, so no page is given it."""
        for pool in pools(self).values():
            for task in [t for t in pool if t.done() and not t.cancelled() and t.exception() is None
                         and t.result()["kernel_id"] == kernel_id]:
                pool.remove(task)
                run = task.result()["task"]  # its notebook's run, on a dead kernel
                if not run.done():
                    run.cancel()
                elif not run.cancelled():
                    run.exception()  # the kernel's death is what the log says, not the run's traceback

    async def _async_shutdown_kernel(self, kernel_id, now=False, restart=False):
        """Shut a kernel down, unless it is already gone: one that died while the server was stopping
        is removed by its death's handling, and stopping it again raised a 404 that the server's exit
        printed as a traceback. (Stopping every kernel calls this method by this name.)"""
        if kernel_id not in self:
            self.log.info("Kernel %s was already gone at shutdown", kernel_id)
            return None
        return await super()._async_shutdown_kernel(kernel_id, now=now, restart=restart)

    def remove_kernel(self, kernel_id: str):
        """Forget a kernel that died; one that waited in a pool leaves it (the culler's round refills
        the pool), so no page is given a dead kernel."""
        self.leave_pools(kernel_id)
        self.restarted.discard(kernel_id)
        self.waiting.pop(kernel_id, None)
        return super().remove_kernel(kernel_id)

    def pages(self) -> int:
        """Count the kernels that serve (or are starting for) a page."""
        live = set(self.list_kernel_ids()) | set(starting(self))
        return len(live - self.pooled()) - self._preheating

    def refuse_if_full(self) -> None:
        if self.max_kernels and self.pages() >= self.max_kernels:
            raise web.HTTPError(503, "%d pages have a kernel", self.pages())

    async def start_kernel(self, *args, **kwargs):
        preheat = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"
        page = LOADING.get() if not preheat and kwargs.get("kernel_id") is None else None
        if page is not None:  # its turn ends when the page has loaded (its notebook has run)
            await self.starts.acquire()
            page.when_loaded(self.starts.release)
        if not preheat and kwargs.get("kernel_id") is None:
            self.serving = True
            self.refuse_if_full()  # counted and started in one step: no other request runs between
        self._preheating += preheat
        # Under a hub the server holds the hub's API token for its sign-in; a kernel has no use for it.
        kwargs["env"] = {name: value for name, value in (kwargs.get("env") or os.environ).items()
                         if name not in HUB_SECRETS}
        kwargs["extra_arguments"] = [*kwargs.get("extra_arguments", ()), KERNEL_EXTENSION]
        kwargs["preexec_fn"] = start_deaf_to_interrupts  # a Popen argument, passed down by jupyter_client
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)
        finally:
            self._preheating -= preheat
        kernel_restarter = restarter(self.get_kernel(kernel_id))
        if kernel_restarter is not None:
            # A kernel that dies is not restarted: restarted blank it would hold none of its page's
            # state (widgets, board, answers so far) and only look alive. A page's is shut down and
            # its page told (``lose``); a preheated one is replaced by a new one (sockets of its
            # own, the notebook run again).
            kernel_restarter.restart_limit = 0
        if preheat:
            self.waiting[kernel_id] = 0
        if not preheat:
            self.tell_page(kernel_id)
        return kernel_id

    def lose(self, kernel_id: str) -> None:
        """Note that a page's kernel died: its page's connections are closed (the page says the
        connection is lost) and no page may connect to it again."""
        self.restarted.add(kernel_id)
        door = getattr(kernel_record(self, kernel_id), "dojo_door", None)
        for connection in list(door.connections if door is not None else ()):
            # Once jupyter_server's own callbacks have told the page (they write to the socket).
            IOLoop.current().add_callback(connection.websocket_handler.close, LOST_CODE,
                                          "The kernel of this page was lost")

    def taken(self, kernel_id: str) -> None:
        """Note that a page took a preheated kernel: from now on its death is its page's."""
        self.waiting.pop(kernel_id, None)

    def _handle_kernel_died(self, kernel_id):
        if self.waiting.pop(kernel_id, None) is None:
            self.log.warning("Kernel %s of a page died: its page is told, the kernel shut down", kernel_id)
            self.lose(kernel_id)
        else:
            self.log.warning("Preheated kernel %s died before a page took it: a new one takes its place",
                             kernel_id)
            self.leave_pools(kernel_id)
        IOLoop.current().add_callback(self._replace, kernel_id)

    async def _replace(self, kernel_id: str) -> None:
        """Shut a dead kernel down (its process, its socket files) and refill the pools."""
        if kernel_id in self:
            await super().shutdown_kernel(kernel_id, now=True)
        self.refill_pools()

    def tell_page(self, kernel_id: str) -> None:
        """Tell the page being loaded (if this runs for one) which kernel is its own."""
        page = LOADING.get()
        if page is not None:
            page.given(kernel_id, self)

    async def cull_kernels(self):
        await super().cull_kernels()
        self.refill_pools()

    async def cull_kernel_if_idle(self, kernel_id):
        # A kernel enters the map a moment before jupyter_server marks its activity (one turn of the
        # event loop); the culler reading it then raised TraitError for 'last_activity'.
        kernel = kernel_record(self, kernel_id)
        if kernel is not None and kernel.trait_has_value("last_activity"):
            await super().cull_kernel_if_idle(kernel_id)

    def refill_pools(self) -> None:
        """Drop pool entries whose kernel could not start and start what each pool lacks."""
        for notebook, pool in pools(self).items():
            for task in [t for t in pool if t.done() and (t.cancelled() or t.exception() is not None)]:
                pool.remove(task)
            # fill_if_needed is Voila's pooled manager's (public there), mixed in; a full pool starts nothing
            self.fill_if_needed(delay=0, notebook_name=notebook)  # type: ignore[attr-defined]


class Bucket:
    """A token bucket: ``burst`` at once, ``rate`` a second after that."""

    def __init__(self, burst: int, rate: float):
        self.burst, self.rate = burst, rate
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Pacer(Bucket):
    """One kernel's token bucket, and for each connection to it the newest messages waiting."""

    def __init__(self):
        super().__init__(PAGE_BURST, PAGE_RATE)
        self.waiting: dict = {}  # connection -> deque of its newest messages, in turn
        self.dropped = 0
        self.timer = None

    def wait(self, connection, message) -> bool:
        """Queue ``message``; return False if the connection's oldest waiting message was dropped."""
        queue = self.waiting.setdefault(connection, collections.deque(maxlen=PAGE_BACKLOG))
        full = len(queue) == queue.maxlen
        queue.append(message)
        return not full

    def next_waiting(self):
        """Return (connection, message) from the connection whose turn it is, or None.

        A connection that has flooded (lost messages) waits behind those that have not.
        """
        for connection in sorted(self.waiting, key=lambda c: getattr(c, "flooded", False)):
            queue = self.waiting.pop(connection)
            if queue:
                message = queue.popleft()
                if queue:
                    self.waiting[connection] = queue  # to the back of the line
                return connection, message
        return None


class Door:
    """What one kernel's pages may still send it: the pace of their events and of their loading
    requests, the comms they hold open, and the page message the kernel is busy with."""

    def __init__(self):
        self.events = Pacer()
        self.loading = Bucket(LOAD_BURST, LOAD_RATE)
        self.states = Bucket(STATE_BURST, STATE_RATE)
        self.comms: set[str] = set()
        # The ids of the messages forwarded that the kernel has not finished, in the order sent: the
        # kernel handles them in that order, so when it starts or ends one, those before it are done.
        self.sent: collections.OrderedDict = collections.OrderedDict()
        self.connections: weakref.WeakSet = weakref.WeakSet()  # the pages' connections, open or opening
        self.busy: str | None = None  # the forwarded message the kernel is working on


def read_message(message, subprotocol: str | None) -> tuple[dict, dict] | None:
    """Return a page-sent message's header and content as the kernel would read them, or None.

    >>> read_message('{"header": {"msg_type": "comm_msg"}, "content": {"comm_id": "a"}}', None)
    ({'msg_type': 'comm_msg'}, {'comm_id': 'a'})
    >>> read_message("not a message", None) is None
    True
    >>> read_message(b"\\x7f" + b"\\xff" * 40, None) is None  # claims 2**31 buffers
    True
    """
    try:
        if subprotocol == V1:  # the channel, then header, parent header, metadata, content, buffers
            offsets = int.from_bytes(message[:8], "little")
            if not 6 <= offsets <= len(message) // 8 - 1:  # else the reader counts to 2**64
                return None
            parts = deserialize_msg_from_ws_v1(message)[1]
            header, content = json.loads(parts[0]), json.loads(parts[3])
        elif isinstance(message, bytes):  # the JSON protocol's frame with buffers: their count, offsets, parts
            if not 1 <= int.from_bytes(message[:4], "big", signed=True) <= len(message) // 4 - 1:
                return None  # else the reader builds a format string that long
            msg = deserialize_binary_message(message)
            header, content = msg["header"], msg["content"]
        else:
            msg = json.loads(message)
            header, content = msg["header"], msg["content"]
    except (ValueError, TypeError, KeyError, IndexError, struct.error):
        return None
    if not (isinstance(header, dict) and isinstance(content, dict) and isinstance(header.get("msg_type"), str)):
        return None
    return header, content


def kind(header: dict, content: dict) -> str:
    """Say what a page-sent message is, from its type and method: "event" (a widget's update or
    event: what a flood is made of), "load" (asked once while the page opens), "state" (one
    widget's state, asked while the page opens when the control comm was late), "open" or "close"
    (a comm), "stop" (the page shuts its kernel down), or "" (nothing a page sends: refused).

    >>> kind({"msg_type": "comm_msg"}, {"comm_id": "a", "data": {"method": "update", "request_state": 1}})
    'event'
    >>> kind({"msg_type": "comm_msg"}, {"comm_id": "a", "data": {"method": "request_states"}})
    'load'
    >>> kind({"msg_type": "comm_msg"}, {"comm_id": "a", "data": {"method": "request_state"}})
    'state'
    >>> kind({"msg_type": "comm_open"}, {"comm_id": "a", "target_name": "jupyter.widget", "data": {}})
    ''
    """
    msg_type = header["msg_type"]
    if msg_type in ("kernel_info_request", "comm_info_request"):
        return "load"
    if msg_type == "shutdown_request":
        return "stop"
    if not (msg_type.startswith("comm_") and isinstance(content.get("comm_id"), str)):
        return ""
    data = content.get("data", {})
    if not isinstance(data, dict):
        return ""
    if msg_type == "comm_msg" and isinstance(data.get("method"), str):
        return {"request_states": "load", "request_state": "state"}.get(data["method"], "event")
    if msg_type == "comm_open" and content.get("target_name") in PAGE_TARGETS:
        return "open"
    return "close" if msg_type == "comm_close" else ""


class PacedConnection(ZMQChannelsWebsocketConnection):
    """Forward a kernel's incoming messages by what they are: widget events at a bounded pace
    (keeping the newest when they flood), a page's loading requests and comms bounded, anything
    else refused; and interrupt the kernel when one message keeps it busy past ``busy_limit``.

    The kernel websocket is the one door between a browser and its kernel, so a burst is stopped
    here, before the kernel deserializes, handles and answers each message. The pace is per kernel;
    each connection keeps its own newest messages, so a flood on one connection never pushes out
    the learner's click on another.
    """

    busy_limit = Float(BUSY_LIMIT, config=True,
                       help="Seconds a kernel may work on one page message before it is interrupted (0: never).")

    @property
    def door(self) -> Door:
        kernel = self.kernel_manager  # lives as long as the kernel, whichever pages connect to it
        door = getattr(kernel, "dojo_door", None)
        if door is None:
            door = kernel.dojo_door = Door()
        return door

    async def prepare(self):
        """Refuse a connection to a kernel that died (restarted blank, it holds no page's state) and
        one past ``PAGE_SOCKETS``, each with a plain refusal before any work."""
        if self.kernel_id in getattr(self.multi_kernel_manager, "restarted", ()):
            raise web.HTTPError(404, "The kernel of this page was lost: reload the page")
        door = self.door
        if len(door.connections) >= PAGE_SOCKETS:
            raise web.HTTPError(503, "This kernel has %d connections already", len(door.connections))
        door.connections.add(self)  # counted before the first await: a burst can't all pass
        try:
            await super().prepare()
        except BaseException:
            door.connections.discard(self)
            raise

    def disconnect(self):
        self.door.connections.discard(self)
        return super().disconnect()

    def connect(self):
        # Tornado leaves Nagle's algorithm on for a websocket. A click's answer is a "busy" status,
        # then the widgets' updates a few milliseconds later: the updates waited for the browser's
        # delayed ACK of the status (40 ms on Linux) whenever clicks came in quick succession.
        self.websocket_handler.set_nodelay(True)
        return super().connect()

    def handle_incoming_message(self, incoming_msg) -> None:
        read = read_message(incoming_msg, self.subprotocol)
        header, content = read if read else ({}, {})
        what = kind(header, content) if read else ""
        if what == "event":
            self._pace(incoming_msg, header.get("msg_id"))
        elif what == "stop" or (what and self._admit(what, content.get("comm_id")) and self._room()):
            self._forward(incoming_msg, header.get("msg_id"))
        elif not getattr(self, "refused", False):
            self.refused = True
            self.log.warning("Kernel %s: refused a page's %s message (%s); further ones from this page "
                             "are refused without a word", self.kernel_id,
                             header["msg_type"] if read else "unreadable",
                             "past its limits" if what else "not what a page sends")

    def _admit(self, what: str, comm_id: str | None) -> bool:
        """Tell whether a loading request or a comm's opening or closing may pass; note the comm."""
        door = self.door
        if what == "state":  # a widget's comm, which the kernel opened: each asked once, at a bounded pace
            asked = self.__dict__.setdefault("asked", set())
            if comm_id in asked or not door.states.take():
                return False
            asked.add(comm_id)
            return True
        if what == "open" and len(door.comms) >= PAGE_COMMS:
            return False
        if comm_id is not None and what != "open" and comm_id not in door.comms:
            return False  # only the comms the page opened are its to close or ask through
        if not door.loading.take():
            return False
        if what == "open" and comm_id is not None:  # a comm's kind says it has an id
            door.comms.add(comm_id)
        elif what == "close":
            door.comms.discard(comm_id)
        return True

    def _room(self) -> bool:
        """Tell whether the kernel has room for one more page message under the busy watch."""
        return not self.busy_limit or len(self.door.sent) < IN_FLIGHT

    def _forward(self, message, msg_id) -> None:
        refills = getattr(self.multi_kernel_manager, "refills", None)
        if refills is not None:
            refills.heard()
        if self.busy_limit and isinstance(msg_id, str):
            self.door.sent[msg_id] = None  # watched until the kernel is done with it
        ZMQChannelsWebsocketConnection.handle_incoming_message(self, message)

    def _pace(self, message, msg_id) -> None:
        pacer = self.door.events
        if not pacer.waiting and self._room() and pacer.take():
            self._forward(message, msg_id)
            return
        if not pacer.wait(self, (message, msg_id)):
            self.flooded = True
            pacer.dropped += 1
            if pacer.dropped == 1:
                self.log.warning("Kernel %s gets more than %s messages a second: keeping only the newest",
                                 self.kernel_id, PAGE_RATE)
        if pacer.timer is None:
            pacer.timer = IOLoop.current().call_later(1 / PAGE_RATE, self._forward_waiting, pacer)

    @staticmethod
    def _forward_waiting(pacer: Pacer) -> None:
        pacer.timer = None
        while pacer.waiting and next(iter(pacer.waiting))._room() and pacer.take():
            turn = pacer.next_waiting()
            if turn is not None:
                connection, (message, msg_id) = turn
                connection._forward(message, msg_id)
        if pacer.waiting:
            pacer.timer = IOLoop.current().call_later(1 / PAGE_RATE, PacedConnection._forward_waiting, pacer)

    def handle_outgoing_message(self, stream, outgoing_msg) -> None:
        if self.busy_limit:
            self._watch(outgoing_msg)
        super().handle_outgoing_message(stream, outgoing_msg)

    def _watch(self, outgoing_msg) -> None:
        """Note when the kernel starts and ends work on a message a page sent; time the work."""
        door = self.door
        try:
            # signature, header, parent, metadata, content; the stream copies what it receives: bytes
            parts = cast(list[bytes], self.session.feed_identities(outgoing_msg)[1])
            if json.loads(parts[1]).get("msg_type") != "status":
                return
            parent, state = json.loads(parts[2]).get("msg_id"), json.loads(parts[4]).get("execution_state")
        except (ValueError, TypeError, IndexError, AttributeError):
            return
        if parent not in door.sent:
            return
        while next(iter(door.sent)) != parent:  # the kernel is done with the messages sent before
            door.sent.popitem(last=False)
        if state == "busy" and door.busy != parent:
            door.busy = parent
            IOLoop.current().call_later(self.busy_limit, self._stop_if_busy, door, parent)
        elif state == "idle":
            door.sent.popitem(last=False)
            if door.busy == parent:
                door.busy = None

    async def _stop_if_busy(self, door: Door, msg_id: str) -> None:
        if door.busy == msg_id and self.kernel_id in self.multi_kernel_manager:
            door.busy = None
            self.log.warning("Kernel %s worked on one page message for %s s: interrupted", self.kernel_id,
                             self.busy_limit)
            await self.multi_kernel_manager.interrupt_kernel(self.kernel_id)


# Voila's handlers the kit replaces (voila_handlers says why).
OURS = {TornadoVoilaHandler: PageHandler, TemplateStaticFileHandler: TemplateFiles,
        VoilaKernelWebsocketHandler: KernelSocket, AllowListFileHandler: Files,
        RequestInfoSocketHandler: RequestInfo}


def not_about_trust(record: logging.LogRecord) -> bool:
    """Drop the contents manager's "Notebook ... is not trusted": Voila renders the outputs the kit's
    notebooks make in any case, so each page would only repeat it."""
    return record.msg != "Notebook %s is not trusted"


class DojoVoila(Voila):
    """Voila with the kit's landing page, headers, kernel cap and paced pages."""

    landing = Unicode("", config=True, help="The notebook '/' and '/voila/tree' lead to; by default the "
                      "course page (course.ipynb), or index.ipynb in a folder without one.")
    token_file = Unicode("", config=True, help="A file holding the token every request must carry "
                         "(read at start; the token itself on the command line is readable by `ps`).")

    def initialize(self, argv=None):
        super().initialize(argv)
        if self.token_file:
            with open(self.token_file, encoding="utf-8") as f:
                self.token = f.read().strip()
    identity_provider_class = Type(default_value=SlowGuesses, klass=IdentityProvider, config=True)
    kernel_websocket_connection_class = Type(default_value=PacedConnection,
                                             klass=ZMQChannelsWebsocketConnection, config=True)

    def init_handlers(self) -> list:
        # Voila keeps the request information no kernel waited for, for good, for anyone with the
        # kernel's id to read; RequestInfo hands it over once, and the cache forgets it soon.
        request_info_stores(RequestInfoSocketHandler, Fleeting(REQUEST_INFO_KEPT), LiveReaders())
        landing = url_path_join(self.base_url, "voila/render", self.landing or landing_page(Path(self.root_dir)))
        # Voila adds the sign-in's own pages (login, a hub's OAuth callback) without the URL prefix.
        signin = {handler for _, handler, *_ in self.identity_provider.get_handlers()}
        # A NUL byte names no file: Python's path functions raise ValueError on it (a 500).
        handlers: list[tuple] = [(r".*%00.*", web.ErrorHandler, {"status_code": 400})]
        for pattern, handler, *options in super().init_handlers():
            handler = OURS.get(handler, handler)
            if handler is LogoutHandler:
                continue  # it renders a page Voila doesn't ship (a 500); the token's cookie is all there is
            if handler in signin and not pattern.startswith(self.base_url):
                handlers.append((url_path_join(self.base_url, pattern), handler, *options))
            elif handler is TornadoVoilaTreeHandler:
                handlers.append((pattern, web.RedirectHandler, {"url": landing}))
            elif handler is not VoilaContentsHandler:  # the folder's listing, for the tree page only
                handlers.append((pattern, handler, *options))
        return handlers

    def listen(self):
        self.app.add_transform(SecurityHeaders)
        # Tornado's own log lines (requests, errors) go through the app's log, which drops secrets;
        # jupyter_server's request log also blanks every token parameter of a URL.
        self.app.settings["log_function"] = functools.partial(log_request, record_prometheus_metrics=False)
        tornado_log = logging.getLogger("tornado")
        tornado_log.parent, tornado_log.propagate = self.log, True
        self.log.propagate = False
        scrub = Scrub([self.identity_provider.token, *(os.environ.get(name) for name in HUB_SECRETS)])
        # Cookies are not sent along with another site's requests: the mentors' token cookie on no
        # cross-site subrequest or form (Lax: a link from elsewhere still opens the page), the XSRF
        # cookie never (a page sets a new one when it has none).
        # Its path is the server's own (under a hub, one server's cookie must not replace another's).
        self.app.settings["xsrf_cookie_kwargs"] = {
            "path": self.base_url, **self.app.settings.get("xsrf_cookie_kwargs", {}), "samesite": "Strict"}
        self.identity_provider.cookie_options = {"samesite": "Lax", **self.identity_provider.cookie_options}
        self.log.addFilter(not_about_trust)
        for handler in self.log.handlers:
            handler.addFilter(KernelDeaths())
            handler.addFilter(scrub)
        # A page's render task whose kernel died is left to asyncio, which logs it when collected.
        logging.getLogger("asyncio").addFilter(KernelDeaths())
        super().listen()


main = DojoVoila.launch_instance

if __name__ == "__main__":
    main()
