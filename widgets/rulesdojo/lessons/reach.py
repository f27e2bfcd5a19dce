"""Dead ends found by the engine: from a task's position, can its goal still be reached?

After every move a task asks ``dead_end``: the author's ``dead_ends`` are tried first (their words
say why best); otherwise a bounded search of the legal lines (``rules.search``) decides. A position on
the task's worked line needs no search. A dead end the search finds is named by the move that caused
it (the last move after which the goal could still be reached): the author's words when that move
is on one of their examples, else the move itself and what the goal needed, never a claim about one
part of the goal alone (the rest of the board may still bring it about).

>>> from rulesdojo.lessons.data import load_lessons, start_task
>>> from rulesdojo.state import GameModel
>>> task = load_lessons()[1].part("get-and-pay")
>>> played = start_task(task)
>>> _ = GameModel(played.game).get_energy("Alice", 4)
>>> print(dead_end(task, played).say)
Alice got 4 energy, where this task gets 2: she has 9 now, and its moves (get 2, then pay 5) can't bring her to 2 from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generator

from ..quiz.play import Played
from ..scenarios.expect import check_expect
from ..scenarios.scenario import Resolver, start
from ..state.lines import (NODE_BOUND, Reach, RulesError, energy_move, finish, move_words, practice_left, searching,
                           solution_step)
from . import guide
from .data import DeadEnd, Task, start_task

@dataclass
class WorkedLine:
    """A task's solution played out: the position before each move and after the last, and its last turn."""

    positions: list
    last_turn: int


def worked_line(task: Task) -> WorkedLine:
    """Play the task's solution once (refusals change nothing) and keep what the search needs."""
    if not isinstance(task.worked, WorkedLine):  # None until the solution is played once
        scenario = task.game_scenario()
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
    if found.reachable is not False:
        return None
    return (yield from _naming(task, played))


def _naming(task: Task, played: Played):
    """Name a dead end the search found by the move that caused it (see the module's words)."""
    games = _replayed(task, played)
    if games is None:  # the moves don't replay to this position: say it from the goal alone
        return DeadEnd({}, _said(f"no line of play from here reaches {goal_words(task)}", ""), [])
    line, cause = worked_line(task).positions, 0
    for k in range(len(games) - 2, -1, -1):  # the last position from which the goal was in reach
        here = Played(games[k], played.aliases, played.scenario)
        if position(games[k]) in line or task.dead_end(here) is None and (
                yield from _searching(task, here)).reachable is not False:
            cause = k
            break
    after = position(games[cause + 1])
    for end in task.dead_ends:
        if after in example_positions(task, end):
            return end
    return DeadEnd({}, mistake(task, games[cause], played.game.history[cause], games[-1]), [])


def _replayed(task: Task, played: Played) -> list | None:
    """Return the game after each of the moves played (the start first), replayed from the task's
    start on forks, or None if they don't lead to this position."""
    game = start_task(task).game
    games = [game.fork()]
    try:
        for action in played.game.history:
            game.apply(action)
            games.append(game.fork())
    except RulesError:
        return None
    return games if position(game) == position(played.game) else None


def example_positions(task: Task, end: DeadEnd) -> list:
    """The positions an author's example for a dead end passes through off the worked line: a
    learner's move that lands on one of them is the mistake the author wrote about."""
    if end.positions is None:
        scenario = task.game_scenario()
        game, line, seen = start(scenario), worked_line(task).positions, []
        for step in end.example:
            try:
                solution_step(step, scenario)(game)
            except RulesError:
                break  # lint names the step
            if position(game) not in line:
                seen.append(position(game))
        end.positions = seen
    return end.positions


def mistake(task: Task, before, action, now) -> str:
    """Say the move that put the goal out of reach (``action``, played in ``before``) and what it cost."""
    practice = energy_move(action)
    if practice:
        do, player, amount = practice
        verb = f"{do}_energy"
        moves = [(v, n) for step in task.solution if isinstance(step, dict)
                 for v, n in step.items() if v in ("get_energy", "pay_energy")]
        wanted = [n for v, n in moves if v == verb]
        said = ", then ".join(f"{'get' if v == 'get_energy' else 'pay'} {n}" for v, n in moves)
        goal = (task.goal.get("players") or {}).get(player, {}).get("energy")
        where = f", where this task {do}s {' or '.join(map(str, wanted))}" if wanted else ""
        return (f"{player} {'got' if do == 'get' else 'paid'} {amount} energy{where}: she has "
                f"{now.player(player).energy} now, and its moves ({said}) can't bring her to "
                f"{goal} from there.")
    move = move_words(before, action)
    return f"{move}: from there no line of play reaches {goal_words(task)}."


def goal_words(task: Task) -> str:
    """Say a task's goal whole, as one thing to reach (the parts of it are reached together).

    >>> from rulesdojo.lessons.data import load_lessons
    >>> goal_words(load_lessons()[7].part("choose-order"))
    'the goal (Alice with 0 energy and no mana, and Steppe Lynx at power 2)'
    """
    parts = []
    for name, want in (task.goal.get("players") or {}).items():
        said = [f"{want['energy']} energy"] if "energy" in want else []
        said += [f"{want['life']} life"] if "life" in want else []
        said += ["no mana" if not want["mana"] else f"{want['mana']} in her pool"] if "mana" in want else []
        said += [f"{', '.join(map(str, want['hand']))} in hand"] if "hand" in want else []
        if said:
            parts.append(f"{name} with {' and '.join(said)}")
    for name, want in (task.goal.get("permanents") or {}).items():
        if want.get("present") is False:
            parts.append(f"{name} gone from the battlefield")
        elif "power" in want:
            parts.append(f"{name} at power {want['power']}")
        elif "count" in want:
            parts.append(f"{want['count']} × {name} on the battlefield")
    for name, want in (task.goal.get("resolved") or {}).items():
        parts.append(f"{name} {'resolved' if want is True else 'kept from resolving'}")
    return f"the goal ({', and '.join(parts)})" if parts else "the goal"


def out_of_reach(task: Task, played: Played) -> str:
    """Say that the goal can't be reached from here, the goal said whole."""
    return _said(f"no line of play reaches {goal_words(task)}", "")


def _said(what: str, now: str) -> str:
    return f"From here {what}{': ' + now if now else ''}."

__all__ = ["dead_end", "deciding", "example_positions", "goal_words", "mistake", "out_of_reach", "search",
           "worked_line"]
