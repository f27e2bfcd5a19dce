"""The trainer's view of the results, for mentors only (served by ``rulesdojo serve --mentor``).

Per exam: the attempts by candidate with pass or fail, and a drill-down to each answer beside the
question (one answer per question an attempt asked, the first given, whatever rows the results
hold); per question: its text, the share right, discrimination and the wrong answers chosen; per
ruling: mastery across candidates; the pass rate of every exam; one candidate across exams.
Practice and exams are kept apart. The tables come from ``rulesdojo.quiz.report``; the CSV is a
file the mentor downloads on demand.
"""

from __future__ import annotations

import io
import json
import time

import anywidget
import ipywidgets as ipw
import traitlets

from rulesdojo.i18n import Words, words_for

from ..kit import Kit
from ..quiz import load_bank
from ..quiz.exam import Exam, load_exams
from ..quiz.rulings import ruling
from ..quiz.report import Results, first_line, question_text, write_csv
from ..quiz.stats import ruling_mastery
from ..quiz.store import ResultStore, difficulty
from .base import button, show
from .dom import Dom, Node, game, h, prose
from .gain import GainTables
from .modules import esm, page_style
from .tables import table


#: the value of a list's first entry, which asks for a choice: a value, not None, so that the list
#: shows the entry (a dropdown whose value is None shows nothing at all)
NONE_CHOSEN = ""


class FileDownload(anywidget.AnyWidget):
    """A button that downloads a file the kernel makes when clicked (``make() -> (name, bytes)``)."""

    _esm = esm("file_download.js")
    label = traitlets.Unicode("Download").tag(sync=True)

    def __init__(self, make, mime: str = "text/csv", **kwargs):
        super().__init__(**kwargs)
        self.make, self.mime = make, mime
        self.on_msg(self._asked)

    def _asked(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "download":
            name, data = self.make()
            self.send({"event": "file", "filename": name, "type": self.mime}, buffers=[data])


def difficulty_chart(shares: dict[str, float], words: Words = words_for("en")) -> list:
    """Show each question's share answered right as a bar per question, hardest first.

    >>> from rulesdojo.views.dom import plain
    >>> plain(difficulty_chart({"q-1": 0.5}))
    'Questions: share answered rightQuestionShare rightq-1 50%'
    """
    rows = [[[h("code", qid)], [h("meter", min="0", max="1", value=f"{share:.2f}",
                                  aria_label=words("{question}: {share} right", question=qid, share=f"{share:.0%}")),
                              f" {share:.0%}"]]
            for qid, share in sorted(shares.items(), key=lambda kv: (kv[1], kv[0]))]
    return [table(words("Questions: share answered right"), [words("Question"), words("Share right")], rows,
                  row_names=True, cls="rd-review rd-chart")]


def _when(t) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t)) if t else "—"


def _verdict(passed: bool | None, words: Words = words_for("en")) -> str:
    return "—" if passed is None else words("passed") if passed else words("not passed")


def question_cell(qid: str, text: str | list[str], words: Words = words_for("en")) -> list:
    """Show a question's id and first line, its full text on open: each variant asked, when
    candidates were asked more than one; every word of it as text, its symbols drawn.

    >>> question_cell("q-1", "Is <b>this</b> & {E}?")
    [['details', {}, ['summary', {}, ['code', {}, 'q-1'], ' ', 'Is <b>this</b> & ', ['sym', 'E'], '?'], ['p', {}, 'Is <b>this</b> & ', ['sym', 'E'], '?']]]
    >>> from rulesdojo.views.dom import plain
    >>> plain(question_cell("q-1", ["Pay 2.", "Pay 3."]))
    'q-1 Pay 2.Asked as 2 variants:Pay 2.Pay 3.'
    """
    texts = [t for t in ([text] if isinstance(text, str) else text) if t]
    if not texts:
        return [h("code", qid), " ", h("i", words("(no longer in the bank)"))]
    summary = h("summary", h("code", qid), " ", *game(first_line(texts[0]), tips=False))
    if len(texts) == 1:
        return [h("details", summary, h("p", *game(texts[0], tips=False)))]
    return [h("details", summary, h("p", words.n("Asked as {n} variant:", "Asked as {n} variants:", len(texts))),
              h("ol", *(h("li", *game(t, tips=False)) for t in texts)))]


