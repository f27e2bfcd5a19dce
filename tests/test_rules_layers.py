"""The engine is layers, not a knot: no import cycle inside ``rulesdojo.rules``, counting the imports
made inside functions, and each target a card file may name has a finder."""

import ast
from pathlib import Path

import rulesdojo.rules

FOLDER = Path(rulesdojo.rules.__file__).parent
PACKAGE = "rulesdojo.rules"


def module_name(path: Path) -> str:
    parts = [p for p in path.relative_to(FOLDER).with_suffix("").parts if p != "__init__"]
    return ".".join([PACKAGE, *parts])


def import_graph() -> dict[str, dict[str, int]]:
    """Return each module of the package -> {module of the package it imports: line}, at any depth."""
    modules = {module_name(p): p for p in FOLDER.rglob("*.py")}
    graph: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        edges: dict[str, int] = {}
        tree = ast.parse(path.read_text(), str(path))
        # Imports under ``if TYPE_CHECKING:`` are read by the type checker alone: they never run.
        type_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                     and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
                     for n in ast.walk(block)}
        for node in ast.walk(tree):
            if id(node) in type_only:
                continue
            if isinstance(node, ast.ImportFrom):
                base = ".".join((here[:len(here) - node.level + 1] if node.level else [])
                                + ([node.module] if node.module else []))
                found = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            elif isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            else:
                continue
            for target in found:
                if target in modules and target != name:
                    edges.setdefault(target, node.lineno)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, dict[str, int]]) -> list[str]:
    """Return one import cycle as the modules along it (the first again at the end), or []."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(m: str) -> list[str]:
        state[m] = 1
        path.append(m)
        for t in sorted(graph[m]):
            if state.get(t) == 1:
                return path[path.index(t):] + [t]
            if t not in state:
                found = walk(t)
                if found:
                    return found
        path.pop()
        state[m] = 2
        return []

    for m in sorted(graph):
        if m not in state:
            found = walk(m)
            if found:
                return found
    return []


def test_find_cycle_finds_one():
    graph = {"a": {"b": 1}, "b": {"c": 3}, "c": {"a": 7}, "d": {}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b": 1}, "b": {}}) == []


def test_no_import_cycle_inside_the_engine():
    graph = import_graph()
    assert len(graph) > 20
    cycle = find_cycle(graph)
    steps = [f"{a} (line {graph[a][b]}) -> {b}" for a, b in zip(cycle, cycle[1:])]
    assert cycle == [], "import cycle:\n  " + "\n  ".join(steps)


def test_every_target_a_card_file_may_name_has_a_finder():
    from rulesdojo.rules.parts import PAIRS, TARGET_WORDS
    from rulesdojo.rules.targets import TARGETS
    assert set(TARGETS) | set(PAIRS) == set(TARGET_WORDS) and set(PAIRS.values()) <= set(TARGETS)
