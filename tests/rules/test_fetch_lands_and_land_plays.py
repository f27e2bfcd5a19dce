"""Life costs and fetch lands (CR 119.4, 701.23a), extra land plays (CR 305.2), putting a land from a
hand (CR 305.4), and modal double-faced cards with a land back face (CR 712)."""

import pytest

from rulesdojo.rules import (ActivateAbility, CannotPay, CardSet, CastSpell, ChooseObjects, Game,
                             IllegalAction, PassPriority, PlayLand)
from rulesdojo.rules.cards import card_from_data
from rulesdojo.rules.engine import pay_life
from rulesdojo.rules.lands import land_plays_allowed
from rulesdojo.rules.parts import CardError, Cost, Find, build_effects
from rulesdojo.scenarios.cardfile import oracle_problems
from game_moves import both_pass

DEAR_LAND = card_from_data({
    "name": "Test Costly Heath", "cost": "", "types": ["Land"],
    "oracle": "{T}, Pay 2 life, Sacrifice this land: Draw a card.",
    "abilities": [{"text": "{T}, Pay 2 life, Sacrifice this land: Draw a card.",
                   "cost": {"tap": True, "life": 2, "sacrifice": "self"}, "effects": [{"draw": 1}]}]})


def dear_game(life):
    g = Game(["Alice", "Nadia"], cards=CardSet.shipped().with_cards([DEAR_LAND]))
    g.set_player("Alice", life=life)
    g.add_card("Alice", "Forest", "library")
    return g, g.add_permanent("Alice", "Test Costly Heath")


def test_a_life_cost_needs_that_much_life_and_a_refusal_changes_nothing():
    g, heath = dear_game(1)
    before = g.snapshot()
    with pytest.raises(CannotPay) as exc:
        g.apply(ActivateAbility(heath))
    assert exc.value.rule == "119.4"
    assert g.snapshot() == before


def test_paying_all_of_your_life_is_legal_and_loses_the_game():
    g, heath = dear_game(2)
    events = g.apply(ActivateAbility(heath))
    assert g.player("Alice").life == 0
    assert "119.4" in [ev.rule for ev in events] and "704.5a" in [ev.rule for ev in events]
    assert g.state.winner == "Nadia"


def test_pay_life_refuses_more_than_the_life_total_and_zero_is_free():
    g, _ = dear_game(3)
    st = g.fork()._state
    pay_life(st, "Alice", 0, "nothing")
    assert st.players[0].life == 3 and len(st.log) == 0
    with pytest.raises(CannotPay):
        pay_life(st, "Alice", 4, "too much")
    pay_life(st, "Alice", 3, "all of it")
    assert st.players[0].life == 0 and st.log[-1].rule == "119.4"


def test_a_life_cost_is_in_its_words():
    assert Cost(tap=True, life=1, sacrifice="self").words() == ("{T}", "Pay 1 life", "Sacrifice")
    assert str(Cost(tap=True, life=1, sacrifice="self")) == "{T}, Pay 1 life, Sacrifice this"


def test_a_search_for_land_types_finds_any_card_with_one_of_them():
    arbor, island, forest = (CardSet.shipped().named(n) for n in ("Dryad Arbor", "Island", "Forest"))
    heath = Find(subtypes=("Forest", "Plains"))
    assert heath.matches(arbor) and heath.matches(forest) and not heath.matches(island)
    basic = Find(basic_land=True)
    assert basic.matches(forest) and not basic.matches(arbor)
    assert Find(subtypes=("Island", "Swamp", "Mountain")).said == "an Island, Swamp, or Mountain card"


@pytest.mark.parametrize("value, says", [
    ({"subtypes": []}, "one of them"),
    ({"basic_land": True, "subtypes": ["Forest"]}, "one of them"),
    ({"subtypes": ["forest"]}, "capitalized"),
    ("forest", "basic_land or a mapping"),
])
def test_a_malformed_search_is_refused_as_the_card_is_read(value, says):
    with pytest.raises(CardError, match=says):
        build_effects([{"search": {"for": value, "to": "battlefield"}}])


def test_windswept_heath_offers_only_forest_or_plains_cards():
    g = Game(["Alice", "Nadia"])
    heath = g.add_permanent("Alice", "Windswept Heath")
    g.add_card("Alice", "Island", "library")
    plains = g.add_card("Alice", "Plains", "library")
    g.apply(ActivateAbility(heath))
    both_pass(g)
    assert g.pending.kind == "search" and g.pending.options == (plains,)
    g.apply(ChooseObjects((plains,)))
    found = next(p for p in g.state.battlefield if p.card == "Plains")
    assert not found.tapped and g.player("Alice").life == 19


