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


ENGINE_READS = {"game", "_game", "snapshot", "legal_actions", "why_illegal"}
VIEW_MAY_IMPORT = {"rulesdojo.rules.actions", "rulesdojo.rules.objects", "rulesdojo.rules.scenario"}


def test_views_read_the_state_layer_never_the_engine():
    """Views get everything from GameModel's traits: no engine attribute read, no engine module but the
    action classes (to say what to do), step names and the scenario reader (to list shipped boards)."""
    import ast
    from pathlib import Path

    import rulesdojo.views
    folder = Path(rulesdojo.views.__file__).parent
    found = []
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ENGINE_READS:
                found.append(f"{path.name}:{node.lineno} reads .{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.level:
                module = "rulesdojo." + ".".join(
                    (["views"] if node.level == 1 else [])[:1] + [node.module or ""]).strip(".")
                if module.startswith("rulesdojo.rules") and module not in VIEW_MAY_IMPORT:
                    found.append(f"{path.name}:{node.lineno} imports {module}")
    assert len(list(folder.glob("*.py"))) > 8 and found == []
