"""Compile the kit's translations into a test's own folder, as ``rulesdojo i18n compile`` lays them
out (``<folder>/<code>/LC_MESSAGES/<domain>.mo``), for ``words_for(code, folder)``.

The content catalog merges the question bank's and the lessons' ``.po`` files; the interface
catalog every ``interface*.po``. With ``every`` a function, each message without a translation is
given ``every(code, msgid)``: a catalog where every text is translated, so a test of the translated
path can fail even while the real translations are partly empty.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import rulesdojo

KIT = Path(rulesdojo.__file__).resolve().parent
ROOT = KIT.parent.parent
LOCALE = KIT / "i18n" / "locale"


def content_files(code: str) -> list[Path]:
    return sorted((KIT / "quiz" / "bank" / "locale" / code).glob("*.po")) + \
        sorted((ROOT / "lessons" / "locale" / code).glob("*.po"))


def interface_files(code: str) -> list[Path]:
    return sorted((LOCALE / code / "LC_MESSAGES").glob("interface*.po"))


def marked(code: str, msgid):
    """A made-up translation that keeps every placeholder: the English after a mark."""
    if isinstance(msgid, tuple):
        return tuple(f"⟦{code}⟧ {m}" for m in msgid)
    return f"⟦{code}⟧ {msgid}"


def _merged(code: str, files: list[Path], every: Callable | None) -> Catalog:
    out = Catalog(locale=code, domain="messages")
    for path in files:
        with path.open("rb") as f:
            cat = read_po(f, locale=code)
        for m in cat:
            if not m.id:
                continue
            string = m.string
            empty = not any(string) if isinstance(string, tuple) else not string
            if empty and every is not None:
                string = every(code, m.id)
                if isinstance(m.id, tuple) and len(string) < out.num_plurals:
                    string = tuple(list(string) + [string[-1]] * (out.num_plurals - len(string)))
            elif isinstance(m.id, tuple) and not empty and len(string) < out.num_plurals:
                string = tuple(list(string) + [string[-1]] * (out.num_plurals - len(string)))
            out.add(m.id, string, context=m.context)
    return out


def compile_catalogs(folder: Path, codes=("es", "ja"), every: Callable | None = None) -> Path:
    """Write each language's content and interface ``.mo`` into ``folder``; return it."""
    for code in codes:
        at = folder / code / "LC_MESSAGES"
        at.mkdir(parents=True, exist_ok=True)
        for domain, files in (("content", content_files(code)), ("interface", interface_files(code))):
            with (at / f"{domain}.mo").open("wb") as f:
                write_mo(f, _merged(code, files, every))
    return folder
