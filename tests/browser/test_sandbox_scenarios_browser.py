"""N5: the sandbox page opens on an operator's scenarios folder (``rulesdojo serve --scenarios DIR``)
that doesn't hold the shipped demo, showing the folder's first board, not a cell's error."""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import expect
from served import read_page

from rulesdojo.scenarios.folder import FOLDER_ENV

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 180


def test_the_sandbox_opens_on_a_scenarios_folder_without_the_shipped_demo(tmp_path, voila_processes, page):
    boards = tmp_path / "boards"
    boards.mkdir()
    shutil.copy(ROOT / "widgets/rulesdojo/scenarios/02-fizzle.yaml", boards)
    site = tmp_path / "site"
    site.mkdir()
    shutil.copy(ROOT / "lessons/sandbox.ipynb", site)
    _, url = voila_processes(site, {FOLDER_ENV: str(boards)})
    served = read_page(url + "voila/render/sandbox.ipynb", DEADLINE)
    assert served.status == 200 and served.ended
    assert "There was an error when executing cell" not in served.text
    # In a browser: the folder's one board is open, its title on the sandbox's title line.
    page.goto(url + "voila/render/sandbox.ipynb", timeout=DEADLINE * 1000)
    expect(page.locator("b", has_text="Harnessed Lightning against Unsummon")).to_be_visible(
        timeout=DEADLINE * 1000)
    expect(page.get_by_text("There was an error")).to_have_count(0)
