"""What the quiz says of answers, in the learner's language: the verdict after an answer, the review
table, the mastery per ruling, when rulings come back, the time left.

A question's own texts come through ``QuestionTexts`` (the content catalog); the kit's words through
``words`` (the interface catalog). A text shown in English for want of a translation is marked:
``lang="en"`` and "(English)" in the learner's language (``english_mark``).
"""

from __future__ import annotations

import re
import time
from functools import partial

from ..i18n import Text, Words, words_for
from ..quiz import review
from ..quiz.rulings import ruling
from ..quiz.session import QuizSession, Refusal
from ..quiz.store import AttemptClosed
from ..quiz.texts import QuestionTexts
from .dom import Node, game, h, prose
from .tables import table
from .text import game_text_words

EN = words_for("en")

#: from this much time left, the countdown gives the day the attempt ends rather than a clock
DAY = 24 * 3600.0


def english_mark(text, words: Words) -> tuple[dict, Node | None]:
    """The attributes and the mark of a text shown in English in another language: ``lang="en"``
    and "(English)" said in the learner's language; nothing for a text in the language.

    >>> english_mark("Hi", EN)
    ({}, None)
    """
    if getattr(text, "translated", True) or words.code == "en":
        return {}, None
    return {"lang": "en"}, h("span", words("(English)"), cls="rd-untranslated")


def marked_block(tag: str, text, words: Words, nodes: list, **attrs) -> list:
    """An element holding ``nodes`` drawn from ``text``, marked when ``text`` is shown in English."""
    lang, mark = english_mark(text, words)
    inner = h("span", *nodes, **lang) if lang else None
    return h(tag, *(nodes if inner is None else [inner, " ", mark]), **attrs)


def ruling_name(tag: str, words: Words = EN) -> str:
    """A ruling's name in the learner's language: "Energy ruling 4".

    >>> ruling_name("L3")
    'Landfall ruling 3'
    """
    r = ruling(tag)
    if r.tag.startswith("E"):
        return words("Energy ruling {n}", n=r.tag[1:])
    return words("Landfall ruling {n}", n=r.tag[1:])


def ruling_title(tag: str, words: Words = EN) -> str:
    """What a ruling is about, in a few words, in the learner's language."""
    return words(ruling(tag).title)


def ruling_label(tag: str, words: Words = EN) -> str:
    """Name a ruling in a list by its number and what it says, in words a list option can hold.

    >>> ruling_label("E1"), ruling_label("L3")
    ('Energy ruling 1: Energy is one energy counter', 'Landfall ruling 3: You order the landfall triggers')
    """
    said = game_text_words(ruling_title(tag, words))
    title = said[:1].upper() + said[1:]
    return words("{ruling}: {title}", ruling=ruling_name(tag, words), title=title)


def review_table(s: QuizSession, answered_only: bool = False, *, words: Words = EN) -> Node:
    """Return the review: each question, the answer given, right or not, the right answer and why
    (in practice, only the questions answered: one not reached isn't a miss). On a narrow page each
    row reads as a block of its own, every cell named by its column (``static/css/quiz.css``)."""
    texts = QuestionTexts(words)
    rows = []
    for i, (v, a) in enumerate(s.review(), 1):
        if answered_only and a is None:
            continue
        verdict = a.verdict if a else v.solution()
        given = game(texts.answer(v, a.answer)) if a else [h("i", words("not answered"))]
        mark = words("✓ right") if a and a.verdict.correct else words("✗ wrong")
        prompt = texts.prompt(v)
        rows.append([str(i), [marked_block("span", prompt, words, prose(prompt))], given, mark,
                     game(texts.answer(v, verdict.right_answer_text)),
                     [explanation_node(texts.explanation(v, verdict), words)]])
    head = [words("#"), words("Question"), words("Your answer"), words("Result"), words("Right answer"),
            words("Why")]
    return table(words("Your answers"), head, rows, cls="rd-review rd-results")


def comes_back_nodes(deck: review.Deck, since: float, now: float, *, words: Words = EN) -> list:
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
    return [h("h4", words("When each ruling comes back for review")),
            h("ul", *(h("li", h("b", ruling_name(t, words)), ": ", comes_back(deck, t, now, words))
                      for t in soonest), cls="rd-comes-back")]


def comes_back(deck: review.Deck, tag: str, now: float, words: Words = EN) -> str:
    """When a ruling is due again: "now", "in 2 days" (``review.Deck.comes_back``, in the language)."""
    card = deck.cards.get((review.RULING, tag))
    days = round((card.due - review.utc(now)).total_seconds() / DAY) if card else 0
    return words("now") if days <= 0 else words.n("in {n} day", "in {n} days", days)


