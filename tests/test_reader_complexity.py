"""The file readers stay small: no function in them reaches cyclomatic complexity 15 (radon).

A format is declared once (``scenarios/schema.py``, or as data in ``rules/parts.py`` for the engine's
cards and parts); a reader that grows branches is checking by hand again.
"""

from pathlib import Path

import pytest
from radon.complexity import cc_visit

import rulesdojo

LIMIT = 15
PACKAGE = Path(rulesdojo.__file__).parent
READERS = ["quiz/exam.py", "quiz/model.py", "lessons/data.py", "rules/parts.py", "rules/cards.py",
           "scenarios/scenario.py", "scenarios/expect.py", "scenarios/cardfile.py",
           "scenarios/yamlsource.py", "scenarios/schema.py"]


def _functions(path: Path):
    todo = list(cc_visit(path.read_text(encoding="utf-8")))
    while todo:  # classes hold methods; functions hold their nested functions, each counted alone
        block = todo.pop()
        todo += [*getattr(block, "methods", []), *getattr(block, "closures", [])]
        if not hasattr(block, "methods"):
            yield block


@pytest.mark.parametrize("module", READERS)
def test_no_reader_function_reaches_the_limit(module):
    over = [f"{module}: {f.fullname} has complexity {f.complexity}"
            for f in _functions(PACKAGE / module) if f.complexity >= LIMIT]
    assert not over, "; ".join(over)

