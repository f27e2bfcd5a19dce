"""The Python behind each lesson notebook: a cell is one call, ``show(lesson, key)``.

The lessons themselves are YAML files beside the notebooks (``data.py``, docs/lessons.md).
The engine, PyYAML and the results store are imported when a cell first needs them, not with this
module: a lesson page's first cell then costs little more than ipywidgets itself.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import ipywidgets as ipw

from ..lazy import names_from

if TYPE_CHECKING:  # read lazily at run time (names_from below)
    from .data import Lesson

# A lesson notebook's own state (this module is its entry point): the widgets it has shown, kept so
# that re-running a cell keeps the learner's progress.
_PROGRESS: dict = {}
_WIDGETS: dict[tuple[int, str], ipw.Widget] = {}


__getattr__ = names_from(__name__, {**dict.fromkeys(("Check", "Lesson", "Task"), "data"), "course": "app",
                                              **dict.fromkeys(("Quiz", "Trainer"), "pages")})


def _notebook_kit():
    """The kit of a lesson notebook's kernel, built from its environment (the channel a server
    configures its kernels by) at each call of this module's, its entry point: 20 µs."""
    from ..kit import Kit
    return Kit.from_environment()


@cache
def _lessons(folder: str, card_folders: tuple[str, ...]) -> dict:
    from ..scenarios.cardfile import cards_of
    from .data import load_lessons
    return load_lessons(folder, cards_of(card_folders) if card_folders else None)


def lessons(kit=None) -> dict:
    """Return the lessons of the folder the notebook runs in (else the shipped ones), by number, their
    games played with ``kit``'s cards (the notebook's kit if not given)."""
    from .outline import current_folder
    kit = _notebook_kit() if kit is None else kit
    return _lessons(str(current_folder()), kit.cards)


@cache
def _outlines(folder: str) -> dict:
    from .outline import outlines
    return outlines(folder)


def outlines() -> dict:
    """Return what the course map shows of each lesson ``lessons()`` holds, read without the engine."""
    from .outline import current_folder
    return _outlines(str(current_folder()))


def progress(number: int, kit=None) -> ipw.Widget:
    """Show how far the learner is in a lesson, with links to its neighbours (one bar per kernel);
    ``kit``: whose learner (the kernel's ``Kit`` if not given)."""
    return _progress(number, kit).widget


def _progress(number: int, kit=None):
    if number not in _PROGRESS:
        from .learner_progress import Progress
        kit = _notebook_kit() if kit is None else kit
        words = kept_words(kit)
        _PROGRESS[number] = Progress(lessons(kit)[number], _nav(number, words), kit, words=words)
    return _PROGRESS[number]


def kept_words(kit):
    """The language a lesson notebook is drawn in: the one its learner picked on the course page, when
    the learner is known as the notebook opens (JupyterLab, Notebook: the kernel's learner key), else
    English (a notebook has no switch of its own)."""
    from ..i18n import words_for
    from ..state.language import SETTING
    known: list[str] = []
    if not kit.identity.when_learner_known(known.append) or not known:
        return words_for("en")
    return words_for(kit.store().setting(known[0], SETTING) or "en")


def show(number: int, key: str) -> ipw.Widget:
    """Return the widget for one part of a lesson, kept so progress survives re-running the cell.

    >>> w = show(1, "get-and-pay")
    >>> w is show(1, "get-and-pay")
    True
    """
    if (number, key) not in _WIDGETS:
        from .data import Task
        from .framework import CheckView, TaskView
        part = lessons()[number].part(key)
        view = TaskView if isinstance(part, Task) else CheckView
        progress = _progress(number)
        _WIDGETS[(number, key)] = view(part, progress, words=progress.words)
    return _WIDGETS[(number, key)]


def prose(number: int, key: str, words=None) -> ipw.Widget:
    """Show a passage of the lesson's teaching prose (the lesson file's ``prose:``), symbols drawn;
    ``words``: in that language (a ``rulesdojo.i18n.Words``; English if not given).

    >>> prose(1, "intro").children[1].text[:32]
    'The symbol {E} stands for one en'
    """
    from ..views.prose import passage_view
    words = _progress(number).words if words is None and number in _PROGRESS else words
    if words is not None and words.code != "en":
        from .texts import LessonTexts
        lesson = lessons()[number]
        return passage_view(LessonTexts(lesson, words)(lesson.passage(key)), words=words)
    if (number, f"prose {key}") not in _WIDGETS:
        _WIDGETS[(number, f"prose {key}")] = passage_view(lessons()[number].passage(key))
    return _WIDGETS[(number, f"prose {key}")]


