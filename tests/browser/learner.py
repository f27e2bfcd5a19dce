"""What a learner does in the browser tests, shared by the Voila pages and the static site."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def part(page, heading):
    """The widget box of one lesson part, found by its heading or prompt text."""
    return page.locator(".widget-vbox", has=page.get_by_text(heading, exact=False)).filter(
        has_not=page.locator(".widget-vbox .widget-vbox .widget-vbox", has=page.get_by_text(heading))).last


#: the trigger-order list's name, as the lessons' order tasks ask it
TRIGGERS = "Triggered abilities as they will sit on the stack, top first"


def triggers(scope):
    """The items of the trigger-order list in ``scope``, top of the stack first."""
    return scope.get_by_role("list", name=TRIGGERS).get_by_role("listitem")


# Alt+Up on one trigger until it is first, Alt+Down on another until it is last, then a click on "Put
# them on the stack": in one task of the page, quicker than a round trip to the kernel.
MOVE_AND_CONFIRM = """(task, [top, bottom]) => {
  const item = (name) => [...task.querySelectorAll("li.rd-order-item")].find((li) => li.textContent.includes(name));
  const press = (name, key) => item(name).dispatchEvent(new KeyboardEvent("keydown", {key, altKey: true, bubbles: true}));
  while (item(top).previousElementSibling) press(top, "ArrowUp");
  while (item(bottom).nextElementSibling) press(bottom, "ArrowDown");
  [...task.querySelectorAll("button")].find((b) => b.textContent.includes("Put them on the stack")).click();
}"""


def no_code_on_page(page):
    # Markdown cells are rendered input; a code cell's source must never be there.
    assert page.locator(".jp-CodeCell .jp-InputArea, .jp-InputArea-editor, .CodeMirror, .cm-editor").count() == 0
    body = page.locator("body").inner_text()
    assert "from rulesdojo" not in body and "show(1," not in body


def prose_draws_energy(page, count: int) -> None:
    """The lesson's opening prose draws each {E} as the shipped symbol, with its text alternative."""
    intro = page.locator(".rd-prose").first
    expect(intro.get_by_role("img", name="energy").first).to_be_visible()
    assert intro.get_by_role("img", name="energy").count() == count
    assert intro.locator(".rd-sym svg[aria-label='energy']").count() == count  # the shipped SVG
    assert "{E}" not in intro.inner_text()


def take_lesson_1(page, ready_timeout: float = 40_000):
    """Do lesson 1's tasks and checks (a wrong answer first) on its open page, to "4 of 4 steps done"."""
    expect(page.get_by_text("0 of 4 steps done")).to_be_visible(timeout=ready_timeout)
    no_code_on_page(page)

    # Task 1: get two, pay five; paying too much is refused and changes nothing.
    task = part(page, "Get two, pay five")
    amount = task.get_by_label("Amount")
    amount.fill("2")
    amount.press("Tab")
    task.get_by_role("button", name="Get energy").click()
    expect(task.get_by_role("status", name="Alice has 7 energy")).to_be_visible()
    amount.fill("9")
    amount.press("Tab")
    task.get_by_role("button", name="Pay energy").click()
    expect(task.get_by_role("alert")).to_contain_text("CR 118.3")
    expect(task.get_by_role("status", name="Alice has 7 energy")).to_be_visible()
    amount.fill("5")
    amount.press("Tab")
    task.get_by_role("button", name="Pay energy").click()
    expect(task.get_by_text("✓ Done.")).to_be_visible()

    # Task 2: the Architect leaves, the energy stays.
    task = part(page, "A permanent leaving takes no energy with it")
    task.get_by_role("button", name="Forest", exact=True).click()
    task.get_by_role("menuitem", name="Play Forest").click()
    task.get_by_role("button", name="Resolve top").click()
    expect(task.get_by_role("status", name="Alice has 4 energy").first).to_be_visible()
    task.get_by_role("button", name=re.compile(r"Pass priority \(Alice\)")).click()
    task.get_by_role("button", name="Unsummon", exact=True).click()
    task.get_by_role("menuitem", name="Cast Unsummon targeting Alice's Architect of the Untamed").click()
    task.get_by_role("button", name="Resolve top").click()
    expect(task.get_by_text("✓ Done.")).to_be_visible()
    expect(task.get_by_role("status", name="Alice has 4 energy").first).to_be_visible()

    # Check 1: a wrong answer is explained, then the right one is accepted.
    check = part(page, "How much energy does Alice have now?")
    box = check.get_by_label("Your answer")
    box.fill("0")
    box.press("Tab")
    check.get_by_role("button", name="Check my answer").click()
    feedback = check.get_by_role("status").last
    expect(feedback).to_contain_text("Not yet")       # a hint, and another try
    expect(feedback).not_to_contain_text("the answer is")
    box.fill("2")
    box.press("Tab")
    check.get_by_role("button", name="Check my answer").click()
    expect(check.get_by_text("✓ Right.")).to_be_visible()

    # Check 2: a choice.
    check = part(page, "Where is the energy counter she gets?")
    check.get_by_label("On Alice, the player").check()
    check.get_by_role("button", name="Check my answer").click()
    expect(check.get_by_text("✓ Right.")).to_be_visible()
    expect(page.get_by_text("4 of 4 steps done")).to_be_visible()
    no_code_on_page(page)


def answer_whatever_is_asked(page):
    """Answer as a candidate who doesn't know: first option, or the number 1, or the order shown."""
    text = page.get_by_role("textbox", name="Your answer")
    radios = page.get_by_role("radio")
    if text.count() and text.is_visible():
        text.fill("1")
        text.press("Tab")
    elif radios.count() and radios.first.is_visible():
        radios.first.check()
    page.get_by_role("button", name="Submit", exact=True).click()


def start_quiz(page, name: str, questions: int):
    """Type a name and how many questions on the quiz's start screen, then start."""
    box = page.get_by_role("textbox", name="Your name")
    box.fill(name)
    box.press("Tab")
    count = page.get_by_role("spinbutton", name="Questions")
    count.fill(str(questions))
    count.press("Tab")
    page.get_by_role("button", name="Start").click()


def sign_in_to_hub(page, url: str, name: str, password: str, then: str = ""):
    """Sign in on the hub's page; the hub then starts the learner's server, or sends them to ``then``."""
    page.goto(url + "hub/login" + (f"?next=/{then}" if then else ""))
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
