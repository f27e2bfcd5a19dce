"""The interface's and the engine's English strings, found in the kit's Python with Babel's extractor,
and each language's catalogs of them kept up to date (``rulesdojo i18n update``).

A call is found by its name, whatever it is called on: ``words("Check my answer")``,
``self.words(...)`` and ``_words(...)`` are interface strings, ``words.n(singular, plural, count)``
a plural one, ``said(...)`` (``words.said`` or the engine's own ``said``) an engine sentence,
``said_n(singular, plural, count)`` a plural one. The English must be a literal string at the call
(no variable, no f-string), else it is not found.
Babel reads the calls with ``calls``, which reads the Python syntax tree: Babel's own Python reader
goes by tokens and takes ``words[0]`` (a list named ``words``) for a call.

The interface's translations are kept in one file per piece of the kit that shows text
(``interface-<piece>.po``), so that the pieces are translated apart: a string goes to the piece of
the first place it is used (``piece_of``), unless a piece's file already has it (it stays there).
The engine's sentences go to ``engine.po``.

>>> piece_of("widgets/rulesdojo/views/quiz_keys.py"), piece_of("widgets/rulesdojo/rules/engine.py")
('quiz', 'game')
>>> piece_of("widgets/rulesdojo/views/saying.py"), piece_of("widgets/rulesdojo/state/course.py")
('game', 'course')
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any, Iterable, Mapping

from .catalogs import ROOT
from .layout import PACKAGE, messages_folder, template
from .pofile import CatalogError, read, write

#: Babel keywords (call name -> which arguments are the message) per domain. ``None``: the first
#: argument; ``(1, 2)``: the singular and the plural (the count comes third). A dotted call
#: (``self.words``, ``words.n``, ``words.said``) is found by its last name.
KEYWORDS: Mapping[str, Mapping[str, Any]] = {
    "interface": {"words": None, "_words": None, "n": (1, 2)},
    "engine": {"said": None, "said_n": (1, 2)},
}
#: The pieces of the kit whose interface strings are translated apart, each with the places (from
#: the package folder, as path prefixes) whose strings are its own; ``course`` has the rest.
PIECES: Mapping[str, tuple[str, ...]] = {
    "quiz": ("views/quiz", "views/due", "views/gain", "views/learner", "quiz/"),
    "game": ("rules/", *(f"views/{v}" for v in ("board", "stack", "order", "payment", "choices", "log",
                                                  "energy", "mana", "sandbox", "trainer", "tables",
                                                  "saying"))),
    "course": ("",),
}
#: Package folders with no text of the kit's pages: the language tools themselves.
NOT_SCANNED = ("i18n/",)


def piece_of(location: str) -> str:
    """The piece whose file keeps a string first used at ``location`` (a path from the source folder)."""
    inside = location.split(f"{PACKAGE.as_posix()}/", 1)[-1]
    return next(piece for piece, prefixes in PIECES.items() if inside.startswith(prefixes))


def sources(root: Path = ROOT) -> list[Path]:
    """The Python files the strings are found in."""
    package = root / PACKAGE
    return [p for p in sorted(package.rglob("*.py"))
            if not p.relative_to(package).as_posix().startswith(NOT_SCANNED)]


def calls(fileobj, keywords, comment_tags, options):
    """A Babel extraction method: each call named by a keyword, as ``(line, name, arguments, [])``,
    an argument a literal string or None (anything else).

    >>> import io
    >>> src = b'words("Hi {who}", who=w)\\nwords[0]\\nself.words.n("{n} land", "{n} lands", k)\\n'
    >>> list(calls(io.BytesIO(src), {"words": None, "n": (1, 2)}, (), {}))
    [(1, 'words', ('Hi {who}',), []), (3, 'n', ('{n} land', '{n} lands', None), [])]
    """
    source = fileobj.read()
    if not _may_call(source, keywords):
        return
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name in keywords and node.args:
                args = tuple(a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                             for a in node.args)
                yield node.args[0].lineno, name, args, []


def _may_call(source: bytes, keywords) -> bool:
    """A quick look for a keyword followed by ``(``, before a file is parsed (most have none)."""
    names = b"|".join(re.escape(k.encode()) for k in keywords)
    return re.search(rb"\b(?:" + names + rb")\s*\(", source) is not None


def templates(files: Iterable[Path], root: Path = ROOT) -> dict[str, Any]:
    """A Babel catalog per domain of every string found in ``files``, with where each is used."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract
    found = {domain: Catalog(project="Rules Dojo", domain=domain, fuzzy=False) for domain in KEYWORDS}
    for path in files:
        rel = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
        for domain, keywords in KEYWORDS.items():
            with path.open("rb") as f:
                try:
                    for line, message, _comments, context in extract(calls, f, keywords=keywords):
                        found[domain].add(message, locations=[(rel, line)], context=context)
                except SyntaxError as exc:
                    raise CatalogError(f"{rel}:{exc.lineno}: not Python the extractor can read: {exc.msg}") from None
    return found


def split_by_piece(fresh: Any, existing: Mapping[str, Any]) -> dict[str, Any]:
    """The interface template divided among the pieces: a string goes to its first place's piece,
    unless another piece's file has it and that piece's doesn't (it stays where it is translated).
    A string two files have is kept in one only: its first place's piece's, else the first file's
    (compiling shows the first file's translation of a string, in the files' name order)."""
    from babel.messages.catalog import Catalog
    parts = {piece: Catalog(project="Rules Dojo", domain="interface", fuzzy=False) for piece in PIECES}
    for m in fresh:
        if not m.id:
            continue
        own = piece_of(sorted(m.locations)[0][0]) if m.locations else "course"
        held = sorted(piece for piece, cat in existing.items() if cat.get(m.id, m.context) is not None)
        parts[own if own in held or not held else held[0]][m.id] = m
    return parts


def merge(path: Path, fresh: Any, code: str, old: Any | None) -> bool:
    """Bring the catalog at ``path`` up to the template ``fresh``: new strings untranslated, changed
    ones fuzzy with their old translation, gone ones dropped. Return whether the file changed."""
    if old is None:
        if not len(fresh):
            return False  # no file for a piece with no strings yet
        from babel.messages.catalog import Catalog
        old = Catalog(locale=code, project="Rules Dojo", domain=fresh.domain, fuzzy=False)
    old.update(fresh, no_fuzzy_matching=False)
    old.obsolete.clear()  # strings gone from the code go with it; git keeps their history
    return write(path, old)


def update(code: str, fresh: Mapping[str, Any], root: Path = ROOT) -> list[Path]:
    """Bring a language's interface and engine catalogs up to the templates ``fresh``; return the
    files written."""
    folder = messages_folder(code, root)
    files = {piece: folder / f"interface-{piece}.po" for piece in PIECES}
    existing = {piece: read(p, code) for piece, p in files.items() if p.is_file()}
    written = [files[piece] for piece, part in split_by_piece(fresh["interface"], existing).items()
               if merge(files[piece], part, code, existing.get(piece))]
    engine = folder / "engine.po"
    if merge(engine, fresh["engine"], code, read(engine, code) if engine.is_file() else None):
        written.append(engine)
    return written


def write_templates(fresh: Mapping[str, Any], root: Path = ROOT) -> list[Path]:
    """Write the ``.pot`` templates; return those that changed."""
    return [template(domain, root) for domain, cat in fresh.items() if write(template(domain, root), cat)]
