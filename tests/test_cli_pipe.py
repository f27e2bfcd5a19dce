"""A reader that stops early (``rulesdojo bank stats | head``) ends the command without a traceback."""

import subprocess
import sys
from pathlib import Path

BIN = Path(sys.executable).parent


def test_a_reader_that_stops_early_gets_no_traceback():
    run = subprocess.run(f"'{BIN / 'rulesdojo'}' bank stats | head -n 0", shell=True,
                         capture_output=True, text=True, timeout=120)
    assert "Traceback" not in run.stderr and "BrokenPipeError" not in run.stderr, run.stderr
