"""The static practice site published under a path (``/sub/``, as a GitHub Pages project site is), in
chromium that resolves no host but 127.0.0.1 and lets the site register its service worker, as a
learner's browser does.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from rulesdojo.cli import main as rulesdojo
from rulesdojo.site.steps import default_cache

from conftest import SERVER_START_TIMEOUT, _wait_until_up, free_port
from learner import answer_whatever_is_asked, start_quiz, take_lesson_1
from test_site_browser import wait_until_stored

pytestmark = pytest.mark.timeout(1200)  # the site's build, then two rounds of Pyodide starting in the page
LESSONS = Path(__file__).resolve().parents[2] / "lessons"
KERNEL_READY = 240_000  # ms: Pyodide starts the kernel in the page; the machine may be busy
SUB = "sub"


@pytest.fixture(scope="module")
def published(tmp_path_factory):
    """The site built into ``ROOT/sub`` and ``python -m http.server`` serving ROOT: the site's URL."""
    root = tmp_path_factory.mktemp("host")
    assert rulesdojo(["build-site", str(root / SUB), "--lessons", str(LESSONS), "--cache", str(default_cache())]) == 0
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
                              cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/{SUB}/"
    try:
        _wait_until_up(url, server, Path("/dev/null"), SERVER_START_TIMEOUT)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture
def learner_page(offline_browser, published):
    """A fresh browser profile whose every request reaching the network is recorded: none may leave the
    site's path."""
    context = offline_browser.new_context(viewport={"width": 1400, "height": 900}, service_workers="allow")
    context.set_default_timeout(30_000)
    seen: list[str] = []

    def reached_network(request):
        response = request.response()
        if not (response and response.from_service_worker):
            seen.append(request.url)

    context.on("requestfinished", reached_network)
    context.on("requestfailed", lambda r: seen.append(r.url))
    page = context.new_page()
    yield page
    context.close()
    outside = [u for u in seen if not u.startswith((published, "data:", "blob:"))]
    assert seen and not outside, outside


def lesson_1_and_a_practice_question(page, url: str) -> None:
    page.goto(url)
    page.locator(".rd-course-page").get_by_role("link", name="What energy is", exact=True).click(timeout=KERNEL_READY)
    page.wait_for_url(re.compile(rf"/{SUB}/#/lesson/1$"))
    take_lesson_1(page, ready_timeout=KERNEL_READY)
    wait_until_stored(page, 4)
    practice_question(page, url)


def practice_question(page, url: str) -> None:
    page.goto(url + "#/quiz")
    expect(page.get_by_role("textbox", name="Your name")).to_be_visible(timeout=KERNEL_READY)
    start_quiz(page, "Ana", 1)
    expect(page.get_by_text("Question 1 of 1")).to_be_visible()  # shown once the answer field is in place
    answer_whatever_is_asked(page)
    feedback = page.locator(".rd-ok, .rd-error").filter(has_text=re.compile("Right|Not right")).last
    expect(feedback).to_contain_text(re.compile(r"(Right|Not right)\.\s*\S.{40}"))


def test_under_a_path_then_without_a_connection(published, learner_page):
    page = learner_page
    started = time.monotonic()
    lesson_1_and_a_practice_question(page, published)
    print(f"lesson 1 and a practice question under /{SUB}/ in {time.monotonic() - started:.0f} s")
    expect(page.locator(".rulesdojo-offline").first).to_have_text(
        re.compile("^Ready for offline use"), timeout=KERNEL_READY)

    # The network cut: the quiz reloads from the browser's copy and takes another answer; the course
    # map and lesson 1 show what was done.
    page.context.set_offline(True)
    page.reload()
    practice_question(page, published)
    page.goto(published)
    lesson_1 = page.get_by_role("listitem").filter(has=page.get_by_role("link", name="What energy is", exact=True))
    expect(lesson_1).to_contain_text("Finished ·", timeout=KERNEL_READY)
    page.get_by_role("link", name="What energy is", exact=True).click()
    expect(page.get_by_text("4 of 4 steps done")).to_be_visible(timeout=KERNEL_READY)
    expect(page.locator(".rulesdojo-offline").first).to_have_text(
        re.compile("^Ready for offline use"), timeout=KERNEL_READY)
