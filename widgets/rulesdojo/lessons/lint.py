"""Check a lesson folder: every file reads, every solution reaches its goal, every check has one answer.

>>> report = lint_lessons(shipped_folder() / "01-what-energy-is.yaml")  # the whole folder: no argument
>>> report.ok, report.files, report.questions >= 3
(True, 1, True)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..quiz.lint import LintReport, Problem, files_to_lint, lint_question
from ..scenarios.scenario import Scenario
from ..state.lines import NODE_BOUND, RulesError, ScenarioError, solution_step
from ..views.text import SYMBOL
from . import reach
from .data import FILE_NAME, Check, LessonError, Task, lesson_files, load_lesson, shipped_folder, start_task

SHOWN = re.compile(r'show\((\d+), "([\w-]+)"\)')
PROSE = re.compile(r'prose\((\d+), "([\w-]+)"\)')


@dataclass
class LessonLintReport(LintReport):
    """What ``lint_lessons`` found: files, parts checked, one ``Problem`` per thing wrong, and the
    largest reachability search (positions tried, and where)."""

    largest_search: tuple = field(default=(0, ""))

    def summary(self) -> str:
        n = len(self.problems)
        nodes, where = self.largest_search
        return (f"{self.files} lesson files, {self.questions} tasks and checks played: "
                f"{n} problem{'s' if n != 1 else ''}; largest dead-end search: {nodes} positions "
                f"({where or 'none'}), bound {NODE_BOUND}")


def lint_lessons(path=None, cards=None) -> LessonLintReport:
    """Check every lesson file in a folder (default: the shipped lessons), or one file, its games played
    with ``cards`` (a kit's ``CardSet``; the shipped cards if not given)."""
    root = shipped_folder() if path is None else Path(path)
    report = LessonLintReport(str(root))
    files = files_to_lint(report, root, lambda r: lesson_files(r) if r.is_dir() else [r],
                          "lesson files (NN-slug.yaml)")
    if not files:
        return report
    numbers: dict[int, str] = {}
    for f in files:
        report.files += 1
        try:
            lesson = load_lesson(f, cards)
        except LessonError as exc:
            report.problems.append(Problem(exc.file or str(f), exc.place, exc.detail))
            continue
        except Exception as exc:  # never a traceback: say what broke
            report.problems.append(Problem(str(f), None, f"can't be read: {exc.__class__.__name__}: {exc}"))
            continue
        if lesson.number in numbers:
            report.problems.append(Problem(str(f), None, f"lesson number {lesson.number} is already "
                                           f"used by {numbers[lesson.number]}"))
        numbers[lesson.number] = str(f)
        for part in lesson.parts:
            report.questions += 1
            if isinstance(part, Task):
                searched: list = []
                report.problems += lint_task(part, str(f), searched)
                if searched and max(searched) > report.largest_search[0]:
                    report.largest_search = (max(searched), f"{f.name} task {part.key}")
            else:
                report.problems += lint_question(part.question) or lint_check(part, str(f))
        report.problems += _lint_notebook(f, [p.key for p in lesson.parts], list(lesson.prose))
    return report


def lint_task(task: Task, src: str, searched: list | None = None) -> list[Problem]:
    """Play a task's solution and its dead ends' examples; return what doesn't hold.

    From the start and after every step of the solution the engine's search must find the goal
    still reachable; from every dead end's example it must find it out of reach, within the bound.
    ``searched`` collects how many positions each search tried.
    """
    searched = [] if searched is None else searched
    scenario = Scenario.from_dict(task.scenario, source=src, card_set=task.cards)
    played = start_task(task)
    if task.reached(played):
        return [Problem(src, task.where("goal"), "the goal already holds before the learner does anything")]
    if task.dead_end(played):
        return [Problem(src, task.where("dead_ends"), "the starting position is already a dead end")]
    problem = _search(task, played, src, task.where("scenario"), True, searched)
    if problem:
        return [problem]
    for i, step in enumerate(task.solution):
        where = task.where("solution", i)
        try:
            problems = solution_step(step, scenario)(played.game)
        except RulesError as exc:
            return [Problem(src, where, f"the solution can't be played: {_said(exc)}")]
        if problems:
            return [Problem(src, where, "; ".join(p.split(": ", 1)[-1] for p in problems))]
        end = task.dead_end(played)
        if end is not None and not task.reached(played):
            return [Problem(src, where, f"the solution passes through a dead end: {end.say}")]
        problem = None if task.reached(played) else _search(task, played, src, where, True, searched)
        if problem:
            return [problem]
    if not task.reached(played):
        return [Problem(src, task.where("solution"), "the solution doesn't reach the goal: "
                        + "; ".join(played.holds(task.goal)))]
    out = []
    for j, end in enumerate(task.dead_ends):
        where = task.where("dead_ends", j)
        game = start_task(task)
        try:
            for step in end.example:
                solution_step(step, scenario)(game.game)
        except RulesError as exc:
            out.append(Problem(src, where, f"the example can't be played: {_said(exc)}"))
            continue
        if task.reached(game):
            out.append(Problem(src, where, "the example reaches the goal: it isn't a dead end"))
        elif task.dead_end(game) is not end:
            out.append(Problem(src, where, "the example doesn't reach this dead end: "
                               + "; ".join(game.holds(end.when))))
        else:
            out += filter(None, [_search(task, game, src, where, False, searched)])
    return out


def _search(task: Task, played, src: str, where: str, reachable: bool, searched: list) -> Problem | None:
    """Search from this position; return a problem if the goal's reach isn't as ``reachable`` says."""
    found = reach.search(task, played)
    searched.append(found.nodes)
    if found.reachable is None:
        return Problem(src, where, f"the search for the goal tried {NODE_BOUND} positions from here "
                       "without an answer: make the board smaller")
    if found.reachable != reachable:
        return Problem(src, where, "the engine finds no line from here that reaches the goal" if reachable
                       else "the engine finds a line from the example that reaches the goal: it isn't "
                       "a dead end")
    return None


def lint_check(check: Check, src: str) -> list[Problem]:
    """Play a check and compare the engine's answer with the one its file expects."""
    variant = check.variant()
    if not variant.plays_game:  # a policy check: its answer is written, not played
        return []
    verdict = variant.grade(check.expect)
    if verdict.correct:
        return []
    right = variant.solution().right_answer_text
    return [Problem(src, f"line {check.line}, check {check.key}.expect" if check.line else f"check {check.key}",
                    f"the file expects {check.expect!r}, but the engine's answer is {right!r}: make the "
                    "prompt, the question asked and 'expect' agree")]


def _said(exc: RulesError) -> str:
    return exc.detail if isinstance(exc, ScenarioError) else str(exc)


def _lint_notebook(lesson_file: Path, keys: list[str], passages: list[str]) -> list[Problem]:
    m = FILE_NAME.match(lesson_file.name)
    if m is None:  # load_lesson has refused the file for its name already
        return []
    notebook = lesson_file.with_name(f"{m[1]}-{m[2]}.ipynb")
    if not notebook.exists():
        return [Problem(str(lesson_file), None, f"no notebook {notebook.name} beside it")]
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError) as exc:
        return [Problem(str(notebook), None, f"can't be read as a notebook: {exc}")]
    code = ["".join(c.get("source", "")) for c in cells if c.get("cell_type") == "code"]
    problems = [_in_order(notebook, SHOWN, code, int(m[1]), keys, "show", "parts"),
                _in_order(notebook, PROSE, code, int(m[1]), passages, "prose", "prose passages")]
    for i, c in enumerate(cells, 1):
        found = SYMBOL.search("".join(c.get("source", ""))) if c.get("cell_type") == "markdown" else None
        if found:
            problems.append(Problem(str(notebook), f"cell {i}", f"a Markdown cell shows {found[0]} as it is "
                                    "written: put prose with symbols in the lesson file's prose: and show it "
                                    "with a prose(N, \"name\") cell, which draws them"))
    return [p for p in problems if p]


def _in_order(notebook: Path, call: re.Pattern, code: list[str], number: int, keys: list[str], name: str,
              what: str) -> Problem | None:
    shown = [(int(n), k) for src in code for n, k in call.findall(src)]
    want = [(number, k) for k in keys]
    if shown == want:
        return None
    missing = [k for n, k in want if (n, k) not in shown]
    return Problem(str(notebook), None, f"its {name}(...) cells don't match the lesson's {what} in order"
                   + (f" (missing: {', '.join(missing)})" if missing else ""))
