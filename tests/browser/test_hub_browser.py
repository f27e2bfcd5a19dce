"""JupyterHub for real: the kit's hub configuration, three learners signed in with a password, each
taking a quiz on their own server; answers are recorded under the hub's names whatever headers the
browser forges, nobody opens another's server, and only the mentors' group reaches the trainer."""

from __future__ import annotations

import re

import psutil
import pytest
from conftest import HUB_PASSWORD, MENTORS_PASSWORD, _stop, start_hub
from learner import answer_whatever_is_asked, sign_in_to_hub
from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect

from rulesdojo.quiz.store import ResultStore

LEARNERS = ("ana", "bo", "cy")
MENTOR = "mia"
FORGED = {"X-JupyterHub-User": "bo", "X-Forwarded-User": "bo", "X-Remote-User": "bo"}
WAIT = 60_000
pytestmark = pytest.mark.timeout(900)  # the hub waits for the mentors' server, then three learners' start


@pytest.fixture
def hub(tmp_path):
    """JupyterHub with the kit's configuration (mentors sign in with their own password); yield (base
    URL, results file, process)."""
    proc, url, results, log = start_hub(tmp_path)
    yield url, results, proc
    _stop(proc)   # the hub stops every learner's server and the mentors' service
    print(f"--- {log} ---\n{log.read_text(errors='replace')[-6000:]}")


def sign_in(browser, url: str, name: str, headers: dict | None = None, then: str = "",
            password: str = HUB_PASSWORD):
    """Sign in to the hub in a browser of the person's own; return the page."""
    context = browser.new_context(extra_http_headers=headers or {}, viewport={"width": 1400, "height": 900})
    context.set_default_timeout(WAIT)
    page = context.new_page()
    sign_in_to_hub(page, url, name, password, then)
    return page


def practise(page, name: str, questions: int = 2) -> None:
    """Take a practice quiz on the learner's open quiz page, signed in as the hub's name."""
    expect(page.get_by_role("status").filter(has_text="Signed in as")).to_contain_text(name, timeout=WAIT)
    expect(page.get_by_role("textbox", name="Your name")).to_be_hidden()
    count = page.get_by_role("spinbutton", name="Questions")
    count.fill(str(questions))
    count.press("Tab")
    page.get_by_role("button", name="Start").click()
    for n in range(1, 2 * questions + 1):   # a missed question comes back once
        expect(page.get_by_role("status").filter(has_text=re.compile(rf"Question {n} of \d"))).to_be_visible()
        answer_whatever_is_asked(page)
        see = page.get_by_role("button", name="See the results")
        following = page.get_by_role("button", name="Next question")
        expect(see.or_(following)).to_be_visible()
        # The answer's last updates may still turn one button into the other (the practice's length
        # is known once the answer is reviewed): click whichever is shown, asking again until one is.
        for _ in range(60):
            if see.is_visible():
                break
            try:
                following.click(timeout=1000)
                break
            except PlaywrightTimeout:
                continue
        if see.is_visible():
            see.click()
            break
    expect(page.get_by_role("heading", name=re.compile(r"Your results: \d of \d right"))).to_be_visible()


def kernel_of(page) -> str:
    """Return the id of the kernel behind an open Voila page (it is in the page's own source)."""
    return re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", page.content()).group(0)


OPEN_SOCKET = """url => new Promise(done => {
  const ws = new WebSocket(url);
  ws.onopen = () => { done("open"); ws.close(); };
  ws.onerror = () => done("refused");
})"""


