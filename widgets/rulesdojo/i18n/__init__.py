"""The learner's language: interface strings, the engine's sentences, lesson and question texts, and
card names, each looked up in that language's compiled catalogs (gettext ``.mo`` files).

A ``Words`` is a value for one language, made at an entry point (``words_for``) and passed down to
what draws text; nothing here holds a current language. English is the source: every string is
written in English in the code or the content files, and a language's catalogs map it to that
language. What has no translation yet is shown in English, and ``content`` says so, so a page can
mark it.

Catalogs (``locale/<code>/LC_MESSAGES/<domain>.mo``, compiled from the ``.po`` beside them and from
the content ``.po`` files beside the lessons and questions by ``rulesdojo i18n compile``):

- ``interface``: buttons, labels, messages, headings (``Words.__call__``, ``Words.n`` for plurals);
- ``engine``: the engine's log sentences (``Words.said``);
- ``content``: lesson and question texts, each under a stable id as its context (``Words.content``);
- ``cards``: card names as printed in the language (``Words.card``).

Placeholders are named, ``{who}``, and filled after translation, so a translator can move them; a
number keeps its digits; ``{E}`` and mana symbols stay as written for the page to draw.

>>> en = words_for("en")
>>> en("Check my answer"), en.n("{n} energy", "{n} energy", 2, n=2)
('Check my answer', '2 energy')
>>> en.content("07-landfall:title", "Landfall")
Text('Landfall')
>>> en.content("07-landfall:title", "Landfall").translated
True
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Mapping

#: The languages the kit ships, in the order the switch lists them, each in its own name.
LANGUAGES: Mapping[str, str] = {"en": "English", "es": "Español", "ja": "日本語"}
SOURCE = "en"
LOCALE = Path(__file__).resolve().parent / "locale"
DOMAINS = ("interface", "engine", "content", "cards")


class Text(str):
    """A content text in the learner's language; ``translated`` is False where the English source
    is shown because the language has no (current) translation of it yet."""

    translated: bool = True

    def __repr__(self) -> str:
        return f"Text({str.__repr__(self)})"


def _untranslated(english: str) -> Text:
    t = Text(english)
    t.translated = False
    return t


@dataclass(frozen=True)
class Words:
    """One language's catalogs. ``code`` is a key of ``LANGUAGES``."""

    code: str
    catalogs: Mapping[str, gettext.NullTranslations] = field(default_factory=dict, repr=False, compare=False)

    @property
    def name(self) -> str:
        return LANGUAGES.get(self.code, self.code)

    def _catalog(self, domain: str) -> gettext.NullTranslations:
        return self.catalogs.get(domain) or _NULL

    def __call__(self, msgid: str, **params: Any) -> str:
        """An interface string in this language, its ``{placeholders}`` filled from ``params``."""
        text = self._catalog("interface").gettext(msgid)
        return text.format(**params) if params else text

    def n(self, singular: str, plural: str, count: int, **params: Any) -> str:
        """An interface string that depends on a number, in the language's own plural forms
        (Japanese has one, Spanish two); ``count`` is also ``{n}`` unless ``params`` names it."""
        text = self._catalog("interface").ngettext(singular, plural, count)
        return text.format(**{"n": count, **params})

    def said(self, msgid: str, **params: Any) -> str:
        """One of the engine's log sentences in this language, its placeholders filled."""
        text = self._catalog("engine").gettext(msgid)
        return text.format(**params) if params else text

    def content(self, context: str, english: str) -> Text:
        """A lesson's or question's text: ``context`` is its stable id (``rulesdojo.i18n.content``),
        ``english`` its source text. An English source, or a translation made from a different
        English text (a stale one), gives the English back, marked untranslated (unless English is
        this language)."""
        if self.code == SOURCE:
            return Text(english)
        got = self._catalog("content").pgettext(context, english)
        return _untranslated(english) if got == english else Text(got)

    def card(self, name: str) -> str:
        """A card's name as printed in this language, else its English (Oracle) name."""
        return self._catalog("cards").gettext(name)


_NULL = gettext.NullTranslations()


def best_language(wanted: str | None, offered: Mapping[str, str] = LANGUAGES) -> str:
    """The language to use for a browser's preference list (``navigator.languages`` joined by
    commas, or an ``Accept-Language`` value): the first one offered, matched on the language part,
    else English.

    >>> best_language("es-MX,es;q=0.9,en;q=0.8"), best_language("ja"), best_language("fr-FR,de")
    ('es', 'ja', 'en')
    """
    for item in (wanted or "").split(","):
        code = item.split(";")[0].strip().lower().split("-")[0].split("_")[0]
        if code in offered:
            return code
    return SOURCE


@cache
def words_for(code: str, folder: Path = LOCALE) -> Words:
    """The ``Words`` of a language (read once per process: catalogs are the kit's own files and
    don't change while it runs); an unknown code gives English."""
    if code not in LANGUAGES or code == SOURCE:
        return Words(SOURCE)
    catalogs = {}
    for domain in DOMAINS:
        mo = folder / code / "LC_MESSAGES" / f"{domain}.mo"
        if mo.is_file():
            with mo.open("rb") as f:
                catalogs[domain] = gettext.GNUTranslations(f)
    return Words(code, catalogs)
