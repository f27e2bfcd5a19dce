"""The trainer's tables, as data: attempts with pass or fail, answers, questions, pass rates and
each candidate across exams. No UI here: the trainer draws them and ``rulesdojo results export``
writes them as CSV or JSON.

Figures count, for each attempt, the first answer to each question it asked (``one_per_question``);
the answers table holds every row as stored, each marked whether it is counted.

>>> from rulesdojo.quiz.store import Attempt, AttemptRecord
>>> rec = AttemptRecord("a1", "check", "Ana", "exam", 0.0, ended=60.0, ended_by="finished", total=2,
...                     state='{"questions": [["q-1", 1], ["q-2", 1]]}')
>>> rows = [Attempt("Ana", "a1", "exam", "q-1", 1, "3", True, 5.0, 30.0)]
>>> r = Results([rec], rows, passing={"check": 50}, now=600)
>>> a = r.attempts("check")[0]; a.state, a.right, a.passed
('submitted', 1, True)
>>> r.pass_rates()[0].rate
1.0
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, fields
from datetime import datetime

from ..i18n import Words
from .stats import one_per_question, question_stats
from .store import csv_cell
from .texts import QuestionTexts


def iso(t: float | None) -> str:
    """Say a time as ISO 8601 with this machine's offset (empty for none).

    >>> datetime.fromisoformat(iso(0.0)).tzinfo is not None, iso(None)
    (True, '')
    """
    return "" if t is None else datetime.fromtimestamp(t).astimezone().isoformat(timespec="seconds")


def first_line(text: str, width: int = 90) -> str:
    """Return a question's first line, cut at a word to at most ``width`` characters.

    >>> first_line("She has 4 energy. How many does she have after paying three?", 30)
    'She has 4 energy. How many…'
    """
    line = text.strip().splitlines()[0] if text.strip() else ""
    if len(line) <= width:
        return line
    return line[:width - 1].rsplit(" ", 1)[0] + "…"


def question_text(bank, qid: str, words: Words | None = None) -> str:
    """Return a question's prompt as one variant asks it (empty when it is no longer in the bank),
    in the mentor's language with ``words`` (the export's rows stay as written: none given)."""
    if qid not in bank:
        return ""
    v = bank[qid].variant(seed=0)
    return v.prompt if words is None else str(QuestionTexts(words).prompt(v))


def passed(right: int, total: int, mark: int | None) -> bool | None:
    """Say whether a score passes a pass mark in percent (None: no mark).

    >>> passed(7, 10, 70), passed(6, 10, 70), passed(6, 10, None)
    (True, False, None)
    """
    if mark is None:
        return None
    return total > 0 and right * 100 >= mark * total


@dataclass(frozen=True)
class AttemptRow:
    """One attempt: who, when, how it stands, right answers of the questions asked, pass or fail."""

    exam: str
    attempt: str
    candidate: str
    mode: str
    started: float
    ended: float | None
    state: str  # in progress | submitted | time ran out | ended: started again at the same moment | practice
    right: int
    questions: int
    passed: bool | None  # None: no pass mark, or not ended

    @property
    def score(self) -> float | None:
        return self.right / self.questions if self.questions else None


@dataclass(frozen=True)
class AnswerRow:
    """One answer as stored, with its attempt's exam, score and verdict."""

    exam: str
    attempt: str
    candidate: str
    mode: str
    question: str
    seed: int
    answer: str
    right: bool
    seconds: float
    answered: float
    counted: bool  # the first answer to a question the attempt asked: what the figures count
    score: int | None  # the attempt's right answers (None: an answer without an attempt row)
    questions: int | None
    passed: bool | None


@dataclass(frozen=True)
class PassRate:
    """One exam's ended attempts and how many passed."""

    exam: str
    attempts: int
    passed: int
    mark: int | None

    @property
    def rate(self) -> float | None:
        return self.passed / self.attempts if self.attempts and self.mark is not None else None


def _state(r, now: float) -> str:
    if r.mode == "practice":
        return "practice"
    if r.ended is None and (r.deadline is None or r.deadline > now):
        return "in progress"
    if r.ended_by in ("time", None):
        return "time ran out"
    return "ended: started again at the same moment" if r.ended_by == "duplicate" else "submitted"