def before(number: int) -> ipw.Widget:
    """Show the questions a lesson opens with, answered before it teaches (no score on the page)."""
    if (number, "before") not in _WIDGETS:
        from .before import before_view
        _WIDGETS[(number, "before")] = before_view(_progress(number))
    return _WIDGETS[(number, "before")]


def recap(number: int) -> ipw.Widget:
    """Show the lesson's closing summary once every check is answered: until then it would give
    the answers away."""
    if (number, "recap") not in _WIDGETS:
        from .learner_progress import recap_view
        _WIDGETS[(number, "recap")] = recap_view(_progress(number))
    return _WIDGETS[(number, "recap")]


def _link(href: str, *text, **attrs) -> list:
    from ..views.dom import h
    return h("a", *text, href=href, **attrs)


def _language(words):
    from ..i18n import words_for
    return words_for("en") if words is None else words


def title_of(lesson, words=None) -> str:
    """A lesson's title in the learner's language (``words``), under its id ``<stem>:title``."""
    return str(_language(words).content(f"{lesson.number:02d}-{lesson.slug}:title", lesson.title))


def _nav(number: int, words=None) -> list:
    """Return the links to a lesson's neighbours and the course map, as nodes."""
    from ..views.dom import h
    words = _language(words)
    ls = lessons()
    before = [n for n in ls if n < number]
    after = [n for n in ls if n > number]
    parts = []
    if before:
        parts.append(_link(ls[before[-1]].notebook, words("← {title}", title=title_of(ls[before[-1]], words))))
    parts.append(_link("index.ipynb", words("All lessons")))
    parts.append(_link(ls[after[0]].notebook, words("Next: {title} →", title=title_of(ls[after[0]], words))) if after
                 else _link("quiz.ipynb", words("Next: the quiz →")))
    between: list = [parts[0]]
    for link in parts[1:]:
        between += [" · ", link]
    return [h("nav", *between, aria_label=words("Lessons"), cls="rd-links")]


def next_steps(number: int) -> ipw.Widget:
    """Link to what comes after a lesson: the next lesson, or the quiz after the last one."""
    from ..views.dom import Dom
    from ..views.modules import page_style
    words = _progress(number).words if number in _PROGRESS else None
    return ipw.VBox([page_style(), Dom(_nav(number, words))])


def contents(kit=None) -> ipw.Box:
    """Show the course map: each lesson a card with the learner's state in it and a button to go on
    where they left off, then the quiz and the sandbox.

    The states are read when the learner is known (a preheated page: when they connect).
    """
    from ..views.dom import Dom
    from ..views.learner import learner_key_widget
    from ..views.modules import page_style
    kit = _notebook_kit() if kit is None else kit
    widget = Dom(_course_map(None))
    kit.identity.when_learner_known(lambda who: setattr(widget, "content", _course_map(kit.store().lesson_parts(who))))
    return ipw.VBox([page_style(), widget, learner_key_widget(kit.identity)])


def _course_map(done: dict | None, folder=None, words=None) -> list:
    """Return the course map as nodes; ``done`` None: the learner is not known yet. ``folder``: the
    lessons', else the running notebook's (``outlines``); ``words``: the learner's language.

    A lesson begun shows, under it, each ruling it teaches that a check has not yet mastered,
    with a link back to the lesson.
    """
    from ..views.dom import h, prose
    from .outline import lesson_id
    from .texts import marked
    words = _language(words)
    cards = []
    for lesson in (outlines() if folder is None else _outlines(str(folder))).values():
        finished = (done or {}).get(lesson_id(lesson), {})
        state = words("Finding your progress…") if done is None else _state(lesson, finished, words)
        title = words.content(f"{lesson.number:02d}-{lesson.slug}:title", lesson.title)
        summary = words.content(f"{lesson.number:02d}-{lesson.slug}:summary", lesson.summary)
        cards.append(h("li", h("h3", f"{lesson.number}. ", _link(lesson.notebook, *marked(words, title, lambda t: [t]))),
                       h("p", *marked(words, summary, prose)), h("p", state, cls="rd-state"),
                       *_go_back(lesson, finished, words), cls="rd-course-card"))
    after = [h("li", h("h3", _link(href, title)), h("p", said), cls="rd-course-card")
             for href, title, said in (("quiz.ipynb", words("The judge quiz"), words("Engine-checked questions on every ruling.")),
                                       ("sandbox.ipynb", words("The sandbox"), words("Play any scenario out.")))]
    return [h("div", *_continue(done, words),
              h("h2", words("Lessons")), h("ol", *cards, cls="rd-course"),
              h("h2", words("After the lessons")), h("ul", *after, cls="rd-course"), cls="rd-contents")]


