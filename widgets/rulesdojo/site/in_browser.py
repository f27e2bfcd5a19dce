"""The static site's Python side, run in the learner's browser (the page's web worker, ``host/worker.js``):
the course app, its widgets' messages passed to the page through the ``comm`` package's hook.

ipywidgets makes each widget's comm with ``comm.create_comm`` and finds comms by
``comm.get_comm_manager``; the ``comm`` package leaves both to be replaced by whatever carries the
messages. Here that is the worker's ``postMessage``: no kernel, no IPython shell. The same widgets
run on a server in Voila's kernel.
"""

from __future__ import annotations

import json
import os
import time
import traceback
from collections.abc import Callable
from typing import Any

import comm
from comm.base_comm import BaseComm, CommManager

#: what the page is told: the message's kind, its fields as JSON, its binary buffers
Send = Callable[[str, str, list], None]


def _bytes(buffer: Any) -> bytes:
    """A buffer from the page as bytes (in the browser, a typed array's proxy)."""
    to_bytes = getattr(buffer, "to_bytes", None)
    return to_bytes() if to_bytes is not None else bytes(buffer)


def _json(value: Any) -> str:
    return json.dumps(value, default=str, separators=(",", ":"))


class PageHost:
    """Carry widget messages between the learner's Python and the page that draws them.

    >>> import comm
    >>> before = comm.create_comm, comm.get_comm_manager
    >>> sent, heard = [], []
    >>> host = PageHost(lambda kind, text, buffers: sent.append((kind, json.loads(text))))
    >>> host.install()
    >>> c = comm.create_comm(target_name="jupyter.widget", data={"state": {}}, metadata={"version": "2.1.0"})
    >>> c.on_msg(lambda msg: heard.append(msg["content"]["data"]))
    >>> [(kind, m["target_name"]) for kind, m in sent]
    [('comm_open', 'jupyter.widget')]
    >>> host.receive("comm_msg", json.dumps({"comm_id": c.comm_id, "data": {"method": "update"}}), [])
    >>> heard
    [{'method': 'update'}]
    >>> c.send({"method": "custom"}); sent[-1][0]
    'comm_msg'
    >>> comm.create_comm, comm.get_comm_manager = before
    """

    def __init__(self, send: Send) -> None:
        self._send = send
        self.manager = CommManager()

    def comm(self, **kwargs: Any) -> BaseComm:
        """Make a comm whose messages go to the page (``comm.create_comm``'s part)."""
        return _PageComm(self, **kwargs)

    def publish(self, kind: str, fields: dict, buffers: list | None) -> None:
        self._send(kind, _json(fields), [bytes(b) for b in buffers or []])

    def receive(self, kind: str, text: str, buffers: list) -> None:
        """Hand a message from the page to its comm; an error is said on the page's console and in
        the page, and the next message is handled as usual."""
        message = json.loads(text)
        msg = {"content": {"comm_id": message.get("comm_id"), "data": message.get("data") or {}},
               "metadata": message.get("metadata") or {}, "buffers": [memoryview(_bytes(b)) for b in buffers]}
        comm_ = self.manager.get_comm(message.get("comm_id") or "")
        try:
            if comm_ is not None and kind == "comm_msg":
                comm_.handle_msg(msg)
            elif comm_ is not None and kind == "comm_close":
                comm_.handle_close(msg)
                self.manager.unregister_comm(comm_)
        except Exception:  # a widget's handler failed: the page goes on, the console has the details
            traceback.print_exc()

    def install(self) -> None:
        """Make ipywidgets' comms this host's (the ``comm`` package's hook); call once, at the start."""
        comm.create_comm = self.comm
        comm.get_comm_manager = lambda: self.manager

    def display(self, widget: Any) -> None:
        """Show ``widget`` in the page's place for the course."""
        self._send("display", _json({"model_id": widget.model_id}), [])


class _PageComm(BaseComm):
    def __init__(self, host: PageHost, **kwargs: Any) -> None:
        self._host = host
        super().__init__(**kwargs)

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                    **keys: Any) -> None:
        self._host.publish(msg_type, {"comm_id": self.comm_id, "target_name": keys.get("target_name"),
                                      "data": data or {}, "metadata": metadata or {}}, buffers)


async def start(send: Send) -> PageHost:
    """Start the course in the learner's browser: the host installed, progress opened from the
    browser's storage (or kept in memory where it can't be), the course app shown. The page is told
    how long each step took (``timing``), for the site's benchmark."""
    steps = [("started", time.perf_counter())]
    host = PageHost(send)
    host.install()
    import ipywidgets  # noqa: F401 - its import (IPython's) is most of a start's Python: timed apart
    steps.append(("ipywidgets imported", time.perf_counter()))
    from ..kit import Kit
    from ..quiz.browser import keep_progress_in_browser
    results = await keep_progress_in_browser()
    # The page's one learner is known by a key kept beside the results (``serve.identity.local_key``):
    # in the browser's storage too, or each reload would be a new learner with none of their progress.
    kit = Kit.from_environment({**os.environ, "RULESDOJO_RESULTS": results} if results else None)
    steps.append(("progress opened", time.perf_counter()))
    from ..lessons.app import course
    app = course(kit)
    steps.append(("course made", time.perf_counter()))
    host.display(app)
    send("timing", _json({"data": {name: round((t - steps[0][1]) * 1000) for name, t in steps[1:]}}), [])
    return host


def warm_up() -> None:
    """Import the engine and read the lessons while the learner reads the map (the page draws it
    meanwhile, in its own thread), so that the first lesson opened doesn't wait for them."""
    from ..lessons import lessons
    from ..lessons import framework, learner_progress  # noqa: F401 - imported ahead, as said
    lessons()
