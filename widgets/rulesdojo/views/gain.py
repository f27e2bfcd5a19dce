"""The trainer's learning-gain tables: per lesson and per ruling, before and after, and retention;
and the class's spaced review per ruling, recall predicted and measured.

The figures are ``rulesdojo.quiz.gain``'s and ``rulesdojo.quiz.retention``'s; this module reads the
store and lays them out.
"""

from __future__ import annotations

import time
from functools import partial

from ..i18n import Words, words_for
from ..quiz.gain import MIN_LEARNERS, RETENTION_DELAY, GainRow, gain_rows, practice_rows
from ..quiz.retention import AHEAD, MEASURED_AFTER, RetentionRow, class_retention
from .dom import Dom, Node, h
from .quiz_review import ruling_name
from .tables import table

EN = words_for("en")


def _share(x: float | None) -> str:
    return "—" if x is None else f"{x:.0%}"


def gain_cells(r: GainRow, words: Words = EN) -> list[str]:
    """Return one lesson's or ruling's row as the trainer shows it: a class under ``MIN_LEARNERS``
    gets its figure and its (wide) interval, and no verdict.

    >>> gain_cells(GainRow("lesson", "02-x", "2. X", 6, 0.5, 0.8, 0.6, 0.1, 1.0, True, False))
    ['2. X', '6', '50%', '80%', '+0.60 (+0.10 to +1.00)', 'few learners (under 10): a wide interval, no verdict']
    """
    head = [r.name, str(r.learners), _share(r.before), _share(r.after)]
    if r.gain is None:
        return [*head, words("— (everyone right before)"), "—"]
    gain, low, high = (f"{x:+.2f}" if x is not None else "" for x in (r.gain, r.low, r.high))
    said = (words("{gain} ({low} to {high})", gain=gain, low=low, high=high)
            if r.low is not None else words("{gain} (one learner: no interval)", gain=gain))
    if r.few:
        return [*head, said, words("few learners (under {n}): a wide interval, no verdict", n=MIN_LEARNERS)]
    return [*head, said, words("✗ no gain shown") if r.no_gain else "✓"]


def gain_nodes(parts, checks, titles, practice, *, words: Words = EN) -> list:
    """Return the learning-gain tables for the store's lesson rows and practice rows; ``checks``: each
    lesson's checks' rulings, ``titles``: each lesson's title, by lesson id (``lessons.pages.lesson_checks``)."""
    rows = gain_rows(parts, checks, titles, practice, lambda t: ruling_name(t, words))
    head = [words("Lesson"), words("Learners"), words("Right before"), words("Right after"),
            words("Normalized gain (95% interval)"), words("Gain")]
    by_lesson = [gain_cells(r, words) for r in rows if r.table == "lesson"]
    by_ruling = [gain_cells(r, words) for r in rows if r.table == "ruling"]
    later = [[r.name, str(r.learners), words("{share} (under {n} learners)", share=_share(r.after), n=MIN_LEARNERS)
              if r.few else _share(r.after)] for r in rows if r.table == "retention"]
    if not by_lesson:
        return [h("h4", words("Learning gain")), h("i", words("No learner has answered both a lesson's “before you "
                                                             "start” questions and its checks yet."))]
    note = h("p", words("Before: the “before you start” questions; after: the lesson's checks right on the first "
                        "try. Normalized gain: (after − before) ÷ (1 − before), with a 95% delta-method interval "
                        "over learners. ✗: the interval's lower bound is not above zero. Fewer than {n} learners: "
                        "the figure and its wide interval, no verdict (docs/exams.md). The same rows: rulesdojo "
                        "results export --table gain.", n=MIN_LEARNERS), cls="rd-type")
    named = partial(table, row_names=True, cls="rd-review rd-gain")
    out = [h("h4", words("Learning gain")), note, named(words("Learning gain per lesson"), head, by_lesson),
           named(words("Learning gain per ruling"), [words("Ruling"), *head[1:]], by_ruling)]
    if later:
        hours = "%g" % (RETENTION_DELAY / 3600)
        out.append(named(words("Retention: practice {hours} hours or more after the lesson", hours=hours),
                         [words("Ruling"), words("Learners"), words("Right")], later))
    return out


def review_nodes(rows: list[RetentionRow], *, words: Words = EN) -> list:
    """Return the spaced-review table: per ruling, the class's predicted recall today and in 30
    days and the share right on reviews due after a week or more.

    >>> rows = review_nodes([RetentionRow("E2", "Energy ruling 2", 3, 0.95, 0.81, 4, None)])[2][4][2]
    >>> [c[-1] for c in rows[2:]]
    ['Energy ruling 2', '3', '95%', '81%', '4', '—']
    """
    if not rows:
        return [h("h4", words("Spaced review")), h("i", words("No learner has a ruling to review yet."))]
    note = h("p", words("Predicted: the chance of a right answer FSRS gives each learner's card of the ruling, "
                        "averaged over learners, now and in {ahead} days without review. Right: the share right on "
                        "reviews that came due {after} days or more after the last (docs/review.md). The same "
                        "rows: rulesdojo results export --table retention.", ahead=AHEAD, after=MEASURED_AFTER),
             cls="rd-type")
    cells = [[r.name, str(r.learners), _share(r.recall_today), _share(r.recall_in_30_days), str(r.reviews),
              _share(r.retained)] for r in rows]
    head = [words("Ruling"), words("Learners"), words("Predicted now"), words("Predicted in {n} days", n=AHEAD),
            words("Reviews due after {n}+ days", n=MEASURED_AFTER), words("Right")]
    return [h("h4", words("Spaced review")), note,
            table(words("Spaced review per ruling"), head, cells, row_names=True, cls="rd-review rd-gain")]


class GainTables(Dom):
    """The learning-gain section of the trainer, read from the results store on ``refresh()``
    (the trainer's Refresh)."""

    def __init__(self, store, bank, course=None, *, words: Words = EN, **kwargs):
        """``course``: called on each refresh, returns the lessons' checks and titles (``gain_nodes``);
        None: a course of no lessons. ``words``: the mentor's language."""
        super().__init__(**kwargs)
        self.store, self.bank, self._course, self.words = store, bank, course, words

    def refresh(self) -> None:
        checks, titles = self._course() if self._course is not None else ({}, {})
        words = self.words
        self.content = [*gain_nodes(self.store.every_lesson_part(), checks, titles, practice_rows(self.store, self.bank),
                                    words=words),
                        *review_nodes(class_retention(self.store, time.time(), lambda t: ruling_name(t, words)),
                                      words=words)]
