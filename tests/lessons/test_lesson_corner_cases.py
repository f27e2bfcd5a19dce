"""Lesson 11, the landfall corner cases, played as a learner plays it: menu items on the board, the
stack's Resolve top, a "may", the search and the trigger order answered in their panels, Undo and Back
to the decision; and its checks answered in their boxes, a wrong answer getting the hint written for
it."""

from __future__ import annotations

import os

import html
import re

import pytest

from rulesdojo.lessons import lessons
from rulesdojo.lessons.framework import CheckView, TaskView
from rulesdojo.lessons.learner_progress import Progress
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views import ChoicePanel
from rulesdojo.views.board import Board
from rulesdojo.views.order import TriggerOrder
from rulesdojo.views.stack import StackView

LESSONS = lessons()
CORNERS = 11


@pytest.fixture(autouse=True)
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDOJO_RESULTS", str(tmp_path / "results.sqlite3"))
    return ResultStore(os.environ["RULESDOJO_RESULTS"])


def text(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)))


def task_view(key: str) -> TaskView:
    return TaskView(LESSONS[CORNERS].part(key), Progress(LESSONS[CORNERS]))


def check_view(key: str) -> CheckView:
    return CheckView(LESSONS[CORNERS].part(key), Progress(LESSONS[CORNERS]))


def panel(view: TaskView, kind):
    return next(w for w in view.views if isinstance(w, kind))


def press(view: TaskView, words: str) -> None:
    """Take the board's menu item that starts with these words, as a click on the card does."""
    board = panel(view, Board)
    offered = [a["words"] for c in board.cards() for a in c["actions"]]
    board.press(next(w for w in offered if w.startswith(words)))


def resolve(view: TaskView, times: int = 1) -> None:
    for _ in range(times):
        panel(view, StackView).resolve_button.click()


def choose(view: TaskView, *names: str) -> None:
    """Answer the pending search in the choice panel: the cards named, or nothing."""
    choices = panel(view, ChoicePanel)
    wanted = f"Choose {', '.join(names)}" if names else "Choose nothing"
    choices.options.value = next(v for label, v in choices.options.options if label == wanted)
    choices.confirm_button.click()


def may(view: TaskView, answer: str) -> None:
    """Answer the pending "may" ("Yes" or "No") in the choice panel."""
    choices = panel(view, ChoicePanel)
    choices.options.value = dict(choices.options.options)[answer]
    choices.confirm_button.click()


def order(view: TaskView, *top_first: str) -> None:
    """Drag the waiting triggers into this order (the top of the list resolves first) and confirm."""
    w = panel(view, TriggerOrder)
    ids = {name: [] for name in top_first}
    for item in w.order_list.items:
        ids[item["label"].split(":")[0].removesuffix("'s ability")].append(item["id"])
    w.order_list.order = [ids[name].pop() for name in top_first]  # copies of one trigger in any order
    w.confirm_button.click()


def energy(view: TaskView) -> int:
    return view.model.energy_of("Alice")


def power(view: TaskView, name: str) -> int:
    return next(p["power"] for p in view.model.battlefield if p["card"] == name)


def holds(view: TaskView, expect: dict) -> bool:
    """Say whether this holds on the learner's board (in a scenario's expect words)."""
    return not view.played().holds(expect)


def said(view: TaskView) -> str:
    return text(view.status.text)


# --- tasks ---------------------------------------------------------------------------------

def test_harrow_gives_four_triggers_and_the_learner_puts_both_lynx_pumps_on_top():
    view = task_view("harrow-four-triggers")
    press(view, "Cast Harrow, sacrificing")
    assert holds(view, {"players": {"Alice": {"graveyard": ["Forest"]}}})  # the cost, paid as it is cast
    resolve(view)
    choose(view, "Forest", "Island")
    waiting = [item["label"].split(":")[0] for item in panel(view, TriggerOrder).order_list.items]
    assert sorted(waiting) == ["Architect of the Untamed"] * 2 + ["Steppe Lynx"] * 2  # twice per ability
    order(view, "Steppe Lynx", "Steppe Lynx", "Architect of the Untamed", "Architect of the Untamed")
    resolve(view, 2)
    assert power(view, "Steppe Lynx") == 4 and energy(view) == 0
    assert view.achieved and "✓ Done." in view.status.text


def test_either_order_of_a_triggers_two_copies_stays_on_the_worked_line():
    view = task_view("harrow-four-triggers")
    press(view, "Cast Harrow, sacrificing")
    resolve(view)
    choose(view, "Forest", "Island")
    w = panel(view, TriggerOrder)
    lynx = [i["id"] for i in w.order_list.items if i["label"].startswith("Steppe Lynx")]
    arch = [i["id"] for i in w.order_list.items if i["label"].startswith("Architect")]
    w.order_list.order = [*lynx, *arch]  # the copies as the list had them, not as the worked line put them
    w.confirm_button.click()
    view.show_button.click()
    assert "isn't on the worked line" not in text(view.hint.text) and power(view, "Steppe Lynx") == 2
    view.show_button.click()
    assert view.achieved


