"""The quiz widget driven as a candidate would; the right answer never reaches the page before submission."""

import json
import re

import ipywidgets as ipw
import pytest

from rulesdojo.quiz import load_bank
from rulesdojo.quiz.exam import Exam
from rulesdojo.quiz.model import Bank
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views import Quiz, Trainer
from rulesdojo.views.dom import plain

from dom_nodes import elements, table_rows

BANK = load_bank()


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def one_of_each_kind():
    seen = {}
    for q in BANK:
        seen.setdefault(q.kind, q)
    return Bank(list(seen.values()))


def exam_of(bank, minutes=None, count=None, **more):
    """An exam a mentor might write, over every question of ``bank`` (or ``count`` of them)."""
    ids = [q.id for q in bank][:count]
    return Exam.from_dict({"id": "check", "title": "Check", "questions": {"ids": ids},
                           **({"time_limit": minutes} if minutes else {}), **more}, bank=bank)


def start(quiz, name="Ana", mode="practice", count=None):
    quiz.name.value = name
    quiz.mode.value = mode
    if mode == "practice":
        quiz.count.value = count or len(quiz.bank)
    quiz.start_button.click()


def answer_with(quiz, text):
    v = quiz.session.current
    if v.answer_format in ("option", "yes/no"):
        quiz.choice.value = text
    elif v.answer_format == "order":
        labels = [s.strip() for s in text.split(" (or")[0].split(", then ")]
        quiz.order.order = [v.options.index(label) for label in labels]
    else:
        quiz.number.value = text
    quiz.submit_button.click()


def right_text(quiz):
    return quiz.session.current.solution().right_answer_text


def wrong_text(quiz):
    v = quiz.session.current
    if v.answer_format in ("option", "yes/no"):
        return next(o for o in v.options if o != right_text(quiz))
    if v.answer_format == "order":
        return ", then ".join(reversed(right_text(quiz).split(" (or")[0].split(", then ")))
    return "999"


def test_practice_gives_feedback_after_each_answer_and_brings_a_miss_back(tmp_path):
    store = ResultStore(tmp_path / "r.sqlite3")
    quiz = Quiz(one_of_each_kind(), store=store, exam_allowed=False)
    start(quiz)
    total = quiz.session.total
    answer_with(quiz, right_text(quiz))
    assert "✓ Right" in quiz.feedback.text and "score 1 of 1" in quiz.status.text
    quiz.next_button.click()
    missed = quiz.session.current.id
    wrong = wrong_text(quiz)
    expected = right_text(quiz)
    answer_with(quiz, wrong)
    assert "✗ Not right" in quiz.feedback.text
    assert re.sub(r"\{\w\}", "", expected)[:20] in re.sub(r"\{\w\}", "", quiz.feedback.text)
    assert "['ruling'," not in str(quiz.feedback.content)  # rulings named, their text not read out
    assert quiz.feedback.text.count("The answer:") <= 1
    assert quiz.session.total == total          # N questions asked means N: the miss comes back inside
    assert [v.id for v in quiz.session.variants[quiz.session.index + 1:]].count(missed) == 1
    while not quiz.session.done:
        quiz.next_button.click()
        if not quiz.session.done:
            answer_with(quiz, right_text(quiz))
    assert f"{total - 1} of {total} right" in quiz.review.text
    assert len(store.history("Ana")) == total
    heads = [plain(n[2:]) for n in elements(quiz.review.content) if n[0] in ("h4", "caption")]
    assert heads.index("Your mastery per ruling") < heads.index("Your answers")  # at the top
    assert "Energy is on the player" in quiz.review.text or "Getting and paying energy" in quiz.review.text


def test_ending_a_practice_early_scores_only_what_was_answered(tmp_path):
    quiz = Quiz(one_of_each_kind(), store=ResultStore(tmp_path / "r.sqlite3"), exam_allowed=False)
    start(quiz)
    total = quiz.session.total
    assert total > 2
    answer_with(quiz, right_text(quiz))
    quiz.next_button.click()
    answer_with(quiz, wrong_text(quiz))
    quiz.finish_button.click()
    assert "1 of 2 right" in quiz.review.text and f"of {total} right" not in quiz.review.text
    assert "not answered" not in quiz.review.text


