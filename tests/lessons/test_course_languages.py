"""The course page in the learner's language: the browser's first, the switch redraws the page in
the language picked and keeps it for the learner; lesson 7's texts translated where a translation
exists, else shown in English and marked so."""

import pytest

from rulesdojo.lessons import lessons
from rulesdojo.lessons.app import Course
from rulesdojo.lessons.framework import CheckView, TaskView
from rulesdojo.quiz.store import ResultStore
from rulesdojo.serve import identity
from rulesdojo.views.dom import Dom

from language_catalogs import compile_catalogs

SEVEN = lessons()[7]
EVERY_LAND = SEVEN.part("every-land")
LYNX = SEVEN.part("lynx-power")
#: some of lesson 7's texts translated, as a translator would; the rest (its instructions, "Check
#: yourself") left untranslated, to be shown in English and marked
TRANSLATED = {
    "es": [("07-landfall:cells/0", "# Lesson 7: Landfall", "# Lección 7: Aterrizaje"),
           ("07-landfall:title", "Landfall", "Aterrizaje"),
           ("07-landfall:parts/every-land/title", EVERY_LAND.title, "Jugada o puesta: ambas se disparan"),
           ("07-landfall:parts/every-land/hints/0", EVERY_LAND.hints[0],
            "Juega el Bosque de la mano de Alice y resuelve la habilidad de aterrizaje."),
           ("07-landfall:parts/lynx-power/prompt", LYNX.question.data["prompt"],
            "Alice controla al Lince de la estepa (0/1). ¿Cuál es su fuerza al final?")],
    "ja": [("07-landfall:cells/0", "# Lesson 7: Landfall", "# レッスン7: 上陸"),
           ("07-landfall:title", "Landfall", "上陸"),
           ("07-landfall:parts/every-land/title", EVERY_LAND.title, "プレイでも、戦場に出しても：どちらも誘発する"),
           ("07-landfall:parts/every-land/hints/0", EVERY_LAND.hints[0],
            "アリスの手札から森をプレイし、上陸能力を解決する。"),
           ("07-landfall:parts/lynx-power/prompt", LYNX.question.data["prompt"],
            "アリスはステップのオオヤマネコ（0/1）をコントロールしている。最後のパワーはいくつか？")],
}


