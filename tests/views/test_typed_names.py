"""Typed names on a served quiz: anyone may type any name, so an exam attempt belongs to the browser
that started it; names hold any text but control characters, up to 80 characters."""

from __future__ import annotations

import html

import pytest

from rulesdojo.serve import identity
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views import Quiz
from rulesdojo.views.learner import learner_key_widget

from test_quiz import Clock, answer_with, exam_of, one_of_each_kind, right_text

ANA_BROWSER, OTHER_BROWSER = "a" * 32, "b" * 32
NAME = "R&D <i>Ana</i>"  # markup characters are text in a name


@pytest.fixture
def page(tmp_path, monkeypatch):
    """``page(key)``: a new served quiz page (typed mode) whose browser sends ``key``."""
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    for name in ("RULESDOJO_IDENTITY", "JUPYTERHUB_USER"):
        monkeypatch.delenv(name, raising=False)
    bank, clock, results = one_of_each_kind(), Clock(), tmp_path / "r.sqlite3"
    exam = exam_of(bank, count=3)

    def open_page(key: str) -> Quiz:
        monkeypatch.setattr(identity._Browser, "key", None)
        monkeypatch.setattr(identity._Browser, "waiting", [])
        quiz = Quiz(bank, store=ResultStore(results), exam_allowed=True, exams=[exam], clock=clock)
        learner_key_widget(identity.KernelIdentity())._handle_custom_msg({"learner_key": key}, [])
        quiz.mode.value = "exam"
        return quiz
    return open_page


def test_typing_a_candidates_name_in_another_browser_neither_resumes_nor_reviews_their_exam(page):
    ana = page(ANA_BROWSER)
    ana.name.value = NAME
    ana.start_button.click()
    answer_with(ana, right_text(ana))
    asked = [v.id for v in ana.session.variants]

    impostor = page(OTHER_BROWSER)
    impostor.name.value = NAME
    assert "under way" not in impostor.exam_info.text
    impostor.start_button.click()
    assert impostor.session is None and impostor.children[1] is impostor.start_screen
    said = impostor.start_feedback.text
    assert "R&D <i>Ana</i>" in said  # the name as typed, shown as text
    assert "started in another browser" in said and "can't resume it here" in said
    assert ResultStore(ana.store.path).records("check", NAME)[0].ended is None  # nothing submitted

    second_tab = page(ANA_BROWSER)  # the same browser: the same key
    second_tab.name.value = NAME
    assert "You have an attempt under way: Start resumes it." in second_tab.exam_info.text
    second_tab.start_button.click()
    assert [v.id for v in second_tab.session.variants] == asked and second_tab.session.index == 1


def test_a_typed_name_is_text_up_to_80_characters_without_control_characters(page):
    quiz = page(ANA_BROWSER)
    for name, said in (("x" * 81, "A name is at most 80 characters; this one has 81."),
                       ("Ana\u202e", "can't hold control or text-direction characters")):
        quiz.name.value = name
        quiz.start_button.click()
        assert quiz.session is None and said in html.unescape(quiz.start_feedback.text)
    quiz.name.value = "  R&D  <Ana> " + "x" * 70
    quiz.start_button.click()
    assert quiz.session is not None and quiz.start_feedback.text == ""
    assert ResultStore(quiz.store.path).records("check")[0].candidate == "R&D <Ana> " + "x" * 70


def test_a_page_whose_browser_has_not_connected_yet_starts_nothing(page, monkeypatch):
    quiz = page(ANA_BROWSER)
    monkeypatch.setattr(identity._Browser, "key", None)
    waiting = Quiz(quiz.bank, store=quiz.store, exam_allowed=True, exams=list(quiz.exams.values()))
    waiting.name.value = "Ana"
    waiting.start_button.click()
    assert waiting.session is None and "still connecting" in waiting.start_feedback.text


def test_practice_is_kept_per_browser_not_per_typed_name(page):
    ana = page(ANA_BROWSER)
    ana.mode.value = "practice"
    ana.name.value = "Ana"
    ana.count.value = 2
    ana.start_button.click()
    answer_with(ana, right_text(ana))
    ana.finish_button.click()
    assert "Your mastery per ruling" in ana.review.text
    again = page(ANA_BROWSER)  # a reload in the same browser
    assert "Practice in this browser so far: 1 answer, 1 right." in again.history.text
    assert "Your mastery per ruling" in again.mastery.text
    other = page(OTHER_BROWSER)
    other.name.value = "Ana"  # the same name in another browser reads nothing of Ana's
    assert other.history.text == "" and other.mastery.text == ""
