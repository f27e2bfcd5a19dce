"""The course as one page: the map, every lesson, the quiz and the sandbox, swapped in one kernel.

Each place is drawn from its notebook (``index.ipynb``, ``NN-slug.ipynb``, ``quiz.ipynb``,
``sandbox.ipynb``), so the notebooks stay the one description of each page: a markdown cell is author
prose, a code cell is one of the calls a lesson notebook makes. A place is drawn the first time the
learner goes there and kept, so going back finds it as they left it. Links between notebooks become
links between places (``#/lesson/7``): following one changes the page's address, not the page.

>>> in_app_href("07-landfall.ipynb#part-every-land"), in_app_href("index.ipynb"), in_app_href("https://x")
('#/lesson/7/every-land', '#/', 'https://x')
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from ..i18n import LANGUAGES, LOCALE, Words, words_for
from ..kit import Kit
from ..state.course import CourseFlow, Place
from ..state.due import ReviewsDue
from ..state.language import LanguageChoice
from ..views.address import Address
from ..views.loop import kernel_loop
from ..views.dom import Dom, Node, h, prose
from ..views.due import DueLine
from ..views.learner import learner_key_widget
from ..views.modules import page_style
from . import _course_map, _nav, lessons, outlines, part_anchor
from . import prose as prose_widget
from .outline import current_folder

LESSON_NOTEBOOK = re.compile(r"(\d\d)-[a-z0-9-]+\.ipynb$")
#: the notebook of each place that is not a lesson
NOTEBOOKS = {"map": "index.ipynb", "quiz": "quiz.ipynb", "sandbox": "sandbox.ipynb"}
SITE = "Rules Dojo"


def in_app_href(href: str) -> str:
    """Return where a link between notebooks leads in the course page (other links are kept)."""
    name, _, anchor = href.partition("#")
    lesson = LESSON_NOTEBOOK.fullmatch(name)
    if lesson:
        return "#/" + Place("lesson", int(lesson[1]), anchor.removeprefix("part-") if anchor.startswith("part-") else "").address
    view = next((v for v, notebook in NOTEBOOKS.items() if notebook == name), None)
    return "#/" + Place(view).address if view else href


def in_app(nodes: list) -> list:
    """Return nodes with their links between notebooks made links between places.

    >>> in_app([["p", {}, ["a", {"href": "quiz.ipynb"}, "The quiz"]]])
    [['p', {}, ['a', {'href': '#/quiz'}, 'The quiz']]]
    """
    return [_in_app(n) for n in nodes]


def _in_app(node):
    if not isinstance(node, list) or len(node) < 2 or not isinstance(node[1], dict):
        return node
    attrs = dict(node[1])
    if node[0] == "a" and isinstance(attrs.get("href"), str):
        attrs["href"] = in_app_href(attrs["href"])
    return [node[0], attrs, *(_in_app(c) for c in node[2:])]


LINK = re.compile(r"\[([^\]\n]+)\]\(([^)\s]+)\)")


def markdown_nodes(text: str, heading_id: str = "") -> list[Node]:
    """Return a notebook's markdown cell as nodes: headings, lists, paragraphs and links; the words
    go through ``prose`` (the one path author markup takes), a link's address is kept as text. A
    first-level heading gets ``heading_id``, and can take the focus, when one is given.

    >>> markdown_nodes("# Quiz\\n\\n- **Practice** [All lessons](index.ipynb)")
    [['h1', {}, 'Quiz'], ['ul', {}, ['li', {}, ['b', {}, 'Practice'], ' ', ['a', {'href': '#/'}, 'All lessons']]]]
    """
    out: list[Node] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.splitlines()
        heading = re.match(r"(#{1,4})\s+(.*)", lines[0]) if len(lines) == 1 else None
        if heading:
            level = len(heading[1])
            # A place's own heading takes the focus when the learner arrives (``Course._draw``).
            focus = {"id": heading_id, "tabindex": "-1"} if level == 1 and heading_id else {}
            out.append(h(f"h{level}", *_linked(heading[2]), **focus))
        elif all(line.lstrip().startswith(("- ", "* ")) for line in lines):
            out.append(h("ul", *(h("li", *_linked(line.lstrip()[2:])) for line in lines)))
        else:
            out.append(h("p", *_linked(" ".join(line.strip() for line in lines))))
    return out


def cell_nodes(words: Words, stem: str, i: int, source: str, heading: str = "") -> list[Node]:
    """Return a notebook's Markdown cell ``i`` in the learner's language (``words``; its id
    ``<stem>:cells/<i>``), the English marked where it has no translation."""
    text = words.content(f"{stem}:cells/{i}", source)
    if text.translated:
        return markdown_nodes(text, heading)
    title = _lesson_heading(words, stem, source)
    if title is not None and title.translated:  # "# Lesson 7: Landfall", said with the lesson's title
        return markdown_nodes(f"# {words('Lesson {n}: {title}', n=int(stem[:2]), title=title)}", heading)
    return [h("div", *markdown_nodes(text, heading), lang="en"),
            h("p", h("span", words("(in English)"), cls="rd-untranslated"))]


def _lesson_heading(words: Words, stem: str, source: str):
    """A lesson notebook's heading cell ("# Lesson 7: Landfall"): the lesson's title in the learner's
    language (its id ``<stem>:title``), so the heading says it as the course map does; else None."""
    lesson = LESSON_NOTEBOOK.fullmatch(f"{stem}.ipynb")
    outline = outlines().get(int(lesson[1])) if lesson else None
    if outline is None or source.strip() != f"# Lesson {outline.number}: {outline.title}":
        return None
    return words.content(f"{stem}:title", outline.title)


def _linked(text: str) -> list[Node]:
    out: list[Node] = []
    at = 0
    for link in LINK.finditer(text):
        out += prose(text[at:link.start()])
        out.append(h("a", link[1], href=in_app_href(link[2])))
        at = link.end()
    return out + prose(text[at:])


def cells(notebook: Path) -> list[tuple[str, str]]:
    """Return a notebook's cells as (kind, source)."""
    data = json.loads(notebook.read_text(encoding="utf-8"))
    return [(c.get("cell_type", ""), "".join(c.get("source", ""))) for c in data.get("cells", [])]


