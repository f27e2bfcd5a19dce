"""A candidate practises in a browser and sees the score; the candidates' server never serves the trainer."""

from __future__ import annotations

import re
from pathlib import Path

from learner import answer_whatever_is_asked, start_quiz
from playwright.sync_api import expect

from rulesdojo.quiz.store import ResultStore

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def test_candidate_practises_three_and_the_trainer_is_not_served(tmp_path, voila_server, page, full_screenshot):
    results = tmp_path / "results.sqlite3"
    base = voila_server(LESSONS, env={"RULESDOJO_RESULTS": str(results)})
    page.goto(base + "voila/render/quiz.ipynb", wait_until="domcontentloaded", timeout=30_000)
    name = page.get_by_role("textbox", name="Your name")
    expect(name).to_be_visible(timeout=40_000)
    expect(page.get_by_role("button", name="Exam")).to_be_visible()   # served by Voila: exam offered
    start_quiz(page, "Ana", 3)

    for n in range(1, 4):  # three questions asked means three: a missed one comes back inside them
        status = page.get_by_role("status").filter(has_text=re.compile(rf"Question {n} of \d"))
        expect(status).to_be_visible()
        total = int(re.search(r"of (\d)", status.inner_text()).group(1))
        assert total == 3
        answer_whatever_is_asked(page)
        feedback = page.locator(".rd-ok, .rd-error").filter(has_text=re.compile("Right|Not right")).last
        expect(feedback).to_be_visible()
        expect(feedback.locator("[role=tooltip]")).to_have_count(0)  # rulings named, not read out
        last = page.get_by_role("button", name="See the results")
        if last.is_visible():
            last.click()
            break
        page.get_by_role("button", name="Next question").click()

    heading = page.get_by_role("heading", name=re.compile(rf"Your results: \d of {total} right"))
    expect(heading).to_be_visible()
    right = int(re.search(r"(\d) of", heading.inner_text()).group(1))
    rows = page.locator("table.rd-review tbody tr")
    expect(rows).to_have_count(total)
    assert sum("✓ right" in r for r in rows.all_inner_texts()) == right
    assert n == total == 3
    full_screenshot(page, tmp_path / "quiz.png")
    expect(page.locator("table.rd-review .rd-rule")).to_have_count(0)  # rules named in a text: plain, no badge

    page.set_viewport_size({"width": 390, "height": 844})  # a phone: each answer a block, the Why readable whole
    why = page.locator("table.rd-results td[data-label='Why']")
    expect(why).to_have_count(total)
    expect(why.first).to_have_css("display", "block")
    fits = why.evaluate_all("""cells => cells.map(c => { const r = c.getBoundingClientRect();
        return [c.scrollWidth <= c.clientWidth, r.left >= 0 && r.right <= innerWidth, c.innerText.trim().length]; })""")
    assert all(inside and seen and letters > 20 for inside, seen, letters in fits), fits
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")  # no sideways scroll
    full_screenshot(page, tmp_path / "quiz-390.png")

    assert ResultStore(results).history("Ana")[-1].mode == "practice"
    assert page.request.get(base + "voila/render/trainer.ipynb").status == 404
    assert page.request.get(base + "voila/files/trainer.ipynb").status in (403, 404)


def test_the_quiz_results_show_no_symbol_code_and_list_each_explanations_steps(tmp_path, voila_server, page):
    """Walk finding 5: a raw {U} in the results, and literal "- " bullets in the explanations."""
    base = voila_server(LESSONS, env={"RULESDOJO_RESULTS": str(tmp_path / "results.sqlite3")})
    page.goto(base + "voila/render/quiz.ipynb", wait_until="domcontentloaded", timeout=30_000)
    expect(page.get_by_role("textbox", name="Your name")).to_be_visible(timeout=40_000)
    rulings = page.get_by_role("listbox", name="Rulings")
    labels = [" ".join(t.split()) for t in rulings.locator("option").evaluate_all("os => os.map(o => o.textContent)")]
    rulings.select_option(index=next(i for i, t in enumerate(labels) if t.startswith("Energy ruling 7")))
    start_quiz(page, "Ana", 10)                  # every question on the ruling: mana answers among them
    asked = 0
    while True:
        expect(page.get_by_role("status").filter(has_text=f"Question {asked + 1} of 10")).to_be_visible()
        how = page.locator(".rd-note p.rd-type").filter(visible=True).last.inner_text()
        text = page.get_by_role("textbox", name="Your answer")
        if how.startswith(("Answer with", "Type", "List the names")):   # an answer typed in
            expect(text).to_be_visible()
            expect(text).to_have_value("")       # the last answer cleared: this field is the new question's
            text.fill("U")                       # a mana answer is one blue mana; any other is wrong
            text.press("Tab")
            page.get_by_role("button", name="Submit", exact=True).click()
        else:
            expect(text).to_be_hidden()
            answer_whatever_is_asked(page)
        asked += 1
        expect(page.locator(".rd-ok, .rd-error").filter(has_text=re.compile("Right|Not right")).last).to_be_visible()
        last = page.get_by_role("button", name="See the results")
        if last.is_visible():
            last.click()
            break
        page.get_by_role("button", name="Next question").click()
        assert asked < 10
    results = page.locator("table.rd-results")
    expect(results).to_be_visible()
    shown = results.inner_text()
    assert "{" not in shown and "}" not in shown, shown
    assert not [line for line in shown.splitlines() if line.strip().startswith("- ")]
    expect(results.locator("td[data-label='Your answer'] svg").first).to_be_visible()  # the {U} given, drawn
    expect(results.locator(".rd-explanation li").first).to_be_visible()              # the steps as a list
