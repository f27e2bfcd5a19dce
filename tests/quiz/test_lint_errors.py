"""A mentor's folder with bad questions: lint names the file, the place (line) and the problem."""

import textwrap

import pytest

from rulesdojo import cli
from rulesdojo.quiz import QuestionError, load_bank, lint_bank

GOOD = """\
id: {qid}
kind: outcome
tags: {{rulings: [L1], cards: [Architect of the Untamed, Forest], topics: [landfall]}}
difficulty: 1
level: L1
complexity: 1
trap: false
params:
  n: {{range: [0, 2]}}
prompt: Alice has {{n}} energy and plays a Forest with Architect of the Untamed out.
explanation_lead: "Alice has {{answer}} energy."
scenario:
  setup:
    players:
      - {{name: Alice, energy: "{{n}}", hand: [Forest], battlefield: [Architect of the Untamed]}}
      - {{name: Nadia}}
  actions: [{{play: Forest}}, resolve]
ask: {{energy: Alice}}
"""


def write(folder, name, text):
    p = folder / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def lint_one(tmp_path, text, name="bad.yaml"):
    write(tmp_path, name, text)
    report = lint_bank(tmp_path)
    assert report.exit_code == 1
    assert len(report.problems) >= 1
    return [str(p) for p in report.problems]


def test_a_good_mentor_folder_is_clean_and_loads(tmp_path):
    write(tmp_path, "a.yaml", GOOD.format(qid="mine-1"))
    report = lint_bank(tmp_path)
    assert report.ok and report.exit_code == 0 and report.variants == 3
    bank = load_bank(tmp_path)
    assert [q.id for q in bank] == ["mine-1"]
    assert bank["mine-1"].variant(values={"n": 2}).grade(3).correct


def test_bad_yaml_names_the_line(tmp_path):
    [msg] = lint_one(tmp_path, "id: x\nkind: [outcome\nprompt: hi\n")
    assert "bad.yaml" in msg and "line " in msg and "not valid YAML" in msg


def test_unknown_ruling_card_and_topic_tags(tmp_path):
    [msg] = lint_one(tmp_path, GOOD.format(qid="q").replace("rulings: [L1]", "rulings: [L4]"))
    assert "bad.yaml: line 3, tags: unknown ruling tag 'L4'" in msg
    [msg] = lint_one(tmp_path, GOOD.format(qid="q").replace("Forest], topics", "Forrest], topics"))
    assert "unknown card tag 'Forrest'" in msg
    [msg] = lint_one(tmp_path, GOOD.format(qid="q").replace("topics: [landfall]", "topics: [lands]"))
    assert "unknown topic tag 'lands'" in msg


def test_missing_and_misspelled_keys(tmp_path):
    [msg] = lint_one(tmp_path, GOOD.format(qid="q").replace("difficulty: 1\n", ""))
    assert "'difficulty' is required" in msg
    [msg] = lint_one(tmp_path, GOOD.format(qid="q").replace("ask:", "asks:"))
    assert "line 18, asks: unknown key 'asks'" in msg
    [msg] = lint_one(tmp_path, GOOD.format(qid="q").replace("level: L1", "level: 4"))
    assert "line 5, level" in msg
    [msg] = lint_one(tmp_path, GOOD.format(qid="q").replace("{energy: Alice}", "{colour: Alice}"))
    assert "ask" in msg and "one of" in msg


def test_params_must_be_well_formed(tmp_path):
    [msg] = lint_one(tmp_path, GOOD.format(qid="q").replace("range: [0, 2]", "range: [3, 1]"))
    assert "line 9, params.n" in msg and "above high" in msg
    [msg] = lint_one(tmp_path, GOOD.format(qid="q").replace("{n} energy and", "{m} energy and"))
    assert "placeholder {m}" in msg and "prompt" in msg
    [msg] = lint_one(tmp_path, GOOD.format(qid="q").replace("  n: {range: [0, 2]}",
                                                            "  n: {range: [0, 2]}\n  k: {choices: [1]}"))
    assert "'k' is declared but never used" in msg


