"""Questions that define their own cards (card_data:): bank lint checks them as card files, the
engine grades with them (the same Variant path the Voila pages and the static site take), and an
exam drawing such a question plays it with them; an exam file can't define cards itself."""

import textwrap

import pytest

from rulesdojo.quiz import QuestionError, lint_bank, load_bank
from rulesdojo.quiz.exam import Exam, ExamError, load_exams

TIGER = """\
card_data:
  - name: Dojo Tiger
    cost: "{2}{G}"
    types: [Creature]
    subtypes: [Cat]
    power: 3
    toughness: 3
    oracle: When this creature enters, you get {E}{E} (two energy counters).
    abilities:
      - text: When this creature enters, you get {E}{E} (two energy counters).
        trigger: {event: enters}
        effects: [{get_energy: 2}]
"""

QUESTION = """\
id: {qid}
kind: outcome
tags: {{rulings: [E2], cards: [{card}], topics: [energy-basics]}}
difficulty: 1
level: L1
complexity: 1
params:
  n: {{range: [0, 3]}}
{card_data}prompt: Alice has {{n}} energy and casts {card}. How much energy does she have once it has resolved?
explanation_lead: "Alice has {{answer}} energy."
scenario:
  setup:
    players:
      - {{name: Alice, energy: "{{n}}", mana: "{{G}}{{G}}{{G}}", hand: [{card}]}}
      - {{name: Nadia}}
  actions: [{{cast: {card}}}, resolve, {then}]
ask: {{energy: Alice}}
"""


def question(qid="dojo-tiger", card="Dojo Tiger", card_data=TIGER, then="resolve"):
    return QUESTION.format(qid=qid, card=card, card_data=card_data, then=then)


def bank_of(tmp_path, **files):
    folder = tmp_path / "bank"
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return folder


def test_a_question_plays_and_grades_with_the_cards_it_defines(tmp_path):
    folder = bank_of(tmp_path, tiger=question())
    report = lint_bank(folder)
    assert report.ok, [str(p) for p in report.problems]
    q = load_bank(folder)["dojo-tiger"]
    for seed in range(4):
        v = q.variant(seed=seed)
        assert v.solution().right_answer_text == str(v.values["n"] + 2)
        assert v.grade(str(v.values["n"] + 2)).correct and not v.grade(str(v.values["n"])).correct


def test_a_defined_card_replaces_the_shipped_one_in_that_question_alone(tmp_path):
    big_bears = TIGER.replace("Dojo Tiger", "Grizzly Bears").replace("{2}{G}", "{1}{G}")
    folder = bank_of(tmp_path, mine=question("mine", "Grizzly Bears", big_bears),
                     shipped=question("shipped", "Grizzly Bears", "", then="pass"))
    bank = load_bank(folder)
    assert bank["mine"].variant(values={"n": 1}).solution().right_answer_text == "3"
    assert bank["shipped"].variant(values={"n": 1}).solution().right_answer_text == "1"


def test_another_question_in_the_bank_doesnt_get_the_card(tmp_path):
    folder = bank_of(tmp_path, a=question("a"), b=question("b", card_data=""))
    report = lint_bank(folder)
    assert report.questions == 1 and len(report.problems) == 1
    problem = report.problems[0]
    assert problem.file.endswith("b.yaml") and "unknown card tag 'Dojo Tiger'" in problem.message


@pytest.mark.parametrize("old, new, needle, said", [
    ("power: 3", "power: [3]", "power: [3]", "power and toughness must be whole numbers"),
    ("trigger: {event: enters}", "trigger: {event: enters, whoose: you}", "trigger:", "whoose"),
    ("effects: [{get_energy: 2}]", "effects: [{gain_energy: 2}]", "effects:", "gain_energy"),
    ("  - name: Dojo Tiger", "  - name: Dojo Tiger\n    name2: x", "name2", "unknown key 'name2'"),
])
def test_malformed_card_data_in_a_question_names_the_file_and_line(tmp_path, old, new, needle, said):
    text = question().replace(old, new)
    folder = bank_of(tmp_path, bad=text)
    report = lint_bank(folder)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if needle in row)
    assert report.exit_code == 1 and len(report.problems) == 1
    problem = report.problems[0]
    assert problem.file.endswith("bad.yaml") and problem.place == f"line {line}, card_data[1]"
    assert said in problem.message and "Traceback" not in str(problem)
    with pytest.raises(QuestionError, match=f"line {line}, card_data"):
        load_bank(folder)


def test_card_text_is_not_filled_from_the_parameters(tmp_path):
    text = question().replace("(two energy counters).", "(two energy counters, not {n}).")
    folder = bank_of(tmp_path, odd=text)
    assert lint_bank(folder).ok
    v = load_bank(folder)["dojo-tiger"].variant(values={"n": 2})
    assert v._played.game.cards.named("Dojo Tiger").oracle.endswith("(two energy counters, not {n}).")
    assert v.prompt.startswith("Alice has 2 energy")


def test_an_exam_drawing_the_question_plays_it_with_its_cards(tmp_path):
    bank = load_bank(bank_of(tmp_path, tiger=question()))
    exams = tmp_path / "exams"
    exams.mkdir()
    (exams / "club.yaml").write_text("id: club\ntitle: Club night\nquestions: {ids: [dojo-tiger]}\n")
    found, problems = load_exams(exams, bank=bank)
    assert problems == [] and [e.id for e in found] == ["club"]
    (drawn,) = found[0].draw(bank, seed=5)
    v = drawn.variant(seed=5)
    assert v.grade(str(v.values["n"] + 2)).correct


def test_an_exam_file_defines_no_cards(tmp_path):
    text = "id: club\ntitle: Club night\nquestions: {ids: [architect-cant-pay-eight-with-seven]}\n" + TIGER
    path = tmp_path / "club.yaml"
    path.write_text(text)
    with pytest.raises(ExamError) as raised:
        Exam.from_file(path)
    assert str(raised.value).startswith(f"{path}: line 4, card_data: an exam names questions from the bank")
    assert "the question that uses them" in str(raised.value)


def test_a_policy_question_may_tag_a_card_it_defines(tmp_path):
    policy = textwrap.dedent("""\
        id: tiger-policy
        kind: policy
        tags: {rulings: [E6], cards: [Dojo Tiger], topics: [tournament-policy]}
        difficulty: 1
        level: L1
        complexity: 1
        prompt: May Alice track the energy from her Dojo Tiger with a die at Regular REL?
        explanation_lead: "{answer}."
        options: ["Yes", "No"]
        answer: "Yes"
        source: "MTR 4.1 (Player Communication: status information)"
        explanation: ["Any visible method is fine at Regular REL (MTR 4.1, status information)."]
        """) + TIGER
    report = lint_bank(bank_of(tmp_path, policy=policy))
    assert report.ok, [str(p) for p in report.problems]
