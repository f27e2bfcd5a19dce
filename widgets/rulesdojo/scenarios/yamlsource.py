"""Read YAML safely, keeping the line each mapping and list item started on, for error messages.

Every file the kit reads (scenarios, cards, questions, lessons, exams, uploads) goes through ``load``:
safe loading only, no anchors or aliases (refused as they are met, before anything is expanded), at
most ``DEPTH_LIMIT`` levels of nesting and ``NODE_LIMIT`` values (both counted while composing, so no
recursion runs deep and nothing is built past the limit) and at most ``FILE_LIMIT`` bytes. The work
to read a file is then bounded by ``NODE_LIMIT`` whatever its shape. Where PyYAML has libyaml (a
server), libyaml scans and parses and the kit composes, with the same limits; elsewhere (the static
site's PyYAML is pure Python) PyYAML does it all (``yamlparse``). The site's build reads the kit's
own files once and the pages take them as read (``KEPT``).
"""

from __future__ import annotations

import hashlib
import pickle  # noqa: S403 - only the site's own build output is unpickled (KEPT)
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any, Callable, Collection, Iterable

# Located and LocatedList are read from here by the question and lesson readers too.
from .located import DEPTH_LIMIT, FILE_LIMIT, NODE_LIMIT
from .located import Located as Located
from .located import LocatedList as LocatedList

#: The kit's own YAML files as the site's build read them (the browser's PyYAML is pure Python: the
#: ten lessons alone took 0.3 s there), written beside the package by ``rulesdojo build-site``.
KEPT = Path(__file__).resolve().parent.parent / "kept-yaml.pickle"


def load(text: str) -> Any:
    """Parse YAML with safe loading, no anchors or aliases; mappings and lists carry line numbers.

    A text the site's build read already (``KEPT``) is taken as it was read then.

    >>> d = load("a: 1\\nb:\\n  - x\\n  - y\\n")
    >>> d.line, d["b"].lines
    (1, [3, 4])
    """
    kept = _kept(text)
    if kept is not None:
        return kept
    from .yamlparse import parse
    return parse(text)


def keep(texts: Iterable[str]) -> bytes:
    """Read each text that parses and return them as ``KEPT`` holds them, by their UTF-8 bytes' digest.

    >>> kept = pickle.loads(keep(["a: [1]", "a: &x 1"]))
    >>> len(kept), pickle.loads(kept[_digest("a: [1]")])
    (1, {'a': [1]})
    """
    from .yamlparse import parse
    kept = {}
    for text in texts:
        try:
            kept[_digest(text)] = pickle.dumps(parse(text), protocol=5)
        except Exception:  # noqa: BLE001 - read where it is loaded, with the message it deserves
            continue
    return pickle.dumps(kept, protocol=5)


def _kept(text: str) -> Any:
    entry = _kept_texts().get(_digest(text))
    return None if entry is None else pickle.loads(entry)  # a copy each time: callers may change it


@cache
def _kept_texts() -> dict[bytes, bytes]:
    try:
        texts: dict[bytes, bytes] = pickle.loads(KEPT.read_bytes())  # noqa: S301 - written by the site's build, in the wheel
        return texts
    except FileNotFoundError:
        return {}


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


def line_of(obj: object, default: int = 0) -> int:
    line: int = getattr(obj, "line", default) or default
    return line


def key_line(obj: object, key: object, default: int = 0) -> int:
    """Return the line a mapping's key is written on (else the mapping's own line).

    >>> key_line(load("a: 1\\nb: 2\\n"), "b")
    2
    """
    lines = getattr(obj, "key_lines", None) or {}
    try:
        return lines.get(key) or line_of(obj, default)
    except TypeError:  # an unhashable key
        return line_of(obj, default)


def item_line(seq: Any, i: int, default: int = 0) -> int:
    """Return the line of a list's i-th item (else the item's own line, if it is a mapping)."""
    lines = getattr(seq, "lines", None)
    if lines and 0 <= i < len(lines):
        line: int = lines[i]
        return line
    return line_of(seq[i], default) if 0 <= i < len(seq) else default


def load_file(path: str | Path, error: Callable[..., Exception]) -> tuple[Any, str]:
    """Read a YAML file, raising ``error(message, file=..., place=...)`` when it can't be read or parsed."""
    path = Path(path)
    try:
        with path.open("rb") as f:
            raw = f.read(FILE_LIMIT + 1)
        if len(raw) > FILE_LIMIT:
            raise error(f"the file is larger than {FILE_LIMIT // 1024} KB; the kit's files are a few KB",
                        file=str(path))
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise error(f"can't read the file ({exc.__class__.__name__}: {exc})", file=str(path))
    return load_text(text, error, str(path)), text


