"""The course map's line on reviews due today, with its Review button: it draws ``ReviewsDue``
(``state.due``) and hands the button to its ``review`` intent."""

from __future__ import annotations

import ipywidgets as ipw

from ..state.due import ReviewsDue
from .dom import Dom, h  # not .base: the map is drawn before the engine's views are loaded


class DueLine(ipw.HBox):
    """"3 rulings to review, about 4 minutes" and a Review button; "Next review in 2 days" alone;
    nothing for a learner with no reviews.

    >>> from rulesdojo.views.dom import plain
    >>> m = ReviewsDue(); line = DueLine(m); m.said, m.count = "2 rulings to review, about 1 minute", 2
    >>> plain(line.words.content), line.review_button.layout.display
    ('Due today: 2 rulings to review, about 1 minute', '')
    """

    def __init__(self, model: ReviewsDue, **kwargs):
        super().__init__(**kwargs)
        self.model = model
        self.words = Dom()
        self.review_button = ipw.Button(description="Review", layout=ipw.Layout(width="auto"),
                                        tooltip="Review what is due now: only that, no new questions")
        self.review_button.on_click(lambda _b: model.review())
        self.children = [self.words, self.review_button]
        self.add_class("rd-due")
        model.observe(self._draw, names=["said", "count"])
        self._draw()

    def _draw(self, _change=None) -> None:
        m = self.model
        # "" lets the stylesheet decide, as views.base.show does
        self.layout.display = "" if m.said else "none"
        self.review_button.layout.display = "" if m.count > 0 else "none"
        head = [h("b", "Due today: "), m.said] if m.count else [m.said]
        self.words.content = [h("p", *head, cls="rd-note", role="status")] if m.said else []
