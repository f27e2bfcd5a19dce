"""Question parameters: declare ranges and choices, pick a variant by seed, fill placeholders.

A placeholder is ``{name}`` or a small expression over parameters such as ``{n+3}`` or
``{side.alice}``. Mana symbols (``{G}``, ``{E}``) are upper case and never placeholders.

>>> specs = parse_params({"n": {"range": [0, 2]}}, "q.yaml")
>>> [v["n"] for v in all_values(specs)]
[0, 1, 2]
>>> fill({"energy": "{n}", "text": "Alice has {n+3} energy; pay {E}"}, {"n": 2})
{'energy': 2, 'text': 'Alice has 5 energy; pay {E}'}
"""

from __future__ import annotations

import ast
import itertools
import random
import re
from dataclasses import dataclass

from ..rules.errors import ScenarioError
from ..scenarios.yamlsource import Located, LocatedList, line_of

NAME = re.compile(r"^[a-z][a-z0-9_]*$")
PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_.]*(?:\s*(?:\+|-|\*|//)\s*[a-z0-9_.]+)*)\}")
MAX_VALUES = 64  # a range may span at most this many values


@dataclass(frozen=True)
class Param:
    """One declared parameter: its name and the values it may take, in order."""

    name: str
    values: tuple


def parse_params(raw, source: str, place: str = "params") -> list[Param]:
    """Check a ``params`` mapping; return the parameters in declared order.

    >>> parse_params({"who": {"choices": ["Alice", "Nadia"]}}, "q.yaml")
    [Param(name='who', values=('Alice', 'Nadia'))]
    """
    if raw is None:
        return []
    where = _at(raw, place)
    if not isinstance(raw, dict):
        raise ScenarioError("'params' must be a mapping of name: {range: [low, high]} or "
                            "{choices: [...]}", file=source, place=where)
    out = []
    for name, spec in raw.items():
        here = f"{where}.{name}" if not line_of(spec) else _at(spec, f"{place}.{name}")
        if not isinstance(name, str) or not NAME.match(name):
            raise ScenarioError(f"parameter name {name!r} must be lower case letters, digits and _ "
                                "(upper case names would clash with mana symbols like {G})",
                                file=source, place=where)
        if not isinstance(spec, dict) or len(spec) != 1 or next(iter(spec)) not in ("range", "choices"):
            raise ScenarioError(f"parameter {name!r} needs exactly one of 'range: [low, high]' or "
                                "'choices: [...]'", file=source, place=here)
        if "range" in spec:
            r = spec["range"]
            if (not isinstance(r, list) or len(r) != 2
                    or not all(isinstance(x, int) and not isinstance(x, bool) for x in r)):
                raise ScenarioError(f"parameter {name!r}: 'range' is two whole numbers [low, high]",
                                    file=source, place=here)
            lo, hi = r
            if lo > hi:
                raise ScenarioError(f"parameter {name!r}: range low {lo} is above high {hi}",
                                    file=source, place=here)
            if hi - lo + 1 > MAX_VALUES:
                raise ScenarioError(f"parameter {name!r}: range spans {hi - lo + 1} values; at most "
                                    f"{MAX_VALUES}", file=source, place=here)
            values = tuple(range(lo, hi + 1))
        else:
            c = spec["choices"]
            if not isinstance(c, list) or not c:
                raise ScenarioError(f"parameter {name!r}: 'choices' is a non-empty list",
                                    file=source, place=here)
            values = tuple(_plain(x) for x in c)
        out.append(Param(name, values))
    return out


def pick(params: list[Param], qid: str, seed) -> dict:
    """Pick one value per parameter, the same for the same question id and seed.

    >>> ps = [Param("n", (0, 1, 2, 3))]
    >>> pick(ps, "q", 7) == pick(ps, "q", 7)
    True
    """
    rng = random.Random(f"{qid}:{seed}")
    return {p.name: rng.choice(p.values) for p in params}


def all_values(params: list[Param]):
    """Yield every combination of parameter values (the first parameter varies slowest)."""
    for combo in itertools.product(*(p.values for p in params)):
        yield dict(zip((p.name for p in params), combo))


def fill(obj, values: dict):
    """Return a copy of ``obj`` with placeholders replaced; keep YAML line numbers.

    A string that is exactly one placeholder takes the value's own type (a number stays a
    number); a list item that is exactly one placeholder for a list is spliced in.

    >>> fill(["Forest", "{more}"], {"more": ["Plains", "Island"]})
    ['Forest', 'Plains', 'Island']
    """
    if isinstance(obj, str):
        whole = PLACEHOLDER.fullmatch(obj)
        if whole and _known(whole.group(1), values):
            return evaluate(whole.group(1), values)
        return PLACEHOLDER.sub(lambda m: str(evaluate(m.group(1), values))
                               if _known(m.group(1), values) else m.group(0), obj)
    if isinstance(obj, dict):
        out = Located({fill(k, values): fill(v, values) for k, v in obj.items()})
        out.line = line_of(obj)
        return out
    if isinstance(obj, list):
        items, lines = LocatedList(), []
        old = getattr(obj, "lines", None) or [0] * len(obj)
        for item, line in zip(obj, old):
            whole = PLACEHOLDER.fullmatch(item) if isinstance(item, str) else None
            if whole and _known(whole.group(1), values):
                v = evaluate(whole.group(1), values)
                if isinstance(v, list):
                    items.extend(v)
                    lines.extend([line] * len(v))
                    continue
            items.append(fill(item, values))
            lines.append(line)
        items.lines = lines
        return items
    return obj


def names_in(obj) -> set[str]:
    """Return the parameter names that placeholders in ``obj`` use."""
    found: set[str] = set()
    if isinstance(obj, str):
        for m in PLACEHOLDER.finditer(obj):
            found |= {n.split(".")[0] for n in re.findall(r"[a-z][a-z0-9_.]*", m.group(1))}
    elif isinstance(obj, dict):
        for k, v in obj.items():
            found |= names_in(k) | names_in(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= names_in(v)
    return found


def evaluate(expr: str, values: dict):
    """Work out one placeholder: a name, ``name.key``, or + - * // over them and whole numbers."""
    tree = ast.parse(expr.strip(), mode="eval").body

    def ev(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return node.value
        if isinstance(node, ast.Name):
            return values[node.id]
        if isinstance(node, ast.Attribute):
            base = ev(node.value)
            if not isinstance(base, dict) or node.attr not in base:
                raise KeyError(f"{node.attr!r} isn't a key of this choice")
            return base[node.attr]
        if isinstance(node, ast.BinOp):
            a, b = ev(node.left), ev(node.right)
            if isinstance(node.op, ast.Add):
                return a + b
            if isinstance(node.op, ast.Sub):
                return a - b
            if isinstance(node.op, ast.Mult):
                return a * b
            if isinstance(node.op, ast.FloorDiv):
                return a // b
        raise ValueError(f"can't work out {expr!r}")

    return ev(tree)


def _known(expr: str, values: dict) -> bool:
    names = {n.split(".")[0] for n in re.findall(r"[a-z][a-z0-9_.]*", expr)}
    return bool(names) and names <= set(values)


def _plain(x):
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_plain(v) for v in x]
    return x


def _at(obj, place: str) -> str:
    line = line_of(obj)
    return f"line {line}, {place}" if line else place
