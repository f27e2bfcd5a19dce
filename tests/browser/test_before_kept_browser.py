"""A lesson's "Before you start" in the browser survives a reload: the learner answers it, reloads
the page (a new kernel for the same browser's learner) and sees the same question, with the same
numbers, their kept answer chosen and locked. Before this was kept, a reload drew new numbers and
the answer vanished. After the checks it is asked again, and both answers are shown side by side."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from playwright.sync_api import expect

from rulesdojo.quiz.store import ResultStore

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60_000  # ms for each step: generous, the machine may be busy with more than this test
LOAD = 2 * WAIT
LESSON = "02-cant-pay-more"


def open_lesson(page, url: str):
    page.goto(url + f"voila/render/{LESSON}.ipynb", wait_until="domcontentloaded", timeout=LOAD)
    before = page.locator(".rd-before")
    expect(before.get_by_role("heading", name="Before you start")).to_be_visible(timeout=LOAD)
    # the learner is known: their progress is shown
    expect(page.get_by_text(re.compile(r"^\d of 3 steps done"))).to_be_visible(timeout=LOAD)
    expect(before.get_by_role("button", name="Keep my answer", exact=True)).to_be_visible(timeout=LOAD)  # drawn
    return before


def test_a_reload_shows_the_same_before_question_with_the_kept_answer(tmp_path, voila_server, page):
    folder = tmp_path / "lessons"
    folder.mkdir()
    for name in (f"{LESSON}.ipynb", f"{LESSON}.yaml"):
        shutil.copy(ROOT / "lessons" / name, folder / name)
    results = tmp_path / "results.sqlite3"
    url = voila_server(folder, {"RULESDOJO_RESULTS": str(results), "RULESDOJO_IDENTITY": "typed"})
    page.set_default_timeout(WAIT)

    before = open_lesson(page, url)
    prompt = before.locator(".rd-note").first.inner_text()
    radios = before.get_by_role("radio")
    labels = [radios.nth(i).evaluate("r => r.labels[0].innerText") for i in range(radios.count())]
    radios.nth(1).check()
    before.get_by_role("button", name="Keep my answer", exact=True).click()
    expect(before.get_by_text("Kept.")).to_be_visible(timeout=WAIT)

    again = open_lesson(page, url)  # a reload: a new kernel for the same learner
    assert again.locator(".rd-note").first.inner_text() == prompt  # the same question, the same numbers
    reloaded = again.get_by_role("radio")
    assert [reloaded.nth(i).evaluate("r => r.labels[0].innerText") for i in range(reloaded.count())] == labels
    expect(reloaded.nth(1)).to_be_checked()  # the kept answer, shown
    expect(reloaded.nth(1)).to_be_disabled()  # and locked, as before the reload
    expect(again.get_by_text("Kept.")).to_be_visible()
    expect(again.get_by_role("button", name="Keep my answer", exact=True)).to_be_disabled()

    (learner,) = {r[0] for r in ResultStore(results).every_lesson_part()}
    drawn = ResultStore(results).drawn(learner, LESSON, "before:E2")
    assert drawn is not None and drawn["before"]  # kept in the results, in the learner's words


def test_after_the_checks_both_answers_are_shown_side_by_side_and_after_a_reload(tmp_path, voila_server, page):
    folder = tmp_path / "lessons"
    folder.mkdir()
    for name in (f"{LESSON}.ipynb", f"{LESSON}.yaml"):
        shutil.copy(ROOT / "lessons" / name, folder / name)
    url = voila_server(folder, {"RULESDOJO_RESULTS": str(tmp_path / "results.sqlite3"),
                                "RULESDOJO_IDENTITY": "typed"})
    page.set_default_timeout(WAIT)
    before = open_lesson(page, url)
    before.get_by_role("radio").first.check()
    before.get_by_role("button", name="Keep my answer", exact=True).click()
    expect(before.get_by_text("Kept.")).to_be_visible(timeout=WAIT)
    # not asked again before the checks
    expect(before.get_by_role("button", name="Keep my answer now", exact=True)).to_have_count(0)
    checks = page.locator(".rd-check")
    expect(checks).to_have_count(2, timeout=WAIT)
    for i in range(2):  # each check answered, after "Show me"
        checks.nth(i).get_by_role("button", name="Show me", exact=True).click()
        expect(checks.nth(i).get_by_text("The answer:")).to_be_visible(timeout=WAIT)
    again = before.get_by_role("button", name="Keep my answer now", exact=True)
    expect(again).to_be_enabled(timeout=WAIT)
    before.locator("input[type=radio]:not([disabled])").first.check()  # the same question, asked again
    again.click()
    table = before.locator("table", has_text="Your answers to this question")
    expect(table.get_by_role("columnheader")).to_have_text(["Before the lesson", "After the checks"], timeout=WAIT)
    cells = table.get_by_role("cell")
    expect(cells).to_have_count(2)
    for i in range(2):  # each answer in the learner's words, said right or wrong as text
        expect(cells.nth(i)).to_have_text(re.compile(r".+ — (right|wrong)$"))
    expect(before.get_by_text(re.compile(r"^The answer is "))).to_be_visible()
    words = [cells.nth(i).inner_text() for i in range(2)]

    reloaded = open_lesson(page, url)  # the review is still there after a reload
    cells = reloaded.locator("table", has_text="Your answers to this question").get_by_role("cell")
    expect(cells).to_have_count(2, timeout=WAIT)
    assert [cells.nth(i).inner_text() for i in range(2)] == words
    expect(reloaded.get_by_role("button", name="Keep my answer now", exact=True)).to_be_disabled()
