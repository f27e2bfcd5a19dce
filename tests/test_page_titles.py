"""Each served notebook's page title names it (Voila takes the title from the notebook's metadata)."""

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted([*ROOT.glob("lessons/*.ipynb"), *ROOT.glob("mentor/*.ipynb")])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_page_title_is_the_first_heading(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    heading = next(("".join(c["source"]).splitlines()[0] for c in nb["cells"] if c["cell_type"] == "markdown"),
                   None)
    if heading is None:  # the course page: one cell, each place of it sets the page's title as it is shown
        assert path.name == "course.ipynb" and nb["metadata"].get("title") == "Rules Dojo"
        return
    assert heading.startswith("# ")
    assert nb["metadata"].get("title", "").removesuffix(" · Rules Dojo") == heading[2:].strip()
