"""Energy counter: a player's energy as symbols and a number, with get and pay controls."""

from __future__ import annotations

import ipywidgets as ipw

from rulesdojo.i18n import Words, words_for

from .base import View, button
from .dom import Dom, game, h
from .saying import heading_in

SHOWN = 12  # energy symbols drawn before the number alone says the rest


def energy(n: int, who: str = "", words: Words = words_for("en")) -> list:
    """Draw an energy total as symbols and a number; the number is always there in text.

    >>> from .dom import plain
    >>> plain([energy(2, "Alice")])
    '{E}{E}2 energy'
    """
    label = (words.n("{who} has {n} energy", "{who} has {n} energy", n, who=who) if who
             else words.n("{n} energy", "{n} energy", n))
    return h("div", *[["sym", "E"]] * min(n, SHOWN), " …" if n > SHOWN else None, h("span", str(n), cls="rd-big"),
             " " + words.n("energy", "energy", n), cls="rd-energy", role="status", aria_label=label)


class EnergyCounter(View):
    """Show one player's energy; getting adds counters, paying removes them, never below zero.

    >>> from rulesdojo.state import GameModel
    >>> w = EnergyCounter(GameModel.empty(), "Alice")
    >>> w.amount.value = 2; w.pay_button.click()
    >>> "pay 2 for practice" in w.feedback.text, w.model.energy_of("Alice")
    (True, 0)
    """

    title = "Energy counters"
    rules = ("107.14", "122.1", "118.3")

    def __init__(self, model, player: str = "Alice", *, words: Words = words_for("en"), **kwargs):
        self.words, self.title = words, words("Energy counters")
        super().__init__(model, **kwargs)
        self.header.content = heading_in(words, self.title, self.rules)
        self.player = player
        self.display = Dom()
        self.amount = ipw.BoundedIntText(value=1, min=1, max=99, description=words("Amount"),
                                         layout=ipw.Layout(width="11em"))
        self.get_button = button(words("Get energy"), words("Get that many energy counters (as from an effect)"),
                                 lambda: self.act(self.model.get_energy, self.player, self.amount.value))
        self.pay_button = button(words("Pay energy"), words("Pay that many energy: lose that many energy counters"),
                                 lambda: self.act(self.model.pay_energy, self.player, self.amount.value))
        self.children = [self.style, self.header, self.display,
                         ipw.HBox([self.amount, self.get_button, self.pay_button]), self.feedback]
        model.observe(self._draw, names=["players"])
        self._draw()

    def _draw(self, _change=None) -> None:
        p = next(p for p in self.model.players if p["name"] == self.player)
        self.display.content = [h("div", h("b", self.player)), energy(p["energy"], self.player, self.words),
                                h("div", *game(self.words("Energy counters sit on the player, not on any permanent "
                                                          "(Energy ruling 4).")), cls="rd-type")]
