""""You may pay": if you do, when you do, pay any amount (CR 118.12, 603.12, 608.2d; E3, E5)."""

import pytest

from rulesdojo.rules import (AdvanceStep, CannotPay, CastSpell, ChooseAmount, ChoosePay,
                             ChooseTargets, DeclareAttackers, Game, IllegalAction, PassPriority)
from game_moves import both_pass


def brawler_attacks(energy):
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    brawler = g.add_permanent("Alice", "Voltaic Brawler")
    g.set_player("Alice", energy=energy)
    g.apply(AdvanceStep())
    g.apply(DeclareAttackers((brawler,)))
    return g, brawler


def test_brawler_trigger_waits_on_the_stack_and_asks_on_resolution():
    g, brawler = brawler_attacks(2)
    assert [s.name for s in g.stack] == ["Voltaic Brawler"]
    assert g.pending is None  # CR 603.5: the choice is made on resolution, not on triggering
    both_pass(g)
    assert g.pending.kind == "may_pay" and g.pending.rule == "118.12"
    assert g.pending.player == "Alice"


def test_brawler_if_you_do_pays_one_and_pumps_at_once():
    g, brawler = brawler_attacks(2)
    both_pass(g)
    events = g.apply(ChoosePay(True))
    p = g.permanent(brawler)
    assert g.player("Alice").energy == 1
    assert (p.eot_power, p.eot_toughness) == (1, 1) and "trample" in p.eot_keywords
    # "If you do": pay and effect in one resolution; the ability is gone, nobody acted between.
    assert g.stack == [] and g.pending is None
    rules = [ev.rule for ev in events]
    assert rules.count("118.12") >= 2 and "611.2a" in rules
    pay = next(i for i, ev in enumerate(events) if "pays 1 energy" in ev.text)
    assert events[pay].rule == "118.12" and pay < rules.index("611.2a")


def test_brawler_declining_changes_nothing():
    g, brawler = brawler_attacks(2)
    both_pass(g)
    g.apply(ChoosePay(False))
    p = g.permanent(brawler)
    assert g.player("Alice").energy == 2
    assert (p.eot_power, p.eot_toughness, p.eot_keywords) == (0, 0, ())


def test_brawler_with_plenty_of_energy_still_pays_only_once():
    """E3: "may pay {E}" can't be paid several times to multiply the effect."""
    g, brawler = brawler_attacks(5)
    both_pass(g)
    assert set(g.legal_actions) == {ChoosePay(True), ChoosePay(False)}
    g.apply(ChoosePay(True))
    assert g.player("Alice").energy == 4
    p = g.permanent(brawler)
    assert (p.eot_power, p.eot_toughness) == (1, 1)


def test_brawler_with_no_energy_has_nothing_to_pay():
    g, brawler = brawler_attacks(0)
    events = g.apply(PassPriority()) + g.apply(PassPriority())
    assert g.pending is None
    assert g.player("Alice").energy == 0
    assert g.permanent(brawler).eot_power == 0
    assert "118.3" in [ev.rule for ev in events]


def test_pump_wears_off_in_cleanup():
    g, brawler = brawler_attacks(1)
    both_pass(g)
    g.apply(ChoosePay(True))
    # Play through to the next turn: "until end of turn" ends in the cleanup step (CR 514.2).
    g.add_card("Nadia", "Forest", "library")
    while g.state.active == "Alice":
        g.apply(AdvanceStep() if g.pending is None else next(iter(g.legal_actions)))
    p = g.permanent(brawler)
    assert (p.eot_power, p.eot_toughness, p.eot_keywords) == (0, 0, ())
    assert g.player("Alice").energy == 0


def guide_attacks(energy):
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    g.add_permanent("Alice", "Guide of Souls")
    bears = g.add_permanent("Alice", "Grizzly Bears")
    g.set_player("Alice", energy=energy)
    g.apply(AdvanceStep())
    g.apply(DeclareAttackers((bears,)))
    return g, bears


def test_guide_when_you_do_makes_a_reflexive_trigger_players_can_respond_to():
    g, bears = guide_attacks(3)
    both_pass(g)
    events = g.apply(ChoosePay(True))
    assert "603.12" in [ev.rule for ev in events]
    assert g.player("Alice").energy == 0
    g.apply(ChooseTargets((bears,)))
    # The reflexive ability is on the stack and a player has priority: responses are possible.
    assert [s.kind for s in g.stack] == ["reflexive"]
    assert g.state.priority == "Alice"
    assert g.permanent(bears).counters == {}
    both_pass(g)
    p = g.permanent(bears)
    assert p.counters == {"+1/+1": 2, "flying": 1}
    snap = next(x for x in g.snapshot()["battlefield"] if x["id"] == bears)
    assert (snap["power"], snap["toughness"]) == (4, 4)
    assert "flying" in snap["keywords"] and "Angel" in snap["subtypes"] and "Bear" in snap["subtypes"]


