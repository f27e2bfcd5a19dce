"""The turn: steps and phases, priority, state-based actions, and triggers going on the stack."""

from __future__ import annotations

from typing import Any, Callable

from . import control
from . import engine as e
from .said import CardName, Listed, Quote, Value, Whose, said
from . import player_effects
from . import query as q
from .phasing import phase_in
from .mana import pool_said
from .choices import (AttackersChoice, BlockersChoice, Choice, DiscardChoice, ModeChoice,
                      OrderTriggersChoice, TargetChoice)
from .effects.choices import modal
from .objects import STEP_NAMES, STEP_RULES, STEP_SAID, GameState, Permanent, StackItem, Trigger
from .resolve import resolve_top, stack_said
from .sba import state_based_actions
from .targets import target_candidates
from .happened import Happened

PRIORITY_STEPS = set(STEP_NAMES) - {"untap", "cleanup"}


def settle(st: GameState) -> None:
    """Before a player gets priority: state-based actions, then waiting triggers (CR 117.5).

    >>> from .objects import Player
    >>> st = GameState([Player("Alice", life=0), Player("Nadia")], active="Alice")
    >>> settle(st); st.over, st.winner
    (True, 'Nadia')
    """
    while not st.over and st.pending is None:
        control.refresh(st)  # continuous effects apply before anything is checked (CR 613.1b)
        if state_based_actions(st):
            continue
        if st.waiting:
            place_triggers(st)
            continue
        return


def place_triggers(st: GameState) -> None:
    """Put waiting triggers on the stack in APNAP order; ask for an order or targets (CR 603.3b).

    >>> from .objects import Player
    >>> st = GameState([Player("Alice"), Player("Nadia")], active="Alice")
    >>> place_triggers(st); st.stack, st.pending
    ([], None)
    """
    for pl in q.apnap(st):
        mine = [t for t in st.waiting if t.controller == pl.name]
        if not mine:
            continue
        if _ask_order(st, pl.name, mine):
            return
        for t in sorted(mine, key=lambda t: t.data.get("order", 0)):
            step = _choose_mode(st, t) or _choose_target(st, t)
            if step == "asked":
                return
            if step is None:
                _put_on_stack(st, t)
        return


def _ask_order(st: GameState, who: str, mine: list[Trigger]) -> bool:
    """Ask ``who`` to order their triggers, one at a time: the answer may name only the next
    (CR 603.3b); the last one left takes the last place. Say whether the game now waits."""
    unordered = [t for t in mine if "order" not in t.data]
    if len(mine) > 1 and len(unordered) > 1:
        says = said("{who}: put these {n} triggered abilities on the stack in any order; the last one you put on "
                    "the stack resolves first", who=who, n=len(unordered)) if len(unordered) == len(mine) else said(
            "{who}: put the other {n} triggered abilities on the stack in any order; the last one you put on the "
            "stack resolves first", who=who, n=len(unordered))
        st.pending = OrderTriggersChoice(
            who, says.english, "603.3b",
            tuple(t.id for t in unordered), data={"placed": tuple(t.id for t in mine if "order" in t.data)},
            said=says)
        return True
    if len(mine) > 1 and unordered:
        unordered[0].data["order"] = len(mine) - 1
    return False


def _choose_mode(st: GameState, t: Trigger) -> str | None:
    """A modal trigger's mode is chosen as it is put on the stack; with none to choose it is
    removed (CR 700.2b). Return "asked", "removed", or None when nothing is left to choose."""
    chooser = modal(t.effects)
    if chooser is None or "mode" in t.data:
        return None
    modes = chooser.legal_modes(st, t.controller)
    if not modes:
        st.waiting.remove(t)
        e.log(st, "700.2b", said("No mode of {card}'s ability can be chosen, so it is removed from the stack.",
                                 card=CardName(t.name)), "fizzle", t.controller)
        return "removed"
    says = said("Choose one mode for {card}'s ability: {ability}", card=CardName(t.name), ability=Quote(t.text, t.name))
    st.pending = ModeChoice(t.controller, says.english, "700.2b", tuple(modes), 1, 1, item=t.id, said=says)
    return "asked"