def test_three_learners_take_a_quiz_through_the_hub_under_the_hub_names(hub, browser):
    url, results, proc = hub
    # ana and cy's browsers also send headers naming bo; the hub's name is the only one used.
    pages = {name: sign_in(browser, url, name, None if name == "bo" else FORGED) for name in LEARNERS}
    for name, page in pages.items():   # their servers start side by side
        page.wait_for_url(re.compile(rf".*/user/{name}/voila/render/course\.ipynb"), timeout=2 * WAIT)
    for name, page in pages.items():   # the three quiz pages load side by side too
        page.goto(url + f"user/{name}/voila/render/quiz.ipynb", wait_until="commit")
    for name, page in pages.items():
        practise(page, name)

    store = ResultStore(results)
    answers = store.attempts()
    assert {a.candidate for a in answers} == set(LEARNERS)
    for name in LEARNERS:   # one practice session each: the forged headers added nothing to bo's
        assert {a.session for a in answers if a.candidate == name} and \
            len({a.session for a in answers if a.candidate == name}) == 1
        assert all(a.mode == "practice" for a in store.history(name))

    # Each kernel knows its learner from the spawner, and holds none of the hub's tokens.
    kernels = [p for p in psutil.Process(proc.pid).children(recursive=True) if "ipykernel" in " ".join(p.cmdline())]
    assert {k.environ()["JUPYTERHUB_USER"] for k in kernels} == set(LEARNERS)
    assert not [k for k in kernels if "JUPYTERHUB_API_TOKEN" in k.environ() or "JPY_API_TOKEN" in k.environ()]

    # ana can't open bo's server: its pages, its kernels' API, the websocket to bo's open quiz kernel.
    ana, bo_kernel = pages["ana"], kernel_of(pages["bo"])
    quiz = ana.request.get(url + "user/bo/voila/render/quiz.ipynb")
    assert quiz.status == 403 and "Judge training quiz" not in quiz.text()
    assert ana.request.get(url + f"user/bo/api/kernels/{bo_kernel}").status == 403
    socket = url.replace("http", "ws") + f"user/bo/api/kernels/{bo_kernel}/channels"
    assert ana.evaluate(OPEN_SOCKET, socket) == "refused"
    assert pages["bo"].evaluate(OPEN_SOCKET, socket) == "open"   # the same socket, for its owner

    # The mentors' server: a learner is refused, a member of the mentors' group sees everyone's answers.
    trainer = "services/rulesdojo-mentor/voila/render/trainer.ipynb"
    assert ana.request.get(url + trainer).status == 403
    mentor = sign_in(browser, url, MENTOR, then=trainer, password=MENTORS_PASSWORD)
    mentor.get_by_role("radio", name="Practice").or_(mentor.get_by_role("button", name="Practice")).click(timeout=WAIT)
    mentor.context.close()
    # The mentor's name with the class password: signed in as "mia", but not in the mentors' group.
    impostor = sign_in(browser, url, MENTOR, then=trainer)
    expect(impostor.get_by_text("403")).to_be_visible(timeout=WAIT)
    assert impostor.request.get(url + trainer).status == 403
    impostor.context.close()
    mentor = sign_in(browser, url, MENTOR, then=trainer, password=MENTORS_PASSWORD)  # in the group again
    mentor.get_by_role("radio", name="Practice").or_(mentor.get_by_role("button", name="Practice")).click(timeout=WAIT)
    for name in LEARNERS:
        expect(mentor.get_by_role("table", name="Attempts by candidate")).to_contain_text(name, timeout=WAIT)


def test_a_mentor_listed_by_name_cant_sign_in_with_the_class_password(tmp_path, browser):
    """The authenticator given to jupyterhub itself, which `rulesdojo hub` could not check: the hub
    refuses the sign-in of a member of the mentors' group by the one class password."""
    proc, url, _results, log = start_hub(tmp_path, authenticator_on_command_line=True,
                                         extra_config=f'\nc.JupyterHub.load_groups = '
                                                      f'{{"mentors": {{"users": ["{MENTOR}"]}}}}\n')
    try:
        trainer = "services/rulesdojo-mentor/voila/render/trainer.ipynb"
        impostor = sign_in(browser, url, MENTOR, then=trainer)
        expect(impostor.get_by_text("Invalid username or password")).to_be_visible(timeout=WAIT)
        assert "hub/login" in impostor.url
        assert f"{MENTOR} is in the group mentors" in log.read_text(errors="replace")
        learner = sign_in(browser, url, "ana")                    # a learner still signs in
        learner.wait_for_url(re.compile(r".*/user/ana/voila/render/course\.ipynb"), timeout=2 * WAIT)
    finally:
        _stop(proc)
        print(f"--- {log} ---\n{log.read_text(errors='replace')[-4000:]}")