def test_exam_shows_nothing_until_the_review(tmp_path):
    bank = one_of_each_kind()
    quiz = Quiz(bank, store=ResultStore(tmp_path / "r.sqlite3"), exam_allowed=True, exams=[exam_of(bank)])
    start(quiz, mode="exam")
    first = quiz.session.current
    answer_with(quiz, wrong_text(quiz))
    assert quiz.feedback.text == "" and quiz.session.index == 1  # straight on, no verdict
    assert "score" not in quiz.status.text
    while not quiz.session.done:
        answer_with(quiz, right_text(quiz))
    rows = table_rows(quiz.review.content, "Your answers")
    assert len(rows) == quiz.session.total
    assert rows[0][3] == "✗ wrong" and all(r[3] == "✓ right" for r in rows[1:])
    assert re.sub(r"\{\w\}", "", first.solution().explanation.splitlines()[0])[:25] in re.sub(r"\{\w\}", "", rows[0][5])


def test_timer_expiry_ends_the_exam(tmp_path):
    clock = Clock()
    bank = one_of_each_kind()
    quiz = Quiz(bank, store=ResultStore(tmp_path / "r.sqlite3"), exam_allowed=True, clock=clock,
                exams=[exam_of(bank, minutes=1)])
    start(quiz, mode="exam")
    assert "Time left: 1:00" in quiz.countdown.text
    answer_with(quiz, right_text(quiz))
    clock.now += 30
    quiz.tick()
    assert "Time left: 0:30" in quiz.countdown.text
    clock.now += 31
    quiz.tick()
    assert quiz.session.ended_by == "time"
    assert "Time ran out" in quiz.review.text and "not answered" in quiz.review.text
    assert f"1 of {quiz.session.total} right" in quiz.review.text


def test_history_is_shown_for_the_hub_identity_only(tmp_path, monkeypatch):
    bank = one_of_each_kind()
    monkeypatch.setenv("RULESDOJO_IDENTITY", "hub")
    monkeypatch.setenv("JUPYTERHUB_USER", "Nico")
    quiz = Quiz(bank, store=ResultStore(tmp_path / "r.sqlite3"), exam_allowed=True,
                exams=[exam_of(bank, count=2)])
    assert quiz.name.layout.display == "none" and "Signed in as Nico." in quiz.signed_in.text
    assert ["b", {}, "Nico"] in elements(quiz.signed_in.content, "b")
    quiz.mode.value = "exam"
    quiz.start_button.click()
    answer_with(quiz, right_text(quiz))
    answer_with(quiz, wrong_text(quiz))
    again = Quiz(bank, store=ResultStore(tmp_path / "r.sqlite3"), exam_allowed=True, exams=[])
    assert "Welcome back, Nico: 2 answers so far, 1 right" in again.history.text
    monkeypatch.setenv("RULESDOJO_IDENTITY", "typed")
    typed = Quiz(bank, store=ResultStore(tmp_path / "r.sqlite3"), exam_allowed=True, exams=[])
    typed.name.value = "Nico"  # anyone can type a name: no history shown for it
    assert typed.history.text == "" and typed.name.layout.display != "none"


def test_a_notebook_kernel_offers_practice_only():
    quiz = Quiz(one_of_each_kind(), store=None, exam_allowed=False)
    assert [v for _, v in quiz.mode.options] == ["practice"]
    assert "only practice mode" in quiz.start_screen.children[0].text


def test_a_damaged_results_file_doesnt_stop_practice_and_an_exam_says_it_cant_start(tmp_path):
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"garbage" * 500)
    bank = one_of_each_kind()
    quiz = Quiz(bank, store=ResultStore(bad), exam_allowed=True, exams=[exam_of(bank, count=1)])
    start(quiz, mode="exam")                   # its attempts can't be counted: it doesn't start
    assert quiz.session is None and "The exam can" in quiz.start_feedback.text
    assert "damaged" in quiz.start_feedback.text and "Traceback" not in quiz.start_feedback.text
    start(quiz, mode="practice", count=1)
    answer_with(quiz, right_text(quiz))
    quiz.next_button.click()
    assert "Results are not being saved" in quiz.notice.text and "1 of 1 right" in quiz.review.text


def synced_strings(root):
    """Collect every string in the synced state of every widget reachable from root."""
    seen, out, todo = set(), [], [root]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        for key, value in w.get_state().items():
            if not key.startswith("_"):  # skip the model/view module names and versions
                out.append(value)
        for name in w.keys:
            v = getattr(w, name)
            for item in (v if isinstance(v, (list, tuple)) else [v]):
                if isinstance(item, ipw.Widget):
                    todo.append(item)
    text = []

    def walk(x):
        if isinstance(x, str) and not x.startswith("IPY_MODEL_"):
            text.append(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)
    walk(out)
    joined = re.sub(r"<svg.*?</svg>", " ", "\n".join(text), flags=re.S)  # symbols, not words
    return re.sub(r"<[^>]+>", " ", joined)


