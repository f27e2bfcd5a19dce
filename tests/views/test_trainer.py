"""The trainer as a mentor reads it: exam attempts with drill-down, question figures, practice apart."""

import csv
import io

import pytest

from rulesdojo.quiz.store import ResultStore
from rulesdojo.views import Quiz, Trainer

from test_quiz import Clock, answer_with, exam_of, one_of_each_kind, right_text, wrong_text


def sit(bank, path, exam, who, monkeypatch, right: bool):
    monkeypatch.setenv("JUPYTERHUB_USER", who)
    quiz = Quiz(bank, store=ResultStore(path), exam_allowed=True, exams=[exam], clock=Clock())
    quiz.mode.value = "exam"
    quiz.start_button.click()
    while not quiz.session.done:
        answer_with(quiz, right_text(quiz) if right else wrong_text(quiz))


@pytest.fixture
def results(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDOJO_IDENTITY", "hub")
    bank = one_of_each_kind()
    exam = exam_of(bank)
    path = tmp_path / "r.sqlite3"
    sit(bank, path, exam, "Ana", monkeypatch, right=True)
    sit(bank, path, exam, "=HYPERLINK(\"x\")", monkeypatch, right=False)
    ResultStore(path).record("Pia", "p1", "practice", next(iter(bank)).id, 0, "=1+1", False, 1.0)
    return bank, exam, path


def test_trainer_shows_each_attempt_question_figures_and_mastery(results):
    bank, exam, path = results
    t = Trainer(ResultStore(path), bank=bank, exams=[exam])
    assert t.exam_pick.value == "check"
    assert "Ana" in t.attempts.value and "&quot;x&quot;" in t.attempts.value and "Pia" not in t.attempts.value
    n = len(bank)
    assert f"{n} of {n}" in t.attempts.value and f"0 of {n}" in t.attempts.value
    assert "+1.00" in t.questions.value                 # the right candidate is the upper group
    assert "Mastery per ruling" in t.mastery.value and "<svg" in t.chart.value
    t.drill.value = next(rid for label, rid in t.drill.options if rid and label.startswith("Ana"))
    assert t.drill_view.value.count("✓ right") == n and "Right answer" in t.drill_view.value
    assert bank.questions[0].prompt.split()[0] in t.drill_view.value   # the question's own text
    t.mode.value = "practice"
    assert "Pia" in t.attempts.value and "Ana" not in t.attempts.value


def test_csv_download_escapes_formulas(results):
    bank, exam, path = results
    name, data = Trainer(ResultStore(path), bank=bank, exams=[exam])._csv()
    assert name.endswith(".csv")
    cells = [c for row in csv.reader(io.StringIO(data.decode())) for c in row]
    assert not [c for c in cells if c.startswith("=")] and "'=1+1" in cells


def test_the_trainer_counts_one_answer_per_question_of_an_attempt(results):
    bank, exam, path = results
    store = ResultStore(path)
    (ana,) = [r for r in store.records("check") if r.candidate == "Ana"]
    first = store.answers(ana.id)[0]
    for _ in range(3):                          # the same question answered again, right, in that attempt
        store.record("Ana", ana.id, "exam", first.question, first.seed, first.answer, True, 1.0)
    t = Trainer(ResultStore(path), bank=bank, exams=[exam])
    n = len(bank)
    assert f"{n} of {n}" in t.attempts.value and f"{n + 3} of {n}" not in t.attempts.value
    assert "100%" in t.attempts.value and f"{(n + 3) / n:.0%}" not in t.attempts.value
    per_question = t.questions.value.split(first.question)[1].split("</tr>")[0]
    assert "<td>2</td>" in per_question         # Ana's one answer and the other candidate's
    t.drill.value = ana.id
    assert t.drill_view.value.count("✓ right") == n


def test_trainer_shows_question_text_pass_or_fail_pass_rates_and_one_candidate_across_exams(
        tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDOJO_IDENTITY", "hub")
    bank, path = one_of_each_kind(), tmp_path / "r.sqlite3"
    exam = exam_of(bank, pass_mark=50)
    other = exam_of(bank, count=1, id="second", title="Second")
    sit(bank, path, exam, "Ana", monkeypatch, right=True)
    sit(bank, path, exam, "Nico", monkeypatch, right=False)
    sit(bank, path, other, "Ana", monkeypatch, right=False)
    t = Trainer(ResultStore(path), bank=bank, exams=[exam, other])
    assert t.exam_pick.value == "check"
    rows = t.attempts.value.split("<tr>")[2:]
    assert "Ana" in rows[0] and "<td>passed</td>" in rows[0]
    assert "Nico" in rows[1] and "<td>not passed</td>" in rows[1]
    q = bank.questions[0]
    first_words = " ".join(q.variant(seed=0).prompt.split()[:4])
    assert f"<code>{q.id}</code> {first_words}" in t.questions.value and "<details>" in t.questions.value
    rate = t.pass_rates.value.split("<tbody>")[1]
    assert "<td>Check</td><td>2</td><td>50%</td><td>1</td><td>50%</td>" in rate
    assert "<td>Second</td><td>1</td><td>no pass mark</td>" in rate
    assert t.candidate_view.value == ""
    t.candidate_pick.value = "Ana"
    assert "<td>Check</td>" in t.candidate_view.value and "<td>Second</td>" in t.candidate_view.value
    assert "Nico" not in t.candidate_view.value


def test_the_csv_holds_exam_attempt_score_and_pass_with_times_in_iso_8601_and_an_offset(results):
    from datetime import datetime
    bank, exam, path = results
    name, data = Trainer(ResultStore(path), bank=bank, exams=[exam])._csv()
    rows = list(csv.DictReader(io.StringIO(data.decode())))
    for column in ("exam", "attempt", "candidate", "question", "answer", "right", "score", "passed",
                   "answered"):
        assert column in rows[0]
    ana = [r for r in rows if r["candidate"] == "Ana"]
    assert {r["exam"] for r in ana} == {"check"} and len({r["attempt"] for r in ana}) == 1
    assert {r["score"] for r in ana} == {str(len(bank))} and {r["right"] for r in ana} == {"yes"}
    for r in rows:
        assert datetime.fromisoformat(r["answered"]).tzinfo is not None
