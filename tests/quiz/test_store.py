"""The results store, in a SQLite file and in PostgreSQL (the ``results`` fixture runs each test on
both): nothing lost under concurrent writers; a bad file or database never stops a quiz."""

import multiprocessing

from rulesdojo.quiz.session import MAX_ANSWER
from rulesdojo.quiz.store import ResultStore, difficulty

WRITERS, EACH = 6, 40


def _write(path, who):
    # Each candidate's own session, as each attempt has (an answer's key is its session, question and
    # time: candidates sharing one session lost a row when two answered at the same microsecond).
    store = ResultStore(path)
    for i in range(EACH):
        assert store.record(who, f"s-{who}", "exam", f"q-{i % 5}", i, str(i), i % 2 == 0, 1.5)


def test_concurrent_writers_lose_no_row(results):
    path = results.where
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


def test_second_session_sees_the_history(results):
    path = results.where
    ResultStore(path).record("Ana", "first", "practice", "q-1", 3, "yes", True, 2.0)
    later = ResultStore(path)
    later.record("Ana", "second", "practice", "q-2", 4, "no", False, 5.0)
    hist = later.history("Ana")
    assert [(a.session, a.question, a.correct) for a in hist] == [("first", "q-1", True),
                                                                  ("second", "q-2", False)]
    assert later.history("Nico") == []


def test_a_check_mastered_on_a_later_visit_is_kept_mastered(results):
    lesson, check = "01-what-energy-is", "where-it-lives"
    ResultStore(results.where).mark_part("Ana", lesson, check, False)  # missed on the first visit
    assert ResultStore(results.where).lesson_parts("Ana") == {lesson: {check: False}}
    ResultStore(results.where).mark_part("Ana", lesson, check, True)  # right first try, a later visit
    assert ResultStore(results.where).lesson_parts("Ana") == {lesson: {check: True}}
    ResultStore(results.where).mark_part("Ana", lesson, check, False)  # a miss after never undoes it
    ResultStore(results.where).mark_part("Ana", lesson, "get-and-pay", None)
    assert ResultStore(results.where).lesson_parts("Ana") == {lesson: {check: True, "get-and-pay": None}}


def test_corrupt_file_gives_a_clear_message_and_the_quiz_goes_on(results):
    results.damage()
    store = ResultStore(results.where)
    assert store.record("Ana", "s", "exam", "q-1", 1, "x", True, 1.0) is False
    assert "damaged" in store.problem and results.shown in store.problem
    assert "Traceback" not in store.problem
    assert store.history("Ana") == [] and not store.saving


def test_locked_file_gives_a_clear_message_and_a_store_started_later_writes_the_answer(results):
    ResultStore(results.where).record("Ana", "s", "exam", "q-1", 1, "x", True, 1.0)
    with results.locked():
        store = ResultStore(results.where, timeout=0.2)
        assert store.record("Ana", "s", "exam", "q-2", 1, "x", True, 1.0) is False
        assert "locked" in store.problem and "tried again" in store.problem
    assert [a.question for a in ResultStore(results.where).attempts()] == ["q-1", "q-2"]


def test_trainer_figures_and_csv(results, tmp_path):
    store = ResultStore(results.where)
    for who, q, ok in [("Ana", "q-1", True), ("Ana", "q-2", False), ("Nico", "q-2", False),
                       ("Nico", "q-1", True)]:
        store.record(who, "s", "exam", q, 0, "a", ok, 1.0)
    rows = store.attempts()
    assert difficulty(rows) == {"q-1": 1.0, "q-2": 0.0}
    out = tmp_path / "export.csv"
    assert export_csv(store, out) == 4
    assert out.read_text().splitlines()[0].startswith('"exam","attempt","candidate","mode","question"')


def _answer(store, n, session="att-1"):
    return store.record("Ana", session, "exam", f"q-{n}", n, str(n), True, 1.0)


