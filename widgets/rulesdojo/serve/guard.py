"""Keep a page's bad widget message inside the kernel: refused in one log line, never a traceback.

ipywidgets answers a value it refuses (an option index out of range, a number sent as text) or a
callback that raises with ``showtraceback()``, and the comm manager logs a comm it can't open with
its traceback to stderr; both reach the page, with the server's paths. The kernel's doors for a
page's messages are its ``comm_open``, ``comm_msg`` and ``comm_close`` handlers; while one runs, the
guard puts a one-line log entry in place of any traceback and sends the widget's true state back,
so the page shows the value the kernel kept. When the server interrupts a message that took too
long, the part the widget belongs to says so on its feedback line. Served pages only: the kit's
kernel manager loads ``kernel_log`` in each kernel it starts, which installs the guard; in
JupyterLab the author still sees the traceback.
"""

from __future__ import annotations

import logging
import sys

LOG_TEXT = 200  # characters of a refused message's reason kept in the log
TOO_LONG = "That took too long and was stopped; try again."
COMM_LOGGERS = ("Comm", "ipykernel.comm")  # where the comm manager reports a comm it refuses


class OneLine(logging.Handler):
    """Put a comm manager's report in the kernel's log, in one line, instead of on the page."""

    def __init__(self, log):
        super().__init__()
        self.log = log

    def emit(self, record):
        try:
            text = record.getMessage()
        except Exception:  # logging's own error report would print a traceback to the page
            text = str(record.msg)
        reason = f" ({record.exc_info[0].__name__}: {record.exc_info[1]})" if record.exc_info else ""
        self.log.warning("Refused a page's message: %s", (text + reason)[:LOG_TEXT])


def install(shell, kernel) -> bool:
    """Wrap ``kernel``'s comm handlers (once) so a page's bad message leaves no traceback."""
    handlers = {name: kernel.shell_handlers.get(name) for name in ("comm_open", "comm_msg", "comm_close")}
    if handlers["comm_msg"] is None or getattr(handlers["comm_msg"], "guarded", False):
        return handlers["comm_msg"] is not None
    for name in COMM_LOGGERS:
        logger = logging.getLogger(name)
        logger.handlers, logger.propagate = [OneLine(kernel.log)], False
    for name, original in handlers.items():
        if original is not None:
            kernel.shell_handlers[name] = guard(shell, kernel, original)
    return True


def guard(shell, kernel, original):
    """Return ``original`` (a comm message handler) with tracebacks logged in one line instead."""

    def guarded(*args):
        msg = args[-1]
        content = msg.get("content") if isinstance(msg, dict) else None
        comm_id = content.get("comm_id") if isinstance(content, dict) else None
        refused = []
        traceback_shown = shell.showtraceback

        def log_instead(*_a, **_k):
            etype, value, _tb = sys.exc_info()
            refused.append(f"{getattr(etype, '__name__', 'error')}: {value}"[:LOG_TEXT])

        shell.showtraceback = log_instead
        try:
            original(*args)
        except KeyboardInterrupt:  # the server stopped a message that kept the kernel busy too long
            refused.append("stopped: it took too long")
            _tell(comm_id, TOO_LONG)
        except Exception as exc:  # never let a page's message take a traceback out of the kernel
            refused.append(f"{type(exc).__name__}: {exc}"[:LOG_TEXT])
        finally:
            shell.showtraceback = traceback_shown
        if refused:
            kernel.log.warning("Refused a widget message for %s: %s", str(comm_id)[:LOG_TEXT], "; ".join(refused))
            _resend_state(kernel, comm_id)

    setattr(guarded, "guarded", True)  # read by getattr: a handler is wrapped once
    return guarded


def _tell(comm_id, text: str) -> None:
    """Show ``text`` on the feedback line of the innermost part that holds widget ``comm_id``."""
    from ipywidgets.widgets.widget import _instances

    from ..views.dom import Dom, h
    widget = _instances.get(comm_id) if isinstance(comm_id, str) else None
    if widget is None:
        return
    parts = []
    for holder in list(_instances.values()):
        line = getattr(holder, "feedback", None)
        if isinstance(line, Dom):
            inside = _inside(holder)
            if widget in inside:
                parts.append((len(inside), line))
    if not parts:
        return
    min(parts, key=lambda part: part[0])[1].content = [h("div", text, cls="rd-error", role="alert")]


def _inside(box) -> list:
    """Return ``box`` and every widget among its children, theirs, and so on."""
    out, todo = [], [box]
    while todo:
        widget = todo.pop()
        out.append(widget)
        todo += getattr(widget, "children", ())
    return out


def _resend_state(kernel, comm_id) -> None:
    """Send the widget's state as the kernel holds it, in place of the refused value the page shows."""
    from ipywidgets.widgets.widget import _instances
    widget = _instances.get(comm_id) if isinstance(comm_id, str) else None
    if widget is not None:
        try:
            widget.send_state()
        except Exception as exc:
            kernel.log.warning("Could not send widget %s its state again: %s", comm_id, type(exc).__name__)