def _choose_target(st: GameState, t: Trigger) -> str | None:
    """A trigger's target is chosen as it is put on the stack; with no legal target it is removed
    (CR 603.3d). Return "asked", "removed", or None when nothing is left to choose."""
    if not t.target_spec or "targets" in t.data:
        return None
    cands = target_candidates(st, t.target_spec, t.controller)
    if not cands:
        st.waiting.remove(t)
        e.log(st, "603.3d", said("{card}'s ability has no legal target and is removed from the stack.",
                                 card=CardName(t.name)), "fizzle", t.controller)
        return "removed"
    says = said("Choose a target for {card}'s ability: {ability}", card=CardName(t.name), ability=Quote(t.text, t.name))
    st.pending = TargetChoice(t.controller, says.english, "603.3d", tuple(cands), 1, 1, item=t.id, said=says)
    return "asked"


def _put_on_stack(st: GameState, t: Trigger) -> None:
    st.waiting.remove(t)
    item = StackItem(t.id, t.kind, t.name, t.controller, t.text, t.effects,
                     tuple(t.data.get("targets", ())), t.target_spec, source=t.source,
                     data=t.data)
    st.stack.append(item)
    targets = Listed(tuple(q.target_said(st, x) for x in item.targets), "comma")
    e.log(st, "603.3", said("{who} puts {item} on the stack targeting {targets}.", who=t.controller,
                            item=stack_said(item), targets=targets) if item.targets else
          said("{who} puts {item} on the stack.", who=t.controller, item=stack_said(item)), "stack", t.controller)


def pass_priority(st: GameState, who: str) -> GameState | None:
    """Pass for ``who``, the player with priority; when every player has passed in succession,
    resolve the top or end the step.

    Return the position to replay from when the resolution paused at a choice.

    >>> from .objects import Player
    >>> st = GameState([Player("Alice"), Player("Nadia")], active="Alice", priority="Alice")
    >>> pass_priority(st, "Alice"); st.priority, st.log[-1].text
    ('Nadia', 'Alice passes priority.')
    """
    e.log(st, "117.3d", said("{who} passes priority.", who=who), "priority", who)
    st.passes += 1
    if st.passes < len(q.in_game(st)):
        st.priority = q.next_player(st, who)
        return None
    st.passes = 0
    if st.stack:
        return resolve_top(st)
    end_step(st)
    return None


def end_step(st: GameState) -> None:
    """End the current step: mana empties (CR 500.4); go on to the next step that gives priority.

    >>> from .objects import Player
    >>> st = GameState([Player("Alice"), Player("Nadia")], active="Alice", step="precombat main")
    >>> end_step(st); st.step, st.priority
    ('beginning of combat', 'Alice')
    """
    while True:
        _empty_pools(st)
        i = STEP_NAMES.index(st.step)
        if st.step == "cleanup":
            _new_turn(st)
        elif st.step == "combat damage" and st.first_strikers and st.damage_steps == 1:
            pass  # CR 510.4: a second combat damage step instead of the end of combat step
        else:
            st.step = STEP_NAMES[i + 1]
            if st.step in ("declare blockers", "combat damage") and not _attackers(st):
                e.log(st, "508.8", said("No creatures attacked: the {step} is skipped.", step=STEP_SAID[st.step]), "step")
                continue
        e.log(st, STEP_RULES[st.step], said("Turn {turn} ({who}): {step} begins.", turn=st.turn, who=st.active,
                                            step=STEP_SAID[st.step]), "step")
        if _begin_step(st):
            st.priority = st.active
            st.passes = 0
            return


