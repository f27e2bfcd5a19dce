"""Undo restores the game exactly; legal_actions lists what may be done now and nothing else."""

import pytest

from rulesdojo.rules import (ActivateAbility, AdvanceStep, CastSpell, ChooseAmount, ChoosePay, Game,
                             IllegalAction, OrderTriggers, PassPriority, PlayLand, ChooseObjects)


def test_undo_restores_the_previous_snapshot_step_by_step():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    forest = g.add_card("Alice", "Forest")
    snaps = [g.snapshot()]
    for a in (PlayLand(forest), PassPriority(), PassPriority()):
        g.apply(a)
        snaps.append(g.snapshot())
    assert g.player("Alice").energy == 1
    for expected_action, snap in zip((PassPriority(), PassPriority(), PlayLand(forest)), snaps[-2::-1]):
        assert g.undo() == expected_action
        assert g.snapshot() == snap
    assert g.undo() is None
    assert g.snapshot() == snaps[0]


def test_undo_across_a_pending_choice():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"R": 2})
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    g.apply(CastSpell(g.add_card("Alice", "Harnessed Lightning"), (bears,)))
    g.apply(PassPriority())
    before = g.snapshot()
    g.apply(PassPriority())
    assert g.pending.kind == "pay_any"
    g.apply(ChooseAmount(3))
    g.undo()
    # The pending choice shows the game mid-resolution: the {E}{E}{E} is already gotten (608.2c).
    assert g.pending.kind == "pay_any" and g.player("Alice").energy == 3
    g.undo()
    assert g.snapshot() == before


def test_history_lists_the_actions_taken():
    g = Game(["Alice", "Nadia"])
    g.apply(PassPriority())
    g.apply(PassPriority())
    assert g.history == [PassPriority(), PassPriority()]
    g.undo()
    assert g.history == [PassPriority()]


def test_rejected_actions_are_not_in_history():
    g = Game(["Alice", "Nadia"])
    with pytest.raises(IllegalAction):
        g.apply(PlayLand(999))
    assert g.history == [] and g.undo() is None


def test_legal_actions_at_the_start_of_a_main_phase():
    g = Game(["Alice", "Nadia"])
    forest = g.add_card("Alice", "Forest")
    plains = g.add_card("Alice", "Plains")
    g.add_card("Alice", "Grizzly Bears")  # no mana: can't be cast
    g.add_card("Nadia", "Island")  # not Alice's
    assert set(g.legal_actions) == {PlayLand(forest), PlayLand(plains), PassPriority(), AdvanceStep()}
    g.apply(PlayLand(forest))
    land = g.state.battlefield[-1].id
    # One land per turn (CR 305.2): the Plains can't be played now; the new Forest can tap.
    assert set(g.legal_actions) == {ActivateAbility(land, 0, "G"), PassPriority(), AdvanceStep()}
    assert PlayLand(plains) not in g.legal_actions


def test_no_land_or_sorcery_with_something_on_the_stack():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Alice", "Forest")
    g.add_permanent("Alice", "Forest")
    g.add_permanent("Alice", "Mountain")
    g.add_card("Alice", "Forest", "library")
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    rampant = g.add_card("Alice", "Rampant Growth")
    shock = g.add_card("Alice", "Shock")
    g.add_card("Alice", "Plains")
    legal = list(g.legal_actions)
    assert not any(isinstance(a, PlayLand) for a in legal)
    assert CastSpell(rampant) not in legal
    assert CastSpell(shock, ("Nadia",)) in legal  # an instant is fine (CR 117.1a)
    assert AdvanceStep() not in legal and PassPriority() in legal


def test_nonactive_player_gets_instants_only():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Nadia", "Mountain")
    g.add_permanent("Nadia", "Forest")
    g.add_permanent("Nadia", "Forest")
    shock = g.add_card("Nadia", "Shock")
    g.add_card("Nadia", "Rampant Growth")
    forest = g.add_card("Nadia", "Forest")
    g.apply(PassPriority())
    legal = list(g.legal_actions)
    casts = {a.card for a in legal if isinstance(a, CastSpell)}
    assert casts == {shock}
    assert PlayLand(forest) not in legal


def test_while_a_choice_is_pending_only_answers_are_legal():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Alice", "Steppe Lynx")
    g.apply(PlayLand(g.add_card("Alice", "Plains")))
    legal = list(g.legal_actions)
    assert legal and all(isinstance(a, OrderTriggers) for a in legal)
    assert PassPriority() not in g.legal_actions


def test_summoning_sick_mana_creature_has_no_mana_action():
    g = Game(["Alice", "Nadia"])
    servant = g.add_permanent("Alice", "Servant of the Conduit", sick=True)
    g.set_player("Alice", energy=2)
    assert not any(isinstance(a, ActivateAbility) and a.source == servant for a in g.legal_actions)
    ready = g.add_permanent("Alice", "Servant of the Conduit")
    offered = {a.mana for a in g.legal_actions if isinstance(a, ActivateAbility) and a.source == ready}
    assert offered == {"W", "U", "B", "R", "G"}


def test_every_listed_action_is_accepted_and_in_says_so():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Alice", "Aether Hub")
    g.add_permanent("Alice", "Mountain")
    g.add_permanent("Nadia", "Grizzly Bears")
    g.set_player("Alice", energy=8)
    g.add_card("Alice", "Shock")
    g.add_card("Alice", "Forest")
    before = g.snapshot()
    listed = list(g.legal_actions)
    assert len(listed) == len(g.legal_actions)
    for a in listed:
        assert a in g.legal_actions
        g.apply(a)
        g.undo()
        assert g.snapshot() == before


def test_is_legal_never_changes_the_game():
    g = Game(["Alice", "Nadia"])
    arch = g.add_permanent("Alice", "Architect of the Untamed")
    g.set_player("Alice", energy=8)
    before = g.snapshot()
    assert ActivateAbility(arch) in g.legal_actions
    assert g.snapshot() == before and g.history == []


def test_pending_may_pay_offers_yes_and_no():
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    brawler = g.add_permanent("Alice", "Voltaic Brawler")
    g.set_player("Alice", energy=1)
    g.apply(AdvanceStep())
    from rulesdojo.rules import DeclareAttackers
    g.apply(DeclareAttackers((brawler,)))
    g.apply(PassPriority())
    g.apply(PassPriority())
    assert set(g.legal_actions) == {ChoosePay(True), ChoosePay(False)}
    assert ChooseObjects(()) not in g.legal_actions
