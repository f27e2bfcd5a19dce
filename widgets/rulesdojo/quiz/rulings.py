"""The card rulings the course teaches, by tag: "E4" is Energy ruling 4, "L1" Landfall ruling 1.

The tags (E1-E9, L1-L3) are how questions and scenarios name the rulings printed with
Architect of the Untamed; learners see the names and, on focus, the ruling's text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: The rulings' texts (Gatherer), {E} for the energy symbol.
TEXTS = {
    "E1": "{E} is the energy symbol. It represents one energy counter.",
    "E2": ("If an effect says you get one or more {E}, you get that many energy counters. To pay one "
           "or more {E}, you lose that many energy counters. You can't pay more energy counters than "
           "you have. Any effects that interact with counters a player gets, has, or loses can "
           "interact with energy counters."),
    "E3": ("Some triggered abilities state that you \"may pay\" a certain amount of {E}. You can't "
           "pay that amount multiple times to multiply the effect. You simply choose whether or not "
           "to pay that amount of {E} as the ability resolves."),
    "E4": ("Energy counters are a kind of counter that a player may have. They're not associated "
           "with any specific permanents."),
    "E5": ("Some triggered abilities that state that you \"may pay\" a certain amount of {E} "
           "describe an effect that happens \"If you do.\" In that case, no player may take actions "
           "to try to stop the ability's effect after you make your choice. If the payment is "
           "followed by the phrase \"When you do,\" then you'll choose any targets for that "
           "reflexive triggered ability and put it on the stack before players can take actions."),
    "E6": ("Keep track of how many energy counters each player has. Potential ways to track this "
           "include writing them down on paper or using dice, but any method that is clear and "
           "mutually agreeable is fine. (At higher levels of tournament play, dice may not be "
           "allowed for tracking counters that players have.)"),
    "E7": ("Energy counters aren't mana. They don't go away as steps, phases, and turns end, and "
           "effects that add mana \"of any type\" can't give you energy counters."),
    "E8": ("If a spell or ability with one or more targets states that you \"may pay\" some amount "
           "of {E}, and each permanent that it targets has become an illegal target, the spell or "
           "ability won't resolve. You can't pay any {E} even if you want to."),
    "E9": ("Some spells and abilities that give you {E} may require targets. If each target chosen "
           "is an illegal target as that spell or ability tries to resolve, it won't resolve. You "
           "won't get any {E}."),
    "L1": ("A landfall ability triggers whenever a land you control enters for any reason. It "
           "triggers whenever you play a land, as well as whenever a spell or ability puts a land "
           "onto the battlefield under your control."),
    "L2": "A landfall ability doesn't trigger if a permanent already on the battlefield becomes a land.",
    "L3": ("Whenever a land you control enters, each landfall ability of the permanents you control "
           "will trigger. You can put them on the stack in any order. The last ability you put on "
           "the stack will be the first one to resolve. (As a result, you can have those abilities "
           "resolve in the order of your choosing.)"),
}
def _words(title: str) -> str:
    """Mark a title for the interface catalog (Babel extracts ``_words(...)``): a page says it in the
    learner's language (``words(ruling.title)``); here it stays English."""
    return title


#: What each ruling is about, in a few words: how a learner finds it in a list.
TITLES = {
    "E1": _words("{E} is one energy counter"), "E2": _words("Getting and paying energy"),
    "E3": _words("A \"may pay\" is paid once"), "E4": _words("Energy is on the player"),
    "E5": _words("\"If you do\" and \"When you do\""), "E6": _words("Keeping track of energy"),
    "E7": _words("Energy isn't mana"), "E8": _words("Every target gone: nothing paid"),
    "E9": _words("Every target gone: no energy"), "L1": _words("Every land you control entering"),
    "L2": _words("Becoming a land isn't entering"), "L3": _words("You order the landfall triggers"),
}
KINDS = {"E": "Energy", "L": "Landfall"}
#: A ruling named in text: "Energy ruling 4", "Landfall ruling 1".
NAME = re.compile(r"\b(Energy|Landfall) ruling (\d)\b")


class UnknownRuling(ValueError):
    """Name a ruling tag that isn't one of E1-E9 and L1-L3."""


@dataclass(frozen=True)
class Ruling:
    """One ruling: its tag, the name learners see, its text, and what it is about."""

    tag: str
    name: str
    text: str
    title: str = ""


def ruling(tag: str) -> Ruling:
    """Return a ruling tag's name and text.

    >>> r = ruling("L2")
    >>> r.name, r.text[:31]
    ('Landfall ruling 2', "A landfall ability doesn't trig")
    >>> ruling("E10")
    Traceback (most recent call last):
    ...
    rulesdojo.quiz.rulings.UnknownRuling: No ruling is tagged 'E10'; the tags are E1-E9 and L1-L3.
    """
    key = str(tag).strip().upper()
    if key not in TEXTS:
        raise UnknownRuling(f"No ruling is tagged {tag!r}; the tags are E1-E9 and L1-L3.")
    return Ruling(key, f"{KINDS[key[0]]} ruling {key[1:]}", TEXTS[key], TITLES[key])


def named(name: str) -> Ruling:
    """Return the ruling a name such as "Energy ruling 4" stands for.

    >>> named("Energy ruling 4").tag
    'E4'
    """
    m = NAME.fullmatch(str(name).strip())
    if not m:
        raise UnknownRuling(f"{name!r} isn't a ruling name such as 'Energy ruling 4'.")
    return ruling(f"{m.group(1)[0]}{m.group(2)}")
