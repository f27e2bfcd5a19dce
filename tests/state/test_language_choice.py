"""The learner's language on the course page: the browser's first, a choice kept per learner in the
results store and restored on the next visit, learners independent of each other."""

import sqlite3

from rulesdojo.quiz.store import ResultStore
from rulesdojo.state.language import SETTING, LanguageChoice


def test_the_browsers_language_is_the_first_one(tmp_path):
    lang = LanguageChoice(ResultStore(tmp_path / "r.sqlite3"))
    lang.browser_says("ja-JP,en-US;q=0.8")
    assert (lang.code, lang.chosen) == ("ja", False)
    lang.browser_says("fr-FR,de")  # none the kit offers: English
    assert lang.code == "en"


def test_a_choice_is_kept_for_the_learner_and_restored_on_the_next_visit(tmp_path):
    path = tmp_path / "r.sqlite3"
    lang = LanguageChoice(ResultStore(path))
    lang.browser_says("es")
    lang.learner_known("ana")
    lang.choose("ja")
    assert lang.code == "ja"
    assert ResultStore(path).setting("ana", SETTING) == "ja"
    again = LanguageChoice(ResultStore(path))  # a reload: a new kernel, the same store
    again.browser_says("es-MX")
    assert again.code == "es"  # until the learner is known
    again.learner_known("ana")
    assert (again.code, again.chosen) == ("ja", True)
    again.browser_says("en")  # the browser's language no longer decides
    assert again.code == "ja"


def test_a_choice_made_before_the_learner_is_known_is_kept_once_they_are(tmp_path):
    path = tmp_path / "r.sqlite3"
    lang = LanguageChoice(ResultStore(path))
    lang.choose("es")
    assert ResultStore(path).setting("ana", SETTING) is None
    lang.learner_known("ana")
    assert lang.code == "es" and ResultStore(path).setting("ana", SETTING) == "es"


def test_two_learners_keep_their_own_language(tmp_path):
    path = tmp_path / "r.sqlite3"
    ana, ben = LanguageChoice(ResultStore(path)), LanguageChoice(ResultStore(path))
    ana.learner_known("ana")
    ben.learner_known("ben")
    ana.choose("ja")
    ben.choose("es")
    ana.choose("es")
    ana.choose("ja")
    store = ResultStore(path)
    assert (store.setting("ana", SETTING), store.setting("ben", SETTING)) == ("ja", "es")
    fresh = LanguageChoice(ResultStore(path))
    fresh.learner_known("ben")
    assert fresh.code == "es"


def test_an_unknown_code_changes_nothing_and_is_never_kept(tmp_path):
    path = tmp_path / "r.sqlite3"
    lang = LanguageChoice(ResultStore(path))
    lang.learner_known("ana")
    lang.choose("es")
    lang.choose("fr")
    lang.choose("<script>")
    assert lang.code == "es" and ResultStore(path).setting("ana", SETTING) == "es"
    ResultStore(path).save_setting("ben", SETTING, "xx")  # a store written by a later kit, say
    other = LanguageChoice(ResultStore(path))
    other.browser_says("ja")
    other.learner_known("ben")
    assert (other.code, other.chosen) == ("ja", False)


def test_a_results_file_from_before_learner_settings_gets_the_table_and_keeps_its_rows(tmp_path):
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE lesson_parts (learner TEXT NOT NULL, lesson TEXT NOT NULL, part TEXT NOT NULL,"
                " first_try INTEGER, done_at REAL NOT NULL, PRIMARY KEY (learner, lesson, part))")
    con.execute("INSERT INTO lesson_parts VALUES ('ana', '07-landfall', 'every-land', NULL, 1.0)")
    con.commit()
    con.close()
    store = ResultStore(path)
    assert store.save_setting("ana", SETTING, "ja")
    again = ResultStore(path)
    assert again.setting("ana", SETTING) == "ja"
    assert again.lesson_parts("ana") == {"07-landfall": {"every-land": None}}
