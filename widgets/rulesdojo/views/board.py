"""The board: each player's side of the table, drawn by one ES module from synced JSON."""

from __future__ import annotations

import anywidget
import traitlets

from rulesdojo.i18n import SOURCE, Words, words_for

from .base import View, message
from .saying import heading_in, say
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
    labels = traitlets.Dict(traitlets.Unicode(), help="The table's own words in the learner's language: "
                            "its zones' names and the marks it draws (``table_labels``).").tag(sync=True)


def table_labels(words: Words = words_for("en")) -> dict[str, str]:
    """The words the table draws besides the cards' and players' own, in ``words``' language."""
    return {"hand": words("Hand"), "lands": words("Lands"), "others": words("Other permanents"),
            "creatures": words("Creatures"), "state": words("State"), "oracle": words("Oracle text (English)")}


def position(model, learner: str | None = None, *, words: Words = words_for("en")) -> Table:
    """Show a position to read (a check's starting board): the same cards, no actions."""
    return Table(symbols=symbol_svgs(), readonly=True, players=sides(model, learner, words=words),
                 labels=table_labels(words))


def sides(model, learner: str | None = None, *, words: Words = words_for("en")) -> list[dict]:
    """Return each player's side of the table as the ES module draws it, the opponents first and the
    learner's side (the first player's unless named) last, nearest the learner as at a table.

    While a spell or ability has a player choose (the game's pending choice), that player is the one
    deciding, "choosing", and no side is said to have priority (CR 117.1).
    """
    learner = learner or model.players[0]["name"]
    deciding = (model.pending or {}).get("player")
    out = []
    for p in model.players:
        said_of = getattr(model, "legal_said", {})
        mine = [_card(x, words, said_of) for x in model.battlefield if x["controller"] == p["name"]]
        lands = [c for c in mine if c["row"] == "lands"]
        out.append({
            "name": p["name"], "life": p["life"], "energy": p["energy"], "learner": p["name"] == learner,
            "active": p["name"] == model.active, "choosing": p["name"] == deciding,
            "priority": deciding is None and p["name"] == model.priority,
            "pool": game("".join(f"{{{t}}}" * n for t, n in p["mana_pool"].items() if n), tips=False),
            "lands": grouped(lands, words), "creatures": [c for c in mine if c["row"] == "creatures"],
            "others": [c for c in mine if c["row"] == "others"],
            "hand": [_card(c, words, said_of) for c in p["hand"]],
            "library": len(p["library"]), "graveyard": [words.card(c["card"]) for c in p["graveyard"]],
        })
        out[-1]["say"] = _side_words(out[-1], words)
    return sorted(out, key=lambda side: side["learner"])


def _side_words(side: dict, words: Words) -> dict[str, str]:
    """What a side's head says, in ``words``' language: whose side, the player's state, life, energy,
    mana pool and zones."""
    bits = [words("active player")] if side["active"] else []
    bits += [words("choosing")] if side["choosing"] else [words("has priority")] if side["priority"] else []
    bits.append(words.n("{n} life", "{n} life", side["life"]))
    grave = side["graveyard"]
    counts = [words("Library: {n}", n=side["library"]),
              words("Graveyard: {n} ({cards})", n=len(grave), cards=words("{items}, {item}", items=", ".join(grave[:-1]),
                                                                          item=grave[-1]) if len(grave) > 1 else grave[0])
              if grave else words("Graveyard: {n}", n=0)]
    if not side["hand"]:
        counts.insert(0, words("Hand: empty"))
    return {"side": words("{who}'s side of the table", who=side["name"]), "facts": " · ".join(bits),
            "pool": words("Mana pool:"), "empty": words("empty"),
            "energy": words.n("{who} has {n} energy", "{who} has {n} energy", side["energy"], who=side["name"]),
            "energy_word": words.n("energy", "energy", side["energy"]), "counts": " · ".join(counts)}


