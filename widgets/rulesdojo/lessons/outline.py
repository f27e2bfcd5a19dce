"""What the course map shows of each lesson, read without the engine: its number, title and summary,
and its parts (a task's title, the rulings a check asks about).

The course map is a learner's first page. Reading a lesson in full (``data``) plays every scenario
through the engine and checks every question: in the browser, most of a second before the map is
drawn. A lesson file that an outline can't be read from is read in full, which says what is wrong.

>>> one = outlines()[1]
>>> one.notebook, one.parts[0].key, one.parts[0].title, one.checks[0].rulings
('01-what-energy-is.ipynb', 'get-and-pay', 'Get two, pay five', ('E4',))
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from ..scenarios.yamlsource import load_file
from ..shipped import lessons_folder

FILE_NAME = re.compile(r"(\d\d)-([a-z0-9-]+)\.ya?ml$")
#: rulings a text names: "Energy ruling 4", "Landfall rulings 1 and 2", "Energy rulings 1, 2 or 4"
NAMED_RULINGS = re.compile(r"\b(Energy|Landfall) rulings? (\d(?:(?:,? and |,? or |, )\d)*)")


@dataclass(frozen=True)
class PartOutline:
    """A part of a lesson as the course map names it."""

    key: str
    kind: str  # "task" or "check"
    title: str = ""  # a task's; a check has none
    rulings: tuple[str, ...] = ()  # the rulings a check asks about (``named_rulings``); a task's are its lesson's


@dataclass(frozen=True)
class Outline:
    """A lesson as the course map shows it."""

    number: int
    slug: str
    title: str
    summary: str
    rulings: tuple[str, ...]
    parts: tuple[PartOutline, ...]

    @property
    def notebook(self) -> str:
        return f"{self.number:02d}-{self.slug}.ipynb"

    @property
    def checks(self) -> list[PartOutline]:
        return [p for p in self.parts if p.kind == "check"]


def shipped_folder() -> Path:
    return lessons_folder()


def lesson_files(folder) -> list[Path]:
    """Return the lesson files of a folder (``NN-slug.yaml``), in lesson order."""
    return sorted(p for p in Path(folder).iterdir() if p.is_file() and FILE_NAME.match(p.name))


def current_folder() -> Path:
    """The folder of the running notebook when it holds lessons (a mentor's), else the shipped lessons.

    On the practice site the lessons are the wheel's (its build puts the site's own there): its
    pages' folder is a file drive whose every read is a request through the service worker.
    """
    if sys.platform == "emscripten":
        return shipped_folder()
    here = Path.cwd()
    return here if any(FILE_NAME.match(p.name) for p in here.glob("[0-9][0-9]-*.y*ml")) else shipped_folder()


def lesson_id(lesson) -> str:
    """Return the name a learner's progress in a lesson (or its outline) is kept under.

    >>> lesson_id(outlines()[1])
    '01-what-energy-is'
    """
    return lesson.notebook.removesuffix(".ipynb")


def unmastered(lesson, done: dict) -> dict[str, list]:
    """Return, per ruling whose checks a learner missed (answered wrong on the first try, or after
    "Show me"), the checks of a lesson (or its outline) they missed on it, in the lesson's order.

    A ruling that a check answered right also asks about is left out, unless a missed check asks
    about nothing else; checks not yet answered, and rulings no check asks about, point nowhere.

    >>> may_pay = outlines()[4]
    >>> [(c.key, c.rulings) for c in may_pay.checks][:2]
    [('brawler-damage', ('E3',)), ('if-you-do', ('E5',))]
    >>> unmastered(may_pay, {}), unmastered(may_pay, {"brawler-damage": True, "if-you-do": True})
    ({}, {})
    >>> {t: [c.key for c in cs] for t, cs in unmastered(may_pay, {"brawler-damage": True, "if-you-do": False}).items()}
    {'E5': ['if-you-do']}
    """
    right = {tag for check in lesson.checks if done.get(check.key) is True for tag in check.rulings}
    out: dict[str, list] = {}
    for check in lesson.checks:
        if done.get(check.key) is False:
            for tag in [t for t in check.rulings if t not in right] or check.rulings:
                out.setdefault(tag, []).append(check)
    order = list(lesson.rulings)
    return dict(sorted(out.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))


def outlines(folder=None) -> dict[int, Outline]:
    """Read the outline of every lesson file of a folder (default: as ``data.load_lessons``), by number."""
    folder = Path(folder) if folder is not None else current_folder()
    read = [outline_of(f) for f in lesson_files(folder)]
    return {lesson.number: lesson for lesson in read}


def outline_of(path) -> Outline:
    """Read a lesson file's outline; raise ``LessonError`` naming the file, line and problem."""
    path = Path(path)
    m = FILE_NAME.match(path.name)
    try:
        if not m:
            raise ValueError(path.name)
        data, _text = load_file(path, _lesson_error)
        rulings = tuple(str(tag) for tag in data["rulings"])
        return Outline(int(m[1]), m[2], str(data["title"]), str(data["summary"]), rulings,
                       tuple(_part(p, rulings) for p in data["parts"]))
    except (TypeError, KeyError, ValueError, AttributeError):  # not a lesson's shape: reading it in full says how
        from .data import load_lesson
        load_lesson(path)
        raise


def _part(p: dict, rulings: tuple[str, ...]) -> PartOutline:
    if "task" in p:
        return PartOutline(str(p["task"]), "task", str(p["title"]))
    if "rulings" in p:  # a check names its own (load_lesson requires it); [] is a rule beyond the rulings
        return PartOutline(str(p["check"]), "check", rulings=tuple(str(tag) for tag in p["rulings"] or ()))
    return PartOutline(str(p["check"]), "check", rulings=named_rulings(p, rulings))


def named_rulings(check: dict, rulings: tuple[str, ...]) -> tuple[str, ...]:
    """Return the rulings of ``rulings`` that a check's text names ("Energy ruling 4", "Energy rulings
    1 and 4"), in that order: what the check asks about, when its file doesn't list them (a check's
    ``rulings:`` defaults to all its lesson's, which would send a learner back to rulings it never asked).

    >>> named_rulings({"explanation_lead": "On Alice (Energy rulings 1 and 4)."}, ("E1", "E2", "E4"))
    ('E1', 'E4')
    >>> named_rulings({"prompt": "How much?"}, ("E2",))
    ()
    """
    text = " ".join(str(check.get(k) or "") for k in ("prompt", "explanation_lead", "hint", "hints", "options"))
    named = {f"{kind[0]}{n}" for kind, ns in NAMED_RULINGS.findall(text) for n in re.findall(r"\d", ns)}
    return tuple(tag for tag in rulings if tag in named)


def _lesson_error(*args, **kwargs):
    from .data import LessonError
    return LessonError(*args, **kwargs)
