"""Planeswalkers: printed loyalty (CR 306.5b), loyalty abilities (CR 606), damage (120.3c), 0 loyalty
(704.5i), and a land that becomes a creature (CR 613.1d, 613.4b; no entering, 603.6a)."""

import pytest

from rulesdojo.rules import (ActivateAbility, AdvanceStep, CastSpell, DeclareAttackers, Game, IllegalAction,
                             PassPriority, PlayLand)
from rulesdojo.rules.errors import LoyaltyAbilityError
from rulesdojo.rules.game import snapshot
from game_moves import both_pass

NISSA = "Nissa, Who Shakes the World"


def loyalty(g, pid):
    return g.permanent(pid).counters.get("loyalty", 0)


def test_a_planeswalker_enters_with_its_printed_loyalty_and_doubling_season_doubles_it():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"G": 5})
    nissa = g.add_card("Alice", NISSA)
    g.apply(CastSpell(nissa))
    both_pass(g)
    walker = next(p for p in g.state.battlefield if p.card == NISSA)
    assert walker.counters == {"loyalty": 5}
    h = Game(["Alice", "Nadia"])
    h.add_permanent("Alice", "Doubling Season")
    h.set_player("Alice", mana={"G": 5})
    h.apply(CastSpell(h.add_card("Alice", NISSA)))
    both_pass(h)
    # Entering with counters is having them put (CR 122.6), so Doubling Season applies.
    assert next(p for p in h.state.battlefield if p.card == NISSA).counters == {"loyalty": 10}


def test_plus_one_adds_loyalty_as_a_cost_and_a_second_activation_is_refused_unchanged():
    g = Game(["Alice", "Nadia"])
    nissa = g.add_permanent("Alice", NISSA)
    forest = g.add_permanent("Alice", "Forest")
    plains = g.add_permanent("Alice", "Plains")
    g.apply(ActivateAbility(nissa, 0, targets=(forest,)))
    assert loyalty(g, nissa) == 6  # paid as it is activated, before it resolves (CR 606.4)
    before = snapshot(g.state)
    with pytest.raises(LoyaltyAbilityError) as refused:
        g.apply(ActivateAbility(nissa, 0, targets=(plains,)))
    assert refused.value.rule == "606.3"
    assert snapshot(g.state) == before
    assert ActivateAbility(nissa, 0, targets=(plains,)) not in g.legal_actions


def test_a_minus_ability_needs_that_much_loyalty():
    g = Game(["Alice", "Nadia"])
    nissa = g.add_permanent("Alice", NISSA)  # 5 loyalty, its -8 can't be paid
    with pytest.raises(LoyaltyAbilityError) as refused:
        g.apply(ActivateAbility(nissa, 1))
    assert refused.value.rule == "606.6"


def test_up_to_one_target_may_be_none():
    g = Game(["Alice", "Nadia"])
    nissa = g.add_permanent("Alice", NISSA)
    g.add_permanent("Alice", "Forest")
    assert ActivateAbility(nissa, 0, targets=()) in g.legal_actions
    g.apply(ActivateAbility(nissa, 0))
    both_pass(g)
    assert loyalty(g, nissa) == 6
    assert not any("Creature" in p["types"] for p in g.snapshot()["battlefield"])


def test_the_animated_land_is_a_3_3_haste_creature_land_and_triggers_no_landfall():
    g = Game(["Alice", "Nadia"])
    nissa = g.add_permanent("Alice", NISSA)
    g.add_permanent("Alice", "Architect of the Untamed")
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    both_pass(g)  # the landfall trigger of the play
    forest = next(p.id for p in g.state.battlefield if p.card == "Forest")
    g.apply(ActivateAbility(nissa, 0, targets=(forest,)))
    events = []
    g.apply(PassPriority())
    events += g.apply(PassPriority())
    land = next(p for p in g.snapshot()["battlefield"] if p["id"] == forest)
    assert (land["power"], land["toughness"]) == (3, 3)
    assert {"Land", "Creature"} <= set(land["types"]) and "Elemental" in land["subtypes"]
    assert {"vigilance", "haste"} <= set(land["keywords"])
    assert g.stack == () and g.player("Alice").energy == 1
    assert "603.6a" in [ev.rule for ev in events]


def test_damage_to_a_planeswalker_removes_loyalty_and_zero_loyalty_is_the_graveyard():
    g = Game(["Alice", "Nadia"])
    nissa = g.add_permanent("Nadia", NISSA, counters={"loyalty": 2})
    g.set_player("Alice", mana={"R": 1})
    g.apply(CastSpell(g.add_card("Alice", "Shock"), targets=(nissa,)))
    g.apply(PassPriority())
    events = g.apply(PassPriority())
    assert [ev.rule for ev in events if ev.rule in ("120.3c", "704.5i")] == ["120.3c", "704.5i"]
    assert [c.card for c in g.player("Nadia").graveyard] == [NISSA]


def test_loyalty_abilities_are_sorcery_speed_only():
    g = Game(["Alice", "Nadia"], active="Nadia")
    nissa = g.add_permanent("Alice", NISSA)
    forest = g.add_permanent("Alice", "Forest")
    g.apply(PassPriority())  # Nadia passes: Alice has priority on Nadia's turn
    with pytest.raises(LoyaltyAbilityError) as refused:
        g.apply(ActivateAbility(nissa, 0, targets=(forest,)))
    assert refused.value.rule == "606.3"


def test_a_forest_tapped_for_mana_adds_an_additional_green_at_once():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", NISSA)
    forest = g.add_permanent("Alice", "Forest")
    events = g.apply(ActivateAbility(forest, 0, "G"))
    assert g.player("Alice").pool["G"] == 2 and g.stack == ()
    assert "605.4a" in [ev.rule for ev in events]


def test_a_creature_attacks_only_an_opponents_planeswalker():
    g = Game(["Alice", "Nadia"])
    giant = g.add_permanent("Alice", "Hill Giant")
    mine = g.add_permanent("Alice", NISSA)
    theirs = g.add_permanent("Nadia", NISSA)
    g.apply(AdvanceStep())
    g.apply(AdvanceStep())  # beginning of combat ends: declare attackers
    assert DeclareAttackers((giant,), ((giant, theirs),)) in g.legal_actions
    assert DeclareAttackers((giant,), ((giant, mine),)) not in g.legal_actions
    with pytest.raises(IllegalAction) as refused:
        g.apply(DeclareAttackers((giant,), ((giant, mine),)))
    assert refused.value.rule == "508.1b"
    g.apply(DeclareAttackers((giant,), ((giant, theirs),)))
    assert "attacks Nadia's" in g.describe(DeclareAttackers((giant,), ((giant, theirs),)))
