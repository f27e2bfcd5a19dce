"""Targets: chosen on casting or as a trigger goes on the stack; all illegal -> no resolution (608.2b)."""

import pytest

from rulesdojo.rules import (CastSpell, ChooseAmount, ChoosePay, ChooseTargets, DeclareAttackers,
                             Game, IllegalAction, PassPriority, AdvanceStep)
from game_moves import both_pass


def setup_lightning_vs_unsummon(energy=2):
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", energy=energy, mana={"R": 2})
    g.set_player("Nadia", mana={"U": 1})
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    hl = g.add_card("Alice", "Harnessed Lightning")
    unsummon = g.add_card("Nadia", "Unsummon")
    return g, bears, hl, unsummon


def test_lightning_with_its_target_gone_gives_no_energy_and_takes_none():
    g, bears, hl, unsummon = setup_lightning_vs_unsummon(energy=2)
    g.apply(CastSpell(hl, (bears,)))
    g.apply(PassPriority())
    g.apply(CastSpell(unsummon, (bears,)))
    both_pass(g)  # Unsummon resolves
    events = g.apply(PassPriority()) + g.apply(PassPriority())
    assert "608.2b" in [ev.rule for ev in events]
    # E8, E9: no {E}{E}{E}, and no chance to pay any energy.
    assert g.pending is None
    assert g.player("Alice").energy == 2
    assert [c.card for c in g.player("Alice").graveyard] == ["Harnessed Lightning"]
    assert g.stack == []
    outcomes = {g.state.names[k]: v for k, v in g.state.outcomes.items()}
    assert outcomes == {"Unsummon": "resolved", "Harnessed Lightning": "did not resolve"}


def test_fizzle_message_says_it_was_not_countered():
    g, bears, hl, unsummon = setup_lightning_vs_unsummon()
    g.apply(CastSpell(hl, (bears,)))
    g.apply(PassPriority())
    g.apply(CastSpell(unsummon, (bears,)))
    both_pass(g)
    events = g.apply(PassPriority()) + g.apply(PassPriority())
    text = next(ev.text for ev in events if ev.rule == "608.2b")
    assert "doesn't resolve" in text and "wasn't countered" in text


def test_a_creature_back_on_the_battlefield_is_a_new_object():
    """CR 400.7: the bounced Bears recast are not the object Lightning targeted."""
    g, bears, hl, unsummon = setup_lightning_vs_unsummon()
    g.add_permanent("Nadia", "Forest")
    g.add_permanent("Nadia", "Forest")
    g.apply(CastSpell(hl, (bears,)))
    g.apply(PassPriority())
    g.apply(CastSpell(unsummon, (bears,)))
    both_pass(g)
    assert g.permanent(bears) is None
    # Nadia can't recast a creature at instant speed anyway; check the target really is gone.
    assert bears not in [p.id for p in g.state.battlefield]
    both_pass(g)
    assert g.player("Alice").energy == 2


def test_lightning_can_only_target_a_creature():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"R": 2})
    forest = g.add_permanent("Nadia", "Forest")
    hl = g.add_card("Alice", "Harnessed Lightning")
    for bad in (forest, "Nadia"):
        before = g.snapshot()
        with pytest.raises(IllegalAction) as exc:
            g.apply(CastSpell(hl, (bad,)))
        assert exc.value.rule == "601.2c"
        assert g.snapshot() == before


def test_a_targeted_spell_needs_its_target_when_cast():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"R": 2})
    g.add_permanent("Nadia", "Grizzly Bears")
    hl = g.add_card("Alice", "Harnessed Lightning")
    with pytest.raises(IllegalAction) as exc:
        g.apply(CastSpell(hl, ()))
    assert exc.value.rule == "601.2c"


def test_no_creature_means_lightning_cannot_be_cast():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"R": 2})
    g.add_card("Alice", "Harnessed Lightning")
    assert not any(isinstance(a, CastSpell) for a in g.legal_actions)


def test_an_untargeted_spell_takes_no_target():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"U": 1, "C": 2})
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    sp = g.add_card("Alice", "Steady Progress")
    with pytest.raises(IllegalAction) as exc:
        g.apply(CastSpell(sp, (bears,)))
    assert exc.value.rule == "601.2c"


def test_shock_targets_a_player_or_a_creature():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"R": 1})
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    g.add_permanent("Nadia", "Forest")
    g.add_card("Alice", "Shock")
    targets = {a.targets[0] for a in g.legal_actions if isinstance(a, CastSpell)}
    assert targets == {bears, "Alice", "Nadia"}  # "any target": not a land


