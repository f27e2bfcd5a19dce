"""Lessons as a learner meets them, without a browser: each task's solution and dead ends, each
check's try / hint / try again, kept progress, turn shortcuts and refusals in the learner's words."""

from __future__ import annotations

import os

import html
import re

import ipywidgets as ipw
import pytest

from rulesdojo.lessons import lessons
from rulesdojo.lessons.data import Check, Task
from rulesdojo.lessons.framework import CheckView, TaskView
from rulesdojo.views.dom import plain, prose
from rulesdojo.lessons.learner_progress import Progress, lesson_id
from rulesdojo.quiz.store import ResultStore
from rulesdojo.rules.actions import CastSpell
from rulesdojo.state.lines import SHORTCUTS

LESSONS = lessons()
TASKS = [(n, t) for n, lesson in LESSONS.items() for t in lesson.tasks]
DEAD_ENDS = [(n, t, i) for n, t in TASKS for i in range(len(t.dead_ends))]
CHECKS = [(n, c) for n, lesson in LESSONS.items() for c in lesson.checks]


def _id(x):
    return x.key if isinstance(x, (Task, Check)) else str(x)


def text(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)))


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDOJO_RESULTS", str(tmp_path / "results.sqlite3"))
    return ResultStore(os.environ["RULESDOJO_RESULTS"])


@pytest.mark.parametrize("number,task", TASKS, ids=_id)
def test_show_me_the_next_move_walks_the_solution_to_the_goal(number, task, store):
    view = TaskView(task, Progress(LESSONS[number]))
    assert "Now:" in view.status.text and not view.achieved
    for _ in task.solution:
        if view.achieved:
            break
        view.show_button.click()
    assert view.achieved and "✓ Done." in view.status.text
    assert task.key in store.lesson_parts(view.progress.learner)[lesson_id(LESSONS[number])]


@pytest.mark.parametrize("number,task", TASKS, ids=_id)
def test_a_panel_shown_again_is_sent_as_shown_on_every_kernel(number, task, store, monkeypatch):
    """A Layout change to None reaches the static site's page as JavaScript's ``undefined`` (its kernel
    converts with Pyodide's ``toJs()``), which the page ignores: the panel would stay hidden there."""
    sent: list[tuple[str, object]] = []
    send = ipw.Widget._send

    def record(widget, msg, buffers=None):
        if isinstance(widget, ipw.Layout) and msg.get("method") == "update":
            sent.extend(msg["state"].items())
        return send(widget, msg, buffers)
    monkeypatch.setattr(ipw.Widget, "_send", record)
    view = TaskView(task, Progress(LESSONS[number]))
    for _ in task.solution:
        if view.achieved:
            break
        view.show_button.click()
    assert view.achieved
    assert [name for name, value in sent if value is None] == []


@pytest.mark.parametrize("number,task,i", DEAD_ENDS, ids=lambda x: _id(x) if not isinstance(x, int) else str(x))
def test_a_known_dead_end_is_said_and_back_to_the_decision_leaves_it(number, task, i, store):
    end = task.dead_ends[i]
    view = TaskView(task, Progress(LESSONS[number]))
    assert view.back_button.layout.display == "none"
    for step in end.example:
        assert view.model.play_step(step), view.model.error
    shown = text(view.status.text)
    assert "can't reach the goal any more" in shown and text(plain(prose(end.say))).strip() in shown
    assert view.back_button.layout.display != "none"
    view.back_button.click()
    assert task.dead_end(view.played()) is None and "Now:" in view.status.text
    assert view.back_button.layout.display == "none"
    assert len(view.model.game.history) < len(end.example) + 20  # undone, not reset blindly


def test_every_lesson_has_a_task_with_a_dead_end_the_learner_can_hit():
    with_ends = {n for n, t in TASKS if t.dead_ends}
    assert len(with_ends) >= 8


def _wrong(view: CheckView) -> str:
    v = view.variant
    right = v.solution().right_answer_text
    if v.options:
        return next(o for o in v.options if o != right)
    return str(int(right) + 1)


def _answer(view: CheckView, value: str) -> None:
    view.answer.value = value
    view.check_button.click()


@pytest.mark.parametrize("number,check", CHECKS, ids=_id)
def test_a_wrong_try_gets_a_hint_not_the_answer_then_a_second_try(number, check, store):
    view = CheckView(check, Progress(LESSONS[number]))
    right = view.variant.solution().right_answer_text
    if not view.variant.options:
        view.check_button.click()  # nothing typed: not an answer
        assert "Give an answer first" in view.feedback.text and view.tries == 0
        _answer(view, "lots")
        assert view.tries == 0 and "isn't a whole number" in text(view.feedback.text)
    _answer(view, _wrong(view))
    shown = text(view.feedback.text)
    assert "Not yet" in shown and "Try again" in shown
    assert right not in shown and "What the engine did" not in view.feedback.text
    _answer(view, right)
    assert "✓ Right." in view.feedback.text and not view.progress.done[check.key]
    assert store.lesson_parts(view.progress.learner)[lesson_id(LESSONS[number])][check.key] is False


