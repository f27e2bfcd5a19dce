"""A game changes only through actions and its setup methods: what it hands out can't be written."""

import pytest

from rulesdojo.rules import Game, IllegalAction, PassPriority, PlayLand
from rulesdojo.rules.objects import Permanent, ReadOnlyError


def lynx_game():
    g = Game(["Alice", "Nadia"])
    lynx = g.add_permanent("Alice", "Steppe Lynx")
    g.apply(PlayLand(g.add_card("Alice", "Plains")))  # the landfall trigger waits on the stack
    return g, lynx


WRITES = {
    "life": lambda g, lynx: setattr(g.player("Alice"), "life", 3),
    "energy": lambda g, lynx: g.player("Alice").counters.__setitem__("energy", 5),
    "mana pool": lambda g, lynx: g.player("Alice").pool.update({"R": 2}),
    "hand": lambda g, lynx: g.player("Alice").hand.append(g.player("Alice").graveyard),
    "zone()": lambda g, lynx: g.player("Alice").zone("hand").clear(),
    "tapped": lambda g, lynx: setattr(g.permanent(lynx), "tapped", True),
    "counters on a permanent": lambda g, lynx: g.permanent(lynx).counters.update({"+1/+1": 2}),
    "the step": lambda g, lynx: setattr(g.state, "step", "end"),
    "the battlefield": lambda g, lynx: g.state.battlefield.pop(),
    "the stack": lambda g, lynx: g.stack.remove(g.stack[0]),
    "a stack item": lambda g, lynx: setattr(g.stack[0], "targets", ("Nadia",)),
    "a player in players": lambda g, lynx: setattr(g.players[1], "lost", True),
    "a state's player": lambda g, lynx: g.state.players[0].library.insert(0, None),
}


@pytest.mark.parametrize("what", WRITES)
def test_a_write_through_what_the_game_hands_out_is_refused_and_changes_nothing(what):
    g, lynx = lynx_game()
    before = g.snapshot()
    with pytest.raises(ReadOnlyError, match="read-only: a game changes only through Game.apply"):
        WRITES[what](g, lynx)
    assert g.snapshot() == before


def test_views_read_as_the_records_do():
    g, lynx = lynx_game()
    perm = g.permanent(lynx)
    assert isinstance(perm, Permanent) and perm.card == "Steppe Lynx" and perm == g.permanent(lynx)
    assert [o.card for o in g.player("Alice").hand] == [] and g.player("Alice").hand == ()
    assert [s.name for s in g.stack] == ["Steppe Lynx"]


def test_set_player_sets_the_position_and_undo_takes_it_back_with_the_action_before():
    g = Game(["Alice", "Nadia"])
    g.apply(PassPriority())
    g.set_player("Nadia", life=4, energy=2, mana={"U": 1})
    nadia = g.player("Nadia")
    assert (nadia.life, nadia.energy, nadia.pool["U"]) == (4, 2, 1)
    g.apply(PassPriority())
    g.undo()
    assert (g.player("Nadia").life, g.player("Nadia").energy) == (4, 2)  # kept as set up
    g.undo()
    assert (g.player("Nadia").life, g.player("Nadia").energy, g.player("Nadia").pool["U"]) == (20, 0, 0)


@pytest.mark.parametrize("change, rule", [
    ({"life": "ten"}, "119.1"), ({"energy": -1}, "122.1"), ({"counters": {"poison": True}}, "122.1"),
    ({"mana": {"X": 1}}, "106.1b"), ({"mana": {"R": -2}}, "106.4"),
])
def test_set_player_refuses_a_bad_value_naming_the_rule_and_changes_nothing(change, rule):
    g = Game(["Alice", "Nadia"])
    before = g.snapshot()
    with pytest.raises(IllegalAction) as err:
        g.set_player("Alice", **change)
    assert err.value.rule == rule and g.snapshot() == before
