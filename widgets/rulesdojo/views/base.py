"""What every view shares: a header with its rules folded away, a feedback line, acting through the model."""

from __future__ import annotations

import asyncio
import re
from functools import cache

import ipywidgets as ipw
import traitlets

from ..state import GameModel
from .dom import Dom, Node, game, h
from .loop import kernel_loop
from .modules import page_style


def after_answer(draw, owner=None, name: str = "", loop: asyncio.AbstractEventLoop | None = None) -> None:
    """Call ``draw()`` once the kernel has sent what the message it is handling changed so far.

    A click's widget updates leave the kernel only once the click's handler has returned (a
    display followed by 4 ms of Python reaches the page 7.3 ms after the kernel's "busy"), so what
    a click redraws besides its answer (the log, the "Now:" block, the board's save) held the
    answer back. In a kernel ``draw`` runs just after the handler instead; ``owner`` and ``name``
    make the calls due at once one call (the newest state is drawn once). Outside a kernel (a script, a test) it is called at once.

    >>> after_answer(lambda: print("drawn"))
    drawn
    """
    loop = loop or kernel_loop()
    if loop is None:
        draw()
        return
    if owner is not None:
        due = owner.__dict__.setdefault("_due", set())
        if name in due:
            return
        due.add(name)

    async def run() -> None:
        if owner is not None:
            due.discard(name)
        draw()
    loop.create_task(run())


@cache
def shared(kind: str):
    """Return the kernel's one plain Layout (or HTML style, or card-sized Layout) for widgets never restyled.

    Every widget otherwise brings its own layout and style models, each synced to the page on load.
    """
    return {"layout": ipw.Layout, "card": lambda: ipw.Layout(width="11.5em")}[kind]()


def show(visible: bool, *widgets: ipw.Widget) -> None:
    """Show or hide widgets: "" lets the page's stylesheet decide, "none" hides.

    Not None for shown: the static site's kernel turns None into JavaScript's ``undefined``, which a
    page ignores, so a hidden widget stayed hidden there.

    >>> b = ipw.Button(); show(False, b); b.layout.display
    'none'
    >>> show(True, b); b.layout.display
    ''
    """
    for widget in widgets:
        widget.layout.display = "" if visible else "none"


def _cited(nodes: list[Node]) -> set[str]:
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, list) and node:
            if node[0] == "cite":
                found |= {r.strip() for r in re.split(r"[,;]", str(node[1]))}
            elif node[0] not in ("sym", "rule", "ruling"):
                found |= _cited([n for n in node[1:] if isinstance(n, list)])
    return found


def tagged(nodes: list[Node], rule: str = "") -> list[Node]:
    """Return a message's nodes with its rule tag at the end, unless the text already cites that rule.

    >>> tagged(game("Pay {E}."), "107.14")
    ['Pay ', ['sym', 'E'], '.', ' ', ['rule', '107.14']]
    >>> tagged(game("You can't (CR 118.3)."), "118.3")
    ["You can't (", ['cite', '118.3'], ').']
    """
    if not rule or rule in _cited(nodes):
        return list(nodes)
    return [*nodes, " ", ["rule", rule]]


def message(cls: str, nodes: list[Node], rule: str = "", role: str | None = "status") -> list:
    """Make a message (``rd-ok``, ``rd-note``, ``rd-error``): its text, then its one rule tag.

    >>> message("rd-note", ["Choose a scenario."])
    ['div', {'class': 'rd-note', 'role': 'status'}, 'Choose a scenario.']
    """
    return h("div", *tagged(nodes, rule), cls=cls, role=role)


def error(text: str, rule: str, words=None) -> list:
    """Make the message of an action the rules refuse: what was wrong, and the rule that says so.

    >>> from .dom import plain
    >>> plain([error("You can't pay 5 energy: you have 3.", "118.3")])
    "Not allowed: You can't pay 5 energy: you have 3. CR 118.3"
    """
    words = _english() if words is None else words
    return message("rd-error", [h("b", words("Not allowed:")), " ", *game(text)], rule, role="alert")


def _english():
    from ..i18n import words_for
    return words_for("en")


def asked(pending: dict) -> list[Node]:
    """Return a pending choice's question, naming the player who decides it, once.

    >>> asked({"player": "Alice", "prompt": "Alice: declare attackers (or none)"})
    ['Alice: ', 'declare attackers (or none)']
    """
    who = f"{pending['player']}: "
    prompt = str(pending["prompt"])
    return [who, *game(prompt.removeprefix(who))]


def heading(title: str, rules: tuple[str, ...] = (), words=None) -> list[Node]:
    """Make a view's heading: its title, and its rules folded behind a "Rules" disclosure.

    >>> from .dom import plain
    >>> (head,) = heading("The stack", ("405.5", "608.1")); head[3][:3], plain([head])
    (['details', {'class': 'rd-rules'}, ['summary', {}, 'Rules']], 'The stackRulesCR 405.5CR 608.1')
    """
    words = _english() if words is None else words
    rules_box = h("details", h("summary", words("Rules")), *(["rule", r] for r in rules), cls="rd-rules") if rules else None
    return [h("div", h("b", title), rules_box, cls="rd-head")]


class View(ipw.VBox):
    """A view of one ``GameModel``: it reads traits and calls model methods, nothing else.

    ``active`` says whether it has something to show or decide now; while it hasn't, it isn't drawn.
    """

    title = ""
    rules: tuple[str, ...] = ()
    active = traitlets.Bool(True)

    def __init__(self, model: GameModel, **kwargs):
        super().__init__(**kwargs)
        self.model = model
        self.style = page_style()
        self.header = Dom(heading(self.title, self.rules))
        self.feedback = Dom()
        self.add_class("rd-view")
        self.observe(self._shown, names=["active"])

    def _shown(self, change) -> None:
        show(change["new"], self)

    def first_control(self):
        """Return the control that answers the pending choice this view handles, or None."""
        return None

    def act(self, method, *args) -> bool:
        """Call a model method; show the rule when it refuses, clear the line when it works."""
        ok = method(*args)
        self.feedback.content = [] if ok else [error(self.model.error, self.model.error_rule)]
        return ok


def button(label: str, tooltip: str, on_click, **kw) -> ipw.Button:
    b = ipw.Button(description=label, tooltip=tooltip, layout=ipw.Layout(width="auto"), **kw)
    b.on_click(lambda _b: on_click())
    return b
