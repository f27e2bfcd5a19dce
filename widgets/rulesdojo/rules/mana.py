"""Mana: the six types (CR 106.1), costs, and a player's mana pool (CR 106.4)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import product

from .said import Value, said

COLORS = ("W", "U", "B", "R", "G")
TYPES = COLORS + ("C",)
TYPE_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
#: The types' names as a log sentence says them.
TYPE_SAID = {"W": said("white"), "U": said("blue"), "B": said("black"), "R": said("red"), "G": said("green"),
             "C": said("colorless")}
_SYMBOL = re.compile(r"\{([^}]+)\}")


@dataclass(frozen=True)
class ManaCost:
    """Hold a mana cost: generic amount plus colored symbols.

    >>> c = ManaCost.parse("{2}{G}")
    >>> (c.generic, c.colored, c.mana_value, str(c))
    (2, (('G', 1),), 3, '{2}{G}')
    """

    generic: int = 0
    colored: tuple[tuple[str, int], ...] = ()
    hybrid: tuple[tuple[str, str], ...] = ()  # {U/B}: paid with either color (CR 107.4e)

    @classmethod
    def parse(cls, text: str) -> "ManaCost":
        """Read a cost written with braces, such as ``{1}{R}`` or ``{1}{U/B}``.

        >>> c = ManaCost.parse("{1}{U/B}"); (c.hybrid, c.mana_value, c.colors, str(c))
        ((('U', 'B'),), 2, ('U', 'B'), '{1}{U/B}')
        """
        generic, colored, hybrid = 0, dict[str, int](), []
        for sym in _SYMBOL.findall(text or ""):
            halves = tuple(sym.split("/"))
            if sym.isdigit():
                generic += int(sym)
            elif sym in TYPES:
                colored[sym] = colored.get(sym, 0) + 1
            elif len(halves) == 2 and all(h in COLORS for h in halves) and halves[0] != halves[1]:
                hybrid.append((halves[0], halves[1]))
            else:
                raise ValueError(f"unknown mana symbol {{{sym}}} in {text!r}")
        return cls(generic, tuple(sorted(colored.items(), key=lambda kv: TYPES.index(kv[0]))),
                   tuple(hybrid))

    @property
    def mana_value(self) -> int:
        """Each hybrid symbol counts one (CR 202.3f)."""
        return self.generic + sum(n for _, n in self.colored) + len(self.hybrid)

    @property
    def colors(self) -> tuple[str, ...]:
        """The colors of the mana symbols, hybrid ones' both colors included (CR 105.2, 202.2d)."""
        found = {t for t, _ in self.colored if t != "C"} | {h for pair in self.hybrid for h in pair}
        return tuple(c for c in COLORS if c in found)

    def __str__(self) -> str:
        parts = [f"{{{self.generic}}}"] if self.generic else []
        parts += [f"{{{t}}}" * n for t, n in self.colored]
        parts += [f"{{{a}/{b}}}" for a, b in self.hybrid]
        return "".join(parts) or "{0}"


def pool_text(pool: dict[str, int]) -> str:
    """Write a mana pool as symbols.

    >>> pool_text({"G": 2, "C": 1})
    '{G}{G}{C}'
    """
    return "".join(f"{{{t}}}" * pool.get(t, 0) for t in TYPES) or "nothing"


def pool_said(pool: dict[str, int]) -> Value:
    """A mana pool as a log sentence says it: its symbols, or "nothing"."""
    return "".join(f"{{{t}}}" * pool.get(t, 0) for t in TYPES) or said("nothing")


def pay_from_pool(pool: dict[str, int], cost: ManaCost, keep: tuple[str, ...] = ()) -> dict[str, int] | None:
    """Return the pool left after paying ``cost``, or None when it can't be paid.

    Colored symbols take their own type; generic takes colorless first, then the colors
    not in ``keep`` (what the rest of the hand needs), whichever the pool holds most of.

    >>> pay_from_pool({"G": 1, "C": 2}, ManaCost.parse("{2}{G}"))
    {'W': 0, 'U': 0, 'B': 0, 'R': 0, 'G': 0, 'C': 0}
    >>> pay_from_pool({"G": 1}, ManaCost.parse("{1}{G}")) is None
    True
    >>> pool_text(pay_from_pool({"R": 2, "U": 1}, ManaCost.parse("{1}{R}"), keep=("U",)))
    '{U}'
    """
    left = {t: pool.get(t, 0) for t in TYPES}
    for t, n in cost.colored:
        if left[t] < n:
            return None
        left[t] -= n
    if cost.hybrid:  # each hybrid symbol by one of its colors: every choice tried (few symbols)
        for choice in product(*((a, b) if (a in keep) <= (b in keep) else (b, a) for a, b in cost.hybrid)):
            paid = pay_from_pool(left, ManaCost(cost.generic, tuple(Counter(choice).items())), keep)
            if paid is not None:
                return paid
        return None
    need = cost.generic
    for t in ("C",) + tuple(sorted(COLORS, key=lambda c: (c in keep, -left[c]))):
        take = min(need, left[t])
        left[t] -= take
        need -= take
    return left if need == 0 else None


def pool_of(text: str) -> dict[str, int]:
    """Read mana written as symbols into a pool: ``"{R}{R}"`` -> two red.

    >>> pool_text(pool_of("{R}{U}{R}"))
    '{U}{R}{R}'
    """
    cost = ManaCost.parse(text)
    if cost.generic:
        raise ValueError(f"name the mana by its type ({{C}} for colorless), not {{{cost.generic}}}")
    return {t: dict(cost.colored).get(t, 0) for t in TYPES}
