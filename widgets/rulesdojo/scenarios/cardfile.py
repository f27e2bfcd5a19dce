"""Read card files (one YAML file per card) for a game's card set, and check them.

A broken file is named with its line and its problem; ``lint`` also checks that each
ability's parts say what the card's Oracle text says, where that can be checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..rules import cards
from ..rules.parts import CardError
from .yamlsource import item_line, key_line, line_of, load_file, name_problem, quoted

from ..rules.cardset import SHIPPED
from ..rules.cardset import CardSet as CardSet  # the set a kit's card folders make, named here for its readers

ENV = "RULESDOJO_CARDS"  # the card folders a served kit adds, separated like PATH (``serve --cards DIR``)


class CardFileError(CardError):
    """A card file can't be read: names the file, the line and the problem."""

    def __init__(self, path: Path, line: int, problem: str):
        super().__init__(f"{path}: line {line}: {problem}" if line else f"{path}: {problem}")
        self.path, self.line, self.problem = path, line, problem


def read_card(path: Path) -> cards.Card:
    """Read one card file; raise ``CardFileError`` naming file, line and problem."""
    return _read(path)[1]


def _unreadable(message: str, file: str, place: str | None = None) -> CardFileError:
    """Say why a card file can't be read, as ``load_file`` reports it (``place`` is "line N")."""
    return CardFileError(Path(file), int(place.split()[1]) if place else 0, message)


def _read(path: Path) -> tuple[Any, cards.Card]:
    data, _text = load_file(path, _unreadable)
    return data, card_from_file_data(data, path)


def card_from_file_data(data: Any, path: Path) -> cards.Card:
    """Make a card from what a card file holds (or a card written inside another file, with that
    file's lines); raise ``CardFileError`` naming ``path``, the line and the problem."""
    name = data.get("name") if isinstance(data, dict) else None
    problem = name_problem(name) if isinstance(name, str) else None
    if problem:
        raise CardFileError(path, key_line(data, "name"), f"name {quoted(str(name))} {problem}")
    try:
        return cards.card_from_data(data)
    except CardError as exc:
        line = (item_line(exc.at, exc.key) if isinstance(exc.key, int) else
                key_line(exc.at, exc.key) if exc.key is not None else line_of(exc.at))
        raise CardFileError(path, line, str(exc)) from None
    except (TypeError, AttributeError, KeyError) as exc:  # a value of a shape no check foresaw
        raise CardFileError(path, line_of(data), f"can't be read as a card ({exc.__class__.__name__}: "
                            f"{exc})") from None


def card_files(folder: Path) -> list[Path]:
    return sorted(p for p in Path(folder).glob("*.y*ml") if p.suffix in (".yaml", ".yml"))


def with_folders(folders: Iterable[str | Path], base: CardSet | None = None) -> CardSet:
    """Return the shipped set (or ``base``) with each folder's cards added, a later folder's card
    replacing an earlier one of the same name.

    >>> with_folders([]) is CardSet.shipped()
    True
    """
    out = CardSet.shipped() if base is None else base
    for folder in folders:
        out = out.with_folder(folder)
    return out


_READ: dict[tuple[str, ...], CardSet] = {}  # a memo: the same folders give the same set, read once


def cards_of(folders: tuple[str, ...]) -> CardSet:
    """Return the shipped cards with ``folders``'s cards added, read once per set of folders.

    >>> cards_of(()) is CardSet.shipped()
    True
    """
    if folders not in _READ:
        _READ[folders] = with_folders(folders)
    return _READ[folders]


