"""Every served page reads as a learner needs: symbols drawn, no markup shown, every card's full text
visible, text on the board, log and order list at least 14 px, no serious or critical axe-core finding,
no sideways scroll on a 390 px phone, at most one rule badge shown per message (at its end, not
repeating the text), none on a panel's heading, and every lesson task held by the screen: its words,
its board and its pending decision within one 900 px screen at 1280 px and two at 390 px, under a
one-line progress line. On a 390 px phone every radio and checkbox option of a lesson check, a
"Before you start" question and the quiz reads whole: no option's words run over another's, over its
own radio or out of its box.

One Voila server serves the lesson folder for every page. Set RULESDOJO_SCREENSHOT_DIR=folder to keep
the phone-width screenshot of lesson 7 and the course map's (a new learner's, at 1280 px).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from learner import answer_whatever_is_asked, start_quiz
from playwright.sync_api import expect
import pytest

from rulesdojo.lessons.data import load_lessons
from rulesdojo.rules import CardSet
from rulesdojo.views.text import SYMBOL

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
PAGES = ["index.ipynb", *sorted(p.name for p in LESSONS.glob("[0-9][0-9]-*.ipynb")), "sandbox.ipynb",
         "quiz.ipynb"]
RAW = [(re.compile(r"\{[^{}\s]{1,3}\}"), "a raw symbol code"), (re.compile(r"<b>|</"), "literal markup"),
       (re.compile(r"(?<![\w*])\*[A-Za-z][\w' ]*[A-Za-z]\*(?![\w*])"), "literal *emphasis*")]
SETTLED_JS = """() => new Promise(done => {
  let last = -1, since = performance.now();
  const tick = () => {
    const n = document.querySelectorAll('.jupyter-widgets, .rd-card, .rd-sym').length;
    if (n !== last) { last = n; since = performance.now(); }
    if (!document.getElementById('loading') && n > 0 && performance.now() - since > 1500) done(n);
    else setTimeout(tick, 100);
  };
  tick();
})"""
SIDEWAYS_JS = """() => {
  const wide = [];
  for (const el of [document.scrollingElement, ...document.querySelectorAll('body *')]) {
    if (!el || el.clientWidth < 0.8 * window.innerWidth) continue;
    const style = getComputedStyle(el);
    const scrolls = el === document.scrollingElement || ['auto', 'scroll'].includes(style.overflowX);
    if (scrolls && el.scrollWidth > el.clientWidth + 1) wide.push(`${el.tagName}.${el.className}`.slice(0, 80)
      + ` ${el.scrollWidth}>${el.clientWidth}`);
  }
  return wide;
}"""


SMALL_TEXT_JS = """() => [...document.querySelectorAll('.rd-table *, .rd-log *, .rd-order *')]
  .filter(el => !el.closest('svg') && [...el.childNodes].some(n => n.nodeType === 3 && n.nodeValue.trim())
                && parseFloat(getComputedStyle(el).fontSize) < 14)
  .map(el => `${el.className || el.tagName}: ${el.textContent.trim().slice(0, 30)}`)"""


# For each task: scroll its heading to the top of the screen, then measure from the top of its words
# to the bottom of the lowest of its words, its board and its decision's control (the first enabled
# control of the decision block, else the "Now:" line), against the screen less the fixed progress line.
FIT_JS = """async () => {
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const seen = el => el && el.getClientRects().length > 0;
  const line = document.querySelector('.rd-progress');
  const lineHeight = seen(line) ? line.getBoundingClientRect().height : 0;
  const out = {line: lineHeight, screen: window.innerHeight, tasks: []};
  for (const task of document.querySelectorAll('.rd-task')) {
    const words = task.querySelector('.rd-instructions'), heading = task.querySelector('.rd-task-title');
    heading.scrollIntoView({block: 'start'});
    await frame();
    const board = task.querySelector('.rd-table') || task.querySelector('.rd-task-board');
    const decision = task.querySelector('.rd-decision');
    const control = decision && [...decision.querySelectorAll(
        'button, select, input, textarea, [role=radio], [role=option], [tabindex="0"]')]
      .find(c => seen(c) && !c.disabled && !c.closest('.rd-now-line'));
    const now = task.querySelector('.rd-now-line');
    const parts = {words: heading, board, decision: control || now};
    const top = heading.getBoundingClientRect().top;
    const bottoms = Object.fromEntries(Object.entries(parts).map(
      ([k, el]) => [k, seen(el) ? Math.round(el.getBoundingClientRect().bottom - top) : null]));
    bottoms.words = Math.round((words || heading).getBoundingClientRect().bottom - top);
    out.tasks.push({title: heading.textContent.trim(), bottoms,
                    control: control ? (control.textContent || control.tagName).trim().slice(0, 40) : 'Now:'});
  }
  return out;
}"""
LINE_MOST = 56  # px: the progress line on a phone, one line


def fit_problems(page, name: str, screens: int) -> list[str]:
    """Say where a lesson task's words, board and decision don't fit ``screens`` screens, or the
    progress line is more than one line on a phone."""
    number = int(name[:2])
    expected = len(load_lessons(LESSONS)[number].tasks)
    fit = page.evaluate(FIT_JS)
    problems = [] if len(fit["tasks"]) == expected else \
        [f"{name}: {len(fit['tasks'])} tasks found on the page, {expected} in the lesson"]
    room = screens * fit["screen"] - fit["line"]
    width = page.viewport_size["width"]
    for task in fit["tasks"]:
        missing = [k for k, v in task["bottoms"].items() if v is None]
        lowest = max((v for v in task["bottoms"].values() if v is not None), default=0)
        if missing or lowest > room:
            problems.append(f"{name} at {width} px: {task['title']!r} needs {lowest} px for its words, board "
                            f"and decision ({task['control']!r}) {task['bottoms']}, more than {room} px"
                            + (f"; not shown: {missing}" if missing else ""))
    if width < 600 and fit["line"] > LINE_MOST:
        problems.append(f"{name} at {width} px: the progress line is {fit['line']:.0f} px tall, over {LINE_MOST}")
    return problems


def visible_text(page) -> str:
    return page.locator("body").inner_text()


ORACLE_TEXT_JS = """el => { const c = el.cloneNode(true); c.querySelectorAll('svg').forEach(s => s.remove());
  return c.textContent; }"""


def letters(text: str) -> str:
    """Compare a card's text without symbols (the page draws them) and without spacing."""
    return "".join(SYMBOL.sub("", text).split())


