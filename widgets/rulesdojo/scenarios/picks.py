"""Answering a pending choice by name (``choose:``): which of the offered objects a name means.

A name may fit several offered objects: two Forests in a library being searched, two Grizzly Bears
proliferate could choose. Copies no one could tell apart (the same card in the same player's zone, or
permanents alike in controller, tapped, damage, counters, combat, token and sickness) are
interchangeable: the name means any of them, and a name given twice in one answer means two of
them. Copies that differ need one of: a setup id, ``"Nadia's Grizzly Bears"`` (the permanent's
controller, or the player whose library, hand, graveyard or exile holds the card), or a number
after the name, ``"Grizzly Bears (2)"``, counting the copies in the order the choice offers them
(library cards from the top, permanents in the order they came onto the battlefield).

>>> ordinal("Forest (2)"), ordinal("Forest"), ordinal("Urza (Lord) (1)")
(('Forest', 2), ('Forest', None), ('Urza (Lord)', 1))
"""

from __future__ import annotations

import re
from typing import Any, Collection, Iterable

from ..rules.errors import AmbiguousReference, RulesError
from ..rules.choices import Choice
from ..rules.objects import ZONES, GameState
from .expect import owner_and_name

_ORDINAL = re.compile(r"^(?P<name>.*\S)\s*\((?P<n>\d+)\)$")


def ordinal(ref: str) -> tuple[str, int | None]:
    """Split ``"Forest (2)"`` into the name and the number (None when there is none)."""
    found = _ORDINAL.match(ref)
    return (found.group("name"), int(found.group("n"))) if found else (ref, None)


def _offered(st: GameState) -> dict[int, tuple[str, str, tuple[Any, ...]]]:
    """Every object a choice could offer, by id: (its name, whose it is, what tells it from a copy)."""
    out: dict[int, tuple[str, str, tuple[Any, ...]]] = {}
    for p in st.players:
        for z in ZONES:
            for o in p.zone(z):
                out[o.id] = (o.card, p.name, (z, p.name, o.owner, o.token))
    for perm in st.battlefield:
        out[perm.id] = (perm.card, perm.controller, (perm.controller, perm.owner, perm.tapped, perm.damage,
                                                     tuple(sorted(perm.counters.items())), perm.attacking,
                                                     perm.token, perm.sick))
    return out


def pick_offered(st: GameState, choice: Choice, ref: object, taken: Collection[Any] = (),
                 times: int = 1) -> Any:
    """Return the option of ``choice`` that ``ref`` names (a player, a mode's text, a card or a
    permanent), one not in ``taken`` when the name fits interchangeable copies; None when no
    option has that name. A name the answer gives ``times`` times, once for each copy left, takes
    them all, alike or not.

    Raise ``AmbiguousReference`` when the name fits offered copies that differ, and ``RulesError``
    when a number counts past the copies offered.
    """
    text = str(ref)
    if text in choice.options:  # a player's name, or a mode's text
        return text
    name, nth = ordinal(text)
    whose, name = owner_and_name(st, name)
    offered = _offered(st)
    fits = _fitting(choice.options, offered, name, whose)
    if not fits:
        return None
    if nth is not None:
        if not 1 <= nth <= len(fits):
            raise RulesError(f"{text!r}: the choice offers {len(fits)} {offered[fits[0]][0]!r}, counted from 1")
        return fits[nth - 1]
    free = [o for o in fits if o not in taken] or fits  # a copy named once too often: the rules refuse it
    if len({offered[o][2] for o in free}) > 1 and times < len(free):
        raise AmbiguousReference(
            f"{text!r} could be any of {len(free)} offered objects that differ; give it an 'id' in the "
            f"setup, write \"{offered[free[0]][1]}'s {offered[free[0]][0]}\", or count it: "
            f"\"{offered[free[0]][0]} (1)\" is the first offered")
    return free[0]


def _fitting(options: Iterable[Any], offered: dict[int, tuple[str, str, tuple[Any, ...]]], name: str,
             whose: str | None) -> list[Any]:
    """The options offered whose name is ``name`` (lower case), and whose controller is ``whose``
    when a name says whose."""
    return [o for o in options if o in offered and offered[o][0].lower() == name
            and (whose is None or offered[o][1] == whose)]


def not_offered(choice: Choice, ref: object) -> RulesError:
    """Say that ``ref`` names nothing the pending choice offers, citing the choice's rule."""
    return RulesError(f"{ref!r} isn't among the options for: {choice.prompt}", rule=choice.rule)
