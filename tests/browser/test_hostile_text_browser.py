"""Hostile names and texts stay text in a real browser: from scenario files, an upload, a learner's name
and a typed answer, through the served sandbox and quiz.

Names are text: those with markup or quotes pass the door and reach the board, its labels, the
trigger order, the stack, the choice panel, the log and the turn bar as text; a name with a control
character is refused, and the refusal (which names the file) must itself stay text.
Each step checks that no dialog fired, that nothing added an element or attribute that runs script
(a MutationObserver watches from before the page's first byte) and that the strings read verbatim.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from playwright.sync_api import expect

from rulesdojo.serve.identity import Source
from rulesdojo.scenarios.folder import FOLDER_ENV, scenarios_folder
from rulesdojo.serve.serving import identity_args
from rulesdojo.views.quiz import ruling_label

ROOT = Path(__file__).resolve().parents[2]
TAG_FILE = 'Eve"><img src=x onerror=alert(1)>'                 # a file name and its title
TAG_UPLOAD = 'up"><img src=x onerror=alert(2)>.yaml'
TAG_PLAYER = "Mal'\"><script>alert(3)</script>"
QUOTED_TITLE = 'Eve\'s "table" x" onmouseover="alert(4)'      # quotes pass the door
QUOTED_PLAYER = 'Eve" autofocus onfocus="alert(5)'
QUOTED_OTHER = "O'Neil' onclick='alert(6)"
LEARNER = 'Ana"><img src=x onerror=alert(7)> & \'Tom\''      # the name the proxy vouches for
HEADER = Source("header", "X-Forwarded-User")
ANSWER = "<img src=x onerror=alert(8)>&amp;"

WATCH = """
window.__injected = [];
new MutationObserver(records => {
  const check = el => {
    if (el.nodeType !== 1) return;
    for (const a of el.attributes) if (/^on/i.test(a.name)) window.__injected.push(el.tagName + '@' + a.name);
    if (el.tagName === 'SCRIPT' && /alert\\(/.test(el.textContent)) window.__injected.push('SCRIPT');
    if (el.tagName === 'IMG' && el.getAttribute('src') === 'x') window.__injected.push('IMG');
  };
  for (const r of records) {
    if (r.type === 'attributes') check(r.target);
    for (const n of r.addedNodes || []) { check(n); if (n.querySelectorAll) n.querySelectorAll('*').forEach(check); }
  }
}).observe(document, {childList: true, subtree: true, attributes: true});
"""


def scenario(title: str, players: list[dict]) -> str:
    # JSON strings are YAML strings: the hostile text reaches the reader as written.
    return f"name: {json.dumps(title)}\nsetup:\n  players:\n" + "".join(
        f"    - {json.dumps(p)}\n" for p in players)


def clean(page, dialogs: list, *verbatim: str) -> None:
    """Nothing ran or was injected; each string reads verbatim in the page's visible text."""
    assert dialogs == []
    assert page.evaluate("window.__injected") == []
    assert page.evaluate("""Array.from(document.querySelectorAll('*')).flatMap(
        el => Array.from(el.attributes, a => a.name).filter(n => /^on/i.test(n)))""") == []
    assert page.locator("img[src='x'], [autofocus]").count() == 0
    text = page.locator("body").inner_text()
    for s in verbatim:
        assert s in text, (s, text[-2000:])


def test_hostile_names_and_texts_stay_text_in_the_sandbox_and_the_quiz(tmp_path, voila_processes, browser):
    folder = tmp_path / "scenarios"
    folder.mkdir()
    shutil.copy(scenarios_folder() / "01-architect-landfall.yaml", folder)  # the sandbox page's first board
    (folder / "quotes.yaml").write_text(scenario(QUOTED_TITLE, [
        {"name": QUOTED_PLAYER, "hand": ["Forest"], "battlefield": ["Steppe Lynx", "Lotus Cobra", "Aether Hub"], "energy": 1},
        {"name": QUOTED_OTHER}]), encoding="utf-8")
    (folder / f"{TAG_FILE}.yaml").write_text(scenario(TAG_FILE, [{"name": TAG_PLAYER}, {"name": "Nadia"}]),
                                             encoding="utf-8")
    _, url = voila_processes(ROOT / "lessons", {FOLDER_ENV: str(folder),
                                                "RULESDOJO_RESULTS": str(tmp_path / "results.sqlite3"),
                                                "RULESDOJO_IDENTITY": HEADER.setting()},
                             extra_args=identity_args(HEADER))
    context = browser.new_context(viewport={"width": 1400, "height": 900},
                                  extra_http_headers={HEADER.header: LEARNER})
    context.set_default_timeout(30_000)
    context.add_init_script(WATCH)
    page = context.new_page()
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    try:
        page.goto(url + "voila/render/sandbox.ipynb", wait_until="domcontentloaded")
        pick = page.get_by_label("Scenario", exact=True)
        load = page.get_by_role("button", name="Load", exact=True)
        expect(load).to_be_visible(timeout=60_000)                     # the kernel ran, widgets rendered

        # A file with quotes in its title and names: loaded, every view shows them as text.
        pick.select_option(label=QUOTED_TITLE)
        load.click()
        expect(page.get_by_role("status", name=f"{QUOTED_PLAYER} has 1 energy").first).to_be_visible()
        expect(page.get_by_role("status", name=f"{QUOTED_OTHER} has 0 energy").first).to_be_visible()
        page.get_by_role("button", name="Forest", exact=True).click()
        page.get_by_role("menuitem", name="Play Forest").click()          # two landfall triggers wait
        confirm = page.get_by_role("button", name="Put them on the stack")
        expect(confirm).to_be_enabled()
        clean(page, dialogs, QUOTED_TITLE, QUOTED_PLAYER, QUOTED_OTHER)
        confirm.click()                                                   # the stack, then a choice
        page.get_by_role("button", name="Resolve top").click()
        expect(page.get_by_text(f"{QUOTED_PLAYER}: Choose a color of mana to add")).to_be_visible()
        expect(page.locator(".rd-error")).to_have_count(0)
        clean(page, dialogs, f"{QUOTED_PLAYER}'s Steppe Lynx", f"{QUOTED_PLAYER} is choosing now",
              f"{QUOTED_PLAYER} plays Forest")                          # stack, who decides, the log

        # A file whose title and player hold markup: names are text, so it loads and both read verbatim.
        pick.select_option(label=TAG_FILE)
        load.click()
        expect(page.get_by_role("status", name=f"{TAG_PLAYER} has 0 energy").first).to_be_visible()
        clean(page, dialogs, TAG_FILE, TAG_PLAYER)

        # An upload whose player hides a bidi override: refused, the file's name said as text.
        with page.expect_file_chooser() as chooser:
            page.get_by_role("button", name=re.compile("Upload a scenario")).click()
        chooser.value.set_files({"name": TAG_UPLOAD, "mimeType": "application/x-yaml",
                                 "buffer": scenario("up", [{"name": "Nadia"}, {"name": "Ma\u202el"}]).encode()})
        expect(page.get_by_role("alert").filter(has_text=TAG_UPLOAD)).to_be_visible()
        expect(page.get_by_role("alert").filter(has_text=TAG_UPLOAD)).to_contain_text("holds a control character")
        clean(page, dialogs, TAG_UPLOAD)

        # The quiz: the learner's name, and a typed answer echoed in the feedback and the review.
        page.goto(url + "voila/render/quiz.ipynb", wait_until="domcontentloaded")
        expect(page.get_by_text(f"Signed in as {LEARNER}.")).to_be_visible(timeout=60_000)
        clean(page, dialogs, LEARNER)
        page.get_by_label("Rulings").select_option(label=ruling_label("E3"))  # mostly number answers
        count = page.get_by_role("spinbutton", name="Questions")
        count.fill("20")                                                  # more than E3 has: all of them
        count.press("Tab")
        page.get_by_role("button", name="Start").click()
        box = page.get_by_role("textbox", name="Your answer")
        for n in range(1, 14):
            expect(page.get_by_role("status").filter(has_text=re.compile(rf"Question {n} of"))).to_be_visible()
            if box.is_visible():
                break
            radios = page.get_by_role("radio")
            if radios.count() and radios.first.is_visible():
                radios.first.check()                                      # an option question: pass it by
            page.get_by_role("button", name="Submit", exact=True).click()  # an order question: as shown
            expect(page.get_by_role("status").filter(has_text=re.compile("Right|Not right"))).to_be_visible()
            page.get_by_role("button", name="Next question").click()
        box.fill(ANSWER)
        box.press("Tab")
        page.get_by_role("button", name="Submit", exact=True).click()
        expect(page.get_by_role("status").filter(has_text="Not right")).to_be_visible()
        clean(page, dialogs, ANSWER)
        page.get_by_role("button", name="End the practice now").click()
        expect(page.get_by_role("heading", name=re.compile("Your results"))).to_be_visible()
        clean(page, dialogs, ANSWER)
    finally:
        context.close()
