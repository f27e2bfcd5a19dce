"""``rulesdojo lesson lint``: the shipped lessons pass; a broken lesson names the file, line and problem."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rulesdojo.cli import main
from rulesdojo.lessons.data import LessonError, load_lesson
from rulesdojo.lessons.lint import lint_lessons

from dom_nodes import elements

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def links(box) -> list[str]:
    """Return where the links of a page's Dom (a box's second child, after the stylesheet) go."""
    return [a[1]["href"] for a in elements(box.children[1].content, "a")]

def test_the_shipped_lessons_pass(capsys):
    assert main(["lesson", "lint", str(LESSONS)]) == 0
    out = capsys.readouterr().out
    assert "0 problems;" in out and f"{len(list(LESSONS.glob('[0-9][0-9]-*.yaml')))} lesson files" in out
    assert "largest dead-end search:" in out and "bound 20000" in out


def _copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    src = LESSONS / name
    text = src.read_text(encoding="utf-8")
    assert old in text
    target = tmp_path / name
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    shutil.copy(src.with_suffix(".ipynb"), target.with_suffix(".ipynb"))
    return target


def _line_of(path: Path, needle: str) -> int:
    """The line where ``needle`` (which may span lines) starts."""
    text = path.read_text(encoding="utf-8")
    return text[:text.index(needle)].count("\n") + 1


BROKEN = [
    # (file, text replaced, replacement, the line's text, words of the message)
    ("02-cant-pay-more.yaml", "      - activate: Architect of the Untamed\n      - resolve\n    hints",
     "    hints", "    solution:", "doesn't reach the goal"),
    ("04-may-pay.yaml", "          - amount: 5\n", "          - amount: 6\n", "      - when:\n          resolved: {Harnessed Lightning",
     "reaches the goal: it isn't a dead end"),
    ("07-landfall.yaml", "    goal:\n      players: {Alice: {energy: 2}}",
     "    goal:\n      players: {Alice: {enrgy: 2}}", "enrgy", "unknown key 'enrgy'"),
    ("01-what-energy-is.yaml", "        holds: {permanents: {Aether Hub: {counters: {energy: 1}}}}",
     "        holds: {players: {Alice: {energy: 1}}}", "      - text: On Alice", "2 options hold"),
    ("06-counters.yaml", "    hint: Whose Vorinclex", "    hnt: Whose Vorinclex", "hnt:", "unknown key 'hnt'"),
    ("04-may-pay.yaml", '    ask: {life_lost: Nadia}\n', '    ask: {life: Nadia}\n', "  - check: brawler-damage",
     "the file expects '4', but the engine's answer is '16'"),
    ("05-fizzle.yaml", '    expect: "2"\n', "", "  - check: lightning-energy", "a check needs 'expect'"),
    ("03-energy-isnt-mana.yaml", "      - tap: Swamp\n", "      - tap: Swamp\n      - tap: Swamp\n",
     "- tap: Swamp\n      - advance", "can't be played"),
    ("02-cant-pay-more.yaml", "  intro: |-\n", "  Intro: |-\n", "prose:", "'prose' names each passage"),
]


@pytest.mark.parametrize("name,old,new,needle,words", BROKEN, ids=[b[4] for b in BROKEN])
def test_a_broken_lesson_names_the_file_the_line_and_the_problem(tmp_path, capsys, name, old, new, needle, words):
    path = _copy(tmp_path, name, old, new)
    assert main(["lesson", "lint", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    problem = next(line for line in out.splitlines() if line.startswith("PROBLEM"))
    assert str(path) in problem and words in problem, out
    assert f"line {_line_of(path, needle)}," in problem, out
    assert "Traceback" not in out


def test_a_dead_end_the_engine_can_still_win_from_is_refused(tmp_path, capsys):
    """The author's words match, but the engine's search finds a line that still reaches the goal."""
    path = _copy(tmp_path, "04-may-pay.yaml", "          step: declare attackers\n          pending: null\n",
                 "          step: beginning of combat\n")
    text = path.read_text(encoding="utf-8").replace(
        "          - advance: declare attackers\n          - attack: []\n",
        "          - advance: beginning of combat\n", 1)
    path.write_text(text, encoding="utf-8")
    assert main(["lesson", "lint", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    problem = next(line for line in out.splitlines() if line.startswith("PROBLEM"))
    assert "finds a line from the example that reaches the goal" in problem, out
    assert f"line {_line_of(path, '      - when:' + chr(10) + '          step: beginning')}," in problem, out


def test_bad_yaml_and_missing_notebooks_are_reported_not_raised(tmp_path):
    bad = tmp_path / "11-new-lesson.yaml"
    bad.write_text("title: [unclosed\n", encoding="utf-8")
    with pytest.raises(LessonError) as err:
        load_lesson(bad)
    assert "not valid YAML" in str(err.value) and str(bad) in str(err.value)
    shutil.copy(LESSONS / "01-what-energy-is.yaml", tmp_path / "12-copy.yaml")
    report = lint_lessons(tmp_path)
    messages = [str(p) for p in report.problems]
    assert any("11-new-lesson.yaml" in m and "not valid YAML" in m for m in messages)
    assert any("no notebook 12-copy.ipynb beside it" in m for m in messages)
    assert report.exit_code == 1


def test_a_folder_without_lessons_is_unreadable(tmp_path):
    assert main(["lesson", "lint", str(tmp_path)]) == 2


def test_one_more_lesson_is_one_yaml_file_and_one_notebook(tmp_path, monkeypatch):
    import json
    import re

    import rulesdojo.lessons as course
    last = max(int(p.name[:2]) for p in LESSONS.glob("[0-9][0-9]-*.yaml"))
    new = f"{last + 1:02d}-landfall-again"
    folder = tmp_path / "my-lessons"
    shutil.copytree(LESSONS, folder)
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    (folder / f"{new}.yaml").write_text("""\
title: Landfall again
summary: "One more land, one more {E}."
rulings: [L1]
parts:
  - task: one-more
    title: One more land
    instructions: Play the Forest and resolve the landfall ability.
    views: [board, stack, log]
    scenario:
      setup:
        players:
          - {name: Alice, hand: [Forest], battlefield: [Architect of the Untamed]}
          - {name: Nadia}
    goal: {players: {Alice: {energy: 1}}, stack: []}
    solution: [{play: Forest}, resolve]
    done: A land you control entered, so the Architect gave you {E} (Landfall ruling 1).
    rule: "603.6a"