def test_shock_kills_a_two_toughness_creature():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"R": 1})
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    g.apply(CastSpell(g.add_card("Alice", "Shock"), (bears,)))
    events = g.apply(PassPriority()) + g.apply(PassPriority())
    assert g.permanent(bears) is None
    assert "704.5g" in [ev.rule for ev in events]
    assert [c.card for c in g.player("Nadia").graveyard] == ["Grizzly Bears"]


def test_lightning_still_resolves_when_the_target_is_there():
    g, bears, hl, _ = setup_lightning_vs_unsummon(energy=0)
    g.apply(CastSpell(hl, (bears,)))
    both_pass(g)
    assert g.pending.kind == "pay_any"
    g.apply(ChooseAmount(2))
    assert g.permanent(bears) is None
    assert g.player("Alice").energy == 1


def attack_with_guide(energy, extra_attacker=True):
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    g.add_permanent("Alice", "Guide of Souls")
    bears = g.add_permanent("Alice", "Grizzly Bears")
    g.set_player("Alice", energy=energy)
    g.apply(AdvanceStep())
    return g, bears


def test_reflexive_trigger_fizzles_but_the_energy_stays_paid():
    """T47: Guide's "when you do" target dies in response: nothing happens, the {E}{E}{E} is gone."""
    g, bears = attack_with_guide(3)
    g.set_player("Nadia", mana={"R": 1})
    shock = g.add_card("Nadia", "Shock")
    g.apply(DeclareAttackers((bears,)))
    both_pass(g)  # Guide's attack trigger resolves
    g.apply(ChoosePay(True))
    assert g.player("Alice").energy == 0
    # The reflexive trigger's target is chosen as it goes on the stack (CR 603.12, 603.3d).
    assert g.pending.kind == "choose_targets" and g.pending.options == (bears,)
    g.apply(ChooseTargets((bears,)))
    assert g.stack[-1].kind == "reflexive" and g.stack[-1].targets == (bears,)
    g.apply(PassPriority())
    g.apply(CastSpell(shock, (bears,)))
    both_pass(g)  # Shock resolves, Bears die
    events = g.apply(PassPriority()) + g.apply(PassPriority())
    assert "608.2b" in [ev.rule for ev in events]
    assert g.player("Alice").energy == 0
    assert g.stack == []


def test_reflexive_trigger_target_is_chosen_as_it_goes_on_the_stack():
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    guide = g.add_permanent("Alice", "Guide of Souls")
    bears = g.add_permanent("Alice", "Grizzly Bears")
    g.set_player("Alice", energy=3)
    g.apply(AdvanceStep())
    g.apply(DeclareAttackers((guide, bears)))
    both_pass(g)
    g.apply(ChoosePay(True))
    # Two attacking creatures: the target is chosen now (CR 603.3d, 603.12), before anyone acts.
    assert g.pending.kind == "choose_targets" and set(g.pending.options) == {guide, bears}
    with pytest.raises(IllegalAction):
        g.apply(ChooseTargets(("Nadia",)))
    g.apply(ChooseTargets((guide,)))
    assert g.stack[-1].targets == (guide,)
    both_pass(g)
    p = g.permanent(guide)
    assert p.counters == {"+1/+1": 2, "flying": 1}
    assert "Angel" in g.snapshot()["battlefield"][0]["subtypes"]


def test_an_ability_that_only_gives_energy_says_so_when_it_fizzles_and_nothing_about_paying():
    """Energy ruling 9 alone: Static Prison's enters ability gives {E}{E} and asks no payment."""
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", energy=1, mana={"W": 1})
    g.set_player("Nadia", mana={"U": 1})
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    prison = g.add_card("Alice", "Static Prison")
    unsummon = g.add_card("Nadia", "Unsummon")
    g.apply(CastSpell(prison))
    both_pass(g)
    g.apply(ChooseTargets((bears,)))
    g.apply(PassPriority())
    g.apply(CastSpell(unsummon, (bears,)))
    both_pass(g)
    events = g.apply(PassPriority()) + g.apply(PassPriority())
    text = next(ev.text for ev in events if ev.rule == "608.2b")
    assert "Energy ruling 9" in text and "Energy ruling 8" not in text and "paid" not in text
    assert g.player("Alice").energy == 1


def test_a_may_pay_spell_that_fizzles_says_nothing_is_gotten_and_nothing_can_be_paid():
    g, bears, hl, unsummon = setup_lightning_vs_unsummon()
    g.apply(CastSpell(hl, (bears,)))
    g.apply(PassPriority())
    g.apply(CastSpell(unsummon, (bears,)))
    both_pass(g)
    events = g.apply(PassPriority()) + g.apply(PassPriority())
    text = next(ev.text for ev in events if ev.rule == "608.2b")
    assert "Energy ruling 9" in text and "Energy ruling 8" in text
