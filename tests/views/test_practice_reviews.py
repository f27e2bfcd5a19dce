"""Practice on a served page reviews the learner's cards under their browser's key: the review screen
says when each ruling answered comes back, and the next practice reads those cards."""

from __future__ import annotations

import pytest

from rulesdojo.serve import identity
from rulesdojo.quiz.review import QUESTION, RULING, load
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views.learner import learner_key_widget
from rulesdojo.views.quiz import Quiz

from test_quiz import Clock, answer_with, one_of_each_kind, right_text

ANA_BROWSER, OTHER_BROWSER = "c" * 32, "d" * 32


@pytest.fixture
def page(tmp_path, monkeypatch):
    """``page(key)``: a new served practice page (typed mode) whose browser sends ``key``."""
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    for name in ("RULESDOJO_IDENTITY", "JUPYTERHUB_USER"):
        monkeypatch.delenv(name, raising=False)
    bank, clock, results = one_of_each_kind(), Clock(), tmp_path / "r.sqlite3"

    def open_page(key: str) -> Quiz:
        monkeypatch.setattr(identity._Browser, "key", None)
        monkeypatch.setattr(identity._Browser, "waiting", [])
        quiz = Quiz(bank, store=ResultStore(results), exam_allowed=True, exams=[], clock=clock)
        learner_key_widget(identity.KernelIdentity())._handle_custom_msg({"learner_key": key}, [])
        quiz.name.value = "Ana"
        return quiz
    return open_page


def test_a_practice_answer_reviews_the_browsers_cards_and_says_when_its_rulings_come_back(page):
    ana = page(ANA_BROWSER)
    ana.count.value = 1
    ana.start_button.click()
    asked = ana.session.current.question
    answer_with(ana, right_text(ana))
    ana.finish_button.click()
    assert "When each ruling comes back for review" in ana.review.text
    deck = load(ResultStore(ana.store.path), ANA_BROWSER)
    assert set(deck.cards) == {(QUESTION, asked.id), *((RULING, t) for t in asked.tags["rulings"])}
    assert load(ResultStore(ana.store.path), OTHER_BROWSER).cards == {}


def test_the_daily_limit_set_on_the_page_caps_new_questions(page):
    ana = page(ANA_BROWSER)
    ana.count.value = 5
    ana.daily.value = 2
    ana.start_button.click()
    assert ana.session.total == 2  # a first practice: nothing due, two new questions allowed today
    later = page(ANA_BROWSER)
    later.daily.value = 0
    later.start_button.click()
    assert "come back tomorrow" in later.start_feedback.text
