"""The engine runs without Jupyter: importing it loads neither traitlets nor ipywidgets."""

import subprocess
import sys


def test_rules_import_loads_no_jupyter_modules():
    code = ("import sys, rulesdojo.rules; "
            "print(sorted(m for m in ('traitlets', 'ipywidgets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_state_layer_does_not_import_ipywidgets():
    code = ("import sys, importlib.util; "
            "spec = importlib.util.find_spec('rulesdojo.state'); "
            "spec and __import__('rulesdojo.state'); print('ipywidgets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
