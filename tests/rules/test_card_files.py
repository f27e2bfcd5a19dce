"""Cards are data: the shipped files pass the linter, a broken file is named with its line, and a
mentor's card from a folder of its own plays in a scenario with no Python."""

import ast
import pathlib
import subprocess
import sys

import pytest

from rulesdojo.rules import CardSet
from rulesdojo.scenarios.cardfile import CardFileError, lint_cards, read_card

ROOT = pathlib.Path(__file__).resolve().parents[2]
MENTOR = pathlib.Path(__file__).resolve().parent / "mentor"
CARDS = """
name: Test Spark
cost: "{R}"
types: [Instant]
oracle: Test Spark deals 3 damage to any target.
spell:
  targets: any
  effects: [{deal_damage: {amount: 3, to: target}}]
"""


def rulesdojo(*args):
    return subprocess.run([sys.executable, "-m", "rulesdojo", *args], capture_output=True, text=True)


def test_shipped_cards_lint_clean_and_each_is_one_file():
    report = lint_cards()
    assert report.problems == [] and report.exit_code == 0
    files = list((ROOT / "widgets/rulesdojo/cards").glob("*.yaml"))
    tokens = sum(read_card(f).token for f in files)
    assert tokens and report.checked == len(files) == len(CardSet.shipped().all_cards()) + tokens
    assert CardSet.shipped().named("Beast").token


def test_a_mentors_card_plays_in_a_scenario_from_its_own_folder():
    scenario = str(MENTOR / "sparkmage-pings-nadia.yaml")
    out = rulesdojo("check", "--cards", str(MENTOR / "cards"), scenario)
    assert out.returncode == 0, out.stdout + out.stderr
    without = rulesdojo("check", scenario)
    assert without.returncode == 2 and "No card named 'Sparkmage Apprentice'" in without.stdout


@pytest.mark.parametrize("change, line, words", [
    (("toughness: 2", "toughness: two"), 6, "whole numbers"),
    (("{deal_damage: {amount: 3, to: target}}", "{deal_damage: {amount: 3, too: target}}"), 7, "'too'"),
    (("effects: [", "effects: [nothing, "), 7, "unknown effect 'nothing'"),
    (("targets: any", "targets: anything"), 6, "unknown target 'anything'"),
    (("cost: \"{R}\"", "cost: \"{Q}\""), 2, "unknown mana symbol"),
])
def test_a_broken_card_file_names_file_line_and_problem(tmp_path, change, line, words):
    text = CARDS.lstrip() if "toughness" not in change[0] else (
        "name: Bear\ncost: \"{1}{G}\"\ntypes: [Creature]\noracle: \"\"\npower: 2\ntoughness: 2\n")
    path = tmp_path / "card.yaml"
    path.write_text(text.replace(*change))
    with pytest.raises(CardFileError) as err:
        read_card(path)
    assert err.value.line == line and words in err.value.problem
    out = rulesdojo("cards", "lint", str(tmp_path))
    assert out.returncode == 1 and f"{path}: line {line}:" in out.stdout and "Traceback" not in out.stderr


@pytest.mark.parametrize("change, words", [
    (("amount: 3", "amount: 2"), "'2 damage'"),
    (("targets: any", "targets: creature"), "'target creature'"),
    (("types: [Instant]", "types: [Instant]\npower: 1\ntoughness: 1"), "only a creature"),
])
def test_lint_checks_the_parts_say_what_the_oracle_says(tmp_path, change, words):
    (tmp_path / "card.yaml").write_text(CARDS.lstrip().replace(*change))
    report = lint_cards(str(tmp_path))
    assert report.exit_code == 1 and any(words in p for p in report.problems), report.problems
    (tmp_path / "card.yaml").write_text(CARDS.lstrip())
    assert lint_cards(str(tmp_path)).exit_code == 0


def test_lint_of_a_missing_folder_exits_2():
    assert rulesdojo("cards", "lint", "/nonexistent/cards").returncode == 2


def _code_strings(path: pathlib.Path):
    tree = ast.parse(path.read_text())
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.value


def test_no_card_is_named_in_the_engine_state_or_views():
    names = {c.name for c in CardSet.shipped().all_cards()} | {c.name.split(",")[0] for c in CardSet.shipped().all_cards()}
    names = {n for n in names if n not in ("Plains", "Island", "Swamp", "Mountain", "Forest")}
    keys = names | {n.lower() for n in names} | {"doubling_season", "vorinclex", "ashaya", "solemnity"}
    found = []
    for folder in ("rules", "state", "views"):
        for path in (ROOT / "widgets/rulesdojo" / folder).rglob("*.py"):
            if path.name == "scenario.py":  # the scenario reader's help shows how a file names a card
                continue
            found += [(path.name, s) for s in _code_strings(path) if any(k in s for k in keys)]
    assert found == []


