"""Lessons as data: one YAML file beside each lesson notebook, read and checked here.

A lesson file ``NN-slug.yaml`` sits beside ``NN-slug.ipynb``. Its parts are tasks (a live board
with a ``goal:``, ``dead_ends:``, ``hints:`` and a ``solution:``) and checks (quiz questions:
``scenario``, ``ask`` or ``options`` with ``holds``, ``explanation_lead``, plus ``hint:``). The
format is in docs/lessons.md.

>>> lesson = load_lesson(shipped_folder() / "01-what-energy-is.yaml")
>>> lesson.number, lesson.notebook, [p.key for p in lesson.tasks][:1]
(1, '01-what-energy-is.ipynb', ['get-and-pay'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Dict, List, Literal, Optional

from pydantic import Field, StrictStr, StringConstraints, field_validator

from ..quiz.kinds import kind_class
from ..quiz.model import Question, QuestionError
from ..quiz.play import Played, play
from ..scenarios.expect import validate_expect
from ..scenarios.scenario import RULINGS, Scenario, check_action, place_of
from ..scenarios.schema import Format, Says, Text, check, says
from ..scenarios.yamlsource import Located, LocatedList, check_names, key_line, line_of, load_file
from ..state.lines import ScenarioError
from .outline import FILE_NAME, current_folder, lesson_files, shipped_folder

if TYPE_CHECKING:  # a kit's cards, passed through to the scenarios (lessons ask the engine nothing)
    from ..scenarios.cardfile import CardSet

DEAD_END_KEYS = {"when", "say", "example"}
#: Author prose; every other text in a lesson file (players, cards, views, keys) is a name.
PROSE_KEYS = {"title", "summary", "recap", "prose", "instructions", "done", "say", "hints", "hint", "prompt", "explanation", "why",
              "explanation_lead", "note", "source", "text", "answer"}
VIEWS = ("board", "stack", "order", "payment", "choices", "log", "turn", "steps", "energy")
#: Steps a solution may take beyond scenario actions: lesson 1's practice counter.
PRACTICE_VERBS = ("get_energy", "pay_energy")


class LessonError(ScenarioError):
    """Report a malformed lesson file: the file, the line and place, and what is wrong."""


@dataclass
class DeadEnd:
    """A position from which the task's goal can't be reached, and why, in the learner's words."""

    when: dict
    say: str
    example: list
    positions: list | None = field(default=None, repr=False, compare=False)  # reach.example_positions's


@dataclass
class Task:
    """Something the learner does on a live board until the goal holds."""

    key: str
    title: str
    instructions: str
    scenario: dict
    goal: dict
    solution: list
    done: str
    rule: str
    hints: list = field(default_factory=list)
    dead_ends: list = field(default_factory=list)
    views: tuple = ("board", "stack", "order", "payment", "choices", "log")
    key_lines: dict = field(default_factory=dict)
    whys: list = field(default_factory=list)  # why each solution step is played ("" if not said)
    cards: CardSet | None = field(default=None, repr=False, compare=False)  # a kit's cards, if given
    worked: object = field(default=None, init=False, repr=False, compare=False)  # reach.worked_line's

    def game_scenario(self) -> Scenario:
        """The task's scenario, played with the cards its lesson was read with (else the shipped ones)."""
        return Scenario.from_dict(self.scenario, source=self.key, card_set=self.cards)

    def where(self, key: str = "", i: int | None = None) -> str:
        """Name a place in the task for a message: its key's line, or a list item's own line."""
        items = {"solution": self.solution, "dead_ends": self.dead_ends}.get(key)
        line = (getattr(items, "lines", None) or [0] * (i + 1))[i] if i is not None and items else 0
        line = line or self.key_lines.get(key) or self.key_lines.get("task", 0)
        place = f"task {self.key}" + (f".{key}" if key else "") + (f"[{i + 1}]" if i is not None else "")
        return f"line {line}, {place}" if line else place

    def reached(self, played: Played) -> bool:
        """Say whether the goal holds in this position."""
        return not played.holds(self.goal)

    def dead_end(self, played: Played) -> DeadEnd | None:
        """Return the dead end this position is in, if any (the goal is no longer reachable)."""
        return next((d for d in self.dead_ends if not played.holds(d.when)), None)