def test_azusa_adds_two_land_plays_on_her_controllers_turn_only():
    g = Game(["Alice", "Nadia"])
    assert land_plays_allowed(g._state, "Alice") == 1
    g.add_permanent("Alice", "Azusa, Lost but Seeking")
    assert land_plays_allowed(g._state, "Alice") == 3
    assert land_plays_allowed(g._state, "Nadia") == 1
    for _ in range(3):
        g.apply(PlayLand(g.add_card("Alice", "Forest")))
    with pytest.raises(IllegalAction) as exc:
        g.apply(PlayLand(g.add_card("Alice", "Forest")))
    assert exc.value.rule == "305.2b" and "Azusa" in exc.value.message


def test_explore_gives_one_more_land_play_this_turn():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"G": 2})
    g.add_card("Alice", "Island", "library")
    g.apply(CastSpell(g.add_card("Alice", "Explore")))
    both_pass(g)
    assert land_plays_allowed(g._state, "Alice") == 2
    assert len(g.player("Alice").hand) == 1  # it drew the Island


def test_growth_spiral_puts_a_land_without_using_the_land_play():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"G": 1, "U": 1})
    g.add_card("Alice", "Island", "library")
    forest = g.add_card("Alice", "Forest")
    g.add_card("Alice", "Kazandu Mammoth")
    g.apply(CastSpell(g.add_card("Alice", "Growth Spiral")))
    both_pass(g)
    assert g.pending.kind == "put_land"
    assert [o.card for o in g.player("Alice").hand if o.id in g.pending.options] == ["Forest", "Island"]
    events = g.apply(ChooseObjects((forest,)))
    assert "305.4" in [ev.rule for ev in events]
    assert g.state.land_plays == 0


def mammoth_game():
    g = Game(["Alice", "Nadia"])
    return g, g.add_card("Alice", "Kazandu Mammoth")


def test_a_modal_double_faced_card_is_its_front_face_in_a_hand():
    g, mammoth = mammoth_game()
    assert g.player("Alice").hand[0].card == "Kazandu Mammoth"
    assert g.cards.named("Kazandu Valley").front == "Kazandu Mammoth"
    with pytest.raises(IllegalAction) as exc:
        g.apply(PlayLand(mammoth))
    assert exc.value.rule == "305.1" and "Kazandu Valley" in exc.value.message


def test_its_land_face_is_played_and_listed_beside_casting_the_front():
    g, mammoth = mammoth_game()
    g.set_player("Alice", mana={"G": 3})
    legal = list(g.legal_actions)
    assert PlayLand(mammoth, back=True) in legal and CastSpell(mammoth) in legal
    assert g.describe(PlayLand(mammoth, back=True)) == "Play Kazandu Valley (the back face of Kazandu Mammoth)"
    events = g.apply(PlayLand(mammoth, back=True))
    valley = g.state.battlefield[0]
    assert valley.card == "Kazandu Valley" and valley.tapped
    assert {"712.12", "614.1d"} <= {ev.rule for ev in events}


def test_a_back_face_play_needs_a_land_back_face():
    g = Game(["Alice", "Nadia"])
    with pytest.raises(IllegalAction) as exc:
        g.apply(PlayLand(g.add_card("Alice", "Forest"), back=True))
    assert exc.value.rule == "712.12"


def test_the_land_face_leaving_the_battlefield_is_the_front_face_card_again():
    g = Game(["Alice", "Nadia"])
    g.set_player("Alice", mana={"G": 3})
    valley = g.add_permanent("Alice", "Kazandu Valley")
    g.apply(CastSpell(g.add_card("Alice", "Harrow"), sacrifice=(valley,)))
    assert [o.card for o in g.player("Alice").graveyard] == ["Kazandu Mammoth"]


def test_adding_a_back_face_to_a_zone_adds_the_card_by_its_front_face():
    g = Game(["Alice", "Nadia"])
    g.add_card("Alice", "Skyclave Basilica", "library")
    assert g.player("Alice").library[0].card == "Skyclave Cleric"


FRONT = {"name": "Test Front", "cost": "{G}", "types": ["Creature"], "power": 1, "toughness": 1,
         "oracle": ""}


@pytest.mark.parametrize("back, says", [
    ("Test Land", "back must be a card mapping"),
    ({"name": "Test Front", "types": ["Land"], "oracle": ""}, "a name of its own"),
    ({"name": "Test Land", "types": ["Land"], "oracle": "", "back": {}}, "two faces"),
])
def test_a_malformed_back_face_is_refused(back, says):
    with pytest.raises(CardError, match=says):
        card_from_data({**FRONT, "back": back})


def test_the_linter_checks_the_back_faces_words():
    card = card_from_data({**FRONT, "back": {
        "name": "Test Land", "types": ["Land"], "oracle": "{T}: Add {G}.",
        "abilities": [{"text": "{T}: Add {W}.", "cost": {"tap": True}, "effects": [{"add_mana": {"types": ["W"]}}]}]}})
    assert [p for p in oracle_problems(card) if p.startswith("back face:")]
