"""The Python behind each lesson notebook: a cell is one call, ``show(lesson, key)``.

The lessons themselves are YAML files beside the notebooks (``data.py``, docs/lessons.md).
The engine, PyYAML and the results store are imported when a cell first needs them, not with this
module: a lesson page's first cell then costs little more than ipywidgets itself.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import ipywidgets as ipw

from ..lazy import names_from

if TYPE_CHECKING:  # read lazily at run time (names_from below)
    from .data import Lesson

_PROGRESS: dict = {}
_WIDGETS: dict[tuple[int, str], ipw.Widget] = {}


__getattr__ = names_from(__name__, dict.fromkeys(("Check", "Lesson", "Task"), "data"))


@cache
def _lessons(folder: str) -> dict:
    from .data import load_lessons
    return load_lessons(folder)


def lessons() -> dict:
    """Return the lessons of the folder the notebook runs in (else the shipped ones), by number."""
    from .data import current_folder
    return _lessons(str(current_folder()))


def progress(number: int) -> ipw.Widget:
    """Show how far the learner is in a lesson, with links to its neighbours (one bar per kernel)."""
    return _progress(number).widget


def _progress(number: int):
    if number not in _PROGRESS:
        from .learner_progress import Progress
        _PROGRESS[number] = Progress(lessons()[number], _nav(number))
    return _PROGRESS[number]


def show(number: int, key: str) -> ipw.Widget:
    """Return the widget for one part of a lesson, kept so progress survives re-running the cell.

    >>> w = show(1, "get-and-pay")
    >>> w is show(1, "get-and-pay")
    True
    """
    if (number, key) not in _WIDGETS:
        from .data import Task
        from .framework import CheckView, TaskView
        part = lessons()[number].part(key)
        view = TaskView if isinstance(part, Task) else CheckView
        _WIDGETS[(number, key)] = view(part, _progress(number))
    return _WIDGETS[(number, key)]


def before(number: int) -> ipw.Widget:
    """Show the questions a lesson opens with, answered before it teaches (no score on the page)."""
    if (number, "before") not in _WIDGETS:
        from .before import before_view
        _WIDGETS[(number, "before")] = before_view(_progress(number))
    return _WIDGETS[(number, "before")]


def recap(number: int) -> ipw.Widget:
    """Show the lesson's closing summary once every check is answered: until then it would give
    the answers away."""
    if (number, "recap") not in _WIDGETS:
        from .learner_progress import recap_view
        _WIDGETS[(number, "recap")] = recap_view(_progress(number))
    return _WIDGETS[(number, "recap")]


def _link(href: str, text: str) -> str:
    from ..views.text import escape
    return f"<a href='{escape(href)}'>{escape(text)}</a>"


def _nav(number: int) -> list:
    from ..views.dom import h
    ls = lessons()
    before = [n for n in ls if n < number]
    after = [n for n in ls if n > number]
    parts = []
    if before:
        parts.append(h("a", f"← {ls[before[-1]].title}", href=ls[before[-1]].notebook))
    parts.append(h("a", "All lessons", href="index.ipynb"))
    parts.append(h("a", f"Next: {ls[after[0]].title} →", href=ls[after[0]].notebook) if after
                 else h("a", "Next: the quiz →", href="quiz.ipynb"))
    return [h("nav", *[x for p in parts for x in (" · ", p)][1:], aria_label="Lessons")]


def next_steps(number: int) -> ipw.Widget:
    """Link to what comes after a lesson: the next lesson, or the quiz after the last one."""
    from ..views.dom import Dom
    return Dom(_nav(number))


def contents() -> ipw.Box:
    """Show the course map: each lesson linked with the learner's state in it, then the quiz and sandbox.

    The states are read when the learner is known (a preheated page: when they connect).
    """
    from .. import identity
    from ..quiz.store import ResultStore
    from ..views.base import html_widget
    from ..views.learner import learner_key_widget
    widget = html_widget(_course_map(None))
    identity.when_learner_known(lambda who: setattr(widget, "value", _course_map(ResultStore().lesson_parts(who))))
    return ipw.VBox([widget, learner_key_widget()])


def _course_map(done: dict | None) -> str:
    """Return the course map's markup; ``done`` None: the learner is not known yet.

    A lesson begun shows, under it, each ruling it teaches that a check has not yet mastered,
    with a link back to the lesson.
    """
    from ..views.text import author_html, escape
    from .learner_progress import lesson_id, lesson_state
    rows = []
    for lesson in lessons().values():
        finished = (done or {}).get(lesson_id(lesson), {})
        state = "finding your progress…" if done is None else lesson_state(lesson, finished)
        rows.append(f"<li>{_link(lesson.notebook, lesson.title)} — {author_html(lesson.summary)} "
                    f"<span class='rd-state'>({escape(state)})</span>{_go_back(lesson, finished)}</li>")
    return (f"<h2>Lessons</h2><ol>{''.join(rows)}</ol>"
            f"<h2>Then</h2><ul><li>{_link('quiz.ipynb', 'The judge quiz')} — engine-checked "
            "questions on every ruling</li><li>"
            f"{_link('sandbox.ipynb', 'The sandbox')} — play any scenario out</li></ul>")


def _go_back(lesson, finished: dict) -> str:
    """Point a learner who has begun a lesson back to it for each ruling not yet mastered."""
    from .learner_progress import unmastered
    return go_back({tag: lesson for tag in unmastered(lesson, finished)}) if finished else ""


def go_back(lessons_for: dict) -> str:
    """Return a list that points back to a lesson for each ruling not yet mastered (ruling tag -> lesson)."""
    from ..quiz.rulings import ruling
    from ..views.text import escape, game_text_html
    # Named, not explained: a ruling's text here would run on into the sentence.
    items = [f"<li>Not yet mastered: {game_text_html(ruling(tag).title, tips=False)} ({escape(ruling(tag).name)}) — "
             f"{_link(lesson.notebook, 'back to ' + lesson.title)}</li>" for tag, lesson in lessons_for.items()]
    return f"<ul class='rd-go-back' aria-label='Rulings to go back to'>{''.join(items)}</ul>" if items else ""


def teaching(tags) -> dict:
    """Return, for each ruling tag a lesson teaches, the first lesson that teaches it.

    >>> teaching(["L3", "E6"])["L3"].title
    'Landfall'
    """
    first: dict[str, Lesson] = {}
    for lesson in lessons().values():
        for tag in lesson.rulings:
            first.setdefault(tag, lesson)
    return {tag: first[tag] for tag in tags if tag in first}


__all__ = ["Check", "Lesson", "Task", "before", "contents", "go_back", "lessons", "next_steps", "progress", "recap", "show", "teaching"]
