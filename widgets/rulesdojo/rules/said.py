"""What a log line says, as a value any language can say: a sentence and the values that fill it.

The engine speaks English only, and knows no catalog. Each log line carries a ``Said``: its
``msgid`` is a whole English sentence with named placeholders (``"{who} casts {card}."``), the
message a translator translates in the ``engine`` catalog, and ``params`` hold the values. A
sentence is never glued from pieces: each variant is its own msgid ("... enters the battlefield."
and "... enters the battlefield tapped."), and a sentence whose words follow a number is a plural
pair (``said_n``, gettext's ngettext: the count is the ``n`` parameter).

``say(tongue)`` renders it through a ``Tongue`` (translate a sentence, print a card's name); the
English rendering (``english``) is the log's ``Event.text``. A page renders it in the learner's
language with a tongue of its own made from its ``Words`` (``rulesdojo.views.saying``).

A value is one of:

- a ``str`` or ``int``: a player's name, a number, shown as it is;
- ``CardName(name)``: a card's English (Oracle) name, shown as printed in the language;
- ``Whose(name)``: a possessive, "Alice's", "Guide of Souls'" in English; in another language the
  bare name (or card name), since the translation says whose in its own way ("el cementerio de
  {whose}", "{whose}の墓地");
- ``Quote(text, card, oracle, line)``: words quoted from a card's file (an ability's text, which is
  ``line`` of the card's ``oracle`` text when known): English, shown in another language as that
  line of the card's printed text where the catalog has it, else in English, marked;
- ``Listed(items, joint)``: names in a row, ``"and"`` ("A and B and C"), ``"then"`` (an order: "A
  then B"), ``"comma"`` ("A, B") or ``"sentences"`` (whole sentences, one after another);
- a ``Said``: a term or a clause the engine names (a step, "untap step"; what happens to a
  permanent that leaves, "is destroyed"), said in the same language.

Placeholders are filled with ``str.format``: a brace meant as itself is doubled (``{{T}}``).
Extraction: msgids are string literals at the call, found by the keywords ``said`` and
``said_n:1,2``; a test checks that every call's sentence is a literal.

>>> s = said("{who} casts {card}.", who="Alice", card=CardName("Lightning Bolt"))
>>> s.english
'Alice casts Lightning Bolt.'
>>> said_n("{who} mills {n} card.", "{who} mills {n} cards.", 2, who="Nadia").english
'Nadia mills 2 cards.'
>>> said("It isn't {whose} turn.", whose=Whose("Alice")).english, english(Whose(CardName("Guide of Souls")))
("It isn't Alice's turn.", "Guide of Souls'")
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Union


@dataclass(frozen=True)
class CardName:
    """A card's English (Oracle) name inside a sentence."""

    name: str


@dataclass(frozen=True)
class Whose:
    """A possessive: the name (a player's, or a ``CardName``) whose something is."""

    of: str | CardName


@dataclass(frozen=True)
class Quote:
    """Words quoted from a card's file, in English, and the card they come from: an ability's words
    are ``line`` (from 0) of the card's ``oracle`` text, else ``line`` is -1."""

    text: str
    card: str
    oracle: str = ""
    line: int = -1


@dataclass(frozen=True)
class Listed:
    """Names in a row: joined by "and" (``joint="and"``), "then" (``"then"``) or commas (``"comma"``)."""

    items: tuple[Value, ...]
    joint: str = "and"


Value = Union[str, int, CardName, Whose, Quote, Listed, "Said"]


class Tongue(Protocol):
    """A language to say sentences in."""

    def sentence(self, msgid: str, plural: str | None, n: int | None, params: dict[str, str]) -> str:
        """The sentence (the plural pair's form for ``n``) in the language, its placeholders filled."""

    def card(self, name: str) -> str:
        """A card's name as printed in the language."""

    def whose(self, name: str) -> str:
        """A possessive of an already rendered name, as the language's sentences take it."""

    def quote(self, quoted: Quote) -> str:
        """Words quoted from a card's file, in the language where the card's printed text has them."""

    def listed(self, items: list[str], joint: str) -> str:
        """Names in a row, joined the language's way."""


@dataclass(frozen=True)
class Said:
    """One log sentence: an English msgid (and its plural, for a count ``n``) and its values."""

    msgid: str
    params: tuple[tuple[str, Value], ...] = ()
    plural: str | None = None

    @property
    def values(self) -> dict[str, Value]:
        return dict(self.params)

    def say(self, tongue: Tongue) -> str:
        """Render the sentence in ``tongue``, every value in it too."""
        values = self.values
        n = values.get("n") if self.plural is not None else None
        shown = {k: _render(v, tongue) for k, v in values.items()}
        return tongue.sentence(self.msgid, self.plural, n if isinstance(n, int) else None, shown)

    @property
    def english(self) -> str:
        return self.say(ENGLISH)


def said(msgid: str, /, **params: Value) -> Said:
    """A log sentence: ``msgid`` a literal English sentence with named ``{placeholders}``."""
    return Said(msgid, tuple(params.items()))


def said_n(singular: str, plural: str, n: int, /, **params: Value) -> Said:
    """A log sentence whose words follow the count ``n`` (also its ``{n}``): gettext's plural pair."""
    return Said(singular, tuple({"n": n, **params}.items()), plural)


def _render(value: Value, tongue: Tongue) -> str:
    if isinstance(value, Said):
        return value.say(tongue)
    if isinstance(value, CardName):
        return tongue.card(value.name)
    if isinstance(value, Whose):
        return tongue.whose(_render(value.of, tongue))
    if isinstance(value, Quote):
        return tongue.quote(value)
    if isinstance(value, Listed):
        return tongue.listed([_render(v, tongue) for v in value.items], value.joint)
    return str(value)


class English:
    """The engine's own language: the msgids as written."""

    def sentence(self, msgid: str, plural: str | None, n: int | None, params: dict[str, str]) -> str:
        text = plural if plural is not None and n != 1 else msgid
        return text.format(**params) if params else text

    def card(self, name: str) -> str:
        return name

    def whose(self, name: str) -> str:
        return f"{name}'" if name.endswith("s") else f"{name}'s"

    def quote(self, quoted: Quote) -> str:
        return quoted.text

    def listed(self, items: list[str], joint: str) -> str:
        return {"and": " and ", "then": " then ", "comma": ", ", "sentences": " "}[joint].join(items)


ENGLISH = English()


def english(value: Value) -> str:
    """A value as the English log writes it."""
    return _render(value, ENGLISH)
