"""The practice quiz, the keys' hint and the reviews-due line in Spanish and Japanese, driven as a
learner would: the question's prompt and options in the language, the answer graded on the
English option, the explanation in the language with the variant's numbers filled in.

The interface strings are the kit's own translations (``interface-quiz.po``); the questions'
texts, still partly untranslated, come from a catalog where every text is translated
(``language_catalogs.marked``), and from the kit's catalogs for the English fallback's mark.
"""

from __future__ import annotations

import re

import pytest
from dom_nodes import elements
from language_catalogs import compile_catalogs, marked

from rulesdojo.i18n import words_for
from rulesdojo.quiz import load_bank
from rulesdojo.quiz.model import Bank
from rulesdojo.quiz.texts import QuestionTexts
from rulesdojo.state.due import ReviewsDue
from rulesdojo.views.dom import plain
from rulesdojo.views.due import DueLine
from rulesdojo.views.quiz import Quiz, keys_hint

BANK = load_bank()
CHOICE = next(q for q in BANK if q.kind == "choice" and "{" in str(q.data["explanation_lead"]))
NUMBER = BANK["voltaic-brawler-pays-once"]  # its lead says the computed number: "Alice has {answer} energy..."
SAID = {"es": {"right": "✓ Correcto.", "keys": "Teclas: 1–{n} eligen una opción", "submit": "Enviar",
               "english": "(en inglés)"},
        "ja": {"right": "✓ 正解です。", "keys": "キー：1–{n} で選択肢を選び", "submit": "送信", "english": "（英語）"}}


@pytest.fixture(scope="module")
def every(tmp_path_factory):
    return compile_catalogs(tmp_path_factory.mktemp("every-text"), every=marked)


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    return compile_catalogs(tmp_path_factory.mktemp("catalogs"))


def practice(question, words) -> Quiz:
    quiz = Quiz(bank=Bank([question]), store=None, exam_allowed=False, exams=[], words=words)
    quiz.name.value = "Ana"
    quiz.count.value = 1
    quiz.start_button.click()
    assert quiz.session is not None and quiz.session.current is not None
    return quiz


@pytest.mark.parametrize("code", ["es", "ja"])
def test_a_choice_question_is_asked_and_explained_in_the_language(code, every):
    words = words_for(code, every)
    quiz = practice(CHOICE, words)
    v = quiz.session.current
    assert f"⟦{code}⟧" in plain(quiz.prompt.content)
    labels = [label for label, _ in quiz.choice.options]
    assert all(label.startswith(f"⟦{code}⟧") for label in labels)
    assert [value for _, value in quiz.choice.options] == list(v.options)  # graded on the English option
    assert SAID[code]["keys"].format(n=len(v.options)) in plain(quiz.prompt.content)
    assert quiz.submit_button.description == SAID[code]["submit"]
    right = v.solution().right_answer_text
    quiz.choice.value = right
    quiz.submit_button.click()
    said = plain(quiz.feedback.content)
    assert said.startswith(SAID[code]["right"])
    shown_right = QuestionTexts(words).option(v, right)
    assert shown_right.startswith(f"⟦{code}⟧")
    assert shown_right in said  # {answer}: the option as the language shows it
    assert f"⟦{code}⟧" in said and "{" + "answer}" not in said


@pytest.mark.parametrize("code", ["es", "ja"])
def test_a_number_is_graded_and_filled_into_the_explanation(code, every):
    words = words_for(code, every)
    quiz = practice(NUMBER, words)
    v = quiz.session.current
    right = v.solution().right_answer_text
    quiz.number.value = str(int(right) + 1)
    quiz.submit_button.click()
    wrong = plain(quiz.feedback.content)
    assert not wrong.startswith(SAID[code]["right"])
    lead = quiz.feedback.content[0]
    paragraphs = [plain([p]) for p in elements(lead, "p")]
    assert paragraphs[0].startswith(f"⟦{code}⟧") and re.search(rf"(?<!\d){right}(?!\d)", paragraphs[0])
    assert "{" not in paragraphs[0].replace("{E}", "")


@pytest.mark.parametrize("code", ["es", "ja"])
def test_an_untranslated_prompt_shows_in_english_marked(code, kit):
    words = words_for(code, kit)
    quiz = practice(CHOICE, words)
    v = quiz.session.current
    if words.content(f"{CHOICE.id}:prompt", CHOICE.data["prompt"]).translated:
        pytest.fail("the prompt has a translation now: pick a question without one for this test")
    marked_en = [e for e in elements(quiz.prompt.content[0], "span") if e[1].get("lang") == "en"]
    assert marked_en and plain([marked_en[0]]).strip() == v.prompt.strip()
    assert SAID[code]["english"] in plain(quiz.prompt.content)


@pytest.mark.parametrize("code, one, many", [
    ("es", "Teclas: 1–2 eligen una opción, Intro envía y luego continúa.", "Teclas: 1–9 eligen"),
    ("ja", "キー：1–2 で選択肢を選び、Enter で送信、もう一度押すと次へ進みます。", "キー：1–9 で"),
])
def test_the_keys_hint_in_the_language(code, one, many, kit):
    words = words_for(code, kit)
    assert keys_hint(2, words) == one and keys_hint(12, words).startswith(many)


@pytest.mark.parametrize("code, lines", [
    ("es", ["Para hoy: 1 aclaración para repasar, unos 1 minuto",
            "Para hoy: 3 aclaraciones para repasar, unos 4 minutos",
            "Próximo repaso en 1 día", "Próximo repaso en 2 días", "Próximo repaso en 5 horas"]),
    ("ja", ["今日の復習： 復習する裁定 1 件、約 1 分", "今日の復習： 復習する裁定 3 件、約 4 分",
            "次の復習は 1 日後", "次の復習は 2 日後", "次の復習は 5 時間後"]),
])
def test_the_due_line_says_its_plurals_in_the_language(code, lines, kit):
    model = ReviewsDue()
    line = DueLine(model, words=words_for(code, kit))
    seen = []
    for count, minutes in ((1, 1), (3, 4)):
        model.unit, model.minutes, model.said, model.count = "ruling", minutes, "something due", count
        seen.append(plain(line.line.content))
    assert line.review_button.description != "Review"
    for many, unit in ((1, "day"), (2, "day"), (5, "hour")):
        model.count, model.next_in, model.next_unit, model.said = 0, many, unit, f"next {many} {unit}"
        seen.append(plain(line.line.content))
    assert seen == lines


@pytest.mark.parametrize("code", ["es", "ja"])
def test_an_untranslated_option_is_marked_in_its_label(code, kit):
    words = words_for(code, kit)
    quiz = practice(CHOICE, words)
    labels = [label for label, _ in quiz.choice.options]
    v = quiz.session.current
    untranslated = [o for o in v.options if not QuestionTexts(words).option(v, o).translated]
    assert untranslated, "every option is translated now: pick a question with one untranslated"
    assert all(label.endswith(SAID[code]["english"]) for label, value in quiz.choice.options if value in untranslated)
    assert len(labels) == len(v.options)
