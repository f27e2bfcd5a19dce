"""The card set: names, Oracle data from the rules brief, and helpful unknown-name errors."""

import pytest

from rulesdojo.rules import CardSet, CastSpell, Game, UnknownCard

CARDS = CardSet.shipped()


def test_unknown_card_names_the_close_ones():
    with pytest.raises(UnknownCard) as exc:
        CARDS.named("Architect of the Untamd")
    assert exc.value.close[0] == "Architect of the Untamed"
    assert "Did you mean Architect of the Untamed?" in str(exc.value)
    assert exc.value.name == "Architect of the Untamd"


def test_unknown_card_by_its_start():
    with pytest.raises(UnknownCard) as exc:
        CARDS.named("Harnessed")
    assert "Harnessed Lightning" in exc.value.close


def test_far_away_name_gets_no_suggestion():
    with pytest.raises(UnknownCard) as exc:
        CARDS.named("Black Lotus")
    assert exc.value.close == []
    assert "Did you mean" not in str(exc.value)


def test_case_and_spacing_are_forgiven():
    assert CARDS.named("  voltaic   BRAWLER ").name == "Voltaic Brawler"


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
    c = CARDS.named(name)
    assert (c.cost, c.types, (c.power, c.toughness)) == (cost, types, pt)


def test_oracle_text_is_the_current_wording():
    arch = CARDS.named("Architect of the Untamed").oracle
    assert "Whenever a land you control enters, you get {E}" in arch
    assert "Pay eight {E}: Create a 6/6 colorless Beast artifact creature token." in arch
    assert "enters the battlefield" not in arch


def test_legendary_cards():
    for name in ("Vorinclex, Monstrous Raider", "Ashaya, Soul of the Wild", "Aetherworks Marvel"):
        assert "Legendary" in CARDS.named(name).supertypes


def test_beast_token_is_not_in_the_card_list():
    names = [c.name for c in CARDS.all_cards()]
    assert "Beast" not in names
    assert names == sorted(names)
    beast = CARDS.named("Beast")
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


MENTOR_CARDS = __import__("pathlib").Path(__file__).resolve().parent / "mentor" / "cards"


def test_a_mentors_folder_makes_a_new_set_and_leaves_the_shipped_one_alone():
    mentors = CardSet.shipped().with_folder(MENTOR_CARDS)
    assert mentors.named("Sparkmage Apprentice").name == "Sparkmage Apprentice"
    assert mentors.named("Forest").types == ("Land",)
    with pytest.raises(UnknownCard):
        CardSet.shipped().named("Sparkmage Apprentice")
    with_them, without = Game(["Alice", "Nadia"], cards=mentors), Game(["Alice", "Nadia"])
    with_them.add_card("Alice", "Sparkmage Apprentice")
    with pytest.raises(UnknownCard):
        without.add_card("Alice", "Sparkmage Apprentice")


def test_a_game_and_its_working_copies_share_one_set():
    from rulesdojo.rules import PlayLand
    from rulesdojo.rules.history import clone
    g = Game(["Alice", "Nadia"], cards=CardSet.shipped().with_folder(MENTOR_CARDS))
    assert clone(g.state).cards is g.cards
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    g.undo()
    assert g.cards.named("Sparkmage Apprentice") and g.state.cards is g.cards


def test_a_set_given_cards_knows_only_those():
    from rulesdojo.rules.cards import card_from_data
    own = CardSet([card_from_data({"name": "Test Bear", "cost": "{1}{G}", "types": ["Creature"],
                                   "power": 2, "toughness": 2, "oracle": ""})])
    assert [c.name for c in own.all_cards()] == ["Test Bear"]
    with pytest.raises(UnknownCard) as exc:
        Game(["Alice", "Nadia"], cards=own).add_card("Alice", "Test Beer")
    assert exc.value.close == ["Test Bear"]
