"""Dead ends the engine finds: a mistake no author foresaw is named at once, and "Back to the
decision" lands on the choice that lost the goal, not just before the last resolve."""

from __future__ import annotations

import os

import html
import re

import pytest

from rulesdojo.lessons import lessons, reach
from rulesdojo.lessons.framework import TaskView
from rulesdojo.lessons.learner_progress import Progress
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views import ChoicePanel, EnergyCounter

LESSONS = lessons()


@pytest.fixture(autouse=True)
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDOJO_RESULTS", str(tmp_path / "results.sqlite3"))
    return ResultStore(os.environ["RULESDOJO_RESULTS"])


def text(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)))


def task_view(number: int, key: str) -> TaskView:
    return TaskView(LESSONS[number].part(key), Progress(LESSONS[number]))


def panel(view: TaskView, kind):
    return next(w for w in view.views if isinstance(w, kind))


def play(view: TaskView, *steps) -> None:
    for step in steps:
        assert view.model.play_step(step), view.model.error


def said_dead_end(view: TaskView) -> str:
    shown = text(view.status.text)
    assert "can't reach the goal any more" in shown, shown
    assert view.back_button.layout.display != "none"
    return shown


def back(view: TaskView) -> None:
    view.back_button.click()
    assert "Now:" in view.status.text and view.back_button.layout.display == "none"
    assert reach.dead_end(view.task, view.played()) is None


def test_lesson_1_getting_three_energy_is_named_at_once_and_back_undoes_it():
    view = task_view(1, "get-and-pay")
    counter = panel(view, EnergyCounter)
    counter.amount.value = 3
    counter.get_button.click()
    assert view.model.energy_of("Alice") == 8
    said = said_dead_end(view)
    assert "Alice got 3 energy, where this task gets 2: she has 8 now" in said   # the move, and its cost
    assert "can't reach 2 energy" not in said
    back(view)
    assert view.model.energy_of("Alice") == 5 and view.model.game.history == []


def test_lesson_1_paying_six_after_getting_two_goes_back_to_the_payment():
    view = task_view(1, "get-and-pay")
    counter = panel(view, EnergyCounter)
    counter.amount.value = 2
    counter.get_button.click()
    assert "Now:" in view.status.text
    counter.amount.value = 6
    counter.pay_button.click()
    said = said_dead_end(view)           # overpaid: paying 5 would have left the 2 the task ends with
    assert "Alice paid 6 energy, where this task pays 5: she has 1 now" in said
    assert "can't reach 2 energy" not in said
    back(view)
    assert view.model.energy_of("Alice") == 7 and len(view.model.game.history) == 1


def test_lesson_4_no_attackers_is_named_at_once_and_back_returns_to_before_it():
    view = task_view(4, "brawler-once")
    no_attackers = next(b for b in view.shortcut_buttons if b.description == "No attackers")
    no_attackers.click()
    assert view.model.game.state.step not in ("beginning of combat", "declare attackers")
    said = said_dead_end(view)
    assert "if the Brawler didn't attack" in said and "can't reach 4 energy" not in said  # the author's words
    back(view)
    assert view.model.game.history == [] and view.model.game.state.step == "precombat main"


def test_lesson_7_choosing_nothing_for_rampant_growth_is_named_and_back_reopens_the_search():
    view = task_view(7, "every-land")
    play(view, {"play": "Forest"}, "resolve", {"cast": "Rampant Growth"}, "resolve")
    choices = panel(view, ChoicePanel)
    kind = view.model.pending["kind"]
    choices.options.value = next(k for label, k in choices.options.options if "nothing" in label.lower())
    choices.confirm_button.click()
    assert view.model.pending is None and view.model.energy_of("Alice") == 1
    said = said_dead_end(view)
    assert "You chose no land for Rampant Growth's search" in said and "can't reach 2" not in said
    back(view)
    assert view.model.pending["kind"] == kind


def test_lesson_5_back_goes_to_the_spell_on_the_stack_not_the_payment():
    view = task_view(5, "save-the-bears")
    play(view, "resolve")
    assert view.model.pending is not None  # Nadia is choosing how much to pay: already too late
    said = said_dead_end(view)
    assert "Both players passed with Galvanic Discharge on the stack" in said and "can't be" not in said
    play(view, {"amount": 2})
    said_dead_end(view)
    back(view)
    st = view.model.game.state
    assert st.pending is None and st.stack[-1].name == "Galvanic Discharge"
    play(view, *view.task.solution)  # from here the worked line still reaches the goal
    assert view.achieved