@pytest.fixture
def page(tmp_path, monkeypatch):
    """A course page outside Voila (its learner the kernel's own key), its catalogs compiled for the
    test; returns a function making the page anew (a reload), and the learner."""
    monkeypatch.setenv("RULESDOJO_RESULTS", str(tmp_path / "results.sqlite3"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("VOILA_BASE_URL", raising=False)
    for name in ("RULESDOJO_IDENTITY", "JUPYTERHUB_USER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(identity._Browser, "key", None)
    monkeypatch.setattr(identity._Browser, "waiting", [])
    # Lesson 7's own translations left out: the test's (TRANSLATED) are all it has, so a text is missing.
    folder = compile_catalogs(tmp_path / "locale", content=TRANSLATED, untranslated=frozenset({"07-landfall", "07-landfall.cells"}))
    return (lambda: Course(catalogs=folder)), identity.local_key()


def _lesson(course, kind, key):
    place = course.pages["lesson/7"]
    return next(w for w in place.children if isinstance(w, kind) and getattr(w, "task", getattr(w, "check", None)).key == key)


def _texts(course) -> str:
    return " ".join(w.text for w in course.pages["lesson/7"].children if isinstance(w, Dom))


def _content(widget) -> str:
    """Everything a widget's Dom children hold, nodes and attributes, as one string."""
    return " ".join(repr(d.content) for d in _doms(widget))


def _doms(widget):
    if isinstance(widget, Dom):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from _doms(child)


@pytest.mark.parametrize("code,title,heading,hint_button,mark", [
    ("es", "Lección 7: Aterrizaje · Rules Dojo", "Lección 7: Aterrizaje", "Pista", "(en inglés)"),
    ("ja", "レッスン7: 上陸 · Rules Dojo", "レッスン7: 上陸", "ヒント", "（英語）"),
])
def test_lesson_7_in_the_browsers_language_its_texts_translated_and_a_missing_one_marked(
        page, code, title, heading, hint_button, mark):
    make, _learner = page
    course = make()
    course.address.browser_languages = {"es": "es-AR,es;q=0.9,en;q=0.5", "ja": "ja-JP,ja,en"}[code]
    course.address.address = "lesson/7"
    assert (course.address.language, course.words.code) == (code, code)
    assert course.address.title == title
    assert heading in _texts(course)
    task = _lesson(course, TaskView, "every-land")
    said = dict(TRANSLATED[code][i][::2] for i in range(len(TRANSLATED[code])))
    assert said["07-landfall:parts/every-land/title"] in _content(task)
    assert task.hint_button.description == hint_button
    task.next_hint()
    assert said["07-landfall:parts/every-land/hints/0"] in task.hint.text
    assert EVERY_LAND.hints[0] not in task.hint.text
    # the instructions have no translation: the English, in an element that says so, and the mark
    assert "'lang': 'en'" in _content(task) and mark in _content(task)
    assert " ".join(EVERY_LAND.instructions.split()[:4]) in _content(task)
    check = _lesson(course, CheckView, "lynx-power")
    assert said["07-landfall:parts/lynx-power/prompt"] in _content(check)
    # "## Check yourself" has no translation either: English, marked
    assert "Check yourself" in _texts(course) and mark in _texts(course)


def test_the_switch_redraws_the_page_in_the_language_picked_and_a_reload_keeps_it(page, tmp_path):
    make, learner = page
    course = make()
    course.address.browser_languages = "es-ES"
    course.address.address = "lesson/7/every-land"
    spanish_page = course.pages["lesson/7"]
    assert course.address.language_label == "Idioma"
    course.address.picked = "ja"  # the learner picks 日本語 on the switch
    assert course.words.code == "ja" and course.address.language == "ja"
    assert course.address.language_label == "言語"
    assert course.pages["lesson/7"] is not spanish_page and spanish_page not in course.stage.children
    assert course.address.address == "lesson/7/every-land"  # the address stays
    assert course.address.title == "レッスン7: 上陸 · Rules Dojo"
    assert _lesson(course, TaskView, "every-land").undo_button.description == "元に戻す"
    assert "レッスン" in course._map.text and course.pages["map"].layout.display == "none"  # the map too
    assert ResultStore(tmp_path / "results.sqlite3").setting(learner, "language") == "ja"
    again = make()  # a reload: a new page, the browser still Spanish
    again.address.browser_languages = "es-ES"
    again.address.address = "lesson/7"
    assert again.words.code == "ja"
    assert "レッスン7: 上陸" in _texts(again)
    again.address.address = ""  # the map, in Japanese too
    assert "コースマップ" in again.address.said
    assert "上陸" in again._map.text


def test_the_map_and_its_languages_offered_each_in_its_own_name(page):
    make, _learner = page
    course = make()
    assert course.address.languages == [["en", "English"], ["es", "Español"], ["ja", "日本語"]]
    assert course.address.language == "en" and course.address.language_label == "Language"
    course.address.picked = "es"
    assert "Lecciones" in course._map.text and "Aterrizaje" in course._map.text
    course.address.picked = "xx"  # not offered: nothing changes
    assert course.words.code == "es"


def test_a_lessons_heading_cell_not_yet_translated_says_the_lessons_title_translated(tmp_path, page):
    _make, _learner = page
    folder = compile_catalogs(tmp_path / "titles", content={"es": [("07-landfall:title", "Landfall", "Aterrizaje")]})
    course = Course(catalogs=folder)
    course.address.picked = "es"
    course.address.address = "lesson/7"
    texts = _texts(course)
    assert "Lección 7: Aterrizaje" in texts and "Lesson 7: Landfall" not in texts


def test_a_checks_options_read_in_the_language_and_are_graded_as_the_english_ones(tmp_path, page):
    _make, _learner = page
    right, wrong = "Nothing: Alice doesn't control that land", "Alice's Architect triggers and she gets energy"
    said = {right: "Nada: Alice no controla esa tierra", wrong: "El Arquitecto de Alice se dispara y ella obtiene energía"}
    at = "07-landfall:parts/opponents-land/"
    folder = compile_catalogs(tmp_path / "options", content={"es": [
        (at + "options/0/text", right, said[right]), (at + "options/1/text", wrong, said[wrong]),
        (at + "options/1/hint", SEVEN.part("opponents-land").hints[wrong.lower()],
         "El Arquitecto dice «una tierra que controlas». ¿Quién controla el Bosque de Nadia?"),
        (at + "explanation_lead", LESSON_LEAD, "{answer}: aterrizaje busca una tierra que controlas (CR 603.2).")]})
    course = Course(catalogs=folder)
    course.address.picked = "es"
    course.address.address = "lesson/7"
    check = _lesson(course, CheckView, "opponents-land")
    labels = dict(check.answer.options)
    assert labels[said[right]] == right and labels[said[wrong]] == wrong  # shown translated, valued English
    check.answer.value = wrong
    check.grade()
    assert "✗ Todavía no." in check.feedback.text and "¿Quién controla el Bosque de Nadia?" in check.feedback.text
    check.answer.value = right
    check.grade()
    assert check.feedback.text.startswith("✓ Correcto.")
    assert f"{said[right]}: aterrizaje busca una tierra que controlas" in check.feedback.text
    assert not check.progress.is_mastered("opponents-land")  # a second try: right, not mastered


LESSON_LEAD = SEVEN.part("opponents-land").question.data["explanation_lead"]


def test_a_lesson_notebook_opens_in_the_language_its_learner_picked_on_the_course_page(tmp_path, page, monkeypatch):
    import rulesdojo.lessons as course_notebooks
    make, learner = page
    ResultStore(tmp_path / "results.sqlite3").save_setting(learner, "language", "ja")
    monkeypatch.setattr(course_notebooks, "_PROGRESS", {})
    monkeypatch.setattr(course_notebooks, "_WIDGETS", {})
    task = course_notebooks.show(7, "every-land")
    assert task.words.code == "ja" and course_notebooks._progress(7).words.code == "ja"
    assert make().words.code == "ja"  # and the course page, in the same kernel


def test_the_quiz_points_back_to_the_lessons_in_the_learners_language(page):
    from rulesdojo.lessons.pages import back_to_lessons
    from rulesdojo.views.dom import plain
    make, _learner = page
    course = make()
    course.address.picked = "es"
    said = plain(back_to_lessons(["L1"], course.words))
    assert said.startswith("Aún sin dominar:") and "volver a Aterrizaje" in said
    assert plain(back_to_lessons(["L1"])).startswith("Not yet mastered:")


def test_a_question_before_the_lesson_reads_in_the_language_with_its_variants_values(tmp_path, page):
    from rulesdojo.lessons.before import BeforeQuestion, before_questions
    from rulesdojo.quiz import load_bank
    _make, _learner = page
    bank = load_bank()
    (_tag, question), *_ = before_questions(SEVEN, bank)
    raw = question.data["prompt"]
    folder = compile_catalogs(tmp_path / "before", content={"es": [(f"{question.id}:prompt", raw, "En español: " + raw)]})
    course = Course(catalogs=folder)
    course.address.picked = "es"
    course.address.address = "lesson/7"
    (asked, *_), = [[q for q in getattr(w, "children", ()) if isinstance(q, BeforeQuestion)]
                    for w in course.pages["lesson/7"].children if "rd-before" in getattr(w, "_dom_classes", ())]
    shown = asked.children[0].text
    assert shown.startswith("En español: ") and shown.removeprefix("En español: ") == asked.variant.prompt
    assert asked.keep_button.description == "Guardar mi respuesta"