def test_an_architect_trigger_left_on_top_is_named_and_undo_reopens_the_order():
    view = task_view("harrow-four-triggers")
    press(view, "Cast Harrow, sacrificing")
    resolve(view)
    choose(view, "Forest", "Island")
    order(view, "Architect of the Untamed", "Architect of the Untamed", "Steppe Lynx", "Steppe Lynx")
    assert len(view.model.stack) == 4 and "can't reach the goal any more" in said(view)  # before any resolves
    assert "You put one of the Architect's abilities on the stack after both of the Lynx's" in said(view)
    view.undo_button.click()
    assert view.model.pending["kind"] == "order_triggers" and "Now:" in view.status.text


def test_choosing_one_land_for_harrow_is_named_and_back_to_the_decision_reopens_the_search():
    view = task_view("harrow-four-triggers")
    press(view, "Cast Harrow, sacrificing")
    resolve(view)
    choose(view, "Island")
    assert "You chose one basic land" in said(view)
    view.back_button.click()
    assert view.model.pending["kind"] == "search" and "Now:" in view.status.text


def test_evolving_wilds_gives_two_landfalls_from_one_land_play():
    view = task_view("wilds-two-landfalls")
    press(view, "Play Evolving Wilds")
    resolve(view)
    press(view, "Activate Evolving Wilds")
    resolve(view)
    choose(view, "Plains")
    assert not view.achieved  # the Plains' trigger is still on the stack
    resolve(view)
    assert power(view, "Steppe Lynx") == 4 and view.achieved


def test_finding_no_land_with_the_wilds_is_named():
    view = task_view("wilds-two-landfalls")
    press(view, "Play Evolving Wilds")
    resolve(view)
    press(view, "Activate Evolving Wilds")
    resolve(view)
    choose(view)
    assert "You found no land with the Wilds' search" in said(view)


def test_the_expanse_sacrificed_in_response_leaves_its_trigger_which_still_gives_energy():
    view = task_view("expanse-gone")
    press(view, "Play Terramorphic Expanse")
    press(view, "Activate Terramorphic Expanse")
    assert holds(view, {"players": {"Alice": {"graveyard": ["Terramorphic Expanse"]}}})
    resolve(view)
    choose(view, "Plains")
    assert view.achieved and [s["name"] for s in view.model.stack] == ["Architect of the Untamed"] * 2
    resolve(view, 2)  # the land that caused the lower trigger is gone: it resolves all the same
    assert energy(view) == 2


def test_letting_the_expanses_trigger_resolve_first_is_named_and_undone():
    view = task_view("expanse-gone")
    press(view, "Play Terramorphic Expanse")
    resolve(view)
    assert "resolved before you sacrificed it" in said(view)
    view.undo_button.click()
    assert [s["name"] for s in view.model.stack] == ["Architect of the Untamed"] and energy(view) == 0


def test_arbor_ashaya_and_memnite_cast_after_ashaya_make_three_landfalls_the_bears_none():
    view = task_view("arbor-and-ashaya")
    press(view, "Play Dryad Arbor")
    resolve(view)
    press(view, "Cast Ashaya")
    resolve(view, 2)
    assert energy(view) == 2  # Ashaya entered as a land; the Bears and the Architect only became lands
    press(view, "Cast Memnite")
    resolve(view, 2)
    assert energy(view) == 3 and view.achieved


def test_memnite_cast_before_ashaya_is_named_and_back_to_the_decision_returns_it_to_hand():
    view = task_view("arbor-and-ashaya")
    press(view, "Cast Memnite")
    resolve(view)
    assert "Memnite was cast before Ashaya" in said(view)
    view.back_button.click()
    assert holds(view, {"players": {"Alice": {"hand": ["Dryad Arbor", "Ashaya, Soul of the Wild", "Memnite"]}},
                        "stack": []})


def test_nadias_path_to_exile_lets_alice_search_and_her_architect_triggers():
    view = task_view("path-on-your-arbor")
    resolve(view)
    may(view, "Yes")
    choose(view, "Plains")
    assert [s["name"] for s in view.model.stack] == ["Architect of the Untamed"]  # Alice's, on Nadia's turn
    resolve(view)
    assert energy(view) == 1 and view.achieved
    assert holds(view, {"players": {"Alice": {"exile": ["Dryad Arbor"]}}})


