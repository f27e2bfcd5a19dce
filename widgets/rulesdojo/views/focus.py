"""Where the focus goes after a learner's action: the decision it opened, else the table's first card."""

from __future__ import annotations

import ipywidgets as ipw

from .base import after_answer
from .board import Board


def buttons(box) -> list[ipw.Button]:
    """Return every button inside a box, at any depth.

    >>> b = ipw.Button(); [x is b for x in buttons(ipw.VBox([ipw.HBox([b]), ipw.HTML()]))]
    [True]
    """
    if isinstance(box, ipw.Button):
        return [box]
    return [b for child in getattr(box, "children", ()) for b in buttons(child)]


class FocusKeeper:
    """Keep the focus off the page body after each action taken in a box of views.

    The first control of the choice an action opened takes the focus; when the control acted on is gone
    (disabled or hidden by its own action), the board's first card does, else ``fallback``. A card acted
    on keeps the focus in the table itself (``table.js``).

    >>> from rulesdojo.state import GameModel
    >>> m = GameModel.from_scenario({"name": "t", "setup": {"players": [{"name": "Alice"}, {"name": "Nadia"}]}})
    >>> box = ipw.VBox([Board(m)]); FocusKeeper(m, box, box.children).boards != []
    True
    """

    def __init__(self, model, box, views, fallback: ipw.DOMWidget | None = None):
        self.model, self.views, self.fallback = model, list(views), fallback
        self.boards = [v for v in self.views if isinstance(v, Board)]
        self._pending = model.pending
        for b in buttons(box):
            b.on_click(self.after_click)  # runs after the button's own handler
        for board in self.boards:
            board.table.on_msg(lambda *_: self.after_click(None))

    def after_click(self, source) -> None:
        # After the views redrawn once the click's answer is sent (``after_answer``): whether the
        # control acted on is hidden now is known only then.
        after_answer(lambda: self.after_action(source))

    def after_action(self, source) -> None:
        """Focus the decision the action opened, or, when ``source`` is gone, the first card."""
        pending = self.model.pending
        opened, self._pending = pending is not None and pending != self._pending, pending
        control = next((c for v in self.views if (c := v.first_control()) is not None), None) if opened else None
        if control is not None:
            control.focus()
        elif source is not None and (source.disabled or source.layout.display == "none"):
            if self.boards:
                self.boards[0].focus_first_card()
            elif self.fallback is not None:
                self.fallback.focus()
