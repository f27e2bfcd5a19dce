"""Read the game: who is who, and each permanent's characteristics as the rules compute them."""

from __future__ import annotations

from .cards import Activated, Card, basic_mana, card_named
from .errors import IllegalAction
from .mana import TYPES
from .objects import PLUS_ONE, GameState, Permanent, Player


def player(st: GameState, name: str) -> Player:
    for p in st.players:
        if p.name == name:
            return p
    raise IllegalAction(f"There is no player named {name!r}.")


def in_game(st: GameState) -> list[Player]:
    return [p for p in st.players if not p.lost]


def apnap(st: GameState) -> list[Player]:
    """Return players in APNAP order: the active player, then the others in turn order (CR 101.4)."""
    names = [p.name for p in st.players]
    i = names.index(st.active)
    return [p for p in st.players[i:] + st.players[:i] if not p.lost]


def next_player(st: GameState, name: str) -> str:
    order = [p.name for p in apnap(st)]
    return order[(order.index(name) + 1) % len(order)]


def opponents(st: GameState, name: str) -> list[Player]:
    return [p for p in in_game(st) if p.name != name]


def permanent(st: GameState, pid) -> Permanent | None:
    for p in st.battlefield:
        if p.id == pid:
            return p
    return None


def card(obj) -> Card:
    return card_named(obj.card)


def controls(st: GameState, who: str, static: str) -> list[Permanent]:
    """Return the permanents ``who`` controls that carry a static ability."""
    return [p for p in st.battlefield if p.controller == who and static in card(p).statics]


def with_static(st: GameState, static: str) -> list[Permanent]:
    return [p for p in st.battlefield if static in card(p).statics]


def _ashaya_land(st: GameState, p: Permanent) -> bool:
    # Ashaya: nontoken creatures you control are Forest lands in addition (CR 603.6b: as they enter).
    return (not p.token and "Creature" in card(p).types and bool(controls(st, p.controller, "ashaya")))


def types(st: GameState, p: Permanent) -> tuple[str, ...]:
    base = card(p).types
    if _ashaya_land(st, p) and "Land" not in base:
        return ("Land",) + base
    return base


def subtypes(st: GameState, p: Permanent) -> tuple[str, ...]:
    subs = card(p).subtypes + p.added_subtypes
    if _ashaya_land(st, p) and "Forest" not in subs:
        subs += ("Forest",)
    return subs


def type_line(st: GameState, p: Permanent) -> str:
    sup = card(p).supertypes + (("Token",) if p.token else ())
    left = " ".join(sup + types(st, p))
    subs = subtypes(st, p)
    return f"{left} — {' '.join(subs)}" if subs else left


def is_type(st: GameState, p: Permanent, t: str) -> bool:
    return t in types(st, p)


def base_power_toughness(st: GameState, p: Permanent) -> tuple[int, int]:
    c = card(p)
    if "ashaya" in c.statics:  # characteristic-defining: lands you control
        n = sum(1 for q in st.battlefield if q.controller == p.controller and is_type(st, q, "Land"))
        return n, n
    return c.power or 0, c.toughness or 0


def power(st: GameState, p: Permanent) -> int:
    return base_power_toughness(st, p)[0] + p.counters.get(PLUS_ONE, 0) + p.eot_power


def toughness(st: GameState, p: Permanent) -> int:
    return base_power_toughness(st, p)[1] + p.counters.get(PLUS_ONE, 0) + p.eot_toughness


def keywords(st: GameState, p: Permanent) -> tuple[str, ...]:
    kw = list(card(p).keywords) + list(p.eot_keywords)
    if p.counters.get("flying"):
        kw.append("flying")
    return tuple(dict.fromkeys(kw))


def abilities(st: GameState, p: Permanent) -> tuple[Activated, ...]:
    """Return a permanent's activated abilities, with a Forest's intrinsic one (CR 305.6)."""
    own = card(p).activated
    if _ashaya_land(st, p):
        return own + tuple(Activated(f"{{T}}: Add {{{t}}}.", "add_mana", tap=True, mana=(t,))
                           for t in basic_mana(("Forest",)))
    return own


def can_tap_for_cost(st: GameState, p: Permanent) -> bool:
    """A creature can't pay {T} unless under control since the turn began (CR 302.6)."""
    if p.tapped:
        return False
    return not (is_type(st, p, "Creature") and p.sick and "haste" not in keywords(st, p))


def land_mana_types(st: GameState, who: str) -> tuple[str, ...]:
    """Types of mana a land ``who`` controls could produce, costs ignored (CR 106.7)."""
    found: list[str] = []
    for p in st.battlefield:
        if p.controller == who and is_type(st, p, "Land"):
            for a in abilities(st, p):
                found += [t for t in a.mana if t not in found]
    return tuple(t for t in TYPES if t in found)


def mana_options(st: GameState, p: Permanent, a: Activated) -> tuple[str, ...]:
    return land_mana_types(st, p.controller) if a.any_land_type else a.mana


def describe_target(st: GameState, t) -> str:
    if isinstance(t, str):
        return t
    p = permanent(st, t)
    return f"{p.controller}'s {p.card}" if p else f"object {t} (gone)"
