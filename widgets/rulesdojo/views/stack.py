"""The stack: objects top first; pass and resolve; a spell whose every target is illegal doesn't resolve."""

from __future__ import annotations


import ipywidgets as ipw

from .base import View, button, message, show
from .dom import Dom, game, h

KINDS = {"spell": "spell", "ability": "activated ability", "trigger": "triggered ability",
         "reflexive": "reflexive triggered ability"}


class StackView(View):
    """Show the stack top first with source, controller and targets, and resolve it; drawn while
    something is on the stack or has just left it.

    >>> from rulesdojo.state import GameModel
    >>> w = StackView(GameModel.empty())
    >>> w.active, w.display.text
    (False, '')
    """

    title = "The stack"
    rules = ("405.5", "608.1", "608.2b")

    def __init__(self, model, **kwargs):
        super().__init__(model, **kwargs)
        self.display = Dom()
        self.outcome = Dom()
        self.pass_button = button("Pass priority", "The player with priority passes",
                                  lambda: self.act(self.model.pass_priority))
        self.resolve_button = button("Resolve top", "All players pass in succession: the top "
                                     "object resolves", lambda: self.act(self.model.pass_all))
        self.buttons = ipw.HBox([self.pass_button, self.resolve_button])
        self.children = [self.style, self.header, self.display, self.buttons, self.outcome, self.feedback]
        # What left the stack is said once, after the move that made it leave: a new object on the
        # stack, or an Undo, makes it old news.
        self._seen = (len(model.outcomes), len(model.stack))
        model.observe(self._draw, names=["version"])
        self._draw()

    def _draw(self, _change=None) -> None:
        m = self.model
        seen, self._seen = self._seen, (len(m.outcomes), len(m.stack))
        if len(m.outcomes) > seen[0]:
            self.outcome.content = self._last_outcome()
        elif len(m.outcomes) < seen[0] or len(m.stack) > seen[1]:
            self.outcome.content = []
        self.active = bool(m.stack or self.outcome.content)
        names = {p["id"]: f"{p['controller']}'s {p['card']}" for p in m.battlefield}
        items = []
        for i, s in enumerate(m.stack):
            targets = ", ".join(t if isinstance(t, str) else names.get(t, "a permanent that is gone")
                                for t in s["targets"])
            items.append(h("li", f"{s['controller']}'s {s['name']} ({KINDS[s['kind']]})",
                           h("b", " (top: resolves next)") if i == 0 else None,
                           f" — targets: {targets}" if targets else None,
                           h("div", *game(s["text"]), cls="rd-type")))
        waiting = [message("rd-note", [f"{m.pending['player']} is choosing now; priority waits for that "
                                       "choice."])] if m.pending and m.stack else []
        self.display.content = ([h("ol", *items, cls="rd-stack", aria_label="Stack, top first")] if items
                                else []) + waiting
        # While a player is choosing, nobody passes priority: the buttons would name the wrong player.
        show(not m.pending, self.buttons)
        self.pass_button.description = f"Pass priority ({m.priority or 'nobody'})"
        self.pass_button.disabled = not m.priority or m.pending is not None
        self.resolve_button.disabled = not m.stack or m.pending is not None

    def _last_outcome(self) -> list:
        if not self.model.outcomes:
            return []
        name, result = self.model.outcomes[-1]
        if result == "resolved":
            return [message("rd-ok", [f"{name} resolved."])]
        fizzle = next((ev for ev in reversed(self.model.log) if ev[3] == "fizzle"), None)
        extra = (" No energy was gained and none was paid." if fizzle and "energy" in fizzle[2] else "")
        return [message("rd-error", [h("b", f"{name} didn't resolve:"), " every target was illegal, so none of "
                                     f"its effects happened.{extra} It wasn't countered."], "608.2b")]
