"""The card set: names, Oracle data from the rules brief, and helpful unknown-name errors."""

import pytest

from rulesdojo.rules import CastSpell, Game, UnknownCard, all_cards, card_named


def test_unknown_card_names_the_close_ones():
    with pytest.raises(UnknownCard) as exc:
        card_named("Architect of the Untamd")
    assert exc.value.close[0] == "Architect of the Untamed"
    assert "Did you mean Architect of the Untamed?" in str(exc.value)
    assert exc.value.name == "Architect of the Untamd"


def test_unknown_card_by_its_start():
    with pytest.raises(UnknownCard) as exc:
        card_named("Harnessed")
    assert "Harnessed Lightning" in exc.value.close


def test_far_away_name_gets_no_suggestion():
    with pytest.raises(UnknownCard) as exc:
        card_named("Black Lotus")
    assert exc.value.close == []
    assert "Did you mean" not in str(exc.value)


def test_case_and_spacing_are_forgiven():
    assert card_named("  voltaic   BRAWLER ").name == "Voltaic Brawler"


def test_adding_an_unknown_card_changes_nothing():
    g = Game(["Alice", "Nadia"])
    before = g.snapshot()
    with pytest.raises(UnknownCard):
        g.add_card("Alice", "Forrest")
    with pytest.raises(UnknownCard):
        g.add_permanent("Alice", "Steppe Lynks")
    assert g.snapshot() == before


@pytest.mark.parametrize("name, cost, types, pt", [
    ("Architect of the Untamed", "{2}{G}", ("Creature",), (2, 3)),
    ("Voltaic Brawler", "{R}{G}", ("Creature",), (3, 2)),
    ("Guide of Souls", "{W}", ("Creature",), (1, 2)),
    ("Harnessed Lightning", "{1}{R}", ("Instant",), (None, None)),
    ("Galvanic Discharge", "{R}", ("Instant",), (None, None)),
    ("Steady Progress", "{2}{U}", ("Instant",), (None, None)),
    ("Vorinclex, Monstrous Raider", "{4}{G}{G}", ("Creature",), (6, 6)),
    ("Doubling Season", "{4}{G}", ("Enchantment",), (None, None)),
    ("Solemnity", "{2}{W}", ("Enchantment",), (None, None)),
    ("Ashaya, Soul of the Wild", "{3}{G}{G}", ("Creature",), (None, None)),
    ("Aether Hub", "", ("Land",), (None, None)),
    ("Rampant Growth", "{1}{G}", ("Sorcery",), (None, None)),
    ("Steppe Lynx", "{W}", ("Creature",), (0, 1)),
    ("Lotus Cobra", "{1}{G}", ("Creature",), (2, 1)),
])
def test_card_data_matches_the_brief(name, cost, types, pt):
    c = card_named(name)
    assert (c.cost, c.types, (c.power, c.toughness)) == (cost, types, pt)


def test_oracle_text_is_the_current_wording():
    arch = card_named("Architect of the Untamed").oracle
    assert "Whenever a land you control enters, you get {E}" in arch
    assert "Pay eight {E}: Create a 6/6 colorless Beast artifact creature token." in arch
    assert "enters the battlefield" not in arch


def test_legendary_cards():
    for name in ("Vorinclex, Monstrous Raider", "Ashaya, Soul of the Wild", "Aetherworks Marvel"):
        assert "Legendary" in card_named(name).supertypes


def test_beast_token_is_not_in_the_card_list():
    names = [c.name for c in all_cards()]
    assert "Beast" not in names
    assert names == sorted(names)
    beast = card_named("Beast")
    assert beast.token and beast.types == ("Artifact", "Creature") and (beast.power, beast.toughness) == (6, 6)


def test_instant_cannot_be_a_permanent():
    g = Game(["Alice", "Nadia"])
    from rulesdojo.rules import IllegalAction
    with pytest.raises(IllegalAction) as exc:
        g.add_permanent("Alice", "Shock")
    assert exc.value.rule == "110.4a"


def test_a_modal_spells_casts_each_say_their_mode():
    g = Game(["Alice", "Nadia"])
    g.add_card("Alice", "Jund Charm", "hand")
    for land in ("Mountain", "Swamp", "Forest"):
        g.add_permanent("Alice", land)
    g.add_permanent("Nadia", "Grizzly Bears")
    casts = [a for a in g.legal_actions if isinstance(a, CastSpell)]
    said = [g.describe(a) for a in casts]
    assert len({a.mode for a in casts}) == 3 and len(set(said)) == len(said)
    assert all(a.mode.rstrip(".") in words for a, words in zip(casts, said))
