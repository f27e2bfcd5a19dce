"""Counters and what changes them: proliferate, Vorinclex, Doubling Season, Solemnity, 616.1."""

import pytest

from rulesdojo.rules import (ActivateAbility, CastSpell, ChooseAmount, ChooseObjects, Game,
                             IllegalAction, OrderReplacements, PassPriority, PlayLand)
from game_moves import both_pass


def landfall_energy(*alice_perms, nadia_perms=()):
    """Alice plays a Forest with an Architect out; return the game after the trigger resolves."""
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    for name in alice_perms:
        g.add_permanent("Alice", name)
    for name in nadia_perms:
        g.add_permanent("Nadia", name)
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    events = g.apply(PassPriority()) + g.apply(PassPriority())
    return g, events


def steady_progress(g, who="Alice"):
    g.set_player(who, mana={"U": 1, "C": 2})
    card = g.add_card(who, "Steady Progress")
    if g.state.priority != who:
        g.apply(PassPriority())
    g.apply(CastSpell(card))
    both_pass(g)


# --- proliferate (CR 701.34a) ---------------------------------------------------------

def test_proliferate_gives_a_player_one_more_energy():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", energy=3)
    g.add_card("Alice", "Island", "library")
    steady_progress(g)
    assert g.pending.kind == "proliferate" and g.pending.rule == "701.34a"
    # Only things that have a counter can be chosen: Nadia has none.
    assert g.pending.options == ("Alice",)
    g.apply(ChooseObjects(("Alice",)))
    assert g.player("Alice").energy == 4
    assert [c.card for c in g.player("Alice").hand] == ["Island"]  # then draw a card


def test_proliferate_can_choose_none_and_opponents():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", energy=1)
    g.set_player("Nadia", energy=2)
    g.add_card("Alice", "Island", "library")
    steady_progress(g)
    assert set(g.pending.options) == {"Alice", "Nadia"}
    assert ChooseObjects(()) in g.legal_actions
    g.apply(ChooseObjects(("Nadia",)))
    assert (g.player("Alice").energy, g.player("Nadia").energy) == (1, 3)


def test_proliferate_adds_one_of_each_kind_on_a_permanent():
    g = Game(["Alice", "Nadia"])
    bears = g.add_permanent("Alice", "Grizzly Bears", counters={"+1/+1": 2, "flying": 1})
    plain = g.add_permanent("Alice", "Grizzly Bears")
    g.add_card("Alice", "Island", "library")
    steady_progress(g)
    assert bears in g.pending.options and plain not in g.pending.options
    g.apply(ChooseObjects((bears,)))
    assert g.permanent(bears).counters == {"+1/+1": 3, "flying": 2}


def test_proliferate_with_nothing_to_choose_just_draws():
    g = Game(["Alice", "Nadia"])
    g.add_card("Alice", "Island", "library")
    steady_progress(g)
    assert g.pending is None
    assert [c.card for c in g.player("Alice").hand] == ["Island"]


def test_proliferate_rejects_a_player_without_counters():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", energy=1)
    g.add_card("Alice", "Island", "library")
    steady_progress(g)
    before = g.snapshot()
    with pytest.raises(IllegalAction) as exc:
        g.apply(ChooseObjects(("Nadia",)))
    assert exc.value.rule == "701.34a" and g.snapshot() == before


# --- Vorinclex --------------------------------------------------------------------------

def test_my_vorinclex_doubles_energy_i_get():
    g, events = landfall_energy("Vorinclex, Monstrous Raider")
    assert g.player("Alice").energy == 2
    assert "614.1a" in [ev.rule for ev in events]


def test_opponents_vorinclex_halves_my_energy_rounding_down():
    g, events = landfall_energy(nadia_perms=("Vorinclex, Monstrous Raider",))
    assert g.player("Alice").energy == 0  # half of 1, rounded down


def test_vorinclex_doesnt_change_paying():
    g = Game(["Alice", "Nadia"])
    arch = g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Alice", "Vorinclex, Monstrous Raider")
    g.set_player("Alice", energy=8)
    g.apply(ActivateAbility(arch))
    assert g.player("Alice").energy == 0


def test_vorinclex_doubles_proliferated_energy():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Vorinclex, Monstrous Raider")
    g.set_player("Alice", energy=1)
    g.add_card("Alice", "Island", "library")
    steady_progress(g)
    g.apply(ChooseObjects(("Alice",)))
    assert g.player("Alice").energy == 3


def test_vorinclex_doubles_harnessed_lightning_energy():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Vorinclex, Monstrous Raider")
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    g.set_player("Alice", mana={"R": 2})
    g.apply(CastSpell(g.add_card("Alice", "Harnessed Lightning"), (bears,)))
    both_pass(g)
    assert g.pending.high == 6
    g.apply(ChooseAmount(2))
    assert g.player("Alice").energy == 4 and g.permanent(bears) is None


# --- Doubling Season --------------------------------------------------------------------

def test_doubling_season_does_not_double_energy():
    g, events = landfall_energy("Doubling Season")
    assert g.player("Alice").energy == 1


def test_doubling_season_doubles_the_beast_token():
    g = Game(["Alice", "Nadia"])
    arch = g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Alice", "Doubling Season")
    g.set_player("Alice", energy=8)
    g.apply(ActivateAbility(arch))
    both_pass(g)
    assert sum(1 for p in g.state.battlefield if p.card == "Beast") == 2
    assert g.player("Alice").energy == 0


