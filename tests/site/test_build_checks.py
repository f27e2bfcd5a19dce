"""build-site refuses, with a plain message and before downloading anything, folders it must not use."""

from pathlib import Path

from rulesdojo.cli import main as rulesdojo

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def test_a_folder_holding_other_files_is_left_as_it_was(tmp_path, capsys):
    out = tmp_path / "notes"
    out.mkdir()
    (out / "mine.txt").write_text("keep me")
    assert rulesdojo(["build-site", str(out), "--lessons", str(LESSONS), "--cache", str(tmp_path / "c")]) == 1
    err = capsys.readouterr().err
    assert "already holds something else than a site built before" in err and "Traceback" not in err
    assert (out / "mine.txt").read_text() == "keep me" and not (tmp_path / "c").exists()


def test_a_lessons_folder_without_its_landing_page(tmp_path, capsys):
    assert rulesdojo(["build-site", str(tmp_path / "site"), "--lessons", str(tmp_path)]) == 1
    assert "has no index.ipynb" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


def test_the_packages_the_worker_loads_after_the_map_are_those_the_lock_leaves_for_later():
    import json
    import re

    from rulesdojo.site.build import HOST
    from rulesdojo.site.wheels import LATER
    worker = (HOST / "worker.js").read_text(encoding="utf-8")
    assert set(json.loads(re.search(r"const LATER = (\[.*?\]);", worker).group(1))) == LATER
