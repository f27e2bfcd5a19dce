"""Cards written inside a scenario or question file (``card_data:``), for that file's game alone.

Each item holds a card file's keys (``docs/cards.md``) and is checked by the card files' own reader
and Oracle checks, with the same messages, at the item's lines in the file that holds it. The
scenario's ``cards:`` stays what it was: the names of the cards it is about.

>>> from rulesdojo.rules.errors import ScenarioError
>>> bear = {"name": "Test Bear", "cost": "{1}{G}", "types": ["Creature"], "power": 2,
...         "toughness": 2, "oracle": ""}
>>> [c.name for c in defined_cards({"card_data": [bear]}, "x.yaml", ScenarioError)]
['Test Bear']
>>> defined_cards({"card_data": [{**bear, "power": "two"}]}, "x.yaml", ScenarioError)
Traceback (most recent call last):
rulesdojo.rules.errors.ScenarioError: x.yaml: card_data[1]: power and toughness must be whole numbers, not 'two'
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from ..rules.cards import Card
from .cardfile import CardFileError, card_from_file_data, oracle_problems
from .yamlsource import item_line, key_line

KEY = "card_data"
SHAPE = (f"'{KEY}' is a list of cards, each a mapping with a card file's keys: name, cost, types, "
         "oracle, ... (docs/cards.md)")
_LINE = re.compile(r"line (\d+): (.*)", re.S)


def defined_cards(data: Any, source: str, error: Callable[..., Exception]) -> tuple[Card, ...]:
    """Read the cards a file defines (none without ``card_data:``); raise ``error(message,
    file=source, place="line N, card_data[i]")`` at the first problem, worded as ``cards lint`` words it."""
    block = data.get(KEY) if isinstance(data, dict) else None
    if block is None:
        return ()
    if not isinstance(block, list) or not block:
        raise error(SHAPE, file=source, place=_place(key_line(data, KEY), KEY))
    out: list[Card] = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(block):
        line, place = item_line(block, i), f"{KEY}[{i + 1}]"
        if not isinstance(entry, dict):
            raise error(SHAPE, file=source, place=_place(line, place))
        try:
            card = card_from_file_data(entry, Path(source))
        except CardFileError as exc:
            raise error(exc.problem, file=source, place=_place(exc.line or line, place)) from None
        for problem in oracle_problems(card, entry)[:1]:
            found = _LINE.match(problem)
            at, said = (int(found.group(1)), found.group(2)) if found else (line, problem)
            raise error(said, file=source, place=_place(at, place))
        if card.name in seen:
            raise error(f"a second card named {card.name!r} (also line {seen[card.name]})", file=source,
                        place=_place(line, place))
        seen[card.name] = line
        out.append(card)
    return tuple(out)


def _place(line: int, place: str) -> str:
    return f"line {line}, {place}" if line else place
