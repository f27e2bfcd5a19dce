"""The results tables of the quiz, the trainer and the learning gain, as ``Dom`` nodes.

Every cell carries its column's name (``data-label``): on a narrow page ``static/css/quiz.css`` lays
each row out as a block of its own, each cell under its name, so no column is clipped.
"""

from __future__ import annotations

from .dom import Node, h


def table(caption: str, head: list[str], rows: list[list], *, row_names: bool = False,
          cls: str = "rd-review") -> Node:
    """Lay out a table: a cell is a text or a list of nodes; with ``row_names`` each row's first
    cell names it (a lesson, a ruling).

    >>> t = table("Scores", ["Who", "Right"], [["Ana & Bo", ["2 ", ["sym", "E"]]]], row_names=True)
    >>> t[4]
    ['tbody', {}, ['tr', {}, ['th', {'scope': 'row', 'data-label': 'Who'}, 'Ana & Bo'], ['td', {'data-label': 'Right'}, '2 ', ['sym', 'E']]]]
    """
    def cell(n: int, value: str | list) -> Node:
        kids = [value] if isinstance(value, str) else value
        label = head[n] if n < len(head) else None
        return h("th", *kids, scope="row", data_label=label) if n == 0 and row_names else h("td", *kids, data_label=label)
    return h("table", h("caption", caption), h("thead", h("tr", *(h("th", x, scope="col") for x in head))),
             h("tbody", *(h("tr", *(cell(n, c) for n, c in enumerate(r))) for r in rows)), cls=cls)
