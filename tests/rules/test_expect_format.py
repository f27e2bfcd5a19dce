"""The ``expect`` format, declared once: a section of the wrong shape, an unknown key under a player's or
a permanent's name and two mistakes at once each get a message naming the line, never a traceback."""

import pytest

from rulesdojo.rules.errors import ScenarioError
from rulesdojo.scenarios.scenario import Scenario, run

HEAD = """name: t
setup:
  players:
    - {name: Alice, battlefield: [Forest]}
    - {name: Nadia}
expect:
"""


def _refusal(expect_lines: str) -> str:
    with pytest.raises(ScenarioError) as info:
        Scenario.from_text(HEAD + expect_lines, source="t.yaml")
    return str(info.value)


@pytest.mark.parametrize("lines, says", [
    ("  players: Alice\n", "t.yaml: line 7, expect: players must be a mapping"),
    ("  players:\n    Alice: []\n", "t.yaml: line 8, expect: players.Alice must be a mapping"),
    ("  permanents:\n    Forest: 3\n", "t.yaml: line 8, expect: permanents.Forest must be a mapping"),
    ("  players:\n    Alice: {hand: 3}\n", "t.yaml: line 8, expect: players.Alice.hand is a list of card names, not 3"),
    ("  permanents:\n    Forest: {types: Land}\n", "t.yaml: line 8, expect: permanents.Forest.types is a list, not 'Land'"),
    ("  log_contains: {rule: 608.2b}\n",
     "t.yaml: line 7, expect: log_contains is a list of rule numbers or texts, or one, not {'rule': '608.2b'}"),
])
def test_a_section_of_the_wrong_shape_names_its_line(lines, says):
    assert _refusal(lines) == says


def test_an_unknown_key_under_a_name_says_the_name_and_the_closest_key():
    said = _refusal("  permanents:\n    Forest:\n      taped: true\n")
    assert said.startswith("t.yaml: line 9, expect: unknown key 'taped' under permanents.Forest; known: ")
    assert said.endswith("(did you mean 'tapped'?)")


def test_of_several_unknown_keys_the_first_in_the_file_is_named():
    # pydantic lists unknown keys in its own order (alphabetical); the message follows the file
    keys = ["stak", "winer", "prioritee", "stepp", "turnn", "activ", "resolvd", "pendin"]
    said = _refusal("".join(f"  {k}: 1\n" for k in keys))
    assert said.startswith("t.yaml: line 7, expect: unknown expectation 'stak';")


def test_cards_that_are_not_a_list_are_named():
    with pytest.raises(ScenarioError, match=r"^t.yaml: line 2, cards: 'cards' is a list of card names, not True$"):
        Scenario.from_text("name: t\ncards: true\n" + HEAD.split("\n", 1)[1] + "  stack: []\n", source="t.yaml")


def test_a_pending_choice_written_as_a_mapping_is_checked_key_by_key():
    said = _refusal("  pending:\n    knd: targets\n")
    assert said == ("t.yaml: line 8, expect: unknown key 'knd' under pending; known: answers, kind, max, min, "
                    "options, player (did you mean 'kind'?)")


def test_a_pending_choice_written_as_its_kind_alone_is_compared_as_it_is():
    result = run(Scenario.from_text(HEAD + "  pending: targets\n", source="t.yaml"))
    assert result.status == "fail" and result.failures == ["pending choice: expected 'targets', got None"]


def test_how_a_spell_left_the_stack_is_true_false_or_an_outcome():
    assert _refusal("  resolved:\n    Shock: maybe\n") == (
        "t.yaml: line 8, expect: resolved.Shock is true, false, or one of: resolved, countered, did not resolve")
