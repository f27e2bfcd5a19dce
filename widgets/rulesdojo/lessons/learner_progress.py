"""A learner's progress through the lessons, kept in the results store so a reload resumes it.

The learner is the configured identity, else this browser's learner key (the kit's identity source);
a preheated page reads the store when the learner connects, so it shows their state as it is then.

>>> import tempfile; from rulesdojo.kit import Kit; from rulesdojo.lessons.data import load_lessons
>>> kit = Kit.from_environment({"RULESDOJO_RESULTS": tempfile.mkdtemp() + "/r.sqlite3"})
>>> p = Progress(load_lessons()[1], kit=kit); p.mark("where-it-lives", True)
>>> Progress(load_lessons()[1], kit=kit).first_tries()
(1, 1)
>>> p.mark("where-it-lives", False); p.is_mastered("where-it-lives")  # a later miss keeps the mastery
True
"""

from __future__ import annotations

import ipywidgets as ipw

from ..i18n import Words, words_for
from ..kit import Kit
from ..quiz.store import better
from ..views.dom import Dom, Node, h, prose
from ..views.learner import learner_key_widget
from ..views.modules import page_style
from ..views.rules_switch import rules_switch
from .data import Lesson
from .outline import lesson_id


class Progress:
    """Which parts of a lesson the learner has finished, and which checks they have mastered.

    A check is mastered when it was answered right before its answer was shown (the first try,
    no "Show me"); a miss on one visit is mastered by a right first try on a later one.
    """

    def __init__(self, lesson: Lesson, nav: list[Node] | None = None, kit: Kit | None = None,
                 words: Words | None = None):
        """Follow ``lesson``; ``nav`` is the links to its neighbours (nodes), in the line's menu;
        ``kit``: whose learner (the kernel's, ``Kit.from_environment``, if not given); ``words``: the
        learner's language, for the line and the views of the lesson that share this progress."""
        kit = Kit.from_environment() if kit is None else kit
        self.words = words = words_for("en") if words is None else words
        self.lesson, self.kit = lesson, kit
        self.store = kit.store()
        self.learner: str | None = None
        self.done: dict[str, bool | None] = {}
        self._waiting: list = []  # called with the learner once known
        self._watchers: list = []  # called after every change
        self.bar = ipw.IntProgress(value=0, min=0, max=len(lesson.parts), description=words("Progress"),
                                   layout=ipw.Layout(width="16em"))
        self.bar.add_class("rd-wide")
        self.label = Dom()
        self.label.add_class("rd-progress-state")
        # Where the answers are kept (or why they are not): a row of its own under a wide line, and on a
        # phone a button that opens it above the line, so the line keeps one row and no word is cut.
        self.note = Dom()
        self.note.add_class("rd-progress-note")
        # On a phone the neighbours' links fold into a menu, so the line stays one line.
        self.nav = Dom([h("details", h("summary", words("Lessons")), *(nav or []), cls="rd-lessons-menu")])
        self.widget = ipw.HBox([page_style(), self.bar, self.label, self.note, self.nav,
                                learner_key_widget(kit.identity),  # + who the learner is
                                rules_switch().say(words)])  # + the page-level rules switch
        self.widget.add_class("rd-progress")
        self._draw()
        kit.identity.when_learner_known(self._resume)

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

    def review(self, check, correct: bool, hinted: bool) -> None:
        """Review the rulings a check asks about, for the learner's spaced review: right on the first
        try is Good, right after the check's hint Hard, wrong or shown Again (a check keeps no time,
        so never Easy). A check's question is the lesson's, which practice doesn't draw: its rulings
        alone are reviewed."""
        if self.learner is None or not check.rulings:
            return
        import time

        from ..quiz import review  # the scheduler, loaded at the first check answered
        deck = review.load(self.store, self.learner)
        deck.answer(check.question, correct, hinted, None, time.time(), practised=False)
        review.record(self.store, self.learner, deck)

    def first_tries(self) -> tuple[int, int]:
        """Return (checks right on the first try, checks answered)."""
        keys = {c.key for c in self.lesson.checks}
        answered = [v for k, v in self.done.items() if k in keys]
        return sum(1 for v in answered if v), len(answered)

    def _draw(self) -> None:
        self.bar.value = sum(1 for p in self.lesson.parts if p.key in self.done)
        for callback in self._watchers:
            callback()
        words = self.words
        if self.learner is None:  # not a count that may be someone else's, or out of date
            self.label.content = [h("span", words("Finding your progress…"), role="status")]
            return
        note = self.store.kept if self.store.saving else self.store.problem
        self._draw_note(note)
        n, total = self.bar.value, len(self.lesson.parts)
        mastered = _all_mastered(self.lesson, self.done)
        mark = "" if n < total else " ★" if mastered else " ✓"
        if n < total:
            wide = words.n("{n} of {total} steps done · {checks}", "{n} of {total} steps done · {checks}", n,
                       total=total, checks=mastered_checks(self.lesson, self.done, words))
        else:
            wide = words.n("{n} of {total} steps done — lesson {state}", "{n} of {total} steps done — lesson {state}",
                       n, total=total, state=lesson_state(self.lesson, self.done, words))
        self.label.content = [h("span", h("span", words("Lesson {number} · {n}/{total}{mark}", number=self.lesson.number,
                                                    n=n, total=total, mark=mark), cls="rd-narrow"),
                                h("span", wide, cls="rd-wide"), role="status")]

    def _draw_note(self, note: str | None) -> None:
        """Say where the answers are kept, or why they are not being saved (a warning then)."""
        if not note:  # the server keeps them: nothing to say (the line's style hides the empty box)
            self.note.content = []
            return
        words = self.words
        name = words("Where your answers are kept") if self.store.saving else words("Your answers are not being saved")
        self.note.content = [h("details", h("summary", "i" if self.store.saving else "!", aria_label=name,
                                             title=name),
                               h("p", note), cls="rd-saved" if self.store.saving else "rd-saved rd-unsaved")]


