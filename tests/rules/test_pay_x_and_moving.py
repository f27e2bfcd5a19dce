"""Pay X {E} (CR 107.3a, 107.1b, 118.3), energy paid or lost this turn (CR 602.5), moving counters
(CR 122.5) and hybrid mana (CR 107.4e)."""

import pytest

from rulesdojo.rules import (ActivateAbility, CannotPay, CastSpell, Game, IllegalAction,
                             PayEnergy)
from rulesdojo.rules.errors import ChooseXError
from rulesdojo.rules.game import snapshot
from rulesdojo.rules.mana import ManaCost, pay_from_pool
from game_moves import both_pass


def helios(g, energy):
    g.set_player("Alice", energy=energy, mana={"C": 3})
    return g.add_permanent("Alice", "HELIOS One")


def test_x_is_announced_and_zero_is_legal():
    g = Game(["Alice", "Nadia"])
    h = helios(g, 0)
    memnite = g.add_permanent("Nadia", "Memnite")
    with pytest.raises(ChooseXError) as refused:
        g.apply(ActivateAbility(h, 2, targets=(memnite,)))
    assert refused.value.rule == "107.3a"
    with pytest.raises(ChooseXError):
        g.apply(ActivateAbility(h, 2, targets=(memnite,), x=-1))
    g.apply(ActivateAbility(h, 2, targets=(memnite,), x=0))
    both_pass(g)
    assert [c.card for c in g.player("Nadia").graveyard] == ["Memnite"]
    assert g.player("Alice").energy == 0


def test_x_more_than_the_energy_held_is_refused_and_the_game_is_unchanged():
    g = Game(["Alice", "Nadia"])
    h = helios(g, 1)
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    before = snapshot(g.state)
    with pytest.raises(CannotPay) as refused:
        g.apply(ActivateAbility(h, 2, targets=(bears,), x=2))
    assert refused.value.rule == "118.3" and snapshot(g.state) == before


def test_the_target_must_have_mana_value_x_as_it_is_activated():
    g = Game(["Alice", "Nadia"])
    h = helios(g, 3)
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(h, 2, targets=(bears,), x=1))
    legal = {a.x for a in g.legal_actions if isinstance(a, ActivateAbility) and a.targets == (bears,)}
    assert legal == {2}


def test_energy_paid_this_turn_opens_izzet_generatorium():
    g = Game(["Alice", "Nadia"])
    gen = g.add_permanent("Alice", "Izzet Generatorium")
    g.add_card("Alice", "Forest", "library")
    h = helios(g, 5)
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    assert ActivateAbility(gen) not in g.legal_actions
    g.apply(ActivateAbility(h, 2, targets=(bears,), x=2))
    both_pass(g)
    assert g.state.energy_lost == {"Alice": 2}
    g.set_player("Alice", mana={"C": 3})
    other = g.add_permanent("Alice", "HELIOS One")
    memnite = g.add_permanent("Nadia", "Memnite")
    g.apply(ActivateAbility(other, 2, targets=(memnite,), x=0))
    both_pass(g)
    assert ActivateAbility(gen) not in g.legal_actions  # X = 0 paid nothing: still 2
    g.apply(PayEnergy("Alice", 2))
    assert ActivateAbility(gen) in g.legal_actions


def test_fate_transfer_moves_every_kind_and_needs_two_different_creatures():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"U": 1, "G": 1})
    giant = g.add_permanent("Nadia", "Hill Giant", counters={"+1/+1": 2, "flying": 1})
    bears = g.add_permanent("Alice", "Grizzly Bears")
    card = g.add_card("Alice", "Fate Transfer")
    with pytest.raises(IllegalAction) as refused:
        g.apply(CastSpell(card, targets=(giant, giant)))
    assert refused.value.rule == "601.2c"
    g.apply(CastSpell(card, targets=(giant, bears)))
    both_pass(g)
    assert g.permanent(giant).counters == {}
    assert g.permanent(bears).counters == {"+1/+1": 2, "flying": 1}


def test_hybrid_mana_is_paid_with_either_color():
    cost = ManaCost.parse("{1}{U/B}")
    assert pay_from_pool({"B": 1, "G": 1}, cost) == {"W": 0, "U": 0, "B": 0, "R": 0, "G": 0, "C": 0}
    assert pay_from_pool({"U": 1, "C": 1}, cost) is not None
    assert pay_from_pool({"G": 2}, cost) is None