def test_doubling_season_doubles_counters_on_my_permanent_only():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Doubling Season")
    mine = g.add_permanent("Alice", "Grizzly Bears", counters={"+1/+1": 1})
    theirs = g.add_permanent("Nadia", "Grizzly Bears", counters={"+1/+1": 1})
    g.add_card("Alice", "Island", "library")
    steady_progress(g)
    g.apply(ChooseObjects((mine, theirs)))
    assert g.permanent(mine).counters == {"+1/+1": 3}
    assert g.permanent(theirs).counters == {"+1/+1": 2}


# --- Solemnity --------------------------------------------------------------------------

def test_solemnity_stops_getting_energy():
    g, events = landfall_energy("Solemnity")
    assert g.player("Alice").energy == 0
    assert "101.2" in [ev.rule for ev in events]  # "can't" beats "get"


def test_solemnity_still_lets_banked_energy_be_paid():
    g = Game(["Alice", "Nadia"])
    arch = g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Nadia", "Solemnity")
    g.set_player("Alice", energy=8)
    g.apply(ActivateAbility(arch))
    both_pass(g)
    assert g.player("Alice").energy == 0
    assert any(p.card == "Beast" for p in g.state.battlefield)


def test_solemnity_lightning_gives_none_but_banked_can_be_paid():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Nadia", "Solemnity")
    g.set_player("Alice", energy=2)
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    g.set_player("Alice", mana={"R": 2})
    g.apply(CastSpell(g.add_card("Alice", "Harnessed Lightning"), (bears,)))
    both_pass(g)
    assert g.pending.high == 2
    g.apply(ChooseAmount(2))
    assert g.player("Alice").energy == 0 and g.permanent(bears) is None


def test_solemnity_stops_counters_on_creatures_and_proliferate_on_players():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Solemnity")
    bears = g.add_permanent("Alice", "Grizzly Bears", counters={"+1/+1": 1})
    g.set_player("Alice", energy=2)
    g.add_card("Alice", "Island", "library")
    steady_progress(g)
    g.apply(ChooseObjects(("Alice", bears)))
    # Counters already there stay; none are added.
    assert g.player("Alice").energy == 2
    assert g.permanent(bears).counters == {"+1/+1": 1}


# --- several replacement effects: the affected player or controller orders them (CR 616.1) ---

def test_affected_controller_orders_vorinclex_and_doubling_season():
    """Nadia proliferates Alice's Bears; Alice's Vorinclex halves (an opponent puts the counter),
    Alice's Doubling Season doubles. Halve-then-double: 1 -> 0; double-then-halve: 1 -> 2 -> 1."""
    def setup():
        g = Game(["Alice", "Nadia"], active="Nadia")
        vor = g.add_permanent("Alice", "Vorinclex, Monstrous Raider")
        ds = g.add_permanent("Alice", "Doubling Season")
        bears = g.add_permanent("Alice", "Grizzly Bears", counters={"+1/+1": 1})
        g.add_card("Nadia", "Island", "library")
        steady_progress(g, "Nadia")
        g.apply(ChooseObjects((bears,)))
        return g, vor, ds, bears

    g, vor, ds, bears = setup()
    assert g.pending.kind == "order_replacements" and g.pending.rule == "616.1"
    assert g.pending.player == "Alice"  # the affected permanent's controller, not the caster
    assert set(g.pending.options) == {vor, ds}
    g.apply(OrderReplacements((ds, vor)))
    assert g.permanent(bears).counters == {"+1/+1": 2}

    g, vor, ds, bears = setup()
    g.apply(OrderReplacements((vor, ds)))
    assert g.permanent(bears).counters == {"+1/+1": 1}


def test_replacement_order_must_name_each_once():
    g = Game(["Alice", "Nadia"], active="Nadia")
    vor = g.add_permanent("Alice", "Vorinclex, Monstrous Raider")
    g.add_permanent("Alice", "Doubling Season")
    bears = g.add_permanent("Alice", "Grizzly Bears", counters={"+1/+1": 1})
    g.add_card("Nadia", "Island", "library")
    steady_progress(g, "Nadia")
    g.apply(ChooseObjects((bears,)))
    before = g.snapshot()
    with pytest.raises(IllegalAction) as exc:
        g.apply(OrderReplacements((vor, vor)))
    assert exc.value.rule == "616.1" and g.snapshot() == before


def test_no_order_asked_when_the_order_cannot_matter():
    """Two doublers (Alice's Vorinclex and Doubling Season, Alice putting) give 4 either way."""
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Vorinclex, Monstrous Raider")
    g.add_permanent("Alice", "Doubling Season")
    bears = g.add_permanent("Alice", "Grizzly Bears", counters={"+1/+1": 1})
    g.add_card("Alice", "Island", "library")
    steady_progress(g)
    g.apply(ChooseObjects((bears,)))
    assert g.pending is None
    assert g.permanent(bears).counters == {"+1/+1": 5}


def test_counters_on_a_permanent_cease_to_exist_when_it_leaves():
    g = Game(["Alice", "Nadia"])
    bears = g.add_permanent("Nadia", "Grizzly Bears", counters={"+1/+1": 2})
    g.set_player("Alice", mana={"U": 1})
    g.apply(CastSpell(g.add_card("Alice", "Unsummon"), (bears,)))
    events = g.apply(PassPriority()) + g.apply(PassPriority())
    assert any(ev.rule == "400.3" and "122.2" in ev.text for ev in events)
    assert [c.card for c in g.player("Nadia").hand] == ["Grizzly Bears"]
