"""Every test has a hard deadline: a hang fails that test, and the run goes on."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HANGS = """
import time

def test_hangs():
    time.sleep(3600)

def test_after_it():
    pass
"""


def test_the_configuration_gives_every_test_a_deadline(request):
    assert request.config.pluginmanager.hasplugin("timeout")
    assert float(request.config.getini("timeout")) > 0 and request.config.getini("timeout_method") == "signal"


def test_a_hanging_test_fails_at_its_deadline_and_the_next_one_runs(tmp_path):
    (tmp_path / "test_hang.py").write_text(HANGS)
    out = subprocess.run([sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "--rootdir",
                          str(tmp_path), "-p", "no:cacheprovider", "-o", "timeout=2", str(tmp_path / "test_hang.py")],
                         capture_output=True, text=True, timeout=120)
    assert "Timeout" in out.stdout and "1 failed, 1 passed" in out.stdout, out.stdout[-2000:]
