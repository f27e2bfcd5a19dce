"""Parse YAML with PyYAML within the limits (``located``): libyaml where it is (a server), PyYAML's
own Python scanner and parser elsewhere (the static site).

Imported only when a text has to be parsed: the site's pages take the kit's own files already read
(``yamlsource.load``), and importing PyYAML is a tenth of a second there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NoReturn

import yaml

from .located import DEPTH_LIMIT, NODE_LIMIT, Located, LocatedList


if TYPE_CHECKING:  # the loaders it is mixed into parse and compose: the type checker sees that here
    class _Composing(yaml.parser.Parser, yaml.composer.Composer):
        def peek_event(self) -> yaml.events.NodeEvent: ...  # unannotated in the stubs; a node starts here
else:
    _Composing = object


class _Limits(_Composing):
    """Refuse anchors and aliases and count nesting and values as the document is composed."""

    depth = nodes = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            _refuse(f"found an alias (*{event.anchor}); anchors and aliases aren't allowed: "
                    "write the value out", event.start_mark)
        if event.anchor is not None:
            _refuse(f"found an anchor (&{event.anchor}); anchors and aliases aren't allowed: "
                    "write the value out", event.start_mark)
        if self.depth >= DEPTH_LIMIT:
            _refuse(f"nested more than {DEPTH_LIMIT} levels deep", event.start_mark)
        self.nodes += 1
        if self.nodes > NODE_LIMIT:
            _refuse(f"holds more than {NODE_LIMIT} values; the kit's files hold a few hundred",
                    event.start_mark)
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _refuse(problem: str, mark: Any) -> NoReturn:
    """Refuse the document where ``mark`` is: PyYAML's own Mark, or libyaml's, which reads the same."""
    raise yaml.composer.ComposerError(None, None, problem, mark)


class _Loader(_Limits, yaml.SafeLoader):
    """SafeLoader with the limits: PyYAML's own scanner and parser, where libyaml is missing."""

    def fetch_flow_collection_start(self, token_class: type[yaml.Token]) -> None:
        # The scanner reads ahead up to 1024 characters for a key; refusing the 65th "[" here keeps
        # a line of 20,000 from being scanned before the composer counts them.
        if self.flow_level >= DEPTH_LIMIT:
            raise yaml.scanner.ScannerError(None, None, f"nested more than {DEPTH_LIMIT} levels deep",
                                            self.get_mark())
        super().fetch_flow_collection_start(token_class)


_CParser: Any = getattr(getattr(yaml, "_yaml", None), "CParser", None) if yaml.__with_libyaml__ else None


if _CParser is not None:
    class _FastLoader(_Limits, yaml.composer.Composer, yaml.constructor.SafeConstructor,
                      yaml.resolver.Resolver, _CParser):  # type: ignore[misc]  # libyaml's, where built
        """The same limits on libyaml's events: its scanner and parser are C (80% of the time
        reading the question bank went to PyYAML's Python scanner); composing stays here, so every
        limit is checked as each value arrives, and libyaml reads no further ahead than an event."""

        def __init__(self, stream: str) -> None:
            _CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

    LOADERS: tuple[type[Any], ...] = (_Loader, _FastLoader)
else:
    LOADERS = (_Loader,)
# libyaml's scanner meets a line of "[" before the composer counts them: said in the kit's words
LIBYAML_SAYS = {"exceeded maximum nesting depth": f"nested more than {DEPTH_LIMIT} levels deep"}


def _mapping(loader: yaml.constructor.SafeConstructor, node: yaml.MappingNode) -> Located:
    m = Located(loader.construct_mapping(node, deep=True))
    m.line = node.start_mark.line + 1
    m.key_lines = {}
    for key_node, _ in node.value:  # merge keys are already flattened by construct_mapping
        if isinstance(key_node, yaml.ScalarNode):
            m.key_lines.setdefault(loader.construct_object(key_node), key_node.start_mark.line + 1)
    return m


def _sequence(loader: yaml.constructor.SafeConstructor, node: yaml.SequenceNode) -> LocatedList:
    s = LocatedList(loader.construct_sequence(node, deep=True))
    s.lines = [n.start_mark.line + 1 for n in node.value]
    return s


for _loader in LOADERS:
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def parse(text: str) -> Any:
    """Parse YAML with safe loading, no anchors or aliases; mappings and lists carry line numbers.

    >>> d = parse("a: 1\\nb:\\n  - x\\n  - y\\n")
    >>> d.line, d["b"].lines
    (1, [3, 4])
    """
    return yaml.load(text, Loader=LOADERS[-1])  # noqa: S506 - safe constructors only


def parse_text(text: str, error: Callable[..., Exception], source: str) -> Any:
    """Parse YAML text, raising ``error`` with the line when it can't be parsed.

    >>> from rulesdojo.rules.errors import ScenarioError
    >>> parse_text("a: &x [1]\\nb: *x\\n", ScenarioError, "x.yaml")
    Traceback (most recent call last):
    rulesdojo.rules.errors.ScenarioError: x.yaml: line 1: not valid YAML: found an anchor (&x); anchors and aliases aren't allowed: write the value out
    """
    try:
        return parse(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        problem = LIBYAML_SAYS.get(problem, problem)
        raise error(f"not valid YAML: {problem}", file=source,
                    place=f"line {mark.line + 1}" if mark else None)
