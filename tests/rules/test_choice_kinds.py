"""A resolution asks for a choice by its class: no kind is named by a string where a Choice is made."""

import ast
import importlib
from pathlib import Path

from rulesdojo.rules import choices

RULES = Path(choices.__file__).resolve().parent


def choose_calls():
    """Yield (place, the first argument's value in its module) for each ``.choose(...)`` call in rules/."""
    for path in sorted(RULES.rglob("*.py")):
        module = importlib.import_module(".".join(["rulesdojo.rules", *path.relative_to(RULES).with_suffix("").parts]))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "choose":
                arg = node.args[0] if node.args else None
                value = getattr(module, arg.id, None) if isinstance(arg, ast.Name) else (
                    ast.literal_eval(arg) if isinstance(arg, ast.Constant) else arg)
                yield f"{path.relative_to(RULES)}:{node.lineno}", value


def test_every_choice_asked_during_a_resolution_is_a_choice_class():
    calls = list(choose_calls())
    assert len(calls) >= 10
    wrong = [(where, value) for where, value in calls
             if not (isinstance(value, type) and issubclass(value, choices.Choice))]
    assert wrong == []
