"""The card set a game is played with: every card definition it can look up, by name.

A set never changes: ``with_folder`` and ``with_cards`` return a new one. The shipped set reads each
card file when a game first looks its card up, so that starting a game reads only the cards it uses.

>>> bear = card_from_data({"name": "Test Bear", "cost": "{1}{G}", "types": ["Creature"],
...                        "power": 2, "toughness": 2, "oracle": ""})
>>> CardSet([bear]).named("test  BEAR").power
2
>>> CardSet.shipped().with_cards([bear]).named("Forest").types
('Land',)
"""

from __future__ import annotations

import difflib
import re
import threading
from pathlib import Path
from typing import Callable, Iterable

from . import vocabulary  # noqa: F401  (the parts a card file may name, before any is read)
from .cards import Card, card_from_data
from .errors import UnknownCard
from .parts import Part

SHIPPED = Path(__file__).resolve().parent.parent / "cards"

__all__ = ["CardSet", "card_from_data", "slug"]


def slug(name: str) -> str:
    """Return the file name a card of this name is kept under.

    >>> slug("Vorinclex, Monstrous Raider")
    'vorinclex-monstrous-raider'
    """
    return re.sub(r"[^a-z0-9]+", "-", str(name).lower()).strip("-")


def _key(name: str) -> str:
    return " ".join(str(name).lower().split())


def _read_card_file(path: Path) -> Card:
    """Read one card file with the kit's card-file reader (YAML, named lines in its messages)."""
    from ..scenarios.cardfile import read_card  # card files are YAML: only a set with unread files needs PyYAML
    return read_card(path)


class _Folder:
    """A folder of card files, each read on the first lookup that needs it (the cards it gave kept)."""

    def __init__(self, folder: Path, read: Callable[[Path], Card]):
        self.folder, self._read = folder, read
        self._unread: dict[str, Path] | None = None
        self._lock = threading.Lock()

    def _files(self) -> dict[str, Path]:
        if self._unread is None:
            self._unread = {p.stem: p for p in sorted(self.folder.glob("*.y*ml"))
                            if p.suffix in (".yaml", ".yml")}
        return self._unread

    def take(self, stems: Iterable[str] | None, into: "_Cards") -> None:
        """Read the files kept under these stems (all of them for None) into ``into``."""
        with self._lock:
            files = self._files()
            for stem in list(files) if stems is None else [s for s in stems if s in files]:
                into.add(self._read(files.pop(stem)), replace=False)

    @property
    def all_read(self) -> bool:
        return self._unread is not None and not self._unread


class _Cards:
    """Cards and tokens by name (a card and a token may share one)."""

    def __init__(self) -> None:
        self.cards: dict[str, Card] = {}
        self.tokens: dict[str, Card] = {}
        self.backs: dict[str, Card] = {}  # back faces (a permanent may be one), by their own names
        # The same, by name with case and spacing forgiven: a game looks names up tens of thousands of
        # times a turn, and a name this set doesn't hold would otherwise be compared with each of its.
        self._forgiven: tuple[dict[str, Card], ...] = ({}, {}, {})

    def add(self, card: Card, replace: bool = True) -> None:
        kept = self.tokens if card.token else self.cards
        if replace or card.name not in kept:
            kept[card.name] = card
            self._index(self._forgiven[1 if card.token else 0], card)
            if card.back is not None:
                self.backs[card.back.name] = card.back
                self._index(self._forgiven[2], card.back)

    @staticmethod
    def _index(forgiven: dict[str, Card], card: Card) -> None:
        # the first name added wins among names that differ only in case and spacing; the same name
        # added again replaces its card
        held = forgiven.get(_key(card.name))
        if held is None or held.name == card.name:
            forgiven[_key(card.name)] = card

    def find(self, name: str) -> Card | None:
        """Return the card, token or back face of this name, case and spacing forgiven.

        >>> cards = _Cards(); cards.add(Card("Forest", "", ("Land",), "({T}: Add {G}.)"))
        >>> cards.find("forest  ").name, cards.find("Island")
        ('Forest', None)
        """
        found = self.cards.get(name) or self.tokens.get(name) or self.backs.get(name)
        if found is None:
            key = _key(name)
            found = next((f[key] for f in self._forgiven if key in f), None)
        return found


