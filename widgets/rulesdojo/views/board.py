"""The board: each player's battlefield and hand as card frames; a click offers the card's legal actions."""

from __future__ import annotations

import html

import ipywidgets as ipw

from ..rules.actions import ActivateAbility, CastSpell, PlayLand
from ..rules.cards import card_named
from ..rules.describe import refusal
from .base import View, button, error_html, html_widget, shared
from .render import card_frame, energy_html, symbol


class Board(View):
    """Show both sides of the table; choose a card, then one of its legal actions.

    >>> from rulesdojo.state import GameModel
    >>> m = GameModel.empty(); _ = m.game.add_card("Alice", "Forest", "hand"); m._refresh()
    >>> b = Board(m); b.card_buttons[0].click(); [x.description for x in b.menu.children[1:]]
    ['Play Forest']
    """

    title = "The table"
    rules = ("116.2a", "601.2", "602.2")

    def __init__(self, model, **kwargs):
        super().__init__(model, **kwargs)
        self.selected: int | None = None
        self.sides = ipw.VBox()
        self.menu = ipw.HBox()
        self.card_buttons: list[ipw.Button] = []
        self._sides: dict[str, _Side] = {}
        self._cards: dict[tuple[int, bool], tuple[ipw.VBox, ipw.HTML]] = {}
        self.children = [self.header, self.sides, self.menu, self.feedback]
        model.observe(self._draw, names=["version"])
        self._draw()

    def _draw(self, _change=None) -> None:
        # Widgets are kept and updated in place: a click changes a few values, it doesn't
        # rebuild the table (each new widget costs the browser a round of messages).
        m = self.model
        shown: set = set()
        self.card_buttons = []
        for p in m.players:
            side = self._sides.setdefault(p["name"], _Side())
            pool = "".join(symbol(t) * n for t, n in p["mana_pool"].items() if n) or "empty"
            turn = " (active player)" if p["name"] == m.active else ""
            prio = " · has priority" if p["name"] == m.priority else ""
            side.head.value = (f"<div><b>{html.escape(p['name'])}</b>{turn}{prio} · {p['life']} life · "
                               f"mana pool: {pool}{energy_html(p['energy'], p['name'])}</div>")
            perms = [x for x in m.battlefield if x["controller"] == p["name"]]
            side.field.children = [self._card(x, False, shown) for x in perms] or [side.no_permanents]
            side.hand.children = [self._card(c, True, shown) for c in p["hand"]] or [side.no_cards]
            side.counts.value = (f"<div class='rd-type'>Library: {len(p['library'])} · Graveyard: "
                                 f"{', '.join(c['card'] for c in p['graveyard']) or 'empty'}</div>")
        self.sides.children = [self._sides[p["name"]].box for p in m.players]
        for key in set(self._cards) - shown:
            self._cards.pop(key)[0].close()
        self._menu()

    def _card(self, info: dict, in_hand: bool, shown: set) -> ipw.VBox:
        key = (info["id"], in_hand)
        shown.add(key)
        if key not in self._cards:
            oracle = card_named(info["card"]).oracle
            b = ipw.Button(description=info["card"], tooltip=f"{info['card']}: show what you can do. {oracle}",
                           layout=shared("card"))
            b.on_click(lambda _b, oid=info["id"]: self.select(oid))
            frame = html_widget()
            self._cards[key] = (ipw.VBox([frame, b], layout=shared("layout")), frame)
        box, frame = self._cards[key]
        frame.value = card_frame(info, in_hand=in_hand)
        self.card_buttons.append(box.children[1])
        return box

    def select(self, object_id: int) -> None:
        """Offer the legal actions of one card or permanent (or say why there are none)."""
        self.selected = object_id
        self.feedback.value = ""
        self._menu()

    def _menu(self) -> None:
        if self.selected is None:
            self.menu.children = []
            return
        actions = self.model.actions_for(self.selected)
        name = self._name(self.selected)
        if name is None:
            self.selected = None
            self.menu.children = []
            return
        label = html_widget(f"<b>{html.escape(name)}:</b>&nbsp;")
        if actions:
            self.menu.children = [label] + [
                button(text, text, lambda k=k: self._do(k)) for k, text in actions]
        else:
            self.menu.children = [label, html_widget(self._why_not(self.selected, name))]

    def _do(self, key: int) -> None:
        # Once the action is taken, close the menu: left open, it would re-ask the card and
        # answer "Not allowed" (e.g. "already tapped") right after a legal action.
        if self.act(self.model.do_key, key):
            self.selected = None
            self._menu()

    def _name(self, oid: int) -> str | None:
        for x in self.model.battlefield:
            if x["id"] == oid:
                return x["card"]
        for p in self.model.players:
            for c in p["hand"]:
                if c["id"] == oid:
                    return c["card"]
        return None

    def _why_not(self, oid: int, name: str) -> str:
        g = self.model.game
        c = card_named(name)
        in_hand = any(c2["id"] == oid for p in self.model.players for c2 in p["hand"])
        if in_hand:
            attempt = PlayLand(oid) if "Land" in c.types else CastSpell(oid, ())
        elif g.permanent(oid) is not None and c.activated:
            ab = c.activated[0]
            attempt = ActivateAbility(oid, 0, ab.mana[0] if ab.mana else None)
        else:
            return f"<i>{html.escape(name)} has no action to take right now.</i>"
        if self.model.pending:
            return f"<i>First answer the pending choice: {html.escape(self.model.pending['prompt'])}.</i>"
        exc = g.why_illegal(attempt)
        if exc is not None:
            return error_html(refusal(g.state, attempt, exc), exc.rule or "")
        return f"<i>Nothing can be done with {html.escape(name)} right now.</i>"


class _Side:
    """One player's part of the table; its widgets live as long as the board."""

    def __init__(self):
        self.head, self.counts = html_widget(), html_widget()
        row = {"flex_flow": "row wrap"}
        self.field, self.hand = ipw.HBox(layout=ipw.Layout(**row)), ipw.HBox(layout=ipw.Layout(**row))
        self.no_permanents, self.no_cards = html_widget("<i>No permanents.</i>"), html_widget("<i>Empty hand.</i>")
        self.box = ipw.VBox([self.head, html_widget("<b>Battlefield</b>"), self.field, html_widget("<b>Hand</b>"),
                             self.hand, self.counts],
                            layout=ipw.Layout(border="1px solid #bbb", padding="4px", margin="3px 0"))
