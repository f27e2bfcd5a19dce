"""A learner's mastery per ruling, from their answers: what the quiz shows and where it sends them
back to. Which questions practice draws, and when they come back, is the review scheduler's
(``quiz.review``, FSRS).

Mastery of a ruling is the share of the learner's answers to its questions that were right.

>>> from rulesdojo.quiz import load_bank
>>> from rulesdojo.quiz.store import Attempt
>>> bank = load_bank()
>>> miss = Attempt("Ana", "s", "practice", "steppe-lynx-two-landfalls", 0, "1", False, 1.0, 0.0)
>>> mastery([miss], bank)["L1"]
(0, 1)
"""

from __future__ import annotations


def mastery(history, bank) -> dict[str, tuple[int, int]]:
    """Return (right, answered) per ruling, from answers to questions still in the bank."""
    out: dict[str, tuple[int, int]] = {}
    for a in history:
        if a.question not in bank:
            continue
        for ruling in bank[a.question].tags.get("rulings", []):
            right, total = out.get(ruling, (0, 0))
            out[ruling] = (right + a.correct, total + 1)
    return out


def missed_last(history, bank) -> list[str]:
    """Return the rulings whose latest answer was wrong: not yet mastered, weakest first.

    >>> from rulesdojo.quiz import load_bank
    >>> from rulesdojo.quiz.store import Attempt
    >>> rows = [Attempt("A", "s", "practice", "steppe-lynx-two-landfalls", 0, "", ok, 1.0, 0.0) for ok in (False, True)]
    >>> missed_last(rows[:1], load_bank()), missed_last(rows, load_bank())
    (['L1'], [])
    """
    last: dict[str, bool] = {}
    for a in history:
        if a.question in bank:
            last.update(dict.fromkeys(bank[a.question].tags.get("rulings", []), bool(a.correct)))
    shares = mastery(history, bank)
    return sorted((t for t, ok in last.items() if not ok), key=lambda t: (shares[t][0] / shares[t][1], t))
