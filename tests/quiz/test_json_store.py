"""The store kept as a JSON file (the practice site's Python has no sqlite3): the same answers,
attempts and lesson progress as the SQLite and PostgreSQL stores, read back after a reopen; a damaged file is set
aside with a plain message and never stops the learner."""

import json

from rulesdojo.quiz import store as results
from rulesdojo.quiz.store import AttemptRecord, JsonResultStore, ResultStore


def _practise(store):
    store.record("Ana", "s1", "practice", "q-1", 7, "3", True, 4.2)
    store.record("Ana", "s1", "practice", "q-2", 8, "no", False, 6.0)
    store.save_attempt(AttemptRecord("s1", "practice", "Ana", "practice", 100.0, total=2))
    store.mark_part("Ana", "01-what-energy-is", "where-it-lives", False)
    store.mark_part("Ana", "01-what-energy-is", "where-it-lives", True)  # mastered on a later visit
    store.mark_part("Ana", "01-what-energy-is", "where-it-lives", False)  # the best finish is kept
    store.save_board("Ana", "01-what-energy-is", "get-and-pay", "[1]")
    store.save_board("Ana", "01-what-energy-is", "get-and-pay", "[1, 2]")


def _seen(store):
    return ([(a.session, a.question, a.seed, a.answer, a.correct) for a in store.history("Ana")],
            [(r.id, r.total, r.ended) for r in store.records(candidate="Ana")],
            store.lesson_parts("Ana"), store.board("Ana", "01-what-energy-is", "get-and-pay"),
            store.history("Nico"), store.lesson_parts("Nico"))


def test_a_reopened_file_holds_what_the_sqlite_and_postgresql_stores_hold(tmp_path, results):
    _practise(JsonResultStore(tmp_path / "progress.json"))
    _practise(ResultStore(results.where))
    reopened = JsonResultStore(tmp_path / "progress.json")
    assert _seen(reopened) == _seen(ResultStore(results.where))
    assert reopened.lesson_parts("Ana") == {"01-what-energy-is": {"where-it-lives": True}}
    assert reopened.board("Ana", "01-what-energy-is", "get-and-pay") == "[1, 2]"
    assert reopened.problem is None and str(tmp_path / "progress.json") in reopened.kept


def test_two_stores_on_one_file_keep_each_others_rows(tmp_path):
    one, two = JsonResultStore(tmp_path / "p.json"), JsonResultStore(tmp_path / "p.json")
    one.mark_part("Ana", "01-what-energy-is", "where-it-lives", True)
    two.mark_part("Ana", "02-landfall", "first-trigger", None)
    assert JsonResultStore(tmp_path / "p.json").lesson_parts("Ana") == {
        "01-what-energy-is": {"where-it-lives": True}, "02-landfall": {"first-trigger": None}}


def test_a_damaged_file_is_set_aside_and_started_again_with_a_plain_message(tmp_path):
    path = tmp_path / "progress.json"
    for damage in ("{not json", json.dumps({"lesson_parts": [["Ana", "only two"]]}), "[]"):
        path.write_text(damage)
        store = JsonResultStore(path)
        assert store.lesson_parts("Ana") == {}
        assert "damaged" in store.kept and "set aside" in store.kept and "Traceback" not in store.kept
        assert (tmp_path / "progress.json.damaged").read_text() == damage  # nothing lost
        assert store.mark_part("Ana", "01-what-energy-is", "where-it-lives", True)
        assert JsonResultStore(path).lesson_parts("Ana") == {"01-what-energy-is": {"where-it-lives": True}}


def test_a_file_that_cant_be_written_keeps_answers_in_memory(tmp_path):
    (tmp_path / "ro").write_text("a file where the folder should be")
    store = JsonResultStore(tmp_path / "ro" / "progress.json")
    assert not store.mark_part("Ana", "01-what-energy-is", "where-it-lives", True)
    assert store.problem and "Traceback" not in store.problem
    assert store.lesson_parts("Ana") == {"01-what-energy-is": {"where-it-lives": True}}


def test_without_sqlite3_the_store_is_the_json_one(tmp_path, monkeypatch):
    monkeypatch.setattr(results, "sqlite3", None)
    monkeypatch.setenv("RULESDOJO_RESULTS", str(tmp_path / "progress.json"))
    store = ResultStore()
    assert isinstance(store, JsonResultStore)
    store.mark_part("Ana", "01-what-energy-is", "where-it-lives", True)
    assert json.loads((tmp_path / "progress.json").read_text())["lesson_parts"][0][:3] == [
        "Ana", "01-what-energy-is", "where-it-lives"]
