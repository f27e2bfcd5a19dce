"""The static practice site: built by ``rulesdojo build-site``, served on 127.0.0.1, taken in chromium
that refuses every request leaving 127.0.0.1.

The site is built once per test session (``site`` in conftest.py, shared with the other site tests). Its one page is the course; the engine's check is a page of the test's own,
beside the site's Pyodide, that runs the kit's engine from the site's own wheels.
"""

from __future__ import annotations

import json
import re
import time
import urllib.parse
from pathlib import Path

import pytest
from playwright.sync_api import expect

from rulesdojo.quiz import load_bank

from learner import (MOVE_AND_CONFIRM, TRIGGERS, answer_whatever_is_asked, no_code_on_page, part, prose_draws_energy,
                     start_quiz, take_lesson_1)

pytestmark = pytest.mark.timeout(900)  # the first test waits for the site's build
SEED = 7
KERNEL_READY = 240_000  # ms: Pyodide starts the kernel in the page; the machine may be busy
# Resolves once the browser's storage holds the results file with that many finished lesson parts
# (the kernel's folder is written to IndexedDB each time the file is closed, after each change): the
# SQLite file's schema gives the table's first page, whose b-tree's leaves hold one cell per row.
STORED_PARTS = """async (parts) => {
  const db = await new Promise((ok, fail) => {
    const req = indexedDB.open("/rulesdojo-progress");
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  });
  if (!db.objectStoreNames.contains("FILE_DATA")) { db.close(); return false; }
  const entry = await new Promise((ok) => {
    const req = db.transaction("FILE_DATA").objectStore("FILE_DATA").get("/rulesdojo-progress/progress.sqlite3");
    req.onsuccess = () => ok(req.result);
    req.onerror = () => ok(null);
  });
  db.close();
  if (!entry || !entry.contents) return false;
  return tableRows(entry.contents, "lesson_parts") === parts;

  function tableRows(b, table) {
    let size = (b[16] << 8) | b[17];
    if (size === 1) size = 65536;
    const u32 = (at) => b[at] * 0x1000000 + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];
    const varint = (at) => {
      let v = 0;
      for (let i = 0; i < 8; i++) {
        v = v * 128 + (b[at + i] & 0x7f);
        if (b[at + i] < 0x80) return [v, at + i + 1];
      }
      return [v * 256 + b[at + 8], at + 9];
    };
    const leaves = (page, visit) => {  // each cell of a table b-tree's leaves
      const start = (page - 1) * size, h = start + (page === 1 ? 100 : 0), leaf = b[h] === 0x0d;
      const n = (b[h + 3] << 8) | b[h + 4], pointers = h + (leaf ? 8 : 12);
      for (let i = 0; i < n; i++) {
        const cell = start + ((b[pointers + 2 * i] << 8) | b[pointers + 2 * i + 1]);
        if (leaf) visit(cell); else leaves(u32(cell), visit);
      }
      if (!leaf) leaves(u32(h + 8), visit);
    };
    const width = (t) => (t >= 12 ? Math.floor((t - 12) / 2) : [0, 1, 2, 3, 4, 6, 8, 8, 0, 0][t]);
    let root = 0;
    leaves(1, (cell) => {  // the schema: type, name, tbl_name, rootpage, sql
      const [, afterSize] = varint(cell);
      const [, record] = varint(afterSize);
      const [headerSize, first] = varint(record);
      const columns = [];
      for (let at = first, body = record + headerSize; at < record + headerSize;) {
        const [t, next] = varint(at);
        columns.push([t, body]);
        body += width(t);
        at = next;
      }
      const text = ([t, at]) => new TextDecoder().decode(b.subarray(at, at + width(t)));
      const int = ([t, at]) => (t === 9 ? 1 : [...b.subarray(at, at + width(t))].reduce((v, x) => v * 256 + x, 0));
      if (text(columns[0]) === "table" && text(columns[1]) === table) root = int(columns[3]);
    });
    let rows = 0;
    if (root) leaves(root, () => { rows += 1; });
    return root ? rows : -1;
  }
}"""
# A page beside the site's Pyodide that prints the engine's right answer to every bank question for
# each of SEEDS, run by the site's runtime and wheels (what the learner's browser runs).
SEEDS = (SEED, 1)
ENGINE_CHECK = """<!doctype html><meta charset="utf-8"><title>engine check</title><pre class="engine-answers"></pre>
<script type="module">
import { loadPyodide } from "./pyodide.mjs";
const py = await loadPyodide({indexURL: new URL(".", location.href).href, packages: ["rulesdojo", "pydantic"]});
const answers = py.runPython(`
import json
from rulesdojo.quiz import load_bank
json.dumps({f"{q.id} {seed}": q.variant(seed=seed).solution().right_answer_text
            for q in load_bank().select() for seed in SEEDS})
`);
const out = document.querySelector("pre");
out.textContent = answers;
out.dataset.done = "1";
</script>""".replace("SEEDS", repr(SEEDS))


