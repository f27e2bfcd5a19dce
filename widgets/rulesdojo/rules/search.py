"""Search the legal lines from a position: can a goal still be reached, or is this a dead end?

Lesson boards are small, so the search plays every legal action (and the extra ones given, each
at most once on a line) from the position, skipping positions already seen, until the goal holds,
every line runs out, or ``bound`` positions have been tried. A line stops when it passes the last
turn allowed: the goal is for this turn (or these turns), not for a later game. Its work is bounded
by ``bound`` positions times one position's moves, which ``Game.legal_actions`` bounds; a position
whose choice had more answers than were listed makes "no line" unproven (``reachable`` None).

>>> from rulesdojo.rules import Game, GetEnergy, PayEnergy
>>> g = Game(["Alice", "Nadia"])
>>> two = lambda game: game.player("Alice").energy == 2
>>> reach(g, two, extra=(GetEnergy("Alice", 5), PayEnergy("Alice", 3)), last_turn=2).reachable
True
>>> reach(g, two, extra=(GetEnergy("Alice", 5),), last_turn=2).reachable
False
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Generator, Iterable, TypeVar

from .actions import ActivateAbility, AdvanceStep, PassPriority
from .errors import RulesError
from .game import Game

T = TypeVar("T")
#: Positions the search tries before it gives up (lesson boards need far fewer; lint checks).
NODE_BOUND = 20_000
#: Positions tried between two pauses of a ``searching`` search (about a millisecond): a
#: page's click that comes during a slice waits for its end before the kernel even reads it.
SLICE = 4


@dataclass(frozen=True)
class Reach:
    """What a search found: ``reachable`` (None when the bound ran out first), the positions it
    tried, and a line of actions that reaches the goal (when one does)."""

    reachable: bool | None
    nodes: int
    line: tuple[Any, ...] = ()


def reach(game: Game, goal: Callable[[Game], bool], *, extra: Iterable[Any] = (), last_turn: int | None = None,
          tap_for_mana: bool = True, bound: int = NODE_BOUND) -> Reach:
    """Say whether some line of legal actions from ``game``'s position makes ``goal`` hold.

    ``extra`` are actions legal_actions doesn't list (practice energy), each usable once on a line;
    ``last_turn`` stops a line once the turn number passes it. Without ``tap_for_mana`` no line
    activates a mana ability on its own: casting a spell still pays for it (the game's choice of
    sources), so this leaves out only mana made ahead of need. The game itself is not changed.
    """
    return finish(searching(game, goal, extra=extra, last_turn=last_turn, tap_for_mana=tap_for_mana,
                            bound=bound))


def searching(game: Game, goal: Callable[[Game], bool], *, extra: Iterable[Any] = (), last_turn: int | None = None,
              tap_for_mana: bool = True, bound: int = NODE_BOUND) -> Generator[None, None, Reach]:
    """Search as ``reach`` does, pausing (yielding) every ``SLICE`` positions; return its ``Reach``.

    A caller that has other work (a page's next click) does it between two slices; the search
    works on its own copy of the position, so the game may move on meanwhile.

    >>> from rulesdojo.rules import GetEnergy
    >>> g = Game(["Alice", "Nadia"])
    >>> steps = searching(g, lambda game: game.player("Alice").energy == 2, extra=(GetEnergy("Alice", 5),),
    ...                   last_turn=2)
    >>> next(steps) is None  # paused after SLICE positions
    True
    >>> finish(steps)
    Reach(reachable=False, nodes=60, line=())
    """
    if goal(game):
        return Reach(True, 0)
    start = game.fork()
    seen = {_key(start, tuple(extra))}
    todo: list[tuple[Game, tuple[Any, ...], tuple[Any, ...]]] = [(start, tuple(extra), ())]
    nodes, cut = 0, False
    while todo:
        here, left, line = todo.pop()
        moves, listed_all = _moves(here, left, tap_for_mana)
        cut = cut or not listed_all
        for action, rest in moves:
            nodes += 1
            if nodes % SLICE == 0:
                yield
            if nodes > bound:
                return Reach(None, nodes)
            there = here.fork()
            try:
                there.apply(action)
            except RulesError:
                continue
            if goal(there):
                return Reach(True, nodes, line + (action,))
            if last_turn is not None and there.state.turn > last_turn:
                continue
            key = _key(there, rest)
            if key not in seen:
                seen.add(key)
                todo.append((there, rest, line + (action,)))
    return Reach(None if cut else False, nodes)  # a listing cut short proves no dead end


def finish(steps: Generator[None, None, T]) -> T:
    """Run a paused computation (a ``searching`` search) to its end without pausing; return what it found."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            found: T = done.value
            return found


def _moves(game: Game, extra: tuple[Any, ...], tap_for_mana: bool
           ) -> tuple[list[tuple[Any, tuple[Any, ...]]], bool]:
    """List the moves from a position, the one to try first last (the search takes from the end):
    acting before passing, passing before moving the turn on, mana made ahead of need after both.
    Say too whether they are all the legal ones (a choice's answers are listed up to a bound)."""
    acts, mana, turn = [], [], []
    listing = game.legal_actions
    for action in listing:
        if isinstance(action, ActivateAbility) and action.mana is not None:
            if tap_for_mana:
                mana.append((action, extra))
        elif isinstance(action, (AdvanceStep, PassPriority)):
            turn.append((action, extra))
        else:
            acts.append((action, extra))
    acts += [(action, extra[:i] + extra[i + 1:]) for i, action in enumerate(extra) if action not in extra[:i]]
    return [*reversed(turn), *reversed(mana), *reversed(acts)], not listing.cut


def _key(game: Game, extra: tuple[Any, ...]) -> str:
    return json.dumps([game.snapshot(log=False), [repr(a) for a in extra]], sort_keys=True, default=str)


__all__ = ["NODE_BOUND", "SLICE", "Reach", "finish", "reach", "searching"]