def test_lesson_7_a_wrong_order_is_named_before_anything_resolves_and_back_reopens_the_order():
    view = task_view(7, "choose-order")
    wrong = view.task.dead_ends[0].example[1]
    play(view, {"play": "Forest"}, wrong)
    assert len(view.model.game.state.stack) == 3  # nothing has resolved yet
    said = said_dead_end(view)  # the author's words for this order, not a claim about the Lynx's power
    assert "You put the Architect's ability on the stack after the Lynx's" in said
    assert "power 2" not in said and "no legal line" not in said
    back(view)
    assert view.model.pending["kind"] == "order_triggers"


def test_lesson_8_back_goes_to_before_casting_the_bears_not_the_bears_on_the_stack():
    view = task_view(8, "ashaya")
    play(view, {"cast": "Grizzly Bears"})
    assert [s.name for s in view.model.game.state.stack] == ["Grizzly Bears"]
    said_dead_end(view)
    play(view, "resolve")
    said_dead_end(view)
    back(view)
    assert view.model.game.history == [] and not view.model.game.state.stack


def test_lesson_4_check_1_asks_the_damage_nadia_takes_and_accepts_4():
    from rulesdojo.lessons.framework import CheckView
    lesson = LESSONS[4]
    view = CheckView(lesson.part("brawler-damage"), Progress(lesson))
    assert "How much damage does Nadia take?" in view.variant.prompt
    view.answer.value = "4"
    view.check_button.click()
    assert "✓ Right." in view.feedback.text and "Nadia takes 4" in text(view.feedback.text)


def test_show_me_the_next_move_says_the_move_in_words_and_why():
    view = task_view(7, "choose-order")
    view.show_button.click()
    view.show_button.click()
    said = text(view.hint.text)
    assert "Order the triggers: Steppe Lynx on top of the stack (it resolves first)" in said
    assert "resolves first: the Lynx goes there" in said and "['" not in said


def test_the_off_the_worked_line_notice_clears_on_undo_and_on_done():
    view = task_view(7, "choose-order")
    wrong = view.task.dead_ends[0].example[1]
    play(view, {"play": "Forest"}, wrong)
    view.show_button.click()
    assert "isn't on the worked line" in view.hint.text
    view.undo_button.click()
    assert "isn't on the worked line" not in view.hint.text
    view.reset_button.click()
    play(view, {"play": "Forest"})
    view.model.play_step({"order": ["Lotus Cobra", "Architect of the Untamed", "Steppe Lynx"]})
    view.show_button.click()
    assert "isn't on the worked line" in view.hint.text
    play(view, "resolve")
    assert "✓ Done." in view.status.text and "isn't on the worked line" not in view.hint.text


def test_an_order_no_author_foresaw_is_named_by_the_order_chosen_and_the_goal_said_whole():
    view = task_view(7, "choose-order")
    play(view, {"play": "Forest"}, {"order": ["Lotus Cobra", "Steppe Lynx", "Architect of the Untamed"]})
    said = said_dead_end(view)
    assert ("You put the triggers on the stack in this order: Lotus Cobra's ability, then Steppe Lynx's "
            "ability, then Architect of the Untamed's ability. The last one, Architect of the Untamed's "
            "ability, is on top and resolves first") in said
    assert "(Alice with 0 energy and no mana, and Steppe Lynx at power 2)" in said   # the goal, whole
    assert "can't reach power" not in said


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_each_authored_wrong_move_shows_its_authors_words(number):
    """Every dead end's example, played as a learner would, ends on the words written for it (from the
    move that made it one on), and no dead end claims one part of the goal is out of reach."""
    for task in LESSONS[number].tasks:
        for end in task.dead_ends:
            view = task_view(number, task.key)
            view.reset_button.click()        # the learner's board as the last example left it: start over
            for step in end.example:
                view.model.play_step(step)   # a refused step (an author's illustration) changes nothing
                shown = text(view.status.text)
                assert not re.search(r"can't reach (power )?\d", shown) and "no legal line" not in shown, shown
            assert " ".join(end.say.split()) in said_dead_end(view), (task.key, end.say)