def test_a_scenario_that_fails_in_one_variant(tmp_path):
    text = GOOD.format(qid="q").replace("[{play: Forest}, resolve]",
                                        "[{play: Forest}, resolve, {activate: Architect of the Untamed}]")
    [msg] = lint_one(tmp_path, text)  # reported once, for the first variant that fails
    assert "bad.yaml: line 17, scenario.actions[3]" in msg and "variant n=0" in msg
    assert "118.3" in msg or "can't pay" in msg


def test_unknown_card_in_a_scenario(tmp_path):
    [msg] = lint_one(tmp_path, GOOD.format(qid="q").replace("hand: [Forest]", "hand: [Forrest]"))
    assert "Forrest" in msg and "scenario.setup.players[1]" in msg


def test_choice_needs_exactly_one_true_claim(tmp_path):
    text = """\
    id: two-true
    kind: choice
    tags: {rulings: [E2], cards: [Architect of the Untamed], topics: [paying-energy]}
    difficulty: 1
    level: L1
    complexity: 1
    params:
      n: {range: [7, 8]}
    prompt: Alice has {n} energy. Which is true?
    explanation_lead: "{answer}."
    scenario:
      setup:
        players:
          - {name: Alice, energy: "{n}", battlefield: [Architect of the Untamed]}
          - {name: Nadia}
    options:
      - {text: "Alice can make a Beast", legal: {activate: Architect of the Untamed}}
      - {text: "Alice has {n} energy", holds: {players: {Alice: {energy: "{n}"}}}}
    """
    msgs = lint_one(tmp_path, text)
    assert any("options" in m and "2 options hold" in m and "n=8" in m for m in msgs)
    assert any("1 options hold" not in m for m in msgs)


def test_order_must_be_reachable_and_not_trivial(tmp_path):
    text = """\
    id: trivial-order
    kind: order
    tags: {rulings: [L3], cards: [Architect of the Untamed, Steppe Lynx, Surrakar Marauder], topics: [trigger-order]}
    difficulty: 1
    level: L1
    complexity: 1
    prompt: Order them so that Alice ends with 1 energy.
    explanation_lead: "{answer}."
    scenario:
      setup:
        players:
          - {name: Alice, hand: [Forest], battlefield: [Architect of the Untamed, Steppe Lynx, Surrakar Marauder]}
          - {name: Nadia}
      actions: [{play: Forest}]
    goal: {players: {Alice: {energy: 1}}}
    """
    [msg] = lint_one(tmp_path, text)
    assert "goal" in msg and "trivial" in msg
    [msg] = lint_one(tmp_path, text.replace("energy: 1}", "energy: 5}"))
    assert "no order reaches the goal" in msg
    [msg] = lint_one(tmp_path, text.replace("actions: [{play: Forest}]", "actions: []"))
    assert "trigger-order" in msg
    two = (text.replace(", Surrakar Marauder]}", "]}").replace(", Surrakar Marauder]", "]")
           .replace("goal: {players: {Alice: {energy: 1}}}", "goal: {stack: [Architect of the Untamed]}\n    then: [resolve]"))
    msgs = lint_one(tmp_path, two)
    assert any("at least 3" in m and "coin flip" in m for m in msgs), msgs


