"""A view's content as data, drawn by one ES module (``static/dom.js``) with text nodes only.

Python says what to show, as nodes; nothing here writes HTML, so a name holding ``<`` or ``&`` is
shown as it is, with no ``escape()`` to forget. A node is a string (text), ``["sym", "E"]``,
``["cite", "405.5"]`` (a rule the text names), ``["rule", "603.3b"]`` (a message's rule tag),
``["ruling", name, nodes]`` (a ruling's name, its text shown on focus and tap) or an element
``[tag, {attributes}, *children]`` made with ``h``. Game text becomes nodes through ``game``,
author prose (its few tags, ``**bold**``, ``*emphasis*``) through ``prose``: the one path markup takes.
"""

from __future__ import annotations

import html

import re
from functools import cache
from typing import Any, Union

import anywidget
import ipywidgets as ipw
import traitlets

from .modules import esm
from .text import _svg, game_text_parts

Node = Union[str, list]
_AUTHOR_TAGS = ("b", "strong", "i", "em", "code", "kbd", "p", "br", "ul", "ol", "li", "h3", "h4")
_AUTHOR_TAG = re.compile(r"<(/?)(" + "|".join(_AUTHOR_TAGS) + r")\s*/?>")
_EMPHASIS = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*|(?<![\w*])\*(?=[^\s*])([^*\n]+?)(?<=\S)\*(?![\w*])")
_VOID = ("br",)


def h(tag: str, *children: Node | None, **attrs: Any) -> list:
    """Make an element node: ``cls`` is its class, ``aria_label`` its ``aria-label``; a None child is left out.

    >>> h("div", "Hi ", h("b", "there"), cls="rd-note", role="status")
    ['div', {'class': 'rd-note', 'role': 'status'}, 'Hi ', ['b', {}, 'there']]
    """
    named = {("class" if k == "cls" else k.replace("_", "-")): v for k, v in attrs.items() if v is not None}
    return [tag, named, *(c for c in children if c is not None)]


def game(text: str, tips: bool = True) -> list[Node]:
    """Return the game's text as nodes: its symbols drawn, its rule numbers named, its rulings explained
    on focus (not with ``tips``: text a live region reads out whole).

    >>> game("Pay {E} (CR 107.14) <now>")
    ['Pay ', ['sym', 'E'], ' (', ['cite', '107.14'], ') <now>']
    """
    out: list[Node] = []
    for kind, value in game_text_parts(str(text)):
        if kind == "sym":
            out.append(["sym", value])
        elif kind == "rule":
            out.append(["cite", value])
        else:
            out += _rulings(value) if tips else [value]
    return out


def _rulings(text: str) -> list[Node]:
    from ..quiz.rulings import NAME, named
    out: list[Node] = []
    at = 0
    for m in NAME.finditer(text):
        if m.start() > at:
            out.append(text[at:m.start()])
        out.append(["ruling", m.group(0), game(named(m.group(0)).text, tips=False)])
        at = m.end()
    if at < len(text):
        out.append(text[at:])
    return out


def prose(markup: str) -> list[Node]:
    """Return an author's prose as nodes: its few tags kept, ``**bold**`` and ``*emphasis*`` made so,
    symbols drawn; any other tag, attribute or entity stays text.

    >>> prose("<b>Now</b> a land *you* control. <img src=x> {E}")
    [['b', {}, 'Now'], ' a land ', ['em', {}, 'you'], ' control. <img src=x> ', ['sym', 'E']]
    """
    root: list = ["", {}]
    stack = [root]
    at = 0
    for m in _AUTHOR_TAG.finditer(markup):
        stack[-1] += _inline(markup[at:m.start()])
        closing, tag = m.group(1), m.group(2)
        if tag in _VOID:
            stack[-1].append([tag, {}])
        elif not closing:
            node: list = [tag, {}]
            stack[-1].append(node)
            stack.append(node)
        elif len(stack) > 1 and stack[-1][0] == tag:
            stack.pop()
        else:
            stack[-1].append(m.group(0))  # a closing tag with nothing open: text
        at = m.end()
    stack[-1] += _inline(markup[at:])
    return root[2:]


def _inline(text: str) -> list[Node]:
    out: list[Node] = []
    at = 0
    for m in _EMPHASIS.finditer(text):
        out += game(text[at:m.start()]) if m.start() > at else []
        out.append(["b" if m.group(1) else "em", {}, *game(m.group(1) or m.group(2))])
        at = m.end()
    return out + (game(text[at:]) if at < len(text) else [])


