"""Exams a mentor defined, taken as a candidate would: nothing to set, resumed after a lost kernel."""

import re

import pytest

from rulesdojo.quiz.exam import Exam
from rulesdojo.quiz.session import MAX_ANSWER
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views import Quiz

from dom_nodes import elements
from test_quiz import Clock, answer_with, exam_of, one_of_each_kind, right_text, wrong_text
from test_typed_names import ANA_BROWSER, OTHER_BROWSER, page  # noqa: F401 - the fixture


@pytest.fixture
def hub(monkeypatch):
    monkeypatch.setenv("RULESDOJO_IDENTITY", "hub")
    monkeypatch.setenv("JUPYTERHUB_USER", "Ana")


def take(bank, store, exam, clock):
    quiz = Quiz(bank, store=store, exam_allowed=True, exams=[exam], clock=clock)
    quiz.mode.value = "exam"
    quiz.start_button.click()
    return quiz


def test_the_candidate_sets_nothing_but_the_exam(hub, tmp_path):
    bank = one_of_each_kind()
    quiz = Quiz(bank, store=ResultStore(tmp_path / "r.sqlite3"), exam_allowed=True,
                exams=[exam_of(bank, minutes=15, pass_mark=50)])
    quiz.mode.value = "exam"
    assert quiz.practice_box.layout.display == "none" and quiz.exam_box.layout.display == ""
    assert "15 minutes" in quiz.exam_info.text and "pass mark 50%" in quiz.exam_info.text


def test_an_exam_resumes_in_a_new_kernel_with_the_same_questions_and_the_clock_running(hub, tmp_path):
    bank, clock = one_of_each_kind(), Clock()
    exam = exam_of(bank, minutes=10)
    first = take(bank, ResultStore(tmp_path / "r.sqlite3"), exam, clock)
    asked = [(v.id, v.prompt) for v in first.session.variants]
    answer_with(first, right_text(first))
    answer_with(first, wrong_text(first))
    clock.now += 125                           # the kernel dies; the candidate reloads two minutes on
    del first
    again = take(bank, ResultStore(tmp_path / "r.sqlite3"), exam, clock)
    s = again.session
    assert [(v.id, v.prompt) for v in s.variants] == asked
    assert s.index == 2 and s.score == (1, 2)
    assert "Time left: 7:55" in again.countdown.text
    while not s.done:
        answer_with(again, right_text(again))
    assert f"{s.total - 1} of {s.total} right" in again.review.text
    records = ResultStore(tmp_path / "r.sqlite3").records("check", "Ana")
    assert len(records) == 1 and records[0].score == s.total - 1 and records[0].ended is not None


def test_ending_early_submits_and_attempts_are_counted(hub, tmp_path):
    bank, clock = one_of_each_kind(), Clock()
    store = ResultStore(tmp_path / "r.sqlite3")
    exam = exam_of(bank, attempts=1)
    quiz = take(bank, store, exam, clock)
    answer_with(quiz, right_text(quiz))
    quiz.finish_button.click()                 # asks once, saying what is left unanswered
    left = quiz.session.total - 1
    assert quiz.confirm_box.layout.display == "" and quiz.review.text == ""
    assert f"{left} of {quiz.session.total} questions are not answered" in quiz.confirm_text.text
    quiz.back_button.click()                   # back to the question, nothing submitted
    assert quiz.confirm_box.layout.display == "none" and store.records("check", "Ana")[0].ended is None
    assert quiz.children[1] is quiz.question_screen and not quiz.finish_button.disabled
    quiz.finish_button.click()
    quiz.confirm_button.click()
    assert f"1 of {quiz.session.total} right" in quiz.review.text and "not answered" in quiz.review.text
    assert store.records("check", "Ana")[0].ended_by == "finished"
    quiz.again_button.click()
    quiz.start_button.click()
    assert "used your 1 attempt" in quiz.start_feedback.text and quiz.session is None


def test_answers_wait_for_the_close_and_a_closed_exam_cant_be_started(hub, tmp_path):
    bank, clock = one_of_each_kind(), Clock()
    first = next(iter(bank)).id
    exam = Exam.from_dict({"id": "check", "title": "Check", "questions": {"ids": [first]}, "attempts": 2,
                           "opens": "2026-01-01T00:00:00Z", "closes": "2026-01-01T01:00:00Z",
                           "show_answers": "after-close"}, bank=bank)
    clock.now = exam.opens + 10
    store = ResultStore(tmp_path / "r.sqlite3")
    quiz = take(bank, store, exam, clock)
    answer_with(quiz, right_text(quiz))
    assert "1 of 1 right" in quiz.review.text and "after the exam closes" in quiz.review.text
    assert not elements(quiz.review.content, "table")       # no answers or explanations yet
    clock.now = exam.closes + 1
    late = take(bank, store, exam, clock)
    assert "No exam is open now" in late.start_feedback.text and late.session is None
    assert "No exam is open now" in late.exam_info.text


