"""The sandbox's scenarios folder: names lead only to files inside it; uploads are read in memory, capped."""

import pytest

from rulesdojo.rules.errors import ScenarioError
from rulesdojo.scenarios.folder import REFUSED, UPLOAD_LIMIT, ScenarioRefused, listed, opened, uploaded

GOOD = "name: Inside\nsetup:\n  players:\n    - {name: Alice, hand: [Forest]}\n    - {name: Nadia}\n"


@pytest.fixture
def folder(tmp_path):
    inside = tmp_path / "scenarios"
    inside.mkdir()
    (inside / "inside.yaml").write_text(GOOD)
    (tmp_path / "outside.yaml").write_text(GOOD.replace("Inside", "Outside"))
    (inside / "link.yaml").symlink_to(tmp_path / "outside.yaml")
    (inside / "sub").mkdir()
    return inside


def test_a_listed_name_opens_its_scenario(folder):
    assert listed(folder) == [("Inside", "inside.yaml"), ("link.yaml", "link.yaml")]
    assert opened(folder, "inside.yaml").name == "Inside"


@pytest.mark.parametrize("name", ["../outside.yaml", "sub/../../outside.yaml", "link.yaml", "sub",
                                  "/etc/passwd", "/etc/hostname", "inside.yaml\x00", "missing.yaml",
                                  "..", ""])
def test_every_name_leading_outside_or_nowhere_gets_the_one_generic_message(folder, name):
    with pytest.raises(ScenarioRefused) as refused:
        opened(folder, name)
    assert str(refused.value) == REFUSED
    assert "outside" not in str(refused.value) and "/" not in str(refused.value)


def test_an_absolute_path_into_the_folder_itself_is_still_refused_when_it_names_a_folder(folder):
    with pytest.raises(ScenarioRefused):
        opened(folder, str(folder))
    assert opened(folder, str(folder / "inside.yaml")).name == "Inside"  # the same file, by its full name


def test_an_upload_is_read_in_memory_and_capped(folder):
    assert uploaded("mine.yaml", GOOD.encode()).name == "Inside"
    with pytest.raises(ScenarioError, match="larger than 64 KB"):
        uploaded("big.yaml", b"#" * (UPLOAD_LIMIT + 1))
    with pytest.raises(ScenarioError, match="not a text file"):
        uploaded("bin.yaml", b"\xff\xfe\x00")
    with pytest.raises(ScenarioError) as bad:
        uploaded("../../etc/bad.yaml", b"name: [unclosed\n")
    assert str(bad.value).startswith("bad.yaml: line 2")
