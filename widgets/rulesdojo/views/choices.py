"""Every other choice the rules give a player: targets, colors, searches, attackers, blockers."""

from __future__ import annotations


import ipywidgets as ipw

from rulesdojo.i18n import Words, words_for

from .base import View, button, message, show
from .dom import Dom, game
from .saying import asked_in, heading_in, say
from .text import game_text_words

#: The forms of answer other views ask for: an order of triggers, a payment, an amount.
OWN_VIEWS = ("order", "pay", "amount")


class ChoicePanel(View):
    """Answer the pending choice that no dedicated view handles.

    >>> from rulesdojo.state import GameModel
    >>> w = ChoicePanel(GameModel.empty()); w.active, w.options.layout.display
    (False, 'none')
    """

    title = "Your choice"
    rules = ()

    def __init__(self, model, *, words: Words = words_for("en"), **kwargs):
        self.words, self.title = words, words("Your choice")
        super().__init__(model, **kwargs)
        self.header.content = heading_in(words, self.title, self.rules)
        self.prompt = Dom()
        self.options = ipw.Dropdown(description=words("Answer"), layout=ipw.Layout(width="34em"))
        self.multi = ipw.SelectMultiple(description=words("Choose"), rows=5, layout=ipw.Layout(width="34em"))
        self.confirm_button = button(words("Confirm"), words("Give this answer"), self._confirm)
        self.children = [self.style, self.header, self.prompt, self.options, self.multi, self.confirm_button,
                         self.feedback]
        model.observe(self._draw, names=["version"])
        self._draw()

    def _draw(self, _change=None) -> None:
        p = self.model.pending
        self.active = active = bool(p) and p["form"] not in OWN_VIEWS
        self.confirm_button.disabled = not active
        multi = active and p["form"] == "several"
        show(multi, self.multi)
        show(active and not multi, self.options)
        if not active:
            self.prompt.content = []
            self.options.options, self.multi.options = [], []
            return
        self.prompt.content = [message("rd-note", asked_in(self.words, p), p["rule"])]
        if multi:
            self.multi.options = [(p["labels"].get(str(o), str(o)), o) for o in p["options"]]
        else:
            answers = [(game_text_words(say(self.words, label, self.model.legal_said.get(str(k)))), k)
                       for k, label, _oid in self.model.legal]
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
        return self.multi if self.multi.layout.display != "none" else self.options

    def _confirm(self) -> None:
        p = self.model.pending
        if p and p["form"] == "several":
            self.act(self.model.answer, p, tuple(self.multi.value))
        elif self.options.value is not None:
            self.act(self.model.play, self.options.value)
