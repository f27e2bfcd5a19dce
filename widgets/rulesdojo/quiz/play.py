"""Play a question's scenario with the engine and read the answer off the game."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from ..rules import Game
from ..rules import query as q
from ..rules.actions import PassPriority
from ..rules.choices import OrderReplacementsChoice, OrderTriggersChoice
from ..rules.errors import RulesError, ScenarioError
from ..scenarios.expect import check_expect, outcome
from ..rules.mana import pool_text
from ..scenarios.scenario import Resolver, Scenario, place_of, ActionRunner, build


@dataclass
class Played:
    """A played scenario: the game and the resolver that reads its names and ids."""

    game: Game
    aliases: dict
    scenario: Scenario

    @property
    def resolver(self) -> Resolver:
        return Resolver(self.game, self.aliases)

    def copy(self) -> "Played":
        return Played(copy.deepcopy(self.game), dict(self.aliases), self.scenario)

    def run(self, actions, label: str = "then") -> None:
        """Play more scenario actions on this game; raise ``ScenarioError`` if one is illegal."""
        runner = ActionRunner(self.game, self.aliases, self.scenario)
        for i, a in enumerate(actions):
            place = place_of(actions, i, a).replace("actions[", f"{label}[")
            problems = runner.step(a, place)
            if problems:
                raise ScenarioError("; ".join(problems), file=self.scenario.source, place=place)

    def settle(self, limit: int = 100) -> None:
        """Let every player pass until the stack is empty or a choice is waiting."""
        g = self.game
        for _ in range(limit):
            if g.state.over or g.pending is not None or not g.stack:
                return
            g.apply(PassPriority())

    def holds(self, expect: dict) -> list[str]:
        """Return the differences between the game and an ``expect`` mapping (none: it holds)."""
        return check_expect(self.game, expect, self.resolver)

    def legal(self, action) -> tuple[bool, RulesError | None]:
        """Say whether a scenario action (``{activate: ...}``) would be legal now, and why not."""
        runner = ActionRunner(self.game, self.aliases, self.scenario)
        verb = action if isinstance(action, str) else next(
            k for k in action if k not in ("target", "targets", "ability", "mana"))
        try:
            acts = runner._translate(verb, action)
        except RulesError as exc:
            return False, exc
        g = copy.deepcopy(self.game)
        for a in acts:
            err = g.why_illegal(a)
            if err is not None:
                return False, err
            g.apply(a)
        return True, None


def play(scn: Scenario) -> Played:
    """Set up a scenario and play its actions; raise ``ScenarioError`` naming the place."""
    game, aliases = build(scn)
    p = Played(game, aliases, scn)
    p.run(scn.actions, "scenario.actions")
    game.forget_history()
    return p


# --- outcome questions: compute the asked value ----------------------------------------------

def ask(p: Played, what: dict):
    """Work out an outcome question's answer from the played game.

    Returns a number, a bool, a mana string or a list of names; raises ``RulesError`` when the
    question can't be answered (a player or permanent that isn't there).
    """
    key, arg = next(iter(what.items()))
    st = p.game.state
    if key in ("energy", "life"):
        pl = q.player(st, str(arg))
        return pl.energy if key == "energy" else pl.life
    if key == "life_lost":
        pl = q.player(st, str(arg))
        start = next((s.get("life", 20) for s in p.scenario.setup.get("players", [])
                      if isinstance(s, dict) and s.get("name") == pl.name), 20)
        return start - pl.life
    if key in ("power", "toughness", "damage"):
        perm = _permanent(p, str(arg))
        if key == "damage":
            return perm.damage
        return q.power(st, perm) if key == "power" else q.toughness(st, perm)
    if key == "counters":
        on, kind = str(arg["on"]), str(arg["kind"])
        if any(pl.name == on for pl in st.players):
            return q.player(st, on).counters.get(kind, 0)
        return _permanent(p, on).counters.get(kind, 0)
    if key == "count":
        owner, name = _split(str(arg))
        return sum(1 for x in st.battlefield if x.card.lower() == name.lower()
                   and (owner is None or x.controller == owner))
    if key == "resolved":
        found = outcome(st, str(arg), p.resolver)
        if found is None:
            raise RulesError(f"nothing named {arg!r} has left the stack, so 'resolved' has no answer")
        return found == "resolved"
    if key == "mana":
        return pool_text(q.player(st, str(arg)).pool)
    if key == "stack":
        return [s.name for s in reversed(st.stack)]
    raise RulesError(f"unknown question {key!r}")


def _split(ref: str):
    if "'s " in ref:
        owner, name = ref.split("'s ", 1)
        return owner, name
    return None, ref


def _permanent(p: Played, ref: str):
    st = p.game.state
    oid = p.resolver.alias(ref)
    if oid is not None:
        perm = q.permanent(st, oid)
    else:
        owner, name = _split(ref)
        found = [x for x in st.battlefield if x.card.lower() == name.lower()
                 and (owner is None or x.controller == owner)]
        perm = found[0] if found else None
    if perm is None:
        raise RulesError(f"{ref!r} isn't on the battlefield at the end of the scenario")
    return perm


# --- order questions ------------------------------------------------------------------------

def order_choice(p: Played):
    """Return (the waiting order choice, [(id, label)]), or raise ``RulesError``."""
    st = p.game.state
    pend = st.pending
    if not isinstance(pend, (OrderTriggersChoice, OrderReplacementsChoice)):
        what = pend.kind if pend else "no choice"
        raise RulesError("an order question's scenario must stop at a trigger-order (or "
                         f"replacement-order) choice; it stops at {what}")
    if isinstance(pend, OrderTriggersChoice):
        names = {t.id: (t.controller, t.name) for t in st.waiting}
    else:
        names = {x.id: (x.controller, x.card) for x in st.battlefield}
    owned = [names.get(i, ("", str(i))) for i in pend.options]
    labels = [name for _, name in owned]
    if len({who for who, _ in owned}) > 1:  # the same card on both sides: say whose
        labels = [f"{who}'s {name}" if labels.count(name) > 1 else name for who, name in owned]
    seen: dict[str, int] = {}
    out = []
    for i, lab in zip(pend.options, labels):
        if labels.count(lab) > 1:
            seen[lab] = seen.get(lab, 0) + 1
            lab = f"{lab} ({seen[lab]})"
        out.append((i, lab))
    return pend, out


def try_order(p: Played, choice, ids, then, goal) -> tuple[bool, Played, str | None]:
    """Play one order as the answer to ``choice``, then the follow-up actions, and check the goal
    on a copy of the game."""
    c = p.copy()
    try:
        c.game.apply(choice.answer(tuple(ids)))
        if then is None:
            c.settle()
        else:
            c.run(then)
    except (RulesError, ScenarioError) as exc:
        return False, c, str(exc)
    diffs = c.holds(goal)
    return not diffs, c, "; ".join(diffs) or None
