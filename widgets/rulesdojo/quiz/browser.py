"""Keep the practice site's progress in the browser: the results' SQLite file in a folder of Pyodide's
file system that Emscripten's IDBFS stores in the site's IndexedDB, read back when a page opens and
written back each time the file is closed (the store closes it after each read and write).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from .carry_over import carry_over
from .store import BROWSER_FOLDER, BROWSER_RESULTS

async def keep_progress_in_browser() -> str | None:
    """Mount ``BROWSER_FOLDER`` from the browser's storage to keep results there; return the results
    file to give the page's ``Kit`` (``BROWSER_RESULTS`` in it), or None where it can't. Progress kept there before the browser's Python had ``sqlite3`` is carried
    over on the first start (``carry_over``).

    Outside a browser, or where the browser's storage can't be used, nothing changes (the store
    then says progress lasts while the page is open).

    >>> import asyncio, concurrent.futures  # a thread of its own: the caller's may run an event loop
    >>> concurrent.futures.ThreadPoolExecutor(1).submit(asyncio.run, keep_progress_in_browser()).result()
    """
    if sys.platform != "emscripten":
        return None
    results = f"{BROWSER_FOLDER}/{BROWSER_RESULTS}"
    if _MOUNTED:
        return results
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
        return None
    if failed:
        return None
    carry_over(Path(BROWSER_FOLDER))  # what can't be carried stays, and the store's note says so
    _MOUNTED.append(results)
    return results


_MOUNTED: list[str] = []  # the folder is mounted once in a page's Python
