"""Landfall: a land you control enters, for any reason (CR 603.2, 603.6a, 305; rulings L1-L3)."""

import pytest

from rulesdojo.rules import (ActivateAbility, CastSpell, ChooseObjects, Game, IllegalAction,
                             OrderTriggers, PassPriority, PlayLand)
from game_moves import both_pass


def waiting_names(g):
    return sorted(t.name for t in g.state.waiting)


def test_playing_a_land_triggers_landfall():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    events = g.apply(PlayLand(g.add_card("Alice", "Forest")))
    rules = [ev.rule for ev in events]
    assert {"305.1", "603.6a", "603.2", "603.3"} <= set(rules)
    assert "207.2c" not in rules  # an ability word has no rules meaning: it triggers nothing
    assert g.state.land_plays == 1


def test_landfall_from_a_land_put_onto_the_battlefield_by_an_effect():
    """L1, CR 305.4: Rampant Growth isn't a land play, but landfall triggers."""
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Alice", "Forest")
    g.add_permanent("Alice", "Forest")
    plains = g.add_card("Alice", "Plains", "library")
    g.add_card("Alice", "Grizzly Bears", "library")
    g.apply(CastSpell(g.add_card("Alice", "Rampant Growth")))
    both_pass(g)
    assert g.pending.kind == "search"
    assert g.pending.options == (plains,)  # only basic land cards
    events = g.apply(ChooseObjects((plains,)))
    assert "305.4" in [ev.rule for ev in events]
    new = [p for p in g.state.battlefield if p.card == "Plains"]
    assert len(new) == 1 and new[0].tapped
    assert [s.name for s in g.stack] == ["Architect of the Untamed"]
    assert g.state.land_plays == 0
    both_pass(g)
    assert g.player("Alice").energy == 1
    # The land play is still available this turn.
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    both_pass(g)
    assert g.player("Alice").energy == 2


def test_rampant_growth_may_find_nothing():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    g.set_player("Alice", mana={"G": 2})
    g.add_card("Alice", "Forest", "library")
    g.apply(CastSpell(g.add_card("Alice", "Rampant Growth")))
    both_pass(g)
    g.apply(ChooseObjects(()))
    assert g.stack == [] and g.state.waiting == []
    assert [c.card for c in g.player("Alice").library] == ["Forest"]
    assert g.player("Alice").energy == 0


def test_an_opponents_land_does_not_trigger_my_landfall():
    g = Game(["Alice", "Nadia"], active="Nadia")
    g.add_permanent("Alice", "Architect of the Untamed")
    g.apply(PlayLand(g.add_card("Nadia", "Forest")))
    assert g.stack == [] and g.state.waiting == []
    assert g.player("Alice").energy == 0 and g.player("Nadia").energy == 0


def test_each_landfall_ability_triggers_and_controller_orders_them():
    """L3: Architect, Steppe Lynx and Lotus Cobra all trigger; the last put on resolves first."""
    g = Game(["Alice", "Nadia"])
    for name in ("Architect of the Untamed", "Steppe Lynx", "Lotus Cobra"):
        g.add_permanent("Alice", name)
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    assert g.pending.kind == "order_triggers"
    assert waiting_names(g) == ["Architect of the Untamed", "Lotus Cobra", "Steppe Lynx"]
    assert len(list(g.legal_actions)) == 3  # "this one next", one per trigger (CR 603.3b)
    ids = {t.name: t.id for t in g.state.waiting}
    g.apply(OrderTriggers((ids["Lotus Cobra"], ids["Steppe Lynx"], ids["Architect of the Untamed"])))
    assert [s.name for s in g.stack][::-1] == ["Architect of the Untamed", "Steppe Lynx", "Lotus Cobra"]
    both_pass(g)
    assert g.player("Alice").energy == 1


