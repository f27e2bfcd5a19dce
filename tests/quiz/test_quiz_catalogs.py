"""The quiz's interface strings are all translated in Spanish and Japanese: every ``words(...)``,
``words.n(...)`` and ``_words(...)`` of the quiz's modules (extracted as Babel extracts them) has a
translation in ``interface-quiz.po``, with the same placeholders, and a plural one every form."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

import rulesdojo

KIT = Path(rulesdojo.__file__).resolve().parent
MODULES = ["views/quiz.py", "views/quiz_review.py", "views/due.py", "views/gain.py", "quiz/texts.py",
           "quiz/rulings.py", "quiz/variant.py", "quiz/session.py"]
KEYWORDS = {"words": None, "n": (1, 2), "_words": None}
PLACEHOLDER = re.compile(r"\{[A-Za-z_][^{}]*\}")


def used() -> dict:
    found = {}
    for module in MODULES:
        for line, msgid, _comments, _context in extract_from_file("python", KIT / module, keywords=KEYWORDS):
            found.setdefault(msgid, f"{module}:{line}")
    return found


def test_the_modules_say_what_they_show_through_words():
    assert len(used()) > 150


@pytest.mark.parametrize("code", ["es", "ja"])
def test_every_quiz_string_is_translated_with_its_placeholders(code):
    with (KIT / "i18n" / "locale" / code / "LC_MESSAGES" / "interface-quiz.po").open("rb") as f:
        catalog = read_po(f, locale=code)
    problems = []
    for msgid, where in used().items():
        message = catalog.get(msgid)
        if message is None or not all(message.string if isinstance(message.string, tuple) else [message.string]):
            problems.append(f"{where}: {msgid!r} has no translation")
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if len(forms) != catalog.num_plurals and isinstance(msgid, tuple):
            problems.append(f"{where}: {msgid!r} has {len(forms)} forms, not {catalog.num_plurals}")
        english = set(PLACEHOLDER.findall(" ".join(msgid if isinstance(msgid, tuple) else [msgid])))
        for form in forms:
            # a plural form may leave out {n} where the language says the number otherwise: none do here
            if set(PLACEHOLDER.findall(form)) != english:
                problems.append(f"{where}: {form!r} has placeholders {sorted(PLACEHOLDER.findall(form))}")
    assert problems == []
