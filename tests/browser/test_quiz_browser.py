"""A candidate takes the quiz in a browser, sees the score; the trainer's page then shows the attempt."""

from __future__ import annotations

import re
from pathlib import Path

from learner import answer_whatever_is_asked
from playwright.sync_api import expect

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def test_candidate_answers_three_and_trainer_sees_it(tmp_path, voila_server, page, full_screenshot):
    results = tmp_path / "results.sqlite3"
    base = voila_server(LESSONS, env={"RULESDOJO_RESULTS": str(results)})
    page.goto(base + "voila/render/quiz.ipynb", wait_until="domcontentloaded", timeout=30_000)
    name = page.get_by_role("textbox", name="Your name")
    expect(name).to_be_visible(timeout=40_000)
    expect(page.get_by_role("button", name="Exam")).to_be_visible()   # served by Voila: exam offered
    name.fill("Ana")
    name.press("Tab")
    count = page.get_by_role("spinbutton", name="Questions")
    count.fill("3")
    count.press("Tab")
    page.get_by_role("button", name="Start").click()

    for n in range(1, 4):
        expect(page.get_by_text(f"Question {n} of 3")).to_be_visible()
        answer_whatever_is_asked(page)
        feedback = page.locator(".rd-ok, .rd-error").filter(has_text=re.compile("Right|Not right")).last
        expect(feedback).to_be_visible()
        expect(feedback).to_contain_text("The answer:")
        page.get_by_role("button", name="See the results" if n == 3 else "Next question").click()

    heading = page.get_by_role("heading", name=re.compile(r"Your results: \d of 3 right"))
    expect(heading).to_be_visible()
    right = int(re.search(r"(\d) of 3", heading.inner_text()).group(1))
    rows = page.locator("table.rd-review tbody tr")
    expect(rows).to_have_count(3)
    assert sum("✓ right" in r for r in rows.all_inner_texts()) == right
    full_screenshot(page, tmp_path / "quiz.png")

    page.goto(base + "voila/render/trainer.ipynb", wait_until="domcontentloaded")
    table = page.locator("table").filter(has_text="Candidate").first
    expect(table).to_be_visible(timeout=40_000)
    row = table.locator("tr", has_text="Ana")
    expect(row).to_contain_text(f"{right}3")  # right, then answered: 3
    expect(page.get_by_role("img", name="Share of answers right, per question")).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("Download all 3 answers as CSV"))).to_be_visible()
    full_screenshot(page, tmp_path / "trainer.png")
