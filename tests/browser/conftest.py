"""Shared fixtures for the browser tests: a real Voila server and headless Debian chromium.

``voila_server(notebook)`` serves one notebook on 127.0.0.1 on a free port and returns the URL of
its rendered page; the server and every kernel it started are stopped after the test.
``page`` is a fresh Playwright page in chromium (/usr/bin/chromium, never a downloaded browser)
that refuses every request not addressed to 127.0.0.1 and records it in ``page.blocked``.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import psutil
import pytest

from rulesdojo.serve.serving import voila_args, voila_env

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SERVER_START_TIMEOUT = 90.0  # a Voila starting while other tests load both cores


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _write_notebook(path: Path, code: str) -> Path:
    """Write a one-code-cell notebook (with a Python 3 kernelspec) to ``path``."""
    import nbformat
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(code)]
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nbformat.write(nb, str(path))
    return path


def _wait_until_up(url: str, proc: subprocess.Popen, log: Path, timeout: float, ready=lambda status: True,
                   ours=lambda: True) -> None:
    """Poll a cheap URL (not the notebook, which would start a kernel) until the server answers
    (with a status ``ready`` accepts: by default any HTTP answer means the server is listening),
    once ``ours()`` says the answer can only be this server's."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[2]} exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        if not ours():
            time.sleep(0.1)
            continue
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if ready(answer.status):
                    return
        except urllib.error.HTTPError as answer:
            if ready(answer.code):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    raise TimeoutError(f"no answer from {url} within {timeout:.0f} s:\n{log.read_text()[-3000:]}")


def _stop(proc: subprocess.Popen) -> None:
    """Stop voila and every process it started (kernels run in sessions of their own)."""
    try:
        family = psutil.Process(proc.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        family = []
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)  # voila shuts its kernels down on SIGTERM
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
    _, alive = psutil.wait_procs(family, timeout=5)
    for child in alive:
        try:
            child.kill()
        except psutil.NoSuchProcess:
            pass
    psutil.wait_procs(alive, timeout=5)


