"""The course map's "Not yet mastered" lists the rulings whose checks the learner missed, once
each: not the rulings answered right, not the rulings no check asks about, not a lesson whose
checks are mastered or not yet answered. Driven as a learner: checks answered on their views,
the map read from the results store as a new page reads it."""

from __future__ import annotations

import os

import re

import pytest

from rulesdojo.lessons import _course_map, lessons
from rulesdojo.lessons.framework import CheckView
from rulesdojo.lessons.learner_progress import Progress
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views.dom import plain

from dom_nodes import elements

LESSON = lessons()[1]  # What energy is: E1, E2, E4; its checks ask about E4, and E1 and E4
UNSUMMON, WHERE = (LESSON.part("after-unsummon"), LESSON.part("where-it-lives"))


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDOJO_RESULTS", str(tmp_path / "results.sqlite3"))
    return ResultStore(os.environ["RULESDOJO_RESULTS"])


def answer(check, progress: Progress, right: bool) -> None:
    view = CheckView(check, progress)
    v = view.variant
    solution = v.solution().right_answer_text
    view.answer.value = solution if right else (next(o for o in v.options if o != solution) if v.options
                                                else str(int(solution) + 1))
    view.check_button.click()
    if not right:
        view.show_button.click()
    assert progress.done[check.key] is right


def not_yet_mastered(store: ResultStore, learner: str) -> list[str]:
    """Return the lines under the lesson's card, as the page says them."""
    course = _course_map(store.lesson_parts(learner))
    card = next(c for c in elements(course, "li", "rd-course-card")
                if ["a", {"href": LESSON.notebook}, LESSON.title] in elements([c], "a"))
    return [re.sub(r"\s+", " ", plain(li[2:])).strip() for ul in elements([card], "ul", "rd-go-back")
            for li in ul[2:]]


def test_only_the_rulings_of_a_missed_check_are_listed_not_those_answered_right(store):
    progress = Progress(LESSON)
    answer(UNSUMMON, progress, right=True)  # Energy ruling 4, right on the first try
    answer(WHERE, progress, right=False)  # Energy rulings 1 and 4: missed
    listed = not_yet_mastered(store, progress.learner)
    assert listed == [f"Not yet mastered: {{E}} is one energy counter (Energy ruling 1) — back to {LESSON.title}"]


def test_a_ruling_missed_by_two_checks_is_listed_once_and_a_ruling_no_check_asks_is_not(store):
    progress = Progress(LESSON)
    answer(UNSUMMON, progress, right=False)
    answer(WHERE, progress, right=False)
    listed = not_yet_mastered(store, progress.learner)
    assert [re.search(r"\((\w+ ruling \d)\)", line)[1] for line in listed] == ["Energy ruling 1", "Energy ruling 4"]
    assert not any("Energy ruling 2" in line for line in listed)  # taught by a task, asked by no check


def test_a_lesson_whose_checks_are_mastered_or_not_yet_answered_lists_none(store):
    progress = Progress(LESSON)
    progress.mark(LESSON.tasks[0].key, None)  # begun, no check answered
    assert not_yet_mastered(store, progress.learner) == []
    answer(UNSUMMON, progress, right=True)  # one mastered, one not yet answered
    assert not_yet_mastered(store, progress.learner) == []
    answer(WHERE, progress, right=True)
    assert not_yet_mastered(store, progress.learner) == []