def test_a_deleted_then_restored_file_loses_no_answer(results):
    store = ResultStore(results.where)
    assert _answer(store, 1)
    results.set_aside()                      # deleted mid-exam
    assert _answer(store, 2) and store.problem is None   # its tables created again
    results.put_back()                       # the old copy restored over it
    assert _answer(store, 3)
    assert [a.question for a in ResultStore(results.where).answers("att-1")] == ["q-1", "q-2", "q-3"]


def test_a_damaged_file_keeps_answers_in_memory_until_it_is_back(results):
    store = ResultStore(results.where)
    assert _answer(store, 1)
    results.damage()
    assert not _answer(store, 2)
    assert "damaged" in store.problem and "kept" in store.problem and store.unsaved == 2
    results.repair()
    assert _answer(store, 3) and store.recovered and store.problem is None
    assert [a.question for a in ResultStore(results.where).answers("att-1")] == ["q-1", "q-2", "q-3"]


def test_the_longest_answer_and_any_characters_come_back_as_given(results):
    given = ("Steppe Lynx's trigger, then 'Nissa' \"%s\" ? ; -- ⚡ " * 10)[:MAX_ANSWER]
    store = ResultStore(results.where)
    assert store.record("Ana", "s", "exam", "q-1", 1, given, True, 1.0)
    assert store.record("Ana", "s", "exam", "q-2", 1, "a\x00b", False, 1.0)  # a NUL saves, whatever follows
    assert [a.answer for a in ResultStore(results.where).history("Ana")][0] == given