BADGES_JS = """() => {
  const problems = [], inMessage = new Map();
  for (const tag of document.querySelectorAll('.rd-rule')) {
    if (!tag.checkVisibility()) continue;
    if (tag.closest('.rd-head, h1, h2, h3, h4')) { problems.push(`on a heading: ${tag.textContent}`); continue; }
    const message = tag.parentElement.closest('li, p, div');
    inMessage.set(message, (inMessage.get(message) || 0) + 1);
    let next = tag.nextSibling;
    while (next && !next.textContent.trim()) next = next.nextSibling;
    if (next) problems.push(`${tag.textContent} is not at the end of its message: ${message.textContent.slice(0, 80)}`);
    const number = tag.textContent.replace(/^CR /, '');
    if ([...message.querySelectorAll('.rd-cite')].some(c => c.textContent.includes(number)))
      problems.push(`${tag.textContent} repeats the message's text: ${message.textContent.slice(0, 80)}`);
  }
  for (const [message, n] of inMessage)
    if (n > 1) problems.push(`${n} badges in one message: ${message.textContent.slice(0, 80)}`);
  return problems;
}"""


def badge_problems(page, name: str) -> list[str]:
    """Count the rule badges shown by default: at most one per message, at its end, none on a heading."""
    return [f"{name}: a rule badge {p}" for p in page.evaluate(BADGES_JS)]


