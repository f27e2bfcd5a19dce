"""Where each language's files are, from the kit's source folder.

- interface and engine templates: ``widgets/rulesdojo/i18n/locale/{interface,engine}.pot``;
- a language's interface translations, one file per piece of the kit that shows text
  (``interface-<piece>.po``, ``extract.PIECES``), its engine sentences (``engine.po``) and its card
  names (``cards.po``): ``widgets/rulesdojo/i18n/locale/<code>/LC_MESSAGES/``, beside the compiled
  ``<domain>.mo`` that pages read;
- a language's lesson and question texts: a ``.po`` per source file, beside it
  (``lessons/locale/<code>/``, ``widgets/rulesdojo/quiz/bank/locale/<code>/``; ``catalogs``).
"""

from __future__ import annotations

from pathlib import Path

from . import LANGUAGES, SOURCE
from .catalogs import ROOT
from .pofile import CatalogError

PACKAGE = Path("widgets") / "rulesdojo"
LOCALE = PACKAGE / "i18n" / "locale"
#: The folders, from the source folder, whose ``locale/<code>/*.po`` hold lesson and question texts.
CONTENT_FOLDERS = (Path("lessons"), PACKAGE / "quiz" / "bank")


def messages_folder(code: str, root: Path = ROOT) -> Path:
    """The folder of a language's interface, engine and card-name catalogs and its ``.mo`` files."""
    return root / LOCALE / code / "LC_MESSAGES"


def template(domain: str, root: Path = ROOT) -> Path:
    """The template (``.pot``) of the interface or the engine domain."""
    return root / LOCALE / f"{domain}.pot"


def domain_files(code: str, domain: str, root: Path = ROOT) -> list[Path]:
    """The ``.po`` files whose messages make up one domain's ``.mo`` for a language, in the order
    compiling reads them."""
    if domain == "content":
        return sorted(p for folder in CONTENT_FOLDERS for p in (root / folder / "locale" / code).glob("*.po"))
    pattern = "interface*.po" if domain == "interface" else f"{domain}.po"
    return sorted(messages_folder(code, root).glob(pattern))


def translated_languages() -> list[str]:
    """Every language the kit ships but English, the source."""
    return [code for code in LANGUAGES if code != SOURCE]


def languages(asked: list[str] | None) -> list[str]:
    """The languages a command works on: those asked for, else every translated one; an unknown
    one, or English, is a ``CatalogError`` saying which are known."""
    known = translated_languages()
    for code in asked or []:
        if code not in known:
            why = "English is the source language: it has no translation files" if code == SOURCE else (
                "not a language of the kit (add it to LANGUAGES in widgets/rulesdojo/i18n/__init__.py first, "
                "see docs/translating.md)")
            raise CatalogError(f"unknown language {code!r}: {why}; the languages are {', '.join(known)}")
    return list(dict.fromkeys(asked)) if asked else known
