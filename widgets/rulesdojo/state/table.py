"""What a view needs to draw the table, read from the engine once per change: plain data only.

Cards carry their Oracle text, cost, type line, printed power/toughness and frame colors, the legal actions
that start from them and, when there are none, why not. Views read this; they never see the game.
"""

from __future__ import annotations

import re

from ..rules import query as q
from ..rules.actions import ActivateAbility, CastSpell, PlayLand
from ..rules.cards import COLORS, Card
from ..rules.describe import name_of, refusal
from ..rules.game import Game
from ..rules.objects import MINUS_ONE, PLUS_ONE


_MANA_SYMBOL = re.compile(r"\{([WUBRG])\}")


def card_text(c: Card) -> dict:
    """Return a card's printed face: cost, type line, Oracle text, printed power/toughness, colors.

    >>> face = card_text(Game().cards.named("Forest")); face["type_line"], face["colors"]
    ('Basic Land — Forest', ['G'])
    """
    pt = (f"{c.power}/{c.toughness}" if c.power is not None else
          "*/*" if "Creature" in c.types else "")  # "*" : a characteristic-defining ability (CR 208.2)
    return {"cost": c.cost, "type_line": ("Token " if c.token else "") + c.type_line,
            "oracle": c.oracle, "printed_pt": pt, "colors": frame_colors(c)}


def frame_colors(c: Card) -> list[str]:
    """Return the colors a card's frame shows: a land's are those of the mana its text adds, as printed
    land frames show (the land itself is colorless, CR 202.2b); any other card's are its own colors,
    from its color indicator or its mana cost (CR 105.2, 202.2).

    >>> cards = Game().cards
    >>> frame_colors(cards.named("Forest")), frame_colors(cards.named("Aether Hub"))
    (['G'], [])
    """
    if "Land" in c.types:
        found = set(_MANA_SYMBOL.findall(c.oracle))
    else:
        found = set(c.colors) | set(c.mana_cost.colors)
    return [t for t in COLORS if t in found]


def pt_changes(game: Game, pid: int) -> list[str]:
    """Say why a creature's power/toughness differs from what is printed (empty when it doesn't)."""
    st = game.state
    p = q.present(st, pid)
    why = [s.why for s in q.card(st, p).statics if hasattr(s, "why")]
    if p.set_power_toughness is not None:  # "It becomes a 0/0 ... creature" (CR 613.4b)
        why.append("an effect made it a {}/{} creature".format(*p.set_power_toughness))
    for kind in (PLUS_ONE, MINUS_ONE):
        n = p.counters.get(kind, 0)
        if n:
            why.append(f"{n} {kind} counter{'s' if n > 1 else ''}")
    if p.eot_power or p.eot_toughness:
        why.append(f"{p.eot_power:+d}/{p.eot_toughness:+d} until end of turn")
    return why


def why_not(game: Game, oid: int, name: str, in_hand: bool) -> dict | None:
    """Say why nothing can be done with a card now, naming the rule; None if it has no action to try."""
    c = game.cards.named(name)
    if game.pending is not None:
        return {"message": f"First answer the choice the game is waiting for: {game.pending.prompt}.",
                "rule": game.pending.rule or ""}
    attempt: PlayLand | CastSpell | ActivateAbility
    if in_hand:
        attempt = PlayLand(oid) if "Land" in c.types else CastSpell(oid, ())
    elif c.activated:
        ab = c.activated[0]
        attempt = ActivateAbility(oid, 0, ab.mana[0] if ab.mana else None)
    else:
        return None
    exc = game.why_illegal(attempt)
    if exc is None:
        return None
    return {"message": refusal(game.state, attempt, exc), "rule": exc.rule or ""}


def table(game: Game, legal: tuple) -> dict:
    """Return the zones as views draw them: permanents and hand cards with text, actions and refusals."""
    snap = game.snapshot(log=False)
    acts: dict = {}
    for key, label, oid in legal:
        if oid is not None:
            acts.setdefault(oid, []).append([key, label])

    def card(obj: dict, in_hand: bool) -> dict:
        actions = acts.get(obj["id"], [])
        out = {**obj, **card_text(game.cards.named(obj["card"])), "actions": actions,
               "why_not": None if actions else why_not(game, obj["id"], obj["card"], in_hand)}
        if not in_hand:
            out["type_line"] = q.type_line(game.state, q.present(game.state, obj["id"]))
            out["pt_why"] = pt_changes(game, obj["id"]) if obj["power"] is not None else []
        return out

    players = [{**p, "hand": [card(c, True) for c in p["hand"]]} for p in snap["players"]]
    battlefield = [card(p, False) for p in snap["battlefield"]]
    waiting = [{"id": t.id, "name": t.name, "controller": t.controller, "text": t.text}
               for t in game.state.waiting]
    pending, choice = snap["pending"], game.pending  # the same choice: as plain data, as itself
    if pending is not None and choice is not None:
        st = game.state
        data = {k: v for k, v in choice.data.items() if k != "names"}
        pending = {**pending, "data": data, "form": choice.form, "said": choice.said,
                   "labels": {str(o): name_of(st, o) for o in pending["options"]}}
    return {"players": players, "battlefield": battlefield, "stack": snap["stack"],
            "waiting": waiting, "pending": pending}
