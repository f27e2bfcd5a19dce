"""The README's Python example runs and prints what the README says it prints."""

import re
import subprocess
import sys
from pathlib import Path

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()


def test_readme_engine_example_prints_what_it_claims():
    code = re.search(r"```python\n(.*?)```", README, re.S).group(1)
    claimed = re.search(r"prints `([^`]+)`", README).group(1)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         timeout=120)
    assert out.stdout.strip() == claimed
    assert len(code.strip().splitlines()) == 5
