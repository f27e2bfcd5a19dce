"""Turn structure and combat: steps, untap, draw, attacks, blocks, damage, cleanup, game end."""

import pytest

from rulesdojo.rules import (ActivateAbility, AdvanceStep, CastSpell, ChooseObjects, ChoosePay,
                             DeclareAttackers, DeclareBlockers, Game, IllegalAction, PassPriority,
                             PlayLand)
from game_moves import both_pass


def to_step(g, step):
    while g.state.step != step:
        g.apply(AdvanceStep())


def test_steps_follow_in_order_within_a_turn():
    g = Game(["Alice", "Nadia"])
    seen = []
    for _ in range(4):
        g.apply(AdvanceStep())
        seen.append(g.state.step)
    # No attackers: declare blockers and combat damage are skipped (CR 508.8).
    assert seen == ["beginning of combat", "declare attackers", "end of combat", "postcombat main"]


def test_next_turn_untaps_draws_and_resets_the_land_play():
    g = Game(["Alice", "Nadia"], active="Nadia", turn_number=3)
    n_forest = g.add_permanent("Nadia", "Forest", tapped=True)
    a_forest = g.add_permanent("Alice", "Forest", tapped=True)
    g.add_card("Alice", "Island", "library")
    g.add_card("Alice", "Plains", "library")
    g.apply(PlayLand(g.add_card("Nadia", "Forest")))
    to_step(g, "end")
    g.apply(AdvanceStep())  # end -> cleanup -> Alice's untap, upkeep
    assert (g.state.active, g.state.turn, g.state.step) == ("Alice", 4, "upkeep")
    assert not g.permanent(a_forest).tapped  # CR 502.3: the active player's permanents untap
    assert g.permanent(n_forest).tapped  # Nadia's don't
    assert g.state.land_plays == 0
    g.apply(AdvanceStep())
    assert g.state.step == "draw"
    assert [c.card for c in g.player("Alice").hand] == ["Island"]  # the top card (index 0)


def test_first_player_skips_first_draw():
    g = Game(["Alice", "Nadia"], step="upkeep", turn_number=1)
    g.add_card("Alice", "Island", "library")
    events = g.apply(AdvanceStep())
    assert g.state.step == "draw" and g.player("Alice").hand == []
    assert "103.8a" in [ev.rule for ev in events]


def test_drawing_from_an_empty_library_loses():
    g = Game(["Alice", "Nadia"], step="upkeep")
    events = g.apply(AdvanceStep())
    assert g.state.over and g.state.winner == "Nadia" and g.player("Alice").lost
    assert "704.5b" in [ev.rule for ev in events]


def test_summoning_sick_creature_cannot_attack():
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    ready = g.add_permanent("Alice", "Grizzly Bears")
    sick = g.add_permanent("Alice", "Grizzly Bears", sick=True)
    g.apply(AdvanceStep())
    assert g.pending.kind == "declare_attackers" and g.pending.options == (ready,)
    before = g.snapshot()
    with pytest.raises(IllegalAction) as exc:
        g.apply(DeclareAttackers((sick,)))
    assert exc.value.rule == "302.6" and g.snapshot() == before


def test_haste_lets_vorinclex_attack_at_once():
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    vor = g.add_permanent("Alice", "Vorinclex, Monstrous Raider", sick=True)
    g.apply(AdvanceStep())
    assert vor in g.pending.options


def test_unblocked_attacker_deals_damage_to_the_player():
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    bears = g.add_permanent("Alice", "Grizzly Bears")
    g.apply(AdvanceStep())
    events = g.apply(DeclareAttackers((bears,)))
    assert g.permanent(bears).tapped and g.permanent(bears).attacking  # CR 508.1f
    assert "508.1" in [ev.rule for ev in events]
    g.apply(AdvanceStep())  # no blockers to declare (Nadia has no creatures)
    g.apply(AdvanceStep())
    assert g.state.step == "combat damage"
    assert g.player("Nadia").life == 18


def test_blocked_attacker_and_blocker_trade():
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    a = g.add_permanent("Alice", "Grizzly Bears")
    b = g.add_permanent("Nadia", "Steppe Lynx")
    g.apply(AdvanceStep())
    g.apply(DeclareAttackers((a,)))
    g.apply(AdvanceStep())
    assert g.pending.kind == "declare_blockers" and g.pending.player == "Nadia"
    g.apply(DeclareBlockers(((b, a),)))
    g.apply(AdvanceStep())
    assert g.permanent(b) is None  # 2 damage to a 0/1
    assert g.permanent(a).damage == 0  # Lynx has 0 power
    assert g.player("Nadia").life == 20


def test_trample_from_brawler_spills_over():
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    brawler = g.add_permanent("Alice", "Voltaic Brawler")
    lynx = g.add_permanent("Nadia", "Steppe Lynx")
    g.set_player("Alice", energy=1)
    g.apply(AdvanceStep())
    g.apply(DeclareAttackers((brawler,)))
    both_pass(g)
    g.apply(ChoosePay(True))  # 4/3 trample
    g.apply(AdvanceStep())
    g.apply(DeclareBlockers(((lynx, brawler),)))
    g.apply(AdvanceStep())
    # Lethal damage to a 0/1 is 1; the other 3 trample over (CR 702.19b).
    assert g.player("Nadia").life == 17
    assert g.permanent(lynx) is None


