"""What ``rulesdojo serve`` exposes, tried against one real served kit as a hostile learner would.

One server for the module (``rulesdojo serve`` itself, so its signal handling is what is tested):
a folder with a landing page, a one-cell notebook and a sandbox; ``--scenarios`` names a folder
holding one scenario and a symbolic link leading out of it. The first test fills the class and waits
for the culling (so the others start from the pools alone); the last one stops the server.
"""

from __future__ import annotations

import concurrent.futures
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import nbformat
import psutil
import pytest
import websocket
from served import kernels, read_page

from rulesdojo.scenarios.folder import REFUSED

MAX_KERNELS = 12
POOL_SIZE = 1
CULL_IDLE = 45  # longer than a full class of pages takes to load here, shorter than the default
NOTEBOOKS = {"index.ipynb": "x = 1\nx", "tiny.ipynb": "x = 2\nx",
             "sandbox.ipynb": "from rulesdojo.views import Sandbox\nSandbox()"}
SCENARIO = "name: {title}\nsetup:\n  players:\n    - {{name: Alice, hand: [Forest]}}\n    - {{name: Nadia}}\n"


def wait_for(condition, timeout: float, what: str, seen=lambda: None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.5)
    raise AssertionError(f"not within {timeout:.0f} s: {what} (now: {seen()!r})")


def get(url: str, deadline: float = 240) -> tuple[int, str, dict]:
    """Return a page's status, text and headers, read to its end within ``deadline`` seconds in all."""
    page = read_page(url, deadline)
    return page.status, page.text, page.headers


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    root = tmp_path_factory.mktemp("kit")
    lessons = root / "lessons"
    lessons.mkdir()
    for name, code in NOTEBOOKS.items():
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
        nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
        nbformat.write(nb, str(lessons / name))
    scenarios = root / "scenarios"
    scenarios.mkdir()
    (scenarios / "inside.yaml").write_text(SCENARIO.format(title="Inside the folder"))
    (root / "outside.yaml").write_text(SCENARIO.format(title="Outside the folder"))
    (scenarios / "link.yaml").symlink_to(root / "outside.yaml")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(root / "config"), JUPYTER_RUNTIME_DIR=str(root / "runtime"),
               PYTHONUNBUFFERED="1")
    log = root / "serve.log"
    with open(log, "wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "rulesdojo", "serve", "--port", str(port), "--lessons", str(lessons),
             "--scenarios", str(scenarios), "--pool-size", str(POOL_SIZE), "--max-kernels", str(MAX_KERNELS),
             "--cull-idle", str(CULL_IDLE)],
            env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    server.url, server.log = url, log
    try:
        wait_for(lambda: server.poll() is not None or get(url + "voila/static/favicon.ico", 2)[0] == 200, 60,
                 "the server answers")
        assert server.poll() is None, log.read_text()
        yield server
    finally:
        family = [server, *psutil.Process(server.pid).children(recursive=True)] if server.poll() is None else []
        for p in family:
            try:
                p.kill()
            except psutil.NoSuchProcess:
                pass
        print(f"--- {log} ---\n{log.read_text(errors='replace')[-4000:]}")


@pytest.mark.timeout(900)  # the pools fill, a class of kernels starts, the culler comes round
def test_a_class_of_pages_fills_the_server_the_next_is_told_to_wait_and_closed_pages_are_culled(kit):
    pool = POOL_SIZE * len(NOTEBOOKS)
    wait_for(lambda: len(kernels(kit)) == pool, 300, "the pools filled", lambda: len(kernels(kit)))
    with concurrent.futures.ThreadPoolExecutor(MAX_KERNELS) as ex:  # a class of kernels starts at once
        pages = list(ex.map(lambda _: read_page(kit.url + "voila/render/tiny.ipynb", 240), range(MAX_KERNELS)))
    assert [(page.status, page.ended) for page in pages] == [(200, True)] * MAX_KERNELS  # none left unfinished
    assert all("class is full" not in page.text and page.text.rstrip().endswith("</html>") for page in pages)
    status, body, headers = get(kit.url + "voila/render/tiny.ipynb")
    assert status == 503 and "The class is full" in body and "Try again in a minute" in body
    assert headers["Retry-After"] == "60" and "default-src 'self'" in headers["Content-Security-Policy"]
    assert len(kernels(kit)) <= MAX_KERNELS + pool
    wait_for(lambda: len(kernels(kit)) == pool, 300, "closed pages' kernels culled back to the pool size",
             lambda: len(kernels(kit)))


