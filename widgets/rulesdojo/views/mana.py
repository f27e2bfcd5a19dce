"""Mana pool vs energy: step through a turn; floating mana empties, energy stays."""

from __future__ import annotations


import ipywidgets as ipw

from rulesdojo.i18n import Words, words_for

from ..state import STEPS
from .base import View, button, message, show
from .dom import Dom, Node, h
from .energy import energy
from .saying import heading_in, say, step_words
from .text import game_text_words


class ManaVsEnergy(View):
    """A phase and step bar with pools and energy side by side, and the mana abilities at hand.

    >>> from rulesdojo.state import GameModel
    >>> w = ManaVsEnergy(GameModel.empty())
    >>> w.abilities.layout.display, w.next_button.click(), w.model.step
    ('none', None, 'beginning of combat')
    """

    title = "Mana empties, energy stays"
    rules = ("106.4", "500.4", "106.7")

    def __init__(self, model, *, words: Words = words_for("en"), **kwargs):
        self.words, self.title = words, words("Mana empties, energy stays")
        super().__init__(model, **kwargs)
        self.header.content = heading_in(words, self.title, self.rules)
        self.steps = Dom()
        self.pools = Dom()
        self.next_button = button(words("Next step"), words("All players pass with an empty stack: end this step"),
                                  lambda: self.act(self.model.next_step))
        self.abilities = ipw.Dropdown(description=words("Mana ability"), options=[],
                                      layout=ipw.Layout(width="24em"))
        self.add_button = button(words("Add mana"), words("Activate the chosen mana ability (no stack: CR 605.3b)"),
                                 self._add)
        self.children = [self.style, self.header, self.steps, self.pools,
                         ipw.HBox([self.next_button, self.abilities, self.add_button]), self.feedback]
        model.observe(self._draw, names=["version"])
        self._draw()

    def _add(self) -> None:
        if self.abilities.value is None:
            self.feedback.content = [message("rd-note", [self.words("No mana ability can be activated now.")])]
            return
        self.act(self.model.play, self.abilities.value)

    def _draw(self, _change=None) -> None:
        m, words = self.model, self.words
        cells = [h("span", f"▶ {step_words(words, step)}", cls="rd-step rd-now", aria_current="step") if step == m.step
                 else h("span", step_words(words, step), cls="rd-step") for _phase, step in STEPS]
        self.steps.content = [h("div", words("Turn {n} ({who}): ", n=m.turn, who=m.active), *cells, cls="rd-steps",
                                aria_label=words("Turn {n}, {who}'s turn: {step}", n=m.turn, who=m.active,
                                                 step=step_words(words, m.step, named=True)))]
        rows = []
        for p in m.players:
            pool: list[Node] = [["sym", t] for t, n in p["mana_pool"].items() for _ in range(n)] or [words("empty")]
            total = sum(p["mana_pool"].values())
            rows.append(h("tr", h("th", p["name"], scope="row"),
                          h("td", *pool, " ", h("span", words.n("({n} mana)", "({n} mana)", total), cls="rd-type")),
                          h("td", energy(p["energy"], p["name"], words))))
        self.pools.content = [h("table", h("thead", h("tr", h("th", words("Player")), h(
            "th", words("Mana pool (empties at the end of each step and phase)")), h("th", words("Energy (stays)")))),
            h("tbody", *rows))]
        mana = [(game_text_words(say(words, label, m.legal_said.get(str(k)))), k) for k, label in m.mana_abilities()]
        self.abilities.options = mana
        self.abilities.value = mana[0][1] if mana else None
        self.add_button.disabled = not mana
        # No mana ability at hand: no empty list and no button that does nothing.
        show(bool(mana), self.abilities, self.add_button)