def test_an_answer_is_capped_in_length(hub, tmp_path):
    bank = one_of_each_kind()
    outcome = next(q.id for q in bank if q.kind == "outcome")
    exam = Exam.from_dict({"id": "check", "title": "Check", "questions": {"ids": [outcome]}}, bank=bank)
    quiz = take(bank, ResultStore(tmp_path / "r.sqlite3"), exam, Clock())
    quiz.number.value = "1" * (MAX_ANSWER + 1)
    quiz.submit_button.click()
    assert f"at most {MAX_ANSWER} characters" in quiz.feedback.text and not quiz.session.answered
    answer_with(quiz, right_text(quiz))
    assert quiz.session.score == (1, 1)


def test_with_a_header_identity_the_page_waits_and_has_no_name_box(monkeypatch, tmp_path):
    monkeypatch.setenv("RULESDOJO_IDENTITY", "header:X-Forwarded-User")
    monkeypatch.setenv("HTTP_X_JUPYTERHUB_USER", "Victim")   # a header the proxy doesn't set
    monkeypatch.delenv("HTTP_X_FORWARDED_USER", raising=False)
    quiz = Quiz(one_of_each_kind(), store=ResultStore(tmp_path / "r.sqlite3"), exam_allowed=True, exams=[])
    assert quiz.start_button.disabled and "Waiting for the server" in quiz.signed_in.text
    quiz.name.value = "Victim"
    quiz.start_button.click()
    assert quiz.session is None
    monkeypatch.setenv("HTTP_X_FORWARDED_USER", "ana@club")
    quiz._identity_arrived("ana@club")
    quiz.start_button.click()
    assert quiz.session.candidate == "ana@club"


def test_a_results_file_deleted_and_restored_mid_exam_loses_no_answer(hub, tmp_path):
    bank = one_of_each_kind()
    path = tmp_path / "r.sqlite3"
    quiz = take(bank, ResultStore(path), exam_of(bank), Clock())
    answer_with(quiz, right_text(quiz))
    path.rename(tmp_path / "kept.sqlite3")                  # deleted mid-exam
    answer_with(quiz, wrong_text(quiz))
    (tmp_path / "kept.sqlite3").replace(path)               # an older copy put back
    path.with_name("r.sqlite3-wal").unlink(missing_ok=True)
    answer_with(quiz, right_text(quiz))
    while not quiz.session.done:
        answer_with(quiz, right_text(quiz))
    answers = ResultStore(path).answers(quiz.session.id)
    assert [a.question for a in answers] == [v.id for v in quiz.session.variants]
    assert [a.correct for a in answers][:3] == [True, False, True] and quiz.notice.text == ""


def test_a_damaged_results_file_tells_the_candidate_and_saves_when_back(hub, tmp_path):
    bank = one_of_each_kind()
    path = tmp_path / "r.sqlite3"
    quiz = take(bank, ResultStore(path), exam_of(bank), Clock())
    answer_with(quiz, right_text(quiz))
    good = path.read_bytes()
    path.write_bytes(b"not a database" * 500)
    answer_with(quiz, right_text(quiz))
    assert "Results are not being saved" in quiz.notice.text and "kept" in quiz.notice.text
    path.write_bytes(good)
    answer_with(quiz, right_text(quiz))
    assert "being saved again" in quiz.notice.text
    assert len(ResultStore(path).answers(quiz.session.id)) == 3


def test_only_open_exams_are_offered_and_an_attempt_ends_when_the_exam_closes(hub, tmp_path):
    bank, clock = one_of_each_kind(), Clock()
    window = {"opens": "2026-01-01T00:00:00Z", "closes": "2026-01-01T00:05:00Z"}
    closing = exam_of(bank, minutes=30, **window)
    later = Exam.from_dict({"id": "later", "title": "Later", "questions": {"ids": [next(iter(bank)).id]},
                            "opens": "2027-01-01T00:00:00Z"}, bank=bank)
    clock.now = closing.opens + 60
    quiz = Quiz(bank, store=ResultStore(tmp_path / "r.sqlite3"), exam_allowed=True, exams=[closing, later],
                clock=clock)
    assert [v for _, v in quiz.exam_pick.options] == ["check"]
    quiz.mode.value = "exam"
    quiz.start_button.click()
    assert "Time left: 4:00" in quiz.countdown.text        # the close comes before the 30 minutes
    clock.now = closing.closes
    quiz.tick()
    assert quiz.session.ended_by == "time" and "Time ran out" in quiz.review.text


