"""The game's text read for the page: its symbols, its rule numbers, its symbols in words.

- ``game_text_parts(text)``: the game's own words (Oracle text, log lines, prompts, rule messages)
  split into text, ``{E}``/``{T}``/``{2}{G}`` symbols and "CR 603.3b" rule numbers, as data: the
  views turn them into nodes (``views/dom.game``), drawn by the page as text nodes and the shipped
  SVG symbols (``symbol_svgs``), each with a text alternative (``words``).
- ``game_text_words(text)``: the same with its symbols in words, for stock widgets' labels
  (buttons, dropdown options, radio options), which hold text only.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

SYMBOL = re.compile(r"\{([WUBRGCET]|\d+)\}")
_CR = re.compile(r"\bCR (\d{3}(?:\.\d+[a-z]?)?(?:[,;] (?:\d{3}(?:\.\d+[a-z]?)?))*)")
_TOKEN = re.compile(SYMBOL.pattern + "|" + _CR.pattern)
WORDS = {"W": "white mana", "U": "blue mana", "B": "black mana", "R": "red mana", "G": "green mana",
         "C": "colorless mana", "E": "energy", "T": "tap"}


#: each symbol's words in the learner's language (``language``, a ``rulesdojo.i18n.Words``)
_SAID = {"W": lambda _words: _words("white mana"), "U": lambda _words: _words("blue mana"),
         "B": lambda _words: _words("black mana"), "R": lambda _words: _words("red mana"),
         "G": lambda _words: _words("green mana"), "C": lambda _words: _words("colorless mana"),
         "E": lambda _words: _words("energy"), "T": lambda _words: _words("tap")}


def words(sym: str, language=None) -> str:
    """Return a symbol's text alternative: ``words("E")`` is "energy", ``words("2")`` "2 generic mana";
    in the learner's language when ``language`` (a ``rulesdojo.i18n.Words``) is given.

    >>> words("2"), words("T")
    ('2 generic mana', 'tap')
    """
    if language is None:
        return f"{sym} generic mana" if sym.isdigit() else WORDS[sym]
    _words = language
    return _words("{n} generic mana", n=sym) if sym.isdigit() else _SAID[sym](_words)


@cache
def _svg(name: str) -> str:
    return (resources.files("rulesdojo.views") / "static" / "symbols" / f"{name}.svg").read_text().strip()


def symbol_svgs() -> dict[str, str]:
    """Return the shipped symbol SVGs by name (``generic`` holds ``{n}`` for its number)."""
    return {name: _svg(name) for name in (*WORDS, "generic")}


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


def game_text_words(text: str, language=None) -> str:
    """Return the game's text with each run of symbols in words, for labels that hold text only.

    >>> game_text_words("Pay {E}{E}{E}: add {C}{C}. {T}, pay {2}{G}")
    'Pay 3 energy: add 2 colorless mana. tap, pay 2 generic mana and green mana'
    """
    _words = language

    def say(m: re.Match) -> str:
        syms = SYMBOL.findall(m.group(0))
        runs: list[list] = []
        for s in syms:
            if runs and runs[-1][0] == s:
                runs[-1][1] += 1
            else:
                runs.append([s, 1])
        said = [words(s, language) if n == 1 else
                (f"{n} {words(s)}" if _words is None else _words("{n} {symbol}", n=n, symbol=words(s, _words)))
                for s, n in runs]
        if _words is None:
            return " and ".join(said)
        out = said[0]
        for more in said[1:]:
            out = _words("{first} and {second}", first=out, second=more)
        return out
    return re.sub(f"(?:{SYMBOL.pattern})+", say, str(text))
