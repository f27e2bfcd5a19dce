"""The stack: objects top first; pass and resolve; a spell whose every target is illegal doesn't resolve."""

from __future__ import annotations


import ipywidgets as ipw

from rulesdojo.i18n import Words, words_for

from .base import View, button, message, show
from .dom import Dom, game, h
from .saying import heading_in


def kind_words(words: Words, kind: str) -> str:
    """What kind of object on the stack it is, in ``words``' language."""
    return {"spell": words("spell"), "ability": words("activated ability"), "trigger": words("triggered ability"),
            "reflexive": words("reflexive triggered ability")}[kind]


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

    def __init__(self, model, *, words: Words = words_for("en"), **kwargs):
        self.words, self.title = words, words("The stack")
        super().__init__(model, **kwargs)
        self.header.content = heading_in(words, self.title, self.rules)
        self.display = Dom()
        self.outcome = Dom()
        self.pass_button = button(words("Pass priority"), words("The player with priority passes"),
                                  lambda: self.act(self.model.pass_priority))
        self.resolve_button = button(words("Resolve top"), words("All players pass in succession: the top "
                                                                 "object resolves"), lambda: self.act(self.model.pass_all))
        self.buttons = ipw.HBox([self.pass_button, self.resolve_button])
        self.children = [self.style, self.header, self.display, self.buttons, self.outcome, self.feedback]
        # What left the stack is said once, after the move that made it leave: a new object on the
        # stack, or an Undo, makes it old news.
        self._seen = (len(model.outcomes), len(model.stack))
        model.observe(self._draw, names=["version"])
        self._draw()

    def _draw(self, _change=None) -> None:
        m, words = self.model, self.words
        seen, self._seen = self._seen, (len(m.outcomes), len(m.stack))
        if len(m.outcomes) > seen[0]:
            self.outcome.content = self._last_outcome()
        elif len(m.outcomes) < seen[0] or len(m.stack) > seen[1]:
            self.outcome.content = []
        self.active = bool(m.stack or self.outcome.content)
        names = {p["id"]: words("{who}'s {card}", who=p["controller"], card=words.card(p["card"])) for p in m.battlefield}
        items = []
        for i, s in enumerate(m.stack):
            targets = [t if isinstance(t, str) else names.get(t, words("a permanent that is gone")) for t in s["targets"]]
            items.append(h("li", words("{who}'s {card} ({kind})", who=s["controller"], card=words.card(s["name"]),
                                       kind=kind_words(words, s["kind"])),
                           h("b", words(" (top: resolves next)")) if i == 0 else None,
                           words(" — targets: {targets}", targets=", ".join(targets)) if targets else None,
                           h("div", *game(s["text"]), cls="rd-type", lang="en" if words.code != "en" else None)))
        waiting = [message("rd-note", [words("{who} is choosing now; priority waits for that choice.",
                                             who=m.pending["player"])])] if m.pending and m.stack else []
        self.display.content = ([h("ol", *items, cls="rd-stack", aria_label=words("Stack, top first"))] if items
                                else []) + waiting
        # While a player is choosing, nobody passes priority: the buttons would name the wrong player.
        show(not m.pending, self.buttons)
        self.pass_button.description = (words("Pass priority ({who})", who=m.priority) if m.priority
                                        else words("Pass priority (nobody)"))
        self.pass_button.disabled = not m.priority or m.pending is not None
        self.resolve_button.disabled = not m.stack or m.pending is not None

    def _last_outcome(self) -> list:
        if not self.model.outcomes:
            return []
        name, result = self.model.outcomes[-1]
        words, card = self.words, self.words.card(name)
        if result == "resolved":
            return [message("rd-ok", [words("{card} resolved.", card=card)])]
        fizzle = next((ev for ev in reversed(self.model.log) if ev[3] == "fizzle"), None)
        why = (words("every target was illegal, so none of its effects happened. No energy was gained and none was "
                     "paid. It wasn't countered.") if fizzle and "energy" in fizzle[2] else
               words("every target was illegal, so none of its effects happened. It wasn't countered."))
        return [message("rd-error", [h("b", words("{card} didn't resolve:", card=card)), " ", why], "608.2b")]
