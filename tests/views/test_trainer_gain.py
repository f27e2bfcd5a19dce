"""The trainer's learning-gain tables for a simulated class: the figures a mentor reads are the ones
worked out by hand from the rows written, a lesson with no gain is flagged, and a lesson with too few
learners gives no figure."""

from __future__ import annotations

import statistics

import pytest

from rulesdojo.quiz.store import ResultStore
from rulesdojo.views import Trainer

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
    assert few[1] == "6" and few[4] == "too few learners (under 10)"


def test_retention_counts_practice_a_day_or_more_after_the_lesson(trainer):
    t, _rows = trainer
    later = row_of(t.gain.content, "Retention: practice 24 hours or more after the lesson", "Energy ruling 2")
    right = sum(i % 5 != 0 for i in range(simulated_class.LEARNERS)) / simulated_class.LEARNERS
    assert later == ["Energy ruling 2", "40", f"{right:.0%}"]  # the answers an hour later, all wrong, left out
