"""The engine runs without Jupyter: importing it loads neither traitlets nor ipywidgets."""

import subprocess
import sys
from pathlib import Path

import pytest


def test_rules_import_loads_no_jupyter_modules():
    code = ("import sys, rulesdojo.rules; "
            "print(sorted(m for m in ('traitlets', 'ipywidgets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "[]"


def test_state_layer_does_not_import_ipywidgets():
    code = ("import sys, importlib.util; "
            "spec = importlib.util.find_spec('rulesdojo.state'); "
            "spec and __import__('rulesdojo.state'); print('ipywidgets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "False"


ENGINE_READS = {"game", "_game", "snapshot", "legal_actions", "why_illegal"}


def imported_modules(folder):
    """Yield (file name, line, module) for every import in a package folder, inside functions too
    (a docstring's examples are text, not imports)."""
    import ast
    for path in sorted(folder.rglob("*.py")):
        package = ["rulesdojo", *path.parent.relative_to(folder.parent).parts]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                base = package[:len(package) - node.level + 1] if node.level else []
                yield path.name, node.lineno, ".".join(base + ([node.module] if node.module else []))
            elif isinstance(node, ast.Import):
                yield from ((path.name, node.lineno, a.name) for a in node.names)


def test_views_read_the_state_layer_never_the_engine():
    """Views get everything from GameModel's traits and intents: no engine attribute read."""
    import ast
    from pathlib import Path

    import rulesdojo.views
    folder = Path(rulesdojo.views.__file__).parent
    found = [f"{path.name}:{node.lineno} reads .{node.attr}" for path in sorted(folder.glob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(), str(path)))
             if isinstance(node, ast.Attribute) and node.attr in ENGINE_READS]
    assert len(list(folder.glob("*.py"))) > 8 and found == []


@pytest.mark.parametrize("package", ["views", "lessons"])
def test_views_and_lessons_import_nothing_from_the_engine(package):
    """Views and lessons ask the state layer (and the scenarios) for what they need: no module of
    theirs imports ``rulesdojo.rules``, at the top or inside a function."""
    import importlib
    from pathlib import Path

    folder = Path(importlib.import_module(f"rulesdojo.{package}").__file__).parent
    found = [f"{name}:{line} imports {module}" for name, line, module in imported_modules(folder)
             if module == "rulesdojo.rules" or module.startswith("rulesdojo.rules.")]
    assert len(list(folder.glob("*.py"))) > 5 and found == []


PLAY_WITHOUT_YAML = """
import sys
from pathlib import Path
sys.modules["yaml"] = None  # any `import yaml` now fails
from rulesdojo.rules import CardSet, CastSpell, Game, PassPriority, PlayLand
from rulesdojo.rules.cards import card_from_data
# the shipped card files need PyYAML: this game's set holds only the cards given here
cards = CardSet([card_from_data({"name": "Layer Test Forest", "cost": "", "types": ["Land"],
                                 "subtypes": ["Forest"], "oracle": "({T}: Add {G}.)"}),
                 card_from_data({"name": "Layer Test Bear", "cost": "{1}{G}", "types": ["Creature"],
                                 "power": 2, "toughness": 2, "oracle": ""})])
g = Game(["Alice", "Nadia"], cards=cards)
g.add_permanent("Alice", "Layer Test Forest")
land = g.add_card("Alice", "Layer Test Forest", "hand")
bear = g.add_card("Alice", "Layer Test Bear", "hand")
g.apply(PlayLand(land))
g.apply(CastSpell(bear))
g.apply(PassPriority()); g.apply(PassPriority())
print(sorted(p.card for p in g.state.battlefield), sum(p.tapped for p in g.state.battlefield),
      "yaml" in sys.modules and sys.modules["yaml"] is not None)
"""


def test_rules_play_a_game_with_yaml_blocked():
    """The engine is standard-library only: with PyYAML unimportable it still plays cards given in Python."""
    out = subprocess.run([sys.executable, "-c", PLAY_WITHOUT_YAML], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "['Layer Test Bear', 'Layer Test Forest', 'Layer Test Forest'] 2 False"


# The card set reads a card file (YAML) through the card-file reader, inside the one function that
# reads a file: a set made of cards given in Python never calls it.
READS_CARD_FILES = {("cardset.py", "rulesdojo.scenarios.cardfile")}


def test_rules_modules_import_only_the_standard_library_and_each_other():
    """No module of ``rulesdojo.rules`` imports PyYAML, the views, the state layer or the scenarios,
    not even inside a function, but the card set's card-file reader."""
    from pathlib import Path

    import rulesdojo.rules
    folder = Path(rulesdojo.rules.__file__).parent
    found = [f"{name}:{line} imports {module}" for name, line, module in imported_modules(folder)
             if not module.startswith("rulesdojo.rules") and (name, module) not in READS_CARD_FILES
             and module.split(".")[0] not in sys.stdlib_module_names]
    assert len(list(folder.rglob("*.py"))) > 8 and found == []


SHOW_A_GAME = ("from rulesdojo.rules import Game\n"
               "g = Game(['Alice', 'Nadia'])\n"
               "g.add_permanent('Alice', 'Grizzly Bears')\n"
               "g")


def test_a_notebook_shows_a_game_as_the_table():
    """A notebook that imports only the engine still shows a game, as the read-only table: the views
    register it."""
    import nbformat
    from nbclient import NotebookClient
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(SHOW_A_GAME)])
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    shown = [o["data"]["application/vnd.jupyter.widget-view+json"]["model_id"] for o in nb.cells[0].outputs
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    models = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    tables = [m["state"] for m in models.values() if m["state"].get("readonly") is True]
    assert len(shown) == 1 and len(tables) == 1
    alice = tables[0]["players"][-1]
    assert alice["name"] == "Alice" and [c["name"] for c in alice["creatures"]] == ["Grizzly Bears"]
    assert not [o for o in nb.cells[0].outputs if "text/html" in o.get("data", {})]  # no HTML copy of it


PACKAGE = Path(__file__).resolve().parents[1] / "widgets" / "rulesdojo"


@pytest.mark.parametrize("package, above", [("views", "rulesdojo.lessons"), ("views", "rulesdojo.serve"),
                                            ("lessons", "rulesdojo.serve")])
def test_views_and_lessons_import_nothing_above_them(package, above):
    """Lessons use views, never the other way; neither imports the serving package: what they need of
    it (the learner's identity) comes down in a ``Kit``, and the guard is installed by the served kernel."""
    found = [f"{name}:{line} imports {module}" for name, line, module in imported_modules(PACKAGE / package)
             if module == above or module.startswith(above + ".")]
    assert len(list((PACKAGE / package).glob("*.py"))) > 5 and found == []


#: what may read the process's environment: the entry points (the command line, the kit's one channel
#: a kernel is configured by) and the two deliveries, which start processes and set theirs
READS_ENVIRONMENT = {"serve", "site", "cli.py", "kit.py"}


def environment_reads(path):
    """Yield the lines of a module that read or change the process's environment: ``os.environ``,
    ``os.getenv``, ``os.putenv`` or their names imported from ``os``."""
    import ast
    names = {"environ", "getenv", "putenv", "environb", "getenvb", "unsetenv"}
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Attribute) and node.attr in names and getattr(node.value, "id", None) == "os":
            yield node.lineno
        elif isinstance(node, ast.ImportFrom) and node.module == "os" and {a.name for a in node.names} & names:
            yield node.lineno


def test_no_product_module_reads_the_environment():
    """Configuration is passed down in a ``Kit`` built at an entry point: below it, no module reads
    ``os.environ`` (the serving package, the site builder, the command line and ``kit.py`` may)."""
    modules = [p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] not in READS_ENVIRONMENT]
    found = [f"{p.relative_to(PACKAGE)}:{line}" for p in modules for line in environment_reads(p)]
    assert len(modules) > 50 and found == []


def test_the_environment_check_finds_a_read(tmp_path):
    """The check above sees each way a module reads the environment."""
    module = tmp_path / "m.py"
    module.write_text("import os\nfrom os import getenv\na = os.environ.get('X')\nb = os.getenv('Y')\n"
                      "def f():\n    return os.environ['Z']\n")
    assert sorted(environment_reads(module)) == [2, 3, 4, 6]
