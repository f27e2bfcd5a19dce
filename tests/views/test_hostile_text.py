"""Hostile names and texts stay text in every view: from a scenario file, from a learner, from the engine.

Names from files may hold `<`, `>` and `&` (`R&D`, `Mana -> energy`), so each view escapes them on its
own; control characters are refused at the door, and the refusal shows the name as text.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser

import ipywidgets as ipw
import pytest

from rulesdojo.rules import Game
from rulesdojo.state import GameModel
from rulesdojo.views import (Board, ChoicePanel, EnergyCounter, EventLog, ManaVsEnergy, PaymentPrompt,
                             Quiz, Sandbox, StackView, TriggerOrder)
from rulesdojo.views.dom import Dom, plain

from dom_nodes import elements

HOSTILE = ['Eve"><img src=x onerror=alert(1)>', "Mal'\"><script>alert(2)</script>", "Tom & Jerry's \"crew\""]
SAFE_TAGS = {"div", "span", "b", "i", "em", "strong", "ol", "ul", "li", "p", "table", "thead", "tbody", "tr",
             "th", "td", "svg", "title", "circle", "path", "text", "style", "h3", "details", "summary", "code",
             "br", "h4", "meter", "h2", "a", "small", "label", "caption"}


class _Markup(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.handlers, self.text = set(), [], []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.handlers += [name for name, _ in attrs if name.startswith("on") or name in ("src", "href")]

    def handle_data(self, data):
        self.text.append(data)


def shown(widget) -> _Markup:
    """Parse every HTML string a widget tree shows (values and labels), and read every Dom's nodes."""
    markup = _Markup()
    stack = [widget]
    while stack:
        w = stack.pop()
        stack += list(getattr(w, "children", ()))
        if isinstance(w, ipw.HTML):
            markup.feed(w.value)
        elif isinstance(w, Dom):  # nodes, drawn as text nodes: their tags and attributes, their text
            for node in elements(w.content):
                markup.handle_starttag(node[0], [(k, v) for k, v in node[1].items()
                                                 if not (k == "href" and ":" not in v)])  # a relative link is the kit's
            markup.text.append(plain(w.content))
    return markup


def hostile_game(name: str) -> GameModel:
    g = Game([name, "Nadia"])
    for card in ("Architect of the Untamed", "Steppe Lynx", "Lotus Cobra"):
        g.add_permanent(name, card)
    g.add_card(name, "Forest")
    return GameModel(g)


@pytest.mark.parametrize("name", HOSTILE)
def test_a_player_name_stays_text_in_every_view(name):
    m = hostile_game(name)
    views = [Board(m), StackView(m), TriggerOrder(m), PaymentPrompt(m), ChoicePanel(m), ManaVsEnergy(m),
             EventLog(m), EnergyCounter(m, name), Sandbox(m)]
    views[0].press("Play Forest")                      # triggers wait: names reach prompts and lists
    assert m.pending and m.pending["kind"] == "order_triggers"
    views[2].confirm_button.click()
    views[1].resolve_button.click()
    m.pay_energy(name, 99)                             # an error line too, naming the player
    for view in views:
        markup = shown(view)
        assert markup.tags <= SAFE_TAGS, (type(view).__name__, markup.tags - SAFE_TAGS)
        assert markup.handlers == [], (type(view).__name__, markup.handlers)
    assert any(name in "".join(shown(v).text) for v in views[1:])  # shown, as text
    sides = views[0].table.players                     # the board's JSON: set as textContent by the page
    assert sides[-1]["name"] == name                   # the first player's side: the learner's, below


def upload(sandbox: Sandbox, name: str, text: str) -> None:
    sandbox.upload.set_state({"value": [{"name": name, "type": "", "size": len(text), "last_modified": 0,
                                         "content": memoryview(text.encode())}]})


def test_an_uploaded_file_with_names_holding_markup_characters_is_shown_escaped():
    title, player = "Mana -> energy: R&D's <b>table</b>", "R&D <Lab>"
    text = f"name: {json.dumps(title)}\nsetup:\n  players:\n    - {{name: {json.dumps(player)}, energy: 2}}\n" \
           "    - {name: Nadia}\n"
    s = Sandbox()
    upload(s, "text.yaml", text)
    assert s.model.error == "" and s.model.scenario_name == title
    assert s.title_line.content == [["div", {}, ["b", {}, title]]]  # the name as text, drawn as a text node
    markup = shown(s)
    assert markup.tags <= SAFE_TAGS and markup.handlers == []
    assert title in "".join(markup.text)
    counter = EnergyCounter(s.model, player)
    assert "".join(shown(counter).text).startswith(player)          # read back as the name itself


@pytest.mark.parametrize("name", ["Na\u202edia", "Eve\x00"])
def test_a_scenario_file_with_a_control_character_in_a_name_is_refused_and_the_message_is_text(name):
    text = f"name: hostile\nsetup:\n  players:\n    - {{name: {json.dumps(name)}}}\n    - {{name: Nadia}}\n"
    s = Sandbox()
    upload(s, "hostile.yaml", text)
    markup = shown(s)
    assert "holds a control character" in "".join(markup.text) and repr(name) in "".join(markup.text)
    assert markup.tags <= SAFE_TAGS and markup.handlers == []


@pytest.mark.parametrize("name", HOSTILE)
def test_a_learner_name_stays_text_in_the_quiz(tmp_path, monkeypatch, name):
    from rulesdojo.quiz.store import ResultStore
    monkeypatch.setenv("JUPYTERHUB_USER", name)        # the name the server vouches for
    store = ResultStore(tmp_path / "results.sqlite3")
    first = Quiz(store=store)
    first.count.value = 1
    first.start_button.click()
    if first.choice.options:                           # answer whatever the question asks
        first.choice.value = first.choice.options[0][1]
    first.number.value = "1"
    first.submit_button.click()
    again = Quiz(store=store)                          # greeted by name: "Welcome back, …"
    for quiz in (first, again):
        markup = shown(quiz)
        assert markup.tags <= SAFE_TAGS and markup.handlers == []
    assert f"Welcome back, {name}" in "".join(shown(again).text)