@dataclass
class Check:
    """A question the engine answers, asked as a quiz question is, with a hint for a wrong try."""

    key: str
    question: Question
    hint: str
    rule: str
    hints: dict = field(default_factory=dict)  # a wrong answer's text -> the hint aimed at it
    board: bool = True
    line: int = 0
    expect: str = ""  # the answer the author expects a learner to give, in the prompt's terms

    @property
    def rulings(self) -> tuple[str, ...]:
        """Return the rulings the check asks about."""
        return tuple(self.question.tags.get("rulings", []))

    def variant(self):
        """Play the check's scenario and return the graded variant (the answer stays inside)."""
        return self.question.variant(seed=0)

    def hint_for(self, answer_text: str) -> str:
        return self.hints.get(str(answer_text).strip().lower(), self.hint)


@dataclass
class Lesson:
    number: int
    slug: str
    title: str
    summary: str
    rulings: list
    parts: list
    source: str = ""
    recap: str = ""  # the closing summary, shown once the checks are answered
    prose: dict = field(default_factory=dict)  # the lesson's teaching prose, by passage name

    def passage(self, key: str) -> str:
        """Return a passage of the lesson's prose (the file's ``prose:``) by its name."""
        if key not in self.prose:
            raise KeyError(f"lesson {self.number} has no prose {key!r}; prose: {list(self.prose)}")
        return self.prose[key]

    @property
    def notebook(self) -> str:
        return f"{self.number:02d}-{self.slug}.ipynb"

    @property
    def tasks(self) -> list[Task]:
        return [p for p in self.parts if isinstance(p, Task)]

    @property
    def checks(self) -> list[Check]:
        return [p for p in self.parts if isinstance(p, Check)]

    def part(self, key: str):
        for p in self.parts:
            if p.key == key:
                return p
        raise KeyError(f"lesson {self.number} has no part {key!r}; parts: {[p.key for p in self.parts]}")


def load_lessons(folder=None, cards: CardSet | None = None) -> dict[int, Lesson]:
    """Read every lesson file of a folder (default: the one the notebook runs in, else the shipped one);
    ``cards``: the kit's cards its games are played with (the shipped ones if not given)."""
    folder = Path(folder) if folder is not None else current_folder()
    lessons = [load_lesson(f, cards) for f in lesson_files(folder)]
    return {lesson.number: lesson for lesson in lessons}


def load_lesson(path, cards: CardSet | None = None) -> Lesson:
    """Read and check one lesson file; raise ``LessonError`` naming the file, line and problem.
    ``cards`` as ``load_lessons``'s."""
    path = Path(path)
    src = str(path)
    m = FILE_NAME.match(path.name)
    if not m:
        raise LessonError("a lesson file is named NN-slug.yaml (two digits, then lower-case words)",
                          file=src)
    data, _text = load_file(path, LessonError)
    if not isinstance(data, dict):
        raise LessonError("a lesson is a mapping with title, summary, rulings and parts", file=src,
                          place="top level")
    check_names(data, LessonError, src, skip=PROSE_KEYS)
    form = check(LessonFormat, data, lambda msg, path: _bad(msg, src, data, path, "top level"))
    parts = _parts(data["parts"], src, cards)
    return Lesson(int(m[1]), m[2], data["title"], data["summary"], list(form.rulings), parts, src, form.recap,
                  dict(form.prose or {}))


