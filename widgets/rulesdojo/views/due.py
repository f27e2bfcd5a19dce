"""The course map's line on reviews due today, with its Review button: it draws ``ReviewsDue``
(``state.due``) in the learner's language and hands the button to its ``review`` intent."""

from __future__ import annotations

import ipywidgets as ipw

from ..i18n import Words, words_for
from ..state.due import ReviewsDue
from .dom import Dom, h  # not .base: the map is drawn before the engine's views are loaded


def due_said(m: ReviewsDue, words: Words) -> str:
    """What is due, and about how long it takes; else when the next review comes; "" for none.

    >>> m = ReviewsDue(); m.count, m.unit, m.minutes = 3, "ruling", 1
    >>> due_said(m, words_for("en"))
    '3 rulings to review, about 1 minute'
    >>> m.count, m.next_in, m.next_unit = 0, 2, "day"
    >>> due_said(m, words_for("en"))
    'Next review in 2 days'
    """
    if m.count:
        about = words.n("{n} minute", "{n} minutes", m.minutes)
        if m.unit == "question":
            return words.n("{n} question to review, about {minutes}", "{n} questions to review, about {minutes}",
                           m.count, minutes=about)
        return words.n("{n} ruling to review, about {minutes}", "{n} rulings to review, about {minutes}",
                       m.count, minutes=about)
    if m.next_unit == "minute":
        return words.n("Next review in {n} minute", "Next review in {n} minutes", m.next_in)
    if m.next_unit == "hour":
        return words.n("Next review in {n} hour", "Next review in {n} hours", m.next_in)
    if m.next_unit == "day":
        return words.n("Next review in {n} day", "Next review in {n} days", m.next_in)
    return m.said  # set by hand (a page's own line): shown as it is


class DueLine(ipw.HBox):
    """"3 rulings to review, about 4 minutes" and a Review button; "Next review in 2 days" alone;
    nothing for a learner with no reviews.

    >>> from rulesdojo.views.dom import plain
    >>> m = ReviewsDue(); line = DueLine(m); m.minutes = 1; m.said, m.count = "2 rulings to review, about 1 minute", 2
    >>> plain(line.line.content), line.review_button.layout.display
    ('Due today: 2 rulings to review, about 1 minute', '')
    """

    def __init__(self, model: ReviewsDue, *, words: Words | None = None, **kwargs):
        super().__init__(**kwargs)
        self.model = model
        self.words = words = words_for("en") if words is None else words
        self.line = Dom()
        self.review_button = ipw.Button(description=words("Review"), layout=ipw.Layout(width="auto"),
                                        tooltip=words("Review what is due now: only that, no new questions"))
        self.review_button.on_click(lambda _b: model.review())
        self.children = [self.line, self.review_button]
        self.add_class("rd-due")
        model.observe(self._draw, names=["said", "count", "minutes", "unit", "next_in", "next_unit"])
        self._draw()

    def _draw(self, _change=None) -> None:
        m = self.model
        said = due_said(m, self.words) if m.said else ""
        # "" lets the stylesheet decide, as views.base.show does
        self.layout.display = "" if said else "none"
        self.review_button.layout.display = "" if m.count > 0 else "none"
        head = [h("b", self.words("Due today:")), " ", said] if m.count else [said]
        self.line.content = [h("p", *head, cls="rd-note", role="status")] if said else []