def wait_until_stored(page, parts: int, timeout: float = 60.0) -> None:
    """Wait until the browser's storage holds that many finished lesson parts."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(STORED_PARTS, parts):
        assert time.monotonic() < deadline, f"the browser's storage never held {parts} finished parts"
        page.wait_for_timeout(200)


@pytest.fixture
def site_page(offline_browser):
    """A fresh page (a cold cache) whose every request, the kernel's worker's too, is checked."""
    context = offline_browser.new_context(viewport={"width": 1400, "height": 900}, service_workers="block")
    context.set_default_timeout(30_000)
    blocked, seen = [], []

    def only_local(route):
        url = route.request.url
        if urllib.parse.urlsplit(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            blocked.append(url)
            route.abort()

    context.route("**/*", only_local)
    context.on("request", lambda r: seen.append(r.url))
    page = context.new_page()
    yield page
    context.close()
    print("blocked requests:", blocked)
    assert not blocked, blocked
    assert seen and all(u.startswith(("http://127.0.0.1:", "data:", "blob:")) for u in seen), seen


def test_landing_page_to_a_completed_lesson_1(site_url, site_page):
    page = site_page
    page.goto(site_url)
    expect(page.get_by_text("Exams are not offered here").first).to_be_visible()
    first = page.locator(".rd-course-page").get_by_role("link", name="What energy is", exact=True)
    expect(first).to_be_visible(timeout=KERNEL_READY)
    no_code_on_page(page)
    page.evaluate("() => { window.rdSamePage = true; }")
    first.click()
    page.wait_for_url(re.compile(r"#/lesson/1$"))
    take_lesson_1(page, ready_timeout=KERNEL_READY)
    assert page.evaluate("() => window.rdSamePage === true"), "the lesson loaded another page (another Python)"
    prose_draws_energy(page, 4)

    # What was done stays in this browser: after a reload the lesson and the course map show it.
    wait_until_stored(page, 4)
    page.reload()
    expect(page.get_by_text("4 of 4 steps done")).to_be_visible(timeout=KERNEL_READY)
    expect(page.get_by_text("kept in this browser").first).to_be_visible()
    # The former site's address of the map opens the course page's map.
    page.goto(site_url + "voici/render/index.html")
    page.wait_for_url(re.compile(r"/index\.html#/$"))
    lesson_1 = page.get_by_role("listitem").filter(has=page.get_by_role("link", name="What energy is", exact=True))
    expect(lesson_1).to_contain_text("Finished ·", timeout=KERNEL_READY)


def test_a_practice_question_and_the_engine_answers_as_the_server(site, site_url, site_page):
    page = site_page
    page.goto(site_url + "voici/render/quiz.html")  # the former address of the quiz: its place now
    page.wait_for_url(re.compile(r"/index\.html#/quiz$"))
    name = page.get_by_role("textbox", name="Your name")
    expect(name).to_be_visible(timeout=KERNEL_READY)
    expect(page.get_by_role("button", name="Exam")).to_have_count(0)   # practice only
    start_quiz(page, "Ana", 1)
    expect(page.get_by_text("Question 1 of 1")).to_be_visible()
    answer_whatever_is_asked(page)
    feedback = page.locator(".rd-ok, .rd-error").filter(has_text=re.compile("Right|Not right")).last
    expect(feedback).to_contain_text(re.compile(r"(Right|Not right)\.\s*\S.{40}"))  # the engine's why follows
    no_code_on_page(page)

    (site / "pyodide" / "engine-check.html").write_text(ENGINE_CHECK, encoding="utf-8")  # the test's own page
    page.goto(site_url + "pyodide/engine-check.html")
    shown = page.locator("pre.engine-answers[data-done]")
    expect(shown).to_be_attached(timeout=KERNEL_READY)
    in_browser = json.loads(shown.inner_text())
    on_server = {f"{q.id} {seed}": q.variant(seed=seed).solution().right_answer_text
                 for q in load_bank().select() for seed in SEEDS}
    assert len(on_server) == 2 * len(load_bank().select())
    assert in_browser == on_server


def test_the_course_map_shows_while_python_starts_and_a_lesson_chosen_then_opens(site_url, site_page):
    page = site_page
    page.goto(site_url, wait_until="domcontentloaded")
    early = page.locator(".rulesdojo-course-now")   # in the page's HTML, made when the site was built
    expect(early.get_by_role("status")).to_contain_text("Python is starting in your browser")
    expect(early.locator(".rd-state").first).to_have_text("Finding your progress…")  # not guessed
    early.get_by_role("link", name="Landfall", exact=True).click()
    expect(page).to_have_url(re.compile(r"#/lesson/7$"))
    expect(page.get_by_role("heading", name="Lesson 7: Landfall", level=1)).to_be_visible(timeout=KERNEL_READY)
    expect(page.locator(".rulesdojo-course-now")).to_have_count(0)   # gone once the page's own map is drawn
    # The trigger order here too: moves and the confirm at once put the order shown on the stack.
    task = part(page, "You choose the order")
    task.get_by_role("button", name="Forest", exact=True).click()
    task.get_by_role("menuitem", name="Play Forest").click()
    expect(task.get_by_role("list", name=TRIGGERS)).to_be_visible()
    task.evaluate(MOVE_AND_CONFIRM, ["Architect of the Untamed", "Steppe Lynx"])
    stack = task.get_by_role("list", name="Stack, top first").get_by_role("listitem")
    expect(stack).to_have_count(3)
    expect(stack.first).to_contain_text("Architect of the Untamed")
    expect(stack.last).to_contain_text("Steppe Lynx")
    page.get_by_role("link", name="All lessons").first.click()
    expect(page.get_by_role("heading", name="Lessons", exact=True)).to_have_count(1)


# The former site's progress file, as its JSON store wrote it, and the learner's key file beside it
# (the browser's one learner), put where that site kept them: IDBFS's database for the progress
# folder (Emscripten's layout: one entry per path, the folder's too).
FORMER_PROGRESS = Path(__file__).resolve().parents[1] / "data" / "progress-json-v1.json"
OPEN_PROGRESS_FOLDER = """  const db = await new Promise((ok, fail) => {
    const req = indexedDB.open("/rulesdojo-progress", 21);
    req.onupgradeneeded = () => req.result.createObjectStore("FILE_DATA")
      .createIndex("timestamp", "timestamp", {unique: false});
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  });
  const store = db.transaction("FILE_DATA", "readwrite").objectStore("FILE_DATA");
  const now = new Date();
  store.put({timestamp: now, mode: 0o40755}, "/rulesdojo-progress");
