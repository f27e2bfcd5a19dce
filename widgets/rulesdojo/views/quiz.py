"""The quiz: free practice that adapts to the learner, or an exam a mentor defined, scored by the engine.

The right answers stay in the kernel: the widget shows a question's prompt and options, and puts an
answer or an explanation on the page only when the practice or the exam allows it. Who the
candidate is comes from the kit's identity source (``Kit.identity``); an exam attempt lives in the results store and is
resumed in a new kernel with the same questions and the clock still running. A page whose attempt
ended elsewhere, or was opened again on another page, says so and changes nothing. A typed name is
anyone's to type, so an attempt started under one is bound to the browser's learner key: another
browser typing the same name can't resume or review it.
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from functools import partial

import ipywidgets as ipw

from ..kit import Kit
from ..quiz.model import load_bank
from ..quiz import review
from ..quiz.adaptive import mastery, missed_last
from ..quiz.exam import load_exams
from ..quiz.rulings import ruling
from ..quiz.session import AnswerError, AttemptClosed, NotYourAttempt, QuizSession, StartRefused
from ..quiz.store import ResultStore
from ..quiz.variant import Variant
from ..state.due import review_questions
from .base import button, show
from .dom import Dom, Node, game, h, prose
from .learner import learner_key_widget
from .modules import page_style
from .order import PLAIN_LIST, STACK_LIST, OrderList
from .quiz_keys import QuizKeys
from .tables import table
from .text import game_text_words


class Quiz(ipw.VBox):
    """Take a quiz: a start screen, one question at a time, then a review screen.

    >>> q = Quiz(store=None, exam_allowed=True, exams=[])
    >>> q.name.value = "Ana"; q.count.value = 1; q.start_button.click()
    >>> q.session.total, q.progress.max
    (1, 1)
    """

    def __init__(self, bank=None, store: ResultStore | None | bool = True, *,
                 exam_allowed: bool | None = None, clock=None, exams=None, kit: Kit | None = None, go_back=None,
                 reviewing: bool = False, **kwargs):
        super().__init__(**kwargs)
        self.kit = Kit.from_environment() if kit is None else kit
        self.go_back = go_back  # ruling tags -> the list pointing back to the lessons (``lessons.pages``)
        identity = self.kit.identity
        # a review: practice of what is due and only that (``state.due.review_questions``), no exam
        self.reviewing = reviewing
        self._review_asked = False  # a review asked for before the learner was known starts then
        self.bank = bank or load_bank()
        self.store = self.kit.store() if store is True else (store or None)
        self.exam_allowed = (identity.served if exam_allowed is None else exam_allowed) and not reviewing
        self.clock = clock or time.time
        self.exams = {e.id: e for e in (load_exams(self.kit.exams, bank=self.bank)[0] if exams is None else exams)}
        self.source = identity.source
        self.who: str | None = None
        self.key: str | None = None  # this browser's learner key, which a typed name's attempts are bound to
        self.session: QuizSession | None = None
        self.resumed = False  # the next question drawn is the first since the attempt was resumed
        self._going: list[str] = []  # the open exams with an attempt of this candidate's under way
        self._build_start()
        self._build_question()
        self.review = Dom()
        self.again_button = button("Back to the start", "Back to the start screen", self._to_start)
        self.notice = Dom()
        self._show("start")
        self._wait_for_learner()
        if self.store is not None:  # a write retried in the background tells the page when it is saved
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
            self.store.listeners.append(
                (lambda: loop.call_soon_threadsafe(self._store_notice)) if loop else self._store_notice)

    # --- start screen ---


    def _wait_for_learner(self) -> None:
        """Be told who the learner is: the vouched identity when the source vouches for one, else the
        browser's learner key (and the name typed)."""
        identity = self.kit.identity
        if self.source.trusted:
            if not identity.when_known(self._identity_arrived):
                self._identity_arrived(None)  # refused now, else still waiting
        else:
            identity.when_key_known(self._key_arrived)
            self.name.observe(self._describe_exam, names=["value"])
    def _build_start(self) -> None:
        self.name = ipw.Text(description="Your name", placeholder="as your mentor knows you",
                             style={"description_width": "initial"})
        self.signed_in = Dom()
        if self.source.trusted:
            show(False, self.name)
            self.signed_in.content = [h("div", "Waiting for the server to say who you are…", cls="rd-note",
                                        role="status")]
        modes = ["practice", "exam"] if self.exam_allowed and self.exams else ["practice"]
        self.mode = ipw.ToggleButtons(options=[(m.capitalize(), m) for m in modes], value="practice",
                                      description="Mode", tooltips=["Questions you choose, feedback after each",
                                                                    "An exam your mentor set"][:len(modes)])
        self.count = ipw.BoundedIntText(value=min(10, len(self.bank)), min=1, max=len(self.bank),
                                        description="Questions", style={"description_width": "initial"})
        tags = sorted({t for q in self.bank for t in q.tags.get("rulings", [])})
        self.topics = ipw.SelectMultiple(options=[(ruling_label(t), t) for t in tags],
                                         description="Rulings", rows=6,
                                         style={"description_width": "initial"})
        self.ruling_text = Dom()
        self.topics.observe(self._show_rulings, names=["value"])
        self._show_rulings()
        self.difficulty = ipw.Dropdown(options=[("Any", None), ("1 (easier)", 1), ("2", 2), ("3 (harder)", 3)],
                                       description="Difficulty", style={"description_width": "initial"})
        self.daily = ipw.BoundedIntText(value=review.DAILY_NEW, min=0, max=len(self.bank), description="New per day",
                                        tooltip="The most questions you meet for the first time in a day; "
                                                "reviews due come first and are not counted",
                                        style={"description_width": "initial"})
        self.practice_box = ipw.VBox([self.count, self.topics, self.ruling_text, self.difficulty, self.daily])
        now = self.clock()
        self.exam_pick = ipw.Dropdown(options=[(e.title, e.id) for e in self.exams.values() if e.is_open(now)],
                                      description="Exam", style={"description_width": "initial"})
        self.exam_info = Dom()
        self.exam_list = Dom()
        self.exam_box = ipw.VBox([self.exam_list, self.exam_pick, self.exam_info])
        self.history = Dom()
        self.under_way = Dom()
        self.mastery = Dom()
        self.start_button = button("Start", "Draw the questions and begin", self._start)
        if self.reviewing:
            self.start_button.description, self.start_button.tooltip = "Start the review", "Draw what is due"
        self.start_button.disabled = self.source.trusted
        self.start_feedback = Dom()
        self.mode.observe(self._mode_changed, names=["value"])
        self.exam_pick.observe(self._describe_exam, names=["value"])
        for field in (self.name, self.mode, self.exam_pick):  # an error about the last Start is stale now
            field.observe(self._clear_error, names=["value"])
        secrecy = [] if self.exam_allowed else [h(
            "div", "This is a notebook whose kernel you control, so answers can't be kept from you here: "
            "only ", h("b", "practice"), " mode is offered. Exams run when the quiz is served with Voila.",
            cls="rd-note")]
        self.start_screen = ipw.VBox([
            Dom([h("h3", "Review" if self.reviewing else "Judge training quiz"), *secrecy]), self.signed_in, self.name,
            self.history, self.under_way, self.mode, self.practice_box, self.exam_box, self.mastery, self.start_button,
            self.start_feedback, learner_key_widget(self.kit.identity)])
        self._mode_changed()

    def _show_rulings(self, _change=None) -> None:
        """Say each chosen ruling in full: moving through the list shows the ruling in focus."""
        chosen = [ruling(t) for t in self.topics.value]
        if not chosen:
            self.ruling_text.content = [h("div", "Choose rulings to practise (none: all of them); each one's "
                                          "text shows here. ", MULTI_SELECT_HINT, cls="rd-type", aria_live="polite")]
            return
        self.ruling_text.content = [h("div", h("ul", *(h("li", h("b", r.name), ": ", *game(r.text)) for r in chosen)),
                                      MULTI_SELECT_HINT, cls="rd-type", aria_live="polite")]

    def _identity_arrived(self, who: str | None) -> None:
        if not who:
            why = self.kit.identity.refused()
            if why:  # a name the server gave that can't be kept: said, not waited for
                self.signed_in.content = [h("div", why, cls="rd-error", role="alert")]
            return
        self.who = who
        self.signed_in.content = [h("div", "Signed in as ", h("b", who), ".", cls="rd-note", role="status")]
        self.start_button.disabled = False
        self._greet()
        self._describe_exam()
        if self._review_asked:
            self.start_review()

    def _key_arrived(self, key: str) -> None:
        self.key = key
        self._greet()
        self._describe_exam()
        if self.reviewing and not self.name.value and self.store is not None:
            past = self.store.learner_history(key)  # the name this browser practised under last
            self.name.value = past[-1].candidate if past else ""
        if self._review_asked:
            self.start_review()

    def start_review(self) -> None:
        """Start a review of what is due now; once the learner is known if not yet. With no name
        this browser practised under, the start screen asks for one."""
        self._review_asked = (self.who if self.source.trusted else self.key) is None
        if self._review_asked:
            return
        self._to_start()
        self._start()

    def _attempt_key(self) -> str | None:
        """Return the key an attempt is bound to: none ("") for a vouched identity, else the browser's."""
        return "" if self.source.trusted else self.key

    def _candidate(self) -> str | None:
        """Return who the start screen is for now: the vouched identity, or the name typed (if it can be one)."""
        if self.source.trusted:
            return self.who
        try:
            return self.kit.identity.typed_name(self.name.value) or None
        except self.kit.identity.TypedNameError:
            return None

    def _mode_changed(self, _change=None) -> None:
        exam = self.mode.value == "exam"
        show(not exam and not self.reviewing, self.practice_box)
        show(not self.reviewing, self.mode)
        show(exam, self.exam_box)
        self._describe_exam()
        if exam and self._going and self.exam_pick.value not in self._going:
            self.exam_pick.value = self._going[0]  # the exam under way, which Start resumes

    def _past(self) -> list:
        """Return this learner's answers so far: the vouched identity's, else this browser's practice.

        A typed name is anyone's to type, so nothing is read by name: only what this browser did.
        """
        if self.store is None:
            return []
        if self.source.trusted:
            return self.store.history(self.who) if self.who else []
        return self.store.learner_history(self.key) if self.key else []

    def _greet(self) -> None:
        past = self._past()
        right = sum(a.correct for a in past)
        if not past:
            said = None
        elif self.source.trusted:
            said = f"Welcome back, {self.who}: {len(past)} answers so far, {right} right."
        else:
            said = f"Practice in this browser so far: {len(past)} answer{'' if len(past) == 1 else 's'}, {right} right."
        self.history.content = [h("div", said, cls="rd-note")] if said else []
        self.mastery.content = mastery_nodes(mastery(past, self.bank))

    def _exam(self):
        return self.exams.get(self.exam_pick.value)

    def _describe_exam(self, _change=None) -> None:
        exam = self._exam()
        self._list_exams()
        if self.mode.value != "exam":
            self.exam_info.content = []
            return
        if exam is None:
            self.exam_info.content = [h("div", "No exam is open now.", cls="rd-note")]
            return
        now = self.clock()
        facts = [f"{exam.size} questions",
                 f"{exam.time_limit / 60:g} minutes" if exam.time_limit else "no time limit",
                 f"{exam.attempts} attempt{'s' if exam.attempts > 1 else ''} allowed"]
        if exam.pass_mark is not None:
            facts.append(f"pass mark {exam.pass_mark}%")
        if exam.closes:
            facts.append("closes " + time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(exam.closes)))
        closed = None if exam.is_open(now) else h("b", " Not open now.")
        state = ""
        who = self._candidate()
        if who and self.store is not None:
            mine = self._own_attempts(self.store.records(exam.id, who))
            state = (" You have an attempt under way: Start resumes it." if any(r.ended is None for r in mine)
                     else f" Attempts used: {len(mine)} of {exam.attempts}.")
        desc = h("p", exam.description) if exam.description else None
        self.exam_info.content = [h("div", desc, ", ".join(facts) + ".", closed, state or None, cls="rd-note")]

    def _own_attempts(self, records: list) -> list:
        """Return the exam attempts among ``records`` that this page may speak of: all of the vouched
        identity's; under a typed name, only those started in this browser (anyone can type a name:
        nothing of the name's history elsewhere is shown)."""
        return [r for r in records if r.mode == "exam" and (self.source.trusted or
                                                            (self.key and r.learner_key == self.key))]

    def _list_exams(self) -> None:
        """List the open exams with the candidate's attempts used and left, and their best score
        where the exam shows its review (with a typed name, only of attempts from this browser)."""
        now = self.clock()
        shown = [e for e in self.exams.values() if e.is_open(now)]
        who = self._candidate()
        mine = self._own_attempts(self.store.records(candidate=who)) if who and self.store is not None else []
        going = [e for e in shown if any(r.exam == e.id and r.mode == "exam" and r.ended is None
                                         and r.learner_key == self._attempt_key() for r in mine)]
        self._going = [e.id for e in going]
        self.under_way.content = ([] if not going or self.mode.value == "exam" else [h(
            "div", f"You have an attempt under way at “{going[0].title}”: choose Exam, and Start resumes it.",
            cls="rd-note", role="status")])
        if not shown or self.mode.value != "exam":
            self.exam_list.content = []
            return
        rows = []
        for e in shown:
            cells = [e.title, f"{e.size}"]
            if who:
                used = [r for r in mine if r.exam == e.id]
                left = max(0, e.attempts - len(used))
                cells.append(f"{len(used)} of {e.attempts} attempts used, {left} left"
                             + (", one under way" if e in going else ""))
                scored = [(r.score, r.total) for r in used if r.score is not None and r.total
                          and (self.source.trusted or r.learner_key == self.key)]
                best = max(scored, key=lambda st: st[0] / st[1], default=None)
                cells.append(f"{best[0]} of {best[1]} ({best[0] / best[1]:.0%})"
                             if best is not None and e.answers_shown(now) else "—")
            rows.append(cells)
        head = ["Exam", "Questions"] + (["Your attempts", "Best score"] if who else [])
        hint = [] if who or self.source.trusted else [h("p", "Type your name to see your attempts.", cls="rd-type")]
        self.exam_list.content = [table("Exams open to you", head, rows), *hint]

    def _clear_error(self, _change=None) -> None:
        self.start_feedback.content = []

    def _error(self, text: str) -> None:
        self.start_feedback.content = [h("div", text, cls="rd-error", role="alert")]

    def _start(self) -> None:
        try:
            who = self.who if self.source.trusted else self.kit.identity.typed_name(self.name.value)
        except self.kit.identity.TypedNameError as exc:
            self._error(str(exc))
            return
        if not who:
            self._error("Waiting for the server to say who you are." if self.source.trusted
                        else "Type your name first.")
            return
        key = self._attempt_key()
        if key is None:
            self._error("This page is still connecting: press Start again in a moment.")
            return
        self.who = who
        session = self._start_exam(who, key) if self.mode.value == "exam" else self._start_practice(who, key)
        if session is None:
            return
        self.session = session
        self.resumed = session.resumed
        self.start_feedback.content = []
        self._show("question")
        if session.done or session.tick():
            self._show_review()
            return
        self._draw_question()
        if session.deadline:
            self._schedule_tick()

    def _start_practice(self, who: str, key: str) -> QuizSession | None:
        tags = list(self.topics.value) or None
        pool = self.bank.select(tags=tags, difficulty=self.difficulty.value)
        if not pool:
            self._error("No question matches those rulings and that difficulty.")
            return None
        seed = _seed()
        deck = review.load(self.store, self._reviewer(who, key))
        if self.reviewing:
            chosen = review_questions(deck, self.bank, self.clock())
            if not chosen:
                self._error("Nothing is due for review now.")
                return None
        else:
            chosen = review.draw(deck, pool, self.clock(), self.count.value, self.daily.value, seed)
        if not chosen:
            self._error("Nothing is due for review and you have met today's new questions: come back "
                        "tomorrow, or allow more new questions per day.")
            return None
        return QuizSession(chosen, who, "practice", seed=seed, store=self.store, clock=self.clock,
                           spaced=True, learner_key=key, reviewer=self._reviewer(who, key))

    def _reviewer(self, who: str, key: str) -> str:
        """Whose review cards an answer reviews: the vouched identity's, else this browser's key."""
        return who if self.source.trusted else key

    def _start_exam(self, who: str, key: str) -> QuizSession | None:
        exam = self._exam()
        if exam is None:
            self._error("Pick an exam first." if self.exam_pick.options else "No exam is open now.")
            return None
        now = self.clock()
        if self.store is not None:
            going = self.store.open_attempt(who, exam.id)
            if going is not None:
                return self._resume(going, exam, key)
        if not exam.is_open(now):
            self._error(f"“{exam.title}” is not open now.")
            return None
        used_up = (f"You have used your {exam.attempts} attempt{'s' if exam.attempts > 1 else ''} "
                   f"at “{exam.title}”.")
        if self.store is not None and self.store.attempts_used(who, exam.id) >= exam.attempts:
            self._error(used_up)
            return None
        seed = _seed()
        ends = [t for t in (exam.time_limit, exam.closes and exam.closes - now) if t]
        try:
            return QuizSession(exam.draw(self.bank, seed), who, "exam", seed=seed, store=self.store,
                               time_limit=min(ends, default=None), clock=self.clock, exam=exam.id,
                               feedback="after-each" if exam.show_answers == "after-each" else "after-submit",
                               learner_key=key, attempts=exam.attempts, reviewer=self._reviewer(who, key))
        except StartRefused as exc:  # the store refused it: another page started it at the same moment
            going = self.store.open_attempt(who, exam.id) if self.store is not None else None
            if going is not None:
                return self._resume(going, exam, key)
            self._error(str(exc) if self.store is not None and self.store.problem else used_up)
            return None

    def _resume(self, record, exam, key: str) -> QuizSession | None:
        """Go on with an attempt under way, taking it over from any other page that has it open."""
        try:
            return QuizSession.resume(record, self.bank, self.store, clock=self.clock,
                                      learner_key=key, vouched=self.source.trusted,
                                      reviewer=self._reviewer(record.candidate, key))
        except NotYourAttempt:
            self._error(f"An attempt at “{exam.title}” under the name {record.candidate} was started in "
                        "another browser and is not finished. A typed name can't resume it here: go on in "
                        "the browser where it started, or ask your mentor.")
        except (AttemptClosed, StartRefused) as exc:
            self._error(str(exc))
        return None

    # --- question screen ---

    def _build_question(self) -> None:
        self.progress = ipw.IntProgress(min=0, max=1, value=0, description="Progress",
                                        layout=ipw.Layout(width="24em"))
        self.status = Dom()
        self.countdown = Dom()
        self.prompt = Dom()
        self.number = ipw.Text(description="Your answer", style={"description_width": "initial"})
        self.choice = ipw.RadioButtons(description="Your answer", options=[], value=None,
                                       layout=ipw.Layout(width="auto"), style={"description_width": "initial"})
        self.order = OrderList()
        self.submit_button = button("Submit", "Submit this answer", self._submit)
        self.next_button = button("Next question", "Go on", self._next)
        self.finish_button = button("End now", "Stop here and see the review", self._finish)
        self.feedback = Dom()
        self.confirm_text = Dom()
        self.confirm_button = button("Submit, and see the results", "Answers can't change once submitted",
                                     self._confirmed)
        self.back_button = button("Back to the question", "Go on answering", self._not_now)
        self.confirm_box = ipw.VBox([self.confirm_text, ipw.HBox([self.confirm_button, self.back_button])],
                                    layout=ipw.Layout(display="none"))
        self.key_listener = QuizKeys(self.press)
        self.question_screen = ipw.VBox([
            ipw.HBox([self.progress, self.status, self.countdown]), self.prompt, self.number, self.choice,
            self.order, ipw.HBox([self.submit_button, self.next_button, self.finish_button]), self.confirm_box,
            self.feedback, self.key_listener])
        self.question_screen.add_class("rd-quiz-question")  # where the keys are listened for

    def _draw_question(self) -> None:
        s = self.session
        if s is None:
            return
        v = s.current
        if v is None:  # every question answered, or the attempt ended
            self._show_review()
            return
        self.progress.max, self.progress.value = s.total, s.index
        self.finish_button.description = ("Submit the exam now" if s.mode == "exam" else "End the practice now")
        fmt = v.answer_format
        # the keys (``press``) said where they help most: a choice (a typed answer's box keeps its keys)
        keys = (h("p", f"Keys: 1–{min(len(v.options), 9)} choose an option, Enter submits, then goes on.",
                  cls="rd-type rd-keys") if fmt in ("option", "yes/no") else None)
        self.prompt.content = [h("div", h("p", *prose(v.prompt)), h("p", *prose(v.instructions), cls="rd-type"),
                                 keys, cls="rd-note")]
        free = fmt in ("number", "mana", "names")
        show(free, self.number)
        show(fmt in ("option", "yes/no"), self.choice)
        show(fmt == "order", self.order)
        self.number.value = ""
        if fmt in ("option", "yes/no"):
            self.choice.options = [(game_text_words(o), o) for o in v.options]  # a radio label holds text only
            self.choice.value = None
        if fmt == "order":
            for name, said in (STACK_LIST if v.stack_order else PLAIN_LIST).items():
                setattr(self.order, name, said)
            self.order.items = [{"id": i, "label": label} for i, label in enumerate(v.options)]
            self.order.order = list(range(len(v.options)))
        self.submit_button.disabled = False
        show(False, self.next_button, self.confirm_box)
        self.finish_button.disabled = False
        self.feedback.content = []
        self._tick_display()
        # Last: the status announces the question once its answer field is in place.
        where = f"Question {s.index + 1} of {s.total}"
        if self.resumed:
            left = ("" if s.remaining is None else f", {_clock(s.remaining)} left" if s.remaining < DAY
                    else f"; {_time_left(s.remaining, self.clock()).lower()}")
            where = f"Resumed: {where}{left}"
            self.resumed = False
        self.status.content = [h("span", where + self._score_shown(), role="status")]
        self.key_listener.step += 1

    def press(self, key: str) -> None:
        """Act on a key pressed on the question screen: a number chooses that option of a choice
        question, Enter submits the answer, or goes on once it is marked (as the buttons do)."""
        s = self.session
        if s is None or s.current is None or self.confirm_box.layout.display != "none":
            return
        if key == "Enter":
            if self.next_button.layout.display != "none":
                self._next()
            elif not self.submit_button.disabled:
                self._submit()
            return
        options = s.current.options if s.current.answer_format in ("option", "yes/no") else []
        if key.isdigit() and 1 <= int(key) <= len(options) and not self.submit_button.disabled:
            self.choice.value = options[int(key) - 1]

    def _score_shown(self) -> str:
        if self.session is None or self.session.feedback != "after-each":
            return ""
        right, answered = self.session.score
        return f" · score {right} of {answered}"

    def _answer(self, v: Variant):
        if v.answer_format in ("option", "yes/no"):
            return self.choice.value
        if v.answer_format == "order":
            return [v.options[i] for i in self.order.order]
        return self.number.value

    def _submit(self) -> None:
        s = self.session
        if s is None or s.current is None:  # a click sent before this page's attempt ended elsewhere
            return
        answer = self._answer(s.current)
        if answer is None or answer == "":
            self.feedback.content = [h("div", "Give an answer first.", cls="rd-note", role="status")]
            return
        try:
            verdict = s.submit(answer)
        except AnswerError as exc:  # too long: the question stays open
            self.feedback.content = [h("div", str(exc), cls="rd-error", role="alert")]
            return
        except AttemptClosed as exc:
            self._closed(exc)
            return
        except ValueError as exc:  # time ran out between drawing and submitting
            self.feedback.content = [h("div", str(exc), cls="rd-error", role="alert")]
            self._show_review()
            return
        self._store_notice()
        if s.feedback != "after-each":
            self._draw_question()
            return
        self.submit_button.disabled = True
        show(True, self.next_button)
        last = s.index == s.total - 1
        self.next_button.description = "See the results" if last else "Next question"
        self.feedback.content = [verdict_node(verdict)]
        self.status.content = [h("span", f"Question {s.index + 1} of {s.total}{self._score_shown()}", role="status")]

    def _next(self) -> None:
        if self.session is None:  # a click sent before this page's attempt ended elsewhere
            return
        try:
            self.session.next()
        except AttemptClosed as exc:
            self._closed(exc)
            return
        self._draw_question()

    def _finish(self) -> None:
        """End a practice at once; ask once before submitting an exam, saying what is unanswered."""
        s = self.session
        if s is None or s.mode != "exam" or s.done:
            self._show_review()
            return
        open_ = s.total - len(s.answered)
        said = ("Every question is answered." if not open_ else
                f"{open_} of {s.total} question{'s are' if open_ > 1 else ' is'} not answered; "
                f"{'they count' if open_ > 1 else 'it counts'} as wrong.")
        self.confirm_text.content = [h("div", h("b", "Submit the exam now?"),
                                       f" {said} Once submitted, your answers can't change.",
                                       cls="rd-note", role="alert")]
        show(True, self.confirm_box)
        self.finish_button.disabled = True
        self.confirm_button.focus()

    def _not_now(self) -> None:
        show(False, self.confirm_box)
        self.confirm_text.content = []
        self.finish_button.disabled = False
        self.finish_button.focus()

    def _confirmed(self) -> None:
        self._not_now()
        self._show_review()

    def _closed(self, exc: AttemptClosed) -> None:
        """Say that this page's attempt ended elsewhere or went on in another page; show nothing of it."""
        self.session = None
        self.review.content = [h("div", str(exc), cls="rd-error", role="alert")]
        self._store_notice()
        self._show("review")

    # --- time ---

    def tick(self) -> None:
        """Update the countdown; when time is up, end the exam and show the review."""
        s = self.session
        if s is None or s.done:
            return
        try:
            ended = s.tick()
        except AttemptClosed as exc:
            self._closed(exc)
            return
        if ended:
            self._show_review()
            return
        self._tick_display()

    def _tick_display(self) -> None:
        left = self.session.remaining if self.session else None
        if left is None:
            self.countdown.content = []
            return
        self.countdown.content = [h("span", _time_left(left, self.clock()), role="timer", aria_live="off",
                                    cls="rd-badge")]

    def _schedule_tick(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no kernel loop (a script or a test): whoever drives the quiz calls tick()
        session = self.session

        def again():
            self.tick()
            if session is not None and self.session is session and not session.done:
                loop.call_later(1.0, again)
        loop.call_later(1.0, again)

    # --- review ---

    def _show_review(self) -> None:
        s = self.session
        if s is None:  # the attempt ended elsewhere: the review already says so (_closed)
            return
        try:
            if s.store is not None:
                s.store.check_open(s.id)
            s.finish("finished")
        except AttemptClosed as exc:
            self._closed(exc)
            return
        right, answered = s.score
        why = " Time ran out." if s.ended_by == "time" else ""
        exam = self.exams.get(s.exam) if s.exam else None
        verdict = ""
        if exam is not None and exam.passed(right, s.total) is not None:
            verdict = (f" Passed (pass mark {exam.pass_mark}%)." if exam.passed(right, s.total)
                       else f" Not passed (pass mark {exam.pass_mark}%).")
        asked = answered if s.mode == "practice" else s.total  # a practice ended early counts what was asked
        head: list = [h("h3", f"Your results: {right} of {asked} right.{why}{verdict}")]
        if s.mode == "practice":
            past = self._past() if self.store is not None else _as_rows(s)
            back = self.go_back(missed_last(past, self.bank)) if self.go_back is not None else []
            head += back + mastery_nodes(mastery(past, self.bank))
            if s.deck is not None:
                head += comes_back_nodes(s.deck, s.started, self.clock())
        if exam is not None and not exam.answers_shown(self.clock()):
            when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(exam.closes))
            self.review.content = [*head, h("p", "Your answers are submitted. The right answers and why are "
                                             f"shown here after the exam closes ({when}).")]
        else:
            self.review.content = [*head, review_table(s, answered_only=s.mode == "practice")]
        self._store_notice()
        self._show("review")

    def _store_notice(self) -> None:
        store = self.store
        if store is None:
            self.notice.content = []
        elif store.problem:
            self.notice.content = [h("div", f"{store.problem} ({store.unsaved} answers kept.)", cls="rd-error",
                                     role="status")]
        elif store.recovered:
            self.notice.content = [h("div", "Results are being saved again: every answer kept meanwhile is now "
                                     "saved.", cls="rd-ok", role="status")]
        else:
            self.notice.content = []

    def _to_start(self) -> None:
        self.session = None
        self._greet()
        self._describe_exam()
        self._show("start")

    def _show(self, screen: str) -> None:
        body = {"start": [self.start_screen], "question": [self.question_screen],
                "review": [self.review, self.again_button]}[screen]
        self.children = [self.notice, *body, page_style()]


