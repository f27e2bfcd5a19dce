"""The results store on the practice site: the same SQLite file in the browser's storage, with a
rollback journal there (IDBFS has no shared memory for WAL, and copies each file to IndexedDB on its
own), closed after every read and write (IDBFS stores a file once it is closed); the page's first
step mounts the storage, carries old progress over and points the store at the file there."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
import json
import os
import shutil
import sqlite3
import sys
import types
from pathlib import Path

import pytest

from rulesdojo.quiz import browser
from rulesdojo.quiz import store as results
from rulesdojo.quiz.store import BROWSER_RESULTS, OLD_PROGRESS, ResultStore

OLD = Path(__file__).resolve().parents[1] / "data" / "progress-json-v1.json"


def in_a_thread(coroutine):
    """Run a page's coroutine in a thread of its own: the test's thread may hold a running event loop
    (a browser test's driver, earlier in the same worker), where ``asyncio.run`` is refused."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result(timeout=60)


@pytest.fixture
def browser_folder(tmp_path, monkeypatch) -> Path:
    """A folder standing for ``BROWSER_FOLDER``."""
    folder = tmp_path / "rulesdojo-progress"
    folder.mkdir()
    monkeypatch.setattr(results, "BROWSER_FOLDER", str(folder))
    monkeypatch.setattr(browser, "BROWSER_FOLDER", str(folder))
    return folder


def journal_mode(path: Path) -> str:
    con = sqlite3.connect(path)
    try:
        return con.execute("PRAGMA journal_mode").fetchone()[0]
    finally:
        con.close()


def open_files(path: Path) -> list[str]:
    """The files of ``path``'s folder this process holds open."""
    fds = Path("/proc/self/fd")
    held = []
    for fd in fds.iterdir():
        try:
            held.append(os.readlink(fd))
        except OSError:
            continue
    return [f for f in held if f.startswith(str(path.parent))]


def use(store: ResultStore) -> None:
    assert store.mark_part("Ana", "01-what-energy-is", "where-it-lives", True)
    assert store.save_board("Ana", "01-what-energy-is", "get-and-pay", "[1]")
    assert store.record("Ana", "s1", "practice", "q-1", 7, "3", True, 4.2)


def test_in_the_browsers_storage_the_file_keeps_a_rollback_journal(browser_folder, tmp_path):
    store = ResultStore(browser_folder / BROWSER_RESULTS)
    use(store)
    assert journal_mode(store.path) == "delete"
    assert sorted(p.name for p in browser_folder.iterdir()) == [BROWSER_RESULTS]  # no -wal, -shm, -journal
    elsewhere = ResultStore(tmp_path / "results.sqlite3")  # a server's file: WAL
    use(elsewhere)
    assert journal_mode(elsewhere.path) == "wal"


def test_in_the_browsers_python_every_file_keeps_a_rollback_journal(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    store = ResultStore(tmp_path / "results.sqlite3")  # storage refused: the file is in memory alone
    use(store)
    assert journal_mode(store.path) == "delete"
    assert store.kept.startswith("Your answers and progress are kept only while this page is open")


def test_a_server_file_in_wal_mode_moved_into_the_browsers_storage_leaves_it(browser_folder, tmp_path):
    use(ResultStore(tmp_path / "results.sqlite3"))
    shutil.copy(tmp_path / "results.sqlite3", browser_folder / BROWSER_RESULTS)
    store = ResultStore(browser_folder / BROWSER_RESULTS)
    assert store.lesson_parts("Ana") == {"01-what-energy-is": {"where-it-lives": True}}
    assert journal_mode(store.path) == "delete"


def test_every_read_and_write_closes_the_file_so_the_browser_stores_it(browser_folder):
    store = ResultStore(browser_folder / BROWSER_RESULTS)
    use(store)
    assert open_files(store.path) == []
    assert store.lesson_parts("Ana") and store.history("Ana") and store.board("Ana", "01-what-energy-is", "get-and-pay")
    assert open_files(store.path) == []
    two = ResultStore(store.path)  # another page's store: each keeps the other's rows
    assert two.mark_part("Ana", "02-cant-pay-more", "before:E2", False)
    assert store.mark_part("Ana", "02-cant-pay-more", "first-trigger", None)
    assert ResultStore(store.path).lesson_parts("Ana")["02-cant-pay-more"] == {"before:E2": False,
                                                                               "first-trigger": None}
    assert open_files(store.path) == []


def test_the_store_says_where_the_answers_are_kept(browser_folder, tmp_path):
    assert "kept in this browser, for this site only" in ResultStore(browser_folder / BROWSER_RESULTS).kept
    assert ResultStore(tmp_path / "results.sqlite3").kept is None  # a server keeps them: nothing to say


class FakeFS:
    """Pyodide's ``FS`` as ``keep_progress_in_browser`` uses it: what it was asked, and the storage's answer."""

    def __init__(self, error=None):
        self.calls: list = []
        self.error = error
        self.filesystems = types.SimpleNamespace(IDBFS="IDBFS")

    def mkdirTree(self, path):  # noqa: N802 (Emscripten's name)
        self.calls.append(("mkdirTree", path))

    def mount(self, kind, options, path):
        self.calls.append(("mount", kind, options, path))

    def syncfs(self, populate, done):
        self.calls.append(("syncfs", populate))
        done(self.error)


@pytest.fixture
def in_browser(monkeypatch, browser_folder):
    """The browser's Python, as far as ``keep_progress_in_browser`` looks: its platform and modules."""
    fs = FakeFS()
    monkeypatch.setattr(sys, "platform", "emscripten")
    ffi = types.SimpleNamespace(create_once_callable=lambda f: f, to_js=lambda value, dict_converter: value)
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(Object=types.SimpleNamespace(fromEntries=dict)))
    monkeypatch.setitem(sys.modules, "pyodide_js", types.SimpleNamespace(FS=fs))
    monkeypatch.setitem(sys.modules, "pyodide", types.SimpleNamespace(ffi=ffi))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.delenv("RULESDOJO_RESULTS", raising=False)  # set or not, by what ran before in this worker
    monkeypatch.setattr(browser, "_MOUNTED", [])  # a page's Python of its own
    return fs


def test_a_page_mounts_the_storage_carries_old_progress_over_and_keeps_results_there(in_browser, browser_folder):
    shutil.copy(OLD, browser_folder / OLD_PROGRESS)
    results = in_a_thread(browser.keep_progress_in_browser())
    assert ("mount", "IDBFS", {"autoPersist": True}, str(browser_folder)) in in_browser.calls
    assert results == str(browser_folder / BROWSER_RESULTS) and "RULESDOJO_RESULTS" not in os.environ
    store = ResultStore(results)  # the page's Kit is given this place
    assert store.path == browser_folder / BROWSER_RESULTS
    old = json.loads(OLD.read_text(encoding="utf-8"))
    assert [r.id for r in store.records()] == [r[0] for r in old["quiz_attempts"]]
    assert len(store.attempts()) == len(old["attempts"]) and not (browser_folder / OLD_PROGRESS).exists()
    assert "kept in this browser" in store.kept
    calls = len(in_browser.calls)
    assert in_a_thread(browser.keep_progress_in_browser()) == results  # the page run again: mounted already
    assert len(in_browser.calls) == calls


def test_storage_the_browser_refuses_leaves_the_results_in_memory(in_browser, browser_folder):
    in_browser.error = "IndexedDB refused"
    shutil.copy(OLD, browser_folder / OLD_PROGRESS)
    assert in_a_thread(browser.keep_progress_in_browser()) is None
    assert "RULESDOJO_RESULTS" not in os.environ
    assert (browser_folder / OLD_PROGRESS).exists() and not (browser_folder / BROWSER_RESULTS).exists()
