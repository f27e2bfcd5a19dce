"""The Python behind each lesson notebook: a cell is one call, ``show(lesson, key)``."""

from __future__ import annotations

import ipywidgets as ipw

from ..views.render import STYLE
from ..views.text import escape, game_text_html
from .catalog import LESSONS
from .framework import Check, CheckView, Lesson, Progress, Task, TaskView

_PROGRESS: dict[int, Progress] = {}
_WIDGETS: dict[tuple[int, str], ipw.Widget] = {}


def progress(number: int) -> ipw.Widget:
    """Show how far the learner is in a lesson (the same bar however often the cell runs)."""
    return _progress(number).widget


def _progress(number: int) -> Progress:
    if number not in _PROGRESS:
        _PROGRESS[number] = Progress(LESSONS[number])
    return _PROGRESS[number]


def show(number: int, key: str) -> ipw.Widget:
    """Return the widget for one part of a lesson, kept so progress survives re-running the cell.

    >>> w = show(1, "get-and-pay")
    >>> w is show(1, "get-and-pay")
    True
    """
    if (number, key) not in _WIDGETS:
        part = LESSONS[number].part(key)
        view = TaskView if isinstance(part, Task) else CheckView
        _WIDGETS[(number, key)] = view(part, _progress(number))
    return _WIDGETS[(number, key)]


def contents() -> ipw.HTML:
    """List the lessons in order with one line each, linked to their notebooks."""
    rows = "".join(f"<li><a href='{l.notebook}'>{escape(l.title)}</a> — {game_text_html(l.summary)}</li>"
                   for l in LESSONS.values())
    return ipw.HTML(f"{STYLE}<ol class='rd-contents'>{rows}</ol>")


__all__ = ["Check", "Lesson", "Task", "LESSONS", "contents", "progress", "show"]