def test_two_pages_of_one_candidate_never_change_a_submitted_exam(hub, tmp_path):
    bank, clock = one_of_each_kind(), Clock()
    path, exam = tmp_path / "r.sqlite3", exam_of(bank)
    tab_a = take(bank, ResultStore(path), exam, clock)
    answer_with(tab_a, wrong_text(tab_a))
    tab_b = take(bank, ResultStore(path), exam, clock)         # resumes the attempt: B holds it now
    assert tab_b.session.id == tab_a.session.id and tab_b.session.index == 1
    answer_with(tab_a, wrong_text(tab_a))                     # A is told at its next action
    assert "opened again on another page" in tab_a.review.text and not elements(tab_a.review.content, "table")
    tab_a.again_button.click()
    tab_a.start_button.click()                                # A takes it back and submits
    assert tab_a.session.index == 1
    tab_a.finish_button.click()
    tab_a.confirm_button.click()
    assert f"0 of {tab_a.session.total} right" in tab_a.review.text and elements(tab_a.review.content, "table")
    (before,) = ResultStore(path).records("check", "Ana")
    answer_with(tab_b, right_text(tab_b))                     # B answers with what the review showed
    assert "This exam was submitted from another page" in tab_b.review.text
    assert not elements(tab_b.review.content, "table") and "Traceback" not in tab_b.review.text
    (after,) = ResultStore(path).records("check", "Ana")
    assert after == before and after.score == 0 and after.ended_by == "finished"
    assert [a.correct for a in ResultStore(path).answers(after.id)] == [False]


def test_four_pages_pressing_start_at_once_store_one_attempt(hub, tmp_path):
    import threading
    bank, clock = one_of_each_kind(), Clock()
    path, exam = tmp_path / "r.sqlite3", exam_of(bank, attempts=1)
    ResultStore(path).attempts()                              # the file exists before the rush
    pages = [Quiz(bank, store=ResultStore(path), exam_allowed=True, exams=[exam], clock=clock)
             for _ in range(4)]
    gate = threading.Barrier(len(pages))

    def press_start(quiz):
        quiz.mode.value = "exam"
        gate.wait(30)
        quiz.start_button.click()
    threads = [threading.Thread(target=press_start, args=(q,)) for q in pages]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
        assert not t.is_alive()
    records = ResultStore(path).records("check", "Ana")
    assert len(records) == 1
    assert {q.session.id for q in pages if q.session} == {records[0].id}
    holder = next(q for q in pages if q.session and q.session.page == records[0].page)  # whichever resumed last
    answer_with(holder, right_text(holder))
    assert len(ResultStore(path).answers(records[0].id)) == 1


def test_the_last_answer_given_while_the_file_is_locked_is_saved_after_the_page_closes(hub, tmp_path):
    import sqlite3
    import time as clock_time
    bank = one_of_each_kind()
    path = tmp_path / "r.sqlite3"
    quiz = take(bank, ResultStore(path, timeout=0.2), exam_of(bank), Clock())
    while quiz.session.index < quiz.session.total - 1:
        answer_with(quiz, right_text(quiz))
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")                         # another program locks the file
    answer_with(quiz, right_text(quiz))                       # the last answer submits the exam
    assert "Results are not being saved" in quiz.notice.text and "tried again every few seconds" in quiz.notice.text
    session = quiz.session
    quiz.close()                                              # the page is closed
    holder.execute("ROLLBACK")
    holder.close()
    deadline = clock_time.monotonic() + 60
    while ResultStore(path).records("check", "Ana")[0].ended is None:
        assert clock_time.monotonic() < deadline, "the submission was never saved"
        clock_time.sleep(0.2)
    (rec,) = ResultStore(path).records("check", "Ana")
    assert rec.score == session.total and rec.ended_by == "finished"
    assert [a.question for a in ResultStore(path).answers(rec.id)] == [v.id for v in session.variants]


def test_the_exam_list_says_attempts_used_and_left_and_the_best_score_a_review_may_show(hub, tmp_path):
    bank, clock = one_of_each_kind(), Clock()
    store = ResultStore(tmp_path / "r.sqlite3")
    exam = exam_of(bank, attempts=2)
    quiz = Quiz(bank, store=store, exam_allowed=True, exams=[exam], clock=clock)
    quiz.mode.value = "exam"
    assert "0 of 2 attempts used, 2 left" in quiz.exam_list.text
    quiz.start_button.click()
    answer_with(quiz, right_text(quiz))
    quiz.finish_button.click()
    quiz.confirm_button.click()
    quiz.again_button.click()
    total = exam.size
    assert "1 of 2 attempts used, 1 left" in quiz.exam_list.text
    assert f"1 of {total} ({1 / total:.0%})" in quiz.exam_list.text
    hidden = Exam.from_dict({"id": "check", "title": "Check", "questions": {"ids": [q.id for q in bank]},
                             "attempts": 2, "closes": "2030-01-01T00:00:00Z", "show_answers": "after-close"},
                            bank=bank)
    later = Quiz(bank, store=store, exam_allowed=True, exams=[hidden], clock=clock)
    later.mode.value = "exam"
    assert "1 of 2 attempts used, 1 left" in later.exam_list.text and "1 of 4" not in later.exam_list.text