def test_csv_escapes_every_cell_a_spreadsheet_would_run(results, tmp_path):
    import csv
    store = ResultStore(results.where)
    store.record('=HYPERLINK("http://evil","x")', "s", "exam", "q-1", 0, "=1+1", False, 1.0)
    store.record("@SUM(A1)", "s", "exam", "q-2", 0, "+2", True, 1.0)
    store.record("Ana", "s", "exam", "q-3", 0, "-3", True, 1.0)
    out = tmp_path / "export.csv"
    export_csv(store, out)
    cells = [c for row in csv.reader(out.open(newline="")) for c in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@")]
    assert "'=1+1" in cells and "'@SUM(A1)" in cells and "'-3" in cells


def test_csv_quotes_every_cell_and_escapes_a_formula_after_a_separator(results, tmp_path):
    import csv
    store = ResultStore(results.where)
    for answer in ("x;=1+1", "a,+2", "b\t@SUM(A1)", "c; -3", "Steppe Lynx, then Nissa"):
        store.record("Ana", "s", "exam", "q-1", 0, answer, False, 1.0)
    out = tmp_path / "export.csv"
    export_csv(store, out)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert all(line.startswith('"') and line.endswith('"') and '","' in line for line in lines)
    answers = [row[6] for row in csv.reader(out.open(newline="", encoding="utf-8"))][1:]
    assert answers == ["x;'=1+1", "a,'+2", "b\t'@SUM(A1)", "c; '-3", "Steppe Lynx, then Nissa"]


def export_csv(store, path) -> int:
    """Write every answer as the trainer's CSV download does."""
    from rulesdojo.quiz.report import Results, write_csv
    with open(path, "w", newline="", encoding="utf-8") as f:
        return write_csv(Results.from_store(store).answers(), f)


# --- what a kernel's store writes, and what it takes in from recovery files (probe N6, N15) ---

import json
import logging
import os
import time
from dataclasses import replace

import pytest

from rulesdojo.quiz import store as store_module
from rulesdojo.quiz.store import AttemptRecord


def _statements_per_write(store) -> list[int]:
    """Count the SQL statements of each write the store makes from now on."""
    counts: list[int] = []
    connect = store._connect

    def counted():
        con = connect()
        counts.append(0)
        con.set_trace_callback(lambda _sql: counts.__setitem__(-1, counts[-1] + 1))
        return con
    store._connect = counted
    return counts


def test_a_write_holds_the_file_for_what_changed_not_for_every_row_written(tmp_path):
    """Probe N15: a kernel's store wrote every row it had written at each write (after 3,000 practice
    sessions each write held the lock 41 ms); a write now costs the same after 10 sessions or 300."""
    store = ResultStore(tmp_path / "r.sqlite3")
    counts = _statements_per_write(store)
    for i in range(300):
        store.save_attempt(AttemptRecord(f"p{i}", "", "Ana", "practice", float(i), learner_key="k" * 32, page="pg"))
        store.record("Ana", f"p{i}", "practice", "q-1", 1, "3", True, 2.0)
        store.mark_part("k" * 32, "01-what-energy-is", f"part-{i}", True)
    writes = [c for c in counts if c]
    assert max(writes[-30:]) == max(writes[10:40]) < 40, (writes[10:40], writes[-30:])
    assert len(ResultStore(store.path).attempts()) == 300 and len(store.every_lesson_part()) == 300


def test_a_file_replaced_by_an_older_copy_gets_every_row_again(tmp_path):
    """The same write notices a file that lost rows it wrote (the count of its writes is gone) and
    writes them all again."""
    path = tmp_path / "r.sqlite3"
    store = ResultStore(path)
    store.record("Ana", "s", "practice", "q-1", 1, "3", True, 2.0)
    old = path.read_bytes()
    store.record("Ana", "s", "practice", "q-2", 1, "3", True, 2.0)
    for extra in tmp_path.glob("r.sqlite3-*"):
        extra.unlink()
    path.write_bytes(old)                          # the older copy put back over it
    store.record("Ana", "s", "practice", "q-3", 1, "3", True, 2.0)
    assert [a.question for a in ResultStore(path).answers("s")] == ["q-1", "q-2", "q-3"]


def _forge(path, rows: dict, mode=0o600, name="forged") -> "os.PathLike":
    forged = path.with_name(f"{path.name}.unsaved-{name}.json")
    forged.write_text(json.dumps({"quiz_attempts": [], "attempts": [], "lesson_parts": [], "lesson_boards": [],
                                  **rows}), encoding="utf-8")
    forged.chmod(mode)
    return forged


def _ended_exam(path):
    store = ResultStore(path)
    rec = AttemptRecord("a1", "club-night", "Ana", "exam", 1000.0, total=2, page="p1")
    assert store.create_attempt(rec, 1)
    store.record("Ana", "a1", "exam", "q-1", 1, "1", False, 2.0)
    store.save_attempt(replace(rec, ended=1060.0, ended_by="finished", score=0))
    return store


def test_a_forged_recovery_file_adds_no_exam_and_no_answer_to_an_ended_one(tmp_path, caplog):
    """Probe N6: a forged recovery file beside the results was replayed by the next store: it inserted
    a passed exam that never happened, and an answer to an ended attempt (as "answers with no
    attempt row")."""
    path = tmp_path / "r.sqlite3"
    _ended_exam(path)
    passed = ["x9", "club-night", "Mallory", "exam", 1000.0, None, 1010.0, "finished", 2, 2, "{}", "", "p"]
    _forge(path, {"quiz_attempts": [passed],
                  "attempts": [["Mallory", "x9", "exam", "q-1", 1, "1", 1, 1.0, 1005.0],
                               ["Ana", "a1", "exam", "q-2", 1, "1", 1, 1.0, 1070.0]]})
    with caplog.at_level(logging.WARNING, logger="rulesdojo.results"):
        later = ResultStore(path)
    assert [r.id for r in later.records("club-night")] == ["a1"]          # no exam that never happened
    assert [a.question for a in later.answers("a1")] == ["q-1"]          # the ended attempt as it ended
    assert later.problem is None and "x9" in caplog.text and "a1" in caplog.text


@pytest.mark.parametrize("what", ["open to others", "damaged", "not rows", "too large"])
def test_a_recovery_file_that_cant_be_trusted_is_set_aside_and_said_in_the_log(tmp_path, caplog, monkeypatch, what):
    """Probe N6: corrupt recovery files were set aside silently, and any file was trusted."""
    path = tmp_path / "r.sqlite3"
    ResultStore(path).record("Ana", "s", "practice", "q-1", 1, "3", True, 2.0)
    row = ["Ana", "s", "practice", "q-2", 1, "3", 1, 2.0, 1000.0]
    forged = _forge(path, {"attempts": [row]}, mode=0o644 if what == "open to others" else 0o600)
    if what == "damaged":
        forged.write_text('{"attempts": [[', encoding="utf-8")
    if what == "not rows":
        forged.write_text(json.dumps({"attempts": [["Ana", "s", "practice", "q-2", 1, "3", 1, 2.0]]}), encoding="utf-8")
    if what == "too large":
        monkeypatch.setattr(store_module, "MAX_RECOVERY", 100)
    with caplog.at_level(logging.WARNING, logger="rulesdojo.results"):
        later = ResultStore(path)
    assert [a.question for a in later.answers("s")] == ["q-1"]
    assert "was not replayed" in caplog.text and forged.name in caplog.text
    assert not forged.exists() and forged.with_name(forged.name + ".refused").exists()


def test_a_recovery_file_is_made_for_its_account_alone_and_replayed_in_linear_time(tmp_path):
    """Probe N6: recovery files were made 0644 (they hold learner keys), and replay was quadratic
    (16,000 rows took 5.9 s)."""
    path = tmp_path / "r.sqlite3"
    ResultStore(path).record("Ana", "s", "practice", "q-1", 1, "3", True, 2.0)
    import sqlite3
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")                  # locked: the answer goes to a recovery file
    store = ResultStore(path, timeout=0.2)
    assert not store.record("Ana", "s2", "practice", "q-1", 1, "3", True, 2.0)
    (kept,) = tmp_path.glob("r.sqlite3.unsaved-*.json")
    assert kept.stat().st_mode & 0o777 == 0o600
    holder.execute("ROLLBACK")
    holder.close()
    assert len(ResultStore(path).attempts()) == 2

    def replayed(rows: int, k: int = 0) -> float:
        """This process's CPU seconds to open a store with a recovery file of ``rows`` answers (CPU
        time, not the clock's: other work on the machine doesn't count)."""
        where = tmp_path / f"r{rows}-{k}.sqlite3"
        ResultStore(where).record("Ana", "s", "practice", "q-1", 1, "3", True, 2.0)
        answers = [["Ana", "s3", "practice", f"q-{i % 4}", 1, "3", 1, 2.0, 1000.0 + i] for i in range(rows)]
        _forge(where, {"attempts": answers}, name="big")   # one attempt
        began = time.process_time()
        later = ResultStore(where)
        took = time.process_time() - began
        assert len(later.attempts()) == 1 + rows
        return took

    # Four times the rows: about four times the work when linear, sixteen when quadratic. The least
    # of three tries each: on a loaded machine a try's CPU time swells too (caches, a collection),
    # 12x once under load 20.
    small = min(replayed(4_000, k) for k in range(3))
    large = min(replayed(16_000, k) for k in range(3))
    assert large < 8 * small, (small, large)


@pytest.mark.parametrize("second", ["board", "part"])
def test_a_board_or_part_kept_while_another_thread_writes_reaches_the_file(tmp_path, second):
    """A task's last move is saved in the board saves' thread while the page's thread marks the task
    done: what one kept while the other's write ran was marked written with it, and never written (a
    reload showed the board one move short of the goal)."""
    import threading

    store = ResultStore(tmp_path / "r.sqlite3")
    real_written, other = store._written, []

    def written():
        if not other:  # during the first write: the other thread keeps its change now
            keep = (lambda: store.save_board("Ana", "03", "task", "[1, 2]")) if second == "board" else \
                (lambda: store.mark_part("Ana", "03", "check", True))
            other.append(threading.Thread(target=keep))
            other[0].start()
            other[0].join(0.3)  # long enough to keep it, were nothing holding it back
        real_written()

    store._written = written
    assert store.save_board("Ana", "03", "task", "[1]") if second == "part" else \
        store.mark_part("Ana", "03", "task", None)
    other[0].join(10)
    assert not other[0].is_alive()
    again = ResultStore(tmp_path / "r.sqlite3")
    if second == "board":
        assert again.board("Ana", "03", "task") == "[1, 2]"
    else:
        assert again.lesson_parts("Ana")["03"] == {"check": True}
