"""Bad input is refused with the specific error, the rule or the place, and no change to the game.

Scenario cases: each YAML text marks the line the error must name with ``# <-``.
"""

import io
import re
import subprocess
import sys

import pytest

from rulesdojo.cli import check as cli_check
from rulesdojo.rules import (ActivateAbility, AdvanceStep, AmbiguousReference, CannotPay, CastSpell,
                             ChooseAmount, ChoosePay, ChooseTargets, DeclareAttackers,
                             Game, IllegalAction, NoPendingChoice, OrderTriggers, PassPriority,
                             PlayLand, RulesError, ScenarioError, UnknownCard)
from rulesdojo.scenarios.scenario import Resolver, Scenario, run

PLAYERS = """\
setup:
  players:
    - name: Alice
    - name: Nadia
"""

# (id, yaml text, phase "load" or "run", fragments the message must contain)
SCENARIO_CASES = [
    ("bad-yaml", "name: x\n\tsetup: {}  # <-\n", "load", ["not valid YAML"]),
    ("unknown-top-key", "name: x\n" + PLAYERS + "expected: {}  # <-\n", "load",
     ["unknown key 'expected'", "allowed here"]),
    ("missing-name", "description: no name  # <-\n" + PLAYERS, "load", ["'name' is required"]),
    ("name-not-text", "name: 3  # <-\n" + PLAYERS, "load", ["'name' is required and must be text"]),
    ("missing-setup", "name: x  # <-\nactions: []\n", "load", ["'setup' is required"]),
    ("unknown-setup-key", "name: x\nsetup:\n  players:\n    - name: Alice\n    - name: Nadia\n"
     "  phase: main  # <-\n", "load", ["unknown key 'phase'"]),
    ("one-player", "name: x\nsetup:\n  players:  # <-\n    - name: Alice\n", "load",
     ["two or more players"]),
    ("player-without-name", "name: x\nsetup:\n  players:\n    - energy: 2  # <-\n    - name: Nadia\n",
     "load", ["each player is a mapping with a 'name'"]),
    ("unknown-player-key", "name: x\nsetup:\n  players:\n    - name: Alice\n      enrgy: 3  # <-\n"
     "    - name: Nadia\n", "load", ["unknown key 'enrgy'"]),
    ("energy-not-integer", "name: x\nsetup:\n  players:\n    - name: Alice\n      energy: lots  # <-\n"
     "    - name: Nadia\n", "load", ["'energy' must be a whole number", "'lots'"]),
    ("energy-boolean", "name: x\nsetup:\n  players:\n    - name: Alice\n      energy: true  # <-\n"
     "    - name: Nadia\n", "load", ["'energy' must be a whole number"]),
    ("energy-negative", "name: x\nsetup:\n  players:\n    - name: Alice\n      energy: -2  # <-\n"
     "    - name: Nadia\n", "load", ["'energy' can't be negative", "CR 107.14"]),
    ("life-not-integer", "name: x\nsetup:\n  players:\n    - name: Alice\n      life: 1.5  # <-\n"
     "    - name: Nadia\n", "load", ["'life' must be a whole number"]),
    ("hand-not-a-list", "name: x\nsetup:\n  players:\n    - name: Alice\n      hand: Forest  # <-\n"
     "    - name: Nadia\n", "load", ["'hand' must be a list of cards"]),
    ("battlefield-entry-without-card", "name: x\nsetup:\n  players:\n    - name: Alice\n"
     "      battlefield:\n        - tapped: true  # <-\n    - name: Nadia\n", "load",
     ["needs 'card'"]),
    ("battlefield-entry-unknown-key", "name: x\nsetup:\n  players:\n    - name: Alice\n"
     "      battlefield:\n        - card: Forest\n          taped: true  # <-\n    - name: Nadia\n",
     "load", ["unknown key 'taped'"]),
    ("unknown-step", "name: x\nsetup:\n  players:\n    - name: Alice\n    - name: Nadia\n"
     "  step: main phase  # <-\n", "load", ["unknown step 'main phase'", "precombat main"]),
    ("actions-not-a-list", "name: x\n" + PLAYERS + "actions: pass  # <-\n", "load",
     ["'actions' must be a list"]),
    ("unknown-verb", "name: x\n" + PLAYERS + "actions:\n  - jump: Forest  # <-\n", "load",
     ["exactly one verb", "jump"]),
    ("unknown-bare-word", "name: x\n" + PLAYERS + "actions:\n  - pass\n  - wait  # <-\n", "load",
     ["unknown action 'wait'"]),
    ("two-verbs", "name: x\n" + PLAYERS + "actions:\n  - {play: Forest, cast: Shock}  # <-\n", "load",
     ["exactly one verb", "'play'", "'cast'"]),
    ("extra-key-in-action", "name: x\n" + PLAYERS + "actions:\n  - play: Forest\n    tapped: true  # <-\n",
     "load", ["unknown key 'tapped'"]),
    ("unknown-expect-key", "name: x\n" + PLAYERS + "expect:\n  players: {}\n  energy: 3  # <-\n",
     "load", ["unknown expectation 'energy'"]),
    ("unknown-expect-player-key", "name: x\n" + PLAYERS + "expect:\n  players:\n"
     "    Alice: {enrgy: 3}  # <-\n", "load", ["unknown key 'enrgy' under players.Alice"]),
    ("unknown-ruling", "name: x\nrulings:\n  - E1\n  - E12  # <-\n" + PLAYERS, "load",
     ["unknown ruling tag", "E12"]),
    ("unknown-card", "name: x\nsetup:\n  players:\n    - name: Alice\n      hand:\n"
     "        - Architect of the Untamd  # <-\n    - name: Nadia\n", "run",
     ["No card named 'Architect of the Untamd'", "Did you mean Architect of the Untamed?"]),
    ("unknown-card-on-battlefield", "name: x\nsetup:\n  players:\n    - name: Alice\n"
     "      battlefield: [Steppe Lynks]  # <-\n    - name: Nadia\n", "run",
     ["No card named 'Steppe Lynks'", "Steppe Lynx"]),
    ("instant-on-battlefield", "name: x\nsetup:\n  players:\n    - name: Alice\n"
     "      battlefield: [Shock]  # <-\n    - name: Nadia\n", "run", ["can't be on the battlefield",
                                                                   "CR 110.4a"]),
    ("active-not-a-player", "name: x\nsetup:\n  active: Bob  # <-\n  players:\n    - name: Alice\n"
     "    - name: Nadia\n", "run", ["'Bob'", "isn't in the game"]),
    ("ambiguous-name", "name: x\nsetup:\n  players:\n    - name: Alice\n      mana: '{R}'\n"
     "      hand: [Shock]\n    - name: Nadia\n      battlefield:\n        - Grizzly Bears\n"
     "        - {card: Grizzly Bears, tapped: true}\nactions:\n  - cast: Shock  # <-\n"
     "    target: Grizzly Bears\n", "run", ["could be any of 2 permanents", "give it an 'id'"]),
    ("illegal-action", "name: x\nsetup:\n  players:\n    - name: Alice\n      energy: 7\n"
     "      battlefield: [Architect of the Untamed]\n    - name: Nadia\nactions:\n"
     "  - activate: Architect of the Untamed  # <-\n", "run",
     ["illegal action", "can't pay 8", "CR 118.3"]),
    ("choice-when-none-pending", "name: x\n" + PLAYERS + "actions:\n  - pay: true  # <-\n", "run",
     ["illegal action", "no choice to make"]),
    ("pay-not-boolean", "name: x\n" + PLAYERS + "actions:\n  - pay: 3  # <-\n", "run",
     ["'pay' takes true or false, not 3"]),
    ("amount-not-integer", "name: x\n" + PLAYERS + "actions:\n  - amount: two  # <-\n", "run",
     ["'amount' takes a whole number"]),
    ("order-without-pending", "name: x\n" + PLAYERS + "actions:\n  - order: [Steppe Lynx]  # <-\n",
     "run", ["'order' answers a trigger-order choice, and none is pending"]),
    ("card-not-in-hand", "name: x\nsetup:\n  players:\n    - name: Alice\n      hand: [Forest]\n"
     "    - name: Nadia\nactions:\n  - play: Island  # <-\n", "run", ["no 'Island' in hand",
                                                                     "Forest"]),
    ("resolve-empty-stack", "name: x\n" + PLAYERS + "actions:\n  - resolve  # <-\n", "run",
     ["'resolve' needs something on the stack"]),
    ("advance-unknown-step", "name: x\n" + PLAYERS + "actions:\n  - advance: combat  # <-\n", "run",
     ["unknown step 'combat'"]),
    ("undo-nothing", "name: x\n" + PLAYERS + "actions:\n  - undo  # <-\n", "run", ["nothing to undo"]),
    ("generic-mana-in-pool", "name: x\nsetup:\n  players:\n    - name: Alice\n      mana: '{2}'  # <-\n"
     "    - name: Nadia\n", "run", ["generic amount"]),
]


