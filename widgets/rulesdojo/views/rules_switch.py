"""The page-level switch "Show rule numbers", for judges: every view's "Rules" disclosure opens.

The browser remembers it (``localStorage``), so it holds across reloads and pages; each view's ES
module applies it to its own element (``static/dom.js``).
"""

from __future__ import annotations

from functools import cache

import anywidget
import traitlets

from ..i18n import Words, words_for
from .modules import esm


class RulesSwitch(anywidget.AnyWidget):
    """A checkbox "Show rule numbers"; its state lives in the browser, not the kernel; ``label`` is
    its words in the learner's language (``say``)."""

    _esm = esm("rules_switch.js")
    label = traitlets.Unicode("Show rule numbers").tag(sync=True)

    def say(self, words) -> "RulesSwitch":
        """Put the switch's words in the learner's language (a ``rulesdojo.i18n.Words``)."""
        self.label = words("Show rule numbers")
        return self


@cache
def rules_switch(words: Words = words_for("en")) -> RulesSwitch:
    """Return this kernel's one switch in a language, for every page's tools line to hold (one model).

    >>> rules_switch() is rules_switch(), rules_switch().label
    (True, 'Show rule numbers')
    """
    return RulesSwitch(label=words("Show rule numbers"))
