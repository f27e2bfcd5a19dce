"""A message sent to a page that has left is nothing to log (``voila_handlers.KernelSocket.write_message``)."""

from __future__ import annotations

import asyncio
import gc
import logging
import threading

from tornado.websocket import WebSocketClosedError

from rulesdojo.serve.voila_handlers import _page_gone


def failed_send(error: Exception, taken: bool) -> None:
    """A send's future as Tornado's write_message returns it, failed and dropped by its caller;
    ``taken``: with the kit's callback on it. Run on a thread of its own, in its own event loop (a
    test before may have left one running on this thread)."""
    async def wrapper() -> None:
        raise error

    def run() -> None:
        loop = asyncio.new_event_loop()
        try:
            sent = loop.create_task(wrapper())
            if taken:
                sent.add_done_callback(_page_gone)
            loop.run_until_complete(asyncio.sleep(0.01))
        finally:
            loop.close()
        del sent
        gc.collect()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=30)
    assert not thread.is_alive()


def test_a_page_gone_while_a_message_was_on_its_way_logs_nothing(caplog):
    with caplog.at_level(logging.DEBUG):
        failed_send(WebSocketClosedError(), taken=True)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text


def test_any_other_failure_to_send_is_logged(caplog):
    with caplog.at_level(logging.DEBUG):
        failed_send(ValueError("a bug"), taken=True)
    assert "A message to a page failed: ValueError('a bug')" in caplog.text


def test_without_it_asyncio_logs_a_traceback(caplog):
    """What the page's closed socket gave before: the check above is not vacuous."""
    with caplog.at_level(logging.DEBUG):
        failed_send(WebSocketClosedError(), taken=False)
    assert "Task exception was never retrieved" in caplog.text
