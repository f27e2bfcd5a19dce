"""Lesson parts: a task the learner does on a live board, and a check question the engine answers.

A notebook cell is one call, ``show(lesson, key)``. The widget it returns is kept
per kernel, so re-running the cell (or re-rendering it) shows the same board with
the learner's progress, not a fresh one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import ipywidgets as ipw

from ..rules.game import Game
from ..rules.scenario import Scenario, start
from ..state import GameModel
from ..views import (Board, ChoicePanel, EnergyCounter, EventLog, ManaVsEnergy, PaymentPrompt,
                     StackView, TriggerOrder)
from ..views.base import button, html_widget
from ..views.board import position
from ..views.render import STYLE
from ..views.text import author_html, escape, game_text_html, rule_tag

EXPLAIN_KINDS = {"energy", "fizzle", "landfall", "replaced", "prevented", "mana", "trigger", "pump",
                 "counters", "order", "rule", "choice", "stack", "play", "damage"}


@dataclass
class Task:
    """Something the learner does on a live board until the goal holds."""

    key: str
    title: str
    instructions: str
    scenario: dict
    goal: Callable[[Game], bool]
    done: str  # what the learner should take away, shown when the goal holds
    rule: str
    views: tuple[str, ...] = ("board", "stack", "order", "payment", "choices", "log")


@dataclass
class Check:
    """A question whose answer the engine computes by playing a scenario.

    Tournament policy (e.g. MTR 2.14, how energy may be tracked) isn't game rules, so the
    engine can't compute it. Only for such facts, a *policy check* gives ``policy_answer``
    (one of the option labels), ``source`` (the policy text it rests on, shown in the
    feedback) and no scenario; its options are labels with ``None`` for the predicate.
    Every other check must let the engine play its scenario.
    """

    key: str
    prompt: str
    scenario: dict | None
    why: str  # the reasoning, with {answer} standing for the computed answer
    rule: str
    answer: Callable[[Game], object] | None = None  # for a number question
    options: list[tuple[str, Callable[[Game], bool] | None]] = field(default_factory=list)
    show_board: bool = True
    policy_answer: str | None = None  # tournament-policy checks only: the right option's label
    source: str = ""  # tournament-policy checks only: the policy the answer rests on

    @property
    def is_policy(self) -> bool:
        return self.policy_answer is not None

    def played(self) -> Game | None:
        if self.is_policy:
            return None
        return start(Scenario.from_dict(self.scenario, source=f"check {self.key}"))

    def right_answer(self, game: Game | None):
        if self.is_policy:
            labels = [label for label, _ in self.options]
            if self.policy_answer not in labels or not self.source or self.scenario is not None:
                raise ValueError(f"check {self.key}: a policy check needs its answer among the "
                                 "options, a source, and no scenario")
            return self.policy_answer
        if self.options:
            right = [label for label, holds in self.options if holds(game)]
            if len(right) != 1:
                raise ValueError(f"check {self.key}: {len(right)} options hold, exactly one must")
            return right[0]
        return self.answer(game)


@dataclass
class Lesson:
    number: int
    slug: str
    title: str
    summary: str
    parts: list = field(default_factory=list)

    @property
    def notebook(self) -> str:
        return f"{self.number:02d}-{self.slug}.ipynb"

    def part(self, key: str):
        for p in self.parts:
            if p.key == key:
                return p
        raise KeyError(f"lesson {self.number} has no part {key!r}; parts: {[p.key for p in self.parts]}")


class Progress:
    """Which parts of a lesson the learner has completed, kept for the kernel's life."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.done: set[str] = set()
        self.bar = ipw.IntProgress(value=0, min=0, max=len(lesson.parts), description="Progress",
                                   layout=ipw.Layout(width="24em"))
        self.label = html_widget()
        self.widget = ipw.HBox([self.bar, self.label])
        self._draw()

    def mark(self, key: str) -> None:
        self.done = self.done | {key}
        self._draw()

    def _draw(self) -> None:
        n, total = len(self.done), len(self.lesson.parts)
        self.bar.value = n
        self.label.value = (f"<span role='status'>{n} of {total} steps done"
                            f"{' — lesson complete ✓' if n == total else ''}</span>")


