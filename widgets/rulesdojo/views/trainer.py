"""The trainer's view of the results: scores per candidate, difficulty per question, CSV export."""

from __future__ import annotations

import base64
import html
import io

import ipywidgets as ipw

from ..quiz.store import ResultStore, difficulty, most_missed, scores
from .base import button
from .render import STYLE


def difficulty_chart(shares: dict[str, float]) -> str:
    """Draw each question's share answered right as a labelled horizontal bar chart (SVG).

    >>> "q-1: 50% right" in difficulty_chart({"q-1": 0.5})
    True
    """
    rows = sorted(shares.items(), key=lambda kv: (kv[1], kv[0]))
    bar_h, label_w, width = 18, 290, 260
    height = bar_h * len(rows) + 24
    parts = [f'<svg role="img" aria-label="Share of answers right, per question" width="{label_w + width + 60}" '
             f'height="{height}" xmlns="http://www.w3.org/2000/svg" font-family="sans-serif" font-size="12">']
    for i, (qid, share) in enumerate(rows):
        y = 4 + i * bar_h
        text = f"{qid}: {share:.0%} right"
        parts.append(f'<text x="{label_w - 6}" y="{y + 13}" text-anchor="end">{html.escape(qid)}</text>'
                     f'<rect x="{label_w}" y="{y + 2}" width="{max(share * width, 1):.1f}" height="{bar_h - 5}" '
                     f'fill="#3d6fb4"><title>{html.escape(text)}</title></rect>'
                     f'<text x="{label_w + max(share * width, 1) + 4:.1f}" y="{y + 13}">{share:.0%}</text>')
    parts.append(f'<text x="{label_w}" y="{height - 4}" fill="#555">share of answers right (0–100%)</text></svg>')
    return "".join(parts)


class Trainer(ipw.VBox):
    """Read the quiz results store and show what a mentor needs.

    >>> import tempfile, pathlib
    >>> s = ResultStore(pathlib.Path(tempfile.mkdtemp()) / "r.sqlite3")
    >>> _ = s.record("Ana", "x", "exam", "q-1", 1, "3", True, 2.0)
    >>> "Ana" in Trainer(s).candidates.value
    True
    """

    def __init__(self, store: ResultStore | None = None, **kwargs):
        super().__init__(**kwargs)
        self.store = store or ResultStore()
        self.candidates = ipw.HTML()
        self.chart = ipw.HTML()
        self.missed = ipw.HTML()
        self.download = ipw.HTML()
        self.refresh_button = button("Refresh", "Read the results again", self.refresh)
        self.children = [ipw.HTML(f"{STYLE}<h3>Quiz results</h3><div class='rd-type'>From "
                                  f"{html.escape(str(self.store.path))}</div>"),
                         self.refresh_button, self.candidates, self.chart, self.missed, self.download]
        self.refresh()

    def refresh(self) -> None:
        rows = self.store.attempts()
        if self.store.problem:
            self.candidates.value = f"<div class='rd-error' role='alert'>{html.escape(self.store.problem)}</div>"
            self.chart.value = self.missed.value = self.download.value = ""
            return
        if not rows:
            self.candidates.value = "<i>No quiz answers have been saved yet.</i>"
            self.chart.value = self.missed.value = self.download.value = ""
            return
        per = scores(rows)
        body = "".join(f"<tr><th scope='row'>{html.escape(c)}</th><td>{r}</td><td>{n}</td>"
                       f"<td>{r / n:.0%}</td></tr>" for c, (r, n) in sorted(per.items()))
        self.candidates.value = ("<h4>Candidates</h4><table><thead><tr><th>Candidate</th><th>Right</th>"
                                 f"<th>Answered</th><th>Score</th></tr></thead><tbody>{body}</tbody></table>")
        self.chart.value = "<h4>Questions: share answered right</h4>" + difficulty_chart(difficulty(rows))
        top = most_missed(rows, 10)
        items = "".join(f"<li>{html.escape(q)}: missed {m} of {n}</li>" for q, m, n in top)
        self.missed.value = f"<h4>Most missed</h4><ol>{items or '<li>None missed yet.</li>'}</ol>"
        buf = io.StringIO()
        count = self.store.export_csv(buf)
        data = base64.b64encode(buf.getvalue().encode()).decode()
        self.download.value = (f"<a download='rulesdojo-results.csv' href='data:text/csv;base64,{data}'>"
                               f"Download all {count} answers as CSV</a>")