def review_table(s: QuizSession, answered_only: bool = False) -> Node:
    """Return the review: each question, the answer given, right or not, the right answer and why
    (in practice, only the questions answered: one not reached isn't a miss). On a narrow page each
    row reads as a block of its own, every cell named by its column (``static/css/quiz.css``)."""
    rows = []
    for i, (v, a) in enumerate(s.review(), 1):
        if answered_only and a is None:
            continue
        verdict = a.verdict if a else v.solution()
        given = game(a.answer) if a else [h("i", "not answered")]
        mark = "✓ right" if a and a.verdict.correct else "✗ wrong"
        rows.append([str(i), prose(v.prompt), given, mark, game(verdict.right_answer_text),
                     [_explanation(verdict.explanation)]])
    return table("Your answers", ["#", "Question", "Your answer", "Result", "Right answer", "Why"], rows,
                 cls="rd-review rd-results")


#: how to choose several rulings in the list, said once, beside it
MULTI_SELECT_HINT = "To choose several, hold Ctrl (Cmd on a Mac) while you click, or Shift for a run."


def ruling_label(tag: str) -> str:
    """Name a ruling in a list by its number and what it says, in words a list option can hold.

    >>> ruling_label("E1"), ruling_label("L3")
    ('Energy ruling 1: Energy is one energy counter', 'Landfall ruling 3: You order the landfall triggers')
    """
    r = ruling(tag)
    said = game_text_words(r.title)
    return f"{r.name}: {said[:1].upper()}{said[1:]}"


