"""Exam files: the shipped example passes lint; a broken one names the file, the line and what is wrong."""

import io

import pytest

from rulesdojo.cli import main as rulesdojo
from rulesdojo.quiz import load_bank
from rulesdojo.quiz.exam import Exam, ExamError, lint_exams

GOOD = """\
id: club-night
title: Club night check
questions:
  ids: [architect-landfall-one-energy]
  tags: [E2, L1]
  count: 4
  per_tag: {L1: 2}
time_limit: 15
"""


def test_the_shipped_example_exam_passes(capsys):
    assert rulesdojo(["exam", "lint"]) == 0
    assert "OK " in capsys.readouterr().out


@pytest.mark.parametrize("change, line, words", [
    ("  count: 4\n", 6, "'count' is a whole number"),
    ("time_limit: 15\n", 8, "'time_limit' is minutes"),
    ("  ids: [architect-landfall-one-energy]\n", 4, "no question 'no-such-question'"),
    ("  per_tag: {L1: 2}\n", 7, "per_tag asks for 90"),
    ("title: Club night check\n", 3, "unknown key 'titel'"),
])
def test_a_broken_exam_names_the_file_and_line(tmp_path, change, line, words):
    broken = {"  count: 4\n": "  count: many\n", "time_limit: 15\n": "time_limit: -3\n",
              "  ids: [architect-landfall-one-energy]\n": "  ids: [no-such-question]\n",
              "  per_tag: {L1: 2}\n": "  per_tag: {L1: 90}\n",
              "title: Club night check\n": "title: Club night check\ntitel: typo\n"}[change]
    path = tmp_path / "club.yaml"
    path.write_text(GOOD.replace(change, broken))
    out = io.StringIO()
    assert lint_exams(path, out) == 1
    text = out.getvalue()
    assert f"{path}: line {line}," in text and words in text, text


def test_an_exam_draws_its_named_questions_and_each_tag_count():
    bank = load_bank()
    exam = Exam.from_dict({"id": "x", "title": "X", "questions": {
        "ids": ["architect-landfall-one-energy"], "tags": ["E2", "L1"], "count": 4, "per_tag": {"L1": 2}}},
        bank=bank)
    for seed in range(5):
        drawn = exam.draw(bank, seed)
        assert len({q.id for q in drawn}) == 4 and "architect-landfall-one-energy" in {q.id for q in drawn}
        assert sum(q.has_tag("L1") for q in drawn) >= 2
    assert exam.draw(bank, 1) == exam.draw(bank, 1)


def test_no_exam_file_is_a_clear_message(tmp_path):
    out = io.StringIO()
    assert lint_exams(tmp_path, out) == 2 and "no exam files" in out.getvalue()


@pytest.mark.parametrize("per_tag", ["[L1, E2]", "[]", "''"])
def test_per_tag_written_as_anything_but_a_mapping_is_named_at_its_line(tmp_path, per_tag):
    path = tmp_path / "club.yaml"
    path.write_text(GOOD.replace("  per_tag: {L1: 2}\n", f"  per_tag: {per_tag}\n"))
    with pytest.raises(ExamError) as info:
        Exam.from_file(path, load_bank())
    assert str(info.value) == (f"{path}: line 7, questions.per_tag: 'per_tag' maps a tag to how many of its "
                               "questions to draw (a whole number over 0)")