def plain(nodes: list[Node]) -> str:
    """Return the text a reader sees in nodes, symbols as ``{E}`` and rules as "CR 603.3b".

    >>> plain([h("b", "Pay "), ["sym", "E"], " ", ["rule", "107.14"]])
    'Pay {E} CR 107.14'
    """
    out = []
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
        elif node[0] == "sym":
            out.append(f"{{{node[1]}}}")
        elif node[0] in ("cite", "rule"):
            out.append(f"CR {node[1]}" if str(node[1])[:1].isdigit() else str(node[1]))
        elif node[0] == "ruling":
            out.append(node[1])
        else:
            out.append(plain(node[2:]))
    return "".join(out)


#: the tags and attributes a page draws (``static/dom.js``'s TAGS, ATTRIBUTE and SAFE_HREF)
_PAGE_TAGS = frozenset("a b br caption code dd details div dl dt em h1 h2 h3 h4 i kbd li meter nav ol p "
                       "section span strong summary table tbody td th thead tr ul".split())
_PAGE_ATTRIBUTE = re.compile(r"(class|role|id|lang|scope|colspan|rowspan|open|title|href|tabindex|reversed|min|max|value"
                             r"|aria-[a-z]+|data-[a-z-]+)$")
_SAFE_HREF = re.compile(r"(https?:|mailto:|[^:]*$)", re.IGNORECASE)


def to_html(nodes: list[Node]) -> str:
    """Write nodes as the HTML a page draws of them, for a page to show before its Python runs: text
    escaped, the same tags and attributes kept, symbols drawn from the shipped SVGs.

    >>> to_html([h("p", "Pay <b>", ["sym", "E"], cls="x", onclick="y")])[:51]
    '<p class="x">Pay &lt;b&gt;<span class="rd-sym"><svg'
    """
    out = []
    for node in nodes:
        if isinstance(node, (str, int)):
            out.append(html.escape(str(node), quote=False))
        elif node[0] == "sym":
            out.append(f'<span class="rd-sym">{_svg(str(node[1])).replace("{n}", str(node[1]))}</span>')
        elif node[0] in ("cite", "rule", "ruling"):
            out.append(f'<span class="rd-rule">{html.escape(plain([node]), quote=False)}</span>')
        elif node[0] not in _PAGE_TAGS:
            out.append(html.escape(plain(node[2:]), quote=False))
        else:
            attrs = "".join(f' {name}="{html.escape(str(value))}"' for name, value in node[1].items()
                            if _PAGE_ATTRIBUTE.match(name) and value not in (None, False)
                            and (name != "href" or _SAFE_HREF.match(str(value))))
            inner = "" if node[0] == "br" else to_html(node[2:]) + f"</{node[0]}>"
            out.append(f"<{node[0]}{attrs}>{inner}")
    return "".join(out)


def _symbols_in(nodes: list[Node]) -> set[str]:
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, list) and node:
            if node[0] == "sym":
                found.add("generic" if str(node[1]).isdigit() else str(node[1]))
            else:
                found |= _symbols_in([n for n in node[1:] if isinstance(n, (list, str))])
    return found


@cache
def _plain_layout() -> ipw.Layout:
    return ipw.Layout()


class Dom(anywidget.AnyWidget):
    """Show ``content`` (a list of nodes); carries the SVGs of the symbols it has shown.

    >>> d = Dom([h("p", "Pay ", ["sym", "E"])]); d.text, sorted(d.symbols)
    ('Pay {E}', ['E'])
    """

    _esm = esm("dom.js")
    content = traitlets.List(traitlets.Any()).tag(sync=True)
    symbols = traitlets.Dict(traitlets.Unicode()).tag(sync=True)

    def __init__(self, content: list[Node] | None = None, **kwargs):
        kwargs.setdefault("layout", _plain_layout())  # one Layout model for every Dom, not one each
        super().__init__(**kwargs)
        self.observe(self._symbols, names=["content"])
        self.content = list(content or [])

    def _symbols(self, change) -> None:
        new = {s for s in _symbols_in(change["new"]) if s not in self.symbols}
        if new:
            self.symbols = {**self.symbols, **{s: _svg(s) for s in new}}

    @property
    def text(self) -> str:
        """Return what the page shows, as text (see ``plain``)."""
        return plain([n for n in self.content if n is not None])