def _parts(parts: list, src: str, cards: CardSet | None) -> list:
    out, seen = [], set()
    for i, p in enumerate(parts):
        where = place_of(parts, i, p).replace("actions[", "parts[")
        if not isinstance(p, dict) or ("task" in p) == ("check" in p):
            raise LessonError("each part starts with 'task: key' or 'check: key'", file=src, place=where)
        part = _task(p, src, where, cards) if "task" in p else _check(p, src, where, cards)
        if part.key in seen:
            raise LessonError(f"two parts are called {part.key!r}", file=src, place=where)
        seen.add(part.key)
        out.append(part)
    return out


# --- tasks ---------------------------------------------------------------------------------

def _task(p: dict, src: str, where: str, cards: CardSet | None) -> Task:
    form = check(TaskFormat, p, lambda msg, path: _bad(msg, src, p, path, where, "task"))
    scenario = _scenario(p.get("scenario"), form.task, src, _at(p, "scenario", where), cards)
    validate_expect(p["goal"], src, _at(p, "goal", where))
    whys = _whys(p.get("solution"), src, _at(p, "solution", where))
    solution = _actions(p.get("solution"), "solution", src, _at(p, "solution", where))
    return Task(form.task, p["title"], p["instructions"], scenario, p["goal"], solution, p["done"],
                p["rule"], list(p.get("hints") or []), _dead_ends(p, src, where), form.views,
                dict(getattr(p, "key_lines", {})), whys, cards)


def _dead_ends(p: dict, src: str, where: str) -> LocatedList:
    ends = LocatedList()
    ends.lines = list(getattr(p.get("dead_ends"), "lines", None) or [])
    for j, d in enumerate(p.get("dead_ends") or []):
        at = f"{_at(p, 'dead_ends', where)}[{j + 1}]"
        if not isinstance(d, dict) or set(d) != DEAD_END_KEYS:
            raise LessonError("a dead end has 'when' (what holds there), 'say' (why the goal is out of "
                              "reach, in the learner's words) and 'example' (actions that reach it)",
                              file=src, place=f"line {line_of(d)}, {at.split(', ')[-1]}" if line_of(d) else at)
        validate_expect(d["when"], src, at)
        ends.append(DeadEnd(d["when"], str(d["say"]), _actions(d["example"], "example", src, at)))
    return ends


def _scenario(scn, key: str, src: str, where: str, cards: CardSet | None) -> dict:
    if not isinstance(scn, dict) or "setup" not in scn or set(scn) - {"setup", "actions"}:
        raise LessonError("'scenario' is a mapping with 'setup' (and, if any, 'actions')", file=src,
                          place=where)
    body = Located({"name": key, **scn})
    body.line, body.key_lines = line_of(scn), getattr(scn, "key_lines", {})
    try:
        Scenario.from_dict(body, source=src, card_set=cards)
    except ScenarioError as exc:
        raise LessonError(exc.detail, file=src, place=exc.place or where, rule=exc.rule)
    return body


def _whys(acts, src: str, where: str) -> list[str]:
    """Take each solution step's ``why:`` (the reason Show me the next move gives) out of the step."""
    out = []
    for i, a in enumerate(acts if isinstance(acts, list) else []):
        why = a.pop("why", "") if isinstance(a, dict) else ""
        if not isinstance(why, str):
            raise LessonError("'why' is a sentence: why this step is played", file=src,
                              place=place_of(acts, i, a).replace("actions[", "solution["))
        out.append(why)
    return out


def _actions(acts, what: str, src: str, where: str) -> list:
    if not isinstance(acts, list) or not acts:
        raise LessonError(f"'{what}' is a list of actions, as in a scenario", file=src, place=where)
    for i, a in enumerate(acts):
        if isinstance(a, dict) and len(a) == 1 and next(iter(a)) in PRACTICE_VERBS:
            n = next(iter(a.values()))
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise LessonError(f"'{next(iter(a))}' takes a whole number of 1 or more", file=src,
                                  place=place_of(acts, i, a).replace("actions[", f"{what}["))
            continue
        check_action(a, src, place_of(acts, i, a).replace("actions[", f"{what}["))
    return acts


