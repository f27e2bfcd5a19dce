"""A lesson's texts in the learner's language: each looked up under its stable id
(``rulesdojo.i18n.content``), an untranslated one shown in English and marked.

The views hold a lesson's texts as the lesson file gives them (a task's title, a hint, a dead end's
words); ``LessonTexts`` finds each one's id in the file it came from, so a view asks for the text it
shows, not for a path into the file.

>>> from rulesdojo.i18n import words_for
>>> from rulesdojo.lessons import lessons
>>> seven = LessonTexts(lessons()[7], words_for("en"))
>>> seven.context(lessons()[7].part("every-land").hints[1])
'07-landfall:parts/every-land/hints/1'
>>> seven(lessons()[7].title), seven("not a text of the lesson")
(Text('Landfall'), Text('not a text of the lesson'))
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ..i18n import SOURCE, Text, Words, words_for
from ..i18n.content import file_texts
from ..views.dom import Node, h, prose


@cache
def _ids(source: str) -> dict[str, tuple[str, str]]:
    """Each text of a lesson or notebook file by its English (as written, and trimmed: a view may
    hold it trimmed), to its id and its English as written (the first, if a text is written twice:
    the same words translate the same)."""
    ids: dict[str, tuple[str, str]] = {}
    path = Path(source)
    if path.is_file():
        for m in file_texts(path):
            ids.setdefault(m.english, (m.context, m.english))
            ids.setdefault(m.english.strip(), (m.context, m.english))
    return ids


class LessonTexts:
    """The texts of one lesson file in one language (``words``)."""

    def __init__(self, lesson: Any, words: Words | None = None) -> None:
        self.lesson = lesson
        self.words = words_for("en") if words is None else words

    @property
    def english(self) -> bool:
        """The lesson is shown as written: its texts need no looking up."""
        return self.words.code == SOURCE

    def context(self, english: str) -> str:
        """The id of one of the lesson file's texts ("" for a text it doesn't hold)."""
        return self._found(english)[0]

    def _found(self, english: str) -> tuple[str, str]:
        ids = _ids(str(getattr(self.lesson, "source", "") or ""))  # read once per file, when first asked
        return ids.get(str(english), ids.get(str(english).strip(), ("", str(english))))

    def __call__(self, english: str) -> Text:
        """One of the lesson's texts in the language (a text the file doesn't hold stays as given)."""
        if self.english:
            return Text(str(english))
        context, written = self._found(english)
        if not context:
            return Text(str(english))
        text = self.words.content(context, written)
        if text.translated:
            return Text(str(text).strip()) if written != str(english) else text
        shown = Text(str(english))
        shown.translated = False
        return shown

    def nodes(self, english: str, block: bool = False) -> list[Node]:
        """One of the lesson's texts as nodes through ``prose``, marked when shown in English."""
        return marked(self.words, self(english), prose, block)


def marked(words: Words, text: Text, draw: Any = prose, block: bool = False) -> list[Node]:
    """A content text drawn (``draw``: text -> nodes); when it is the English shown for want of a
    translation, in an element that says so (``lang="en"``) followed by a small mark in the learner's
    language.

    >>> from rulesdojo.i18n import Text, words_for
    >>> t = Text("Landfall"); t.translated = False
    >>> marked(words_for("en"), t)
    [['span', {'lang': 'en'}, 'Landfall'], ' ', ['span', {'class': 'rd-untranslated'}, '(in English)']]
    """
    if getattr(text, "translated", True):
        return draw(str(text))
    mark = h("span", words("(in English)"), cls="rd-untranslated")
    if block:
        return [h("div", *draw(str(text)), lang="en"), h("p", mark)]
    return [h("span", *draw(str(text)), lang="en"), " ", mark]
