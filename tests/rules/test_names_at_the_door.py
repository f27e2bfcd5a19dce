"""Names that hold markup or control characters are refused where scenario and question files are read."""

import io
import json

import pytest

from rulesdojo import cli
from rulesdojo.quiz import lint_bank

SCENARIO = """\
name: {title}
setup:
  players:
    - name: Alice
      hand: [Forest]
    - name: {player}
actions:
  - play: {card}
"""

QUESTION = """\
id: hostile-card
kind: outcome
tags: {rulings: [L1], cards: [Forest], topics: [landfall]}
difficulty: 1
level: L1
complexity: 1
prompt: Alice plays a Forest; energy < mana & more.
explanation_lead: "Alice has {answer} energy."
scenario:
  setup:
    players:
      - name: Alice
        hand: [Forest]
        battlefield: ["Architect<svg onload=x>"]
      - name: Nadia
  actions: [{play: Forest}]
ask: {energy: Alice}
"""


class Out:
    """What ``rulesdojo check`` prints, and its exit status."""

    def __init__(self, *paths):
        buf = io.StringIO()
        self.returncode = cli.check([str(p) for p in paths], False, out=buf)
        self.stdout = buf.getvalue()


HOSTILE = ["<img src=x onerror=alert(1)>", "Nadia&amp;", "Na\u202edia", "Nad\x07ia", "Nadia</b>"]


@pytest.mark.parametrize("player", HOSTILE)
def test_check_refuses_a_player_name_with_markup_or_control_characters(tmp_path, player):
    bad = tmp_path / "hostile.yaml"
    bad.write_text(SCENARIO.format(title="Hostile", player=json.dumps(player), card="Forest"), encoding="utf-8")
    out = Out(str(bad))
    assert out.returncode == 2, out.stdout
    assert f"INVALID {bad}: line 6, setup.players[2].name" in out.stdout
    assert "names are plain text" in out.stdout


def test_check_refuses_a_card_reference_and_a_title_holding_markup(tmp_path):
    card = tmp_path / "card.yaml"
    card.write_text(SCENARIO.format(title="Fine", player="Nadia", card='"<b>Forest</b>"'), encoding="utf-8")
    title = tmp_path / "title.yaml"
    title.write_text(SCENARIO.format(title='"<script>x</script>"', player="Nadia", card="Forest"),
                     encoding="utf-8")
    out = Out(str(card), str(title))
    assert out.returncode == 2
    assert f"INVALID {card}: line 8, actions[1].play: play '<b>Forest</b>' holds markup" in out.stdout
    assert f"INVALID {title}: line 1, name: name '<script>x</script>' holds markup" in out.stdout


def test_a_description_is_prose_and_may_say_less_than_or_more_than(tmp_path):
    ok = tmp_path / "ok.yaml"
    ok.write_text("description: energy < mana & more\n" + SCENARIO.format(
        title="Fine", player="Nadia", card="Forest"), encoding="utf-8")
    out = Out(str(ok))
    assert out.returncode == 0, out.stdout


def test_bank_lint_refuses_a_card_name_with_markup_in_a_question(tmp_path):
    (tmp_path / "q.yaml").write_text(QUESTION, encoding="utf-8")
    report = lint_bank(tmp_path)
    assert report.exit_code != 0
    problem = str(report.problems[0])
    assert "q.yaml" in problem and "line 14, scenario.setup.players[1].battlefield[1]" in problem and "holds markup ('<')" in problem


def test_lesson_and_exam_files_refuse_names_holding_markup_with_the_line(tmp_path):
    from pathlib import Path

    from rulesdojo.lessons.data import LessonError, load_lesson
    from rulesdojo.quiz.exam import Exam, ExamError
    root = Path(__file__).resolve().parents[2]
    lesson = tmp_path / "02-cant-pay-more.yaml"
    text = (root / "lessons" / "02-cant-pay-more.yaml").read_text(encoding="utf-8")
    lesson.write_text(text.replace("{name: Nadia}", '{name: "Na\\u202edia"}', 1), encoding="utf-8")
    line = text.splitlines().index(next(l for l in text.splitlines() if "{name: Nadia}" in l)) + 1
    with pytest.raises(LessonError) as refused:
        load_lesson(lesson)
    assert str(refused.value).startswith(f"{lesson}: line {line}, parts[1].scenario.setup.players[2].name")
    assert "control character" in str(refused.value)
    exam = tmp_path / "exam.yaml"
    exam.write_text("id: e1\ntitle: Fine <title> & prose\nquestions:\n  ids: ['<b>q</b>']\n", encoding="utf-8")
    with pytest.raises(ExamError, match=r"exam.yaml: line 4, questions.ids\[1\]: ids '<b>q</b>' holds markup"):
        Exam.from_file(exam)
