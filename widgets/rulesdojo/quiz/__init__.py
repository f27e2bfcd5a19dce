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

from .lint import LintReport, Problem, lint_bank
from .model import ASKS, KINDS, LEVELS, TOPICS, Bank, Question, QuestionError, load_bank
from .variant import Variant, Verdict

__all__ = ["ASKS", "Bank", "KINDS", "LEVELS", "LintReport", "Problem", "Question", "QuestionError",
           "TOPICS", "Variant", "Verdict", "lint_bank", "load_bank"]
