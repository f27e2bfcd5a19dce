"""A lesson opens with "before you start" questions: at the top of the notebook, answered once with
no score, kept per learner (two browsers never see each other's), shown back once the checks are done."""

from __future__ import annotations

import json
import re

from rulesdojo.lessons import lessons
from rulesdojo.lessons.before import before_view
from rulesdojo.lessons.framework import CheckView
from rulesdojo.lessons.learner_progress import Progress, lesson_id
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views.text import game_text_words

from test_learner_keys import ANA, BEN, sends, served  # noqa: F401 (served is a fixture)

LESSON = lessons()[2]


def wrong_answer(question) -> str:
    v = question.variant
    if v.options:
        return next(o for o in v.options if not v.grade(o).correct)
    return str(int(v.solution().right_answer_text) + 1)


def answer_checks(progress) -> None:
    for check in LESSON.checks:
        view = CheckView(check, progress)
        view.show_button.click()


def test_every_lesson_notebook_asks_its_before_questions_first():
    from rulesdojo.lessons.data import shipped_folder
    for lesson in lessons().values():
        nb = json.loads((shipped_folder() / lesson.notebook).read_text(encoding="utf-8"))
        code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
        assert code[1] == f"before({lesson.number})", lesson.notebook  # right after the progress line
        assert not any("show(" in c for c in code[:2])
        assert 1 <= len(before_view(Progress(lesson)).children) - 2 <= 2


def test_a_before_answer_is_kept_with_no_score_and_is_the_learners_own(served):
    ana = Progress(LESSON)
    view = before_view(ana)
    sends(ANA)
    assert "Before you start" in view.children[1].text
    (question,) = view.children[2:]
    assert [label for label, _ in question.answer.options] == [game_text_words(o) for o in question.variant.options]
    question.answer.value = wrong_answer(question)
    question.keep_button.click()
    shown = question.feedback.text
    assert "Kept" in shown and not any(w in shown for w in ("✗", "✓", "right", "wrong", "answer is"))
    assert question.answer.disabled and question.keep_button.disabled
    assert ResultStore().lesson_parts(ANA)[lesson_id(LESSON)] == {"before:E2": False}
    assert "0 of 3 steps done" in ana.label.text  # not a step of the lesson

    served()  # Ben's browser
    ben = Progress(LESSON)
    ben_view = before_view(ben)
    sends(BEN)
    (ben_question,) = ben_view.children[2:]
    assert ben_question.feedback.text == "" and not ben_question.answer.disabled
    assert lesson_id(LESSON) not in ResultStore().lesson_parts(BEN)
    ben_question.answer.value = ben_question.variant.solution().right_answer_text
    ben_question.keep_button.click()
    assert ResultStore().lesson_parts(BEN)[lesson_id(LESSON)] == {"before:E2": True}
    assert ResultStore().lesson_parts(ANA)[lesson_id(LESSON)] == {"before:E2": False}

    served()  # Ana again, on a new page: answered already, not asked again
    again = Progress(LESSON)
    reload_view = before_view(again)
    sends(ANA)
    (reloaded,) = reload_view.children[2:]
    assert reloaded.answer.disabled and "Kept" in reloaded.feedback.text


def test_after_the_checks_the_learner_sees_what_they_answered_before(served):
    ana = Progress(LESSON)
    view = before_view(ana)
    sends(ANA)
    (question,) = view.children[2:]
    question.answer.value = given = wrong_answer(question)
    question.keep_button.click()
    answer_checks(ana)
    right = question.variant.solution().right_answer_text
    assert f"Before the lesson you answered {given}" in question.feedback.text
    assert f"the answer is {right}" in question.feedback.text
    assert not re.search(r"\{[A-Z0-9]\}", repr(question.feedback.content))  # symbols drawn, never raw


def test_a_learner_who_did_the_checks_first_is_not_asked_before(served):
    ana = Progress(LESSON)
    sends(ANA)
    answer_checks(ana)
    (question,) = before_view(ana).children[2:]
    question.answer.value = question.variant.solution().right_answer_text
    question.keep_button.click()
    assert question.answer.disabled and "answered this lesson's checks first" in question.feedback.text
    assert "before:E2" not in ResultStore().lesson_parts(ANA)[lesson_id(LESSON)]


def test_the_questions_wait_for_the_learner_and_an_empty_answer_keeps_nothing(served):
    ana = Progress(LESSON)
    view = before_view(ana)
    assert len(view.children) == 2 and "Finding your questions" in view.children[1].text
    sends(ANA)
    (question,) = view.children[2:]
    question.answer.value = None
    question.keep_button.click()
    assert "Give an answer first" in question.feedback.text and not question.kept
