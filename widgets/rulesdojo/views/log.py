"""Event log: the engine's narration, newest first, each line ending with its rule number."""

from __future__ import annotations

from functools import lru_cache

from rulesdojo.i18n import Words, words_for

from .base import View, after_answer, tagged
from .dom import Dom, game, h
from .saying import heading_in, say


def log_lines(events, limit: int = 200, words: Words = words_for("en")) -> list:
    """Make the log's list, newest first: each event's sentence in ``words``' language, then its one
    rule tag (the same in every language).

    >>> from .dom import plain
    >>> plain([log_lines([(1, "107.14", "Alice gets {E}.", "energy")])])
    'Alice gets {E}. CR 107.14'
    """
    rows = tuple(events)[-limit:][::-1]
    return h("ol", *(_line(say(words, ev[2], ev[5] if len(ev) > 5 else None), ev[1]) for ev in rows),
             cls="rd-log", reversed=True, aria_label=words("Event log, newest first"))


@lru_cache(maxsize=1024)  # a redraw after each action makes only its new lines
def _line(text: str, rule: str) -> list:
    return h("li", *tagged(game(text), rule))


class EventLog(View):
    """Show the game's events newest first; drawn once there is an event.

    >>> from rulesdojo.state import GameModel
    >>> m = GameModel.empty(); w = EventLog(m); before = w.active; _ = m.get_energy("Alice", 1)
    >>> before, w.active, w.display.text.endswith("CR 107.14")
    (False, True, True)
    """

    title = "What happened"

    def __init__(self, model, limit: int = 200, *, words: Words = words_for("en"), **kwargs):
        self.words = words
        super().__init__(model, **kwargs)
        self.header.content = heading_in(words, words("What happened"), self.rules)
        self.limit = limit
        self.display = Dom()
        self.children = [self.style, self.header, self.display]
        model.observe(self._changed, names=["log"])
        self._draw()

    def _changed(self, _change) -> None:
        after_answer(self._draw, self, "draw")  # not part of a click's answer: drawn once it is sent

    def _draw(self, _change=None) -> None:
        self.active = bool(self.model.log)
        self.display.content = ([log_lines(self.model.log, limit=self.limit, words=self.words)]
                                if self.active else [])
