"""Each kind of question is a class: a file's kind picks it, and it says how its variants are played,
graded and linted."""

import pytest

from rulesdojo.quiz import load_bank
from rulesdojo.quiz.kinds import KIND_CLASSES, ChoiceQuestion, OrderQuestion, PolicyQuestion
from rulesdojo.quiz.model import KINDS, Question, QuestionError
from rulesdojo.quiz.tagrules import unmet

BANK = load_bank()
POLICY = {"id": "demo", "kind": "policy", "difficulty": 1, "level": "L1", "complexity": 1,
          "tags": {"rulings": ["E6"], "topics": ["tournament-policy"]},
          "prompt": "May Alice track energy with a die at Regular REL?",
          "explanation_lead": "{answer}.", "options": ["Yes", "No"], "answer": "Yes",
          "source": "MTR 4.1", "explanation": ["Dice are fine at Regular REL (MTR 4.1)."]}


def test_every_kind_has_its_class_and_every_bank_question_is_of_its_kinds_class():
    assert sorted(KIND_CLASSES) == sorted(KINDS)
    for q in BANK:
        assert type(q) is KIND_CLASSES[q.kind]
    assert {type(q) for q in BANK} == set(KIND_CLASSES.values())


def test_only_a_policy_question_plays_no_game():
    for q in BANK:
        v = q.variant(seed=1)
        assert v.plays_game == (not isinstance(q, PolicyQuestion))
        assert bool(v.games()) == v.plays_game


@pytest.mark.parametrize("kind", [[], {"a": 1}, ["policy"]])
def test_a_kind_that_is_no_text_is_an_unknown_kind(kind):
    with pytest.raises(QuestionError, match="unknown kind"):
        Question.from_dict({**POLICY, "kind": kind})


def test_a_key_of_another_kind_is_named_with_what_this_kind_needs():
    with pytest.raises(QuestionError, match=r"'goal' doesn't belong in a policy question "
                                            r"\(it needs: answer, explanation, options, source\)"):
        Question.from_dict({**POLICY, "goal": {"players": {}}})
    with pytest.raises(QuestionError, match="a policy question needs 'source'"):
        Question.from_dict({k: v for k, v in POLICY.items() if k != "source"})


def test_the_signature_of_an_order_variant_is_its_right_orders():
    q = next(q for q in BANK if isinstance(q, OrderQuestion))
    v = q.variant(seed=2)
    assert v.signature() == tuple(v.right_orders()) and v.right_orders()


def test_a_choice_variant_has_one_option_holding():
    for q in (q for q in BANK if isinstance(q, ChoiceQuestion)):
        v = q.variant(seed=5)
        assert v.holding() == [v.solution().right_answer_text]


def test_a_land_becoming_a_creature_is_not_a_permanent_becoming_a_land():
    """Landfall ruling 2 is about becoming a land: Nissa's animated Forest was a land already (its
    log line says "no landfall", which a reading of the words took for ruling 2)."""
    q = BANK["nissa-animated-forest-no-landfall"]
    assert unmet(q, q.variant(seed=1), "L2").endswith("nothing already on the battlefield becomes a land, "
                                                      "with a landfall ability around")
