"""Dead ends found by the engine: from a task's position, can its goal still be reached?

After every move a task asks ``dead_end``: the author's ``dead_ends`` are tried first (their words
say why best); otherwise a bounded search of the legal lines (``rules.search``) decides, and the
message is made from the goal. A position on the task's worked line needs no search.

>>> from rulesdojo.lessons.data import load_lessons, start_task
>>> from rulesdojo.state import GameModel
>>> task = load_lessons()[1].part("get-and-pay")
>>> played = start_task(task)
>>> _ = GameModel(played.game).get_energy("Alice", 3)
>>> print(dead_end(task, played).say)
From here Alice can't reach 2 energy: Alice has 8 now, and no legal line of play from this position gets there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generator

from ..quiz.play import Played
from ..scenarios.expect import check_expect
from ..scenarios.scenario import Resolver, Scenario, start
from ..state.lines import NODE_BOUND, Reach, RulesError, finish, practice_left, searching, solution_step
from . import guide
from .data import DeadEnd, Task

@dataclass
class WorkedLine:
    """A task's solution played out: the position before each move and after the last, and its last turn."""

    positions: list
    last_turn: int


def worked_line(task: Task) -> WorkedLine:
    """Play the task's solution once (refusals change nothing) and keep what the search needs."""
    if not isinstance(task.worked, WorkedLine):  # None until the solution is played once
        scenario = Scenario.from_dict(task.scenario, source=task.key)
        game = start(scenario)
        positions = [position(game)]
        for step in task.solution:
            if not guide.is_refusal(step):
                try:
                    solution_step(step, scenario)(game)
                except RulesError:
                    break  # lint names the step; the search still runs from what was played
            positions.append(position(game))
        task.worked = WorkedLine(positions, game.state.turn)
    return task.worked


def position(game) -> dict:
    """Return a game's position as plain data, without the log: equal positions compare equal."""
    return game.snapshot(log=False)


def search(task: Task, played: Played, bound: int = NODE_BOUND) -> Reach:
    """Search the legal lines from this position for one on which the task's goal holds."""
    return finish(_searching(task, played, bound))


def _searching(task: Task, played: Played, bound: int = NODE_BOUND):
    def holds(game) -> bool:
        return not check_expect(game, task.goal, Resolver(game, played.aliases))
    # Casting pays its own mana, so mana made ahead of need is searched only where the worked line
    # itself taps for mana (to pay energy for a colour, or to watch the pool empty).
    taps = any(isinstance(step, dict) and "tap" in step for step in task.solution)
    return searching(played.game, holds, extra=practice_left(task.solution, played.game),
                     last_turn=worked_line(task).last_turn, tap_for_mana=taps, bound=bound)


def dead_end(task: Task, played: Played) -> DeadEnd | None:
    """Return why the goal can't be reached from here (the author's words if one matches), else None.

    A search that runs out of positions proves nothing, so it is not called a dead end.
    """
    return finish(deciding(task, played))


def deciding(task: Task, played: Played) -> Generator[None, None, DeadEnd | None]:
    """Decide as ``dead_end`` does, pausing before the search and between its slices
    (``rules.search.searching``).

    The first ``next`` decides what needs no search, the second copies the position and starts
    searching; the message is made from ``played`` when it ends, so a caller drops a decision
    once the game has moved on.
    """
    if task.reached(played):
        return None
    end = task.dead_end(played)
    if end is not None:
        return end
    if position(played.game) in worked_line(task).positions:
        return None
    yield
    found = yield from _searching(task, played)
    if found.reachable is False:
        return DeadEnd({}, out_of_reach(task, played), [])
    return None


def out_of_reach(task: Task, played: Played) -> str:
    """Say, from the task's goal, what can no longer be reached and how things stand now."""
    for name, want in (task.goal.get("players") or {}).items():
        p = played.game.player(str(name))
        if "energy" in want and p.energy != want["energy"]:
            return _said(f"{name} can't reach {want['energy']} energy", f"{name} has {p.energy} now")
        if "life" in want and p.life != want["life"]:
            return _said(f"{name} can't reach {want['life']} life", f"{name} is at {p.life} now")
    for name, want in (task.goal.get("permanents") or {}).items():
        if want.get("present") is False:
            return _said(f"{name} can't be made to leave the battlefield", "")
        if "power" in want:
            return _said(f"{name} can't reach power {want['power']}", "")
        if "count" in want:
            return _said(f"there can't be {want['count']} × {name} on the battlefield", "")
    for name, want in (task.goal.get("resolved") or {}).items():
        return _said(f"{name} can't be {'made to resolve' if want is True else 'kept from resolving'}", "")
    return _said("the goal can't be reached", "")


def _said(what: str, now: str) -> str:
    return f"From here {what}: {now + ', and ' if now else ''}no legal line of play from this position gets there."


__all__ = ["dead_end", "deciding", "out_of_reach", "search", "worked_line"]