def _all_mastered(lesson: Lesson, done: dict) -> bool:
    return all(p.key in done for p in lesson.parts) and all(done.get(c.key) is True for c in lesson.checks)


def lesson_state(lesson: Lesson, done: dict, words: Words | None = None) -> str:
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
    words = words_for("en") if words is None else words
    parts = sum(1 for p in lesson.parts if p.key in done)
    if parts == 0:
        return words("not started")
    if _all_mastered(lesson, done):
        return words("mastered ★")
    checks = mastered_checks(lesson, done, words)
    if parts == len(lesson.parts):
        return words("done ✓ · {checks}", checks=checks)
    return words.n("in progress: {n} of {total} steps done · {checks}", "in progress: {n} of {total} steps done · {checks}",
               parts, total=len(lesson.parts), checks=checks)


def mastered_checks(lesson: Lesson, done: dict, words: Words | None = None) -> str:
    words = words_for("en") if words is None else words
    n = sum(1 for c in lesson.checks if done.get(c.key) is True)
    return words.n("{n} of {total} checks mastered", "{n} of {total} checks mastered", n, total=len(lesson.checks))


class RecapView(ipw.VBox):
    """The lesson's recap, closed until every check is answered (it would give them away)."""

    def __init__(self, progress: Progress, words: Words | None = None):
        self.shown = Dom()
        super().__init__([page_style(), self.shown])
        self.progress = progress
        self.words = (getattr(progress, "words", None) or words_for("en")) if words is None else words
        from .texts import LessonTexts
        recap = LessonTexts(progress.lesson, self.words)(progress.lesson.recap)
        self.translated = getattr(recap, "translated", True)
        self.points = [" ".join(line.split()) for line in str(recap).split("\n- ")]
        progress.watch(self._draw)
        self._draw()

    def _draw(self) -> None:
        if not self.progress.lesson.recap:
            return
        words = self.words
        if not self.progress.checks_answered():
            self.shown.content = [h("h2", words("Recap")), h("p", words("The recap opens once you've answered the checks above."),
                                                         cls="rd-note", role="status")]
            return
        points = h("ul", *(h("li", *prose(p.removeprefix("- "))) for p in self.points if p))
        if not self.translated:  # shown in English: it says so
            points = h("div", points, lang="en")
            mark = h("p", h("span", words("(in English)"), cls="rd-untranslated"))
            self.shown.content = [h("h2", words("Recap")), points, mark]
            return
        self.shown.content = [h("h2", words("Recap")), points]


def recap_view(progress: Progress, words: Words | None = None) -> RecapView:
    """Return the lesson's recap, closed until every check is answered (it would give them away)."""
    return RecapView(progress, words)
