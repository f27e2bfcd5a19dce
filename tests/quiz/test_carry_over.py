"""The practice site's progress, kept in a JSON file before the browser's Python had ``sqlite3``, is
carried over into the SQLite results once, as the old store read it back; a file that can't be read
stays as it was, is said in plain words, and the learner still gets a working store.

``tests/data/progress-json-v1.json`` was written by that JSON store while a learner did lesson 1 and
lesson 2's first steps (before questions, a task done, a task's board half played, a check missed and
then mastered) and two practice quizzes (one finished, one open); ``progress-json-v1.read-back.json``
is what that store read back from it.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from rulesdojo.quiz import store as results
from rulesdojo.quiz.carry_over import CARRIED, carry_over, read_old_progress
from rulesdojo.quiz.store import BROWSER_RESULTS, OLD_PROGRESS, ResultStore

DATA = Path(__file__).resolve().parents[1] / "data"
OLD = DATA / "progress-json-v1.json"
READ_BACK = json.loads((DATA / "progress-json-v1.read-back.json").read_text(encoding="utf-8"))


def read_back(store: ResultStore) -> dict:
    """What ``progress-json-v1.read-back.json`` holds, as ``store`` reads it."""
    old = json.loads(OLD.read_text(encoding="utf-8"))
    keys = sorted({tuple(r[:3]) for r in old["lesson_boards"]})
    return json.loads(json.dumps({  # as JSON holds it: lists, not tuples
        "lesson_parts": {learner: store.lesson_parts(learner) for learner in READ_BACK["lesson_parts"]},
        "board": [[*k, store.board(*k)] for k in keys],
        "drawn": [[*k, store.drawn(*k)] for k in keys],
        "every_lesson_part": store.every_lesson_part(),
        "answers": [dataclasses.asdict(a) for a in store.attempts()],
        "attempts": [dataclasses.asdict(r) for r in store.records()],
        "learner_history": {k: [dataclasses.asdict(a) for a in store.learner_history(k)]
                            for k in READ_BACK["learner_history"]},
    }))


@pytest.fixture
def site_folder(tmp_path, monkeypatch) -> Path:
    """The browser's progress folder (standing for ``BROWSER_FOLDER``) as the practice site left it
    before its Python had ``sqlite3``: the JSON file alone."""
    monkeypatch.setattr(results, "BROWSER_FOLDER", str(tmp_path))
    shutil.copy(OLD, tmp_path / OLD_PROGRESS)
    return tmp_path


def test_the_old_file_is_carried_over_as_the_json_store_read_it_back(site_folder):
    assert carry_over(site_folder) is None
    store = ResultStore(site_folder / BROWSER_RESULTS)
    assert read_back(store) == READ_BACK
    assert READ_BACK["answers"] and READ_BACK["attempts"] and any(d for *_, d in READ_BACK["drawn"])
    assert not (site_folder / OLD_PROGRESS).exists()
    assert (site_folder / (OLD_PROGRESS + CARRIED)).read_bytes() == OLD.read_bytes()  # kept, renamed
    assert store.problem is None and store.kept.startswith("Your answers and progress are kept in this browser")


def test_a_second_start_carries_nothing_again(site_folder):
    assert carry_over(site_folder) is None
    store = ResultStore(site_folder / BROWSER_RESULTS)
    learner = next(iter(READ_BACK["lesson_parts"]))
    store.save_board(learner, "01-what-energy-is", "get-and-pay", "[]")  # played on since
    assert carry_over(site_folder) is None
    shutil.copy(OLD, site_folder / OLD_PROGRESS)  # the old file there again: the results file stops it
    assert carry_over(site_folder) is None
    again = ResultStore(site_folder / BROWSER_RESULTS)
    assert len(again.attempts()) == len(READ_BACK["answers"])
    assert len(again.every_lesson_part()) == len(READ_BACK["every_lesson_part"])
    assert again.board(learner, "01-what-energy-is", "get-and-pay") == "[]"
    assert (site_folder / OLD_PROGRESS).exists()


@pytest.mark.parametrize("damage", [b"{not json", b'{"lesson_parts": [["Ana", "only two"]]}', b"[]",
                                    b'{"attempts": "none"}', b"\xff\xfe not text"])
def test_a_damaged_file_is_said_kept_as_it_was_and_the_store_works(site_folder, damage):
    old = site_folder / OLD_PROGRESS
    old.write_bytes(damage)
    said = carry_over(site_folder)
    assert said and "can't be read" in said and str(old) in said and "Traceback" not in said
    assert old.read_bytes() == damage  # nothing lost
    store = ResultStore(site_folder / BROWSER_RESULTS)
    assert store.lesson_parts("Ana") == {}
    assert store.mark_part("Ana", "01-what-energy-is", "where-it-lives", True)
    assert ResultStore(store.path).lesson_parts("Ana") == {"01-what-energy-is": {"where-it-lives": True}}
    assert carry_over(site_folder) is None and old.read_bytes() == damage  # said once; the file stays


def test_the_store_in_the_browser_says_what_wasnt_carried_over(site_folder):
    (site_folder / OLD_PROGRESS).write_text("{not json")
    carry_over(site_folder)
    kept = ResultStore(site_folder / BROWSER_RESULTS).kept
    assert "couldn't be carried over" in kept and str(site_folder / OLD_PROGRESS) in kept
    assert "kept in this browser" in kept
    (site_folder / OLD_PROGRESS).unlink()
    assert "carried over" not in ResultStore(site_folder / BROWSER_RESULTS).kept


def test_attempt_rows_from_before_the_learner_key_and_page_read_with_neither(tmp_path):
    old = json.loads(OLD.read_text(encoding="utf-8"))
    old["quiz_attempts"] = [r[:-2] for r in old["quiz_attempts"]]
    path = tmp_path / OLD_PROGRESS
    path.write_text(json.dumps(old), encoding="utf-8")
    rows = read_old_progress(path)["quiz_attempts"]
    assert [r[-2:] for r in rows] == [["", ""]] * len(old["quiz_attempts"])
    assert carry_over(tmp_path) is None
    assert [r.id for r in ResultStore(tmp_path / BROWSER_RESULTS).records()] == [r[0] for r in old["quiz_attempts"]]


def test_results_that_cant_be_written_leave_the_old_file_and_say_why(site_folder, monkeypatch):
    monkeypatch.setattr(ResultStore, "_retry_later", lambda self: None)  # no retries in the background
    monkeypatch.setattr(ResultStore, "_write", lambda self: (_ for _ in ()).throw(OSError("disk full")))
    said = carry_over(site_folder)
    assert said and "can't be carried over now" in said and "disk full" in said
    assert (site_folder / OLD_PROGRESS).read_bytes() == OLD.read_bytes()
