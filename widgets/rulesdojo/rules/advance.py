"""Moving the game on by passing: with something on the stack, every player passes in succession
and the top object resolves (CR 117.4, 608.1); with the stack empty, the step ends (CR 500.2), step
after step, until the one asked for begins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import AdvanceStep, DeclareAttackers, PassPriority
from .choices import AttackersChoice
from .errors import RulesError
from .objects import STEP_NAMES, GameState

if TYPE_CHECKING:  # a game is passed in; the game module doesn't import this one
    from .game import Game

NEXT_MAIN, NEXT_TURN = "next main", "next turn"
MAIN_PHASES = ("precombat main", "postcombat main")


def resolve_top(game: Game) -> None:
    """Have every player pass in succession, so the top object of the stack resolves; a choice it
    asks for, or an object put on the stack above it, stops the passing there.

    >>> from rulesdojo.rules import Game
    >>> resolve_top(Game(["Alice", "Nadia"]))
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.RulesError: The stack is empty: there is nothing to resolve. (CR 117.4)
    """
    if not game.stack:
        raise RulesError("The stack is empty: there is nothing to resolve.", rule="117.4")
    depth = len(game.stack)
    while game.stack and len(game.stack) >= depth and game.pending is None and game.state.priority:
        top = game.stack[-1].id
        game.apply(PassPriority())
        if not game.stack or game.stack[-1].id != top or game.pending is not None:
            break


def advance(game: Game, to: str, *, no_attackers: bool = False, stop_for_stack: bool = False) -> None:
    """End steps until ``to`` begins: a step's name (nothing to do if it is this one), the next main
    phase (``NEXT_MAIN``) or the next turn (``NEXT_TURN``).

    ``no_attackers``: a declaration of attackers met on the way declares none (CR 508.1).
    ``stop_for_stack``: something put on the stack on the way stops the move there, so it can be
    answered; otherwise, as before moving, a stack that isn't empty is refused.

    >>> from rulesdojo.rules import Game
    >>> g = Game(["Alice", "Nadia"])
    >>> advance(g, "end"); g.state.step
    'end'
    >>> advance(g, NEXT_TURN); g.state.active, g.state.step
    ('Nadia', 'upkeep')
    """
    if to not in (*STEP_NAMES, NEXT_MAIN, NEXT_TURN):
        raise RulesError(f"unknown step {to!r}; steps are: {', '.join(STEP_NAMES)}")
    start = (game.state.turn, game.state.step)
    for _ in range(len(STEP_NAMES) * 2 + 1):
        st = game.state
        moved = (st.turn, st.step) != start
        if st.over or _arrived(st, to, start, moved):
            return
        if st.pending is not None:
            if not (no_attackers and isinstance(st.pending, AttackersChoice)):
                raise RulesError(f"First answer the choice waiting for {st.pending.player}: "
                                 f"{st.pending.prompt}.", rule=st.pending.rule)
            game.apply(DeclareAttackers(()))
            continue
        if st.stack:
            if stop_for_stack and moved:
                return  # something triggered on the way
            raise RulesError("The stack isn't empty: resolve it (or respond) first.", rule="500.2")
        game.apply(AdvanceStep())
    raise RulesError(f"can't reach the {to} step")


def _arrived(st: GameState, to: str, start: tuple[int, str], moved: bool) -> bool:
    if to == NEXT_TURN:
        return st.turn != start[0]
    if to == NEXT_MAIN:
        return moved and st.step in MAIN_PHASES
    return st.step == to and st.priority is not None