def call_in(source: str) -> tuple[str, tuple] | None:
    """Return the call a code cell ends with, as (name, constant arguments); None for anything else.

    >>> call_in('from rulesdojo.lessons import show\\n\\nshow(7, "every-land")')
    ('show', (7, 'every-land'))
    >>> call_in("Sandbox.opening()"), call_in("import os")
    (('Sandbox.opening', ()), None)
    """
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return None
    if not body or not isinstance(body[-1], ast.Expr) or not isinstance(body[-1].value, ast.Call):
        return None
    call = body[-1].value
    name = ast.unparse(call.func)
    if call.keywords or not all(isinstance(a, ast.Constant) for a in call.args):
        return None
    return name, tuple(a.value for a in call.args)  # type: ignore[attr-defined]


def place_key(place: Place) -> str:
    """Return the page a place is shown on: a lesson's parts are on its one page.

    >>> place_key(Place("lesson", 7, "every-land")), place_key(Place("quiz"))
    ('lesson/7', 'quiz')
    """
    return f"lesson/{place.lesson}" if place.view == "lesson" else place.view


def heading_id(key: str) -> str:
    """Return the id of a page's first heading, which takes the focus when the learner arrives there
    (every page visited stays in the document, hidden: the id names one page's).

    >>> heading_id("lesson/7")
    'rd-place-lesson-7'
    """
    return "rd-place-" + key.replace("/", "-")


class _KitSettings:
    """A learner's settings in the kit's results store, opened when first read or written."""

    def __init__(self, kit: Kit) -> None:
        self.kit = kit

    def save_setting(self, learner: str, setting: str, value: str) -> bool:
        return self.kit.store().save_setting(learner, setting, value)

    def setting(self, learner: str, setting: str) -> str | None:
        return self.kit.store().setting(learner, setting)


