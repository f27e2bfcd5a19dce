"""Exams as mentors define them: one YAML file each (format in ``docs/exams.md``). No UI here.

An exam names its questions (ids, or tags, levels and complexity to draw from, with a count per
tag), its time limit, how many attempts a candidate has, when it is open, when answers and
explanations are shown, and the pass mark. The candidate picks an open exam and sets nothing.

>>> exam = Exam.from_dict({"id": "demo", "title": "Demo", "questions": {"tags": ["E2"], "count": 2}})
>>> len(exam.draw(load_bank(), seed=1)), exam.show_answers, exam.attempts
(2, 'after-submit', 1)
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from ..rules.errors import ScenarioError
from ..scenarios.scenario import RULINGS
from ..scenarios.yamlsource import check_names, key_line, line_of, load_file
from .model import LEVELS, Bank, Question, load_bank

SHOW = ("after-each", "after-submit", "after-close")
TOP_KEYS = ("id", "title", "description", "questions", "time_limit", "attempts", "opens", "closes",
            "show_answers", "pass_mark")
QUESTION_KEYS = ("ids", "tags", "levels", "complexity", "count", "per_tag")


class ExamError(ScenarioError):
    """Report a malformed exam file: the file, the line and what is wrong."""


def _when(value, place, bad) -> float | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        dt = value
    else:
        try:
            dt = datetime.fromisoformat(str(value))
        except ValueError:
            bad(f"'{place}' is a date and time such as 2026-12-01T18:00:00Z, not {value!r}", place)
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.timestamp()


@dataclass(frozen=True)
class Exam:
    """One exam as a mentor wrote it."""

    id: str
    title: str
    description: str = ""
    ids: tuple = ()
    tags: tuple = ()
    levels: tuple = ()
    complexity: tuple = ()
    count: int | None = None
    per_tag: dict = field(default_factory=dict)
    time_limit: float | None = None  # seconds
    attempts: int = 1
    opens: float | None = None
    closes: float | None = None
    show_answers: str = "after-submit"
    pass_mark: int | None = None  # percent
    source: str = "<exam>"

    @classmethod
    def from_file(cls, path, bank: Bank | None = None) -> "Exam":
        """Read and check one exam file; raise ``ExamError`` naming the file and line."""
        data, _ = load_file(path, ExamError)
        return cls.from_dict(data, source=str(path), bank=bank)

    @classmethod
    def from_dict(cls, data, source: str = "<exam>", bank: Bank | None = None) -> "Exam":
        """Check an exam given as data; with ``bank``, check its questions can be drawn from it."""
        def bad(msg, key=None, obj=None):
            obj = data if obj is None else obj
            line = key_line(obj, key) if key is not None else line_of(obj)
            place = ".".join(p for p in (None if obj is data else "questions", key) if p) or "top level"
            raise ExamError(msg, file=source, place=f"line {line}, {place}" if line else place)

        if not isinstance(data, dict):
            raise ExamError("an exam is a mapping with id, title, questions, ...", file=source,
                            place="top level")
        check_names(data, ExamError, source, skip={"title", "description"})
        for key in data:
            if key not in TOP_KEYS:
                bad(f"unknown key {key!r}; allowed: {', '.join(TOP_KEYS)}", key)
        for key in ("id", "title", "questions"):
            if key not in data:
                bad(f"'{key}' is required")
        eid = data["id"]
        if not isinstance(eid, str) or not eid.strip() or any(c.isspace() or c in "/\\" for c in eid):
            bad(f"'id' is a word without spaces or slashes, not {eid!r}", "id")
        for key in ("title", "description"):
            if key in data and (not isinstance(data[key], str) or not data[key].strip()):
                bad(f"'{key}' is text", key)
        qs = data["questions"]
        if not isinstance(qs, dict):
            bad("'questions' is a mapping: ids, tags, levels, complexity, count, per_tag", "questions")
        for key in qs:
            if key not in QUESTION_KEYS:
                bad(f"unknown key {key!r}; allowed: {', '.join(QUESTION_KEYS)}", key, qs)

        def listed(key, ok, what):
            vals = qs.get(key, [])
            if not isinstance(vals, list):
                bad(f"'{key}' is a list", key, qs)
            for v in vals:
                if not ok(v):
                    bad(f"{v!r} is not {what}", key, qs)
            return tuple(vals)
        ids = listed("ids", lambda v: isinstance(v, str), "a question id")
        tags = listed("tags", lambda v: isinstance(v, str), "a tag")
        levels = listed("levels", lambda v: v in LEVELS, f"a level ({', '.join(LEVELS)})")
        complexity = listed("complexity", lambda v: v in (1, 2, 3), "a complexity (1, 2 or 3)")
        per_tag = qs.get("per_tag", {})
        if not isinstance(per_tag, dict) or not all(
                isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in per_tag.values()):
            bad("'per_tag' maps a tag to how many of its questions to draw (a whole number over 0)",
                "per_tag", qs)
        count = qs.get("count")
        if count is not None and (not isinstance(count, int) or isinstance(count, bool) or count < 1):
            bad(f"'count' is a whole number of questions over 0, not {count!r}", "count", qs)
        if not ids and count is None:
            bad("name the questions ('ids') or say how many to draw ('count')", "questions")
        limit = data.get("time_limit")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, (int, float))
                                  or not 0 < limit <= 600):
            bad(f"'time_limit' is minutes (over 0, at most 600), not {limit!r}", "time_limit")
        attempts = data.get("attempts", 1)
        if not isinstance(attempts, int) or isinstance(attempts, bool) or attempts < 1:
            bad(f"'attempts' is how many attempts a candidate has (1 or more), not {attempts!r}",
                "attempts")
        opens = _when(data.get("opens"), "opens", lambda m, k: bad(m, k))
        closes = _when(data.get("closes"), "closes", lambda m, k: bad(m, k))
        if opens is not None and closes is not None and closes <= opens:
            bad("'closes' must come after 'opens'", "closes")
        show = data.get("show_answers", "after-submit")
        if show not in SHOW:
            bad(f"'show_answers' is one of {', '.join(SHOW)}, not {show!r}", "show_answers")
        if show == "after-close" and closes is None:
            bad("'show_answers: after-close' needs a 'closes' time", "show_answers")
        mark = data.get("pass_mark")
        if mark is not None and (not isinstance(mark, int) or isinstance(mark, bool) or not 0 <= mark <= 100):
            bad(f"'pass_mark' is a percentage from 0 to 100, not {mark!r}", "pass_mark")
        exam = cls(eid, data["title"].strip(), str(data.get("description", "")).strip(), ids, tags, levels,
                   complexity, count, dict(per_tag), limit * 60 if limit else None, attempts, opens, closes,
                   show, mark, source)
        if bank is not None:
            missing = [i for i in ids if i not in bank]
            if missing:
                bad(f"no question {missing[0]!r} in the bank", "ids", qs)
            pool = exam.pool(bank)
            for tag, n in per_tag.items():
                have = sum(1 for q in pool if q.has_tag(tag))
                if have < n:
                    bad(f"per_tag asks for {n} questions tagged {tag!r}; the bank has {have} that match",
                        "per_tag", qs)
            want = exam.size
            if len(set(ids) | {q.id for q in pool}) < want:
                bad(f"'count' is {want}, but only {len(set(ids) | {q.id for q in pool})} questions match",
                    "count", qs)
        for tag in (*tags, *per_tag):
            if str(tag).upper() in RULINGS or bank is None:
                continue
            if not any(q.has_tag(tag) for q in bank):
                bad(f"no question in the bank is tagged {tag!r}", "tags" if tag in tags else "per_tag", qs)
        return exam

    @property
    def size(self) -> int:
        """How many questions an attempt has."""
        return self.count if self.count is not None else len(self.ids)

    def pool(self, bank: Bank) -> list[Question]:
        """Return the questions this exam may draw from (besides those named by id)."""
        if not (self.tags or self.levels or self.complexity or self.per_tag or self.count):
            return []
        return [q for q in bank
                if (not self.tags or any(q.has_tag(t) for t in self.tags))
                and (not self.levels or q.level in self.levels)
                and (not self.complexity or q.complexity in self.complexity)]

    def draw(self, bank: Bank, seed) -> list[Question]:
        """Draw an attempt's questions: the named ones, then each tag's count, then the rest."""
        rng = random.Random(f"exam:{self.id}:{seed}")
        chosen = [bank[i] for i in self.ids if i in bank]
        pool = self.pool(bank)
        rng.shuffle(pool)
        for tag, n in self.per_tag.items():
            picks = [q for q in pool if q.has_tag(tag) and q not in chosen][:max(0, n - sum(
                1 for q in chosen if q.has_tag(tag)))]
            chosen += picks
        chosen += [q for q in pool if q not in chosen][:max(0, self.size - len(chosen))]
        rng.shuffle(chosen)
        return chosen[:self.size]

    def is_open(self, now: float) -> bool:
        """Say whether candidates may start (or go on with) this exam at ``now``."""
        return (self.opens is None or now >= self.opens) and (self.closes is None or now < self.closes)

    def answers_shown(self, now: float) -> bool:
        """Say whether a finished attempt's review may show answers and explanations now."""
        return self.show_answers != "after-close" or now >= self.closes

    def passed(self, right: int, total: int) -> bool | None:
        """Say whether a score passes (None when the exam has no pass mark)."""
        if self.pass_mark is None:
            return None
        return total > 0 and right * 100 >= self.pass_mark * total


