"""Text on the page: game text gets symbols, author prose keeps its few tags, data is only ever text."""

import doctest

import pytest

from rulesdojo.views import dom, text
from rulesdojo.views.dom import game, plain, prose
from rulesdojo.views.text import game_text_parts, game_text_words

HOSTILE = ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', "Eve\"'&amp; <u>",
           "</div><svg onload=alert(1)>"]


def elements(nodes) -> list:
    """Return every element node among ``nodes``, at any depth (a symbol, a rule or a ruling is none)."""
    out = []
    for node in nodes:
        if isinstance(node, list) and node[0] not in ("sym", "cite", "rule", "ruling"):
            out += [node, *elements(node[2:])]
    return out


def test_docstring_examples():
    assert doctest.testmod(text).failed == 0 and doctest.testmod(dom).failed == 0


@pytest.mark.parametrize("hostile", HOSTILE)
@pytest.mark.parametrize("render", [game, prose])
def test_hostile_text_stays_text(render, hostile):
    nodes = render(hostile)
    assert elements(nodes) == [] and plain(nodes) == hostile


def test_game_text_names_each_symbol_and_rule_as_a_node():
    nodes = game("{T}, Pay {E}: Add {C}. Costs {2}{G} (CR 605.1a).")
    assert [n[1] for n in nodes if isinstance(n, list) and n[0] == "sym"] == ["T", "E", "C", "2", "G"]
    assert ["cite", "605.1a"] in nodes
    assert game("You get {E}{E}. <b>not bold</b>")[-1] == ". <b>not bold</b>"


def test_parts_split_symbols_rules_and_text_without_losing_any():
    source = "Whenever a land you control enters, you get {E} (CR 603.6a, 122.1). {10}"
    parts = game_text_parts(source)
    assert "".join(v if k == "text" else "{%s}" % v if k == "sym" else f"CR {v}" for k, v in parts) == source
    assert ["sym", "10"] in parts and ["rule", "603.6a, 122.1"] in parts


def test_words_for_stock_widget_labels():
    assert game_text_words("Pay eight {E}") == "Pay eight energy"
    assert game_text_words("Tap Aether Hub for {C}") == "Tap Aether Hub for colorless mana"
    assert game_text_words("{R}{G}") == "red mana and green mana"
    assert "{" not in game_text_words("{T}, Pay {E}{E}: Add {W}")


def test_author_markup_keeps_its_tags_and_emphasis_only():
    nodes = prose("<b>Next step</b>: a land *you* control enters. **Always.** <a href=x>link</a> {E}")
    tags = [n[0] for n in elements(nodes)]
    assert tags.count("b") == 2 and tags.count("em") == 1 and "a" not in tags
    assert "<a href=x>link</a>" in plain(nodes) and "*" not in plain(nodes)
    assert ["sym", "E"] in nodes


def test_author_tags_take_no_attributes():
    nodes = prose('<b onclick="alert(1)">x</b>')
    assert elements(nodes) == [] and plain(nodes) == '<b onclick="alert(1)">x</b>'
