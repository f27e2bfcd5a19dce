"""The site's pages take the kit's YAML files as its build read them: the same values, lines included,
and a file that changed since is read afresh."""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

import pytest

from rulesdojo.scenarios import yamlparse, yamlsource
from yaml_shape import located

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted([*(ROOT / "widgets").rglob("*.yaml"), *(ROOT / "lessons").rglob("*.yaml")])


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """Keep every shipped file as the build does, and count what is parsed afresh."""
    path = tmp_path / "kept-yaml.pickle"
    path.write_bytes(yamlsource.keep(f.read_text(encoding="utf-8") for f in FILES))
    monkeypatch.setattr(yamlsource, "KEPT", path)
    yamlsource._kept_texts.cache_clear()
    parsed = []
    real = yamlparse.parse
    monkeypatch.setattr(yamlparse, "parse", lambda text: parsed.append(text) or real(text))
    yield parsed
    yamlsource._kept_texts.cache_clear()


def test_every_shipped_file_is_taken_as_kept_with_its_lines(kept):
    assert len(FILES) > 100
    for f in FILES:
        text = f.read_text(encoding="utf-8")
        assert located(yamlsource.load(text)) == located(yamlparse.parse(text)), f
    assert len(kept) == len(FILES)  # only the comparisons above parsed


def test_a_kept_value_changed_by_its_reader_is_fresh_the_next_time(kept):
    text = (ROOT / "lessons" / "01-what-energy-is.yaml").read_text(encoding="utf-8")
    first = yamlsource.load(text)
    first["parts"].pop()
    first["title"] = "changed"
    again = yamlsource.load(text)
    assert again["title"] != "changed" and len(again["parts"]) == len(first["parts"]) + 1
    assert kept == []


def test_a_file_changed_since_the_build_is_read_afresh_and_errors_keep_their_place(kept):
    from rulesdojo.lessons.data import LessonError
    text = (ROOT / "lessons" / "01-what-energy-is.yaml").read_text(encoding="utf-8")
    assert yamlsource.load(text + "\nextra: 1\n")["extra"] == 1
    assert len(kept) == 1
    with pytest.raises(LessonError, match=r"x\.yaml: line 2: not valid YAML: found an anchor"):
        yamlsource.load_text(text.replace("\n", "\na: &x [1]\n", 1), LessonError, "x.yaml")


def test_the_build_keeps_every_yaml_file_of_the_kit_wheel(tmp_path):
    from rulesdojo.site.wheels import with_kept_yaml, write_wheel
    files = {"kit-0.dist-info/METADATA": b"Name: kit\n", "kit/a.yaml": b"a: 1\n", "kit/b.yml": b"b: [1\n"}
    wheel = write_wheel(tmp_path / "kit-0-py3-none-any.whl", files)
    with zipfile.ZipFile(with_kept_yaml(wheel)) as z:
        kept = yamlsource.pickle.loads(z.read(f"rulesdojo/{yamlsource.KEPT.name}"))
    assert list(kept) == [yamlsource._digest("a: 1\n")]  # b.yml doesn't parse: read, and refused, where it is loaded


def test_a_file_of_the_learners_own_where_no_yaml_parser_is_gets_a_plain_message(monkeypatch):
    """The practice site carries no PyYAML: an uploaded scenario (a text its build didn't read) is refused
    in words, not with an import error."""
    from rulesdojo.rules.errors import ScenarioError
    monkeypatch.setitem(sys.modules, "yaml", None)   # importing it fails, as in the site's browser
    monkeypatch.delitem(sys.modules, "rulesdojo.scenarios.yamlparse", raising=False)
    with pytest.raises(ScenarioError) as refused:
        yamlsource.load_text("players: [Alice]\n", ScenarioError, "mine.yaml")
    assert str(refused.value).startswith("mine.yaml: the practice site in your browser reads only")
