"""Trigger order: the learner orders simultaneous triggers by dragging or by keyboard, then confirms."""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from rulesdojo.i18n import Words, words_for

from .base import View, button, message, show
from .dom import Dom, game, h
from .modules import esm
from .saying import asked_in, heading_in
from .text import game_text_words


def order_words(words: Words = words_for("en")) -> dict[str, str]:
    """What the reorderable list says besides its items, in ``words``' language: templates whose
    ``{placeholders}`` the ES module fills (``{item}`` an item, ``{n}`` its place of ``{total}``)."""
    return {"how": words("Drag an item to move it; from the keyboard, focus it and press Alt+Up / Alt+Down (the Up "
                         "and Down buttons work too)."),
            "moved": words("{item} moved to position {n} of {total}."), "place": words("{n} of {total}: {item}"),
            "place_noted": words("{n} of {total}: {item}, {note}"), "noted": words("{item}  ({note})"),
            "up": words("Up"), "down": words("Down"), "move_up": words("Move {item} up"),
            "move_down": words("Move {item} down")}


class OrderList(anywidget.AnyWidget):
    """A reorderable list (drag and drop, Alt+arrows, Up/Down buttons); ``order`` holds the ids, top first.

    The page sends each move as a message (``{"order": [...]}``), which comes in turn with the clicks
    of the other widgets; a message that is not a reordering of the items is ignored.

    >>> w = OrderList(items=[{"id": 0, "label": "Forest"}, {"id": 1, "label": "Island"}], order=[0, 1])
    >>> w.moved(w, {"order": [1, 0]}, []); w.moved(w, {"order": [1, 1]}, []); w.order
    [1, 0]
    """

    _esm = esm("trigger_order.js")
    items = traitlets.List(traitlets.Dict()).tag(sync=True)
    # Not echoed: the page has the order it sent, and an echo of an earlier move arriving after a later
    # one would draw the earlier order again.
    order = traitlets.List(traitlets.Int()).tag(sync=True, echo_update=False)
    label = traitlets.Unicode("Items in order, first at the top").tag(sync=True)
    help = traitlets.Unicode("The first item is at the top.").tag(sync=True)
    first_note = traitlets.Unicode("").tag(sync=True)
    say = traitlets.Dict(traitlets.Unicode(), default_value=order_words(),
                         help="Its other words in the learner's language (``order_words``).").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self.moved)

    def moved(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Take the order the learner made on the page, as the page has it: not sent back to it."""
        order = content.get("order") if isinstance(content, dict) else None
        ids = sorted(item["id"] for item in self.items)
        if isinstance(order, list) and all(type(i) is int for i in order) and sorted(order) == ids:
            self.set_state({"order": order})  # as a state update from the page is taken


def stack_list(words: Words = words_for("en")) -> dict[str, Any]:
    """How a list of triggers reads (``STACK_LIST``) in ``words``' language."""
    return {"label": words("Triggered abilities as they will sit on the stack, top first"),
            "help": words("The top of this list is the top of the stack: it is put on the stack last and resolves "
                          "first."),
            "first_note": words("top: resolves first"), "say": order_words(words)}


def plain_list(words: Words = words_for("en")) -> dict[str, Any]:
    """How a list of anything else reads (``PLAIN_LIST``) in ``words``' language."""
    return {"label": words("Items in order, first at the top"), "help": words("The first item is at the top."),
            "first_note": "", "say": order_words(words)}


#: How a list of triggers reads, in lessons and quiz alike: as the stack view reads, top first.
STACK_LIST = {"label": "Triggered abilities as they will sit on the stack, top first",
              "help": "The top of this list is the top of the stack: it is put on the stack last and "
                      "resolves first.",
              "first_note": "top: resolves first"}
#: Words that mark a landfall ability's text, for citing the landfall ruling only where it applies.
LANDFALL_WORDS = ("landfall", "land you control enters")


def order_citation(texts, words: Words = words_for("en")) -> str:
    """The rules an order of triggers rests on: Landfall ruling 3 only when every one is landfall.

    >>> order_citation(["Landfall — Whenever a land you control enters, you get {E}."] * 2)
    '(Landfall ruling 3; CR 603.3b, 405.5).'
    >>> order_citation(["When this land enters, you get {E}.", "Landfall — Whenever a land you control enters, you get {E}."])
    '(CR 603.3b, 405.5).'
    """
    texts = list(texts)
    landfall = texts and all(any(w in t.lower() for w in LANDFALL_WORDS) for t in texts)
    return words("(Landfall ruling 3; CR 603.3b, 405.5).") if landfall else words("(CR 603.3b, 405.5).")


#: How a list of anything else reads (replacement effects: the order they apply).
PLAIN_LIST = {"label": "Items in order, first at the top", "help": "The first item is at the top.",
              "first_note": ""}


class TriggerOrder(View):
    """Order one player's simultaneous triggers; shows the resolution order it implies.

    >>> from rulesdojo.state import GameModel
    >>> w = TriggerOrder(GameModel.empty())
    >>> w.active, w.confirm_button.disabled
    (False, True)
    """

    title = "Put your triggers on the stack"
    rules = ("603.3b", "405.5")

    def __init__(self, model, *, words: Words = words_for("en"), **kwargs):
        self.words, self.title = words, words("Put your triggers on the stack")
        super().__init__(model, **kwargs)
        self.header.content = heading_in(words, self.title, self.rules)
        self.order_list = OrderList(**stack_list(words))
        self.prompt = Dom()
        self.implied = Dom()
        self.confirm_button = button(words("Put them on the stack"), words("Confirm this order"), self._confirm)
        self.children = [self.style, self.header, self.prompt, self.order_list, self.implied, self.confirm_button,
                         self.feedback]
        self.order_list.observe(self._explain, names=["order"])
        model.observe(self._draw, names=["pending"])
        self._draw()

    def _labels(self) -> dict[int, str]:
        return {t["id"]: self.words.card(t["name"]) for t in self.model.waiting}

    def _draw(self, _change=None) -> None:
        p = self.model.pending
        self.active = active = bool(p and p["form"] == "order")
        self.confirm_button.disabled = not active
        show(active, self.order_list)
        if not active:
            self.prompt.content = self.implied.content = []
            return
        labels = self._labels()
        texts = {t["id"]: t["text"] for t in self.model.waiting}
        self.order_list.items = [{"id": i, "label": game_text_words(f"{labels.get(i, i)}: {texts.get(i, '')}")}
                                 for i in p["options"]]
        self.order_list.order = list(reversed(p["options"]))  # top of the stack first
        self.prompt.content = [message("rd-note", [*asked_in(self.words, p), "."])]
        self._explain()

    def _explain(self, _change=None) -> None:
        labels = self._labels()
        order = list(self.order_list.order)
        if not order:
            return
        put = [labels.get(i, str(i)) for i in reversed(order)]
        texts = {t["id"]: t["text"] for t in self.model.waiting}
        words = self.words
        self.implied.content = [h("div", words("You put them on the stack in this order: "),
                                  h("ol", *(h("li", n) for n in put)),
                                  words("The last one you put there, {card}, is on top of the stack and resolves first ",
                                        card=put[-1]),
                                  *game(order_citation((texts.get(i, "") for i in order), words)))]

    def first_control(self):
        return None if self.confirm_button.disabled else self.order_list

    def _confirm(self) -> None:
        self.act(self.model.answer, self.model.pending, tuple(reversed(self.order_list.order)))
