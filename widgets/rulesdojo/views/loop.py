"""Whether this runs in an IPython kernel's event loop, asked by pages that must not import the engine
to know it (the course map on the static site starts before the engine is loaded)."""

from __future__ import annotations

import asyncio
import sys


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """Return the event loop of the IPython kernel this runs in, else None (a script, a test, a
    loop that is not a kernel's, such as a browser driver's in a test process, or the static site's
    in-browser kernel, which has no threads for the board's saves and answers at once anyway)."""
    if sys.platform == "emscripten":
        return None
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    if getattr(shell, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
