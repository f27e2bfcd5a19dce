"""The stack and priority: last in, first out; who acts when (CR 117, 405, 603.3b, 608)."""

import pytest

from rulesdojo.rules import (AdvanceStep, CastSpell, DeclareAttackers, DeclareBlockers, Game,
                             IllegalAction, OrderTriggers, PassPriority, PlayLand)


def test_passing_hands_priority_to_the_next_player():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Nadia", "Grizzly Bears")
    g.set_player("Alice", mana={"R": 1})
    bears = g.state.battlefield[0].id
    g.apply(CastSpell(g.add_card("Alice", "Shock"), (bears,)))
    assert g.state.priority == "Alice"  # CR 117.3c: the caster gets priority again
    events = g.apply(PassPriority())
    assert g.state.priority == "Nadia" and len(g.stack) == 1
    assert "117.3d" in [ev.rule for ev in events]


def test_after_a_resolution_the_active_player_gets_priority():
    g = Game(["Alice", "Nadia"])
    bears = g.add_permanent("Alice", "Grizzly Bears")
    g.set_player("Alice", mana={"R": 1})
    g.apply(CastSpell(g.add_card("Alice", "Shock"), ("Nadia",)))
    g.apply(PassPriority())
    g.apply(PassPriority())
    assert g.player("Nadia").life == 18
    assert g.state.priority == "Alice"  # CR 117.3b
    assert g.permanent(bears) is not None


def test_last_in_first_out():
    g = Game(["Alice", "Nadia"])
    a_bears = g.add_permanent("Alice", "Grizzly Bears")
    n_bears = g.add_permanent("Nadia", "Grizzly Bears")
    g.set_player("Alice", mana={"R": 1})
    g.set_player("Nadia", mana={"U": 1})
    g.apply(CastSpell(g.add_card("Alice", "Shock"), (n_bears,)))
    g.apply(PassPriority())
    g.apply(CastSpell(g.add_card("Nadia", "Unsummon"), (n_bears,)))  # in response
    assert [s.name for s in g.stack] == ["Shock", "Unsummon"]  # the last element is the top
    # Casting a spell starts a new round of passing: one pass doesn't resolve anything.
    g.apply(PassPriority())
    assert len(g.stack) == 2
    g.apply(PassPriority())
    # Unsummon (on top) resolves first: Nadia's Bears go home ...
    assert [s.name for s in g.stack] == ["Shock"]
    assert [c.card for c in g.player("Nadia").hand] == ["Grizzly Bears"]
    # ... so Shock then finds its only target gone and doesn't resolve (CR 608.2b).
    g.apply(PassPriority())
    events = g.apply(PassPriority())
    assert "608.2b" in [ev.rule for ev in events]
    assert g.player("Nadia").life == 20 and g.permanent(a_bears).damage == 0


def test_a_step_cannot_end_with_a_nonempty_stack():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"R": 1})
    g.apply(CastSpell(g.add_card("Alice", "Shock"), ("Nadia",)))
    before = g.snapshot()
    with pytest.raises(IllegalAction) as exc:
        g.apply(AdvanceStep())
    assert exc.value.rule == "500.2"
    assert g.snapshot() == before


def test_all_passing_on_an_empty_stack_ends_the_step():
    g = Game(["Alice", "Nadia"])
    g.apply(PassPriority())
    assert g.state.step == "precombat main" and g.state.priority == "Nadia"
    g.apply(PassPriority())
    assert g.state.step == "beginning of combat" and g.state.priority == "Alice"


def test_own_simultaneous_triggers_go_on_in_the_chosen_order():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Alice", "Steppe Lynx")
    g.apply(PlayLand(g.add_card("Alice", "Plains")))
    assert g.pending.kind == "order_triggers" and g.pending.rule == "603.3b"
    ids = {t.name: t.id for t in g.state.waiting}
    # Architect first, Lynx last: the Lynx's trigger is on top and resolves first.
    g.apply(OrderTriggers((ids["Architect of the Untamed"], ids["Steppe Lynx"])))
    assert [s.name for s in g.stack] == ["Architect of the Untamed", "Steppe Lynx"]
    g.apply(PassPriority())
    g.apply(PassPriority())
    lynx = next(p for p in g.state.battlefield if p.card == "Steppe Lynx")
    assert lynx.eot_power == 2 and g.player("Alice").energy == 0
    g.apply(PassPriority())
    g.apply(PassPriority())
    assert g.player("Alice").energy == 1


def test_apnap_puts_the_nonactive_players_trigger_on_top():
    """Both players' Aetherworks Marvels trigger at once: Alice's go on first, Nadia's on top."""
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    a_bears = g.add_permanent("Alice", "Grizzly Bears")
    n_bears = g.add_permanent("Nadia", "Grizzly Bears")
    g.add_permanent("Alice", "Aetherworks Marvel")
    g.add_permanent("Nadia", "Aetherworks Marvel")
    g.apply(AdvanceStep())
    g.apply(DeclareAttackers((a_bears,)))
    g.apply(AdvanceStep())
    g.apply(DeclareBlockers(((n_bears, a_bears),)))
    g.apply(AdvanceStep())  # combat damage: both 2/2s die at once
    assert g.permanent(a_bears) is None and g.permanent(n_bears) is None
    assert [s.controller for s in g.stack] == ["Alice", "Nadia"]  # CR 603.3b, 101.4
    g.apply(PassPriority())
    g.apply(PassPriority())
    assert (g.player("Alice").energy, g.player("Nadia").energy) == (0, 1)
    g.apply(PassPriority())
    g.apply(PassPriority())
    assert (g.player("Alice").energy, g.player("Nadia").energy) == (1, 1)


def test_order_answer_must_list_each_trigger_once():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Alice", "Steppe Lynx")
    g.apply(PlayLand(g.add_card("Alice", "Plains")))
    first = g.pending.options[0]
    before = g.snapshot()
    with pytest.raises(IllegalAction) as exc:
        g.apply(OrderTriggers((first, first)))
    assert exc.value.rule == "603.3b" and g.snapshot() == before


def test_nobody_acts_while_a_choice_is_pending():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Alice", "Steppe Lynx")
    g.apply(PlayLand(g.add_card("Alice", "Plains")))
    before = g.snapshot()
    with pytest.raises(IllegalAction) as exc:
        g.apply(PassPriority())
    assert exc.value.rule == "603.3b" and g.snapshot() == before
