"""The kit's request handlers on top of Voila's, and what the server writes to its log.

- ``PageHandler``: a page always ends. When its kernel dies (or restarts) while the page loads, or
  rendering fails, the page ends with a plain message and a reload link (``unfinished.html`` in the
  ``rulesdojo`` template); Voila would keep the response open for good. A request that repeats the
  configured identity header is refused (400); Voila would join the copies ("victim,mallory").
- ``TemplateFiles``: a template path that names no template's static file is a 404, not a 500.
- ``Scrub``: secrets (the mentors' token, a hub's API token) never reach the log.

The kernel manager tells a loading page which kernel it was given through ``LOADING``: the page's
request and the kernel's start run in one asyncio context.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import re

from jupyter_core.utils import ensure_async
from tornado import web
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler

LOST_CHECK = 1.0  # seconds between two looks at a loading page's kernel

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
