"""The quiz and the trainer as the course shows them: the views' pages, given what they tell of the
lessons (the lesson that teaches a ruling missed, each lesson's checks for the learning gain).

The views know nothing of the lessons: the course hands them these here, as it hands them a ``Kit``.
"""

from __future__ import annotations

import functools

from ..views.quiz import Quiz as QuizView
from ..views.trainer import Trainer as TrainerView


def lesson_checks(lessons) -> tuple[dict[str, dict[str, list[str]]], dict[str, str]]:
    """Return, per lesson id, each check's rulings, and each lesson id's title.

    >>> from rulesdojo.lessons import lessons
    >>> checks, titles = lesson_checks(lessons()); titles["01-what-energy-is"]
    '1. What energy is'
    """
    from .outline import lesson_id
    checks = {lesson_id(l): {c.key: list(c.question.tags.get("rulings", [])) for c in l.checks}
              for l in lessons.values()}
    return checks, {lesson_id(l): f"{l.number}. {l.title}" for l in lessons.values()}


def back_to_lessons(tags, words=None) -> list:
    """Return the list pointing back to the lesson that teaches each ruling tag not yet mastered, in
    the learner's language (``words``)."""
    from . import go_back, teaching
    return go_back(teaching(tags), words)


def course_checks() -> tuple[dict[str, dict[str, list[str]]], dict[str, str]]:
    """Return ``lesson_checks`` of the lessons of the folder the notebook runs in."""
    from . import lessons
    return lesson_checks(lessons())


class Quiz(QuizView):
    """The quiz page: a review points back to the lessons that teach what was missed."""

    def __init__(self, *args, go_back=back_to_lessons, **kwargs):
        if go_back is back_to_lessons and kwargs.get("words") is not None:
            words = kwargs["words"]
            go_back = functools.partial(back_to_lessons, words=words)
        super().__init__(*args, go_back=go_back, **kwargs)


class Trainer(TrainerView):
    """The mentors' page: its learning-gain tables are per lesson of the course."""

    def __init__(self, store=None, bank=None, exams=None, course=course_checks, **kwargs):
        super().__init__(store, bank, exams, course, **kwargs)