def test_saving_the_arbor_with_slip_out_the_back_is_named_and_back_to_the_decision_undoes_it():
    view = task_view("path-on-your-arbor")
    press(view, "Cast Slip Out the Back targeting Alice's Dryad Arbor")
    assert "Path to Exile has no legal target" in said(view) and "702.26d" in said(view)
    view.back_button.click()
    assert holds(view, {"players": {"Alice": {"hand": ["Slip Out the Back"]}}, "stack": ["Path to Exile"]})


def test_phasing_out_the_architect_instead_leaves_it_nothing_to_trigger_on_and_is_named_too():
    view = task_view("path-on-your-arbor")
    press(view, "Cast Slip Out the Back targeting Alice's Architect")
    resolve(view, 2)
    may(view, "Yes")
    choose(view, "Plains")
    assert not view.model.stack and energy(view) == 0  # the Plains entered; the Architect wasn't there
    assert holds(view, {"players": {"Alice": {"battlefield": ["Island", "Plains"],
                                              "phased_out": ["Architect of the Untamed"]}}})
    assert "Phase the Architect out and it isn't there to trigger" in said(view)


def test_declining_path_to_exiles_search_is_named():
    view = task_view("path-on-your-arbor")
    resolve(view)
    may(view, "No")
    assert "You didn't search, so no land entered" in said(view)


# --- checks --------------------------------------------------------------------------------

def test_counting_the_sacrificed_forest_gets_the_hint_about_leaving_then_two_is_right():
    view = check_view("harrow-energy")
    view.answer.value = "3"
    view.check_button.click()
    assert "Is leaving the battlefield entering it?" in text(view.feedback.text)
    view.answer.value = "2"
    view.check_button.click()
    assert "✓ Right." in text(view.feedback.text)


@pytest.mark.parametrize("wrong,hint", [
    ("the Expanse's trigger left the stack", "Does anything in it need the Expanse"),
    ("landfall needs the land to stay", "not at where it is later"),
])
def test_each_wrong_reading_of_the_gone_expanse_gets_its_own_hint(wrong, hint):
    view = check_view("lynx-after-expanse-gone")
    view.answer.value = next(o for o in view.answer.options if wrong in o)
    view.check_button.click()
    assert hint in text(view.feedback.text)
    assert "4/5: both triggers resolve" not in text(view.feedback.text)  # a hint, not the answer


def test_dryad_arbor_entering_triggers_the_landfall_and_the_creature_ability():
    view = check_view("arbor-and-guide")
    view.answer.value = "1"
    view.check_button.click()
    assert "Does its entering match both trigger events?" in text(view.feedback.text)
    view.show_button.click()
    assert "2" in text(view.feedback.text)


def hinted_then_right(check: str, wrong: str, hint: str, right: str) -> None:
    """Answer ``check`` wrong (a number, or an option holding those words): its hint; then right."""
    view = check_view(check)

    def give(answer: str) -> None:
        options = getattr(view.answer, "options", None)
        view.answer.value = next(o for o in options if answer in o) if options else answer
        view.check_button.click()

    give(wrong)
    assert hint in text(view.feedback.text)
    give(right)
    assert "✓ Right." in text(view.feedback.text)


def test_a_forest_nissa_animates_triggers_neither_landfall_nor_guide_of_souls():
    hinted_then_right("nissa-animates-forest", "2", "Did the Forest enter the battlefield again", "1")


@pytest.mark.parametrize("wrong,hint", [
    ("Nadia has 1 energy", "Who controlled the Architect when the Forest entered?"),
    ("can't trigger Nadia's card", 'whose lands does "a land you control" mean?'),
    ("went back with the Architect", "on the Architect, or on the player"),
])
def test_each_wrong_reading_of_the_stolen_architect_gets_its_own_hint(wrong, hint):
    hinted_then_right("treason-architect", wrong, hint, "Alice has 1 energy, and keeps it")


def test_an_annexed_forest_counted_as_entering_gets_the_hint_then_one_is_right():
    hinted_then_right("annex-isnt-entering", "2", "Did it enter the battlefield?", "1")


@pytest.mark.parametrize("wrong,hint", [
    ("entered as a land creature when it phased in", "Did the Arbor ever leave the battlefield?"),
    ("new 1/1 without its counter", "Does a permanent that never left lose its counters?"),
])
def test_each_wrong_reading_of_the_arbor_phasing_in_gets_its_own_hint(wrong, hint):
    view = check_view("arbor-phases-in")
    view.answer.value = next(o for o in view.answer.options if wrong in o)
    view.check_button.click()
    assert hint in text(view.feedback.text)
    assert "only the Island entered" not in text(view.feedback.text)  # a hint, not the answer
