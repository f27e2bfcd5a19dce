"""Mastery, not completion, driven as a learner: a check is mastered only when answered right
before its answer was shown; a lesson is "done" or "mastered", on its progress line and the course
map; the map points back to the lesson for each ruling not yet mastered; the recap opens only
once the checks are answered."""

from __future__ import annotations

import os

import html
import re


import pytest

from rulesdojo.lessons import _course_map, lessons
from rulesdojo.lessons.framework import CheckView, TaskView
from rulesdojo.lessons.learner_progress import Progress, lesson_id, recap_view
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views.dom import plain

from dom_nodes import elements

LESSON = lessons()[2]  # one task, two checks, all on Energy ruling 2
CHECK = LESSON.checks[0]


def text(markup: str | list) -> str:
    said = plain(markup) if isinstance(markup, list) else html.unescape(re.sub(r"<[^>]+>", " ", markup))
    return re.sub(r"\s+", " ", said).strip()


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDOJO_RESULTS", str(tmp_path / "results.sqlite3"))
    return ResultStore(os.environ["RULESDOJO_RESULTS"])


def visit() -> Progress:
    """Open the lesson afresh (a reload, a new kernel): the progress is read from the store."""
    return Progress(LESSON)


def right(view: CheckView) -> str:
    return view.variant.solution().right_answer_text


def wrong(view: CheckView) -> str:
    v = view.variant
    return next(o for o in v.options if o != right(view)) if v.options else str(int(right(view)) + 1)


def answer(view: CheckView, value: str) -> None:
    view.answer.value = value
    view.check_button.click()


def finish_task(progress: Progress) -> None:
    view = TaskView(LESSON.tasks[0], progress)
    for _ in LESSON.tasks[0].solution:
        if not view.achieved:
            view.show_button.click()
    assert view.achieved


def mastered(progress: Progress, check=CHECK) -> bool | None:
    return ResultStore(os.environ["RULESDOJO_RESULTS"]).lesson_parts(progress.learner)[lesson_id(LESSON)].get(check.key)


def test_two_wrong_tries_then_right_is_done_but_not_mastered(store):
    view = CheckView(CHECK, visit())
    answer(view, wrong(view))
    answer(view, wrong(view))
    answer(view, right(view))
    assert "✓ Right." in view.feedback.text and "Mastered" not in view.feedback.text
    assert view.progress.is_done(CHECK.key) and not view.progress.is_mastered(CHECK.key)
    assert mastered(view.progress) is False
    assert "0 of 2 checks mastered" in text(view.progress.label.text)
    again = CheckView(CHECK, visit())
    assert "Answered before, not yet mastered" in text(again.feedback.text)


def test_show_me_then_right_does_not_master(store):
    view = CheckView(CHECK, visit())
    view.show_button.click()
    answer(view, right(view))
    assert not view.progress.is_mastered(CHECK.key) and mastered(view.progress) is False


def test_a_right_first_try_on_a_later_visit_masters_it_and_a_later_miss_keeps_it(store):
    first = CheckView(CHECK, visit())
    answer(first, wrong(first))
    answer(first, wrong(first))
    later = CheckView(CHECK, visit())
    answer(later, right(later))
    assert "Mastered." in later.feedback.text and later.progress.is_mastered(CHECK.key)
    assert mastered(later.progress) is True
    after = CheckView(CHECK, visit())
    assert "Answered before — mastered" in text(after.feedback.text)
    answer(after, wrong(after))
    answer(after, wrong(after))
    assert mastered(after.progress) is True and visit().is_mastered(CHECK.key)


def test_a_lesson_done_then_mastered_on_its_line_and_the_course_map_with_the_way_back(store):
    progress = visit()
    assert "Not started" in text(_course_map(store.lesson_parts(progress.learner)))
    finish_task(progress)
    for check in LESSON.checks:  # every check answered, only after "Show me"
        view = CheckView(check, progress)
        view.show_button.click()
        answer(view, right(view))
    assert "3 of 3 steps done — lesson done ✓ · 0 of 2 checks mastered" in text(progress.label.text)
    course = _course_map(store.lesson_parts(progress.learner))
    card = next(c for c in elements(course, "li", "rd-course-card")
                if ["a", {"href": LESSON.notebook}, LESSON.title] in elements([c], "a"))
    assert text(elements([card], "p", "rd-state")) == "Finished · 0/2 checks mastered"
    back = text(elements([card], "ul", "rd-go-back"))
    assert back.startswith("Not yet mastered: Getting and paying energy (Energy ruling 2) — back to")
    assert back.endswith(f") — back to {LESSON.title}")
    assert "you get that many energy counters" not in str(card)  # the ruling named, its text not run on
    assert ["a", {"href": LESSON.notebook}, f"back to {LESSON.title}"] in elements([card], "a")
    assert text(course).count("Not yet mastered:") == 1  # the lessons not begun point nowhere yet
    again = visit()  # a later visit: each check right on the first try
    for check in LESSON.checks:
        view = CheckView(check, again)
        answer(view, right(view))
        assert again.is_mastered(check.key)
    assert "3 of 3 steps done — lesson mastered ★" in text(again.label.text)
    course = _course_map(store.lesson_parts(again.learner))
    assert "Finished · 2/2 checks mastered" in text(course) and "Not yet mastered:" not in text(course)


def test_the_recap_opens_only_once_every_check_is_answered(store):
    progress = visit()
    recap = recap_view(progress)
    points = "A cost is paid in full or not at all"
    finish_task(progress)
    assert "opens once you've answered the checks" in text(recap.shown.text) and points not in text(recap.shown.text)
    view = CheckView(LESSON.checks[0], progress)
    answer(view, right(view))
    assert points not in text(recap.shown.text)  # one check left: its answer stays hidden
    view = CheckView(LESSON.checks[1], progress)
    answer(view, wrong(view))
    assert points not in text(recap.shown.text)  # a wrong try is not yet an answer
    answer(view, right(view))
    assert points in text(recap.shown.text) and "opens once" not in recap.shown.text
    assert recap.shown.content[1][0] == "ul" and len(recap.shown.content[1]) > 3  # the points, one item each
    assert points in text(recap_view(visit()).shown.text)  # a later visit: the checks were answered


def test_the_course_map_continues_at_the_first_part_not_finished(store):
    first = lessons()[1]
    (go,) = elements(_course_map(store.lesson_parts("nobody")), "a", "rd-continue")
    # A lesson not begun opens at its top, where "Before you start" asks its questions first.
    assert go[1]["href"] == first.notebook and go[2] == f"Start: 1. {first.title}"
    who = visit().learner
    store.mark_part(who, lesson_id(first), first.parts[0].key, None)
    course = _course_map(store.lesson_parts(who))
    (go,) = elements(course, "a", "rd-continue")
    part = first.parts[1]
    assert part.key == "leaving-takes-nothing"
    assert go[1]["href"] == f"{first.notebook}#part-leaving-takes-nothing"  # the id the part's widget carries
    assert go[2] == f"Continue: 1. {first.title} at “{part.title}”"
    for lesson in lessons().values():
        for p in lesson.parts:
            store.mark_part(who, lesson_id(lesson), p.key, True)
    (go,) = elements(_course_map(store.lesson_parts(who)), "a", "rd-continue")
    assert go[1]["href"] == "quiz.ipynb"