class Course:
    """The course page: its address, its flow (``state.course.CourseFlow``), the place shown and the
    language it is drawn in (``state.language.LanguageChoice``; ``catalogs``: where each language's
    compiled catalogs are)."""

    def __init__(self, kit: Kit | None = None, catalogs: Path = LOCALE) -> None:
        self.kit = Kit.from_environment() if kit is None else kit
        self.folder = current_folder()
        self.catalogs = catalogs
        self.language = LanguageChoice(_KitSettings(self.kit))
        self.words = words_for(self.language.code, catalogs)
        self.flow = CourseFlow({n: tuple(p.key for p in o.parts) for n, o in outlines().items()})
        self.address = Address(languages=[[code, name] for code, name in LANGUAGES.items()])
        self._say_language()
        self.stage = ipw.VBox()
        self.stage.add_class("rd-course-stage")
        self.pages: dict[str, ipw.Widget] = {}
        self._map: Dom | None = None
        self._progress: dict[int, object] = {}
        self.due = ReviewsDue()  # the map's line on reviews due; its Review leads to the review
        self._review: Any = None  # the review's practice (a Quiz), once the learner has gone there
        self._bank: Any = None  # a quiz.model.Bank, read when first asked for (not on the static site's map)
        if kernel_loop() is not None:
            # A served kernel reads the questions while the page is made, so a preheated page has them
            # before its learner arrives and no move to a place reads them again (1-3 s of a core each).
            self.bank()
        self.widget = ipw.VBox([page_style(), self.address, self.stage, learner_key_widget(self.kit.identity)])
        self.widget.add_class("rd-course-page")
        self._moving = False  # the kernel writing the address is not the learner asking for one
        self.address.observe(self._asked, names=["address"])
        self.flow.observe(self._moved, names=["moves"])
        self.due.observe(lambda _c: self.flow.go(Place("review").address), names=["asked"])
        self.address.observe(lambda c: self.language.browser_says(c["new"]), names=["browser_languages"])
        self.address.observe(lambda c: self.language.choose(c["new"]), names=["picked"])
        self.language.observe(self._relanguage, names=["code"])
        self.kit.identity.when_learner_known(self.language.learner_known)
        self.flow.go("")

    def _say_language(self) -> None:
        self.address.language = self.words.code
        self.address.language_label = self.words("Language")

    def _relanguage(self, _change=None) -> None:
        """Draw the page again in the language now chosen: the places drawn go (each is drawn again,
        in that language, when the learner goes there), the place shown is drawn now, the map with it;
        the address stays."""
        self.words = words_for(self.language.code, self.catalogs)
        self._say_language()
        self.pages, self._progress, self._map, self._review = {}, {}, None, None
        self.stage.children = ()
        self._moved()
        if "map" not in self.pages:  # the map too, hidden: the way back from anywhere
            self._drawn(Place())
            self.pages["map"].layout.display = "none"
            self._redraw_map()

    def _asked(self, change) -> None:
        if not self._moving:
            self.flow.go(change["new"])

    def _moved(self, _change=None) -> None:
        self._moving = True
        try:
            self._draw(self.flow.place)
        finally:
            self._moving = False

    def _draw(self, place: Place) -> None:
        key = self._drawn(place)
        if place.view == "map":
            self._redraw_map()
        if place.view == "review" and self._review is not None:
            self._review.start_review()  # each arrival reviews what is due then
        for page in self.pages.values():  # "" lets the stylesheet decide, as views.base.show does
            page.layout.display = "" if page is self.pages[key] else "none"
        title = self._title(place)
        self.address.title = self.words("{place} · Rules Dojo", place=title) if place.view != "map" else SITE
        self.address.said = title
        self.address.notice = self.flow.said(self.words)
        self.address.scroll_to = part_anchor(place.part) if place.part else ""
        self.address.focus_to = heading_id(key)
        self.address.address = place.address
        self.address.step += 1

    def _drawn(self, place: Place) -> str:
        """Draw a place's page unless it is drawn; return its key."""
        key = place_key(place)
        if key not in self.pages:
            self.pages[key] = self._page(place)
            # Appended, so the page keeps the views it has drawn: a place visited again is shown,
            # not drawn again (a lesson is hundreds of widget views).
            self.stage.children = (*self.stage.children, self.pages[key])
        return key

    def _title(self, place: Place) -> str:
        words = self.words
        if place.view == "lesson":
            o = outlines()[place.lesson]
            title = words.content(f"{o.number:02d}-{o.slug}:title", o.title)
            return words("Lesson {n}: {title}", n=place.lesson, title=title)
        return {"map": words("The course map"), "quiz": words("The judge quiz"), "review": words("Review what is due"),
                "sandbox": words("The sandbox")}[place.view]

    def bank(self):
        """Return the question bank, read once for every place of this page (each lesson's opening
        questions, the quiz)."""
        if self._bank is None:
            from ..quiz.model import load_bank
            self._bank = load_bank(cards=self.kit.card_set)
        return self._bank

    def _notebook(self, place: Place) -> Path:
        if place.view == "lesson":
            return self.folder / outlines()[place.lesson].notebook
        return self.folder / NOTEBOOKS[place.view]

    def _page(self, place: Place) -> ipw.Widget:
        """Draw a place from its notebook, cell by cell (the review has no notebook of its own)."""
        if place.view == "review":
            return self._review_page()
        shown: list[ipw.Widget] = []
        notebook = self._notebook(place)
        for i, (kind, source) in enumerate(cells(notebook)):
            if kind == "markdown" and source.strip():
                nodes = cell_nodes(self.words, notebook.stem, i, source, heading_id(place_key(place)))
                shown.append(Dom([h("div", *nodes, cls="rd-cell-text")]))
            elif kind == "code":
                call = call_in(source)
                widget = self._call(*call) if call else None
                if widget is not None:
                    shown.append(widget)
        page = ipw.VBox(shown)
        page.add_class("rd-course-place")
        return page

    def _call(self, name: str, args: tuple) -> ipw.Widget | None:
        """Make what a notebook's call shows, with links that stay in this page."""
        number = args[0] if args and isinstance(args[0], int) else None
        if number is not None and number not in lessons(self.kit):
            return None
        words = self.words
        if name == "progress" and number is not None:
            return self._progress_of(number).widget
        if name == "before" and number is not None:
            from .before import before_view
            return before_view(self._progress_of(number), bank=self.bank(), words=words)
        if name == "show" and number is not None and len(args) == 2:
            from .data import Task
            from .framework import CheckView, TaskView
            part = lessons(self.kit)[number].part(args[1])
            return (TaskView if isinstance(part, Task) else CheckView)(part, self._progress_of(number), words=words)
        if name == "prose" and number is not None and len(args) == 2:
            return prose_widget(number, args[1], words=words)
        if name == "recap" and number is not None:
            from .learner_progress import recap_view
            return recap_view(self._progress_of(number), words=words)
        if name == "next_steps" and number is not None:
            return Dom(in_app(_nav(number, words)))
        if name == "contents":
            self._map = Dom(in_app(_course_map(None, words=words)))
            return ipw.VBox([DueLine(self.due, words=words), self._map])
        if name == "Quiz":
            from .pages import Quiz
            return Quiz(bank=self.bank(), kit=self.kit, words=words)
        if name == "Sandbox.opening":
            from ..views import Sandbox
            return Sandbox.opening(self.kit, words=words)
        return None

    def _progress_of(self, number: int):
        if number not in self._progress:
            from .learner_progress import Progress
            self._progress[number] = Progress(lessons(self.kit)[number], in_app(_nav(number, self.words)), self.kit,
                                              words=self.words)
        return self._progress[number]

    def _review_page(self) -> ipw.Widget:
        """The review: practice that draws only what is due, under a heading and a way back."""
        from .pages import Quiz
        words = self.words
        self._review = Quiz(bank=self.bank(), kit=self.kit, reviewing=True, words=words)
        top = Dom([h("div", h("h1", words("Review what is due"), id=heading_id("review"), tabindex="-1"),
                     h("p", words("Only the rulings and questions due for review today, no new questions."), " ",
                       h("a", words("Back to the course map"), href="#/")), cls="rd-cell-text")])
        page = ipw.VBox([top, self._review])
        page.add_class("rd-course-place")
        return page

    def _redraw_map(self) -> None:
        """Show the learner's state on the map as it is now: a lesson taken, or a review, since
        changes it."""
        def draw(learner: str) -> None:
            import time

            from ..quiz import review
            store = self.kit.store()
            if self._map is not None:
                self._map.content = in_app(_course_map(store.lesson_parts(learner), words=self.words))
            self.due.refresh(review.load(store, learner), time.time())
        self.kit.identity.when_learner_known(draw)


def map_before_python(folder: Path, words: Words | None = None) -> str:
    """Return the course map as HTML, as the course page shows it before its Python runs (the static
    site's page while Pyodide starts): the course notebook's words, every lesson, no learner's state,
    in the language of ``words`` (English if not given).

    >>> html = map_before_python(current_folder()); "What energy is" in html and 'href="#/lesson/1"' in html
    True
    """
    from ..views.dom import to_html
    words = words or words_for("en")
    notebook = Path(folder) / NOTEBOOKS["map"]
    texts = [cell_nodes(words, notebook.stem, i, source) for i, (kind, source) in enumerate(cells(notebook))
             if kind == "markdown" and source.strip()]
    nodes = [h("div", *(n for block in texts for n in block), cls="rd-cell-text"),
             *in_app(_course_map(None, folder, words=words))]
    return to_html(nodes)


def course(kit: Kit | None = None) -> ipw.Widget:
    """Show the whole course in one page: the map first, each place at its own address; ``kit``:
    what it uses (the kernel's, ``Kit.from_environment``, if not given)."""
    return Course(kit).widget
