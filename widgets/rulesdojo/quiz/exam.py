"""Exams as mentors define them: one YAML file each (format in ``docs/exams.md``). No UI here.

An exam names its questions (ids, or tags, levels and complexity to draw from, with a count per
tag), its time limit, how many attempts a candidate has, when it is open, when answers and
explanations are shown, and the pass mark. The candidate picks an open exam and sets nothing.

>>> exam = Exam.from_dict({"id": "demo", "title": "Demo", "questions": {"tags": ["E2"], "count": 2}})
>>> len(exam.draw(load_bank(), seed=1)), exam.show_answers, exam.attempts
(2, 'after-submit', 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Dict, List, Literal, Optional, Union

from pydantic import (Field, StrictFloat, StrictInt, StrictStr, ValidationInfo, field_validator,
                      model_validator)

from ..rules.errors import ScenarioError
from ..scenarios.carddata import KEY as CARD_DATA
from ..scenarios.scenario import RULINGS
from ..scenarios.schema import Format, Says, Whole, check, says
from ..scenarios.yamlsource import check_names, key_line, line_of, load_file
from .model import LEVELS, Bank, Question, load_bank

SHOW = ("after-each", "after-submit", "after-close")
Percent = Annotated[int, Field(strict=True, ge=0, le=100)]


class ExamError(ScenarioError):
    """Report a malformed exam file: the file, the line and what is wrong."""


def _timestamp(value, place: str):
    """Read a date and time (UTC unless the file says otherwise) as a timestamp."""
    if value is None:
        return None
    if not isinstance(value, datetime):
        try:
            value = datetime.fromisoformat(str(value))
        except ValueError:
            raise Says(f"'{place}' is a date and time such as 2026-12-01T18:00:00Z, not {value!r}")
    return (value if value.tzinfo else value.replace(tzinfo=timezone.utc)).timestamp()


Level = Literal[LEVELS]  # type: ignore[valid-type]


class ExamQuestions(Format):
    """The ``questions`` mapping: which questions an attempt draws."""

    ids: List[StrictStr] = says("{value!r} is not a question id", [], not_a_list="'ids' is a list")
    tags: List[StrictStr] = says("{value!r} is not a tag", [], not_a_list="'tags' is a list")
    levels: List[Level] = says(f"{{value!r}} is not a level ({', '.join(LEVELS)})", [],
                              not_a_list="'levels' is a list")
    complexity: List[Literal[1, 2, 3]] = says("{value!r} is not a complexity (1, 2 or 3)", [],
                                               not_a_list="'complexity' is a list")
    count: Optional[Whole] = says("'count' is a whole number of questions over 0, not {value!r}", None)
    per_tag: Dict[StrictStr, Whole] = says(
        "'per_tag' maps a tag to how many of its questions to draw (a whole number over 0)", {})

    @model_validator(mode="after")
    def _named_or_counted(self):
        if not self.ids and self.count is None:
            raise Says("name the questions ('ids') or say how many to draw ('count')")
        return self


class ExamFormat(Format):
    """An exam file, key by key (``docs/exams.md``)."""

    id: StrictStr = says("'id' is a word without spaces or slashes, not {value!r}", pattern=r"^[^\s/\\]+$")
    title: StrictStr = says("'title' is text", pattern=r"\S")
    description: StrictStr = says("'description' is text", "", pattern=r"\S")
    questions: ExamQuestions = says("'questions' is a mapping: ids, tags, levels, complexity, count, per_tag")
    time_limit: Optional[Union[StrictInt, StrictFloat]] = says(
        "'time_limit' is minutes (over 0, at most 600), not {value!r}", None)
    attempts: Whole = says("'attempts' is how many attempts a candidate has (1 or more), not {value!r}", 1)
    opens: Optional[float] = None
    closes: Optional[float] = None
    show_answers: Literal[SHOW] = says(  # type: ignore[valid-type]
        f"'show_answers' is one of {', '.join(SHOW)}, not {{value!r}}", "after-submit")
    pass_mark: Optional[Percent] = says(
        "'pass_mark' is a percentage from 0 to 100, not {value!r}", None)

    @field_validator("time_limit")
    @classmethod
    def _minutes(cls, limit):
        if limit is not None and not 0 < limit <= 600:
            raise Says(f"'time_limit' is minutes (over 0, at most 600), not {limit!r}")
        return limit

    @field_validator("opens", "closes", mode="before")
    @classmethod
    def _when(cls, value, info: ValidationInfo):
        return _timestamp(value, str(info.field_name))

    @field_validator("closes")
    @classmethod
    def _after_opening(cls, closes, info: ValidationInfo):
        opens = info.data.get("opens")
        if closes is not None and opens is not None and closes <= opens:
            raise Says("'closes' must come after 'opens'")
        return closes

    @field_validator("show_answers")
    @classmethod
    def _closing_time(cls, show, info: ValidationInfo):
        if show == "after-close" and info.data.get("closes") is None:
            raise Says("'show_answers: after-close' needs a 'closes' time")
        return show


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
        def bad(msg, path=()):
            path = tuple(path)
            obj = data["questions"] if path[:1] == ("questions",) and len(path) > 1 else data
            key = path[-1] if path else None
            line = key_line(obj, key) if key is not None else line_of(obj)
            place = ".".join(map(str, path)) or "top level"
            raise ExamError(msg, file=source, place=f"line {line}, {place}" if line else place)

        if not isinstance(data, dict):
            raise ExamError("an exam is a mapping with id, title, questions, ...", file=source,
                            place="top level")
        if CARD_DATA in data:  # an exam plays no game of its own: its questions' files hold their cards
            bad(f"an exam names questions from the bank and plays no game itself, so it defines no cards: "
                f"put '{CARD_DATA}' in the file of the question that uses them (docs/questions.md)",
                (CARD_DATA,))
        check_names(data, ExamError, source, skip={"title", "description"})
        form = check(ExamFormat, data, bad)
        qs = form.questions
        exam = cls(form.id, form.title.strip(), form.description.strip(), tuple(qs.ids), tuple(qs.tags),
                   tuple(qs.levels), tuple(qs.complexity), qs.count, dict(qs.per_tag),
                   form.time_limit * 60 if form.time_limit else None, form.attempts, form.opens,
                   form.closes, form.show_answers, form.pass_mark, source)
        if bank is not None:
            exam._check_against(bank, bad)
        return exam

    def _check_against(self, bank: Bank, bad) -> None:
        """Check the bank holds what the exam draws: its ids, enough per tag, and every tag it names."""
        missing = [i for i in self.ids if i not in bank]
        if missing:
            bad(f"no question {missing[0]!r} in the bank", ("questions", "ids"))
        pool = self.pool(bank)
        for tag, n in self.per_tag.items():
            have = sum(1 for q in pool if q.has_tag(tag))
            if have < n:
                bad(f"per_tag asks for {n} questions tagged {tag!r}; the bank has {have} that match",
                    ("questions", "per_tag"))
        matching = len(set(self.ids) | {q.id for q in pool})
        if matching < self.size:
            bad(f"'count' is {self.size}, but only {matching} questions match", ("questions", "count"))
        self._check_tags(bank, bad)

    def _check_tags(self, bank: Bank, bad) -> None:
        """Check each tag the exam names is a ruling's or some question's in the bank."""
        for tag in (*self.tags, *self.per_tag):
            if str(tag).upper() not in RULINGS and not any(q.has_tag(tag) for q in bank):
                bad(f"no question in the bank is tagged {tag!r}",
                    ("questions", "tags" if tag in self.tags else "per_tag"))

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
        return self.show_answers != "after-close" or (self.closes is not None and now >= self.closes)

    def passed(self, right: int, total: int) -> bool | None:
        """Say whether a score passes (None when the exam has no pass mark)."""
        if self.pass_mark is None:
            return None
        return total > 0 and right * 100 >= self.pass_mark * total


def exams_folder() -> Path:
    """The shipped examples' folder, where exam files are read from unless a ``Kit`` names another."""
    return Path(__file__).with_name("exams")


def exam_files(folder) -> list[Path]:
    p = Path(folder)
    if p.is_dir():
        return sorted(x for x in p.iterdir() if x.suffix in (".yaml", ".yml") and x.is_file())
    return [p]


def load_exams(folder=None, bank: Bank | None = None) -> tuple[list[Exam], list[ExamError]]:
    """Read every exam in a folder; return the good ones and one error per bad file or repeated id."""
    bank = bank or load_bank()
    exams, problems, seen = [], [], dict[str, str]()
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
    print(f"{len(files)} exam file{'s' if len(files) != 1 else ''}: {len(problems)} problem"
          f"{'s' if len(problems) != 1 else ''}", file=out)
    return 1 if problems else 0
