"""The kit's request handlers on top of Voila's, and what the server writes to its log.

- ``PageHandler``: a page always ends, and sets the ``_xsrf`` cookie its unload needs to shut its
  kernel down. When its kernel dies (or restarts) while the page loads, or
  rendering fails, the page ends with a plain message and a reload link (``unfinished.html`` in the
  ``rulesdojo`` template); Voila would keep the response open for good. A request that repeats the
  configured identity header is refused (400); Voila would join the copies ("victim,mallory").
- ``KernelSocket``: a refused kernel websocket (a kernel the server doesn't know, as after a restart,
  one that was lost, one with all its connections taken) is a plain-text answer; Voila's app has no
  ``static_path`` for jupyter_server's HTML error page, so each refusal logged a traceback.
- ``TemplateFiles``: a template path that names no template's static file is a 404, not a 500.
- ``Files``: ``/voila/files/`` (a page's images) is behind the same sign-in as the pages; Voila
  served it to anyone, also on the mentors' server.
- ``RequestInfo``: a page's request information (its headers, the identity header among them) goes
  to its preheated kernel once and is then forgotten; Voila kept it and gave it to anyone who
  connected with the kernel's id later.
- ``SlowGuesses``: a wrong token is answered after a pause, one wrong guess at a time.
- ``Scrub``: secrets (the mentors' token, a hub's API token) never reach the log.

The kernel manager tells a loading page which kernel it was given through ``LOADING``: the page's
request and the kernel's start run in one asyncio context.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import re
import time

from jupyter_core.utils import ensure_async
from tornado import web
from tornado.iostream import StreamClosedError
from tornado.websocket import WebSocketClosedError
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.base.handlers import JupyterHandler
from voila.request_info_handler import RequestInfoSocketHandler
from voila.static_file_handler import AllowListFileHandler, TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from .voila_private import reason

LOST_CHECK = 1.0  # seconds between two looks at a loading page's kernel
# A preheated kernel waits for its page's request information before any page takes it, so the
# information goes straight to it; what no kernel waited for is kept this long, then forgotten.
REQUEST_INFO_KEPT = 30.0  # a preheated kernel's reader reconnects within this, on a busy machine too
WRONG_TOKEN_PAUSE = 1.0  # seconds a wrong token waits for its refusal, one wrong guess after another

LOADING: contextvars.ContextVar = contextvars.ContextVar("rulesdojo_loading_page", default=None)


class KernelLost(RuntimeError):
    """Report that a page's kernel died or restarted before the page finished loading."""


class Loading:
    """A page being loaded, and the kernel the kernel manager gave it."""

    def __init__(self):
        self.kernel_id: str | None = None
        self.manager = None
        self.on_loaded: list = []

    def when_loaded(self, callback) -> None:
        """Call ``callback`` once the page has loaded, or ended without."""
        self.on_loaded.append(callback)

    def loaded(self) -> None:
        while self.on_loaded:
            self.on_loaded.pop()()

    def given(self, kernel_id: str, manager) -> None:
        """Note the page's kernel: from now on its death or restart ends the page."""
        self.kernel_id, self.manager = kernel_id, manager

    async def lost(self) -> bool:
        """Tell whether the page's kernel is gone (a restarted kernel has none of the page's state)."""
        if self.kernel_id is None:
            return False
        if self.kernel_id in self.manager.restarted or self.kernel_id not in self.manager:
            return True
        return not await ensure_async(self.manager.get_kernel(self.kernel_id).is_alive())

    async def next(self, chunks):
        """Return the page's next piece of HTML, None at its end; raise ``KernelLost`` if its kernel goes."""
        step = asyncio.ensure_future(anext(chunks, None))
        try:
            while not (await asyncio.wait({step}, timeout=LOST_CHECK))[0]:
                if await self.lost():
                    raise KernelLost(f"kernel {self.kernel_id} stopped")
        finally:
            if not step.done():
                step.cancel()
        html = step.result()
        # A preheated kernel can die after its notebook ran (Voila renders the failed cells and goes
        # on): the page it rendered is complete, and useless.
        if await self.lost():
            raise KernelLost(f"kernel {self.kernel_id} stopped")
        return html


