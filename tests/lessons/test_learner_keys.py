"""Each browser is its own learner on a served page: the key it sends is checked for shape only,
and lesson progress, saved boards and the course map are read for that key when it arrives."""

from __future__ import annotations

import os

import pytest

from rulesdojo.serve import identity
from rulesdojo.lessons import contents, lessons
from rulesdojo.lessons.framework import CheckView, TaskView
from rulesdojo.lessons.learner_progress import Progress, lesson_id
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views.learner import learner_key_widget

ANA, BEN = "a" * 32, "0123456789abcdef" * 2
LESSON = lessons()[1]


@pytest.fixture
def served(tmp_path, monkeypatch):
    """A Voila kernel in typed mode (no identity configured); ``served()`` opens a new page."""
    monkeypatch.setenv("RULESDOJO_RESULTS", str(tmp_path / "results.sqlite3"))
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    for name in ("RULESDOJO_IDENTITY", "JUPYTERHUB_USER"):
        monkeypatch.delenv(name, raising=False)

    def new_page():
        monkeypatch.setattr(identity._Browser, "key", None)
        monkeypatch.setattr(identity._Browser, "waiting", [])
    new_page()
    return new_page


def sends(key) -> None:
    """The page's key widget sends what a browser (or anyone) put in it."""
    learner_key_widget(identity.KernelIdentity())._handle_custom_msg({"learner_key": key}, [])


@pytest.mark.parametrize("junk", [None, 7, "", "Ana", "A" * 32, "a" * 31, "a" * 33, "g" * 32,
                                  "a" * 32 + "\n", ["a" * 32], {"key": "a" * 32}])
def test_a_key_of_any_other_shape_is_ignored(served, junk):
    progress = Progress(LESSON)
    sends(junk)
    assert identity._Browser.key is None and progress.learner is None
    assert "Finding your progress" in progress.label.text
    sends(ANA)
    assert progress.learner == ANA and "0 of 4 steps done" in progress.label.text


def test_a_second_key_changes_nothing_once_the_page_has_one(served):
    progress = Progress(LESSON)
    sends(ANA)
    sends(BEN)
    assert identity._Browser.key == ANA and progress.learner == ANA


def test_two_browsers_keep_their_own_progress_and_boards(served):
    check, task = LESSON.part("after-unsummon"), LESSON.part("get-and-pay")
    ana = Progress(LESSON)
    sends(ANA)
    CheckView(check, ana).show_button.click()
    board = TaskView(task, ana)
    start, counter = board.model.energy_of("Alice"), next(v for v in board.views if hasattr(v, "get_button"))
    counter.amount.value = 2
    counter.get_button.click()
    served()  # another browser's page
    ben = Progress(LESSON)
    ben_check, ben_board = CheckView(check, ben), TaskView(task, ben)
    sends(BEN)
    assert ben.done == {} and "0 of 4 steps done" in ben.label.text
    assert "Answered before" not in ben_check.feedback.text
    assert board.model.energy_of("Alice") == start + 2 and ben_board.model.energy_of("Alice") == start
    assert "Not started" in contents().children[1].text
    ben_board.reset_button.click()  # Ben's "Start over" leaves Ana's board alone
    store = ResultStore(os.environ["RULESDOJO_RESULTS"])
    assert store.lesson_parts(ANA) == {lesson_id(LESSON): {"after-unsummon": False}}
    assert store.board(ANA, lesson_id(LESSON), task.key) != "[]"
    assert store.lesson_parts(identity.local_key()) == {}  # never the kernel's own account


def test_a_page_made_before_the_learner_connects_shows_their_state_when_they_do(served):
    check, task = LESSON.part("after-unsummon"), LESSON.part("get-and-pay")
    preheated = Progress(LESSON)  # the notebook runs before anyone asks for the page
    later_check, later_board = CheckView(check, preheated), TaskView(task, preheated)
    course = contents().children[1]
    assert "Finding your progress" in course.text and "Not started" not in course.text and "Continue" not in course.text
    store = ResultStore(os.environ["RULESDOJO_RESULTS"])
    store.mark_part(ANA, lesson_id(LESSON), check.key, True)  # meanwhile, in Ana's other tab
    start = later_board.model.energy_of("Alice")
    store.save_board(ANA, lesson_id(LESSON), task.key, '[["GetEnergy", {"player": "Alice", "amount": 2}]]')
    sends(ANA)
    assert later_board.model.energy_of("Alice") == start + 2
    assert "1 of 4 steps done" in preheated.label.text
    assert "Answered before" in later_check.feedback.text
    assert "Started · 1 of 4 parts done" in course.text


def test_outside_voila_the_kernels_learner_is_known_at_once_and_stays(served, monkeypatch):
    monkeypatch.delenv("VOILA_BASE_URL")
    first = Progress(LESSON)
    assert first.learner == identity.local_key() and identity.learner_key(first.learner)
    served()  # the kernel restarts
    assert Progress(LESSON).learner == first.learner


def test_the_page_is_told_to_stop_sending_once_the_kernel_has_its_key(served):
    from rulesdojo.views.learner import LearnerKey
    widget = LearnerKey(identity.KernelIdentity())
    widget._handle_custom_msg({"learner_key": "not a key"}, [])
    assert not widget.known
    widget._handle_custom_msg({"learner_key": ANA}, [])
    assert widget.known and identity._Browser.key == ANA
