"""The sandbox: the whole table in one widget that plays any scenario file, with undo."""

from __future__ import annotations

from pathlib import Path

import ipywidgets as ipw

from rulesdojo.i18n import Words, words_for

from ..kit import Kit
from ..state import GameModel, scenario_choices
from .base import View, button, message
from .board import Board
from .choices import ChoicePanel
from .dom import Dom, h
from .focus import FocusKeeper
from .log import EventLog
from .mana import ManaVsEnergy
from .order import TriggerOrder
from .payment import PaymentPrompt
from .rules_switch import rules_switch
from .saying import heading_in
from .stack import StackView


#: The board the sandbox page opens on when the scenarios folder holds it.


def demo_scenarios(folder: Path | None = None) -> dict[str, Path]:
    """The boards in the scenarios folder (the operator's, a ``Kit``'s ``scenarios``, else the shipped
    ones), by title."""
    folder, choices = scenario_choices(folder)
    return {title: folder / name for title, name in choices}


class Sandbox(View):
    """Play a scenario: board, stack, choices, turn bar and log, with undo and reset.

    >>> s = Sandbox.from_scenario({"name": "t", "setup": {"players": [
    ...     {"name": "Alice", "hand": ["Forest"]}, {"name": "Nadia"}]}})
    >>> s.board.press("Play Forest")
    >>> s.model.battlefield[0]["card"], s.undo_button.click(), s.model.battlefield
    ('Forest', None, ())
    """

    title = "Rules Dojo sandbox"
    rules = ()

    def __init__(self, model: GameModel | None = None, kit: Kit | None = None, *, words: Words = words_for("en"),
                 **kwargs):
        """``kit``: the scenarios folder and the cards (the kernel's ``Kit`` if not given); ``words``: the
        learner's language, for every view in it."""
        kit = Kit.from_environment() if kit is None else kit
        self.words, self.title = words, words("Rules Dojo sandbox")
        super().__init__(model or GameModel.empty(cards=kit.card_set), **kwargs)
        self.header.content = heading_in(words, self.title, self.rules)
        m = self.model
        self.board = Board(m, words=words)
        self.stack_view = StackView(m, words=words)
        self.order_view = TriggerOrder(m, words=words)
        self.payment = PaymentPrompt(m, words=words)
        self.choices = ChoicePanel(m, words=words)
        self.turn_bar = ManaVsEnergy(m, words=words)
        self.event_log = EventLog(m, words=words)
        self.undo_button = button(words("Undo"), words("Take back the last action"), lambda: self.act(m.undo))
        self.reset_button = button(words("Reset"), words("Back to the starting position"), self._reset)
        self.folder, choices = scenario_choices(kit.scenarios)
        # The page picks an entry by its place in the list; the file name stays in the kernel.
        self.scenarios = ipw.Dropdown(description=words("Scenario"), options=choices,
                                      value=None, layout=ipw.Layout(width="34em"))
        self.load_button = button(words("Load"), words("Load the chosen scenario"), self._load)
        self.upload = ipw.FileUpload(description=words("Upload a scenario"), accept=".yaml,.yml", multiple=False,
                                     tooltip=words("Open a scenario file from this computer (read here, not kept)"),
                                     layout=ipw.Layout(width="auto"))
        self.upload.observe(self._uploaded, names=["value"])
        self.title_line = Dom()
        tools = ipw.HBox([self.undo_button, self.reset_button, self.scenarios, self.load_button,
                          self.upload, rules_switch(words)], layout=ipw.Layout(flex_flow="row wrap"))
        side = ipw.VBox([self.stack_view, self.order_view, self.payment, self.choices],
                        layout=ipw.Layout(flex="1 1 22em"))
        main = ipw.VBox([self.board, self.turn_bar], layout=ipw.Layout(flex="3 1 30em"))
        self.children = [self.style, self.header, self.title_line, tools, self.feedback,
                         ipw.HBox([main, side], layout=ipw.Layout(flex_flow="row wrap")), self.event_log]
        FocusKeeper(m, self, [self.board, self.stack_view, self.order_view, self.payment, self.choices],
                    fallback=self.undo_button)
        m.observe(self._title, names=["scenario_name"])
        self._title()

    @classmethod
    def opening(cls, kit: Kit | None = None, *, words: Words = words_for("en")) -> "Sandbox":
        """The sandbox page's table: the scenarios folder's first board (the shipped folder's is its
        demo; an operator's folder may hold another), else an empty table."""
        kit = Kit.from_environment() if kit is None else kit
        first = next(iter(demo_scenarios(kit.scenarios).values()), None)
        return cls.from_scenario(first, kit, words=words) if first is not None else cls(kit=kit, words=words)

    @classmethod
    def from_scenario(cls, source, kit: Kit | None = None, *, words: Words = words_for("en")) -> "Sandbox":
        """Open a scenario (a file path, a dict, or the title of a board in the scenarios folder)."""
        kit = Kit.from_environment() if kit is None else kit
        demos = demo_scenarios(kit.scenarios)
        if isinstance(source, str) and source in demos:
            source = demos[source]
        return cls(GameModel.from_scenario(source, kit.card_set), kit, words=words)

    def _title(self, _change=None) -> None:
        name = self.model.scenario_name
        self.title_line.content = [h("div", h("b", name))] if name else []
        # The list shows the board that is loaded when it is one of its own (an upload isn't).
        listed = dict(self.scenarios.options)
        self.scenarios.value = listed.get(name) if name in listed else None

    def _reset(self) -> None:
        self.model.reset()
        self.feedback.content = []

    def _load(self) -> None:
        if not self.scenarios.value:
            self.feedback.content = [message("rd-note", [self.words("Choose a scenario, or upload a scenario file.")])]
            return
        self.act(self.model.load_named, self.folder, self.scenarios.value)

    def _uploaded(self, change) -> None:
        files = change["new"]
        if files:
            self.upload.value = ()  # read once, not kept; the same file may be uploaded again
            self.act(self.model.load_upload, files[0]["name"], files[0]["content"])
