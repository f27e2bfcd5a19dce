"""A lesson opens with "before you start" questions: at the top of the notebook, answered once with
no score, kept per learner (two browsers never see each other's), shown back once the checks are done."""

from __future__ import annotations

import os

import json
import re

from rulesdojo.lessons import lessons
from rulesdojo.lessons.before import before_view
from rulesdojo.lessons.framework import CheckView
from rulesdojo.lessons.learner_progress import Progress, lesson_id
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views.dom import game, plain
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
    assert ResultStore(os.environ["RULESDOJO_RESULTS"]).lesson_parts(ANA)[lesson_id(LESSON)] == {"before:E2": False}
    assert "0 of 3 steps done" in ana.label.text  # not a step of the lesson

    served()  # Ben's browser
    ben = Progress(LESSON)
    ben_view = before_view(ben)
    sends(BEN)
    (ben_question,) = ben_view.children[2:]
    assert ben_question.feedback.text == "" and not ben_question.answer.disabled
    assert lesson_id(LESSON) not in ResultStore(os.environ["RULESDOJO_RESULTS"]).lesson_parts(BEN)
    ben_question.answer.value = ben_question.variant.solution().right_answer_text
    ben_question.keep_button.click()
    assert ResultStore(os.environ["RULESDOJO_RESULTS"]).lesson_parts(BEN)[lesson_id(LESSON)] == {"before:E2": True}
    assert ResultStore(os.environ["RULESDOJO_RESULTS"]).lesson_parts(ANA)[lesson_id(LESSON)] == {"before:E2": False}

    served()  # Ana again, on a new page: answered already, not asked again
    again = Progress(LESSON)
    reload_view = before_view(again)
    sends(ANA)
    (reloaded,) = reload_view.children[2:]
    assert reloaded.answer.disabled and "Kept" in reloaded.feedback.text


def right_answer(question) -> str:
    return question.variant.solution().right_answer_text


def cells(question) -> list[str]:
    """Return the review's answers, before then after, as the page says them."""
    (table,) = [n for n in question.feedback.content if n[0] == "table"]
    (body,) = [n for n in table[2:] if n[0] == "tbody"]
    return [plain(td[2:]) for td in body[2][2:]]


def test_after_the_checks_the_same_question_is_asked_again_and_both_answers_are_shown_side_by_side(served):
    ana = Progress(LESSON)
    view = before_view(ana)
    sends(ANA)
    (question,) = view.children[2:]
    assert question.asked_again.children == ()  # not asked again before the checks
    question.answer.value = given = wrong_answer(question)
    question.keep_button.click()
    answer_checks(ana)
    assert question.feedback.text == ""  # no verdict before the second answer: it would give it away
    assert not question.again.disabled and question.answer.disabled
    assert [label for label, _ in question.again.options] == [label for label, _ in question.answer.options]
    question.again.value = right_answer(question)
    question.again_button.click()
    assert cells(question) == [f"{plain(game(given))} — wrong",
                               f"{plain(game(right_answer(question)))} — right"]
    assert f"The answer is {plain(game(right_answer(question)))}." in question.feedback.text
    assert question.again.disabled and question.again_button.disabled
    assert not re.search(r"\{[A-Z0-9]\}", repr(question.feedback.content))  # symbols drawn, never raw
    assert ResultStore(os.environ["RULESDOJO_RESULTS"]).lesson_parts(ANA)[lesson_id(LESSON)]["before:E2"] is False  # the gain's "before" stays

    served()  # a reload: the review again, with both answers in the learner's words
    again = Progress(LESSON)
    reloaded_view = before_view(again)
    sends(ANA)
    (reloaded,) = reloaded_view.children[2:]
    assert cells(reloaded) == cells(question)
    assert reloaded.again.value == right_answer(question) and reloaded.again.disabled


def test_a_reload_asks_the_same_variant_and_shows_the_kept_answer_locked(served):
    ana = Progress(LESSON)
    view = before_view(ana)
    sends(ANA)
    (question,) = view.children[2:]
    drawn = ResultStore(os.environ["RULESDOJO_RESULTS"]).drawn(ANA, lesson_id(LESSON), "before:E2")
    assert drawn == {"question": question.variant.question.id, "seed": drawn["seed"]}  # kept once drawn
    prompt = question.children[0].text

    for _ in range(3):  # a reload before answering: the same numbers, still open
        served()
        p = Progress(LESSON)
        v = before_view(p)
        sends(ANA)
        (same,) = v.children[2:]
        assert same.children[0].text == prompt and same.variant.values == question.variant.values
        assert not same.answer.disabled and same.answer.value is None
    same.answer.value = given = wrong_answer(same)
    same.keep_button.click()

    served()  # a reload after answering: the same question, the kept answer shown and locked
    p = Progress(LESSON)
    v = before_view(p)
    sends(ANA)
    (kept,) = v.children[2:]
    assert kept.children[0].text == prompt and kept.answer.value == given
    assert kept.answer.disabled and kept.keep_button.disabled and "Kept" in kept.feedback.text

    served()  # Ben draws his own; Ana's draw is not his
    ben = before_view(Progress(LESSON))
    sends(BEN)
    (bens,) = ben.children[2:]
    assert bens.answer.value is None and not bens.answer.disabled
    assert ResultStore(os.environ["RULESDOJO_RESULTS"]).drawn(BEN, lesson_id(LESSON), "before:E2")["seed"] == bens.drawn["seed"]


def test_a_learner_who_did_the_checks_first_is_not_asked_before(served):
    ana = Progress(LESSON)
    sends(ANA)
    answer_checks(ana)
    (question,) = before_view(ana).children[2:]
    question.answer.value = question.variant.solution().right_answer_text
    question.keep_button.click()
    assert question.answer.disabled and "answered this lesson's checks first" in question.feedback.text
    assert "before:E2" not in ResultStore(os.environ["RULESDOJO_RESULTS"]).lesson_parts(ANA)[lesson_id(LESSON)]


def test_the_questions_wait_for_the_learner_and_an_empty_answer_keeps_nothing(served):
    ana = Progress(LESSON)
    view = before_view(ana)
    assert len(view.children) == 2 and "Finding your questions" in view.children[1].text
    sends(ANA)
    (question,) = view.children[2:]
    question.answer.value = None
    question.keep_button.click()
    assert "Give an answer first" in question.feedback.text and not question.kept
