"""Keep the practice site's progress in the browser: the results' SQLite file in a folder of Pyodide's
file system that Emscripten's IDBFS stores in the site's IndexedDB, read back when a page opens and
written back each time the file is closed (the store closes it after each read and write).

The notebooks' working folder is no help here: the Pyodide kernel mounts JupyterLite's contents
there only with a service worker or a cross-origin-isolated page, which a plain static host (and a
page opened with service workers off) doesn't give.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from .carry_over import carry_over
from .store import BROWSER_FOLDER, BROWSER_RESULTS

#: what the site runs, hidden, before each page's first cell
SITE_CELL = ("from rulesdojo.quiz.browser import imports_off_the_drive, keep_progress_in_browser\n"
             "imports_off_the_drive()\n_kept = await keep_progress_in_browser()")
#: where the Pyodide kernel mounts JupyterLite's contents (and puts a page's working folder)
DRIVE = "/drive"


def imports_off_the_drive() -> list[str]:
    """Take the page's working folder (JupyterLite's file drive) off the import path; return what was taken.

    Each look in the drive is a request answered through the service worker (40 ms each here), and
    every import looked there first: about 180 requests, 7 of a lesson page's 15 seconds. The pages
    import nothing from their folder. Outside a browser nothing changes.

    >>> imports_off_the_drive()
    []
    """
    if sys.platform != "emscripten" or not os.getcwd().startswith(DRIVE):
        return []
    taken = [p for p in sys.path if p in ("", ".") or p == DRIVE or p.startswith(DRIVE + "/")]
    sys.path[:] = [p for p in sys.path if p not in taken]
    return taken


async def keep_progress_in_browser() -> bool:
    """Mount ``BROWSER_FOLDER`` from the browser's storage and keep results there, in ``BROWSER_RESULTS``;
    return whether it can. Progress kept there before the browser's Python had ``sqlite3`` is carried
    over on the first start (``carry_over``).

    Outside a browser, or where the browser's storage can't be used, nothing changes (the store
    then says progress lasts while the page is open).

    >>> import asyncio; asyncio.run(keep_progress_in_browser())
    False
    """
    if sys.platform != "emscripten":
        return False
    results = f"{BROWSER_FOLDER}/{BROWSER_RESULTS}"
    if os.environ.get("RULESDOJO_RESULTS") == results:
        return True
    import js
    import pyodide_js
    from pyodide.ffi import create_once_callable, to_js

    fs = pyodide_js.FS
    loaded = asyncio.get_running_loop().create_future()
    try:
        fs.mkdirTree(BROWSER_FOLDER)
        # autoPersist: each file written is stored in IndexedDB once it is closed
        fs.mount(fs.filesystems.IDBFS, to_js({"autoPersist": True}, dict_converter=js.Object.fromEntries),
                 BROWSER_FOLDER)
        fs.syncfs(True, create_once_callable(lambda err=None: loaded.set_result(err)))
        failed = await loaded
    except Exception:  # no IndexedDB here (a private window may refuse it): progress stays in memory
        return False
    if failed:
        return False
    carry_over(Path(BROWSER_FOLDER))  # what can't be carried stays, and the store's note says so
    os.environ["RULESDOJO_RESULTS"] = results
    return True