def exams_folder() -> Path:
    """Where exam files are read from: $RULESDOJO_EXAMS, else the shipped examples."""
    env = os.environ.get("RULESDOJO_EXAMS")
    return Path(env) if env else Path(__file__).with_name("exams")


def exam_files(folder) -> list[Path]:
    p = Path(folder)
    if p.is_dir():
        return sorted(x for x in p.iterdir() if x.suffix in (".yaml", ".yml") and x.is_file())
    return [p]


def load_exams(folder=None, bank: Bank | None = None) -> tuple[list[Exam], list[ExamError]]:
    """Read every exam in a folder; return the good ones and one error per bad file or repeated id."""
    bank = bank or load_bank()
    exams, problems, seen = [], [], {}
    for f in exam_files(exams_folder() if folder is None else folder):
        try:
            exam = Exam.from_file(f, bank)
            if exam.id in seen:
                raise ExamError(f"id {exam.id!r} is already used by {seen[exam.id]}", file=str(f),
                                place="id")
        except ExamError as exc:
            problems.append(exc)
            continue
        seen[exam.id] = str(f)
        exams.append(exam)
    return exams, problems


def lint_exams(path=None, out=None) -> int:
    """Check exam files (a folder or one file); print a line each; return 0 good, 1 problems, 2 none."""
    import sys
    out = out or sys.stdout
    target = exams_folder() if path is None else Path(path)
    if not target.exists():
        print(f"UNREADABLE {target}: no such file or folder", file=out)
        return 2
    files = exam_files(target)
    if not files:
        print(f"UNREADABLE {target}: no exam files (.yaml/.yml) in it", file=out)
        return 2
    exams, problems = load_exams(target)
    for exam in exams:
        print(f"OK {exam.source}: {exam.id} ({exam.size} questions)", file=out)
    for problem in problems:
        print(f"PROBLEM {problem}", file=out)
    print(f"{len(files)} exam files: {len(problems)} problem{'s' if len(problems) != 1 else ''}", file=out)
    return 1 if problems else 0