# --- checks --------------------------------------------------------------------------------

def _check(p: dict, src: str, where: str, cards: CardSet | None) -> Check:
    form = check(CheckFormat, p, lambda msg, path: _bad(msg, src, p, path, where, "check"))
    kind = "policy" if "answer" in p else "outcome" if "ask" in p else "choice"
    expect = _expected(p, kind, src, where)
    options, hints = _options(p, kind)
    for answer, hint in (p.get("hints") or {}).items():
        hints[str(answer).strip().lower()] = str(hint)
    q = Located({"id": form.check, "kind": kind,
                 # A check's own list: the lesson's would tag it with rulings it never asks.
                 "tags": {"rulings": list(form.rulings)},
                 "difficulty": 1, "level": "L1", "complexity": 1,
                 **{k: v for k, v in p.items() if k in QUESTION_KEYS}})
    if options is not None:
        q["options"] = options
    q.line, q.key_lines = line_of(p), getattr(p, "key_lines", {})
    try:
        question = Question.from_dict(q, source=src, cards=cards)
    except QuestionError as exc:
        raise LessonError(exc.detail, file=src, place=exc.place or where, rule=exc.rule)
    return Check(form.check, question, p["hint"], p["rule"], hints, bool(p.get("board", True)), line_of(p),
                 expect)


def _expected(p: dict, kind: str, src: str, where: str) -> str:
    """Return the answer the check expects a learner to give (a policy check's is its ``answer``)."""
    expect = p.get("expect") if kind_class(kind).plays_game else p.get("answer")  # no game: it is written
    if expect is None or isinstance(expect, (dict, list)) or not str(expect).strip():
        raise LessonError("a check needs 'expect': the answer you expect a learner to give to the prompt "
                          "(a number, yes/no, or an option's text), so lint can compare it with the engine's",
                          file=src, place=_at(p, "expect", where))
    return str(expect).strip()


def _options(p: dict, kind: str):
    """Return the check's options as a question has them, and the hints written on them, by answer."""
    options = p.get("options")
    hints: dict[str, str] = {}
    if not isinstance(options, list):
        return options, hints
    plain = []
    for o in options:
        if isinstance(o, dict) and "hint" in o:
            hints[str(o["text"]).strip().lower()] = str(o["hint"])
            o = Located({k: v for k, v in o.items() if k != "hint"}, )
        written = not kind_class(kind).plays_game  # a policy check's options are plain text
        plain.append(o["text"] if written and isinstance(o, dict) and set(o) == {"text"} else o)
    out = type(options)(plain)
    out.lines = getattr(options, "lines", [])  # type: ignore[attr-defined]  # a Located list keeps its lines
    return out, hints


# --- the format ----------------------------------------------------------------------------

ALLOWED_HERE = "unknown key {key!r}; allowed here: {allowed}"
PartKey = Annotated[str, StringConstraints(strict=True, pattern=r"^[a-z0-9-]+$")]
#: What a check passes on to its question as written.
QUESTION_KEYS = ("prompt", "scenario", "ask", "answer", "source", "explanation", "explanation_lead", "note",
                 "shuffle")


class LessonFormat(Format):
    """A lesson file's top level (``docs/lessons.md``)."""

    unknown, sort_allowed = ALLOWED_HERE, True

    title: Text = says("'title' is required text", or_missing=True)
    summary: Text = says("'summary' is required text", or_missing=True)
    rulings: List[Literal[tuple(sorted(RULINGS))]] = says(  # type: ignore[valid-type]
        "'rulings' lists the rulings the lesson teaches (E1-E9, L1-L3)", or_missing=True, min_length=1)
    parts: List[Any] = says("'parts' lists the lesson's tasks and checks", or_missing=True, min_length=1)
    recap: StrictStr = says(
        "'recap' is text: the lesson's closing summary, a line per point starting with \"- \"", "")
    prose: Optional[Dict[PartKey, Text]] = says(
        "'prose' names each passage of the lesson's teaching prose (lower-case words joined by '-') and "
        "gives its text, shown by a prose(N, \"name\") cell", None)


