"""A practice quiz in Spanish and in Japanese, served by Voila.

The course page's language switch (kept per learner in the results store) is not part of this
page yet: a test notebook makes the quiz with the language's ``Words`` as the course page will
(``Quiz(words=...)``), from catalogs compiled into the test's own folder.

- Spanish, with the kit's own catalogs: every interface string in Spanish; a question text with no
  Spanish translation yet is shown in English, marked ``lang="en"`` and "(en inglés)".
- Japanese, with a catalog where every question text is translated (``language_catalogs.marked``):
  the prompt and options in the language, the answer graded, the explanation and the results in it.

Each, answered and reviewed, has no serious or critical axe-core finding.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from language_catalogs import compile_catalogs, marked
from learner import no_code_on_page
from playwright.sync_api import expect

WAIT = 40_000  # ms: the kernel starts and draws the page
STEP = 15_000  # ms: one answer graded and drawn


def quiz_notebook(folder: Path, code: str, catalogs: Path) -> Path:
    """A notebook whose one cell draws the quiz in ``code`` from ``catalogs``."""
    source = ("from pathlib import Path\n"
              "from rulesdojo.i18n import words_for\n"
              "from rulesdojo.views import Quiz\n\n"
              f"Quiz(words=words_for({code!r}, Path({str(catalogs)!r})))\n")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "quiz", "metadata": {}, "outputs": [],
                     "source": source}],
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                       "title": "Quiz"},
          "nbformat": 4, "nbformat_minor": 5}
    path = folder / f"quiz-{code}.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


def axe_findings(page) -> list[str]:
    """The page's serious and critical axe-core findings (none wanted)."""
    return [f"axe {v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
            for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]


def answer_first(page, answer_label: str, submit: str) -> None:
    """Answer as a learner who doesn't know: the first option, or 1 typed, or the order shown."""
    text = page.get_by_role("textbox", name=answer_label)
    radios = page.get_by_role("radio")
    if text.count() and text.is_visible():
        text.fill("1")
        text.press("Tab")
    elif radios.count() and radios.first.is_visible():
        radios.first.check()
    page.get_by_role("button", name=submit, exact=True).click()


def start_practice(page, url: str, labels: tuple[str, str, str], heading: str | None = None) -> None:
    """Open the quiz page and start a practice of two questions as Ana, by the start screen's words in
    the page's language (``labels``: the name box, the count box, the start button)."""
    page.goto(url, wait_until="domcontentloaded", timeout=30_000)
    name_box, count_box, start = labels
    name = page.get_by_role("textbox", name=name_box)
    expect(name).to_be_visible(timeout=WAIT)
    no_code_on_page(page)
    if heading is not None:
        expect(page.get_by_role("heading", name=heading)).to_be_visible(timeout=STEP)
    name.fill("Ana")
    name.press("Tab")
    count = page.get_by_role("spinbutton", name=count_box)
    count.fill("2")
    count.press("Tab")
    page.get_by_role("button", name=start, exact=True).click()


def test_a_practice_quiz_in_spanish_marks_what_is_still_in_english(tmp_path, voila_server, page):
    catalogs = compile_catalogs(tmp_path / "catalogs", codes=("es",))
    notebook = quiz_notebook(tmp_path, "es", catalogs)
    base = voila_server(tmp_path, env={"RULESDOJO_RESULTS": str(tmp_path / "results.sqlite3")})
    start_practice(page, base + f"voila/render/{notebook.name}", ("Tu nombre", "Preguntas", "Empezar"),
                   "Cuestionario de formación de jueces")

    for n in (1, 2):
        expect(page.get_by_role("status").filter(has_text=f"Pregunta {n} de 2")).to_be_visible(timeout=STEP)
        prompt = page.locator(".rd-note").filter(visible=True).first
        english = prompt.locator("[lang=en]")
        if english.count():  # a prompt with no Spanish yet: English, marked so
            expect(prompt.locator(".rd-untranslated").first).to_have_text("(en inglés)", timeout=STEP)
        answer_first(page, "Tu respuesta", "Enviar")
        feedback = page.locator(".rd-ok, .rd-error").filter(has_text=re.compile("Correcto|No es correcto")).last
        expect(feedback).to_be_visible(timeout=STEP)
        if n == 1:  # a question answered, its verdict and explanation shown, some text marked English
            assert axe_findings(page) == []
        go_on = page.get_by_role("button", name="Ver los resultados" if n == 2 else "Siguiente pregunta")
        expect(go_on).to_be_visible(timeout=STEP)
        go_on.click()

    heading = page.get_by_role("heading", name=re.compile(r"Tus resultados: \d de 2 correctas"))
    expect(heading).to_be_visible(timeout=STEP)
    expect(page.locator("table.rd-review tbody tr")).to_have_count(2, timeout=STEP)
    expect(page.locator("table.rd-review caption")).to_have_text("Tus respuestas", timeout=STEP)
    assert axe_findings(page) == []


def test_a_practice_quiz_in_japanese_asks_and_explains_in_japanese(tmp_path, voila_server, page):
    catalogs = compile_catalogs(tmp_path / "catalogs", codes=("ja",), every=marked)
    notebook = quiz_notebook(tmp_path, "ja", catalogs)
    base = voila_server(tmp_path, env={"RULESDOJO_RESULTS": str(tmp_path / "results.sqlite3")})
    start_practice(page, base + f"voila/render/{notebook.name}", ("あなたの名前", "問題数", "開始"))

    for n in (1, 2):
        expect(page.get_by_role("status").filter(has_text=f"問題 {n}／2")).to_be_visible(timeout=STEP)
        prompt = page.locator(".rd-note").filter(visible=True).first
        expect(prompt).to_contain_text("⟦ja⟧", timeout=STEP)  # the question's own text, translated
        assert prompt.locator("[lang=en]").count() == 0
        radios = page.get_by_role("radio")
        if radios.count() and radios.first.is_visible():
            labels = radios.evaluate_all("rs => rs.map(r => r.closest('label').innerText)")
            assert all("⟦ja⟧" in label or label in ("はい", "いいえ") for label in labels), labels
            expect(page.locator(".rd-keys").filter(visible=True)).to_contain_text("キー：1–", timeout=STEP)
        answer_first(page, "あなたの答え", "送信")
        feedback = page.locator(".rd-ok, .rd-error").filter(has_text=re.compile("正解です|不正解です")).last
        expect(feedback).to_be_visible(timeout=STEP)
        expect(feedback.locator(".rd-explanation p").first).to_contain_text("⟦ja⟧", timeout=STEP)
        assert "{answer}" not in feedback.inner_text() and "{n}" not in feedback.inner_text()
        if n == 1:
            assert axe_findings(page) == []
        go_on = page.get_by_role("button", name="結果を見る" if n == 2 else "次の問題")
        expect(go_on).to_be_visible(timeout=STEP)
        go_on.click()

    heading = page.get_by_role("heading", name=re.compile(r"結果：2 問中 \d 問正解。"))
    expect(heading).to_be_visible(timeout=STEP)
    rows = page.locator("table.rd-review tbody tr")
    expect(rows).to_have_count(2, timeout=STEP)
    assert axe_findings(page) == []
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the Japanese review wraps, no sideways scroll
    expect(page.locator("table.rd-results td[data-label='理由']").first).to_have_css("display", "block", timeout=STEP)
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
