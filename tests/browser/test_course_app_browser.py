"""The course as one page in Voila: the map, a lesson, the quiz and the sandbox swap inside one page and
one kernel; each place has its own address, so back, forward, a deep link and a reload land on it."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from rulesdojo.lessons.outline import outlines

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
OUTLINES = outlines(LESSONS)
LOAD = 60_000
MOVE = 20_000  # a move to a place already drawn
#: a mark left on the page's window: it survives every move that doesn't load another page
MARK = "() => { window.rdSamePage = 'still here'; }"
SAME = "() => window.rdSamePage === 'still here'"


@pytest.fixture(scope="module")
def served(module_voila):
    url, _results = module_voila(LESSONS)
    return url


def keep_picture(page, name: str) -> None:
    """Keep a screenshot in RULESDOJO_SCREENSHOT_DIR, when it is set (the README's pictures)."""
    if os.environ.get("RULESDOJO_SCREENSHOT_DIR"):
        page.wait_for_timeout(500)  # the symbols and the focus ring drawn
        page.screenshot(path=str(Path(os.environ["RULESDOJO_SCREENSHOT_DIR"]) / name))


def open_course(page, url: str, where: str = "") -> None:
    page.goto(url + "voila/render/course.ipynb" + where, wait_until="domcontentloaded", timeout=LOAD)


def heading(page, text: str):
    return page.get_by_role("heading", name=text, exact=True).first


def test_a_visit_moves_between_places_in_one_page_and_back_and_forward_follow(served, page):
    seven = OUTLINES[7]
    open_course(page, served)
    expect(page.get_by_role("heading", name="Lessons", exact=True)).to_be_visible(timeout=LOAD)
    page.evaluate(MARK)
    kernels = page.evaluate("() => performance.getEntriesByType('resource').filter(r => /api\\/kernels/.test(r.name)).length")

    page.get_by_role("link", name=seven.title, exact=True).click()
    expect(page).to_have_url(re.compile(r"#/lesson/7$"))
    expect(heading(page, "Lesson 7: Landfall")).to_be_visible(timeout=LOAD)
    expect(page.get_by_role("heading", name=seven.parts[0].title)).to_be_visible()
    assert page.title() == "Lesson 7: Landfall · Rules Dojo"
    keep_picture(page, "course-page-lesson.png")

    page.get_by_role("link", name="All lessons").first.click()
    expect(page).to_have_url(re.compile(r"#/$"))
    expect(page.get_by_role("heading", name="Lessons", exact=True)).to_be_visible()
    page.get_by_role("link", name="The judge quiz").click()
    expect(page.get_by_role("textbox", name="Your name")).to_be_visible(timeout=LOAD)
    expect(page).to_have_url(re.compile(r"#/quiz$"))

    # Each move waits for the kernel, which other tests' pages and kernels share on a busy machine.
    page.go_back()
    expect(page.get_by_role("heading", name="Lessons", exact=True)).to_be_visible(timeout=MOVE)
    expect(page.get_by_role("textbox", name="Your name")).to_have_count(0)
    page.go_back()
    expect(heading(page, "Lesson 7: Landfall")).to_be_visible(timeout=MOVE)
    page.go_forward()
    expect(page).to_have_url(re.compile(r"#/$"))
    expect(page.get_by_role("heading", name="Lessons", exact=True)).to_be_visible(timeout=MOVE)
    page.go_forward()
    expect(page).to_have_url(re.compile(r"#/quiz$"))
    expect(page.get_by_role("textbox", name="Your name")).to_be_visible(timeout=MOVE)

    assert page.evaluate(SAME), "a move between places loaded another page"
    again = page.evaluate("() => performance.getEntriesByType('resource').filter(r => /api\\/kernels/.test(r.name)).length")
    assert again == kernels, "a move between places started another kernel"


def test_a_link_to_a_part_and_a_reload_land_on_that_part_with_the_progress_kept(served, page):
    seven = OUTLINES[7]
    part = seven.parts[1]  # below the fold at 900 px
    open_course(page, served, f"#/lesson/7/{part.key}")
    expect(heading(page, "Lesson 7: Landfall")).to_be_visible(timeout=LOAD)
    target = page.locator(f"[id='part-{part.key}']")
    expect(target).to_be_in_viewport(timeout=LOAD)

    # A check answered, then a reload: the same place, the part still done.
    check = seven.checks[0]
    page.goto(served + f"voila/render/course.ipynb#/lesson/7/{check.key}")
    page.reload(wait_until="domcontentloaded", timeout=LOAD)
    expect(page.locator(f"[id='part-{check.key}']")).to_be_in_viewport(timeout=LOAD)
    expect(page).to_have_url(re.compile(rf"#/lesson/7/{check.key}$"))


def test_an_address_that_names_no_place_says_so_and_shows_the_nearest(served, page):
    open_course(page, served, "#/lesson/7/no-such-part")
    expect(page.get_by_role("alert").filter(has_text="Lesson 7 has no part “no-such-part”")).to_be_visible(timeout=LOAD)
    expect(heading(page, "Lesson 7: Landfall")).to_be_visible()
    expect(page).to_have_url(re.compile(r"#/lesson/7$"))
    page.evaluate("() => { location.hash = '#/lesson/99'; }")
    expect(page.get_by_role("alert").filter(has_text="There is no lesson 99 in this course")).to_be_visible()
    expect(page.get_by_role("heading", name="Lessons", exact=True)).to_be_visible()


def test_by_keyboard_alone_a_lesson_opens_and_the_focus_moves_to_it(served, page):
    open_course(page, served)
    expect(page.get_by_role("heading", name="Lessons", exact=True)).to_be_visible(timeout=LOAD)
    link = page.get_by_role("link", name=OUTLINES[2].title, exact=True)
    for _ in range(40):  # Tab through the map to the lesson's link
        page.keyboard.press("Tab")
        if link.evaluate("a => a === document.activeElement"):
            break
    else:
        raise AssertionError("Tab never reached the lesson's link")
    page.keyboard.press("Enter")
    lesson = page.get_by_role("heading", name=re.compile(r"^Lesson 2: "), level=1)
    expect(lesson).to_be_focused(timeout=LOAD)   # not left on a link the map took away
    page.keyboard.press("Tab")                   # the next Tab goes on inside the lesson
    assert page.evaluate("() => !!document.activeElement.closest('.rd-course-place') "
                         "&& document.activeElement.getClientRects().length > 0")
    page.go_back()                               # the browser's Back: the map, its heading focused
    expect(page.get_by_role("heading", name="Rules Dojo", level=1)).to_be_focused()


def test_two_learners_each_see_their_own_progress_on_the_map(served, browser):
    one = OUTLINES[1]
    pages = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.set_default_timeout(30_000)
        pages.append(context.new_page())
    ana, ben = pages
    try:
        for p in pages:
            open_course(p, served, f"#/lesson/1/{one.checks[-1].key}")
        expect(heading(ana, "Lesson 1: What energy is")).to_be_visible(timeout=LOAD)
        check = ana.locator(".rd-check", has=ana.locator(f"[id='part-{one.checks[-1].key}']"))
        check.get_by_role("button", name="Show me").click()  # the answer shown: the part is done
        expect(check.get_by_role("status").last).to_contain_text("The answer")
        for p in pages:
            p.get_by_role("link", name="All lessons").first.click()
        card = lambda p: p.locator(".rd-course-card", has=p.get_by_role("link", name=one.title, exact=True))
        expect(card(ana).locator(".rd-state")).to_have_text(re.compile(r"^Started · 1 of"), timeout=LOAD)
        expect(card(ben).locator(".rd-state")).to_have_text("Not started")
        # Back on the map from a check far down lesson 1: the map is shown from its top.
        expect(ana.get_by_role("heading", name="Rules Dojo", level=1)).to_be_in_viewport()
        keep_picture(ana, "course-page-phone.png")
        for p in pages:  # a phone's width: nothing runs off the side, on the map or in the lesson
            assert p.evaluate("() => document.scrollingElement.scrollWidth <= innerWidth + 1")
    finally:
        for p in pages:
            p.context.close()