def write_case(tmp_path, case_id, text):
    path = tmp_path / f"{case_id}.yaml"
    path.write_text(text)
    marked = [i + 1 for i, line in enumerate(text.splitlines()) if "# <-" in line]
    assert len(marked) == 1, "each case marks exactly one line"
    return path, marked[0]


def test_there_are_at_least_25_scenario_cases():
    assert len(SCENARIO_CASES) >= 25
    assert len({c[0] for c in SCENARIO_CASES}) == len(SCENARIO_CASES)


def error_for(path, phase):
    if phase == "load":
        with pytest.raises(ScenarioError) as exc:
            Scenario.from_file(path)
        return exc.value, str(exc.value)
    s = Scenario.from_file(path)  # well-formed: the problem shows when it is played
    result = run(s)
    assert result.status == "invalid"
    return None, result.error


@pytest.mark.parametrize("case_id, text, phase, fragments", SCENARIO_CASES,
                         ids=[c[0] for c in SCENARIO_CASES])
def test_bad_scenario_names_file_line_and_problem(tmp_path, case_id, text, phase, fragments):
    path, line = write_case(tmp_path, case_id, text)
    exc, message = error_for(path, phase)
    assert message.startswith(f"{path}: "), message
    assert re.search(rf"\bline {line}\b", message), f"expected line {line}: {message}"
    for frag in fragments:
        assert frag in message, message
    assert "Traceback" not in message
    if exc is not None:
        assert exc.file == str(path)


