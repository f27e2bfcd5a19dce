"""The content catalogs on disk: one ``.po`` file per lesson or question file and language, in a
``locale/<code>/`` folder beside the English files (``lessons/locale/es/07-landfall.po``,
``quiz/bank/locale/ja/<question id>.po``), made and kept up to date from the English with Babel.

``update(code)`` writes each file's catalog with every text of its English source (``content.texts``)
under its id: a new text comes in untranslated, a text whose English changed keeps its old
translation marked fuzzy (with the English it was made from), and a text gone from the source is
dropped. A translator fills in the ``msgstr`` and clears ``fuzzy``.

Babel is needed only here (making and compiling catalogs), not to show a page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from .content import Message, file_texts

ROOT = Path(__file__).resolve().parents[3]


def content_sources(root: Path = ROOT) -> Iterator[Path]:
    """The English lesson and question files whose texts are translated."""
    yield from sorted((root / "lessons").glob("[0-9]*.yaml"))
    yield from sorted((root / "widgets" / "rulesdojo" / "quiz" / "bank").glob("*.yaml"))


def po_path(source: Path, code: str) -> Path:
    """Where a source file's catalog for a language lives."""
    return source.parent / "locale" / code / f"{source.stem}.po"


def template(source: Path, root: Path = ROOT):
    """A Babel catalog of one source file's texts, untranslated."""
    from babel.messages.catalog import Catalog
    cat = Catalog(project="Rules Dojo", domain="content", fuzzy=False)
    rel = source.resolve().relative_to(root) if source.resolve().is_relative_to(root) else source
    for m in english(source):
        cat.add(m.english, "", locations=[(str(rel), m.line)], context=m.context)
    return cat


def english(source: Path) -> list[Message]:
    """The texts of an English source file; a ``CatalogError`` naming the file and the line if it
    can't be read."""
    from ..scenarios.yamlparse import yaml  # for its error class only: files are read by the kit's loader

    from .pofile import CatalogError
    try:
        return list(file_texts(source))
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError(f"{source}:1: can't read the file ({exc})") from None
    except (ValueError, yaml.YAMLError) as exc:  # YAML's and JSON's errors: the place they give
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else getattr(exc, "lineno", 1)
        problem = getattr(exc, "problem", None) or getattr(exc, "msg", None) or str(exc)
        raise CatalogError(f"{source}:{line}: not valid {source.suffix.lstrip('.').upper()}: {problem}") from None


def update(code: str, root: Path = ROOT) -> list[Path]:
    """Write or bring up to date the language's catalog of every source file; return the files
    written (a file that would say the same, dates aside, is left as it is)."""
    from .pofile import read, write
    written = []
    for source in content_sources(root):
        fresh = template(source, root)
        path = po_path(source, code)
        if path.is_file():
            old = read(path, code)
            old.update(fresh, no_fuzzy_matching=False)
            old.obsolete.clear()  # texts gone from the source go with it; git keeps their history
            cat = old
        else:
            cat = fresh
            cat.locale = code
        if write(path, cat):
            written.append(path)
    return written


if __name__ == "__main__":  # python -m rulesdojo.i18n.catalogs CODE: update that language's catalogs
    import sys
    for p in update(sys.argv[1]):
        print(p)
