"""A served page's kernel (an IPython extension the kit's kernel manager loads in each kernel it starts):
its log, and the guard on its page's messages (``guard``), installed here and nowhere else.

A kernel's server may close its sockets while the kernel still runs a request: the server stopping
while a preheated kernel runs its notebook, or a page's kernel shut down as its page is left. The
reply (or the status that follows it) then can't be sent, and ipykernel or pyzmq logged that as an
error with a traceback. It is one line.

>>> import zmq
>>> record = logging.LogRecord("IPKernelApp", logging.ERROR, "", 0, "Exception in message handler:", (),
...                            (zmq.ZMQError, zmq.ZMQError(zmq.ENOTSOCK), None))
>>> ClosedSockets().filter(record), record.levelname, record.getMessage(), record.exc_info
(True, 'INFO', 'A reply was not sent: the kernel is shutting down (its sockets are closed)', None)
"""

from __future__ import annotations

import logging

import zmq

from .guard import install

#: the errors of a send on a socket the kernel's shutdown closed
CLOSED = (zmq.ENOTSOCK, zmq.ETERM)


class ClosedSockets(logging.Filter):
    """Turn "Exception in message handler" for a reply sent on a closed socket into one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, zmq.ZMQError) and error.errno in CLOSED:
            record.msg, record.args = "A reply was not sent: the kernel is shutting down (its sockets are closed)", ()
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


#: where such a send is logged: ipykernel's message handlers (the kernel's own log), and pyzmq's
#: stream callbacks (a status sent on the control channel as the kernel shuts down)
LOGGERS = ("tornado.general",)


def load_ipython_extension(shell) -> None:
    kernel = getattr(shell, "kernel", None)
    loggers = [logging.getLogger(name) for name in LOGGERS] + ([kernel.log] if kernel is not None else [])
    for logger in loggers:
        if not any(isinstance(f, ClosedSockets) for f in logger.filters):
            logger.addFilter(ClosedSockets())
    if kernel is not None:
        install(shell, kernel)
