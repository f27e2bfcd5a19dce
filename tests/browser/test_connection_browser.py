"""A page always knows whether it is connected, and a page that is left ends its kernel.

The server stopped and started again on its port, or the page's kernel killed: within 5 s the page
says in words that its connection is lost, with a Reload button a keyboard reaches; the restarted
server refuses the page's old kernel plainly (no traceback in its log, which the fixture checks).
A page the learner leaves has its kernel shut down within 5 s, not at the culler's round.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import nbformat
from playwright.sync_api import expect
from served import kernels

LOST = ("Connection to the lesson server lost. Your answers up to now are saved. "
        "Reload the page to continue.")
TOLD_WITHIN = 5_000  # ms: how soon a page says it is lost
GONE_WITHIN = 5.0    # s: how soon a left page's kernel is shut down
PAGE_DEADLINE = 120_000  # ms for a page to render on a busy machine


def button_notebook(folder: Path) -> Path:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import ipywidgets as ipw\nclicks = ipw.IntText(0, description='Clicks')\n"
        "button = ipw.Button(description='Count')\n"
        "button.on_click(lambda _: setattr(clicks, 'value', clicks.value + 1))\n"
        "ipw.VBox([button, clicks])")])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    folder.mkdir(exist_ok=True)
    nbformat.write(nb, str(folder / "index.ipynb"))
    return folder


def open_and_click(page, url: str):
    """Open the page, click once and see the kernel answer: the page is connected."""
    page.goto(url + "voila/render/index.ipynb", timeout=PAGE_DEADLINE)
    button = page.get_by_role("button", name="Count")
    expect(button).to_be_visible(timeout=PAGE_DEADLINE)
    button.click()
    expect(page.get_by_role("spinbutton", name="Clicks")).to_have_value("1", timeout=20_000)
    expect(page.get_by_role("alert")).to_have_count(0)
    return button


def expect_told_lost(page) -> None:
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text(LOST, timeout=TOLD_WITHIN)
    reload = alert.get_by_role("button", name="Reload")
    expect(reload).to_be_focused()  # a keyboard is on it at once
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    expect(reload).to_be_focused()  # and reaches it by Tab


def test_a_page_says_it_is_lost_when_its_server_restarts_and_reloads_on_the_new_one(tmp_path, voila_processes, page):
    folder = button_notebook(tmp_path / "site")
    server, url = voila_processes(folder, {})
    open_and_click(page, url)
    server.terminate()
    server.wait(timeout=30)
    port = int(re.search(r":(\d+)/", url).group(1))
    again, _ = voila_processes(folder, {}, home=server.home, port=port)
    expect_told_lost(page)
    # The page's kernel is unknown to the new server: its reconnections are refused with a 404 in
    # a line of the log, and no traceback (the fixture fails the test on one).
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and "404 GET /api/kernels/" not in again.log.read_text():
        time.sleep(0.2)
    assert "404 GET /api/kernels/" in again.log.read_text()
    page.get_by_role("alert").get_by_role("button", name="Reload").press("Enter")
    button = page.get_by_role("button", name="Count")
    expect(button).to_be_visible(timeout=PAGE_DEADLINE)
    button.click()
    expect(page.get_by_role("spinbutton", name="Clicks")).to_have_value("1", timeout=20_000)
    expect(page.get_by_role("alert")).to_have_count(0)


def test_a_page_says_it_is_lost_when_its_kernel_is_killed(tmp_path, voila_processes, page):
    server, url = voila_processes(button_notebook(tmp_path / "site"), {})
    open_and_click(page, url)
    [kernel] = kernels(server)
    kernel.kill()
    expect_told_lost(page)


def test_a_page_the_learner_leaves_has_its_kernel_shut_down_at_once(tmp_path, voila_processes, browser):
    server, url = voila_processes(button_notebook(tmp_path / "site"), {})
    # A context of its own: Playwright's request routing (the ``page`` fixture's) drops the beacon a
    # page sends as it unloads. This page loads from 127.0.0.1 only.
    context = browser.new_context()
    page = context.new_page()
    open_and_click(page, url)
    assert len(kernels(server)) == 1
    page.goto("about:blank")
    deadline = time.monotonic() + GONE_WITHIN
    while time.monotonic() < deadline and kernels(server):
        time.sleep(0.1)
    assert kernels(server) == []
    log = server.log.read_text()
    context.close()
    # A refusal as the server logs it ("403 DELETE /api/kernels/…"), not "403" inside a kernel's id.
    assert not re.search(r"\b403\b", log) and "_xsrf" not in log, log
    # Tornado's ping-timeout warning, once at every start, is gone too.
    assert "websocket_ping_timeout" not in log
