"""Control change (CR 613.1b, 110.2, 302.6, 506.4, 514.2) and Auras that change control (303.4, 704.5m)."""

import pytest

from rulesdojo.rules import (CastSpell, ChooseMay, ChooseObjects, Game, IllegalAction,
                             PassPriority, PlayLand)
from rulesdojo.rules import engine, turn
from rulesdojo.rules.control import ControlChange, controller_now, gain_control, lasts
from rulesdojo.rules.history import clone
from game_moves import both_pass, to_next_turn


def perm(g, name, controller=None):
    return next(p for p in g.state.battlefield if p.card == name
                and (controller is None or p.controller == controller))


def steal(g, target, who="Alice"):
    for _ in range(3):
        g.add_permanent(who, "Mountain")
    g.apply(CastSpell(g.add_card(who, "Act of Treason"), targets=(target,)))
    both_pass(g)


def test_act_of_treason_gives_control_untaps_and_gives_haste():
    g = Game()
    bears = g.add_permanent("Nadia", "Grizzly Bears", tapped=True)
    steal(g, bears)
    p = g.permanent(bears)
    assert (p.controller, p.owner, p.tapped, p.sick) == ("Alice", "Nadia", False, True)
    assert "haste" in p.eot_keywords
    assert "613.1b" in [ev.rule for ev in g.log]


def test_gaining_control_is_not_entering_no_landfall():
    g = Game()
    g.add_permanent("Alice", "Architect of the Untamed")
    arbor = g.add_permanent("Nadia", "Dryad Arbor")
    steal(g, arbor)
    assert g.permanent(arbor).controller == "Alice"
    assert not g.state.waiting and not g.stack
    assert g.player("Alice").energy == 0


def test_the_thief_gets_the_architects_energy_and_keeps_it_after_cleanup():
    g = Game()
    architect = g.add_permanent("Nadia", "Architect of the Untamed")
    g.add_card("Nadia", "Forest", "library")
    steal(g, architect)
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    assert [s.controller for s in g.stack] == ["Alice"]
    both_pass(g)
    assert (g.player("Alice").energy, g.player("Nadia").energy) == (1, 0)
    to_next_turn(g)
    assert g.state.active == "Nadia"
    assert g.permanent(architect).controller == "Nadia"
    assert g.player("Alice").energy == 1
    assert "514.2" in [ev.rule for ev in g.log]


def test_control_returns_at_cleanup_and_the_owner_may_attack_on_their_turn():
    g = Game()
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    g.add_card("Nadia", "Forest", "library")
    steal(g, bears)
    to_next_turn(g)
    p = g.permanent(bears)
    assert p.controller == "Nadia" and not p.sick  # hers since her turn began (CR 302.6)
    assert not p.eot_keywords


def test_act_of_treason_needs_a_target_and_leaves_the_game_unchanged():
    g = Game()
    for _ in range(3):
        g.add_permanent("Alice", "Mountain")
    card = g.add_card("Alice", "Act of Treason")
    before = g.snapshot()
    with pytest.raises(IllegalAction) as err:
        g.apply(CastSpell(card))
    assert err.value.rule == "601.2c" and g.snapshot() == before


def test_undo_takes_control_back():
    g = Game()
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    steal(g, bears)
    g.undo()
    assert g.permanent(bears).controller == "Nadia"
    assert g.state.control == ()


def test_a_creature_changing_controller_is_removed_from_combat():
    g = Game()
    bears = g.add_permanent("Alice", "Grizzly Bears")
    st = clone(g.state)
    p = next(x for x in st.battlefield if x.id == bears)
    p.attacking = True
    gain_control(st, p, "Nadia", "end_of_turn", None, "a test")
    assert (p.controller, p.attacking) == ("Nadia", False)
    assert "506.4" in [ev.rule for ev in st.log]


def test_the_latest_control_change_wins_and_the_default_comes_back():
    g = Game(["Alice", "Nadia", "Ona"])
    bears = g.add_permanent("Ona", "Grizzly Bears")
    st = clone(g.state)
    p = next(x for x in st.battlefield if x.id == bears)
    gain_control(st, p, "Alice", "end_of_turn", None, "first")
    gain_control(st, p, "Nadia", "end_of_turn", None, "second")
    assert controller_now(st, bears, "Ona") == p.controller == "Nadia"
    assert all(c.base == "Ona" for c in st.control)


