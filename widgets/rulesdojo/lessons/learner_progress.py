"""A learner's progress through the lessons, kept in the results store so a reload resumes it.

The learner is the configured identity, else this browser's learner key (``rulesdojo.identity``);
a preheated page reads the store when the learner connects, so it shows their state as it is then.

>>> import os, tempfile; os.environ["RULESDOJO_RESULTS"] = tempfile.mkdtemp() + "/r.sqlite3"
>>> from rulesdojo.lessons.data import load_lessons
>>> p = Progress(load_lessons()[1]); p.mark("where-it-lives", True)
>>> Progress(load_lessons()[1]).first_tries()
(1, 1)
>>> p.mark("where-it-lives", False); p.is_mastered("where-it-lives")  # a later miss keeps the mastery
True
>>> del os.environ["RULESDOJO_RESULTS"]
"""

from __future__ import annotations

import ipywidgets as ipw

from .. import identity
from ..quiz.store import ResultStore, better
from ..views.base import html_widget
from ..views.dom import Dom
from ..views.learner import learner_key_widget
from ..views.rules_switch import rules_switch
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
    """Which parts of a lesson the learner has finished, and which checks they have mastered.

    A check is mastered when it was answered right before its answer was shown (the first try,
    no "Show me"); a miss on one visit is mastered by a right first try on a later one.
    """

    def __init__(self, lesson: Lesson, nav: list | None = None):
        self.lesson = lesson
        self.store = ResultStore()
        self.learner: str | None = None
        self.done: dict[str, bool | None] = {}
        self._waiting: list = []  # called with the learner once known
        self._watchers: list = []  # called after every change
        self.bar = ipw.IntProgress(value=0, min=0, max=len(lesson.parts), description="Progress",
                                   layout=ipw.Layout(width="24em"))
        self.label = html_widget()
        self.nav = Dom(nav)
        self.widget = ipw.HBox([self.bar, self.label, self.nav, learner_key_widget(),  # + who the learner is
                                rules_switch()])  # + the page-level rules switch
        self.widget.add_class("rd-progress")
        self._draw()
        identity.when_learner_known(self._resume)

    def _resume(self, learner: str) -> None:
        """Read what this learner finished before, and keep what was done while they were unknown."""
        self.learner = learner
        before = self.store.lesson_parts(learner).get(lesson_id(self.lesson), {})
        for key, first in self.done.items():
            if key not in before or better(before[key], first) != before[key]:
                self.store.mark_part(learner, lesson_id(self.lesson), key, first)
        self.done = {k: better(before.get(k), self.done.get(k)) for k in {**before, **self.done}}
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

    def watch(self, callback) -> None:
        """Call ``callback()`` after every change of the progress."""
        self._watchers.append(callback)

    def is_done(self, key: str) -> bool:
        return key in self.done

    def is_mastered(self, key: str) -> bool:
        return self.done.get(key) is True

    def checks_answered(self) -> bool:
        return all(self.is_done(c.key) for c in self.lesson.checks)

    def mark(self, key: str, first_try: bool | None) -> None:
        """Keep that a part is finished; the best result is kept (a right first try over a miss)."""
        if key in self.done and better(self.done[key], first_try) == self.done[key]:
            return
        self.done = {**self.done, key: better(self.done.get(key), first_try)}
        if self.learner is not None:
            self.store.mark_part(self.learner, lesson_id(self.lesson), key, first_try)
        self._draw()

    def first_tries(self) -> tuple[int, int]:
        """Return (checks right on the first try, checks answered)."""
        keys = {c.key for c in self.lesson.checks}
        answered = [v for k, v in self.done.items() if k in keys]
        return sum(1 for v in answered if v), len(answered)

    def _draw(self) -> None:
        self.bar.value = sum(1 for p in self.lesson.parts if p.key in self.done)
        for callback in self._watchers:
            callback()
        if self.learner is None:  # not a count that may be someone else's, or out of date
            self.label.value = f"{STICKY}<span role='status'>Finding your progress…</span>"
            return
        note = self.store.kept if self.store.saving else self.store.problem
        saved = f" <i>{escape(note)}</i>" if note else ""
        n, total = self.bar.value, len(self.lesson.parts)
        state = f" — lesson {lesson_state(self.lesson, self.done)}" if n == total else \
            f" · {mastered_checks(self.lesson, self.done)}"
        self.label.value = f"{STICKY}<span role='status'>{n} of {total} steps done{escape(state)}</span>{saved}"


def lesson_state(lesson: Lesson, done: dict) -> str:
    """Say how far a learner is in a lesson: not started, in progress, done, or mastered.

    A lesson is done when every part is finished, mastered when it is done and every check is
    mastered (answered right before the answer was shown).

    >>> from rulesdojo.lessons.data import load_lessons
    >>> one = load_lessons()[1]
    >>> lesson_state(one, {})
    'not started'
    >>> lesson_state(one, {p.key: None if p in one.tasks else False for p in one.parts})
    'done ✓ · 0 of 2 checks mastered'
    >>> lesson_state(one, {p.key: None if p in one.tasks else True for p in one.parts})
    'mastered ★'
    """
    parts = sum(1 for p in lesson.parts if p.key in done)
    if parts == 0:
        return "not started"
    if parts == len(lesson.parts) and all(done.get(c.key) is True for c in lesson.checks):
        return "mastered ★"
    state = "done ✓" if parts == len(lesson.parts) else f"in progress: {parts} of {len(lesson.parts)} steps done"
    return f"{state} · {mastered_checks(lesson, done)}"


def mastered_checks(lesson: Lesson, done: dict) -> str:
    return f"{sum(1 for c in lesson.checks if done.get(c.key) is True)} of {len(lesson.checks)} checks mastered"


def unmastered(lesson: Lesson, done: dict) -> dict[str, list]:
    """Return, per ruling the lesson teaches, its checks not yet mastered (answered, or not yet).

    >>> from rulesdojo.lessons.data import load_lessons
    >>> [c.key for c in unmastered(load_lessons()[2], {})["E2"]][:1]
    ['fifteen']
    """
    out: dict[str, list] = {}
    for check in lesson.checks:
        if done.get(check.key) is not True:
            for tag in check.question.tags.get("rulings", []):
                out.setdefault(tag, []).append(check)
    return out


def recap_view(progress: Progress) -> ipw.HTML:
    """Return the lesson's recap, closed until every check is answered (it would give them away)."""
    from ..views.text import author_html
    widget = html_widget()
    points = [" ".join(line.split()) for line in progress.lesson.recap.split("\n- ")]

    def draw() -> None:
        if not progress.lesson.recap:
            return
        if not progress.checks_answered():
            widget.value = ("<h2>Recap</h2><p class='rd-note' role='status'>The recap opens once you've "
                            "answered the checks above.</p>")
            return
        items = "".join(f"<li>{author_html(p.removeprefix('- '))}</li>" for p in points if p)
        widget.value = f"<h2>Recap</h2><ul>{items}</ul>"
    progress.watch(draw)
    draw()
    return widget
