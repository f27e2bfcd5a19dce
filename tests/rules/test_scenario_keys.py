"""The scenario keys for who acts (``as:``), colors, tokens, absent characteristics, library order and
mid-scenario counters: each shipped example passes, and the same file with a wrong value fails."""

import copy
from pathlib import Path

import pytest

from rulesdojo.scenarios.scenario import Scenario, run
from rulesdojo.scenarios.yamlsource import load

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"

# (file, path to a value in the file, a wrong value, what the check then says)
WRONG = [
    ("unsummon-cast-as-nadia-holding-priority.yaml", ("actions", 1, "rejected"), "601.2", "fail"),
    ("unsummon-cast-as-nadia-holding-priority.yaml", ("actions", 1, "rejected"), None, "invalid"),
    ("ashaya-token-colors-and-absent-types.yaml", ("expect", "permanents", "Beast", "colors"), ["green"], "fail"),
    ("ashaya-token-colors-and-absent-types.yaml",
     ("expect", "permanents", "Ashaya, Soul of the Wild", "colors"), [], "fail"),
    ("ashaya-token-colors-and-absent-types.yaml", ("expect", "permanents", "Beast", "token"), False, "fail"),
    ("ashaya-token-colors-and-absent-types.yaml",
     ("expect", "permanents", "Ashaya, Soul of the Wild", "types_absent"), ["Land"], "fail"),
    ("ashaya-token-colors-and-absent-types.yaml",
     ("expect", "permanents", "Ashaya, Soul of the Wild", "subtypes_absent"), ["Forest"], "fail"),
    ("ashaya-token-colors-and-absent-types.yaml",
     ("expect", "permanents", "Vorinclex, Monstrous Raider", "keywords_absent"), ["haste"], "fail"),
    ("draw-takes-the-top-card.yaml", ("expect", "players", "Alice", "library"), ["Mountain", "Forest"], "fail"),
    ("draw-takes-the-top-card.yaml", ("expect", "players", "Alice", "library"),
     ["Island", "Forest", "Mountain"], "fail"),
    ("architect-energy-set-mid-scenario.yaml", ("actions", 1, "set", "players", "Alice", "energy"), 7,
     "invalid"),
    ("adventuring-gear-attached-to.yaml", ("expect", "permanents", "Adventuring Gear", "attached_to"),
     "Savannah Lions", "fail"),
    ("adventuring-gear-attached-to.yaml", ("expect", "permanents", "Adventuring Gear", "attached_to"), None,
     "fail"),
    ("naturalize-targets-gonti-s-machinations.yaml", ("expect", "players", "Nadia", "energy"), 0, "fail"),
    ("marvel-legend-rule-order-by-setup-id.yaml", ("actions", 5, "order"), ["old-marvel", "nadia-marvel"],
     "invalid"),
]


def _data(name: str):
    return load((SCENARIOS / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted({w[0] for w in WRONG}))
def test_each_new_key_has_a_scenario_that_passes(name):
    result = run(Scenario.from_dict(_data(name), source=name))
    assert (result.status, result.failures, result.error) == ("pass", [], None)


@pytest.mark.parametrize("name, path, wrong, status", WRONG)
def test_a_wrong_value_makes_the_check_fail(name, path, wrong, status):
    data = copy.deepcopy(_data(name))
    at = data
    for key in path[:-1]:
        at = at[key]
    assert at.get(path[-1]) != wrong
    at[path[-1]] = wrong
    result = run(Scenario.from_dict(data, source=name))
    assert result.status == status and (result.failures or result.error)


SETUP = {"players": [{"name": "Alice", "energy": 3, "battlefield": ["Voltaic Brawler"]},
                     {"name": "Nadia", "hand": ["Unsummon"], "battlefield": ["Island"]}]}


def _play(actions, expect=None):
    return run(Scenario.from_dict({"name": "t", "setup": copy.deepcopy(SETUP), "actions": actions,
                                   "expect": expect or {}}))


def test_as_refuses_an_answer_to_another_players_choice_citing_its_rule():
    result = _play([{"advance": "declare attackers"},
                    {"attack": ["Voltaic Brawler"], "as": "Nadia", "rejected": "508.1"},
                    {"attack": ["Voltaic Brawler"], "as": "Alice"}],
                   {"stack": ["Voltaic Brawler"]})
    assert (result.status, result.failures) == ("pass", [])
    wrong = _play([{"advance": "declare attackers"}, {"attack": ["Voltaic Brawler"], "as": "Nadia"}])
    assert wrong.status == "invalid" and "Nadia can't answer" in wrong.error and "508.1" in wrong.error


def test_as_names_a_player_in_the_game_and_not_for_resolve():
    unknown = _play([{"pass": None, "as": "Zed"}])
    assert unknown.status == "invalid" and "Zed" in unknown.error
    with pytest.raises(Exception, match="unknown key 'as'"):
        Scenario.from_dict({"name": "t", "setup": SETUP, "actions": [{"resolve": None, "as": "Alice"}]})


@pytest.mark.parametrize("change, problem", [
    ({"players": {"Alice": {"counters": {"poison": -1}}}}, "zero or more"),
    ({"players": {"Alice": {"life": 3}}}, "'life' can't be set"),
    ({"stack": {}}, "unknown key 'stack'"),
    ({"permanents": {"Voltaic Brawler": {"counters": {"+1/+1": True}}}}, "zero or more"),
])
def test_a_malformed_set_is_refused_with_its_place(change, problem):
    with pytest.raises(Exception, match=problem) as info:
        Scenario.from_dict({"name": "t", "setup": SETUP, "actions": [{"set": change}]})
    assert "actions[1]" in str(info.value)


def test_set_changes_the_position_without_an_action_or_a_trigger():
    result = _play([{"set": {"players": {"Nadia": {"counters": {"poison": 2}}},
                             "permanents": {"Voltaic Brawler": {"counters": {"+1/+1": 1}}}}}],
                   {"players": {"Nadia": {"counters": {"poison": 2}}},
                    "permanents": {"Voltaic Brawler": {"power": 4, "counters": {"+1/+1": 1}}},
                    "stack": [], "priority": "Alice"})
    assert (result.status, result.failures) == ("pass", [])
    assert result.game.history == []
    assert [ev.kind for ev in result.game.log[-2:]] == ["setup", "setup"]