class CardSet(Part):
    """Hold the card definitions a game can use; look them up by name (case and spacing forgiven).

    Made from cards (``CardSet([card, ...])``), or the kit's (``CardSet.shipped()``), to which a
    mentor's folder adds cards (``with_folder``), replacing shipped ones of the same name. Game
    copies share their set: it never changes (cards read later were always in it).

    >>> CardSet.shipped().named("Architect of the Untamd")
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.UnknownCard: No card named 'Architect of the Untamd' is in the card set. Did you mean Architect of the Untamed?
    """

    def __init__(self, cards: Iterable[Card] = (), *, _base: _Folder | None = None):
        self._base = _base
        self._read = _Cards()  # what the base folder gave so far
        self._own = _Cards()  # given cards: they win over the base folder's
        for c in cards:
            self._own.add(c)
        # Names already looked up, as written: a set never changes, and the engine asks for the same
        # few names tens of thousands of times a move (each permanent's card, for each of its statics).
        self._found: dict[str, Card] = {}

    _shipped: "CardSet | None" = None

    @classmethod
    def shipped(cls) -> "CardSet":
        """Return the kit's card set (one per process, its files read as games look cards up)."""
        if CardSet._shipped is None:
            CardSet._shipped = cls(_base=_Folder(SHIPPED, _read_card_file))
        return CardSet._shipped

    def with_cards(self, cards: Iterable[Card]) -> "CardSet":
        """Return this set with ``cards`` added; each replaces a card of the same name."""
        new = CardSet(_base=self._base)
        new._read = self._read
        for c in (*self._own.cards.values(), *self._own.tokens.values(), *cards):
            new._own.add(c)
        return new

    def with_folder(self, folder: str | Path) -> "CardSet":
        """Return this set with every card file in ``folder`` added, read now (a file that can't be
        read raises ``CardFileError`` naming it, its line and its problem)."""
        extra = _Cards()
        _Folder(Path(folder), _read_card_file).take(None, extra)
        return self.with_cards([*extra.cards.values(), *extra.tokens.values()])

    def named(self, name: str) -> Card:
        """Return the card with this name (case and spacing forgiven), or raise ``UnknownCard``
        naming up to three close names."""
        known = self._found.get(name)
        if known is not None:
            return known
        found = self._own.find(name) or self._read.find(name)
        if found is None and self._base is not None:
            self._base.take((slug(name), f"{slug(name)}-token"), self._read)
            found = self._read.find(name)
            if found is None:
                self._base.take(None, self._read)
                found = self._read.find(name)
        if found is None:
            raise UnknownCard(str(name), self.close_names(_key(name)))
        self._found[name] = found
        return found

    def has_card(self, name: str) -> bool:
        """Say whether the set has a card (not a token) of exactly this name.

        >>> CardSet.shipped().has_card("Forest"), CardSet.shipped().has_card("Beast")
        (True, False)
        """
        try:
            card = self.named(name)
        except UnknownCard:
            return False
        return card.name == name and not card.token

    def all_cards(self) -> list[Card]:
        """List every card in the set (tokens not included), in name order."""
        return sorted(self._everything().cards.values(), key=lambda c: c.name)

    def close_names(self, key: str) -> list[str]:
        """List up to three card names close to ``key``, whole or as a start."""
        def score(n: str) -> float:
            low = n.lower()
            return max(difflib.SequenceMatcher(None, key, low).ratio(),
                       difflib.SequenceMatcher(None, key, low[:len(key)]).ratio() - 0.05)
        ranked = sorted(((score(n), n) for n in self._everything().cards), reverse=True)
        return [n for s, n in ranked[:3] if s >= 0.7]

    def _everything(self) -> _Cards:
        if self._base is not None and not self._base.all_read:
            self._base.take(None, self._read)
        out = _Cards()
        for c in (*self._read.cards.values(), *self._read.tokens.values(),
                  *self._own.cards.values(), *self._own.tokens.values()):
            out.add(c)
        return out
