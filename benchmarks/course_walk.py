"""A protocol learner's visit of the course page (``benchmarks/learners.py``): three lessons in a row,
then a practice quiz, in one page and one kernel.

The page is ``course.ipynb`` (what ``/`` opens). A move to a place is what the page's address widget
sends when the URL's hash changes (``method: update`` with ``{"address": "lesson/6"}``); it is timed
until the kernel's answer, the address widget's next ``step`` at that place, has arrived (the place's
widgets come before it). In a lesson, every check is answered right (the answer from the engine, as
the lesson's ``Check.variant`` draws it in the kernel); every task is played by the learner's hand
where the benchmark knows one (lesson 7's trigger order, ``learners.take_lesson_7``), else by the
task's "Show me the next move" button, one click per move of the task's solution. The quiz is a
practice of ``QUIZ_QUESTIONS`` questions answered as a candidate who doesn't know does (the number 1,
the first option, the order shown), each Submit and Next timed as a click.

Every function takes the learner's ``Page`` (``learners.Page``): its models and its hand.
"""

from __future__ import annotations

import json
import re
import time

COURSE = "course.ipynb"
WALK = (6, 7, 8)  # three lessons in a row; 7 is the one the browser learner of --validate takes
QUIZ_QUESTIONS = 5
MOVE = re.compile(r"Move (\d+) of (\d+)")


def answers_of(numbers=WALK) -> dict:
    """Each walked lesson's tasks (key, solution length) and checks (key, right answer text), from the engine."""
    from rulesdojo.lessons import lessons
    out = {}
    for n in numbers:
        lesson = lessons()[n]
        out[n] = {"tasks": [(t.key, len(t.solution)) for t in lesson.tasks],
                  "checks": [(c.key, c.variant().solution().right_answer_text) for c in lesson.checks]}
    return out


def address_widget(page) -> str:
    return next(m for m, s in page.models.items() if "focus_to" in s and "step" in s and "address" in s)


def stage(page) -> str:
    return next(m for m, s in page.models.items() if "rd-course-stage" in s.get("_dom_classes", ()))


def shown(page, model_id: str) -> bool:
    """Whether a widget is shown: its layout doesn't say ``display: none``."""
    layout = str(page.models.get(model_id, {}).get("layout", "")).removeprefix("IPY_MODEL_")
    return page.models.get(layout, {}).get("display") != "none"


async def go(page, address: str, rec: dict) -> str:
    """Move to a place as the page's hash does; time it to the kernel's answer; return the place's root."""
    here = address_widget(page)
    step = page.models[here].get("step", 0)
    t0 = time.monotonic()
    msg = page.update(here, address=address)
    await page.until(lambda: page.models[here].get("step", 0) > step and page.models[here].get("address") == address)
    rec["switches_ms"].append((time.monotonic() - t0) * 1000)
    await page.wait_idle(msg)
    return next(m for m in page.children(stage(page)) if shown(page, m))


def anchored(page, root: str, anchor: str) -> str:
    """Return the part (task or check view) inside ``root`` whose heading carries the id ``anchor``."""
    mark = json.dumps({"id": anchor})[1:-1]
    for m in page.below(root):
        for c in page.children(m):
            if mark in json.dumps(page.models.get(c, {}).get("content", "")):
                return m
    raise LookupError(f"no part {anchor!r} on the page")


def moves_said(page, task: str) -> int:
    found = [MOVE.search(page.text(m)) for m in page.below(task)]
    return max((int(f[1]) for f in found if f), default=0)


async def show_moves(page, task: str, moves: int, rec: dict, think) -> None:
    """Play a task with "Show me the next move", a click per move, until it says it is done."""
    button = page.find(task, description="Show me the next move")
    while not page.says(task, "✓ Done."):
        if moves_said(page, task) >= moves:  # the goal is judged after the move's answer: it follows
            await page.until(lambda: page.says(task, "✓ Done."))
            break
        said = moves_said(page, task)
        await think()
        rec["clicks_ms"].append(await page.click(button, lambda: moves_said(page, task) > said))


