"""An amount word in a card file is one the effect counts as it resolves: a word it can't read is
refused as the file is read, naming the line, instead of failing when the spell resolves."""

import pytest

from rulesdojo.rules import CardSet, CastSpell, Game, PassPriority
from rulesdojo.scenarios.cardfile import CardFileError, read_card

SPELL = """
name: Test Drain
cost: "{0}"
types: [Instant]
oracle: Each opponent loses 2 life. You gain life equal to the life lost this way.
spell:
  effects: [{lose_life: {n: 2}}, {gain_life: {n: lost}}]
"""


@pytest.mark.parametrize("change, words", [
    (("{gain_life: {n: lost}}", "{gain_life: {n: paid}}"), "gain_life's n must be a whole number or lost"),
    (("{gain_life: {n: lost}}", "{gain_life: {n: its_power}}"), "gain_life's n must be a whole number or lost"),
    (("{gain_life: {n: lost}}", "{deal_damage: {amount: lost, to: each_opponent}}"),
     "deal_damage's amount must be a whole number or paid"),
    (("{gain_life: {n: lost}}", "{pump: {what: self, power: lost}}"),
     "pump's power must be a whole number or paid or its_power"),
])
def test_an_amount_word_the_effect_cannot_count_is_refused_with_its_line(tmp_path, change, words):
    path = tmp_path / "card.yaml"
    path.write_text(SPELL.lstrip().replace(*change))
    with pytest.raises(CardFileError) as err:
        read_card(path)
    assert err.value.line == 6 and words in err.value.problem


def test_the_life_lost_is_gained(tmp_path):
    path = tmp_path / "card.yaml"
    path.write_text(SPELL.lstrip())
    g = Game(["Alice", "Nadia"], cards=CardSet([read_card(path)]))
    g.apply(CastSpell(g.add_card("Alice", "Test Drain")))
    g.apply(PassPriority())
    g.apply(PassPriority())
    assert (g.player("Alice").life, g.player("Nadia").life) == (22, 18)
