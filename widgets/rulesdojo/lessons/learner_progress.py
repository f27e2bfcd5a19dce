"""A learner's progress through the lessons, kept in the results store so a reload resumes it.

The learner is the configured identity, else this browser's learner key (``rulesdojo.identity``);
a preheated page reads the store when the learner connects, so it shows their state as it is then.

>>> import os, tempfile; os.environ["RULESDOJO_RESULTS"] = tempfile.mkdtemp() + "/r.sqlite3"
>>> from rulesdojo.lessons.data import load_lessons
>>> p = Progress(load_lessons()[1]); p.mark("where-it-lives", True)
>>> Progress(load_lessons()[1]).first_tries()
(1, 1)
>>> del os.environ["RULESDOJO_RESULTS"]
"""

from __future__ import annotations

import ipywidgets as ipw

from .. import identity
from ..quiz.store import ResultStore
from ..views.base import html_widget
from ..views.board import ProseSymbols
from ..views.learner import learner_key_widget
from ..views.text import escape
from .data import Lesson

# The line stays in view while the page scrolls (a cell's output can't be sticky beyond its cell).
STICKY = ("<style>.rd-progress{position:fixed;bottom:0;left:0;right:0;z-index:30;background:#fff;"
          "border-top:1px solid #bbb;padding:.3em .8em;box-shadow:0 -2px 6px rgba(0,0,0,.15)}"
          ".rd-progress nav{margin-left:1.5em}.jp-Notebook{padding-bottom:3em}"
          # Voila's page panels contain their children strictly, which would pin the line to them.
          ".lm-BoxPanel:has(.rd-progress),.lm-BoxPanel-child:has(.rd-progress){contain:none !important}</style>")


def lesson_id(lesson: Lesson) -> str:
    return lesson.notebook.removesuffix(".ipynb")


class Progress:
    """Which parts of a lesson the learner has finished (and checks right the first time)."""

    def __init__(self, lesson: Lesson, nav: str = ""):
        self.lesson = lesson
        self.store = ResultStore()
        self.learner: str | None = None
        self.done: dict[str, bool | None] = {}
        self._waiting: list = []  # called with the learner once known
        self.bar = ipw.IntProgress(value=0, min=0, max=len(lesson.parts), description="Progress",
                                   layout=ipw.Layout(width="24em"))
        self.label = html_widget()
        self.nav = html_widget(nav)
        self.widget = ipw.HBox([self.bar, self.label, self.nav, ProseSymbols(),  # + the lesson's symbols
                                learner_key_widget()])  # + who the learner is
        self.widget.add_class("rd-progress")
        self._draw()
        identity.when_learner_known(self._resume)

    def _resume(self, learner: str) -> None:
        """Read what this learner finished before, and keep what was done while they were unknown."""
        self.learner = learner
        before = self.store.lesson_parts(learner).get(lesson_id(self.lesson), {})
        for key, first in self.done.items():
            if key not in before:
                self.store.mark_part(learner, lesson_id(self.lesson), key, first)
        self.done = {**self.done, **before}
        self._draw()
        for callback in self._waiting:
            callback(learner)
        self._waiting = []

    def on_learner(self, callback) -> None:
        """Call ``callback(learner)`` now if the learner is known, else once they are."""
        if self.learner is not None:
            callback(self.learner)
        else:
            self._waiting.append(callback)

    def is_done(self, key: str) -> bool:
        return key in self.done

    def mark(self, key: str, first_try: bool | None) -> None:
        """Keep that a part is finished; the first result is the one kept."""
        if key in self.done:
            return
        self.done = {**self.done, key: first_try}
        if self.learner is not None:
            self.store.mark_part(self.learner, lesson_id(self.lesson), key, first_try)
        self._draw()

    def first_tries(self) -> tuple[int, int]:
        """Return (checks right on the first try, checks answered)."""
        keys = {c.key for c in self.lesson.checks}
        answered = [v for k, v in self.done.items() if k in keys]
        return sum(1 for v in answered if v), len(answered)

    def _draw(self) -> None:
        n, total = sum(1 for p in self.lesson.parts if p.key in self.done), len(self.lesson.parts)
        self.bar.value = n
        if self.learner is None:  # not a count that may be someone else's, or out of date
            self.label.value = f"{STICKY}<span role='status'>Finding your progress…</span>"
            return
        note = self.store.kept if self.store.saving else self.store.problem
        saved = f" <i>{escape(note)}</i>" if note else ""
        self.label.value = (f"{STICKY}<span role='status'>{n} of {total} steps done"
                            f"{' — lesson complete ✓' if n == total else ''}</span>{saved}")