def test_a_served_kit_gives_its_kernels_the_card_folders_and_leaves_its_own_environment(monkeypatch):
    import os

    from rulesdojo.kit import Kit
    from rulesdojo.serve.identity import Source
    from rulesdojo.serve.serving import candidate_env
    monkeypatch.delenv("RULESDOJO_CARDS", raising=False)
    env = candidate_env(Source("typed"), cards=(str(MENTOR / "cards"),))
    assert env["RULESDOJO_CARDS"] == str((MENTOR / "cards").resolve()) and "RULESDOJO_CARDS" not in os.environ
    assert not Kit.from_environment().card_set.has_card("Sparkmage Apprentice")
    kit = Kit.from_environment({"RULESDOJO_CARDS": env["RULESDOJO_CARDS"]})  # as a kernel the server started
    assert kit.card_set.has_card("Sparkmage Apprentice") and kit.card_set.has_card("Forest")
    # Building a kit changes nothing for anyone else: a game given no cards has the shipped ones.
    from rulesdojo.state import GameModel
    assert not GameModel.empty().game.state.cards.has_card("Sparkmage Apprentice")


SPARKMAGE_SCENARIO = """\
    scenario:
      setup:
        players:
          - {name: Alice, hand: [Sparkmage Apprentice], battlefield: [Mountain, Mountain]}
          - {name: Nadia}
      actions:
        - cast: Sparkmage Apprentice
        - resolve
        - target: Nadia
        - resolve
    ask: {life: Nadia}
"""

SPARKMAGE_LESSON = f"""\
title: A mentor's card
summary: Sparkmage Apprentice, a card of the mentor's own.
rulings: [E1]
parts:
  - check: pinged
    rulings: [E1]
    prompt: Alice casts Sparkmage Apprentice and its trigger targets Nadia. What is Nadia's life total?
{SPARKMAGE_SCENARIO}    explanation_lead: Nadia has {{answer}} life.
    hint: The trigger deals 1 damage.
    expect: "19"
    rule: "603.3d"
"""

SPARKMAGE_QUESTION = f"""\
id: sparkmage-pings
kind: outcome
tags: {{rulings: [E1]}}
difficulty: 1
level: L1
complexity: 1
prompt: Alice casts Sparkmage Apprentice and its trigger targets Nadia. What is Nadia's life total?
explanation_lead: Nadia has {{answer}} life.
{SPARKMAGE_SCENARIO.replace("    ", "", 1).replace(chr(10) + "    ", chr(10))}"""


def test_a_kits_cards_reach_its_lessons_and_questions_and_no_other_kits(tmp_path):
    """A mentor's lesson and question play the mentor's card with the kit that names its folder; read
    with no kit's cards, each names the file and the card it doesn't know."""
    from rulesdojo.kit import Kit
    from rulesdojo.lessons.data import load_lesson
    from rulesdojo.quiz.model import load_bank
    from rulesdojo.serve.identity import KernelIdentity
    kit = Kit(identity=KernelIdentity({}), cards=(str(MENTOR / "cards"),))
    lesson_file = tmp_path / "lessons" / "01-a-mentors-card.yaml"
    lesson_file.parent.mkdir()
    lesson_file.write_text(SPARKMAGE_LESSON)
    bank_folder = tmp_path / "bank"
    bank_folder.mkdir()
    (bank_folder / "sparkmage-pings.yaml").write_text(SPARKMAGE_QUESTION)

    check = load_lesson(lesson_file, kit.card_set).part("pinged")
    assert check.variant().solution().right_answer_text == "19"
    [question] = load_bank(bank_folder, cards=kit.card_set).questions
    assert question.variant(seed=0).solution().right_answer_text == "19"

    # Read with no kit's cards, the games name the file, the line and the card they don't know.
    from rulesdojo.rules.errors import ScenarioError
    for game in (load_lesson(lesson_file).part("pinged").variant, load_bank(bank_folder).questions[0].variant):
        with pytest.raises(ScenarioError) as err:
            game()
        assert "No card named 'Sparkmage Apprentice'" in str(err.value) and "line " in str(err.value)


@pytest.mark.parametrize("abilities", ["true", "3", "1.5"])
def test_a_creature_whose_abilities_are_not_a_list_is_named_not_a_traceback(tmp_path, abilities):
    path = tmp_path / "card.yaml"
    path.write_text(f"name: Test Beast\ncost: \"{{G}}\"\ntypes: [Creature]\noracle: \"\"\nabilities: {abilities}\n")
    with pytest.raises(CardFileError) as err:
        read_card(path)
    assert err.value.line == 1 and "power and toughness" in err.value.problem


@pytest.mark.parametrize("command, name, text", [
    ("lesson", "lessons/01-a-mentors-card.yaml", SPARKMAGE_LESSON),
    ("bank", "bank/sparkmage-pings.yaml", SPARKMAGE_QUESTION),
])
def test_lint_plays_a_mentors_files_with_the_card_folders_it_is_given(tmp_path, capsys, monkeypatch, command,
                                                                       name, text):
    """``lesson lint`` and ``bank lint`` take ``--cards DIR`` as ``serve`` does (and the kit's
    ``$RULESDOJO_CARDS``): a mentor's card is then known; without it the linter names the card."""
    from rulesdojo.cli import main
    monkeypatch.delenv("RULESDOJO_CARDS", raising=False)
    path = tmp_path / name
    path.parent.mkdir()
    path.write_text(text)
    unknown = "No card named 'Sparkmage Apprentice'"
    main([command, "lint", str(path.parent)])
    assert unknown in capsys.readouterr().out
    main([command, "lint", str(path.parent), "--cards", str(MENTOR / "cards")])
    assert unknown not in capsys.readouterr().out
    monkeypatch.setenv("RULESDOJO_CARDS", str(MENTOR / "cards"))
    main([command, "lint", str(path.parent)])
    assert unknown not in capsys.readouterr().out
