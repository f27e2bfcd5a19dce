"""The "before you start" questions a lesson opens with: where a learner stands before it teaches.

One bank question per ruling the lesson's checks test (at most two), a variant drawn for each
learner, so the engine grades it. The learner answers each once; the page shows no score, only
that the answer is kept. Once the lesson's checks are answered the same question (same numbers)
is asked again, and the review shows both answers side by side, each said right or wrong.
What is kept: whether the first answer was right, as the lesson part ``before:RULING`` of this
learner (the trainer's learning gain compares it with the checks' first tries,
``rulesdojo.quiz.gain``), and the question, its variant's seed and both answers in the learner's
words (``ResultStore.save_drawn``), so a reload asks the same and shows what was answered.
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as ipw

from ..i18n import Text, Words, words_for
from ..quiz.gain import BEFORE
from ..views.base import button
from ..views.dom import Dom, game, h, prose
from ..views.modules import page_style
from ..quiz.texts import QuestionTexts
from ..views.text import game_text_words
from .data import Lesson
from .framework import kernel_loop, message
from .learner_progress import Progress
from .outline import lesson_id
from .texts import marked

#: at most this many before questions open a lesson
MOST = 2
#: the question shapes asked before a lesson: a number, yes or no, or one option (never an order)
KINDS = ("outcome", "choice")


def before_questions(lesson: Lesson, bank) -> list[tuple[str, object]]:
    """Return (ruling, bank question) for the rulings the lesson's checks test, in the lesson's
    order, at most ``MOST``, each question a different one: the easiest, then by id.

    >>> from rulesdojo.lessons.data import load_lesson, shipped_folder
    >>> from rulesdojo.quiz import load_bank
    >>> [t for t, q in before_questions(load_lesson(shipped_folder() / "04-may-pay.yaml"), load_bank())]
    ['E3', 'E5']
    """
    tested = [t for t in lesson.rulings if any(t in c.question.tags.get("rulings", []) for c in lesson.checks)]
    out, used = [], set()
    for tag in tested:
        found = sorted((q for q in bank.select(tags=[tag], kind=list(KINDS)) if q.id not in used),
                       key=lambda q: (q.difficulty, q.id))
        if found:
            out.append((tag, found[0]))
            used.add(found[0].id)
        if len(out) == MOST:
            break
    return out


class BeforeQuestion(ipw.VBox):
    """One before question: answered once, kept without a score; once the lesson's checks are
    answered it is asked again, and the two answers are shown side by side, each right or wrong.

    The variant drawn and the answers are kept per learner (``ResultStore.save_drawn``): a new page
    for the same learner asks the same question with the same numbers and shows what they answered.
    """

    def __init__(self, tag: str, question, progress: Progress, seed: int | None = None, bank=None,
                 words: Words | None = None):
        """Ask ``question`` (a variant drawn from ``seed``, else at random) of a learner already known,
        unless they were asked one before: then that one (``bank`` holds it, if another question);
        ``words``: in the learner's language."""
        super().__init__()
        self.tag, self.progress = tag, progress
        self.words = words = (getattr(progress, "words", None) or words_for("en")) if words is None else words
        self.key = BEFORE + tag
        self.drawn = self._read()
        if bank is not None and self.drawn.get("question") != question.id and self.drawn.get("question") in bank:
            question = bank[self.drawn["question"]]
        if self.drawn.get("question") == question.id and isinstance(self.drawn.get("seed"), int):
            seed = self.drawn["seed"]
        else:
            seed = random.randrange(2 ** 31) if seed is None else seed
            self.drawn = {"question": question.id, "seed": seed}
            self._save()
        self.variant = question.variant(seed=seed)
        # the answers, graded in the kernel; not shown until the checks are done and it is asked again
        self.verdict = self._graded("before")
        self.after = self._graded("after")
        v = self.variant
        self.answer = _answer_box(v, words("Your answer"), self._option, words)
        self.keep_button = button(words("Keep my answer"), words("No score now: you'll see it after the lesson's checks"),
                                  self.keep)
        if self.verdict is not None:
            self.answer.value = self.drawn["before"]
        self.again = _answer_box(v, words("Your answer now"), self._option, words)
        self.again_button = button(words("Keep my answer now"), words("Then see it beside your answer before the lesson"),
                                   self.keep_again)
        if self.after is not None:
            self.again.value = self.drawn["after"]
        self.feedback = Dom()
        self.asked_again = ipw.VBox()  # the same question again, once the lesson's checks are answered
        self.again_intro = Dom([h("p", h("b", words("Now that you've answered the lesson's checks:")), " ",
                                  words("what would you answer now? Then see both answers side by side."))])
        prompt = self._text("prompt", v.prompt)
        self.children = [Dom([h("div", *prompt, cls="rd-note")]), self.answer, self.keep_button,
                         self.feedback, self.asked_again]
        progress.watch(self._draw)
        self._draw()

    def _text(self, path: str, shown: str, draw=prose) -> list:
        """One of the question's texts (its id ``<question id>:<path>``) in the learner's language,
        this variant's values put in; the English, marked, where it has no translation."""
        source = self.variant.question.data
        for key in path.split("/"):
            source = source[int(key)] if isinstance(source, list) else source.get(key, "") if isinstance(source, dict) else ""
        text = self.words.content(f"{self.variant.question.id}:{path}", str(source)) if isinstance(source, str) \
            else Text(shown)
        if not text.translated:
            english = Text(shown)
            english.translated = False
            return marked(self.words, english, draw)
        if self.words.code == "en" or not isinstance(source, str):
            return draw(shown)
        from ..quiz.params import fill
        try:
            return draw(str(fill(str(text), self.variant.values)).strip())
        except (KeyError, ValueError, TypeError, ZeroDivisionError, SyntaxError):
            return draw(shown)

    def _option(self, option: str) -> str:
        """An option as the learner reads it: in their language where the question's options hold it."""
        options = self.variant.question.data.get("options") or []
        for i, o in enumerate(options):
            english = o.get("text") if isinstance(o, dict) else o
            if isinstance(english, str) and english.strip() == str(option).strip():
                path = f"options/{i}/text" if isinstance(o, dict) else f"options/{i}"
                said = self.words.content(f"{self.variant.question.id}:{path}", english)
                return str(said) if said.translated else str(option)
        return str(option)

    def _read(self) -> dict:
        learner = self.progress.learner
        kept = self.progress.store.drawn(learner, lesson_id(self.progress.lesson), self.key) if learner else None
        return kept or {}

    def _save(self) -> None:
        if self.progress.learner is not None:
            self.progress.store.save_drawn(self.progress.learner, lesson_id(self.progress.lesson), self.key,
                                           self.drawn)

    def _graded(self, which: str):
        """Return the kept answer ``which`` ("before", "after") graded, or None if none is kept."""
        given = self.drawn.get(which)
        if not isinstance(given, str):
            return None
        verdict = self.variant.grade(given)
        return None if verdict.problem else verdict

    @property
    def kept(self) -> bool:
        return self.progress.is_done(self.key)

    def _late(self) -> bool:
        """Say whether the learner answered a check of this lesson before this question: then it
        can't say where they started."""
        return not self.kept and any(self.progress.is_done(c.key) for c in self.progress.lesson.checks)

    def _read_answer(self, box):
        """Return ``box``'s answer graded, or None (saying why) when it isn't one."""
        given = box.value
        if given is None or not str(given).strip():
            self._say("rd-note", self.words("Give an answer first: {how}", how=self.variant.instructions))
            return None
        verdict = self.variant.grade(given)
        if verdict.problem:
            self._say("rd-note", self.words("{problem}: {how}", problem=verdict.problem, how=self.variant.instructions))
            return None
        return verdict

    def keep(self) -> None:
        if self.kept or self._late():
            self._draw()
            return
        verdict = self._read_answer(self.answer)
        if verdict is None:
            return
        self.verdict = verdict
        self.drawn = {**self.drawn, "before": str(self.answer.value)}
        self._save()  # the words first: the mark redraws, and a new page reads both
        self.progress.mark(self.key, verdict.correct)

    def keep_again(self) -> None:
        if self.after is not None or not self.kept or not self.progress.checks_answered():
            self._draw()
            return
        verdict = self._read_answer(self.again)
        if verdict is None:
            return
        self.after = verdict
        self.drawn = {**self.drawn, "after": str(self.again.value)}
        self._save()
        self._draw()

    def _say(self, cls: str, *nodes: Any) -> None:
        self.feedback.content = message(cls, *nodes)

    def _draw(self) -> None:
        closed = self.kept or self._late()
        self.answer.disabled = self.keep_button.disabled = closed
        self.again.disabled = self.again_button.disabled = self.after is not None
        reviewing = self.kept and self.progress.checks_answered()
        self.asked_again.children = [self.again_intro, self.again, self.again_button] if reviewing else []
        words = self.words
        if self._late():
            self._say("rd-note", words("You answered this lesson's checks first, so this question can't show "
                                   "where you started; it is left for learners starting the lesson."))
        elif not self.kept:
            return
        elif not reviewing:
            self._say("rd-ok", h("b", words("Kept.")), " ",
                      words("No score now: answer the lesson's checks, then look back here."))
        elif self.after is None:
            self.feedback.content = []
        else:
            self.feedback.content = self.review()

    def review(self) -> list:
        """Return the answers before and after the lesson side by side, each said right or wrong, in
        the learner's words, and the right answer (once both are given)."""
        after, words = self.after, self.words
        if after is None:
            return []
        if self.verdict is not None:
            before: list = [*game(self._option(self.verdict.answer_text)), " — ", _said(self.verdict.correct, words)]
        else:  # kept before its words were: whether it was right is still known
            before = [h("i", words("your words weren't kept")), " — ", _said(self.progress.is_mastered(self.key), words)]
        return [h("table", h("caption", words("Your answers to this question")),
                  h("thead", h("tr", h("th", words("Before the lesson"), scope="col"),
                               h("th", words("After the checks"), scope="col"))),
                  h("tbody", h("tr", h("td", *before),
                               h("td", *game(self._option(after.answer_text)), " — ", _said(after.correct, words)))),
                  cls="rd-before-review"),
                h("p", *game(words("The answer is {answer}.", answer=self._option(after.right_answer_text))),
                  cls="rd-ok" if after.correct else "rd-note")]


