"""Every Comprehensive Rules number the package cites exists in the CR.

``tests/data/cr-rule-numbers.txt`` lists the rule numbers of the CR (numbers only, one a line:
"603", "603.3", "603.3b"), taken from the mid-2025 CR text split by section. The test collects
every number cited in the engine (log events and the rule each refusal names), the views, the
question bank and the lessons (notebooks and lesson data files), and checks each one.
"""

import re
from pathlib import Path

from rulesdojo.quiz import load_bank
from rulesdojo.quiz.lint import sample_values
from rulesdojo.scenarios.scenario import Scenario, run

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "widgets" / "rulesdojo"
LESSONS = ROOT / "lessons"
CR_NUMBERS = set((Path(__file__).parent / "data" / "cr-rule-numbers.txt").read_text().split())
TEXT_FILES = (".py", ".yaml", ".yml", ".json", ".ipynb", ".js", ".md", ".html", ".txt")
# A rule number: three digits, then a dot and a number, maybe a letter ("603.3b"); never part of a
# longer dotted number such as an address (127.0.0.1).
NUMBER = re.compile(r"(?<![\d.])([1-9]\d{2}\.\d{1,3}[a-z]?)(?![\d]|\.\d)")
# A section cited alone ("CR 500", "rule 305") or as a log event's rule ("502").
SECTION = re.compile(r"\b(?:CR|[Rr]ules?) ([1-9]\d{2})\b(?!\.\d)")


def cited_in(text: str) -> set[str]:
    """Return the CR numbers a text cites.

    >>> sorted(cited_in("No stack (CR 605.3b); see CR 500 and 127.0.0.1, MTR 2.14"))
    ['500', '605.3b']
    """
    return set(NUMBER.findall(text)) | set(SECTION.findall(text))


def source_files():
    roots = [PACKAGE, LESSONS]
    for root in roots:
        for f in sorted(root.rglob("*")):
            if f.is_file() and f.suffix in TEXT_FILES and "__pycache__" not in f.parts:
                yield f


def test_the_rule_number_list_is_the_cr():
    assert len(CR_NUMBERS) > 3000
    assert {"100", "107.14", "603.3b", "704.5f", "905.6"} <= CR_NUMBERS
    assert all(re.fullmatch(r"\d{3}(\.\d+[a-z]?)?", n) for n in CR_NUMBERS)


def test_the_collector_finds_a_number_that_isnt_in_the_cr():
    found = cited_in("Alice pays (CR 118.3, 999.1a); rule 607 and 603.3b.")
    assert found == {"118.3", "999.1a", "607", "603.3b"}
    assert found - CR_NUMBERS == {"999.1a"}


def test_every_number_cited_in_the_package_and_lessons_exists():
    missing = {}
    files = list(source_files())
    assert any(f.suffix == ".ipynb" for f in files) and any(f.suffix == ".yaml" for f in files)
    for f in files:
        for n in cited_in(f.read_text(encoding="utf-8", errors="replace")) - CR_NUMBERS:
            missing.setdefault(n, []).append(str(f.relative_to(ROOT)))
    assert missing == {}


def test_every_rule_the_engine_logs_or_names_exists():
    """Play every shipped scenario and every bank variant; check each event's and choice's rule."""
    rules: dict[str, str] = {}
    for f in sorted((ROOT / "tests" / "scenarios").glob("*.yaml")):
        result = run(Scenario.from_file(f))
        for ev in result.game.log if result.game else ():
            rules.setdefault(ev.rule, f"{f.name}: {ev.text}")
    for q in load_bank():
        for values in sample_values(q)[:4]:
            v = q.variant(values=values)
            played = v._played
            if played is None:
                continue
            for ev in played.game.log:
                rules.setdefault(ev.rule, f"{q.id}: {ev.text}")
            if played.game.pending is not None:
                rules.setdefault(played.game.pending.rule, f"{q.id}: {played.game.pending.prompt}")
    assert len(rules) > 40
    bad = {r: where for r, where in rules.items() if r not in CR_NUMBERS}
    assert bad == {}