class Trainer(ipw.VBox):
    """Read the results store and show what a mentor needs; read again on Refresh.

    >>> import tempfile, pathlib
    >>> s = ResultStore(pathlib.Path(tempfile.mkdtemp()) / "r.sqlite3")
    >>> _ = s.record("Ana", "x", "practice", "steppe-lynx-two-landfalls", 1, "3", True, 2.0)
    >>> t = Trainer(s); t.mode.value = "practice"
    >>> "Ana" in t.attempts.text
    True
    """

    def __init__(self, store: ResultStore | None = None, bank=None, exams=None, course=None,
                 kit: Kit | None = None, *, words: Words = words_for("en"), **kwargs):
        super().__init__(**kwargs)
        self.words = words
        kit = Kit.from_environment() if kit is None else kit
        self.store = store or kit.store()
        self.bank = bank or load_bank(cards=kit.card_set)
        self.exam_files: list[Exam]
        self.exam_files, self.exam_problems = (load_exams(kit.exams, bank=self.bank) if exams is None else (exams, []))
        self.mode = ipw.ToggleButtons(options=[(words("Exams"), "exam"), (words("Practice"), "practice")], value="exam",
                                      description=words("Show"))
        self.exam_pick = ipw.Dropdown(description=words("Exam"), options=[], style={"description_width": "initial"},
                                      layout=ipw.Layout(width="auto"))
        self.attempts = Dom()
        self.drill = ipw.Dropdown(description=words("Attempt"), options=[], style={"description_width": "initial"},
                                  layout=ipw.Layout(width="auto"))
        self.drill_view = Dom()
        self.questions = Dom()
        self.chart = Dom()
        self.mastery = Dom()
        self.pass_rates = Dom()
        self.candidate_pick = ipw.Dropdown(description=words("Candidate"), options=[], layout=ipw.Layout(width="auto"),
                                           style={"description_width": "initial"})
        self.candidate_view = Dom()
        self.problem = Dom()
        self.exams_view = Dom()
        self.gain = GainTables(self.store, self.bank, course)  # the lessons' checks (``lessons.pages``)
        self.download = FileDownload(self._csv, label=words("Download every answer as CSV"))
        self.refresh_button = button(words("Refresh"), words("Read the results again"), self.refresh)
        self.children = [page_style(), Dom([h("h3", words("Quiz results")),
                                            h("div", words("From {where}", where=self.store.where), cls="rd-type")]),
                         ipw.HBox([self.refresh_button, self.download]), self.problem,
                         self.pass_rates,
                         self.mode, self.exam_pick, self.attempts, self.drill, self.drill_view, self.questions,
                         self.chart, self.mastery, self.gain,
                         Dom([h("h4", words("One candidate across exams"))]), self.candidate_pick, self.candidate_view,
                         self.exams_view]
        self._quiet = False
        self.mode.observe(lambda _c: self._show(), names=["value"])
        self.exam_pick.observe(lambda _c: None if self._quiet else self._show(), names=["value"])
        self.drill.observe(lambda _c: None if self._quiet else self._show_attempt(), names=["value"])
        self.candidate_pick.observe(lambda _c: None if self._quiet else self._show_candidate(), names=["value"])
        self.refresh()

    def refresh(self) -> None:
        """Read the store again and redraw everything."""
        self.results = Results.from_store(self.store, self.exam_files, time.time())
        self.problem.content = [h("div", self.store.problem, cls="rd-error", role="alert")] if self.store.problem else []
        self._titles = {e.id: e.title for e in self.exam_files}
        ids = sorted(set(self.results.exams()) | set(self._titles))
        keep, who = self.exam_pick.value, self.candidate_pick.value
        people = self.results.candidates()
        self._quiet = True  # one redraw below, not one per change
        self.exam_pick.options = [(self._titles.get(i, i), i) for i in ids]
        self.exam_pick.value = keep if keep in ids else (ids[0] if ids else None)
        self.candidate_pick.options = [(self.words("Choose a candidate"), NONE_CHOSEN), *((p, p) for p in people)]
        self.candidate_pick.value = who if who in people else NONE_CHOSEN
        self._quiet = False
        show(bool(people), self.candidate_pick)
        self.pass_rates.content = self._pass_rates()
        self.exams_view.content = self._exam_files()
        self.gain.refresh()
        self._show()
        self._show_candidate()

    def _show(self) -> None:
        practice, words = self.mode.value == "practice", self.words
        show(not practice, self.exam_pick)
        exam = None if practice else self.exam_pick.value
        mode = "practice" if practice else "exam"
        attempts = self.results.attempts(exam, mode) if practice or exam is not None else []
        rows = [self._attempt_cells(a) for a in attempts]
        options = [(f"{a.candidate}, {_when(a.started)}", a.attempt) for a in attempts]
        answers = self.results.counted_answers(exam, mode) if practice or exam is not None else []
        if practice:  # answers from before attempt rows were kept
            known = set(self.results.records)
            for c in sorted({a.candidate for a in answers if a.session not in known}):
                mine = [a for a in answers if a.candidate == c and a.session not in known]
                rows.append([c, _when(mine[0].answered_at), _when(mine[-1].answered_at), words("practice"),
                             words("{right} of {n}", right=sum(a.correct for a in mine), n=len(mine)), "", "—"])
        self.attempts.content = [table(words("Attempts by candidate"), self._attempt_heads(words("Candidate")),
                                       rows)] if rows else [h("i", words("No attempts here yet."))]
        self._quiet = True
        self.drill.options = [(words("Choose an attempt to see its answers"), NONE_CHOSEN), *options]
        self.drill.value = NONE_CHOSEN
        self._quiet = False
        show(bool(options), self.drill)
        self.drill_view.content = []
        self.questions.content = self._questions(self.results.questions(exam, mode) if answers else {},
                                                 [a.attempt for a in attempts])
        shares = difficulty(answers)
        self.chart.content = difficulty_chart(shares, words) if shares else []
        self.mastery.content = self._mastery(ruling_mastery(answers, self.bank))

    def _attempt_heads(self, first: str) -> list[str]:
        words = self.words
        return [first, words("Started"), words("Ended"), words("State"), words("Right"), words("Score"), words("Result")]

    def _attempt_cells(self, a, exam_title: str | None = None) -> list[str]:
        cells = [a.candidate, _when(a.started), _when(a.ended), a.state,
                 self.words("{right} of {n}", right=a.right, n=a.questions),
                 f"{a.score:.0%}" if a.score is not None else "—", _verdict(a.passed, self.words)]
        return cells if exam_title is None else [exam_title, *cells[1:]]

    def _pass_rates(self) -> list:
        words = self.words
        rows = [[self._titles.get(p.exam, p.exam), str(p.attempts),
                 words("no pass mark") if p.mark is None else f"{p.mark}%",
                 "—" if p.mark is None else str(p.passed),
                 "—" if p.rate is None else f"{p.rate:.0%}"]
                for p in self.results.pass_rates()]
        if not rows:
            return []
        return [h("h4", words("Pass rate per exam")),
                h("p", words("Ended attempts (submitted or out of time); an attempt in progress is not counted yet."),
                  cls="rd-type"),
                table(words("Pass rate per exam"), [words("Exam"), words("Ended attempts"), words("Pass mark"),
                                                    words("Passed"), words("Pass rate")], rows)]

    def _show_candidate(self) -> None:
        who = self.candidate_pick.value
        if not who:
            self.candidate_view.content = []
            return
        rows = [self._attempt_cells(a, self._titles.get(a.exam, a.exam))
                for a in self.results.attempts(candidate=who)]
        self.candidate_view.content = [table(self.words("Every exam attempt of {who}", who=who),
                                             self._attempt_heads(self.words("Exam")), rows)]

    def _asked(self, attempts: list[str]) -> dict[str, list[str]]:
        """Return, per question, the prompts of the variants these attempts asked (each once, in
        the order first asked): what the candidates read, not a variant drawn afresh."""
        out: dict[str, list[str]] = {}
        held = [self.results.records[rid] for rid in attempts if rid in self.results.records]
        for rec in sorted(held, key=lambda r: (r.started, r.id)):
            try:
                drawn = json.loads(rec.state).get("questions", [])
            except ValueError:
                continue
            for qid, seed in drawn:
                if qid in self.bank:
                    prompt = self.bank[qid].variant(seed=seed).prompt
                    if prompt not in out.setdefault(qid, []):
                        out[qid].append(prompt)
        return out

    def _questions(self, stats, attempts: tuple[str, ...] | list[str] = ()) -> list:
        if not stats:
            return []
        asked, words = self._asked(list(attempts)), self.words
        rows = []
        for s in stats.values():
            wrong = ", ".join(f"“{a}” ×{n}" for a, n in s.wrong_answers[:5]) or "—"
            disc = "—" if s.discrimination is None else f"{s.discrimination:+.2f}"
            rows.append([question_cell(s.question, asked.get(s.question) or question_text(self.bank, s.question), words),
                         str(s.answered),
                         f"{s.share_right:.0%}", disc, wrong])
        return [h("h4", words("Per question")),
                h("p", words("Open a question to read it whole. Discrimination: the share right among the top 27% of "
                             "attempts by score minus among the bottom 27% (near 0 or below: the question doesn't "
                             "separate who knows from who doesn't)."), cls="rd-type"),
                table(words("Per question"), [words("Question"), words("Answers"), words("Right"), words("Discrimination"),
                                              words("Wrong answers chosen")], rows)]

    def _mastery(self, per: dict) -> list:
        if not per:
            return []
        rulings = sorted({r for shares in per.values() for r in shares})
        rows = [[c] + [f"{shares[r][0]}/{shares[r][1]}" if r in shares else "—" for r in rulings]
                for c, shares in per.items()]
        return [h("h4", self.words("Mastery per ruling")),
                table(self.words("Mastery per ruling (right/answered)"),
                      [self.words("Candidate"), *(ruling(r).name for r in rulings)], rows)]

    def _show_attempt(self) -> None:
        rid = self.drill.value
        records = self.results.records
        if not rid or rid not in records:
            self.drill_view.content = []
            return
        rec = records[rid]
        asked = json.loads(rec.state).get("questions", [])
        given = [a for a in self.results.counted if a.session == rid]
        rows, words = [], self.words
        for i, (qid, seed) in enumerate(asked):
            a = next((a for a in given if a.question == qid), None)
            if a is not None:
                given.remove(a)
            if qid in self.bank:
                v = self.bank[qid].variant(seed=seed)
                prompt, right = prose(v.prompt), game(v.solution().right_answer_text)
            else:
                prompt, right = [qid, " ", h("i", words("(no longer in the bank)"))], ["—"]
            rows.append([str(i + 1), prompt, game(a.answer) if a else [h("i", words("not answered"))],
                         (words("✓ right") if a.correct else words("✗ wrong")) if a else words("✗ wrong"), right])
        self.drill_view.content = [table(words("Answers of {who}, {when}", who=rec.candidate, when=_when(rec.started)),
                                         ["#", words("Question"), words("Answer"), words("Result"), words("Right answer")],
                                         rows)]

    def _exam_files(self) -> list:
        words = self.words
        items = [h("li", h("b", e.title), " ", self._exam_said(e)) for e in self.exam_files]
        items += [h("li", str(p), cls="rd-error") for p in self.exam_problems]
        return [h("h4", words("Exam files")), h("ul", *(items or [h("li", words("None."))]))]

    def _exam_said(self, e: Exam) -> str:
        """An exam file's settings in words: its id, size, time, attempts, answers shown, pass mark."""
        words = self.words
        time_said = (words("{minutes} minutes", minutes=f"{e.time_limit / 60:g}") if e.time_limit
                     else words("no time limit"))
        if e.pass_mark is not None:
            return words("({id}): {size} questions, {time}, {attempts} attempt(s), answers shown {shown}, pass mark "
                         "{mark}%", id=e.id, size=e.size, time=time_said, attempts=e.attempts, shown=e.show_answers,
                         mark=e.pass_mark)
        return words("({id}): {size} questions, {time}, {attempts} attempt(s), answers shown {shown}", id=e.id,
                     size=e.size, time=time_said, attempts=e.attempts, shown=e.show_answers)

    def _csv(self) -> tuple[str, bytes]:
        buf = io.StringIO()
        write_csv(self.results.answers(), buf)
        return f"rulesdojo-results-{time.strftime('%Y%m%d-%H%M')}.csv", buf.getvalue().encode("utf-8")

