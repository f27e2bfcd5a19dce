"""A lesson check is a review of the rulings it asks about: right on the first try is Good, right
after the check's hint Hard, wrong twice or shown Again, once per check on a page, kept for the
learner in the results store."""

from __future__ import annotations

import os

import pytest
from fsrs import Rating

from rulesdojo.lessons import lessons
from rulesdojo.lessons.framework import CheckView
from rulesdojo.lessons.learner_progress import Progress
from rulesdojo.quiz.review import RULING, load
from rulesdojo.quiz.store import ResultStore

LESSON = lessons()[2]  # two checks on Energy ruling 2
CHECK = LESSON.checks[0]


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDOJO_RESULTS", str(tmp_path / "results.sqlite3"))
    return ResultStore(os.environ["RULESDOJO_RESULTS"])


def right(view: CheckView) -> str:
    return view.variant.solution().right_answer_text


def wrong(view: CheckView) -> str:
    v = view.variant
    return next(o for o in v.options if o != right(view)) if v.options else str(int(right(view)) + 1)


def answer(view: CheckView, value: str) -> None:
    view.answer.value = value
    view.check_button.click()


def ratings(progress: Progress) -> list[tuple[str, int]]:
    return [(r.item, r.rating) for r in load(ResultStore(os.environ["RULESDOJO_RESULTS"]), progress.learner).log]


@pytest.mark.parametrize("moves, rated", [
    (["right"], Rating.Good),
    (["wrong", "right"], Rating.Hard),
    (["wrong", "wrong", "right"], Rating.Again),
    (["show", "right"], Rating.Again),
])
def test_a_checks_outcome_is_one_review_of_its_rulings(store, moves, rated):
    view = CheckView(CHECK, Progress(LESSON))
    assert CHECK.rulings
    for move in moves:
        if move == "show":
            view.show_button.click()
        else:
            answer(view, right(view) if move == "right" else wrong(view))
    assert ratings(view.progress) == [(t, rated) for t in CHECK.rulings]
    assert set(load(ResultStore(os.environ["RULESDOJO_RESULTS"]), view.progress.learner).cards) == {(RULING, t) for t in CHECK.rulings}
