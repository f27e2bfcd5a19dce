"""Carry the practice site's progress over from the JSON file it was kept in before the browser's
Python had ``sqlite3`` into the SQLite results beside it, once.

The old file (``OLD_PROGRESS`` in ``BROWSER_FOLDER``) is one JSON object: each table's name
(``quiz_attempts``, ``attempts``, ``lesson_parts``, ``lesson_boards``) to its rows, a row being a list
of the table's columns in order (``store.TABLES``); attempt rows written before ``learner_key`` and
``page`` were added lack those two. Once its rows are in the results it is renamed
``progress.json.carried-over``; a file that can't be read stays as it was, and the store's note says so.
"""

from __future__ import annotations

import json
from pathlib import Path

from .store import ADDED_COLUMNS, BROWSER_RESULTS, OLD_PROGRESS, RECORD_COLUMNS, ResultStore, store_rows

#: what the old file is renamed to once carried over
CARRIED = ".carried-over"


def read_old_progress(path: Path) -> dict[str, list[list]]:
    """Return the rows of an old progress file, each table's; raise ``ValueError`` saying what is wrong.

    >>> import tempfile; p = Path(tempfile.mkdtemp()) / "progress.json"
    >>> _ = p.write_text('{"lesson_parts": [["Ana", "01-what-energy-is", "get-and-pay", null, 5.0]]}')
    >>> read_old_progress(p)["lesson_parts"]
    [['Ana', '01-what-energy-is', 'get-and-pay', None, 5.0]]
    """
    tables = json.loads(path.read_text(encoding="utf-8"))
    attempts = tables.get("quiz_attempts") if isinstance(tables, dict) else None
    if isinstance(attempts, list):
        short = len(RECORD_COLUMNS) - len(ADDED_COLUMNS)
        tables["quiz_attempts"] = [r + [""] * len(ADDED_COLUMNS) if isinstance(r, list) and len(r) == short else r
                                   for r in attempts]
    return store_rows(tables)


def carry_over(folder: Path) -> str | None:
    """Carry ``folder``'s old progress file into the SQLite results there (``BROWSER_RESULTS``), in one
    transaction, and rename it, so that it is done once: only while the results file isn't there yet.

    Return None when it was carried over or there was nothing to carry; else say in plain words why
    not. The old file then stays as it was, and the results start empty, working.

    >>> import tempfile; folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / OLD_PROGRESS).write_text('{"lesson_parts": [["Ana", "01-what-energy-is", "get-and-pay", null, 5.0]]}')
    >>> carry_over(folder), ResultStore(folder / BROWSER_RESULTS).lesson_parts("Ana")
    (None, {'01-what-energy-is': {'get-and-pay': None}})
    >>> sorted(p.name for p in folder.iterdir())
    ['progress.json.carried-over', 'progress.sqlite3']
    """
    old, results = folder / OLD_PROGRESS, folder / BROWSER_RESULTS
    if results.exists() or not old.is_file():
        return None
    try:
        rows = read_old_progress(old)
    except (OSError, ValueError) as exc:
        return (f"What was saved in this browser before this site's last update can't be read ({exc}), so "
                f"it isn't shown; it is kept as it was, in {old}.")
    store = ResultStore(results)
    if not store.carry_in(rows):
        return (f"What was saved in this browser before this site's last update can't be carried over now: "
                f"{store.why}. It is kept as it was, in {old}.")
    try:
        old.rename(old.with_name(old.name + CARRIED))
    except OSError:
        pass  # carried over: the results file, there now, keeps it from being carried again
    return None
