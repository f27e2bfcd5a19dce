"""The trainer's learning-gain tables: per lesson and per ruling, before and after, and retention;
and the class's spaced review per ruling, recall predicted and measured.

The figures are ``rulesdojo.quiz.gain``'s and ``rulesdojo.quiz.retention``'s; this module reads the
store and lays them out.
"""

from __future__ import annotations

import time
from functools import partial

from ..quiz.gain import MIN_LEARNERS, RETENTION_DELAY, GainRow, gain_rows, practice_rows
from ..quiz.retention import AHEAD, MEASURED_AFTER, RetentionRow, class_retention
from ..quiz.rulings import ruling
from .dom import Dom, Node, h
from .tables import table


def _share(x: float | None) -> str:
    return "—" if x is None else f"{x:.0%}"


def gain_cells(r: GainRow) -> list[str]:
    """Return one lesson's or ruling's row as the trainer shows it: a class under ``MIN_LEARNERS``
    gets its figure and its (wide) interval, and no verdict.

    >>> gain_cells(GainRow("lesson", "02-x", "2. X", 6, 0.5, 0.8, 0.6, 0.1, 1.0, True, False))
    ['2. X', '6', '50%', '80%', '+0.60 (+0.10 to +1.00)', 'few learners (under 10): a wide interval, no verdict']
    """
    head = [r.name, str(r.learners), _share(r.before), _share(r.after)]
    if r.gain is None:
        return [*head, "— (everyone right before)", "—"]
    said = f"{r.gain:+.2f} ({r.low:+.2f} to {r.high:+.2f})" if r.low is not None else f"{r.gain:+.2f} (one learner: no interval)"
    if r.few:
        return [*head, said, f"few learners (under {MIN_LEARNERS}): a wide interval, no verdict"]
    return [*head, said, "✗ no gain shown" if r.no_gain else "✓"]


def gain_nodes(parts, checks, titles, practice) -> list:
    """Return the learning-gain tables for the store's lesson rows and practice rows; ``checks``: each
    lesson's checks' rulings, ``titles``: each lesson's title, by lesson id (``lessons.pages.lesson_checks``)."""
    rows = gain_rows(parts, checks, titles, practice, lambda t: ruling(t).name)
    head = ["Lesson", "Learners", "Right before", "Right after", "Normalized gain (95% interval)", "Gain"]
    by_lesson = [gain_cells(r) for r in rows if r.table == "lesson"]
    by_ruling = [gain_cells(r) for r in rows if r.table == "ruling"]
    later = [[r.name, str(r.learners), _share(r.after) + (f" (under {MIN_LEARNERS} learners)" if r.few else "")]
             for r in rows if r.table == "retention"]
    if not by_lesson:
        return [h("h4", "Learning gain"), h("i", "No learner has answered both a lesson's “before you start” "
                                             "questions and its checks yet.")]
    note = h("p", "Before: the “before you start” questions; after: the lesson's checks right on the first try. "
                  "Normalized gain: (after − before) ÷ (1 − before), with a 95% delta-method interval over "
                  "learners. ✗: the interval's lower bound is not above zero. Fewer than "
                  f"{MIN_LEARNERS} learners: the figure and its wide interval, no verdict (docs/exams.md). "
                  "The same rows: rulesdojo results export --table gain.", cls="rd-type")
    named = partial(table, row_names=True, cls="rd-review rd-gain")
    out = [h("h4", "Learning gain"), note, named("Learning gain per lesson", head, by_lesson),
           named("Learning gain per ruling", ["Ruling", *head[1:]], by_ruling)]
    if later:
        out.append(named(f"Retention: practice {RETENTION_DELAY / 3600:g} hours or more after the lesson",
                         ["Ruling", "Learners", "Right"], later))
    return out


def review_nodes(rows: list[RetentionRow]) -> list:
    """Return the spaced-review table: per ruling, the class's predicted recall today and in 30
    days and the share right on reviews due after a week or more.

    >>> rows = review_nodes([RetentionRow("E2", "Energy ruling 2", 3, 0.95, 0.81, 4, None)])[2][4][2]
    >>> [c[-1] for c in rows[2:]]
    ['Energy ruling 2', '3', '95%', '81%', '4', '—']
    """
    if not rows:
        return [h("h4", "Spaced review"), h("i", "No learner has a ruling to review yet.")]
    note = h("p", "Predicted: the chance of a right answer FSRS gives each learner's card of the ruling, "
                  f"averaged over learners, now and in {AHEAD} days without review. Right: the share right on "
                  f"reviews that came due {MEASURED_AFTER} days or more after the last (docs/review.md). The "
                  "same rows: rulesdojo results export --table retention.", cls="rd-type")
    cells = [[r.name, str(r.learners), _share(r.recall_today), _share(r.recall_in_30_days), str(r.reviews),
              _share(r.retained)] for r in rows]
    head = ["Ruling", "Learners", "Predicted now", f"Predicted in {AHEAD} days",
            f"Reviews due after {MEASURED_AFTER}+ days", "Right"]
    return [h("h4", "Spaced review"), note,
            table("Spaced review per ruling", head, cells, row_names=True, cls="rd-review rd-gain")]


class GainTables(Dom):
    """The learning-gain section of the trainer, read from the results store on ``refresh()``
    (the trainer's Refresh)."""

    def __init__(self, store, bank, course=None, **kwargs):
        """``course``: called on each refresh, returns the lessons' checks and titles (``gain_nodes``);
        None: a course of no lessons."""
        super().__init__(**kwargs)
        self.store, self.bank, self._course = store, bank, course

    def refresh(self) -> None:
        checks, titles = self._course() if self._course is not None else ({}, {})
        self.content = [*gain_nodes(self.store.every_lesson_part(), checks, titles, practice_rows(self.store, self.bank)),
                        *review_nodes(class_retention(self.store, time.time(), lambda t: ruling(t).name))]
