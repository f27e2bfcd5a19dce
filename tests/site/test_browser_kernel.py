"""What the site's pages do first in the browser's kernel: its file drive is left out of imports and
lesson reading (each look there is a request through the service worker)."""

from __future__ import annotations

import sys

from rulesdojo.lessons import outline
from rulesdojo.quiz import browser
from rulesdojo.shipped import lessons_folder


def test_the_drive_is_taken_off_the_import_path_in_the_browser_only(monkeypatch):
    monkeypatch.setattr(sys, "path", ["", "/drive/lessons", "/drive", "/lib/python3.12", "/home/pyodide"])
    monkeypatch.setattr(browser.os, "getcwd", lambda: "/drive/lessons")
    assert browser.imports_off_the_drive() == []  # not a browser: nothing changes
    assert sys.path[0] == ""
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert browser.imports_off_the_drive() == ["", "/drive/lessons", "/drive"]
    assert sys.path == ["/lib/python3.12", "/home/pyodide"]
    assert "imports_off_the_drive()" in browser.SITE_CELL


def test_the_browser_reads_the_lessons_from_the_wheel_not_its_working_folder(monkeypatch, tmp_path):
    (tmp_path / "01-mine.yaml").write_text("lesson: 1\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert outline.current_folder() == tmp_path  # a mentor's folder of lessons, on a server
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert outline.current_folder() == lessons_folder()
