"""Reading and writing ``.po`` files for the language commands: a malformed file is a
``CatalogError`` naming the file, the line and what is wrong, and a file is rewritten only when
what it says changed (not for a new date in its header).

Babel reads the files; its parser lets some mistakes through (a string with no closing quote), so
each line is checked for the shape of a PO line first.

>>> bad_line(['msgid "a"', 'msgstr "b'])
(2, 'a string with no closing quote')
>>> bad_line(['#: lessons/07-landfall.yaml:2', 'msgctxt "x"', 'msgid ""', '"one\\\\n"', 'msgstr[0] ""'])
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

#: A PO line: a comment, a keyword and its string, or a string continuing the one before.
_KEYWORD = re.compile(r'(msgctxt|msgid|msgid_plural|msgstr|msgstr\[\d+\])\s+(".*)$')
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"\s*$')
#: Header lines that say when a file was made or touched, not what it says.
_DATES = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date): [^"]*"\n', re.M)


class CatalogError(ValueError):
    """A language file that can't be read: ``str()`` is ``file:line: what is wrong``."""


def bad_line(lines: list[str]) -> tuple[int, str] | None:
    """The first line that is not a PO line, and what is wrong with it; None if every line is."""
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if text.startswith("#~"):  # an obsolete entry: the same lines, commented
            text = text[2:].strip()
        elif text.startswith("#"):
            continue
        if not text:
            continue
        keyword = _KEYWORD.match(text)
        string = keyword.group(2) if keyword else text if text.startswith('"') else None
        if string is None:
            return number, f"not a PO line (a keyword such as msgid or msgstr, or a quoted string): {text[:40]!r}"
        if not _STRING.fullmatch(string):
            return number, "a string with no closing quote"
    return None


def read(path: Path, code: str | None = None) -> Any:
    """The Babel catalog in ``path``; a ``CatalogError`` if it can't be read."""
    from babel.messages.pofile import PoFileError, read_po
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise CatalogError(f"{path}:{line}: not UTF-8 text (byte {data[exc.start]:#x})") from None
    wrong = bad_line(text.splitlines())
    if wrong:
        raise CatalogError(f"{path}:{wrong[0]}: {wrong[1]}")
    try:
        return read_po(io.BytesIO(data), locale=code, abort_invalid=True)
    except PoFileError as exc:
        raise CatalogError(f"{path}:{exc.lineno}: {exc}") from None
    except ValueError as exc:  # e.g. an unknown locale or plural form in the header
        raise CatalogError(f"{path}:1: {exc}") from None


def render(catalog: Any) -> bytes:
    """A catalog as a ``.po`` file's bytes, in the order of its messages, lines never wrapped."""
    from babel.messages.pofile import write_po
    out = io.BytesIO()
    write_po(out, catalog, width=0, omit_header=False, sort_output=False)
    return out.getvalue()


def write(path: Path, catalog: Any) -> bool:
    """Write ``catalog`` to ``path`` unless the file already says the same (dates aside); return
    whether it was written."""
    data = render(catalog)
    if path.is_file() and _DATES.sub(b"", path.read_bytes()) == _DATES.sub(b"", data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True
