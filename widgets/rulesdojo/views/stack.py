"""The stack: objects top first; pass and resolve; a spell whose every target is illegal doesn't resolve."""

from __future__ import annotations


import ipywidgets as ipw

from .base import View, button, html_widget
from .text import escape, game_text_html, rule_tag


class StackView(View):
    """Show the stack top first with source, controller and targets, and resolve it.

    >>> from rulesdojo.state import GameModel
    >>> w = StackView(GameModel.empty())
    >>> "empty" in w.display.value
    True
    """

    title = "The stack"
    rules = ("405.5", "608.1", "608.2b")

    def __init__(self, model, **kwargs):
        super().__init__(model, **kwargs)
        self.display = html_widget()
        self.outcome = html_widget()
        self.pass_button = button("Pass priority", "The player with priority passes",
                                  lambda: self.act(self.model.pass_priority))
        self.resolve_button = button("Resolve top", "All players pass in succession: the top "
                                     "object resolves", lambda: self.act(self.model.pass_all))
        self.children = [self.header, self.display, ipw.HBox([self.pass_button, self.resolve_button]),
                         self.outcome, self.feedback]
        model.observe(self._draw, names=["version"])
        self._draw()

    def _draw(self, _change=None) -> None:
        m = self.model
        names = {p["id"]: f"{p['controller']}'s {p['card']}" for p in m.battlefield}
        if m.stack:
            items = []
            for i, s in enumerate(m.stack):
                kind = {"spell": "spell", "ability": "activated ability", "trigger": "triggered ability",
                        "reflexive": "reflexive triggered ability"}[s["kind"]]
                targets = ", ".join(t if isinstance(t, str) else names.get(t, "a permanent that is gone")
                                    for t in s["targets"])
                on = f" — targets: {escape(targets)}" if targets else ""
                top = " <b>(top: resolves next)</b>" if i == 0 else ""
                items.append(f"<li>{escape(s['controller'])}'s {escape(s['name'])} "
                             f"({kind}){top}{on}<div class='rd-type'>{game_text_html(s['text'])}</div></li>")
            self.display.value = f"<ol class='rd-stack' aria-label='Stack, top first'>{''.join(items)}</ol>"
        else:
            self.display.value = "<i>The stack is empty.</i>"
        who = m.priority or "nobody"
        self.pass_button.description = f"Pass priority ({who})"
        self.pass_button.disabled = not m.priority or m.pending is not None
        self.resolve_button.disabled = not m.stack or m.pending is not None
        self.outcome.value = self._last_outcome()

    def _last_outcome(self) -> str:
        if not self.model.outcomes:
            return ""
        name, result = self.model.outcomes[-1]
        if result == "resolved":
            return f"<div class='rd-ok' role='status'>{escape(name)} resolved.</div>"
        fizzle = next((ev for ev in reversed(self.model.log) if ev[3] == "fizzle"), None)
        extra = (" No energy was gained and none was paid." if fizzle and "energy" in fizzle[2] else "")
        return (f"<div class='rd-error' role='status'><b>{escape(name)} didn't resolve</b> "
                f"{rule_tag('608.2b')}: every target was illegal, so none of its effects "
                f"happened.{extra} It wasn't countered.</div>")
