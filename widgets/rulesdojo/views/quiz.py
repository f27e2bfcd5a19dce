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

from ..i18n import Words, words_for
from ..kit import Kit
from ..quiz.model import load_bank
from ..quiz import review
from ..quiz.adaptive import mastery, missed_last
from ..quiz.exam import load_exams
from ..quiz.rulings import ruling
from ..quiz.texts import QuestionTexts
from ..quiz.session import AnswerError, AttemptClosed, NotYourAttempt, QuizSession, StartRefused
from ..quiz.store import ResultStore
from ..quiz.variant import Variant
from ..state.due import review_questions
from .base import button, show
from .dom import Dom, game, h, prose
from .learner import learner_key_widget
from .modules import page_style
from .order import PLAIN_LIST, STACK_LIST, OrderList
from .quiz_keys import QuizKeys
from .quiz_review import (comes_back_nodes, exam_facts, marked_block, mastery_nodes, option_label, refusal_said,
                          resumed_said, review_table, ruling_label, ruling_name, time_left as _time_left,
                          verdict_node, with_nodes)
from .tables import table

__all__ = ["Quiz", "review_table", "ruling_label", "comes_back_nodes", "mastery_nodes", "verdict_node"]


class Quiz(ipw.VBox):
    """Take a quiz: a start screen, one question at a time, then a review screen.

    ``words`` is the learner's language (``rulesdojo.i18n.words_for``; the course page passes it):
    the screens are drawn in it, the questions' texts through ``QuestionTexts``; answers are graded
    on the English option, whatever the language shows.

    >>> q = Quiz(store=None, exam_allowed=True, exams=[])
    >>> q.name.value = "Ana"; q.count.value = 1; q.start_button.click()
    >>> q.session.total, q.progress.max
    (1, 1)
    """

    def __init__(self, bank=None, store: ResultStore | None | bool = True, *,
                 exam_allowed: bool | None = None, clock=None, exams=None, kit: Kit | None = None, go_back=None,
                 reviewing: bool = False, words: Words | None = None, **kwargs):
        super().__init__(**kwargs)
        self.words = words_for("en") if words is None else words  # the learner's language
        self.texts = QuestionTexts(self.words)
        self.kit = Kit.from_environment() if kit is None else kit
        self.go_back = go_back  # ruling tags -> the list pointing back to the lessons (``lessons.pages``)
        identity = self.kit.identity
        # a review: practice of what is due and only that (``state.due.review_questions``), no exam
        self.reviewing = reviewing
        self._review_asked = False  # a review asked for before the learner was known starts then
        self.bank = bank or load_bank(cards=self.kit.card_set)
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
        words = self.words
        self.again_button = button(words("Back to the start"), words("Back to the start screen"), self._to_start)
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
        words = self.words
        self.name = ipw.Text(description=words("Your name"), placeholder=words("as your mentor knows you"),
                             style={"description_width": "initial"})
        self.signed_in = Dom()
        if self.source.trusted:
            show(False, self.name)
            self.signed_in.content = [h("div", words("Waiting for the server to say who you are…"), cls="rd-note",
                                        role="status")]
        modes = ["practice", "exam"] if self.exam_allowed and self.exams else ["practice"]
        names = {"practice": words("Practice"), "exam": words("Exam")}
        self.mode = ipw.ToggleButtons(options=[(names[m], m) for m in modes], value="practice",
                                      description=words("Mode"),
                                      tooltips=[words("Questions you choose, feedback after each"),
                                                words("An exam your mentor set")][:len(modes)])
        self.count = ipw.BoundedIntText(value=min(10, len(self.bank)), min=1, max=len(self.bank),
                                        description=words("Questions"), style={"description_width": "initial"})
        tags = sorted({t for q in self.bank for t in q.tags.get("rulings", [])})
        self.topics = ipw.SelectMultiple(options=[(ruling_label(t, words), t) for t in tags],
                                         description=words("Rulings"), rows=6,
                                         style={"description_width": "initial"})
        self.ruling_text = Dom()
        self.topics.observe(self._show_rulings, names=["value"])
        self._show_rulings()
        self.difficulty = ipw.Dropdown(options=[(words("Any"), None), (words("1 (easier)"), 1), ("2", 2),
                                                (words("3 (harder)"), 3)],
                                       description=words("Difficulty"), style={"description_width": "initial"})
        self.daily = ipw.BoundedIntText(value=review.DAILY_NEW, min=0, max=len(self.bank), description=words("New per day"),
                                        tooltip=words("The most questions you meet for the first time in a day; "
                                                  "reviews due come first and are not counted"),
                                        style={"description_width": "initial"})
        self.practice_box = ipw.VBox([self.count, self.topics, self.ruling_text, self.difficulty, self.daily])
        now = self.clock()
        self.exam_pick = ipw.Dropdown(options=[(e.title, e.id) for e in self.exams.values() if e.is_open(now)],
                                      description=words("Exam"), style={"description_width": "initial"})
        self.exam_info = Dom()
        self.exam_list = Dom()
        self.exam_box = ipw.VBox([self.exam_list, self.exam_pick, self.exam_info])
        self.history = Dom()
        self.under_way = Dom()
        self.mastery = Dom()
        self.start_button = button(words("Start"), words("Draw the questions and begin"), self._start)
        if self.reviewing:
            self.start_button.description, self.start_button.tooltip = words("Start the review"), words("Draw what is due")
        self.start_button.disabled = self.source.trusted
        self.start_feedback = Dom()
        self.mode.observe(self._mode_changed, names=["value"])
        self.exam_pick.observe(self._describe_exam, names=["value"])
        for field in (self.name, self.mode, self.exam_pick):  # an error about the last Start is stale now
            field.observe(self._clear_error, names=["value"])
        secrecy = [] if self.exam_allowed else [h(
            "div", words("This is a notebook whose kernel you control, so answers can't be kept from you here: "
                     "only practice mode is offered. Exams run when the quiz is served with Voila."),
            cls="rd-note")]
        self.start_screen = ipw.VBox([
            Dom([h("h3", words("Review") if self.reviewing else words("Judge training quiz")), *secrecy]),
            self.signed_in, self.name,
            self.history, self.under_way, self.mode, self.practice_box, self.exam_box, self.mastery, self.start_button,
            self.start_feedback, learner_key_widget(self.kit.identity)])
        self._mode_changed()

    def _show_rulings(self, _change=None) -> None:
        """Say each chosen ruling in full: moving through the list shows the ruling in focus."""
        words = self.words
        hint = words("To choose several, hold Ctrl (Cmd on a Mac) while you click, or Shift for a run.")
        chosen = [ruling(t) for t in self.topics.value]
        if not chosen:
            self.ruling_text.content = [h("div", words("Choose rulings to practise (none: all of them); each one's "
                                                   "text shows here."), " ", hint, cls="rd-type", aria_live="polite")]
            return
        # the rulings' texts are Gatherer's, in English: marked so where the page is in another language
        lang = {} if words.code == "en" else {"lang": "en"}
        self.ruling_text.content = [h("div", h("ul", *(h("li", h("b", ruling_name(r.tag, words)), ": ",
                                                             h("span", *game(r.text), **lang)) for r in chosen)),
                                      hint, cls="rd-type", aria_live="polite")]

    def _identity_arrived(self, who: str | None) -> None:
        if not who:
            why = self.kit.identity.refused()
            if why:  # a name the server gave that can't be kept: said, not waited for
                self.signed_in.content = [h("div", why, cls="rd-error", role="alert")]
            return
        self.who = who
        self.signed_in.content = [h("div", *with_nodes(self.words("Signed in as {who}."), who=h("b", who)),
                                    cls="rd-note", role="status")]
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
            said = self.words.n("Welcome back, {who}: {n} answer so far, {right} right.",
                                "Welcome back, {who}: {n} answers so far, {right} right.", len(past),
                                who=self.who, right=right)
        else:
            said = self.words.n("Practice in this browser so far: {n} answer, {right} right.",
                                "Practice in this browser so far: {n} answers, {right} right.", len(past), right=right)
        self.history.content = [h("div", said, cls="rd-note")] if said else []
        self.mastery.content = mastery_nodes(mastery(past, self.bank), words=self.words)

    def _exam(self):
        return self.exams.get(self.exam_pick.value)

    def _describe_exam(self, _change=None) -> None:
        exam = self._exam()
        self._list_exams()
        if self.mode.value != "exam":
            self.exam_info.content = []
            return
        if exam is None:
            self.exam_info.content = [h("div", self.words("No exam is open now."), cls="rd-note")]
            return
        now = self.clock()
        facts = exam_facts(exam, self.words)
        closed = None if exam.is_open(now) else h("b", " ", self.words("Not open now."))
        state = None
        who = self._candidate()
        if who and self.store is not None:
            mine = self._own_attempts(self.store.records(exam.id, who))
            state = (self.words("You have an attempt under way: Start resumes it.") if any(r.ended is None for r in mine)
                     else self.words("Attempts used: {used} of {allowed}.", used=len(mine), allowed=exam.attempts))
        desc = h("p", exam.description) if exam.description else None
        self.exam_info.content = [h("div", desc, facts, closed, " " if state else None, state, cls="rd-note")]

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
        words = self.words
        self.under_way.content = ([] if not going or self.mode.value == "exam" else [h(
            "div", words("You have an attempt under way at “{exam}”: choose Exam, and Start resumes it.",
                     exam=going[0].title),
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
                cells.append(words("{used} of {n} attempts used, {left} left", used=len(used), n=e.attempts, left=left)
                             if e not in going else
                             words("{used} of {n} attempts used, {left} left, one under way", used=len(used),
                               n=e.attempts, left=left))
                scored = [(r.score, r.total) for r in used if r.score is not None and r.total
                          and (self.source.trusted or r.learner_key == self.key)]
                best = max(scored, key=lambda st: st[0] / st[1], default=None)
                cells.append(words("{right} of {n} ({share})", right=best[0], n=best[1], share=f"{best[0] / best[1]:.0%}")
                             if best is not None and e.answers_shown(now) else "—")
            rows.append(cells)
        head = [words("Exam"), words("Questions")] + ([words("Your attempts"), words("Best score")] if who else [])
        hint = [] if who or self.source.trusted else [h("p", words("Type your name to see your attempts."), cls="rd-type")]
        self.exam_list.content = [table(words("Exams open to you"), head, rows), *hint]

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
            self._error(self.words("Waiting for the server to say who you are.") if self.source.trusted
                        else self.words("Type your name first."))
            return
        key = self._attempt_key()
        if key is None:
            self._error(self.words("This page is still connecting: press Start again in a moment."))
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
            self._error(self.words("No question matches those rulings and that difficulty."))
            return None
        seed = _seed()
        deck = review.load(self.store, self._reviewer(who, key))
        if self.reviewing:
            chosen = review_questions(deck, self.bank, self.clock())
            if not chosen:
                self._error(self.words("Nothing is due for review now."))
                return None
        else:
            chosen = review.draw(deck, pool, self.clock(), self.count.value, self.daily.value, seed)
        if not chosen:
            self._error(self.words("Nothing is due for review and you have met today's new questions: come back "
                                   "tomorrow, or allow more new questions per day."))
            return None
        return QuizSession(chosen, who, "practice", seed=seed, store=self.store, clock=self.clock,
                           spaced=True, learner_key=key, reviewer=self._reviewer(who, key))

    def _reviewer(self, who: str, key: str) -> str:
        """Whose review cards an answer reviews: the vouched identity's, else this browser's key."""
        return who if self.source.trusted else key

    def _start_exam(self, who: str, key: str) -> QuizSession | None:
        exam = self._exam()
        if exam is None:
            self._error(self.words("Pick an exam first.") if self.exam_pick.options
                        else self.words("No exam is open now."))
            return None
        now = self.clock()
        if self.store is not None:
            going = self.store.open_attempt(who, exam.id)
            if going is not None:
                return self._resume(going, exam, key)
        if not exam.is_open(now):
            self._error(self.words("“{exam}” is not open now.", exam=exam.title))
            return None
        used_up = self.words.n("You have used your {n} attempt at “{exam}”.",
                               "You have used your {n} attempts at “{exam}”.", exam.attempts, exam=exam.title)
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
            self._error(refusal_said(exc, self.words) if self.store is not None and self.store.problem else used_up)
            return None

    def _resume(self, record, exam, key: str) -> QuizSession | None:
        """Go on with an attempt under way, taking it over from any other page that has it open."""
        try:
            return QuizSession.resume(record, self.bank, self.store, clock=self.clock,
                                      learner_key=key, vouched=self.source.trusted,
                                      reviewer=self._reviewer(record.candidate, key))
        except NotYourAttempt:
            self._error(self.words("An attempt at “{exam}” under the name {who} was started in another browser "
                                   "and is not finished. A typed name can't resume it here: go on in the browser "
                                   "where it started, or ask your mentor.", exam=exam.title, who=record.candidate))
        except (AttemptClosed, StartRefused) as exc:
            self._error(refusal_said(exc, self.words))
        return None

    # --- question screen ---

    def _build_question(self) -> None:
        words = self.words
        self.progress = ipw.IntProgress(min=0, max=1, value=0, description=words("Progress"),
                                        layout=ipw.Layout(width="24em"))
        self.status = Dom()
        self.countdown = Dom()
        self.prompt = Dom()
        self.number = ipw.Text(description=words("Your answer"), style={"description_width": "initial"})
        self.choice = ipw.RadioButtons(description=words("Your answer"), options=[], value=None,
                                       layout=ipw.Layout(width="auto"), style={"description_width": "initial"})
        self.order = OrderList()
        self.submit_button = button(words("Submit"), words("Submit this answer"), self._submit)
        self.next_button = button(words("Next question"), words("Go on"), self._next)
        self.finish_button = button(words("End now"), words("Stop here and see the review"), self._finish)
        self.feedback = Dom()
        self.confirm_text = Dom()
        self.confirm_button = button(words("Submit, and see the results"), words("Answers can't change once submitted"),
                                     self._confirmed)
        self.back_button = button(words("Back to the question"), words("Go on answering"), self._not_now)
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
        words = self.words
        self.finish_button.description = (words("Submit the exam now") if s.mode == "exam"
                                          else words("End the practice now"))
        fmt = v.answer_format
        # the keys (``press``) said where they help most: a choice (a typed answer's box keeps its keys)
        keys = (h("p", keys_hint(len(v.options), words), cls="rd-type rd-keys") if fmt in ("option", "yes/no") else None)
        prompt = self.texts.prompt(v)
        self.prompt.content = [h("div", marked_block("p", prompt, words, prose(prompt)),
                                 h("p", *prose(self.texts.instructions(v)), cls="rd-type"), keys, cls="rd-note")]
        free = fmt in ("number", "mana", "names")
        show(free, self.number)
        show(fmt in ("option", "yes/no"), self.choice)
        show(fmt == "order", self.order)
        self.number.value = ""
        if fmt in ("option", "yes/no"):
            # a radio label holds text only; its value is the English option the answer is graded on
            self.choice.options = [(option_label(label, words), o) for label, o in self.texts.choices(v)]
            self.choice.value = None
        if fmt == "order":
            self._draw_order(v)
        self.submit_button.disabled = False
        show(False, self.next_button, self.confirm_box)
        self.finish_button.disabled = False
        self.feedback.content = []
        self._tick_display()
        # Last: the status announces the question once its answer field is in place.
        where = words("Question {n} of {total}", n=s.index + 1, total=s.total)
        if self.resumed:
            where = resumed_said(where, s.remaining, self.clock(), words)
            self.resumed = False
        self.status.content = [h("span", where + self._score_shown(), role="status")]
        self.key_listener.step += 1

    def _draw_order(self, v: Variant) -> None:
        """Put an order question's items in the order list, with the list's words in the language."""
        for name, said in (STACK_LIST if v.stack_order else PLAIN_LIST).items():
            setattr(self.order, name, self.words(said) if said else said)  # the order view's own msgids
        self.order.items = [{"id": i, "label": str(self.texts.option(v, label))} for i, label in enumerate(v.options)]
        self.order.order = list(range(len(v.options)))

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
        return " · " + self.words("score {right} of {n}", right=right, n=answered)

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
            self.feedback.content = [h("div", self.words("Give an answer first."), cls="rd-note", role="status")]
            return
        try:
            verdict = s.submit(answer)
        except AnswerError as exc:  # too long: the question stays open
            self.feedback.content = [h("div", refusal_said(exc, self.words), cls="rd-error", role="alert")]
            return
        except AttemptClosed as exc:
            self._closed(exc)
            return
        except ValueError as exc:  # time ran out between drawing and submitting
            self.feedback.content = [h("div", refusal_said(exc, self.words), cls="rd-error", role="alert")]
            self._show_review()
            return
        self._store_notice()
        if s.feedback != "after-each":
            self._draw_question()
            return
        self.submit_button.disabled = True
        show(True, self.next_button)
        last = s.index == s.total - 1
        self.next_button.description = self.words("See the results") if last else self.words("Next question")
        self.feedback.content = [verdict_node(verdict, s.current, words=self.words)]
        where = self.words("Question {n} of {total}", n=s.index + 1, total=s.total)
        self.status.content = [h("span", where + self._score_shown(), role="status")]

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
        words = self.words
        said = (words("Every question is answered.") if not open_ else
                words.n("{n} of {total} question is not answered; it counts as wrong.",
                    "{n} of {total} questions are not answered; they count as wrong.", open_, total=s.total))
        self.confirm_text.content = [h("div", h("b", words("Submit the exam now?")),
                                       " ", said, " ", words("Once submitted, your answers can't change."),
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
        self.review.content = [h("div", refusal_said(exc, self.words), cls="rd-error", role="alert")]
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
        self.countdown.content = [h("span", _time_left(left, self.clock(), self.words), role="timer", aria_live="off",
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
        words = self.words
        right, answered = s.score
        said = [words("Time ran out.")] if s.ended_by == "time" else []
        exam = self.exams.get(s.exam) if s.exam else None
        if exam is not None and exam.passed(right, s.total) is not None:
            said.append(words("Passed (pass mark {mark}%).", mark=exam.pass_mark) if exam.passed(right, s.total)
                        else words("Not passed (pass mark {mark}%).", mark=exam.pass_mark))
        asked = answered if s.mode == "practice" else s.total  # a practice ended early counts what was asked
        head: list = [h("h3", " ".join([words("Your results: {right} of {n} right.", right=right, n=asked), *said]))]
        if s.mode == "practice":
            past = self._past() if self.store is not None else _as_rows(s)
            back = self.go_back(missed_last(past, self.bank)) if self.go_back is not None else []
            head += back + mastery_nodes(mastery(past, self.bank), words=words)
            if s.deck is not None:
                head += comes_back_nodes(s.deck, s.started, self.clock(), words=words)
        if exam is not None and not exam.answers_shown(self.clock()):
            when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(exam.closes))
            self.review.content = [*head, h("p", words("Your answers are submitted. The right answers and why are "
                                                   "shown here after the exam closes ({when}).", when=when))]
        else:
            self.review.content = [*head, review_table(s, answered_only=s.mode == "practice", words=words)]
        self._store_notice()
        self._show("review")

    def _store_notice(self) -> None:
        store = self.store
        if store is None:
            self.notice.content = []
        elif store.problem:
            self.notice.content = [h("div", store.problem, " ",
                                     self.words.n("({n} answer kept.)", "({n} answers kept.)", store.unsaved),
                                     cls="rd-error", role="status")]
        elif store.recovered:
            self.notice.content = [h("div", self.words("Results are being saved again: every answer kept meanwhile "
                                                       "is now saved."), cls="rd-ok", role="status")]
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


def _seed() -> int:
    return int.from_bytes(os.urandom(4), "big")


def keys_hint(options: int, words: Words) -> str:
    """Say the keys that answer a choice: an option's number (up to 9), Enter.

    >>> keys_hint(4, words_for("en"))
    'Keys: 1–4 choose an option, Enter submits, then goes on.'
    """
    return words("Keys: 1–{last} choose an option, Enter submits, then goes on.", last=min(options, 9))


def _as_rows(s: QuizSession):
    from ..quiz.store import Attempt
    return [Attempt(s.candidate, s.id, s.mode, a.question, 0, a.answer, a.verdict.correct, a.seconds, 0.0)
            for a in s.answered]