LEARNER_URLS = ["", "voila/tree", "voila/tree/sandbox.ipynb", "voila/render/index.ipynb?template=lab",
                "voila/render/index.ipynb?template=classic", "voila/render/index.ipynb?template=reveal",
                "voila/render/index.ipynb?theme=dark", "voila/render/sandbox.ipynb", "voila/render/nothing.ipynb",
                "voila/files/sandbox.ipynb"]


def test_every_url_a_learner_can_reach_stays_on_the_server_and_carries_the_csp(kit, page):
    documents = []
    page.on("response", lambda r: documents.append(r) if r.request.resource_type == "document" else None)
    for path in LEARNER_URLS:
        page.goto(kit.url + path, wait_until="load", timeout=120_000)
        page.wait_for_timeout(500)
    assert page.blocked == []  # every request went to 127.0.0.1
    assert len(documents) > len(LEARNER_URLS)  # the redirects and the pages they lead to
    for response in documents:
        csp = response.headers.get("content-security-policy", "")
        assert "default-src 'self'" in csp and "http" not in csp, (response.url, csp)
    for path in ("/", "/voila/tree", "/voila/tree/sandbox.ipynb"):  # the landing page, not a listing
        conn = http.client.HTTPConnection("127.0.0.1", int(kit.url.rsplit(":", 1)[1].strip("/")), timeout=30)
        conn.request("GET", path)
        answer = conn.getresponse()
        assert (answer.status, answer.getheader("Location")) == (301, "/voila/render/index.ipynb")
        assert "default-src 'self'" in answer.getheader("Content-Security-Policy")
        conn.close()
    for status, body, headers in (get(kit.url + "voila/render/index.ipynb?template=reveal", 120),
                                  get(kit.url + "voila/api/contents", 30)):
        assert "reveal.js" not in body and "cdn." not in body.lower(), re.findall(r".{80}(?:reveal\.js|cdn\.).{40}", body)
        assert "default-src 'self'" in headers["Content-Security-Policy"]


def test_the_sandbox_opens_only_its_folder(kit, page):
    page.goto(kit.url + "voila/render/sandbox.ipynb", timeout=120_000)
    dropdown = page.locator("select").first
    dropdown.wait_for(timeout=120_000)
    assert [t.replace("\xa0", " ") for t in dropdown.locator("option").all_inner_texts()] == [
        "Inside the folder", "link.yaml"]
    dropdown.select_option(label="link.yaml")  # a symbolic link leading out of the folder
    page.get_by_role("button", name="Load", exact=True).click()
    alert = page.get_by_role("alert")
    alert.wait_for(timeout=30_000)
    assert REFUSED in alert.inner_text() and "Outside" not in page.content()
    # A hostile page names paths in forged messages: the kernel keeps its list and refuses.
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', page.content()).group(1)
    with Channel(kit.url, kernel_id) as ws:
        comms = ws.widget_comms()
        for comm_id in comms:
            for state in ({"value": "../outside.yaml"}, {"label": "/etc/passwd"}, {"index": 999},
                          {"index": "../outside.yaml"}, {"_options_labels": ["/etc/passwd"]}):
                ws.comm_msg(comm_id, {"method": "update", "state": state, "buffer_paths": []})
        replies = ws.collect(3.0)
    assert not [m for m in replies if m["msg_type"] == "error"]  # no traceback left the kernel
    assert not [m for m in replies if "Traceback" in json.dumps(m["content"]) or "site-packages" in
                json.dumps(m["content"])]
    page.get_by_role("button", name="Load", exact=True).click()
    page.wait_for_timeout(1000)
    assert "Outside the folder" not in page.content() and "root:" not in page.content()
    dropdown.select_option(label="Inside the folder")
    page.get_by_role("button", name="Load", exact=True).click()
    page.locator("b", has_text="Inside the folder").first.wait_for(timeout=30_000)


