"""Explanations: the short answer first, then the log events that decided it, with rule numbers.

>>> from rulesdojo.rules.objects import Event
>>> log = [Event(1, "117.3d", "Alice passes priority.", "priority"),
...        Event(2, "107.14", "Alice gets 1 energy from Architect of the Untamed; 1 now.", "energy")]
>>> print(explain("Alice has 1 energy.", log))
Alice has 1 energy.
- Alice gets 1 energy from Architect of the Untamed; 1 now. (CR 107.14)
"""

from __future__ import annotations

import re
from typing import Sequence

#: How much each kind of log event matters to an explanation (higher first; absent: left out).
WEIGHT = {
    "fizzle": 9, "replaced": 9, "prevented": 9, "rule": 8, "energy": 8, "choice": 8,
    "becomes": 8, "type": 8, "landfall": 7, "order": 7, "counters": 7, "damage": 6,
    "pump": 6, "life": 6, "leaves": 5, "trigger": 4, "enters": 3, "zone": 2, "cast": 2,
    "activate": 2, "play": 2, "resolve": 1, "mana": 1,
}
#: Mana events worth telling: mana abilities, triggered mana, pools emptying, "any type".
MANA_RULES = ("605.", "500.4", "106.")
MAX_LINES = 7
RULE = re.compile(r"\b(?:CR|MTR|IPG) \d")


#: Kinds of event whose weight depends on the event: the rule it cites, what entered.
WEIGHED = {
    "mana": lambda ev: 7 if ev.rule.startswith(MANA_RULES) else 0,
    "zone": lambda ev: 6 if ev.rule.startswith("111.") else 0,
    "trigger": lambda ev: 8 if ev.rule.startswith("603.12") else WEIGHT["trigger"],  # reflexive: "when you do"
    "enters": lambda ev: WEIGHT["enters"] if "Land" in ev.text else 1,
}


def weight(ev) -> int:
    """Score one event for an explanation (0: leave it out).

    >>> from rulesdojo.rules.objects import Event
    >>> weight(Event(1, "603.12", "A reflexive ability triggers.", "trigger")), weight(Event(2, "500.4", "", "mana"))
    (8, 7)
    """
    weigh = WEIGHED.get(ev.kind)
    return weigh(ev) if weigh is not None else WEIGHT.get(ev.kind, 0)


def select(log, limit: int = MAX_LINES, extra_rules=()) -> list:
    """Pick the events that explain the outcome, at most ``limit``, kept in the order they happened."""
    scored = [(weight(ev) + (5 if ev.rule in extra_rules else 0), ev) for ev in log]
    scored = [(w, ev) for w, ev in scored if w > 0]
    seen, unique = set(), []
    for w, ev in scored:
        if ev.text in seen:
            continue
        seen.add(ev.text)
        unique.append((w, ev))
    keep = sorted(unique, key=lambda x: (-x[0], x[1].seq))[:limit]
    return sorted((ev for _, ev in keep), key=lambda ev: ev.seq)


def line(ev) -> str:
    """Write one event as an explanation line, with its rule number (unless the text cites it).

    >>> from rulesdojo.rules.objects import Event
    >>> line(Event(1, "704.5d", "The Beast token ceases to exist (CR 111.7).", "zone"))
    '- The Beast token ceases to exist (CR 111.7). (CR 704.5d)'
    """
    text = ev.text.strip()
    cited = RULE.search(text) and re.search(rf"(?<![\d.]){re.escape(ev.rule)}(?!\w|\.\d)", text)
    return f"- {text}" if cited or not ev.rule[:1].isdigit() else f"- {text} (CR {ev.rule})"


def explanation_lines(log, extra_rules=(), extra: int = 0, note: bool = False) -> list[str]:
    """The deciding events' lines of an explanation that has ``extra`` lines of its own and maybe a note."""
    return [line(ev) for ev in select(log, MAX_LINES - extra - (1 if note else 0), extra_rules)]


def explain(lead: str, log, note: str | None = None, extra: Sequence[str] = (), extra_rules=()) -> str:
    """Build an explanation: the lead sentence, the deciding events, any extra lines, the note."""
    lines = [lead.strip()]
    lines += [f"- {x}" for x in extra]
    lines += explanation_lines(log, extra_rules, len(extra), bool(note))
    if note:
        lines.append(f"- {note.strip()}")
    return "\n".join(lines)