def test_a_ruling_tag_must_be_what_the_question_turns_on(tmp_path):
    text = """\
    id: not-landfall-two
    kind: outcome
    tags: {rulings: [L2, E3], cards: [Architect of the Untamed, Forest], topics: [landfall]}
    difficulty: 1
    level: L1
    complexity: 1
    prompt: Alice plays a Forest with the Architect out. How much energy has she?
    explanation_lead: "{answer}."
    scenario:
      setup:
        players:
          - {name: Alice, hand: [Forest], battlefield: [Architect of the Untamed]}
          - {name: Nadia}
      actions: [{play: Forest}, resolve]
    ask: {energy: Alice}
    """
    msgs = lint_one(tmp_path, text)
    assert any("tags" in m and "Landfall ruling 2" in m and "becomes a land" in m for m in msgs)
    assert any("Energy ruling 3" in m and "fixed amount" in m for m in msgs)
    write(tmp_path, "bad.yaml", text.replace("[L2, E3]", "[L1, E2]"))
    assert lint_bank(tmp_path).ok


def test_policy_answer_must_be_an_option_and_no_written_answers_elsewhere(tmp_path):
    text = """\
    id: pol
    kind: policy
    tags: {rulings: [E6], topics: [tournament-policy]}
    difficulty: 1
    level: L1
    complexity: 1
    prompt: Dice at Regular REL?
    explanation_lead: "{answer}."
    options: ["Yes", "No"]
    answer: "Maybe"
    source: MTR 4.1
    explanation: ["Dice are fine at Regular REL (MTR 4.1)."]
    """
    [msg] = lint_one(tmp_path, text)
    assert "line 10, answer" in msg and "one of the options" in msg
    [msg] = lint_one(tmp_path, GOOD.format(qid="q") + "answer: 3\n")
    assert "'answer' is only for policy questions" in msg


def test_duplicate_ids_are_named(tmp_path):
    write(tmp_path, "a.yaml", GOOD.format(qid="same"))
    write(tmp_path, "b.yaml", GOOD.format(qid="same"))
    report = lint_bank(tmp_path)
    assert report.exit_code == 1
    [p] = report.problems
    assert "b.yaml" in str(p) and "already used by" in str(p) and "a.yaml" in str(p)
    with pytest.raises(QuestionError, match="already used"):
        load_bank(tmp_path)
    assert [q.id for q in load_bank(tmp_path, strict=False)] == ["same"]


def test_load_bank_strict_and_lenient(tmp_path):
    write(tmp_path, "good.yaml", GOOD.format(qid="ok"))
    write(tmp_path, "zbad.yaml", "id: x\n")
    with pytest.raises(QuestionError) as exc:
        load_bank(tmp_path)
    assert exc.value.file.endswith("zbad.yaml")
    bank = load_bank(tmp_path, strict=False)
    assert [q.id for q in bank] == ["ok"] and len(bank.problems) == 1


def test_cli_exit_codes_and_summary_no_traceback(tmp_path, capsys):
    assert cli.main(["bank", "lint"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\d+ files, \d+ questions, \d+ variants checked: 0 problems", out)

    write(tmp_path, "good.yaml", GOOD.format(qid="ok"))
    write(tmp_path, "bad.yaml", "id: [\n")
    write(tmp_path, "worse.yaml", "- just a list\n")
    assert cli.main(["bank", "lint", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "Traceback" not in out
    assert "bad.yaml" in out and "worse.yaml" in out and "2 problems" in out.splitlines()[-1]

    assert cli.main(["bank", "lint", str(tmp_path / "missing")]) == 2
    assert "no such file or folder" in capsys.readouterr().out
    empty = tmp_path / "empty"
    empty.mkdir()
    assert cli.main(["bank", "lint", str(empty)]) == 2


def test_docs_examples_are_valid_questions(tmp_path):
    import pathlib
    import re as _re
    docs = pathlib.Path(__file__).resolve().parents[2] / "docs" / "questions.md"
    blocks = _re.findall(r"```yaml\n(.*?)```", docs.read_text(encoding="utf-8"), _re.S)
    assert len(blocks) >= 4
    for i, b in enumerate(blocks):
        write(tmp_path, f"ex{i}.yaml", b)
    report = lint_bank(tmp_path)
    assert report.ok, [str(p) for p in report.problems]


import re  # noqa: E402
