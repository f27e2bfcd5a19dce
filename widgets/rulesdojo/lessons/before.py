"""The "before you start" questions a lesson opens with: where a learner stands before it teaches.

One bank question per ruling the lesson's checks test (at most two), a variant drawn afresh for
each page, so the engine grades it. The learner answers each once; the page shows no score, only
that the answer is kept, and, once the lesson's checks are answered, what the answer was. What is
kept is whether it was right, as the lesson part ``before:RULING`` of this learner (the trainer's
learning gain compares it with the checks' first tries, ``rulesdojo.quiz.gain``).
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as ipw

from ..quiz.gain import BEFORE
from ..views.base import button
from ..views.dom import Dom, game, h, prose
from ..views.modules import page_style
from ..views.text import game_text_words
from .data import Lesson
from .framework import kernel_loop, message
from .learner_progress import Progress

#: at most this many before questions open a lesson
MOST = 2
#: the question shapes asked before a lesson: a number, yes or no, or one option (never an order)
KINDS = ("outcome", "choice")


def before_questions(lesson: Lesson, bank) -> list[tuple[str, object]]:
    """Return (ruling, bank question) for the rulings the lesson's checks test, in the lesson's
    order, at most ``MOST``, each question a different one: the easiest, then by id.

    >>> from rulesdojo.lessons.data import load_lesson, shipped_folder
    >>> from rulesdojo.quiz import load_bank
    >>> [t for t, q in before_questions(load_lesson(shipped_folder() / "04-may-pay.yaml"), load_bank())]
    ['E3', 'E5']
    """
    tested = [t for t in lesson.rulings if any(t in c.question.tags.get("rulings", []) for c in lesson.checks)]
    out, used = [], set()
    for tag in tested:
        found = sorted((q for q in bank.select(tags=[tag], kind=list(KINDS)) if q.id not in used),
                       key=lambda q: (q.difficulty, q.id))
        if found:
            out.append((tag, found[0]))
            used.add(found[0].id)
        if len(out) == MOST:
            break
    return out


class BeforeQuestion(ipw.VBox):
    """One before question: answered once, kept without a score; its answer shown after the checks."""

    def __init__(self, tag: str, question, progress: Progress, seed: int | None = None):
        """Ask ``question`` (a variant drawn from ``seed``, else at random) of a learner already known."""
        super().__init__()
        self.tag, self.progress = tag, progress
        self.key = BEFORE + tag
        self.variant = question.variant(seed=random.randrange(2 ** 31) if seed is None else seed)
        self.verdict = None  # this page's answer, graded in the kernel and not shown until the checks are done
        v = self.variant
        if v.options:
            # a radio button's label is text only: its symbols in words; the value is the option graded
            self.answer = ipw.RadioButtons(options=[(game_text_words(o), o) for o in v.options], value=None,
                                           description="Your answer",
                                           layout=ipw.Layout(width="auto"), style={"description_width": "initial"})
        else:
            self.answer = ipw.Text(value="", placeholder=v.instructions, description="Your answer",
                                   style={"description_width": "initial"})
        self.keep_button = button("Keep my answer", "No score now: you'll see it after the lesson's checks",
                                  self.keep)
        self.feedback = Dom()
        self.children = [Dom([h("div", *prose(v.prompt), cls="rd-note")]), self.answer, self.keep_button,
                         self.feedback]
        progress.watch(self._draw)
        self._draw()

    @property
    def kept(self) -> bool:
        return self.progress.is_done(self.key)

    def _late(self) -> bool:
        """Say whether the learner answered a check of this lesson before this question: then it
        can't say where they started."""
        return not self.kept and any(self.progress.is_done(c.key) for c in self.progress.lesson.checks)

    def keep(self) -> None:
        given = self.answer.value
        if self.kept or self._late():
            self._draw()
            return
        if given is None or not str(given).strip():
            self._say("rd-note", f"Give an answer first: {self.variant.instructions}")
            return
        verdict = self.variant.grade(given)
        if verdict.problem:
            self._say("rd-note", f"{verdict.problem}: {self.variant.instructions}")
            return
        self.verdict = verdict
        self.progress.mark(self.key, verdict.correct)

    def _say(self, cls: str, *nodes: Any) -> None:
        self.feedback.content = message(cls, *nodes)

    def _draw(self) -> None:
        closed = self.kept or self._late()
        self.answer.disabled = self.keep_button.disabled = closed
        if self._late():
            self._say("rd-note", "You answered this lesson's checks first, so this question can't show "
                      "where you started; it is left for learners starting the lesson.")
        elif not self.kept:
            return
        elif not self.progress.checks_answered():
            self._say("rd-ok", h("b", "Kept."), " No score now: answer the lesson's checks, then look back here.")
        elif self.verdict is None:
            self._say("rd-note", "You answered this before the lesson.")
        else:
            self._say("rd-ok" if self.verdict.correct else "rd-note",
                      "Before the lesson you answered ", *game(self.verdict.answer_text),
                      f"{' — right' if self.verdict.correct else ''}; the answer is ",
                      *game(self.verdict.right_answer_text), ".")


def before_view(progress: Progress, bank=None) -> ipw.VBox:
    """Return the lesson's opening questions under a "Before you start" heading.

    The questions are drawn once the learner is known: they show whether this learner answered them
    already. A served kernel reads the bank while the page is made, so a preheated page has it before
    its learner arrives (a cold one pays the same either way); elsewhere it is read when needed.
    """
    if bank is None and kernel_loop() is not None:
        from ..quiz.model import load_bank
        bank = load_bank()
    head = h("h2", "Before you start")
    box = ipw.VBox([page_style(), Dom([head, h("p", "Finding your questions…", role="status")])])
    box.add_class("rd-before")

    def fill(_learner: str) -> None:
        from ..quiz.model import load_bank
        items = [BeforeQuestion(tag, q, progress) for tag, q in before_questions(progress.lesson, bank or load_bank())]
        intro: list = [head, h("p", "What would you answer now? No score, no hints: this shows you, and your mentor, "
                          "what the lesson changes. Answer once and read on.")] if items else []
        box.children = [page_style(), *([Dom(intro)] if intro else []), *items]
    progress.on_learner(fill)
    return box
