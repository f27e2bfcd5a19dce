"""The trainer's learning-gain tables for a simulated class: the figures a mentor reads are the ones
worked out by hand from the rows written, a lesson with no gain is flagged, and a lesson with too few
learners gives no figure."""

from __future__ import annotations

import csv
import io
import json
import re
import statistics

import pytest

from rulesdojo.quiz.store import ResultStore
from rulesdojo.lessons import Trainer  # the course's trainer: its gain is per lesson

import simulated_class
from dom_nodes import table_rows


@pytest.fixture(scope="module")
def trainer(tmp_path_factory):
    where = tmp_path_factory.mktemp("gain") / "r.sqlite3"
    rows = simulated_class.build(lambda: ResultStore(where))
    return Trainer(ResultStore(where), exams=[]), rows


def row_of(page: list, caption: str, name: str) -> list[str]:
    """Return the cells of the row ``name`` of the table with that caption, as text."""
    return next(r for r in table_rows(page, caption) if r[0] == name)


def test_the_gain_table_shows_the_class_figures_worked_out_by_hand(trainer):
    t, rows = trainer
    lesson = "02-cant-pay-more"
    befores = [r[3] for r in rows if r[1] == lesson and r[2] == "before:E2" and r[0] != simulated_class.key(99)]
    afters = {}
    for who, les, part, right in rows:
        if les == lesson and not part.startswith("before:"):
            afters.setdefault(who, []).append(right)
    b = statistics.mean(befores)
    a = statistics.mean(statistics.mean(v) for v in afters.values())
    cells = row_of(t.gain.content, "Learning gain per lesson", "2. You can't pay more than you have")
    assert cells[:4] == ["2. You can't pay more than you have", "40", f"{b:.0%}", f"{a:.0%}"]
    assert cells[4].startswith(f"{(a - b) / (1 - b):+.2f} (") and cells[5] == "✓"


def test_the_lesson_with_no_gain_is_flagged_and_the_small_one_has_no_figure(trainer):
    t, _rows = trainer
    flagged = row_of(t.gain.content, "Learning gain per lesson", "3. Energy isn't mana")
    assert flagged[1:4] == ["40", "50%", "45%"] and flagged[4].startswith("-0.10 (") and flagged[5] == "✗ no gain shown"
    few = row_of(t.gain.content, "Learning gain per lesson", "5. Target gone: no energy")
    assert few[1] == "6" and few[5] == "few learners (under 10): a wide interval, no verdict"


def test_a_small_class_gets_its_gain_with_its_wide_interval(trainer):
    """Walk finding 7: a class under 10 read "too few learners", with no figure at all."""
    t, rows = trainer
    few = row_of(t.gain.content, "Learning gain per lesson", "5. Target gone: no energy")
    g, low, high = (float(x) for x in re.fullmatch(r"([+-]\d\.\d\d) \(([+-]\d\.\d\d) to ([+-]\d\.\d\d)\)", few[4]).groups())
    assert low < g <= high and high - low > 0.3                      # a figure, and how little it says
    assert "too few" not in t.gain.text


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_the_gain_export_holds_the_trainers_gain_tables(trainer, fmt, tmp_path):
    """Walk finding 7: learning gain couldn't be exported; `results export --table gain` writes the
    rows the trainer shows, for the same simulated class."""
    from rulesdojo.cli import main as rulesdojo
    t, _rows = trainer
    out = tmp_path / f"gain.{fmt}"
    assert rulesdojo(["results", "export", "--format", fmt, "--table", "gain", "--results", t.store.where,
                      "--out", str(out)]) == 0
    if fmt == "csv":
        got = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
        number = lambda v: None if v == "" else float(v)
        flag = lambda v: v == "yes"
    else:
        got = json.loads(out.read_text(encoding="utf-8"))["gain"]
        number, flag = (lambda v: v), (lambda v: v)
    tables = {"lesson": "Learning gain per lesson", "ruling": "Learning gain per ruling",
              "retention": "Retention: practice 24 hours or more after the lesson"}
    for kind, caption in tables.items():
        shown = table_rows(t.gain.content, caption)
        exported = [r for r in got if r["table"] == kind]
        assert [r["name"] for r in exported] == [c[0] for c in shown] and shown
        for r, cells in zip(exported, shown):
            assert cells[1] == str(int(number(r["learners"])))
            if kind == "retention":
                assert cells[2].startswith(f"{number(r['after']):.0%}")
                continue
            assert cells[2:4] == [f"{number(r['before']):.0%}", f"{number(r['after']):.0%}"]
            g, low, high = number(r["gain"]), number(r["low"]), number(r["high"])
            assert cells[4] == (f"{g:+.2f} ({low:+.2f} to {high:+.2f})" if g is not None
                                else "— (everyone right before)")
            assert (cells[5] == "✗ no gain shown") == flag(r["no_gain"])
            assert cells[5].startswith("few learners") == flag(r["few"])


def test_the_gain_export_refuses_an_exam_and_an_exam_table_needs_one(trainer, capsys):
    from rulesdojo.cli import main as rulesdojo
    t, _rows = trainer
    assert rulesdojo(["results", "export", "--format", "csv", "--table", "gain", "--exam", "x",
                      "--results", t.store.where]) == 2
    assert rulesdojo(["results", "export", "--format", "csv", "--results", t.store.where]) == 2
    said = capsys.readouterr().err
    assert "takes no --exam" in said and "give --exam ID" in said and "Traceback" not in said


def test_retention_counts_practice_a_day_or_more_after_the_lesson(trainer):
    t, _rows = trainer
    later = row_of(t.gain.content, "Retention: practice 24 hours or more after the lesson", "Energy ruling 2")
    right = sum(i % 5 != 0 for i in range(simulated_class.LEARNERS)) / simulated_class.LEARNERS
    assert later == ["Energy ruling 2", "40", f"{right:.0%}"]  # the answers an hour later, all wrong, left out
