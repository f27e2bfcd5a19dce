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

from rulesdojo.lessons import lessons

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def tab_to(page, target, limit: int = 60) -> int:
    """Press Tab until the target has the focus; return how many presses it took."""
    for n in range(1, limit + 1):
        page.keyboard.press("Tab")
        if target.evaluate("el => el === document.activeElement || el.contains(document.activeElement)"):
            return n
    raise AssertionError(f"{limit} presses of Tab didn't reach {target}")


def right_answer(lesson: int, key: str) -> str:
    """The answer the engine computes for a lesson's check (the page never sends it)."""
    return lessons()[lesson].part(key).variant().solution().right_answer_text


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

    # Lesson 7 with the keyboard only (and, for the README, its screenshot): order three landfall
    # triggers, then answer a check with Enter.
    page.goto(base + "voila/render/07-landfall.ipynb", wait_until="domcontentloaded")
    task = part(page, "You choose the order")
    forest = task.get_by_role("button", name="Forest", exact=True)
    expect(forest).to_be_visible(timeout=40_000)
    expect(page).to_have_title(re.compile("^Lesson 7: Landfall"))
    tabs = tab_to(page, forest)
    page.keyboard.press("Enter")                     # the card's actions, focus on the first
    expect(task.get_by_role("menuitem", name="Play Forest")).to_be_focused()
    page.keyboard.press("Enter")
    expect(task.get_by_role("listbox")).to_be_visible()
    lynx = task.get_by_role("option").filter(has_text="Steppe Lynx")
    tabs += tab_to(page, lynx)
    for _ in range(2):
        page.keyboard.press("Alt+ArrowUp")           # to the top of the stack: it resolves first
    expect(task.get_by_role("option").first).to_contain_text("Steppe Lynx")
    expect(task.get_by_role("option").first).to_contain_text("top: resolves first")
    tabs += tab_to(page, task.get_by_role("button", name="Put them on the stack"))
    page.keyboard.press("Enter")
    top = task.get_by_role("list", name="Stack, top first").get_by_role("listitem").first
    expect(top).to_contain_text("Steppe Lynx")
    expect(top).to_contain_text("top: resolves next")
    tabs += tab_to(page, task.get_by_role("button", name="Resolve top"))
    page.keyboard.press("Enter")
    expect(task.get_by_text("✓ Done.")).to_be_visible()
    check = part(page, "what is Steppe Lynx's power?")
    tabs += tab_to(page, check.get_by_label("Your answer"))
    page.keyboard.press("Control+A")
    page.keyboard.type(str(right_answer(7, "lynx-power")))
    page.keyboard.press("Enter")                     # Enter submits the answer
    expect(check.get_by_text("✓ Right.")).to_be_visible()
    assert tabs < 80, f"{tabs} presses of Tab to finish the task and the check"
    shot = full_screenshot(page, tmp_path / "lesson-07.png")
    assert shot.stat().st_size > 10_000
    assert not [u for u in page.blocked if "127.0.0.1" not in u], page.blocked
    if os.environ.get("RULESDOJO_SCREENSHOT_DIR"):
        target = Path(os.environ["RULESDOJO_SCREENSHOT_DIR"])
        target.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, target / "lesson-07.png")
