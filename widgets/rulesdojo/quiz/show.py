"""Show a bank's questions as a mentor reads them: each variant's prompt, its options, the answer the
engine computes and the explanation a candidate gets.

>>> from rulesdojo.quiz import load_bank
>>> doc = shown(load_bank()["architect-landfall-one-energy"])
>>> doc["id"], len(doc["variants"])
('architect-landfall-one-energy', 1)
>>> doc["variants"][0]["answer"] == load_bank()["architect-landfall-one-energy"].variant(
...     values=doc["variants"][0]["values"]).solution().right_answer_text
True
"""

from __future__ import annotations

from ..i18n import Words, words_for
from .model import Bank, Question
from .texts import QuestionTexts

EN = words_for("en")


class UnknownQuestion(LookupError):
    """An id the bank doesn't hold."""


def pick(bank: Bank, ids: list[str]) -> list[Question]:
    """Return the questions ``ids`` name, in that order (every question for none).

    >>> from rulesdojo.quiz import load_bank
    >>> pick(load_bank(), ["no-such-question"])
    Traceback (most recent call last):
    ...
    rulesdojo.quiz.show.UnknownQuestion: no question 'no-such-question' in the bank (`rulesdojo bank list` lists its ids)
    """
    missing = [i for i in ids if i not in bank]
    if missing:
        names = ", ".join(repr(i) for i in missing)
        raise UnknownQuestion(f"no question {names} in the bank (`rulesdojo bank list` lists its ids)")
    return [bank[i] for i in ids] if ids else list(bank)


def shown(question: Question, every_variant: bool = False, *, words: Words = EN) -> dict:
    """Return one question as data: its tags and, per variant (the first only unless
    ``every_variant``), the parameter values, prompt, options, computed answer and explanation, in
    the language of ``words`` (a text not translated yet in English)."""
    values = question.all_values() or [{}]
    texts = QuestionTexts(words)
    variants = []
    for vals in values if every_variant else values[:1]:
        v = question.variant(values=vals)
        solution = v.solution()
        variants.append({"values": vals, "prompt": str(texts.prompt(v)), "options": [str(o) for o in texts.options(v)],
                         "instructions": texts.instructions(v), "answer": texts.answer(v, solution.right_answer_text),
                         "explanation": "\n".join(texts.explanation(v, solution))})
    return {"id": question.id, "kind": question.kind, "level": question.level,
            "difficulty": question.difficulty, "rulings": list(question.tags.get("rulings", [])),
            "topics": list(question.tags.get("topics", [])), "file": question.source_file,
            "variant_count": len(question.all_values() or [{}]), "variants": variants}


def as_text(doc: dict) -> str:
    """Render one question's data (from :func:`shown`) as plain text for a terminal.

    >>> print(as_text({"id": "q", "kind": "policy", "level": "L1", "difficulty": 1, "rulings": [],
    ...     "topics": ["tournament-policy"], "file": "q.yaml", "variant_count": 1, "variants": [{"values": {},
    ...     "prompt": "Which?", "options": ["A", "B"], "instructions": "", "answer": "B",
    ...     "explanation": "B.\\nMTR 4.1."}]}))
    == q  (policy, L1, difficulty 1; rulings: none; topics: tournament-policy)
    1 variant, 1 shown
    <BLANKLINE>
    Which?
      - A
      - B
    Answer: B
    Explanation:
      B.
      MTR 4.1.
    """
    rulings = ", ".join(doc["rulings"]) or "none"
    head = [f"== {doc['id']}  ({doc['kind']}, {doc['level']}, difficulty {doc['difficulty']}; "
            f"rulings: {rulings}; topics: {', '.join(doc['topics']) or 'none'})",
            f"{doc['variant_count']} variant{'' if doc['variant_count'] == 1 else 's'}, "
            f"{len(doc['variants'])} shown"]
    for v in doc["variants"]:
        head.append("")
        if v["values"]:
            head.append("Values: " + ", ".join(f"{k}={_short(x)}" for k, x in v["values"].items()))
        head.append(v["prompt"])
        head.extend(f"  - {o}" for o in v["options"])
        head.append(f"Answer: {v['answer']}")
        head.append("Explanation:")
        head.extend(f"  {line}" for line in v["explanation"].splitlines())
    return "\n".join(head)


def _short(value) -> str:
    """A parameter's value as one short token: a mapping choice by its first value."""
    if isinstance(value, dict) and value:
        return str(next(iter(value.values())))
    return str(value)
