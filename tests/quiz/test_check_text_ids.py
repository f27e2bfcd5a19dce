"""A lesson's check is shown with the quiz's display (``QuestionTexts``) under the prefix
``<lesson stem>:parts/<check key>/``: every text it looks up is one the lesson's translation file
holds (``rulesdojo.i18n.content``), with the same English, so a translated check is found."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesdojo.i18n import Text, Words
from rulesdojo.i18n.content import file_texts
from rulesdojo.lessons.data import lesson_files, load_lesson
from rulesdojo.quiz.texts import QuestionTexts

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


class Asked(Words):
    """Words that translate nothing and note each content text looked up."""

    def __init__(self):
        super().__init__("es")
        object.__setattr__(self, "asked", [])

    def content(self, context: str, english: str) -> Text:
        self.asked.append((context, english))
        return super().content(context, english)


@pytest.mark.parametrize("path", lesson_files(LESSONS), ids=lambda p: p.stem)
def test_each_check_text_has_the_id_and_english_of_the_lessons_catalog(path):
    lesson = load_lesson(path)
    assert lesson.checks, "every lesson ends with checks"
    ids = {m.context: m.english for m in file_texts(path)}
    for check in lesson.checks:
        words = Asked()
        texts = QuestionTexts(words, f"{path.stem}:parts/{check.key}/")
        v = check.variant()
        texts.prompt(v), texts.options(v), texts.explanation(v, v.solution())
        assert words.asked, check.key
        found = [(context, english) for context, english in words.asked if context in ids]
        assert all(ids[context] == english for context, english in found), check.key
        # each text asked for is found: an option written with a hint is asked for as ".../text" too
        missed = {c.removesuffix("/text") for c, _ in words.asked if c not in ids} - \
            {c.removesuffix("/text") for c, _ in found}
        assert not missed, (check.key, missed)
