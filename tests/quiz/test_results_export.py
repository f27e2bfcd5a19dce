"""`rulesdojo results export`: one exam's trainer tables for the mentor's own tools, as CSV or JSON."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import replace
from datetime import datetime

import pytest

from rulesdojo.cli import main as rulesdojo
from rulesdojo.quiz.store import AttemptRecord, ResultStore

EXAM = """\
id: club-night
title: Club night
questions:
  ids: [architect-landfall-one-energy, energy-belongs-to-each-player]
pass_mark: 50
"""
QUESTIONS = ["architect-landfall-one-energy", "energy-belongs-to-each-player"]


@pytest.fixture
def results(tmp_path):
    """Two candidates' submitted attempts (Ana one right, Nico none) and a practice answer."""
    exams = tmp_path / "exams"
    exams.mkdir()
    (exams / "club-night.yaml").write_text(EXAM)
    path = tmp_path / "r.sqlite3"
    store = ResultStore(path)
    state = json.dumps({"questions": [[q, 1] for q in QUESTIONS]})
    for rid, who, right in (("a1", "Ana", [True, False]), ("n1", "Nico", [False, False])):
        started = AttemptRecord(rid, "club-night", who, "exam", 1_000.0, total=2, state=state)
        assert store.save_attempt(started)
        for q, ok in zip(QUESTIONS, right):
            assert store.record(who, rid, "exam", q, 1, "=1+1" if who == "Nico" else "1", ok, 3.0)
        assert store.save_attempt(replace(started, ended=1_060.0, ended_by="finished", score=sum(right)))
    store.record("Pia", "p1", "practice", QUESTIONS[0], 1, "1", True, 1.0)
    return path, exams