@pytest.mark.parametrize("case_id, text, phase, fragments", SCENARIO_CASES,
                         ids=[c[0] for c in SCENARIO_CASES])
def test_cli_reports_invalid_and_exits_2(tmp_path, capsys, case_id, text, phase, fragments):
    path, line = write_case(tmp_path, case_id, text)
    out = io.StringIO()
    code = cli_check([str(path)], False, out=out)
    printed = out.getvalue() + capsys.readouterr().err
    assert code == 2
    assert re.match(rf"INVALID {re.escape(str(path))}: line {line}\b", printed), printed
    assert fragments[0] in printed
    assert "Traceback" not in printed


def test_cli_process_exits_2_with_no_traceback_for_all_bad_files(tmp_path):
    paths = [str(write_case(tmp_path, c[0], c[1])[0]) for c in SCENARIO_CASES]
    out = subprocess.run([sys.executable, "-m", "rulesdojo", "check", *paths], capture_output=True,
                         text=True)
    assert out.returncode == 2, out.stdout + out.stderr
    assert "Traceback" not in out.stdout + out.stderr
    assert out.stdout.count("INVALID ") == len(SCENARIO_CASES)
    assert f"0 passed, 0 failed, {len(SCENARIO_CASES)} invalid" in out.stdout


def test_scenario_from_dict_rejects_a_non_mapping():
    with pytest.raises(ScenarioError) as exc:
        Scenario.from_dict(["not", "a", "mapping"], source="x.yaml")
    assert exc.value.file == "x.yaml" and "a scenario is a mapping" in str(exc.value)


def test_ambiguous_reference_is_its_own_error():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Nadia", "Grizzly Bears")
    g.add_permanent("Nadia", "Grizzly Bears", tapped=True)
    with pytest.raises(AmbiguousReference):
        Resolver(g, {}).permanent("Grizzly Bears")
    # Identical copies are interchangeable: no ambiguity.
    g2 = Game(["Alice", "Nadia"])
    g2.add_permanent("Nadia", "Grizzly Bears")
    g2.add_permanent("Nadia", "Grizzly Bears")
    assert Resolver(g2, {}).permanent("Grizzly Bears") in [p.id for p in g2.state.battlefield]


# --- illegal engine actions: the error subclass, its rule, and an unchanged game ---------------

def architect_with(energy):
    g = Game(["Alice", "Nadia"])
    arch = g.add_permanent("Alice", "Architect of the Untamed")
    g.set_player("Alice", energy=energy)
    return g, ActivateAbility(arch)


def second_land():
    g = Game(["Alice", "Nadia"])
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    return g, PlayLand(g.add_card("Alice", "Plains"))


def land_on_opponents_turn():
    g = Game(["Alice", "Nadia"], active="Nadia")
    g.apply(PassPriority())  # Alice has priority on Nadia's turn
    return g, PlayLand(g.add_card("Alice", "Forest"))


def land_in_combat():
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    return g, PlayLand(g.add_card("Alice", "Forest"))