def start_voila(notebook: Path, home: Path, env: dict | None = None, pool_size: int = 0,
                extra_args: tuple = (), port: int | None = None, **serving) -> tuple[subprocess.Popen, str, Path]:
    """Start Voila on a notebook, or a folder of them, the way ``rulesdojo serve`` does, with an
    empty Jupyter configuration under ``home``; return the process, its base URL and its log.
    ``serving`` goes to ``voila_args`` (e.g. ``fill_delay``); ``extra_args`` are appended; ``port``:
    a free one unless given (a server restarted on its predecessor's port).

    A free port can be taken by another test's server before this one listens on it: the server
    is ready only once its own log says it runs at that address (the other server answered the
    probe before, and a page was asked of the wrong folder: a 404), and one that finds the port
    taken exits (no moving to another port) and is started again on a new one."""
    notebook = Path(notebook).resolve()
    for attempt in range(3):
        chosen = port or free_port()
        full_env = voila_env(dict(os.environ, **(env or {}),
                                  JUPYTER_CONFIG_DIR=str(home / "config"),   # no user configuration
                                  JUPYTER_RUNTIME_DIR=str(home / "runtime"),
                                  PYTHONUNBUFFERED="1"))
        log = home / "voila.log"
        while log.exists():  # a restart in the same home keeps its predecessor's log
            log = log.with_name(f"{log.stem}-again.log")
        out = open(log, "wb")
        proc = subprocess.Popen(
            [*voila_args(notebook, port=chosen, pool_size=pool_size, **serving), "--Voila.port_retries=0",
             *extra_args],
            cwd=notebook if notebook.is_dir() else notebook.parent, env=full_env, stdout=out,
            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        out.close()
        url = f"http://127.0.0.1:{chosen}/"
        try:
            _wait_until_up(url + "voila/static/favicon.ico", proc, log, SERVER_START_TIMEOUT,
                           ours=lambda: f"127.0.0.1:{chosen}/" in log.read_text(errors="replace"))
        except RuntimeError:
            _stop(proc)
            if port is None and attempt < 2 and "already in use" in log.read_text(errors="replace").lower():
                continue  # the port was taken meanwhile: another one
            raise
        except Exception:
            _stop(proc)
            raise
        return proc, url, log
    raise AssertionError("unreachable")


def tracebacks(log: Path) -> list[str]:
    """Return each traceback a server wrote to its log (with the line after it: what was raised)."""
    lines = log.read_text(errors="replace").splitlines()
    found = []
    for at, line in enumerate(lines):
        if line.startswith("Traceback (most recent call last)"):
            end = at + 1
            while end < len(lines) and (lines[end].startswith(" ") or not lines[end].strip()):
                end += 1
            found.append("\n".join(lines[max(0, at - 1):end + 1]))
    return found


def _fail_on_tracebacks(logs: list[Path]) -> None:
    """Fail the test whose server logged a traceback: a request, a page or a kernel went wrong in a
    way the kit did not answer plainly."""
    found = [f"--- {log} ---\n{t}" for log in logs for t in tracebacks(log)]
    if found:
        pytest.fail("the server logged a traceback:\n" + "\n\n".join(found)[-6000:], pytrace=False)


def _stop_all(started: list[tuple[subprocess.Popen, Path]]) -> None:
    """Stop each server; print the end of its log (shown in the report when the test fails); fail
    if a log holds a traceback."""
    for proc, log in started:
        _stop(proc)
        text = log.read_text(errors="replace")
        warned = [line[:300] for line in text.splitlines() if "WARNING" in line or "ERROR" in line]
        print(f"--- {log}: its warnings ({len(warned)}) ---", *warned[:80], sep="\n")
        print(f"--- {log} ---\n{text[-4000:]}")
    _fail_on_tracebacks([log for _, log in started])


@pytest.fixture
def voila_server(tmp_path_factory):
    """Factory: ``voila_server(notebook_path)`` -> URL of the rendered notebook."""
    started: list[subprocess.Popen] = []
    logs: list[Path] = []

    def serve(notebook: Path, env: dict | None = None, pool_size: int = 0) -> str:
        """Serve a notebook, or a folder of them, the way ``rulesdojo serve`` does."""
        proc, url, log = start_voila(notebook, tmp_path_factory.mktemp("voila-home"), env, pool_size)
        started.append(proc)
        logs.append(log)
        return url

    serve.logs = logs
    yield serve
    for proc in started:
        _stop(proc)
    for log in logs:  # shown in the report when the test fails
        print(f"--- {log} ---\n{log.read_text(errors='replace')[-4000:]}")
    _fail_on_tracebacks(logs)


@pytest.fixture(scope="module")
def module_voila(tmp_path_factory):
    """Factory for a test module's one server: ``module_voila(folder)`` -> (base URL, results file).

    Kernels of pages left behind are shut down after 20 s idle, as ``rulesdojo serve`` does (after 120 s).
    """
    from rulesdojo.serve.serving import class_args, limit_args
    started: list[tuple[subprocess.Popen, Path]] = []

    def serve(folder: Path) -> tuple[str, Path]:
        home = tmp_path_factory.mktemp("voila-home")
        results = home / "results.sqlite3"
        proc, url, log = start_voila(folder, home, {"RULESDOJO_RESULTS": str(results)},
                                     extra_args=(*limit_args(0, cull_idle=20, cull_interval=10), *class_args()))
        started.append((proc, log))
        return url, results

    yield serve
    _stop_all(started)


@pytest.fixture
def voila_processes(tmp_path_factory):
    """Factory: ``voila_processes(folder, env, pool_size, extra_args, home, **serving)`` -> (process,
    base URL), for tests that configure the server themselves (identity, token) or look at its
    kernels; the process's ``log`` is the path of its log, its ``home`` its Jupyter home (``home=``
    and ``port=`` start a server again where one was)."""
    started: list[tuple[subprocess.Popen, Path]] = []

    def start(folder: Path, env: dict, pool_size: int = 0, extra_args=(), home: Path | None = None, **serving):
        proc, url, log = start_voila(folder, home or tmp_path_factory.mktemp("voila-home"), env, pool_size,
                                     tuple(extra_args), **serving)
        proc.home = log.parent
        proc.log = log
        started.append((proc, log))
        return proc, url

    yield start
    _stop_all(started)


HUB_PASSWORD = "class-password-for-the-tests"
MENTORS_PASSWORD = "mentors-own-password-for-the-tests"   # read by the hub from MENTORS_PASSWORD_ENV
MENTORS_PASSWORD_ENV = "RULESDOJO_MENTORS_PASSWORD"
PROXY = Path(__file__).resolve().parents[2] / ".hub" / "node_modules" / ".bin"  # `make hub-proxy`


def _hub_path() -> str:
    """Return a PATH on which JupyterHub finds configurable-http-proxy (the kit's, else the machine's)."""
    path = os.pathsep.join([str(PROXY), os.environ.get("PATH", "")])
    if not shutil.which("configurable-http-proxy", path=path):
        raise RuntimeError("configurable-http-proxy is not installed: `make hub-proxy` installs it into .hub/")
    return path


def start_hub(home: Path, hub_args: tuple = (), extra_config: str = "",
              authenticator_on_command_line: bool = False) -> tuple[subprocess.Popen, str, Path, Path]:
    """Start JupyterHub on 127.0.0.1 with the configuration ``rulesdojo hub --config`` writes (plus
    ``extra_config``), learners signing in with ``HUB_PASSWORD`` and mentors with their own
    ``MENTORS_PASSWORD`` (JupyterHub's shared-password authenticator); wait until its routes are up.

    ``hub_args`` go to ``rulesdojo hub``. ``authenticator_on_command_line``: the authenticator is given
    to ``jupyterhub`` itself, not to ``rulesdojo hub`` (which then can't check it when writing the file).
    Return the hub's process, its URL, the results file, its log.
    """
    from rulesdojo.cli import main as rulesdojo
    results, config, log = home / "results.sqlite3", home / "jupyterhub_config.py", home / "hub.log"
    assert rulesdojo(["hub", "--config", str(config), "--results", str(results),
                      "--mentor-port", str(free_port()),
                      *(() if authenticator_on_command_line else
                        ("--authenticator", "shared-password", "--mentors-password-env", MENTORS_PASSWORD_ENV)),
                      *hub_args]) == 0
    with config.open("a") as f:
        f.write(extra_config)
    port = free_port()
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(config), "--ip=127.0.0.1", f"--port={port}",
             f"--JupyterHub.hub_port={free_port()}",
             f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{free_port()}",
             *(["--JupyterHub.authenticator_class=shared-password"] if authenticator_on_command_line else []),
             f"--SharedPasswordAuthenticator.user_password={HUB_PASSWORD}"],
            cwd=home, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            env=dict(os.environ, PATH=_hub_path(), JUPYTER_CONFIG_DIR=str(home / "config"),
                     **{MENTORS_PASSWORD_ENV: MENTORS_PASSWORD},
                     JUPYTER_RUNTIME_DIR=str(home / "runtime"), PYTHONUNBUFFERED="1"))
    url = f"http://127.0.0.1:{port}/"
    # The hub's API answering through the proxy: its routes are in place (after the mentors' service
    # answers, whose Voila takes long to start on a busy machine).
    try:
        _wait_until_up(url + "hub/api/", proc, log, 6 * SERVER_START_TIMEOUT, lambda status: status == 200)
    except Exception:
        _stop(proc)
        raise
    return proc, url, results, log


