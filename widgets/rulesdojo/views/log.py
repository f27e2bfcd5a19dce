"""Event log: the engine's narration, newest first, each line with its rule number."""

from __future__ import annotations

import ipywidgets as ipw

from .base import View, html_widget
from .render import log_html


class EventLog(View):
    """Show the game's events newest first.

    >>> from rulesdojo.state import GameModel
    >>> m = GameModel.empty(); w = EventLog(m); _ = m.get_energy("Alice", 1)
    >>> "CR 107.14" in w.display.value
    True
    """

    title = "What happened"

    def __init__(self, model, limit: int = 200, **kwargs):
        super().__init__(model, **kwargs)
        self.limit = limit
        self.display = html_widget()
        self.children = [self.header, self.display]
        model.observe(self._draw, names=["log"])
        self._draw()

    def _draw(self, _change=None) -> None:
        self.display.value = (log_html(self.model.log, limit=self.limit) if self.model.log
                              else "<i>Nothing has happened yet.</i>")
