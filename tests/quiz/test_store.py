"""The results store: nothing lost under concurrent writers; a bad file never stops a quiz."""

import multiprocessing
import sqlite3

from rulesdojo.quiz.store import ResultStore, difficulty

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
    assert difficulty(rows) == {"q-1": 1.0, "q-2": 0.0}
    out = tmp_path / "export.csv"
    assert store.export_csv(out) == 4
    assert out.read_text().splitlines()[0].startswith("candidate,session,mode,question")


def _answer(store, n, session="att-1"):
    return store.record("Ana", session, "exam", f"q-{n}", n, str(n), True, 1.0)


def test_a_deleted_then_restored_file_loses_no_answer(tmp_path):
    path = tmp_path / "results.sqlite3"
    store = ResultStore(path)
    assert _answer(store, 1)
    backup = tmp_path / "backup.sqlite3"
    path.rename(backup)                      # deleted mid-exam
    assert _answer(store, 2) and store.problem is None   # a new file, its tables created again
    backup.replace(path)                     # the old copy restored over it
    assert _answer(store, 3)
    assert [a.question for a in ResultStore(path).answers("att-1")] == ["q-1", "q-2", "q-3"]


def test_a_damaged_file_keeps_answers_in_memory_until_it_is_back(tmp_path):
    path = tmp_path / "results.sqlite3"
    store = ResultStore(path)
    assert _answer(store, 1)
    good = path.read_bytes()
    path.write_bytes(b"garbage" * 1000)
    assert not _answer(store, 2)
    assert "damaged" in store.problem and "kept" in store.problem and store.unsaved == 2
    path.write_bytes(good)
    assert _answer(store, 3) and store.recovered and store.problem is None
    assert [a.question for a in ResultStore(path).answers("att-1")] == ["q-1", "q-2", "q-3"]


def test_csv_escapes_every_cell_a_spreadsheet_would_run(tmp_path):
    import csv
    store = ResultStore(tmp_path / "r.sqlite3")
    store.record('=HYPERLINK("http://evil","x")', "s", "exam", "q-1", 0, "=1+1", False, 1.0)
    store.record("@SUM(A1)", "s", "exam", "q-2", 0, "+2", True, 1.0)
    store.record("Ana", "s", "exam", "q-3", 0, "-3", True, 1.0)
    out = tmp_path / "export.csv"
    store.export_csv(out)
    cells = [c for row in csv.reader(out.open(newline="")) for c in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@")]
    assert "'=1+1" in cells and "'@SUM(A1)" in cells and "'-3" in cells
