"""The shipped question bank: lint is clean, every variant has an engine-computed answer,
seeds are deterministic, grading works for every kind, explanations lead with the answer."""

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

from rulesdojo.quiz import KINDS, load_bank, lint_bank
from rulesdojo.quiz.lint import sample_values
from rulesdojo.quiz.stats import bank_figures
from rulesdojo.rules import CardSet
from rulesdojo.scenarios.scenario import RULINGS

BANK = load_bank()
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
# The cards the energy and landfall rulings are taught with: the scenarios tagged with a ruling use
# them. Cards that teach other rules (a counterspell, a sweeper) have no question of their own.
RULING_CARDS = {c for f in SCENARIOS.glob("*.yaml") for d in [yaml.safe_load(f.read_text())]
                if d.get("rulings") for c in d.get("cards") or ()}
CITE = re.compile(r"\((?:CR|MTR|IPG) \d|\bCR \d{3}|\b(?:MTR|IPG) \d")


def test_lint_passes_over_the_shipped_bank():
    report = lint_bank()
    assert report.problems == []
    assert report.exit_code == 0
    assert report.questions == len(BANK) >= 40


def test_bank_covers_every_ruling_every_card_and_kind():
    rulings = {r for q in BANK for r in q.tags["rulings"]}
    cards = {c for q in BANK for c in q.tags["cards"]}
    assert rulings == RULINGS
    assert RULING_CARDS and RULING_CARDS <= cards <= {c.name for c in CardSet.shipped().all_cards()}
    assert set(Counter(q.kind for q in BANK)) == set(KINDS)
    assert sum(q.trap for q in BANK) * 3 >= len(BANK)
    assert len({q.id for q in BANK}) == len(BANK)


def test_every_ruling_has_eight_questions_over_three_cards_and_three_shapes():
    figures = bank_figures(BANK)
    assert figures.questions == len(BANK) >= 130
    assert figures.share_varying >= 0.7
    assert figures.short_orders == []
    for r in figures.rulings:
        assert r.questions >= 8 and r.cards >= 3 and len(r.shapes) >= 3, r
        assert r.met


def test_bank_stats_prints_the_table_per_ruling_and_the_totals(capsys):
    from rulesdojo.cli import main
    assert main(["bank", "stats"]) == 0
    out = capsys.readouterr().out
    assert "Landfall ruling 2" in out and "outcome, choice, order" in out
    assert f"questions: {len(BANK)}" in out and "order questions with fewer than 3 options: 0" in out
    assert "rulings meeting 8 questions, 3 cards, 3 shapes: 12 of 12" in out


def test_bank_stats_counts_an_answer_that_never_varies(tmp_path):
    from rulesdojo.quiz.stats import answer_varies
    q = BANK["architect-landfall-one-energy"]
    assert answer_varies(q)
    text = Path(q.source_file).read_text().replace("{range: [0, 6]}", "{range: [2, 2]}")
    (tmp_path / "q.yaml").write_text(text)
    assert not answer_varies(load_bank(tmp_path)["architect-landfall-one-energy"])


@pytest.mark.parametrize("q", BANK.questions, ids=lambda q: q.id)
def test_every_variant_has_a_computed_answer_and_grades_right(q):
    for values in sample_values(q):
        v = q.variant(values=values)
        sol = v.solution()
        assert sol.right_answer_text and not sol.right_answer_text.startswith("(")
        assert sol.explanation.splitlines()[0].strip()
        if q.kind == "order":
            right = v.right_orders()
            assert right and len(right) < len(list(__import__("itertools").permutations(v.options)))
            listed = list(reversed(right[0])) if v.stack_order else list(right[0])  # top of the stack first
            assert v.grade(listed).correct
        elif q.kind in ("choice", "policy"):
            assert v.grade(sol.right_answer_text).correct
            wrong = [o for o in v.options if o != sol.right_answer_text]
            assert not v.grade(wrong[0]).correct
        else:
            assert v.grade(sol.right_answer_text).correct


@pytest.mark.parametrize("q", BANK.questions, ids=lambda q: q.id)
def test_explanation_leads_with_the_answer_and_cites_rules(q):
    v = q.variant(seed=0)
    sol = v.solution()
    lines = sol.explanation.splitlines()
    assert sol.right_answer_text.lower().split(" (or any")[0] in lines[0].lower()
    assert 2 <= len(lines) <= 9
    assert any(CITE.search(line) for line in lines[1:])