def land_with_stack():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"R": 1})
    g.apply(CastSpell(g.add_card("Alice", "Lightning Bolt"), ("Nadia",)))
    assert g.state.land_plays == 0  # even with a land play left, the stack must be empty
    return g, PlayLand(g.add_card("Alice", "Forest"))


def sorcery_at_instant_speed():
    g = Game(["Alice", "Nadia"], active="Nadia")
    g.set_player("Alice", mana={"G": 2})
    g.add_card("Alice", "Forest", "library")
    g.apply(PassPriority())
    return g, CastSpell(g.add_card("Alice", "Rampant Growth"))


def sorcery_with_stack():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"G": 2, "R": 1})
    g.apply(CastSpell(g.add_card("Alice", "Shock"), ("Nadia",)))
    return g, CastSpell(g.add_card("Alice", "Rampant Growth"))


def creature_in_combat():
    g = Game(["Alice", "Nadia"], step="beginning of combat")
    g.set_player("Alice", mana={"G": 2})
    return g, CastSpell(g.add_card("Alice", "Grizzly Bears"))


def insufficient_mana_with_energy():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Forest")
    g.set_player("Alice", energy=10)
    return g, CastSpell(g.add_card("Alice", "Architect of the Untamed"))


def tap_tapped_land():
    g = Game(["Alice", "Nadia"])
    return g, ActivateAbility(g.add_permanent("Alice", "Forest", tapped=True))


def sick_tap_ability():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", energy=2)
    return g, ActivateAbility(g.add_permanent("Alice", "Servant of the Conduit", sick=True), 0, "G")


def opponents_permanent():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", energy=8)
    g.set_player("Nadia", energy=8)
    return g, ActivateAbility(g.add_permanent("Nadia", "Architect of the Untamed"))


def no_such_ability():
    g = Game(["Alice", "Nadia"])
    return g, ActivateAbility(g.add_permanent("Alice", "Grizzly Bears"))


def wrong_target_type():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"U": 1})
    return g, CastSpell(g.add_card("Alice", "Unsummon"), (g.add_permanent("Nadia", "Forest"),))


def player_target_for_creature_spell():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"R": 1})
    g.add_permanent("Nadia", "Grizzly Bears")
    return g, CastSpell(g.add_card("Alice", "Galvanic Discharge"), ("Nadia",))


def pay_any(energy):
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", energy=energy, mana={"R": 1})
    bears = g.add_permanent("Nadia", "Grizzly Bears")
    g.apply(CastSpell(g.add_card("Alice", "Galvanic Discharge"), (bears,)))
    g.apply(PassPriority())
    g.apply(PassPriority())
    return g


def amount_above_energy():
    return pay_any(1), ChooseAmount(5)  # 1 + 3 = 4 energy


def negative_amount():
    return pay_any(1), ChooseAmount(-1)


def wrong_choice_type():
    return pay_any(0), ChoosePay(True)


def answer_without_pending():
    return Game(["Alice", "Nadia"]), ChooseAmount(1)


def targets_without_pending():
    return Game(["Alice", "Nadia"]), ChooseTargets(("Nadia",))


def attackers_outside_combat():
    g = Game(["Alice", "Nadia"])
    return g, DeclareAttackers((g.add_permanent("Alice", "Grizzly Bears"),))


def after_game_over():
    g = Game(["Alice", "Nadia"])
    g.set_player("Nadia", life=2)
    g.set_player("Alice", mana={"R": 1})
    g.apply(CastSpell(g.add_card("Alice", "Shock"), ("Nadia",)))
    g.apply(PassPriority())
    g.apply(PassPriority())
    assert g.state.over
    return g, PlayLand(g.add_card("Alice", "Forest"))


def card_not_in_hand():
    g = Game(["Alice", "Nadia"])
    return g, PlayLand(g.add_card("Alice", "Forest", "library"))


def cast_a_land():
    g = Game(["Alice", "Nadia"])
    return g, CastSpell(g.add_card("Alice", "Forest"))


def play_a_nonland():
    g = Game(["Alice", "Nadia"])
    return g, PlayLand(g.add_card("Alice", "Shock"))


def not_an_action():
    return Game(["Alice", "Nadia"]), "pass"


def advance_with_stack():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"R": 1})
    g.apply(CastSpell(g.add_card("Alice", "Shock"), ("Nadia",)))
    return g, AdvanceStep()


def order_during_priority():
    return Game(["Alice", "Nadia"]), OrderTriggers((1, 2))


