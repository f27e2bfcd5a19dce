"""Counters kept from a permanent that left (CR 122.8), intervening if clauses (CR 603.4), emblems
(CR 114) and indestructible (CR 702.12b)."""

from rulesdojo.rules import ActivateAbility, CastSpell, ChooseObjects, ChooseTargets, Game, PassPriority
from game_moves import both_pass


def test_a_creature_leaving_with_counters_puts_them_on_the_ozolith_and_one_without_triggers_nothing():
    g = Game(["Alice", "Nadia"])
    oz = g.add_permanent("Alice", "The Ozolith")
    bears = g.add_permanent("Alice", "Grizzly Bears", counters={"+1/+1": 2, "flying": 1})
    lions = g.add_permanent("Alice", "Savannah Lions")
    g.set_player("Alice", mana={"B": 4, "C": 2})
    g.apply(CastSpell(g.add_card("Alice", "Murder"), targets=(lions,)))
    both_pass(g)
    assert g.stack == ()  # no counters on the Lions: the "if" is false, nothing triggers (CR 603.4)
    g.apply(CastSpell(g.add_card("Alice", "Murder"), targets=(bears,)))
    both_pass(g)
    assert [s.name for s in g.stack] == ["The Ozolith"]
    events = []
    g.apply(PassPriority())
    events += g.apply(PassPriority())
    assert g.permanent(oz).counters == {"+1/+1": 2, "flying": 1}
    assert "122.8" in [ev.rule for ev in events]


def test_an_emblem_gives_its_owners_lands_indestructible_and_destroy_spares_them():
    g = Game(["Alice", "Nadia"])
    nissa = g.add_permanent("Alice", "Nissa, Who Shakes the World", counters={"loyalty": 8})
    arbor = g.add_permanent("Alice", "Dryad Arbor")
    theirs = g.add_permanent("Nadia", "Dryad Arbor")
    g.apply(ActivateAbility(nissa, 1))
    both_pass(g)  # no Forest in the library: nothing to find
    assert g.permanent(nissa) is None  # 0 loyalty (CR 704.5i); the emblem stays
    assert g.snapshot()["players"][0]["emblems"]
    assert "indestructible" in next(p for p in g.snapshot()["battlefield"] if p["id"] == arbor)["keywords"]
    g.set_player("Alice", mana={"B": 4, "C": 2})
    g.apply(CastSpell(g.add_card("Alice", "Murder"), targets=(arbor,)))
    events = []
    g.apply(PassPriority())
    events += g.apply(PassPriority())
    assert g.permanent(arbor) is not None and "702.12b" in [ev.rule for ev in events]
    g.apply(CastSpell(g.add_card("Alice", "Murder"), targets=(theirs,)))
    both_pass(g)
    assert g.permanent(theirs) is None  # Nadia has no emblem


def test_nissa_minus_eight_finds_any_number_of_forests_tapped():
    g = Game(["Alice", "Nadia"])
    nissa = g.add_permanent("Alice", "Nissa, Who Shakes the World", counters={"loyalty": 9})
    forests = [g.add_card("Alice", "Forest", "library") for _ in range(3)]
    g.add_card("Alice", "Plains", "library")
    g.apply(ActivateAbility(nissa, 1))
    assert g.permanent(nissa).counters == {"loyalty": 1}
    both_pass(g)
    assert g.pending is not None and set(g.pending.options) == set(forests)
    g.apply(ChooseObjects(tuple(forests[:2])))
    lands = [p for p in g.state.battlefield if p.card == "Forest"]
    assert len(lands) == 2 and all(p.tapped for p in lands)
    assert [em.grants for em in g.state.emblems] == ["indestructible"]


def test_the_ozolith_checks_its_if_clause_again_as_it_resolves():
    g = Game(["Alice", "Nadia"])
    oz = g.add_permanent("Alice", "The Ozolith", counters={"+1/+1": 1})
    g.add_permanent("Alice", "Hill Giant")
    g.apply(PassPriority())
    g.apply(PassPriority())  # the precombat main phase ends: the beginning of combat
    assert g.pending is not None and g.pending.kind == "choose_targets"
    giant = next(p.id for p in g.state.battlefield if p.card == "Hill Giant")
    g.apply(ChooseTargets((giant,)))
    assert [s.name for s in g.stack] == ["The Ozolith"]
    g.set_counters(oz, "+1/+1", 0)  # its counters are gone before it resolves
    events = []
    g.apply(PassPriority())
    events += g.apply(PassPriority())
    assert g.pending is None and g.stack == ()
    assert "603.4" in [ev.rule for ev in events]
