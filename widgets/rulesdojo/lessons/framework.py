"""The widgets of a lesson: a task on a live board, a check question, and the progress line.

A task says what to do now, catches dead ends ("Back to the decision"), offers hints and, last,
the next move of its solution. A check gives a hint after a wrong try and the answer only after
a second miss or "Show me"; an empty answer is not an answer. A check is mastered only when it is
answered right before its answer was shown.
"""

from __future__ import annotations

import asyncio
import functools
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import ipywidgets as ipw

from ..quiz.texts import QuestionTexts
from ..quiz.play import Played
from ..scenarios.scenario import Scenario
from ..state import GameModel
from ..state.lines import SHORTCUTS, finish
from ..views import (Board, ChoicePanel, EnergyCounter, EventLog, ManaVsEnergy, PaymentPrompt,
                     StackView, TriggerOrder)
from ..views.base import after_answer, button, kernel_loop, shared, show
from ..views.base import message as note
from ..views.board import position
from ..views.dom import Dom, game, h, prose
from ..views.focus import FocusKeeper
from ..views.modules import page_style
from ..i18n import Text, Words, words_for
from . import coach, guide, part_anchor, reach
from .data import Check, Task
from .learner_progress import Progress, lesson_id
from .texts import LessonTexts, marked


QUIET = 0.1  # seconds without a move before a dead end is searched for
PAUSE = 0.001  # seconds between two slices of the search
BOARD_SAVES = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rulesdojo-board-saves")


def in_turns(steps, done) -> tuple[asyncio.Task | None, object]:
    """Run a paused computation (a generator) in turns with the kernel's messages.

    Return (None, its result) when it ends without pausing, or when no event loop runs (a script,
    a test); otherwise (the task that waits ``QUIET`` seconds, runs its slices ``PAUSE`` seconds
    apart and then calls ``done(result)``, None). A search for a dead end takes tens of milliseconds:
    run at once, it held back the answer to the learner's next click that long, and a click in
    quick succession makes it stale anyway (the caller cancels the task).
    """
    try:
        next(steps)
    except StopIteration as ended:
        return None, ended.value
    loop = kernel_loop()
    if loop is None:
        return None, finish(steps)

    async def run():
        await asyncio.sleep(QUIET)
        while True:
            try:
                next(steps)
            except StopIteration as ended:
                done(ended.value)
                return
            # Not sleep(0): the kernel's threads that take the next click and send its answer need
            # the interpreter lock, which a busy loop hands over only every 5 ms.
            await asyncio.sleep(PAUSE)
    return loop.create_task(run()), None


#: where a task's views go: the decision block under the "Now:" line, the side column under it (the stack
#: first); the board and the rest (turn bar, log) in the board's column, the board first
DECISION, SIDE = ("payment", "choices", "order"), ("stack", "energy")


def message(cls: str, *nodes: Any, rule: str = "") -> list:
    """Return one message as a page's nodes: its text, then its one rule reference (if any) at its end.

    >>> message("rd-ok", "Done.", rule="107.14")
    [['div', {'class': 'rd-ok', 'role': 'status'}, 'Done.', ' ', ['rule', '107.14']]]
    """
    return [note(cls, [n for n in nodes if n is not None], rule)]


def box(children: list, cls: str, kind=ipw.VBox) -> ipw.Box:
    out = kind(children, layout=shared("layout"))  # never restyled: the kernel's one plain Layout
    out.add_class(cls)
    return out


def _first(kind, views: list) -> list:
    return sorted(views, key=lambda v: not isinstance(v, kind))