class TaskFormat(Format):
    """A task: a live board with a goal, its dead ends, hints and solution."""

    unknown, sort_allowed = ALLOWED_HERE, True

    task: PartKey = says("'task' is the part's key: lower-case words joined by '-', not {value!r}")
    title: Text = says("a task needs 'title' (text)", or_missing=True)
    instructions: Text = says("a task needs 'instructions' (text)", or_missing=True)
    done: Text = says("a task needs 'done' (text)", or_missing=True)
    rule: Text = says("a task needs 'rule' (text)", or_missing=True)
    scenario: Any = None
    goal: Any = Field(None, validate_default=True)  # checked when missing too
    solution: Any = None
    hints: Optional[List[Text]] = says("'hints' is a list of sentences, most general first", None)
    dead_ends: Any = None
    views: Any = Field(None, validate_default=True)

    @field_validator("hints", mode="before")
    @classmethod
    def _or_none(cls, value):
        return value or None  # an empty list, mapping or text reads as leaving the key out

    @field_validator("goal")
    @classmethod
    def _a_goal(cls, goal):
        if not isinstance(goal, dict) or not goal:
            raise Says("a task needs 'goal': what must hold, as a scenario's expect")
        return goal

    @field_validator("views", mode="before")
    @classmethod
    def _panels(cls, views):
        views = views or list(Task.views)
        if not isinstance(views, list) or any(str(v).partition(":")[0] not in VIEWS for v in views):
            raise Says(f"'views' lists panels from: {', '.join(VIEWS)} (energy:Player for one player's counter)")
        return tuple(map(str, views))


class CheckFormat(Format):
    """A check: a quiz question inside a lesson, with a hint for a wrong try."""

    unknown, sort_allowed = ALLOWED_HERE, True

    check: PartKey = says("'check' is the part's key: lower-case words joined by '-', not {value!r}")
    hint: Text = says("a check needs 'hint' (text): what to think about after a wrong try, without "
                      "giving the answer", or_missing=True)
    rule: Text = says("a check needs 'rule' (text): the rule it turns on, e.g. \"118.3\" or \"MTR 4.1\"",
                      or_missing=True)
    prompt: Any = None
    scenario: Any = None
    ask: Any = None
    options: Any = None
    answer: Any = None
    expect: Any = None
    source: Any = None
    explanation: Any = None
    explanation_lead: Any = None
    note: Any = None
    hints: Any = None
    board: Any = None
    rulings: List[Literal[tuple(sorted(RULINGS))]] = says(  # type: ignore[valid-type]
        "a check needs 'rulings': the rulings it asks about (E1-E9, L1-L3), or [] for a rule beyond "
        "the card rulings; it doesn't take its lesson's list", or_missing=True)
    shuffle: Any = None


# --- helpers -------------------------------------------------------------------------------

def _bad(msg: str, src: str, d: dict, path: tuple, where: str, key_field: str = ""):
    """Raise a ``LessonError`` at the key ``path`` starts with (a part's own key: the part's place)."""
    place = where if not path or path[0] == key_field else _at(d, path[0], where)
    raise LessonError(msg, file=src, place=place)


def _at(d, key, where: str = "top level") -> str:
    line = key_line(d, key)
    place = where.split(", ", 1)[1] if where.startswith("line ") else where
    place = key if place == "top level" else f"{place}.{key}"
    return f"line {line}, {place}" if line else place


def start_task(task: Task) -> Played:
    """Set up a task's starting position, its scenario actions played."""
    return play(task.game_scenario())
