"""The turn: steps and phases, priority, state-based actions, and triggers going on the stack."""

from __future__ import annotations

from . import control
from . import engine as e
from . import player_effects
from . import query as q
from .auras import aura_state_based_actions
from .loyalty import zero_loyalty
from .phasing import phase_in
from .mana import pool_text
from .choices import (AttackersChoice, BlockersChoice, DiscardChoice, LegendRuleChoice, ModeChoice,
                      OrderTriggersChoice, TargetChoice)
from .effects.choices import modal
from .objects import (MINUS_ONE, PLUS_ONE, STEP_NAMES, STEP_RULES, GameState, Permanent, StackItem,
                      step_text)
from .resolve import resolve_top, stack_name
from .targets import target_candidates
from .triggers import Happened

PRIORITY_STEPS = set(STEP_NAMES) - {"untap", "cleanup"}


def settle(st: GameState) -> None:
    """Before a player gets priority: state-based actions, then waiting triggers (CR 117.5)."""
    while not st.over and st.pending is None:
        control.refresh(st)  # continuous effects apply before anything is checked (CR 613.1b)
        if state_based_actions(st):
            continue
        if st.waiting:
            place_triggers(st)
            continue
        return


def state_based_actions(st: GameState) -> bool:
    """Perform every state-based action that applies at once; say whether any did (CR 704.3)."""
    did = False
    for player in q.in_game(st):
        loss = (("704.5a", "has 0 or less life") if player.life <= 0 else
                ("704.5b", "drew from an empty library") if player.drew_from_empty else
                ("704.5c", "has ten or more poison counters")
                if player.counters.get("poison", 0) >= 10 else None)
        if loss is not None:
            rule, reason = loss
            player.lost = True
            did = True
            e.log(st, rule, f"{player.name} {reason} and loses the game.", "game", player.name)
    for player in st.players:
        for obj in [o for zone in ("hand", "graveyard", "exile", "library") for o in player.zone(zone)
                    if o.token]:
            for zone in ("hand", "graveyard", "exile", "library"):
                if obj in player.zone(zone):
                    player.zone(zone).remove(obj)
            e.log(st, "704.5d", f"The {obj.card} token is in a zone other than the battlefield, so it "
                  "ceases to exist (CR 704.5d, 111.7).", "zone")
            did = True
    creatures = [p for p in st.battlefield if q.is_type(st, p, "Creature")]
    zero = [p for p in creatures if q.toughness(st, p) <= 0]
    lethal = [p for p in creatures if p not in zero and p.damage and p.damage >= q.toughness(st, p)
              and "indestructible" not in q.keywords(st, p)]  # CR 702.12b
    for p in st.battlefield:  # CR 704.5q: +1/+1 and -1/-1 counters annihilate in pairs
        n = min(p.counters.get(PLUS_ONE, 0), p.counters.get(MINUS_ONE, 0))
        if n:
            for kind in (PLUS_ONE, MINUS_ONE):
                p.counters[kind] -= n
                if not p.counters[kind]:
                    del p.counters[kind]
            e.log(st, "704.5q", f"{p.controller}'s {p.card} had both +1/+1 and -1/-1 counters: "
                  f"{n} of each are removed.", "counters", p.controller)
            did = True
    walkers = [p for p in zero_loyalty(st) if p not in zero and p not in lethal]
    if zero or lethal or walkers:  # one event: state-based actions happen at once (CR 704.3)
        reasons = {p.id: ("has 0 or less toughness and is put into the graveyard", "704.5f") for p in zero}
        reasons.update({p.id: ("has lethal damage marked on it and is destroyed", "704.5g") for p in lethal})
        reasons.update({p.id: ("has 0 loyalty and is put into its owner's graveyard", "704.5i")
                        for p in walkers})
        e.leave(st, zero + lethal + walkers, "graveyard", reasons=reasons)
        did = True
    did = aura_state_based_actions(st) or did
    for p in st.battlefield:
        held = q.permanent(st, p.attached_to) if p.attached_to is not None else None
        if "Aura" in q.subtypes(st, p):  # an Aura isn't equipping: CR 704.5m above, not 704.5n
            continue
        if p.attached_to is not None and (held is None or not q.is_type(st, held, "Creature")):
            p.attached_to = None
            e.log(st, "704.5n", f"{p.card} equips nothing legal any more, so it becomes unattached and "
                  "stays on the battlefield.", "rule", p.controller)
            did = True
    for who in q.in_game(st):
        seen: dict[str, list] = {}
        for p in st.battlefield:
            if p.controller == who.name and "Legendary" in q.card(st, p).supertypes:
                seen.setdefault(p.card, []).append(p.id)
        for name, ids in seen.items():
            if len(ids) > 1:
                st.pending = LegendRuleChoice(who.name, f"Choose the {name} to keep; the "
                                     "others go to the graveyard", "704.5j", tuple(ids), 1, 1)
                return True
    alive = q.in_game(st)
    if len(alive) <= 1 and not st.over:
        st.over = True
        st.winner = alive[0].name if alive else None
        e.log(st, "104.2a", f"{st.winner or 'Nobody'} wins the game.", "game", st.winner)
        did = True
    return did


