"""Where the course's Python in the learner's browser reads its lessons from."""

from __future__ import annotations

import sys

from rulesdojo.lessons import outline
from rulesdojo.shipped import lessons_folder


def test_the_browser_reads_the_lessons_from_the_wheel_not_its_working_folder(monkeypatch, tmp_path):
    (tmp_path / "01-mine.yaml").write_text("lesson: 1\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert outline.current_folder() == tmp_path  # a mentor's folder of lessons, on a server
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert outline.current_folder() == lessons_folder()