def test_a_burst_of_5000_messages_leaves_the_next_click_answered_within_a_second(kit, page):
    page.goto(kit.url + "voila/render/sandbox.ipynb", timeout=120_000)
    dropdown = page.locator("select").first
    dropdown.wait_for(timeout=120_000)
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', page.content()).group(1)
    refused = page.get_by_role("alert").filter(has_text=REFUSED)

    dropdown.select_option(label="link.yaml")
    started = time.monotonic()
    page.get_by_role("button", name="Load", exact=True).click()
    refused.wait_for(timeout=30_000)
    alone = time.monotonic() - started
    dropdown.select_option(label="Inside the folder")  # back to a loaded scenario, no message shown
    page.get_by_role("button", name="Load", exact=True).click()
    refused.wait_for(state="detached", timeout=30_000)
    with Channel(kit.url, kernel_id) as ws:
        comms = ws.widget_comms()
        burst = [(c, {"method": "custom", "content": {"event": "click"}}) for c in comms]
        for i in range(5000):  # every button of the page clicked, over and over (Load, Undo, Reset...)
            ws.comm_msg(*burst[i % len(burst)])
        ended = time.monotonic()
        dropdown.select_option(label="link.yaml")
        page.get_by_role("button", name="Load", exact=True).click()
        refused.wait_for(timeout=30_000)
        answered = time.monotonic() - ended
    print(f"click answered {answered:.2f} s after a burst of 5000 messages over {len(comms)} widgets "
          f"({alone:.2f} s without)")
    assert answered < 1.0


def test_sigterm_stops_voila_and_every_kernel(kit):
    family = [kit, *psutil.Process(kit.pid).children(recursive=True)]
    assert len(kernels(kit)) >= POOL_SIZE * len(NOTEBOOKS)
    kit.send_signal(signal.SIGTERM)
    assert kit.wait(timeout=60) == 0
    _, alive = psutil.wait_procs(family, timeout=30)
    assert alive == []


class Channel:
    """A kernel websocket opened by hand, as a hostile page would: it sends what it likes."""

    def __init__(self, base_url: str, kernel_id: str):
        self.url = base_url.replace("http://", "ws://") + f"api/kernels/{kernel_id}/channels"
        self.session = uuid.uuid4().hex

    def __enter__(self):
        self.ws = websocket.create_connection(self.url, timeout=30)
        return self

    def __exit__(self, *exc):
        self.ws.close()

    def send(self, msg_type: str, content: dict) -> str:
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": msg_type, "session": self.session, "username": "x",
                       "date": "2026-01-01T00:00:00Z", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []}))
        return msg_id

    def comm_msg(self, comm_id: str, data: dict) -> None:
        self.send("comm_msg", {"comm_id": comm_id, "data": data})

    def widget_comms(self, deadline: float = 60) -> list[str]:
        asked = self.send("comm_info_request", {"target_name": "jupyter.widget"})
        end = time.monotonic() + deadline
        while time.monotonic() < end:
            msg = json.loads(self.ws.recv())
            if msg.get("parent_header", {}).get("msg_id") == asked and msg["msg_type"] == "comm_info_reply":
                return sorted(msg["content"]["comms"])
        raise AssertionError(f"no comm_info_reply within {deadline} s")

    def collect(self, seconds: float) -> list[dict]:
        out, end = [], time.monotonic() + seconds
        self.ws.settimeout(0.2)
        while time.monotonic() < end:
            try:
                out.append(json.loads(self.ws.recv()))
            except websocket.WebSocketTimeoutException:
                pass
        return out
