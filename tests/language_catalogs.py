"""Compiled catalogs for tests of pages in a language: every ``interface*.po`` of a language merged
into its ``interface.mo`` and its content ``.po`` files (lessons, notebooks, questions) into its
``content.mo``, as ``rulesdojo i18n compile`` makes them, plus any translations a test gives."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from rulesdojo.i18n import LOCALE
from rulesdojo.i18n.catalogs import ROOT

CODES = ("es", "ja")


def _merged(code: str, files, extra=()) -> Catalog:
    out = Catalog(locale=code, fuzzy=False)
    for path in files:
        with open(path, "rb") as f:
            for m in read_po(f, locale=code):
                if m.id and m.string and not m.fuzzy:
                    out.add(m.id, m.string, context=m.context)
    for context, english, said in extra:
        out.add(english, said, context=context)
    return out


def compile_catalogs(folder: Path, content: dict | None = None) -> Path:
    """Write each language's interface and content catalogs under ``folder`` (``<code>/LC_MESSAGES``);
    ``content``: a language's extra translations, (id, English, translation) each. Return ``folder``."""
    for code in CODES:
        out = Path(folder) / code / "LC_MESSAGES"
        out.mkdir(parents=True, exist_ok=True)
        interface = sorted((LOCALE / code / "LC_MESSAGES").glob("interface*.po"))
        sources = [*sorted((ROOT / "lessons" / "locale" / code).glob("*.po")),
                   *sorted((ROOT / "widgets" / "rulesdojo" / "quiz" / "bank" / "locale" / code).glob("*.po"))]
        for domain, catalog in (("interface", _merged(code, interface)),
                                ("content", _merged(code, sources, (content or {}).get(code, ())))):
            with open(out / f"{domain}.mo", "wb") as f:
                write_mo(f, catalog)
    return Path(folder)