class TaskView(ipw.VBox):
    """A task: instructions, what to do now, a live board, and a goal that turns to done when it holds."""

    def __init__(self, task: Task, progress: Progress, words: Words | None = None):
        super().__init__()
        self.task, self.progress = task, progress
        self.words = words = words_for("en") if words is None else words
        self.texts = LessonTexts(progress.lesson, words)
        self.scenario = task.game_scenario()
        self.model = GameModel.from_scenario(self.scenario)
        self._line = reach.worked_line(task).positions
        self.status = Dom()
        self.status.add_class("rd-now-line")
        self.hint = Dom()
        self._hint_at: dict | None = None  # the position the hint box speaks of: a move on makes it old news
        self._hints_shown = 0
        self.undo_button = button(words("Undo"), words("Take back your last action"), self.model.undo)
        self.reset_button = button(words("Start over"), words("Back to the starting position"), self._reset)
        self.back_button = button(words("Back to the decision"), words("Undo to the last choice that mattered"),
                                  self.back_to_decision, button_style="warning")
        self.hint_button = button(words("Hint"), words("A hint for what to do next"), self.next_hint)
        self.show_button = button(words("Show me the next move"), words("Play the next move of a line that reaches "
                                  "the goal"), self.show_next_move)
        self.views = [_view(name, self.model, words) for name in task.views]
        kinds = [name.partition(":")[0] for name in task.views]
        panels = [v for k, v in zip(kinds, self.views) if k in DECISION]
        decision = [self.status, *panels]
        if any(k in ("turn", "steps") for k in kinds):
            self.shortcut_buttons = [button(words(label), words(tip), lambda k=key: self._shortcut(k))
                                     for key, label, tip in SHORTCUTS]
            decision.append(box(self.shortcut_buttons, "rd-tools", ipw.HBox))
        tools = box([self.hint_button, self.undo_button, self.back_button, self.reset_button,
                     self.show_button], "rd-tools", ipw.HBox)
        side = [v for k, v in zip(kinds, self.views) if k in SIDE]
        rest = [v for k, v in zip(kinds, self.views) if k not in DECISION + SIDE]
        title = h("h3", *self.texts.nodes(task.title), cls="rd-task-title", id=part_anchor(task.key))
        self.children = [page_style(), Dom([title, h("div", *self.texts.nodes(task.instructions),
                                                     cls="rd-instructions")]),
                         box([box([box(decision, "rd-decision"), tools, self.hint, *_first(StackView, side)],
                                  "rd-task-side"),
                              box(_first(Board, rest), "rd-task-board")], "rd-task-main", ipw.HBox)]
        self.add_class("rd-task")
        FocusKeeper(self.model, self, self.views, fallback=self.undo_button)
        self.model.observe(self._changed, names=["version"])
        self._deciding: asyncio.Task | None = None  # a search for a dead end, between the page's messages
        self._update()
        self._kept = False  # the board is saved once what was kept before has been put back
        progress.on_learner(self._restore)

    def _restore(self, learner: str) -> None:
        """Put back the moves this learner made on this board before (a reload, a new kernel)."""
        text = self.progress.store.board(learner, lesson_id(self.progress.lesson), self.task.key)
        self.model.replay(text)  # unreadable or refused: the start stays
        self._kept = True

    def _save(self) -> None:
        if self._kept and self.progress.learner is not None:
            save = functools.partial(self.progress.store.save_board, self.progress.learner,
                                     lesson_id(self.progress.lesson), self.task.key, self.model.moves())
            if kernel_loop() is None:  # a script, a test: saved before the click returns
                save()
                return
            # The file's write waits on the disk (milliseconds, more under load): in a kernel it is
            # done beside the page's messages, one save after another, so the newest moves are kept.
            BOARD_SAVES.submit(save)

    @property
    def achieved(self) -> bool:
        return self.progress.is_done(self.task.key)

    def played(self) -> Played:
        return Played(self.model.game, {}, self.scenario)

    # --- learner actions ---

    def _reset(self) -> None:
        self.model.reset()

    def back_to_decision(self) -> None:
        """Undo to the last position from which the goal could still be reached: the choice that lost it."""
        while self.model.game.history and reach.dead_end(self.task, self.played()) is not None:
            self.model.undo()

    def next_hint(self) -> None:
        """Show the next hint; after the last one, offer the next move."""
        hints, words = self.task.hints, self.words
        self._hints_shown = min(self._hints_shown + 1, len(hints))
        shown = [h("li", *self.texts.nodes(hint)) for hint in hints[:self._hints_shown]]
        more = None if self._hints_shown < len(hints) else words("Still stuck? Press “Show me the next move”.")
        self._say_hint(message("rd-note", h("b", words("Hints")), h("ol", *shown), more))

    def _say_hint(self, content) -> None:
        """Show a hint about this position (cleared once the game moves on from it)."""
        self.hint.content = content
        self._hint_at = reach.position(self.model.game)

    def show_next_move(self) -> None:
        """Play the next move of the task's solution from here (if the position is on its line)."""
        here = reach.position(self.model.game)
        done = [i for i, pos in enumerate(self._line) if pos == here]
        words = self.words
        if not done or done[-1] >= len(self.task.solution):
            self._say_hint(message("rd-note", words("This position isn't on the worked line: press Start over, "
                                                "then “Show me the next move” to follow it.")))
            return
        i = done[-1]
        if guide.is_refusal(self.task.solution[i]):
            i += 1
        step = self.task.solution[i]
        if self.model.play_step(step):
            why = self.task.whys[i] if i < len(self.task.whys) else ""
            said = words("Move {n} of {total}: {step}.", n=i + 1, total=len(self.task.solution),
                     step=guide.say_step(step, words))
            self._say_hint(message("rd-note", said, *([" ", *self.texts.nodes(why)] if why else [])))

    def _shortcut(self, key: str) -> None:
        self.model.advance(key)

    # --- what the learner sees ---

    def _changed(self, change) -> None:
        # The "Now:" block, the search and the save wait until the view acted on has sent its answer.
        after_answer(lambda: self._update(change), self, "update", loop=kernel_loop())

    def _update(self, _change=None) -> None:
        if _change is not None:
            self._save()
            if self._hint_at is not None and reach.position(self.model.game) != self._hint_at:
                self.hint.content, self._hint_at = [], None  # it was about the position it was given in
        played = self.played()
        if self.task.reached(played):
            self.progress.mark(self.task.key, None)
        if self._deciding is not None:
            self._deciding.cancel()  # about a position the game has left
        self._deciding, end = in_turns(reach.deciding(self.task, played), lambda end: self._show(played, end))
        self._show(played, end)

    def _show(self, played: Played, end) -> None:
        show(end, self.back_button)
        words = self.words
        if self.task.reached(played):
            self.status.content = message("rd-ok", h("b", words("✓ Done.")), " ", *self.texts.nodes(self.task.done),
                                          rule=self.task.rule)
        elif end is not None:
            self.status.content = message("rd-error", h("b", words("This can't reach the goal any more.")), " ",
                                          *self.texts.nodes(end.say), " ",
                                          words("Press “Back to the decision” to try that choice again."))
        else:
            done = " " + words("(done before ✓ — play on, or start over)") if self.achieved else None
            self.status.content = message("rd-note", h("b", words("Now:")), " ",
                                          *game(coach.now_words(self.task, played, words)), done)


