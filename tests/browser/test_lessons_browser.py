"""A learner takes a lesson in a browser: landing page, a link, every task and check, no code shown.

Set RULESDOJO_SCREENSHOT_DIR=folder to keep the lesson 7 screenshot (the README's image).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from learner import no_code_on_page, part, take_lesson_1
from playwright.sync_api import expect

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def test_landing_page_to_a_completed_lesson(tmp_path, voila_server, page, full_screenshot):
    base = voila_server(LESSONS, env={"RULESDOJO_RESULTS": str(tmp_path / "results.sqlite3")})
    page.goto(base + "voila/render/index.ipynb", wait_until="domcontentloaded", timeout=30_000)
    first = page.get_by_role("link", name="What energy is")
    expect(first).to_be_visible(timeout=40_000)
    titles = page.locator("ol li a").all_inner_texts()
    assert titles[:2] == ["What energy is", "You can't pay more energy than you have"] or len(titles) >= 10
    no_code_on_page(page)
    first.click()

    page.wait_for_url(re.compile(r"01-what-energy-is\.ipynb"))
    take_lesson_1(page)
    full_screenshot(page, tmp_path / "lesson-01.png")

    # Lesson 7, for the README: order three landfall triggers.
    page.goto(base + "voila/render/07-landfall.ipynb", wait_until="domcontentloaded")
    task = part(page, "You choose the order")
    expect(task.get_by_role("button", name="Forest", exact=True)).to_be_visible(timeout=40_000)
    task.get_by_role("button", name="Forest", exact=True).click()
    task.get_by_role("menuitem", name="Play Forest").click()
    expect(task.get_by_role("listbox")).to_be_visible()
    task.get_by_role("option").filter(has_text="Steppe Lynx").focus()
    for _ in range(3):
        page.keyboard.press("Alt+ArrowUp")   # keyboard ordering: Lynx goes on top
    expect(task.get_by_role("option").first).to_contain_text("Steppe Lynx")
    task.get_by_role("button", name="Put them on the stack").click()
    task.get_by_role("button", name="Resolve top").click()
    expect(task.get_by_text("✓ Done.")).to_be_visible()
    shot = full_screenshot(page, tmp_path / "lesson-07.png")
    assert shot.stat().st_size > 10_000
    assert not [u for u in page.blocked if "127.0.0.1" not in u], page.blocked
    if os.environ.get("RULESDOJO_SCREENSHOT_DIR"):
        target = Path(os.environ["RULESDOJO_SCREENSHOT_DIR"])
        target.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, target / "lesson-07.png")