def test_aether_hub_with_architect_gives_two_energy():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    g.apply(PlayLand(g.add_card("Alice", "Aether Hub")))
    g.apply(next(iter(g.legal_actions)))  # any order
    both_pass(g)
    both_pass(g)
    assert g.player("Alice").energy == 2


def test_steppe_lynx_gets_two_per_landfall():
    g = Game(["Alice", "Nadia"])
    lynx = g.add_permanent("Alice", "Steppe Lynx")
    g.add_permanent("Alice", "Forest")
    g.add_permanent("Alice", "Forest")
    g.add_card("Alice", "Plains", "library")
    g.apply(PlayLand(g.add_card("Alice", "Plains")))
    both_pass(g)
    g.apply(CastSpell(g.add_card("Alice", "Rampant Growth")))
    both_pass(g)
    g.apply(ChooseObjects((g.pending.options[0],)))
    both_pass(g)
    snap = next(p for p in g.snapshot()["battlefield"] if p["id"] == lynx)
    assert (snap["power"], snap["toughness"]) == (4, 5)  # 0/1 + 2/2 + 2/2


def test_lynx_trigger_resolves_without_its_source():
    """CR 113.7a: the ability is independent of its source once on the stack."""
    g = Game(["Alice", "Nadia"])
    lynx = g.add_permanent("Alice", "Steppe Lynx")
    g.set_player("Nadia", mana={"U": 1})
    g.apply(PlayLand(g.add_card("Alice", "Plains")))
    g.apply(PassPriority())
    g.apply(CastSpell(g.add_card("Nadia", "Unsummon"), (lynx,)))
    both_pass(g)
    events = g.apply(PassPriority()) + g.apply(PassPriority())
    assert "113.7a" in [ev.rule for ev in events]
    assert g.stack == []


def test_beast_token_is_not_a_land_and_triggers_no_landfall():
    g = Game(["Alice", "Nadia"])
    arch = g.add_permanent("Alice", "Architect of the Untamed")
    g.set_player("Alice", energy=8)
    g.apply(ActivateAbility(arch))
    events = g.apply(PassPriority()) + g.apply(PassPriority())
    assert "landfall" not in [ev.kind for ev in events]
    assert g.stack == [] and g.state.waiting == []
    assert g.player("Alice").energy == 0


def ashaya_game():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    bears = g.add_permanent("Alice", "Grizzly Bears")
    for _ in range(5):
        g.add_permanent("Alice", "Forest")
    return g, bears


def test_ashaya_enters_as_a_land_and_triggers_landfall_once():
    g, bears = ashaya_game()
    ashaya = g.add_card("Alice", "Ashaya, Soul of the Wild")
    g.apply(CastSpell(ashaya))
    events = g.apply(PassPriority()) + g.apply(PassPriority())
    # CR 603.6b: Ashaya is a land as it enters -> one landfall trigger (for Ashaya only).
    assert [s.name for s in g.stack] == ["Architect of the Untamed"]
    # The Bears and the Architect become Forests, but were already there (L2).
    assert any("didn't enter" in ev.text for ev in events)
    both_pass(g)
    assert g.player("Alice").energy == 1
    snap = {p["card"]: p for p in g.snapshot()["battlefield"]}
    assert "Land" in snap["Grizzly Bears"]["types"] and "Forest" in snap["Grizzly Bears"]["subtypes"]
    # 5 Forests + Bears + Architect + Ashaya itself are lands: 8/8.
    ash = snap["Ashaya, Soul of the Wild"]
    assert (ash["power"], ash["toughness"]) == (8, 8)


def test_creature_cast_under_ashaya_enters_as_a_land():
    g, bears = ashaya_game()
    g.add_permanent("Alice", "Ashaya, Soul of the Wild")
    g.set_player("Alice", mana={"G": 2})
    g.apply(CastSpell(g.add_card("Alice", "Grizzly Bears")))
    both_pass(g)
    assert [s.name for s in g.stack] == ["Architect of the Untamed"]
    both_pass(g)
    assert g.player("Alice").energy == 1