class TaskView(ipw.VBox):
    """A task: instructions, a live board, and a goal line that turns to done when it holds."""

    def __init__(self, task: Task, progress: Progress):
        super().__init__()
        self.task, self.progress = task, progress
        self.model = GameModel.from_scenario(task.scenario)
        self.goal = html_widget()
        self.reset_button = button("Start over", "Back to the starting position", self.model.reset)
        self.undo_button = button("Undo", "Take back your last action", self.model.undo)
        parts = [_view(name, self.model) for name in task.views]
        self.children = [html_widget(f"{STYLE}<h3>{escape(task.title)}</h3>"
                                  f"<div>{author_html(task.instructions)}</div>"),
                         self.goal, ipw.HBox([self.undo_button, self.reset_button]), *parts]
        self.model.observe(self._check, names=["version"])
        self._check()

    @property
    def achieved(self) -> bool:
        return self.task.key in self.progress.done

    def _check(self, _change=None) -> None:
        if self.task.goal(self.model.game):
            self.progress.mark(self.task.key)
        if self.achieved:
            self.goal.value = (f"<div class='rd-ok' role='status'><b>✓ Done.</b> {author_html(self.task.done)} "
                               f"{rule_tag(self.task.rule)}</div>")
        else:
            self.goal.value = "<div class='rd-note' role='status'><b>Goal not reached yet.</b></div>"


class CheckView(ipw.VBox):
    """A check question: the position, the answer control, and feedback that says why."""

    def __init__(self, check: Check, progress: Progress):
        super().__init__()
        self.check, self.progress = check, progress
        self._game = check.played()
        self._right = check.right_answer(self._game)  # kept in the kernel
        if check.options:
            self.answer = ipw.RadioButtons(options=[label for label, _ in check.options], value=None,
                                           description="Your answer", layout=ipw.Layout(width="auto"),
                                           style={"description_width": "initial"})
        else:
            self.answer = ipw.IntText(value=0, description="Your answer",
                                      style={"description_width": "initial"})
        self.check_button = button("Check my answer", "Compare with the tournament rules" if check.is_policy
                                   else "The engine plays it out and compares", self._grade)
        self.feedback = html_widget()
        board = (position(GameModel(self._start_position())) if check.show_board and not check.is_policy
                 else html_widget(""))
        self.children = [html_widget(f"{STYLE}<div class='rd-note'><b>Check:</b> {author_html(check.prompt)}</div>"),
                         board, self.answer, self.check_button, self.feedback]

    def _start_position(self) -> Game:
        from ..rules.scenario import build
        game, _ = build(Scenario.from_dict({**self.check.scenario, "actions": []}))
        return game

    def _grade(self) -> None:
        given = self.answer.value
        if given is None:
            self.feedback.value = "<div class='rd-note' role='status'>Choose an answer first.</div>"
            return
        right = given == self._right
        why = author_html(self.check.why.format(answer=self._right))
        if self.check.is_policy:
            basis = f"<details><summary>The policy</summary>{escape(self.check.source)}</details>"
        else:
            steps = "".join(f"<li>{rule_tag(ev.rule)}{game_text_html(ev.text)}</li>" for ev in self._game.log
                            if ev.kind in EXPLAIN_KINDS)
            basis = f"<details><summary>What the engine did</summary><ol>{steps}</ol></details>"
        head = ("<b>✓ Right.</b>" if right else
                f"<b>✗ Not quite.</b> You answered {escape(str(given))}; the answer is "
                f"{escape(str(self._right))}.")
        self.feedback.value = (f"<div class='{'rd-ok' if right else 'rd-error'}' role='status'>{head} "
                               f"{why} {rule_tag(self.check.rule)}"
                               f"{basis}</div>")
        if right:
            self.progress.mark(self.check.key)


def power_of(game: Game, card: str) -> int:
    """Return the power of the first permanent with this name, as the rules compute it."""
    from ..rules import query
    return query.power(game.state, next(p for p in game.state.battlefield if p.card == card))


def _view(name: str, model: GameModel):
    kind, _, arg = name.partition(":")
    return {"board": lambda: Board(model), "stack": lambda: StackView(model),
            "order": lambda: TriggerOrder(model), "payment": lambda: PaymentPrompt(model),
            "choices": lambda: ChoicePanel(model), "log": lambda: EventLog(model),
            "turn": lambda: ManaVsEnergy(model),
            "energy": lambda: EnergyCounter(model, arg or "Alice")}[kind]()


def outcome_of(game: Game, name: str) -> str | None:
    """Return "resolved" or "did not resolve" for the last spell or ability of this name to leave the stack."""
    st = game.state
    found = [result for sid, result in st.outcomes.items() if st.names.get(sid) == name]
    return found[-1] if found else None


def beasts(game: Game, controller: str = "Alice") -> int:
    """Count the Beast tokens a player controls."""
    return sum(1 for p in game.state.battlefield if p.card == "Beast" and p.controller == controller)
