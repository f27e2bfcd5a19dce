"""The question bank: engine-checked judge questions on energy and landfall. No UI here.

Questions are YAML files (``rulesdojo/quiz/bank/``, format in ``docs/questions.md``). The
engine plays each question's scenario and computes its answer; only tournament-policy
questions have a written answer.

>>> from rulesdojo.quiz import load_bank
>>> bank = load_bank()
>>> q = bank.select(tags=["E2"], difficulty=1, n=1, seed=0)[0]
>>> v = q.variant(seed=42)
>>> verdict = v.grade("not an answer")
>>> verdict.correct
False
"""

from typing import TYPE_CHECKING

from ..lazy import names_from

if TYPE_CHECKING:  # what the type checker sees; at run time each is imported when first asked for
    from .lint import LintReport, Problem, lint_bank
    from .model import ASKS, KINDS, LEVELS, TOPICS, Bank, Question, QuestionError, load_bank
    from .variant import Variant, Verdict

# Each name from the module that defines it, imported when first asked for: a lesson page that needs
# only the question model doesn't load the bank's linter with it.
_HOME = {"LintReport": "lint", "Problem": "lint", "lint_bank": "lint", "Variant": "variant", "Verdict": "variant",
         **dict.fromkeys(("ASKS", "KINDS", "LEVELS", "TOPICS", "Bank", "Question", "QuestionError", "load_bank"),
                         "model")}


__getattr__ = names_from(__name__, _HOME)


__all__ = ["ASKS", "Bank", "KINDS", "LEVELS", "LintReport", "Problem", "Question", "QuestionError",
           "TOPICS", "Variant", "Verdict", "lint_bank", "load_bank"]


def __dir__():
    return sorted(set(globals()) | set(__all__))
