"""A lesson page's first import costs little more than ipywidgets: the engine, PyYAML, pydantic and
the results store are imported when a cell first needs them, not with it."""

import json
import subprocess
import sys
from pathlib import Path

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
DEFERRED = ("yaml", "pydantic", "sqlite3", "anywidget", "rulesdojo.rules", "rulesdojo.scenarios",
            "rulesdojo.quiz", "rulesdojo.state")


def first_import(notebook: Path) -> str:
    """Return the import lines of a notebook's first code cell."""
    cells = json.loads(notebook.read_text())["cells"]
    source = "".join(next(c for c in cells if c["cell_type"] == "code")["source"])
    return "\n".join(line for line in source.splitlines() if line.startswith(("from ", "import ")))


def test_every_lesson_pages_first_import_leaves_the_engine_yaml_and_the_store_for_later():
    pages = sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))
    statements = {first_import(page) for page in pages}
    code = "\n".join(["import sys", *statements,
                      f"print(sorted(m for m in sys.modules if m.startswith({DEFERRED!r})))"])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert len(pages) > 5 and all("rulesdojo.lessons" in s for s in statements)
    assert out.stdout.strip() == "[]"


#: what the static site's Python has when the course map is made: pydantic comes after (PyYAML never
#: comes, but the site's build keeps every shipped YAML file as parsed data: here PyYAML reads them)
SITE_START = r"""
import sys

class Absent:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pydantic", "pydantic_core"):
            raise ModuleNotFoundError(f"No module named {name!r} (not loaded yet on the static site)")

sys.meta_path.insert(0, Absent())
from rulesdojo.kit import Kit
from rulesdojo.lessons.app import course
course(Kit.from_environment())
print(sorted(m for m in sys.modules if m.startswith(("rulesdojo.rules", "rulesdojo.scenarios.scenario",
                                                      "rulesdojo.state.game_model"))))
"""


def test_the_course_map_is_made_before_the_engine_and_pydantic_are_loaded(tmp_path):
    """The static site shows the course map as soon as Python has started and loads pydantic (and
    with it the engine's scenarios) only then: making the map must need neither."""
    out = subprocess.run([sys.executable, "-c", SITE_START], capture_output=True, text=True, timeout=120,
                         cwd=LESSONS, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                                           "PYTHONPATH": str(LESSONS.parent / "widgets")})
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip() == "[]"
