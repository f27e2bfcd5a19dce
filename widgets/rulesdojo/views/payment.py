"""Payment prompt: "you may pay" (once, or not at all) and "pay any amount" (0 to your energy)."""

from __future__ import annotations


import ipywidgets as ipw

from rulesdojo.i18n import Words, words_for

from .base import View, button, message, show
from .dom import Dom, game, h
from .saying import asked_in, heading_in


def link_words(words: Words, link: str) -> str:
    """What "if you do" or "when you do" means for a payment, in ``words``' language."""
    if link == "if you do":
        return words("\"If you do\": the effect happens right away, in the same resolution. No player gets priority "
                     "between your payment and the effect, so nobody can respond to it (Energy ruling 5; CR 118.12, "
                     "608.2g, 117.3b). Players could respond to the trigger itself, before it resolved.")
    return words("\"When you do\": paying makes a reflexive ability trigger. You choose its target as it goes on the "
                 "stack, then players may respond to it, and if its target becomes illegal the energy stays spent "
                 "(Energy ruling 5; CR 603.12).")


class PaymentPrompt(View):
    """Answer a pending payment; there is no way to pay twice.

    >>> from rulesdojo.state import GameModel
    >>> w = PaymentPrompt(GameModel.empty())
    >>> w.active, w.pay_button.disabled, w.slider.layout.display
    (False, True, 'none')
    """

    title = "Paying energy while it resolves"
    rules = ("118.12", "608.2d", "603.12")

    def __init__(self, model, *, words: Words = words_for("en"), **kwargs):
        self.words, self.title = words, words("Paying energy while it resolves")
        super().__init__(model, **kwargs)
        self.header.content = heading_in(words, self.title, self.rules)
        self.prompt = Dom()
        self.link = Dom()
        self.pay_button = button(words("Pay"), words("Pay the energy once"), lambda: self._answer(True))
        self.decline_button = button(words("Don't pay"), words("Decline: the payment's effect doesn't happen"),
                                     lambda: self._answer(False))
        self.slider = ipw.IntSlider(description=words("Energy to pay"), min=0, max=0, value=0,
                                    style={"description_width": "initial"})
        self.amount_button = button(words("Pay this amount"), words("Pay the chosen amount of energy"),
                                    lambda: self._answer(self.slider.value))
        self.children = [self.style, self.header, self.prompt, ipw.HBox([self.pay_button, self.decline_button]),
                         ipw.HBox([self.slider, self.amount_button]), self.link, self.feedback]
        model.observe(self._draw, names=["pending"])
        self._draw()

    def _draw(self, _change=None) -> None:
        p = self.model.pending
        form = p["form"] if p else None
        may, any_amount = form == "pay", form == "amount"
        self.active = may or any_amount
        for b in (self.pay_button, self.decline_button):
            b.disabled = not may
            show(may, b)
        show(any_amount, self.slider, self.amount_button)
        self.amount_button.disabled = not any_amount
        if any_amount:
            self.slider.max = p["high"]
            self.slider.min = p["low"]
            self.slider.value = p["low"]
        if may:
            amount = p["data"].get("amount")
            self.pay_button.description = (self.words("Pay energy") if amount is None else
                                           self.words.n("Pay {n} energy", "Pay {n} energy", amount))
        self.prompt.content = [message("rd-note", asked_in(self.words, p), p["rule"])] \
            if self.active else []
        link = self._link()
        self.link.content = [h("div", *game(link_words(self.words, link)), cls="rd-type")] if link else []

    def _answer(self, value) -> None:
        self.act(self.model.answer, self.model.pending, value)

    def first_control(self):
        if not self.pay_button.disabled:
            return self.pay_button
        return None if self.amount_button.disabled else self.slider

    def _link(self) -> str | None:
        p = self.model.pending
        if not p or p["form"] != "pay":
            return None
        return p["data"].get("link")
