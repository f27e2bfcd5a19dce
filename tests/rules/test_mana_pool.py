"""Mana vs energy: the pool, mana abilities, and energy never paying mana (CR 106, 500.4, 605)."""

import pytest

from rulesdojo.rules import (ActivateAbility, AdvanceStep, CannotPay, CastSpell, ChooseMana, Game,
                             IllegalAction, PassPriority, PlayLand)
from game_moves import both_pass

COLORS = ("W", "U", "B", "R", "G")


def pool(g, who):
    return {t: n for t, n in g.player(who).pool.items() if n}


def test_tapping_a_forest_adds_green_without_the_stack():
    g = Game(["Alice", "Nadia"])
    forest = g.add_permanent("Alice", "Forest")
    events = g.apply(ActivateAbility(forest))
    assert pool(g, "Alice") == {"G": 1}
    assert g.permanent(forest).tapped
    assert g.stack == [] and g.state.priority == "Alice"  # CR 605.3b: no stack, no priority change
    assert "605.3b" in [ev.rule for ev in events]


def test_pool_empties_at_end_of_step_but_energy_stays():
    g = Game(["Alice", "Nadia"])
    forest = g.add_permanent("Alice", "Forest")
    g.set_player("Alice", energy=4)
    g.apply(ActivateAbility(forest))
    events = g.apply(AdvanceStep())
    assert g.state.step == "beginning of combat"
    assert pool(g, "Alice") == {}  # CR 106.4, 500.4
    assert g.player("Alice").energy == 4  # E7
    assert "500.4" in [ev.rule for ev in events]


def test_energy_cannot_pay_a_mana_cost():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", energy=5)
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    shock = g.add_card("Alice", "Shock")
    before = g.snapshot()
    with pytest.raises(CannotPay) as exc:
        g.apply(CastSpell(shock, (bears,)))
    assert exc.value.rule == "202.1a"
    assert "5 energy can't pay it" in str(exc.value)
    assert g.snapshot() == before


def test_casting_taps_lands_for_the_cost():
    g = Game(["Alice", "Nadia"])
    m = g.add_permanent("Alice", "Mountain")
    f = g.add_permanent("Alice", "Forest")
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    hl = g.add_card("Alice", "Harnessed Lightning")  # {1}{R}
    g.apply(CastSpell(hl, (bears,)))
    assert g.permanent(m).tapped and g.permanent(f).tapped
    assert pool(g, "Alice") == {}


def test_cost_needs_the_right_color():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Forest")
    g.add_permanent("Alice", "Forest")
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    hl = g.add_card("Alice", "Harnessed Lightning")  # needs {R}
    with pytest.raises(CannotPay):
        g.apply(CastSpell(hl, (bears,)))


def test_aether_hub_colorless_is_free_and_colored_costs_energy():
    g = Game(["Alice", "Nadia"])
    hub = g.add_permanent("Alice", "Aether Hub")
    # With 0 energy, "{T}, Pay {E}: Add one mana of any color" can't be paid (CR 118.3).
    legal = list(g.legal_actions)
    assert ActivateAbility(hub, 0, "C") in legal
    assert not any(a == ActivateAbility(hub, 1, c) for a in legal for c in COLORS)
    before = g.snapshot()
    with pytest.raises(CannotPay) as exc:
        g.apply(ActivateAbility(hub, 1, "U"))
    assert exc.value.rule == "118.3" and g.snapshot() == before


def test_aether_hub_pay_energy_for_a_color_is_a_mana_ability():
    g = Game(["Alice", "Nadia"])
    hub = g.add_permanent("Alice", "Aether Hub")
    g.set_player("Alice", energy=2)
    events = g.apply(ActivateAbility(hub, 1, "U"))
    assert pool(g, "Alice") == {"U": 1}
    assert g.player("Alice").energy == 1
    assert g.stack == []  # CR 605.3b: a mana ability doesn't use the stack
    assert [ev.rule for ev in events] == ["602.2b", "605.3b"]


