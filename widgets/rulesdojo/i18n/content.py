"""The texts of a lesson or question file to translate, each under a stable id.

A text's id is ``<file stem>:<path>``: the keys from the file's top down to the text, joined by
``/``; a list item that names itself (a lesson part's ``task:`` or ``check:``, anything's ``id:``)
is known by that name, any other by its place in the list, from 0. So a lesson's second hint on
its ``every-land`` task is ``07-landfall:parts/every-land/hints/1``, a question's second option
``aether-chaser-killed-servo-still-comes:options/1/text``. Ids stay the same when parts move, and a
translation whose English source changed no longer matches (gettext looks up the id and the English
text together), so it is shown in English until it is translated again.

Texts are the values of the prose keys (``PROSE_KEYS``): strings, lists of strings, and a lesson's
``prose:`` passages. A policy question's ``answer:`` is one of its options, not a text of its own,
and an option's ``legal:``, ``illegal:`` and ``holds:`` are what the engine checks (actions, card
names as the engine knows them, amounts), not words shown.

>>> from rulesdojo.scenarios.yamlsource import load
>>> d = load("id: q\\nprompt: Who wins?\\noptions:\\n  - text: Alice\\n    legal: {cast: Shock}\\n  - Nadia\\n")
>>> [(m.context, m.english, m.line) for m in texts("q", d)]
[('q:prompt', 'Who wins?', 2), ('q:options/0/text', 'Alice', 4), ('q:options/1', 'Nadia', 6)]

A question's parameters are put into its texts as it is asked (``{side.says}``, ``{plays.lands}``),
so the words among them are texts too: under ``params/<name>/choices/<i>/<key>``, the string value
of a choice that is a mapping, under a key of ``PARAM_TEXT_KEYS``. A choice that is a plain value
(a card name, a step, a mana letter, a number), and a mapping's other keys (card names, power and
toughness, actions, lists of cards) are what the game is played with, not words to translate: a
page shows a card's name through the card-name catalog.

>>> d = load('''id: q
... prompt: Alice {side.says} casts Shock at {card}.
... params:
...   card: {choices: [Grizzly Bears, Hill Giant]}
...   side:
...     choices:
...       - {says: "plays a Mountain, then", hand: [Mountain], n: 2}
...       - {says: "has played no land and", hand: []}
... ''')
>>> for m in texts("q", d):
...     print(m.line, m.context, repr(m.english))
2 q:prompt 'Alice {side.says} casts Shock at {card}.'
7 q:params/side/choices/0/says 'plays a Mountain, then'
8 q:params/side/choices/1/says 'has played no land and'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

#: Keys whose values are author prose, in lessons and questions alike (a lesson's ``prose:`` holds
#: passages by name; ``options`` a choice or policy question's options).
PROSE_KEYS = frozenset({"title", "summary", "recap", "prose", "instructions", "done", "say", "hints",
                        "hint", "prompt", "explanation", "why", "explanation_lead", "note", "source",
                        "text", "options"})
#: Keys that hold a text only as a name for another one (a policy question's answer is an option),
#: or hold what the engine checks rather than words shown (an option's actions and expected state).
NOT_TEXTS = frozenset({"answer", "legal", "illegal", "holds"})
#: What a list item may be known by, in this order.
NAMING_KEYS = ("task", "check", "id")
#: Keys of a question parameter's choices whose string values are words the learner reads, put into
#: a prompt or an option: phrases (``says: "plays a Mountain, then"``), Oracle text quoted
#: (``text``), an answer's wording (``ruling``, ``fix``, ``duty``: the same words as an option) and
#: numbers written as words (``n: two``, ``lands: three``; a whole number under ``n`` is no text).
#: Not among them: card names (``name``, ``card``, ``burn``, ``target``, ``other``, ``shocked``),
#: player names (``who``), power and toughness (``pt``, ``big``, ``one``, ``two``...), mana
#: (``mana``) and what the game is played with (``hand``, ``steps``, ``then``, ``goal``, ``cards``).
PARAM_TEXT_KEYS = frozenset({"text", "said", "says", "story", "choice", "ruling", "did", "fix",
                             "duty", "burn_text", "word", "nadia_text", "gets", "want", "n",
                             "lands", "a"})


@dataclass(frozen=True)
class Message:
    """One text to translate: its id, its English source, and the line it starts on."""

    context: str
    english: str
    line: int


def texts(stem: str, data: Any) -> Iterator[Message]:
    """Every text of a file read with ``yamlsource.load`` (``stem``: the file's name without
    ``.yaml``), in the file's order."""
    yield from _walk(stem, data, (), False, getattr(data, "line", 1))


def _walk(stem: str, node: Any, path: tuple[str, ...], prose: bool, line: int) -> Iterator[Message]:
    if isinstance(node, str):
        if prose and node.strip():
            yield Message(f"{stem}:{'/'.join(path)}", node, line)
        return
    if isinstance(node, dict):
        yield from _mapping(stem, node, path, prose, line)
    elif isinstance(node, list):
        lines = getattr(node, "lines", [])
        for i, item in enumerate(node):
            at = lines[i] if i < len(lines) else line
            yield from _walk(stem, item, (*path, _name(item, i)), prose, at)


def _mapping(stem: str, node: dict, path: tuple[str, ...], prose: bool, line: int) -> Iterator[Message]:
    lines = getattr(node, "key_lines", {})
    for key, value in node.items():
        if key in NOT_TEXTS or not isinstance(key, str):
            continue
        at = lines.get(key, getattr(node, "line", line) or line)
        if not path and key == "params":  # a question's parameters: only their words
            yield from _params(stem, value, at)
        else:
            yield from _walk(stem, value, (*path, key), prose or key in PROSE_KEYS, at)


def _params(stem: str, params: Any, line: int) -> Iterator[Message]:
    """The words among a question's parameter choices: ``PARAM_TEXT_KEYS`` of a mapping choice."""
    if not isinstance(params, dict):
        return
    for name, spec in params.items():
        choices = spec.get("choices") if isinstance(spec, dict) else None
        if not isinstance(choices, list):
            continue  # a range of numbers, or not a parameter (the question's lint says so)
        lines = getattr(choices, "lines", [])
        for i, choice in enumerate(choices):
            if not isinstance(choice, dict):
                continue  # a card name, step, mana letter or number: played with, not read
            at = lines[i] if i < len(lines) else line
            key_lines = getattr(choice, "key_lines", {})
            for key, value in choice.items():
                if key in PARAM_TEXT_KEYS and isinstance(value, str) and value.strip():
                    yield Message(f"{stem}:params/{name}/choices/{i}/{key}", value,
                                  key_lines.get(key, at))


def _name(item: Any, i: int) -> str:
    if isinstance(item, dict):
        for key in NAMING_KEYS:
            if isinstance(item.get(key), str):
                return item[key]
    return str(i)


def file_texts(path: Path) -> Iterator[Message]:
    """The texts of a lesson or question file on disk."""
    from ..scenarios.yamlsource import load
    yield from texts(path.stem, load(path.read_text(encoding="utf-8")))
