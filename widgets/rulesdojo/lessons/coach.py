"""The "Now:" line of a task: what the game waits for, said for this task.

The engine's words (``state.lines.now_line``) suggest the usual move; in a task that move may be the
very mistake the task is about (letting a spell resolve before responding). So the line offers
Resolve top only where resolving keeps the goal in reach as far as the task knows it (its worked
line, its authors' dead ends), and a task about getting and paying energy says how to do that.

>>> from rulesdojo.lessons.data import load_lessons, start_task
>>> task = load_lessons()[5].part("save-the-bears")
>>> print(now_words(task, start_task(task)))
Nadia has priority, with Nadia's Galvanic Discharge on top of the stack: respond while it is there, or pass priority to the other player.
"""

from __future__ import annotations

from ..i18n import Words, words_for
from ..quiz.play import Played
from ..state.lines import PRACTICE, RulesError, now_line, solution_step
from . import reach
from .data import Task


def now_words(task: Task, played: Played, words: Words | None = None) -> str:
    """Say what the game waits for now, without suggesting a move that loses the task's goal, in the
    learner's language (``words``)."""
    game = played.game
    if _practice_only(task) and not game.state.stack and game.state.pending is None:
        words = words_for("en") if words is None else words
        who = next(iter(task.goal.get("players") or {}), game.state.priority)
        n = game.player(str(who)).energy
        return words.n("{who} has {n} energy: type an amount, then press Get energy or Pay energy.",
                   "{who} has {n} energy: type an amount, then press Get energy or Pay energy.", n, who=who)
    resolving = _resolving_keeps_the_goal(task, played)
    return now_line(game, resolving=resolving, words=words_for("en") if words is None else words)


def _practice_only(task: Task) -> bool:
    """A task whose moves are all practice energy (get and pay, no board to act on)."""
    return bool(task.solution) and all(isinstance(s, dict) and any(v in s for v in PRACTICE)
                                       for s in task.solution)


def _resolving_keeps_the_goal(task: Task, played: Played) -> bool:
    """Say whether letting the top of the stack resolve keeps the goal in reach, as far as the task's
    worked line and its authors' dead ends tell (no search: this is said after every move)."""
    if not played.game.state.stack or played.game.state.pending is not None:
        return True
    line = reach.worked_line(task).positions
    here = reach.position(played.game)
    after = Played(played.game.fork(), played.aliases, played.scenario)
    try:
        solution_step("resolve", task.game_scenario())(after.game)
    except RulesError:
        return True
    there = reach.position(after.game)
    if here in line:                  # on the worked line: resolving must stay on it
        return there in line or task.reached(after)
    return task.dead_end(after) is None and not any(there in reach.example_positions(task, end)
                                                    for end in task.dead_ends)


__all__ = ["now_words"]
