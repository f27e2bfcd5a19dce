"""Two browsers on one typed-identity Voila server with preheated kernels, as ``rulesdojo serve``
runs it: each browser is its own learner (its anonymous key), sees only its own lessons' progress,
sees it true on the first load, and can't take over an exam started under the same typed name."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from playwright.sync_api import expect
from learner import answer_whatever_is_asked, part
from test_exam_browser import mentor_defines_the_exam

from rulesdojo.serve.serving import class_args

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60_000  # ms for each step: generous, the machine may be busy with more than this test
LOAD = 2 * WAIT


def learner(browser):
    """A browser context of its own: another person, with storage of its own."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(WAIT)
    return context


def typed_server(tmp_path, voila_processes, folder: Path, **env) -> str:
    _, url = voila_processes(folder, {"RULESDOJO_RESULTS": str(tmp_path / "results.sqlite3"),
                                      "RULESDOJO_IDENTITY": "typed", **env},
                             pool_size=2, extra_args=class_args())
    return url


def open_lesson_1(page, url: str, done: int) -> None:
    page.goto(url + "voila/render/01-what-energy-is.ipynb", wait_until="domcontentloaded", timeout=LOAD)
    expect(page.get_by_text(f"{done} of 4 steps done")).to_be_visible(timeout=LOAD)


def course_row(page, url: str):
    page.goto(url + "voila/render/index.ipynb", wait_until="domcontentloaded", timeout=LOAD)
    return page.locator("li", has=page.get_by_role("link", name="What energy is", exact=True))


def test_each_browser_sees_its_own_lessons_true_on_the_first_load(tmp_path, voila_processes, browser):
    folder = tmp_path / "lessons"
    folder.mkdir()
    for name in ("index.ipynb", "01-what-energy-is.ipynb", "01-what-energy-is.yaml"):
        shutil.copy(ROOT / "lessons" / name, folder / name)
    url = typed_server(tmp_path, voila_processes, folder)
    ana, ben = learner(browser), learner(browser)
    try:
        page = ana.new_page()
        open_lesson_1(page, url, 0)
        first, second = part(page, "Get two, pay five"), part(page, "A permanent leaving takes no energy")
        for n in (1, 2):
            first.get_by_role("button", name="Show me the next move").click()
            expect(first.get_by_text(f"Move {n} of 2")).to_be_visible(timeout=WAIT)
        expect(first.get_by_text("✓ Done.")).to_be_visible(timeout=WAIT)
        second.get_by_role("button", name="Show me the next move").click()  # the Forest: a board mid-task
        expect(second.get_by_text("on top of the stack")).to_be_visible(timeout=WAIT)
        expect(page.get_by_text("1 of 4 steps done")).to_be_visible(timeout=WAIT)

        other = ben.new_page()  # another person: nothing of Ana's, and what he does stays his
        expect(course_row(other, url).locator(".rd-state")).to_have_text("Not started", timeout=LOAD)
        open_lesson_1(other, url, 0)
        expect(part(other, "Get two, pay five").get_by_role("status").first).to_contain_text("Now:")
        theirs = part(other, "A permanent leaving takes no energy")
        expect(theirs.get_by_text("on top of the stack")).to_have_count(0)
        for n in range(1, 6):  # Ben finishes the other task: his, not Ana's
            theirs.get_by_role("button", name="Show me the next move").click()
            expect(theirs.get_by_text(f"Move {n} of 5")).to_be_visible(timeout=WAIT)
        expect(theirs.get_by_text("✓ Done.")).to_be_visible(timeout=WAIT)
        expect(other.get_by_text("1 of 4 steps done")).to_be_visible(timeout=WAIT)

        # Ana's kernels were preheated before she did anything: each shows her state as it is now.
        expect(course_row(page, url).locator(".rd-state")).to_have_text("Started · 1 of 4 parts done",
                                                                         timeout=LOAD)
        open_lesson_1(page, url, 1)  # a reload in the middle of the lesson
        expect(part(page, "Get two, pay five").get_by_text("✓ Done.")).to_be_visible(timeout=WAIT)
        mine = part(page, "A permanent leaving takes no energy")
        expect(mine.get_by_text("on top of the stack")).to_be_visible(timeout=WAIT)  # her board, mid-task
        expect(mine.get_by_text("✓ Done.")).to_have_count(0)
    finally:
        ana.close()
        ben.close()


def open_exam(page, url: str, name: str) -> None:
    page.goto(url + "voila/render/quiz.ipynb", wait_until="domcontentloaded", timeout=LOAD)
    field = page.get_by_role("textbox", name="Your name")
    expect(field).to_be_visible(timeout=LOAD)
    page.get_by_role("button", name="Exam", exact=True).click()
    expect(page.get_by_role("combobox", name="Exam")).to_have_value("Club night check", timeout=WAIT)
    field.fill(name)
    field.press("Tab")


def test_typing_a_candidates_name_in_another_browser_does_not_reach_their_exam(tmp_path, voila_processes, browser):
    exams = mentor_defines_the_exam(tmp_path)  # one attempt at three questions
    url = typed_server(tmp_path, voila_processes, ROOT / "lessons", RULESDOJO_EXAMS=str(exams))
    candidate, impostor = learner(browser), learner(browser)
    try:
        page = candidate.new_page()
        open_exam(page, url, "Ana Lopez")
        page.get_by_role("button", name="Start").click()
        expect(page.get_by_role("status").filter(has_text="Question 1 of 3")).to_be_visible(timeout=WAIT)
        answer_whatever_is_asked(page)
        expect(page.get_by_role("status").filter(has_text="Question 2 of 3")).to_be_visible(timeout=WAIT)

        other = impostor.new_page()
        open_exam(other, url, "Ana Lopez")
        # Nothing of the name's history shows in another browser; Start is refused all the same.
        expect(other.get_by_text("Attempts used: 0 of 1")).to_be_visible(timeout=WAIT)
        expect(other.get_by_text("under way")).to_have_count(0)
        other.get_by_role("button", name="Start").click()
        expect(other.get_by_role("alert")).to_contain_text("was started in another browser", timeout=WAIT)
        expect(other.get_by_text(re.compile(r"Question \d of 3"))).to_have_count(0)
        expect(other.get_by_text("Your results")).to_have_count(0)

        tab = candidate.new_page()  # the candidate's own second tab: the same browser
        open_exam(tab, url, "Ana Lopez")
        expect(tab.get_by_text("You have an attempt under way: Start resumes it.")).to_be_visible(timeout=WAIT)
        tab.get_by_role("button", name="Start").click()
        expect(tab.get_by_role("status").filter(has_text="Question 2 of 3")).to_be_visible(timeout=WAIT)
    finally:
        candidate.close()
        impostor.close()