def comes_back_nodes(deck: review.Deck, since: float, now: float) -> list:
    """Say when each ruling reviewed since ``since`` comes back for review, soonest first.

    >>> from rulesdojo.views.dom import plain
    >>> d = review.Deck()
    >>> for at in (0.0, 10 * 60.0):  # learnt, then right again ten minutes later
    ...     _ = d.review("ruling", "E2", review.Rating.Good, at, 30.0)
    >>> plain(comes_back_nodes(d, 0.0, 10 * 60.0))
    'When each ruling comes back for reviewEnergy ruling 2: in 2 days'
    """
    reviewed = {r.item for r in deck.log if r.kind == review.RULING and r.reviewed_at >= since}
    if not reviewed:
        return []
    soonest = sorted(reviewed, key=lambda t: (deck.cards[(review.RULING, t)].due, t))
    return [h("h4", "When each ruling comes back for review"),
            h("ul", *(h("li", h("b", ruling(t).name), ": ", deck.comes_back(review.RULING, t, now)) for t in soonest),
              cls="rd-comes-back")]


def mastery_nodes(shares: dict[str, tuple[int, int]]) -> list:
    """Show a learner's mastery per ruling: right of answered, weakest first.

    >>> from rulesdojo.views.dom import plain
    >>> said = plain(mastery_nodes({"E2": (1, 4)}))
    >>> "Getting and paying energy" in said, "Energy ruling 2" in said, "1 of 4" in said
    (True, True, True)
    """
    if not shares:
        return []
    rows = [h("tr", h("th", *game(ruling(r).title, tips=False), " ", h("span", f"({ruling(r).name})", cls="rd-type"),
                      scope="row"),
              h("td", f"{right} of {n}"),
              h("td", h("meter", min="0", max="1", value=f"{right / n:.2f}", aria_label=f"{ruling(r).name} mastery"),
                f" {right / n:.0%}"))
            for r, (right, n) in sorted(shares.items(), key=lambda kv: (kv[1][0] / kv[1][1], kv[0]))]
    return [h("h4", "Your mastery per ruling"),
            h("p", "Practice draws more questions on the rulings you miss, and brings missed questions back a "
                   "few questions later.", cls="rd-type"),
            h("table", h("thead", h("tr", h("th", "Ruling"), h("th", "Right"), h("th", "Mastery"))), h("tbody", *rows),
              cls="rd-mastery")]


