"""A message sent to a page that has left is nothing to log (``voila_handlers.KernelSocket.write_message``)."""

from __future__ import annotations

import asyncio
import gc
import logging

from tornado.websocket import WebSocketClosedError

from rulesdojo.voila_handlers import _page_gone


def failed_send(error: Exception):
    """A send's future as Tornado's write_message returns it, failed and dropped by its caller."""
    async def wrapper() -> None:
        raise error

    loop = asyncio.new_event_loop()
    try:
        sent = loop.create_task(wrapper())
        sent.add_done_callback(_page_gone)
        loop.run_until_complete(asyncio.sleep(0.01))
    finally:
        loop.close()
    del sent
    gc.collect()


def test_a_page_gone_while_a_message_was_on_its_way_logs_nothing(caplog):
    with caplog.at_level(logging.DEBUG):
        failed_send(WebSocketClosedError())
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text


def test_any_other_failure_to_send_is_logged(caplog):
    with caplog.at_level(logging.DEBUG):
        failed_send(ValueError("a bug"))
    assert "A message to a page failed: ValueError('a bug')" in caplog.text


def test_without_it_asyncio_logs_a_traceback(caplog):
    """What the page's closed socket gave before: the check above is not vacuous."""
    async def wrapper() -> None:
        raise WebSocketClosedError()

    loop = asyncio.new_event_loop()
    with caplog.at_level(logging.DEBUG):
        try:
            sent = loop.create_task(wrapper())
            loop.run_until_complete(asyncio.sleep(0.01))
        finally:
            loop.close()
        del sent
        gc.collect()
    assert "Task exception was never retrieved" in caplog.text
