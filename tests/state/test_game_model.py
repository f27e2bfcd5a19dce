"""The traitlets model mirrors the engine: one notification per changed trait, errors change nothing else."""

from unittest.mock import Mock

from rulesdojo.rules import GetEnergy, PayEnergy, PlayLand
from rulesdojo.state import GameModel

TRAITS = ["players", "battlefield", "stack", "pending", "log", "outcomes", "legal", "turn", "step",
          "active", "priority", "error", "error_rule", "scenario_name", "version"]


def observed(model):
    seen = Mock()
    model.observe(seen, names=TRAITS)
    return seen


def names(mock):
    return [call.args[0]["name"] for call in mock.call_args_list]


def test_one_action_notifies_each_changed_trait_once():
    m = GameModel.empty()
    seen = observed(m)
    assert m.do(GetEnergy("Alice", 2))
    fired = names(seen)
    assert len(fired) == len(set(fired))
    assert {"players", "log", "version"} <= set(fired)
    assert "battlefield" not in fired and "stack" not in fired  # unchanged traits stay quiet
    assert m.players[0]["energy"] == 2


def test_rejected_action_notifies_only_the_error_traits_and_changes_nothing():
    m = GameModel.empty()
    m.do(GetEnergy("Alice", 3))
    before = m.game.snapshot()
    seen = observed(m)
    assert not m.do(PayEnergy("Alice", 5))
    assert sorted(names(seen)) == ["error", "error_rule"]
    assert m.error_rule == "118.3" and "can't pay 5" in m.error
    assert m.game.snapshot() == before and m.players[0]["energy"] == 3


def test_traits_are_reassigned_not_mutated():
    m = GameModel.empty()
    players_before = m.players
    m.do(GetEnergy("Alice", 1))
    assert players_before[0]["energy"] == 0  # the old value is untouched
    assert m.players is not players_before


def test_pass_all_resolves_and_undo_takes_it_back_as_one_action():
    m = GameModel.from_scenario({"name": "t", "setup": {"players": [
        {"name": "Alice", "hand": ["Forest"], "battlefield": ["Architect of the Untamed"]},
        {"name": "Nadia"}]}})
    forest = m.players[0]["hand"][0]["id"]
    assert m.do(PlayLand(forest)) and len(m.stack) == 1
    assert m.pass_all()
    assert m.stack == () and m.energy_of("Alice") == 1
    assert m.undo()
    assert len(m.stack) == 1 and m.energy_of("Alice") == 0
    assert m.undo() and m.battlefield[0]["card"] == "Architect of the Untamed" and len(m.battlefield) == 1
    assert not m.undo() and "nothing to undo" in m.error


def test_bad_scenario_sets_the_error_and_keeps_the_game():
    m = GameModel.empty()
    m.do(GetEnergy("Alice", 4))
    assert not m.load_scenario({"name": "x", "setup": {"players": [{"name": "Alice", "hand": ["Forrest"]},
                                                                     {"name": "Nadia"}]}})
    assert "Forest" in m.error  # the close name is offered
    assert m.energy_of("Alice") == 4


def test_reset_returns_to_the_scenario_start():
    m = GameModel.from_scenario({"name": "t", "setup": {"players": [
        {"name": "Alice", "energy": 2}, {"name": "Nadia"}]}})
    m.do(GetEnergy("Alice", 5))
    m.reset()
    assert m.energy_of("Alice") == 2 and m.scenario_name == "t"


def test_the_log_trait_follows_the_engine_log_through_actions_undo_and_reset():
    m = GameModel.from_scenario({"name": "t", "setup": {"players": [
        {"name": "Alice", "hand": ["Forest"], "battlefield": ["Architect of the Untamed"]},
        {"name": "Nadia"}]}})

    def engine_rows():
        return tuple((ev.seq, ev.rule, ev.text, ev.kind, ev.player, ev.said) for ev in m.game.log)

    forest = m.players[0]["hand"][0]["id"]
    for act in (lambda: m.do(GetEnergy("Alice", 2)), lambda: m.do(PlayLand(forest)), m.pass_all,
                lambda: m.do(PayEnergy("Alice", 9)), m.undo, m.undo, lambda: m.do(GetEnergy("Alice", 1)),
                m.reset, lambda: m.do(GetEnergy("Alice", 3))):
        act()
        assert m.log == engine_rows()
    assert [row[2] for row in m.log][-1].startswith("Alice gets 3 energy")