@pytest.mark.parametrize("q", [q for q in BANK.questions if q.kind != "policy"], ids=lambda q: q.id)
def test_the_line_cap_keeps_the_step_the_note_names(q):
    v = q.variant(seed=0)
    lines = v.solution().explanation.splitlines()
    events = lines[1:-1] if q.data.get("note") else lines[1:]
    named = set(re.findall(r"\b\d{3}\.\d+[a-z]?\b", " ".join((lines[0], lines[-1]))))
    logged = {ev.rule for ev in v._played.game.log}
    for rule in named & logged:
        assert any(rule in line for line in events), rule


def test_the_creature_entering_as_a_land_is_in_the_explanation():
    lines = BANK["ashaya-cast-creature-landfall"].variant(seed=0).solution().explanation.splitlines()
    assert any("is a Forest land as it enters" in line and "603.6b" in line for line in lines[1:-1])


def test_same_seed_same_variant_and_seeds_spread():
    for q in BANK:
        a, b = q.variant(seed=11), q.variant(seed=11)
        assert (a.values, a.prompt, a.options) == (b.values, b.prompt, b.options)
        assert a.solution().right_answer_text == b.solution().right_answer_text
    q = BANK["architect-landfall-one-energy"]
    assert len({repr(sorted(q.values_for(s).items())) for s in range(40)}) > 5


def test_the_candidate_side_holds_no_answer():
    for q in BANK:
        v = q.variant(seed=3)
        public = {k for k in vars(v) if not k.startswith("_")}
        assert public == {"question", "values", "seed", "kind", "id", "prompt", "options",
                          "answer_format"}
        assert "{" not in re.sub(r"\{[A-Z0-9]\}", "", v.prompt)  # every placeholder filled
        assert v.instructions


def test_grading_each_kind_right_and_wrong():
    v = BANK["architect-landfall-one-energy"].variant(values={"n": 3, "land": {"card": "Forest", "text": "a Forest"}})
    assert v.grade(4).correct and v.grade("4").correct
    bad = v.grade(3)
    assert not bad.correct and bad.right_answer_text == "4"
    assert bad.explanation.startswith("Alice has 4 energy.")
    unreadable = v.grade("four-ish")
    assert not unreadable.correct and unreadable.problem

    v = BANK["harnessed-lightning-target-gone"].variant(values={"n": 2})
    assert v.grade(2).correct and not v.grade(5).correct
    assert "608.2b" in v.solution().explanation

    v = BANK["lotus-cobra-killed-still-resolves"].variant(values={"color": "G"})
    assert v.answer_format == "mana"
    assert v.grade("{G}").correct and v.grade("g").correct and not v.grade("nothing").correct

    v = BANK["landfall-last-on-resolves-first"].variant(seed=2)
    right = v.solution().right_answer_text
    assert v.grade(right).correct and v.grade(right.split("; ")).correct
    assert not v.grade(list(reversed(right.split("; ")))).correct

    v = BANK["doubling-season-energy-and-beasts"].variant(seed=0)
    right = v.options.index(v.solution().right_answer_text)
    assert v.grade(right).correct
    assert not v.grade((right + 1) % len(v.options)).correct
    assert v.grade(99).problem and not v.grade(99).correct

    v = BANK["doubling-season-vorinclex-order"].variant(seed=0)
    ds, hs, vx = "Doubling Season", "Hardened Scales", "Vorinclex, Monstrous Raider"
    assert v.kind == "order" and set(v.options) == {ds, hs, vx}
    assert v.grade([ds, vx, hs]).correct and v.grade([hs, ds, vx]).correct
    assert not v.grade([vx, ds, hs]).correct and not v.grade([ds, hs, vx]).correct
    assert v.grade("Doubling Season, then Vorinclex, Monstrous Raider, then Hardened Scales").correct
    assert not v.grade([ds]).correct  # incomplete: a wrong value, no exception

    v = BANK["landfall-order-three-triggers"].variant(seed=0)
    assert len(v.right_orders()) == 4  # either energy trigger on top; never the Cobra's
    assert all(o[-1] != "Lotus Cobra" for o in v.right_orders())

    v = BANK["mtr-dice-at-competitive"].variant(seed=0)
    sol = v.solution()
    assert v.grade(sol.right_answer_text).correct
    assert "MTR 4.1" in sol.explanation and "MTR 2.14" not in sol.explanation
    assert not v.grade("Nothing: any clear method both players agree on is fine at every REL").correct


