"""Compile the kit's translations into a test's own folder, as ``rulesdojo i18n compile`` lays them
out (``<folder>/<code>/LC_MESSAGES/<domain>.mo``), for ``words_for(code, folder)``.

The content catalog merges the question bank's and the lessons' ``.po`` files; the interface
catalog every ``interface*.po``. With ``every`` a function, every content text is given
``every(code, msgid)`` in place of its translation (recognisably translated, so a test of the
translated path can fail whatever the real translations hold), and each interface string without a
translation too (the real ones are kept: tests read them).
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


def _merged(code: str, files: list[Path], every: Callable | None, always: bool = False, extra=()) -> Catalog:
    out = Catalog(locale=code, domain="messages")
    for path in files:
        with path.open("rb") as f:
            cat = read_po(f, locale=code)
        for m in cat:
            if not m.id or m.fuzzy:
                continue
            string = m.string
            empty = not any(string) if isinstance(string, tuple) else not string
            if every is not None and (empty or always):
                string = every(code, m.id)
                if isinstance(m.id, tuple) and len(string) < out.num_plurals:
                    string = tuple(list(string) + [string[-1]] * (out.num_plurals - len(string)))
            elif isinstance(m.id, tuple) and not empty and len(string) < out.num_plurals:
                string = tuple(list(string) + [string[-1]] * (out.num_plurals - len(string)))
            out.add(m.id, string, context=m.context)
    for context, english, said in extra:  # a test's own translation, in place of the kit's
        out.delete(english, context=context)
        out.add(english, said, context=context)
    return out


def compile_catalogs(folder: Path, codes=("es", "ja"), every: Callable | None = None,
                     untranslated: frozenset[str] = frozenset(), content: dict | None = None) -> Path:
    """Write each language's content and interface ``.mo`` into ``folder``; return it.
    ``untranslated``: stems of content files left out, so their texts have no translation;
    ``content``: a language's extra translations, (id, English, translation) each."""
    for code in codes:
        at = folder / code / "LC_MESSAGES"
        at.mkdir(parents=True, exist_ok=True)
        sources = [p for p in content_files(code) if p.stem not in untranslated]
        for domain, files in (("content", sources), ("interface", interface_files(code))):
            with (at / f"{domain}.mo").open("wb") as f:
                extra = (content or {}).get(code, ()) if domain == "content" else ()
                write_mo(f, _merged(code, files, every, always=domain == "content", extra=extra))
    return folder
