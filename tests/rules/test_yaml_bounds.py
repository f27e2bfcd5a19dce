"""Every file the kit reads refuses anchors and aliases, deep nesting and a huge size, with the file and
the line, before anything is expanded or walked; `rulesdojo check` says so and exits 2."""

import subprocess
import sys
from pathlib import Path

import pytest

from rulesdojo.lessons.data import LessonError, load_lesson
from rulesdojo.quiz.exam import Exam, ExamError
from rulesdojo.quiz.model import Question, QuestionError
from rulesdojo.rules.errors import ScenarioError
from rulesdojo.scenarios.cardfile import CardFileError, read_card
from rulesdojo.scenarios.folder import uploaded
from rulesdojo.scenarios.scenario import Scenario
from rulesdojo.scenarios import yamlparse
from rulesdojo.scenarios.yamlparse import LOADERS
from rulesdojo.scenarios.yamlsource import DEPTH_LIMIT, FILE_LIMIT, NODE_LIMIT
from yaml_shape import located

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True, params=LOADERS, ids=lambda loader: loader.__name__)
def loader(request, monkeypatch):
    """Each bound holds with libyaml's parser (a served kernel) and PyYAML's own (the static site)."""
    monkeypatch.setattr(yamlparse, "LOADERS", (request.param,))
    return request.param


def alias_bomb() -> str:
    """Nine levels of nine aliases: under 700 bytes, 9**9 strings once expanded."""
    return (Path(__file__).resolve().parents[1] / "data" / "alias-bomb.yaml").read_text(encoding="utf-8")


def deep(levels: int) -> str:
    return "name: deep\nsetup: " + "[" * levels + "]" * levels + "\n"


READERS = {  # how each kind of file is read, its file name, and the error it raises
    "scenario": (Scenario.from_file, "s.yaml", ScenarioError),
    "card": (read_card, "c.yaml", CardFileError),
    "question": (Question.from_file, "q.yaml", QuestionError),
    "lesson": (load_lesson, "01-lesson.yaml", LessonError),
    "exam": (Exam.from_file, "e.yaml", ExamError),
    "upload": (lambda p: uploaded(p.name, p.read_bytes()), "up.yaml", ScenarioError),
}


def refusal(tmp_path, kind, text):
    read, name, error = READERS[kind]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(error) as refused:
        read(path)
    message = str(refused.value)
    assert "Traceback" not in message
    return path, message


def test_the_bomb_is_small_and_would_expand_past_a_billion():
    assert len(alias_bomb().encode()) < 700
    assert alias_bomb().count("*l") == 81


@pytest.mark.parametrize("kind", READERS)
def test_every_reader_refuses_an_alias_bomb_at_its_first_anchor(tmp_path, kind):
    path, message = refusal(tmp_path, kind, alias_bomb())
    assert path.name in message and "line 3" in message
    assert "found an anchor (&l0); anchors and aliases aren't allowed" in message


@pytest.mark.parametrize("kind", READERS)
def test_every_reader_refuses_an_alias_with_its_line(tmp_path, kind):
    text = "name: x\nsetup:\n  players: [{name: Alice}, {name: Nadia}]\nagain: *s\n"
    path, message = refusal(tmp_path, kind, text)
    assert path.name in message and "line 4" in message and "found an alias (*s)" in message


@pytest.mark.parametrize("kind", READERS)
def test_every_reader_refuses_deep_nesting_with_a_plain_message(tmp_path, kind):
    path, message = refusal(tmp_path, kind, deep(20_000))
    assert path.name in message and f"nested more than {DEPTH_LIMIT} levels deep" in message


@pytest.mark.parametrize("kind", READERS)
def test_every_reader_refuses_deep_block_nesting(tmp_path, kind):
    path, message = refusal(tmp_path, kind, "name: d\nsetup:\n" + "- " * 20_000 + "x\n")
    assert path.name in message and "line 3" in message and "levels deep" in message


@pytest.mark.parametrize("kind", READERS)
def test_every_reader_refuses_more_values_than_the_limit(tmp_path, kind):
    path, message = refusal(tmp_path, kind, "name: x\nsetup: [" + "1," * NODE_LIMIT + "]\n")
    assert path.name in message and f"holds more than {NODE_LIMIT} values" in message


def test_nesting_up_to_the_limit_is_read(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(deep(DEPTH_LIMIT - 1), encoding="utf-8")
    with pytest.raises(ScenarioError, match="'setup' is required: a mapping"):  # read, then checked
        Scenario.from_file(path)


@pytest.mark.parametrize("kind", ["scenario", "card", "question", "lesson", "exam"])
def test_every_reader_refuses_a_file_past_the_size_limit(tmp_path, kind):
    path, message = refusal(tmp_path, kind, "name: x\n" + "# padding\n" * (FILE_LIMIT // 10 + 1))
    assert path.name in message and f"larger than {FILE_LIMIT // 1024} KB" in message


def test_a_large_file_is_refused_for_its_size_before_it_is_decoded(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"name: x\n" + "é".encode() * FILE_LIMIT)   # cut in the middle of a character
    with pytest.raises(ScenarioError, match=f"larger than {FILE_LIMIT // 1024} KB"):
        Scenario.from_file(path)


@pytest.mark.parametrize("text", [alias_bomb(), deep(20_000)], ids=["alias-bomb", "20000-deep"])
def test_check_exits_2_naming_the_file_without_a_traceback(tmp_path, text):
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "rulesdojo", "check", str(path)], capture_output=True,
                         text=True, timeout=120)  # a deadline against a hang, not a speed claim
    assert out.returncode == 2, out.stdout + out.stderr[-2000:]
    assert out.stdout.startswith(f"INVALID {path}: line {3 if '&' in text else 2}: not valid YAML: ")
    assert "Traceback" not in out.stdout + out.stderr


def test_both_loaders_read_every_shipped_file_alike_lines_included():
    import yaml

    assert len(LOADERS) == 2, "PyYAML without libyaml here: served kernels read files 3x slower"
    files = [p for p in (ROOT / "widgets").rglob("*.yaml")] + [p for p in (ROOT / "lessons").rglob("*.yaml")]
    assert len(files) > 100
    for path in files:
        text = path.read_text(encoding="utf-8")
        read = [located(yaml.load(text, Loader=each)) for each in LOADERS]  # noqa: S506 - safe loaders
        assert read[0] == read[1], path


def test_every_yaml_the_kit_reads_goes_through_the_one_safe_loader():
    import re

    import rulesdojo
    package = Path(rulesdojo.__file__).resolve().parent
    loader = package / "scenarios" / "yamlparse.py"
    direct = re.compile(r"^\s*(import yaml|from yaml\b)|\byaml\.(safe_)?(load|compose|parse|scan)\b", re.M)
    others = [str(p.relative_to(package)) for p in package.rglob("*.py") if p != loader and direct.search(p.read_text())]
    assert others == []