class PageHandler(TornadoVoilaHandler):
    """Voila's page, which always ends: fully rendered, or with ``unfinished.html``."""

    @web.authenticated
    async def get(self, path=None):
        self.refuse_repeated_identity()
        # The page's script sends its kernel's shutdown on unload with the ``_xsrf`` cookie's token;
        # Voila's page never set that cookie, so each closed page's shutdown was refused (403) and
        # its kernel lived until the culler's round. Reading the token sets the cookie.
        self.xsrf_token  # noqa: B018 - read for its effect
        loading = Loading()
        LOADING.set(loading)
        chunks = self.get_generator(path=path)
        try:
            while (html := await loading.next(chunks)) is not None:
                self.write(html)
                self.flush()
        except web.HTTPError:
            if not self._headers_written:
                raise  # nothing sent yet: the error's own page ("the class is full", not found)
            await self.end_unfinished(loading, "an error after the page had begun")
        except Exception as error:  # noqa: BLE001 - whatever stopped it, the page ends and says so
            await self.end_unfinished(loading, error)
        finally:
            loading.loaded()

    def refuse_repeated_identity(self) -> None:
        """Refuse a request carrying the identity header more than once: which copy is the proxy's?"""
        for name in self.voila_configuration.http_header_envs:
            if len(self.request.headers.get_list(name)) > 1:
                raise web.HTTPError(400, reason=f"Refused: the {name} header came more than once")

    async def end_unfinished(self, loading: Loading, why) -> None:
        """End the page with the message and a reload link; shut down the kernel it can't use."""
        self.log.warning("Page %s ended before it finished loading: %s", self.request.path, why)
        if loading.kernel_id is not None and loading.kernel_id in self.kernel_manager:
            try:
                await ensure_async(self.kernel_manager.shutdown_kernel(loading.kernel_id, now=True))
            except Exception as error:  # noqa: BLE001 - the page ends all the same
                self.log.warning("Kernel %s of an unfinished page: %s", loading.kernel_id, error)
        self.finish(self.render_template("unfinished.html"))


class KernelSocket(VoilaKernelWebsocketHandler):
    """Voila's kernel websocket, whose refusals are a status line in plain text, pinged once."""

    def write_error(self, status_code: int, **kwargs) -> None:
        plain_error(self, status_code)

    def write_message(self, message, binary=False):
        """Send to the page; a page gone while a message was on its way is nothing to log.

        Tornado's write returns a future that fails once the page has closed, and jupyter_server
        doesn't wait for it: asyncio then logged "Task exception was never retrieved" with a traceback.
        """
        sent = super().write_message(message, binary=binary)
        sent.add_done_callback(_page_gone)
        return sent

    def get_websocket_protocol(self):
        # jupyter_server pings the page itself (every 30 s, in milliseconds); Tornado's own ping loop
        # reads the same figures as seconds and warned at every start that the timeout (90000) is
        # longer than the interval (30000). One pinger is enough: Tornado's is left off.
        protocol = super().get_websocket_protocol()
        if protocol is not None:
            protocol.params.ping_interval = protocol.params.ping_timeout = None
        return protocol


def _page_gone(sent) -> None:
    """Take a sent message's outcome: a closed socket is a page that left, not an error; any other
    failure is logged as one."""
    error = None if sent.cancelled() else sent.exception()
    if error is not None and not isinstance(error, (WebSocketClosedError, StreamClosedError)):
        logging.getLogger("tornado.application").error("A message to a page failed: %r", error, exc_info=error)


def plain_error(handler: web.RequestHandler, status_code: int) -> None:
    """Answer an error with its status line in plain text (jupyter_server's HTML error page needs a
    ``static_path`` Voila's app doesn't have: each one logged a traceback)."""
    handler.set_header("Content-Type", "text/plain; charset=utf-8")
    handler.finish(f"{status_code} {reason(handler)}\n")


class Files(JupyterHandler, AllowListFileHandler):
    """Voila's allowed files (the images of the lesson folder), to a signed-in visitor only."""

    @web.authenticated
    def head(self, path):
        return super().head(path)

    @web.authenticated
    def get(self, path, include_body=True):
        return super().get(path, include_body)

    def write_error(self, status_code: int, **kwargs) -> None:
        plain_error(self, status_code)


class RequestInfo(RequestInfoSocketHandler):
    """Hand a page's request information to the kernel that waits for it, once.

    The first connection for a kernel id is the kernel's own (a preheated kernel connects when its
    notebook runs, before any page takes it); a second one for the same id is refused, and what
    waited for a kernel that had not connected yet is removed as it is handed over.
    """

    def open(self, kernel_id: str) -> None:
        if kernel_id in self._waiters:
            self.close(1008, "This kernel's request information has its reader")
            return
        self.kernel_id = kernel_id
        self._waiters[kernel_id] = self
        payload = self._cache.pop(kernel_id, None)
        if payload is not None:
            self.write_message(payload)

    def on_close(self) -> None:
        kernel_id = getattr(self, "kernel_id", None)
        if self._waiters.get(kernel_id) is self:
            del self._waiters[kernel_id]