def test_an_effect_on_a_permanent_that_is_gone_no_longer_lasts():
    g = Game()
    st = clone(g.state)
    assert not lasts(st, ControlChange(2, 999, "Alice", "Nadia", "end_of_turn", None, "X"))


def test_path_to_exile_its_controller_searches_and_gets_landfall():
    g = Game()
    g.add_permanent("Alice", "Plains")
    g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Nadia", "Architect of the Untamed")
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    forest = g.add_card("Nadia", "Forest", "library")
    g.apply(CastSpell(g.add_card("Alice", "Path to Exile"), targets=(bears,)))
    both_pass(g)
    assert (g.pending.kind, g.pending.player) == ("may", "Nadia")
    assert g.state.last_controller[bears] == "Nadia"  # looked up after the exile (CR 608.2h)
    g.apply(ChooseMay(True))
    assert (g.pending.kind, g.pending.player, g.pending.options) == ("search", "Nadia", (forest,))
    g.apply(ChooseObjects((forest,)))
    assert [s.controller for s in g.stack] == ["Nadia"]
    both_pass(g)
    assert (g.player("Alice").energy, g.player("Nadia").energy) == (0, 1)
    assert [o.card for o in g.player("Nadia").exile] == ["Grizzly Bears"]


def test_path_to_exile_on_a_stolen_creature_lets_the_thief_search():
    g = Game()
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    steal(g, bears)
    g.add_permanent("Alice", "Plains")
    g.add_card("Alice", "Forest", "library")
    g.apply(CastSpell(g.add_card("Alice", "Path to Exile"), targets=(bears,)))
    both_pass(g)
    assert g.pending.player == "Alice"
    g.apply(ChooseMay(False))
    assert [o.card for o in g.player("Nadia").exile] == ["Grizzly Bears"]  # its owner's exile
    assert [o.card for o in g.player("Alice").library] == ["Forest"]


def annex(g, land):
    for _ in range(4):
        g.add_permanent("Alice", "Island")
    g.apply(CastSpell(g.add_card("Alice", "Annex"), targets=(land,)))
    both_pass(g)
    return perm(g, "Annex")


def test_annex_takes_the_land_without_landfall():
    g = Game()
    g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Nadia", "Architect of the Untamed")
    forest = g.add_permanent("Nadia", "Forest")
    aura = annex(g, forest)
    assert aura.attached_to == forest and g.permanent(forest).controller == "Alice"
    assert not g.stack and not g.state.waiting


def test_annex_only_targets_lands():
    g = Game()
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    for _ in range(4):
        g.add_permanent("Alice", "Island")
    with pytest.raises(IllegalAction) as err:
        g.apply(CastSpell(g.add_card("Alice", "Annex"), targets=(bears,)))
    assert err.value.rule == "601.2c"


def test_annex_leaving_gives_the_land_back_and_a_land_leaving_sends_annex_to_the_graveyard():
    g = Game()
    forest = g.add_permanent("Nadia", "Forest")
    aura = annex(g, forest)
    st = clone(g.state)
    engine.leave(st, [next(p for p in st.battlefield if p.id == aura.id)], "graveyard", "is destroyed", "701.8a")
    turn.settle(st)
    assert next(p for p in st.battlefield if p.id == forest).controller == "Nadia"
    st = clone(g.state)
    engine.leave(st, [next(p for p in st.battlefield if p.id == forest)], "hand", "returns", "400.3")
    turn.settle(st)
    assert [o.card for o in st.players[0].graveyard] == ["Annex"]
    assert "704.5m" in [ev.rule for ev in st.log]


def test_annex_whose_land_is_gone_doesnt_resolve():
    """CR 608.3b: an Aura spell whose target is illegal doesn't resolve; it goes to the graveyard."""
    g = Game()
    arbor = g.add_permanent("Nadia", "Dryad Arbor")
    for _ in range(4):
        g.add_permanent("Alice", "Island")
    g.add_permanent("Nadia", "Island")
    g.apply(CastSpell(g.add_card("Alice", "Annex"), targets=(arbor,)))
    g.apply(PassPriority())
    g.apply(CastSpell(g.add_card("Nadia", "Unsummon"), targets=(arbor,)))
    both_pass(g)  # Unsummon resolves: the Dryad Arbor goes back to Nadia's hand
    both_pass(g)  # Annex: its target is gone
    assert [o.card for o in g.player("Alice").graveyard] == ["Annex"]
    assert not any(p.card == "Annex" for p in g.state.battlefield)
    assert [v for k, v in g.state.outcomes.items() if g.state.names[k] == "Annex"] == ["did not resolve"]
