"""Working copies of a game's state that share what can't change, and the undo history.

An action is carried out on a copy so that a refused one leaves the game exactly as it was. The copy
shares every immutable piece (events, the log, card objects, frozen values) and copies the rest,
so its cost follows the position on the table, not the length of the game. The history keeps the
actions and, every ``CHECKPOINT_EVERY`` actions, the state before one; undo goes back to the
nearest kept state and plays the actions after it again (the engine is deterministic: its random
generator is part of the state).
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Callable

from .objects import GameState, IdMap, Log
from .parts import Part

CHECKPOINT_EVERY = 16  # undo replays at most 15 actions; 2,000 actions keep 125 states

_IMMUTABLE = {int, float, bool, str, bytes, type(None), frozenset, range, Log}
_SHARED_TYPES: dict[type, bool] = {}


def _shared(t: type) -> bool:
    """Say whether values of type ``t`` never change: plain values, the log, parts, frozen dataclasses."""
    known = _SHARED_TYPES.get(t)
    if known is None:
        params = getattr(t, "__dataclass_params__", None)
        known = _SHARED_TYPES[t] = (t in _IMMUTABLE or issubclass(t, Part) or bool(params and params.frozen))
    return known


def clone(x: Any, memo: dict[int, Any] | None = None) -> Any:
    """Return a copy of ``x`` that shares its immutable parts and copies the others (kept aliasing).

    >>> from rulesdojo.rules.objects import GameState, Player
    >>> st = GameState([Player("Alice"), Player("Nadia")])
    >>> c = clone(st)
    >>> c.players[0].life = 3
    >>> st.players[0].life, c.log is st.log
    (20, True)
    """
    if memo is None:
        memo = {}
    t = type(x)
    if _shared(t):
        return x
    key = id(x)
    if key in memo:
        return memo[key]
    new: Any
    if t is list:
        new = memo[key] = []
        new.extend(v if _shared(type(v)) else clone(v, memo) for v in x)
    elif t is dict:
        new = memo[key] = {}
        for k, v in x.items():
            new[k] = v if _shared(type(v)) else clone(v, memo)
    elif t is tuple:
        parts = tuple(v if _shared(type(v)) else clone(v, memo) for v in x)
        new = x if all(a is b for a, b in zip(parts, x)) else parts
    elif t is IdMap:
        new = memo[key] = x.copy()
    elif t is set:
        new = memo[key] = set(x)
    elif t is random.Random:
        new = memo[key] = random.Random()
        new.setstate(x.getstate())
    elif is_dataclass(x) and not hasattr(t, "__slots__"):
        new = memo[key] = object.__new__(t)
        new.__dict__.update((k, v if _shared(type(v)) else clone(v, memo)) for k, v in x.__dict__.items())
    else:
        new = memo[key] = copy.deepcopy(x, memo)
    return new


@dataclass
class Step:
    """One action taken, and the state before it when that state is kept (else None)."""

    action: Any
    before: GameState | None = None
    replay: GameState | None = None  # where a resolution paused before it replays from (the game's, kept here)


class History:
    """Keep the actions taken so that each can be taken back exactly.

    ``replay(state, action, position)`` carries out an action on a state it may change and returns
    the resulting state (the game's own dispatch; ``position`` is where a paused resolution replays
    from).
    """

    def __init__(self, replay: Callable[[GameState, Any, GameState | None], GameState]):
        self._replay = replay
        self._steps: list[Step] = []
        self._keep_next = False

    def __len__(self) -> int:
        return len(self._steps)

    def actions(self) -> list[Any]:
        return [s.action for s in self._steps]

    def record(self, before: GameState, action: Any, replay: GameState | None = None) -> None:
        """Note ``action`` taken from the state ``before`` (which nothing changes afterwards), and
        ``replay``, the position a paused resolution replays from when the action answers it."""
        keep = self._keep_next or len(self._steps) % CHECKPOINT_EVERY == 0
        self._steps.append(Step(action, before if keep else None, replay))
        self._keep_next = False

    def changed_outside_actions(self) -> None:
        """Keep the current state as it is now: it was set up directly, not reached by actions."""
        self._keep_next = True

    def take_back(self) -> tuple[GameState, Any, GameState | None] | None:
        """Remove the last action; return (the state before it, the action, its replay position),
        or None if there is none."""
        if not self._steps:
            return None
        step = self._steps.pop()
        before = step.before if step.before is not None else self.state_before(len(self._steps))
        return before, step.action, step.replay

    def state_before(self, n: int) -> GameState:
        """Return the state before the ``n``-th action (from 0; ``len(self)`` for the last one's result).

        A kept state is returned as it is (treat it as read-only); another is played again from the
        nearest kept one.
        """
        start = max(i for i in range(min(n, len(self._steps) - 1) + 1) if self._steps[i].before is not None)
        st = self._steps[start].before
        assert st is not None  # start is a kept state
        for step in self._steps[start:n]:
            st = self._replay(clone(st), step.action, step.replay)
        return st

    def clear(self) -> None:
        self._steps.clear()
        self._keep_next = False
