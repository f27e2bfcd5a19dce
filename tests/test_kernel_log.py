"""A served page's kernel logs a reply its shutdown cut off as one line (``rulesdojo.serve.kernel_log``)."""

from __future__ import annotations

import logging

import zmq
from jupyter_client.manager import start_new_kernel

from rulesdojo.serve.kernel_log import ClosedSockets
from rulesdojo.serve.voila_app import KERNEL_EXTENSION


def test_a_kernel_started_as_the_server_starts_one_has_the_filter():
    km, kc = start_new_kernel(kernel_name="python3", extra_arguments=[KERNEL_EXTENSION])
    said: list[str] = []
    try:
        reply = kc.execute_interactive(
            "import logging\n"
            "print(sorted(type(f).__name__ for f in get_ipython().kernel.log.filters),"
            " sorted(type(f).__name__ for f in logging.getLogger('tornado.general').filters))", timeout=60,
            output_hook=lambda msg: said.append(msg["content"].get("text", "")) if msg["msg_type"] == "stream" else None)
        assert reply["content"]["status"] == "ok"
        assert "".join(said).strip() == "['ClosedSockets'] ['ClosedSockets']"  # both places it is logged
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_any_other_error_keeps_its_traceback():
    record = logging.LogRecord("IPKernelApp", logging.ERROR, "", 0, "Exception in message handler:", (),
                               (ValueError, ValueError("a bug"), None))
    assert ClosedSockets().filter(record)
    assert record.levelname == "ERROR" and record.exc_info is not None


def test_a_send_on_a_closed_socket_is_one_line():
    record = logging.LogRecord("IPKernelApp", logging.ERROR, "", 0, "Exception in message handler:", (),
                               (zmq.ZMQError, zmq.ZMQError(zmq.ETERM), None))
    assert ClosedSockets().filter(record)
    assert record.levelname == "INFO" and record.exc_info is None
    assert "shutting down" in record.getMessage()
