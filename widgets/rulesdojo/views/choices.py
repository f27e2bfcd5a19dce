"""Every other choice the rules give a player: targets, colors, searches, attackers, blockers."""

from __future__ import annotations


import ipywidgets as ipw

from .base import View, button, html_widget
from .text import escape, game_text_html, game_text_words, rule_tag

#: The forms of answer other views ask for: an order of triggers, a payment, an amount.
OWN_VIEWS = ("order", "pay", "amount")


class ChoicePanel(View):
    """Answer the pending choice that no dedicated view handles.

    >>> from rulesdojo.state import GameModel
    >>> ChoicePanel(GameModel.empty()).options.layout.display
    'none'
    """

    title = "Your choice"
    rules = ()

    def __init__(self, model, **kwargs):
        super().__init__(model, **kwargs)
        self.prompt = html_widget()
        self.options = ipw.Dropdown(description="Answer", layout=ipw.Layout(width="34em"))
        self.multi = ipw.SelectMultiple(description="Choose", rows=5, layout=ipw.Layout(width="34em"))
        self.confirm_button = button("Confirm", "Give this answer", self._confirm)
        self.children = [self.header, self.prompt, self.options, self.multi, self.confirm_button,
                         self.feedback]
        model.observe(self._draw, names=["version"])
        self._draw()

    def _draw(self, _change=None) -> None:
        p = self.model.pending
        active = bool(p) and p["form"] not in OWN_VIEWS
        self.confirm_button.disabled = not active
        multi = active and p["form"] == "several"
        self.multi.layout.display = None if multi else "none"
        self.options.layout.display = None if active and not multi else "none"
        if not active:
            self.prompt.value = "<i>No other choice is waiting.</i>"
            self.options.options, self.multi.options = [], []
            return
        self.prompt.value = (f"<div class='rd-note'>{escape(p['player'])}: {game_text_html(p['prompt'])} "
                             f"{rule_tag(p['rule'])}</div>")
        if multi:
            self.multi.options = [(p["labels"].get(str(o), str(o)), o) for o in p["options"]]
        else:
            answers = [(game_text_words(label), k) for k, label, _oid in self.model.legal]
            self.options.options = answers
            self.options.value = answers[0][1] if answers else None

    def first_control(self):
        """Return the list to answer the pending choice from, or None when it isn't this view's.

        >>> from rulesdojo.state import GameModel
        >>> ChoicePanel(GameModel.empty()).first_control() is None
        True
        """
        if self.confirm_button.disabled:
            return None
        return self.multi if self.multi.layout.display is None else self.options

    def _confirm(self) -> None:
        p = self.model.pending
        if p and p["form"] == "several":
            self.act(self.model.answer, p, tuple(self.multi.value))
        elif self.options.value is not None:
            self.act(self.model.play, self.options.value)