def mastery_nodes(shares: dict[str, tuple[int, int]], *, words: Words = EN) -> list:
    """Show a learner's mastery per ruling: right of answered, weakest first.

    >>> from rulesdojo.views.dom import plain
    >>> said = plain(mastery_nodes({"E2": (1, 4)}))
    >>> "Getting and paying energy" in said, "Energy ruling 2" in said, "1 of 4" in said
    (True, True, True)
    """
    if not shares:
        return []
    rows = [h("tr", h("th", *game(ruling_title(r, words), tips=False), " ",
                      h("span", f"({ruling_name(r, words)})", cls="rd-type"), scope="row"),
              h("td", words("{right} of {n}", right=right, n=n)),
              h("td", h("meter", min="0", max="1", value=f"{right / n:.2f}",
                        aria_label=words("{ruling} mastery", ruling=ruling_name(r, words))),
                f" {right / n:.0%}"))
            for r, (right, n) in sorted(shares.items(), key=lambda kv: (kv[1][0] / kv[1][1], kv[0]))]
    return [h("h4", words("Your mastery per ruling")),
            h("p", words("Practice draws more questions on the rulings you miss, and brings missed questions "
                         "back a few questions later."), cls="rd-type"),
            h("table", h("thead", h("tr", h("th", words("Ruling")), h("th", words("Right")),
                                    h("th", words("Mastery")))), h("tbody", *rows), cls="rd-mastery")]


def verdict_node(verdict, v=None, *, words: Words = EN) -> Node:
    """Say right or not, and why; the answer once (the explanation's lead usually says it already).
    With the variant ``v``, the question's texts are the learner's language's.

    The feedback is a live region, read out whole: rulings are named, their text not spelled in.
    """
    cls, head = ("rd-ok", words("✓ Right.")) if verdict.correct else ("rd-error", words("✗ Not right."))
    problem = f" ({verdict.problem})" if verdict.problem else None
    if v is None:
        lines = [Text(x) for x in verdict.explanation.split("\n")]
        answer, right = verdict.right_answer_text.split(" (or")[0], verdict.right_answer_text
    else:
        texts = QuestionTexts(words)
        lines = texts.explanation(v, verdict)
        right = texts.answer(v, verdict.right_answer_text)
        answer = texts.answer(v, verdict.right_answer_text.split(" (or")[0])
    said = None if re.search(rf"(?<![\w.]){re.escape(answer)}(?![\w.])", lines[0], re.I) else \
        h("span", " ", words("The answer: {answer}.", answer=right))
    return h("div", h("b", head), problem, said, explanation_node(lines, words, tips=False), cls=cls, role="status")


def explanation_node(lines: list, words: Words = EN, tips: bool = True) -> Node:
    """Lay out an explanation: its lead and notes as paragraphs, its "- " lines as a list; a line
    shown in English for want of a translation is marked.

    Where a ruling may be explained on focus (``tips``) the lines take the path author prose takes
    (``prose``: its markup, symbols and rulings); in a live region, read out whole, the game's text alone.

    >>> explanation_node([Text("Pay {E}."), Text("- one"), Text("- two")], tips=False)
    ['div', {'class': 'rd-explanation'}, ['p', {}, 'Pay ', ['sym', 'E'], '.'], ['ul', {}, ['li', {}, 'one'], ['li', {}, 'two']]]
    """
    draw = prose if tips else partial(game, tips=False)
    out: list[list] = []
    for line in lines:
        text = str(line).strip()
        if text.startswith("- "):
            if not (out and out[-1][0] == "ul"):
                out.append(h("ul"))
            out[-1].append(marked_block("li", line, words, draw(text[2:].strip())))
        elif text:
            out.append(marked_block("p", line, words, draw(text)))
    return h("div", *out, cls="rd-explanation")


def clock(seconds: float) -> str:
    """Say a time left as minutes and seconds (hours too, from an hour), rounded up.

    >>> clock(61.5), clock(3600), clock(5 * 3600 + 62)
    ('1:02', '1:00:00', '5:01:02')
    """
    m, sec = divmod(int(seconds + 0.999), 60)
    if m < 60:
        return f"{m}:{sec:02d}"
    hours, m = divmod(m, 60)
    return f"{hours}:{m:02d}:{sec:02d}"