""", encoding="utf-8")
    nb = json.loads((LESSONS / "01-what-energy-is.ipynb").read_text(encoding="utf-8"))
    code = [f"from rulesdojo.lessons import next_steps, progress, show\n\nprogress({last + 1})",
            f'show({last + 1}, "one-more")', f"next_steps({last + 1})"]
    nb["cells"] = [{"cell_type": "markdown", "id": "new-0", "metadata": {}, "source": f"# Lesson {last + 1}"}] + [
        {"cell_type": "code", "id": f"new-{i}", "metadata": {}, "outputs": [], "execution_count": None,
         "source": src} for i, src in enumerate(code, 1)]
    (folder / f"{new}.ipynb").write_text(json.dumps(nb), encoding="utf-8")

    # The new lesson and its notebook; the shipped ones are linted by test_the_shipped_lessons_pass.
    new_lint = lint_lessons(folder / f"{new}.yaml")
    assert new_lint.ok and (new_lint.files, new_lint.questions) == (1, 1), new_lint.summary()
    added = {p.name for p in folder.iterdir() if p.is_file()} - set(before)
    changed = [n for n, data in before.items() if (folder / n).read_bytes() != data]
    assert sorted(added) == [f"{new}.ipynb", f"{new}.yaml"] and changed == []
    monkeypatch.chdir(folder)  # the notebooks run in their folder
    assert links(course.next_steps(last))[-1] == f"{new}.ipynb"
    assert f"{new}.ipynb" in links(course.contents())
    assert links(course.next_steps(last + 1))[-1] == "quiz.ipynb"


def _notebook_problems(tmp_path: Path, edit) -> list[str]:
    """Lint lesson 2 with its notebook's cells changed by ``edit``; return the problems' lines."""
    path = _copy(tmp_path, "02-cant-pay-more.yaml", "title:", "title:")
    notebook = path.with_suffix(".ipynb")
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    edit(nb["cells"])
    notebook.write_text(json.dumps(nb), encoding="utf-8")
    return [str(p) for p in lint_lessons(tmp_path).problems]


def test_a_symbol_in_a_markdown_cell_is_a_problem_the_page_would_show_raw(tmp_path):
    def write_a_symbol(cells):
        cells.insert(1, {"cell_type": "markdown", "id": "raw", "metadata": {}, "source": ["Pay {E} first."]})
    problems = _notebook_problems(tmp_path, write_a_symbol)
    assert len(problems) == 1 and "02-cant-pay-more.ipynb" in problems[0], problems
    assert "cell 2" in problems[0] and "{E}" in problems[0] and "prose(N, \"name\")" in problems[0]
    assert _notebook_problems(tmp_path, lambda cells: None) == []


def test_a_prose_passage_the_notebook_never_shows_is_a_problem(tmp_path):
    def drop_the_intro(cells):
        cells[:] = [c for c in cells if "".join(c["source"]) != 'prose(2, "intro")']
    problems = _notebook_problems(tmp_path, drop_the_intro)
    assert len(problems) == 1 and "prose(...) cells don't match the lesson's prose passages" in problems[0]
    assert "(missing: intro)" in problems[0], problems


def test_a_check_without_its_own_rulings_is_a_problem_not_its_lessons_list(tmp_path):
    path = _copy(tmp_path, "02-cant-pay-more.yaml", "  - check: fifteen\n    rulings: [E2]\n",
                 "  - check: fifteen\n")
    [problem] = [str(p) for p in lint_lessons(tmp_path).problems]
    assert "02-cant-pay-more.yaml" in problem and "a check needs 'rulings'" in problem, problem
