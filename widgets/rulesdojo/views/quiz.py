"""The quiz: practice (feedback after each answer) or exam (feedback at the end), scored by the engine.

The right answers stay in the kernel: the widget shows a question's prompt and
options, and puts an answer or an explanation on the page only after the candidate
has submitted (practice) or finished (exam).
"""

from __future__ import annotations

import asyncio
import html
import os

import ipywidgets as ipw

from ..quiz import load_bank
from ..quiz.rulings import ruling
from ..quiz.session import QuizSession
from ..quiz.store import ResultStore, candidate_name
from ..quiz.store import hub_user as known_user
from .base import button
from .order import OrderList
from .render import STYLE
from .text import author_html, game_text_html


def in_voila() -> bool:
    """Say whether this kernel serves a Voila page (where the candidate can't run code)."""
    return any(k in os.environ for k in ("VOILA_KERNEL_ID", "VOILA_BASE_URL", "VOILA_PREHEAT"))


class Quiz(ipw.VBox):
    """Take a quiz: a start screen, one question at a time, then a review screen.

    >>> q = Quiz(store=None, exam_allowed=True)
    >>> q.name.value = "Ana"; q.count.value = 1; q.start_button.click()
    >>> q.session.total, q.progress.max
    (1, 1)
    """

    def __init__(self, bank=None, store: ResultStore | None | bool = True, *,
                 exam_allowed: bool | None = None, clock=None, **kwargs):
        super().__init__(**kwargs)
        self.bank = bank or load_bank()
        self.store = ResultStore() if store is True else (store or None)
        self.exam_allowed = in_voila() if exam_allowed is None else exam_allowed
        self.clock = clock
        self.session: QuizSession | None = None
        self._build_start()
        self._build_question()
        self.review = ipw.HTML()
        self.again_button = button("Start a new quiz", "Back to the start screen", self._to_start)
        self.notice = ipw.HTML()
        self._show("start")

    # --- start screen ---

    def _build_start(self) -> None:
        hub_user = known_user(ask=False)
        self.name = ipw.Text(description="Your name", value=hub_user or "", disabled=bool(hub_user),
                             placeholder="as your mentor knows you", style={"description_width": "initial"})
        modes = ["practice", "exam"] if self.exam_allowed else ["practice"]
        self.mode = ipw.ToggleButtons(options=[(m.capitalize(), m) for m in modes], value="practice",
                                      description="Mode", tooltips=["Feedback after each answer",
                                                                    "Feedback at the end"][:len(modes)])
        self.count = ipw.BoundedIntText(value=min(10, len(self.bank)), min=1, max=len(self.bank),
                                        description="Questions", style={"description_width": "initial"})
        tags = sorted({t for q in self.bank for t in q.tags.get("rulings", [])})
        self.topics = ipw.SelectMultiple(options=[(ruling(t).name, t) for t in tags],
                                         description="Rulings", rows=6,
                                         style={"description_width": "initial"})
        self.ruling_text = ipw.HTML()
        self.topics.observe(self._show_rulings, names=["value"])
        self._show_rulings()
        self.difficulty = ipw.Dropdown(options=[("Any", None), ("1 (easier)", 1), ("2", 2), ("3 (harder)", 3)],
                                       description="Difficulty", style={"description_width": "initial"})
        self.minutes = ipw.BoundedIntText(value=0, min=0, max=180, description="Time limit (minutes, 0 = none)",
                                          style={"description_width": "initial"})
        self.history = ipw.HTML()
        self.start_button = button("Start", "Draw the questions and begin", self._start)
        self.start_feedback = ipw.HTML()
        self.name.observe(self._greet, names=["value"])
        secrecy = ("" if self.exam_allowed else
                   "<div class='rd-note'>This is a notebook whose kernel you control, so answers "
                   "can't be kept from you here: only <b>practice</b> mode is offered. Exam mode "
                   "runs when the quiz is served with Voila.</div>")
        self.start_screen = ipw.VBox([
            ipw.HTML(f"{STYLE}<h3>Judge training quiz</h3>{secrecy}"), self.name, self.history,
            self.mode, self.count, self.topics, self.ruling_text, self.difficulty, self.minutes,
            self.start_button,
            self.start_feedback])
        self._greet()

    def _show_rulings(self, _change=None) -> None:
        """Say each chosen ruling in full: moving through the list shows the ruling in focus."""
        chosen = [ruling(t) for t in self.topics.value]
        if not chosen:
            self.ruling_text.value = ("<div class='rd-type' aria-live='polite'>Choose rulings to "
                                      "practise (none: all of them); each one's text shows here.</div>")
            return
        items = "".join(f"<li><b>{r.name}</b>: {game_text_html(r.text)}</li>" for r in chosen)
        self.ruling_text.value = f"<ul class='rd-type' aria-live='polite'>{items}</ul>"

    def _greet(self, _change=None) -> None:
        # Never ask Voila for the page's headers here: this runs while a kernel is preheated,
        # before any page exists (asking waits); the name is settled when the quiz starts.
        who = known_user(ask=False) or " ".join(self.name.value.split())
        if not who or self.store is None:
            self.history.value = ""
            return
        past = self.store.history(who)
        if past:
            right = sum(a.correct for a in past)
            self.history.value = (f"<div class='rd-note'>Welcome back, {html.escape(who)}: {len(past)} "
                                  f"answers so far, {right} right.</div>")
        else:
            self.history.value = ""

    def _start(self) -> None:
        who = candidate_name(self.name.value)
        if not who:
            self.start_feedback.value = "<div class='rd-error' role='alert'>Type your name first.</div>"
            return
        tags = list(self.topics.value) or None
        questions = self.bank.select(tags=tags, difficulty=self.difficulty.value, seed=_seed())
        if not questions:
            self.start_feedback.value = ("<div class='rd-error' role='alert'>No question matches "
                                         "those rulings and that difficulty.</div>")
            return
        limit = self.minutes.value * 60 if self.mode.value == "exam" and self.minutes.value else None
        extra = {"clock": self.clock} if self.clock else {}
        self.session = QuizSession(questions[:self.count.value], who, self.mode.value, seed=_seed(),
                                   store=self.store, time_limit=limit, **extra)
        self.start_feedback.value = ""
        self._show("question")
        self._draw_question()
        if limit:
            self._schedule_tick()

    # --- question screen ---

    def _build_question(self) -> None:
        self.progress = ipw.IntProgress(min=0, max=1, value=0, description="Progress",
                                        layout=ipw.Layout(width="24em"))
        self.status = ipw.HTML()
        self.countdown = ipw.HTML()
        self.prompt = ipw.HTML()
        self.number = ipw.Text(description="Your answer", style={"description_width": "initial"})
        self.choice = ipw.RadioButtons(description="Your answer", options=[], value=None,
                                       layout=ipw.Layout(width="auto"), style={"description_width": "initial"})
        self.order = OrderList()
        self.submit_button = button("Submit", "Submit this answer", self._submit)
        self.next_button = button("Next question", "Go on", self._next)
        self.finish_button = button("End the quiz now", "Stop here and see the review", self._finish)
        self.feedback = ipw.HTML()
        self.question_screen = ipw.VBox([
            ipw.HBox([self.progress, self.status, self.countdown]), self.prompt, self.number, self.choice,
            self.order, ipw.HBox([self.submit_button, self.next_button, self.finish_button]), self.feedback])

    def _draw_question(self) -> None:
        s = self.session
        if s.done:
            self._show_review()
            return
        v = s.current
        self.progress.max, self.progress.value = s.total, s.index
        right, answered = s.score
        shown = f" · score {right} of {answered}" if s.mode == "practice" else ""
        self.status.value = f"<span role='status'>Question {s.index + 1} of {s.total}{shown}</span>"
        self.prompt.value = (f"<div class='rd-note'><p>{author_html(v.prompt)}</p>"
                             f"<p class='rd-type'>{author_html(v.instructions)}</p></div>")
        fmt = v.answer_format
        free = fmt in ("number", "mana", "names")
        self.number.layout.display = None if free else "none"
        self.choice.layout.display = None if fmt in ("option", "yes/no") else "none"
        self.order.layout.display = None if fmt == "order" else "none"
        self.number.value = ""
        if fmt in ("option", "yes/no"):
            self.choice.options = list(v.options)
            self.choice.value = None
        if fmt == "order":
            self.order.items = [{"id": i, "label": label} for i, label in enumerate(v.options)]
            self.order.order = list(range(len(v.options)))
        self.submit_button.disabled = False
        self.next_button.layout.display = "none"
        self.feedback.value = ""
        self._tick_display()

    def _answer(self):
        v = self.session.current
        if v.answer_format in ("option", "yes/no"):
            return self.choice.value
        if v.answer_format == "order":
            return [v.options[i] for i in self.order.order]
        return self.number.value

    def _submit(self) -> None:
        s = self.session
        answer = self._answer()
        if answer is None or answer == "":
            self.feedback.value = "<div class='rd-note' role='status'>Give an answer first.</div>"
            return
        try:
            verdict = s.submit(answer)
        except ValueError as exc:  # time ran out between drawing and submitting
            self.feedback.value = f"<div class='rd-error' role='alert'>{html.escape(str(exc))}</div>"
            self._show_review()
            return
        self._store_notice()
        if s.mode == "exam":
            self._draw_question()
            return
        self.submit_button.disabled = True
        self.next_button.layout.display = None
        self.next_button.description = "See the results" if s.index == s.total - 1 else "Next question"
        self.feedback.value = _verdict_html(verdict)
        right, answered = s.score
        self.status.value = (f"<span role='status'>Question {s.index + 1} of {s.total} · score "
                             f"{right} of {answered}</span>")

    def _next(self) -> None:
        self.session.next()
        self._draw_question()

    def _finish(self) -> None:
        self.session.finish("finished")
        self._show_review()

    # --- time ---

    def tick(self) -> None:
        """Update the countdown; when time is up, end the exam and show the review."""
        s = self.session
        if s is None or s.done:
            return
        if s.tick():
            self._show_review()
            return
        self._tick_display()

    def _tick_display(self) -> None:
        left = self.session.remaining if self.session else None
        if left is None:
            self.countdown.value = ""
            return
        m, sec = divmod(int(left + 0.999), 60)
        self.countdown.value = (f"<span role='timer' aria-live='off' class='rd-badge'>Time left: "
                                f"{m}:{sec:02d}</span>")

    def _schedule_tick(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            try:
                loop = asyncio.get_event_loop()
            except RuntimeError:
                return
        if not loop.is_running():
            return  # no kernel loop (a script or a test): whoever drives the quiz calls tick()

        def again():
            self.tick()
            if self.session is not None and not self.session.done:
                loop.call_later(1.0, again)
        loop.call_later(1.0, again)

    # --- review ---

    def _show_review(self) -> None:
        s = self.session
        right, answered = s.score
        why = " Time ran out." if s.ended_by == "time" else ""
        rows = []
        for i, (v, a) in enumerate(s.review(), 1):
            verdict = a.verdict if a else v.solution()
            given = html.escape(a.answer) if a else "<i>not answered</i>"
            mark = "✓ right" if a and a.verdict.correct else "✗ wrong"
            rows.append(f"<tr><td>{i}</td><td>{author_html(v.prompt)}</td><td>{given}</td>"
                        f"<td>{mark}</td><td>{game_text_html(verdict.right_answer_text)}</td>"
                        f"<td>{_explanation_html(verdict.explanation)}</td></tr>")
        self.review.value = (f"{STYLE}<h3>Your results: {right} of {s.total} right.{why}</h3>"
                             "<table class='rd-review'><thead><tr><th>#</th><th>Question</th>"
                             "<th>Your answer</th><th>Result</th><th>Right answer</th><th>Why</th>"
                             f"</tr></thead><tbody>{''.join(rows)}</tbody></table>")
        self._store_notice()
        self._show("review")

    def _store_notice(self) -> None:
        problem = self.store.problem if self.store is not None else None
        self.notice.value = f"<div class='rd-error' role='status'>{html.escape(problem)}</div>" if problem else ""

    def _to_start(self) -> None:
        self.session = None
        self._greet()
        self._show("start")

    def _show(self, screen: str) -> None:
        body = {"start": [self.start_screen], "question": [self.question_screen],
                "review": [self.review, self.again_button]}[screen]
        self.children = [self.notice, *body]


def _verdict_html(verdict) -> str:
    cls, head = ("rd-ok", "✓ Right.") if verdict.correct else ("rd-error", "✗ Not right.")
    problem = f" ({html.escape(verdict.problem)})" if verdict.problem else ""
    return (f"<div class='{cls}' role='status'><b>{head}</b>{problem} The answer: "
            f"{game_text_html(verdict.right_answer_text)}.{_explanation_html(verdict.explanation)}</div>")


def _explanation_html(text: str) -> str:
    lines = [game_text_html(line) for line in text.splitlines() if line.strip()]
    return "<div>" + "<br>".join(lines) + "</div>"


def _seed() -> int:
    return int.from_bytes(os.urandom(4), "big")