def time_left(seconds: float, now: float, words: Words = EN) -> str:
    """Say how long an attempt has: a clock under a day, else the day it ends (an exam with no time
    limit ends when it closes, maybe years away).

    >>> time_left(61.5, 0), time_left(3 * DAY, 1_900_000_000)
    ('Time left: 1:02', 'Ends 20 March 2030, 17:46 UTC (3 days left)')
    """
    if seconds < DAY:
        return words("Time left: {clock}", clock=clock(seconds))
    ends = day_said(now + seconds, words)
    days = int(seconds // DAY)
    return words.n("Ends {when} ({n} day left)", "Ends {when} ({n} days left)", days, when=ends)


def listed(items: list[str], words: Words = EN) -> str:
    """Items said one after another ("a, b, c"), joined the language's way.

    >>> listed(["a", "b", "c"])
    'a, b, c'
    """
    out = items[0] if items else ""
    for item in items[1:]:
        out = words("{before}, {after}", before=out, after=item)
    return out


def exam_facts(exam, words: Words = EN) -> str:
    """What an exam is: its size, time, attempts, pass mark and when it closes, as one sentence.

    >>> from types import SimpleNamespace as E
    >>> exam_facts(E(size=10, time_limit=1800, attempts=1, pass_mark=80, closes=None))
    '10 questions, 30 minutes, 1 attempt allowed, pass mark 80%.'
    """
    minutes = (exam.time_limit or 0) / 60
    shown = "%g" % minutes
    facts = [words.n("{n} question", "{n} questions", exam.size),
             words.n("{minutes} minute", "{minutes} minutes", max(1, round(minutes)), minutes=shown)
             if exam.time_limit else words("no time limit"),
             words.n("{n} attempt allowed", "{n} attempts allowed", exam.attempts)]
    if exam.pass_mark is not None:
        facts.append(words("pass mark {mark}%", mark=exam.pass_mark))
    if exam.closes:
        facts.append(words("closes {when}", when=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(exam.closes))))
    return words("{facts}.", facts=listed(facts, words))


def day_said(at: float, words: Words = EN) -> str:
    """A moment as a day and time of day, UTC, the month named in the learner's language.

    >>> day_said(1_900_000_000)
    '17 March 2030, 17:46 UTC'
    """
    t = time.gmtime(at)
    months = (words("January"), words("February"), words("March"), words("April"), words("May"), words("June"),
              words("July"), words("August"), words("September"), words("October"), words("November"),
              words("December"))
    return words("{day} {month} {year}, {time} UTC", day=t.tm_mday, month=months[t.tm_mon - 1], year=t.tm_year,
                 time=time.strftime("%H:%M", t))


def with_nodes(template: str, **nodes) -> list:
    """A translated sentence whose ``{placeholders}`` are nodes (a name in bold): ``template`` is
    the sentence as the language says it, unfilled (``words(msgid)`` with no values).

    >>> with_nodes("Signed in as {who}.", who=h("b", "Ana"))
    ['Signed in as ', ['b', {}, 'Ana'], '.']
    """
    out: list = []
    for piece in re.split(r"(\{[a-z_]+\})", template):
        name = piece[1:-1] if piece.startswith("{") and piece.endswith("}") else None
        if name in nodes:
            out.append(nodes[name])
        elif piece:
            out.append(piece)
    return out


def refusal_said(exc: Exception, words: Words = EN) -> str:
    """A refusal (of an answer, a start, a write to an ended attempt) in the learner's language;
    one the quiz doesn't know how to say, as it says itself.

    >>> from rulesdojo.quiz.store import AttemptClosed
    >>> refusal_said(AttemptClosed("a1", "ended"))
    "This exam was submitted from another page; its answers can't change."
    """
    if isinstance(exc, Refusal):
        return words(exc.msgid, **exc.params)
    if isinstance(exc, AttemptClosed):
        return (words("This exam was submitted from another page; its answers can't change.") if exc.reason == "ended"
                else words("This exam was opened again on another page, which goes on with it now: answer there. "
                           "What is given on this page can't change it."))
    return str(exc)


def option_label(label, words: Words = EN) -> str:
    """An option as a radio button's label holds it (text only): its words, then "(English)" in the
    learner's language where the option is shown in English for want of a translation.

    >>> option_label(Text("Yes"))
    'Yes'
    """
    said = game_text_words(str(label))
    if getattr(label, "translated", True) or words.code == "en":
        return said
    return said + " " + words("(English)")


def resumed_said(where: str, remaining: float | None, now: float, words: Words = EN) -> str:
    """Say a question is the first since the attempt was resumed, with the time left.

    >>> resumed_said("Question 2 of 3", 61.5, 0), resumed_said("Question 2 of 3", 3 * DAY, 1_900_000_000)
    ('Resumed: Question 2 of 3, 1:02 left', 'Resumed: Question 2 of 3; ends 20 March 2030, 17:46 UTC (3 days left)')
    """
    if remaining is None:
        return words("Resumed: {where}", where=where)
    if remaining < DAY:
        return words("Resumed: {where}, {clock} left", where=where, clock=clock(remaining))
    ends, days = day_said(now + remaining, words), int(remaining // DAY)
    return words.n("Resumed: {where}; ends {when} ({n} day left)", "Resumed: {where}; ends {when} ({n} days left)",
                   days, where=where, when=ends)