def test_mana_ability_must_name_an_offered_type():
    g = Game(["Alice", "Nadia"])
    hub = g.add_permanent("Alice", "Aether Hub")
    g.set_player("Alice", energy=1)
    with pytest.raises(IllegalAction) as exc:
        g.apply(ActivateAbility(hub, 1, "C"))  # "any color": colorless isn't a color (CR 106.1a)
    assert exc.value.rule == "106.1b"
    assert g.player("Alice").energy == 1


def test_casting_never_spends_energy_for_you():
    """Auto-payment uses only free mana abilities; paying {E} for mana is the player's choice."""
    g = Game(["Alice", "Nadia"])
    hub = g.add_permanent("Alice", "Aether Hub")
    g.set_player("Alice", energy=1)
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    unsummon = g.add_card("Alice", "Unsummon")  # {U}
    with pytest.raises(CannotPay):
        g.apply(CastSpell(unsummon, (bears,)))
    assert g.player("Alice").energy == 1
    g.apply(ActivateAbility(hub, 1, "U"))
    g.apply(CastSpell(unsummon, (bears,)))
    assert g.player("Alice").energy == 0 and pool(g, "Alice") == {}


def test_reflecting_pool_alone_taps_and_adds_nothing():
    """CR 106.7: no land could produce a type, so the Pool can be activated and adds no mana."""
    g = Game(["Alice", "Nadia"])
    pool_id = g.add_permanent("Alice", "Reflecting Pool")
    g.add_permanent("Nadia", "Forest")  # an opponent's land doesn't count
    with pytest.raises(IllegalAction) as exc:
        g.apply(ActivateAbility(pool_id, 0, "G"))
    assert exc.value.rule == "106.7" and not g.permanent(pool_id).tapped
    assert ActivateAbility(pool_id, 0, None) in g.legal_actions
    g.apply(ActivateAbility(pool_id, 0, None))
    assert g.permanent(pool_id).tapped and pool(g, "Alice") == {}
    assert g.log[-1].rule == "106.7" and "adds none" in g.log[-1].text


def test_reflecting_pool_sees_aether_hub_colors_even_with_no_energy():
    """CR 106.7: count the types a land could produce, ignoring whether costs could be paid."""
    g = Game(["Alice", "Nadia"])
    rp = g.add_permanent("Alice", "Reflecting Pool")
    g.add_permanent("Alice", "Aether Hub", tapped=True)
    offered = {a.mana for a in g.legal_actions if isinstance(a, ActivateAbility) and a.source == rp}
    assert offered == set(COLORS) | {"C"}
    g.apply(ActivateAbility(rp, 0, "B"))
    assert pool(g, "Alice") == {"B": 1}
    assert g.player("Alice").energy == 0


def test_reflecting_pool_copies_a_forest():
    g = Game(["Alice", "Nadia"])
    rp = g.add_permanent("Alice", "Reflecting Pool")
    g.add_permanent("Alice", "Forest")
    offered = {a.mana for a in g.legal_actions if isinstance(a, ActivateAbility) and a.source == rp}
    assert offered == {"G"}


def test_lotus_cobra_mana_trigger_uses_the_stack():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Lotus Cobra")
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    # CR 605.5a: a landfall trigger that adds mana isn't a mana ability.
    assert [s.name for s in g.stack] == ["Lotus Cobra"]
    both_pass(g)
    assert g.pending.kind == "choose_mana" and set(g.pending.options) == set(COLORS)
    events = g.apply(ChooseMana("R"))
    assert pool(g, "Alice") == {"R": 1}
    assert "605.5a" in [ev.rule for ev in events]
    assert g.player("Alice").energy == 0  # E7: "any type" of mana is never energy


def test_pool_mana_pays_before_lands():
    g = Game(["Alice", "Nadia"])
    m = g.add_permanent("Alice", "Mountain")
    g.set_player("Alice", mana={"R": 1})
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    g.apply(CastSpell(g.add_card("Alice", "Shock"), (bears,)))
    assert not g.permanent(m).tapped
    assert pool(g, "Alice") == {}