@dataclass
class Report:
    problems: list[str] = field(default_factory=list)
    checked: int = 0
    unreadable: bool = False

    def summary(self) -> str:
        return f"{self.checked} card file(s) checked, {len(self.problems)} problem(s)"

    @property
    def exit_code(self) -> int:
        return 2 if self.unreadable else 1 if self.problems else 0


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def oracle_problems(card: cards.Card, data: Any = None) -> list[str]:
    """Say where a card's parts don't say what its Oracle text says (empty when they agree)."""
    oracle = _squash(card.oracle)
    out = []
    listed = (data or {}).get("abilities") or []
    parts = ([(_at(data, "spell", "spell"), card.spell)] if card.spell else []) + [
        (_at(listed, i, f"ability {i + 1}"), a) for i, a in enumerate(card.abilities)]
    for where, ab in parts:
        if ab is not card.spell and _squash(ab.text) not in oracle:
            out.append(f"{where}: its text {ab.text!r} isn't in the Oracle text")
        said = _squash(ab.text)
        if said.startswith("equip ") and "attach" not in said:  # no reminder text: what equip means
            said += " " + _squash(EQUIP_MEANS)
        for word in _words(ab):
            if _squash(word) not in said:
                out.append(f"{where}: the parts say {word!r}, which its text doesn't")
    for kw in card.keywords:
        if kw not in oracle:
            out.append(f"keyword {kw!r} isn't in the Oracle text")
    return out + _back_problems(card, data) + _unplayed_loyalty(card)


def _back_problems(card: cards.Card, data: Any) -> list[str]:
    """A modal double-faced card's back face says its own Oracle text: check it the same way."""
    if card.back is None:
        return []
    back = (data or {}).get("back")
    return [f"back face: {p}" for p in oracle_problems(card.back, back if isinstance(back, dict) else None)]


#: What "Equip [cost]" means when the Oracle prints no reminder text (CR 702.6a).
EQUIP_MEANS = "Attach to target creature you control. Equip only as a sorcery."  # as its reminder text says it


_LOYALTY_LINE = re.compile(r"^(?:[+\u2212-]?\d+|[+\u2212-]X):")


def _unplayed_loyalty(card: cards.Card) -> list[str]:
    """Say which loyalty abilities of a planeswalker's Oracle text its file doesn't play: a loyalty
    ability left out is one a player could never activate (CR 606.3).

    >>> walker = cards.Card("Nissa", "{G}", ("Planeswalker",), "+1: Draw a card.", loyalty=3)
    >>> _unplayed_loyalty(walker)
    ["its loyalty ability '+1: Draw a card.' isn't in the file: the engine can't play a planeswalker without it"]
    """
    played = {_squash(a.text) for a in card.abilities}
    return [f"its loyalty ability {line!r} isn't in the file: the engine can't play a planeswalker "
            "without it" for line in card.oracle.splitlines()
            if "Planeswalker" in card.types and _LOYALTY_LINE.match(line) and _squash(line) not in played]


def _at(data: Any, key: object, place: str) -> str:
    line = item_line(data, key) if isinstance(key, int) else key_line(data, key)
    return f"line {line}: {place}" if line else place


def _words(ab: cards.Ability) -> list[str]:
    found = []
    for part in (ab.trigger, ab.cost, ab.static, ab.targets, ab.only_if, *ab.effects):
        if part is not None:
            found += list(part.words())
    return found


def lint_cards(folder: str | None = None) -> Report:
    """Check every card file in a folder (default: the shipped cards); one problem per line."""
    root = Path(folder) if folder else SHIPPED
    report = Report()
    if not root.exists():
        report.problems.append(f"{root}: no such file or folder")
        report.unreadable = True
        return report
    files = [root] if root.is_file() else card_files(root)
    if not files:
        report.problems.append(f"{root}: no card files (*.yaml) in it")
        report.unreadable = True
        return report
    names: dict[str, Path] = {}
    for path in files:
        report.checked += 1
        try:
            data, card = _read(path)
        except CardFileError as exc:
            report.problems.append(str(exc))
            continue
        for face in (card, card.back) if card.back is not None else (card,):
            if face.name in names:
                report.problems.append(f"{path}: a second card named {face.name!r} (also {names[face.name]})")
            names[face.name] = path
        report.problems += [f"{path}: {p}" for p in oracle_problems(card, data)]
    return report
