"""Keyboard-first practice: the question screen's keys act as its clicks do. A number chooses that
option of a choice question, Enter submits, and once the answer is marked goes on; nothing happens
on a question with no such option, or while the exam's "submit now?" question is open."""

from __future__ import annotations

from rulesdojo.quiz import Bank
from rulesdojo.views.quiz import Quiz

from test_quiz import BANK, Clock


def choice_quiz(n: int = 2, **kwargs) -> Quiz:
    bank = Bank([q for q in BANK if q.kind == "choice"][:n])
    quiz = Quiz(bank, store=None, exam_allowed=False, exams=[], clock=Clock(), **kwargs)
    quiz.name.value = "Ana"
    quiz.count.value = n
    quiz.start_button.click()
    return quiz


def press(quiz: Quiz, *keys: str) -> None:
    for key in keys:
        quiz.key_listener._handle_custom_msg({"key": key}, [])


def test_a_number_chooses_that_option_and_enter_submits_then_goes_on():
    quiz = choice_quiz()
    v = quiz.session.current
    press(quiz, "2")
    assert quiz.choice.value == v.options[1]
    press(quiz, "Enter")
    assert len(quiz.session.answered) == 1 and quiz.session.answered[0].answer == v.options[1]
    assert ("✓ Right." if quiz.session.answered[0].verdict.correct else "✗ Not right.") in quiz.feedback.text
    press(quiz, "1")
    assert quiz.choice.value == v.options[1]  # a marked answer doesn't change
    press(quiz, "Enter")
    assert quiz.session.index == 1 and quiz.choice.value is None and quiz.feedback.text == ""


def test_enter_with_no_option_chosen_asks_for_an_answer_and_a_number_past_the_options_does_nothing():
    quiz = choice_quiz()
    press(quiz, "9", "Enter")
    assert quiz.choice.value is None and quiz.session.answered == []
    assert "Give an answer first." in quiz.feedback.text


def test_the_last_answers_enter_shows_the_results():
    quiz = choice_quiz(1)
    press(quiz, "1", "Enter", "Enter")
    assert quiz.children[1] is quiz.review and "Your results" in quiz.review.text


def test_each_question_drawn_brings_the_focus_to_it_and_the_keys_are_said():
    quiz = choice_quiz()
    first = quiz.key_listener.step
    assert "Keys: 1–" in quiz.prompt.text
    press(quiz, "1", "Enter", "Enter")
    assert quiz.key_listener.step == first + 1
