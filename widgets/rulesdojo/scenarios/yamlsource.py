"""Read YAML safely, keeping the line each mapping and list item started on, for error messages.

Every file the kit reads (scenarios, cards, questions, lessons, exams, uploads) goes through ``load``:
safe loading only, no anchors or aliases (refused as they are met, before anything is expanded), at
most ``DEPTH_LIMIT`` levels of nesting and ``NODE_LIMIT`` values (both counted while composing, so no
recursion runs deep and nothing is built past the limit) and at most ``FILE_LIMIT`` bytes. The work
to read a file is then bounded by ``NODE_LIMIT`` whatever its shape. Where PyYAML has libyaml (a
server), libyaml scans and parses and the kit composes, with the same limits; elsewhere (the static
site's PyYAML is pure Python) PyYAML does it all.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import yaml


class Located(dict):
    """A mapping that remembers the line it started on, and the line of each key."""
    line: int = 0
    key_lines: dict = {}


class LocatedList(list):
    """A list that remembers each item's line."""
    lines: list[int]


DEPTH_LIMIT = 64              # levels of nested lists and mappings; the shipped files use under 12
NODE_LIMIT = 10_000           # values (scalars, lists, mappings); the largest shipped file holds under 500
FILE_LIMIT = 512 * 1024       # bytes; the largest shipped file is under 10 KB


class _Limits:
    """Refuse anchors and aliases and count nesting and values as the document is composed."""

    depth = nodes = 0

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise yaml.composer.ComposerError(
                None, None, f"found an alias (*{event.anchor}); anchors and aliases aren't allowed: "
                "write the value out", event.start_mark)
        if event.anchor is not None:
            raise yaml.composer.ComposerError(
                None, None, f"found an anchor (&{event.anchor}); anchors and aliases aren't allowed: "
                "write the value out", event.start_mark)
        if self.depth >= DEPTH_LIMIT:
            raise yaml.composer.ComposerError(
                None, None, f"nested more than {DEPTH_LIMIT} levels deep", event.start_mark)
        self.nodes += 1
        if self.nodes > NODE_LIMIT:
            raise yaml.composer.ComposerError(
                None, None, f"holds more than {NODE_LIMIT} values; the kit's files hold a few hundred",
                event.start_mark)
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


class _Loader(_Limits, yaml.SafeLoader):
    """SafeLoader with the limits: PyYAML's own scanner and parser, where libyaml is missing."""

    def fetch_flow_collection_start(self, token_class):
        # The scanner reads ahead up to 1024 characters for a key; refusing the 65th "[" here keeps
        # a line of 20,000 from being scanned before the composer counts them.
        if self.flow_level >= DEPTH_LIMIT:
            raise yaml.scanner.ScannerError(None, None, f"nested more than {DEPTH_LIMIT} levels deep",
                                            self.get_mark())
        super().fetch_flow_collection_start(token_class)


_CParser = getattr(getattr(yaml, "_yaml", None), "CParser", None) if yaml.__with_libyaml__ else None


if _CParser is not None:
    class _FastLoader(_Limits, yaml.composer.Composer, yaml.constructor.SafeConstructor,
                      yaml.resolver.Resolver, _CParser):  # type: ignore[misc,valid-type]
        """The same limits on libyaml's events: its scanner and parser are C (80% of the time
        reading the question bank went to PyYAML's Python scanner); composing stays here, so every
        limit is checked as each value arrives, and libyaml reads no further ahead than an event."""

        def __init__(self, stream):
            _CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

    LOADERS: tuple = (_Loader, _FastLoader)
else:
    LOADERS = (_Loader,)
# libyaml's scanner meets a line of "[" before the composer counts them: said in the kit's words
LIBYAML_SAYS = {"exceeded maximum nesting depth": f"nested more than {DEPTH_LIMIT} levels deep"}


def _mapping(loader, node):
    m = Located(loader.construct_mapping(node, deep=True))
    m.line = node.start_mark.line + 1
    m.key_lines = {}
    for key_node, _ in node.value:  # merge keys are already flattened by construct_mapping
        if isinstance(key_node, yaml.ScalarNode):
            m.key_lines.setdefault(loader.construct_object(key_node), key_node.start_mark.line + 1)
    return m


def _sequence(loader, node):
    s = LocatedList(loader.construct_sequence(node, deep=True))
    s.lines = [n.start_mark.line + 1 for n in node.value]
    return s


for _loader in LOADERS:
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load(text: str):
    """Parse YAML with safe loading, no anchors or aliases; mappings and lists carry line numbers.

    >>> d = load("a: 1\\nb:\\n  - x\\n  - y\\n")
    >>> d.line, d["b"].lines
    (1, [3, 4])
    """
    return yaml.load(text, Loader=LOADERS[-1])  # noqa: S506 - safe constructors only


def line_of(obj, default: int = 0) -> int:
    return getattr(obj, "line", default) or default


def key_line(obj, key, default: int = 0) -> int:
    """Return the line a mapping's key is written on (else the mapping's own line).

    >>> key_line(load("a: 1\\nb: 2\\n"), "b")
    2
    """
    lines = getattr(obj, "key_lines", None) or {}
    try:
        return lines.get(key) or line_of(obj, default)
    except TypeError:  # an unhashable key
        return line_of(obj, default)


def item_line(seq, i: int, default: int = 0) -> int:
    """Return the line of a list's i-th item (else the item's own line, if it is a mapping)."""
    lines = getattr(seq, "lines", None)
    if lines and 0 <= i < len(lines):
        return lines[i]
    return line_of(seq[i], default) if 0 <= i < len(seq) else default


def load_file(path, error):
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


def load_text(text: str, error, source: str):
    """Parse YAML text read elsewhere (an upload), raising ``error`` with the line when it can't be parsed.

    >>> from rulesdojo.rules.errors import ScenarioError
    >>> load_text("a: &x [1]\\nb: *x\\n", ScenarioError, "x.yaml")
    Traceback (most recent call last):
    rulesdojo.rules.errors.ScenarioError: x.yaml: line 1: not valid YAML: found an anchor (&x); anchors and aliases aren't allowed: write the value out
    """
    try:
        return load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        problem = LIBYAML_SAYS.get(problem, problem)
        raise error(f"not valid YAML: {problem}", file=source,
                    place=f"line {mark.line + 1}" if mark else None)


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


def check_names(data, error, file: str, skip=frozenset(), line: int = 0, place: str = "") -> None:
    """Refuse control characters, and overlong texts, in every key and text of ``data`` but under ``skip``.

    A key is a name (at most ``NAME_LIMIT`` characters); any other text at most ``TEXT_LIMIT``.
    Raise ``error(message, file=..., place="line N, ...")``; ``skip`` names the keys whose values are
    author prose. Scenario, question, lesson and exam files call it on what they read.

    >>> from rulesdojo.rules.errors import ScenarioError
    >>> check_names(load("players:\\n  - name: R&D\\n  - name: Na\\u202edia\\n"), ScenarioError, "x.yaml")
    Traceback (most recent call last):
    rulesdojo.rules.errors.ScenarioError: x.yaml: line 3, players[2].name: name 'Na\\u202edia' holds a control character ('\\u202e')
    """
    def refuse(text, what, at, limit):
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
