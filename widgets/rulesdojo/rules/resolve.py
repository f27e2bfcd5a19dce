"""Resolve the top of the stack: target checks, then the card's effect (CR 608).

An effect that needs a choice mid-resolution asks ``Resolution.choose``. The engine
then shows the choice as ``game.pending`` with the game as it stands at that point;
the answer replays the resolution from its start with the answers so far, so
resolving is a pure function of the game and the answers (no paused code is kept).
"""

from __future__ import annotations

import copy

from . import engine as e
from . import query as q
from .mana import COLORS, TYPE_NAMES
from .objects import PLUS_ONE, GameState, Pending, StackItem, Trigger

ENERGY_NOTE = ("No energy is gained, and none can be paid even if its controller wants to "
               "(Energy rulings 8 and 9).")


class NeedChoice(Exception):
    def __init__(self, pending: Pending):
        super().__init__(pending.prompt)
        self.pending = pending


class Resolution:
    """Carry one resolution: the game, the object resolving, the answers given so far."""

    def __init__(self, st: GameState, item: StackItem, answers: tuple = ()):
        self.st, self.item, self.answers, self._next = st, item, answers, 0

    @property
    def controller(self) -> str:
        return self.item.controller

    def choose(self, kind: str, player: str, prompt: str, rule: str, options=(), low=0, high=0,
               data=None):
        if self._next < len(self.answers):
            self._next += 1
            return self.answers[self._next - 1]
        raise NeedChoice(Pending(kind, player, prompt, rule, tuple(options), low, high,
                                 item=self.item.id, answers=self.answers, data=data or {}))

    def source(self):
        return q.permanent(self.st, self.item.source)


def target_candidates(st: GameState, spec: str | None, controller: str) -> list:
    """List what can be chosen for a target description (CR 115.1)."""
    if not spec:
        return []
    out: list = []
    for p in st.battlefield:
        if q.is_type(st, p, "Creature") and spec in ("creature", "creature_or_planeswalker", "any"):
            out.append(p.id)
        elif q.is_type(st, p, "Planeswalker") and spec in ("creature_or_planeswalker", "any"):
            out.append(p.id)
        elif spec == "attacking_creature" and p.attacking and q.is_type(st, p, "Creature"):
            out.append(p.id)
    if spec == "any":
        out += [p.name for p in q.in_game(st)]
    return out


def legal_targets(st: GameState, item) -> list:
    ok = set(target_candidates(st, item.target_spec, item.controller))
    return [t for t in item.targets if t in ok]


def resolve_top(st: GameState, answers: tuple = ()) -> None:
    """Resolve the top object of the stack, or pause it at a choice (``st.pending``)."""
    restart = copy.deepcopy(st)
    item = st.stack[-1]
    res = Resolution(st, item, answers)
    try:
        _resolve(res)
    except NeedChoice as need:
        need.pending.restart = restart
        st.pending = need.pending
        return
    st.stack.remove(item)
    st.names[item.id] = item.name
    st.priority = st.active  # CR 117.3b: the active player gets priority after a resolution
    st.passes = 0


def _resolve(res: Resolution) -> None:
    st, item = res.st, res.item
    if item.target_spec and item.targets and not legal_targets(st, item):
        # CR 608.2b: every target illegal: it doesn't resolve and none of its effects happen.
        note = f" {ENERGY_NOTE}" if "{E}" in item.text else ""
        e.log(st, "608.2b", f"{stack_name(item)} doesn't resolve: its every target is illegal, so none "
              f"of its effects happen.{note} (It wasn't countered.)", "fizzle", item.controller)
        st.outcomes[item.id] = "did not resolve"
        if item.card is not None:
            _to_graveyard(st, item)
        return
    e.log(st, "608.1", f"{item.controller}'s {stack_name(item)} resolves.", "resolve", item.controller)
    if item.kind == "spell" and q.card(item.card).is_permanent_card:
        st.outcomes[item.id] = "resolved"
        e.enter(st, item.card.card, item.card.owner, item.controller, old_id=item.card.id)  # CR 608.3
        return
    EFFECTS[item.effect](res)
    st.outcomes[item.id] = "resolved"
    if item.card is not None:
        _to_graveyard(st, item)


def stack_name(item: StackItem) -> str:
    """Name a spell or ability on the stack: "Shock", "Guide of Souls' reflexive triggered ability".

    >>> stack_name(StackItem(1, "reflexive", "Guide of Souls", "Alice", "", ""))
    "Guide of Souls' reflexive triggered ability"
    """
    if item.kind == "spell":
        return item.name
    kind = {"ability": "activated", "trigger": "triggered", "reflexive": "reflexive triggered"}[item.kind]
    return f"{e.possessive(item.name)} {kind} ability"