class CheckView(ipw.VBox):
    """A check question: the position, the answer, a hint after a wrong try, the answer after two."""

    def __init__(self, check: Check, progress: Progress, words: Words | None = None):
        super().__init__()
        self.check, self.progress = check, progress
        self.words = words = words_for("en") if words is None else words
        self.texts = LessonTexts(progress.lesson, words)
        self.variant = check.variant()  # the answer stays in the kernel
        self.tries = 0
        self.shown = False
        self.reviewed = False  # the check's outcome is a review of its rulings, once per page
        v = self.variant
        if v.options:
            # Each option shown in the language, answered (and graded) as the English option it is.
            shown = list(v.options) if words.code == "en" else [(self._option(o), o) for o in v.options]
            self.answer = ipw.RadioButtons(options=shown, value=None,
                                           description=words("Your answer"), layout=ipw.Layout(width="auto"),
                                           style={"description_width": "initial"})
        else:
            self.answer = ipw.Text(value="", placeholder=QuestionTexts(words).instructions(v), description=words("Your answer"),
                                   style={"description_width": "initial"})
            self.answer.on_msg(self._submitted)  # Enter in the box checks the answer
        self.check_button = button(words("Check my answer"), words("The engine plays it out and compares")
                                   if v.plays_game else words("Compare with the tournament rules"), self.grade)
        self.show_button = button(words("Show me"), words("Show the answer and why"), self.show_answer)
        self.feedback = Dom()
        board = [position(GameModel(_start_position(check)))] if check.board and v.plays_game else []
        prompt = prose(v.prompt) if self.texts.english or not self.texts.context(v.prompt) else self.texts.nodes(v.prompt)
        self.children = [page_style(), Dom([h("div", h("b", words("Check:")), " ", *prompt, cls="rd-note",
                                              id=part_anchor(check.key))]),
                         *board, self.answer, ipw.HBox([self.check_button, self.show_button]), self.feedback]
        self.add_class("rd-check")
        progress.on_learner(self._answered_before)

    def _answered_before(self, _learner: str) -> None:
        if self.tries or self.shown or not self.progress.is_done(self.check.key):
            return
        words = self.words
        if self.progress.is_mastered(self.check.key):
            self.feedback.content = message("rd-ok", h("b", words("✓ Answered before — mastered.")))
        else:
            self.feedback.content = message("rd-note", h("b", words("Answered before, not yet mastered:")), " ",
                                            words("answer it right on your first try to master it."))

    def grade(self) -> None:
        given, words = self.answer.value, self.words
        if given is None or not str(given).strip():
            self.feedback.content = message("rd-note", words("Give an answer first: {how}",
                                                         how=self.variant.instructions))
            return
        verdict = self.variant.grade(given)
        if verdict.problem:
            self.feedback.content = message("rd-note", words("{problem}: {how}", problem=verdict.problem,
                                                         how=self.variant.instructions))
            return
        self.tries += 1
        if verdict.correct:
            first = self.tries == 1 and not self.shown
            self.progress.mark(self.check.key, first)
            self._review(True, hinted=not first)
            head = [h("b", words("✓ Right.")), " ", words("Mastered.")] if first else [h("b", words("✓ Right."))]
            self.feedback.content = self._explained("rd-ok", head, verdict)
        elif self.tries == 1 and not self.shown:
            self.feedback.content = message("rd-error", h("b", words("✗ Not yet.")), " ", *self._hint(verdict), " ",
                                            words("Try again, or press “Show me”."))
        else:
            self.progress.mark(self.check.key, False)
            self._review(False, hinted=True)
            given_text, right_text = self._option(verdict.answer_text), self._option(verdict.right_answer_text)
            said = (words("You answered {given}.", given=given_text) if _lead_says_answer(verdict) else
                    words("You answered {given}; the answer is {answer}.", given=given_text, answer=right_text))
            self.feedback.content = self._explained("rd-error", [h("b", words("✗ Not quite.")), " ", said], verdict)

    def _submitted(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.grade()

    def show_answer(self) -> None:
        self.shown = True
        self.progress.mark(self.check.key, False)
        self._review(False, hinted=True)
        verdict = self.variant.solution()
        said = [] if _lead_says_answer(verdict) else [f" {self._option(verdict.right_answer_text)}."]
        self.feedback.content = self._explained("rd-note", [h("b", self.words("The answer:")), *said], verdict)

    def _review(self, correct: bool, hinted: bool) -> None:
        if not self.reviewed:
            self.reviewed = True
            self.progress.review(self.check, correct, hinted)

    def _option(self, english: str) -> str:
        """An option (or an answer that is one) as the learner reads it, in their language."""
        return str(english) if self.texts.english or not self.texts.context(english) else str(self.texts(english))

    def _hint(self, verdict) -> list:
        hint, words = self.texts.nodes(self.check.hint_for(verdict.answer_text)), self.words
        if self.variant.answer_format == "number":
            given, right = int(verdict.answer_text), int(verdict.right_answer_text)
            more = (words("It's more than {n}.", n=given) if right > given else words("It's less than {n}.", n=given))
            return [more, " ", *hint]
        return hint

    def _explained(self, cls: str, head: list, verdict) -> list:
        words = self.words
        lead, *steps = verdict.explanation.splitlines()
        items = [h("li", *game(s.removeprefix("- "))) for s in steps]
        basis = h("details", h("summary", words("What the engine did") if self.variant.plays_game else words("The policy")),
                  h("ul", *items), open=True) if items else None
        return message(cls, *head, " ", *self._lead(lead, verdict), basis, rule=self.check.rule)

    def _lead(self, lead: str, verdict) -> list:
        """The explanation's first line: the lesson's own words, in the learner's language."""
        template = str(self.variant.data.get("explanation_lead", ""))
        context = "" if self.texts.english else self.texts.context(template)
        if not context:
            return prose(lead)
        text = self.words.content(context, template)
        if not text.translated:
            english = Text(lead)
            english.translated = False
            return marked(self.words, english)
        said = str(text).replace("{answer}", self._option(verdict.right_answer_text))
        return prose(said[:1].upper() + said[1:])


def _lead_says_answer(verdict) -> bool:
    """Say whether the explanation's first line opens with the right answer (then it isn't said twice).

    >>> from types import SimpleNamespace as V
    >>> _lead_says_answer(V(right_answer_text="2", explanation="2, as before."))
    True
    >>> _lead_says_answer(V(right_answer_text="2", explanation="20 damage."))
    False
    """
    right, lead = verdict.right_answer_text, verdict.explanation.partition("\n")[0]
    return bool(right) and lead.startswith(right) and not lead[len(right):len(right) + 1].isalnum()


def _start_position(check: Check):
    from ..scenarios.scenario import build
    scn = check.question.data["scenario"]
    game, _ = build(Scenario.from_dict({"name": check.key, "setup": scn["setup"]}, card_set=check.question.cards()))
    return game


def _words(msgid: str) -> str:
    """Mark a view's title for translation where it is written; the view says it in its language."""
    return msgid


class TurnBar(ManaVsEnergy):
    """The turn bar where a task is about the turn, not about mana."""

    title = _words("The turn")


def _view(name: str, model: GameModel, words: Words):
    kind, _, arg = name.partition(":")
    made = {"board": Board, "stack": StackView, "order": TriggerOrder, "payment": PaymentPrompt,
            "choices": ChoicePanel, "log": EventLog, "turn": ManaVsEnergy, "steps": TurnBar,
            "energy": EnergyCounter}[kind]
    args = (model, arg or "Alice") if kind == "energy" else (model,)
    return made(*args, words=words)


__all__ = ["CheckView", "TaskView"]