def _said(correct: bool, words: Words) -> str:
    return words("right") if correct else words("wrong")


def _answer_box(v, description: str = "Your answer", shown=str, language=None):
    """Return where a learner gives an answer to the variant ``v``: its options (each as ``shown``
    gives it, graded as the option it is), or a text box."""
    if v.options:
        # a radio button's label is text only: its symbols in words; the value is the option graded
        return ipw.RadioButtons(options=[(game_text_words(shown(o), language), o) for o in v.options], value=None,
                                description=description, layout=ipw.Layout(width="auto"),
                                style={"description_width": "initial"})
    how = v.instructions if language is None else QuestionTexts(language).instructions(v)
    return ipw.Text(value="", placeholder=how, description=description,
                    style={"description_width": "initial"})


def _cards(progress: Progress):
    """The cards of the learner's kit, which the bank's games are played with."""
    kit = getattr(progress, "kit", None)
    return None if kit is None else kit.card_set


def before_view(progress: Progress, bank=None, words: Words | None = None) -> ipw.VBox:
    """Return the lesson's opening questions under a "Before you start" heading.

    The questions are drawn once the learner is known: they show whether this learner answered them
    already. A served kernel reads the bank while the page is made, so a preheated page has it before
    its learner arrives (a cold one pays the same either way); elsewhere it is read when needed.
    """
    if bank is None and kernel_loop() is not None:
        from ..quiz.model import load_bank
        bank = load_bank(cards=_cards(progress))
    words = (getattr(progress, "words", None) or words_for("en")) if words is None else words
    head = h("h2", words("Before you start"))
    box = ipw.VBox([page_style(), Dom([head, h("p", words("Finding your questions…"), role="status")])])
    box.add_class("rd-before")

    def fill(_learner: str) -> None:
        from ..quiz.model import load_bank
        bank_now = bank or load_bank(cards=_cards(progress))
        items = [BeforeQuestion(tag, q, progress, bank=bank_now, words=words)
                 for tag, q in before_questions(progress.lesson, bank_now)]
        intro: list = [head, h("p", words("What would you answer now? No score, no hints: this shows you, and your "
                                      "mentor, what the lesson changes. Answer once and read on."))] if items else []
        box.children = [page_style(), *([Dom(intro)] if intro else []), *items]
    progress.on_learner(fill)
    return box
