"""Check a question bank: every file parses, every variant plays and has exactly one answer.

>>> report = lint_bank()
>>> report.ok, report.questions >= 40
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..rules.errors import RulesError, ScenarioError
from . import params as pm
from .model import Question, QuestionError, _scenario_place, question_files
from .tagrules import unmet

SAMPLE = 48  # at most this many variants are played per question (all of them when fewer)


@dataclass
class Problem:
    file: str
    place: str | None
    message: str

    def __str__(self) -> str:
        return ": ".join(x for x in (self.file, self.place, self.message) if x)


@dataclass
class LintReport:
    """What ``lint_bank`` found: counts and one ``Problem`` per thing wrong."""

    path: str
    files: int = 0
    questions: int = 0
    variants: int = 0
    problems: list = field(default_factory=list)
    unreadable: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems and not self.unreadable

    @property
    def exit_code(self) -> int:
        return 2 if self.unreadable else (1 if self.problems else 0)

    def summary(self) -> str:
        n = len(self.problems)
        return (f"{self.files} files, {self.questions} questions, {self.variants} variants checked: "
                f"{n} problem{'s' if n != 1 else ''}")


def sample_values(q: Question) -> list[dict]:
    """Return the variants lint plays: all of them, or a fixed spread when there are many."""
    vals = q.all_values()
    if len(vals) <= SAMPLE:
        return vals
    step = len(vals) / SAMPLE
    return [vals[int(i * step)] for i in range(SAMPLE - 1)] + [vals[-1]]


def lint_bank(path=None, cards=None) -> LintReport:
    """Check every question file in a folder (default: the shipped bank) or one file, its games played
    with ``cards`` (a kit's ``CardSet``; the shipped cards if not given)."""
    from .model import shipped_bank_path
    root = shipped_bank_path() if path is None else Path(path)
    report = LintReport(str(root))
    files = files_to_lint(report, root, question_files, "question files (.yaml/.yml)")
    if not files:
        return report
    seen: dict[str, str] = {}
    for f in files:
        report.files += 1
        try:
            q = Question.from_file(f, cards)
        except QuestionError as exc:
            report.problems.append(Problem(exc.file or str(f), exc.place, exc.detail))
            continue
        except Exception as exc:  # never a traceback: say what broke
            report.problems.append(Problem(str(f), None, f"can't be read: {exc.__class__.__name__}: {exc}"))
            continue
        if q.id in seen:
            line = getattr(q.data, "line", 0)
            report.problems.append(Problem(str(f), f"line {line}, id" if line else "id",
                                           f"id {q.id!r} is already used by {seen[q.id]}"))
            continue
        seen[q.id] = str(f)
        report.questions += 1
        report.problems += lint_question(q, report, bank=True)
    return report


def files_to_lint(report: LintReport, root: Path, find, what: str) -> list[Path]:
    """Return the files under ``root`` (``find(root)``); none, with the report marked unreadable,
    when the path is missing or holds no ``what``."""
    files = find(root) if root.exists() else []
    if not files:
        report.unreadable = True
        report.problems.append(Problem(str(root), None, f"no {what} in it" if root.exists()
                                       else "no such file or folder"))
    return files


def lint_question(q: Question, report: LintReport | None = None, bank: bool = False) -> list[Problem]:
    """Play the question's variants and check each has exactly one right answer; for a bank
    question (``bank``), also that its ruling tags are what it turns on and an order has 3 options."""
    problems: list[Problem] = []
    src = q.source_file
    reported: set[str] = set()

    def add(place, msg, values, once_per_place=False):
        key = f"{place}|" if once_per_place else f"{place}|{msg}"
        if key in reported:
            return
        reported.add(key)
        where = ", ".join(f"{k}={v!r}" for k, v in values.items())
        problems.append(Problem(src, place, f"{msg}" + (f" (variant {where})" if where else "")))

    unused = {p.name for p in q.params} - pm.names_in(
        {k: v for k, v in q.data.items() if k != "params"})
    if unused:
        add("params", f"parameter {sorted(unused)[0]!r} is declared but never used", {})
    for values in sample_values(q):
        if report is not None:
            report.variants += 1
        try:
            q.check_shape(values)
            v = q.variant(seed=None, values=values)
        except ScenarioError as exc:
            place = exc.place
            if place and "scenario" not in place and "then[" not in place and exc.file == src:
                place = _scenario_place(place)
            add(place, exc.detail, values, once_per_place=True)
            continue
        except RulesError as exc:
            add(_place(q, q.rules_error_at), str(exc), values)
            continue
        except Exception as exc:  # never a traceback
            add(None, f"{exc.__class__.__name__}: {exc}", values)
            continue
        try:
            found = q.variant_problems(v)
        except Exception as exc:  # never a traceback
            add(_place(q, q.unsolvable_at), f"{exc.__class__.__name__}: {exc}", values)
            continue
        for key, msg in found:
            add(_place(q, key), msg, values)
        lead = v.solution()
        if pm.PLACEHOLDER.search(lead.explanation.splitlines()[0]):
            add(_place(q, "explanation_lead"), "the lead still has an unfilled placeholder", values)
        for tag in q.tags.get("rulings", []) if bank else ():
            why = unmet(q, v, tag)
            if why:  # a ruling tag says what the question drills (docs/questions.md)
                add(_place(q, "tags"), why, values)
        for key, msg in q.bank_problems(v) if bank else ():
            add(_place(q, key), msg, values)
    return problems


def _place(q: Question, key: str) -> str:
    return q.where(key, q.data.get(key))