ENGINE_CASES = [
    ("pay 8 energy with 7", lambda: architect_with(7), CannotPay, "118.3"),
    ("pay 8 energy with 0", lambda: architect_with(0), CannotPay, "118.3"),
    ("second land in a turn", second_land, IllegalAction, "305.2"),
    ("land on the opponent's turn", land_on_opponents_turn, IllegalAction, "305.3"),
    ("land outside a main phase", land_in_combat, IllegalAction, "505.6b"),
    ("land with a nonempty stack", land_with_stack, IllegalAction, "116.2a"),
    ("sorcery at instant speed", sorcery_at_instant_speed, IllegalAction, "307.1"),
    ("sorcery with a nonempty stack", sorcery_with_stack, IllegalAction, "307.1"),
    ("creature in combat", creature_in_combat, IllegalAction, "302.1"),
    ("energy can't pay mana", insufficient_mana_with_energy, CannotPay, "202.1a"),
    ("tap a tapped land", tap_tapped_land, IllegalAction, "118.3"),
    ("summoning-sick {T} ability", sick_tap_ability, IllegalAction, "302.6"),
    ("opponent's permanent", opponents_permanent, IllegalAction, "602.2"),
    ("ability that doesn't exist", no_such_ability, IllegalAction, "602.2"),
    ("wrong target type", wrong_target_type, IllegalAction, "601.2c"),
    ("player for a creature-only target", player_target_for_creature_spell, IllegalAction, "601.2c"),
    ("pay-any above energy", amount_above_energy, CannotPay, "118.3"),
    ("negative amount", negative_amount, IllegalAction, "107.1b"),
    ("wrong choice type", wrong_choice_type, IllegalAction, "608.2d"),
    ("answer with no pending choice", answer_without_pending, NoPendingChoice, "117.1"),
    ("targets with no pending choice", targets_without_pending, NoPendingChoice, "117.1"),
    ("attackers outside combat", attackers_outside_combat, NoPendingChoice, "117.1"),
    ("order with no pending choice", order_during_priority, NoPendingChoice, "117.1"),
    ("acting after the game is over", after_game_over, IllegalAction, "104.2a"),
    ("card not in hand", card_not_in_hand, IllegalAction, "117.1"),
    ("casting a land", cast_a_land, IllegalAction, "305.1"),
    ("playing a nonland as a land", play_a_nonland, IllegalAction, "305.1"),
    ("not an action at all", not_an_action, IllegalAction, "117.1"),
    ("ending a step over a stack", advance_with_stack, IllegalAction, "500.2"),
]


@pytest.mark.parametrize("label, make, error, rule", ENGINE_CASES, ids=[c[0] for c in ENGINE_CASES])
def test_illegal_action_is_refused_and_changes_nothing(label, make, error, rule):
    g, action = make()
    before = g.snapshot()
    history = list(g.history)
    with pytest.raises(error) as exc:
        g.apply(action)
    assert type(exc.value) is error  # the specific subclass, not just a parent
    assert exc.value.rule == rule
    assert str(exc.value).endswith(f"(CR {rule})")
    assert g.snapshot() == before and g.history == history
    assert action not in g.legal_actions


def test_engine_cases_are_rules_errors_a_learner_can_read():
    for label, make, error, rule in ENGINE_CASES:
        assert issubclass(error, RulesError)
    assert issubclass(CannotPay, IllegalAction) and issubclass(NoPendingChoice, IllegalAction)


def test_unknown_card_in_the_engine():
    g = Game(["Alice", "Nadia"])
    before = g.snapshot()
    with pytest.raises(UnknownCard) as exc:
        g.add_card("Alice", "Galvanic Dischage")
    assert "Galvanic Discharge" in exc.value.close
    assert g.snapshot() == before


@pytest.mark.parametrize("kwargs, rule", [
    ({"players": ["Alice"]}, "102.1"),
    ({"players": ["Alice", "Alice"]}, "102.1"),
    ({"players": ["Alice", "Nadia"], "step": "second main"}, "500.1"),
    ({"players": ["Alice", "Nadia"], "active": "Bob"}, "102.1"),
])
def test_bad_game_setup(kwargs, rule):
    players = kwargs.pop("players")
    with pytest.raises(IllegalAction) as exc:
        Game(players, **kwargs)
    assert exc.value.rule == rule


def test_unknown_zone_is_refused():
    g = Game(["Alice", "Nadia"])
    with pytest.raises(IllegalAction) as exc:
        g.add_card("Alice", "Forest", "sideboard")
    assert exc.value.rule == "400.1"
