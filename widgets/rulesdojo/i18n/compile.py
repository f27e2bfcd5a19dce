"""Compiling a language's ``.po`` files into the ``.mo`` files pages read (``rulesdojo i18n compile``).

One ``.mo`` per domain (``DOMAINS``) and language, merging the domain's files (``layout.domain_files``:
every ``interface*.po``, every content ``.po`` of the lessons and the questions). Only current
translations are compiled: an empty one, or one marked fuzzy (its English changed since it was
made), is left out, so the page shows the English, marked, rather than a stale text.

The output depends only on the messages: entries sorted, a header with just the charset, the
language and its plural forms (no dates), so compiling the same files gives the same bytes, and a
test can tell that the committed ``.mo`` files are current.

>>> import gettext, io
>>> mo = mo_bytes({"Check my answer": "Comprobar mi respuesta"}, "es", "nplurals=2; plural=(n != 1);")
>>> gettext.GNUTranslations(io.BytesIO(mo)).gettext("Check my answer")
'Comprobar mi respuesta'
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any, Iterator

from . import DOMAINS
from .catalogs import ROOT
from .layout import LOCALE, domain_files
from .pofile import read

_MAGIC = 0x950412DE


def mo_bytes(messages: dict[str, str], code: str, plural_forms: str) -> bytes:
    """A GNU ``.mo`` file of ``messages`` (gettext key to translation: ``context\\x04msgid``,
    ``msgid\\0msgid_plural`` to forms joined by ``\\0``), with its header."""
    header = f"Content-Type: text/plain; charset=UTF-8\nLanguage: {code}\nPlural-Forms: {plural_forms}\n"
    entries = sorted([(b"", header.encode())] + [(k.encode(), v.encode()) for k, v in messages.items()])
    ids = strs = b""
    places = []
    for key, value in entries:
        places.append((len(ids), len(key), len(strs), len(value)))
        ids += key + b"\0"
        strs += value + b"\0"
    start = 7 * 4 + 16 * len(entries)  # after the header and the two tables
    table: list[int] = []
    for kpos, klen, _, _ in places:
        table += [klen, start + kpos]
    for _, _, vpos, vlen in places:
        table += [vlen, start + len(ids) + vpos]
    head = struct.pack("<7I", _MAGIC, 0, len(entries), 7 * 4, 7 * 4 + 8 * len(entries), 0, 0)
    return head + struct.pack(f"<{len(table)}I", *table) + ids + strs


def current(catalog: Any) -> Iterator[tuple[str, str]]:
    """The gettext key and translation of each message translated and not fuzzy."""
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        forms = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        if not all(forms):
            continue
        key = "\0".join(m.id) if isinstance(m.id, (tuple, list)) else m.id
        yield (f"{m.context}\x04{key}" if m.context else key), "\0".join(forms)


def plural_forms(code: str, catalogs: list[Any]) -> str:
    """The language's plural forms as its interface catalogs say them, else as Babel knows them."""
    from babel.messages.catalog import Catalog
    for cat in catalogs:
        if "Plural-Forms" in dict(cat.mime_headers):
            return str(cat.plural_forms)
    return str(Catalog(locale=code).plural_forms)


def domain_mo(code: str, domain: str, root: Path = ROOT) -> bytes:
    """One domain's ``.mo`` for a language: the messages of its files, the first file's translation
    where two give one."""
    catalogs = [read(p, code) for p in domain_files(code, domain, root)]
    messages: dict[str, str] = {}
    for cat in catalogs:
        for key, text in current(cat):
            messages.setdefault(key, text)
    interface = catalogs if domain == "interface" else [read(p, code) for p in domain_files(code, "interface", root)]
    return mo_bytes(messages, code, plural_forms(code, interface))


def compile_language(code: str, root: Path = ROOT, out: Path | None = None) -> list[Path]:
    """Write a language's ``.mo`` files under ``out`` (the kit's ``locale`` folder unless given);
    return those whose bytes changed."""
    changed = []
    for domain in DOMAINS:
        path = (out or root / LOCALE) / code / "LC_MESSAGES" / f"{domain}.mo"
        data = domain_mo(code, domain, root)
        if not path.is_file() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            changed.append(path)
    return changed