@pytest.mark.parametrize("qid", [q.id for q in BANK])
def test_the_answer_stays_in_the_kernel_until_submitted(qid):
    bank = Bank([BANK[qid]])
    quiz = Quiz(bank, store=None, exam_allowed=True, exams=[exam_of(bank)])
    start(quiz, mode="exam")
    v = quiz.session.current
    solution = v.solution()
    page = synced_strings(quiz)
    chrome = quiz.status.text  # "Question 1 of 1"
    visible = " ".join([v.prompt, v.instructions, *v.options, chrome, quiz.order.help, quiz.order.label,
                        *quiz.order.say.values()])  # the list's own words, shown with every list
    for line in solution.explanation.splitlines()[1:]:
        assert line.strip() not in page  # the reasoning is never on the page early
    for token in set(re.findall(r"[\w{}/+-]+", solution.right_answer_text)):
        if not re.search(rf"(?<![\w{{]){re.escape(token)}(?![\w}}])", visible):
            assert not re.search(rf"(?<![\w{{]){re.escape(token)}(?![\w}}])", page), token
    if v.answer_format in ("option", "yes/no"):  # every option shown alike, none marked
        assert quiz.choice.value is None and [value for _, value in quiz.choice.options] == list(v.options)
    json.dumps(quiz.get_state(), default=str)


def test_feedback_names_a_ruling_without_reading_out_its_text_and_says_the_answer_once():
    from rulesdojo.quiz.variant import Verdict
    from rulesdojo.views.quiz import verdict_node
    verdict = Verdict(False, "4", "Nadia takes 4: one payment (Landfall ruling 1).\n- Alice pays.", "5", None)
    shown = verdict_node(verdict)
    words = plain([shown])
    assert "Landfall ruling 1" in words and "A landfall ability triggers" not in str(shown)
    assert "The answer:" not in words  # the explanation already says it
    assert "The answer: 4." in plain([verdict_node(Verdict(False, "4", "Count again.", "5", None))])
    digits_elsewhere = Verdict(False, "4", "Counters double (CR 614.1a).\n- Alice pays.", "5", None)
    assert "The answer: 4." in plain([verdict_node(digits_elsewhere)])
    assert ["cite", "614.1a"] in elements([verdict_node(digits_elsewhere)], "p")[0]  # a rule in a text: no badge


def _practise_once(quiz, answer) -> None:
    start(quiz, count=1)
    answer_with(quiz, answer(quiz))
    quiz.finish_button.click()


def test_practice_results_point_back_to_the_lesson_for_each_ruling_not_yet_mastered(tmp_path):
    from rulesdojo.lessons import Quiz as CourseQuiz, lessons  # the course's quiz page knows its lessons
    landfall = next(q for q in BANK if q.tags["rulings"] == ["L1"])
    quiz = CourseQuiz(Bank([landfall]), store=ResultStore(tmp_path / "r.sqlite3"), exam_allowed=False)
    _practise_once(quiz, wrong_text)
    taught = next(lesson for lesson in lessons().values() if "L1" in lesson.rulings)
    back = elements(quiz.review.content, "ul", "rd-go-back")[0]
    assert "Not yet mastered: Every land you control entering (Landfall ruling 1) — back to" in plain([back])
    assert ["a", {"href": taught.notebook}, f"back to {taught.title}"] in elements([back], "a")
    top = [n[0] for n in quiz.review.content]
    assert top.index("ul") < top.index("h4")  # before "Your mastery per ruling"
    quiz.again_button.click()
    _practise_once(quiz, right_text)  # right on a later practice: mastered again, no pointer
    assert "1 of 1 right" in quiz.review.text and "Not yet mastered" not in quiz.review.text


def test_answer_options_say_their_symbols_in_words_and_an_answer_is_the_option_itself():
    bank = Bank([BANK["energy-survives-the-step"]])
    quiz = Quiz(bank, store=None, exam_allowed=False)
    start(quiz, count=1)
    labels = [label for label, _ in quiz.choice.options]
    with_green = next(o for o in quiz.session.current.options if "{G} in her pool" in o)
    assert with_green.replace("{G}", "green mana") in labels
    assert not [label for label in labels if re.search(r"\{\w+\}", label)]  # no raw symbol code shown
    answer_with(quiz, right_text(quiz))
    assert "✓ Right" in quiz.feedback.text


