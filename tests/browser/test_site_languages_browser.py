"""The static site in the learner's language: a browser set to Japanese gets the course map in Japanese
at once (before Python runs), lesson 7 and a practice question in Japanese; the learner switches to
Spanish, and the page keeps Spanish across a reload and offline, the map before Python too.

The site is the one every site test shares (``site``, ``site_url`` in conftest.py), served on
127.0.0.1; here the site's service worker runs, as in a learner's browser, so that the site opens offline after the visit.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from test_site_browser import KERNEL_READY, STORED_PARTS

pytestmark = pytest.mark.timeout(900)  # the first test waits for the site's build
STEP = 30_000  # ms: a place drawn, once Python runs
#: the course map shown before Python runs: which one shows, the page's lang, and its words
STATIC_MAP = """() => {
  const shown = [...document.querySelectorAll(".rulesdojo-course-now")].filter((m) => !m.hidden);
  return {shown: shown.map((m) => m.lang), page: document.documentElement.lang,
          python: Boolean(document.querySelector(".rd-course-page")),
          text: shown.map((m) => m.textContent).join(" ")};
}"""
#: resolves true once the browser's storage holds the learner's kept language (one setting)
STORED_SETTING = STORED_PARTS.replace('"lesson_parts") === parts', '"learner_settings") === parts')
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def map_before_python(page, code: str, lesson_1: str, starting: str) -> None:
    """The page, just read, shows the course map in ``code`` only, Python not yet drawn."""
    seen = page.evaluate(STATIC_MAP)
    assert not seen["python"], "Python drew the page before the map could be looked at"
    assert (seen["shown"], seen["page"]) == ([code], code), seen
    assert lesson_1 in seen["text"] and starting in seen["text"], seen["text"][:300]


def lesson_7_reads_as(page, code: str, title: str, name: str) -> None:
    """Lesson 7 drawn by the page's Python in ``code``: the document's lang and title, the lesson's
    heading, the switch."""
    expect(page.locator("html")).to_have_attribute("lang", code, timeout=KERNEL_READY)
    expect(page).to_have_title(re.compile("^" + re.escape(title)), timeout=STEP)
    expect(page.locator("#rd-place-lesson-7")).to_contain_text(title, timeout=STEP)
    switch = page.locator(".rd-language select")
    expect(switch).to_have_value(code, timeout=STEP)
    expect(switch.locator("option:checked")).to_have_text(name)


def wait_until_kept(page, timeout: float = 60.0) -> None:
    """Wait until the browser's storage holds the learner's language choice."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(STORED_SETTING, 1):
        assert time.monotonic() < deadline, "the browser's storage never held the language chosen"
        page.wait_for_timeout(200)


def test_the_site_in_japanese_then_spanish_kept_across_a_reload_and_offline(site_url, offline_browser):
    context = offline_browser.new_context(viewport={"width": 1280, "height": 900}, locale="ja-JP",
                                          service_workers="allow")
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(site_url, wait_until="domcontentloaded")
        map_before_python(page, "ja", "エネルギーとは", "ブラウザーでPythonを起動しています")
        note = page.locator(".rulesdojo-practice-note:not([hidden])")
        expect(note).to_have_attribute("lang", "ja")
        expect(note).to_contain_text("これは練習用サイトです")
        # A lesson chosen on the map before Python runs opens once it does, in Japanese.
        page.locator(".rulesdojo-course-now:not([hidden])").get_by_role("link", name="上陸", exact=True).click()
        lesson_7_reads_as(page, "ja", "レッスン7: 上陸", "日本語")

        page.evaluate("() => { location.hash = '#/quiz'; }")
        name = page.get_by_role("textbox", name="あなたの名前")
        expect(name).to_be_visible(timeout=STEP)
        name.fill("Ana")
        name.press("Tab")
        count = page.get_by_role("spinbutton", name="問題数")
        count.fill("1")
        count.press("Tab")
        page.get_by_role("button", name="開始", exact=True).click()
        expect(page.get_by_role("status").filter(has_text="問題 1／1")).to_be_visible(timeout=STEP)
        prompt = page.locator(".rd-note").filter(visible=True).first
        expect(prompt).to_contain_text(JAPANESE, timeout=STEP)  # the question's own text, translated
        expect(page.get_by_role("button", name="送信", exact=True)).to_be_visible()

        page.evaluate("() => { location.hash = '#/lesson/7'; }")
        lesson_7_reads_as(page, "ja", "レッスン7: 上陸", "日本語")
        page.get_by_label("言語", exact=True).select_option("es")
        lesson_7_reads_as(page, "es", "Lección 7: Aterrizaje", "Español")
        expect(note).to_contain_text("Este es el sitio de práctica")  # the note follows the switch
        wait_until_kept(page)
        # Kept for the site: before the next visit's Python, by the page; then by the results store.
        page.reload(wait_until="domcontentloaded")
        map_before_python(page, "es", "Qué es la energía", "Python se está iniciando")
        lesson_7_reads_as(page, "es", "Lección 7: Aterrizaje", "Español")

        # The offline status in the note's language too: it is said before Python, by the page's script.
        expect(note.get_by_role("status")).to_contain_text("Listo para usar sin conexión", timeout=KERNEL_READY)
        context.set_offline(True)
        page.reload(wait_until="domcontentloaded")
        map_before_python(page, "es", "Qué es la energía", "Python se está iniciando")
        lesson_7_reads_as(page, "es", "Lección 7: Aterrizaje", "Español")
        assert errors == []
    finally:
        context.close()
