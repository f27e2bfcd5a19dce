"""What a translation keeps exactly from its English, each check saying what differs.

Kept exactly: placeholders (``{n}``, ``{answer}``, ``{n+1}``, ``{card.name}``: the set of them),
symbols (``{E}``, ``{G}``, ``{T}``, ``{1}``: each as many times as in the English), rule numbers
(``CR 603.3b``, ``MTR 4.1``, ``IPG 2.5``: every number with a point, and a number right after CR,
IPG or MTR), markdown link targets (``[lesson 7](#/lesson/7)`` keeps ``#/lesson/7``), and card
names, which are the names printed in the language (``cards.po``).

>>> kept("You get {E}{E} (CR 122.1).", "Obtienes {E} (CR 122.1).")
['symbols differ: {E}{E} in the English, {E} in the translation']
>>> kept("{who} pays {n}", "{quien} paga {n}")
['placeholders differ: {n} {who} in the English, {n} {quien} in the translation']
>>> kept("See CR 603.3b and [lesson 7](#/lesson/7).", "Mira CR 603.3c y [la lección 7](#/lesson/7).")
['rule numbers differ: 603.3b in the English, 603.3c in the translation']
>>> kept("CR 603.3b says so.", "CR 603.3bのとおり。")
[]
>>> card_names("Aether Hub taps for {C}.", "Aether Hub produce {C}.", {"Aether Hub": "Centro de éter"})
["card name: 'Aether Hub' is printed 'Centro de éter'; the translation has the English name"]
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Mapping

_BRACES = re.compile(r"\{[^{}\s]*\}")
#: Mana and other symbols: a colour, generic mana, tap and untap, energy, hybrid and Phyrexian.
_SYMBOL = re.compile(r"\{(?:[WUBRGCSXYZTQE]|\d+|[WUBRGC2]/[WUBRGCP])\}")
_RULE = re.compile(r"(?<![\w.])\d+\.\d+[a-z]?(?![\w])"
                   r"|(?:(?<=\bCR )|(?<=\bIPG )|(?<=\bMTR ))\d+(?![\w.])", re.ASCII)
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _braces(text: str) -> tuple[Counter[str], set[str]]:
    found = _BRACES.findall(text)
    return Counter(b for b in found if _SYMBOL.fullmatch(b)), {b for b in found if not _SYMBOL.fullmatch(b)}


def _say(what: str, english: str, translation: str) -> str:
    return f"{what} differ: {english or 'none'} in the English, {translation or 'none'} in the translation"


def kept(english: str, translation: str, plural: bool = False) -> list[str]:
    """What the translation doesn't keep of the English. A plural form (``plural``) may leave out
    the English's placeholders (Japanese says "{n}" once, Spanish's singular may say "un")."""
    problems = []
    symbols, placeholders = _braces(english)
    t_symbols, t_placeholders = _braces(translation)
    if symbols != t_symbols and not (plural and t_symbols <= symbols):
        problems.append(_say("symbols", "".join(sorted(symbols.elements())), "".join(sorted(t_symbols.elements()))))
    if placeholders != t_placeholders and not (plural and t_placeholders <= placeholders):
        problems.append(_say("placeholders", " ".join(sorted(placeholders)), " ".join(sorted(t_placeholders))))
    for what, pattern in (("rule numbers", _RULE), ("link targets", _LINK)):
        want, got = set(pattern.findall(english)), set(pattern.findall(translation))
        if want != got:
            problems.append(_say(what, " ".join(sorted(want)), " ".join(sorted(got))))
    return problems


def _named(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])")


def card_names(english: str, translation: str, printed: Mapping[str, str]) -> list[str]:
    """Each card named in the English (``printed``: English name to printed name, longest first
    wins where one name holds another) must be named as printed in the translation, and not in
    English unless the printed name is the same."""
    problems = []
    rest = english
    for name in sorted(printed, key=len, reverse=True):
        if not _named(name).search(rest):
            continue
        rest = _named(name).sub(" ", rest)
        local = printed[name]
        if local == name:
            continue
        if local not in translation:
            has_english = " the translation has the English name" if _named(name).search(translation) else (
                " the translation doesn't name it")
            problems.append(f"card name: {name!r} is printed {local!r};{has_english}")
        elif _named(name).search(translation.replace(local, " ")):
            problems.append(f"card name: {name!r} is printed {local!r}; the translation also has the English name")
    return problems
