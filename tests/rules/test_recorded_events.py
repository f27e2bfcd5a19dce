"""What the engine records beside each log sentence: what entered, what a triggered ability waited
for, what a permanent became; and an event's details are the record of its kind."""

import dataclasses

import pytest

from rulesdojo.rules import Game, PlayLand
from rulesdojo.rules.happened import Cast, Happened, Left, Step, What
from rulesdojo.rules.objects import Permanent


def test_a_land_play_records_the_land_entering_and_the_landfall_trigger_it_waited_for():
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    events = g.apply(PlayLand(g.add_card("Alice", "Forest")))
    entered = [ev.about.types for ev in events if ev.kind == "enters"]
    assert entered and "Land" in entered[0] and "Forest" in entered[0]
    waited = [(ev.about.trigger, ev.about.whose) for ev in events if ev.kind == "trigger"]
    assert waited == [("land_enters", "you")]


def test_a_sentence_without_a_record_says_nothing_it_is_about():
    g = Game(["Alice", "Nadia"])
    events = g.apply(PlayLand(g.add_card("Alice", "Forest")))
    played = [ev for ev in events if ev.kind == "play"]
    assert played and all(ev.about.types == () and ev.about.trigger == "" for ev in played)


def test_an_event_of_one_kind_with_another_kinds_details_is_refused():
    with pytest.raises(TypeError, match="a step event's details are Step, not Cast"):
        Happened(What.STEP, player="Alice", info=Cast(("Instant",)))
    assert Happened.step("Alice", "upkeep").info == Step("upkeep")


def test_an_events_details_are_frozen():
    ev = Happened.left(Permanent(7, "Forest", "Alice", "Alice"), "graveyard", ("Land",))
    assert ev.kind is What.LEFT and isinstance(ev.info, Left) and ev.info.had == ("Land",)
    with pytest.raises(dataclasses.FrozenInstanceError):
        ev.info.zone = "exile"  # type: ignore[misc]
