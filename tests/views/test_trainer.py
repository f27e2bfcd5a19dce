"""The trainer as a mentor reads it: exam attempts with drill-down, question figures, practice apart."""

import csv
import json
import io
import sqlite3

import pytest

from rulesdojo.quiz.report import first_line, question_text
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views import Quiz, Trainer
from rulesdojo.views.dom import plain

from dom_nodes import elements, table_rows
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
    assert "Ana" in t.attempts.text and "=HYPERLINK(\"x\")" in t.attempts.text and "Pia" not in t.attempts.text
    n = len(bank)
    assert f"{n} of {n}" in t.attempts.text and f"0 of {n}" in t.attempts.text
    assert "+1.00" in t.questions.text                 # the right candidate is the upper group
    assert "Mastery per ruling" in t.mastery.text
    assert len(table_rows(t.chart.content, "Questions: share answered right")) == n  # a bar per question
    t.drill.value = next(rid for label, rid in t.drill.options if rid and label.startswith("Ana"))
    assert t.drill_view.text.count("✓ right") == n and "Right answer" in t.drill_view.text
    assert bank.questions[0].prompt.split()[0] in t.drill_view.text   # the question's own text
    t.mode.value = "practice"
    assert "Pia" in t.attempts.text and "Ana" not in t.attempts.text


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
    # The same question answered again, right, in that attempt: rows a store of an older kit could
    # write (a store now refuses answers to an ended attempt), put in the file as it held them.
    with sqlite3.connect(path) as con:
        con.executemany("INSERT INTO attempts (candidate, session, mode, question, seed, answer, correct, seconds, "
                        "answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        [("Ana", ana.id, "exam", first.question, first.seed, first.answer, 1, 1.0, 2e9 + i)
                         for i in range(3)])
    con.close()
    t = Trainer(ResultStore(path), bank=bank, exams=[exam])
    n = len(bank)
    assert f"{n} of {n}" in t.attempts.text and f"{n + 3} of {n}" not in t.attempts.text
    assert "100%" in t.attempts.text and f"{(n + 3) / n:.0%}" not in t.attempts.text
    per_question = next(r for r in table_rows(t.questions.content, "Per question") if r[0].startswith(first.question))
    assert per_question[1] == "2"               # Ana's one answer and the other candidate's
    t.drill.value = ana.id
    assert t.drill_view.text.count("✓ right") == n


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
    rows = table_rows(t.attempts.content, "Attempts by candidate")
    assert rows[0][0] == "Ana" and rows[0][-1] == "passed"
    assert rows[1][0] == "Nico" and rows[1][-1] == "not passed"
    q = bank.questions[0]
    asked = asked_prompts(ResultStore(path), "check", q.id)
    summary = next(s for s in elements(t.questions.content, "summary") if s[2] == ["code", {}, q.id])
    assert plain(summary[2:]) == f"{q.id} {first_line(asked[0])}"
    rate = table_rows(t.pass_rates.content, "Pass rate per exam")
    assert ["Check", "2", "50%", "1", "50%"] in rate
    assert ["Second", "1", "no pass mark", "—", "—"] in rate
    assert t.candidate_view.text == ""
    t.candidate_pick.value = "Ana"
    assert sorted(r[0] for r in table_rows(t.candidate_view.content, "Every exam attempt of Ana")) == ["Check", "Second"]
    assert "Nico" not in t.candidate_view.text


def asked_prompts(store, exam, qid):
    """Return the prompts of the variants of a question the exam's attempts asked, in order asked."""
    bank = one_of_each_kind()
    out = []
    for rec in store.records(exam):
        for asked, seed in json.loads(rec.state)["questions"]:
            prompt = bank[asked].variant(seed=seed).prompt
            if asked == qid and prompt not in out:
                out.append(prompt)
    return out


def test_the_per_question_text_is_the_variant_the_candidates_answered(tmp_path, monkeypatch):
    """The walk: the per-question text was a variant drawn afresh (seed 0), not the one answered."""
    monkeypatch.setenv("RULESDOJO_IDENTITY", "hub")
    bank, path = one_of_each_kind(), tmp_path / "r.sqlite3"
    exam = exam_of(bank)
    # Each attempt's seed is random; fixed here, so that the variants asked are the same every run
    # (with random ones, every asked variant was at times seed 0's, and the test proved nothing).
    seeds = iter([7, 8, 9])
    monkeypatch.setattr("rulesdojo.views.quiz._seed", lambda: next(seeds))
    for who in ("Ana", "Nico", "Ola"):
        sit(bank, path, exam, who, monkeypatch, right=who == "Ana")
    t = Trainer(ResultStore(path), bank=bank, exams=[exam])
    checked = 0
    for q in bank:
        asked = asked_prompts(ResultStore(path), "check", q.id)
        (row,) = [r for r in table_rows(t.questions.content, "Per question") if r[0].startswith(q.id)]
        cell = next(c for c in elements(t.questions.content, "details") if c[2][2] == ["code", {}, q.id])
        shown = plain(cell[2:])
        assert all(" ".join(p.split()) in " ".join(shown.split()) for p in asked), (q.id, asked, shown)
        fresh = q.variant(seed=0).prompt
        if fresh not in asked:           # a variant no candidate was asked is not shown
            assert " ".join(fresh.split()) not in " ".join(shown.split())
            checked += 1
        if len(asked) > 1:
            assert f"Asked as {len(asked)} variants" in shown
    assert checked, "no question here was asked in a variant other than seed 0's: the test proves nothing"


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


def test_the_attempt_and_candidate_lists_show_their_value_when_loaded(results):
    """Walk finding 8: the Attempt and Candidate lists were blank (no entry chosen) when loaded."""
    bank, exam, path = results
    t = Trainer(ResultStore(path), bank=bank, exams=[exam])
    for picker, said in ((t.drill, "Choose an attempt to see its answers"), (t.candidate_pick, "Choose a candidate")):
        assert picker.index == 0 and picker.label == said
    t.drill.value = next(rid for label, rid in t.drill.options if rid and label.startswith("Ana"))
    t.candidate_pick.value = "Ana"
    assert "✓ right" in t.drill_view.text and "Every exam attempt of Ana" in t.candidate_view.text
    t.refresh()                                           # a refresh keeps the candidate, shows its name
    assert t.candidate_pick.label == "Ana" and t.drill.index == 0 and t.drill_view.text == ""
    t.candidate_pick.index = 0
    assert t.candidate_view.text == ""
