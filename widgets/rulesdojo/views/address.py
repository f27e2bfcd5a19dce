"""The course page's address bar, as a widget: ``address`` and the URL's hash agree (``static/address.js``).

The page writes what the learner's browser asked for (a link, back, forward, a reload); the kernel
writes where the learner is after its flow has read that. ``said`` is one line read out on a move.

The page's header holds the language switch too: the page reports the browser's languages
(``browser_languages``, from ``navigator.languages``) and the learner's pick on the switch
(``picked``); the kernel says the language the page is in (``language``: the switch's value and the
document's ``lang``), the languages offered, each in its own name, and the switch's label.
"""

from __future__ import annotations

import anywidget
import traitlets

from .modules import esm


class Address(anywidget.AnyWidget):
    """The URL's hash after ``#/`` (``lesson/7/every-land``), kept equal both ways.

    >>> a = Address(); a.address, a.scroll_to
    ('', '')
    """

    _esm = esm("address.js")
    address = traitlets.Unicode("").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)  # the page's title at this place
    said = traitlets.Unicode("").tag(sync=True)  # read out when the place changes (not drawn)
    notice = traitlets.Unicode("").tag(sync=True)  # shown: why the learner is not where the address said
    scroll_to = traitlets.Unicode("").tag(sync=True)  # the id of the element to bring into view; "" the top
    focus_to = traitlets.Unicode("").tag(sync=True)  # the id of the place's heading, focused on arrival
    step = traitlets.Int(0).tag(sync=True)  # counts the kernel's moves: the page follows each one
    browser_languages = traitlets.Unicode("").tag(sync=True)  # navigator.languages, joined by commas
    language = traitlets.Unicode("en").tag(sync=True)  # the page's language: the switch's value, <html lang>
    languages = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)  # the switch's options: [code, name in that language]
    language_label = traitlets.Unicode("Language").tag(sync=True)  # the switch's label, in the page's language
    picked = traitlets.Unicode("").tag(sync=True)  # the code the learner picked on the switch
