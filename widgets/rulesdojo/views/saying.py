"""The engine's log sentences in the learner's language.

An event carries its sentence as a value (``said``: an English msgid and the values that fill it,
see ``rulesdojo.rules.said``) besides its English text. ``say`` renders it with a ``Words``: the
sentence from the ``engine`` catalog, card names as printed in the language, a card's quoted text
from its printed text where the ``cards`` catalog has it (else the English, marked). English is the
event's own text, as the engine wrote it.

>>> from rulesdojo.i18n import words_for
>>> say(words_for("en"), "Alice passes priority.", None)
'Alice passes priority.'
"""

from __future__ import annotations

import gettext

from rulesdojo.i18n import SOURCE, Words, words_for
from rulesdojo.i18n.terms import step_words as step_words  # the page's views find it here

from .dom import Node, h

_NULL = gettext.NullTranslations()


def say(words: Words, text: str, said) -> str:
    """An event's sentence in ``words``' language: ``text`` (English) where the language is English or
    the event has no ``said``."""
    if said is None or words.code == SOURCE:
        return text
    return said.say(Tongue(words))


def asked_in(words: Words, pending: dict) -> list[Node]:
    """A pending choice's question (``base.asked``) in ``words``' language, naming the player once.

    >>> asked_in(words_for("en"), {"player": "Alice", "prompt": "Alice: declare attackers (or none)"})
    ['Alice: ', 'declare attackers (or none)']
    """
    from .dom import game
    who = f"{pending['player']}: "
    prompt = say(words, str(pending["prompt"]), pending.get("said"))
    return [who, *game(prompt.removeprefix(who))]


def heading_in(words: Words, title: str, rules: tuple[str, ...] = ()) -> list:
    """A game view's heading (``base.heading``) in ``words``' language: its title, its rules folded
    behind a "Rules" disclosure.

    >>> from .dom import plain
    >>> plain(heading_in(words_for("en"), "The stack", ("405.5",)))
    'The stackRulesCR 405.5'
    """
    rules_box = h("details", h("summary", words("Rules")), *(["rule", r] for r in rules), cls="rd-rules") if rules else None
    return [h("div", h("b", title), rules_box, cls="rd-head")]


class Tongue:
    """Say the engine's sentences with a ``Words`` (the protocol of ``rulesdojo.rules.said.Tongue``)."""

    def __init__(self, words: Words = words_for("en")):
        self.words = words

    def _catalog(self, domain: str) -> gettext.NullTranslations:
        return self.words.catalogs.get(domain) or _NULL

    def sentence(self, msgid: str, plural: str | None, n: int | None, params: dict[str, str]) -> str:
        if plural is None:
            return self.words.said(msgid, **params)
        text = self._catalog("engine").ngettext(msgid, plural, n if n is not None else 1)
        return text.format(**params)

    def card(self, name: str) -> str:
        return self.words.card(name)

    def whose(self, name: str) -> str:
        # English writes the possessive; a translation says whose in its own way around the bare name
        # ("de {whose}", "{whose}の")
        if self.words.code == SOURCE:
            return f"{name}'" if name.endswith("s") else f"{name}'s"
        return name

    def quote(self, quoted) -> str:
        """The quoted line of a card's text as printed in the language (the printed text's line of the
        same place, when it has as many lines as the Oracle text), else the English, marked."""
        text = quoted.text
        if self.words.code == SOURCE:
            return text
        if quoted.oracle and quoted.line >= 0:
            printed = self._catalog("cards").pgettext(f"{quoted.card}|text", quoted.oracle)
            lines, oracle = printed.split("\n"), quoted.oracle.split("\n")
            if printed != quoted.oracle and len(lines) == len(oracle):
                return lines[quoted.line]
        return self.words("{text} (English)", text=text)

    def listed(self, items: list[str], joint: str) -> str:
        if not items:
            return ""
        out = items[0]
        for item in items[1:]:
            if joint == "and":
                out = self.words("{items} and {item}", items=out, item=item)
            elif joint == "then":
                out = self.words("{items} then {item}", items=out, item=item)
            elif joint == "sentences":
                out = self.words("{sentences} {sentence}", sentences=out, sentence=item)
            else:
                out = self.words("{items}, {item}", items=out, item=item)
        return out