class Results:
    """Hold the results store's rows and make the trainer's tables from them.

    ``passing`` gives each exam's pass mark (None: no pass or fail); ``now`` says which attempts
    are still in progress.
    """

    def __init__(self, records, rows, passing: dict | None = None, now: float = 0.0):
        self.records = {r.id: r for r in records}
        self.rows = list(rows)
        self.counted = one_per_question(self.rows, self.records)
        self.passing = dict(passing or {})
        self.now = now
        self._kept = {id(a) for a in self.counted}
        right: dict[str, int] = {}
        for a in self.counted:
            right[a.session] = right.get(a.session, 0) + a.correct
        self._attempts = {}
        for r in self.records.values():
            got, state = right.get(r.id, 0), _state(r, now)
            ended = state not in ("in progress", "practice")
            self._attempts[r.id] = AttemptRow(r.exam, r.id, r.candidate, r.mode, r.started, r.ended, state,
                                              got, r.total,
                                              passed(got, r.total, self.passing.get(r.exam)) if ended else None)

    @classmethod
    def from_store(cls, store, exams=(), now: float = 0.0) -> "Results":
        """Read every attempt and answer from a results store; ``exams`` give the pass marks."""
        return cls(store.records(), store.attempts(), {e.id: e.pass_mark for e in exams}, now)

    def exams(self) -> list[str]:
        """Return the ids of the exams that have attempts."""
        return sorted({r.exam for r in self.records.values() if r.mode == "exam"})

    def attempts(self, exam: str | None = None, mode: str = "exam", candidate: str | None = None) -> list[AttemptRow]:
        """Return attempts (one exam's, or every one in ``mode``), by candidate then start."""
        rows = [a for a in self._attempts.values() if a.mode == mode and (exam is None or a.exam == exam)
                and (candidate is None or a.candidate == candidate)]
        return sorted(rows, key=lambda a: (a.candidate, a.started, a.attempt))

    def answers(self, exam: str | None = None, mode: str | None = None) -> list[AnswerRow]:
        """Return every answer row as stored (one exam's, or every one), oldest first."""
        out = []
        for a in self.rows:
            rec = self._attempts.get(a.session)
            name = rec.exam if rec else ""
            if (exam is not None and (rec is None or rec.mode != "exam" or name != exam)) or \
                    (mode is not None and a.mode != mode):
                continue
            out.append(AnswerRow(name, a.session, a.candidate, a.mode, a.question, a.seed, a.answer,
                                 bool(a.correct), a.seconds, a.answered_at, id(a) in self._kept,
                                 rec.right if rec else None, rec.questions if rec else None,
                                 rec.passed if rec else None))
        return out

    def counted_answers(self, exam: str | None = None, mode: str = "exam") -> list:
        """Return the answers the figures count (store rows), one exam's or every one in ``mode``."""
        ids = {a.attempt for a in self.attempts(exam, mode)}
        if mode == "practice":  # answers from before attempt rows were kept count too
            return [a for a in self.counted if a.mode == "practice"]
        return [a for a in self.counted if a.session in ids]

    def questions(self, exam: str | None = None, mode: str = "exam") -> dict:
        """Return each question's figures (``question_stats``) over one exam's counted answers."""
        answers = self.counted_answers(exam, mode)
        scores: dict[str, int] = {}
        for a in answers:
            scores[a.session] = scores.get(a.session, 0) + a.correct
        totals = {sid: max(1, self.records[sid].total if sid in self.records else
                           sum(a.session == sid for a in answers)) for sid in scores}
        return question_stats(answers, {sid: n / totals[sid] for sid, n in scores.items()})

    def pass_rates(self) -> list[PassRate]:
        """Return, per exam with attempts or a pass mark, its ended attempts and how many passed."""
        out = []
        for exam in sorted(set(self.exams()) | set(self.passing)):
            ended = [a for a in self.attempts(exam) if a.state not in ("in progress",)]
            out.append(PassRate(exam, len(ended), sum(bool(a.passed) for a in ended), self.passing.get(exam)))
        return out

    def candidates(self) -> list[str]:
        """Return every candidate with an exam attempt."""
        return sorted({a.candidate for a in self._attempts.values() if a.mode == "exam"})


