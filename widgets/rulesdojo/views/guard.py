"""Keep a page's bad widget message inside the kernel: refused in one log line, never a traceback.

ipywidgets answers a value it refuses (an option index out of range, a number sent as text) or a
callback that raises with ``showtraceback()``, which sends the traceback, with the server's paths,
to the page. The kernel's one door for widget messages is its ``comm_msg`` handler; while it runs,
the guard puts a one-line log entry in place of that traceback and sends the widget's true state
back, so the page shows the value the kernel kept. Served pages only (Voila sets VOILA_BASE_URL in
its kernels): in JupyterLab the author still sees the traceback.
"""

from __future__ import annotations

import os
import sys

LOG_TEXT = 200  # characters of a refused message's reason kept in the log


def install_when_served() -> bool:
    """Install the guard in this kernel if Voila serves it; return whether it is in place."""
    if "VOILA_BASE_URL" not in os.environ:
        return False
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None)
    return kernel is not None and install(shell, kernel)


def install(shell, kernel) -> bool:
    """Wrap ``kernel``'s comm_msg handler (once) so a refused widget message leaves no traceback."""
    original = kernel.shell_handlers.get("comm_msg")
    if original is None or getattr(original, "guarded", False):
        return original is not None

    def guarded(*args):
        msg = args[-1]
        refused = []
        traceback_shown = shell.showtraceback

        def log_instead(*_a, **_k):
            etype, value, _tb = sys.exc_info()
            refused.append(f"{getattr(etype, '__name__', 'error')}: {value}"[:LOG_TEXT])

        shell.showtraceback = log_instead
        try:
            original(*args)
        except Exception as exc:  # never let a page's message take a traceback out of the kernel
            refused.append(f"{type(exc).__name__}: {exc}"[:LOG_TEXT])
        finally:
            shell.showtraceback = traceback_shown
        if refused:
            comm_id = (msg.get("content") or {}).get("comm_id")
            kernel.log.warning("Refused a widget message for %s: %s", comm_id, "; ".join(refused))
            _resend_state(kernel, comm_id)

    guarded.guarded = True
    kernel.shell_handlers["comm_msg"] = guarded
    return True


def _resend_state(kernel, comm_id) -> None:
    """Send the widget's state as the kernel holds it, in place of the refused value the page shows."""
    from ipywidgets.widgets.widget import _instances
    widget = _instances.get(comm_id)
    if widget is not None:
        try:
            widget.send_state()
        except Exception as exc:
            kernel.log.warning("Could not send widget %s its state again: %s", comm_id, type(exc).__name__)
