"""Names are text: `<`, `>` and `&` pass where files are read; control characters and overlong names are refused."""

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
        battlefield: ["Architect\\u202eof the Untamed"]
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


TEXT = ["<img src=x onerror=alert(1)>", "Nadia&amp;", "R&D", "Mana -> energy", "Nadia</b>"]
CONTROL = ["Na\u202edia", "Nad\x07ia", "Nadia\u2066", "Na\u200bdia"]


@pytest.mark.parametrize("player", TEXT)
def test_check_takes_a_player_name_holding_less_than_greater_than_or_ampersand(tmp_path, player):
    ok = tmp_path / "text.yaml"
    ok.write_text(SCENARIO.format(title=json.dumps(f"{player} plays"), player=json.dumps(player), card="Forest"),
                  encoding="utf-8")
    out = Out(str(ok))
    assert out.returncode == 0, out.stdout
    assert f"PASS {ok}: {player} plays" in out.stdout


@pytest.mark.parametrize("player", CONTROL)
def test_check_refuses_a_player_name_with_a_control_or_bidi_character(tmp_path, player):
    bad = tmp_path / "hostile.yaml"
    bad.write_text(SCENARIO.format(title="Hostile", player=json.dumps(player), card="Forest"), encoding="utf-8")
    out = Out(str(bad))
    assert out.returncode == 2, out.stdout
    assert f"INVALID {bad}: line 6, setup.players[2].name: name {player!r} holds a control character" in out.stdout


def test_a_player_name_is_at_most_80_characters_and_a_title_200(tmp_path):
    ok = tmp_path / "ok.yaml"
    ok.write_text(SCENARIO.format(title="T" * 200, player="N" * 80, card="Forest"), encoding="utf-8")
    long_name = tmp_path / "name.yaml"
    long_name.write_text(SCENARIO.format(title="Fine", player="N" * 81, card="Forest"), encoding="utf-8")
    long_title = tmp_path / "title.yaml"
    long_title.write_text(SCENARIO.format(title="T" * 201, player="Nadia", card="Forest"), encoding="utf-8")
    huge = tmp_path / "huge.yaml"
    huge.write_text(SCENARIO.format(title="Fine", player="N" * 200_000, card="Forest"), encoding="utf-8")
    assert Out(str(ok)).returncode == 0
    out = Out(str(long_name), str(long_title), str(huge))
    assert out.returncode == 2
    lines = out.stdout.splitlines()
    assert lines[0] == (f"INVALID {long_name}: line 6, setup.players[2].name: a player's name '{'N' * 60}…' "
                        "is 81 characters long; at most 80")
    assert lines[1] == f"INVALID {long_title}: line 1, name: name '{'T' * 60}…' is 201 characters long; at most 200"
    assert lines[2].startswith(f"INVALID {huge}: line 6") and len(lines[2]) < 300  # said briefly


def test_a_card_file_takes_a_name_holding_an_ampersand_and_refuses_a_bidi_one(tmp_path):
    from rulesdojo.scenarios.cardfile import CardFileError, read_card
    card = "name: {name}\ncost: \"{{1}}\"\ntypes: [Artifact]\noracle: \"\"\n"
    ok = tmp_path / "r-d.yaml"
    ok.write_text(card.format(name=json.dumps("R&D <Prototype>")), encoding="utf-8")
    assert read_card(ok).name == "R&D <Prototype>"
    bad = tmp_path / "bidi.yaml"
    bad.write_text(card.format(name=json.dumps("R&D\u202e")), encoding="utf-8")
    with pytest.raises(CardFileError, match=r"bidi.yaml: line 1: name 'R&D\\u202e' holds a control character"):
        read_card(bad)


def test_a_description_is_prose_and_may_say_less_than_or_more_than(tmp_path):
    ok = tmp_path / "ok.yaml"
    ok.write_text("description: energy < mana & more\n" + SCENARIO.format(
        title="Fine", player="Nadia", card="Forest"), encoding="utf-8")
    out = Out(str(ok))
    assert out.returncode == 0, out.stdout


def test_bank_lint_refuses_a_card_name_with_a_control_character_in_a_question(tmp_path):
    (tmp_path / "q.yaml").write_text(QUESTION, encoding="utf-8")
    report = lint_bank(tmp_path)
    assert report.exit_code != 0
    problem = str(report.problems[0])
    assert "q.yaml" in problem and "line 14, scenario.setup.players[1].battlefield[1]" in problem
    assert "holds a control character ('\\u202e')" in problem


def test_lesson_and_exam_files_refuse_names_holding_control_characters_with_the_line(tmp_path):
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
    exam.write_text('id: e1\ntitle: Fine <title> & prose\nquestions:\n  ids: ["q\\a"]\n', encoding="utf-8")
    with pytest.raises(ExamError, match=r"exam.yaml: line 4, questions.ids\[1\]: ids 'q\\x07' holds a control"):
        Exam.from_file(exam)
