"""Two tabs of one browser on the static site: one learner in two places. Each tab's Python holds its
own copy of the results kept in the browser, so one tab uses the course at a time: the second says
the course is open in another tab, and its button moves the course there, with what the first tab
did. A reload of the tab that has the course is no second tab."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from learner import part

KERNEL_READY = 240_000  # ms: Pyodide starts in the page; the machine may be busy
STEP = 60_000
OPENED = "The course is open in another tab of this browser."
MOVED = "The course is open in another tab of this browser now. What you did here is kept."


def lesson_1_steps(page, done: int) -> None:
    expect(page.get_by_text(f"{done} of 4 steps done")).to_be_visible(timeout=KERNEL_READY)


def get_two_pay_five(page) -> None:
    task = part(page, "Get two, pay five")
    amount = task.get_by_label("Amount")
    for value, verb in (("2", "Get energy"), ("5", "Pay energy")):
        amount.fill(value)
        amount.press("Tab")
        task.get_by_role("button", name=verb).click()
    expect(task.get_by_text("✓ Done.")).to_be_visible(timeout=STEP)


def test_a_second_tab_says_where_the_course_is_and_moves_it_there_with_the_progress(site_url, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    first, errors = context.new_page(), []
    try:
        first.on("pageerror", lambda e: errors.append(str(e)))
        first.goto(site_url + "#/lesson/1", wait_until="domcontentloaded")
        lesson_1_steps(first, 0)
        get_two_pay_five(first)
        lesson_1_steps(first, 1)

        second = context.new_page()
        second.on("pageerror", lambda e: errors.append(str(e)))
        second.goto(site_url + "#/lesson/1", wait_until="domcontentloaded")
        note = second.get_by_role("alert").filter(has_text=OPENED)
        expect(note).to_be_visible(timeout=STEP)
        use_here = note.get_by_role("button", name="Use the course here")
        expect(use_here).to_be_focused()                      # the way on, at the keyboard's reach
        assert second.locator(".jupyter-widgets").count() == 0  # no second Python writing the results
        assert first.locator(".jupyter-widgets").count() > 0    # the first tab goes on meanwhile
        second.keyboard.press("Enter")

        expect(first.get_by_role("alert").filter(has_text=MOVED)).to_be_visible(timeout=STEP)
        expect(first.locator(".jupyter-widgets")).to_have_count(0)  # its widgets no longer answer
        lesson_1_steps(second, 1)                             # what the first tab did, here
        expect(second.get_by_role("alert").filter(has_text=OPENED)).to_be_hidden()

        # The tab that has the course, reloaded, has it still: no "another tab" for a reload.
        second.reload(wait_until="domcontentloaded")
        lesson_1_steps(second, 1)
        assert second.get_by_role("alert").filter(has_text=re.compile("another tab")).count() == 0

        # And back: the first tab takes it again.
        first.get_by_role("button", name="Use the course here").click()
        expect(second.get_by_role("alert").filter(has_text=MOVED)).to_be_visible(timeout=STEP)
        lesson_1_steps(first, 1)
        assert errors == []
    finally:
        context.close()
