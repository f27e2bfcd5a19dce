"""Mana pool vs energy: step through a turn; floating mana empties, energy stays."""

from __future__ import annotations


import ipywidgets as ipw

from ..state import STEPS
from .base import View, button, html_widget
from .render import energy_html
from .text import escape, game_text_words, symbol_html


class ManaVsEnergy(View):
    """A phase and step bar with pools and energy side by side, and the mana abilities at hand.

    >>> from rulesdojo.state import GameModel
    >>> w = ManaVsEnergy(GameModel.empty())
    >>> w.next_button.click(); w.model.step
    'beginning of combat'
    """

    title = "Mana empties, energy stays"
    rules = ("106.4", "500.4", "106.7")

    def __init__(self, model, **kwargs):
        super().__init__(model, **kwargs)
        self.steps = html_widget()
        self.pools = html_widget()
        self.next_button = button("Next step", "All players pass with an empty stack: end this step",
                                  lambda: self.act(self.model.next_step))
        self.abilities = ipw.Dropdown(description="Mana ability", options=[],
                                      layout=ipw.Layout(width="24em"))
        self.add_button = button("Add mana", "Activate the chosen mana ability (no stack: CR 605.3b)",
                                 self._add)
        self.children = [self.header, self.steps, self.pools,
                         ipw.HBox([self.next_button, self.abilities, self.add_button]), self.feedback]
        model.observe(self._draw, names=["version"])
        self._draw()

    def _add(self) -> None:
        if self.abilities.value is None:
            self.feedback.value = "<div class='rd-note'>No mana ability can be activated now.</div>"
            return
        self.act(self.model.play, self.abilities.value)

    def _draw(self, _change=None) -> None:
        m = self.model
        cells = []
        for _phase, step in STEPS:
            now = step == m.step
            attrs = ' class="rd-step rd-now" aria-current="step"' if now else ' class="rd-step"'
            cells.append(f'<span{attrs}>{"▶ " if now else ""}{escape(step)}</span>')
        self.steps.value = (f'<div class="rd-steps" aria-label="Turn {m.turn}, {escape(m.active)}\'s turn: '
                            f'{escape(m.step)} step">Turn {m.turn} ({escape(m.active)}): '
                            f'{"".join(cells)}</div>')
        rows = []
        for p in m.players:
            pool = "".join(symbol_html(t) * n for t, n in p["mana_pool"].items() if n) or "empty"
            total = sum(p["mana_pool"].values())
            rows.append(f"<tr><th scope='row'>{escape(p['name'])}</th>"
                        f"<td>{pool} <span class='rd-type'>({total} mana)</span></td>"
                        f"<td>{energy_html(p['energy'], p['name'])}</td></tr>")
        self.pools.value = ("<table><thead><tr><th>Player</th><th>Mana pool (empties at the end of "
                            "each step and phase)</th><th>Energy (stays)</th></tr></thead>"
                            f"<tbody>{''.join(rows)}</tbody></table>")
        mana = [(game_text_words(label), k) for k, label in m.mana_abilities()]
        self.abilities.options = mana
        self.abilities.value = mana[0][1] if mana else None
        self.add_button.disabled = not mana
