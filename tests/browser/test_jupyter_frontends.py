"""Lesson 7 in JupyterLab 4 and in Notebook 7: run all cells, then the board and the trigger order respond.

One Jupyter server (127.0.0.1, a token, a temporary folder and configuration) serves both front ends.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import _stop, free_port
from learner import part, prose_draws_energy, triggers
from test_lessons_browser import LESSONS


@pytest.fixture(scope="module")
def jupyter(tmp_path_factory):
    """Start one Jupyter server on a copy of the lessons; yield (base URL, token, results store)."""
    home = tmp_path_factory.mktemp("jupyter")
    root = home / "lessons"
    shutil.copytree(LESSONS, root)
    # A notebook per front end: the same path would share one kernel.
    shutil.copyfile(root / "07-landfall.ipynb", root / "07-landfall-in-notebook.ipynb")
    port, token = free_port(), secrets.token_hex(16)
    # Every cell in the page, not only those scrolled into view, so the test finds the lesson's parts.
    tracker = home / "settings" / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True)
    tracker.write_text('{"windowingMode": "none"}')
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(home / "settings"), JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
               JUPYTER_DATA_DIR=str(home / "data"),   # its own notebook signatures
               RULESDOJO_RESULTS=str(home / "results.sqlite3"), PYTHONUNBUFFERED="1")
    # As `make lab` does: the lesson notebooks trusted for this user (trust is kept per user, not in a file).
    subprocess.run([sys.executable, "-m", "jupyter", "trust", *sorted(p.name for p in root.glob("*.ipynb"))],
                   cwd=root, env=env, check=True, capture_output=True, timeout=60)
    log = home / "jupyter.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
             f"--ServerApp.port={port}", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
             f"--LabApp.workspaces_dir={home / 'workspaces'}", "--ServerApp.allow_root=True",
             # nothing from the internet: no news, no update check, no extension index
             "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
             "--LabApp.extension_manager=readonly"],
            cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{base}api/status?token={token}", timeout=2):
                break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                _stop(proc)
                raise RuntimeError(f"jupyter didn't start:\n{log.read_text()[-3000:]}")
            time.sleep(0.2)
    yield base, token, home / "results.sqlite3"
    _stop(proc)
    print(f"--- {log} ---\n{log.read_text(errors='replace')[-3000:]}")


def run_all_and_order_triggers(page):
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    # Every cell has run (the last one too) before the learner acts on the board.
    expect(page.locator(".jp-CodeCell .jp-InputPrompt").last).to_have_text(re.compile(r"\[\d+\]"),
                                                                          timeout=120_000)
    task = part(page, "You choose the order")
    forest = task.get_by_role("button", name="Forest", exact=True)
    expect(forest).to_be_visible(timeout=90_000)
    expect(task.locator(".rd-card").filter(has_text="Steppe Lynx")).to_contain_text(
        "Whenever a land you control enters")                       # the board rendered, with text
    forest.click()
    task.get_by_role("menuitem", name="Play Forest").click()
    lynx = triggers(task).filter(has_text="Steppe Lynx")
    expect(lynx).to_be_visible()                                     # the trigger order rendered
    lynx.focus()
    for _ in range(2):
        page.keyboard.press("Alt+ArrowUp")
    expect(triggers(task).first).to_contain_text("Steppe Lynx")
    task.get_by_role("button", name="Put them on the stack").click()
    task.get_by_role("button", name="Resolve top").click()
    expect(task.get_by_text("✓ Done.")).to_be_visible(timeout=30_000)


def kernel_idle(page):
    """Wait (90 s at most) until the notebook's kernel is idle, choosing the kernel if JupyterLab asks."""
    idle = page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first
    select = page.get_by_role("dialog").get_by_role("button", name="Select", exact=True)
    expect(idle.or_(select)).to_be_attached(timeout=90_000)
    if select.is_visible():
        select.click()
    expect(idle).to_be_attached(timeout=90_000)


@pytest.mark.parametrize("front_end, notebook", [("lab/tree", "07-landfall.ipynb"),
                                                 ("notebooks", "07-landfall-in-notebook.ipynb")])
def test_lesson_runs_and_responds_in_jupyterlab_and_notebook(jupyter, page, front_end, notebook, tmp_path):
    base, token, results = jupyter
    results.unlink(missing_ok=True)  # a new learner: progress is kept in the store, not the notebook
    page.set_default_timeout(60_000)
    page.goto(f"{base}{front_end}/{notebook}?token={token}", wait_until="domcontentloaded")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=90_000)
    # Run all only once the kernel is up (a run asked of a kernel still starting runs the first cell only).
    kernel_idle(page)
    page.wait_for_timeout(2000)                      # the kernel's connection settles after it is idle
    try:
        run_all_and_order_triggers(page)
        prose_draws_energy(page, 1)  # the Architect's "you get {E}" in the opening prose
    finally:
        page.screenshot(path=str(tmp_path / "front-end.png"))
    assert not page.blocked, page.blocked


def test_the_course_notebook_runs_in_jupyterlab_and_moves_between_lessons(jupyter, page):
    """The whole course in one notebook's output: a lesson opens from its map, and back."""
    base, token, results = jupyter
    page.set_default_timeout(60_000)
    page.goto(f"{base}lab/workspaces/course-run/tree/course.ipynb?token={token}", wait_until="domcontentloaded")
    kernel_idle(page)
    page.wait_for_timeout(2000)                      # the kernel's connection settles after it is idle
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    output = page.locator(".jp-OutputArea")
    expect(output.get_by_role("heading", name="Lessons", exact=True)).to_be_visible(timeout=90_000)
    output.get_by_role("link", name="Landfall", exact=True).click()
    expect(output.get_by_role("heading", name="Lesson 7: Landfall", exact=True)).to_be_visible()
    output.get_by_role("link", name="All lessons").first.click()
    expect(output.get_by_role("heading", name="Lessons", exact=True)).to_be_visible()
    expect(page.locator(".jp-Notebook")).to_be_visible()  # JupyterLab itself stayed where it was
    assert not page.blocked, page.blocked


@pytest.mark.parametrize("notebook", ["index.ipynb", "course.ipynb", "01-what-energy-is.ipynb", "07-landfall.ipynb",
                                      "sandbox.ipynb", "quiz.ipynb"])
def test_a_lesson_opens_in_jupyterlab_trusted_and_unmodified(jupyter, page, notebook):
    """Walk finding 13: the notebooks opened in JupyterLab already marked modified: the kernel filled in
    the metadata the files lacked (its kernelspec's display name, the language's full information)."""
    base, token, _ = jupyter
    page.set_default_timeout(60_000)
    # A workspace of its own: this notebook alone is open, none left from the test before.
    page.goto(f"{base}lab/workspaces/{notebook.split('.')[0]}/tree/{notebook}?token={token}",
              wait_until="domcontentloaded")
    kernel_idle(page)
    page.wait_for_timeout(3000)                      # the kernel's information has come and been applied
    tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text=notebook)
    expect(tab).to_have_count(1)
    assert "jp-mod-dirty" not in (tab.get_attribute("class") or ""), "opened already modified"
    # Trusted as saved (the server checks the file against the signature `jupyter trust` kept): JupyterLab's
    # status bar says so.
    expect(page.locator("[title^='Notebook trusted']")).to_have_count(1)