"""
PUT_FORMER_PROGRESS = """async ([text, key]) => {
""" + OPEN_PROGRESS_FOLDER + """  store.put({timestamp: now, mode: 0o100644, contents: new TextEncoder().encode(text)},
            "/rulesdojo-progress/progress.json");
  store.put({timestamp: now, mode: 0o100600, contents: new TextEncoder().encode(key + "\\n")},
            "/rulesdojo-progress/learner-key");
  await new Promise((ok, fail) => { store.transaction.oncomplete = ok; store.transaction.onerror = fail; });
  db.close();
}"""


def test_progress_kept_by_the_former_site_is_carried_over(site_url, site_page):
    page = site_page
    former = json.loads(FORMER_PROGRESS.read_text(encoding="utf-8"))
    learner = former["lesson_parts"][0][0]
    lesson_1 = {part for who, lesson, part, *_ in former["lesson_parts"]
                if who == learner and lesson == "01-what-energy-is" and not part.startswith("before:")}
    page.goto(site_url + "rulesdojo-site.json")  # a file of the site: its origin's storage, no Python
    page.evaluate(PUT_FORMER_PROGRESS, [FORMER_PROGRESS.read_text(encoding="utf-8"), learner])
    page.goto(site_url + "#/lesson/1")
    expect(page.get_by_text(f"{len(lesson_1)} of 4 steps done")).to_be_visible(timeout=KERNEL_READY)
    page.reload()  # carried over once: the same, not twice as much
    expect(page.get_by_text(f"{len(lesson_1)} of 4 steps done")).to_be_visible(timeout=KERNEL_READY)


def test_two_learners_each_see_their_own_progress(site_url, offline_browser):
    contexts = [offline_browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        ana, ben = (c.new_page() for c in contexts)
        ana.goto(site_url + "#/lesson/1")
        take_lesson_1(ana, ready_timeout=KERNEL_READY)
        wait_until_stored(ana, 4)
        ben.goto(site_url + "#/lesson/1")
        expect(ben.get_by_text("0 of 4 steps done")).to_be_visible(timeout=KERNEL_READY)
        ana.reload()
        expect(ana.get_by_text("4 of 4 steps done")).to_be_visible(timeout=KERNEL_READY)
    finally:
        for c in contexts:
            c.close()


def test_every_place_of_the_page_passes_axe(site_url, site_page):
    from axe_playwright_python.sync_playwright import Axe
    page = site_page
    problems = []
    for place, heading in (("", "Lessons"), ("lesson/7", "Lesson 7: Landfall"), ("quiz", "Judge training quiz"),
                           ("sandbox", "Sandbox")):
        page.goto(site_url + "#/" + place)
        expect(page.get_by_role("heading", name=heading).first).to_be_visible(timeout=KERNEL_READY)
        for v in Axe().run(page).response["violations"]:
            if v["impact"] in ("serious", "critical"):
                problems.append(f"#/{place}: axe {v['id']} ({v['impact']}): {v['help']} at "
                                f"{[n['target'] for n in v['nodes'][:3]]}")
    assert not problems, "\n".join(problems)


def test_a_page_whose_python_cant_start_says_so_at_once(site_url, site_page):
    page = site_page
    page.context.route("**/pyodide.asm.wasm", lambda route: route.abort())  # the worker's request too
    page.goto(site_url)
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Python couldn't start in this page", timeout=60_000)
    expect(alert).to_contain_text("pyodide.asm.wasm couldn't be fetched")
    expect(alert).to_contain_text("Reload the page to start again")
    expect(page.locator(".rulesdojo-course-now").get_by_role("link", name="Landfall", exact=True)).to_be_visible()


def test_a_page_whose_python_cant_start_says_so_in_the_learners_language(site_url, browser):
    context = browser.new_context(locale="es-ES")
    try:
        page = context.new_page()
        context.route("**/pyodide.asm.wasm", lambda route: route.abort())  # the worker's request too
        page.goto(site_url)
        alert = page.locator("#rulesdojo-stopped")
        expect(alert).to_contain_text("Python no pudo iniciarse en esta página", timeout=60_000)
        expect(alert).to_contain_text("pyodide.asm.wasm couldn't be fetched")  # the browser's own account
        expect(alert).to_contain_text("Recarga la página para empezar de nuevo")
        expect(page.locator(".rulesdojo-starting").filter(visible=True)).to_have_text(
            "Python se detuvo: el mensaje de arriba de la página dice por qué.")
    finally:
        context.close()


# The results file and the learner's key file, put where the site keeps them (IDBFS's database for
# the progress folder, as above): what the site's store reads when its page starts.
PUT_RESULTS = """async ([bytes, key]) => {
""" + OPEN_PROGRESS_FOLDER + """  store.put({timestamp: now, mode: 0o100644, contents: new Uint8Array(bytes)},
            "/rulesdojo-progress/progress.sqlite3");
  store.put({timestamp: now, mode: 0o100600, contents: new TextEncoder().encode(key + "\\n")},
            "/rulesdojo-progress/learner-key");
  await new Promise((ok, fail) => { store.transaction.oncomplete = ok; store.transaction.onerror = fail; });
  db.close();
}"""


def test_reviews_due_then_review_by_keys_then_the_map_says_what_is_left(site_url, site_page, tmp_path):
    import sqlite3

    from reviews_seeded import KEY, seed
    from test_reviews_due_browser import review_by_keys
    page = site_page
    results = tmp_path / "progress.sqlite3"
    due = seed(results)
    con = sqlite3.connect(results)  # one file, as the browser's storage keeps it: no write-ahead log
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.execute("PRAGMA journal_mode=DELETE")
    con.close()
    page.goto(site_url + "rulesdojo-site.json")  # a file of the site: its origin's storage, no Python
    page.evaluate(PUT_RESULTS, [list(results.read_bytes()), KEY])
    page.goto(site_url)
    line = page.locator(".rd-due")
    expect(line).to_contain_text(re.compile(rf"Due today: {due} rulings to review, about \d+ minutes?"),
                                 timeout=KERNEL_READY)
    line.get_by_role("button", name="Review").click()
    expect(page).to_have_url(re.compile(r"#/review$"), timeout=60_000)
    page.get_by_role("textbox", name="Your name").fill("Ana")
    page.get_by_role("button", name="Start the review").click()
    expect(page.get_by_role("status").filter(has_text=f"Question 1 of {due}")).to_be_visible(timeout=60_000)
    assert review_by_keys(page) >= due
    page.get_by_role("link", name="Back to the course map").click()
    expect(page).to_have_url(re.compile(r"#/$"), timeout=60_000)
    said = line.get_by_role("status")  # nothing left, or fewer rulings: a lapse comes back within minutes
    expect(said).to_have_text(re.compile(rf"^(Next review in \d+ (minutes?|hours?|days?)|"
                                         rf"Due today: [1-{due - 1}] rulings? to review, about \d+ minutes?)$"),
                              timeout=60_000)
