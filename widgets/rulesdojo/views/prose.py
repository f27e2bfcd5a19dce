"""A lesson's prose, drawn by the kit: paragraphs and lists of author prose, shown by ``Dom``.

The page draws a notebook's Markdown cells, out of the kit's reach: ``{E}`` there stays ``{E}``. Prose
kept in the lesson file is drawn by the kit's own widget, in its own element, so its symbols and
the rulings it names are drawn the same in Voila, the static site, JupyterLab and Notebook.
"""

from __future__ import annotations

import re

import ipywidgets as ipw

from .dom import Dom, Node, h, prose
from .modules import page_style

_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_ITEM = re.compile(r"\n(?=- )")


def passage(text: str) -> list[Node]:
    """Return prose as nodes: paragraphs apart by a blank line, a paragraph of "- " lines a list.

    >>> passage("Pay {E}.\\n\\n- one\\n  more\\n- **two**")
    [['p', {}, 'Pay ', ['sym', 'E'], '.'], ['ul', {}, ['li', {}, 'one more'], ['li', {}, ['b', {}, 'two']]]]
    """
    out: list[Node] = []
    for block in _BLANK_LINE.split(str(text).strip()):
        if block.startswith("- "):
            out.append(h("ul", *(h("li", *prose(" ".join(item[2:].split()))) for item in _ITEM.split(block))))
        elif block.strip():
            out.append(h("p", *prose(" ".join(block.split()))))
    return out


def passage_view(text: str, words=None) -> ipw.Box:
    """Show a passage of prose, its symbols drawn with their text alternative; a passage shown in
    English for want of a translation (a ``rulesdojo.i18n.Text`` not ``translated``) says so, with
    a mark in the learner's language (``words``).

    >>> passage_view("Pay {E}.").children[1].text
    'Pay {E}.'
    """
    nodes = passage(text)
    if not getattr(text, "translated", True):
        from ..i18n import words_for
        words = words or words_for("en")
        mark = words("(in English)")
        nodes = [h("div", *nodes, lang="en"), h("p", h("span", mark, cls="rd-untranslated"))]
    box = ipw.VBox([page_style(), Dom([h("div", *nodes, cls="rd-prose")])])
    box.add_class("rd-prose-box")
    return box
