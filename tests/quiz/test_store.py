"""The results store: nothing lost under concurrent writers; a bad file never stops a quiz."""

import multiprocessing
import sqlite3

from rulesdojo.quiz.store import ResultStore, difficulty, most_missed, scores

WRITERS, EACH = 6, 40


def _write(path, who):
    store = ResultStore(path)
    for i in range(EACH):
        assert store.record(who, "s", "exam", f"q-{i % 5}", i, str(i), i % 2 == 0, 1.5)


def test_concurrent_writers_lose_no_row(tmp_path):
    path = tmp_path / "results.sqlite3"
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_write, args=(path, f"cand-{n}")) for n in range(WRITERS)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    rows = ResultStore(path).attempts()
    assert len(rows) == WRITERS * EACH
    assert {a.candidate for a in rows} == {f"cand-{n}" for n in range(WRITERS)}


def test_second_session_sees_the_history(tmp_path):
    path = tmp_path / "r.sqlite3"
    ResultStore(path).record("Ana", "first", "practice", "q-1", 3, "yes", True, 2.0)
    later = ResultStore(path)
    later.record("Ana", "second", "practice", "q-2", 4, "no", False, 5.0)
    hist = later.history("Ana")
    assert [(a.session, a.question, a.correct) for a in hist] == [("first", "q-1", True),
                                                                  ("second", "q-2", False)]
    assert later.history("Nico") == []


def test_corrupt_file_gives_a_clear_message_and_the_quiz_goes_on(tmp_path):
    path = tmp_path / "broken.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    store = ResultStore(path)
    assert store.record("Ana", "s", "exam", "q-1", 1, "x", True, 1.0) is False
    assert "damaged" in store.problem and str(path) in store.problem
    assert store.history("Ana") == [] and not store.saving


def test_locked_file_gives_a_clear_message(tmp_path):
    path = tmp_path / "locked.sqlite3"
    ResultStore(path).record("Ana", "s", "exam", "q-1", 1, "x", True, 1.0)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        store = ResultStore(path, timeout=0.2)
        assert store.record("Ana", "s", "exam", "q-2", 1, "x", True, 1.0) is False
        assert "locked" in store.problem
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert len(ResultStore(path).attempts()) == 1


def test_trainer_figures_and_csv(tmp_path):
    store = ResultStore(tmp_path / "r.sqlite3")
    for who, q, ok in [("Ana", "q-1", True), ("Ana", "q-2", False), ("Nico", "q-2", False),
                       ("Nico", "q-1", True)]:
        store.record(who, "s", "exam", q, 0, "a", ok, 1.0)
    rows = store.attempts()
    assert scores(rows) == {"Ana": (1, 2), "Nico": (1, 2)}
    assert difficulty(rows) == {"q-1": 1.0, "q-2": 0.0}
    assert most_missed(rows) == [("q-2", 2, 2)]
    out = tmp_path / "export.csv"
    assert store.export_csv(out) == 4
    assert out.read_text().splitlines()[0].startswith("candidate,session,mode,question")
