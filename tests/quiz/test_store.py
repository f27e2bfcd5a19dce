"""The results store, in a SQLite file and in PostgreSQL (the ``results`` fixture runs each test on
both): nothing lost under concurrent writers; a bad file or database never stops a quiz."""

import multiprocessing

from rulesdojo.quiz.session import MAX_ANSWER
from rulesdojo.quiz.store import ResultStore, difficulty

WRITERS, EACH = 6, 40


def _write(path, who):
    store = ResultStore(path)
    for i in range(EACH):
        assert store.record(who, "s", "exam", f"q-{i % 5}", i, str(i), i % 2 == 0, 1.5)


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