def place_triggers(st: GameState) -> None:
    """Put waiting triggers on the stack in APNAP order; ask for an order or targets (CR 603.3b)."""
    for pl in q.apnap(st):
        mine = [t for t in st.waiting if t.controller == pl.name]
        if not mine:
            continue
        unordered = [t for t in mine if "order" not in t.data]
        if len(mine) > 1 and len(unordered) > 1:  # one at a time: the answer may name only the next
            which = "these" if len(unordered) == len(mine) else "the other"
            st.pending = OrderTriggersChoice(
                pl.name,
                f"{pl.name}: put {which} {len(unordered)} triggered abilities on the stack in any order; "
                "the last one you put on the stack resolves first", "603.3b",
                tuple(t.id for t in unordered), data={"placed": tuple(t.id for t in mine if "order" in t.data)})
            return
        if len(mine) > 1 and unordered:  # the last one left takes the last place
            unordered[0].data["order"] = len(mine) - 1
        for t in sorted(mine, key=lambda t: t.data.get("order", 0)):
            chooser = modal(t.effects)
            if chooser is not None and "mode" not in t.data:
                modes = chooser.legal_modes(st, t.controller)
                if not modes:
                    st.waiting.remove(t)
                    e.log(st, "700.2b", f"No mode of {t.name}'s ability can be chosen, so it is removed "
                          "from the stack.", "fizzle", t.controller)
                    continue
                st.pending = ModeChoice(t.controller, f"Choose one mode for {t.name}'s "
                                        f"ability: {t.text}", "700.2b", tuple(modes), 1, 1, item=t.id)
                return
            if t.target_spec and "targets" not in t.data:
                cands = target_candidates(st, t.target_spec, t.controller)
                if not cands:
                    st.waiting.remove(t)
                    e.log(st, "603.3d", f"{t.name}'s ability has no legal target and is removed "
                          "from the stack.", "fizzle", t.controller)
                    continue
                st.pending = TargetChoice(t.controller,
                                     f"Choose a target for {t.name}'s ability: {t.text}", "603.3d",
                                     tuple(cands), 1, 1, item=t.id)
                return
            st.waiting.remove(t)
            item = StackItem(t.id, t.kind, t.name, t.controller, t.text, t.effects,
                             tuple(t.data.get("targets", ())), t.target_spec, source=t.source,
                             data=t.data)
            st.stack.append(item)
            on = f" targeting {', '.join(q.describe_target(st, x) for x in item.targets)}" if item.targets else ""
            e.log(st, "603.3", f"{t.controller} puts {stack_name(item)} on the stack{on}.", "stack",
                  t.controller)
        return


def pass_priority(st: GameState, who: str) -> GameState | None:
    """Pass for ``who``, the player with priority; when every player has passed in succession,
    resolve the top or end the step.

    Return the position to replay from when the resolution paused at a choice.
    """
    e.log(st, "117.3d", f"{who} passes priority.", "priority", who)
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
    """End the current step: mana empties (CR 500.4); go on to the next step that gives priority."""
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
                e.log(st, "508.8", f"No creatures attacked: the {step_text(st.step)} is skipped.", "step")
                continue
        e.log(st, STEP_RULES[st.step], f"Turn {st.turn} ({st.active}): {step_text(st.step)} begins.", "step")
        if _begin_step(st):
            st.priority = st.active
            st.passes = 0
            return


def _empty_pools(st: GameState) -> None:
    for p in st.players:
        if any(p.pool.values()):
            e.log(st, "500.4", f"{p.name}'s unused mana empties at the end of the {step_text(st.step)}: "
                  f"{pool_text(p.pool)} is lost. Energy isn't mana: {p.name} keeps "
                  f"{p.energy} energy (Energy ruling 7).", "mana", p.name)
            p.pool = {t: 0 for t in p.pool}


def _attackers(st: GameState):
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
        e.log(st, "611.2a", f"{e.possessive(st.active)} turn begins, so {ended.source}'s \"until your "
              f"next turn\" effect ends: {player_effects.ENDED[ended.kind]}.", "effect", st.active)