async def answer_check(page, check: str, right: str, rec: dict, think) -> None:
    await think()
    radios = [m for m in page.below(check) if page.models.get(m, {}).get("_model_name") == "RadioButtonsModel"]
    if radios:
        await page.set(radios[0], index=page.models[radios[0]]["_options_labels"].index(right))
    else:
        await page.set(page.find(check, model="TextModel"), value=right)
    rec["clicks_ms"].append(await page.click(page.find(check, description="Check my answer"),
                                             lambda: page.says(check, "✓ Right.")))


async def take_lesson(page, n: int, known: dict, rec: dict, think, by_hand: dict) -> bool:
    """Take lesson ``n`` on the course page; true once its progress says every step is done (a
    timeout, raised, otherwise)."""
    from rulesdojo.lessons import part_anchor
    root = await go(page, f"lesson/{n}", rec)
    if n in by_hand:
        await by_hand[n](page, rec, think)
    for key, moves in known["tasks"]:
        task = anchored(page, root, part_anchor(key))
        if not page.says(task, "✓ Done."):
            await show_moves(page, task, moves, rec, think)
    for key, right in known["checks"]:
        check = anchored(page, root, part_anchor(key))
        if not page.says(check, "✓ Right."):
            await answer_check(page, check, right, rec, think)
    steps = len(known["tasks"]) + len(known["checks"])
    await page.until(lambda: page.says(root, f"{steps} of {steps} steps done"))
    return page.says(root, f"{steps} of {steps} steps done")


async def take_quiz(page, name: str, rec: dict, think) -> bool:
    """A practice of QUIZ_QUESTIONS questions, answered without knowing; return whether the results showed."""
    root = await go(page, "quiz", rec)
    await think()
    await page.set(page.find(root, description="Your name"), value=name)
    await page.set(page.find(root, description="Questions"), value=QUIZ_QUESTIONS)
    status = lambda k: f"Question {k} of {QUIZ_QUESTIONS}"  # noqa: E731
    rec["clicks_ms"].append(await page.click(page.find(root, description="Start"),
                                             lambda: page.says(root, status(1))))
    submit = page.find(root, description="Submit")
    for k in range(1, QUIZ_QUESTIONS + 1):
        await think()
        await _answer_whatever(page, root)
        rec["clicks_ms"].append(await page.click(submit, lambda: page.models[submit].get("disabled") is True))
        nxt = next(m for m in page.below(root) if page.models.get(m, {}).get("description")
                   in ("Next question", "See the results") and shown(page, m))
        last = k == QUIZ_QUESTIONS
        await think()
        rec["clicks_ms"].append(await page.click(
            nxt, (lambda: page.says(root, "Your results:")) if last else (lambda k=k: page.says(root, status(k + 1))
                                                                           and page.models[submit].get("disabled") is False)))
    return page.says(root, "Your results:")


async def _answer_whatever(page, root: str) -> None:
    """The number 1, the first option, or the order as shown: a candidate who doesn't know."""
    for m in page.below(root):
        s = page.models.get(m, {})
        if s.get("description") != "Your answer" or not shown(page, m):
            continue
        if s.get("_model_name") == "TextModel":
            await page.set(m, value="1")
            return
        if s.get("_model_name") == "RadioButtonsModel":
            await page.set(m, index=0)
            return
    # an order question: the order shown is an answer


async def take_course(page, name: str, known: dict, rec: dict, think, by_hand: dict) -> None:
    """Three lessons in a row, then the quiz, then back to the map: one page, one kernel."""
    done = [await take_lesson(page, n, known[n], rec, think, by_hand) for n in known]
    quiz = await take_quiz(page, name, rec, think)
    await go(page, "", rec)
    rec["ok"] = all(done) and quiz
