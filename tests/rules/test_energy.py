"""Energy counters: getting, paying, keeping them (CR 107.14, 122.1, 118.3; rulings E1-E9)."""

import pytest

from rulesdojo.rules import (ActivateAbility, AdvanceStep, CannotPay, CastSpell, ChooseAmount, Game,
                             PassPriority, PlayLand)


def both_pass(g):
    """Both players pass in succession: the top of the stack resolves (CR 117.4, 405.5)."""
    g.apply(PassPriority())
    g.apply(PassPriority())


def rules_of(events):
    return [ev.rule for ev in events]


def test_landfall_energy_arrives_only_when_the_trigger_resolves():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    forest = g.add_card("Alice", "Forest")
    g.apply(PlayLand(forest))
    # The trigger uses the stack (CR 603.3): no energy yet.
    assert g.player("Alice").energy == 0
    assert [s.name for s in g.stack] == ["Architect of the Untamed"]
    events = []
    g.apply(PassPriority())
    events += g.apply(PassPriority())
    assert g.player("Alice").energy == 1
    assert "107.14" in rules_of(events)
    assert g.stack == []


def test_energy_is_a_counter_on_the_player():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    both_pass(g)
    alice = g.player("Alice")
    # E4 / CR 122.1: energy counters belong to the player, no permanent has them.
    assert alice.counters == {"energy": 1}
    assert all("energy" not in p.counters for p in g.state.battlefield)
    assert g.player("Nadia").energy == 0


def test_pay_eight_energy_makes_a_beast_and_leaves_zero():
    g = Game(["Alice", "Nadia"])
    arch = g.add_permanent("Alice", "Architect of the Untamed")
    g.set_player("Alice", energy=8)
    events = g.apply(ActivateAbility(arch))
    # The ability goes on the stack, then its cost is paid (CR 602.2a, 602.2b): 8 - 8 = 0 at once.
    assert g.player("Alice").energy == 0
    assert rules_of(events) == ["602.2a", "602.2b"]
    assert "activates" in events[0].text and "pays 8 energy" in events[1].text
    assert len(g.stack) == 1 and g.stack[0].kind == "ability"
    both_pass(g)
    beasts = [p for p in g.state.battlefield if p.card == "Beast"]
    assert len(beasts) == 1
    snap = next(p for p in g.snapshot()["battlefield"] if p["card"] == "Beast")
    assert (snap["power"], snap["toughness"], snap["token"]) == (6, 6, True)
    assert snap["types"] == ["Artifact", "Creature"]


def test_nine_energy_pays_eight_and_keeps_one():
    g = Game(["Alice", "Nadia"])
    arch = g.add_permanent("Alice", "Architect of the Untamed")
    g.set_player("Alice", energy=9)
    g.apply(ActivateAbility(arch))
    assert g.player("Alice").energy == 1
    # One energy left: the ability can't be activated again (CR 118.3).
    assert ActivateAbility(arch) not in g.legal_actions


def test_cannot_pay_eight_with_seven():
    g = Game(["Alice", "Nadia"])
    arch = g.add_permanent("Alice", "Architect of the Untamed")
    g.set_player("Alice", energy=7)
    before = g.snapshot()
    with pytest.raises(CannotPay) as exc:
        g.apply(ActivateAbility(arch))
    assert exc.value.rule == "118.3"
    assert g.snapshot() == before
    assert g.player("Alice").energy == 7


def test_architect_ability_has_no_timing_restriction():
    """No "activate only as a sorcery": it can be used with priority on the opponent's turn."""
    g = Game(["Alice", "Nadia"], active="Nadia")
    arch = g.add_permanent("Alice", "Architect of the Untamed", sick=True)
    g.set_player("Alice", energy=8)
    g.apply(PassPriority())  # Nadia passes; Alice now has priority
    assert g.state.priority == "Alice"
    # Summoning sickness doesn't matter: the cost has no {T} (CR 302.6 only limits {T} abilities).
    g.apply(ActivateAbility(arch))
    assert g.player("Alice").energy == 0
    assert g.stack[-1].controller == "Alice"


def test_energy_stays_when_steps_and_turns_end():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", energy=3)
    g.set_player("Nadia", energy=2)
    for who in ("Alice", "Nadia"):
        for _ in range(3):
            g.add_card(who, "Forest", "library")
    # End steps until it is Nadia's turn and then Alice's again (E7: energy isn't mana).
    seen_turns = set()
    for _ in range(40):
        g.apply(AdvanceStep())
        seen_turns.add(g.state.turn)
        assert g.player("Alice").energy == 3 and g.player("Nadia").energy == 2
        if g.state.turn == 4:
            break
    assert {3, 4} <= seen_turns


def test_energy_stays_when_its_source_leaves():
    g = Game(["Alice", "Nadia"])
    arch = g.add_permanent("Alice", "Architect of the Untamed")
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    both_pass(g)
    assert g.player("Alice").energy == 1
    g.set_player("Nadia", mana={"U": 1})
    g.apply(PassPriority())  # Nadia gets priority
    g.apply(CastSpell(g.add_card("Nadia", "Unsummon"), (arch,)))
    both_pass(g)
    assert g.permanent(arch) is None
    assert [c.card for c in g.player("Alice").hand] == ["Architect of the Untamed"]
    # E4: energy isn't tied to any permanent.
    assert g.player("Alice").energy == 1


def test_energy_from_other_sources_pays_for_the_architect():
    g = Game(["Alice", "Nadia"])
    arch = g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Alice", "Mountain")
    g.set_player("Alice", energy=5)
    g.add_permanent("Nadia", "Grizzly Bears")
    g.add_card("Alice", "Galvanic Discharge")
    hand = g.player("Alice").hand[0].id
    bears = g.state.battlefield[-1].id
    g.apply(CastSpell(hand, (bears,)))
    both_pass(g)
    # Galvanic Discharge gives 3 energy: 8 in all; pay 0 damage now.
    assert g.pending.kind == "pay_any" and g.pending.high == 8
    g.apply(ChooseAmount(0))
    assert g.player("Alice").energy == 8
    g.apply(ActivateAbility(arch))
    assert g.player("Alice").energy == 0


def test_aether_hub_gives_one_energy_through_the_stack():
    g = Game(["Alice", "Nadia"])
    hub = g.add_card("Alice", "Aether Hub")
    g.apply(PlayLand(hub))
    assert g.player("Alice").energy == 0 and len(g.stack) == 1
    both_pass(g)
    assert g.player("Alice").energy == 1


def test_servant_of_the_conduit_enters_and_gives_two():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Forest")
    g.add_permanent("Alice", "Forest")
    servant = g.add_card("Alice", "Servant of the Conduit")
    g.apply(CastSpell(servant))
    both_pass(g)  # the creature spell resolves (CR 608.3)
    assert [s.name for s in g.stack] == ["Servant of the Conduit"]  # its ETB trigger
    both_pass(g)
    assert g.player("Alice").energy == 2


def test_paying_energy_is_logged_with_the_rule():
    g = Game(["Alice", "Nadia"])
    arch = g.add_permanent("Alice", "Architect of the Untamed")
    g.set_player("Alice", energy=8)
    events = g.apply(ActivateAbility(arch))
    pay = [ev for ev in events if ev.kind == "energy"]
    assert len(pay) == 1 and pay[0].rule == "602.2b" and "8" in pay[0].text
    assert "(CR 602.2b, 107.14)" in pay[0].text  # 107.14: paying {E} is removing energy counters
