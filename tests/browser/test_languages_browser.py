"""The course page in Spanish and in Japanese in Voila: the browser's language first, lesson 7 in it
(the document's lang, the title, the buttons), the switch in the page's header picking another one
and kept across a reload, axe clean in both, and nothing wider than a 390 px phone; two learners at
once, each with their own choice, and two tabs of one learner sharing theirs."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect


sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_course_app_browser import keep_picture  # noqa: E402
from test_every_page import SIDEWAYS_JS  # noqa: E402

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
LOAD = 60_000
DRAWN = 30_000  # the page drawn again in another language
KEYS = 20  # Shift+Tab presses from the lesson's heading to the switch, at most
#: every element shown in English for want of a translation is followed by the mark that says so
UNMARKED_JS = """() => [...document.querySelectorAll('.rd-course-stage [lang="en"]')]
  .filter(el => !el.parentElement.closest('[lang="en"]'))
  .filter(el => !el.matches('.rd-oracle-en'))  // the card's Oracle text, English by design and labelled so
  .filter(el => { let next = el.nextElementSibling;
                  return !(next && (next.matches('.rd-untranslated') || next.querySelector('.rd-untranslated'))); })
  .map(el => el.textContent.trim().slice(0, 60))"""


@pytest.fixture(scope="module")
def served(module_voila):  # the kit's committed catalogs (tests/i18n keeps them current)
    url, _results = module_voila(LESSONS)
    return url


def _axe_problems(page) -> list[str]:
    return [f"axe {v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
            for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]


RULES = {"es": "Mostrar los números de regla", "ja": "ルール番号を表示"}


def _reads_as(page, code: str, lesson_title: str, hint: str) -> None:
    """The page shows lesson 7 in the language ``code``: the document's lang, its title, a task's
    Hint button, the switch; what is in English for want of a translation says so."""
    expect(page.locator("html")).to_have_attribute("lang", code, timeout=DRAWN)
    expect(page).to_have_title(re.compile("^" + re.escape(lesson_title)), timeout=DRAWN)
    expect(page.get_by_role("button", name=hint, exact=True).first).to_be_visible(timeout=DRAWN)
    expect(page.locator(".rd-language select")).to_have_value(code)
    expect(page.get_by_role("checkbox", name=RULES[code], exact=True).first).to_be_attached(timeout=DRAWN)
    assert page.evaluate(UNMARKED_JS) == []


def _fits_a_phone(page) -> list[str]:
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)  # laid out again
    wide = page.evaluate(SIDEWAYS_JS)
    page.set_viewport_size({"width": 1280, "height": 900})
    return wide


@pytest.mark.parametrize("code,other,title,hint,other_title,other_hint,label", [
    ("es", "ja", "Lección 7: ", "Pista", "レッスン7: ", "ヒント", "Idioma"),
    ("ja", "es", "レッスン7: ", "ヒント", "Lección 7: ", "Pista", "言語"),
])
def test_lesson_7_in_the_browsers_language_and_the_switch_kept_across_a_reload(
        served, browser, code, other, title, hint, other_title, other_hint, label):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale={"es": "es-ES", "ja": "ja-JP"}[code])
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(served + "voila/render/course.ipynb#/lesson/7", wait_until="domcontentloaded", timeout=LOAD)
        _reads_as(page, code, title, hint)
        if code == "ja":  # the README's picture: lesson 7's first task in Japanese
            page.locator("#part-every-land").scroll_into_view_if_needed()
            keep_picture(page, "lesson-7-japanese.png")
        assert _axe_problems(page) == []
        assert _fits_a_phone(page) == []

        switch = page.get_by_label(label, exact=True)
        # Reached by the keyboard: from the lesson's heading (focused on arrival), back up the page
        heading = page.locator("#rd-place-lesson-7")
        heading.focus()
        for _ in range(KEYS):
            if page.evaluate("() => document.activeElement.matches('.rd-language select')"):
                break
            page.keyboard.press("Shift+Tab")
        expect(switch).to_be_focused()
        switch.select_option(other)
        _reads_as(page, other, other_title, other_hint)
        expect(page).to_have_url(re.compile(r"#/lesson/7$"))  # the address stays

        page.reload(wait_until="domcontentloaded", timeout=LOAD)
        _reads_as(page, other, other_title, other_hint)  # kept for this learner, not the browser's
        assert _axe_problems(page) == []
        assert _fits_a_phone(page) == []
        assert errors == []
    finally:
        context.close()


def test_two_learners_keep_their_own_language_and_two_tabs_of_one_share_it(served, browser):
    ana = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES")
    ben = browser.new_context(viewport={"width": 1280, "height": 900}, locale="es-ES")
    for context in (ana, ben):
        context.set_default_timeout(20_000)
    try:
        lesson = served + "voila/render/course.ipynb#/lesson/7"
        ana_page, ben_page = ana.new_page(), ben.new_page()
        for page in (ana_page, ben_page):
            page.goto(lesson, wait_until="domcontentloaded", timeout=LOAD)
            _reads_as(page, "es", "Lección 7: ", "Pista")
        ana_page.get_by_label("Idioma", exact=True).select_option("ja")
        _reads_as(ana_page, "ja", "レッスン7: ", "ヒント")
        keep_picture(ana_page, "lesson-7-japanese-390.png")
        # Ben, at the same time on the same server, keeps his Spanish across a reload.
        ben_page.reload(wait_until="domcontentloaded", timeout=LOAD)
        _reads_as(ben_page, "es", "Lección 7: ", "Pista")
        # Ana's second tab is Ana: it opens in the language she chose in the first.
        second = ana.new_page()
        second.goto(lesson, wait_until="domcontentloaded", timeout=LOAD)
        _reads_as(second, "ja", "レッスン7: ", "ヒント")
    finally:
        ana.close()
        ben.close()