def test_blocker_without_flying_cannot_block_a_flyer():
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    angel = g.add_permanent("Alice", "Grizzly Bears", counters={"flying": 1})
    blocker = g.add_permanent("Nadia", "Grizzly Bears")
    g.apply(AdvanceStep())
    g.apply(DeclareAttackers((angel,)))
    g.apply(AdvanceStep())
    assert DeclareBlockers(((blocker, angel),)) not in g.legal_actions
    before = g.snapshot()
    with pytest.raises(IllegalAction) as exc:
        g.apply(DeclareBlockers(((blocker, angel),)))
    assert exc.value.rule == "702.9b" and g.snapshot() == before


def test_damage_wears_off_in_cleanup():
    g = Game(["Alice", "Nadia"])
    beast = g.add_permanent("Nadia", "Beast")
    g.set_player("Alice", mana={"R": 1})
    g.add_card("Nadia", "Forest", "library")
    g.apply(CastSpell(g.add_card("Alice", "Shock"), (beast,)))
    both_pass(g)
    assert g.permanent(beast).damage == 2
    to_step(g, "end")
    events = g.apply(AdvanceStep())
    assert "514.2" in [ev.rule for ev in events]
    assert g.permanent(beast).damage == 0


def test_discard_to_seven_in_cleanup():
    g = Game(["Alice", "Nadia"], step="end")
    for _ in range(9):
        g.add_card("Alice", "Forest")
    g.add_card("Nadia", "Forest", "library")
    g.apply(AdvanceStep())
    assert g.pending.kind == "discard" and g.pending.low == 2 and g.pending.rule == "514.1"
    hand = [c.id for c in g.player("Alice").hand]
    with pytest.raises(IllegalAction):
        g.apply(ChooseObjects((hand[0],)))
    g.apply(ChooseObjects(tuple(hand[:2])))
    assert len(g.player("Alice").hand) == 7 and len(g.player("Alice").graveyard) == 2
    assert g.state.active == "Nadia"


def test_zero_life_loses_and_the_game_ends():
    g = Game(["Alice", "Nadia"])
    g.set_player("Nadia", life=2)
    g.set_player("Alice", mana={"R": 1})
    g.apply(CastSpell(g.add_card("Alice", "Shock"), ("Nadia",)))
    events = g.apply(PassPriority()) + g.apply(PassPriority())
    assert "704.5a" in [ev.rule for ev in events] and "104.2a" in [ev.rule for ev in events]
    assert g.state.over and g.state.winner == "Alice"
    assert list(g.legal_actions) == []
    before = g.snapshot()
    with pytest.raises(IllegalAction) as exc:
        g.apply(PassPriority())
    assert exc.value.rule == "104.2a" and g.snapshot() == before


def test_legend_rule_keeps_one_marvel():
    g = Game(["Alice", "Nadia"])
    m1 = g.add_permanent("Alice", "Aetherworks Marvel")
    g.set_player("Alice", mana={"C": 4})
    g.apply(CastSpell(g.add_card("Alice", "Aetherworks Marvel")))
    both_pass(g)
    assert g.pending.kind == "legend_rule" and g.pending.rule == "704.5j"
    g.apply(ChooseObjects((m1,)))
    assert [p.id for p in g.state.battlefield if p.card == "Aetherworks Marvel"] == [m1]
    # The other one went to the graveyard. Leaves-the-battlefield triggers look back in time
    # (CR 603.10a): both Marvels saw it go, the one that left included (T22): two triggers.
    assert g.pending.kind == "order_triggers" and len(g.pending.options) == 2
    g.apply(next(iter(g.legal_actions)))
    assert [s.name for s in g.stack] == ["Aetherworks Marvel", "Aetherworks Marvel"]
    both_pass(g)
    both_pass(g)
    assert g.player("Alice").energy == 2


def test_marvel_casts_a_spell_for_free():
    g = Game(["Alice", "Nadia"])
    marvel = g.add_permanent("Alice", "Aetherworks Marvel")
    g.set_player("Alice", energy=6)
    shock = g.add_card("Alice", "Shock", "library")
    g.add_card("Alice", "Forest", "library")
    g.apply(ActivateAbility(marvel))
    assert g.player("Alice").energy == 0 and g.permanent(marvel).tapped
    both_pass(g)
    assert g.pending.kind == "marvel" and g.pending.options == (shock,)
    g.apply(ChooseObjects((shock,)))
    assert g.pending.kind == "choose_targets"
    g.apply(next(a for a in g.legal_actions if a.targets == ("Nadia",)))
    assert [s.name for s in g.stack] == ["Shock"]
    both_pass(g)
    assert g.player("Nadia").life == 18
    assert [c.card for c in g.player("Alice").library] == ["Forest"]


def test_combat_choices_name_the_player_once():
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    a = g.add_permanent("Alice", "Grizzly Bears")
    g.add_permanent("Nadia", "Steppe Lynx")
    g.apply(AdvanceStep())
    assert str(g.pending).count("Alice") == 1, str(g.pending)  # "Alice: Declare attackers (or none) …"
    g.apply(DeclareAttackers((a,)))
    g.apply(AdvanceStep())
    assert str(g.pending).count("Nadia") == 1, str(g.pending)
