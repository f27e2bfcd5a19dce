"""Reviews due on the course page in Voila: a learner whose rulings came due (seeded through the
store) sees "Due today" on the map, presses Review, answers with the keys alone (1-4, Enter) only
what is due, and back on the map sees nothing left but when the next review comes. Set
RULESDOJO_SCREENSHOT_DIR=folder to keep the map with reviews due (the README's image,
docs/images/course-map-reviews-due.png)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from reviews_seeded import KEY, seed
from test_course_app_browser import LOAD, MOVE, keep_picture, open_course

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
STEP = 30_000  # each answer waits for the kernel, which other tests' pages share on a busy machine


@pytest.fixture(scope="module")
def served_with_results(module_voila):
    return module_voila(LESSONS)


def review_by_keys(page) -> int:
    """Answer every question of the review with the keys: 1 chooses, Enter submits, Enter goes on;
    return how many were answered."""
    answered = 0
    results = page.get_by_role("heading", name=re.compile(r"^Your results"))
    while not results.is_visible():
        status = page.get_by_role("status").filter(has_text=re.compile(r"^Question \d+ of \d+"))
        expect(status).to_be_visible(timeout=STEP)
        expect(page.get_by_text(re.compile(r"^Keys: 1–\d choose an option"))).to_be_visible()
        page.keyboard.press("1")
        expect(page.get_by_role("radio").first).to_be_checked(timeout=STEP)
        page.keyboard.press("Enter")
        expect(page.get_by_role("button", name=re.compile("^(Next question|See the results)$"))).to_be_visible(timeout=STEP)
        number = int(re.match(r"Question (\d+)", status.inner_text()).group(1))
        page.keyboard.press("Enter")
        answered += 1
        # Going on is done when the next question's number shows (a question marked may redraw its
        # options unchecked before the Enter that goes on is read: a "1" pressed then was lost).
        page.wait_for_function("""(number) => document.querySelector('.rd-results') || [...document.querySelectorAll(
            '[role=status]')].some(s => Number((/^Question (\\d+) of/.exec(s.innerText) || [])[1]) > number)""",
                               arg=number, timeout=STEP)
        assert answered < 20, "the review never ended"
    return answered


def test_due_today_then_review_by_keys_then_the_map_says_what_is_left(served_with_results, page):
    url, results = served_with_results
    due = seed(results)
    page.add_init_script(f"localStorage.setItem('rulesdojo-learner-key', '{KEY}')")
    open_course(page, url)
    line = page.locator(".rd-due")
    expect(line).to_contain_text(re.compile(rf"Due today: {due} rulings to review, about \d+ minutes?"), timeout=LOAD)
    keep_picture(page, "course-map-reviews-due.png")

    line.get_by_role("button", name="Review").click()
    expect(page).to_have_url(re.compile(r"#/review$"), timeout=MOVE)
    expect(page.get_by_role("heading", name="Review what is due", level=1)).to_be_visible(timeout=MOVE)
    # no practice kept under a name in this browser yet: the review asks for one
    page.get_by_role("textbox", name="Your name").fill("Ana")
    page.get_by_role("button", name="Start the review").click()
    expect(page.get_by_role("status").filter(has_text=f"Question 1 of {due}")).to_be_visible(timeout=STEP)
    assert review_by_keys(page) >= due
    expect(page.get_by_text("When each ruling comes back for review")).to_be_visible()

    page.get_by_role("link", name="Back to the course map").click()
    expect(page).to_have_url(re.compile(r"#/$"), timeout=MOVE)
    # What is left: nothing, the next review's time said; or, for a ruling missed (FSRS brings a
    # lapse back within minutes), fewer rulings than before.
    said = line.get_by_role("status")
    expect(said).to_have_text(re.compile(rf"^(Next review in \d+ (minutes?|hours?|days?)|"
                                         rf"Due today: [1-{due - 1}] rulings? to review, about \d+ minutes?)$"), timeout=MOVE)
    if said.inner_text().startswith("Next review"):
        expect(line.get_by_role("button", name="Review")).to_be_hidden()