@pytest.mark.parametrize("number,check", CHECKS[:3], ids=_id)
def test_two_misses_or_show_me_give_the_answer_and_why(number, check, store):
    view = CheckView(check, Progress(LESSONS[number]))
    right = view.variant.solution().right_answer_text
    _answer(view, _wrong(view))
    _answer(view, _wrong(view))
    assert right in text(view.feedback.text) and "You answered" in text(view.feedback.text)
    other = CheckView(check, Progress(LESSONS[number]))
    other.show_button.click()
    assert right in text(other.feedback.text)


def test_the_answer_is_said_once_where_its_explanation_opens_with_it(store):
    """Walk finding 15: "The answer: It didn't resolve… It didn't resolve…"."""
    check = next(c for c in LESSONS[5].checks if c.expect.startswith("It didn't resolve"))
    view = CheckView(check, Progress(LESSONS[5]))
    view.show_button.click()
    shown = text(view.feedback.text)
    assert shown.startswith("The answer: It didn't resolve: none of its effects happened.")
    assert shown.count("It didn't resolve") == 1
    other = CheckView(check, Progress(LESSONS[5]))
    for wrong in [o for o in other.variant.options if not o.startswith("It didn't resolve")][:2]:
        _answer(other, wrong)
    shown = text(other.feedback.text)
    assert "✗ Not quite. You answered" in shown and shown.count("It didn't resolve") == 1


def test_a_first_try_is_recorded_and_a_new_kernel_resumes_the_lesson(store):
    lesson = LESSONS[1]
    check = lesson.part("after-unsummon")
    view = CheckView(check, Progress(lesson))
    _answer(view, view.variant.solution().right_answer_text)
    again = Progress(lesson)  # a reload: a new kernel reads the store
    assert again.done == {"after-unsummon": True} and again.first_tries() == (1, 1)
    assert "1 of 4 steps done" in again.label.text
    assert "Answered before" in CheckView(check, again).feedback.text


def test_the_store_keeps_each_learner_apart(store, monkeypatch):
    lesson = LESSONS[1]
    Progress(lesson).mark("where-it-lives", True)
    monkeypatch.setenv("JUPYTERHUB_USER", "someone-else")
    assert Progress(lesson).done == {}


def test_turn_shortcuts_pass_the_turn_in_one_click(store):
    task = LESSONS[9].part("three-turns")
    view = TaskView(task, Progress(LESSONS[9]))
    clicks = dict(zip([k for k, _, _ in SHORTCUTS], view.shortcut_buttons))
    clicks["end-turn"].click()
    assert (view.model.turn, view.model.active) == (3, "Nadia")
    clicks["next-main"].click()
    assert view.model.step == "precombat main" and view.model.active == "Nadia"
    view.model.undo()
    assert view.model.step == "upkeep" and view.model.turn == 3


def test_no_attackers_goes_on_to_the_end_of_combat(store):
    view = TaskView(LESSONS[4].part("brawler-once"), Progress(LESSONS[4]))
    view.shortcut_buttons[0].click()
    assert view.model.step == "end of combat" and not view.model.pending


def test_a_refusal_speaks_the_learners_words_first_with_the_rule_beside(store):
    view = TaskView(LESSONS[1].part("leaving-takes-nothing"), Progress(LESSONS[1]))
    unsummon = next(c["id"] for p in view.model.players for c in p["hand"] if c["card"] == "Unsummon")
    assert not view.model.do(CastSpell(unsummon, ()))
    assert view.model.error.startswith("That's Nadia's card")
    assert "pass priority to Nadia first" in view.model.error and view.model.error_rule == "117.1"


def test_a_reload_puts_the_task_board_back_where_the_learner_left_it(store):
    lesson = LESSONS[10]
    task = lesson.part("beast-this-turn")
    view = TaskView(task, Progress(lesson))
    for _ in range(3):
        view.show_button.click()
    left = view.model.game.snapshot()
    again = TaskView(task, Progress(lesson))  # a new kernel: the board comes back from the store
    assert again.model.game.snapshot() == left and "Now:" in again.status.text
    again.reset_button.click()
    assert TaskView(task, Progress(lesson)).model.game.snapshot()["players"] == \
        TaskView(task, Progress(LESSONS[10])).model.game.snapshot()["players"]
    assert len(TaskView(task, Progress(lesson)).model.game.history) == 0


def test_moves_that_no_longer_fit_the_board_leave_it_at_the_start(store):
    lesson = LESSONS[1]
    task = lesson.part("leaving-takes-nothing")
    view = TaskView(task, Progress(lesson))
    store.save_board(view.progress.learner, lesson_id(lesson), task.key, '[["PlayLand", {"card": 999}]]')
    store.save_board(view.progress.learner, lesson_id(lesson), "get-and-pay", "not moves")
    assert len(TaskView(task, Progress(lesson)).model.game.history) == 0
    assert len(TaskView(lesson.part("get-and-pay"), Progress(lesson)).model.game.history) == 0
