"""`rulesdojo bank show`: each question's variants with the answer the engine computes for them."""

import json

import pytest

from rulesdojo.cli import main as rulesdojo
from rulesdojo.quiz import load_bank

BANK = load_bank()


def _json(capsys, *args) -> dict:
    assert rulesdojo(["bank", "show", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_shows_every_question_with_its_first_variant_and_the_engines_answer(capsys):
    doc = _json(capsys)
    assert [q["id"] for q in doc["questions"]] == [q.id for q in BANK]
    for q in doc["questions"]:
        question = BANK[q["id"]]
        [shown] = q["variants"]
        assert shown["values"] == (question.all_values() or [{}])[0]
        solution = question.variant(values=shown["values"]).solution()
        assert shown["answer"] == solution.right_answer_text, q["id"]
        assert shown["explanation"] == solution.explanation
        assert q["variant_count"] == len(question.all_values() or [{}])
        assert q["rulings"] == list(question.tags.get("rulings", []))


@pytest.mark.parametrize("qid", ["architect-landfall-one-energy", "landfall-order-cobra-mana-first",
                                 "architect-cant-pay-eight-with-seven", "mtr-dice-at-regular"])
def test_variants_all_shows_each_variant_graded_right_by_the_engine(capsys, qid):
    [q] = _json(capsys, qid, "--variants", "all")["questions"]
    question = BANK[qid]
    assert [v["values"] for v in q["variants"]] == (question.all_values() or [{}])
    for shown in q["variants"]:
        variant = question.variant(values=shown["values"])
        assert shown["prompt"] == variant.prompt
        assert shown["options"] == list(variant.options)
        assert variant.grade(shown["answer"]).correct
        if shown["options"] and variant.kind in ("choice", "policy"):
            assert shown["answer"] in shown["options"]
            wrong = next(o for o in shown["options"] if o != shown["answer"])
            assert not variant.grade(wrong).correct


def test_text_names_the_question_its_options_answer_and_explanation(capsys):
    qid = "architect-cant-pay-eight-with-seven"
    assert rulesdojo(["bank", "show", qid]) == 0
    out = capsys.readouterr().out
    solution = BANK[qid].variant(values=BANK[qid].all_values()[0]).solution()
    assert out.startswith(f"== {qid}  (choice, ")
    assert f"Answer: {solution.right_answer_text}\n" in out
    for option in BANK[qid].variant(values=BANK[qid].all_values()[0]).options:
        assert f"  - {option}\n" in out
    assert solution.explanation.splitlines()[0] in out
    assert out.count("\nAnswer: ") == 1


def test_variants_all_in_text_shows_one_answer_per_variant(capsys):
    qid = "architect-landfall-one-energy"
    assert rulesdojo(["bank", "show", qid, "--variants", "all"]) == 0
    out = capsys.readouterr().out
    count = len(BANK[qid].all_values())
    assert count > 1 and out.count("\nAnswer: ") == count


def test_an_unknown_id_is_a_clear_message_and_exit_2(capsys):
    assert rulesdojo(["bank", "show", "architect-landfall-one-energy", "no-such-question"]) == 2
    out = capsys.readouterr().out
    assert out.startswith("ERROR no question 'no-such-question' in the bank")
    assert "==" not in out


def test_an_unreadable_bank_folder_is_exit_2(capsys, tmp_path):
    assert rulesdojo(["bank", "show", "--bank", str(tmp_path / "none")]) == 2
    assert capsys.readouterr().out.startswith("ERROR ")


def test_a_question_that_does_not_play_is_a_problem_line_not_a_traceback(capsys, tmp_path):
    (tmp_path / "broken.yaml").write_text(
        "id: broken\nkind: outcome\ntags: {rulings: [E2], cards: [Architect of the Untamed]}\n"
        "difficulty: 1\nlevel: L1\ncomplexity: 1\nprompt: How much energy?\n"
        "explanation_lead: \"{answer}.\"\nscenario:\n  setup:\n    players:\n"
        "      - {name: Alice, battlefield: [Architect of the Untamed]}\n      - {name: Nadia}\n"
        "  actions: [resolve]\nask: {energy: Alice}\n", encoding="utf-8")
    assert rulesdojo(["bank", "show", "--bank", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("PROBLEM ") and "broken.yaml" in out and "needs something on the stack" in out
    assert "Traceback" not in out