def _empty_pools(st: GameState) -> None:
    for p in st.players:
        if any(p.pool.values()):
            e.log(st, "500.4", said("{who}'s unused mana empties at the end of the {step}: {pool} is lost. Energy "
                                    "isn't mana: {who} keeps {n} energy (Energy ruling 7).", who=p.name,
                                    step=STEP_SAID[st.step], pool=pool_said(p.pool), n=p.energy), "mana", p.name)
            p.pool = {t: 0 for t in p.pool}


def _attackers(st: GameState) -> list[Permanent]:
    return [p for p in st.battlefield if p.attacking]


def _new_turn(st: GameState) -> None:
    st.active = q.next_player(st, st.active)
    st.turn += 1
    st.step = "untap"
    st.land_plays = 0
    st.land_plays_allowed = 1  # "an additional land this turn" ends with the turn (Explore)
    st.lands_entered = ()
    st.life_lost = {}
    st.energy_lost = {}
    st.loyalty_used = ()
    for p in st.battlefield:
        if p.controller == st.active:
            p.sick = False
    for ended in player_effects.end_for(st, st.active):
        values: dict[str, Value] = {"whose": Whose(st.active), "card": CardName(ended.source)}
        e.log(st, "611.2a", said("{whose} turn begins, so {card}'s \"until your next turn\" effect ends: their life "
                                 "total can change again.", **values) if ended.kind == "life_cant_change" else
              said("{whose} turn begins, so {card}'s \"until your next turn\" effect ends: they no longer have "
                   "protection from everything.", **values), "effect", st.active)


def _begin_step(st: GameState) -> bool:
    """Do the step's turn-based actions; return whether players get priority in it.

    >>> from .objects import Player
    >>> st = GameState([Player("Alice"), Player("Nadia")], active="Alice", step="untap")
    >>> _begin_step(st), st.log[-1].text
    (False, 'Alice untaps their permanents.')
    """
    if st.step in ("upkeep", "precombat main", "beginning of combat", "end"):
        e.emit(st, [Happened.step(st.active, st.step)])
    act = TURN_BASED_ACTIONS.get(st.step)
    return True if act is None else act(st)


def _untap(st: GameState) -> bool:
    """Phasing, then the active player untaps their permanents; no one gets priority (CR 502.3)."""
    ap = st.active
    for p in phase_in(st, ap):  # before untapping (CR 502.1); controlled all along (CR 702.26d)
        p.sick = p.sick and p.controller != ap
    for p in st.battlefield:
        if p.controller == ap and p.tapped:
            p.tapped = False
    e.log(st, "502.3", said("{who} untaps their permanents.", who=ap), "step", ap)
    return False


def _draw(st: GameState) -> bool:
    """The active player draws, except the player who plays first in a two-player game on their
    first turn (CR 504.1, 103.8a)."""
    ap = st.active
    if st.turn == 1 and len(st.players) == 2:
        e.log(st, "103.8a", said("{who} plays first and skips the first draw.", who=ap), "step", ap)
    else:
        e.draw(st, ap)
    return True


def _ask_attackers(st: GameState) -> bool:
    """The active player declares attackers among their creatures that can tap (CR 508.1)."""
    ap = st.active
    able = [p.id for p in st.battlefield if p.controller == ap and q.is_type(st, p, "Creature")
            and q.can_tap_for_cost(st, p)]
    if able:
        says = said("Declare attackers (or none)")
        st.pending = AttackersChoice(ap, says.english, "508.1", tuple(able), 0, len(able), said=says)
    else:
        e.log(st, "508.1", said("{who} has no creature that can attack.", who=ap), "combat", ap)
    return True


def _ask_blockers(st: GameState) -> bool:
    """The defending player declares blockers among their untapped creatures (CR 509.1)."""
    defender = q.next_player(st, st.active)
    able = [p.id for p in st.battlefield if p.controller == defender and not p.tapped
            and q.is_type(st, p, "Creature")]
    if able:
        says = said("Declare blockers (or none)")
        st.pending = BlockersChoice(defender, says.english, "509.1", tuple(able), 0, len(able), said=says)
    return True


