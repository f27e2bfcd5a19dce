"""The front end's files: ES modules with their imports resolved, and the one stylesheet.

A widget's ES module reaches the page as text (anywidget loads it from a blob: URL), where a relative
``import`` has nothing to resolve against. ``esm(name)`` puts each imported module of ``static/`` in
as a ``data:`` URL, so the modules stay separate files that import each other as ES modules do.
The stylesheet is every file of ``static/css/``, carried by one widget per kernel (``page_style``)
that each view holds: the page loads it once, however many views it shows.
"""

from __future__ import annotations

import base64
import re
from functools import cache
from pathlib import Path

import anywidget
import traitlets

STATIC = Path(__file__).parent / "static"
_IMPORT = re.compile(r"""^(import\s[^;]*?\sfrom\s+)["']\./([\w-]+\.js)["'];""", re.M)


@cache
def esm(name: str) -> str:
    """Return the ES module ``static/<name>`` with each ``./x.js`` it imports inlined as a data: URL.

    >>> "data:text/javascript;base64," in esm("dom.js")
    True
    """
    text = (STATIC / name).read_text(encoding="utf-8")

    def inline(m: re.Match) -> str:
        code = base64.b64encode(esm(m.group(2)).encode()).decode()
        return f'{m.group(1)}"data:text/javascript;base64,{code}";'
    return _IMPORT.sub(inline, text)


@cache
def stylesheet() -> str:
    """Return the kit's stylesheet: every file of ``static/css/``, in name order.

    >>> ".rd-error" in stylesheet()
    True
    """
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((STATIC / "css").glob("*.css")))


class PageStyle(anywidget.AnyWidget):
    """Load the kit's stylesheet into the page; draws nothing."""

    _esm = "export default { render() {} };"
    _css = traitlets.Unicode().tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(_css=stylesheet(), layout={"display": "none"}, **kwargs)


@cache
def page_style() -> PageStyle:
    """Return this kernel's one stylesheet widget, for every view to hold (one model, loaded once)."""
    return PageStyle()
