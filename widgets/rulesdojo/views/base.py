"""What every view shares: a header naming its rules, a feedback line, and acting through the model."""

from __future__ import annotations

from functools import cache

import ipywidgets as ipw
from ipywidgets.widgets.widget_string import HTMLStyle

from ..state import GameModel
from .guard import install_when_served
from .render import STYLE
from .text import escape, game_text_html, rule_tag

install_when_served()


@cache
def shared(kind: str):
    """Return the kernel's one plain Layout (or HTML style, or card-sized Layout) for widgets never restyled.

    Every widget otherwise brings its own layout and style models, each synced to the page on load.
    """
    return {"layout": ipw.Layout, "html": HTMLStyle,
            "card": lambda: ipw.Layout(width="11.5em")}[kind]()


def html_widget(value: str = "") -> ipw.HTML:
    """Make an HTML widget that shares its layout and style with every other one."""
    return ipw.HTML(value, layout=shared("layout"), style=shared("html"))


def error_html(message: str, rule: str) -> str:
    return (f'<div class="rd-error" role="alert"><b>Not allowed:</b> {game_text_html(message)} '
            f'{rule_tag(rule)}</div>')


class View(ipw.VBox):
    """A view of one ``GameModel``: it reads traits and calls model methods, nothing else."""

    title = ""
    rules: tuple[str, ...] = ()

    def __init__(self, model: GameModel, **kwargs):
        super().__init__(**kwargs)
        self.model = model
        rules = "".join(rule_tag(r) for r in self.rules)
        self.header = html_widget(f'{STYLE}<div class="rd-head"><b>{escape(self.title)}</b> {rules}</div>')
        self.feedback = html_widget("")
        self.add_class("rd-view")

    def first_control(self):
        """Return the control that answers the pending choice this view handles, or None."""
        return None

    def act(self, method, *args) -> bool:
        """Call a model method; show the rule when it refuses, clear the line when it works."""
        ok = method(*args)
        self.feedback.value = "" if ok else error_html(self.model.error, self.model.error_rule)
        return ok


def button(label: str, tooltip: str, on_click, **kw) -> ipw.Button:
    b = ipw.Button(description=label, tooltip=tooltip, layout=ipw.Layout(width="auto"), **kw)
    b.on_click(lambda _b: on_click())
    return b
