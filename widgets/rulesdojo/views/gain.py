"""The trainer's learning-gain tables: per lesson and per ruling, before and after, and retention.

The figures are ``rulesdojo.quiz.gain``'s; this module reads the store and lays them out.
"""

from __future__ import annotations

from functools import partial

from ..quiz.gain import MIN_LEARNERS, RETENTION_DELAY, gain_figures, lesson_answers, retention
from ..quiz.rulings import ruling
from .dom import Dom, Node, h
from .tables import table


def lesson_checks(lessons) -> tuple[dict[str, dict[str, list[str]]], dict[str, str]]:
    """Return, per lesson id, each check's rulings, and each lesson id's title."""
    from ..lessons.learner_progress import lesson_id
    checks = {lesson_id(l): {c.key: list(c.question.tags.get("rulings", [])) for c in l.checks}
              for l in lessons.values()}
    return checks, {lesson_id(l): f"{l.number}. {l.title}" for l in lessons.values()}


def practice_rows(store, bank) -> list[tuple]:
    """Return (learner, rulings, right, answered_at) for every practice answer, the learner being
    the attempt's browser key, else its vouched name (as lesson progress is kept)."""
    records = {r.id: r for r in store.records(exam="") if r.mode == "practice"}
    out = []
    for a in store.attempts():
        rec = records.get(a.session)
        if a.mode == "practice" and rec is not None and a.question in bank:
            out.append((rec.learner_key or rec.candidate, bank[a.question].tags.get("rulings", []), a.correct,
                        a.answered_at))
    return out


def _share(x: float) -> str:
    return f"{x:.0%}"


def _row(name: str, g) -> list[str]:
    head = [name, str(g.learners), _share(g.before), _share(g.after)]
    if not g.enough:
        return [*head, f"too few learners (under {MIN_LEARNERS})", "—"]
    if g.gain is None:
        return [*head, "— (everyone right before)", "—"]
    flag = "✗ no gain shown" if g.no_gain else "✓"
    return [*head, f"{g.gain:+.2f} ({g.low:+.2f} to {g.high:+.2f})", flag]


def gain_nodes(parts, lessons, practice) -> list:
    """Return the learning-gain tables for the store's lesson rows and practice rows."""
    checks, titles = lesson_checks(lessons)
    answers = lesson_answers(parts, checks)
    figures = gain_figures(answers)
    head = ["Lesson", "Learners", "Right before", "Right after", "Normalized gain (95% interval)", "Gain"]
    by_lesson = [_row(titles[i], figures[i]) for i in titles if i in figures]
    tags = sorted({t for c in checks.values() for ts in c.values() for t in ts})
    by_ruling = [_row(ruling(t).name, figures[t]) for t in tags if t in figures]
    kept = retention(parts, checks, practice)
    later = [[ruling(t).name, str(r.learners),
              _share(r.share) if r.enough else f"too few learners (under {MIN_LEARNERS})"] for t, r in kept.items()]
    if not by_lesson:
        return [h("h4", "Learning gain"), h("i", "No learner has answered both a lesson's “before you start” "
                                             "questions and its checks yet.")]
    note = h("p", "Before: the “before you start” questions; after: the lesson's checks right on the first try. "
                  "Normalized gain: (after − before) ÷ (1 − before), with a 95% delta-method interval over "
                  "learners. ✗: the interval's lower bound is not above zero. Fewer than "
                  f"{MIN_LEARNERS} learners: no figure (docs/exams.md).", cls="rd-type")
    named = partial(table, row_names=True, cls="rd-review rd-gain")
    out = [h("h4", "Learning gain"), note, named("Learning gain per lesson", head, by_lesson),
           named("Learning gain per ruling", ["Ruling", *head[1:]], by_ruling)]
    if later:
        out.append(named(f"Retention: practice {RETENTION_DELAY / 3600:g} hours or more after the lesson",
                         ["Ruling", "Learners", "Right"], later))
    return out


class GainTables(Dom):
    """The learning-gain section of the trainer, read from the results store on ``refresh()``
    (the trainer's Refresh)."""

    def __init__(self, store, bank, lessons=None, **kwargs):
        super().__init__(**kwargs)
        self.store, self.bank, self._lessons = store, bank, lessons

    def refresh(self) -> None:
        if self._lessons is None:
            from ..lessons import lessons as shipped
            self._lessons = shipped()
        self.content = gain_nodes(self.store.every_lesson_part(), self._lessons, practice_rows(self.store, self.bank))