def _to_graveyard(st: GameState, item: StackItem) -> None:
    owner = q.player(st, item.card.owner)
    owner.graveyard.append(item.card)
    e.log(st, "608.2n", f"{item.name} goes to {owner.name}'s graveyard.", "zone", item.controller)


def _target_permanents(res: Resolution):
    return [q.permanent(res.st, t) for t in legal_targets(res.st, res.item) if not isinstance(t, str)]


# --- effects ------------------------------------------------------------------

def get_energy_1(res: Resolution) -> None:
    e.get_energy(res, res.controller, 1, res.item.name)


def get_energy_2(res: Resolution) -> None:
    e.get_energy(res, res.controller, 2, res.item.name)


def create_beast(res: Resolution) -> None:
    e.create_tokens(res.st, res.controller, "Beast", 1, res.item.name)


def energy_then_damage(res: Resolution) -> None:
    st, who = res.st, res.controller
    e.get_energy(res, who, 3, res.item.name)  # CR 608.2c: in printed order
    have = q.player(st, who).energy
    amount = 0
    if have:
        amount = res.choose("pay_any", who, f"Pay any amount of energy for {res.item.name} "
                            f"(0 to {have}): it deals that much damage", "608.2d", low=0, high=have)
    else:
        e.log(st, "608.2d", f"{who} has no energy, so pays 0.", "energy", who)
    e.pay_energy(st, who, amount, res.item.name, "608.2d")
    if amount == 0:
        e.log(st, "608.2d", f"{who} pays no energy: {res.item.name} deals no damage.", "energy", who)
    for p in _target_permanents(res):
        e.deal_damage(st, res.item.name, p, amount)


def brawler_pump(res: Resolution) -> None:
    st, who = res.st, res.controller
    if q.player(st, who).energy < 1:
        e.log(st, "118.3", f"{who} has no energy, so can't pay for {res.item.name}'s trigger.",
              "energy", who)
        return
    if not res.choose("may_pay", who, f"Pay {{E}} for {res.item.name}? If you do, it gets +1/+1 "
                      "and gains trample until end of turn", "118.12", options=(True, False),
                      data={"amount": 1, "link": "if you do"}):
        e.log(st, "118.12", f"{who} chooses not to pay: nothing happens.", "choice", who)
        return
    e.pay_energy(st, who, 1, f"{res.item.name}'s trigger", "118.12")
    e.log(st, "118.12", "\"If you do\": the effect follows at once, in the same resolution; no player "
          "can act between the payment and it (CR 118.12, 608.2c). Players could respond only to the trigger, "
          "before it resolved.", "rule", who)
    src = res.source()
    if src is not None:
        e.pump(st, src, 1, 1, res.item.name, "trample")


def life_and_energy(res: Resolution) -> None:
    e.gain_life(res.st, res.controller, 1, res.item.name)
    e.get_energy(res, res.controller, 1, res.item.name)


def guide_may_pay(res: Resolution) -> None:
    st, who = res.st, res.controller
    if q.player(st, who).energy < 3:
        e.log(st, "118.3", f"{who} has {q.player(st, who).energy} energy and can't pay {{E}}{{E}}{{E}}.",
              "energy", who)
        return
    if not res.choose("may_pay", who, "Pay {E}{E}{E} for Guide of Souls? When you do, a reflexive "
                      "trigger targets an attacking creature", "118.12", options=(True, False),
                      data={"amount": 3, "link": "when you do"}):
        e.log(st, "118.12", f"{who} chooses not to pay: no reflexive trigger.", "choice", who)
        return
    e.pay_energy(st, who, 3, "Guide of Souls' trigger", "118.12")
    text = ("Put two +1/+1 counters and a flying counter on target attacking creature. "
            "It becomes an Angel in addition to its other types.")
    st.waiting.append(Trigger(e.new_id(st), who, res.item.name, text, "guide_angel",
                              res.item.source, "attacking_creature", {"source_name": res.item.name},
                              kind="reflexive"))
    e.log(st, "603.12", "\"When you do\": a reflexive ability triggers. Its target is chosen as it "
          "goes on the stack, and players may respond to it.", "trigger", who)


def guide_angel(res: Resolution) -> None:
    for p in _target_permanents(res):
        e.put_counters(res, p, PLUS_ONE, 2, res.controller, res.item.name)
        e.put_counters(res, p, "flying", 1, res.controller, res.item.name)
        if "Angel" not in q.subtypes(res.st, p):
            p.added_subtypes += ("Angel",)
        e.log(res.st, "205.1b", f"{p.card} becomes an Angel in addition to its other types.",
              "type", p.controller)


