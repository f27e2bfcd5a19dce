"""The kernel websocket's own socket: small messages are sent at once."""

from __future__ import annotations

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

from rulesdojo.serve.voila_app import PacedConnection


def test_a_page_connection_turns_nagles_algorithm_off_before_it_connects(monkeypatch):
    """Left on (Tornado's default), a click's widget updates waited for the browser's delayed ACK of
    the "busy" status sent just before them: 48 ms a click instead of 7 (``make bench``)."""
    handler = object.__new__(KernelWebsocketHandler)  # no request: only its socket option is asked for
    said: list[bool] = []
    handler.set_nodelay = said.append
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: "connected")
    assert PacedConnection(websocket_handler=handler).connect() == "connected"
    assert said == [True]