def text_nodes(nodes):
    """Every string the page shows as text in these nodes (symbols are drawn, not text)."""
    out = []
    for n in nodes:
        if isinstance(n, str):
            out.append(n)
        elif isinstance(n, list) and n and n[0] not in ("sym", "cite", "rule", "ruling"):
            out += text_nodes([c for c in n[2:]])
    return out


def test_the_results_draw_every_symbol_and_list_the_explanations_steps(tmp_path):
    """Walk finding 5: a raw {U} in the results, and literal "- " bullets in explanations."""
    mana = next(q for q in BANK if q.variant(seed=1).answer_format == "mana"
                and q.variant(seed=1).solution().right_answer_text.startswith("{"))
    policy = next(q for q in BANK if q.kind == "policy")
    quiz = Quiz(Bank([mana, policy]), store=ResultStore(tmp_path / "r.sqlite3"), exam_allowed=False)
    start(quiz)
    while not quiz.session.done:
        v = quiz.session.current
        answer_with(quiz, "U" if v.answer_format == "mana" else right_text(quiz))
        assert not [t for t in text_nodes(quiz.feedback.content) if t.lstrip().startswith("- ")]
        quiz.next_button.click()
    shown = text_nodes(quiz.review.content)
    assert not [t for t in shown if "{" in t], [t for t in shown if "{" in t]
    assert not [t for t in shown if t.lstrip().startswith("- ")]
    given = [r[2] for r in table_rows(quiz.review.content, "Your answers")]
    assert "{U}" in given                                           # the answer given, drawn as a symbol
    lists = [n for n in elements(quiz.review.content, "div") if n[1].get("class") == "rd-explanation"]
    assert lists and all(any(c[0] == "ul" for c in n[2:]) for n in lists)  # the steps as a list


def test_the_mana_answer_format_is_said_in_letters_one_can_type(tmp_path):
    """Walk finding 5: the format was shown only as symbols nobody can type."""
    mana = next(q for q in BANK if q.variant(seed=1).answer_format == "mana")
    quiz = Quiz(Bank([mana]), store=None, exam_allowed=False)
    start(quiz)
    said = quiz.prompt.content[0][3]                               # the instructions under the prompt
    assert ["sym", "G"] not in said and "GG" in plain(said[2:])
    answer_with(quiz, "gg")
    assert "couldn't" not in quiz.feedback.text and "mana symbols are" not in quiz.feedback.text


def test_an_error_about_the_last_start_goes_once_the_name_is_typed():
    """Walk finding 14: "Type your name first." stayed after the name was typed."""
    quiz = Quiz(store=None, exam_allowed=False)
    quiz.start_button.click()
    assert "Type your name first." in quiz.start_feedback.text
    quiz.name.value = "Ana"
    assert quiz.start_feedback.text == ""


def test_a_header_identity_is_read_as_utf8_and_held_to_the_typed_names_checks(tmp_path, monkeypatch):
    """Probe N8: the header was read as Latin-1 ("José" became "JosÃ©"); tab and C1 characters were
    accepted; the typed-name checks didn't apply."""
    monkeypatch.setenv("RULESDOJO_IDENTITY", "header:X-Forwarded-User")
    sent = "José".encode("utf-8").decode("latin-1")          # the header's bytes as the server hands them over
    monkeypatch.setenv("HTTP_X_FORWARDED_USER", sent)
    store = ResultStore(tmp_path / "r.sqlite3")
    quiz = Quiz(one_of_each_kind(), store=store, exam_allowed=False)
    assert "Signed in as José." in quiz.signed_in.text
    quiz.count.value = 1
    quiz.start_button.click()
    assert quiz.session.candidate == "José"
    for bad in ("ana\tbo", "ana\x85bo", "ana\u202e", "a" * 81):
        monkeypatch.setenv("HTTP_X_FORWARDED_USER", bad)
        quiz = Quiz(one_of_each_kind(), store=store, exam_allowed=False)
        assert "ask whoever runs the server" in quiz.signed_in.text, bad
        assert quiz.start_button.disabled and quiz.who is None
        quiz.start_button.click()                                 # a click sent anyway starts nothing
        assert quiz.session is None
