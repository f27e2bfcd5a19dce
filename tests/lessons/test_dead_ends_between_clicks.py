"""In a running kernel the search for a dead end runs between the page's messages: a click is
answered before the search ends, the dead end is named when it does, and a search about a
position the learner has left never shows its verdict. The board is saved beside the messages,
one move's save after another."""

from __future__ import annotations

import os

import asyncio
from concurrent.futures import ThreadPoolExecutor
from unittest.mock import patch

import pytest

from rulesdojo.lessons import lessons
from rulesdojo.lessons import framework
from rulesdojo.lessons.framework import TaskView
from rulesdojo.lessons.learner_progress import Progress
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views import EnergyCounter

LESSON = lessons()[1]


@pytest.fixture(autouse=True)
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDOJO_RESULTS", str(tmp_path / "results.sqlite3"))
    return ResultStore(os.environ["RULESDOJO_RESULTS"])


def in_a_kernel(learner) -> None:
    """Run ``learner(view, counter)`` (a coroutine) on an event loop, as a kernel runs a page's clicks:
    in a thread of its own (a browser test's driver may hold this thread's loop), with the loop taken
    for a kernel's."""
    async def main():
        view = TaskView(LESSON.part("get-and-pay"), Progress(LESSON))
        counter = next(v for v in view.views if isinstance(v, EnergyCounter))
        await asyncio.wait_for(learner(view, counter), timeout=30)
    with patch.object(framework, "kernel_loop", asyncio.get_running_loop), ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, main()).result(timeout=60)


async def searches_ended() -> None:
    """Let the loop turn until nothing but this test runs on it."""
    while len(asyncio.all_tasks()) > 2:  # the test's main and this wait
        await asyncio.sleep(0)


def test_a_click_is_answered_before_the_search_and_the_dead_end_is_named_when_it_ends():
    async def learner(view, counter):
        counter.amount.value = 3
        counter.get_button.click()
        assert view.model.energy_of("Alice") == 8
        assert "Now:" in view.status.text and view.back_button.layout.display == "none"
        await searches_ended()
        assert "Alice got 3 energy, where this task gets 2: she has 8 now" in view.status.text
        assert view.back_button.layout.display != "none"
    in_a_kernel(learner)


def test_a_search_about_a_position_left_behind_never_shows_its_verdict():
    async def learner(view, counter):
        counter.amount.value = 3
        counter.get_button.click()  # a dead end: its search starts
        counter.amount.value = 6
        counter.pay_button.click()  # 8 - 6 = 2: the goal, before that search ended
        await searches_ended()
        assert "✓ Done." in view.status.text, view.status.text
        assert view.back_button.layout.display == "none"
    in_a_kernel(learner)


def test_in_a_kernel_each_move_is_saved_beside_the_page_messages_and_the_newest_is_kept(store, monkeypatch):
    from rulesdojo.serve import identity
    from rulesdojo.lessons.framework import BOARD_SAVES
    from rulesdojo.lessons.learner_progress import lesson_id
    ana = "a" * 32
    monkeypatch.setattr(identity._Browser, "key", None)
    monkeypatch.setattr(identity._Browser, "waiting", [])
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    for name in ("RULESDOJO_IDENTITY", "JUPYTERHUB_USER"):
        monkeypatch.delenv(name, raising=False)

    async def learner(view, counter):
        from rulesdojo.views.learner import learner_key_widget
        learner_key_widget(identity.KernelIdentity())._handle_custom_msg({"learner_key": ana}, [])
        assert view.progress.learner == ana
        for amount in (1, 2, 3):
            counter.amount.value = amount
            counter.get_button.click()
        await asyncio.sleep(0)  # the board is saved just after the click's handler (after_answer)
        await asyncio.wrap_future(BOARD_SAVES.submit(lambda: None))  # the saves queued before it are done
        assert view.model.energy_of("Alice") == 11
    in_a_kernel(learner)
    kept = ResultStore(os.environ["RULESDOJO_RESULTS"]).board(ana, lesson_id(LESSON), "get-and-pay")
    assert kept.count("GetEnergy") == 3 and '"amount": 3' in kept
