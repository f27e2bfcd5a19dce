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
