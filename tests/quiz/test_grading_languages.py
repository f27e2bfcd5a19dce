"""The engine grades identically in every language: for every question of the bank and several
seeds, the answer the engine computes, each option's correctness and the grade of each possible
answer are the same whether the page shows English, Spanish or Japanese. The page sends the English
option its shown label stands for (``QuestionTexts.choices``), so what a learner picks is graded
the same way whatever the language shows.

The kit's catalogs are compiled into this session's folder; a second folder where every text is
translated (``language_catalogs.marked``) makes sure the translated path is the one exercised.
"""

from __future__ import annotations

import pytest
from language_catalogs import compile_catalogs, marked

from rulesdojo.i18n import words_for
from rulesdojo.quiz import load_bank
from rulesdojo.quiz.texts import QuestionTexts

SEEDS = (0, 1, 2)
LANGUAGES = ("en", "es", "ja")
BANK = load_bank()


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    return {"kit": compile_catalogs(tmp_path_factory.mktemp("catalogs")),
            "every": compile_catalogs(tmp_path_factory.mktemp("every-text"), every=marked)}


def _guesses(v) -> list:
    """Possible answers to a variant: each option, or numbers around the engine's and a word."""
    if v.answer_format in ("option", "yes/no"):
        return []
    right = v.solution().right_answer_text
    if v.answer_format == "number":
        n = int(right)
        return [str(n - 1), str(n), str(n + 1), "lots"]
    if v.answer_format == "order":
        return [list(v.options), list(reversed(v.options)), right]
    return [right, "nothing", "G"]


def _graded(q, seed, words) -> dict:
    """What the page asks and grades for one variant in one language (built anew, as a page does)."""
    v = q.variant(seed=seed)
    texts = QuestionTexts(words)
    shown = texts.choices(v)
    return {"answer": v.solution().right_answer_text,
            "options": [(english, v.grade(english).correct, v.grade(i).correct)
                        for i, (_label, english) in enumerate(shown)],
            "guesses": [(str(g), v.grade(g).correct, v.grade(g).answer_text) for g in _guesses(v)],
            "shown": shown, "variant": v, "texts": texts}


@pytest.mark.parametrize("catalogs", ["kit", "every"])
@pytest.mark.parametrize("qid", [q.id for q in BANK])
def test_the_engine_grades_alike_in_every_language(qid, catalogs, folders):
    q = BANK[qid]
    for seed in SEEDS:
        seen = {code: _graded(q, seed, words_for(code, folders[catalogs])) for code in LANGUAGES}
        english = seen["en"]
        for code in ("es", "ja"):
            got = seen[code]
            assert (got["answer"], got["options"], got["guesses"]) == \
                (english["answer"], english["options"], english["guesses"]), (code, seed)
            # exactly one shown option is right, and it shows the right option in this language
            if english["options"] and q.kind in ("choice", "policy"):
                right = [label for (label, _), (_, ok, _) in zip(got["shown"], got["options"]) if ok]
                assert len(right) == 1
                v = got["variant"]
                assert str(right[0]) == got["texts"].answer(v, got["answer"])
                if catalogs == "every":  # the translated path: each label is this language's
                    assert all(label.startswith(f"⟦{code}⟧") and label.translated for label, _ in got["shown"])


@pytest.mark.parametrize("code", ["es", "ja"])
def test_an_explanation_is_filled_after_translation(code, folders):
    """The lead is the translation, its {answer} the answer as the language shows it and its
    numbers the variant's own; the rule numbers the same as the English explanation's."""
    words = words_for(code, folders["every"])
    for q in BANK:
        v = q.variant(seed=1)
        texts = QuestionTexts(words)
        solution = v.solution()
        lines = texts.explanation(v, solution)
        english = solution.explanation.split("\n")
        assert lines[0].translated and lines[0].startswith(f"⟦{code}⟧"), q.id
        assert "{" + "answer}" not in lines[0] and "{n}" not in lines[0]
        if "{answer}" in str(q.data["explanation_lead"]):
            assert texts.answer(v, solution.right_answer_text) in lines[0], q.id
        assert len(lines) == len(english), q.id
        cited = [x for x in english if "CR " in x]
        assert len(cited) == len([x for x in lines if "CR " in x])


def test_a_mentors_table_names_a_question_in_the_mentors_language(folders):
    from rulesdojo.quiz.report import question_text
    qid = next(iter(BANK)).id
    assert question_text(BANK, qid) == BANK[qid].variant(seed=0).prompt  # the export: as written
    said = question_text(BANK, qid, words_for("ja", folders["every"]))
    assert said.startswith("⟦ja⟧") and "{" + "n}" not in said
