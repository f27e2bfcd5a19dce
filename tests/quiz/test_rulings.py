"""Ruling tags read as names ("Energy ruling 4"), with the ruling's text one focus away."""

import re

import pytest

from rulesdojo.quiz import load_bank
from rulesdojo.quiz.rulings import UnknownRuling, named, ruling
from rulesdojo.scenarios.scenario import RULINGS
from rulesdojo.views.quiz import Quiz
from rulesdojo.views.dom import game, plain


def test_every_tag_has_a_name_and_its_text():
    for tag in RULINGS:
        r = ruling(tag)
        kind = {"E": "Energy", "L": "Landfall"}[tag[0]]
        assert r.name == f"{kind} ruling {tag[1:]}"
        assert named(r.name) == r
        assert len(r.text) > 40
    assert "can't pay more energy counters than you have" in ruling("E2").text
    assert "becomes a land" in ruling("L2").text


@pytest.mark.parametrize("bad", ["E0", "E10", "L4", "X1", ""])
def test_an_unknown_tag_is_a_plain_message(bad):
    with pytest.raises(UnknownRuling, match="the tags are E1-E9 and L1-L3"):
        ruling(bad)


def test_a_ruling_named_in_text_carries_its_text():
    nodes = game("Nothing triggers (Landfall ruling 2) and {E} stays (Energy ruling 7).")
    rulings = [n for n in nodes if isinstance(n, list) and n[0] == "ruling"]
    assert [r[1] for r in rulings] == ["Landfall ruling 2", "Energy ruling 7"]
    assert "already on the battlefield becomes a land" in plain(rulings[0][2]) and "go away as steps" in plain(rulings[1][2])
    assert "ruling L2" not in plain(nodes) and [n for n in nodes if n == ["sym", "E"]] == [["sym", "E"]]


def test_the_engine_log_shows_ruling_names_with_their_text():
    from rulesdojo.rules import Game, PlayLand
    from rulesdojo.state import GameModel
    from rulesdojo.views import EventLog
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    g.apply(PlayLand(g.add_card("Alice", "Forest")))
    shown = repr(EventLog(GameModel(g)).display.content)
    # One landfall ability: a land entering for any reason (ruling 1); nothing to order (ruling 3).
    assert "['ruling', 'Landfall ruling 1'," in shown and "for any reason" in shown
    assert "Landfall ruling 3" not in shown


def test_the_landfall_line_names_the_order_ruling_only_when_several_trigger():
    from rulesdojo.rules import Game, PlayLand
    g = Game(["Alice", "Nadia"])
    g.add_permanent("Alice", "Architect of the Untamed")
    g.add_permanent("Alice", "Lotus Cobra")
    events = g.apply(PlayLand(g.add_card("Alice", "Forest")))
    [line] = [ev.text for ev in events if ev.kind == "landfall"]
    assert "Landfall ruling 1" in line and "Landfall ruling 3" in line


def test_the_quiz_offers_rulings_by_name_and_shows_the_chosen_ones_text():
    q = Quiz(store=None, exam_allowed=False)
    labels = [label for label, _ in q.topics.options]
    # each named by its number and its words, not by its number alone (walk finding 14)
    assert "Energy ruling 4: Energy is on the player" in labels
    assert "Landfall ruling 1: Every land you control entering" in labels
    assert "Energy ruling 1: Energy is one energy counter" in labels   # its {E} in words: a list holds text only
    assert not any(re.fullmatch(r"[EL]\d|(Energy|Landfall) ruling \d", label) for label in labels)
    assert "text shows here" in q.ruling_text.text
    # one hint says how to choose several in the list, and it stays while rulings are chosen
    assert q.ruling_text.text.count("hold Ctrl (Cmd on a Mac)") == 1
    q.topics.value = ("E4",)
    assert "Energy ruling 4" in q.ruling_text.text
    assert "not associated with any specific permanents" in q.ruling_text.text
    assert q.ruling_text.text.count("hold Ctrl (Cmd on a Mac)") == 1
    q.name.value = "Ana"
    q.count.value = 1
    q.start_button.click()
    assert load_bank()[q.session.current.id].has_tag("E4")
