"""Text on the page, three ways and no other: game text, author prose, data.

- ``game_text_html(text)``: the game's own words (Oracle text, log lines, prompts, rule messages):
  escaped, then ``{E}``, ``{T}``, ``{2}{G}`` drawn as the shipped SVG symbols (each with a text
  alternative) and "CR 603.3b" set as a rule tag. ``game_text_parts`` is the same reading as data,
  for the board's ES module; ``game_text_words`` the same in words, for stock widgets' labels
  (buttons, dropdown options), which hold text only.
- ``author_html(markup)``: trusted prose written by lesson and question authors: a few tags
  (``<b>``, ``<em>``, ``<code>``, lists, paragraphs), ``**bold**`` and ``*emphasis*``, and the
  symbols. Any other tag or attribute is shown as text, never run.
- ``escape(data)``: names and texts from files or learners; always escaped, quotes included.
"""

from __future__ import annotations

import html
import re
from functools import cache
from importlib import resources
from itertools import count

SYMBOL = re.compile(r"\{([WUBRGCET]|\d+)\}")
_CR = re.compile(r"\bCR (\d{3}(?:\.\d+[a-z]?)?(?:[,;] (?:\d{3}(?:\.\d+[a-z]?)?))*)")
_TOKEN = re.compile(SYMBOL.pattern + "|" + _CR.pattern)
_AUTHOR_TAGS = ("b", "strong", "i", "em", "code", "kbd", "p", "br", "ul", "ol", "li", "h3", "h4")
_AUTHOR_TAG = re.compile(r"&lt;(/?)(" + "|".join(_AUTHOR_TAGS) + r")\s*/?&gt;")
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_EM = re.compile(r"(?<![\w*])\*(?=[^\s*])([^*\n]+?)(?<=\S)\*(?![\w*])")
WORDS = {"W": "white mana", "U": "blue mana", "B": "black mana", "R": "red mana", "G": "green mana",
         "C": "colorless mana", "E": "energy", "T": "tap"}


def escape(data) -> str:
    """Return data (a name, a learner's text) as HTML text: markup and quotes escaped.

    >>> escape('Eve"><img src=x>')
    'Eve&quot;&gt;&lt;img src=x&gt;'
    """
    return html.escape(str(data), quote=True)


def words(sym: str) -> str:
    """Return a symbol's text alternative: ``words("E")`` is "energy", ``words("2")`` "2 generic mana".

    >>> words("2"), words("T")
    ('2 generic mana', 'tap')
    """
    return f"{sym} generic mana" if sym.isdigit() else WORDS[sym]


@cache
def _svg(name: str) -> str:
    return (resources.files("rulesdojo.views") / "static" / "symbols" / f"{name}.svg").read_text().strip()


def symbol_svgs() -> dict[str, str]:
    """Return the shipped symbol SVGs by name (``generic`` holds ``{n}`` for its number)."""
    return {name: _svg(name) for name in (*WORDS, "generic")}


def symbol_html(sym: str) -> str:
    """Return one symbol as inline SVG with its text alternative, e.g. ``symbol_html("E")``.

    >>> 'aria-label="energy"' in symbol_html("E")
    True
    """
    svg = _svg("generic").replace("{n}", sym) if sym.isdigit() else _svg(sym)
    return f'<span class="rd-sym">{svg}</span>'


def rule_tag(rule: str) -> str:
    """Return a rule reference ("603.3b", or a ruling's name) as a tag: "CR 603.3b"."""
    if not rule:
        return ""
    label = f"CR {rule}" if rule[0].isdigit() else rule
    return f'<span class="rd-rule">{escape(label)}</span>'


def game_text_parts(text: str) -> list[list[str]]:
    """Split the game's text into ``["text", s]``, ``["sym", "E"]`` and ``["rule", "603.3b"]`` parts.

    >>> game_text_parts("Pay {E}{E} (CR 107.14).")
    [['text', 'Pay '], ['sym', 'E'], ['sym', 'E'], ['text', ' ('], ['rule', '107.14'], ['text', ').']]
    """
    parts, at = [], 0
    for m in _TOKEN.finditer(text):
        if m.start() > at:
            parts.append(["text", text[at:m.start()]])
        parts.append(["sym", m.group(1)] if m.group(1) else ["rule", m.group(2)])
        at = m.end()
    if at < len(text):
        parts.append(["text", text[at:]])
    return parts


def game_text_html(text: str, tips: bool = True) -> str:
    """Return the game's text as escaped HTML with its symbols drawn and its rule numbers tagged.

    A ruling named in it ("Energy ruling 4") can take focus and then shows the ruling's text;
    without ``tips`` (text that a live region reads out whole) it is only named.

    >>> html = game_text_html("Pay {E} <b>now</b> (CR 107.14)")
    >>> 'aria-label="energy"' in html, "&lt;b&gt;" in html, '"rd-rule">CR 107.14<' in html
    (True, True, True)
    """
    out = []
    for kind, value in game_text_parts(str(text)):
        out.append((ruling_names(escape(value)) if tips else escape(value)) if kind == "text" else symbol_html(value)
                   if kind == "sym" else rule_tag(value))
    return "".join(out)


_IDS = count(1)


def ruling_names(escaped: str) -> str:
    """Make each ruling named in escaped text ("Energy ruling 4") focusable, its text shown on focus.

    >>> out = ruling_names("as Energy ruling 4 says")
    >>> 'tabindex="0"' in out, "not associated with any specific permanents" in out
    (True, True)
    """
    from ..quiz.rulings import NAME, named

    def one(m: re.Match) -> str:
        r = named(m.group(0))
        rid = f"rd-ruling-{next(_IDS)}"
        text = "".join(escape(v) if k == "text" else symbol_html(v) for k, v in game_text_parts(r.text))
        return (f'<span class="rd-ruling" tabindex="0" aria-describedby="{rid}">{r.name}'
                f'<span class="rd-ruling-text" role="tooltip" id="{rid}">{text}</span></span>')
    return NAME.sub(one, escaped)


def game_text_words(text: str) -> str:
    """Return the game's text with each run of symbols in words, for labels that hold text only.

    >>> game_text_words("Pay {E}{E}{E}: add {C}{C}. {T}, pay {2}{G}")
    'Pay 3 energy: add 2 colorless mana. tap, pay 2 generic mana and green mana'
    """
    def say(m: re.Match) -> str:
        syms = SYMBOL.findall(m.group(0))
        runs: list[list] = []
        for s in syms:
            if runs and runs[-1][0] == s:
                runs[-1][1] += 1
            else:
                runs.append([s, 1])
        return " and ".join(words(s) if n == 1 else f"{n} {words(s)}" for s, n in runs)
    return re.sub(f"(?:{SYMBOL.pattern})+", say, str(text))


def author_html(markup: str) -> str:
    """Return trusted author prose as HTML: its few tags and **bold** / *emphasis* kept, symbols drawn.

    Everything else (other tags, attributes, entities) is shown as text.

    >>> author_html("<b>Next step</b>: a land *you* control. <img src=x onerror=alert(1)> {E}")[:60]
    '<b>Next step</b>: a land <em>you</em> control. &lt;img src=x'
    """
    out = game_text_html(markup)
    out = _AUTHOR_TAG.sub(lambda m: f"<{m.group(1)}{m.group(2)}>", out)
    out = _BOLD.sub(r"<b>\1</b>", out)
    return _EM.sub(r"<em>\1</em>", out)