def _combat_damage_step(st: GameState) -> bool:
    combat_damage(st)
    return True


def _end_of_combat(st: GameState) -> bool:
    st.first_strikers, st.damage_steps = (), 0
    return True


def _postcombat_main(st: GameState) -> bool:
    """Creatures in combat are removed from it as the end of combat step ends (CR 511.3)."""
    for p in st.battlefield:
        p.attacking, p.blocked_by, p.blocking, p.attacking_walker = False, None, None, None
    return True


def _cleanup(st: GameState) -> bool:
    hand = q.player(st, st.active).hand
    if len(hand) > 7:
        says = said("Discard down to 7 cards ({n})", n=len(hand) - 7)
        st.pending = DiscardChoice(st.active, says.english, "514.1", tuple(c.id for c in hand), len(hand) - 7,
                                   len(hand) - 7, said=says)
    for p in st.battlefield + [ph.perm for ph in st.phased_out]:  # phased out too (CR 514.2)
        p.damage = 0
        p.eot_power = p.eot_toughness = 0
        p.eot_keywords = ()
    e.log(st, "514.2", said("Damage wears off and \"until end of turn\" effects end."), "step")
    control.end_of_turn(st)
    return bool(st.waiting) or st.pending is not None


#: Each step's turn-based actions; each says whether players get priority in the step.
TURN_BASED_ACTIONS: dict[str, Callable[[GameState], bool]] = {
    "untap": _untap, "draw": _draw, "declare attackers": _ask_attackers,
    "declare blockers": _ask_blockers, "combat damage": _combat_damage_step,
    "end of combat": _end_of_combat, "postcombat main": _postcombat_main, "cleanup": _cleanup}


def declare_attackers(st: GameState, attackers: tuple[int, ...], at: tuple[tuple[int, int], ...] = ()) -> None:
    ap = st.active
    st.pending = None
    chosen = [q.present(st, a) for a in attackers]
    walkers = dict(at)
    for p in chosen:
        p.attacking = True
        p.attacking_walker = walkers.get(p.id)
        p.tapped = "vigilance" not in q.keywords(st, p)  # attacking taps it (CR 508.1f)
    e.log(st, "508.1", said("{who} attacks with {cards}.", who=ap, cards=Listed(tuple(CardName(p.card) for p in chosen),
                                                                                 "comma")) if chosen else
          said("{who} attacks with no creatures.", who=ap), "combat", ap)
    for p in chosen:
        if p.attacking_walker is not None:
            e.log(st, "508.1b", said("{card} attacks {walker}, a planeswalker, not its controller.", card=CardName(p.card),
                                     walker=q.target_said(st, p.attacking_walker)), "combat", ap)
    for p in chosen:
        if "vigilance" in q.keywords(st, p):
            e.log(st, "702.20b", said("{card} has vigilance: attacking doesn't cause it to tap.", card=CardName(p.card)),
                  "combat", ap)
    if chosen:
        e.emit(st, [Happened.attacks(p, ap) for p in chosen] + [Happened.attacked(ap)])
    st.priority, st.passes = ap, 0


def declare_blockers(st: GameState, blocks: tuple[tuple[int, int], ...]) -> None:
    st.pending = None
    for blocker, attacker in blocks:
        b, a = q.present(st, blocker), q.present(st, attacker)
        b.blocking, a.blocked_by = a.id, b.id
        e.log(st, "509.1", said("{whose} {card} blocks {attacker}.", whose=Whose(b.controller), card=CardName(b.card),
                                attacker=CardName(a.card)), "combat", b.controller)
    if not blocks:
        e.log(st, "509.1", said("{who} declares no blockers.", who=q.next_player(st, st.active)), "combat")
    st.priority, st.passes = st.active, 0