def test_guide_declined_keeps_energy_and_no_trigger():
    g, bears = guide_attacks(3)
    both_pass(g)
    g.apply(ChoosePay(False))
    assert g.player("Alice").energy == 3
    assert g.stack == [] and g.pending is None and g.state.waiting == []


def test_guide_with_two_energy_gets_no_prompt():
    """T46: with 2 energy {E}{E}{E} can't be paid, so there is no choice."""
    g, bears = guide_attacks(2)
    both_pass(g)
    assert g.pending is None
    assert g.player("Alice").energy == 2 and g.permanent(bears).counters == {}


def test_guide_angel_is_not_until_end_of_turn():
    g, bears = guide_attacks(3)
    both_pass(g)
    g.apply(ChoosePay(True))
    g.apply(ChooseTargets((bears,)))
    both_pass(g)
    g.add_card("Nadia", "Forest", "library")
    while g.state.active == "Alice":
        g.apply(AdvanceStep() if g.pending is None else next(iter(g.legal_actions)))
    snap = next(x for x in g.snapshot()["battlefield"] if x["id"] == bears)
    assert "Angel" in snap["subtypes"] and (snap["power"], snap["toughness"]) == (4, 4)


def test_guide_gives_life_and_energy_when_another_creature_enters():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Guide of Souls")
    g.set_player("Alice", mana={"G": 2})
    g.apply(CastSpell(g.add_card("Alice", "Grizzly Bears")))
    both_pass(g)
    both_pass(g)
    assert (g.player("Alice").life, g.player("Alice").energy) == (21, 1)


def lightning(energy, toughness_target="Grizzly Bears"):
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", energy=energy, mana={"R": 2})
    target = g.add_permanent("Nadia", toughness_target)
    g.apply(CastSpell(g.add_card("Alice", "Harnessed Lightning"), (target,)))
    both_pass(g)
    return g, target


def test_pay_any_amount_is_asked_after_getting_three():
    g, _ = lightning(0)
    assert g.pending.kind == "pay_any" and g.pending.rule == "608.2d"
    assert (g.pending.low, g.pending.high) == (0, 3)
    assert list(g.legal_actions) == [ChooseAmount(n) for n in range(4)]


def test_pay_zero_keeps_three_and_deals_no_damage():
    g, bears = lightning(0)
    g.apply(ChooseAmount(0))
    assert g.player("Alice").energy == 3
    assert g.permanent(bears).damage == 0


def test_pay_one_deals_one():
    g, bears = lightning(0)
    g.apply(ChooseAmount(1))
    assert g.player("Alice").energy == 2
    assert g.permanent(bears).damage == 1


def test_banked_energy_counts_toward_any_amount():
    g, beast = lightning(4, "Beast")
    assert g.pending.high == 7
    g.apply(ChooseAmount(6))
    assert g.permanent(beast) is None  # 6 damage to a 6/6 (CR 704.5g)
    assert g.player("Alice").energy == 1


def test_amount_above_energy_is_refused():
    g, bears = lightning(0)
    before = g.snapshot()
    with pytest.raises(CannotPay) as exc:
        g.apply(ChooseAmount(4))
    assert exc.value.rule == "118.3" and g.snapshot() == before


def test_negative_amount_is_refused():
    g, bears = lightning(2)
    before = g.snapshot()
    with pytest.raises(IllegalAction) as exc:
        g.apply(ChooseAmount(-1))
    assert exc.value.rule == "107.1b" and g.snapshot() == before


def test_galvanic_discharge_pays_three_for_three():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"R": 1})
    wurm = g.add_permanent("Nadia", "Architect of the Untamed")  # a 2/3
    g.apply(CastSpell(g.add_card("Alice", "Galvanic Discharge"), (wurm,)))
    both_pass(g)
    g.apply(ChooseAmount(3))
    assert g.permanent(wurm) is None and g.player("Alice").energy == 0


def test_a_keyword_gained_with_no_pump_is_logged_as_only_that():
    """Bristling Hydra: the +1/+1 is a counter (it lasts); only hexproof is until end of turn (611.2a)."""
    from rulesdojo.rules import ActivateAbility
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", energy=3)
    hydra = g.add_permanent("Alice", "Bristling Hydra")
    g.apply(ActivateAbility(hydra))
    events = g.apply(PassPriority()) + g.apply(PassPriority())
    [pump] = [ev.text for ev in events if ev.rule == "611.2a"]
    assert "gains hexproof until end of turn" in pump and "+0/+0" not in pump and "gets" not in pump
    assert any("+1/+1 counter" in ev.text for ev in events)
