"""The board: each player's side of the table, drawn by one ES module from synced JSON."""

from __future__ import annotations

import pathlib

import anywidget
import traitlets

from .base import View
from .text import game_text_parts, game_text_words, symbol_svgs

STATIC = pathlib.Path(__file__).parent / "static"


def _module(name: str) -> str:
    """Return an ES module with the shared symbol drawing (symbols.js) in front of it."""
    return (STATIC / "symbols.js").read_text() + "\n" + (STATIC / name).read_text()


class Table(anywidget.AnyWidget):
    """The rendered table: ``players`` in, the chosen action's key out (a ``{"do": key}`` message)."""

    _esm = _module("table.js")
    _css = STATIC / "css" / "table.css"
    players = traitlets.List(traitlets.Dict()).tag(sync=True)
    symbols = traitlets.Dict(traitlets.Unicode()).tag(sync=True)
    readonly = traitlets.Bool(False, help="A position to read: cards offer no actions.").tag(sync=True)


def position(model) -> Table:
    """Show a position to read (a check's starting board): the same cards, no actions."""
    return Table(symbols=symbol_svgs(), readonly=True, players=sides(model))


def sides(model) -> list[dict]:
    """Return each player's side of the table as the ES module draws it."""
    return [{
        "name": p["name"], "life": p["life"], "energy": p["energy"],
        "active": p["name"] == model.active, "priority": p["name"] == model.priority,
        "pool": game_text_parts("".join(f"{{{t}}}" * n for t, n in p["mana_pool"].items() if n)),
        "battlefield": [_card(x) for x in model.battlefield if x["controller"] == p["name"]],
        "hand": [_card(c) for c in p["hand"]],
        "library": len(p["library"]), "graveyard": [c["card"] for c in p["graveyard"]],
    } for p in model.players]


class Board(View):
    """Show both sides of the table; a card's name opens its legal actions, or says which rule stops it.

    >>> from rulesdojo.state import GameModel
    >>> m = GameModel.from_scenario({"name": "t", "setup": {"players": [
    ...     {"name": "Alice", "hand": ["Forest"]}, {"name": "Nadia"}]}})
    >>> b = Board(m); b.actions("Forest")
    ['Play Forest']
    >>> b.press("Play Forest"); [x["card"] for x in m.battlefield]
    ['Forest']
    """

    title = "The table"
    rules = ("116.2a", "601.2", "602.2")

    def __init__(self, model, **kwargs):
        super().__init__(model, **kwargs)
        self.table = Table(symbols=symbol_svgs())
        self.table.on_msg(self._message)
        self.children = [self.header, self.table, self.feedback]
        model.observe(self._draw, names=["version"])
        self._draw()

    def _draw(self, _change=None) -> None:
        self.table.players = sides(self.model)

    def focus_first_card(self) -> None:
        """Put the focus on the first card, unless it is on the table already."""
        self.table.send({"focus": "first"})

    def card(self, name: str) -> dict:
        """Return the first card of this name as the table draws it."""
        return next(c for p in self.table.players for c in p["battlefield"] + p["hand"] if c["name"] == name)

    def actions(self, name: str) -> list[str]:
        """Say what the menu of the first card of this name offers, in words."""
        return [a["words"] for a in self.card(name)["actions"]]

    def press(self, words: str) -> None:
        """Take the action a card's menu offers under these words, as a click on it does."""
        key = next(a["key"] for p in self.table.players for c in p["battlefield"] + p["hand"]
                   for a in c["actions"] if a["words"] == words)
        self._message(self.table, {"do": key}, [])

    def _message(self, _widget, content, _buffers) -> None:
        key = content.get("do") if isinstance(content, dict) else None
        if not isinstance(key, int) or not any(k == key for k, _label, _oid in self.model.legal):
            self.feedback.value = ("<div class='rd-note' role='status'>That action is no longer "
                                   "available: the table has changed.</div>")
            return
        self.act(self.model.play, key)


def _card(info: dict) -> dict:
    state = []
    for flag, word in (("tapped", "tapped"), ("attacking", "attacking")):
        if info.get(flag):
            state.append(word)
    if info.get("sick") and "Creature" in info.get("types", ()):
        state.append("summoning sick")
    if info.get("damage"):
        state.append(f"{info['damage']} damage")
    if info.get("equips"):
        state.append(f"equips {info['equips']}")
    state += [f"{n} {k} counter{'s' if n > 1 else ''}" for k, n in (info.get("counters") or {}).items() if n]
    why = info["why_not"]
    return {
        "id": info["id"], "name": info["card"], "cost": game_text_parts(info["cost"]),
        "type_line": info["type_line"], "oracle": [game_text_parts(line) for line in info["oracle"].split("\n")],
        "pt": _pt(info), "printed_pt": info["printed_pt"], "pt_why": info.get("pt_why", []),
        "tapped": bool(info.get("tapped")), "state": state,
        "actions": [{"key": k, "label": game_text_parts(label), "words": game_text_words(label)}
                    for k, label in info["actions"]],
        "why_not": None if why is None else {
            "text": game_text_parts(why["message"] + (f" (CR {why['rule']})" if why["rule"] and
                                                      why["rule"] not in why["message"] else "")),
            "rule": why["rule"]},
    }


def _pt(info: dict) -> str:
    if info.get("power") is not None:
        return f"{info['power']}/{info['toughness']}"
    return "" if "types" in info else info["printed_pt"]  # in hand: as printed

