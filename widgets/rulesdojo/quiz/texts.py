"""A question's texts as the learner reads them, in the learner's language.

A question is graded in English: the engine's numbers, the English option or the option's place.
What the learner sees is put through ``Words``: the question's own texts (prompt, options, the
explanation's lead and items, note, source) from the content catalog under their stable ids
(``rulesdojo.i18n.content``), the kit's own words (yes, no, "Source: ...") from the interface one.
The ``{placeholders}`` are filled after translation with the same values the English is filled
with, and ``{answer}`` with the answer as this language shows it (the translated option, or the
number), so a translator may move them.

A bank question's ids start with ``<question id>:``; a lesson's check is the same display with the
prefix ``<lesson stem>:parts/<check key>/``: ``QuestionTexts(words, "07-landfall:parts/lynx-power/")``.

A text with no current translation comes back in English with ``translated`` False (``Text``): the
page marks it.

>>> from rulesdojo.quiz import load_bank
>>> v = load_bank()["architect-landfall-one-energy"].variant(seed=1)
>>> texts = QuestionTexts()
>>> texts.prompt(v) == v.prompt, texts.explanation(v, v.solution())[0] == v.solution().explanation.split("\\n")[0]
(True, True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..i18n import SOURCE, Text, Words, words_for
from ..i18n.content import PARAM_TEXT_KEYS
from . import params as pm
from .variant import Variant, Verdict
from .explain import explanation_lines


#: how an order's right answer says it is one of several (``kinds.OrderVariant._right_text``)
ORDERS_MORE = re.compile(r" \(or any of (\d+) orders that reach it\)$")


def _english() -> Words:
    return words_for("en")


def _text(value: Any, translated: bool) -> Text:
    out = Text(str(value))
    out.translated = translated
    return out


@dataclass(frozen=True)
class QuestionTexts:
    """Show a question's variant in one language: ``words`` the learner's, ``prefix`` the start of
    its texts' ids (None: a bank question's, ``<question id>:``)."""

    words: Words = field(default_factory=_english)
    prefix: str | None = None

    def _id(self, v: Variant, path: str) -> str:
        return f"{self.prefix if self.prefix is not None else v.id + ':'}{path}"

    def _raw(self, v: Variant, path: str) -> Any:
        """The question's text at ``path`` as written (placeholders unfilled), or None."""
        node: Any = v.question.data
        for part in path.split("/"):
            if isinstance(node, dict):
                node = node.get(part)
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                return None
        return node if isinstance(node, str) else None

    def text(self, v: Variant, path: str, answer: str | None = None, also: tuple[str, ...] = ()) -> Text | None:
        """The variant's text at ``path`` (``prompt``, ``options/1/text``...) in this language, its
        placeholders filled with the variant's values and ``{answer}`` with ``answer``; ``also``:
        other ids the same text may be translated under (the first translated one is shown)."""
        raw = self._raw(v, path)
        if raw is None:
            return None
        said = self.words.content(self._id(v, path), raw)
        for other in also if not said.translated else ():
            said = self.words.content(self._id(v, other), raw)
            if said.translated:
                break
        filled = str(pm.fill(str(said), self.values(v)))
        if answer is not None:
            filled = filled.replace("{answer}", answer)
        return _text(filled.strip(), said.translated)

    def values(self, v: Variant) -> dict:
        """The variant's parameter values as this language shows them in its texts: a phrase a
        choice carries (``PARAM_TEXT_KEYS``) from the content catalog under
        ``<id>:params/<name>/choices/<i>/<key>``, a card name as printed; numbers as they are. The
        game was set up with the English values: only what is read changes."""
        if self.words.code == SOURCE:
            return v.values
        params = v.question.data.get("params") or {}
        shown = dict(v.values)
        for name, value in v.values.items():
            spec = params.get(name)
            choices = spec.get("choices") if isinstance(spec, dict) else None
            i = next((j for j, c in enumerate(choices) if pm._plain(c) == value), None) if isinstance(choices, list) else None
            if i is None:
                continue
            if isinstance(value, dict):
                shown[name] = {key: self._choice_word(v, f"params/{name}/choices/{i}/{key}", key, said)
                               for key, said in value.items()}
            elif isinstance(value, str) and value.strip():
                shown[name] = self.words.card(value)
        return shown

    def _choice_word(self, v: Variant, path: str, key: str, value: Any) -> Any:
        if not isinstance(value, str) or not value.strip():
            return value
        if key in PARAM_TEXT_KEYS:
            return str(self.words.content(self._id(v, path), value))
        return self.words.card(value)  # a card's name (anything else comes back as it is)

    def prompt(self, v: Variant) -> Text:
        return self.text(v, "prompt") or _text(v.prompt, True)

    def _option_path(self, v: Variant, option: str) -> tuple[str, ...]:
        """Where an option (as the variant holds it, in English) is written in the file: a policy
        option is text, or a lesson check's ``{text: ..., hint: ...}`` (its question keeps the text)."""
        for i, o in enumerate(v.data.get("options") or []):
            if isinstance(o, dict) and str(o.get("text")) == option:
                return (f"options/{i}/text",)
            if isinstance(o, str) and o == option:
                return (f"options/{i}", f"options/{i}/text")
        return ()

    def option(self, v: Variant, option: str) -> Text:
        """One option of the variant (its English text, as graded) as this language shows it."""
        if v.answer_format == "yes/no":
            return _text(self.words("yes") if option == "yes" else self.words("no") if option == "no" else option,
                         True)
        if v.answer_format == "order":
            return _text(self.words.card(option), True)
        path = self._option_path(v, option)
        return (self.text(v, path[0], also=path[1:]) if path else None) or _text(option, True)

    def options(self, v: Variant) -> list[Text]:
        """The variant's options in its order, as this language shows them."""
        return [self.option(v, o) for o in v.options]

    def choices(self, v: Variant) -> list[tuple[Text, str]]:
        """Each option as shown, with the English option an answer is graded on: what a list of
        radio buttons holds (shown label, value)."""
        return [(self.option(v, o), o) for o in v.options]

    def instructions(self, v: Variant) -> str:
        """How to answer, in this language (each kind's English instructions are interface strings)."""
        return self.words(v.instructions)

    def answer(self, v: Variant, text: str) -> str:
        """An answer (as graded: an English option, a number, an order "A, then B") as shown."""
        if v.answer_format == "order":
            more = ORDERS_MORE.search(text)
            labels = text[:more.start()].split(", then ") if more else text.split(", then ")
            if not all(lab in v.options for lab in labels):
                return text
            out = self.words.card(labels[0])
            for lab in labels[1:]:
                out = self.words("{before}, then {after}", before=out, after=self.words.card(lab))
            if more:
                out = self.words.n("{answer} (or any of {n} orders that reach it)",
                                   "{answer} (or any of {n} orders that reach it)", int(more.group(1)), answer=out)
            return out
        if v.answer_format in ("option", "yes/no") and text in v.options:
            return str(self.option(v, text))
        return text

    def explanation(self, v: Variant, verdict: Verdict) -> list[Text]:
        """The explanation's lines (``- `` starts a list item), the question's own texts in this
        language; the engine's sentences as the engine says them."""
        right = self.answer(v, verdict.right_answer_text)
        lead = self.text(v, "explanation_lead", right) or _text("", True)
        lead = _text(lead[:1].upper() + lead[1:], lead.translated)
        note = self.text(v, "note", right)
        if not v.plays_game:  # a policy question: its explanation is written out, no game decides it
            items = [self.text(v, f"explanation/{i}", right) for i in range(len(v.data.get("explanation") or []))]
            source = self.text(v, "source")
            lines = [lead, *(_text(f"- {x}", x.translated) for x in items if x is not None)]
            if source is not None:
                lines.append(_text("- " + self.words("Source: {source}.", source=source), source.translated))
            return lines + ([_text(f"- {note}", note.translated)] if note else [])
        reasons = [self.reason(v, option, ok, why) for option, ok, why in v.reasons()]
        engine = explanation_lines(v.deciding_log(), v.decisive_rules(), len(reasons), bool(note))
        out = [lead, *(_text(f"- {x}", True) for x in reasons), *(_text(x, True) for x in engine)]
        return out + ([_text(f"- {note}", note.translated)] if note else [])

    def reason(self, v: Variant, option: str, ok: bool, why: str) -> str:
        """Why an option holds (the engine's words) or, for one that doesn't, which it is and why."""
        return why if ok else self.words("Not \"{option}\": {why}", option=self.option(v, option), why=why)