def load_text(text: str, error: Callable[..., Exception], source: str) -> Any:
    """Parse YAML text read elsewhere (an upload), raising ``error`` with the line when it can't be parsed.

    >>> from rulesdojo.rules.errors import ScenarioError
    >>> load_text("a: &x [1]\\nb: *x\\n", ScenarioError, "x.yaml")
    Traceback (most recent call last):
    rulesdojo.rules.errors.ScenarioError: x.yaml: line 1: not valid YAML: found an anchor (&x); anchors and aliases aren't allowed: write the value out
    """
    kept = _kept(text)
    if kept is not None:
        return kept
    try:
        from .yamlparse import parse_text
    except ImportError:  # the practice site carries no YAML parser: it has the kit's own files as read
        raise error("the practice site in your browser reads only the lessons' own scenarios; play your own "
                    "scenario file in the sandbox of a Rules Dojo server or JupyterLab", file=source) from None
    return parse_text(text, error, source)


NAME_LIMIT = 80    # characters in a name: a player, a card, an id, a key
TEXT_LIMIT = 200   # characters in any other plain text: a title, a mode's text, an option


def quoted(text: str, most: int = 60) -> str:
    """Quote a text for a message, cut short when it is long.

    >>> quoted("R&D"), quoted("x" * 100, 5)
    ("'R&D'", "'xxxxx…'")
    """
    return repr(text if len(text) <= most else text[:most] + "…")


def name_problem(text: str, limit: int = NAME_LIMIT) -> str | None:
    """Return why ``text`` can't be a name (too long, or a control character), or None if it can.

    Names and titles are text: ``<``, ``>`` and ``&`` are theirs to hold, since every view escapes
    them or sets them as text. A control or bidi character would make the name read other than it
    is, so it is refused where the file is read.

    >>> name_problem("R&D") is None, name_problem("Mana -> energy") is None
    (True, True)
    >>> name_problem("Ali\\u202ece"), name_problem("N" * 81)
    ("holds a control character ('\\\\u202e')", 'is 81 characters long; at most 80')
    """
    if len(text) > limit:
        return f"is {len(text)} characters long; at most {limit}"
    for ch in text:
        if unicodedata.category(ch).startswith("C"):  # controls, format (bidi overrides), unassigned
            return f"holds a control character ({ch!r})"
    return None


def check_names(data: Any, error: Callable[..., Exception], file: str, skip: Collection[str] = frozenset(),
                line: int = 0, place: str = "") -> None:
    """Refuse control characters, and overlong texts, in every key and text of ``data`` but under ``skip``.

    A key is a name (at most ``NAME_LIMIT`` characters); any other text at most ``TEXT_LIMIT``.
    Raise ``error(message, file=..., place="line N, ...")``; ``skip`` names the keys whose values are
    author prose. Scenario, question, lesson and exam files call it on what they read.

    >>> from rulesdojo.rules.errors import ScenarioError
    >>> check_names(load("players:\\n  - name: R&D\\n  - name: Na\\u202edia\\n"), ScenarioError, "x.yaml")
    Traceback (most recent call last):
    rulesdojo.rules.errors.ScenarioError: x.yaml: line 3, players[2].name: name 'Na\\u202edia' holds a control character ('\\u202e')
    """
    def refuse(text: str, what: str, at: int, limit: int) -> None:
        problem = name_problem(text, limit)
        if problem:
            where = f"line {at}, {place}" if at and place else f"line {at}" if at else place or None
            raise error(f"{what} {quoted(text)} {problem}", file=file, place=where)

    if isinstance(data, dict):
        for key, value in data.items():
            at = key_line(data, key, line)
            inner = f"{place}.{key}" if place else str(key)
            if isinstance(key, str):
                refuse(key, "key", at, NAME_LIMIT)
            if key not in skip:
                check_names(value, error, file, skip, at, inner)
    elif isinstance(data, list):
        for i, item in enumerate(data):
            check_names(item, error, file, skip, item_line(data, i, line), f"{place}[{i + 1}]")
    elif isinstance(data, str):
        refuse(data, place.rsplit(".", 1)[-1].split("[")[0] or "text", line, TEXT_LIMIT)