def _begin_step(st: GameState) -> bool:
    """Do the step's turn-based actions; return whether players get priority in it."""
    ap = st.active
    if st.step == "untap":
        for p in phase_in(st, ap):  # before untapping (CR 502.1); controlled all along (CR 702.26d)
            p.sick = p.sick and p.controller != ap
        for p in st.battlefield:
            if p.controller == ap and p.tapped:
                p.tapped = False
        e.log(st, "502.3", f"{ap} untaps their permanents.", "step", ap)
        return False
    if st.step in ("upkeep", "precombat main", "beginning of combat", "end"):
        e.emit(st, [Happened.step(ap, st.step)])
    if st.step == "draw":
        if st.turn == 1 and len(st.players) == 2:
            e.log(st, "103.8a", f"{ap} plays first and skips the first draw.", "step", ap)
        else:
            e.draw(st, ap)
    elif st.step == "declare attackers":
        able = [p.id for p in st.battlefield if p.controller == ap and q.is_type(st, p, "Creature")
                and q.can_tap_for_cost(st, p)]
        if able:
            st.pending = AttackersChoice(ap, "Declare attackers (or none)", "508.1",
                                 tuple(able), 0, len(able))
        else:
            e.log(st, "508.1", f"{ap} has no creature that can attack.", "combat", ap)
    elif st.step == "declare blockers":
        defender = q.next_player(st, ap)
        able = [p.id for p in st.battlefield if p.controller == defender and not p.tapped
                and q.is_type(st, p, "Creature")]
        if able:
            st.pending = BlockersChoice(defender, "Declare blockers (or none)",
                                 "509.1", tuple(able), 0, len(able))
    elif st.step == "combat damage":
        combat_damage(st)
    elif st.step == "end of combat":
        st.first_strikers, st.damage_steps = (), 0
    elif st.step == "postcombat main":
        for p in st.battlefield:
            p.attacking, p.blocked_by, p.blocking, p.attacking_walker = False, None, None, None
    elif st.step == "cleanup":
        return _cleanup(st)
    return True


def _cleanup(st: GameState) -> bool:
    hand = q.player(st, st.active).hand
    if len(hand) > 7:
        st.pending = DiscardChoice(st.active, f"Discard down to 7 cards ({len(hand) - 7})",
                             "514.1", tuple(c.id for c in hand), len(hand) - 7, len(hand) - 7)
    for p in st.battlefield + [ph.perm for ph in st.phased_out]:  # phased out too (CR 514.2)
        p.damage = 0
        p.eot_power = p.eot_toughness = 0
        p.eot_keywords = ()
    e.log(st, "514.2", "Damage wears off and \"until end of turn\" effects end.", "step")
    control.end_of_turn(st)
    return bool(st.waiting) or st.pending is not None


def declare_attackers(st: GameState, attackers: tuple[int, ...], at: tuple = ()) -> None:
    ap = st.active
    st.pending = None
    chosen = [q.present(st, a) for a in attackers]
    walkers = dict(at)
    for p in chosen:
        p.attacking = True
        p.attacking_walker = walkers.get(p.id)
        p.tapped = "vigilance" not in q.keywords(st, p)  # attacking taps it (CR 508.1f)
    names = ", ".join(p.card for p in chosen) or "no creatures"
    e.log(st, "508.1", f"{ap} attacks with {names}.", "combat", ap)
    for p in chosen:
        if p.attacking_walker is not None:
            e.log(st, "508.1b", f"{p.card} attacks {q.describe_target(st, p.attacking_walker)}, a planeswalker, "
                  "not its controller.", "combat", ap)
    for p in chosen:
        if "vigilance" in q.keywords(st, p):
            e.log(st, "702.20b", f"{p.card} has vigilance: attacking doesn't cause it to tap.", "combat", ap)
    if chosen:
        e.emit(st, [Happened.attacks(p, ap) for p in chosen] + [Happened.attacked(ap)])
    st.priority, st.passes = ap, 0


def declare_blockers(st: GameState, blocks) -> None:
    st.pending = None
    for blocker, attacker in blocks:
        b, a = q.present(st, blocker), q.present(st, attacker)
        b.blocking, a.blocked_by = a.id, b.id
        e.log(st, "509.1", f"{b.controller}'s {b.card} blocks {a.card}.", "combat", b.controller)
    if not blocks:
        e.log(st, "509.1", f"{q.next_player(st, st.active)} declares no blockers.", "combat")
    st.priority, st.passes = st.active, 0


def combat_damage(st: GameState) -> None:
    """Attackers and blockers deal combat damage at once (CR 510.2); trample spills over (702.19b).

    With a first striker in combat there are two steps: first strikers, then the others (CR 510.4).
    """
    fighters = [p for p in st.battlefield if p.attacking or p.blocking]
    if st.damage_steps == 0 and any("first strike" in q.keywords(st, p) for p in fighters):
        st.first_strikers = tuple(p.id for p in fighters if "first strike" in q.keywords(st, p))
        e.log(st, "510.4", "A creature in combat has first strike, so there are two combat damage steps: "
              "in this first one only creatures with first strike deal combat damage (CR 702.7b).", "combat")
    elif st.first_strikers:
        e.log(st, "510.4", "Second combat damage step: the creatures still in combat that had no first "
              "strike deal their combat damage now.", "combat")
    st.damage_steps += 1
    first = st.damage_steps == 1 and bool(st.first_strikers)
    hits = [(src, target, n) for src, target, n in _combat_hits(st)
            if not st.first_strikers or (src.id in st.first_strikers) == first]
    if hits:
        e.log(st, "510.2", "Every creature dealing combat damage in this step deals it at the same "
              "time.", "combat")
    for src, target, n in hits:
        e.deal_damage(st, f"{src.controller}'s {src.card}", target, n, "infect" in q.keywords(st, src))
    e.emit(st, [Happened.combat_damage(src, target) for src, target, n in hits
                if n > 0 and isinstance(target, str)])


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


def carry_on(st: GameState, choice, value) -> None:
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
