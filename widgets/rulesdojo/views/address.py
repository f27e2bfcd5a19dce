"""The course page's address bar, as a widget: ``address`` and the URL's hash agree (``static/address.js``).

The page writes what the learner's browser asked for (a link, back, forward, a reload); the kernel
writes where the learner is after its flow has read that. ``said`` is one line read out on a move.
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