def proliferate_draw(res: Resolution) -> None:
    st, who = res.st, res.controller
    options = [p.name for p in q.in_game(st) if any(p.counters.values())]
    options += [p.id for p in st.battlefield if any(p.counters.values())]
    picks = res.choose("proliferate", who, "Proliferate: choose any number of permanents and/or "
                       "players that have counters", "701.34a", options=options) if options else ()
    if not options:
        e.log(st, "701.34a", "Proliferate: nothing has a counter, so nothing is chosen.", "counters", who)
    for pick in picks:
        holder = q.player(st, pick) if isinstance(pick, str) else q.permanent(st, pick)
        for kind, n in list(holder.counters.items()):
            if n:
                e.put_counters(res, pick if isinstance(pick, str) else holder, kind, 1, who,
                               "proliferate")
    e.draw(st, who)


def rampant_growth(res: Resolution) -> None:
    st, who = res.st, res.controller
    p = q.player(st, who)
    basics = [c.id for c in p.library if "Basic" in q.card(c).supertypes]
    pick = res.choose("search", who, "Search your library for a basic land card (or find nothing)",
                      "701.23a", options=basics, low=0, high=1)
    for cid in pick:
        obj = next(c for c in p.library if c.id == cid)
        p.library.remove(obj)
        e.log(st, "305.4", f"{who} puts {obj.card} onto the battlefield: not a land play, so it "
              "doesn't use the land drop, but landfall still triggers.", "rule", who)
        e.enter(st, obj.card, obj.owner, who, tapped=True, old_id=obj.id)
    if not pick:
        e.log(st, "701.23a", f"{who} finds nothing.", "choice", who)
    st.rng.shuffle(p.library)
    e.log(st, "701.24a", f"{who} shuffles their library.", "zone", who)


def lynx_pump(res: Resolution) -> None:
    src = res.source()
    if src is None:
        e.log(res.st, "113.7a", f"{res.item.name} has left the battlefield: the ability resolves "
              "but there is nothing to give +2/+2.", "rule", res.controller)
        return
    e.pump(res.st, src, 2, 2, "landfall")


def add_any_color(res: Resolution) -> None:
    st, who = res.st, res.controller
    color = res.choose("choose_mana", who, "Choose a color of mana to add", "106.1a", options=COLORS)
    q.player(st, who).pool[color] += 1
    e.log(st, "605.5a", f"{who} adds {{{color}}} ({TYPE_NAMES[color]}). Lotus Cobra's trigger isn't a "
          "mana ability: it used the stack.", "mana", who)


def bounce(res: Resolution) -> None:
    for p in _target_permanents(res):
        e.leave(res.st, [p], "hand", "returns to its owner's hand", "400.3")


def deal_2(res: Resolution) -> None:
    for t in legal_targets(res.st, res.item):
        e.deal_damage(res.st, res.item.name, t if isinstance(t, str) else q.permanent(res.st, t), 2)


def marvel(res: Resolution) -> None:
    st, who = res.st, res.controller
    lib = q.player(st, who).library
    top = lib[:6]
    e.log(st, "608.2c", f"{who} looks at the top {len(top)} cards: "
          f"{', '.join(c.card for c in top) or 'none'}.", "zone", who)
    spells = [c.id for c in top if "Land" not in q.card(c).types]
    pick = res.choose("marvel", who, "You may cast a spell from among them without paying its mana "
                      "cost", "601.2", options=spells, low=0, high=1) if spells else ()
    rest = [c for c in top if c.id not in pick]
    for c in top:
        lib.remove(c)
    st.rng.shuffle(rest)
    lib.extend(rest)
    e.log(st, "608.2c", f"{who} puts {len(rest)} card(s) on the bottom in a random order.", "zone", who)
    for cid in pick:
        obj = next(c for c in top if c.id == cid)
        cast_free(res, obj)


def cast_free(res: Resolution, obj) -> None:
    st, who = res.st, res.controller
    c = q.card(obj)
    targets: tuple = ()
    if c.target_spec:
        cands = target_candidates(st, c.target_spec, who)
        if not cands:
            q.player(st, who).library.append(obj)
            e.log(st, "601.2c", f"{c.name} has no legal target, so it can't be cast; it goes to the "
                  "bottom.", "rule", who)
            return
        targets = tuple(res.choose("choose_targets", who, f"Choose a target for {c.name}", "601.2c",
                                   options=cands, low=1, high=1))
    item = StackItem(e.new_id(st), "spell", c.name, who, c.oracle, c.effect or "", targets,
                     c.target_spec, card=obj, without_mana=True)
    st.stack.append(item)
    e.log(st, "601.2", f"{who} casts {c.name} without paying its mana cost.", "cast", who)


EFFECTS = {f.__name__: f for f in (
    get_energy_1, get_energy_2, create_beast, energy_then_damage, brawler_pump, life_and_energy,
    guide_may_pay, guide_angel, proliferate_draw, rampant_growth, lynx_pump, add_any_color, bounce,
    deal_2, marvel)}