def test_creature_card_is_not_played_as_a_land_under_ashaya():
    g, bears = ashaya_game()
    g.add_permanent("Alice", "Ashaya, Soul of the Wild")
    card = g.add_card("Alice", "Grizzly Bears")
    before = g.snapshot()
    with pytest.raises(IllegalAction) as exc:
        g.apply(PlayLand(card))
    assert exc.value.rule == "305.1" and "Ashaya" in str(exc.value)
    assert g.snapshot() == before


def test_creature_land_from_ashaya_keeps_summoning_sickness():
    g, bears = ashaya_game()
    g.add_permanent("Alice", "Ashaya, Soul of the Wild")
    new = g.add_permanent("Alice", "Grizzly Bears", sick=True)
    before = g.snapshot()
    with pytest.raises(IllegalAction) as exc:
        g.apply(ActivateAbility(new, 0, "G"))
    assert exc.value.rule == "302.6" and g.snapshot() == before
    g.apply(ActivateAbility(bears, 0, "G"))  # under control since the turn began
    assert g.player("Alice").pool["G"] == 1


def test_tokens_are_not_lands_under_ashaya():
    g, bears = ashaya_game()
    g.add_permanent("Alice", "Ashaya, Soul of the Wild")
    arch = next(p.id for p in g.state.battlefield if p.card == "Architect of the Untamed")
    g.set_player("Alice", energy=8)
    g.apply(ActivateAbility(arch))
    both_pass(g)
    beast = next(p for p in g.snapshot()["battlefield"] if p["card"] == "Beast")
    assert "Land" not in beast["types"]
    assert g.stack == [] and g.player("Alice").energy == 0


def _harrowed():
    """Alice casts Harrow for a Forest and an Island with the Architect and Steppe Lynx out: each
    landfall ability triggers once for each land (CR 603.2c), and she orders them all (CR 603.3b)."""
    g = Game(["Alice", "Nadia"])
    arch = g.add_permanent("Alice", "Architect of the Untamed")
    lynx = g.add_permanent("Alice", "Steppe Lynx")
    lands = [g.add_card("Alice", name, "library") for name in ("Forest", "Island")]
    g.set_player("Alice", mana={"G": 3})
    g.apply(CastSpell(g.add_card("Alice", "Harrow"), sacrifice=(g.add_permanent("Alice", "Forest"),)))
    both_pass(g)
    g.apply(ChooseObjects(tuple(lands)))
    return g, arch, lynx


def test_like_copies_of_a_trigger_in_either_order_are_one_position():
    first, arch, lynx = _harrowed()
    copies = {src: [t.id for t in first.state.waiting if t.source == src] for src in (arch, lynx)}
    assert all(len(ids) == 2 for ids in copies.values())  # two lands: two triggers per ability
    second = first.fork()
    first.apply(OrderTriggers((*copies[arch], *copies[lynx])))
    second.apply(OrderTriggers((*reversed(copies[arch]), *reversed(copies[lynx]))))
    assert first.snapshot(log=False) == second.snapshot(log=False)
    assert [s["name"] for s in first.snapshot()["stack"]] == [  # top first
        "Steppe Lynx", "Steppe Lynx", "Architect of the Untamed", "Architect of the Untamed"]


def test_triggers_of_two_sources_alike_in_name_are_not_copies():
    g = Game(["Alice", "Nadia"])
    cats = [g.add_permanent("Alice", "Steppe Lynx") for _ in range(2)]
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    mine = {t.source: t.id for t in g.state.waiting}
    g.apply(OrderTriggers((mine[cats[1]], mine[cats[0]])))  # the first Lynx's on top: it resolves first
    both_pass(g)
    power = {p["id"]: p["power"] for p in g.snapshot()["battlefield"] if p["id"] in cats}
    assert power == {cats[0]: 2, cats[1]: 0}