def export(capsys, *args) -> tuple[int, str, str]:
    status = rulesdojo(["results", "export", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_csv_holds_the_exams_answers_with_score_pass_and_iso_times(results, capsys):
    path, exams = results
    status, out, err = export(capsys, "--format", "csv", "--exam", "club-night", "--results", str(path),
                              "--exams", str(exams))
    assert status == 0 and err == ""
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {"exam", "attempt", "candidate", "question", "answer", "right", "score", "passed",
            "answered"} <= set(rows[0])
    assert len(rows) == 4 and {r["candidate"] for r in rows} == {"Ana", "Nico"}   # practice apart
    ana = [r for r in rows if r["candidate"] == "Ana"]
    assert {(r["score"], r["passed"]) for r in ana} == {("1", "yes")}
    assert {r["passed"] for r in rows if r["candidate"] == "Nico"} == {"no"}
    assert "'=1+1" in {r["answer"] for r in rows}                              # no formula runs
    assert all(datetime.fromisoformat(r["answered"]).tzinfo is not None for r in rows)


def test_csv_writes_the_table_asked_for(results, capsys, tmp_path):
    path, exams = results
    out_file = tmp_path / "attempts.csv"
    status, out, _ = export(capsys, "--format", "csv", "--exam", "club-night", "--table", "attempts",
                            "--results", str(path), "--exams", str(exams), "--out", str(out_file))
    assert status == 0 and out == ""
    rows = list(csv.DictReader(out_file.open(newline="", encoding="utf-8")))
    assert [(r["candidate"], r["right"], r["questions"], r["passed"], r["state"]) for r in rows] == [
        ("Ana", "1", "2", "yes", "submitted"), ("Nico", "0", "2", "no", "submitted")]
    assert datetime.fromisoformat(rows[0]["started"]).tzinfo is not None


def test_json_is_one_document_with_every_table(results, capsys):
    path, exams = results
    status, out, _ = export(capsys, "--format", "json", "--exam", "club-night", "--results", str(path),
                            "--exams", str(exams))
    assert status == 0
    doc = json.loads(out)
    assert doc["exam"] == "club-night"
    assert doc["pass-rate"] == [{"exam": "club-night", "attempts": 2, "passed": 1, "mark": 50, "rate": 0.5}]
    assert [(a["candidate"], a["passed"], a["score"]) for a in doc["attempts"]] == [("Ana", True, 0.5),
                                                                                    ("Nico", False, 0.0)]
    first = next(q for q in doc["questions"] if q["question"] == QUESTIONS[0])
    assert first["answers"] == 2 and first["share_right"] == 0.5 and "Architect of the Untamed" in first["text"]
    assert len(doc["answers"]) == 4 and doc["answers"][0]["right"] in (True, False)
    assert all(datetime.fromisoformat(a["answered"]).tzinfo is not None for a in doc["answers"])


@pytest.mark.parametrize("args, said", [
    (["--format", "csv", "--exam", "nope"], "no exam 'nope' in"),
    (["--format", "json", "--exam", "club-night", "--table", "attempts"], "the JSON document holds them all"),
    (["--format", "csv", "--exam", "club-night", "--results", "/no/such/r.sqlite3"], "no results file at /no/such"),
    (["--format", "csv", "--exam", "club-night", "--exams", "/no/such/folder"], "no exam folder at /no/such/folder"),
    (["--format", "csv", "--exam", "club-night", "--table", "retention"], "--table retention takes no --exam"),
])
def test_bad_arguments_get_a_plain_message_and_status_2(results, capsys, args, said):
    path, exams = results
    given = {"--results": str(path), "--exams": str(exams), **dict(zip(args[::2], args[1::2]))}
    status, out, err = export(capsys, *(x for pair in given.items() for x in pair))
    assert status == 2 and out == "" and said in err and "Traceback" not in err
    assert err.startswith("rulesdojo results export: ") and err.count("\n") == 1


def test_a_format_neither_csv_nor_json_is_refused_by_name(results, capsys):
    path, _ = results
    with pytest.raises(SystemExit) as stop:
        rulesdojo(["results", "export", "--format", "xml", "--exam", "club-night", "--results", str(path)])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "invalid choice: 'xml'" in err and "Traceback" not in err


def test_seconds_are_kept_to_the_millisecond_in_the_csv_and_json(results, capsys):
    """Walk finding 10: the CSV's seconds had 15 decimals (a time measured by subtraction)."""
    path, exams = results
    ResultStore(path).record("Ana", "a2", "exam", QUESTIONS[0], 1, "1", True, 1765080000.4 - 1765079996.2)
    status, out, _ = export(capsys, "--format", "csv", "--exam", "club-night", "--results", str(path))
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {r["seconds"] for r in rows} == {"3.0"}                  # the club night's answers
    status, out, _ = export(capsys, "--format", "json", "--exam", "club-night", "--results", str(path))
    assert all(len(str(a["seconds"]).split(".")[-1]) <= 3 for a in json.loads(out)["answers"])
    from rulesdojo.quiz.report import Results, write_csv
    buf = io.StringIO()
    write_csv(Results.from_store(ResultStore(path)).answers(), buf)   # the trainer's download
    seconds = [r["seconds"] for r in csv.DictReader(io.StringIO(buf.getvalue()))]
    assert "4.2" in seconds and all(len(s.split(".")[-1]) <= 3 for s in seconds)


def test_exam_lint_counts_one_file_in_the_singular(tmp_path, capsys):
    """Walk finding 10: `exam lint` printed "1 exam files"."""
    (tmp_path / "club-night.yaml").write_text(EXAM)
    assert rulesdojo(["exam", "lint", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 exam file: 0 problems"


def test_the_help_names_every_command_as_it_is(capsys):
    """Walk finding 10: `rulesdojo --help` said "(and, as they arrive, serve and bank)"."""
    with pytest.raises(SystemExit):
        rulesdojo(["--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "as they arrive" not in said and "``" not in said
    assert all(word in said for word in ("serve", "question bank", "export results", "static site"))


@pytest.mark.parametrize("answer", ["1\n=1+1", "1\r\n+cmd", "x\n  @SUM(A1)", "ok\r-2+3"])
def test_a_line_break_in_an_answer_starts_no_formula_in_the_csv(results, capsys, answer):
    """Probe N7: a line break in an answer slipped past the CSV formula escape (``1\\n=1+1``)."""
    path, exams = results
    store = ResultStore(path)
    assert store.save_attempt(AttemptRecord("o1", "club-night", "Ola", "exam", 1_100.0, total=2,
                                            state=json.dumps({"questions": [[q, 1] for q in QUESTIONS]})))
    store.record("Ola", "o1", "exam", QUESTIONS[0], 1, answer, False, 1.0)
    status, out, _ = export(capsys, "--format", "csv", "--exam", "club-night", "--results", str(path))
    assert status == 0
    cells = [c for row in csv.reader(io.StringIO(out)) for c in row]
    lines = [line.lstrip(" ") for c in cells for line in re.split(r"[\r\n]", c)]
    assert not [line for line in lines if line[:1] in ("=", "+", "-", "@")], lines
    (kept,) = [c for c in cells if c.replace("'", "") == answer]   # the answer is there, quoted where it must be
    assert kept != answer and kept.count("'") == 1
