"""A runtime-only install (what ``make serve`` installs) holds no test dependency, and ``rulesdojo serve``
from it starts quietly: its output ends with the address to open."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: what only `make test` needs (the [test] extra and the extras it pulls in; nbclient and psutil serve too)
TEST_ONLY = {"pytest", "hypothesis", "playwright", "jupyterhub", "psycopg",
             "jupyterlite-core", "jupyterlite-pyodide-kernel", "voici-core", "jupyterlab", "notebook",
             "axe-playwright-python", "pytest-timeout"}

pytestmark = pytest.mark.timeout(900)  # a venv and the kit's dependencies (from pip's cache when it has them)


@pytest.fixture(scope="module")
def runtime(tmp_path_factory):
    """A venv with ``pip install .`` of a wheel of the kit: its python."""
    tmp = tmp_path_factory.mktemp("runtime")
    subprocess.run([sys.executable, "-m", "venv", str(tmp / "venv")], check=True, timeout=120)
    python = tmp / "venv" / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp), str(ROOT)],
                   check=True, capture_output=True, timeout=240)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(next(tmp.glob("rulesdojo-*.whl")))],
                   check=True, capture_output=True, timeout=600)
    return python


def test_a_runtime_install_holds_no_test_dependency(runtime):
    listed = subprocess.run([str(runtime), "-m", "pip", "list", "--format", "json"], check=True,
                            capture_output=True, text=True, timeout=120).stdout
    installed = {p["name"].lower().replace("_", "-") for p in json.loads(listed)}
    assert "rulesdojo" in installed and "voila" in installed
    assert not installed & TEST_ONLY, installed & TEST_ONLY


def test_serve_ends_its_output_with_the_address(runtime, tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(runtime.parent / "rulesdojo"), "serve", "--port", str(port)], cwd=tmp_path,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                env=dict(os.environ, PYTHONUNBUFFERED="1",
                                         JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
                                         JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime")))
    address = f"http://127.0.0.1:{port}/voila/render/course.ipynb"  # the whole course in one page
    try:
        deadline = time.monotonic() + 180
        while address not in log.read_text() and proc.poll() is None:
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.5)
        time.sleep(20)  # the pool's kernels start and run their notebooks meanwhile
        lines = log.read_text().strip().splitlines()
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=60)
    # A kernel's subprocess pipe is a port of its own on 127.0.0.1; another program (a browser still
    # reconnecting to a server that had that port) can reach it, and the kernel prints what came.
    # That line is the kernel's, not serve's.
    lines = [line for line in lines if not line.startswith("Bad pipe message")]
    assert lines and address in lines[-1], lines
    assert not [line for line in lines if "WARNING" in line or "not trusted" in line], lines
