"""The landfall parts refuse malformed card data with the file, line and problem."""

import pytest

from rulesdojo.scenarios.cardfile import CardFileError, lint_cards, read_card

GLADEHART = """\
name: Test Gladehart
cost: "{2}{G}"
types: [Creature]
power: 2
toughness: 2
oracle: |-
  Landfall — Whenever a land you control enters, you may gain 2 life.
abilities:
  - text: "Landfall — Whenever a land you control enters, you may gain 2 life."
    trigger: {event: land_enters, whose: you}
    effects: [{may: [{gain_life: 2}]}]
"""


@pytest.mark.parametrize("change, words", [
    (("{may: [{gain_life: 2}]}", "{if: {then: [{gain_life: 2}]}}"), "exactly one condition"),
    (("{may: [{gain_life: 2}]}", "{if: {lands: 6, land_entered: true}}"), "exactly one condition"),
    (("{may: [{gain_life: 2}]}", "{choose_mode: {modes: [{text: x, effects: [draw]}]}}"), "two modes"),
    (("{may: [{gain_life: 2}]}", "{choose_mode: {modes: [x, y]}}"), "list of modes"),
    (("trigger: {event: land_enters, whose: you}", "trigger: {event: land_enters, whose: you}\n"
      "    timing: sorcery"), "activated ability"),
    (("{may: [{gain_life: 2}]}", "{mill: {n: 3, who: them}}"), "one of target, you"),
])
def test_a_malformed_landfall_part_is_named(tmp_path, change, words):
    path = tmp_path / "card.yaml"
    path.write_text(GLADEHART.replace(*change))
    with pytest.raises(CardFileError) as err:
        read_card(path)
    assert words in err.value.problem and err.value.line > 0, err.value


def test_the_well_formed_card_reads_and_lints_clean(tmp_path):
    (tmp_path / "card.yaml").write_text(GLADEHART)
    card = read_card(tmp_path / "card.yaml")
    assert card.triggered[0].effects[0].name == "may"
    assert lint_cards(str(tmp_path)).problems == []
