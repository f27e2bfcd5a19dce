"""What a learner was asked in a lesson part and answered (a before question's variant and answers)
is kept per learner in every store: a SQLite file and PostgreSQL (the ``results`` fixture); a new
page (a new store) reads it back, the latest kept."""

from rulesdojo.quiz.store import ResultStore

LESSON, PART = "02-cant-pay-more", "before:E2"


def _kept_and_read_again(new_store) -> None:
    first = new_store()
    assert first.save_drawn("Ana", LESSON, PART, {"question": "q-1", "seed": 7})
    assert new_store().drawn("Ana", LESSON, PART) == {"question": "q-1", "seed": 7}
    assert first.save_drawn("Ana", LESSON, PART, {"question": "q-1", "seed": 7, "before": "3"})
    again = new_store()
    assert again.drawn("Ana", LESSON, PART) == {"question": "q-1", "seed": 7, "before": "3"}
    assert again.drawn("Ben", LESSON, PART) is None and again.drawn("Ana", LESSON, "before:E3") is None
    assert again.lesson_parts("Ana") == {}  # not a finished part: the lesson's steps and the gain don't count it


def test_a_drawn_variant_and_its_answers_are_kept_per_learner(results):
    _kept_and_read_again(lambda: ResultStore(results.where))


def test_what_is_not_a_kept_draw_reads_as_none(tmp_path):
    store = ResultStore(tmp_path / "r.sqlite3")
    store.save_board("Ana", LESSON, PART, "[1, 2]")  # not a mapping
    assert store.drawn("Ana", LESSON, PART) is None
    store.save_board("Ana", LESSON, PART, "{not json")
    assert store.drawn("Ana", LESSON, PART) is None