def check_page(page, name: str) -> list[str]:
    problems = badge_problems(page, name)
    text = visible_text(page)
    for pattern, what in RAW:
        for m in pattern.finditer(text):
            problems.append(f"{name}: {what} in the visible text: {text[max(0, m.start() - 40):m.end() + 20]!r}")
    cards = page.locator(".rd-card")
    for i in range(cards.count()):
        card = cards.nth(i)
        title = card.locator(".rd-card-name").inner_text()
        oracle = CardSet.shipped().named(title).oracle
        shown = card.locator(".rd-oracle").evaluate(ORACLE_TEXT_JS)
        if letters(oracle) != letters(shown) or oracle and not card.locator(".rd-oracle").is_visible():
            problems.append(f"{name}: {title}'s rules text isn't all visible: {shown!r}")
    problems += [f"{name}: text under 14 px on the board, the log or the order list: {w}"
                 for w in page.evaluate(SMALL_TEXT_JS)[:5]]
    for v in Axe().run(page).response["violations"]:
        if v["impact"] in ("serious", "critical"):
            where = [n["target"] for n in v["nodes"][:3]]
            problems.append(f"{name}: axe {v['id']} ({v['impact']}): {v['help']} at {where}")
    return problems


def keep(page, full_screenshot, shot: Path) -> None:
    """Keep a screenshot of the page in RULESDOJO_SCREENSHOT_DIR, when it is set (the README's pictures)."""
    if os.environ.get("RULESDOJO_SCREENSHOT_DIR"):
        target = Path(os.environ["RULESDOJO_SCREENSHOT_DIR"])
        target.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(full_screenshot(page, shot), target / shot.name)


@pytest.mark.timeout(900)  # every page of the course, one after another
def test_every_page_reads_well_and_fits_a_phone(tmp_path, voila_server, page, full_screenshot):
    base = voila_server(LESSONS, env={"RULESDOJO_RESULTS": str(tmp_path / "results.sqlite3")})
    problems, cards_seen = [], 0
    for name in PAGES:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(base + f"voila/render/{name}", wait_until="domcontentloaded", timeout=60_000)
        page.wait_for_function(SETTLED_JS, timeout=90_000)
        heading = page.locator("h1").first.inner_text().strip()
        assert page.title().startswith(heading) and "ipynb" not in page.title(), f"{name}: {page.title()!r}"
        cards_seen += page.locator(".rd-card").count()
        problems += check_page(page, name)
        lesson = name[:2].isdigit()
        problems += fit_problems(page, name, screens=1) if lesson else []
        if name == "index.ipynb":
            keep(page, full_screenshot, tmp_path / "course-map.png")
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        problems += [f"{name} at 390 px scrolls sideways: {w}" for w in page.evaluate(SIDEWAYS_JS)]
        problems += fit_problems(page, name, screens=2) if lesson else []
        if name.startswith("07-"):
            keep(page, full_screenshot, tmp_path / "lesson-07-phone.png")
    assert cards_seen > 40  # the lessons' boards were there to check
    assert problems == [], "\n".join(problems)
    assert not page.blocked, page.blocked


# Each option of one radio (or checkbox) group: the boxes of its words' lines, its control and its label.
# An option's words must stay in its label, clear of its own control and of every other option.
OPTIONS_JS = """group => {
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5
                         && b.top < a.bottom - 0.5;
  const items = [...group.querySelectorAll('label')].filter(l => l.querySelector('input')).map(label => {
    const range = document.createRange();
    range.selectNodeContents(label);
    const control = label.querySelector('input').getBoundingClientRect();
    const lines = [...range.getClientRects()].filter(r => r.width > 0 && !(r.left === control.left
      && r.top === control.top && r.width === control.width));
    return {words: label.textContent.trim(), box: label.getBoundingClientRect(), control, lines};
  });
  const problems = [];
  items.forEach((it, i) => {
    if (it.lines.some(l => meet(l, it.control))) problems.push(`its radio sits on the words: ${it.words}`);
    if (it.lines.some(l => l.bottom > it.box.bottom + 1 || l.right > it.box.right + 1 || l.left < it.box.left - 1))
      problems.push(`the words run out of their box: ${it.words}`);
    if (it.box.right > innerWidth + 1) problems.push(`off the screen: ${it.words}`);
    items.slice(i + 1).forEach(other => {
      if (meet(it.box, other.box) || it.lines.some(l => meet(l, other.control) || other.lines.some(m => meet(l, m))))
        problems.push(`over another option: ${it.words} / ${other.words}`);
    });
  });
  return {options: items.length, problems};
}"""


