"""Where the focus goes after a learner's action in a lesson task: the decision the action opened, or,
when the control acted on is gone (disabled or hidden), the table's first card."""

from __future__ import annotations

import os

import ipywidgets as ipw
import pytest

from rulesdojo.lessons import lessons
from rulesdojo.lessons.framework import TaskView
from rulesdojo.lessons.learner_progress import Progress
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views import Board, ChoicePanel, Sandbox, StackView

LESSONS = lessons()


@pytest.fixture(autouse=True)
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDOJO_RESULTS", str(tmp_path / "results.sqlite3"))
    return ResultStore(os.environ["RULESDOJO_RESULTS"])


@pytest.fixture
def focused(monkeypatch):
    """Every focus the kernel asks the page for, in order: a widget, or "first card"."""
    asked = []
    monkeypatch.setattr(ipw.DOMWidget, "focus", lambda self: asked.append(self))
    monkeypatch.setattr(Board, "focus_first_card", lambda self: asked.append("first card"))
    return asked


def panel(view: TaskView, kind):
    return next(w for w in view.views if isinstance(w, kind))


def take(board: Board, words: str) -> None:
    """Choose an action from a card's menu the way the page does: a message from the table."""
    key = next(a["key"] for c in board.cards() for a in c["actions"] if a["words"] == words)
    board.table._handle_custom_msg({"do": key}, [])


def test_lesson_7_first_task_focus_follows_each_action(focused):
    view = TaskView(LESSONS[7].part("every-land"), Progress(LESSONS[7]))
    board, stack, choices = panel(view, Board), panel(view, StackView), panel(view, ChoicePanel)

    take(board, "Play Forest")
    assert focused == []                          # the table keeps it on the Forest itself
    stack.resolve_button.click()                  # the stack is empty: Resolve top is disabled
    assert stack.resolve_button.disabled and focused == ["first card"]

    take(board, "Cast Rampant Growth")
    assert focused == ["first card"]
    stack.resolve_button.click()                  # the search it opens takes the focus
    assert view.model.pending is not None and focused[-1] is choices.options

    plains = next(k for label, k in choices.options.options if "Plains" in label)
    choices.options.value = plains
    choices.confirm_button.click()
    assert choices.confirm_button.disabled and focused[-1] == "first card"
    stack.resolve_button.click()
    assert view.achieved and focused == ["first card", choices.options, "first card", "first card"]


def test_a_button_still_there_keeps_the_focus(focused):
    view = TaskView(LESSONS[7].part("every-land"), Progress(LESSONS[7]))
    take(panel(view, Board), "Play Forest")
    view.hint_button.click()
    assert focused == []


def test_the_sandbox_moves_the_focus_to_the_search_it_opened(focused):
    sandbox = Sandbox.from_scenario({"name": "search", "setup": {"players": [
        {"name": "Alice", "hand": ["Rampant Growth"], "library": ["Plains"], "battlefield": ["Forest", "Forest"]},
        {"name": "Nadia"}]}})
    take(sandbox.board, "Cast Rampant Growth")
    sandbox.stack_view.resolve_button.click()
    assert sandbox.model.pending is not None and focused == [sandbox.choices.options]
    sandbox.choices.confirm_button.click()
    assert sandbox.choices.confirm_button.disabled and focused[-1] == "first card"
