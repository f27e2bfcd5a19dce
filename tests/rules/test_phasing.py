"""Phasing (CR 702.26, 502.1) and Teferi's Protection's effects on its player (119.7, 119.8, 702.16j)."""

import pytest

from rulesdojo.rules import (CastSpell, DeclareAttackers, Game, IllegalAction,
                             PassPriority, PlayLand)
from rulesdojo.rules import engine
from rulesdojo.rules.history import clone
from rulesdojo.rules.phasing import is_phased_out, phase_in, phase_out
from rulesdojo.rules.player_effects import PlayerEffect
from game_moves import both_pass, to_next_turn


def protect(g, who="Alice"):
    for _ in range(3):
        g.add_permanent(who, "Plains")
    g.apply(CastSpell(g.add_card(who, "Teferi's Protection")))
    both_pass(g)


def test_a_phased_out_permanent_keeps_its_counters_and_is_no_target():
    g = Game()
    bears = g.add_permanent("Alice", "Grizzly Bears", counters={"+1/+1": 2}, tapped=True)
    st = clone(g.state)
    phase_out(st, [p for p in st.battlefield if p.id == bears], "a test")
    assert is_phased_out(st, bears) and not any(p.id == bears for p in st.battlefield)
    back = phase_in(st, "Alice")
    assert [(p.id, p.counters, p.tapped) for p in back] == [(bears, {"+1/+1": 2}, True)]
    assert "702.26d" in [ev.rule for ev in st.log]


def test_phasing_in_is_for_the_player_it_phased_out_under():
    g = Game()
    g.add_permanent("Nadia", "Forest")
    st = clone(g.state)
    phase_out(st, list(st.battlefield), "a test")
    assert phase_in(st, "Alice") == [] and len(st.phased_out) == 1


def test_equipment_phases_out_with_its_creature_and_back_attached():
    g = Game()
    bears = g.add_permanent("Alice", "Grizzly Bears")
    gear = g.add_permanent("Alice", "Adventuring Gear")
    st = clone(g.state)
    next(p for p in st.battlefield if p.id == gear).attached_to = bears
    phase_out(st, [p for p in st.battlefield if p.id == bears], "a test")
    assert st.battlefield == [] and [ph.directly for ph in st.phased_out] == [True, False]
    assert sorted(p.id for p in phase_in(st, "Alice")) == sorted([bears, gear])
    assert next(p for p in st.battlefield if p.id == gear).attached_to == bears


def test_teferis_protection_phases_out_everything_and_exiles_itself():
    g = Game()
    g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Nadia", "Grizzly Bears")
    protect(g)
    assert [p.card for p in g.state.battlefield] == ["Grizzly Bears"]
    assert len(g.state.phased_out) == 4
    assert [o.card for o in g.player("Alice").exile] == ["Teferi's Protection"]
    assert g.player("Alice").graveyard == ()


def test_a_phased_out_architect_sees_no_land_enter_and_phasing_in_is_no_landfall():
    g = Game()
    g.add_permanent("Alice", "Architect of the Untamed")
    g.add_card("Alice", "Plains", "library")
    g.add_card("Nadia", "Forest", "library")
    protect(g)
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    assert not g.stack and not g.state.waiting
    to_next_turn(g, "upkeep")  # Nadia's turn
    to_next_turn(g, "upkeep")  # Alice's: her permanents phase in, then untap (CR 502.1)
    assert g.state.phased_out == []
    assert all(not p.tapped for p in g.state.battlefield if p.controller == "Alice")
    assert g.player("Alice").energy == 0
    architect = next(p for p in g.state.battlefield if p.card == "Architect of the Untamed")
    assert not architect.sick  # under her control all along (CR 702.26d)


def test_protection_from_everything_stops_targets_and_damage_until_the_next_turn():
    g = Game()
    g.add_card("Alice", "Plains", "library")
    g.add_card("Nadia", "Forest", "library")
    g.add_permanent("Nadia", "Grizzly Bears")
    g.add_permanent("Nadia", "Mountain")
    shock = g.add_card("Nadia", "Shock")
    protect(g)
    to_next_turn(g, "upkeep")
    with pytest.raises(IllegalAction) as err:
        g.apply(CastSpell(shock, targets=("Alice",)))
    assert err.value.rule == "601.2c"
    while g.pending is None:  # on to Nadia's declare attackers step
        g.apply(PassPriority())
    bears = next(p for p in g.state.battlefield if p.card == "Grizzly Bears")
    g.apply(DeclareAttackers((bears.id,)))
    while g.state.step != "postcombat main":
        g.apply(PassPriority())
    assert g.player("Alice").life == 20
    assert "702.16j" in [ev.rule for ev in g.log]
    to_next_turn(g, "upkeep")
    assert g.state.player_effects == ()
    assert "611.2a" in [ev.rule for ev in g.log]


def test_a_life_total_that_cant_change_neither_gains_nor_loses():
    g = Game()
    protect(g)
    st = clone(g.state)
    engine.gain_life(st, "Alice", 3, "a test")
    assert engine.lose_life(st, "Alice", 2, "a test") == 0
    assert st.players[0].life == 20
    assert {"119.7", "119.8"} <= {ev.rule for ev in st.log}
    engine.gain_life(st, "Nadia", 3, "a test")
    assert st.players[1].life == 23


def test_damage_doesnt_change_a_life_total_that_cant_change():
    """Without protection, damage is still dealt, but the life loss it causes can't happen (CR 120.3a)."""
    g = Game()
    st = clone(g.state)
    st.player_effects = (PlayerEffect("Alice", "life_cant_change", "a test"),)
    engine.deal_damage(st, "Nadia's Grizzly Bears", "Alice", 2)
    assert st.players[0].life == 20 and "120.3a" in [ev.rule for ev in st.log]