def _full_screenshot(page, path: Path, max_height: int = 6000) -> Path:
    """Screenshot the whole rendered notebook.

    Voila's lab template scrolls inside a container, so ``full_page`` alone stops at the viewport:
    grow the viewport to the tallest scroll height first (bounded), then take the full page.
    """
    height = page.evaluate(
        "Math.max(...Array.from(document.querySelectorAll('body, body *'), e => e.scrollHeight))")
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": min(max(height + 24, size["height"]),
                                                                  max_height)})
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.screenshot(path=str(path), full_page=True)
    return Path(path)


@pytest.fixture
def write_notebook():
    """``write_notebook(path, code)`` writes a one-code-cell notebook (fixtures, not imports:
    tests/conftest.py is also a module named ``conftest``)."""
    return _write_notebook


@pytest.fixture
def full_screenshot():
    """``full_screenshot(page, path)`` screenshots the whole rendered notebook."""
    return _full_screenshot


@pytest.fixture(scope="session")
def playwright_driver():
    """One Playwright driver for the whole session: a second ``sync_playwright()`` while the first
    is running refuses to start ("Sync API inside the asyncio loop")."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_driver):
    b = playwright_driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    yield b
    b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(20_000)
    pg = context.new_page()
    pg.blocked = []
    pg.console_errors = []

    def only_local(route):
        host = urllib.parse.urlsplit(route.request.url).hostname
        if host in ("127.0.0.1", "localhost") or route.request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            pg.blocked.append(route.request.url)
            route.abort()

    pg.route("**/*", only_local)
    pg.on("console", lambda m: pg.console_errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.console_errors.append(str(e)))
    yield pg
    context.close()
    # Shown in the report when the test fails: requests refused (not to 127.0.0.1), page errors.
    print("blocked requests:", pg.blocked, "\nconsole errors:", pg.console_errors)


@pytest.fixture(scope="session")
def offline_browser(playwright_driver):
    """Chromium that resolves no host name but 127.0.0.1's, so nothing can leave the machine."""
    b = playwright_driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
        *CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
    yield b
    b.close()


@pytest.fixture(scope="session")
def static_server():
    """Factory: ``static_server(folder)`` serves a folder with ``python -m http.server`` on 127.0.0.1
    and returns its URL; every server is stopped at the end of the session."""
    started: list[subprocess.Popen] = []

    def serve(folder: Path) -> str:
        port = free_port()
        proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
                                cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append(proc)
        url = f"http://127.0.0.1:{port}/"
        _wait_until_up(url, proc, Path(os.devnull), SERVER_START_TIMEOUT)
        return url

    yield serve
    for proc in started:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The static site (``rulesdojo build-site``), built once for every site test of the run: the
    test workers share one build (the first builds it, the others wait for it under a file lock);
    the build prints how long it took. A test may add a page of its own to it, never change one."""
    import fcntl

    from rulesdojo.cli import main as rulesdojo
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's folder, above each worker's own
    out, done = shared / "shared-site" / "site", shared / "shared-site" / "built"
    out.parent.mkdir(exist_ok=True)
    with open(shared / "shared-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also if the build fails
        if not done.exists():
            started = time.monotonic()
            status = rulesdojo(["build-site", str(out), "--lessons",
                                str(Path(__file__).resolve().parents[2] / "lessons"),
                                "--cache", str(out.parent / "cache")])
            print(f"site built in {time.monotonic() - started:.0f} s")
            assert status == 0
            done.touch()
    return out


@pytest.fixture(scope="session")
def site_url(site, static_server):
    """The built site served on 127.0.0.1."""
    return static_server(site)
