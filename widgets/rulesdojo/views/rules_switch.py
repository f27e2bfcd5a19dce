"""The page-level switch "Show rule numbers", for judges: every view's "Rules" disclosure opens.

The browser remembers it (``localStorage``), so it holds across reloads and pages; each view's ES
module applies it to its own element (``static/dom.js``).
"""

from __future__ import annotations

from functools import cache

import anywidget

from .modules import esm


class RulesSwitch(anywidget.AnyWidget):
    """A checkbox "Show rule numbers"; its state lives in the browser, not the kernel."""

    _esm = esm("rules_switch.js")


@cache
def rules_switch() -> RulesSwitch:
    """Return this kernel's one switch, for every page's tools line to hold (one model).

    >>> rules_switch() is rules_switch()
    True
    """
    return RulesSwitch()
