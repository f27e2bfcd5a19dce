"""The "Now:" line of a task says what the game waits for without suggesting the task's mistake
(walk finding 8), says a choice's chooser once (walk finding 15), and in a task of getting and
paying energy says how to do that, not the turn's priority."""

from __future__ import annotations

import os

import html
import re

import pytest

from rulesdojo.lessons import lessons
from rulesdojo.lessons.framework import TaskView
from rulesdojo.lessons.learner_progress import Progress
from rulesdojo.quiz.store import ResultStore

LESSONS = lessons()


@pytest.fixture(autouse=True)
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDOJO_RESULTS", str(tmp_path / "results.sqlite3"))
    return ResultStore(os.environ["RULESDOJO_RESULTS"])


def now(view: TaskView) -> str:
    shown = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", view.status.text))).strip()
    assert shown.startswith("Now:"), shown
    return shown


def task_view(number: int, key: str) -> TaskView:
    return TaskView(LESSONS[number].part(key), Progress(LESSONS[number]))


def test_lesson_5_never_suggests_letting_galvanic_discharge_resolve():
    view = task_view(5, "save-the-bears")
    said = now(view)                                  # Nadia holds priority over her own spell
    assert "Resolve top" not in said and "respond while it is there" in said
    assert view.model.play_step("pass")
    said = now(view)                                  # Alice's priority: resolving now is the dead end
    assert "Alice has priority" in said and "Resolve top" not in said
    assert view.model.play_step({"cast": "Unsummon", "target": "Grizzly Bears"})
    assert "Resolve top" in now(view)                 # Unsummon resolving first is the lesson's line


def test_lesson_1_energy_task_says_how_to_get_and_pay_not_the_turns_priority():
    view = task_view(1, "get-and-pay")
    said = now(view)
    assert "Alice has 5 energy: type an amount, then press Get energy or Pay energy" in said
    assert "priority" not in said and "move the turn on" not in said
    assert view.model.play_step({"get_energy": 2})
    assert "Alice has 7 energy" in now(view)


def test_a_choice_is_said_once_with_its_chooser_once():
    view = task_view(7, "choose-order")
    assert view.model.play_step({"play": "Forest"})
    said = now(view)
    assert said.startswith("Now: Alice chooses: put these 3 triggered abilities on the stack"), said
    assert "must choose now" not in said and "Alice: " not in said and said.count("Alice") == 1


def test_resolve_top_is_still_suggested_where_it_is_the_tasks_next_move():
    view = task_view(7, "every-land")
    assert view.model.play_step({"play": "Forest"})
    assert "pass (Resolve top) so it resolves" in now(view)


def test_a_hint_is_cleared_once_the_learner_moves_on_and_kept_while_they_read_it():
    """Walk finding 15: the hint box stayed after the learner moved on."""
    view = task_view(7, "every-land")
    view.hint_button.click()
    assert "Play the Forest" in view.hint.text
    view.hint_button.click()                              # a second hint: the same position, still shown
    assert "Cast Rampant Growth" in view.hint.text
    assert view.model.play_step({"play": "Forest"})
    assert view.hint.text == ""
    view.show_button.click()                              # the move shown is played: its words stay
    assert "Move 2 of" in view.hint.text


def test_lesson_1s_first_task_is_done_only_after_its_last_instruction():
    """Walk finding 16: "✓ Done" came before the task's last instruction ("try to pay more")."""
    view = task_view(1, "get-and-pay")
    words = view.task.instructions
    assert words.index("pay more than she has") < words.index("get 2") < words.index("pay 5")
    assert not view.model.play_step({"pay_energy": 6})      # more than she has: refused, nothing moves
    assert view.model.energy_of("Alice") == 5 and "✓ Done" not in view.status.text
    assert view.model.play_step({"get_energy": 2})
    assert "✓ Done" not in view.status.text
    assert view.model.play_step({"pay_energy": 5})          # the last instruction: done now
    assert "✓ Done" in view.status.text