def option_problems(group, where: str) -> list[str]:
    """Say where the options of one radio group overprint each other, their radios or their box."""
    found = group.evaluate(OPTIONS_JS)
    assert found["options"] >= 2, f"{where}: {found}"   # the group was there to measure
    return [f"{where}: {p}" for p in found["problems"]]


@pytest.mark.timeout(300)
def test_options_read_whole_on_a_phone_in_a_check_a_before_question_and_the_quiz(tmp_path, voila_server, page):
    """Walk finding 2: at 390 px long options overflowed their fixed one-line height, printing over the
    next option, with the radios under the words."""
    base = voila_server(LESSONS, env={"RULESDOJO_RESULTS": str(tmp_path / "results.sqlite3")})
    page.set_viewport_size({"width": 390, "height": 844})
    # Lesson 5's first before-you-start question is a choice (lesson 7's is a number to type).
    page.goto(base + "voila/render/05-fizzle.ipynb", wait_until="domcontentloaded", timeout=60_000)
    page.wait_for_function(SETTLED_JS, timeout=90_000)
    before = page.locator(".widget-radio-box", has_text="she gets the energy but deals no damage")
    expect(before).to_have_count(1)
    problems = option_problems(before, "lesson 5, before you start")
    page.goto(base + "voila/render/07-landfall.ipynb", wait_until="domcontentloaded", timeout=60_000)
    page.wait_for_function(SETTLED_JS, timeout=90_000)
    check = page.locator(".widget-radio-box", has_text="Alice doesn't control that land")  # the lesson's check
    expect(check).to_have_count(1)
    problems += option_problems(check, "lesson 7, a check")
    assert problems == [], "\n".join(problems)

    page.goto(base + "voila/render/quiz.ipynb", wait_until="domcontentloaded", timeout=60_000)
    expect(page.get_by_role("textbox", name="Your name")).to_be_visible(timeout=60_000)
    rulings = page.get_by_role("listbox", name="Rulings")
    labels = [" ".join(t.split()) for t in rulings.locator("option").evaluate_all("os => os.map(o => o.textContent)")]
    # Energy ruling 6's choice questions have the bank's longest options. A quiz of 10 asks all of its
    # 10 questions, 9 of them choices; a missed question comes back in place of a later one, so at
    # most its one number question takes a choice's place.
    rulings.select_option(index=next(i for i, t in enumerate(labels) if t.startswith("Energy ruling 6")))
    start_quiz(page, "Ana", 10)
    measured = 0
    for n in range(1, 11):
        expect(page.get_by_role("status").filter(has_text=re.compile(rf"Question {n} of 10"))).to_be_visible()
        expect(page.get_by_role("button", name="Submit", exact=True)).to_be_enabled()
        group = page.locator(".widget-radio-box").filter(visible=True)
        if group.count():
            problems += option_problems(group.first, f"quiz question {n}")
            measured += 1
        answer_whatever_is_asked(page)            # a number, the first option, or the order shown
        on = page.get_by_role("button", name="Next question")
        expect(on.or_(page.get_by_role("button", name="See the results"))).to_be_visible()
        if not on.is_visible():
            break
        on.click()
    assert measured >= 8, f"the quiz asked {measured} multiple-choice questions, not 8 or more"
    assert problems == [], "\n".join(problems)
