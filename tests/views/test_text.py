"""Text on the page: game text gets symbols, author prose keeps its few tags, data is only ever text."""

import doctest
from html.parser import HTMLParser

import pytest

from rulesdojo.views import text
from rulesdojo.views.text import author_html, escape, game_text_html, game_text_parts, game_text_words

HOSTILE = ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', "Eve\"'&amp; <u>",
           "</div><svg onload=alert(1)>"]


class _Elements(HTMLParser):
    def __init__(self, markup):
        super().__init__()
        self.tags, self.attrs, self.text = [], [], []
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += [name for name, _ in attrs]

    def handle_data(self, data):
        self.text.append(data)


def test_docstring_examples():
    assert doctest.testmod(text).failed == 0


@pytest.mark.parametrize("hostile", HOSTILE)
@pytest.mark.parametrize("render", [escape, game_text_html, author_html])
def test_hostile_text_stays_text(render, hostile):
    parsed = _Elements(f'<div title="{render(hostile)}">{render(hostile)}</div>')
    assert set(parsed.tags) <= {"div"}, parsed.tags
    assert parsed.attrs == ["title"]
    assert hostile in "".join(parsed.text)


def test_game_text_draws_each_symbol_with_a_text_alternative():
    parsed = _Elements(game_text_html("{T}, Pay {E}: Add {C}. Costs {2}{G} (CR 605.1a)."))
    assert parsed.tags.count("svg") == 5
    out = game_text_html("{T}, Pay {E}: Add {C}. Costs {2}{G} (CR 605.1a).")
    for alt in ("tap", "energy", "colorless mana", "2 generic mana", "green mana"):
        assert f'aria-label="{alt}"' in out
    assert '<span class="rd-rule">CR 605.1a</span>' in out


def test_game_text_keeps_no_symbol_code_and_no_markup():
    out = game_text_html("You get {E}{E}. <b>not bold</b>")
    assert "{E}" not in out.replace("<title>{E}", "")
    assert "<b>" not in out and "&lt;b&gt;not bold&lt;/b&gt;" in out


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
    out = author_html("<b>Next step</b>: a land *you* control enters. **Always.** <a href=x>link</a> {E}")
    parsed = _Elements(out)
    assert parsed.tags.count("b") == 2 and parsed.tags.count("em") == 1 and "a" not in parsed.tags
    assert "<a href=x>link</a>" in "".join(parsed.text)
    assert 'aria-label="energy"' in out
    assert "*" not in "".join(parsed.text)


def test_author_tags_take_no_attributes():
    out = author_html('<b onclick="alert(1)">x</b>')
    assert "<b " not in out and "&lt;b onclick" in out