def table(rows, kind=None, text: bool = True) -> tuple[list[str], list[list]]:
    """Return a list of dataclass rows as a header and cells, times in ISO 8601; as ``text`` (for
    CSV) verdicts read yes/no and nothing is an empty cell, else they stay true, false and null.
    ``kind`` (the rows' class) gives the header when there are no rows.

    >>> table([PassRate("check", 2, 1, None)])
    (['exam', 'attempts', 'passed', 'mark', 'rate'], [['check', 2, 1, '', '']])
    """
    kind = kind or type(rows[0])
    names = [f.name for f in fields(kind)] + {AttemptRow: ["score"], PassRate: ["rate"]}.get(kind, [])
    return names, [[_cell(n, getattr(r, n), text) for n in names] for r in rows]


#: the digits kept of a figure: shares and gains to 4 places, seconds to the millisecond
DIGITS = {"score": 4, "rate": 4, "before": 4, "after": 4, "gain": 4, "low": 4, "high": 4, "seconds": 3}


def _cell(name: str, value, text: bool):
    """Return one cell: times in ISO 8601, figures to their ``DIGITS``; as text, yes/no and "" for none.

    >>> _cell("seconds", 4.199999999999999, True), _cell("gain", 0.6666666666, False), _cell("passed", None, True)
    (4.2, 0.6667, '')
    """
    if name in ("started", "ended", "answered"):
        return iso(value) if text or value is not None else None
    if isinstance(value, float) and name in DIGITS:
        value = round(value, DIGITS[name])
    if not text:
        return value
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return ""
    return value


@dataclass(frozen=True)
class QuestionRow:
    """One question's figures in an exam, with its first line."""

    question: str
    text: str
    answers: int
    share_right: float
    discrimination: float | None
    wrong_answers: str  # "answer" ×times, most chosen first


def question_rows(results: Results, exam: str | None, bank=None, mode: str = "exam") -> list[QuestionRow]:
    """Return the per-question table of one exam (or of practice), each with its first line."""
    return [QuestionRow(s.question, first_line(question_text(bank, s.question)) if bank is not None else "",
                        s.answered, round(s.share_right, 4),
                        None if s.discrimination is None else round(s.discrimination, 4),
                        "; ".join(f"“{a}” ×{n}" for a, n in s.wrong_answers))
            for s in results.questions(exam, mode).values()]


TABLES = ("answers", "attempts", "questions", "pass-rate")


def tables(results: Results, exam: str, bank=None) -> dict[str, tuple[type, list]]:
    """Return one exam's tables by name (``TABLES``), as the trainer shows them: (row class, rows)."""
    return {"answers": (AnswerRow, results.answers(exam)), "attempts": (AttemptRow, results.attempts(exam)),
            "questions": (QuestionRow, question_rows(results, exam, bank)),
            "pass-rate": (PassRate, [p for p in results.pass_rates() if p.exam == exam])}


def document(results: Results, exam: str, bank=None) -> dict:
    """Return one exam's tables as one JSON-ready document (times in ISO 8601 with the offset).

    >>> doc = document(Results([], []), "check")
    >>> sorted(doc), doc["attempts"]
    (['answers', 'attempts', 'exam', 'pass-rate', 'questions'], [])
    """
    out: dict = {"exam": exam}
    for name, (kind, rows) in tables(results, exam, bank).items():
        head, cells = table(rows, kind, text=False)
        out[name] = [dict(zip(head, c)) for c in cells]
    return out


def write_csv(rows, target, kind=AnswerRow) -> int:
    """Write report rows of a ``kind`` as CSV, every cell quoted and every text formula-escaped
    (``csv_cell``; a figure, such as a gain of -0.1, is a number, no formula, and stays one);
    return how many."""
    head, cells = table(rows, kind)
    w = csv.writer(target, quoting=csv.QUOTE_ALL)
    w.writerow(head)
    for r in cells:
        w.writerow([c if isinstance(c, (int, float)) else csv_cell(c) for c in r])
    return len(cells)