def grouped(lands: list[dict], words: Words = words_for("en")) -> list[dict]:
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
    for stack in stacks.values():
        n = stack["count"]
        stack["counted"] = words("×{n}, tapped", n=n) if stack["tapped"] else words("×{n}", n=n)
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

    def __init__(self, model, learner: str | None = None, *, words: Words = words_for("en"), **kwargs):
        self.words, self.title = words, words("The table")
        super().__init__(model, **kwargs)
        self.header.content = heading_in(words, self.title, self.rules)
        self.learner = learner
        self.table = Table(symbols=symbol_svgs(), labels=table_labels(words))
        self.table.on_msg(self._message)
        self.children = [self.style, self.header, self.table, self.feedback]
        model.observe(self._draw, names=["version"])
        self._draw()

    def _draw(self, _change=None) -> None:
        self.table.players = sides(self.model, self.learner, words=self.words)

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
            self.feedback.content = [message("rd-note", [self.words("That action is no longer available: the table has "
                                                                    "changed.")])]
            return
        self.act(self.model.play, key)


#: A side's zones as the table draws them.
ZONES = ("creatures", "others", "lands", "hand")
#: Oracle text longer than this gets a wider card, so that it stays short.
LONG_TEXT = 200


def _state(info: dict, words: Words) -> list[str]:
    """A permanent's marks (tapped, attacking, summoning sick, damage, what it equips, counters), in words."""
    state = [words("tapped")] if info.get("tapped") else []
    state += [words("attacking")] if info.get("attacking") else []
    if info.get("sick") and "Creature" in (info.get("types") or ()):
        state.append(words("summoning sick"))
    if info.get("damage"):
        state.append(words("{n} damage", n=info["damage"]))
    if info.get("equips"):
        state.append(words("equips {card}", card=words.card(info["equips"])))
    return state + [words.n("{n} {kind} counter", "{n} {kind} counters", n, kind=k)
                    for k, n in (info.get("counters") or {}).items() if n]


def _card_words(info: dict, words: Words) -> dict:
    """What a card says besides its face, in ``words``' language; where the language isn't English,
    the printed name and text (else the English text, marked) with the English Oracle name and text kept
    one tap away."""
    name, shown = info["card"], words.card(info["card"])
    say = {"name": shown, "menu": words("What you can do with {card}", card=shown),
           "none": words("{card} has no action to take right now.", card=shown),
           "printed": words(" (printed {pt})", pt=info["printed_pt"]),
           "changed": words("Changed: {why}.", why="; ".join(info.get("pt_why", [])))}
    return say


def _printed_text(info: dict, words: Words) -> list:
    """A card's text as printed in ``words``' language (paragraphs of nodes), or [] where the catalog
    hasn't it (the English Oracle text is shown, marked)."""
    cards = words.catalogs.get("cards")
    printed = cards.pgettext(f"{info['card']}|text", info["oracle"]) if cards and words.code != SOURCE else ""
    return [] if not printed or printed == info["oracle"] else [game(line, tips=False) for line in printed.split("\n")]


def _printed_type(info: dict, words: Words) -> str:
    """A card's type line as printed in ``words``' language, while it is the printed one (a type an
    effect added or took away leaves the English line, which says so exactly)."""
    cards = words.catalogs.get("cards")
    return cards.pgettext(f"{info['card']}|type", info["type_line"]) if cards and words.code != SOURCE else info["type_line"]


def _card(info: dict, words: Words = words_for("en"), said_of: dict | None = None) -> dict:
    state = _state(info, words)
    types = info.get("types")
    why = info["why_not"]
    kinds = types or info["type_line"].split(" — ")[0].split()  # in hand: as printed
    return {
        "say": _card_words(info, words), "english": words.code == SOURCE, "printed": _printed_text(info, words),
        "state_untapped": [s for s in state if s != words("tapped")],
        "id": info["id"], "name": info["card"], "cost": game(info["cost"], tips=False),
        "type_line": _printed_type(info, words), "oracle": [game(line, tips=False) for line in info["oracle"].split("\n")],
        "pt": _pt(info), "printed_pt": info["printed_pt"], "pt_why": info.get("pt_why", []),
        "tapped": bool(info.get("tapped")), "state": state, "colors": info["colors"],
        "frame": _frame(info["colors"], "Land" in kinds), "wide": len(info["oracle"]) > LONG_TEXT,
        "row": "creatures" if "Creature" in kinds else "lands" if "Land" in kinds else "others",
        "actions": [{"key": k, "label": game(say(words, label, (said_of or {}).get(str(k))), tips=False),
                     "words": game_text_words(label)} for k, label in info["actions"]],
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