def _as_rows(s: QuizSession):
    from ..quiz.store import Attempt
    return [Attempt(s.candidate, s.id, s.mode, a.question, 0, a.answer, a.verdict.correct, a.seconds, 0.0)
            for a in s.answered]


def verdict_node(verdict) -> Node:
    """Say right or not, and why; the answer once (the explanation's lead usually says it already).

    The feedback is a live region, read out whole: rulings are named, their text not spelled in.
    """
    cls, head = ("rd-ok", "✓ Right.") if verdict.correct else ("rd-error", "✗ Not right.")
    problem = f" ({verdict.problem})" if verdict.problem else None
    answer = verdict.right_answer_text.split(" (or")[0]
    lead = verdict.explanation.split("\n", 1)[0]
    said = None if re.search(rf"(?<![\w.]){re.escape(answer)}(?![\w.])", lead, re.I) else \
        h("span", " The answer: ", *game(verdict.right_answer_text, tips=False), ".")
    return h("div", h("b", head), problem, said, _explanation(verdict.explanation, tips=False), cls=cls, role="status")


def _explanation(text: str, tips: bool = True) -> Node:
    """Lay out an explanation: its lead and notes as paragraphs, its "- " lines as a list.

    Where a ruling may be explained on focus (``tips``) the lines take the path author prose takes
    (``prose``: its markup, symbols and rulings); in a live region, read out whole, the game's text alone.

    >>> _explanation("Pay {E}.\\n- one\\n- two", tips=False)
    ['div', {'class': 'rd-explanation'}, ['p', {}, 'Pay ', ['sym', 'E'], '.'], ['ul', {}, ['li', {}, 'one'], ['li', {}, 'two']]]
    """
    words = prose if tips else partial(game, tips=False)
    out: list[list] = []
    for line in (x.strip() for x in text.splitlines()):
        if line.startswith("- "):
            if not (out and out[-1][0] == "ul"):
                out.append(h("ul"))
            out[-1].append(h("li", *words(line[2:].strip())))
        elif line:
            out.append(h("p", *words(line)))
    return h("div", *out, cls="rd-explanation")


