"""Checking a language's translations (``rulesdojo i18n lint``): each finding names the file, the
line of the entry and its id (a content text's stable id, else the English).

- missing: a text with no translation, or not in the language's catalog yet;
- stale: a translation marked fuzzy, or made from an English text that is no longer the one at its
  id (or no longer in the code);
- not kept: placeholders, symbols, rule numbers, link targets (``checks.kept``);
- card names not as printed in the language (``checks.card_names``, for lesson and question texts);
- an interface string translated differently in two pieces' files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping

from .catalogs import ROOT, content_sources, english, po_path
from .checks import card_names, kept
from .layout import CONTENT_FOLDERS, PACKAGE, domain_files, messages_folder
from .pofile import read

_NAME = re.compile(r"^name:\s*(.+?)\s*$", re.M)
#: The flag of a card-name catalog's entry left empty because the source of printed names has no
#: printing of that card in the language (docs/translating.md): not a missing translation.
NO_PRINTING = "no-printing-in-source"


@dataclass(frozen=True)
class Finding:
    """One thing wrong with a translation; ``missing`` for a text not translated yet."""

    path: Path
    line: int
    id: str
    what: str
    missing: bool = False

    def where(self, root: Path = ROOT) -> str:
        path = self.path.relative_to(root) if self.path.is_relative_to(root) else self.path
        return f"{path}:{self.line}: [{self.id}] {self.what}"


def _id(m: Any) -> str:
    english = m.id[0] if isinstance(m.id, (tuple, list)) else m.id
    return m.context or (english if len(english) <= 50 else english[:47] + "...")


def _forms(m: Any) -> tuple[str, ...]:
    return tuple(m.string) if isinstance(m.string, (tuple, list)) else (m.string,)


def entry(path: Path, m: Any, english: str | None, printed: Mapping[str, str],
          exact: bool = True) -> Iterator[Finding]:
    """The findings of one catalog entry; ``english``: the source's text at its id now (None when
    gone; the entry's own English where the source isn't looked at); ``exact``: False for a card's
    printed text, which is as printed, not the Oracle text's symbols one for one (a basic land's
    printing shows its mana symbol alone, reminder text spells "{E}{E}{E}" where Oracle says "three")."""
    at = (path, m.lineno or 1, _id(m))
    forms = _forms(m)
    if not any(forms) and NO_PRINTING in m.flags:
        return  # a card the card-name source has no printing of in this language: its English is shown
    if not any(forms):
        yield Finding(*at, "no translation", missing=True)
        return
    if not all(forms):
        yield Finding(*at, f"plural forms: {sum(map(bool, forms))} of {len(forms)} translated (the file's "
                      "Plural-Forms says how many the language has); the English is shown until all are")
        return
    source = m.id[-1] if isinstance(m.id, (tuple, list)) else m.id
    if m.fuzzy:
        yield Finding(*at, "stale: marked fuzzy (its English changed since it was translated)")
    elif english is None:
        yield Finding(*at, "stale: the English source no longer has this text")
        return
    elif english != source:
        yield Finding(*at, "stale: the English at this id changed since it was translated")
    plural = isinstance(m.id, (tuple, list))
    if not exact:
        return
    for form in _forms(m):
        for what in kept(source, form, plural) + card_names(source, form, printed):
            yield Finding(*at, what)


def printed_names(code: str, root: Path = ROOT) -> dict[str, str]:
    """The kit's cards' names (``name:`` of each card file) as printed in the language, from its
    ``cards.po``, for the cards that have one."""
    cards = messages_folder(code, root) / "cards.po"
    if not cards.is_file():
        return {}
    kit = {n.strip("'\"") for p in (root / PACKAGE / "cards").glob("*.yaml")
           for n in _NAME.findall(p.read_text(encoding="utf-8"))}
    return {m.id: m.string for m in read(cards, code)
            if m.id in kit and isinstance(m.string, str) and m.string and not m.fuzzy}


def content(code: str, root: Path, printed: Mapping[str, str]) -> Iterator[Finding]:
    """The findings of the lesson and question texts' catalogs, against their English files."""
    sources = list(content_sources(root))
    known = {po_path(s, code) for s in sources}
    for source in sources:
        texts = {m.context: m for m in english(source)}
        path = po_path(source, code)
        if not path.is_file():
            yield from (Finding(path, 1, c, "not in the catalog (no catalog yet)", missing=True) for c in texts)
            continue
        cat = read(path, code)
        for m in cat:
            if m.id:
                yield from entry(path, m, getattr(texts.get(m.context), "english", None), printed)
        for context in texts.keys() - {m.context for m in cat if m.id}:
            yield Finding(path, 1, context, "not in the catalog yet (rulesdojo i18n update)", missing=True)
    for path in domain_files(code, "content", root):
        if path not in known:
            yield Finding(path, 1, path.stem, "no English source file for this catalog "
                          f"(the sources are {', '.join(map(str, CONTENT_FOLDERS))})")


def interface(code: str, root: Path, fresh: Mapping[str, Any] | None) -> Iterator[Finding]:
    """The findings of the interface, engine and card-name catalogs (against the strings in the
    code, ``fresh``, when given)."""
    for domain in ("interface", "engine", "cards"):
        for path in domain_files(code, domain, root):
            source = fresh.get(domain) if fresh else None
            for m in read(path, code):
                if m.id:
                    now = m.id if source is None or source.get(m.id, m.context) is not None else None
                    printing = domain == "cards" and (m.context or "").endswith("|text")
                    yield from entry(path, m, now[-1] if isinstance(now, (tuple, list)) else now, {},
                                     exact=not printing)


def twice(code: str, root: Path) -> Iterator[Finding]:
    """A string translated in two of the pieces' interface files, differently: the page shows the
    first file's (``compile``), so the other is never seen."""
    first: dict[tuple, tuple[Path, Any]] = {}
    for path in domain_files(code, "interface", root):
        for m in read(path, code):
            if not m.id or not all(_forms(m)) or m.fuzzy:
                continue
            key = (m.context, m.id)
            if key in first and _forms(first[key][1]) != _forms(m):
                shown = first[key][0].name
                yield Finding(path, m.lineno or 1, _id(m), f"translated differently in {shown}, whose "
                              "translation the page shows: keep the string in one file")
            first.setdefault(key, (path, m))


def lint(code: str, root: Path = ROOT, fresh: Mapping[str, Any] | None = None) -> list[Finding]:
    """Every finding of a language's catalogs."""
    printed = printed_names(code, root)
    cards = messages_folder(code, root) / "cards.po"
    unchecked = [] if cards.is_file() else [Finding(cards, 1, "cards", "no card-name catalog: card names in "
                                                     "translations can't be checked (docs/translating.md)")]
    return [*unchecked, *content(code, root, printed), *interface(code, root, fresh), *twice(code, root)]