def _state(lesson, done: dict, words=None) -> str:
    """Say how far a learner is in a lesson, for its card.

    >>> one = outlines()[1]
    >>> _state(one, {}), _state(one, {one.parts[0].key: None})
    ('Not started', 'Started · 1 of 4 parts done')
    >>> _state(one, {p.key: True for p in one.parts})
    'Finished · 2/2 checks mastered'
    """
    words = _language(words)
    parts = sum(1 for p in lesson.parts if p.key in done)
    if parts == 0:
        return words("Not started")
    if parts < len(lesson.parts):
        return words.n("Started · {n} of {total} parts done", "Started · {n} of {total} parts done", parts,
                   total=len(lesson.parts))
    mastered = sum(1 for c in lesson.checks if done.get(c.key) is True)
    return words.n("Finished · {n}/{total} checks mastered", "Finished · {n}/{total} checks mastered", mastered,
               total=len(lesson.checks)) if lesson.checks else words("Finished")


def _continue(done: dict | None, words=None) -> list:
    """Return the button to the first part not finished of the first lesson not finished (none
    while the learner is not known; the quiz once every lesson is finished)."""
    from ..views.dom import h
    from .outline import lesson_id
    if done is None:
        return []
    words = _language(words)
    for lesson in outlines().values():
        finished = done.get(lesson_id(lesson), {})
        part = next((p for p in lesson.parts if p.key not in finished), None)
        if part is not None:
            go_on = any(done.values())
            title = title_of(lesson, words)
            if not finished:  # a lesson begins with "Before you start", above its first part
                said = (words("Continue: {n}. {title}", n=lesson.number, title=title) if go_on
                        else words("Start: {n}. {title}", n=lesson.number, title=title))
                return [h("p", _link(lesson.notebook, said, cls="rd-continue"))]
            stem = f"{lesson.number:02d}-{lesson.slug}"
            if part.kind == "task":
                task = words.content(f"{stem}:parts/{part.key}/title", part.title)
                said = (words("Continue: {n}. {title} at “{task}”", n=lesson.number, title=title, task=task) if go_on
                        else words("Start: {n}. {title} at “{task}”", n=lesson.number, title=title, task=task))
            else:
                said = (words("Continue: {n}. {title} at its checks", n=lesson.number, title=title) if go_on
                        else words("Start: {n}. {title} at its checks", n=lesson.number, title=title))
            return [h("p", _link(f"{lesson.notebook}#{part_anchor(part.key)}", said, cls="rd-continue"))]
    return [h("p", words("Every lesson is finished."), " ",
              _link("quiz.ipynb", words("Go on to the judge quiz"), cls="rd-continue"))]


def part_anchor(key: str) -> str:
    """Return the id a lesson part's widget carries on its page, for links to that part.

    >>> part_anchor("get-and-pay")
    'part-get-and-pay'
    """
    return f"part-{key}"


def _go_back(lesson, finished: dict, words=None) -> list:
    """Point a learner who has begun a lesson back to it for each ruling not yet mastered."""
    from .outline import unmastered
    return go_back({tag: lesson for tag in unmastered(lesson, finished)}, words) if finished else []


def go_back(lessons_for: dict, words=None) -> list:
    """Return a list that points back to a lesson for each ruling not yet mastered (ruling tag -> lesson)."""
    from ..quiz.rulings import ruling
    from ..views.dom import game, h
    words = _language(words)
    # Named, not explained: a ruling's text here would run on into the sentence.
    items = [h("li", words("Not yet mastered:"), " ", *game(ruling(tag).title, tips=False), f" ({ruling(tag).name}) — ",
               _link(lesson.notebook, words("back to {title}", title=title_of(lesson, words))))
             for tag, lesson in lessons_for.items()]
    return [h("ul", *items, cls="rd-go-back", aria_label=words("Rulings to go back to"))] if items else []


def teaching(tags) -> dict:
    """Return, for each ruling tag a lesson teaches, the first lesson that teaches it.

    >>> teaching(["L3", "E6"])["L3"].title
    'Landfall'
    """
    first: dict[str, Lesson] = {}
    for lesson in lessons().values():
        for tag in lesson.rulings:
            first.setdefault(tag, lesson)
    return {tag: first[tag] for tag in tags if tag in first}


__all__ = ["Check", "Lesson", "Task", "before", "contents", "course", "go_back", "lessons", "next_steps", "progress", "recap", "show", "teaching"]