def test_select_by_tags_difficulty_kind_and_n():
    l3 = BANK.select(tags="L3")
    assert l3 and all(q.has_tag("L3") for q in l3)
    hard = BANK.select(difficulty=3)
    assert hard and all(q.difficulty == 3 for q in hard)
    both = BANK.select(tags={"cards": ["Solemnity"]}, difficulty=[2, 3])
    assert both and all(q.has_tag("Solemnity") and q.difficulty in (2, 3) for q in both)
    assert len(BANK.select(n=5, seed=1)) == 5
    assert [q.id for q in BANK.select(n=5, seed=1)] == [q.id for q in BANK.select(n=5, seed=1)]
    assert [q.id for q in BANK.select(n=10, seed=1)] != [q.id for q in BANK.select(n=10, seed=2)]
    assert all(q.kind == "policy" for q in BANK.select(kind="policy"))
    assert all(q.trap for q in BANK.select(trap=True))


def test_quiz_imports_no_ui():
    code = ("import sys, rulesdojo.quiz as qz; qz.load_bank()['architect-landfall-one-energy']"
            ".variant(1).grade(1); print('ipywidgets' in sys.modules, 'traitlets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         timeout=120)
    assert out.stdout.split() == ["False", "False"]


@pytest.mark.parametrize("name", ["rulesdojo.quiz", "rulesdojo.quiz.model", "rulesdojo.quiz.params",
                                  "rulesdojo.quiz.variant", "rulesdojo.quiz.explain",
                                  "rulesdojo.quiz.lint", "rulesdojo.quiz.tagrules",
                                  "rulesdojo.quiz.stats"])
def test_docstring_examples(name):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def test_a_trigger_order_is_listed_top_of_the_stack_first_and_short_names_are_read():
    v = BANK["landfall-order-cobra-mana-first"].variant(seed=0)
    assert v.stack_order and "top of the stack first" in v.instructions
    put = v.right_orders()[0]  # the order they go on the stack
    top_first = list(reversed(put))
    assert v.solution().right_answer_text.startswith(", then ".join(top_first))
    assert v.grade(top_first).correct and not v.grade(list(put)).correct
    short = ", ".join(name.split()[-1] for name in top_first)  # "Cobra, Lynx"
    verdict = v.grade(short)
    assert verdict.correct and verdict.answer_text == ", then ".join(top_first)
    assert v.grade(", ".join(name.split()[0] for name in top_first)).correct  # "Lotus, Architect, Steppe"


def test_bank_list_names_every_question_id_an_exam_file_can_use(capsys, tmp_path):
    """Walk finding 7: no command listed the bank's ids, although docs/exams.md said one did."""
    from pathlib import Path

    from rulesdojo.cli import main as rulesdojo
    from rulesdojo.quiz import load_bank
    assert rulesdojo(["bank", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    bank = load_bank()
    assert [line.split()[0] for line in lines[:-1]] == [q.id for q in bank]
    assert lines[-1].startswith(f"{len(bank)} questions in ")
    assert "{" not in lines[0].split("  ")[1] and "difficulty" in lines[0]
    assert rulesdojo(["bank", "list", str(tmp_path / "none")]) == 2
    assert capsys.readouterr().out.startswith("ERROR ")
    docs = (Path(__file__).resolve().parents[2] / "docs" / "exams.md").read_text(encoding="utf-8")
    assert "`rulesdojo bank list` lists the bank" in docs


@pytest.mark.parametrize("answer", [3, 2.5, {"top": "Cancel"}, None])
def test_an_answer_of_the_wrong_shape_to_a_list_of_names_is_feedback(answer):
    """A question answered with the stack's contents, given a number or a mapping (a widget or a
    notebook cell can send anything): a verdict that says what to write, not an error."""
    q = next(q for q in BANK.questions if q.variant(seed=0).answer_format == "names")
    verdict = q.variant(seed=0).grade(answer)
    assert not verdict.correct and verdict.problem == "list the names, top of the stack first (or 'empty')"
