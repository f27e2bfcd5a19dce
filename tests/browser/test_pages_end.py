"""Every page ends: kernels that can't die on a port race, a page whose kernel dies while it loads
ends with a message and a reload link, and a page whose kernel dies later says so in words."""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import expect
from served import kernels, read_page

UNFINISHED = "This page could not finish loading"
LOST = ("Connection to the lesson server lost. Your answers up to now are saved. "
        "Reload the page to continue.")
CHANNELS = ("shell", "iopub", "stdin", "control", "hb")
PAGE_DEADLINE = 120  # seconds for a page to end on a busy machine (here it takes a few)


def notebook(path: Path, *cells: str, kernel: str = "python3") -> Path:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    nb.metadata["kernelspec"] = {"display_name": kernel, "language": "python", "name": kernel}
    nbformat.write(nb, str(path))
    return path


def kernel_of(server, kernel_id: str):
    [kernel] = [k for k in kernels(server) if kernel_id in " ".join(k.cmdline())]
    return kernel


def test_kernels_listen_on_no_port_and_talk_through_private_sockets(tmp_path, voila_processes):
    notebook(tmp_path / "tiny.ipynb", "x = 2\nx")
    server, url = voila_processes(tmp_path, {}, pool_size=1)
    page = read_page(url + "voila/render/tiny.ipynb", PAGE_DEADLINE)
    assert page.status == 200 and page.ended and "</html>" in page.text
    running = kernels(server)
    assert running  # the page's, and the pool's
    folders = set()
    for kernel in running:
        connection = Path(kernel.cmdline()[kernel.cmdline().index("-f") + 1])
        info = json.loads(connection.read_text())
        assert info["transport"] == "ipc" and Path(info["ip"]).parent == connection.parent
        # The five channels are Unix sockets the kernel bound; no TCP port was picked for it beforehand.
        bound = {c.laddr for c in kernel.net_connections("unix")}
        assert {f"{info['ip']}-{info[f'{channel}_port']}" for channel in CHANNELS} <= bound
        folders.add(connection.parent)
    [folder] = folders
    assert folder.stat().st_mode & 0o077 == 0 and list(folder.glob("kernel-*-ipc-*"))  # the owner's only
    server.terminate()
    server.wait(timeout=60)
    assert not folder.exists()


@pytest.fixture
def kernel_that_dies_at_start(tmp_path):
    """A kernel spec whose process exits at once, as a kernel that can't bind its sockets does."""
    spec = tmp_path / "jupyter" / "kernels" / "dies"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-c", "raise SystemExit('Address already in use')", "{connection_file}"],
        "display_name": "Dies at start", "language": "python"}))
    return {"JUPYTER_PATH": str(tmp_path / "jupyter")}


@pytest.mark.parametrize("pool_size", [0, 1], ids=["started-for-the-page", "preheated"])
def test_a_page_whose_kernel_dies_while_loading_ends_with_a_reload_link(tmp_path, voila_processes,
                                                                      kernel_that_dies_at_start, pool_size):
    site = tmp_path / "site"
    site.mkdir()
    notebook(site / "starts.ipynb", "x = 1", kernel="dies")
    notebook(site / "killed.ipynb", "import os, signal", "os.kill(os.getpid(), signal.SIGKILL)", "'never shown'")
    notebook(site / "tiny.ipynb", "x = 2\nx")
    _, url = voila_processes(site, kernel_that_dies_at_start, pool_size=pool_size)
    for name in ("starts.ipynb", "killed.ipynb"):
        page = read_page(url + f"voila/render/{name}", PAGE_DEADLINE)
        assert page.ended, f"{name}: still loading after {PAGE_DEADLINE} s"
        assert page.status == 200 and UNFINISHED in page.text and "never shown" not in page.text
        assert '<a href="">Reload the page</a>' in page.text and page.text.rstrip().endswith("</html>")
    page = read_page(url + "voila/render/tiny.ipynb", PAGE_DEADLINE)  # the server serves others as before
    assert page.status == 200 and page.ended and UNFINISHED not in page.text


def test_a_page_whose_kernel_dies_says_it_lost_its_connection_and_reloads(tmp_path, voila_processes, page):
    notebook(tmp_path / "button.ipynb", "import ipywidgets as ipw\nipw.Button(description='Still here')")
    server, url = voila_processes(tmp_path / "button.ipynb", {})
    page.goto(url, timeout=PAGE_DEADLINE * 1000)
    button = page.get_by_role("button", name="Still here")
    expect(button).to_be_visible(timeout=PAGE_DEADLINE * 1000)
    alert = page.get_by_role("alert")
    expect(alert).to_have_count(0)
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', page.content()).group(1)
    kernel_of(server, kernel_id).kill()
    expect(alert).to_contain_text(LOST, timeout=5_000)
    # The widgets are marked disconnected without the broken-link glyph (a missing icon font).
    glyphs = page.evaluate("""[...document.querySelectorAll('.jupyter-widgets-disconnected')].map(
        e => getComputedStyle(e, '::before').content)""")
    assert set(glyphs) <= {"none"}  # the page's kernel is shut down: widgets may not be marked at all
    alert.get_by_role("button", name="Reload").click()
    expect(button).to_be_visible(timeout=PAGE_DEADLINE * 1000)
    expect(alert).to_have_count(0)


def connection_file(kernel) -> str:
    return kernel.cmdline()[kernel.cmdline().index("-f") + 1]


def test_a_preheated_kernel_that_dies_is_replaced_by_a_new_one_not_restarted(tmp_path, voila_processes):
    from rulesdojo.serve.serving import limit_args
    notebook(tmp_path / "tiny.ipynb", "x = 40 + 2\nx")
    server, url = voila_processes(tmp_path, {}, pool_size=1,
                                  extra_args=limit_args(10, cull_idle=2, cull_interval=1))  # a cull each second
    deadline = time.monotonic() + PAGE_DEADLINE
    while time.monotonic() < deadline and not ("is filled with" in server.log.read_text() and kernels(server)):
        time.sleep(0.5)
    [waiting] = kernels(server)
    # "filled" is said when the kernel starts; it dies here once it has run its notebook and waits.
    while time.monotonic() < deadline and waiting.cpu_percent(interval=0.5) > 2:
        pass
    dead_sockets = connection_file(waiting)
    waiting.kill()
    while time.monotonic() < deadline and not any(k.pid != waiting.pid for k in kernels(server)):
        time.sleep(0.5)
    [new] = kernels(server)
    assert new.pid != waiting.pid and connection_file(new) != dead_sockets  # a new kernel, sockets of its own
    time.sleep(3)  # a few of the culler's rounds
    log = server.log.read_text()
    assert "died before a page took it: a new one takes its place" in log
    assert "KernelRestarter: restarting" not in log and "TraitError" not in log and "Traceback" not in log
    page = read_page(url + "voila/render/tiny.ipynb", PAGE_DEADLINE)
    assert page.status == 200 and page.ended and UNFINISHED not in page.text and "42" in page.text