def _clock(seconds: float) -> str:
    """Say a time left as minutes and seconds (hours too, from an hour), rounded up.

    >>> _clock(61.5), _clock(3600), _clock(5 * 3600 + 62)
    ('1:02', '1:00:00', '5:01:02')
    """
    m, sec = divmod(int(seconds + 0.999), 60)
    if m < 60:
        return f"{m}:{sec:02d}"
    hours, m = divmod(m, 60)
    return f"{hours}:{m:02d}:{sec:02d}"


#: from this much time left, the countdown gives the day the attempt ends rather than a clock
DAY = 24 * 3600.0


def _time_left(seconds: float, now: float) -> str:
    """Say how long an attempt has: a clock under a day, else the day it ends (an exam with no time
    limit ends when it closes, maybe years away).

    >>> _time_left(61.5, 0), _time_left(3 * DAY, 1_900_000_000)
    ('Time left: 1:02', 'Ends 20 March 2030, 17:46 UTC (3 days left)')
    """
    if seconds < DAY:
        return f"Time left: {_clock(seconds)}"
    ends = time.gmtime(now + seconds)
    days = int(seconds // DAY)
    return (f"Ends {ends.tm_mday} {time.strftime('%B %Y, %H:%M', ends)} UTC "
            f"({days} day{'s' if days != 1 else ''} left)")


def _seed() -> int:
    return int.from_bytes(os.urandom(4), "big")