def combat_damage(st: GameState) -> None:
    """Attackers and blockers deal combat damage at once (CR 510.2); trample spills over (702.19b).

    With a first striker in combat there are two steps: first strikers, then the others (CR 510.4).
    """
    _begin_damage_step(st)
    first = st.damage_steps == 1 and bool(st.first_strikers)
    hits = [(src, target, n) for src, target, n in _combat_hits(st)
            if not st.first_strikers or (src.id in st.first_strikers) == first]
    if hits:
        e.log(st, "510.2", said("Every creature dealing combat damage in this step deals it at the same time."),
              "combat")
    for src, target, n in hits:
        e.deal_damage(st, said("{whose} {card}", whose=Whose(src.controller), card=CardName(src.card)), target, n,
                      "infect" in q.keywords(st, src))
    e.emit(st, [Happened.combat_damage(src, target) for src, target, n in hits
                if n > 0 and isinstance(target, str)])


def _begin_damage_step(st: GameState) -> None:
    """Count the combat damage step; with a first striker in combat the first of two deals only
    first strikers' damage (CR 510.4, 702.7b)."""
    fighters = [p for p in st.battlefield if p.attacking or p.blocking]
    if st.damage_steps == 0 and any("first strike" in q.keywords(st, p) for p in fighters):
        st.first_strikers = tuple(p.id for p in fighters if "first strike" in q.keywords(st, p))
        e.log(st, "510.4", said("A creature in combat has first strike, so there are two combat damage steps: in this "
                                "first one only creatures with first strike deal combat damage (CR 702.7b)."), "combat")
    elif st.first_strikers:
        e.log(st, "510.4", said("Second combat damage step: the creatures still in combat that had no first strike deal "
                                "their combat damage now."), "combat")
    st.damage_steps += 1


def _combat_hits(st: GameState) -> list[tuple[Permanent, str | Permanent, int]]:
    """Each (source, recipient, amount) of combat damage if every creature in combat dealt it now."""
    player = q.next_player(st, st.active)
    hits: list[tuple[Permanent, str | Permanent, int]] = []
    for a in _attackers(st):
        power = max(q.power(st, a), 0)
        blocker = q.permanent(st, a.blocked_by) if a.blocked_by else None
        defender = _attacked(st, a, player)
        if blocker is None:  # unblocked, or its blocker is gone: only trample reaches the player
            if defender is not None and (a.blocked_by is None or "trample" in q.keywords(st, a)):
                hits.append((a, defender, power))
            continue
        if "trample" in q.keywords(st, a):
            lethal = max(q.toughness(st, blocker) - blocker.damage, 0)
            to_blocker = min(power, lethal)
            hits += [(a, blocker, to_blocker)] + ([(a, defender, power - to_blocker)] if defender is not None
                                                  else [])
        else:
            hits.append((a, blocker, power))
        hits.append((blocker, a, max(q.power(st, blocker), 0)))
    return hits


def _attacked(st: GameState, a: Permanent, player: str) -> str | Permanent | None:
    """What an attacker deals its combat damage to if unblocked: the defending player, or the
    planeswalker it attacks; none if that planeswalker has left (CR 506.4c)."""
    if a.attacking_walker is None:
        return player
    walker = q.permanent(st, a.attacking_walker)
    return walker if walker is not None and q.is_type(st, walker, "Planeswalker") else None


def carry_on(st: GameState, choice: Choice, value: Any) -> None:
    """Carry out a checked answer that isn't replayed by a resolution, and go on with the turn: the
    declared attackers attack (CR 508.1), the blockers block (CR 509.1), and once the cleanup
    step's discard is done the turn ends (CR 514.1)."""
    if isinstance(choice, AttackersChoice):
        declare_attackers(st, *value)
    elif isinstance(choice, BlockersChoice):
        declare_blockers(st, value)
    else:
        choice.resume(st, value)
        if isinstance(choice, DiscardChoice) and not st.waiting:
            end_step(st)
