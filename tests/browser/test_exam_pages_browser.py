"""One candidate's exam in a real Voila: open in several tabs of one browser, the tab that resumed
the attempt holds it, a submitted exam never changes, and tabs pressing Start at once on a
one-attempt exam store one attempt; the last answer given while the results file is locked is
saved though the page and its kernel are gone before the file is back."""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

from playwright.sync_api import expect
from learner import answer_whatever_is_asked
from test_exam_browser import (HEADER, WAIT, candidates_env, kernels, mentor_defines_the_exam, open_exam,
                               question_status)

from rulesdojo.quiz.store import ResultStore
from rulesdojo.serve.serving import identity_args

ROOT = Path(__file__).resolve().parents[2]


def tabs(browser, n):
    context = browser.new_context(extra_http_headers={"X-Forwarded-User": "ana"},
                                  viewport={"width": 1400, "height": 900})
    context.set_default_timeout(WAIT)
    return context, [context.new_page() for _ in range(n)]


def test_a_submitted_exam_never_changes_from_another_tab(tmp_path, voila_processes, browser):
    exams = mentor_defines_the_exam(tmp_path)
    _, url = voila_processes(ROOT / "lessons", candidates_env(tmp_path, exams), extra_args=identity_args(HEADER))
    results = tmp_path / "results.sqlite3"
    context, (tab_a, tab_b) = tabs(browser, 2)
    open_exam(tab_a, url, "ana")
    tab_a.get_by_role("button", name="Start").click()
    question_status(tab_a, 1)
    answer_whatever_is_asked(tab_a)
    question_status(tab_a, 2)

    open_exam(tab_b, url, "ana")                                  # tab B resumes: it holds the attempt now
    expect(tab_b.get_by_text("You have an attempt under way")).to_be_visible(timeout=WAIT)
    tab_b.get_by_role("button", name="Start").click()
    question_status(tab_b, 2)

    answer_whatever_is_asked(tab_a)                               # tab A is told, and shows nothing
    expect(tab_a.get_by_role("alert")).to_contain_text("opened again on another page", timeout=WAIT)
    expect(tab_a.locator("table.rd-review")).to_have_count(0)
    tab_a.get_by_role("button", name="Back to the start").click()
    tab_a.get_by_role("button", name="Start").click()             # tab A takes it back and submits
    question_status(tab_a, 2)
    tab_a.get_by_role("button", name="Submit the exam now").click()
    tab_a.get_by_role("button", name="Submit, and see the results").click()
    expect(tab_a.get_by_role("heading", name=re.compile(r"Your results: \d of 3 right"))).to_be_visible(timeout=WAIT)
    expect(tab_a.locator("table.rd-review")).to_be_visible(timeout=WAIT)   # the right answers, shown
    (submitted,) = ResultStore(results).records("club-night", "ana")
    assert submitted.ended_by == "finished"

    answer_whatever_is_asked(tab_b)                               # tab B answers after the review
    expect(tab_b.get_by_role("alert")).to_contain_text("This exam was submitted from another page", timeout=WAIT)
    expect(tab_b.locator("table.rd-review")).to_have_count(0)
    assert "Traceback" not in tab_b.locator("body").inner_text()
    (after,) = ResultStore(results).records("club-night", "ana")
    assert after == submitted
    assert len(ResultStore(results).answers(after.id)) == 1
    context.close()


def test_four_tabs_pressing_start_at_once_store_one_attempt(tmp_path, voila_processes, browser):
    exams = mentor_defines_the_exam(tmp_path)
    _, url = voila_processes(ROOT / "lessons", candidates_env(tmp_path, exams), extra_args=identity_args(HEADER))
    context, pages = tabs(browser, 4)
    for page in pages:
        open_exam(page, url, "ana")
        expect(page.get_by_text("Attempts used: 0 of 1")).to_be_visible(timeout=WAIT)
    at = time.time() * 1000 + 2000                                # the same moment in every tab
    for page in pages:
        page.get_by_role("button", name="Start").evaluate("(b, at) => setTimeout(() => b.click(), at - Date.now())", at)
    for page in pages:
        expect(page.get_by_role("status").filter(has_text=re.compile(r"Question 1 of 3"))
               .or_(page.get_by_role("alert"))).to_be_visible(timeout=2 * WAIT)
    records = ResultStore(tmp_path / "results.sqlite3").records("club-night", "ana")
    assert len(records) == 1
    context.close()


def test_the_last_answer_given_while_the_results_are_locked_is_saved_after_the_page_and_its_kernel_are_gone(
        tmp_path, voila_processes, browser):
    exams = mentor_defines_the_exam(tmp_path)
    proc, url = voila_processes(ROOT / "lessons", candidates_env(tmp_path, exams), extra_args=identity_args(HEADER))
    results = tmp_path / "results.sqlite3"
    context, (page,) = tabs(browser, 1)
    open_exam(page, url, "ana")
    page.get_by_role("button", name="Start").click()
    for n in (1, 2):
        question_status(page, n)
        answer_whatever_is_asked(page)
    question_status(page, 3)
    holder = sqlite3.connect(results, isolation_level=None)      # another program locks the file
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        answer_whatever_is_asked(page)                            # the last answer submits the exam
        notice = page.get_by_role("status").filter(has_text="Results are not being saved")
        expect(notice).to_be_visible(timeout=3 * WAIT)
        expect(page.get_by_role("heading", name=re.compile(r"Your results: \d of 3 right"))).to_be_visible(
            timeout=WAIT)
        said = notice.inner_text()
        page.close()
        (kernel,) = kernels(proc)                                 # culled, or worse, before the file is back
        kernel.kill()
        kernel.wait(10)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    (rec,) = ResultStore(results).records("club-night", "ana")    # the next store to start writes them
    assert rec.ended is not None and rec.ended_by == "finished"
    assert len(ResultStore(results).answers(rec.id)) == 3
    assert not list(tmp_path.glob("results.sqlite3.unsaved-*"))
    assert "tried again every few seconds, also after this page is closed" in said
    context.close()