class LiveReaders(dict):
    """Kernel id -> its reader of request information, listing only readers whose connection is open.

    Voila writes a page's request information to the reader it finds here, and keeps it for later
    when it finds none. A reader whose connection closed (a kernel's reconnection under load) would
    take the information with it, and keep out the kernel's new connection: it is dropped instead.

    >>> class Gone: ws_connection = None
    >>> readers = LiveReaders(k1=Gone())
    >>> "k1" in readers, readers.get("k1"), dict(readers)
    (False, None, {})
    """

    def get(self, key, default=None):
        reader = super().get(key)
        if reader is None:
            return default
        connection = getattr(reader, "ws_connection", None)
        if connection is None or connection.is_closing():
            super().pop(key, None)
            return default
        return reader

    def __contains__(self, key) -> bool:
        return self.get(key) is not None


class Fleeting(dict):
    """A dict whose entries are forgotten ``kept`` seconds after they were set.

    >>> kept = Fleeting(0.0); kept["kernel"] = {"HTTP_X_FORWARDED_USER": "ana"}
    >>> "kernel" in kept, kept.pop("kernel", None)
    (False, None)
    """

    def __init__(self, kept: float):
        super().__init__()
        self.kept = kept
        self.stamps: dict = {}

    def _forget_old(self) -> None:
        now = time.monotonic()
        for key in [k for k, at in self.stamps.items() if now - at >= self.kept]:
            self.stamps.pop(key)
            super().pop(key, None)

    def __setitem__(self, key, value) -> None:
        self._forget_old()
        self.stamps[key] = time.monotonic()
        super().__setitem__(key, value)

    def __contains__(self, key) -> bool:
        self._forget_old()
        return super().__contains__(key)

    def pop(self, key, *default):
        self._forget_old()
        self.stamps.pop(key, None)
        return super().pop(key, *default)


class TemplateFiles(TemplateStaticFileHandler):
    """Serve ``<template>/static/<path>`` as Voila does; any other path is not found (404)."""

    def parse_url_path(self, path):
        parts = path.split("/")
        if len(parts) < 3 or parts[1] != "static" or not all(parts) or {".", ".."} & set(parts):
            raise web.HTTPError(404)
        try:
            return super().parse_url_path(path)
        except ValueError as error:  # no template of that name
            raise web.HTTPError(404) from error


def kernel_died(error: BaseException | None) -> bool:
    """Tell whether ``error`` only says that a kernel died (while its page loaded).

    >>> kernel_died(RuntimeError("Kernel died before replying to kernel_info")), kernel_died(KeyError("x"))
    (True, False)
    """
    return type(error).__name__ == "DeadKernelError" or (
        isinstance(error, RuntimeError) and str(error).startswith("Kernel died"))


class KernelDeaths(logging.Filter):
    """Log a kernel's death in one line: the kit ends the page (``PageHandler``) and the kernel manager
    says which kernel died; the executor's traceback of it tells nothing more.

    >>> import logging
    >>> record = logging.LogRecord("x", logging.ERROR, "", 0, "Error at server while executing cell",
    ...                            (), (RuntimeError, RuntimeError("Kernel died"), None))
    >>> KernelDeaths().filter(record) and (record.exc_info, record.getMessage())
    (None, 'Error at server while executing cell: Kernel died')
    """

    def filter(self, record) -> bool:
        if record.exc_info and kernel_died(record.exc_info[1]):
            record.msg, record.args = f"{record.getMessage()}: {record.exc_info[1]}", ()
            record.exc_info, record.exc_text = None, None
        return True


class SlowGuesses(PasswordIdentityProvider):
    """Voila's sign-in, where a request with a wrong token waits ``WRONG_TOKEN_PAUSE`` seconds for its
    refusal, behind every other wrong guess: at most one guess a second, however many are sent at
    once. The right token and the cookie it sets are never held back."""

    _guesses: asyncio.Lock | None = None

    async def get_user_token(self, handler):
        user = await super().get_user_token(handler)
        if user is None and self.token and self.get_token(handler):
            if self._guesses is None:
                self._guesses = asyncio.Lock()
            async with self._guesses:
                await asyncio.sleep(WRONG_TOKEN_PAUSE)
        return user


class Scrub(logging.Filter):
    """Replace secrets in every log record, its traceback included, with ``[secret]``.

    >>> import logging
    >>> record = logging.LogRecord("x", logging.WARNING, "", 0, "404 GET /?token=%s", ("s3cret",), None)
    >>> Scrub(["s3cret"]).filter(record) and record.getMessage()
    '404 GET /?token=[secret]'
    """

    PARAM = re.compile(r"(\btoken=)[^&\s'\"]+")

    def __init__(self, secrets):
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def scrub(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "[secret]")
        return self.PARAM.sub(r"\1[secret]", text)

    def filter(self, record) -> bool:
        record.msg, record.args = self.scrub(record.getMessage()), ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.scrub(record.exc_text)
        return True
