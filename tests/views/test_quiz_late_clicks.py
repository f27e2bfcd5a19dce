"""A click sent by a page before its exam attempt went on in another page (the page had not drawn
the notice yet) changes nothing and raises nothing: the page keeps saying where the attempt went."""

import logging

import pytest

from rulesdojo.quiz.store import ResultStore

from test_exam_quiz import take
from test_quiz import Clock, answer_with, exam_of, one_of_each_kind, wrong_text


@pytest.fixture
def hub(monkeypatch):
    monkeypatch.setenv("RULESDOJO_IDENTITY", "hub")
    monkeypatch.setenv("JUPYTERHUB_USER", "Ana")


@pytest.mark.parametrize("late", ["finish_button", "submit_button", "next_button"])
def test_a_click_after_the_attempt_went_to_another_page_changes_nothing(hub, tmp_path, late, caplog):
    bank, clock = one_of_each_kind(), Clock()
    path, exam = tmp_path / "r.sqlite3", exam_of(bank)
    tab_a = take(bank, ResultStore(path), exam, clock)
    answer_with(tab_a, wrong_text(tab_a))
    tab_b = take(bank, ResultStore(path), exam, clock)         # B holds the attempt now
    answer_with(tab_a, wrong_text(tab_a))                     # A is told at its next action
    told = tab_a.review.text
    assert "opened again on another page" in told
    with caplog.at_level(logging.WARNING):
        getattr(tab_a, late).click()                          # a click A's page sent before it was told
    assert [r.getMessage() for r in caplog.records if "Exception in callback" in r.getMessage()] == []
    assert tab_a.review.text == told and tab_a.session is None
    (record,) = ResultStore(path).records("check", "Ana")
    assert record.ended_by is None and tab_b.session.id == record.id
    assert [a.correct for a in ResultStore(path).answers(record.id)] == [False]
