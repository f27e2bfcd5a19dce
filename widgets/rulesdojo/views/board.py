"""The board: each player's side of the table, drawn by one ES module from synced JSON."""

from __future__ import annotations

import anywidget
import traitlets

from .base import View, message
from .dom import game
from .modules import esm
from .text import game_text_words, symbol_svgs

class Table(anywidget.AnyWidget):
    """The rendered table: ``players`` in (the learner's side last), the chosen action's key out
    (a ``{"do": key}`` message)."""

    _esm = esm("table.js")
    players = traitlets.List(traitlets.Dict()).tag(sync=True)
    symbols = traitlets.Dict(traitlets.Unicode()).tag(sync=True)
    readonly = traitlets.Bool(False, help="A position to read: cards offer no actions.").tag(sync=True)


def position(model, learner: str | None = None) -> Table:
    """Show a position to read (a check's starting board): the same cards, no actions."""
    return Table(symbols=symbol_svgs(), readonly=True, players=sides(model, learner))


def sides(model, learner: str | None = None) -> list[dict]:
    """Return each player's side of the table as the ES module draws it, the opponents first and the
    learner's side (the first player's unless named) last, nearest the learner as at a table.

    While a spell or ability has a player choose (the game's pending choice), that player is the one
    deciding, "choosing", and no side is said to have priority (CR 117.1).
    """
    learner = learner or model.players[0]["name"]
    deciding = (model.pending or {}).get("player")
    out = []
    for p in model.players:
        mine = [_card(x) for x in model.battlefield if x["controller"] == p["name"]]
        lands = [c for c in mine if c["row"] == "lands"]
        out.append({
            "name": p["name"], "life": p["life"], "energy": p["energy"], "learner": p["name"] == learner,
            "active": p["name"] == model.active, "choosing": p["name"] == deciding,
            "priority": deciding is None and p["name"] == model.priority,
            "pool": game("".join(f"{{{t}}}" * n for t, n in p["mana_pool"].items() if n), tips=False),
            "lands": grouped(lands), "creatures": [c for c in mine if c["row"] == "creatures"],
            "others": [c for c in mine if c["row"] == "others"],
            "hand": [_card(c) for c in p["hand"]],
            "library": len(p["library"]), "graveyard": [c["card"] for c in p["graveyard"]],
        })
    return sorted(out, key=lambda side: side["learner"])


def grouped(lands: list[dict]) -> list[dict]:
    """Put lands that read alike (name, tapped or not, state, actions in words) in one stack with a count.

    A stack offers the actions of its first land: any of them would do the same.

    >>> forest = {"name": "Forest", "tapped": False, "state": [], "type_line": "Basic Land — Forest",
    ...           "actions": [], "why_not": None}
    >>> [(g["count"], g["ids"]) for g in grouped([{**forest, "id": 3}, {**forest, "id": 5}])]
    [(2, [3, 5])]
    """
    stacks: dict[str, dict] = {}
    for land in lands:
        alike = repr([land[k] for k in ("name", "tapped", "state", "type_line", "why_not")] +
                     [a["words"] for a in land["actions"]])
        if alike in stacks:
            stack = stacks[alike]
            stack["count"] += 1
            stack["ids"] = [*stack["ids"], land["id"]]
        else:
            stacks[alike] = {**land, "count": 1, "ids": [land["id"]]}
    return sorted(stacks.values(), key=lambda g: (g["name"], g["tapped"]))


class Board(View):
    """Show the table: the opponent's side above, the learner's below; a card's name opens its legal
    actions, or says which rule stops it.

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

    def __init__(self, model, learner: str | None = None, **kwargs):
        super().__init__(model, **kwargs)
        self.learner = learner
        self.table = Table(symbols=symbol_svgs())
        self.table.on_msg(self._message)
        self.children = [self.style, self.header, self.table, self.feedback]
        model.observe(self._draw, names=["version"])
        self._draw()

    def _draw(self, _change=None) -> None:
        self.table.players = sides(self.model, self.learner)

    def focus_first_card(self) -> None:
        """Put the focus on the first card, unless it is on the table already."""
        self.table.send({"focus": "first"})

    def cards(self) -> list[dict]:
        """Return every card and stack of lands as the table draws them, side by side, zone by zone."""
        return [c for p in self.table.players for zone in ZONES for c in p[zone]]

    def card(self, name: str) -> dict:
        """Return the first card (or stack of lands) of this name as the table draws it."""
        return next(c for c in self.cards() if c["name"] == name)

    def actions(self, name: str) -> list[str]:
        """Say what the menu of the first card of this name offers, in words."""
        return [a["words"] for a in self.card(name)["actions"]]

    def press(self, words: str) -> None:
        """Take the action a card's menu offers under these words, as a click on it does."""
        key = next(a["key"] for c in self.cards() for a in c["actions"] if a["words"] == words)
        self._message(self.table, {"do": key}, [])

    def _message(self, _widget, content, _buffers) -> None:
        key = content.get("do") if isinstance(content, dict) else None
        if not isinstance(key, int) or not any(k == key for k, _label, _oid in self.model.legal):
            self.feedback.content = [message("rd-note", ["That action is no longer available: the table has changed."])]
            return
        self.act(self.model.play, key)


#: A side's zones as the table draws them.
ZONES = ("creatures", "others", "lands", "hand")
#: Oracle text longer than this gets a wider card, so that it stays short.
LONG_TEXT = 200


def _card(info: dict) -> dict:
    state = []
    for flag, word in (("tapped", "tapped"), ("attacking", "attacking")):
        if info.get(flag):
            state.append(word)
    types = info.get("types")
    if info.get("sick") and "Creature" in (types or ()):
        state.append("summoning sick")
    if info.get("damage"):
        state.append(f"{info['damage']} damage")
    if info.get("equips"):
        state.append(f"equips {info['equips']}")
    state += [f"{n} {k} counter{'s' if n > 1 else ''}" for k, n in (info.get("counters") or {}).items() if n]
    why = info["why_not"]
    kinds = types or info["type_line"].split(" — ")[0].split()  # in hand: as printed
    return {
        "id": info["id"], "name": info["card"], "cost": game(info["cost"], tips=False),
        "type_line": info["type_line"], "oracle": [game(line, tips=False) for line in info["oracle"].split("\n")],
        "pt": _pt(info), "printed_pt": info["printed_pt"], "pt_why": info.get("pt_why", []),
        "tapped": bool(info.get("tapped")), "state": state, "colors": info["colors"],
        "frame": _frame(info["colors"], "Land" in kinds), "wide": len(info["oracle"]) > LONG_TEXT,
        "row": "creatures" if "Creature" in kinds else "lands" if "Land" in kinds else "others",
        "actions": [{"key": k, "label": game(label, tips=False), "words": game_text_words(label)}
                    for k, label in info["actions"]],
        "why_not": None if why is None else {
            "text": game(why["message"] + (f" (CR {why['rule']})" if why["rule"] and
                                           why["rule"] not in why["message"] else ""), tips=False),
            "rule": why["rule"]},
    }


def _frame(colors: list[str], land: bool) -> str:
    """Name the frame a card is drawn in: a land's, colorless, one color's, or multicolored (gold)."""
    if land:
        return "land"
    return "colorless" if not colors else colors[0] if len(colors) == 1 else "multi"


def _pt(info: dict) -> str:
    if info.get("power") is not None:
        return f"{info['power']}/{info['toughness']}"
    return "" if "types" in info else info["printed_pt"]  # in hand: as printed