def test_a_resumed_attempt_says_so_with_the_question_and_the_time_left(hub, tmp_path):
    bank, clock = one_of_each_kind(), Clock()
    exam = exam_of(bank, minutes=15)
    first = take(bank, ResultStore(tmp_path / "r.sqlite3"), exam, clock)
    assert "Resumed" not in first.status.text
    answer_with(first, right_text(first))
    answer_with(first, right_text(first))
    clock.now += 26.8
    first_listed = exam_of(bank, id="another", title="Another")
    again = Quiz(bank, store=ResultStore(tmp_path / "r.sqlite3"), exam_allowed=True,
                 exams=[first_listed, exam], clock=clock)
    assert "You have an attempt under way at “Check”" in again.under_way.text  # even before choosing Exam
    again.mode.value = "exam"                  # the exam under way is the one picked
    assert again.exam_pick.value == "check" and again.under_way.text == ""
    assert "You have an attempt under way" in again.exam_info.text
    assert "1 of 1 attempts used, 0 left, one under way" in again.exam_list.text
    again.start_button.click()
    total = again.session.total
    assert f"Resumed: Question 3 of {total}, 14:34 left" in again.status.text
    answer_with(again, right_text(again))
    assert "Resumed" not in again.status.text and f"Question 4 of {total}" in again.status.text


def test_the_exam_list_asks_for_a_name_until_one_is_typed(monkeypatch):
    monkeypatch.setenv("RULESDOJO_IDENTITY", "typed")
    bank = one_of_each_kind()
    quiz = Quiz(bank, store=None, exam_allowed=True, exams=[exam_of(bank)])
    quiz.mode.value = "exam"
    assert quiz.exam_list.text.endswith("Type your name to see your attempts.")
    quiz.name.value = "Ana"
    assert "Type your name" not in quiz.exam_list.text
    assert None not in quiz.exam_list.content  # the page would show "null"


def test_a_typed_name_shows_nothing_of_that_names_attempts_in_another_browser(page):
    """Probe N9: typing a name showed another person's "Attempts used: 1 of 1" and their unfinished
    attempt, although nothing of the name's history is to be shown."""
    from test_quiz import answer_with, right_text
    ana = page(ANA_BROWSER)
    ana.name.value = "Ana"
    ana.start_button.click()
    answer_with(ana, right_text(ana))                      # under way, in Ana's browser
    other = page(OTHER_BROWSER)
    other.name.value = "Ana"
    said = other.exam_info.text + other.exam_list.text + other.under_way.text
    assert "Attempts used: 0 of 1." in other.exam_info.text
    assert "under way" not in said and "1 of 1" not in said and "0 of 1 attempts used, 1 left" in other.exam_list.text
    same = page(ANA_BROWSER)                               # Ana's own browser still sees her attempt
    same.name.value = "Ana"
    assert "under way" in same.exam_info.text and "1 of 1 attempts used, 0 left, one under way" in same.exam_list.text


def test_an_exam_with_no_time_limit_closing_in_years_says_the_day_it_ends(tmp_path):
    """Probe N14: an exam with no time limit that closes in 2030 showed "Time left: 1614159:12"."""
    from datetime import datetime, timezone
    from test_quiz import Clock
    from rulesdojo.quiz.store import ResultStore
    from rulesdojo.views import Quiz
    clock = Clock()
    clock.now = datetime(2026, 12, 7, 2, 0, tzinfo=timezone.utc).timestamp()
    bank = one_of_each_kind()
    exam = exam_of(bank, closes="2030-03-01T18:00:00Z")
    quiz = Quiz(bank, store=ResultStore(tmp_path / "r.sqlite3"), exam_allowed=True, exams=[exam], clock=clock)
    quiz.name.value = "Ana"
    quiz.mode.value = "exam"
    quiz.start_button.click()
    shown = quiz.countdown.text
    assert shown.startswith("Ends 1 March 2030, 18:00 UTC (") and "days left)" in shown
    assert not re.search(r"\d{3,}:\d\d", shown)
    clock.now = datetime(2030, 3, 1, 17, 0, tzinfo=timezone.utc).timestamp()   # the last hour: a clock again
    quiz.tick()
    assert quiz.countdown.text == "Time left: 1:00:00"
