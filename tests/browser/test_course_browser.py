"""A learner takes the whole course in a browser, one Voila server for every lesson.

In each lesson: every check gets one wrong try (a hint shows, the answer doesn't), then the right
answer; every task is played to its goal with "Show me the next move"; the page is reloaded after
the first part (lesson 1: reached again by the course map's Continue button, keyboard only), and the
lesson resumes with that part done; the recap opens once the checks are answered. Then the course map shows every lesson done but not mastered (every check took two tries),
with a link back to the lesson for each ruling it teaches. (Playing tasks through the board itself: test_lessons_browser.py.)
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from rulesdojo.lessons.data import Task, load_lessons
from rulesdojo.lessons.outline import outlines, unmastered

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
COURSE = load_lessons(LESSONS)
OUTLINES = outlines(LESSONS)
LOAD = 60_000


@pytest.fixture(scope="module")
def course(module_voila, browser):
    """One Voila server on the lessons folder and one page, for the whole walk."""
    url, _results = module_voila(LESSONS)
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(
        (url, "data:", "blob:")) else route.abort())
    yield page, url
    context.close()


def snippet(text: str) -> str:
    """A piece of a prompt or title that the page shows as plain text."""
    plain = re.split(r"[{\"“(]", text)[0].strip()
    return " ".join(plain.split()[:16])  # enough words to tell apart checks that open alike (lesson 11)


def region(page, part):
    """The widget box of one lesson part: a task by its heading, a check by its prompt."""
    if isinstance(part, Task):
        return page.locator(".widget-vbox", has=page.get_by_role("heading", name=part.title, exact=True)).filter(
            has=page.get_by_role("button", name="Show me the next move")).last
    return page.locator(".widget-vbox", has=page.get_by_text(snippet(part.variant().prompt))).filter(
        has=page.get_by_role("button", name="Check my answer")).last


def play_task(page, task: Task) -> None:
    box = region(page, task)
    moves = [i + 1 for i, s in enumerate(task.solution) if not (isinstance(s, dict) and "rejected" in s)]
    for k in moves:
        box.get_by_role("button", name="Show me the next move").click()
        expect(box.get_by_text(f"Move {k} of {len(task.solution)}")).to_be_visible()
    expect(box.get_by_text("✓ Done.")).to_be_visible()


def answer_check(page, check) -> None:
    v = check.variant()
    right = v.solution().right_answer_text
    wrong = next(o for o in v.options if o != right) if v.options else str(int(right) + 1)
    box = region(page, check)

    def give(value: str) -> None:
        if v.options:
            box.get_by_label(value, exact=True).check()
        else:
            field = box.get_by_label("Your answer")
            field.fill(value)
            field.press("Tab")
        box.get_by_role("button", name="Check my answer").click()

    give(wrong)
    feedback = box.get_by_role("status").last
    expect(feedback).to_contain_text("Not yet")
    expect(feedback).to_contain_text("Try again")
    assert right not in feedback.inner_text()
    give(right)
    expect(box.get_by_text("✓ Right.")).to_be_visible()


FOCUSED_JS = """() => { const a = document.activeElement, s = getComputedStyle(a);
  return [a.className, s.outlineStyle, s.outlineWidth]; }"""


def continue_from_the_course_map(page, url: str, lesson) -> None:
    """Go back to the course map and on by its Continue button, with the keyboard only: it opens the
    lesson at the first part not finished."""
    page.goto(url + "voila/render/index.ipynb", wait_until="domcontentloaded", timeout=LOAD)
    card = page.locator(".rd-course-card", has=page.get_by_role("link", name=lesson.title, exact=True))
    expect(card).to_contain_text(f"Started · 1 of {len(lesson.parts)} parts done", timeout=LOAD)
    go = page.get_by_role("link", name=re.compile(rf"^Continue: {lesson.number}\. "))
    expect(go).to_have_attribute("href", re.compile(rf"^{re.escape(lesson.notebook)}#."))
    for _ in range(5):  # the first things a Tab reaches
        page.keyboard.press("Tab")
        if go.evaluate("a => a === document.activeElement"):
            break
    cls, outline, width = page.evaluate(FOCUSED_JS)
    assert "rd-continue" in cls and outline != "none" and width != "0px"  # a focus ring on the button
    anchor = unquote(go.get_attribute("href").split("#", 1)[1])
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(re.escape(lesson.notebook) + "#"), timeout=LOAD)
    expect(page.get_by_text(f"1 of {len(lesson.parts)} steps done")).to_be_visible(timeout=LOAD)
    part = page.locator(f"[id='{anchor}']")  # the part's own widget carries that id
    expect(part).to_have_count(1, timeout=LOAD)
    expect(part).to_be_in_viewport(timeout=LOAD)  # and the page scrolled to it


def open_lesson(page, url: str, lesson, done: int) -> None:
    page.goto(url + f"voila/render/{lesson.notebook}", wait_until="domcontentloaded", timeout=LOAD)
    expect(page.get_by_text(f"{done} of {len(lesson.parts)} steps done")).to_be_visible(timeout=LOAD)


@pytest.mark.parametrize("number", sorted(COURSE))
def test_a_learner_takes_each_lesson(course, number):
    page, url = course
    lesson = COURSE[number]
    open_lesson(page, url, lesson, 0)
    expect(page.get_by_text("The recap opens once you've answered the checks above.")).to_be_visible()
    for i, part in enumerate(lesson.parts):
        if isinstance(part, Task):
            play_task(page, part)
        else:
            answer_check(page, part)
        if i == 0:  # a reload in the middle of the lesson resumes it
            if number == 1:
                continue_from_the_course_map(page, url, lesson)
            else:
                open_lesson(page, url, lesson, 1)
            first = region(page, part)
            expect(first.get_by_text(re.compile("✓ Done|Answered before"))).to_be_visible(timeout=LOAD)
    # each check took two tries: the lesson is done, not mastered; the recap opens after the checks
    line = page.get_by_text(f"{len(lesson.parts)} of {len(lesson.parts)} steps done — lesson done ✓ · "
                            f"0 of {len(lesson.checks)} checks mastered")
    expect(line).to_be_in_viewport()  # the progress line stays in view at the end of the page
    expect(page.get_by_text("The recap opens once")).to_have_count(0)
    expect(page.get_by_role("heading", name="Recap")).to_be_visible()
    nav = page.get_by_role("navigation", name="Lessons").last
    expect(nav.get_by_role("link").last).to_have_attribute(
        "href", COURSE[number + 1].notebook if number + 1 in COURSE else "quiz.ipynb")


def test_the_course_map_then_shows_every_lesson_done(course):
    page, url = course
    page.goto(url + "voila/render/index.ipynb", wait_until="domcontentloaded", timeout=LOAD)
    for lesson in COURSE.values():
        title = page.get_by_role("link", name=lesson.title, exact=True)
        row = page.locator(".rd-course-card", has=title)
        expect(row.locator(".rd-state")).to_have_text(f"Finished · 0/{len(lesson.checks)} checks mastered",
                                                      timeout=LOAD)
        assert "underline" in title.evaluate("a => getComputedStyle(a).textDecorationLine")  # a link looks like one
        # Each ruling a missed check asks about (every check took two tries), once, back to the lesson.
        back = row.locator(".rd-go-back li")
        missed = unmastered(OUTLINES[lesson.number], {c.key: False for c in lesson.checks})
        assert missed, f"lesson {lesson.number}: every check was missed, so some ruling is listed"
        expect(back).to_have_count(len(missed))
        expect(back.first).to_contain_text("Not yet mastered:")
        expect(back.first.get_by_role("link")).to_have_attribute("href", lesson.notebook)
    expect(page.get_by_role("link", name="The judge quiz", exact=True)).to_have_attribute("href", "quiz.ipynb")
    expect(page.get_by_role("link", name="The sandbox", exact=True)).to_have_attribute("href", "sandbox.ipynb")
    expect(page.get_by_role("link", name="Go on to the judge quiz", exact=True)).to_have_attribute("href", "quiz.ipynb")
    expect(page.get_by_text("Then", exact=True)).to_have_count(0)
